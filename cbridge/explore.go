package cbridge

import (
	"context"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/internal/proc"
	"modernc.org/cc/v4"
)

// ExploreOptions bound the search on the real code of one function.
type ExploreOptions struct {
	// Execs is the most calls one function's search makes; Stall ends
	// it earlier, after that many calls without new coverage. Both are
	// work bounds: the same unit gives the same cases.
	Execs, Stall int
	// Timeout is a safety net on one function's search (0: none); the
	// context bounds the whole.
	Timeout time.Duration
	// Deadline, when set, ends the searches (the cases found so far
	// kept); the context, which also stops the driver, is the run's.
	Deadline time.Time
	// Done, when set, is called with each function's result as its
	// search ends: progress to show.
	Done func(*gen.Result)
}

// DefaultExplore are the bounds pbcc gen uses: a few seconds a function
// at most (a call costs a fork, about 0.2 ms, more for a slow function).
//
// Timeout is a safety net far above a search's work bounds (under 10 s
// on this 2-core machine idle): hit, the search would end at another
// point from run to run.
var DefaultExplore = ExploreOptions{Execs: 6000, Stall: 2000, Timeout: time.Minute}

// Explore searches, on the code gcc compiles, inputs for the functions
// fs of the unit at unitPath, which pbcc's model cannot express (File's
// Unlowered): a coverage-guided mutation of their parameters, seeded
// with the constants of their bodies and the operands of the comparisons
// the calls make, each call in a process of its own. It returns a result
// per function, in order: the cases a table needs to take every edge the
// search saw (the expected values those of the real runs), Approximation
// saying so and why the model could not; NoCase says why a function got
// none (a parameter the search cannot make, every call crashing).
func Explore(ctx context.Context, unitPath string, fs []*ir.Func, opt ExploreOptions) ([]*gen.Result, error) {
	results := make([]*gen.Result, len(fs))
	var fns []driverFunc
	var infos []*FuncInfo
	var which []int
	var unit *unitInfo
	noValue := endsWithoutValue(ctx, unitPath)
	for i, f := range fs {
		info, _ := f.Src.(*FuncInfo)
		results[i] = &gen.Result{Func: f, Approximation: approximation(info)}
		if info == nil {
			results[i].NoCase = "no C types for its parameters"
			continue
		}
		names := namesReached(info, fs)
		if name := firstOf(names, heapCalls); name != "" {
			results[i].NoCase = "not searched on the real code: it calls " + name + ", and the harness passes objects that are not malloc's"
			continue
		}
		if name := firstOf(names, machineCalls); name != "" {
			results[i].NoCase = "not searched on the real code: it calls " + name + ", which acts on the machine (files, processes)"
			continue
		}
		df, err := driverFuncOf(f, info, firstOf(names, stdinCalls) != "", noValue[f.Name])
		if err != nil {
			results[i].NoCase = "the search on the real code cannot make " + err.Error()
			continue
		}
		unit = info.unit
		if p := df.params; len(p) > 0 && p[len(p)-1].stdin {
			// the harness gives its cases their standard input
			info.Stream, info.Stdin = CharStream, true
		}
		fns = append(fns, df)
		infos = append(infos, info)
		which = append(which, i)
	}
	if len(fns) == 0 {
		return results, nil
	}
	// The run's budget may end first: the functions not searched then
	// say so, the others keep their cases.
	unsearched := func(from int) {
		for _, i := range which[from:] {
			results[i].NoCase = BudgetReason
		}
	}
	d, err := buildDriver(ctx, unitPath, unit, fns, infos)
	if err != nil {
		if ctx.Err() != nil {
			unsearched(0)
			return results, nil
		}
		return nil, err
	}
	defer d.Close()
	for k, i := range which {
		if ctx.Err() != nil {
			unsearched(k)
			break
		}
		start := time.Now()
		if !opt.Deadline.IsZero() && !time.Now().Before(opt.Deadline) {
			unsearched(k)
			break
		}
		fctx, cancel := ctx, context.CancelFunc(func() {})
		switch end := time.Now().Add(opt.Timeout); {
		case !opt.Deadline.IsZero() && (opt.Timeout <= 0 || opt.Deadline.Before(end)):
			fctx, cancel = context.WithDeadline(ctx, opt.Deadline)
		case opt.Timeout > 0:
			fctx, cancel = context.WithDeadline(ctx, end)
		}
		s := newSearch(d, k, fns[k], infos[k], opt)
		r := results[i]
		err := s.explore(fctx)
		if err == nil {
			r.Cases, err = s.cases(fctx, fs[i])
		}
		cancel()
		if err != nil && ctx.Err() != nil {
			// the run's budget ended, and the driver with it
			r.Cases = nil
			unsearched(k)
			break
		}
		if err != nil {
			// The driver failed (a call wrote into its pipes): this
			// function gets no case, the next ones a new driver.
			r.Cases = nil
			r.NoCase = err.Error()
			d.stop()
			if err := d.start(ctx); err != nil {
				if ctx.Err() != nil {
					unsearched(k + 1)
					break
				}
				return nil, fmt.Errorf("%s: %s: %w", fs[i].Pos, fs[i].Name, err)
			}
		}
		if len(r.Cases) == 0 {
			r.NoCase = s.noCase()
		}
		if s.crashes > 0 {
			r.Approximation += fmt.Sprintf("; %d of %d calls %s, left out", s.crashes, s.execs, s.crashKind)
		}
		if !d.sanitized {
			r.Approximation += "; without AddressSanitizer (gcc could not link it here): a read past a buffer went unnoticed"
		}
		r.Duration = time.Since(start)
		if opt.Done != nil {
			opt.Done(r)
		}
	}
	return results, nil
}

// machineCalls are the library functions a search on the real code must
// not call with the inputs it makes up: they remove, rename or change
// files, run commands, signal processes.
var machineCalls = map[string]bool{
	"system": true, "popen": true, "execl": true, "execlp": true, "execle": true, "execv": true,
	"execvp": true, "execve": true, "fork": true, "vfork": true, "kill": true, "killpg": true,
	"unlink": true, "unlinkat": true, "remove": true, "rename": true, "renameat": true, "rmdir": true,
	"truncate": true, "ftruncate": true, "chmod": true, "fchmod": true, "chown": true, "fchown": true,
	"lchown": true, "link": true, "symlink": true, "mkdir": true, "creat": true, "fopen": true,
	"freopen": true, "open": true, "openat": true, "chdir": true, "setuid": true, "setgid": true,
	"reboot": true, "shutdown": true, "socket": true, "connect": true, "dlopen": true,
}

// heapCalls take memory malloc gave: the search's buffers are malloc's,
// the harness's are variables, so a case found would abort the harness.
var heapCalls = map[string]bool{"realloc": true, "reallocarray": true}

// stdinCalls read standard input: a function naming one gets its
// contents as an input.
var stdinCalls = map[string]bool{"stdin": true, "getchar": true, "scanf": true, "gets": true, "vscanf": true}

