package emit

import (
	"bytes"
	"fmt"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/template"
	"unicode"
	"unicode/utf8"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/ssaexec"
	"github.com/pbcc/pbcc/ssaexec/generic"
	"github.com/pbcc/pbcc/templates"
)

const (
	testingPath = "testing"
	cmpPath     = "github.com/google/go-cmp/cmp"
	cmpoptsPath = "github.com/google/go-cmp/cmp/cmpopts"
)

var goTestTemplate = template.Must(template.New(templates.GoTest).
	Funcs(template.FuncMap{
		"join":    strings.Join,
		"comment": func(row string) bool { return strings.HasPrefix(row, "//") }, // a row left out, a note
	}).
	ParseFS(templates.FS, templates.GoTest))

// The views are what the template renders: every name, type and literal is
// decided before rendering.
type (
	fileView struct {
		Header       []string // comment lines, "//" included
		Package      string
		Imports      [][]importView // groups: standard library first
		Testing, Cmp string         // the names the imports are bound to
		Fmt, Strings string
		Oracle       bool // the tests record what the calls do (see Oracle)
		Tests        []testView
	}
	importView struct{ Name, Path string } // Name is empty for the default
	testView   struct {
		Name         string // TestTritypPBCC
		T, Tests, TT string // local names
		Fields       []fieldView
		Rows         []string // {name: "L4_a<=0_true", a: 0, want: 4}
		Gots         []string // the variables the results are assigned to
		Call         string   // Trityp(tt.a, tt.b, tt.c)
		Checks       []checkView
		Setup        []string     // statements before the table: shared objects
		Globals      []globalView // the variables each case sets
		Env          []envView    // the environment variables each case sets
		Stdout       *stdoutView  // nil when what the call prints is not checked
		InDir        *inDirView   // set when each case runs in a new empty directory
		Exit         *exitView    // set when the call runs in a process of its own
		Panic        *panicView   // nil when no case panics
		Unstable     string       // tt.unstable: a case whose results are not checked; "" for none
		LeftOut      string       // why the table is left out; then only Name is set
		Oracle       *oracleView  // set when the file records instead of checking
	}
	// oracleView is what a test of an oracle file records: the results
	// (Got), whether the call returned (Done), the parameters after it.
	oracleView struct {
		Got, Done  string
		Gots, Args []string
	}
	fieldView struct{ Names, Type, Comment string }
	// asView checks that errors.As finds, in the error, a value of the
	// package's type Type equal to the field Want (*Want when Deref).
	asView struct {
		Want, Var, Type, Func, Cmp, Diff, Wrong, Format string
		Deref                                           bool
		Opts                                            []string
	}
	checkView struct {
		Err                  bool     // an error, compared by message
		Is, IsFunc, IsWrong  string   // an error: the field of the sentinel it must wrap, errors.Is, the message
		As                   []asView // an error: the values of the package's types errors.As must find
		Diff, Cmp, Want, Got string
		Opts                 []string // cmp.Diff's options
		Format, Wrong        string   // Wrong: for Err, when a message is wanted
		Args                 []string
	}
	// globalView is a package-level variable a subtest saves (a copy of
	// its contents with Clone), restores after the call, and sets to
	// Field when Field is set.
	globalView struct{ Var, Old, Field, Clone string }
	// inDirView makes a subtest run in a new empty directory (t.TempDir)
	// and set the working directory (Wd) and the environment (Env) back
	// after it: the function reads and writes files by name (Func.Files)
	// and may change the environment.
	// Files, when set, is the case's field of the files to make there
	// before the call (Filepath, Name, Text: the import and the loop's
	// locals).
	inDirView struct{ Os, Strings, Wd, Env, Err, KV, I, Files, Filepath, Name, Text string }
	// envView is an environment variable a subtest sets (t.Setenv) to
	// Field for the call.
	envView struct{ Key, Field string }
	// stdoutView sends os.Stdout (Os is the import's name) to File, a
	// new file, for the call (Old holds os.Stdout), then reads what the
	// call wrote there into Printed.
	stdoutView struct{ Os, Old, File, Err, Printed string }
	// exitView runs the call of a function that may end the process in a
	// process of its own (the test binary, the subtest selected, the
	// variable PBCC_EXIT_CASE set) and keeps its exit status, what it
	// printed and what it wrote to standard error. Os, Exec, Strings,
	// Regexp, Errors are the imports' names, the others local names.
	exitView struct {
		Os, Exec, Strings, Regexp, Errors         string
		Cmd, Stdout, Stderr, Status, Err, ExitErr string
		Call                                      string // the call of the function
		// Args, for a program's main, is the field of its command line;
		// Flag the import's name, Flags and Fl local names: the process
		// parses its flags from a flag.CommandLine of its own.
		Args, Flag, Flags, Fl string
	}
	panicView struct {
		Want, R, Msg, NoPanic, Wrong string
		Args                         []string
	}
)

// File renders the test file for the functions declared in one source file
// of package pkgName: results are theirs, in source order; cmd is the pbcc
// command line to record in the header (already normalised by the caller).
// The output is gofmt-clean and deterministic. Every result's Func.Src must
// be the *ssa.Function of a package-level function or method of pkgName.
func File(pkgName string, results []*gen.Result, cmd string) ([]byte, error) {
	return renderFile(&generator{imports: map[string]string{}}, pkgName, results, cmd)
}

func renderFile(g *generator, pkgName string, results []*gen.Result, cmd string) ([]byte, error) {
	fv := fileView{Package: pkgName, Header: []string{Header}}
	if cmd = strings.Join(strings.Fields(cmd), " "); cmd != "" {
		fv.Header = append(fv.Header, "// "+cmd)
	}
	fv.Header = append(fv.Header, "//")

	funcs := make([]*function, len(results))
	for i, r := range results {
		f, err := g.function(pkgName, r)
		if err != nil {
			return nil, err
		}
		funcs[i] = f
		if g.state == "" {
			g.state = stateName(f.fn.Prog.Fset.Position(f.fn.Pos()).Filename, g.pkg)
		}
	}

	// The tests are built twice: first to learn the imports they use, then,
	// with the imports named, for good, so that the locals can keep clear
	// of the imports' names. A function whose table cannot be written is
	// left out (f.leftOut), a case that cannot be written too
	// (f.leftOutCases): the rest of the file is still written.
	for _, f := range funcs {
		if len(f.r.Cases) > 0 && f.leftOut == "" {
			_, _ = g.test(f, map[string]bool{}) // the second building reports what fails
		}
	}
	fv.Imports = g.bindImports()
	if g.oracle || g.record {
		// The names of the second pass are the ones written.
		g.refs, g.tests = map[[2]string]CaseRef{}, map[string]*gen.Result{}
	}
	fv.Testing, fv.Cmp = g.imports[testingPath], g.imports[cmpPath]
	fv.Fmt, fv.Strings = g.imports["fmt"], g.imports["strings"]
	fv.Oracle = g.oracle

	var omitted []Omission
	testNames := map[string]bool{}
	for _, f := range funcs {
		if len(f.r.Cases) == 0 {
			continue
		}
		name := ""
		if f.leftOut == "" {
			tv, err := g.test(f, testNames)
			if err == nil {
				if g.tests != nil {
					g.tests[tv.Name] = f.r
				}
				fv.Tests = append(fv.Tests, tv)
				for _, lc := range f.leftOutCases {
					omitted = append(omitted, Omission{Pos: f.pos(), Func: f.name, Case: lc.name, Reason: lc.reason})
				}
				continue
			}
			f.leftOut = oneLine(strings.TrimPrefix(err.Error(), "emit: "+f.name+": "))
			name = tv.Name
		}
		if name == "" {
			name = testName(f, testNames)
		}
		fv.Tests = append(fv.Tests, testView{Name: name, LeftOut: f.leftOut})
		omitted = append(omitted, Omission{Pos: f.pos(), Func: f.name, Reason: f.leftOut})
	}

	// The header says what the tests written were made to cover.
	for _, f := range funcs {
		line, err := claimLine(f.name, f.written())
		if err != nil {
			return nil, err
		}
		fv.Header = append(fv.Header, line)
		if f.r.Approximation != "" {
			fv.Header = append(fv.Header, "//\t"+dropLines(oneLine(f.r.Approximation))+".")
		}
	}

	var buf bytes.Buffer
	if err := goTestTemplate.Execute(&buf, fv); err != nil {
		return nil, fmt.Errorf("emit: rendering the tests of package %s: %w", pkgName, err)
	}
	out, err := format.Source(addStateDecl(buf.Bytes(), g.state))
	if err != nil {
		return nil, fmt.Errorf("emit: the tests generated for package %s do not parse: %w\n%s", pkgName, err, numbered(buf.Bytes()))
	}
	if out, err = dropUnusedImports(out); err != nil || len(omitted) == 0 {
		return out, err
	}
	return out, &OmittedError{Omitted: omitted}
}

