package symexec

import (
	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/term"
)

// The conversions between strings and rune slices, unrolled over the
// bounded length of their operand: the lowering has no loop to offer, and
// unrolling leaves the solver one term per element.

// runesOf returns []rune(s): s decoded as range decodes it (an invalid
// byte is U+FFFD, one byte wide), in a new array as long as s's bytes can
// be, with length and capacity the number of runes.
func runesOf(st *state, s value) value {
	k := len(s.elems)
	pos, n := bv64(0), bv64(0)
	rs := make([]value, k)
	for j := range rs {
		more := term.ULT(pos, s.n)
		r, size := decodeRune(s, pos)
		rs[j] = value{t: term.Ite(more, r, term.BV(0, 32))}
		n = term.Ite(more, term.Add(n, bv64(1)), n)
		pos = term.Ite(more, term.Add(pos, size), pos)
	}
	obj := st.newArray(k, func(j int) value { return rs[j] })
	return value{ptr: to(obj, bv64(0)), n: n, c: n}
}

// stringOfRunes returns string(rs): the UTF-8 encodings of the runes of
// rs one after the other (U+FFFD for an invalid rune).
func stringOfRunes(st *state, rs value) value {
	if rs.ptr == nil {
		return stringValue("")
	}
	k := capacity(st, rs)
	type piece struct {
		enc      value
		off, end *term.Term
	}
	ps := make([]piece, k)
	off := bv64(0)
	for j := range ps {
		r := loadElemClamped(st, rs, j).t
		enc := encodeRune(term.SExt(r, 64))
		n := term.Ite(term.ULT(bv64(j), rs.n), enc.n, bv64(0))
		ps[j] = piece{enc: enc, off: off, end: term.Add(off, n)}
		off = ps[j].end
	}
	es := make([]value, 4*k)
	for p := range es {
		b := term.BV(0, 8)
		for j := k - 1; j >= 0; j-- {
			in := term.And(term.ULE(ps[j].off, bv64(p)), term.ULT(bv64(p), ps[j].end))
			b = term.Ite(in, sel(ps[j].enc, term.Sub(bv64(p), ps[j].off)).t, b)
		}
		es[p] = value{t: b}
	}
	return value{elems: es, n: off}
}

// isRunes reports whether t is a slice of 32-bit signed integers ([]rune).
func isRunes(t ir.Type) bool {
	s, ok := t.(ir.Slice)
	if !ok {
		return false
	}
	e, ok := s.Elem.(ir.Int)
	return ok && e.Bits == 32 && e.Signed
}
