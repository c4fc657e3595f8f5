package ssaexec

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pbcc/pbcc/gen/ir"
)

var update = flag.Bool("update", false, "rewrite golden files")

// loadTestdata loads every package of ../testdata/go for the tests of
// this file.
func loadTestdata(t *testing.T) (root string, pkgs []*Package) {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err = Load(root, "./testdata/go/...")
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return root, pkgs
}

// printPkg returns the printed form of pkg's functions and errors, with the
// file names made relative to root so that goldens do not depend on the
// machine.
func printPkg(root string, pkg *Package) string {
	var s strings.Builder
	for _, f := range pkg.Funcs {
		fmt.Fprintf(&s, "// file %s\n%s\n", f.File, f.IR)
	}
	for _, err := range pkg.Errors {
		fmt.Fprintf(&s, "// error %v\n", err)
	}
	return strings.ReplaceAll(s.String(), root+string(filepath.Separator), "")
}

func TestGolden(t *testing.T) {
	root, pkgs := loadTestdata(t)
	golden(t, root, "go", pkgs)
}

// TestGolden4 checks the lowering of ../testdata/go4: programs whose
// constructs (maps, errors, runes, min, max, copy, cap) the executor may
// not run end to end yet, kept out of cmd/pbcc's test.
func TestGolden4(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := Load(root, "./testdata/go/...", "./testdata/go4/...")
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	golden(t, root, "go4", pkgs)
}

