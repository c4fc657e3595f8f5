package cbridge

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/internal/proc"
	"modernc.org/cc/v4"
)

// A File is a C file lowered to IR: the functions that could be lowered,
// and an error for each function that could not (a construct outside
// integer C, a syntax or type error in its body).
type File struct {
	Path    string
	Funcs   []*ir.Func   // in source order
	Globals []*ir.Global // the globals the functions use, in order of first use
	Errors  []error      // each an *Error, in source order
	// Unlowered are the functions whose parameters and result have IR
	// types but whose bodies could not be lowered (an unsupported
	// construct, a call of a function that could not be lowered), in
	// source order, without blocks: Explore searches them on the code gcc
	// compiles. Each has its Errors entry, also in FuncInfo.Unsupported.
	Unlowered []*ir.Func
}

// An Error is a problem at one place of a C file, in function Func when
// it is inside one. It prints as "file:line:col: func: message".
type Error struct {
	Pos  ir.Pos
	Func string
	Msg  string
}

func (e *Error) Error() string {
	if e.Func == "" {
		return fmt.Sprintf("%s: %s", e.Pos, e.Msg)
	}
	return fmt.Sprintf("%s: %s: %s", e.Pos, e.Func, e.Msg)
}

// FuncInfo is the C side of a lowered function, held in ir.Func.Src: what
// the harness needs to declare and call it.
type FuncInfo struct {
	Def *cc.FunctionDefinition
	// ParamTypes and ResultType spell the C types of the parameters and
	// the result ("void" for none) as the harness declares them: typedefs
	// and enums replaced by the integer type they stand for.
	ParamTypes []string
	ResultType string
	// Stream says how the function, or a function it calls, reads
	// standard input: characters (getc, fgetc, getchar), numbers
	// (scanf "%d"), or not at all.
	Stream StreamKind
	// Static says that the function, or a function it calls, keeps state
	// in a static local variable that is not const: each case runs in a
	// child process, so that it starts from the initial state the
	// generation assumed, whatever the cases before it did.
	Static bool
	// Stdin says that the function, or a function it calls, reads
	// standard input.
	Stdin bool
	// Files says that the function, or a function it calls, reads
	// characters from a FILE * other than stdin (getc(fp)): the stream
	// holds its contents, which the harness passes to each FILE *
	// parameter that is not NULL (one stream for all of them).
	Files bool
	// Inexact says that the function, or a function it calls, calls a
	// libm function whose result pbcc knows only within an ulp (log,
	// exp, sin, ...): the harness compares doubles within a relative
	// 1e-9.
	Inexact bool
	// Unsupported, for a function of File.Unlowered, says why its body
	// could not be lowered.
	Unsupported string

	params []cc.Type
	// unread marks the parameters the body never names: a call may
	// pass any value there (see builder.argsTo).
	unread []bool
	result cc.Type
	unit   *unitInfo
}

// StreamKind is how a function reads standard input.
type StreamKind int

const (
	NoStream     StreamKind = 0
	CharStream   StreamKind = 1 // getc(stdin), fgetc(stdin), getchar(): one i32 per character, -1 at the end
	NumberStream StreamKind = 2 // scanf("%d", &x): one i32 per number, -1 at the end
	MixedStream             = CharStream | NumberStream
)

// maxRetries bounds how many broken functions Load sets aside before it
// gives up on a file.
const maxRetries = 20

// host is the host C compiler's configuration, asked once per process:
// cc.NewConfig runs the compiler twice (its predefined macros, its
// include paths), which cost more than the parse of a small unit.
var host struct {
	once sync.Once
	cfg  *cc.Config
	err  error
}

// hostConfig returns a copy of the host configuration that Load may
// change without touching the one kept.
func hostConfig() (*cc.Config, error) {
	host.once.Do(func() { host.cfg, host.err = cc.NewConfig("", "", "-std=c11") })
	if host.err != nil {
		return nil, host.err
	}
	c := *host.cfg
	c.IncludePaths = slices.Clip(c.IncludePaths)
	c.SysIncludePaths = slices.Clip(c.SysIncludePaths)
	return &c, nil
}

