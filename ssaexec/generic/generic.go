// Package generic chooses type arguments for a generic function or a
// method of a generic type, so that it can be tested: pbcc tests the
// instance, F[int] or (*Stack[int]).Push, on the real code.
//
// It takes the generic *ssa.Function (go/ssa builds its body once, with
// the type parameters) and gives an Instance: the chosen type arguments
// and the signature with them substituted, which is what a test calls.
package generic

import (
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// An Instance is a generic function or method with the type arguments
// its tests use.
type Instance struct {
	// Fn is the generic function: its body, constants and callees are
	// those of every instance.
	Fn *ssa.Function
	// TypeArgs are the receiver's type arguments, then the function's
	// own, one per type parameter, in order.
	TypeArgs []types.Type
	// Sig is Fn's signature with the type arguments in place of the
	// type parameters; a method's receiver is the instantiated type.
	Sig *types.Signature
}

// New chooses type arguments for fn, a generic function or a method of a
// generic type declared in a package, and returns the instance. It fails
// when some type parameter has no type pbcc can choose (a constraint no
// basic type and no type of the package satisfies).
func New(fn *ssa.Function) (*Instance, error) {
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil {
		return nil, fmt.Errorf("%s: not a function declared in a package", fn)
	}
	pkg := obj.Pkg()
	sig := fn.Signature
	if recv := sig.Recv(); recv != nil && sig.RecvTypeParams().Len() > 0 {
		named, ptr := recvNamed(recv.Type())
		if named == nil {
			return nil, fmt.Errorf("%s: the receiver is not a named type", fn)
		}
		targs, err := Choose(named.Origin().TypeParams(), pkg)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", fn, err)
		}
		inst, err := types.Instantiate(nil, named.Origin(), targs, true)
		if err != nil {
			return nil, fmt.Errorf("%s: instantiating %s: %w", fn, named.Obj().Name(), err)
		}
		in := inst.(*types.Named)
		for m := range in.Methods() {
			if m.Name() == obj.Name() {
				msig := m.Signature()
				if msig.TypeParams().Len() > 0 {
					return nil, fmt.Errorf("%s: a method with type parameters of its own", fn)
				}
				var rt types.Type = in
				if ptr {
					rt = types.NewPointer(in)
				}
				r := types.NewParam(recv.Pos(), recv.Pkg(), recv.Name(), rt)
				return &Instance{Fn: fn, TypeArgs: targs, Sig: types.NewSignatureType(r, nil, nil, msig.Params(), msig.Results(), msig.Variadic())}, nil
			}
		}
		return nil, fmt.Errorf("%s: no method %s in %s", fn, obj.Name(), in)
	}
	targs, err := Choose(sig.TypeParams(), pkg)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", fn, err)
	}
	is, err := types.Instantiate(nil, sig, targs, true)
	if err != nil {
		return nil, fmt.Errorf("%s: instantiating: %w", fn, err)
	}
	return &Instance{Fn: fn, TypeArgs: targs, Sig: is.(*types.Signature)}, nil
}

// Callee is how code of fn's package names the instance: "Max[int]", or a
// method expression, "(*Stack[int]).Push" or "Pair[int, string].Swap".
func (in *Instance) Callee(qual types.Qualifier) string {
	if recv := in.Sig.Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			return "(*" + types.TypeString(p.Elem(), qual) + ")." + in.Fn.Name()
		}
		return types.TypeString(t, qual) + "." + in.Fn.Name()
	}
	return in.Fn.Name() + "[" + typeList(in.TypeArgs, qual) + "]"
}

// String names the instance as a reader of its package would:
// "Max[int]", "Stack[int].Push".
func (in *Instance) String() string {
	qual := types.RelativeTo(in.Fn.Object().Pkg())
	if recv := in.Sig.Recv(); recv != nil {
		named, _ := recvNamed(recv.Type())
		return named.Obj().Name() + "[" + typeList(in.TypeArgs, qual) + "]." + in.Fn.Name()
	}
	return in.Callee(qual)
}

func typeList(ts []types.Type, qual types.Qualifier) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = types.TypeString(t, qual)
	}
	return strings.Join(s, ", ")
}

func recvNamed(t types.Type) (*types.Named, bool) {
	ptr := false
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t, ptr = p.Elem(), true
	}
	n, _ := types.Unalias(t).(*types.Named)
	return n, ptr
}

// basics are the types tried first for a type parameter, in order: what a
// reader expects a generic function to be shown with.
var basics = []types.Type{types.Typ[types.Int], types.Typ[types.String], types.Typ[types.Float64],
	types.Typ[types.Int64], types.Typ[types.Uint], types.Typ[types.Uint8], types.Typ[types.Int32],
	types.Typ[types.Bool], types.Typ[types.Float32], types.Typ[types.Uint64]}