// golden compares the printed lowering of every package of
// ../testdata/<dir> with testdata/[<dir>/]<name>.ir.golden.
func golden(t *testing.T, root, dir string, pkgs []*Package) {
	dirs, err := filepath.Glob(filepath.Join(root, "testdata", dir, "*"))
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*Package{}
	for _, p := range pkgs {
		byName[p.Name] = p
	}
	goldens := "testdata"
	if dir != "go" {
		goldens = filepath.Join("testdata", dir)
	}
	for _, d := range dirs {
		name := filepath.Base(d)
		t.Run(name, func(t *testing.T) {
			pkg := byName[name]
			if pkg == nil {
				t.Fatalf("package %s not loaded", name)
			}
			for _, f := range pkg.Funcs {
				if err := ir.Check(f.IR); err != nil {
					t.Error(err)
				}
			}
			// What the lowering refuses is in the golden (printPkg):
			// only testdata/go/unmodelled is meant to have any.
			got := printPkg(root, pkg)
			golden := filepath.Join(goldens, name+".ir.golden")
			if *update {
				if err := os.MkdirAll(goldens, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs; got:\n%s", golden, got)
			}
		})
	}
}

// TestPackage checks Package's fields, the order of Funcs and the sharing
// of callees' IR.
func TestPackage(t *testing.T) {
	root, pkgs := loadTestdata(t)
	var cc *Package
	for _, p := range pkgs {
		if p.Name == "callcond" {
			cc = p
		}
	}
	if cc == nil {
		t.Fatal("callcond not loaded")
	}
	if want := "github.com/pbcc/pbcc/testdata/go/callcond"; cc.Path != want {
		t.Errorf("Path = %q, want %q", cc.Path, want)
	}
	if want := filepath.Join(root, "testdata", "go", "callcond"); cc.Dir != want {
		t.Errorf("Dir = %q, want %q", cc.Dir, want)
	}
	var names []string
	funcs := map[string]*Func{}
	for _, f := range cc.Funcs {
		names = append(names, f.IR.Name)
		funcs[f.IR.Name] = f
		if f.IR.Src != f.SSA {
			t.Errorf("%s: IR.Src is not SSA", f.IR.Name)
		}
		if want := filepath.Join(cc.Dir, "callcond.go"); f.File != want {
			t.Errorf("%s: File = %q, want %q", f.IR.Name, f.File, want)
		}
	}
	if got, want := strings.Join(names, " "), "callcond.F callcond.G callcond.CallCond callcond.DivMod callcond.Split callcond.Compare"; got != want {
		t.Errorf("Funcs = %s, want %s", got, want)
	}
	calls := 0
	for _, b := range funcs["callcond.CallCond"].IR.Blocks {
		for _, in := range b.Instrs {
			if c, ok := in.(*ir.Call); ok {
				calls++
				if funcs[c.Callee.Name] == nil || c.Callee != funcs[c.Callee.Name].IR {
					t.Errorf("call of %s does not share the callee's Func.IR", c.Callee.Name)
				}
			}
		}
	}
	if calls != 2 {
		t.Errorf("CallCond has %d calls, want 2", calls)
	}
}

// writeModule writes a module example.com/m with the given files into a
// temporary directory and returns it.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module example.com/m\n\ngo 1.26\n"
	for name, src := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// unsupportedSrc declares one function per unsupported construct beside
// functions that lower; TestUnsupported lists the errors expected.
const unsupportedSrc = `package m

import (
	"bytes"; "errors"
	"fmt"
	"os"
	"strconv"
)

func Half(x float64) float64 { return x / 2 }

func Name(n int) int {
	s := strconv.Itoa(n)
	return len(s)
}

func Good(a int) int {
	if a > 0 {
		return 1
	}
	return 0
}

type P struct{ X int }

func Keys(m map[[2]int]int) int { return len(m) }

func MakeMap(n int) int {
	m := map[float64]int{}
	m[float64(n)] = 1
	return n
}

func Closure(a int) int {
	f := func() int { return a }
	return f()
}

func Iface(a int) int {
	var v any = a
	return v.(int)
}

func Err(a int) error { return nil }

func Caller(a int) int {
	if Bad(a) > 0 {
		return 1
	}
	return 0
}

func Bad(a int) int { return len(os.Getenv("A")) }

func (p P) Method() int { return p.X }

func MethodValue(p P) int {
	f := p.Method
	return f()
}

func Deferred(a int) int {
	defer Good(a)
	return a
}

func Args() int { return len(os.Args) }

func Recover(a int) (r int) {
	defer func() { recover() }()
	return a
}

const debug = false

func Const(a int) int {
	if debug || a > 0 {
		return 1
	}
	return 0
}

func Consts(a int) int {
	if debug {
		a++
	}
	if !debug {
		return 1
	}
	return 0
}

func Runes(s string) int {
	n := 0
	for _, r := range s {
		n += int(r)
	}
	return n
}

func FromBytes(b []byte) string { return string(b) }

func FromRune(r rune) string { return string(r) }

func Cap(s []int) int { return cap(s) }

func Copy(d, s []int) int { return copy(d, s) }

func Min(a, b float64) float64 { return min(a, b) }

func Full(s []int) []int { return s[0:1:2] }

func Complex(c complex128) bool { return c == 0 }

type Bad2 struct {
	E error
}

func BadField(b *Bad2) bool { return b != nil }

func Anon(a int) int {
	f := func(x int) int { return x + 1 }
	return f(a)
}

var ErrX = errors.New("x")

func Is(err error) bool { return errors.Is(err, ErrX) }

func Errorf(n int) error { return fmt.Errorf("bad %d", n) }

func Wrap(err error) error { return fmt.Errorf("ctx: %w", err) }

type MyErr struct{}

func (*MyErr) Error() string { return "my" }

func Custom() error { return &MyErr{} }

type Stringer interface{ String() string }

func Str(s Stringer) string { return s.String() }

func ToRunes(s string) int { return len([]rune(s)) }

func Format(f string) error { return fmt.Errorf(f) }

func Widen(s Stringer) any { return s }

func ToStringer(v any) bool {
	_, ok := v.(Stringer)
	return ok
}

func Same(a, b any) bool { return a == b }

func Slice(s []int) any { return s }

type Namer interface{ Name() string }

type Base struct{}

func (Base) Name() string { return "base" }

type Derived struct{ Base }

func CallName(n Namer) string { return n.Name() }

func AsMyErr(err error) bool {
	_, ok := err.(*MyErr)
	return ok
}

func ErrAny(err error) any { return err }

func As(err error) bool {
	var e *MyErr
	return errors.As(err, &e)
}

func Indexed(n int) error { return fmt.Errorf("%[1]d", n) }

func JoinAll(errs []error) error { return errors.Join(errs...) }

func Point(p struct{ X int }) error { return fmt.Errorf("%v", p) }

type Code int

func (Code) String() string { return "code" }

func Coded(c Code) error { return fmt.Errorf("%v", c) }

func MaybeNil(e *MyErr) error { return e }

func first[T any](xs []T) T { return xs[0] }

func UseFirst(xs []int) int { return first(xs) }

type LoopErr struct{ s string }

func (e LoopErr) Error() string { return e.s[count(e.s):] }

func count(s string) int {
	n := 0
	for range s {
		n++
	}
	return n
}

func Looping(s string) error { return LoopErr{s} }

func DeferLoop(n int) {
	for i := 0; i < n; i++ {
		defer Good(i)
	}
}

func DeferSome(a int) int {
	if a > 0 {
		defer Good(a)
	}
	return a
}

func DeferDelete(m map[int]int) { defer delete(m, 1) }

func Buf(n int) string { var b bytes.Buffer; fmt.Fprintf(&b, "%d!", n); return b.String() }

func ToStdout(n int) { fmt.Fprintf(os.Stdout, "%d", n) }

func Written(n int) int { var b bytes.Buffer; k, _ := fmt.Fprint(&b, n); return k }

// A return before the defer statement runs no deferred call: lowered.
func DeferAfter(a int) int {
	if a < 0 {
		return 0
	}
	defer Good(a)
	return a
}

type stateFn func(int) stateFn

func Lex(f stateFn) int {
	if f == nil {
		return 0
	}
	return 1
}

// Wrapper reaches itself through Job, which Sched implements: lowered
// first, within Apply's parameters, it must not leave Sched without a
// type (robfig/cron's JobWrapper and Cron).
type Job interface{ Run() }

type Wrapper func(Job) Job

func Apply(w Wrapper, j Job) Job {
	if w == nil {
		return j
	}
	return w(j)
}

type Sched struct {
	ws []Wrapper
	n  int
}

func (s *Sched) Len() int {
	if s.n > 0 {
		return len(s.ws)
	}
	return 0
}

func (s *Sched) Run() {}
`

func TestUnsupported(t *testing.T) {
	dir := writeModule(t, map[string]string{"m.go": unsupportedSrc})
	pkgs, err := Load(dir, ".")
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if len(pkgs) != 1 {
		t.Fatalf("%d packages, want 1", len(pkgs))
	}
	pkg := pkgs[0]
	var lowered []string
	for _, f := range pkg.Funcs {
		lowered = append(lowered, f.IR.Name)
	}
	if got, want := strings.Join(lowered, " "), "m.Half m.Name m.Good m.Keys m.MakeMap m.Closure m.Iface m.Err m.P.Method m.MethodValue m.Deferred m.Const m.Runes m.FromBytes m.FromRune m.Cap m.Copy m.Full m.BadField m.Anon m.Is m.Errorf m.Wrap m.MyErr.Error m.Custom m.Str m.ToRunes m.Widen m.ToStringer m.Slice m.Base.Name m.CallName m.Indexed m.Point m.Code.String m.Coded m.UseFirst m.LoopErr.Error m.count m.Buf m.DeferAfter m.Apply m.Sched.Len m.Sched.Run"; got != want {
		t.Errorf("lowered %s, want %s", got, want)
	}
	want := []string{ // file:line:col: func: unsupported: construct, in position order
		`m.go:47:5: m.Caller: unsupported: call of m.Bad, which cannot be lowered (m.go:53:34: m.Bad: unsupported: call of os.Getenv (not in pbcc's table of standard library functions: pure functions of numbers, bools, strings and byte slices))`,
		`m.go:53:34: m.Bad: unsupported: call of os.Getenv (not in pbcc's table of standard library functions: pure functions of numbers, bools, strings and byte slices)`,
		`m.go:67:30: m.Args: unsupported: package-level variable os.Args (standard library not modelled yet)`,
		`m.go:70:2: m.Recover: unsupported: defer statement of a function that calls recover`,
		`m.go:83:6: m.Consts: unsupported: constant condition`,
		`m.go:109:41: m.Min: unsupported: call of builtin min on floats (NaN and signed zeros are not modelled by a comparison)`,
		`m.go:113:14: m.Complex: unsupported: parameter c: complex128 value (complex numbers are not modelled)`,
		`m.go:146:38: m.Format: unsupported: call of fmt.Errorf with a format that is not a constant`,
		`m.go:155:35: m.Same: unsupported: comparison of any values, which may hold a []int (not comparable: Go panics)`,
		`m.go:170:11: m.AsMyErr: unsupported: type assertion of an error to *m.MyErr (only errors made by errors.New and fmt.Errorf are modelled)`,
		`m.go:174:6: m.ErrAny: unsupported: conversion of error to interface any (errors are not modelled as interface values)`,
		`m.go:178:9: m.As: unsupported: call of errors.As (errors of types of the program are not modelled; use errors.Is with a sentinel)`,
		`m.go:183:43: m.JoinAll: unsupported: call of errors.Join: the arguments are a slice, not a list of values`,
		`m.go:193:6: m.MaybeNil: unsupported: conversion of *m.MyErr to error: a pointer that may be nil (only &T{...} is modelled)`,
		`m.go:195:6: m.first: unsupported: type parameters (tested as first[int])`,
		`m.go:211:6: m.Looping: unsupported: conversion of m.LoopErr to error: its Error method loops (in count)`,
		`m.go:215:3: m.DeferLoop: unsupported: defer statement in a loop`,
		`m.go:221:3: m.DeferSome: unsupported: defer statement on some paths only`,
		`m.go:226:35: m.DeferDelete: unsupported: defer statement of builtin delete`,
		`m.go:230:24: m.ToStdout: unsupported: call of fmt.Fprintf to a writer other than a *strings.Builder or *bytes.Buffer`,
		`m.go:232:55: m.Written: unsupported: use of the results of fmt.Fprint (the length written and nil; drop them)`,
		`m.go:245:10: m.Lex: unsupported: parameter f: m.stateFn value (a function type that refers to itself is not modelled)`,
	}
	if len(pkg.Errors) != len(want) {
		t.Errorf("%d errors, want %d:", len(pkg.Errors), len(want))
	}
	for i, err := range pkg.Errors {
		msg := strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), "")
		if i >= len(want) {
			t.Errorf("extra error %s", msg)
			continue
		}
		if msg != want[i] {
			t.Errorf("error %d:\n got %s\nwant %s", i, msg, want[i])
		}
		var u *UnsupportedError
		if !errors.As(err, &u) {
			t.Errorf("error %d is a %T, not an *UnsupportedError", i, err)
		}
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name, src string
		want      string // a regexp the error must match
	}{
		{"syntax", "package m\n\nfunc F(a int) int {\n\treturn a +\n}\n", `m\.go:5:1: `},
		{"type", "package m\n\nfunc F(a int) string {\n\treturn a\n}\n", `m\.go:4:9: .*cannot use a`},
		{"import", "package m\n\nimport \"example.com/nowhere\"\n\nvar _ = nowhere.X\n", `m\.go:3:8: .*nowhere`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeModule(t, map[string]string{"m.go": tt.src})
			pkgs, err := Load(dir, ".")
			if err == nil {
				t.Fatalf("Load succeeded with %d packages, want an error", len(pkgs))
			}
			if !regexp.MustCompile(tt.want).MatchString(err.Error()) {
				t.Errorf("error %q does not match %q", err, tt.want)
			}
		})
	}
}