// namesReached returns the identifiers the body of the function of info
// names, and those the bodies of the functions of fs it names do, in the
// order first met.
func namesReached(info *FuncInfo, fs []*ir.Func) []string {
	defs := map[string]*cc.FunctionDefinition{}
	for _, f := range fs {
		if fi, ok := f.Src.(*FuncInfo); ok && fi.Def != nil {
			defs[f.Name] = fi.Def
		}
	}
	var names []string
	seen := map[string]bool{}
	var walk func(fd *cc.FunctionDefinition)
	walk = func(fd *cc.FunctionDefinition) {
		if fd == nil {
			return
		}
		var callees []*cc.FunctionDefinition
		reading := readOnlyOpens(fd)
		inspect(fd.CompoundStatement, func(n cc.Node) bool {
			pe, ok := n.(*cc.PrimaryExpression)
			if !ok || pe.Case != cc.PrimaryExpressionIdent || reading[pe] {
				return true
			}
			name := pe.Token.SrcStr()
			if !seen[name] {
				seen[name] = true
				names = append(names, name)
				if d := defs[name]; d != nil {
					callees = append(callees, d)
				}
			}
			return true
		})
		for _, c := range callees {
			walk(c)
		}
	}
	walk(info.Def)
	return names
}

// readOnlyOpens returns the fopen identifiers of fd's calls that open a
// file for reading (a mode literal of 'r' and 'b' only): a search that
// makes the name up finds no file, or reads one; it changes none.
func readOnlyOpens(fd *cc.FunctionDefinition) map[*cc.PrimaryExpression]bool {
	out := map[*cc.PrimaryExpression]bool{}
	inspect(fd.CompoundStatement, func(n cc.Node) bool {
		pf, ok := n.(*cc.PostfixExpression)
		if !ok || pf.Case != cc.PostfixExpressionCall || pf.ArgumentExpressionList == nil {
			return true
		}
		fn, ok := pf.PostfixExpression.(*cc.PrimaryExpression)
		if !ok || fn.Case != cc.PrimaryExpressionIdent || fn.Token.SrcStr() != "fopen" {
			return true
		}
		second := pf.ArgumentExpressionList.ArgumentExpressionList
		if second == nil || second.AssignmentExpression == nil {
			return true
		}
		mode, ok := second.AssignmentExpression.Value().(cc.StringValue)
		if !ok {
			return true
		}
		if m := strings.TrimRight(string(mode), "\x00"); m != "" && strings.Trim(m, "rb") == "" {
			out[fn] = true
		}
		return true
	})
	return out
}

// firstOf returns the first of names in set, or "".
func firstOf(names []string, set map[string]bool) string {
	for _, n := range names {
		if set[n] {
			return n
		}
	}
	return ""
}

// BudgetReason is the NoCase of a function whose search the run's time
// budget left no time for.
const BudgetReason = "the run's time budget ended before its search on the real code"

// approximation says how an unlowered function's cases are found.
func approximation(info *FuncInfo) string {
	why := "its body could not be lowered"
	if info != nil && info.Unsupported != "" {
		why = info.Unsupported
	}
	return "searched on the real code only: " + why
}

// driverFuncOf returns the driver's view of f, or why it has none; stdin
// says f reads standard input, whose contents become one more input
// (after the parameters); noValue, that f may return without a value.
// main(argc, argv) gets argc from argv.
func driverFuncOf(f *ir.Func, info *FuncInfo, stdin, noValue bool) (driverFunc, error) {
	df := driverFunc{name: f.Name}
	if len(info.params) != len(f.Params) || len(info.ParamTypes) != len(f.Params) {
		return df, fmt.Errorf("its parameters")
	}
	for k, t := range info.params {
		s, err := shapeOf(t)
		if err != nil {
			if s, err = structShape(t, f.Params[k].T, err); err != nil {
				return df, err
			}
		}
		df.params = append(df.params, s)
	}
	if f.Name == "main" && len(df.params) >= 2 && df.params[0].kind == shapeInt && df.params[1].kind == shapeArgv {
		df.params[0].argc = 2
		df.params[1].prog = true
	}
	if stdin {
		df.params = append(df.params, shape{kind: shapeBuf, bits: 8, stdin: true})
	}
	rk, err := resultOf(info.result)
	if err != nil {
		return df, err
	}
	if rk != resultNone && (noValue || !returnsValue(info.Def)) {
		// K&R's main(argc, argv) { ... } without a return of a value,
		// a function that falls off its end or has a bare return on
		// some path: what the caller gets there is indeterminate (the
		// last call's result, left in a register), so no result is
		// checked. The real run cannot tell the paths apart.
		rk = resultNone
	}
	df.result = rk
	return df, nil
}

// structShape returns the shape of a parameter of C type t, IR type it,
// that points to a struct, or to a pointer to one (a graph), or err.
func structShape(t cc.Type, it ir.Type, err error) (shape, error) {
	pt, isPtr := it.(ir.Pointer)
	ct, isCPtr := t.(*cc.PointerType)
	if !isPtr || !isCPtr {
		return shape{}, err
	}
	ro := ct.Elem().Attributes().IsConst()
	if inner, ok := ct.Elem().(*cc.PointerType); ok && inner.Elem().Kind() == cc.Struct {
		// a struct **: a pointer the call reads or sets, NULL or
		// pointing to a struct
		ipt, ok := pt.Elem.(ir.Pointer)
		if !ok || inner.Size() != 8 {
			return shape{}, err
		}
		o, oerr := objectOf(inner.Elem(), ipt.Elem)
		if oerr != nil {
			return shape{}, fmt.Errorf("%s: %v", err, oerr)
		}
		return shape{kind: shapeGraph, obj: slotOf(inner, pt.Elem, o), ro: ro}, nil
	}
	if ct.Elem().Kind() != cc.Struct {
		return shape{}, err
	}
	o, oerr := objectOf(ct.Elem(), pt.Elem)
	if oerr != nil {
		return shape{}, fmt.Errorf("%s: %v", err, oerr)
	}
	if o.linked() {
		return shape{kind: shapeGraph, obj: o, ro: ro}, nil
	}
	return shape{kind: shapeBuf, bits: 8, obj: o, ro: ro}, nil
}

// endsWithoutValue returns the functions of the unit at path that gcc
// finds may return no value though they are declared to (-Wreturn-type:
// "control reaches end of non-void function", "'return' with no
// value"), main among them: the harness calls it as pbcc_unit_main,
// for which C99's return 0 at the end does not hold. Nil when gcc cannot
// compile the unit (its search's build then says why).
func endsWithoutValue(ctx context.Context, path string) map[string]bool {
	args := append(compileFlags(ctx), "-c", "-o", "/dev/null", "-O0", "-Wreturn-type", "-Dmain=pbcc_unit_main",
		"-iquote", filepath.Dir(path), path)
	cmd := proc.Command(ctx, "gcc", args...)
	cmd.Env = append(os.Environ(), "LC_ALL=C") // ASCII quotes around the names
	out, _ := cmd.CombinedOutput()
	fns := map[string]bool{}
	fn := ""
	for _, l := range strings.Split(string(out), "\n") {
		if _, name, ok := strings.Cut(l, ": In function '"); ok {
			fn = strings.TrimSuffix(name, "':")
			if fn == "pbcc_unit_main" {
				fn = "main"
			}
			continue
		}
		if strings.Contains(l, "[-Wreturn-type]") && (strings.Contains(l, "control reaches end of non-void function") || strings.Contains(l, "with no value")) && fn != "" {
			fns[fn] = true
		}
	}
	return fns
}