// Load parses and type-checks the C file at path with cc/v4, using the
// host C compiler's predefined macros and include paths, and lowers each
// function definition to IR. A function with an unsupported construct, or
// with a syntax or type error in its body, yields an entry in
// File.Errors; the others are still lowered. Load returns an error only
// when the file cannot be read, or cannot be parsed even with the broken
// function bodies set aside.
func Load(path string) (f *File, err error) {
	defer func() {
		// cc or the lowering outside a function (a bug either way): an
		// error naming the file, not a crash of the whole run.
		if r := recover(); r != nil {
			f, err = nil, fmt.Errorf("%s: internal error (a bug of pbcc): %v", path, r)
		}
	}()
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if err := cutShort(path, src); err != nil {
		return nil, err
	}
	// The unit is read as the harness compiles it (CFlags: -std=c11):
	// without GNU's extensions to the headers, a legacy unit may define
	// its own getline (the Siemens suite's replace does).
	cfg, err := hostConfig()
	if err != nil {
		return nil, fmt.Errorf("%s: configuring the C front end: %w", path, err)
	}
	if len(IncludeDirs) > 0 {
		cfg.IncludePaths = append(append([]string{}, IncludeDirs...), cfg.IncludePaths...)
		cfg.SysIncludePaths = append(append([]string{}, IncludeDirs...), cfg.SysIncludePaths...)
	}
	lib, err := loadLibc(cfg)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err) // a bug of pbcc's
	}
	file := &File{Path: path}
	text := append([]byte(nil), src...)
	var ast *cc.AST
	for try := 0; ; try++ {
		ast, err = translate(cfg, path, text)
		if err == nil {
			break
		}
		// Set aside the body of each function a diagnostic points into,
		// keeping its prototype, and try again.
		diags := parseDiagnostics(err.Error())
		bodies := functionBodies(text)
		progress := false
		for _, d := range diags {
			if d.Pos.File != path || try >= maxRetries {
				continue
			}
			for _, fb := range bodies {
				if d.offset(text) < fb.open || d.offset(text) > fb.close || fb.blanked {
					continue
				}
				fb.blanked = true
				progress = true
				e := &Error{Pos: d.Pos, Func: fb.name, Msg: d.Msg}
				file.Errors = append(file.Errors, e)
				text[fb.open] = ';'
				for i := fb.open + 1; i <= fb.close; i++ {
					if text[i] != '\n' {
						text[i] = ' '
					}
				}
			}
		}
		if !progress {
			return nil, fmt.Errorf("%s", placeErrors(err.Error(), path, src))
		}
	}
	broken := map[string]bool{}
	for _, e := range file.Errors {
		broken[e.(*Error).Func] = true
	}
	lowerAll(file, ast, path, src, broken, lib)
	sort.SliceStable(file.Errors, func(i, j int) bool {
		a, b := file.Errors[i].(*Error).Pos, file.Errors[j].(*Error).Pos
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	return file, nil
}

// translate parses and type-checks text, the file at path, with cc/v4.
// cc's parser panics on some broken files (a brace missing in a K&R
// definition): gcc's diagnostics of the same text are then the error, so
// that the bodies they point into are set aside as for cc's own, and the
// user reads where the file is broken.
func translate(cfg *cc.Config, path string, text []byte) (ast *cc.AST, err error) {
	defer func() {
		if r := recover(); r != nil {
			ast = nil
			if diags := gccDiagnostics(path, text); diags != "" {
				err = errors.New(diags)
			} else {
				err = fmt.Errorf("%s: internal error of the C front end (modernc.org/cc/v4) on a file gcc accepts: %v", path, r)
			}
		}
	}()
	return cc.Translate(cfg, []cc.Source{
		{Name: "<predefined>", Value: cfg.Predefined},
		{Name: "<builtin>", Value: cc.Builtin},
		{Name: path, Value: text},
	})
}

// gccDiagnostics returns gcc's error lines on text, the file at path
// (path:line:col: message, as cc/v4 writes them), or "" when gcc reports
// no error or cannot be run.
func gccDiagnostics(path string, text []byte) string {
	args := append(compileFlags(context.Background()), "-fsyntax-only", "-I", filepath.Dir(path), "-x", "c", "-")
	cmd := proc.Command(context.Background(), "gcc", args...)
	cmd.Stdin = bytes.NewReader(append([]byte(fmt.Sprintf("# 1 %q\n", path)), text...))
	out, _ := cmd.CombinedOutput()
	var errs []string
	for _, l := range strings.Split(string(out), "\n") {
		if m := diagRE.FindStringSubmatch(l); m != nil && m[1] == path && strings.HasPrefix(m[4], "error: ") {
			errs = append(errs, strings.Replace(l, "error: ", "", 1))
		}
	}
	return strings.Join(errs, "\n")
}

// lowerAll lowers the function definitions of ast that are in path, a
// call of a library function to a call of its model in lib (see
// loadLibc). A function that calls one that could not be lowered cannot
// be lowered either: the executor expands calls.
func lowerAll(file *File, ast *cc.AST, path string, src []byte, broken map[string]bool, lib map[string]*ir.Func) {
	u := newUnit(path, src, broken)
	u.lib = lib
	u.info.uchar = ast.UChar
	funcs := u.funcs
	var order []*ir.Func
	var defs []*cc.FunctionDefinition
	for tu := ast.TranslationUnit; tu != nil; tu = tu.TranslationUnit {
		ed := tu.ExternalDeclaration
		if ed.Case == cc.ExternalDeclarationDecl && ed.Declaration != nil {
			for l := ed.Declaration.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
				if id := l.InitDeclarator; id != nil && id.Initializer != nil && id.Declarator != nil {
					u.inits[id.Declarator.Name()] = id.Initializer
				}
			}
		}
		if ed.Case != cc.ExternalDeclarationFuncDef {
			continue
		}
		fd := ed.FunctionDefinition
		if fd.Declarator.Position().Filename != path {
			continue // defined in a header
		}
		f, err := u.signatureOf(fd)
		if err != nil {
			file.Errors = append(file.Errors, err)
			broken[fd.Declarator.Name()] = true
			continue
		}
		funcs[f.Name] = f
		order = append(order, f)
		defs = append(defs, fd)
	}
	for _, fd := range defs {
		inspect(fd, func(n cc.Node) bool {
			if pe, ok := n.(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionIdent && pe.Token.SrcStr() == "ungetc" {
				u.ungetc = true
			}
			return !u.ungetc
		})
	}
	undefinedFuncs(u, ast, path)
	u.info.state = unitState(ast, path)
	failed := map[string]bool{}
	why := map[string]error{} // the error of each failed function
	calls := map[*ir.Func]map[string]cc.Node{}
	for i, f := range order {
		b := &builder{u: u, path: path, src: src, funcs: funcs, broken: broken, info: f.Src.(*FuncInfo), fn: f}
		if err := b.lower(defs[i]); err != nil {
			file.Errors = append(file.Errors, err)
			failed[f.Name] = true
			why[f.Name] = err
			continue
		}
		calls[f] = b.callees
	}
	for changed := true; changed; {
		changed = false
		for _, f := range order {
			if failed[f.Name] {
				continue
			}
			for _, name := range sortedKeys(calls[f]) {
				if failed[name] {
					b := &builder{path: path, fn: f}
					err := &Error{Pos: b.pos(calls[f][name]), Func: f.Name,
						Msg: fmt.Sprintf("unsupported: call to %s, which could not be lowered", name)}
					file.Errors = append(file.Errors, err)
					failed[f.Name] = true
					why[f.Name] = err
					changed = true
					break
				}
			}
		}
	}
	// A function reads standard input, and keeps static state, as its
	// callees do.
	for changed := true; changed; {
		changed = false
		for _, f := range order {
			info := f.Src.(*FuncInfo)
			for name := range calls[f] {
				if g := funcs[name]; g != nil {
					gi := g.Src.(*FuncInfo)
					if s := info.Stream | gi.Stream; s != info.Stream {
						info.Stream = s
						changed = true
					}
					if gi.Static && !info.Static {
						info.Static = true
						changed = true
					}
					if gi.Stdin && !info.Stdin {
						info.Stdin = true
						changed = true
					}
					if gi.Files && !info.Files {
						info.Files = true
						changed = true
					}
					if gi.Inexact && !info.Inexact {
						info.Inexact = true
						changed = true
					}
				}
			}
		}
	}
	for _, f := range order {
		if failed[f.Name] {
			file.Unlowered = append(file.Unlowered, unlowered(f, why[f.Name]))
			continue
		}
		if f.Src.(*FuncInfo).Stream == MixedStream {
			file.Errors = append(file.Errors, &Error{Pos: f.Pos, Func: f.Name,
				Msg: "unsupported: reading standard input both by characters and with scanf"})
			continue
		}
		if info := f.Src.(*FuncInfo); info.Stdin && info.Files {
			file.Errors = append(file.Errors, &Error{Pos: f.Pos, Func: f.Name,
				Msg: "unsupported: reading both standard input and a FILE *"})
			continue
		}
		file.Funcs = append(file.Funcs, f)
	}
	// The candidates when a function pointer is an input: the functions
	// of the file.
	for _, f := range file.Funcs {
		f.Siblings = file.Funcs
	}
	markInputs(u, file.Funcs)
	file.Globals = u.info.Globals
}

// unlowered returns f without its blocks, for File.Unlowered, with err,
// the reason its body could not be lowered.
func unlowered(f *ir.Func, err error) *ir.Func {
	g := *f
	g.Blocks = nil
	info := *f.Src.(*FuncInfo)
	info.Unsupported = err.Error()
	if e, ok := err.(*Error); ok {
		info.Unsupported = e.Msg
	}
	// Its body is not known: it may change any variable of static
	// storage the unit has, so its cases run in a child each when there
	// is one.
	info.Stream, info.Stdin, info.Files, info.Static = NoStream, false, false, info.unit.state
	g.Src = &info
	return &g
}

// unitState reports whether the file at path declares a variable of
// static storage that is not const (at file scope, or a static local):
// state a call may leave changed for the calls after it.
func unitState(ast *cc.AST, path string) bool {
	state := false
	for tu := ast.TranslationUnit; tu != nil && !state; tu = tu.TranslationUnit {
		ed := tu.ExternalDeclaration
		if ed == nil {
			continue
		}
		inspect(ed, func(n cc.Node) bool {
			if _, member := n.(*cc.StructDeclaration); member || state {
				return false // a struct's members are no variables
			}
			d, ok := n.(*cc.Declarator)
			if !ok {
				return true
			}
			if d.Position().Filename != path || d.IsTypename() || d.IsParam() || d.IsConst() {
				return true
			}
			if t := d.Type(); t == nil || t.Kind() == cc.Function {
				return true
			}
			if d.IsStatic() || hasLinkage(d) {
				state = true
			}
			return !state
		})
	}
	return state
}

// hasLinkage reports whether d has external or internal linkage; cc's
// Linkage panics on some declarators without a scope (the parameters of
// a function pointer's type), which have none.
func hasLinkage(d *cc.Declarator) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	l := d.Linkage()
	return l == cc.External || l == cc.Internal
}