// TestTestFilesSkipped checks that _test.go files are not loaded.
func TestTestFilesSkipped(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"m.go":      "package m\n\nfunc F(a int) int { return a }\n",
		"m_test.go": "package m\n\nfunc G(a int) int { return a }\n",
	})
	pkgs, err := Load(dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(pkgs[0].Funcs); n != 1 || pkgs[0].Funcs[0].IR.Name != "m.F" {
		t.Errorf("Funcs = %v, want only m.F", pkgs[0].Funcs)
	}
}

// TestCrossPackage checks that a callee in another package of the module
// is lowered too, and that one outside the module is not.
func TestCrossPackage(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"a/a.go": "package a\n\nimport \"example.com/m/b\"\n\n// F calls b.Twice.\nfunc F(x int8) int8 {\n\tif b.Twice(x) > 3 {\n\t\treturn 1\n\t}\n\treturn 0\n}\n",
		"b/b.go": "package b\n\n// Twice doubles x.\nfunc Twice(x int8) int8 { return 2 * x }\n",
	})
	pkgs, err := Load(dir, "./a")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 || len(pkgs[0].Funcs) != 1 || len(pkgs[0].Errors) != 0 {
		t.Fatalf("got %d packages, want a with F lowered: %+v", len(pkgs), pkgs)
	}
	f := pkgs[0].Funcs[0].IR
	var callee *ir.Func
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if c, ok := in.(*ir.Call); ok {
				callee = c.Callee
			}
		}
	}
	if callee == nil || callee.Name != "b.Twice" || len(callee.Blocks) == 0 {
		t.Fatalf("callee = %v, want b.Twice lowered", callee)
	}
	if err := ir.Check(callee); err != nil {
		t.Error(err)
	}
}

