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

// ---- Sorting: sort.Ints, sort.Strings, slices.Sort, sort.Stable ----

// The standard library sorts with pattern-defeating quicksort, whose
// many loops and branches would fill the execution trees. A sort of ints
// or strings has one result whatever the algorithm (equal elements are
// indistinguishable), so the lowering calls an insertion sort instead,
// written in Go below and built into the program as package pbccsort:
//
//	sort.Ints(x), slices.Sort(x) of ints      call pbccsort.Ints(x)
//	sort.Strings(x), slices.Sort(x) of strings call pbccsort.Strings(x)
//	sort.Stable(data), sort.Sort(data)         call pbccsort.Stable(data)
//
// Slices of other element types (floats, whose NaNs sort first) are not
// lowered.

// sortFile is the name the replacement's positions carry.
const sortFile = "pbcc/pbccsort.go"

// sortSrc is the replacement's source after its package clause (and,
// when the program has package sort, its import: stableSrc).
const sortSrc = `
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

// stableSrc replaces sort.Stable and sort.Sort of a sort.Interface. The
// result of a stable sort is the same whatever the algorithm; below 12
// elements, sort.Sort is this insertion sort too (pdqsort's
// insertionSort), and above, the real run says where equal elements go.
const stableSrc = `
// Stable sorts data in increasing order, keeping equal elements' order.
func Stable(data sort.Interface) {
	n := data.Len()
	for i := 1; i < n; i++ {
		for j := i; j > 0 && data.Less(j, j-1); j-- {
			data.Swap(j, j-1)
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
	src := "package pbccsort\n" + sortSrc
	stdSort := lw.prog.ImportedPackage("sort")
	if stdSort != nil {
		src = "package pbccsort\n\nimport \"sort\"\n" + sortSrc + stableSrc
	}
	f, err := parser.ParseFile(fset, sortFile, src, parser.ParseComments)
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
	conf := &types.Config{Importer: sortImporter{stdSort}}
	tp, err := conf.Check("pbccsort", fset, files, info)
	if err != nil {
		lw.sortErr = fmt.Errorf("type-checking the sort replacement: %v", err)
		return nil, lw.sortErr
	}
	p := lw.prog.CreatePackage(tp, files, info, true)
	p.Build()
	lw.infos[tp] = info
	lw.src[sortFile] = []byte(src)
	lw.sortPkg = p
	return p, nil
}

// sortImporter gives the replacement the program's own package sort, so
// that its sort.Interface is the caller's.
type sortImporter struct{ sort *ssa.Package }

func (im sortImporter) Import(path string) (*types.Package, error) {
	if path != "sort" || im.sort == nil {
		return nil, fmt.Errorf("package %s is not in the program", path)
	}
	return im.sort.Pkg, nil
}

// isSortReplacement reports whether fn is a function of the replacement
// package.
func (lw *lowerer) isSortReplacement(fn *ssa.Function) bool {
	return lw.sortPkg != nil && fn.Pkg == lw.sortPkg
}

// sortName returns "pkg/path.Name" of fn, or of the generic function fn
// is an instance of, when it is a function of the standard library; ""
// otherwise.
func sortName(fn *ssa.Function) string {
	origin := fn
	if fn.Origin() != nil {
		origin = fn.Origin()
	}
	if origin.Pkg == nil || !stdPackage(origin.Pkg) {
		return ""
	}
	return stdFunc(origin)
}

// sortReplacement returns the name of the replacement of fn
// ("Ints", "Strings", "Stable") when fn is a sort the lowering replaces.
func sortReplacement(fn *ssa.Function) (string, bool) {
	switch sortName(fn) {
	case "sort.Ints":
		return "Ints", true
	case "sort.Strings":
		return "Strings", true
	case "sort.Stable", "sort.Sort":
		return "Stable", fn.Signature.Params().Len() == 1
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
	if v, ok := l.irSortCall(fn, common, pos); ok {
		return v, true
	}
	name, ok := sortReplacement(fn)
	if !ok {
		return nil, false
	}
	p, err := l.lw.sortPackage()
	if err != nil {
		l.unsupported(pos, "call of %s: %v", fn.String(), err)
	}
	repl := p.Func(name)
	if repl == nil {
		l.unsupported(pos, "call of %s: no replacement %s", fn.String(), name)
	}
	cs := l.callee(repl, pos, "call")
	return l.emit(ir.NewCall(cs.ir, []ir.Value{l.value(common.Args[0], pos)})), true
}

// ---- Sorting with a comparison: slices.SortFunc, sort.Slice ----
//
// For fewer than 13 elements, the standard library's sorts are the
// insertion sort below (pdqsort's insertionSortCmpFunc and
// insertionSort_func), so that the model's results are Go's, equal
// elements' order included, within the inputs' length bounds:
//
//	slices.SortFunc(x, cmp), slices.SortStableFunc(x, cmp)
//	    for i := 1; i < len(x); i++ {
//	        for j := i; j > 0 && cmp(x[j], x[j-1]) < 0; j-- { swap }
//	sort.Slice(x, less), sort.SliceStable(x, less)
//	    ... j > 0 && less(j, j-1) ...
//	slices.Sort(x) of integers or strings other than int and string
//	    ... j > 0 && x[j] < x[j-1] ...
//
// The sort is a function written in the IR, one per kind and type.

// sortKind says how an insertion sort compares two elements.
type sortKind int

const (
	sortOrdered sortKind = iota // x[j] < x[j-1]
	sortCmp                     // cmp(x[j], x[j-1]) < 0
	sortLess                    // less(j, j-1)
)

// irSortKind says whether fn, called by common, is a sort irSortCall
// lowers: slices.SortFunc, slices.SortStableFunc, sort.Slice,
// sort.SliceStable, or slices.Sort of integers or strings that
// pbccsort's Ints and Strings do not take; and which slice it sorts.
func irSortKind(fn *ssa.Function, common *ssa.CallCommon) (sortKind, ssa.Value, bool) {
	if len(common.Args) == 0 {
		return 0, nil, false
	}
	x := common.Args[0]
	switch sortName(fn) {
	case "slices.SortFunc", "slices.SortStableFunc":
		return sortCmp, x, len(common.Args) == 2
	case "sort.Slice", "sort.SliceStable":
		mi, ok := x.(*ssa.MakeInterface)
		if !ok || len(common.Args) != 2 {
			return 0, nil, false
		}
		_, ok = mi.X.Type().Underlying().(*types.Slice)
		return sortLess, mi.X, ok
	case "slices.Sort":
		s, ok := x.Type().Underlying().(*types.Slice)
		if !ok {
			return 0, nil, false
		}
		b, ok := s.Elem().Underlying().(*types.Basic)
		if !ok || b.Info()&(types.IsInteger|types.IsString) == 0 {
			return 0, nil, false // floats: NaNs sort first
		}
		if _, done := sortReplacement(fn); done {
			return 0, nil, false // pbccsort.Ints, Strings
		}
		return sortOrdered, x, true
	}
	return 0, nil, false
}

// irSortCall lowers a call of a sort irSortKind names to a call of the
// insertion sort of its kind.
func (l *fnLowering) irSortCall(fn *ssa.Function, common *ssa.CallCommon, pos token.Pos) (ir.Value, bool) {
	kind, x, ok := irSortKind(fn, common)
	if !ok {
		return nil, false
	}
	args := []ir.Value{l.value(x, pos)}
	if kind != sortOrdered {
		args = append(args, l.value(common.Args[1], pos))
	}
	st, ok := args[0].Type().(ir.Slice)
	if !ok {
		return nil, false
	}
	var fnT *ir.Signature
	if kind != sortOrdered {
		if fnT, ok = args[1].Type().(*ir.Signature); !ok {
			return nil, false
		}
	}
	return l.emit(ir.NewCall(l.lw.insertionSort(kind, st, fnT), args)), true
}

// insertionSort returns the insertion sort of kind for slices of type st
// compared by a function of type fnT (nil for sortOrdered), making it on
// first use.
func (lw *lowerer) insertionSort(kind sortKind, st ir.Slice, fnT *ir.Signature) *ir.Func {
	key := fmt.Sprintf("%d %s", kind, st)
	if fnT != nil {
		key += " " + fnT.String()
	}
	if f, ok := lw.sorts[key]; ok {
		return f
	}
	i64 := ir.Int{Bits: 64, Signed: true}
	f := &ir.Func{Name: "pbccsort.insertionSort", Lang: ir.Go, Pos: ir.Pos{File: sortFile, Line: 1, Col: 1}}
	x := ir.NewParam("x", st)
	f.Params = []*ir.Param{x}
	var by *ir.Param
	if fnT != nil {
		by = ir.NewParam("by", fnT)
		f.Params = append(f.Params, by)
	}
	entry, outer, inner, test := f.NewBlock("entry"), f.NewBlock("for.i"), f.NewBlock("for.j"), f.NewBlock("compare")
	swap, next, exit := f.NewBlock("swap"), f.NewBlock("for.i.next"), f.NewBlock("for.i.done")
	emit := func(b *ir.Block, in ir.Instr) ir.Value { return b.Emit(in).(ir.Value) }
	zero, one := ir.IntConst(i64, 0), ir.IntConst(i64, 1)

	n := emit(entry, ir.NewLen(x, i64))
	entry.SetTerm(&ir.Jump{}, outer)

	i := ir.NewPhi(i64, nil)
	outer.Emit(i)
	outer.SetTerm(&ir.If{Cond: emit(outer, ir.NewBinOp(ir.Lt, i, n))}, inner, exit)

	j := ir.NewPhi(i64, nil)
	inner.Emit(j)
	inner.SetTerm(&ir.If{Cond: emit(inner, ir.NewBinOp(ir.Gt, j, zero))}, test, next)

	jm1 := emit(test, ir.NewBinOp(ir.Sub, j, one))
	var less ir.Value
	switch kind {
	case sortLess:
		less = emit(test, ir.NewCallIndirect(by, []ir.Value{j, jm1}))
	default:
		a := emit(test, ir.NewLoad(emit(test, ir.NewIndexAddr(x, j))))
		b := emit(test, ir.NewLoad(emit(test, ir.NewIndexAddr(x, jm1))))
		if kind == sortOrdered {
			less = emit(test, ir.NewBinOp(ir.Lt, a, b))
		} else {
			r := emit(test, ir.NewCallIndirect(by, []ir.Value{a, b}))
			less = emit(test, ir.NewBinOp(ir.Lt, r, ir.IntConst(r.Type().(ir.Int), 0)))
		}
	}
	test.SetTerm(&ir.If{Cond: less}, swap, next)

	pa := emit(swap, ir.NewIndexAddr(x, j))
	pb := emit(swap, ir.NewIndexAddr(x, jm1))
	a := emit(swap, ir.NewLoad(pa))
	b := emit(swap, ir.NewLoad(pb))
	swap.Emit(ir.NewStore(pa, b))
	swap.Emit(ir.NewStore(pb, a))
	swap.SetTerm(&ir.Jump{}, inner)

	i1 := emit(next, ir.NewBinOp(ir.Add, i, one))
	next.SetTerm(&ir.Jump{}, outer)
	exit.SetTerm(&ir.Return{})

	// The operands follow the blocks' predecessors: for.i after entry
	// and for.i.next, for.j after for.i and swap.
	i.Edges = []ir.Value{one, i1}
	j.Edges = []ir.Value{i, jm1}
	f.Renumber()
	if lw.sorts == nil {
		lw.sorts = map[string]*ir.Func{}
	}
	lw.sorts[key] = f
	return f
}
