package cbridge

import (
	"bufio"
	"bytes"
	"context"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/pbcc/pbcc/internal/proc"
	"modernc.org/cc/v4"
)

// exploreRT is the driver's runtime: the fork server, the coverage and
// cmpOperands hooks, the protocol (see its comment).
//
//go:embed explore/rt.c
var exploreRT []byte

// A shapeKind says how the driver passes a parameter.
type shapeKind int

const (
	shapeInt   shapeKind = iota // an integer: 8 bytes, the low ones read
	shapeFloat                  // a float or double: its IEEE bits
	shapeBuf                    // a pointer to a buffer of elements, or NULL
	shapeArgv                   // a char **: strings, NULL last, as main's argv
	shapeGraph                  // a pointer to objects pointing to objects (explore_graph.go), or NULL
)

// A shape is what the search on the real code knows of a parameter.
type shape struct {
	kind   shapeKind
	bits   int  // of the scalar, or of a buffer's elements
	signed bool // an integer, or the elements, are signed
	float  bool // the buffer holds floats
	bool   bool // _Bool: 0 or 1
	// text says the buffer is a plain or signed char array: the search
	// keeps a NUL at its end, as a string has.
	text bool
	// ro says the function cannot change the buffer (a const pointee):
	// it is not compared after the call.
	ro bool
	// stdin marks the input after the parameters: standard input's
	// contents, for a function that reads it.
	stdin bool
	// argc, when not 0, says the integer is the number of strings of
	// parameter argc-1, an argv; prog that an argv's first string is
	// the program's name, which the search leaves as it is.
	argc int
	prog bool
	// obj, for a pointer to a struct, is the struct's layout: the
	// buffer holds one, its pointers NULL.
	obj *objectShape
}

// shapeOf returns the shape of a parameter of C type t, or a reason.
func shapeOf(t cc.Type) (shape, error) {
	switch {
	case isIntKind(t):
		it, ok := intType(t)
		if !ok {
			return shape{}, fmt.Errorf("integer of %d bytes", t.Size())
		}
		return shape{kind: shapeInt, bits: it.Bits, signed: it.Signed, bool: t.Kind() == cc.Bool}, nil
	case t.Kind() == cc.Float:
		return shape{kind: shapeFloat, bits: 32}, nil
	case t.Kind() == cc.Double:
		return shape{kind: shapeFloat, bits: 64}, nil
	case t.Kind() == cc.Ptr:
		pt := t.(*cc.PointerType)
		elem := pt.Elem()
		ro := elem.Attributes().IsConst()
		switch {
		case elem.Kind() == cc.Ptr && isCharKind(elem.(*cc.PointerType).Elem()):
			return shape{kind: shapeArgv}, nil
		case elem.Kind() == cc.Void:
			return shape{kind: shapeBuf, bits: 8, ro: ro}, nil
		case isFileType(elem):
			return shape{}, errors.New("a FILE * parameter")
		case isCharKind(elem):
			return shape{kind: shapeBuf, bits: 8, signed: elem.Kind() != cc.UChar, text: elem.Kind() != cc.UChar, ro: ro}, nil
		case isIntKind(elem) && elem.Kind() != cc.Bool:
			it, ok := intType(elem)
			if !ok {
				return shape{}, fmt.Errorf("a pointer to %s", kindName(elem))
			}
			return shape{kind: shapeBuf, bits: it.Bits, signed: it.Signed, ro: ro}, nil
		case elem.Kind() == cc.Float:
			return shape{kind: shapeBuf, bits: 32, float: true, ro: ro}, nil
		case elem.Kind() == cc.Double:
			return shape{kind: shapeBuf, bits: 64, float: true, ro: ro}, nil
		}
		return shape{}, fmt.Errorf("a pointer to %s", kindName(elem))
	}
	return shape{}, fmt.Errorf("a parameter of %s", kindName(t))
}

// A resultKind says what the driver reads of a function's result.
type resultKind int

const (
	resultNone   resultKind = iota // void
	resultInt                      // an integer
	resultFloat                    // a float or double
	resultString                   // a char *: NULL, or the string it points to
)

// resultOf returns what the driver reads of a result of C type t.
func resultOf(t cc.Type) (resultKind, error) {
	switch {
	case t == nil || t.Kind() == cc.Void:
		return resultNone, nil
	case isIntKind(t):
		return resultInt, nil
	case t.Kind() == cc.Float || t.Kind() == cc.Double:
		return resultFloat, nil
	case t.Kind() == cc.Ptr && isCharKind(t.(*cc.PointerType).Elem()):
		return resultString, nil
	}
	return 0, fmt.Errorf("a result of %s", kindName(t))
}