// returnsValue reports whether the body of fd has a return statement
// with a value.
func returnsValue(fd *cc.FunctionDefinition) bool {
	if fd == nil {
		return true
	}
	found := false
	inspect(fd.CompoundStatement, func(n cc.Node) bool {
		if js, ok := n.(*cc.JumpStatement); ok && js.Case == cc.JumpStatementReturn && js.ExpressionList != nil {
			found = true
		}
		return !found
	})
	return found
}

// A value is one argument: an integer's or a float's bits, or a buffer
// (NULL, or its bytes, a text buffer's NUL included), or an argv's
// strings (without their NULs).
type value struct {
	x     uint64
	null  bool
	buf   []byte
	strs  [][]byte
	nodes []node // a graph's objects (explore_graph.go)
}

// An entry is an input of the corpus and what its call did.
type entry struct {
	in  []value
	out *outcome
}

// A search is the coverage-guided search of one function.
type search struct {
	d      *driver
	fn     int
	f      driverFunc
	info   *FuncInfo
	opt    ExploreOptions
	rng    *rand.Rand
	ints   []uint64 // the dictionary: constants of the body, then comparison operands
	body   int      // how many of ints are the body's constants
	strs   [][]byte
	inDict map[uint64]bool
	seen   map[uint32]bool // the edge and hit-count classes seen
	corpus []*entry
	execs  int
	// nulls counts, per parameter, the calls given NULL there that
	// crashed, less those that did not: past a few, the search stops
	// giving it NULL (a function that never checks).
	nulls []int
	// crashes counts the calls that ended by a signal, a hang or the
	// sanitizer; crashKind names the first.
	crashes   int
	crashKind string
	hangs     int // calls that did not return: past maxHangs, the search ends
}

// maxHangs is how many calls that do not return end a function's search:
// each costs the hang's limit.
const maxHangs = 3

// allCrash is how many calls, all crashing, end a function's search.
const allCrash = 300

func newSearch(d *driver, fn int, f driverFunc, info *FuncInfo, opt ExploreOptions) *search {
	h := fnv.New64a()
	h.Write([]byte(f.name))
	seed := h.Sum64()
	s := &search{d: d, fn: fn, f: f, info: info, opt: opt, rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
		inDict: map[uint64]bool{}, seen: map[uint32]bool{}, nulls: make([]int, len(f.params))}
	s.dictionary()
	return s
}

// dictionary takes the constants of the function's body: integers,
// characters, floats and strings.
func (s *search) dictionary() {
	for _, x := range []uint64{0, 1, 2} {
		s.addInt(x)
	}
	if s.info.Def == nil {
		s.body = len(s.ints)
		return
	}
	strs := map[string]bool{}
	addStr := func(t string) {
		if t != "" && !strs[t] && len(s.strs) < 64 {
			strs[t] = true
			s.strs = append(s.strs, []byte(t))
		}
	}
	inspect(s.info.Def.CompoundStatement, func(n cc.Node) bool {
		e, ok := n.(cc.ExpressionNode)
		if !ok {
			return true
		}
		switch v := e.Value().(type) {
		case cc.Int64Value:
			if v > ' ' && v < 0x7f {
				addStr("-" + string(rune(v))) // an option letter, as getopt reads it
			}
			addStr(strconv.FormatInt(int64(v), 10))
			addStr(strconv.FormatInt(int64(v)+1, 10))
			s.addInt(uint64(v))
			s.addInt(uint64(v + 1))
			s.addInt(uint64(v - 1))
		case cc.UInt64Value:
			addStr(strconv.FormatUint(uint64(v), 10))
			s.addInt(uint64(v))
			s.addInt(uint64(v + 1))
			s.addInt(uint64(v - 1))
		case cc.Float64Value:
			s.addInt(math.Float64bits(float64(v)))
		case cc.StringValue:
			addStr(strings.TrimRight(string(v), "\x00"))
		}
		return true
	})
	s.body = len(s.ints)
}

func (s *search) addInt(x uint64) {
	if !s.inDict[x] && len(s.ints) < 512 {
		s.inDict[x] = true
		s.ints = append(s.ints, x)
	}
}

// run calls the function on in, counting the call and what it found.
func (s *search) run(in []value) (*outcome, error) {
	return s.runIn(in, false)
}

// runIn is run, in a worker of its own when fresh is set.
func (s *search) runIn(in []value, fresh bool) (*outcome, error) {
	s.execs++
	o, err := s.d.run(s.fn, s.f, in, fresh)
	if err != nil {
		return nil, err
	}
	for _, c := range o.cmps {
		if c.size <= 8 {
			s.addInt(c.a)
			s.addInt(c.b)
		}
	}
	for k, v := range in {
		if v.null && s.nulls[k] < nullCrashes {
			if o.how >= endSignal {
				s.nulls[k]++
			} else {
				s.nulls[k] = -1 << 20 // NULL is fine there
			}
		}
	}
	if o.how == endHang {
		s.hangs++
	}
	if o.how >= endSignal {
		s.crashes++
		if s.crashKind == "" {
			s.crashKind = crashName(o)
		}
	}
	return o, nil
}

// crashName says how a call ended that a case cannot be made of.
func crashName(o *outcome) string {
	switch o.how {
	case endHang:
		return "did not return within 0.3 s of CPU time"
	case endSanitize:
		return "made AddressSanitizer stop them (a read or write through NULL or outside an object)"
	}
	switch o.code {
	case 11:
		return "ended with a segmentation fault"
	case 8:
		return "ended with a floating-point exception"
	case 6:
		return "aborted"
	}
	return fmt.Sprintf("ended by signal %d", o.code)
}

// novel reports whether o saw an edge or hit-count class not seen yet,
// and records them.
func (s *search) novel(o *outcome) bool {
	if o.how >= endSignal {
		return false
	}
	n := false
	for _, e := range o.edges {
		if !s.seen[e] {
			s.seen[e] = true
			n = true
		}
	}
	return n
}

// explore runs the search until its bounds.
func (s *search) explore(ctx context.Context) error {
	for _, in := range s.seeds() {
		o, err := s.run(in)
		if err != nil {
			return err
		}
		if s.novel(o) {
			s.corpus = append(s.corpus, &entry{in: in, out: o})
		}
	}
	last := s.execs
	for s.execs < s.opt.Execs && s.execs-last < s.opt.Stall && s.hangs < maxHangs && ctx.Err() == nil {
		if s.execs >= allCrash && s.crashes == s.execs {
			break // every call crashes: nothing to learn
		}
		var in []value
		if len(s.corpus) == 0 {
			in = s.mutate(s.zero(), nil) // every seed crashed: random inputs
		} else {
			parent := s.corpus[s.rng.IntN(len(s.corpus))]
			in = s.mutate(parent.in, parent.out)
		}
		o, err := s.run(in)
		if err != nil {
			return err
		}
		if s.novel(o) {
			s.corpus = append(s.corpus, &entry{in: in, out: o})
			last = s.execs
		}
	}
	return nil
}

