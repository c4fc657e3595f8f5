package emit

import (
	"bytes"
	"fmt"
	"go/format"
	"go/types"
	"sort"
	"strconv"
	"strings"
	"text/template"
	"unicode"
	"unicode/utf8"

	"golang.org/x/tools/go/ssa"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/templates"
)

const (
	testingPath = "testing"
	cmpPath     = "github.com/google/go-cmp/cmp"
)

var goTestTemplate = template.Must(template.New(templates.GoTest).
	Funcs(template.FuncMap{"join": strings.Join}).
	ParseFS(templates.FS, templates.GoTest))

// The views are what the template renders: every name, type and literal is
// decided before rendering.
type (
	fileView struct {
		Header       []string // comment lines, "//" included
		Package      string
		Imports      [][]importView // groups: standard library first
		Testing, Cmp string         // the names the two imports are bound to
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
	}
	fieldView struct{ Names, Type, Comment string }
	checkView struct {
		Diff, Want, Got, Format string
		Args                    []string
	}
)

// File renders the test file for the functions declared in one source file
// of package pkgName: results are theirs, in source order; cmd is the pbcc
// command line to record in the header (already normalised by the caller).
// The output is gofmt-clean and deterministic. Every result's Func.Src must
// be the *ssa.Function of a package-level function or method of pkgName.
func File(pkgName string, results []*gen.Result, cmd string) ([]byte, error) {
	g := &generator{imports: map[string]string{}}
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
		line, err := claimLine(f.name, r)
		if err != nil {
			return nil, err
		}
		fv.Header = append(fv.Header, line)
	}

	// Imports first, so that the locals can keep clear of their names.
	needCmp := false
	for _, f := range funcs {
		if len(f.r.Cases) > 0 {
			g.imports[testingPath] = "testing"
			if f.sig.Results().Len() > 0 {
				needCmp = true
			}
			for _, p := range f.params {
				types.TypeString(p.t, g.collect)
			}
			for _, v := range f.results {
				types.TypeString(v.t, g.collect)
			}
		}
	}
	if needCmp {
		g.imports[cmpPath] = "cmp"
	}
	fv.Imports = g.bindImports()
	fv.Testing, fv.Cmp = g.imports[testingPath], g.imports[cmpPath]

	testNames := map[string]bool{}
	for _, f := range funcs {
		if len(f.r.Cases) == 0 {
			continue
		}
		tv, err := g.test(f, testNames)
		if err != nil {
			return nil, err
		}
		fv.Tests = append(fv.Tests, tv)
	}

	var buf bytes.Buffer
	if err := goTestTemplate.Execute(&buf, fv); err != nil {
		return nil, fmt.Errorf("emit: rendering the tests of package %s: %w", pkgName, err)
	}
	out, err := format.Source(buf.Bytes())
	if err != nil {
		return nil, fmt.Errorf("emit: the tests generated for package %s do not parse: %w\n%s", pkgName, err, numbered(buf.Bytes()))
	}
	return out, nil
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
	pkg     *types.Package    // the package under test, once known
	imports map[string]string // import path -> name bound in the file
	taken   map[string]bool   // names locals must avoid: package scope and imports
}