// A driver is the unit compiled with the coverage hooks and the fork
// server of explore/rt.c, running: Run sends it one call at a time.
type driver struct {
	cmd  *exec.Cmd
	req  io.WriteCloser
	ans  *bufio.Reader
	ansF *os.File
	dir  string
	// Sanitized says the unit was compiled with AddressSanitizer: a
	// read or write outside a buffer ends the call.
	sanitized bool
	// perWorker is how many calls one worker makes in a row: 1 when the
	// unit has variables a call may change (unitInfo.state).
	perWorker int
}

// A driverFunc is a function the driver can call: its index in the
// table of wrappers.
type driverFunc struct {
	name   string
	params []shape
	result resultKind
}

// buildDriver writes and compiles the driver of the functions fns of the
// unit at unitPath, whose weak declarations info gives.
func buildDriver(ctx context.Context, unitPath string, info *unitInfo, fns []driverFunc, infos []*FuncInfo) (*driver, error) {
	dir, err := os.MkdirTemp("", "pbcc-explore-")
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString("/* pbcc: the unit and the wrappers the driver calls */\n")
	b.WriteString("#define main pbcc_unit_main\n")
	fmt.Fprintf(&b, "#include %s\n", cString(filepath.Base(unitPath)))
	b.WriteString("#undef main\n#include <string.h>\n")
	if info != nil {
		for _, name := range sortedKeys(info.undefined) {
			fmt.Fprintf(&b, "#pragma weak %s\n", name)
		}
		for _, name := range sortedKeys(info.undefinedVars) {
			if info.undefinedVars[name] {
				fmt.Fprintf(&b, "__attribute__((weak)) __typeof__(%s[0]) %s[1];\n", name, name)
			} else {
				fmt.Fprintf(&b, "__attribute__((weak)) __typeof__(%s) %s;\n", name, name)
			}
		}
	}
	b.WriteString("void pbcc_anchor(void) {}\n")
	for i, f := range fns {
		fi := infos[i]
		var args []string
		for k, p := range f.params[:len(fi.params)] {
			t := strings.TrimSpace(cDecl(fi.params[k], ""))
			if p.kind == shapeBuf || p.kind == shapeArgv || p.kind == shapeGraph {
				args = append(args, fmt.Sprintf("(%s)a[%d]", t, k))
			} else {
				args = append(args, fmt.Sprintf("*(%s *)a[%d]", t, k))
			}
		}
		call := fmt.Sprintf("%s(%s)", unitName(f.name), strings.Join(args, ", "))
		fmt.Fprintf(&b, "static void pbcc_call_%d(void **a, void *r)\n{\n", i)
		if f.result == resultNone {
			fmt.Fprintf(&b, "\t(void)r;\n\t%s;\n}\n", call)
			continue
		}
		fmt.Fprintf(&b, "\t%s = %s;\n\tmemcpy(r, &pbcc_r, sizeof pbcc_r);\n}\n", cDecl(fi.result, "pbcc_r"), call)
	}
	b.WriteString("static void (*const pbcc_calls[])(void **, void *) = {\n")
	for i := range fns {
		fmt.Fprintf(&b, "\tpbcc_call_%d,\n", i)
	}
	b.WriteString("};\nstatic const int pbcc_strings[] = {\n")
	for _, f := range fns {
		s := 0
		if f.result == resultString {
			s = 1
		}
		fmt.Fprintf(&b, "\t%d,\n", s)
	}
	fmt.Fprintf(&b, "};\nint pbcc_nfuncs = %d;\n", len(fns))
	b.WriteString("int pbcc_call(int fn, void **a, void *r)\n{\n\tif (fn < 0 || fn >= pbcc_nfuncs)\n\t\treturn -1;\n\tpbcc_calls[fn](a, r);\n\treturn 0;\n}\n")
	b.WriteString("int pbcc_result_string(int fn) { return pbcc_strings[fn]; }\n")
	unit := filepath.Join(dir, "pbcc_unit.c")
	rt := filepath.Join(dir, "pbcc_rt.c")
	if err := os.WriteFile(unit, b.Bytes(), 0o644); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if err := os.WriteFile(rt, exploreRT, 0o644); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	unitDir := filepath.Dir(unitPath)
	compile := func(asan bool) (string, error) {
		san := []string{}
		if asan {
			san = []string{"-fsanitize=address"}
		}
		steps := [][]string{
			append(append(append(compileFlags(ctx), "-w", "-O0", "-fsanitize-coverage=trace-pc,trace-cmp"), san...),
				"-iquote", unitDir, "-c", unit, "-o", filepath.Join(dir, "unit.o")),
			{"-O1", "-w", "-c", rt, "-o", filepath.Join(dir, "rt.o")},
			append(append(san, filepath.Join(dir, "unit.o"), filepath.Join(dir, "rt.o"), "-o", filepath.Join(dir, "driver")), LinkFlags...),
		}
		for _, args := range steps {
			cmd := proc.Command(ctx, "gcc", args...)
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				return string(out), fmt.Errorf("gcc rejects the driver of the search on the real code: %w", err)
			}
		}
		return "", nil
	}
	d := &driver{dir: dir, sanitized: true, perWorker: callsPerWorker}
	if info == nil || info.state {
		d.perWorker = 1
	}
	if _, err := compile(true); err != nil {
		// No AddressSanitizer on this host: the search goes on without
		// it, a read past a buffer going unnoticed.
		d.sanitized = false
		if out, err := compile(false); err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("%w\n%s", err, out)
		}
	}
	if err := d.start(ctx); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return d, nil
}