// loadedFuncs returns the lowered functions of the testdata by IR name.
func loadedFuncs(t *testing.T) map[string]*ir.Func {
	t.Helper()
	_, pkgs := loadTestdata(t)
	funcs := map[string]*ir.Func{}
	for _, p := range pkgs {
		for _, f := range p.Funcs {
			funcs[f.IR.Name] = f.IR
		}
	}
	return funcs
}

// instrs returns the instructions of f (terminators included) that are
// of type T.
func instrs[T any](f *ir.Func) []T {
	var out []T
	for _, b := range f.Blocks {
		for _, in := range append(append([]ir.Instr(nil), b.Instrs...), b.Term) {
			if x, ok := in.(T); ok {
				out = append(out, x)
			}
		}
	}
	return out
}

// TestStructIdentity checks that one Go struct type is one *ir.Struct,
// which a field may point back to.
func TestStructIdentity(t *testing.T) {
	funcs := loadedFuncs(t)
	lenT := funcs["list.Len"].Params[0].T.(ir.Pointer).Elem.(*ir.Struct)
	pushT := funcs["list.Push"].Results[0].(ir.Pointer).Elem.(*ir.Struct)
	if lenT != pushT {
		t.Errorf("list.Node is two structs: %p, %p", lenT, pushT)
	}
	if lenT.Name != "Node" || len(lenT.Fields) != 2 || lenT.Fields[1].Name != "Next" {
		t.Fatalf("Node = %+v", lenT)
	}
	if next := lenT.Fields[1].T.(ir.Pointer).Elem; next != lenT {
		t.Errorf("Node.Next points to %v, not to Node itself", next)
	}
	area := funcs["shapes.Area"].Params[0].T.(*ir.Struct)
	if area.Fields[0].T != area.Fields[1].T {
		t.Errorf("Rect.Min and Rect.Max have different structs")
	}
}