// Choose returns one type argument per type parameter of tparams: int
// when the constraint allows it (any, comparable, cmp.Ordered, ~int |
// ~float64), else the first basic type, then the first type of a term of
// the constraint's type set (its core type: ~[]E gives []int once E is
// int), then the first type of pkg (T, then *T) that satisfies it (a
// constraint with methods). Only basic types, the package's own types and
// types made of them are chosen: a test of the package names them without
// an import.
func Choose(tparams *types.TypeParamList, pkg *types.Package) ([]types.Type, error) {
	n := tparams.Len()
	targs := make([]types.Type, n)
	chosen := map[*types.TypeParam]types.Type{}
	// A constraint may name other type parameters (S ~[]E): those are
	// chosen first, as many rounds as there are parameters.
	for round := 0; round < n; round++ {
		for i := range n {
			if targs[i] != nil {
				continue
			}
			tp := tparams.At(i)
			if t := choose(tp, chosen, pkg); t != nil {
				targs[i], chosen[tp] = t, t
			}
		}
	}
	for i, t := range targs {
		if t == nil {
			return nil, fmt.Errorf("no type pbcc can choose satisfies the constraint %s of type parameter %s",
				types.TypeString(tparams.At(i).Constraint(), types.RelativeTo(pkg)), tparams.At(i).Obj().Name())
		}
	}
	return targs, nil
}

func choose(tp *types.TypeParam, chosen map[*types.TypeParam]types.Type, pkg *types.Package) types.Type {
	iface, ok := tp.Constraint().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	if mentions(iface, chosen) {
		return nil // a type parameter it names is not chosen yet
	}
	// The constraint may itself name tp (T interface{ Less(T) bool }):
	// the candidate is checked with tp bound to it.
	ok1 := func(t types.Type) bool {
		c := subst(tp.Constraint(), chosen, tp, t)
		if c == nil {
			return false
		}
		ci, ok := c.Underlying().(*types.Interface)
		return ok && types.Satisfies(t, ci)
	}
	for _, t := range basics {
		if ok1(t) {
			return t
		}
	}
	for _, term := range terms(iface) {
		if t := subst(term.Type(), chosen, nil, nil); t != nil && nameable(t, pkg) && ok1(t) {
			return t
		}
	}
	if pkg != nil {
		for _, name := range pkg.Scope().Names() {
			tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			named, ok := tn.Type().(*types.Named)
			if !ok || named.TypeParams().Len() > 0 || types.IsInterface(named) {
				continue
			}
			for _, t := range []types.Type{named, types.NewPointer(named)} {
				if ok1(t) {
					return t
				}
			}
		}
	}
	return nil
}

// mentions reports whether t names a type parameter not in chosen, other
// than the one whose constraint it is (checked with its candidate).
func mentions(iface *types.Interface, chosen map[*types.TypeParam]types.Type) bool {
	for _, term := range terms(iface) {
		if subst(term.Type(), chosen, nil, nil) == nil {
			return true
		}
	}
	return false
}

// terms lists the terms of the type sets iface embeds: interface{ ~int |
// ~float64 } has two, interface{ *T } one.
func terms(iface *types.Interface) []*types.Term {
	var out []*types.Term
	for e := range iface.EmbeddedTypes() {
		switch e := e.(type) {
		case *types.Union:
			for term := range e.Terms() {
				out = append(out, term)
			}
		default:
			if !types.IsInterface(e) {
				out = append(out, types.NewTerm(false, e))
			}
		}
	}
	return out
}