// callsPerWorker is how many calls a worker of a unit without state makes
// before another takes over: what the calls leak stays bounded.
const callsPerWorker = 500

// unitName is the name the driver and the harness call a function of the
// unit by: the unit's main is renamed.
func unitName(name string) string {
	if name == "main" {
		return "pbcc_unit_main"
	}
	return name
}

// start runs the driver, its protocol on file descriptors 3 and 4.
func (d *driver) start(ctx context.Context) error {
	reqR, reqW, err := os.Pipe()
	if err != nil {
		return err
	}
	ansR, ansW, err := os.Pipe()
	if err != nil {
		reqR.Close()
		reqW.Close()
		return err
	}
	cmd := proc.Command(ctx, filepath.Join(d.dir, "driver"), strconv.Itoa(d.perWorker))
	cmd.Dir = d.dir
	cmd.ExtraFiles = []*os.File{reqR, ansW}
	cmd.Env = append(os.Environ(),
		"ASAN_OPTIONS=detect_leaks=0:symbolize=0:malloc_context_size=0:allocator_may_return_null=1:detect_stack_use_after_return=0:handle_abort=0:handle_segv=0:handle_sigbus=0:handle_sigfpe=0:handle_sigill=0")
	if err := cmd.Start(); err != nil {
		reqR.Close()
		reqW.Close()
		ansR.Close()
		ansW.Close()
		return fmt.Errorf("starting the driver of the search on the real code: %w", err)
	}
	reqR.Close()
	ansW.Close()
	d.cmd, d.req, d.ansF, d.ans = cmd, reqW, ansR, bufio.NewReader(ansR)
	return nil
}

// Close stops the driver and removes its files.
func (d *driver) Close() {
	d.stop()
	os.RemoveAll(d.dir)
}

// stop ends the driver's process.
func (d *driver) stop() {
	if d.req != nil {
		d.req.Close()
	}
	if d.ansF != nil {
		d.ansF.Close()
	}
	if d.cmd != nil {
		if d.cmd.Process != nil {
			d.cmd.Process.Kill()
		}
		_ = d.cmd.Wait()
	}
	d.req, d.ansF, d.cmd = nil, nil, nil
}

// How a call ended.
const (
	endReturned = 0
	endExit     = 1
	endSignal   = 2
	endHang     = 3
	endSanitize = 4
)

// A cmpOperands the unit made, its operands as the hooks saw them.
type cmpOperands struct {
	size byte // 1, 2, 4, 8 bytes; 0x20 float; 0x40 double
	a, b uint64
}

// An outcome is what one call did on the real code.
type outcome struct {
	how    byte
	code   int32 // the exit status, or the signal
	result uint64
	str    []byte // the string a char * result points to; nil for NULL
	after  [][]byte
	cmps   []cmpOperands
	edges  []uint32 // index<<8 | hit-count bucket, in index order
}