// TestGlobals checks the globals: one per variable, Init from a constant
// initializer, Input when read; string constants are constants, not
// globals.
func TestGlobals(t *testing.T) {
	funcs := loadedFuncs(t)
	globals := map[string]*ir.Global{}
	for _, name := range []string{"counter.Next", "counter.Reset", "counter.Label", "strval.Greet"} {
		f := funcs[name]
		if f == nil {
			t.Fatalf("%s not lowered", name)
		}
		for _, b := range f.Blocks {
			for _, in := range append(append([]ir.Instr(nil), b.Instrs...), b.Term) {
				for _, v := range in.Operands() {
					if g, ok := v.(*ir.Global); ok {
						if old, seen := globals[g.Name()]; seen && old != g {
							t.Errorf("%s is two globals", g.Name())
						}
						globals[g.Name()] = g
					}
				}
			}
		}
	}
	// By default a global holds the value the package gives it: none is
	// an input (LoadWith with Globals makes them inputs: TestGlobalInits).
	tests := []struct {
		name  string
		input bool
		init  string // the Init literal printed, "" for none
	}{
		{"@count", false, ""},
		{"@limit", false, "3"},
	}
	for _, tt := range tests {
		g := globals[tt.name]
		if g == nil {
			t.Errorf("global %s not found", tt.name)
			continue
		}
		if g.Input != tt.input {
			t.Errorf("%s.Input = %v, want %v", tt.name, g.Input, tt.input)
		}
		init := ""
		if g.Init != nil {
			init = g.Init.String()
		}
		if init != tt.init {
			t.Errorf("%s.Init = %s, want %s", tt.name, init, tt.init)
		}
	}
	for name := range globals {
		if strings.HasPrefix(name, `@"`) {
			t.Errorf("string constant lowered as global %s", name)
		}
	}
	if g := globals["@count"]; g != nil && (g.Ident() != "count" || !g.Pos.IsValid()) {
		t.Errorf("@count: Ident %q, Pos %v", g.Ident(), g.Pos)
	}
}

