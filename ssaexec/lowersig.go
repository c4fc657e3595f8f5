package ssaexec

import (
	"go/types"

	"github.com/pbcc/pbcc/gen/ir"
)

// Signatures the model cannot run.
//
// A function whose parameter has no IR type (lw.typ) cannot be modelled,
// but it can still be searched on the real code (ssaexec.Skipped), which
// needs only an IR type that the driver's values are read back into and
// the emitter writes from. sigType gives such a type where lw.typ gives
// none:
//
//	Go                            ir (a signature only)
//	map[K]V, K any comparable     Map{K, V}, K and V by sigType
//	reflect.Value                 *Interface of the values it may hold
//	                              (ReflectValueImpls), Src reflect.Value
//	*T, []T, [n]T, struct         as lw.typ, their parts by sigType
//	func(...) ...                 Signature, its parts by sigType
//	chan T                        Pointer, always nil (the driver leaves
//	                              it so)
//
// The body of such a function is never lowered (its header keeps the
// error), so no model sees these types.

// IsReflectValue reports whether t is reflect.Value.
func IsReflectValue(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "reflect" && n.Obj().Name() == "Value"
}

// reflectValueBasics are the basic types a reflect.Value input holds,
// besides the package's own types: the kinds a function on reflect
// values switches on most.
var reflectValueBasics = []types.Type{
	types.Typ[types.Int], types.Typ[types.Int64], types.Typ[types.Uint8], types.Typ[types.Float64],
	types.Typ[types.String], types.Typ[types.Bool],
	types.NewSlice(types.Typ[types.Int]), types.NewSlice(types.Typ[types.String]),
	types.NewMap(types.Typ[types.String], types.Typ[types.Int]),
}

// sigType returns an IR type of t for the signature of a function the
// model does not run, or why it has none (lw.typ's reason). pkg is the
// function's package, whose types a reflect.Value may hold.
func (lw *lowerer) sigType(t types.Type, pkg *types.Package) (ir.Type, string) {
	it, why := lw.typ(t)
	if why == "" {
		return it, ""
	}
	if r := lw.approxType(t, pkg, 0); r != nil {
		return r, ""
	}
	return nil, why
}

// approxType is sigType without the reason; nil when t has no type.
func (lw *lowerer) approxType(t types.Type, pkg *types.Package, depth int) ir.Type {
	if depth > 8 {
		return nil
	}
	if it, why := lw.typ(t); why == "" {
		return it
	}
	if IsReflectValue(t) {
		return lw.reflectValueType(t, pkg)
	}
	switch u := t.Underlying().(type) {
	case *types.Map:
		if !types.Comparable(u.Key()) {
			return nil
		}
		k, e := lw.approxType(u.Key(), pkg, depth+1), lw.approxType(u.Elem(), pkg, depth+1)
		if k == nil || e == nil {
			return nil
		}
		return ir.Map{Key: k, Elem: e}
	case *types.Pointer:
		if e := lw.approxType(u.Elem(), pkg, depth+1); e != nil {
			return ir.Pointer{Elem: e}
		}
	case *types.Slice:
		if e := lw.approxType(u.Elem(), pkg, depth+1); e != nil {
			return ir.Slice{Elem: e}
		}
	case *types.Array:
		if e := lw.approxType(u.Elem(), pkg, depth+1); e != nil {
			return ir.Array{Elem: e, Len: int(u.Len())}
		}
	case *types.Signature:
		// A func whose parameters or results are such types
		// (robfig/cron's Option, func(*Cron)): a stub, as lw.typ's.
		if u.Recv() != nil {
			return nil
		}
		ps, ok1 := lw.approxTuple(u.Params(), pkg, depth+1)
		rs, ok2 := lw.approxTuple(u.Results(), pkg, depth+1)
		if !ok1 || !ok2 {
			return nil
		}
		return &ir.Signature{Params: ps, Results: rs}
	case *types.Chan:
		// A channel (robfig/cron's Cron holds five): a pointer the
		// driver never sets and the recorder reads as nil when it is,
		// so that a test writes it nil, as the zero value the field
		// has. A channel the call makes is no value a test can write:
		// the case that returns one is left out.
		return ir.Pointer{Elem: &ir.Struct{Name: "chan"}}
	case *types.Struct:
		if s, ok := lw.sigStructs.At(t).(*ir.Struct); ok {
			return s
		}
		name := typeString(t)
		if n, ok := types.Unalias(t).(*types.Named); ok {
			name = n.Obj().Name()
		}
		// Cached before its fields, as structType does: a field may
		// point back to it. Apart from lw.structs, which the model uses.
		s := &ir.Struct{Name: name}
		lw.sigStructs.Set(t, s)
		for i := range u.NumFields() {
			f := u.Field(i)
			ft := lw.approxType(f.Type(), pkg, depth+1)
			if ft == nil {
				lw.sigStructs.Delete(t)
				return nil
			}
			s.Fields = append(s.Fields, ir.Field{Name: f.Name(), T: ft})
		}
		return s
	}
	return nil
}

// approxTuple is approxType of each of tup's types; false when one has
// none.
func (lw *lowerer) approxTuple(tup *types.Tuple, pkg *types.Package, depth int) ([]ir.Type, bool) {
	var ts []ir.Type
	for v := range tup.Variables() {
		t := lw.approxType(v.Type(), pkg, depth)
		if t == nil {
			return nil, false
		}
		ts = append(ts, t)
	}
	return ts, true
}

// reflectValueType returns the IR type of reflect.Value t in signatures
// of pkg's functions: an interface whose implementations are the values
// it may hold, reflectValueBasics and the package's own types (T and *T
// of a struct) that have an IR type. The driver fills such a parameter
// with reflect.ValueOf of one of them, or the zero Value (nil); a test
// writes it so.
func (lw *lowerer) reflectValueType(t types.Type, pkg *types.Package) *ir.Interface {
	if i, ok := lw.reflectValues[pkg]; ok {
		return i
	}
	i := &ir.Interface{Name: "reflect.Value", Src: t}
	if lw.reflectValues == nil {
		lw.reflectValues = map[*types.Package]*ir.Interface{}
	}
	lw.reflectValues[pkg] = i
	cands := append([]types.Type(nil), reflectValueBasics...)
	if pkg != nil {
		for _, n := range ConcreteTypes(pkg) {
			cands = append(cands, n)
			if _, ok := n.Underlying().(*types.Struct); ok {
				cands = append(cands, types.NewPointer(n))
			}
		}
	}
	for _, c := range cands {
		ct, why := lw.typ(c)
		if why != "" {
			continue
		}
		i.Impls = append(i.Impls, ir.Impl{Name: lw.localTypeString(c), T: ct, Src: c})
	}
	return i
}