// An Omission is a function, or a case of one, that File left out of the
// tests because it could not write it; the rest of the file is written.
type Omission struct {
	Pos    string // the function's declaration: file:line
	Func   string // "Trityp", "Celsius.Abs"
	Case   string // the case's name; "" when the whole table is left out
	Reason string
}

func (o Omission) String() string {
	if o.Case == "" {
		return fmt.Sprintf("%s: %s: no tests written: %s", o.Pos, o.Func, o.Reason)
	}
	return fmt.Sprintf("%s: %s: case %s left out: %s", o.Pos, o.Func, o.Case, o.Reason)
}

// OmittedError is the error of File when it wrote the file but left out
// some functions' tables or some cases, each with a comment in the file
// saying why. File returns the file with it.
type OmittedError struct{ Omitted []Omission }

func (e *OmittedError) Error() string {
	lines := make([]string, len(e.Omitted))
	for i, o := range e.Omitted {
		lines[i] = "emit: " + o.String()
	}
	return strings.Join(lines, "\n")
}

// oneLine puts s on one line, for a comment or a message.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// dropUnusedImports removes the imports src does not use. The imports are
// learnt from a first building of the tests, which may name a package for
// a literal or an option it does not write in the end; an unused import
// does not compile, so the file itself is the judge.
func dropUnusedImports(src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("emit: the generated tests do not parse: %w", err)
	}
	type unused struct{ name, path string }
	var drop []unused // deleting changes f.Imports: collected first
	for _, imp := range f.Imports {
		path, err := strconv.Unquote(imp.Path.Value)
		if err != nil || astutil.UsesImport(f, path) {
			continue
		}
		u := unused{path: path}
		if imp.Name != nil {
			u.name = imp.Name.Name
		}
		drop = append(drop, u)
	}
	for _, u := range drop {
		astutil.DeleteNamedImport(fset, f, u.name, u.path)
	}
	if len(drop) == 0 {
		return src, nil
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, f); err != nil {
		return nil, fmt.Errorf("emit: printing the generated tests: %w", err)
	}
	return buf.Bytes(), nil
}

func numbered(src []byte) string {
	var b strings.Builder
	for i, l := range strings.Split(string(src), "\n") {
		fmt.Fprintf(&b, "%5d  %s\n", i+1, l)
	}
	return b.String()
}

// A generator holds what is shared by the tables of one file.
type generator struct {
	pkg     *types.Package        // the package under test, once known
	state   string                // the name of the file's fmt.State type (state.go)
	oracle  bool                  // the file records what the calls do (Oracle)
	record  bool                  // fill refs and tests (FileRefs)
	refs    map[[2]string]CaseRef // the case of each (test, case name), for Oracle and FileRefs
	tests   map[string]*gen.Result
	imports map[string]string // import path -> name bound in the file
	taken   map[string]bool   // names locals must avoid: package scope and imports
}

// function is one function under test, as its signature shows it.
type function struct {
	r       *gen.Result
	fn      *ssa.Function
	sig     *types.Signature
	name    string            // as in the header: "Trityp", "Celsius.Abs"
	recv    bool              // params[0] is the receiver
	inst    *generic.Instance // the instance tested, for a generic function; else nil
	params  []value
	results []value

	// leftOut, when set, says why the function's table cannot be written;
	// leftOutCases are the cases its last building left out.
	leftOut      string
	leftOutCases []leftOutCase
	kept         []gen.Case // the cases its last building wrote
}

// A leftOutCase is a case a table leaves out, with a comment saying why.
type leftOutCase struct {
	name, reason string
	c            *gen.Case
}

// pos returns the position of f's declaration: file:line.
func (f *function) pos() string {
	p := f.fn.Prog.Fset.Position(f.fn.Pos())
	if !p.IsValid() {
		return f.r.Func.Pos.String()
	}
	return fmt.Sprintf("%s:%d", p.Filename, p.Line)
}

// written returns f's result as far as the file's tests cover it: its
// cases are those written, and an edge covered only by cases left out (or
// by any case, when the whole table is) is not covered: the header must
// not claim what no test was made to cover.
func (f *function) written() *gen.Result {
	if f.leftOut == "" && len(f.leftOutCases) == 0 {
		return f.r
	}
	r := *f.r
	r.Cases = f.kept
	r.Edges = append([]gen.EdgeStatus(nil), f.r.Edges...)
	covers := func(c *gen.Case, e ir.Edge) bool {
		return c.Goal == e || slices.Contains(c.Covers, e)
	}
	for i, s := range r.Edges {
		if s.Outcome != gen.Covered {
			continue
		}
		detail := ""
		if f.leftOut != "" {
			detail = "no tests written: " + f.leftOut
		}
		for _, lc := range f.leftOutCases {
			if detail == "" && covers(lc.c, s.Edge) {
				detail = "its case " + lc.name + " is left out: " + lc.reason
			}
		}
		for j := range f.kept {
			if f.leftOut == "" && covers(&f.kept[j], s.Edge) {
				detail = ""
			}
		}
		if detail != "" {
			r.Edges[i] = gen.EdgeStatus{Edge: s.Edge, Outcome: gen.Unsupported, K: s.K, Detail: detail}
		}
	}
	return &r
}

type value struct {
	name string // "" or "_" when not named
	t    types.Type
}

func (g *generator) function(pkgName string, r *gen.Result) (*function, error) {
	if r == nil || r.Func == nil {
		return nil, fmt.Errorf("emit: a result of package %s has no function", pkgName)
	}
	fn, ok := r.Func.Src.(*ssa.Function)
	inst, _ := r.Func.Src.(*generic.Instance)
	if inst != nil {
		// A generic function: its tests call the instance.
		fn, ok = inst.Fn, true
	}
	if !ok || fn == nil {
		return nil, fmt.Errorf("emit: %s: Func.Src is %T, not an *ssa.Function", r.Func.Name, r.Func.Src)
	}
	if fn.Pkg == nil || fn.Parent() != nil || fn.Synthetic != "" || fn.Object() == nil || fn.Object().Name() == "init" {
		return nil, fmt.Errorf("emit: %s: not a function or method declared in a package", fn)
	}
	pkg := fn.Pkg.Pkg
	if pkg.Name() != pkgName {
		return nil, fmt.Errorf("emit: %s is in package %s, not %s", fn, pkg.Name(), pkgName)
	}
	if g.pkg == nil {
		g.pkg = pkg
	} else if g.pkg.Path() != pkg.Path() {
		return nil, fmt.Errorf("emit: %s is in package %s, not %s", fn, pkg.Path(), g.pkg.Path())
	}
	sig := fn.Signature
	if inst != nil {
		sig = inst.Sig
	}
	f := &function{r: r, fn: fn, sig: sig, name: fn.Name(), inst: inst}
	if sig.TypeParams().Len() > 0 || sig.RecvTypeParams().Len() > 0 {
		f.leftOut = "generic functions are tested through an instance (ssaexec/generic); this one has none"
	}
	if recv := sig.Recv(); recv != nil {
		f.recv = true
		f.name = recvTypeName(recv.Type()) + "." + fn.Name()
		f.params = append(f.params, value{recv.Name(), recv.Type()})
	}
	for v := range sig.Params().Variables() {
		f.params = append(f.params, value{v.Name(), v.Type()})
	}
	for v := range sig.Results().Variables() {
		f.results = append(f.results, value{v.Name(), v.Type()})
	}
	return f, nil
}

