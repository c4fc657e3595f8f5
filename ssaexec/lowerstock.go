package ssaexec

import (
	"go/token"
	"go/types"
	"sync"

	"golang.org/x/tools/go/packages"
)

// ---- Standard values of interfaces the module does not implement ----
//
// A parameter of an interface type with methods that no type of the
// module implements (io.Reader, io.Writer, fmt.State, fmt.Stringer, in
// most modules) could only be nil: the model then said the branches
// behind its first method call unreachable, and the search on the real
// code never got past a nil dereference. Such an interface gets one
// stock implementation, the first of these that implements it:
//
//	*bytes.Buffer  a reader and a writer: bytes.NewBufferString("text"),
//	               what is left in it compared after the call
//	*pbccState     a fmt.State (Write, Width, Precision, Flag) that the
//	               emitted test file declares once (emit.StateDecl)
//
// Their methods have no body the lowering follows: a function that calls
// one is searched on the real code (ssaexec/oracle fills such parameters
// with the same types), which is where their values come from.

// StatePath is the import path of the package of the pbccState type:
// no real package; the driver of the search on the real code and the
// emitted tests each declare the type in the package under test.
const StatePath = "pbcc.invalid/state"

// StateName is the IR name of the stock fmt.State implementation.
const StateName = "*pbccState"

// StateFields are the fields of pbccState, in order: the flags set ("+#"),
// the width and precision and whether each is set, and what was written.
var StateFields = []string{"flags", "width", "precision", "widthSet", "precisionSet", "out"}

var (
	stateOnce sync.Once
	stateType *types.Named
)

// stockState returns the type pbccState, made once.
func stockState() *types.Named {
	stateOnce.Do(func() {
		pkg := types.NewPackage(StatePath, "pbccstate")
		str, in, bl := types.Typ[types.String], types.Typ[types.Int], types.Typ[types.Bool]
		ftypes := []types.Type{str, in, in, bl, bl, str}
		var fields []*types.Var
		for i, n := range StateFields {
			fields = append(fields, types.NewField(token.NoPos, pkg, n, ftypes[i], false))
		}
		obj := types.NewTypeName(token.NoPos, pkg, "pbccState", nil)
		named := types.NewNamed(obj, types.NewStruct(fields, nil), nil)
		v := func(name string, t types.Type) *types.Var { return types.NewParam(token.NoPos, pkg, name, t) }
		tuple := types.NewTuple
		errT := types.Universe.Lookup("error").Type()
		method := func(name string, params, results *types.Tuple) {
			recv := types.NewVar(token.NoPos, pkg, "s", types.NewPointer(named))
			named.AddMethod(types.NewFunc(token.NoPos, pkg, name, types.NewSignatureType(recv, nil, nil, params, results, false)))
		}
		method("Write", tuple(v("b", types.NewSlice(types.Typ[types.Byte]))), tuple(v("n", in), v("err", errT)))
		method("Width", tuple(), tuple(v("wid", in), v("ok", bl)))
		method("Precision", tuple(), tuple(v("prec", in), v("ok", bl)))
		method("Flag", tuple(v("c", in)), tuple(v("", bl)))
		stateType = named
	})
	return stateType
}

// IsState reports whether t is the stock fmt.State implementation (the
// type or a pointer to it).
func IsState(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == StatePath
}

// IsStock reports whether t is a stock implementation: *bytes.Buffer or
// *pbccState.
func IsStock(t types.Type) bool {
	if IsState(t) {
		return true
	}
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "bytes" && n.Obj().Name() == "Buffer"
}

// stockBuffer returns *bytes.Buffer: from the packages loaded when one
// of them imports bytes, else loaded once on its own (its types only).
func (lw *lowerer) stockBuffer() types.Type {
	if lw.bufferDone {
		return lw.buffer
	}
	lw.bufferDone = true
	var bytesPkg *types.Package
	for _, p := range lw.prog.AllPackages() {
		if p.Pkg.Path() == "bytes" {
			bytesPkg = p.Pkg
		}
	}
	if bytesPkg == nil {
		cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes, Dir: lw.dir}
		if ps, err := packages.Load(cfg, "bytes"); err == nil && len(ps) == 1 && ps[0].Types != nil && len(ps[0].Errors) == 0 {
			bytesPkg = ps[0].Types
		}
	}
	if bytesPkg == nil {
		return nil
	}
	if tn, ok := bytesPkg.Scope().Lookup("Buffer").(*types.TypeName); ok {
		lw.buffer = types.NewPointer(tn.Type())
	}
	return lw.buffer
}

// declaredInModule reports whether c (T or *T) is declared in a package
// of the module.
func (lw *lowerer) declaredInModule(c types.Type) bool {
	if p, ok := c.(*types.Pointer); ok {
		c = p.Elem()
	}
	n, ok := types.Unalias(c).(*types.Named)
	return ok && n.Obj().Pkg() != nil && lw.inModule[n.Obj().Pkg()]
}

// stockImplementation returns the first stock type that implements the
// interface it, or nil.
func (lw *lowerer) stockImplementation(it *types.Interface) types.Type {
	if it.NumMethods() == 0 {
		return nil
	}
	if b := lw.stockBuffer(); b != nil && types.Implements(b, it) {
		return b
	}
	if s := types.NewPointer(stockState()); types.Implements(s, it) {
		return s
	}
	return nil
}