// TestFuncValues checks that a named function used as a value is a
// FuncRef to the callee's own Func, and that a call of a function value
// is a CallIndirect.
func TestFuncValues(t *testing.T) {
	funcs := loadedFuncs(t)
	calls := instrs[*ir.Call](funcs["funcparam.Evens"])
	if len(calls) != 1 {
		t.Fatalf("Evens has %d calls, want 1", len(calls))
	}
	ref, ok := calls[0].Args[1].(*ir.FuncRef)
	if !ok || ref.Func != funcs["funcparam.IsEven"] {
		t.Errorf("second argument = %v, want a FuncRef to funcparam.IsEven's Func", calls[0].Args[1])
	}
	if got, want := ref.Type().String(), funcs["funcparam.Count"].Params[1].T.String(); got != want {
		t.Errorf("FuncRef type %s, parameter type %s", got, want)
	}
	if n := len(instrs[*ir.CallIndirect](funcs["funcparam.Count"])); n != 1 {
		t.Errorf("Count has %d indirect calls, want 1", n)
	}
}

// TestPanicValues checks that a constant panic value is kept.
func TestPanicValues(t *testing.T) {
	funcs := loadedFuncs(t)
	tests := []struct{ fn, want string }{
		{"strval.Greet", `"empty name"`},
		{"shapes.Check", "1"},
	}
	for _, tt := range tests {
		ps := instrs[*ir.Panic](funcs[tt.fn])
		if len(ps) != 1 || ps[0].X == nil {
			t.Errorf("%s: panics %v, want one with a value", tt.fn, ps)
			continue
		}
		got := ""
		switch x := ps[0].X.(type) {
		case *ir.Const:
			got = x.String()
		}
		if got != tt.want {
			t.Errorf("%s: panic value %s, want %s", tt.fn, got, tt.want)
		}
	}
}

// loadedFuncs4 returns the lowered functions of testdata/go4 by IR name.
func loadedFuncs4(t *testing.T) map[string]*ir.Func {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := Load(root, "./testdata/go/...", "./testdata/go4/...")
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	funcs := map[string]*ir.Func{}
	for _, p := range pkgs {
		for _, f := range p.Funcs {
			funcs[f.IR.Name] = f.IR
		}
	}
	return funcs
}