// zero is the input of zeros: integers 0, strings "", four elements
// of 0 in other buffers.
func (s *search) zero() []value {
	in := make([]value, len(s.f.params))
	for k, p := range s.f.params {
		if p.kind == shapeArgv && p.prog {
			in[k].strs = [][]byte{[]byte("prog")}
		}
		if p.kind == shapeBuf && p.stdin {
			continue
		}
		switch {
		case p.kind == shapeGraph:
			in[k].nodes = zeroGraph(p.obj)
		case p.obj != nil:
			in[k].buf = make([]byte, p.obj.size)
		case p.kind == shapeBuf && p.text:
			in[k].buf = []byte{0}
		case p.kind == shapeBuf:
			in[k].buf = make([]byte, 4*p.bits/8)
		}
	}
	s.tie(in)
	return in
}

// tie sets each argc to the number of strings of its argv.
func (s *search) tie(in []value) {
	for k, p := range s.f.params {
		if p.argc > 0 {
			in[k].x = uint64(len(in[p.argc-1].strs))
		}
	}
}

// seeds are the first inputs: zeros, ones, the strings of the body.
func (s *search) seeds() [][]value {
	z := s.zero()
	one := cloneInput(z)
	for k, p := range s.f.params {
		switch p.kind {
		case shapeInt:
			one[k].x = 1
		case shapeFloat:
			one[k].x = floatBits(1, p.bits)
		case shapeArgv:
			one[k].strs = append(one[k].strs, []byte("a"))
		case shapeBuf:
			if p.obj != nil {
				for _, l := range p.obj.scalars() {
					l.put(one[k].buf, 1)
				}
			} else if p.stdin {
				one[k].buf = []byte("a\n")
			} else if p.text {
				one[k].buf = []byte("a\x00")
			} else {
				for i := 0; i < len(one[k].buf); i += p.bits / 8 {
					putElem(one[k].buf[i:], p, 1)
				}
			}
		}
	}
	var chains [][]value
	for k, p := range s.f.params {
		if p.kind == shapeGraph {
			chains = append(chains, s.graphSeeds(one, k, p)...)
		}
	}
	s.tie(one)
	out := append([][]value{z, one}, chains...)
	// larger buffers, for a function that reads a fixed number of
	// elements (md5's MD5Transform: 4 and 16); shrinking cuts them
	for _, n := range []int{16, 64} {
		big, set := cloneInput(one), false
		for k, p := range s.f.params {
			if p.kind == shapeBuf && !p.stdin && !p.text && p.obj == nil {
				big[k].buf = make([]byte, n*p.bits/8)
				for i := 0; i < len(big[k].buf); i += p.bits / 8 {
					putElem(big[k].buf[i:], p, uint64(i/(p.bits/8)+1))
				}
				set = true
			}
		}
		if set {
			out = append(out, big)
		}
	}
	for _, str := range s.strs {
		in := cloneInput(one)
		set := false
		for k, p := range s.f.params {
			switch {
			case p.kind == shapeArgv:
				in[k].strs = append(in[k].strs[:len(in[k].strs)-1], slices.Clone(str))
				set = true
			case p.stdin:
				in[k].buf = append(slices.Clone(str), '\n')
				set = true
			case p.kind == shapeBuf && p.bits == 8 && p.obj == nil:
				in[k].buf = append(slices.Clone(str), 0)
				if !p.text {
					in[k].buf = slices.Clone(str)
				}
				set = true
			}
		}
		if set {
			s.tie(in)
			out = append(out, in)
		}
	}
	return out
}

func cloneInput(in []value) []value {
	out := make([]value, len(in))
	for k, v := range in {
		out[k] = value{x: v.x, null: v.null, buf: slices.Clone(v.buf), nodes: cloneNodes(v.nodes)}
		for _, str := range v.strs {
			out[k].strs = append(out[k].strs, slices.Clone(str))
		}
	}
	return out
}

func floatBits(x float64, bits int) uint64 {
	if bits == 32 {
		return uint64(math.Float32bits(float32(x)))
	}
	return math.Float64bits(x)
}

// putElem writes the integer x as an element of the buffer of shape p
// at b (a float buffer gets x as a float).
func putElem(b []byte, p shape, x uint64) {
	if p.float {
		x = floatBits(float64(int64(x)), p.bits)
	}
	putElemBits(b, p, x)
}

// maxBuf bounds the bytes of a buffer the search makes.
const maxBuf = 256

// mutate returns a changed copy of in; out, when not nil, is what its
// call did: the operands of its comparisons are tried in place of the
// values they compared (input to state).
func (s *search) mutate(in []value, out *outcome) []value {
	in = cloneInput(in)
	if len(in) == 0 {
		return in
	}
	for n := 1 + s.rng.IntN(3); n > 0; n-- {
		k := s.rng.IntN(len(in))
		p := s.f.params[k]
		if p.argc > 0 {
			k = p.argc - 1 // argc follows its argv
			p = s.f.params[k]
		}
		if out != nil && len(out.cmps) > 0 && s.rng.IntN(4) == 0 {
			s.inputToState(in, out.cmps[s.rng.IntN(len(out.cmps))])
			continue
		}
		if s.rng.IntN(6) == 0 && s.sizes(in, k) {
			continue
		}
		switch p.kind {
		case shapeInt:
			in[k].x = s.mutateInt(in[k].x, p)
		case shapeFloat:
			in[k].x = s.mutateFloat(in[k].x, p)
		case shapeBuf:
			s.mutateBuf(&in[k], p, k)
		case shapeArgv:
			s.mutateArgv(&in[k], p)
		case shapeGraph:
			s.mutateGraph(&in[k], p, k)
		}
	}
	s.tie(in)
	return in
}

// mutateArgv changes an argv: a string more, one fewer, one changed
// (argv[0], the program's name, stays).
func (s *search) mutateArgv(v *value, p shape) {
	first := 0
	if p.prog {
		first = 1
	}
	n := len(v.strs) - first
	switch r := s.rng.IntN(5); {
	case r == 0 && len(v.strs) < 8:
		str := []byte{s.text()}
		if len(s.strs) > 0 && s.rng.IntN(2) == 0 {
			str = slices.Clone(s.strs[s.rng.IntN(len(s.strs))])
		}
		v.strs = slices.Insert(v.strs, first+s.rng.IntN(n+1), str)
	case r == 1 && n > 0:
		i := first + s.rng.IntN(n)
		v.strs = slices.Delete(v.strs, i, i+1)
	case n == 0:
		v.strs = append(v.strs, []byte{s.text()})
	default:
		i := first + s.rng.IntN(n)
		v.strs[i] = s.mutateBytes(v.strs[i], shape{kind: shapeBuf, bits: 8, signed: true, text: true})
	}
}

