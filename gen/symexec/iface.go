package symexec

import (
	"fmt"
	"strings"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/term"
)

// Interfaces other than error.
//
// An interface value has t, a tag of ifaceTagBits bits: 0 for nil, k for
// the dynamic type Impls[k-1]; and alts, the value it holds for each
// dynamic type: alts[k-1] is set whenever the tag may be k, and nil when
// it cannot (the zero value is never built: a struct may hold the
// interface it implements). Keeping one value per dynamic type, rather
// than one of them, lets an if-then-else of two interfaces stay
// element-wise, as for structs; where one side has no value for a type,
// the other's is taken, since the tag is not that type there. An input interface is a choice variable (name.type, in
// 0..len(Impls)) and an input of each implementation.
//
// A call of a method goes through IfaceMethod, a function value that
// designates Fns[k-1] under tag = k: the tree branches on the dynamic
// type as on a call of any function value, and a nil interface has no
// target, so the call is a nil dereference.

const ifaceTagBits = 16

func tagConst(k int) *term.Term { return term.BV(uint64(k), ifaceTagBits) }

// zeroIface returns the nil interface of type t.
func zeroIface(t *ir.Interface) value {
	return value{t: tagConst(0), alts: make([]*value, len(t.Impls))}
}

// iteIface returns "if c then x else y" for two interfaces of one type.
func iteIface(c *term.Term, x, y value) value {
	alts := make([]*value, max(len(x.alts), len(y.alts)))
	for i := range alts {
		alts[i] = iteAlt(c, x.alts[i], y.alts[i])
	}
	return value{t: term.Ite(c, x.t, y.t), alts: alts}
}

// iteAlt returns "if c then a else b" for the values of one dynamic
// type, where nil stands for "not of this type".
func iteAlt(c *term.Term, a, b *value) *value {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	v := ite(c, *a, *b)
	return &v
}

// held returns the value interface x holds for tag k (of type t), or the
// zero of t when x cannot have that type.
func held(x value, k int, t ir.Type) value {
	if k < 1 || k > len(x.alts) || x.alts[k-1] == nil {
		return zero(t)
	}
	return *x.alts[k-1]
}

// inputIface returns an input interface: nil or one of t's dynamic
// types, with an input value for each. Past the depth bound (an
// interface may hold a struct that holds the interface) it is nil.
func (in *InputModel) inputIface(name string, t *ir.Interface, depth int) value {
	if depth >= in.bounds.Depth || len(t.Impls) == 0 {
		return zeroIface(t)
	}
	tag := in.variable(name+".type", ir.Int{Bits: ifaceTagBits})
	in.domain = append(in.domain, term.ULE(tag, tagConst(len(t.Impls))))
	alts := make([]*value, len(t.Impls))
	in.inIface++
	for i, im := range t.Impls {
		if in.inIface > 1 && !flat(im.T) {
			// An interface held by an input interface holds numbers,
			// bools and strings only: the program's any has, among its
			// dynamic types, []any and map[string]any, and each of
			// their elements all of them again. spf13/cast's toInt,
			// a three-case type switch, had 369,239 inputs, and its
			// search spent its minute drawing values for them.
			in.domain = append(in.domain, term.Not(term.Eq(tag, tagConst(i+1))))
			continue
		}
		v := in.input(fmt.Sprintf("%s.(%s)", name, strings.TrimPrefix(im.Name, "*")), im.T, depth+1)
		alts[i] = &v
	}
	in.inIface--
	return value{t: tag, alts: alts}
}

// flat reports whether t is a number, a bool or a string.
func flat(t ir.Type) bool {
	switch t.(type) {
	case ir.Int, ir.Float, ir.Bool, ir.String:
		return true
	}
	return false
}

// ifaceLiteral returns the literal of interface v under the model.
func (c *concretizer) ifaceLiteral(t *ir.Interface, v value) ir.Literal {
	k := int(c.eval(v.t))
	if k == 0 || k > len(t.Impls) {
		return ir.Literal{T: t, Nil: true}
	}
	return ir.Literal{T: t, Bits: uint64(k), Elems: []ir.Literal{c.literal(t.Impls[k-1].T, held(v, k, t.Impls[k-1].T))}}
}

// ifaceValue returns the concrete value of an interface literal.
func (b *builder2) ifaceValue(t *ir.Interface, l ir.Literal) value {
	v := zeroIface(t)
	if l.Nil || len(l.Elems) == 0 || l.Bits == 0 {
		return v
	}
	v.t = tagConst(int(l.Bits))
	h := b.value(l.Elems[0])
	v.alts[l.Bits-1] = &h
	return v
}

// execIface executes the instructions of gen/ir/iface.go.
func (m *machine) execIface(st *state, fr *frame, in ir.Instr) ([]check, bool) {
	switch in := in.(type) {
	case *ir.MakeIface:
		v := zeroIface(in.T.(*ir.Interface))
		v.t = tagConst(in.Tag)
		h := fr.value(in.X)
		v.alts[in.Tag-1] = &h
		fr.set(in, v)
	case *ir.IfaceIs:
		x := fr.value(in.X)
		var is []*term.Term
		for _, k := range in.Tags {
			is = append(is, term.Eq(x.t, tagConst(k)))
		}
		fr.set(in, value{t: term.Or(is...)})
	case *ir.IfaceValue:
		x := fr.value(in.X)
		is := term.Eq(x.t, tagConst(in.Tag))
		t := in.X.Type().(*ir.Interface).Impls[in.Tag-1].T
		if !in.CommaOk {
			fr.set(in, held(x, in.Tag, t))
			return []check{{cond: is, kind: ir.CheckType, instr: in}}, true
		}
		fr.set(in, value{elems: []value{ite(is, held(x, in.Tag, t), zero(t)), {t: is}}})
	case *ir.IfaceConvert:
		return convertIface(fr, in), true
	case *ir.IfaceMethod:
		x := fr.value(in.X)
		var fs []fnTarget
		for k, f := range in.Fns {
			if f == nil {
				continue
			}
			if g := term.Eq(x.t, tagConst(k+1)); !g.IsFalse() {
				fs = append(fs, fnTarget{guard: g, fn: f.Func})
			}
		}
		fr.set(in, value{fn: fs})
	default:
		return nil, false
	}
	return nil, true
}

// convertIface executes an IfaceConvert: the result's tag is the mapped
// tag of x's, and it holds x's value there.
func convertIface(fr *frame, in *ir.IfaceConvert) []check {
	x := fr.value(in.X)
	r := zeroIface(in.Result())
	ok := term.False
	for i, j := range in.Tags {
		if j == 0 || x.alts[i] == nil {
			continue // the value cannot have that type
		}
		is := term.Eq(x.t, tagConst(i+1))
		r.t = term.Ite(is, tagConst(j), r.t)
		r.alts[j-1] = iteAlt(is, x.alts[i], r.alts[j-1])
		ok = term.Or(ok, is)
	}
	if in.CommaOk {
		fr.set(in, value{elems: []value{r, {t: ok}}})
		return nil
	}
	fr.set(in, r)
	if in.Assert {
		return []check{{cond: ok, kind: ir.CheckType, instr: in}}
	}
	return nil
}