// TestSentinels checks that an error variable set by errors.New is a
// global of type Error with the error literal as Init, not an input.
func TestSentinels(t *testing.T) {
	funcs := loadedFuncs4(t)
	found := map[string]*ir.Global{}
	for _, name := range []string{"parsebool.ParseBool", "parsebool.Describe", "parsebool.Get"} {
		for _, ld := range instrs[*ir.Load](funcs[name]) {
			if g, ok := ld.Ptr.(*ir.Global); ok {
				found[g.Ident()] = g
			}
		}
	}
	for name, msg := range map[string]string{"ErrEmpty": "empty value", "ErrSyntax": "invalid syntax", "ErrNotFound": "not found"} {
		g := found[name]
		if g == nil {
			t.Errorf("%s not loaded", name)
			continue
		}
		if _, ok := g.T.(ir.Error); !ok {
			t.Errorf("%s of type %s, want error", name, g.T)
		}
		if g.Input {
			t.Errorf("%s is an input", name)
		}
		if g.Init == nil || g.Init.Nil || g.Init.Str != msg {
			t.Errorf("%s.Init = %v, want errors.New(%q)", name, g.Init, msg)
		}
	}
}

// TestRangeIter checks the branch of range loops over strings and maps:
// the for keyword, "range x", the true edge starts an iteration that
// decodes a rune or reads an entry.
func TestRangeIter(t *testing.T) {
	funcs := loadedFuncs4(t)
	tests := []struct {
		fn, text string
		line     int
		first    string // the type of the first instruction of the body
	}{
		{"runeclass.FirstNonASCII", "range s", 30, "*ir.DecodeRune"},
		{"runeclass.First", "range s", 54, "*ir.DecodeRune"},
		{"wordfreq.Top", "range counts", 49, "*ir.MapEntry"},
		{"wordfreq.Positive", "range set", 84, "*ir.MapEntry"},
	}
	for _, tt := range tests {
		f := funcs[tt.fn]
		if f == nil {
			t.Errorf("%s not lowered", tt.fn)
			continue
		}
		var ifs []*ir.If
		for _, in := range instrs[*ir.If](f) {
			if in.Text == tt.text {
				ifs = append(ifs, in)
			}
		}
		if len(ifs) != 1 {
			t.Errorf("%s: %d branches %q, want 1", tt.fn, len(ifs), tt.text)
			continue
		}
		in := ifs[0]
		if in.Pos.Line != tt.line || in.Pos.Col != 2 {
			t.Errorf("%s: %q at %v, want line %d col 2", tt.fn, tt.text, in.Pos, tt.line)
		}
		body := in.Block().Succs[0]
		if len(body.Instrs) == 0 || fmt.Sprintf("%T", body.Instrs[0]) != tt.first {
			t.Errorf("%s: body starts with %v, want a %s", tt.fn, body.Instrs, tt.first)
		}
	}
}

// globalsSrc declares package-level variables initialised in the ways
// initLiteral follows, and two it cannot tell.
const globalsSrc = `package m

type Shape interface{ Area() int }

type Circle struct{ R int }

func (c Circle) Area() int { return c.R }

type Config struct {
	A int
	B string
	C []int
}

var rates = map[string]int{"FR": 20}
var xs = []int{1, 2}
var cfg = Config{A: 1, B: "x", C: []int{3}}
var pcfg = &Config{A: 2}
var Default Shape = Circle{R: 1}
var arr = [3]int{1, 2, 3}
var count int
var lim = 3
var computed = len(xs) * 2

func init() { lim = 4 }

func Rates(c string) int { return rates[c] }
func Xs() []int          { return xs }
func Cfg() Config        { return cfg }
func PCfg() *Config      { return pcfg }
func Def() Shape         { return Default }
func Arr() [3]int        { return arr }
func Count() int         { return count }
func Lim() int           { return lim }
func Computed() int      { return computed }
`

