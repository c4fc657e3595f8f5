package ssaexec

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"runtime"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/ssaexec/generic"
)

// Package is one loaded Go package with its functions lowered to the IR.
type Package struct {
	Path, Name, Dir string  // import path, package name, directory
	Funcs           []*Func // in source order (file name order, then position)
	Errors          []error // one per function that could not be lowered; the others are still there
	// Skipped are the functions of Errors whose signature lowered (their
	// bodies did not): pbcc still searches them, on the real code
	// (ssaexec/explore). In source order.
	Skipped []*Skipped
}

// A Skipped function is one whose body could not be lowered.
type Skipped struct {
	// IR is its signature only: Params and Results, no Blocks; Src is
	// the *ssa.Function, or for a generic function the
	// *generic.Instance its tests call (ssaexec/generic).
	IR   *ir.Func
	SSA  *ssa.Function
	File string
	Err  error // why the body could not be lowered
}

// Func is one function or method of a Package, lowered.
type Func struct {
	IR   *ir.Func // IR.Src is the *ssa.Function
	SSA  *ssa.Function
	File string // absolute path of the source file that declares it
}

// UnsupportedError reports a function that uses a construct the lowering
// does not handle. Its message is "file:line:col: Func: unsupported:
// Construct".
type UnsupportedError struct {
	Pos       token.Position // of the construct, or of the function when unknown
	Func      string         // the IR name of the function, e.g. "tri.Trityp"
	Construct string         // in Go terms, e.g. "call of strconv.Itoa", "float64 value"
}

func (e *UnsupportedError) Error() string {
	return fmt.Sprintf("%s: %s: unsupported: %s", e.Pos, e.Func, e.Construct)
}

// loadMode is what the lowering needs: syntax, types and type information
// for the packages and their dependencies (callees in other packages of the
// module need their bodies), and the module each package belongs to.
const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedDeps | packages.NeedTypes | packages.NeedSyntax |
	packages.NeedTypesInfo | packages.NeedTypesSizes | packages.NeedModule

// Load loads the packages matching patterns (go list patterns, relative to
// dir) and lowers every function and method declared in their non-test
// files (not init, not generic, not closures or anonymous functions; files
// ending _test.go are not loaded).
//
// Load fails, naming file:line:col, when a package cannot be loaded,
// parsed or type-checked. A function that uses an unsupported construct is
// not fatal: its error goes to Package.Errors and the others are lowered.
//
// A package-level variable a function reads holds the value the package
// gives it; LoadWith can make it an input instead.
func Load(dir string, patterns ...string) ([]*Package, error) {
	return LoadWith(dir, Options{}, patterns...)
}

// Options change what LoadWith lowers.
type Options struct {
	// Globals makes the package-level variables a function reads inputs
	// of the function (ir.Global.Input), which its tests set (pbcc gen
	// -globals). Without it they hold the values the package's
	// initialisation gives them (ir.Global.Init), and a function reading
	// one whose initial value pbcc cannot tell is not supported.
	Globals bool
	// Context, when set, stops the loading (the go list it runs) when
	// it is done: pbcc interrupted by a signal.
	Context context.Context
}