// sizes ties parameter k to a buffer's length, as a pointer and a count
// are: an integer gets the elements of a buffer (or one fewer, one
// more), a buffer as many elements as an integer says (up to maxBuf
// bytes, its last element repeated). It reports whether it changed k.
func (s *search) sizes(in []value, k int) bool {
	p := s.f.params[k]
	for _, j := range s.rng.Perm(len(in)) {
		q := s.f.params[j]
		switch {
		case p.kind == shapeInt && q.kind == shapeBuf && q.obj == nil && !q.stdin && !in[j].null:
			n := len(in[j].buf) / (q.bits / 8)
			if q.text {
				n-- // the NUL
			}
			in[k].x = mask(uint64(int64(n+s.rng.IntN(3)-1)), p)
			return true
		case p.kind == shapeBuf && p.obj == nil && !p.stdin && q.kind == shapeInt && !in[k].null:
			n := int(int64(in[j].x))
			es := p.bits / 8
			if n < 0 || n*es > maxBuf {
				continue
			}
			body := in[k].buf
			if p.text {
				body = body[:len(body)-1]
			}
			fill := make([]byte, es)
			if len(body) >= es {
				copy(fill, body[len(body)-es:])
			} else if p.text {
				fill[0] = 'a'
			}
			for len(body) < n*es {
				body = append(body, fill...)
			}
			body = body[:n*es]
			if p.text {
				body = append(body, 0)
			}
			in[k].buf = body
			return true
		}
	}
	return false
}

// mask keeps the bits of an integer of shape p, sign-extended.
func mask(x uint64, p shape) uint64 {
	if p.bool {
		return x & 1
	}
	if p.bits == 64 {
		return x
	}
	x &= 1<<p.bits - 1
	if p.signed && x&(1<<(p.bits-1)) != 0 {
		x |= ^uint64(0) << p.bits
	}
	return x
}

func (s *search) mutateInt(x uint64, p shape) uint64 {
	switch s.rng.IntN(8) {
	case 0, 1:
		d := s.ints[s.rng.IntN(len(s.ints))]
		x = d
	case 2:
		x = uint64(int64(s.rng.IntN(21) - 5))
	case 3:
		x ^= 1 << s.rng.IntN(p.bits)
	case 4:
		x += uint64(int64(s.rng.IntN(33) - 16))
	case 5:
		x = -x
	case 6:
		switch s.rng.IntN(4) {
		case 0:
			x = 1<<(p.bits-1) - 1 // the largest signed
		case 1:
			x = 1 << (p.bits - 1) // the smallest signed
		case 2:
			x = ^uint64(0)
		default:
			x = uint64(s.rng.IntN(256))
		}
	default:
		x = s.rng.Uint64() >> s.rng.IntN(64)
	}
	return mask(x, p)
}

func (s *search) mutateFloat(x uint64, p shape) uint64 {
	f := math.Float64frombits(x)
	if p.bits == 32 {
		f = float64(math.Float32frombits(uint32(x)))
	}
	switch s.rng.IntN(7) {
	case 0:
		d := s.ints[s.rng.IntN(len(s.ints))]
		if d < 1<<32 {
			f = float64(int64(int32(d)))
		} else {
			f = math.Float64frombits(d)
		}
	case 1:
		f = float64(s.rng.IntN(21) - 5)
	case 2:
		f = -f
	case 3:
		f *= 2
	case 4:
		f /= 2
	case 5:
		f += float64(s.rng.IntN(9)-4) / 4
	default:
		f = (s.rng.Float64() - 0.5) * math.Pow(10, float64(s.rng.IntN(12)))
	}
	return floatBits(f, p.bits)
}

// text returns a printable byte, a letter or digit most often.
func (s *search) text() byte {
	const common = "abcxyzABC0129 -_.,:/"
	if s.rng.IntN(3) > 0 {
		return common[s.rng.IntN(len(common))]
	}
	return byte(0x20 + s.rng.IntN(0x5f))
}

// nullCrashes is how many calls given NULL in a parameter crash before
// the search stops giving it NULL.
const nullCrashes = 4

func (s *search) mutateBuf(v *value, p shape, k int) {
	if v.null || !p.stdin && s.nulls[k] < nullCrashes && s.rng.IntN(24) == 0 {
		// NULL in and out, now and then
		if v.null {
			v.null = false
			switch {
			case p.obj != nil:
				v.buf = make([]byte, p.obj.size)
			case p.text:
				v.buf = []byte{0}
			default:
				v.buf = make([]byte, 4*p.bits/8)
			}
		} else {
			*v = value{null: true}
		}
		return
	}
	if p.obj != nil {
		s.mutateObject(v.buf, p.obj)
		return
	}
	body := v.buf
	if p.text {
		body = body[:len(body)-1]
	}
	es := p.bits / 8
	switch {
	case p.bits == 8:
		body = s.mutateBytes(body, p)
	default:
		n := len(body) / es
		switch s.rng.IntN(4) {
		case 0: // one more element
			if len(body) < maxBuf {
				e := make([]byte, es)
				putElem(e, p, s.ints[s.rng.IntN(len(s.ints))])
				i := s.rng.IntN(n + 1)
				body = slices.Insert(body, i*es, e...)
			}
		case 1: // one fewer
			if n > 0 {
				i := s.rng.IntN(n)
				body = slices.Delete(body, i*es, i*es+es)
			}
		default: // an element changed
			if n > 0 {
				i := s.rng.IntN(n)
				ep := shape{kind: shapeInt, bits: p.bits, signed: p.signed}
				old := elemBits(body[i*es:i*es+es], ep)
				if p.float {
					putElemBits(body[i*es:], p, s.mutateFloat(old, p))
				} else {
					putElemBits(body[i*es:], p, s.mutateInt(old, ep))
				}
			}
		}
	}
	if p.text {
		body = append(body, 0)
	}
	v.buf = body
}

// elemBits reads the element at b (its bytes) as an integer of shape p,
// sign-extended, or as a float's bits.
func elemBits(b []byte, p shape) uint64 {
	x := binary.LittleEndian.Uint64(append(slices.Clone(b), make([]byte, 8-len(b))...))
	if p.kind == shapeInt {
		return mask(x, p)
	}
	return x
}

// putElemBits writes the raw bits x as an element of shape p at b.
func putElemBits(b []byte, p shape, x uint64) {
	switch p.bits {
	case 8:
		b[0] = byte(x)
	case 16:
		binary.LittleEndian.PutUint16(b, uint16(x))
	case 32:
		binary.LittleEndian.PutUint32(b, uint32(x))
	default:
		binary.LittleEndian.PutUint64(b, x)
	}
}

