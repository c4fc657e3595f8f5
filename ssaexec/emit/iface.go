package emit

import (
	"fmt"
	"go/types"
	"strings"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/ssaexec"
)

// Interfaces other than error.
//
// A value of an interface type is written as the concrete value a person
// would put there: nil, Circle{R: 2}, &Square{Side: 1}, (*Square)(nil)
// for a nil pointer that is not a nil interface, and a basic value
// converted to its type (int(3), uint8(7), "go" and true as they are,
// since they default to their type).

// isIface reports whether t is an interface other than error.
func isIface(t types.Type) bool { return types.IsInterface(t) && !isError(t) }

// ifaceImpl returns the Go type of the dynamic type of interface literal
// l, and the literal it holds; ok is false for a nil interface.
func ifaceImpl(l ir.Literal) (types.Type, ir.Literal, bool, error) {
	it, isIface := l.T.(*ir.Interface)
	if !isIface {
		return nil, ir.Literal{}, false, fmt.Errorf("literal %v is no interface value", l)
	}
	if l.Nil || l.Bits == 0 || len(l.Elems) == 0 {
		return nil, ir.Literal{}, false, nil
	}
	k := int(l.Bits)
	if k > len(it.Impls) {
		return nil, ir.Literal{}, false, fmt.Errorf("interface literal %v: no dynamic type %d", l, k)
	}
	c, ok := it.Impls[k-1].Src.(types.Type)
	if !ok {
		return nil, ir.Literal{}, false, fmt.Errorf("interface literal %v: dynamic type %s has no Go type", l, it.Impls[k-1].Name)
	}
	return c, l.Elems[0], true, nil
}

// writeIface writes the interface value l of type t.
func (w *litWriter) writeIface(b *strings.Builder, t types.Type, l ir.Literal, at place) error {
	c, v, ok, err := ifaceImpl(l)
	if err != nil {
		return err
	}
	if !ok {
		b.WriteString("nil")
		return nil
	}
	if ssaexec.IsState(c) {
		return w.writeState(b, v)
	}
	switch u := c.Underlying().(type) {
	case *types.Basic:
		s, typed, err := w.scalar(c, u, v)
		if err != nil {
			return err
		}
		// A whole float64 is written 3, which would be an int there.
		whole := u.Info()&types.IsFloat != 0 && !strings.ContainsAny(s, ".eE")
		if typed || (defaultsTo(c, u) && !whole) {
			b.WriteString(s)
			return nil
		}
		fmt.Fprintf(b, "%s(%s)", types.TypeString(c, w.qual), s)
		return nil
	case *types.Pointer:
		if v.Ref == nil {
			fmt.Fprintf(b, "(%s)(nil)", types.TypeString(c, w.qual))
			return nil
		}
	case *types.Signature, *types.Slice, *types.Map:
		if isZero(c, v) {
			fmt.Fprintf(b, "%s(nil)", types.TypeString(c, w.qual))
			return nil
		}
		if _, ok := u.(*types.Signature); ok && v.Func != nil && v.Func.IsStub() {
			// A func literal has no methods: the named type that has
			// them (robfig/cron's FuncJob, a Job) converts it.
			var f strings.Builder
			if err := w.writeStub(&f, c, v); err != nil {
				return err
			}
			fmt.Fprintf(b, "%s(%s)", types.TypeString(c, w.qual), f.String())
			return nil
		}
	}
	// Composite literals are written with their type (elide false).
	return w.write(b, c, v, false, place{})
}

// defaultsTo reports whether an untyped constant of the basic type u
// written in a place of interface type gets type c: string, bool, int,
// float64 (not named).
func defaultsTo(c types.Type, u *types.Basic) bool {
	if _, named := types.Unalias(c).(*types.Named); named {
		return false
	}
	switch u.Kind() {
	case types.String, types.Bool, types.Float64:
		return true
	}
	return false
}

// walkIface walks the value an interface literal holds.
func (o *objects) walkIface(l ir.Literal) {
	if c, v, ok, err := ifaceImpl(l); err == nil && ok {
		o.walk(c, v)
	}
}

// ifaceIsZero reports whether l is a nil interface.
func ifaceIsZero(l ir.Literal) bool {
	_, _, ok, _ := ifaceImpl(l)
	return !ok
}

// ifaceTypes returns the named types of the package under test (T and
// *T) that implement it: what a result of type it may hold, for the
// options of cmp.Diff. It returns them all for an interface without
// methods.
func (g *generator) ifaceTypes(it *types.Interface) []types.Type {
	if g.pkg == nil {
		return nil
	}
	var out []types.Type
	for _, n := range ssaexec.ConcreteTypes(g.pkg) {
		if types.Implements(n, it) || types.Implements(types.NewPointer(n), it) {
			out = append(out, n)
		}
	}
	return out
}

// writeReflectValue writes the reflect.Value l of type t, an interface
// literal of the values it may hold (ssaexec/lowersig.go): the zero
// Value, or reflect.ValueOf of the value written as in an interface.
func (w *litWriter) writeReflectValue(b *strings.Builder, t types.Type, l ir.Literal) error {
	_, _, ok, err := ifaceImpl(l)
	if err != nil {
		return err
	}
	if !ok {
		b.WriteString(types.TypeString(t, w.qual) + "{}")
		return nil
	}
	b.WriteString(w.pkgName("reflect", "reflect") + ".ValueOf(")
	if err := w.writeIface(b, t, l, place{}); err != nil {
		return err
	}
	b.WriteByte(')')
	return nil
}