// LoadWith is Load with options.
func LoadWith(dir string, opts Options, patterns ...string) ([]*Package, error) {
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	cfg := &packages.Config{Mode: loadMode, Dir: dir, Tests: false, Context: opts.Context, ParseFile: parseFile}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, fmt.Errorf("loading %s: %w", strings.Join(patterns, " "), err)
	}
	if err := loadErrors(pkgs); err != nil {
		return nil, err
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("%s: no Go packages match %s", dir, strings.Join(patterns, " "))
	}

	// Build SSA only for the packages of the loaded packages' modules: the
	// only callees the lowering follows. The others are created (their
	// types are needed) but not built.
	prog, _ := ssautil.AllPackages(pkgs, ssa.GlobalDebug|ssa.InstantiateGenerics)
	modules := map[string]bool{}
	for _, p := range pkgs {
		if p.Module != nil {
			modules[p.Module.Path] = true
		}
	}
	inModule := map[*types.Package]bool{}
	infos := map[*types.Package]*types.Info{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p.Module != nil && modules[p.Module.Path] {
			inModule[p.Types] = true
		}
		// The standard library's too: the lowering follows some of its
		// functions (lowerstd.go).
		infos[p.Types] = p.TypesInfo
	})
	for _, p := range pkgs {
		inModule[p.Types] = true // a package outside any module still sees itself
		infos[p.Types] = p.TypesInfo
	}
	for tp := range inModule {
		if sp := prog.Package(tp); sp != nil {
			sp.Build()
		}
	}

	sizes := types.SizesFor("gc", runtime.GOARCH)
	if sizes == nil {
		sizes = types.SizesFor("gc", "amd64")
	}
	lw := newLowerer(prog, sizes, inModule, infos)
	lw.globalInputs = opts.Globals
	lw.dir = dir

	var out []*Package
	for _, p := range pkgs {
		pkg := &Package{Path: p.PkgPath, Name: p.Name}
		if len(p.GoFiles) > 0 {
			pkg.Dir = dirOf(p.GoFiles[0])
		}
		decls, generics := declaredFuncs(prog, p)
		for _, g := range generics {
			pkg.instance(lw, prog, p, g)
		}
		for _, d := range decls {
			if err := lw.lower(d.fn); err != nil {
				pkg.Errors = append(pkg.Errors, err)
				pkg.skip(lw, d.fn, d.file, err)
				continue
			}
			pkg.Funcs = append(pkg.Funcs, &Func{IR: lw.funcs[d.fn].ir, SSA: d.fn, File: d.file})
		}
		out = append(out, pkg)
	}
	// A function whose callee failed is recorded as failed too; drop it
	// from Funcs now that every callee has been tried.
	for _, pkg := range out {
		kept := pkg.Funcs[:0]
		for _, f := range pkg.Funcs {
			if err := lw.calleeError(f.SSA); err != nil {
				pkg.Errors = append(pkg.Errors, err)
				pkg.skip(lw, f.SSA, f.File, err)
				continue
			}
			kept = append(kept, f)
		}
		pkg.Funcs = kept
		// The package's functions are the candidates when a parameter is
		// a function value.
		var siblings []*ir.Func
		for _, f := range kept {
			siblings = append(siblings, f.IR)
		}
		for _, f := range kept {
			f.IR.Siblings = siblings
			setEffects(f.IR, f.SSA)
		}
		for _, s := range pkg.Skipped {
			setEffects(s.IR, s.SSA)
		}
		sortErrors(pkg.Errors)
		sort.SliceStable(pkg.Skipped, func(i, j int) bool {
			a, b := pkg.Skipped[i].IR.Pos, pkg.Skipped[j].IR.Pos
			if a.File != b.File {
				return a.File < b.File
			}
			return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
		})
	}
	// Number the values and check every function lowered (callees
	// included): a failure is a bug in the lowering, not in the input.
	for _, f := range lw.done() {
		f.Renumber()
		if err := ir.Check(f); err != nil {
			return nil, fmt.Errorf("ssaexec: internal error: %w", err)
		}
	}
	return out, nil
}

// loadErrors returns the errors of pkgs and their dependencies, each
// naming file:line:col, or nil.
func loadErrors(pkgs []*packages.Package) error {
	var errs []error
	seen := map[string]bool{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			msg := e.Msg
			if e.Pos != "" {
				msg = e.Pos + ": " + e.Msg
			} else if p.PkgPath != "" {
				msg = p.PkgPath + ": " + e.Msg
			}
			if !seen[msg] {
				seen[msg] = true
				errs = append(errs, errors.New(msg))
			}
		}
	})
	return errors.Join(errs...)
}

// A declared is a function declared in a package's source, with its file.
type declared struct {
	fn   *ssa.Function
	file string
}

// declaredFuncs returns the functions and methods declared in p's files
// that the lowering applies to, in file name order then position: not
// init, not generic, not blank, not without a body.
func declaredFuncs(prog *ssa.Program, p *packages.Package) (out []declared, generics []declared) {
	type file struct {
		name string
		ast  *ast.File
	}
	var files []file
	for _, f := range p.Syntax {
		name := p.Fset.Position(f.Package).Filename
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		files = append(files, file{name, f})
	}
	sort.Slice(files, func(i, j int) bool { return files[i].name < files[j].name })

	for _, f := range files {
		for _, d := range f.ast.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || fd.Name.Name == "_" {
				continue
			}
			if fd.Recv == nil && fd.Name.Name == "init" {
				continue
			}
			obj, ok := p.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			fn := prog.FuncValue(obj)
			switch {
			case fn == nil:
			case isGeneric(obj):
				generics = append(generics, declared{fn, f.name})
			default:
				out = append(out, declared{fn, f.name})
			}
		}
	}
	return out, generics
}

// isGeneric reports whether fn has type parameters, its own or its
// receiver's.
func isGeneric(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	return sig.TypeParams().Len() > 0 || sig.RecvTypeParams().Len() > 0
}