// undefinedFuncs records in u.info.undefined the functions the file at
// path uses (calls, takes the address of) but does not define, declared
// in the file, in a header beside it or implicitly: another unit of the
// program defines them. Those a system header declares are the C
// library's, which links. It records in u.info.undefinedVars, the same
// way, the variables of external linkage the file uses that no
// declaration of the translation unit defines (gzip's util.c uses
// gzip.c's globals through gzip.h's extern declarations): the harness
// defines them, weak, so that it links.
func undefinedFuncs(u *unit, ast *cc.AST, path string) {
	defined := map[string]bool{}
	for tu := ast.TranslationUnit; tu != nil; tu = tu.TranslationUnit {
		switch ed := tu.ExternalDeclaration; ed.Case {
		case cc.ExternalDeclarationFuncDef:
			defined[ed.FunctionDefinition.Declarator.Name()] = true
		case cc.ExternalDeclarationDecl:
			if ed.Declaration == nil {
				continue
			}
			for l := ed.Declaration.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
				if d := l.InitDeclarator.Declarator; d != nil && d.Type() != nil && d.Type().Kind() != cc.Function && !d.IsTypename() && (!d.IsExtern() || l.InitDeclarator.Initializer != nil) {
					defined[d.Name()] = true
				}
			}
		}
	}
	own := func(name string) bool { return name == path || besideUnit(path, name) }
	for tu := ast.TranslationUnit; tu != nil; tu = tu.TranslationUnit {
		ed := tu.ExternalDeclaration
		if ed.Position().Filename != path {
			continue
		}
		inspect(ed, func(n cc.Node) bool {
			pe, ok := n.(*cc.PrimaryExpression)
			if !ok || pe.Case != cc.PrimaryExpressionIdent {
				return true
			}
			d, ok := pe.ResolvedTo().(*cc.Declarator)
			if !ok || d.Type() == nil || !own(d.Position().Filename) || defined[d.Name()] {
				return true
			}
			switch {
			case d.Type().Kind() == cc.Function:
				u.info.undefined[d.Name()] = true
			case d.IsExtern() && !d.IsTypename() && d.Linkage() == cc.External:
				u.info.undefinedVars[d.Name()] = d.Type().Kind() == cc.Array && d.Type().(*cc.ArrayType).IsIncomplete()
			}
			return true
		})
	}
}

