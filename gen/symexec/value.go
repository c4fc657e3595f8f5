package symexec

import (
	"fmt"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/term"
)

// A value is the symbolic value of an IR value: a term for an integer or
// a bool, elements for an array or a tuple, a pointer into memory.
type value struct {
	t     *term.Term
	elems []value
	ptr   *pointer
}

// A pointer designates a cell of memory: an object and a path of element
// indexes into its value. Indexes are 64-bit terms, possibly symbolic.
type pointer struct {
	obj  int
	path []*term.Term
}

// zero returns the zero value of t.
func zero(t ir.Type) value {
	switch t := t.(type) {
	case ir.Int:
		return value{t: term.BV(0, t.Bits)}
	case ir.Bool:
		return value{t: term.False}
	case ir.Array:
		es := make([]value, t.Len)
		for i := range es {
			es[i] = zero(t.Elem)
		}
		return value{elems: es}
	case ir.Tuple:
		es := make([]value, len(t.Elems))
		for i, e := range t.Elems {
			es[i] = zero(e)
		}
		return value{elems: es}
	case ir.Pointer:
		return value{} // nil
	}
	panic(fmt.Sprintf("symexec: zero of %s", t))
}

// ite returns "if c then x else y", element-wise for aggregates.
func ite(c *term.Term, x, y value) value {
	switch {
	case c.IsTrue():
		return x
	case c.IsFalse():
		return y
	case x.t != nil:
		return value{t: term.Ite(c, x.t, y.t)}
	case x.ptr != nil || y.ptr != nil:
		if samePointer(x.ptr, y.ptr) {
			return x
		}
		panic(unsupported("a pointer chosen by a symbolic condition"))
	}
	es := make([]value, len(x.elems))
	for i := range es {
		es[i] = ite(c, x.elems[i], y.elems[i])
	}
	return value{elems: es}
}

func samePointer(p, q *pointer) bool {
	if p == nil || q == nil || p.obj != q.obj || len(p.path) != len(q.path) {
		return p == q
	}
	for i := range p.path {
		if p.path[i] != q.path[i] && !(p.path[i].IsConst() && q.path[i].IsConst() && p.path[i].Val == q.path[i].Val) {
			return false
		}
	}
	return true
}

// index64 widens an index term to 64 bits.
func index64(t *term.Term, signed bool) *term.Term { return term.Resize(t, 64, signed) }

// sel returns x[i] for an aggregate x and a 64-bit index i (in range).
func sel(x value, i *term.Term) value {
	if i.IsConst() {
		return x.elems[i.Val]
	}
	r := x.elems[len(x.elems)-1]
	for j := len(x.elems) - 2; j >= 0; j-- {
		r = ite(term.Eq(i, term.BV(uint64(j), 64)), x.elems[j], r)
	}
	return r
}

// update returns x with the cell at path replaced by v.
func update(x value, path []*term.Term, v value) value {
	if len(path) == 0 {
		return v
	}
	i, rest := path[0], path[1:]
	es := make([]value, len(x.elems))
	copy(es, x.elems)
	if i.IsConst() {
		es[i.Val] = update(es[i.Val], rest, v)
		return value{elems: es}
	}
	for j := range es {
		es[j] = ite(term.Eq(i, term.BV(uint64(j), 64)), update(es[j], rest, v), es[j])
	}
	return value{elems: es}
}

// load returns the value at path inside x.
func load(x value, path []*term.Term) value {
	for _, i := range path {
		x = sel(x, i)
	}
	return x
}

// literal converts a concrete value to a literal of type t.
func literal(t ir.Type, v value) (ir.Literal, error) {
	switch t := t.(type) {
	case ir.Int, ir.Bool:
		if v.t == nil || !v.t.IsConst() {
			return ir.Literal{}, fmt.Errorf("value of type %s is not concrete", t)
		}
		return ir.Literal{T: t, Bits: v.t.Val}, nil
	case ir.Array, ir.Tuple:
		var elemType func(int) ir.Type
		if a, ok := t.(ir.Array); ok {
			elemType = func(int) ir.Type { return a.Elem }
		} else {
			elemType = func(i int) ir.Type { return t.(ir.Tuple).Elems[i] }
		}
		l := ir.Literal{T: t, Elems: make([]ir.Literal, len(v.elems))}
		for i, e := range v.elems {
			el, err := literal(elemType(i), e)
			if err != nil {
				return ir.Literal{}, err
			}
			l.Elems[i] = el
		}
		return l, nil
	}
	return ir.Literal{}, fmt.Errorf("no literal for type %s", t)
}

// fromLiteral converts a literal to a concrete value.
func fromLiteral(l ir.Literal) value {
	switch t := l.T.(type) {
	case ir.Int:
		return value{t: term.BV(l.Bits, t.Bits)}
	case ir.Bool:
		return value{t: term.Bool(l.Bits != 0)}
	}
	es := make([]value, len(l.Elems))
	for i, e := range l.Elems {
		es[i] = fromLiteral(e)
	}
	return value{elems: es}
}
