package ssaexec

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/pbcc/pbcc/gen/ir"
)

// ---- Sorting: sort.Ints, sort.Strings, slices.Sort ----

// The standard library sorts with pattern-defeating quicksort, whose
// many loops and branches would fill the execution trees. A sort of ints
// or strings has one result whatever the algorithm (equal elements are
// indistinguishable), so the lowering calls an insertion sort instead,
// written in Go below and built into the program as package pbccsort:
//
//	sort.Ints(x), slices.Sort(x) of ints      call pbccsort.Ints(x)
//	sort.Strings(x), slices.Sort(x) of strings call pbccsort.Strings(x)
//
// Slices of other element types (floats, whose NaNs sort first) are not
// lowered.

// sortFile is the name the replacement's positions carry.
const sortFile = "pbcc/pbccsort.go"

const sortSrc = `package pbccsort

// Ints sorts x in increasing order.
func Ints(x []int) {
	for i := 1; i < len(x); i++ {
		for j := i; j > 0 && x[j] < x[j-1]; j-- {
			x[j], x[j-1] = x[j-1], x[j]
		}
	}
}

// Strings sorts x in increasing order.
func Strings(x []string) {
	for i := 1; i < len(x); i++ {
		for j := i; j > 0 && x[j] < x[j-1]; j-- {
			x[j], x[j-1] = x[j-1], x[j]
		}
	}
}
`

// sortPackage returns the package of the replacements, building it on
// first use.
func (lw *lowerer) sortPackage() (*ssa.Package, error) {
	if lw.sortPkg != nil || lw.sortErr != nil {
		return lw.sortPkg, lw.sortErr
	}
	fset := lw.prog.Fset
	f, err := parser.ParseFile(fset, sortFile, sortSrc, parser.ParseComments)
	if err != nil {
		lw.sortErr = fmt.Errorf("parsing the sort replacement: %v", err)
		return nil, lw.sortErr
	}
	info := &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Implicits:  map[ast.Node]types.Object{},
		Scopes:     map[ast.Node]*types.Scope{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
		Instances:  map[*ast.Ident]types.Instance{},
	}
	files := []*ast.File{f}
	tp, err := (&types.Config{}).Check("pbccsort", fset, files, info)
	if err != nil {
		lw.sortErr = fmt.Errorf("type-checking the sort replacement: %v", err)
		return nil, lw.sortErr
	}
	p := lw.prog.CreatePackage(tp, files, info, true)
	p.Build()
	lw.infos[tp] = info
	lw.src[sortFile] = []byte(sortSrc)
	lw.sortPkg = p
	return p, nil
}

// isSortReplacement reports whether fn is a function of the replacement
// package.
func (lw *lowerer) isSortReplacement(fn *ssa.Function) bool {
	return lw.sortPkg != nil && fn.Pkg == lw.sortPkg
}

// sortReplacement returns the name of the replacement of fn
// ("Ints", "Strings") when fn is a sort the lowering replaces.
func sortReplacement(fn *ssa.Function) (string, bool) {
	origin := fn
	if fn.Origin() != nil {
		origin = fn.Origin()
	}
	if origin.Pkg == nil || !stdPackage(origin.Pkg) {
		return "", false
	}
	obj, ok := origin.Object().(*types.Func)
	if !ok || obj.Pkg() == nil {
		return "", false
	}
	switch obj.Pkg().Path() + "." + obj.Name() {
	case "sort.Ints":
		return "Ints", true
	case "sort.Strings":
		return "Strings", true
	case "slices.Sort":
		if fn.Origin() == nil || fn.Signature.Params().Len() != 1 {
			return "", false
		}
		s, ok := fn.Signature.Params().At(0).Type().Underlying().(*types.Slice)
		if !ok {
			return "", false
		}
		if b, ok := s.Elem().(*types.Basic); ok {
			switch b.Kind() {
			case types.Int:
				return "Ints", true
			case types.String:
				return "Strings", true
			}
		}
	}
	return "", false
}

// sortCall lowers a call of a sort the lowering replaces; it returns
// false for other functions.
func (l *fnLowering) sortCall(fn *ssa.Function, common *ssa.CallCommon, pos token.Pos) (ir.Value, bool) {
	name, ok := sortReplacement(fn)
	if !ok {
		return nil, false
	}
	p, err := l.lw.sortPackage()
	if err != nil {
		l.unsupported(pos, "call of %s: %v", fn.String(), err)
	}
	repl := p.Func(name)
	cs := l.callee(repl, pos, "call")
	return l.emit(ir.NewCall(cs.ir, []ir.Value{l.value(common.Args[0], pos)})), true
}