func valueTypes(vs []value) []types.Type {
	ts := make([]types.Type, len(vs))
	for i, v := range vs {
		ts[i] = v.t
	}
	return ts
}

func recvTypeName(t types.Type) string {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return types.TypeString(t, func(*types.Package) string { return "" })
}

// qual is the types.Qualifier of the file: before the imports are bound
// (g.taken is nil), it records the packages the tests need; then it names
// them as bound.
func (g *generator) qual(p *types.Package) string {
	if g.pkg != nil && p.Path() == g.pkg.Path() {
		return ""
	}
	if g.taken == nil {
		g.imports[p.Path()] = p.Name()
		return p.Name()
	}
	return g.imports[p.Path()]
}

// useCheck is use for an import only the checks need: an oracle file,
// which has none, does not import it.
func (g *generator) useCheck(path string) string {
	if g.oracle {
		return ""
	}
	return g.use(path)
}

// use returns the name of the import of path, recording that it is needed.
func (g *generator) use(path string) string {
	return g.qual(types.NewPackage(path, path[strings.LastIndexByte(path, '/')+1:]))
}

// bindImports names each import, clear of the package's own names and of
// each other, and returns them in groups: the standard library, the rest.
func (g *generator) bindImports() [][]importView {
	g.taken = map[string]bool{}
	if g.pkg != nil {
		for _, n := range g.pkg.Scope().Names() {
			g.taken[n] = true
		}
	}
	paths := make([]string, 0, len(g.imports))
	for p := range g.imports {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	var std, other []importView
	for _, p := range paths {
		name := g.fresh(g.imports[p], "go")
		g.imports[p] = name
		iv := importView{Path: p}
		if name != p[strings.LastIndexByte(p, '/')+1:] {
			iv.Name = name // the name is not the one the path suggests
		}
		if strings.Contains(strings.SplitN(p, "/", 2)[0], ".") {
			other = append(other, iv)
		} else {
			std = append(std, iv)
		}
	}
	var groups [][]importView
	for _, gr := range [][]importView{std, other} {
		if len(gr) > 0 {
			groups = append(groups, gr)
		}
	}
	return groups
}

// fresh returns base, or base with prefix or a number, whichever first is
// clear of g.taken, and takes it.
func (g *generator) fresh(base, prefix string) string {
	name := base
	if g.taken[name] && prefix != "" {
		name = prefix + base
	}
	for i := 2; g.taken[name]; i++ {
		name = base + strconv.Itoa(i)
	}
	g.taken[name] = true
	return name
}

// local returns base, or base with underscores, whichever first is clear
// of the package's and the imports' names. Locals of different tests do
// not meet, so it does not take the name.
func (g *generator) local(base string) string {
	for g.taken[base] {
		base += "_"
	}
	return base
}

// test builds the table and the loop of one function.
func (g *generator) test(f *function, testNames map[string]bool) (testView, error) {
	exits := f.r.Func.Exits
	if exits && g.oracle {
		return testView{Name: testName(f, testNames)}, fmt.Errorf("emit: %s: it may end the process (os.Exit): its cases run in a process of their own, which the oracle does not record", f.name)
	}
	tv := testView{
		Name:  testName(f, testNames),
		T:     g.local("t"),
		Tests: g.local("tests"),
		TT:    g.local("tt"),
	}
	diff := g.local("diff")
	if f.r.Func.Files {
		tv.InDir = &inDirView{Os: g.use("os"), Strings: g.use("strings"), Wd: g.local("wd"), Env: g.local("env"),
			Err: g.local("wdErr"), KV: g.local("kv"), I: g.local("i")}
	}

	// Field names: the results' first, since their names are fixed.
	used := map[string]bool{"name": true, "tt": true, "got": true, "want": true}
	wants := make([]string, len(f.results))
	gots := make([]string, len(f.results))
	nonErr := 0
	for _, v := range f.results {
		if !isError(v.t) {
			nonErr++
		}
	}
	for i, v := range f.results {
		suffix := ""
		switch {
		case len(f.results) > 1 && named(v.name):
			suffix = capitalize(v.name)
		case isError(v.t):
			suffix = "Err"
		case nonErr > 1:
			suffix = strconv.Itoa(i)
		}
		if suffix != "" && used["want"+suffix] {
			suffix += strconv.Itoa(i)
		}
		wants[i], gots[i] = "want"+suffix, g.local("got"+suffix)
		if suffix == "Err" {
			gots[i] = g.local("err")
		}
		used[wants[i]] = true
	}
	// A result that cannot be compared (a function, a value holding an
	// error) is not checked, and a comment in the table says so; the
	// others are.
	compared := make([]bool, len(f.results))
	resultOpts := make([][]string, len(f.results))
	var notes []string
	// A result that differs from call to call in some case (the clock,
	// randomness) is checked in none; the others still are.
	varies := map[int]bool{}
	for _, c := range f.r.Cases {
		for _, i := range c.Varies {
			varies[i] = true
		}
	}
	for i, v := range f.results {
		why := ""
		switch {
		case exits:
			why = "the call runs in a process of its own (the function may end the process)"
		case varies[i] && !g.oracle:
			why = "it differs from call to call (the clock, randomness, map order)"
		case isError(v.t):
			compared[i] = true
			continue
		default:
			why = g.uncomparable(f, i)
			if why == "" {
				why = g.unwritable(f, i)
			}
		}
		if why == "" {
			opts, err := g.cmpOptions(v.t)
			if err == nil {
				compared[i], resultOpts[i] = true, opts
				continue
			}
			why = err.Error()
		}
		what := "The result"
		if len(f.results) > 1 {
			what = "Result " + strconv.Itoa(i)
			if named(v.name) {
				what = "The result " + v.name
			}
		}
		notes = append(notes, fmt.Sprintf("// %s (%s) is not checked: %s.", what, types.TypeString(v.t, g.qual), why))
		gots[i] = "_"
	}
	fields := make([]string, len(f.params))
	for i, p := range f.params {
		name := p.name
		switch {
		case !named(name) && f.recv && i == 0:
			name = "recv"
		case !named(name):
			name = "arg" + strconv.Itoa(i-btoi(f.recv))
		case used[name]:
			name = "arg" + capitalize(name)
		}
		name = claim(used, name)
		fields[i] = name
	}
	globals, err := g.globals(f, used)
	if err != nil {
		return tv, err
	}
	// The environment variables the function reads are inputs too.
	var envFields []string
	for _, k := range f.r.Func.Env {
		name := "env" + identPart(k)
		name = claim(used, name)
		envFields = append(envFields, name)
		tv.Env = append(tv.Env, envView{Key: strconv.Quote(k), Field: tv.TT + "." + name})
	}
	afters := g.afters(f, fields, used)
	panics := false
	for _, c := range f.r.Cases {
		panics = panics || c.Panic != ""
	}
	if exits {
		// The call runs in a process of its own: what it leaves, and a
		// panic, are not seen (a panicking case is left out).
		afters, panics = nil, false
	}
	g.use(testingPath)
	wantPanic := ""
	if panics {
		wantPanic = claim(used, "wantPanic")
	}
	unstable := ""
	for _, c := range f.r.Cases {
		if c.Unstable && c.Panic == "" && !g.oracle {
			unstable = claim(used, "unstable")
			break
		}
	}

	// What the function prints, and for one that may end the process what
	// it writes to standard error, is checked when the real code told it
	// for every case that returns and whose results are checked (the
	// model does not print).
	knownFor := func(text func(c *gen.Case) *string) bool {
		known, all := false, true
		for i := range f.r.Cases {
			if c := &f.r.Cases[i]; c.Panic == "" && !c.Unstable {
				known = known || text(c) != nil
				all = all && text(c) != nil
			}
		}
		return known && all
	}
	wantStdout, wantStderr, wantExit := "", "", ""
	if (f.r.Func.Stdout || exits) && !g.oracle && knownFor(func(c *gen.Case) *string { return c.Stdout }) {
		wantStdout = claim(used, "wantStdout")
	}
	if exits {
		wantExit = claim(used, "wantExit")
		if knownFor(func(c *gen.Case) *string { return c.Stderr }) {
			wantStderr = claim(used, "wantStderr")
		}
	}

	// The struct type, consecutive fields of one type grouped.
	tv.Fields = append(tv.Fields, fieldView{Names: "name", Type: "string", Comment: "the branch the case was made for"})
	group := func(names []string, ts []types.Type, comments []string) {
		start := len(tv.Fields)
		for i, t := range ts {
			s := types.TypeString(t, g.qual)
			if last := len(tv.Fields) - 1; last >= start && tv.Fields[last].Type == s &&
				tv.Fields[last].Comment == "" && comments[i] == "" {
				tv.Fields[last].Names += ", " + names[i]
				continue
			}
			tv.Fields = append(tv.Fields, fieldView{Names: names[i], Type: s, Comment: comments[i]})
		}
	}
	group(fields, valueTypes(f.params), make([]string, len(fields)))
	if len(globals) > 0 {
		names, ts, comments := make([]string, len(globals)), make([]types.Type, len(globals)), make([]string, len(globals))
		for i, gl := range globals {
			names[i], ts[i] = gl.field, gl.v.Type()
		}
		for i := range comments {
			comments[i] = "package-level variable, set for the call"
		}
		group(names, ts, comments)
	}
	filesField := ""
	if tv.InDir != nil && slices.ContainsFunc(f.r.Cases, func(c gen.Case) bool { return len(c.Files) > 0 }) {
		filesField = claim(used, "files")
		tv.InDir.Files, tv.InDir.Filepath = tv.TT+"."+filesField, g.use("path/filepath")
		tv.InDir.Name, tv.InDir.Text = g.local("name"), g.local("text")
		tv.Fields = append(tv.Fields, fieldView{Names: filesField, Type: "map[string]string",
			Comment: "the files, by name, made in the call's directory before it"})
	}
	argsField := ""
	if f.r.Func.Args {
		argsField = claim(used, "args")
		tv.Fields = append(tv.Fields, fieldView{Names: argsField, Type: "[]string",
			Comment: "the command line after the program's name (os.Args[1:])"})
	}
	if len(envFields) > 0 {
		what := "environment variables "
		if len(envFields) == 1 {
			what = "environment variable "
		}
		tv.Fields = append(tv.Fields, fieldView{Names: strings.Join(envFields, ", "), Type: "string",
			Comment: what + strings.Join(f.r.Func.Env, ", ") + ", set for the call"})
	}
	var resultNames, comments []string
	var resultTypes []types.Type
	for i, v := range f.results {
		if !compared[i] {
			continue
		}
		t, comment := v.t, ""
		if isError(t) {
			t, comment = types.Typ[types.String], `the error's message; "" for none`
		}
		resultNames, resultTypes, comments = append(resultNames, wants[i]), append(resultTypes, t), append(comments, comment)
	}
	group(resultNames, resultTypes, comments)
	// An error result that wraps a sentinel in some case gets a second
	// field: the sentinel, which errors.Is must find in the error.
	isFields := make([]string, len(f.results))
	for i, v := range f.results {
		if !isError(v.t) || !g.wrapsSentinel(f, i) {
			continue
		}
		name := claim(used, wants[i]+"Is")
		isFields[i] = name
		tv.Fields = append(tv.Fields, fieldView{Names: name, Type: types.TypeString(v.t, g.qual),
			Comment: "a sentinel errors.Is finds in the error; nil for none"})
	}
	// An error result that is, or wraps, an error of the package's own
	// type in some case gets a field per type: its expected value.
	asFields := make([][]asField, len(f.results))
	for i, v := range f.results {
		if !isError(v.t) || !compared[i] || g.oracle {
			continue
		}
		as := g.asTypes(f, i)
		for k := range as {
			name := wants[i] + "As"
			if len(as) > 1 {
				name += capitalize(strings.TrimPrefix(as[k].impl, "*"))
			}
			as[k].field = claim(used, name)
			name = as[k].field
			tv.Fields = append(tv.Fields, fieldView{Names: name, Type: types.TypeString(as[k].col, g.qual),
				Comment: "the " + types.TypeString(as[k].t, g.qual) + " errors.As finds in the error; nil for none"})
		}
		asFields[i] = as
	}
	for _, a := range afters {
		tv.Fields = append(tv.Fields, fieldView{Names: a.field, Type: types.TypeString(f.params[a.param].t, g.qual),
			Comment: "what the call leaves in " + pointee(f.params[a.param].t, fields[a.param])})
	}
	if wantExit != "" {
		tv.Fields = append(tv.Fields, fieldView{Names: wantExit, Type: "int", Comment: "the status the call ends the process with (os.Exit); 0 when it returns"})
	}
	if wantStdout != "" {
		tv.Fields = append(tv.Fields, fieldView{Names: wantStdout, Type: "string", Comment: "what the call prints (os.Stdout)"})
	}
	if wantStderr != "" {
		tv.Fields = append(tv.Fields, fieldView{Names: wantStderr, Type: "string", Comment: "what the call writes to os.Stderr"})
	}
	if panics {
		tv.Fields = append(tv.Fields, fieldView{Names: wantPanic, Type: "string",
			Comment: `a prefix of the panic's message; "" for none`})
	}
	if unstable != "" {
		tv.Fields = append(tv.Fields, fieldView{Names: unstable, Type: "bool",
			Comment: "the results cannot be checked (they vary from run to run or from machine to machine: clock, randomness, map order, the user, the environment; or no test can write them): only that the call does not panic is checked"})
		tv.Unstable = tv.TT + "." + unstable
	}

	// The rows, and the objects some of them point to.
	caseNames := map[string]bool{}
	locals := map[string]bool{tv.T: true, tv.Tests: true, tv.TT: true}
	counts := map[string]int{}
	if f.inst != nil && !f.recv {
		notes = append(notes, "// "+f.fn.Name()+" is generic: tested as "+f.inst.Callee(g.qual)+".")
	} else if f.inst != nil {
		notes = append(notes, "// "+f.name+" is a method of a generic type: tested on "+types.TypeString(f.params[0].t, g.qual)+".")
	}
	tv.Rows = append(tv.Rows, notes...)
	f.leftOutCases, f.kept = nil, nil
	for i := range f.r.Cases {
		c := &f.r.Cases[i]
		name := c.Name
		if name == "" {
			name = "call"
			if c.Goal.From != nil {
				name = gen.CaseName(c.Goal)
			}
		}
		// A name go test -run selects as it is (gen.Name), unique in
		// the table: the later of two that collide, in the order of the
		// cases (their goals' positions), gets a number.
		name = gen.Name(name)
		for base, n := name, 2; caseNames[name]; n++ {
			name = base + "_" + strconv.Itoa(n)
		}
		caseNames[name] = true
		row, setup, err := g.row(f, c, name, rowContext{
			fields: fields, wants: wants, isFields: isFields, asFields: asFields, wantPanic: wantPanic, unstable: unstable,
			compared: compared, globals: globals, env: envFields, files: filesField, args: argsField, afters: afters, stdout: wantStdout, stderr: wantStderr, exit: wantExit,
			locals: locals, counts: counts,
		})
		if err != nil {
			// The case cannot be written: the table says so where its row
			// would be, and the others are kept.
			reason := oneLine(err.Error())
			tv.Rows = append(tv.Rows, "// case "+quote(name)+" left out: "+reason)
			f.leftOutCases = append(f.leftOutCases, leftOutCase{name: name, reason: reason, c: c})
			continue
		}
		if len(setup) > 0 {
			if len(tv.Setup) > 0 {
				tv.Setup = append(tv.Setup, "")
			}
			tv.Setup = append(tv.Setup, "// Case "+strconv.Quote(name)+": objects reached by more than one pointer.")
			tv.Setup = append(tv.Setup, setup...)
		}
		tv.Rows = append(tv.Rows, row)
		f.kept = append(f.kept, *c)
		if g.refs != nil {
			g.refs[[2]string{tv.Name, name}] = CaseRef{Result: f.r, Index: i}
		}
	}

	// The call and its checks.
	args := make([]string, len(fields))
	verbs := make([]string, len(fields))
	var argsShown []string
	for i, fl := range fields {
		args[i] = tv.TT + "." + fl
		verbs[i] = verb(f.params[i].t)
		if verbs[i] == "" {
			verbs[i] = fl // a function: vet rejects %v
		} else {
			argsShown = append(argsShown, args[i])
		}
	}
	args0 := append([]string(nil), args...) // every parameter, the receiver first
	callee, shown := f.fn.Name(), f.fn.Name()
	if f.inst != nil && !f.recv {
		callee = f.inst.Callee(g.qual)
	}
	if f.recv {
		callee, shown = args[0]+"."+callee, verbs[0]+"."+shown
		args, verbs = args[1:], verbs[1:]
	}
	if f.sig.Variadic() && len(args) > 0 {
		args[len(args)-1] += "..."
	}
	tv.Call = callee + "(" + strings.Join(args, ", ") + ")"
	shown += "(" + strings.Join(verbs, ", ") + ")"
	olds := map[string]bool{}
	oldName := func(base string) string {
		old := g.local("old" + capitalize(base))
		for b, n := old, 2; olds[old]; n++ {
			old = g.local(b + strconv.Itoa(n))
		}
		olds[old] = true
		return old
	}
	set := map[*types.Var]bool{}
	for _, gl := range globals {
		set[gl.v] = true
		tv.Globals = append(tv.Globals, globalView{Var: gl.expr, Old: oldName(gl.field), Field: tv.TT + "." + gl.field})
	}
	for _, r := range g.changedGlobals(f) {
		if set[r.v] {
			continue // saved and restored already
		}
		gv := globalView{Var: r.v.Name(), Old: oldName(r.v.Name())}
		if r.clone != "" {
			gv.Clone = g.use(r.clone) + ".Clone"
		}
		tv.Globals = append(tv.Globals, gv)
	}
	if panics {
		want := tv.TT + "." + wantPanic
		g.useCheck("fmt")
		g.useCheck("strings")
		tv.Panic = &panicView{
			Want:    want,
			R:       g.local("r"),
			Msg:     g.local("msg"),
			NoPanic: strconv.Quote(shown + " did not panic, want a panic %q"),
			Wrong:   strconv.Quote(shown + " panic = %q, want %q"),
			Args:    argsShown,
		}
	}
	if slices.ContainsFunc(gots, func(g string) bool { return g != "_" }) {
		tv.Gots = gots
	}
	if g.oracle {
		// Pointers to the variables, so that the recorder sees their
		// static types (an error result holding a *T is still an error).
		ov := &oracleView{Got: g.local("pbccGot"), Done: g.local("pbccDone")}
		for _, a := range args0 {
			ov.Args = append(ov.Args, "&"+strings.TrimSuffix(a, "..."))
		}
		for _, v := range gots {
			if v == "_" {
				ov.Gots = append(ov.Gots, "nil") // not compared: not recorded
			} else {
				ov.Gots = append(ov.Gots, "&"+v)
			}
		}
		tv.Oracle = ov
	}
	for i, v := range f.results {
		if !compared[i] {
			continue
		}
		what := shown
		if len(f.results) > 1 {
			if named(v.name) {
				what += " " + v.name
			} else if !isError(v.t) && nonErr > 1 {
				what += " result " + strconv.Itoa(i)
			}
		}
		if isError(v.t) {
			cv := checkView{
				Err:    true,
				Want:   tv.TT + "." + wants[i],
				Got:    gots[i],
				Format: strconv.Quote(what + " error = %v, want nil"),
				Wrong:  strconv.Quote(what + " error = %v, want %q"),
				Args:   argsShown,
			}
			if isFields[i] != "" {
				cv.Is = tv.TT + "." + isFields[i]
				cv.IsFunc = g.useCheck("errors") + ".Is"
				cv.IsWrong = strconv.Quote(what + " error = %v, want an error that wraps %v")
			}
			for _, a := range asFields[i] {
				ts := types.TypeString(a.t, g.qual)
				cv.As = append(cv.As, asView{
					Want:   tv.TT + "." + a.field,
					Deref:  a.col != a.t,
					Var:    g.local("target"),
					Type:   ts,
					Func:   g.useCheck("errors") + ".As",
					Cmp:    g.useCheck(cmpPath),
					Diff:   diff,
					Opts:   a.opts,
					Wrong:  strconv.Quote(what + " error = %v, want an error of type " + ts),
					Format: strconv.Quote(what + " error's " + ts + " mismatch (-want +got):\n%s"),
				})
			}
			tv.Checks = append(tv.Checks, cv)
			continue
		}
		tv.Checks = append(tv.Checks, checkView{
			Diff:   diff,
			Cmp:    g.useCheck(cmpPath),
			Want:   tv.TT + "." + wants[i],
			Got:    gots[i],
			Opts:   resultOpts[i],
			Format: strconv.Quote(what + " mismatch (-want +got):\n%s"),
			Args:   append(append([]string(nil), argsShown...), diff),
		})
	}
	textCheck := func(want, got, what string) {
		tv.Checks = append(tv.Checks, checkView{
			Diff:   diff,
			Cmp:    g.useCheck(cmpPath),
			Want:   tv.TT + "." + want,
			Got:    got,
			Format: strconv.Quote(shown + " " + what + " mismatch (-want +got):\n%s"),
			Args:   append(append([]string(nil), argsShown...), diff),
		})
	}
	switch {
	case exits:
		ev := &exitView{Os: g.use("os"), Exec: g.use("os/exec"), Strings: g.use("strings"), Regexp: g.use("regexp"),
			Errors: g.use("errors"), Cmd: g.local("cmd"), Stdout: g.local("stdout"), Stderr: g.local("stderr"),
			Status: g.local("status"), Err: g.local("err"), ExitErr: g.local("exitErr"), Call: tv.Call}
		if argsField != "" {
			ev.Args, ev.Flag, ev.Flags, ev.Fl = tv.TT+"."+argsField, g.use("flag"), g.local("flags"), g.local("fl")
		}
		tv.Exit = ev
		textCheck(wantExit, ev.Status, "exit status")
		if wantStdout != "" {
			textCheck(wantStdout, ev.Stdout+".String()", "printed")
		}
		if wantStderr != "" {
			textCheck(wantStderr, ev.Stderr+".String()", "standard error")
		}
	case wantStdout != "":
		tv.Stdout = &stdoutView{Os: g.use("os"), Old: g.local("stdout"), File: g.local("stdoutFile"),
			Err: g.local("stdoutErr"), Printed: g.local("printed")}
		textCheck(wantStdout, "string("+tv.Stdout.Printed+")", "printed")
	}
	for _, a := range afters {
		tv.Checks = append(tv.Checks, checkView{
			Diff:   diff,
			Cmp:    g.useCheck(cmpPath),
			Want:   tv.TT + "." + a.field,
			Got:    tv.TT + "." + fields[a.param],
			Opts:   a.opts,
			Format: strconv.Quote(shown + " left " + pointee(f.params[a.param].t, fields[a.param]) + " mismatch (-want +got):\n%s"),
			Args:   append(append([]string(nil), argsShown...), diff),
		})
	}
	return tv, nil
}

// claim returns base, or base2, base3, ... when base is used, the first
// not in used, and adds it to used: a field or local name no other takes.
func claim(used map[string]bool, base string) string {
	name := base
	for n := 2; used[name]; n++ {
		name = base + strconv.Itoa(n)
	}
	used[name] = true
	return name
}

// rowContext is what the rows of one table share: the fields' names, what
// is compared, and the names taken by the objects declared before it.
type rowContext struct {
	fields, wants, isFields []string
	asFields                [][]asField // per result, the error types of the package errors.As finds
	wantPanic               string
	unstable                string // the field of a case whose results are not checked
	compared                []bool
	globals                 []global
	env                     []string // the fields of Func.Env
	files                   string   // the field of Case.Files, "" for none
	args                    string   // the field of Case.Args, "" for none
	stdout                  string   // the field of what the call prints; "" when not checked
	stderr, exit            string   // the fields of what a call that may end the process writes to os.Stderr, its status
	afters                  []after
	locals                  map[string]bool
	counts                  map[string]int
}

// row writes the row of case c, named name, and the statements that
// declare the objects it points to more than once. It fails when a value
// of the case cannot be written.
func (g *generator) row(f *function, c *gen.Case, name string, x rowContext) (string, []string, error) {
	fail := func(what string, err error) error { return fmt.Errorf("%s: %w", what, err) }
	if len(c.Inputs) != len(f.params) {
		return "", nil, fmt.Errorf("%d inputs, want %d", len(c.Inputs), len(f.params))
	}
	if len(c.Outputs) != len(f.results) && !(c.Panic != "" && len(c.Outputs) == 0) {
		return "", nil, fmt.Errorf("%d results, want %d", len(c.Outputs), len(f.results))
	}
	if x.exit != "" && c.Panic != "" {
		return "", nil, fmt.Errorf("it panics in the process of its own the call runs in: not checked")
	}
	gvals := make([]ir.Literal, len(x.globals))
	for j, gl := range x.globals {
		gvals[j] = ir.Zero(gl.g.T)
		for _, gv := range c.Globals {
			if gv.G == gl.g {
				gvals[j] = gv.Value
			}
		}
	}

	// Objects pointed to more than once are declared before the table.
	var setup []string
	writer := func(ts []types.Type, ls []ir.Literal) (*litWriter, error) {
		o := newObjects()
		for j, t := range ts {
			o.walk(t, ls[j])
		}
		w := &litWriter{qual: g.qual, pkg: g.pkg, state: g.state}
		shared := o.shared()
		if len(shared) == 0 {
			return w, nil
		}
		w.names = map[*ir.Literal]string{}
		for _, obj := range shared {
			base := varBase(o.types[obj])
			var v string
			for v == "" || x.locals[v] {
				x.counts[base]++
				v = g.local(base + strconv.Itoa(x.counts[base]))
			}
			x.locals[v] = true
			w.names[obj] = v
		}
		stmts, err := w.declare(o, shared)
		setup = append(setup, stmts...)
		return w, err
	}
	inTypes := append(valueTypes(f.params), make([]types.Type, len(x.globals))...)
	for j, gl := range x.globals {
		inTypes[len(f.params)+j] = gl.v.Type()
	}
	in, err := writer(inTypes, append(append([]ir.Literal(nil), c.Inputs...), gvals...))
	if err != nil {
		return "", nil, fail("inputs", err)
	}
	out := &litWriter{qual: g.qual, pkg: g.pkg, state: g.state, compared: true}
	stable := c.Panic == "" && (!c.Unstable || x.unstable == "") // results to write
	if stable {
		outTypes := valueTypes(f.results)
		for j, t := range outTypes {
			if isError(t) {
				outTypes[j] = types.Typ[types.Bool] // not walked
			}
		}
		if out, err = writer(outTypes, c.Outputs); err != nil {
			return "", nil, fail("results", err)
		}
		out.compared = true
		out.returned = f.returnedConsts()
	}
	var afterLits []string // the rows' values of the x.afters' fields
	for _, a := range x.afters {
		if !stable || a.param >= len(c.After) {
			continue
		}
		t := f.params[a.param].t
		w, err := writer([]types.Type{t}, []ir.Literal{c.After[a.param]})
		if err != nil {
			return "", nil, fail(a.field, err)
		}
		w.compared = true
		lit, err := w.literal(t, c.After[a.param])
		if err != nil {
			return "", nil, fail(a.field, err)
		}
		afterLits = append(afterLits, a.field+": "+lit)
	}
	row := []string{"name: " + strconv.Quote(name)}
	for j, p := range f.params {
		lit, err := in.literal(p.t, c.Inputs[j])
		if err != nil {
			return "", nil, fail(x.fields[j], err)
		}
		row = append(row, x.fields[j]+": "+lit)
	}
	for j, gl := range x.globals {
		lit, err := in.literal(gl.v.Type(), gvals[j])
		if err != nil {
			return "", nil, fail(gl.field, err)
		}
		row = append(row, gl.field+": "+lit)
	}
	if len(c.Env) != 0 && len(c.Env) != len(x.env) {
		return "", nil, fmt.Errorf("%d environment variables, want %d", len(c.Env), len(x.env))
	}
	for j, v := range c.Env {
		if v != "" {
			row = append(row, x.env[j]+": "+quote(v))
		}
	}
	if len(c.Args) > 0 {
		if x.args == "" {
			return "", nil, fmt.Errorf("a command line, and no field for it")
		}
		words := make([]string, len(c.Args))
		for j, a := range c.Args {
			words[j] = quote(a)
		}
		row = append(row, x.args+": []string{"+strings.Join(words, ", ")+"}")
	}
	if len(c.Files) > 0 {
		if x.files == "" {
			return "", nil, fmt.Errorf("%d files, and no field for them", len(c.Files))
		}
		names := slices.Sorted(maps.Keys(c.Files))
		kvs := make([]string, len(names))
		for j, n := range names {
			kvs[j] = quote(n) + ": " + quote(c.Files[n])
		}
		row = append(row, x.files+": map[string]string{"+strings.Join(kvs, ", ")+"}")
	}
	if c.Unstable && c.Panic == "" && x.unstable != "" {
		row = append(row, x.unstable+": true")
	} else if c.Panic == "" {
		for j, v := range f.results {
			if !x.compared[j] {
				continue
			}
			lit, err := g.want(out, v.t, c.Outputs[j])
			if err != nil {
				return "", nil, fail(x.wants[j], err)
			}
			row = append(row, x.wants[j]+": "+lit)
			if x.isFields[j] != "" {
				if s, ok := out.wrappedSentinel(c.Outputs[j]); ok {
					row = append(row, x.isFields[j]+": "+s)
				}
			}
			for _, a := range x.asFields[j] {
				// A value the test cannot write leaves its field unset:
				// the message is still checked, and the case kept.
				if lit, err := a.literal(out, c.Outputs[j]); err == nil && lit != "" {
					row = append(row, a.field+": "+lit)
				}
			}
		}
		row = append(row, afterLits...)
		if x.exit != "" && c.Exit != 0 {
			row = append(row, x.exit+": "+strconv.Itoa(c.Exit))
		}
		if x.stdout != "" && c.Stdout != nil && *c.Stdout != "" {
			row = append(row, x.stdout+": "+quote(*c.Stdout))
		}
		if x.stderr != "" && c.Stderr != nil && *c.Stderr != "" {
			row = append(row, x.stderr+": "+quote(*c.Stderr))
		}
	} else {
		row = append(row, x.wantPanic+": "+quote(PanicText(c.Panic)))
	}
	return "{" + strings.Join(row, ", ") + "}", setup, nil

}

// An after is a pointer, slice or map parameter whose pointee or
// elements a call changes: the test compares it, after the call, with
// what the replay left there.
type after struct {
	param int      // index in f.params
	field string   // the table's field of the expected value
	opts  []string // cmp options for its type
}

// pointee is how a message names what parameter name of type t holds:
// "*p" for a pointer, "xs" for a slice or a map.
func pointee(t types.Type, name string) string {
	if _, ok := t.Underlying().(*types.Pointer); ok {
		return "*" + name
	}
	return name
}

// afters returns the pointer, slice and map parameters some case's call
// changes (gen.Case.After), each with a field name not used so far.
func (g *generator) afters(f *function, fields []string, used map[string]bool) []after {
	var out []after
	for i, p := range f.params {
		switch p.t.Underlying().(type) {
		case *types.Pointer, *types.Slice, *types.Map:
			// What the call can change in place.
		case *types.Interface:
			// What the pointer it holds points to: a buffer or a
			// fmt.State the call writes to.
			if isError(p.t) {
				continue
			}
		default:
			continue
		}
		changed := false
		for _, c := range f.r.Cases {
			if c.Panic == "" && i < len(c.After) && i < len(c.Inputs) && c.After[i].String() != c.Inputs[i].String() {
				changed = true
			}
		}
		if !changed {
			continue
		}
		opts, err := g.cmpOptions(p.t)
		if err != nil {
			continue // not comparable by cmp (it holds errors): left out
		}
		if _, ok := p.t.Underlying().(*types.Interface); ok {
			// The options of the dynamic types the cases hold, which
			// need not be the package's (*bytes.Buffer, the state).
			if opts, err = g.heldOptions(f, i, opts); err != nil {
				continue
			}
		}
		if !g.afterWritable(f, i) {
			continue // no literal can say what it holds (a bytes.Buffer): left out
		}
		name := "want" + capitalize(fields[i])
		name = claim(used, name)
		out = append(out, after{param: i, field: name, opts: opts})
	}
	return out
}

// uncomparable says why result i of f cannot be compared, or "": a
// value that holds a function is compared only when it is nil (or zero)
// in every case, since cmp.Diff tells two functions apart only by nil.
func (g *generator) uncomparable(f *function, i int) string {
	t := f.results[i].t
	if !HasFunc(t) {
		return ""
	}
	for _, c := range f.r.Cases {
		if c.Panic == "" && i < len(c.Outputs) && !isZero(t, c.Outputs[i]) {
			return "a function cannot be compared"
		}
	}
	return ""
}

// unwritable says why some case's result i cannot be written as a
// literal (a strings.Reader: its fields are not exported), or "". Such a
// result is checked in no case, rather than each case being left out:
// the cases still cover their branches and check that the call does not
// panic.
func (g *generator) unwritable(f *function, i int) string {
	t := f.results[i].t
	for _, c := range f.r.Cases {
		if c.Panic != "" || i >= len(c.Outputs) {
			continue
		}
		if err := g.tryLiteral(t, c.Outputs[i]); err != nil {
			return "no literal can say what it holds (" + err.Error() + ")"
		}
	}
	return ""
}

// want writes the expected value of a result of type t: an error as its
// message.
func (g *generator) want(w *litWriter, t types.Type, l ir.Literal) (string, error) {
	if isError(t) {
		if errorIsNil(l) {
			return `""`, nil
		}
		return quote(l.Str), nil
	}
	if HasFunc(t) && !isZero(t, l) {
		return "", fmt.Errorf("cannot compare results of type %s, which hold functions", types.TypeString(t, g.qual))
	}
	return w.literal(t, l)
}

// verb returns the fmt verb that shows a value of type t in a message:
// %q for strings, byte slices, runes and bytes, %v for the rest, "" for
// functions, which are not shown.
func verb(t types.Type) string {
	switch u := t.Underlying().(type) {
	case *types.Signature:
		return ""
	case *types.Basic:
		if b, ok := types.Unalias(t).(*types.Basic); ok && (b.Name() == "rune" || b.Name() == "byte") {
			return "%q"
		}
		if u.Info()&types.IsString != 0 {
			return "%q"
		}
	case *types.Slice:
		if b, ok := types.Unalias(u.Elem()).(*types.Basic); ok && b.Name() == "byte" {
			return "%q"
		}
	}
	return "%v"
}

// PanicText returns the expected panic message for what a case says of
// its panic: the value's text, or for a run-time error named by its kind
// (ir.CheckKind), the start of Go's message.
func PanicText(p string) string {
	switch p {
	case ir.CheckNil.String():
		return "runtime error: invalid memory address or nil pointer dereference"
	case ir.CheckDivide.String():
		return "runtime error: integer divide by zero"
	case ir.CheckShift.String():
		return "runtime error: negative shift amount"
	case ir.CheckIndex.String(), "run-time error", "runtime error", ir.CheckOverflow.String(),
		ir.CheckFree.String(), ir.CheckUninit.String(), ir.CheckConversion.String():
		return "runtime error"
	}
	return p
}

// cmpOptions returns the options of cmp.Diff for results of type t:
// cmpopts.EquateNaNs() when it holds floats, cmp.AllowUnexported for the
// structs with unexported fields it holds.
func (g *generator) cmpOptions(t types.Type) ([]string, error) {
	var floats, buffers, bigInts, reflectValues bool
	var structs, ignored []string
	seen := map[types.Type]bool{}
	var walk func(t types.Type) error
	walk = func(t types.Type) error {
		if seen[t] {
			return nil
		}
		seen[t] = true
		if isError(t) {
			return fmt.Errorf("cannot compare results of type %s, which hold errors", types.TypeString(t, g.qual))
		}
		if ssaexec.IsReflectValue(t) {
			// Its Equal panics on values Go cannot compare (slices):
			// what it holds is compared by its type only.
			reflectValues = true
			return nil
		}
		if hasEqual(t) {
			return nil
		}
		switch u := t.Underlying().(type) {
		case *types.Basic:
			floats = floats || u.Info()&types.IsFloat != 0
		case *types.Pointer:
			return walk(u.Elem())
		case *types.Slice:
			return walk(u.Elem())
		case *types.Array:
			return walk(u.Elem())
		case *types.Map:
			if err := walk(u.Key()); err != nil {
				return err
			}
			return walk(u.Elem())
		case *types.Struct:
			// Another package's unexported fields are its own business
			// (a sync.Mutex's state): ignored, and not walked.
			if isPkgType(t, "math/big", "Int") {
				// The number is compared, not its words (literal.go
				// writes it with big.NewInt).
				bigInts = true
				return nil
			}
			if _, kind, _ := stdBuffer(t, ir.Literal{}); kind == "bytes.Buffer" {
				// What a buffer holds is compared, not how (literal.go
				// writes it with bytes.NewBufferString).
				buffers = true
				return nil
			}
			if n, ok := types.Unalias(t).(*types.Named); ok && g.pkg != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() != g.pkg.Path() {
				unexported := false
				for i := range u.NumFields() {
					if !u.Field(i).Exported() {
						unexported = true
						continue
					}
					if err := walk(u.Field(i).Type()); err != nil {
						return err
					}
				}
				if unexported && !strings.Contains(n.Obj().Pkg().Path(), "internal") {
					ignored = append(ignored, types.TypeString(t, g.qual)+"{}")
				}
				return nil
			}
			unexported := false
			for i := range u.NumFields() {
				unexported = unexported || !u.Field(i).Exported()
				if err := walk(u.Field(i).Type()); err != nil {
					return err
				}
			}
			if unexported {
				structs = append(structs, types.TypeString(t, g.qual)+"{}")
			}
		case *types.Interface:
			// What the value may hold (iface.go): a *bytes.Buffer too,
			// the stock writer (ssaexec/lowerstock.go), when it has the
			// methods.
			buffers = buffers || (u.NumMethods() > 0 && bufferMethods(u))
			for _, c := range g.ifaceTypes(u) {
				if err := walk(c); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := walk(t); err != nil {
		return nil, err
	}
	var opts []string
	if len(structs) > 0 {
		sort.Strings(structs)
		opts = append(opts, g.use(cmpPath)+".AllowUnexported("+strings.Join(structs, ", ")+")")
	}
	if len(ignored) > 0 {
		sort.Strings(ignored)
		opts = append(opts, g.use(cmpoptsPath)+".IgnoreUnexported("+strings.Join(ignored, ", ")+")")
	}
	if floats {
		opts = append(opts, g.use(cmpoptsPath)+".EquateNaNs()")
	}
	if bigInts {
		opts = append(opts, g.use(cmpPath)+".Comparer(func(x, y "+g.use("math/big")+".Int) bool { return x.Cmp(&y) == 0 })")
	}
	if buffers {
		opts = append(opts, g.use(cmpPath)+".Comparer(func(x, y "+g.use("bytes")+".Buffer) bool { return x.String() == y.String() })")
	}
	if reflectValues {
		opts = append(opts, g.use(cmpPath)+".Comparer(func(x, y "+g.use("reflect")+".Value) bool { return x.IsValid() == y.IsValid() && (!x.IsValid() || x.Type() == y.Type()) })")
	}
	return opts, nil
}

// bufferMethods reports whether every method of interface u is one of
// *bytes.Buffer's, by name: a value of u may be a buffer.
func bufferMethods(u *types.Interface) bool {
	for m := range u.Methods() {
		switch m.Name() {
		case "Available", "AvailableBuffer", "Bytes", "Cap", "Grow", "Len", "Next", "Read", "ReadByte", "ReadBytes",
			"ReadFrom", "ReadRune", "ReadString", "Reset", "String", "Truncate", "UnreadByte", "UnreadRune",
			"Write", "WriteByte", "WriteRune", "WriteString", "WriteTo":
		default:
			return false
		}
	}
	return true
}

// hasEqual reports whether cmp compares values of type t with their Equal
// method.
func hasEqual(t types.Type) bool {
	ms := types.NewMethodSet(t)
	for i := range ms.Len() {
		if ms.At(i).Obj().Name() == "Equal" {
			return true
		}
	}
	return false
}

// HasFunc reports whether values of type t can hold functions: such a
// value has no literal, and go-cmp cannot compare it.
func HasFunc(t types.Type) bool { return hasFunc(t, map[types.Type]bool{}) }

// hasFunc reports whether values of type t can hold functions.
func hasFunc(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch u := t.Underlying().(type) {
	case *types.Signature:
		return true
	case *types.Pointer:
		return hasFunc(u.Elem(), seen)
	case *types.Slice:
		return hasFunc(u.Elem(), seen)
	case *types.Array:
		return hasFunc(u.Elem(), seen)
	case *types.Map:
		return hasFunc(u.Elem(), seen)
	case *types.Struct:
		for i := range u.NumFields() {
			if hasFunc(u.Field(i).Type(), seen) {
				return true
			}
		}
	}
	return false
}

// A global is a package-level variable the function reads, which the
// table holds a field for.
type global struct {
	g     *ir.Global
	v     *types.Var
	expr  string // how the test refers to it: limit, other.Limit
	field string
}

// globals returns the package-level variables the cases set, in the order
// they first appear, named clear of used (and added to it).
func (g *generator) globals(f *function, used map[string]bool) ([]global, error) {
	var gs []global
	seen := map[*ir.Global]bool{}
	for _, c := range f.r.Cases {
		for _, gv := range c.Globals {
			if gv.G == nil || seen[gv.G] {
				continue
			}
			seen[gv.G] = true
			v, expr, err := g.lookupGlobal(gv.G.Ident())
			if err != nil {
				return nil, fmt.Errorf("emit: %s: %w", f.name, err)
			}
			if holdsLock(v.Type(), 0) {
				// A variable holding a mutex (BurntSushi/toml's
				// fieldCache) cannot be copied to be set back: the test
				// leaves it as the package has it.
				continue
			}
			name := v.Name()
			if used[name] {
				name = "global" + capitalize(name)
			}
			name = claim(used, name)
			gs = append(gs, global{g: gv.G, v: v, expr: expr, field: name})
		}
	}
	return gs, nil
}

// holdsLock reports whether a value of type t holds, not through a
// pointer, a value whose pointer has Lock and Unlock methods (a
// sync.Mutex, a sync/atomic value's noCopy): go vet's copylocks rejects
// its copy.
func holdsLock(t types.Type, depth int) bool {
	if depth > 8 {
		return false
	}
	if _, ok := types.Unalias(t).(*types.Named); ok {
		ms := types.NewMethodSet(types.NewPointer(t))
		if ms.Lookup(nil, "Lock") != nil && ms.Lookup(nil, "Unlock") != nil {
			if _, isPtr := t.Underlying().(*types.Pointer); !isPtr && !types.IsInterface(t) {
				return true
			}
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		for i := range u.NumFields() {
			if holdsLock(u.Field(i).Type(), depth+1) {
				return true
			}
		}
	case *types.Array:
		return holdsLock(u.Elem(), depth+1)
	}
	return false
}

// lookupGlobal finds the package-level variable called ident ("limit",
// "pkg.limit") in the package under test or one it imports.
func (g *generator) lookupGlobal(ident string) (*types.Var, string, error) {
	pkgName, name, qualified := strings.Cut(ident, ".")
	if !qualified {
		pkgName, name = g.pkg.Name(), ident
	}
	pkgs := []*types.Package{g.pkg}
	if pkgName != g.pkg.Name() {
		pkgs = g.pkg.Imports()
	}
	for _, p := range pkgs {
		if p.Name() != pkgName {
			continue
		}
		v, ok := p.Scope().Lookup(name).(*types.Var)
		if !ok {
			continue
		}
		if p == g.pkg {
			return v, name, nil
		}
		if !v.Exported() {
			return nil, "", fmt.Errorf("cannot set the unexported variable %s of package %s", name, p.Path())
		}
		return v, g.qual(p) + "." + name, nil
	}
	return nil, "", fmt.Errorf("no package-level variable %s the test can set", ident)
}

// TestNames returns the names the test of the function or method name
// ("F", "T.M") may have in a generated file: TestFPBCC, TestT_MPBCC or,
// when the package also has a function T_M, TestT_M_methodPBCC.
func TestNames(name string) []string {
	base := strings.ReplaceAll(name, ".", "_")
	names := []string{testFuncName(base)}
	if strings.Contains(name, ".") {
		names = append(names, testFuncName(base+"_method"))
	}
	return names
}

// testFuncName returns the test name for base: TestBasePBCC, or
// Test_base_PBCC for an unexported base (go vet wants Test followed by
// an upper-case letter or an underscore).
func testFuncName(base string) string {
	if r, _ := utf8.DecodeRuneInString(base); unicode.IsUpper(r) {
		return "Test" + base + "PBCC"
	}
	return "Test_" + base + "_PBCC"
}

// testName returns the name of f's test: TestTritypPBCC,
// TestCelsius_AbsPBCC, Test_trityp_PBCC; unique among names.
func testName(f *function, names map[string]bool) string {
	base := strings.ReplaceAll(f.name, ".", "_")
	if f.recv {
		// A method T.M must not take the name of a function T_M.
		if obj := f.fn.Pkg.Pkg.Scope().Lookup(base); obj != nil {
			base += "_method"
		}
	}
	name := testFuncName(base)
	for n, b := 2, name; names[name]; n++ {
		name = b + strconv.Itoa(n)
	}
	names[name] = true
	return name
}

func named(name string) bool { return name != "" && name != "_" }

// identPart turns an environment variable's name into a part of a Go
// identifier: its letters, digits and underscores, the others as "_".
func identPart(k string) string {
	var b strings.Builder
	for _, r := range k {
		if r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// afterWritable reports whether what every case leaves behind parameter
// i can be written as a literal: not a struct of another package with
// unexported fields set (a bytes.Buffer that was written to).
func (g *generator) afterWritable(f *function, i int) bool {
	t := f.params[i].t
	for _, c := range f.r.Cases {
		if c.Panic != "" || i >= len(c.After) {
			continue
		}
		if g.tryLiteral(t, c.After[i]) != nil {
			return false
		}
	}
	return true
}

// tryLiteral writes l, a value of type t, on its own, declaring first the
// objects it points to more than once (a cyclic list) as the table does,
// and says why it cannot be written, or nil.
func (g *generator) tryLiteral(t types.Type, l ir.Literal) error {
	o := newObjects()
	o.walk(t, l)
	w := &litWriter{qual: g.qual, pkg: g.pkg, state: g.state, compared: true}
	if shared := o.shared(); len(shared) > 0 {
		w.names = map[*ir.Literal]string{}
		for j, obj := range shared {
			w.names[obj] = "v" + strconv.Itoa(j)
		}
		if _, err := w.declare(o, shared); err != nil {
			return err
		}
	}
	_, err := w.literal(t, l)
	return err
}