func dirOf(file string) string {
	if i := strings.LastIndexAny(file, `/\`); i >= 0 {
		return file[:i]
	}
	return "."
}

// sortErrors orders errors by message, which starts with file:line:col.
func sortErrors(errs []error) {
	sort.SliceStable(errs, func(i, j int) bool {
		a, b := errPos(errs[i]), errPos(errs[j])
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
}

func errPos(err error) token.Position {
	var u *UnsupportedError
	if errors.As(err, &u) {
		return u.Pos
	}
	return token.Position{}
}

// sourceCache holds the text of source files, to quote conditions as
// written.
type sourceCache map[string][]byte

func (c sourceCache) text(fset *token.FileSet, n ast.Node) string {
	start, end := fset.Position(n.Pos()), fset.Position(n.End())
	src, ok := c[start.Filename]
	if !ok {
		src, _ = os.ReadFile(start.Filename) // a missing file quotes as ""
		c[start.Filename] = src
	}
	if start.Offset < 0 || end.Offset > len(src) || start.Offset > end.Offset {
		return ""
	}
	return strings.Join(strings.Fields(string(src[start.Offset:end.Offset])), " ")
}

// skip records fn, which failed with err, in p.Skipped when its signature
// lowered: a copy of its header, with no body.
func (p *Package) skip(lw *lowerer, fn *ssa.Function, file string, err error) {
	st := lw.funcs[fn]
	if st == nil || len(st.ir.Params) != len(fn.Params) || len(st.ir.Results) != fn.Signature.Results().Len() {
		return
	}
	h := &ir.Func{Name: st.ir.Name, Pos: st.ir.Pos, Lang: st.ir.Lang, Params: st.ir.Params, Results: st.ir.Results, Src: fn}
	p.Skipped = append(p.Skipped, &Skipped{IR: h, SSA: fn, File: file, Err: err})
}

// instance records the generic function d.fn as skipped, with type
// arguments chosen for it (ssaexec/generic): its header is the instance's
// signature and its Src the *generic.Instance, so that it is searched on
// the real code as F[int] or (*Stack[int]).M. The model does not run
// generic bodies: the error says which instance stands for the function.
func (p *Package) instance(lw *lowerer, prog *ssa.Program, lp *packages.Package, d declared) {
	pos := lp.Fset.Position(d.fn.Pos())
	name := irName(d.fn)
	inst, err := generic.New(d.fn)
	if err != nil {
		p.Errors = append(p.Errors, &UnsupportedError{Pos: pos, Func: name,
			Construct: fmt.Sprintf("type parameters: %v", err)})
		return
	}
	h := &ir.Func{Name: name, Pos: lw.pos(d.fn.Pos()), Lang: ir.Go, Src: inst}
	var vars []*types.Var
	if r := inst.Sig.Recv(); r != nil {
		vars = append(vars, r)
	}
	for v := range inst.Sig.Params().Variables() {
		vars = append(vars, v)
	}
	for i, v := range vars {
		t, why := lw.typ(v.Type())
		if why != "" {
			p.Errors = append(p.Errors, &UnsupportedError{Pos: pos, Func: name,
				Construct: fmt.Sprintf("parameter %s of %s: %s", v.Name(), inst, why)})
			return
		}
		pn := v.Name()
		if pn == "" || pn == "_" {
			pn = fmt.Sprintf("arg%d", i)
		}
		h.Params = append(h.Params, ir.NewParam(pn, t))
	}
	for v := range inst.Sig.Results().Variables() {
		t, why := lw.typ(v.Type())
		if why != "" {
			p.Errors = append(p.Errors, &UnsupportedError{Pos: pos, Func: name,
				Construct: fmt.Sprintf("result of %s: %s", inst, why)})
			return
		}
		h.Results = append(h.Results, t)
	}
	err = &UnsupportedError{Pos: pos, Func: name, Construct: "type parameters (tested as " + inst.String() + ")"}
	p.Errors = append(p.Errors, err)
	p.Skipped = append(p.Skipped, &Skipped{IR: h, SSA: d.fn, File: d.file, Err: err})
}

// setEffects sets what f, of body fn, reads of and does to the process
// besides its parameters and results: the environment, standard output,
// the exit, files, the command line.
func setEffects(f *ir.Func, fn *ssa.Function) {
	f.Env = envKeys(fn)
	f.Stdout = printsStdout(fn)
	f.Args = isProgramMain(fn)
	f.Exits = exitsProcess(fn) || f.Args
	f.Files = readsFiles(fn)
}