// TestGlobalInits checks the initial values of package-level variables
// (initLiteral): constants and composite literals of constants are
// followed; a variable set by a func init or computed makes a function
// that reads it unsupported, unless -globals (LoadWith) makes the
// variables inputs.
func TestGlobalInits(t *testing.T) {
	dir := writeModule(t, map[string]string{"m.go": globalsSrc})
	for _, inputs := range []bool{false, true} {
		pkgs, err := LoadWith(dir, Options{Globals: inputs}, ".")
		if err != nil {
			t.Fatal(err)
		}
		var errs []string
		for _, e := range pkgs[0].Errors {
			errs = append(errs, e.Error())
		}
		globals := map[string]*ir.Global{}
		for _, f := range pkgs[0].Funcs {
			for _, ld := range instrs[*ir.Load](f.IR) {
				if g, ok := ld.Ptr.(*ir.Global); ok {
					globals[g.Ident()] = g
				}
			}
		}
		if inputs {
			if len(errs) > 0 {
				t.Errorf("with Globals: errors %v", errs)
			}
			for name, g := range globals {
				if !g.Input {
					t.Errorf("with Globals: %s is not an input", name)
				}
			}
			continue
		}
		for name, want := range map[string]string{
			"rates":   `{{"FR", 20}}`,
			"xs":      "{1, 2}",
			"cfg":     `{1, "x", {3}}`,
			"pcfg":    `&{2, "", nil}`,
			"Default": "Circle({1})",
			"arr":     "{1, 2, 3}",
			"count":   "<nil>",
		} {
			g := globals[name]
			if g == nil {
				t.Errorf("%s not loaded", name)
				continue
			}
			if g.Input {
				t.Errorf("%s is an input", name)
			}
			got := "<nil>"
			if g.Init != nil {
				got = g.Init.String()
			}
			if got != want {
				t.Errorf("%s.Init = %s, want %s", name, got, want)
			}
		}
		wantErrs := []string{
			"m.go:34:35: m.Lim: unsupported: package-level variable lim, whose initial value pbcc cannot tell: a func init sets it (pbcc gen -globals makes it an input)",
			"m.go:35:35: m.Computed: unsupported: package-level variable computed, whose initial value pbcc cannot tell: its initial value is computed (BinOp) (pbcc gen -globals makes it an input)",
		}
		for i := range errs {
			errs[i] = filepath.Base(errs[i])
		}
		if !slices.Equal(wantErrs, errs) {
			t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(errs, "\n"), strings.Join(wantErrs, "\n"))
		}
	}
}

// closureSrc has a function literal with a range loop over a slice, an
// expression switch and a type switch: conditions go/ssa synthesises,
// whose positions are found in the literal's own syntax (jsonparser's
// EachKey$1 ranges over a captured slice).
const closureSrc = `package m

func Count(xs []int, vs []any) int {
	n := 0
	each := func() {
		for _, x := range xs {
			switch x {
			case 1:
				n++
			}
		}
		for _, v := range vs {
			switch v.(type) {
			case int:
				n++
			}
		}
	}
	each()
	return n
}
`

// TestClosureBranches checks that the branches of a function literal
// that go/ssa synthesises (a range loop over a slice, the cases of a
// switch) get their source position and text, as in a declared function.
func TestClosureBranches(t *testing.T) {
	dir := writeModule(t, map[string]string{"m.go": closureSrc})
	pkgs, err := Load(dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range pkgs[0].Errors {
		t.Errorf("unsupported: %v", e)
	}
	var lit *ir.Func
	for _, f := range pkgs[0].Funcs {
		for _, c := range instrs[*ir.MakeClosure](f.IR) {
			lit = c.Fn
		}
	}
	if lit == nil {
		t.Fatal("m.Count$1 not lowered")
	}
	var got []string
	for _, in := range instrs[*ir.If](lit) {
		got = append(got, fmt.Sprintf("%d:%d %s", in.Pos.Line, in.Pos.Col, in.Text))
	}
	slices.Sort(got)
	want := []string{"12:3 range vs", "14:9 v.(int)", "6:3 range xs", "8:9 x == 1"}
	if !slices.Equal(got, want) {
		t.Errorf("branches of m.Count$1: %q, want %q", got, want)
	}
}