// run calls function fn of the driver with args and returns what it did;
// fresh asks for a worker of its own, not one that made calls before.
func (d *driver) run(fn int, f driverFunc, args []value, fresh bool) (*outcome, error) {
	req := []byte{0}
	if fresh {
		req[0] = 1
	}
	req = binary.LittleEndian.AppendUint32(req, uint32(fn))
	for k, a := range args {
		switch {
		case f.params[k].stdin:
			req = append(req, 4)
			req = binary.LittleEndian.AppendUint32(req, uint32(len(a.buf)))
			req = append(req, a.buf...)
		case f.params[k].kind == shapeArgv && !a.null:
			req = append(req, 3)
			req = binary.LittleEndian.AppendUint32(req, uint32(len(a.strs)))
			for _, str := range a.strs {
				req = binary.LittleEndian.AppendUint32(req, uint32(len(str)))
				req = append(req, str...)
			}
		case f.params[k].kind == shapeGraph && !a.null:
			req = encodeGraph(req, a.nodes)
		case f.params[k].kind != shapeBuf && f.params[k].kind != shapeArgv && f.params[k].kind != shapeGraph:
			req = append(req, 0)
			req = binary.LittleEndian.AppendUint64(req, a.x)
		case a.null:
			req = append(req, 1)
		default:
			req = append(req, 2)
			req = binary.LittleEndian.AppendUint32(req, uint32(len(a.buf)))
			req = append(req, a.buf...)
		}
	}
	frame := binary.LittleEndian.AppendUint32(nil, uint32(len(req)))
	if _, err := d.req.Write(append(frame, req...)); err != nil {
		return nil, fmt.Errorf("the driver of the search on the real code: %w", err)
	}
	var n uint32
	if err := binary.Read(d.ans, binary.LittleEndian, &n); err != nil {
		return nil, fmt.Errorf("the driver of the search on the real code ended: %w", err)
	}
	ans := make([]byte, n)
	if _, err := io.ReadFull(d.ans, ans); err != nil {
		return nil, fmt.Errorf("the driver of the search on the real code ended: %w", err)
	}
	return decodeOutcome(ans, f, args)
}

// decodeOutcome reads an answer of the driver (see explore/rt.c).
func decodeOutcome(ans []byte, f driverFunc, args []value) (*outcome, error) {
	bad := errors.New("a malformed answer of the driver of the search on the real code")
	r := bytes.NewReader(ans)
	o := &outcome{}
	var nout uint32
	if binary.Read(r, binary.LittleEndian, &o.how) != nil || binary.Read(r, binary.LittleEndian, &o.code) != nil ||
		binary.Read(r, binary.LittleEndian, &nout) != nil || int(nout) > r.Len() {
		return nil, bad
	}
	out := make([]byte, nout)
	io.ReadFull(r, out)
	if o.how == endReturned {
		if len(out) < 12 {
			return nil, bad
		}
		o.result = binary.LittleEndian.Uint64(out)
		slen := int32(binary.LittleEndian.Uint32(out[8:]))
		out = out[12:]
		if slen >= 0 {
			if int(slen) > len(out) {
				return nil, bad
			}
			o.str = slices.Clone(out[:slen])
			out = out[slen:]
		}
		for k, a := range args {
			if f.params[k].kind == shapeGraph && !a.null {
				all, rest, ok := decodeGraph(out, a.nodes)
				if !ok {
					return nil, bad
				}
				o.after = append(o.after, all)
				out = rest
				continue
			}
			if f.params[k].kind != shapeBuf || f.params[k].stdin || a.null {
				o.after = append(o.after, nil)
				continue
			}
			if len(a.buf) > len(out) {
				return nil, bad
			}
			o.after = append(o.after, slices.Clone(out[:len(a.buf)]))
			out = out[len(a.buf):]
		}
	}
	var ncmp uint32
	if binary.Read(r, binary.LittleEndian, &ncmp) != nil || int(ncmp)*17 > r.Len() {
		return nil, bad
	}
	for i := 0; i < int(ncmp); i++ {
		var c cmpOperands
		c.size, _ = r.ReadByte()
		binary.Read(r, binary.LittleEndian, &c.a)
		binary.Read(r, binary.LittleEndian, &c.b)
		o.cmps = append(o.cmps, c)
	}
	var ne uint32
	if binary.Read(r, binary.LittleEndian, &ne) != nil || int(ne)*3 > r.Len() {
		return nil, bad
	}
	for i := 0; i < int(ne); i++ {
		var e [3]byte
		io.ReadFull(r, e[:])
		idx := uint32(e[0]) | uint32(e[1])<<8
		o.edges = append(o.edges, idx<<8|uint32(bucket(e[2])))
	}
	return o, nil
}

// bucket is the class of a hit count, as AFL counts them: 1, 2, 3, 4-7,
// 8-15, 16-31, 32-127, 128 and more.
func bucket(n byte) byte {
	switch {
	case n <= 3:
		return n
	case n <= 7:
		return 4
	case n <= 15:
		return 5
	case n <= 31:
		return 6
	case n <= 127:
		return 7
	}
	return 8
}