// besideUnit reports whether the file name (a header the unit includes)
// is in the directory of the unit at path.
func besideUnit(path, name string) bool {
	a, err1 := filepath.Abs(filepath.Dir(path))
	b, err2 := filepath.Abs(filepath.Dir(name))
	return err1 == nil && err2 == nil && a == b
}

// markInputs sets Input on each global a lowered function may read before
// writing it: conservatively, any global that is not const-qualified and
// that some function uses otherwise than as the direct target of a store.
func markInputs(u *unit, funcs []*ir.Func) {
	for _, f := range funcs {
		for _, blk := range f.Blocks {
			for _, in := range blk.Instrs {
				for i, v := range in.Operands() {
					g, ok := v.(*ir.Global)
					if !ok || u.info.consts[g] || u.info.hidden[g] {
						continue
					}
					if st, ok := in.(*ir.Store); ok && i == 0 && st.Ptr == g {
						continue
					}
					g.Input = true
				}
			}
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// signatureOf makes the ir.Func of fd, without blocks: parameters and
// result must have IR types (see unit.irType). An array parameter is the
// pointer C makes of it.
func (u *unit) signatureOf(fd *cc.FunctionDefinition) (*ir.Func, error) {
	path := u.path
	d := fd.Declarator
	p := d.Position()
	f := &ir.Func{Name: d.Name(), Pos: ir.Pos{File: path, Line: p.Line, Col: p.Column}, Lang: ir.C}
	fail := func(n cc.Node, format string, args ...any) error {
		q := n.Position()
		return &Error{Pos: ir.Pos{File: path, Line: q.Line, Col: q.Column}, Func: f.Name,
			Msg: "unsupported: " + fmt.Sprintf(format, args...)}
	}
	ft, ok := d.Type().(*cc.FunctionType)
	if !ok {
		return nil, fail(d, "function of type %s", d.Type())
	}
	if ft.IsVariadic() {
		return nil, fail(d, "variadic function")
	}
	info := &FuncInfo{Def: fd, unit: u.info}
	// The names the body mentions: a parameter whose name it never
	// mentions is unread (cc's read counts miss K&R parameters).
	used := map[string]bool{}
	inspect(fd.CompoundStatement, func(n cc.Node) bool {
		if pe, ok := n.(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionIdent {
			used[pe.Token.SrcStr()] = true
		}
		return true
	})
	for i, prm := range params(ft) {
		t := prm.Type().Decay()
		it, ok := u.irType(t)
		if !ok {
			var n cc.Node = d
			if prm.Declarator != nil {
				n = prm.Declarator
			}
			return nil, fail(n, "parameter %s of %s", prm.Name(), kindName(t))
		}
		name := prm.Name()
		if name == "" {
			name = "arg" + strconv.Itoa(i)
		}
		f.Params = append(f.Params, ir.NewParam(name, it))
		info.params = append(info.params, t)
		info.unread = append(info.unread, !used[name])
		info.ParamTypes = append(info.ParamTypes, cType(t))
	}
	rt := ft.Result()
	info.result = rt
	info.ResultType = "void"
	if rt.Kind() != cc.Void {
		it, ok := u.irType(rt)
		if !ok {
			return nil, fail(d, "result of %s", kindName(rt))
		}
		f.Results = []ir.Type{it}
		info.ResultType = cType(rt)
	}
	f.Src = info
	return f, nil
}

// ---- Recovering from errors ----

// cutShort reports a file that ends inside a declarator, after a "*" or a
// type qualifier: cc/v4's parser loops there for ever (typeQualifierList
// does not stop at the end of the file). The error names the last token.
func cutShort(path string, src []byte) error {
	end := len(src)
	for {
		for end > 0 && strings.ContainsRune(" \t\r\n\f\v", rune(src[end-1])) {
			end--
		}
		if end >= 2 && string(src[end-2:end]) == "*/" {
			if i := strings.LastIndex(string(src[:end-2]), "/*"); i >= 0 {
				end = i
				continue
			}
		}
		break
	}
	last := ""
	switch {
	case end > 0 && src[end-1] == '*':
		last = "*"
	default:
		for _, q := range []string{"const", "volatile", "restrict", "_Atomic", "__restrict"} {
			if strings.HasSuffix(string(src[:end]), q) && (end == len(q) || !isIdentByte(src[end-len(q)-1])) {
				last = q
			}
		}
	}
	if last == "" {
		return nil
	}
	line, col := 1, 1
	for _, c := range src[:end-len(last)] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return fmt.Errorf("%s:%d:%d: unexpected end of file after %q", path, line, col, last)
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// placeErrors rewrites cc's error text for the file at path, whose content
// is src: a message cc could not place ("-: unexpected <EOF>", at the
// end of a truncated file) is placed at the end of the file, and a
// message repeated is given once.
func placeErrors(text, path string, src []byte) string {
	line, col := 1, 1
	for _, c := range src {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	end := fmt.Sprintf("%s:%d:%d: ", path, line, col)
	var out []string
	seen := map[string]bool{}
	at := "" // the position of the last message placed
	for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
		l = ccOrigin.ReplaceAllString(l, "")
		if rest, ok := strings.CutPrefix(l, "-: "); ok {
			l = end + rest
		}
		if m := diagRE.FindStringSubmatch(l); m != nil {
			at = fmt.Sprintf("%s:%s:%s: ", m[1], m[2], m[3])
		} else if strings.TrimSpace(l) != "" {
			// cc gave up without a position ("TODO ... internal
			// error"): at the last place it named, else the end.
			if at == "" {
				at = end
			}
			l = at + "the C front end (cc/v4) fails here: " + strings.TrimSpace(strings.TrimPrefix(l, "TODO "))
		}
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// A diagnostic is one message of cc's error list.
type diagnostic struct {
	Pos ir.Pos
	Msg string
}

var diagRE = regexp.MustCompile(`(?m)^(.+?):(\d+):(\d+): (.*)$`)

// ccOrigin is the place in cc/v4's own source some of its messages end
// with, " (check.go:2713:check:)": no use to a user.
var ccOrigin = regexp.MustCompile(` \([a-z0-9_]+\.go:\d+:[A-Za-z0-9_.]*:\)`)

// parseDiagnostics splits cc's error text into its "file:line:col: msg"
// lines.
func parseDiagnostics(s string) []diagnostic {
	var ds []diagnostic
	for _, m := range diagRE.FindAllStringSubmatch(s, -1) {
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		ds = append(ds, diagnostic{Pos: ir.Pos{File: m[1], Line: line, Col: col}, Msg: ccOrigin.ReplaceAllString(m[4], "")})
	}
	return ds
}

// offset returns the byte offset of d's position in text.
func (d diagnostic) offset(text []byte) int {
	line := 1
	for i, c := range text {
		if line == d.Pos.Line {
			return i + d.Pos.Col - 1
		}
		if c == '\n' {
			line++
		}
	}
	return len(text)
}

// A body is the { } of a function definition at file scope.
type body struct {
	name        string
	open, close int // offsets of the braces
	blanked     bool
}

// functionBodies finds the function bodies of a C file by scanning its
// text: a "{" at file scope right after a ")" opens one. Comments, string
// and character literals and preprocessor lines are skipped. It is a
// heuristic for error recovery only.
func functionBodies(src []byte) []*body {
	var bodies []*body
	depth, paren := 0, 0
	var lastSig byte // the last significant character at file scope
	lastIdent, name := "", ""
	var cur *body
	bol := true
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\n':
			bol = true
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			continue
		case bol && c == '#':
			for i < len(src) && (src[i] != '\n' || src[i-1] == '\\') {
				i++
			}
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			i += 2
			for i+1 < len(src) && !(src[i] == '*' && src[i+1] == '/') {
				i++
			}
			i++
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			i--
			continue
		case c == '"' || c == '\'':
			for i++; i < len(src) && src[i] != c; i++ {
				if src[i] == '\\' {
					i++
				}
			}
		}
		bol = false
		switch {
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i
			for j < len(src) && (src[j] == '_' || src[j] >= 'a' && src[j] <= 'z' || src[j] >= 'A' && src[j] <= 'Z' || src[j] >= '0' && src[j] <= '9') {
				j++
			}
			if depth == 0 && paren == 0 {
				lastIdent = string(src[i:j])
			}
			i = j - 1
		case c == '(':
			if depth == 0 && paren == 0 {
				name = lastIdent
			}
			paren++
		case c == ')':
			paren--
		case c == '{':
			if depth == 0 && paren == 0 && lastSig == ')' {
				cur = &body{name: name, open: i}
			}
			depth++
		case c == '}':
			depth--
			if depth == 0 && cur != nil {
				cur.close = i
				bodies = append(bodies, cur)
				cur = nil
			}
		}
		if depth == 0 {
			lastSig = c
		}
	}
	return bodies
}