// subst returns t with the chosen type arguments (and self bound to
// arg) in place of type parameters, or nil when t names one not chosen or
// is of a kind subst does not rebuild.
func subst(t types.Type, chosen map[*types.TypeParam]types.Type, self *types.TypeParam, arg types.Type) types.Type {
	var walk func(t types.Type) types.Type
	walk = func(t types.Type) types.Type {
		switch t := t.(type) {
		case *types.TypeParam:
			if t == self {
				return arg
			}
			return chosen[t]
		case *types.Basic:
			return t
		case *types.Pointer:
			if e := walk(t.Elem()); e != nil {
				return types.NewPointer(e)
			}
		case *types.Slice:
			if e := walk(t.Elem()); e != nil {
				return types.NewSlice(e)
			}
		case *types.Array:
			if e := walk(t.Elem()); e != nil {
				return types.NewArray(e, t.Len())
			}
		case *types.Map:
			if k, e := walk(t.Key()), walk(t.Elem()); k != nil && e != nil {
				return types.NewMap(k, e)
			}
		case *types.Named:
			if t.TypeArgs().Len() == 0 {
				return t
			}
			var args []types.Type
			for a := range t.TypeArgs().Types() {
				w := walk(a)
				if w == nil {
					return nil
				}
				args = append(args, w)
			}
			if in, err := types.Instantiate(nil, t.Origin(), args, false); err == nil {
				return in
			}
		case *types.Interface:
			if !hasTypeParam(t) {
				return t
			}
			if self != nil {
				// A constraint naming type parameters: rebuilt with its
				// methods' signatures and its terms substituted.
				var ms []*types.Func
				for m := range t.Methods() {
					s := m.Signature()
					ps, ok1 := substTuple(s.Params(), walk)
					rs, ok2 := substTuple(s.Results(), walk)
					if !ok1 || !ok2 {
						return nil
					}
					ms = append(ms, types.NewFunc(m.Pos(), m.Pkg(), m.Name(), types.NewSignatureType(nil, nil, nil, ps, rs, s.Variadic())))
				}
				var embeds []types.Type
				for e := range t.EmbeddedTypes() {
					if u, ok := e.(*types.Union); ok {
						var terms []*types.Term
						for term := range u.Terms() {
							w := walk(term.Type())
							if w == nil {
								return nil
							}
							terms = append(terms, types.NewTerm(term.Tilde(), w))
						}
						embeds = append(embeds, types.NewUnion(terms))
						continue
					}
					w := walk(e)
					if w == nil {
						return nil
					}
					embeds = append(embeds, w)
				}
				return types.NewInterfaceType(ms, embeds).Complete()
			}
		case *types.Alias:
			return walk(types.Unalias(t))
		default:
			if !hasTypeParam(t) {
				return t
			}
		}
		return nil
	}
	return walk(t)
}

func substTuple(t *types.Tuple, walk func(types.Type) types.Type) (*types.Tuple, bool) {
	var vs []*types.Var
	for v := range t.Variables() {
		w := walk(v.Type())
		if w == nil {
			return nil, false
		}
		vs = append(vs, types.NewParam(v.Pos(), v.Pkg(), v.Name(), w))
	}
	return types.NewTuple(vs...), true
}

// hasTypeParam reports whether t names a type parameter.
func hasTypeParam(t types.Type) bool {
	found := false
	var walk func(t types.Type, depth int)
	walk = func(t types.Type, depth int) {
		if found || depth > 8 {
			return
		}
		switch t := t.(type) {
		case *types.TypeParam:
			found = true
		case *types.Pointer:
			walk(t.Elem(), depth+1)
		case *types.Slice:
			walk(t.Elem(), depth+1)
		case *types.Array:
			walk(t.Elem(), depth+1)
		case *types.Chan:
			walk(t.Elem(), depth+1)
		case *types.Map:
			walk(t.Key(), depth+1)
			walk(t.Elem(), depth+1)
		case *types.Named:
			for a := range t.TypeArgs().Types() {
				walk(a, depth+1)
			}
		case *types.Signature:
			for v := range t.Params().Variables() {
				walk(v.Type(), depth+1)
			}
			for v := range t.Results().Variables() {
				walk(v.Type(), depth+1)
			}
		case *types.Interface:
			for m := range t.Methods() {
				walk(m.Type(), depth+1)
			}
			for e := range t.EmbeddedTypes() {
				walk(e, depth+1)
			}
		case *types.Union:
			for term := range t.Terms() {
				walk(term.Type(), depth+1)
			}
		case *types.Struct:
			for f := range t.Fields() {
				walk(f.Type(), depth+1)
			}
		}
	}
	walk(t, 0)
	return found
}

// nameable reports whether a test of pkg can write t without an import:
// it is made of basic types and pkg's own types.
func nameable(t types.Type, pkg *types.Package) bool {
	ok := true
	var walk func(t types.Type)
	walk = func(t types.Type) {
		switch t := types.Unalias(t).(type) {
		case *types.Basic:
		case *types.Pointer:
			walk(t.Elem())
		case *types.Slice:
			walk(t.Elem())
		case *types.Array:
			walk(t.Elem())
		case *types.Map:
			walk(t.Key())
			walk(t.Elem())
		case *types.Named:
			if t.Obj().Pkg() != nil && t.Obj().Pkg() != pkg {
				ok = false
			}
			for a := range t.TypeArgs().Types() {
				walk(a)
			}
		default:
			ok = false
		}
	}
	walk(t)
	return ok
}