// function is one function under test, as its signature shows it.
type function struct {
	r       *gen.Result
	fn      *ssa.Function
	sig     *types.Signature
	name    string // as in the header: "Trityp", "Celsius.Abs"
	recv    bool   // params[0] is the receiver
	params  []value
	results []value
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
	f := &function{r: r, fn: fn, sig: sig, name: fn.Name()}
	if sig.TypeParams().Len() > 0 || sig.RecvTypeParams().Len() > 0 {
		return nil, fmt.Errorf("emit: %s: generic functions are not supported yet", fn)
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
	for i, c := range r.Cases {
		if len(c.Inputs) != len(f.params) || len(c.Outputs) != len(f.results) {
			return nil, fmt.Errorf("emit: %s: case %d (%s) has %d inputs and %d outputs, want %d and %d",
				f.name, i, c.Name, len(c.Inputs), len(c.Outputs), len(f.params), len(f.results))
		}
	}
	return f, nil
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

// collect is a types.Qualifier that records the packages a type needs.
func (g *generator) collect(p *types.Package) string {
	if g.pkg != nil && p.Path() == g.pkg.Path() {
		return ""
	}
	g.imports[p.Path()] = p.Name()
	return p.Name()
}

// qualify is the types.Qualifier of the file, once imports are bound.
func (g *generator) qualify(p *types.Package) string {
	if g.pkg != nil && p.Path() == g.pkg.Path() {
		return ""
	}
	return g.imports[p.Path()]
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
	tv := testView{
		Name:  testName(f, testNames),
		T:     g.local("t"),
		Tests: g.local("tests"),
		TT:    g.local("tt"),
	}
	diff := g.local("diff")

	// Field names: the results' first, since their names are fixed.
	used := map[string]bool{"name": true, "tt": true, "got": true, "want": true}
	wants := make([]string, len(f.results))
	gots := make([]string, len(f.results))
	for i, v := range f.results {
		suffix := ""
		if len(f.results) > 1 {
			suffix = strconv.Itoa(i)
			if named(v.name) {
				suffix = capitalize(v.name)
			}
		}
		if suffix != "" && used["want"+suffix] {
			suffix += strconv.Itoa(i)
		}
		wants[i], gots[i] = "want"+suffix, g.local("got"+suffix)
		used[wants[i]] = true
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
		for base, n := name, 2; used[name]; n++ {
			name = base + strconv.Itoa(n)
		}
		used[name] = true
		fields[i] = name
	}

	// The struct type, consecutive fields of one type grouped.
	tv.Fields = append(tv.Fields, fieldView{Names: "name", Type: "string", Comment: "the branch the case was made for"})
	group := func(names []string, vs []value) {
		start := len(tv.Fields)
		for i, v := range vs {
			ts := types.TypeString(v.t, g.qualify)
			if last := len(tv.Fields) - 1; last >= start && tv.Fields[last].Type == ts {
				tv.Fields[last].Names += ", " + names[i]
				continue
			}
			tv.Fields = append(tv.Fields, fieldView{Names: names[i], Type: ts})
		}
	}
	group(fields, f.params)
	group(wants, f.results)

	// The rows.
	caseNames := map[string]bool{}
	for i, c := range f.r.Cases {
		name := c.Name
		if name == "" {
			name = "call"
			if c.Goal.From != nil {
				name = gen.CaseName(c.Goal)
			}
		}
		for base, n := name, 2; caseNames[name]; n++ {
			name = base + "_" + strconv.Itoa(n)
		}
		caseNames[name] = true
		row := []string{"name: " + strconv.Quote(name)}
		for j, p := range f.params {
			lit, err := Literal(p.t, c.Inputs[j], g.qualify)
			if err != nil {
				return tv, fmt.Errorf("emit: %s: case %d (%s), %s: %w", f.name, i, c.Name, fields[j], err)
			}
			row = append(row, fields[j]+": "+lit)
		}
		for j, v := range f.results {
			lit, err := Literal(v.t, c.Outputs[j], g.qualify)
			if err != nil {
				return tv, fmt.Errorf("emit: %s: case %d (%s), %s: %w", f.name, i, c.Name, wants[j], err)
			}
			row = append(row, wants[j]+": "+lit)
		}
		tv.Rows = append(tv.Rows, "{"+strings.Join(row, ", ")+"}")
	}

	// The call and its checks.
	args := make([]string, len(fields))
	verbs := make([]string, len(fields))
	for i, fl := range fields {
		args[i] = tv.TT + "." + fl
		verbs[i] = "%v"
	}
	callee, shown := f.fn.Name(), f.fn.Name()
	if f.recv {
		callee, shown = args[0]+"."+callee, "%v."+shown
		args, verbs = args[1:], verbs[1:]
	}
	if f.sig.Variadic() && len(args) > 0 {
		args[len(args)-1] += "..."
	}
	tv.Call = callee + "(" + strings.Join(args, ", ") + ")"
	shown += "(" + strings.Join(verbs, ", ") + ")"
	argsShown := make([]string, len(fields))
	for i, fl := range fields {
		argsShown[i] = tv.TT + "." + fl
	}
	tv.Gots = gots
	for i, v := range f.results {
		what := shown
		if len(f.results) > 1 {
			if named(v.name) {
				what += " " + v.name
			} else {
				what += " result " + strconv.Itoa(i)
			}
		}
		tv.Checks = append(tv.Checks, checkView{
			Diff:   diff,
			Want:   tv.TT + "." + wants[i],
			Got:    gots[i],
			Format: strconv.Quote(what + " mismatch (-want +got):\n%s"),
			Args:   append(append([]string(nil), argsShown...), diff),
		})
	}
	return tv, nil
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
	var name string
	if r, _ := utf8.DecodeRuneInString(base); unicode.IsUpper(r) {
		name = "Test" + base + "PBCC"
	} else {
		name = "Test_" + base + "_PBCC"
	}
	for n, b := 2, name; names[name]; n++ {
		name = b + strconv.Itoa(n)
	}
	names[name] = true
	return name
}

func named(name string) bool { return name != "" && name != "_" }

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