func (s *search) mutateBytes(b []byte, p shape) []byte {
	b = slices.Clone(b)
	pick := func() byte {
		if !p.text || s.rng.IntN(8) == 0 {
			if s.rng.IntN(3) == 0 && len(s.ints) > 0 {
				return byte(s.ints[s.rng.IntN(len(s.ints))])
			}
		}
		if !p.text && s.rng.IntN(4) == 0 {
			return byte(s.rng.IntN(256))
		}
		c := s.text()
		if p.text && s.rng.IntN(6) == 0 {
			c = byte(1 + s.rng.IntN(255)) // no NUL inside a string
		}
		return c
	}
	switch s.rng.IntN(7) {
	case 0, 1: // a byte inserted
		if len(b) < maxBuf {
			b = slices.Insert(b, s.rng.IntN(len(b)+1), pick())
		}
	case 2: // a byte removed
		if len(b) > 0 {
			i := s.rng.IntN(len(b))
			b = slices.Delete(b, i, i+1)
		}
	case 3: // a byte changed
		if len(b) > 0 {
			b[s.rng.IntN(len(b))] = pick()
		} else {
			b = append(b, pick())
		}
	case 4: // a string of the body put in
		if len(s.strs) > 0 {
			str := s.strs[s.rng.IntN(len(s.strs))]
			if s.rng.IntN(2) == 0 {
				b = slices.Clone(str)
			} else if len(b)+len(str) <= maxBuf {
				b = slices.Insert(b, s.rng.IntN(len(b)+1), str...)
			}
		} else if len(b) > 0 {
			b = b[:s.rng.IntN(len(b))]
		}
	case 5: // cut
		if len(b) > 0 {
			b = b[:s.rng.IntN(len(b))]
		}
	default: // a run of bytes repeated
		if len(b) > 0 && 2*len(b) <= maxBuf {
			i := s.rng.IntN(len(b))
			j := i + 1 + s.rng.IntN(len(b)-i)
			b = slices.Insert(b, j, b[i:j]...)
		}
	}
	if p.text {
		for i, c := range b {
			if c == 0 {
				b[i] = 'a'
			}
		}
	}
	return b
}

// inputToState puts the other operand of comparison c where an input
// holds one of them: in an integer parameter, or in a buffer's bytes.
func (s *search) inputToState(in []value, c cmpOperands) {
	if c.size > 8 {
		return
	}
	bits := int(c.size) * 8
	trunc := func(x uint64) uint64 {
		if bits == 64 {
			return x
		}
		return x & (1<<bits - 1)
	}
	for k, p := range s.f.params {
		switch p.kind {
		case shapeInt:
			x := trunc(in[k].x)
			switch {
			case x == trunc(c.a):
				in[k].x = mask(c.b+uint64(s.rng.IntN(3)-1)*uint64(s.rng.IntN(2)), p)
			case x == trunc(c.b):
				in[k].x = mask(c.a+uint64(s.rng.IntN(3)-1)*uint64(s.rng.IntN(2)), p)
			}
		case shapeBuf:
			if in[k].null || c.size == 0 {
				continue
			}
			var a, b [8]byte
			binary.LittleEndian.PutUint64(a[:], c.a)
			binary.LittleEndian.PutUint64(b[:], c.b)
			n := int(c.size)
			if p.text && (slices.Contains(b[:n], 0) || slices.Contains(a[:n], 0)) {
				if n != 1 {
					continue
				}
			}
			buf := in[k].buf
			swapOperand(buf, a[:n], b[:n])
			if p.obj != nil {
				p.obj.clean(buf)
			}
			if p.text || p.stdin {
				// a number the unit parsed and compared: its text
				in[k].buf = s.putNumber(buf, c, p.text)
				buf = in[k].buf
			}
			if p.text {
				for i := range buf[:len(buf)-1] {
					if buf[i] == 0 {
						buf[i] = 'a'
					}
				}
				buf[len(buf)-1] = 0
			}
		case shapeGraph:
			if !in[k].null && c.size > 0 {
				var a, b [8]byte
				binary.LittleEndian.PutUint64(a[:], c.a)
				binary.LittleEndian.PutUint64(b[:], c.b)
				graphToState(in[k].nodes, a[:c.size], b[:c.size])
			}
		case shapeArgv:
			if c.size == 0 || c.size > 8 {
				continue
			}
			var a, b [8]byte
			binary.LittleEndian.PutUint64(a[:], c.a)
			binary.LittleEndian.PutUint64(b[:], c.b)
			n := int(c.size)
			if slices.Contains(a[:n], 0) || slices.Contains(b[:n], 0) {
				continue // no NUL inside a string
			}
			for j, str := range in[k].strs {
				swapOperand(str, a[:n], b[:n])
				if j > 0 || !p.prog {
					in[k].strs[j] = s.putNumber(str, c, false)
				}
			}
		}
	}
}

// putNumber writes, in place of a run of digits of the text buf (one in
// four times), the decimal text of one operand of c, give or take one:
// a number the unit read from text and compared with a constant. text
// says buf ends with its NUL.
func (s *search) putNumber(buf []byte, c cmpOperands, text bool) []byte {
	if s.rng.IntN(4) != 0 {
		return buf
	}
	body := buf
	if text && len(body) > 0 {
		body = body[:len(body)-1]
	}
	var runs [][2]int
	for i := 0; i < len(body); {
		if body[i] < '0' || body[i] > '9' {
			i++
			continue
		}
		j := i
		for j < len(body) && body[j] >= '0' && body[j] <= '9' {
			j++
		}
		runs = append(runs, [2]int{i, j})
		i = j
	}
	if len(runs) == 0 {
		return buf
	}
	x := c.b
	if s.rng.IntN(2) == 0 {
		x = c.a
	}
	v := int64(x)
	if c.size < 8 {
		v = ir.SignExtend(x, int(c.size)*8)
	}
	v += int64(s.rng.IntN(3) - 1)
	r := runs[s.rng.IntN(len(runs))]
	num := []byte(strconv.FormatInt(v, 10))
	if len(body)-(r[1]-r[0])+len(num) > maxBuf {
		return buf
	}
	out := append(append(append([]byte{}, body[:r[0]]...), num...), body[r[1]:]...)
	if text {
		out = append(out, 0)
	}
	return out
}

// swapOperand puts b where buf holds a, or a where it holds b.
func swapOperand(buf, a, b []byte) {
	if i := indexBytes(buf, a); i >= 0 {
		copy(buf[i:], b)
	} else if i := indexBytes(buf, b); i >= 0 {
		copy(buf[i:], a)
	}
}

func indexBytes(b, sub []byte) int {
	for i := 0; i+len(sub) <= len(b); i++ {
		if slices.Equal(b[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

// edgeSet returns the edges (without hit counts) o took.
func edgeSet(o *outcome) map[uint32]bool {
	m := map[uint32]bool{}
	for _, e := range o.edges {
		m[e>>8] = true
	}
	return m
}

// cases chooses the entries a table needs, greedily: each takes the
// most edges the ones before it did not; then shrinks their inputs and
// turns them into cases, with the outcome of a last run as the expected
// values, in a worker of its own, as the harness makes the call (a case
// whose two runs differ is left out: the clock, random numbers, state a
// call before it left).
func (s *search) cases(ctx context.Context, f *ir.Func) ([]gen.Case, error) {
	covered := map[uint32]bool{}
	var chosen []*entry
	sets := make([]map[uint32]bool, len(s.corpus))
	for i, e := range s.corpus {
		sets[i] = edgeSet(e.out)
	}
	for {
		best, gain := -1, 0
		for i, set := range sets {
			g := 0
			for e := range set {
				if !covered[e] {
					g++
				}
			}
			if g > gain {
				best, gain = i, g
			}
		}
		if best < 0 {
			break
		}
		for e := range sets[best] {
			covered[e] = true
		}
		chosen = append(chosen, s.corpus[best])
		sets[best] = nil
	}
	// in the order they were found
	slices.SortStableFunc(chosen, func(a, b *entry) int {
		return slices.Index(s.corpus, a) - slices.Index(s.corpus, b)
	})
	var out []gen.Case
	for _, e := range chosen {
		e, err := s.shrink(ctx, e)
		if err != nil {
			return nil, err
		}
		again, err := s.runIn(e.in, true)
		if err != nil {
			return nil, err
		}
		if !sameOutcome(e.out, again) {
			continue
		}
		out = append(out, s.caseOf(f, e))
	}
	return out, nil
}

// shrinkBudget bounds the calls shrinking one case makes.
const shrinkBudget = 80

// shrink makes e's input smaller and plainer while its call still takes
// every edge it took and ends the same way, with the same result:
// integers toward 0, 1, -1, the body's constants, round numbers;
// buffers shorter, bytes letters.
func (s *search) shrink(ctx context.Context, e *entry) (*entry, error) {
	want := edgeSet(e.out)
	tries := 0
	try := func(in []value) (bool, error) {
		if tries >= shrinkBudget || ctx.Err() != nil {
			return false, nil
		}
		s.tie(in)
		tries++
		o, err := s.run(in)
		if err != nil {
			return false, err
		}
		// The same end and result: a result of 0 where the search
		// found 7 would make the case check less (median of {0, 0}).
		if o.how != e.out.how || o.code != e.out.code || o.result != e.out.result || (o.str == nil) != (e.out.str == nil) {
			return false, nil
		}
		got := edgeSet(o)
		for x := range want {
			if !got[x] {
				return false, nil
			}
		}
		e = &entry{in: in, out: o}
		return true, nil
	}
	for k, p := range s.f.params {
		switch {
		case p.argc > 0:
			// follows its argv
		case p.kind == shapeArgv:
			first := 0
			if p.prog {
				first = 1
			}
			for i := len(e.in[k].strs) - 1; i >= first && tries < shrinkBudget; i-- {
				in := cloneInput(e.in)
				in[k].strs = slices.Delete(in[k].strs, i, i+1)
				if _, err := try(in); err != nil {
					return nil, err
				}
			}
			for i := first; i < len(e.in[k].strs); i++ {
				for len(e.in[k].strs[i]) > 1 && tries < shrinkBudget {
					in := cloneInput(e.in)
					in[k].strs[i] = in[k].strs[i][:len(in[k].strs[i])/2]
					ok, err := try(in)
					if err != nil {
						return nil, err
					}
					if !ok {
						break
					}
				}
			}
		case p.kind == shapeInt || p.kind == shapeFloat:
			// the plainest value that does, again from there
			for again := true; again && tries < shrinkBudget; {
				again = false
				for _, cand := range s.smaller(e.in[k].x, p) {
					in := cloneInput(e.in)
					in[k].x = cand
					ok, err := try(in)
					if err != nil {
						return nil, err
					}
					if ok {
						again = true
						break
					}
				}
			}
		case p.kind == shapeGraph:
			if err := s.shrinkGraph(k, &e, try); err != nil {
				return nil, err
			}
		case p.kind == shapeBuf && p.obj != nil:
			if e.in[k].null {
				continue
			}
			for _, l := range p.obj.scalars() {
				if tries >= shrinkBudget {
					break
				}
				for _, cand := range s.smaller(l.get(e.in[k].buf), l.shape()) {
					in := cloneInput(e.in)
					l.put(in[k].buf, cand)
					ok, err := try(in)
					if err != nil {
						return nil, err
					}
					if ok {
						break
					}
				}
			}
		case p.kind == shapeBuf:
			if e.in[k].null {
				continue
			}
			es := p.bits / 8
			end := 0
			if p.text {
				end = 1
			}
			// shorter: halves, then one element at a time from the end
			for len(e.in[k].buf)-end >= 2*es && tries < shrinkBudget {
				in := cloneInput(e.in)
				body := in[k].buf[:len(in[k].buf)-end]
				half := (len(body) / es / 2) * es
				in[k].buf = append(slices.Clone(body[:half]), in[k].buf[len(in[k].buf)-end:]...)
				ok, err := try(in)
				if err != nil {
					return nil, err
				}
				if !ok {
					break
				}
			}
			for len(e.in[k].buf)-end >= es && tries < shrinkBudget {
				in := cloneInput(e.in)
				n := len(in[k].buf) - end
				in[k].buf = append(in[k].buf[:n-es], in[k].buf[n:]...)
				ok, err := try(in)
				if err != nil {
					return nil, err
				}
				if !ok {
					break
				}
			}
			if p.bits > 8 {
				// each element the plainest it can be
				ep := shape{kind: shapeInt, bits: p.bits, signed: p.signed}
				if p.float {
					ep = shape{kind: shapeFloat, bits: p.bits}
				}
				for i := 0; i+es <= len(e.in[k].buf) && tries < shrinkBudget; i += es {
					old := elemBits(e.in[k].buf[i:i+es], ep)
					for _, cand := range s.smaller(old, ep) {
						in := cloneInput(e.in)
						putElemBits(in[k].buf[i:], p, cand)
						ok, err := try(in)
						if err != nil {
							return nil, err
						}
						if ok {
							break
						}
					}
				}
			}
			if p.bits == 8 {
				for i := 0; i < len(e.in[k].buf)-end && tries < shrinkBudget; i++ {
					c := e.in[k].buf[i]
					if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
						continue
					}
					in := cloneInput(e.in)
					in[k].buf[i] = 'a'
					if _, err := try(in); err != nil {
						return nil, err
					}
				}
			}
		}
	}
	return e, nil
}

// smaller lists plainer values than x to try, plainest first.
func (s *search) smaller(x uint64, p shape) []uint64 {
	var out []uint64
	add := func(y uint64) {
		if p.kind == shapeInt {
			y = mask(y, p)
		}
		if y != x && !slices.Contains(out, y) {
			out = append(out, y)
		}
	}
	if p.kind == shapeFloat {
		f := math.Float64frombits(x)
		if p.bits == 32 {
			f = float64(math.Float32frombits(uint32(x)))
		}
		for _, y := range []float64{0, 1, -1, math.Trunc(f), math.Round(f*10) / 10} {
			if !math.IsNaN(f) && math.Abs(y) < math.Abs(f) || y == math.Trunc(f) {
				add(floatBits(y, p.bits))
			}
		}
		return out
	}
	v := int64(x)
	if !p.signed && p.bits == 64 && v < 0 {
		v = math.MaxInt64
	}
	for _, y := range []int64{0, 1, -1} {
		if abs64(y) < abs64(v) || v < 0 && y == 1 {
			add(uint64(y))
		}
	}
	// the body's constants and their neighbours, the smallest first
	var near []int64
	for _, c := range s.ints[:s.body] {
		if c := int64(mask(c, p)); abs64(c) < abs64(v) {
			near = append(near, c)
		}
	}
	slices.SortFunc(near, func(a, b int64) int { return cmpAbs(a, b) })
	for _, c := range near {
		add(uint64(c))
	}
	// round numbers, the roundest first, and the half
	var ms []int64
	for m := int64(10); m < abs64(v) && m > 0 && m <= math.MaxInt64/10; m *= 10 {
		ms = append(ms, m)
	}
	for i := len(ms) - 1; i >= 0; i-- {
		add(uint64(v / ms[i] * ms[i]))
	}
	if v/2 != 0 {
		add(uint64(v / 2))
	}
	return out
}

// cmpAbs orders by magnitude, then the positive first.
func cmpAbs(a, b int64) int {
	if d := abs64(a) - abs64(b); d != 0 {
		if d < 0 {
			return -1
		}
		return 1
	}
	return int(b>>63) - int(a>>63)
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// sameOutcome reports whether two calls on one input did the same.
func sameOutcome(a, b *outcome) bool {
	if a.how != b.how || a.code != b.code || a.result != b.result || !slices.Equal(a.str, b.str) || (a.str == nil) != (b.str == nil) {
		return false
	}
	if len(a.after) != len(b.after) {
		return false
	}
	for i := range a.after {
		if !slices.Equal(a.after[i], b.after[i]) {
			return false
		}
	}
	return true
}

// noCase says why the search kept no case.
func (s *search) noCase() string {
	if s.crashes > 0 && s.crashes == s.execs {
		return "every call the search on the real code made " + s.crashKind
	}
	return "the search on the real code found no call that returns or exits the same way twice"
}

// caseOf writes entry e as a case of f, its expected values those of the
// real run.
func (s *search) caseOf(f *ir.Func, e *entry) gen.Case {
	c := gen.Case{}
	hasBuf := false
	for k, p := range s.f.params {
		if p.stdin {
			// standard input: its characters, then EOF
			i32 := ir.Int{Bits: 32, Signed: true}
			for _, b := range e.in[k].buf {
				c.Stream = append(c.Stream, ir.Literal{T: i32, Bits: uint64(b)})
			}
			c.Stream = append(c.Stream, ir.Literal{T: i32, Bits: i32.Mask()})
			continue
		}
		c.Inputs = append(c.Inputs, s.literal(f.Params[k].T, p, e.in[k]))
		hasBuf = hasBuf || p.kind == shapeBuf || p.kind == shapeArgv || p.kind == shapeGraph
	}
	o := e.out
	switch o.how {
	case endExit:
		c.Panic = fmt.Sprintf("exit(%d)", o.code)
		c.Name = gen.Name(fmt.Sprintf("exit %d", o.code))
		return c
	}
	if len(f.Results) == 1 && s.f.result != resultNone {
		rt := f.Results[0]
		var lit ir.Literal
		switch s.f.result {
		case resultInt:
			it := rt.(ir.Int)
			lit = ir.Literal{T: rt, Bits: o.result}
			if it.Bits < 64 {
				lit.Bits = o.result & (1<<it.Bits - 1)
			}
			c.Name = gen.Name(fmt.Sprintf("returns %d", lit.Int64()))
		case resultFloat:
			ft := rt.(ir.Float)
			bits := o.result
			if ft.Bits == 32 {
				bits &= 0xffffffff
			}
			lit = ir.Literal{T: rt, Bits: bits}
			c.Name = gen.Name(fmt.Sprintf("returns %g", lit.Float64()))
		case resultString:
			lit = ir.Literal{T: rt}
			c.Name = "returns_NULL"
			if o.str != nil {
				pt := rt.(ir.Pointer)
				arr := ir.Literal{T: ir.Array{Elem: pt.Elem, Len: len(o.str) + 1}}
				for _, b := range append(slices.Clone(o.str), 0) {
					arr.Elems = append(arr.Elems, ir.Literal{T: pt.Elem, Bits: uint64(b)})
				}
				lit.Ref = &arr
				c.Name = gen.Name("returns " + strings.Map(func(r rune) rune {
					if r < 0x20 || r > 0x7e {
						return '_'
					}
					return r
				}, string(o.str)))
			}
		}
		c.Outputs = []ir.Literal{lit}
	} else {
		c.Name = "returns"
	}
	if hasBuf {
		for k, p := range s.f.params[:len(f.Params)] {
			if p.kind == shapeGraph && !e.in[k].null && o.after[k] != nil {
				after, ok := graphLiteral(f.Params[k].T, splitGraph(o.after[k], e.in[k].nodes))
				if !ok || p.ro {
					// a const struct is not compared (what its
					// pointers lead to may change, rarely);
					after = ir.Literal{T: f.Params[k].T} // it points where the harness cannot name
				}
				c.After = append(c.After, after)
				continue
			}
			if p.kind != shapeBuf || e.in[k].null || o.after[k] == nil || p.obj != nil && p.obj.pointersSet(o.after[k]) {
				c.After = append(c.After, ir.Literal{T: f.Params[k].T})
				continue
			}
			c.After = append(c.After, s.literal(f.Params[k].T, p, value{buf: o.after[k]}))
		}
	}
	return c
}

// literal writes v, an argument of shape p, as a literal of IR type t.
func (s *search) literal(t ir.Type, p shape, v value) ir.Literal {
	switch p.kind {
	case shapeInt:
		it := t.(ir.Int)
		bits := v.x
		if it.Bits < 64 {
			bits &= 1<<it.Bits - 1
		}
		return ir.Literal{T: t, Bits: bits}
	case shapeFloat:
		return ir.Literal{T: t, Bits: v.x}
	}
	if v.null {
		return ir.Literal{T: t}
	}
	pt := t.(ir.Pointer)
	if p.kind == shapeGraph {
		lit, _ := graphLiteral(t, v.nodes)
		return lit
	}
	if p.obj != nil {
		obj := p.obj.literal(v.buf)
		return ir.Literal{T: t, Ref: &obj}
	}
	if p.kind == shapeArgv {
		// an array of pointers to strings, NULL last
		sp := pt.Elem.(ir.Pointer)
		arr := ir.Literal{T: ir.Array{Elem: pt.Elem, Len: len(v.strs) + 1}}
		for _, str := range v.strs {
			chars := ir.Literal{T: ir.Array{Elem: sp.Elem, Len: len(str) + 1}}
			for _, b := range append(slices.Clone(str), 0) {
				chars.Elems = append(chars.Elems, ir.Literal{T: sp.Elem, Bits: uint64(b)})
			}
			arr.Elems = append(arr.Elems, ir.Literal{T: pt.Elem, Ref: &chars})
		}
		arr.Elems = append(arr.Elems, ir.Literal{T: pt.Elem})
		return ir.Literal{T: t, Ref: &arr}
	}
	es := p.bits / 8
	n := len(v.buf) / es
	arr := ir.Literal{T: ir.Array{Elem: pt.Elem, Len: n}}
	for i := 0; i < n; i++ {
		b := append(slices.Clone(v.buf[i*es:i*es+es]), make([]byte, 8-es)...)
		x := binary.LittleEndian.Uint64(b)
		arr.Elems = append(arr.Elems, ir.Literal{T: pt.Elem, Bits: x})
	}
	return ir.Literal{T: t, Ref: &arr}
}
