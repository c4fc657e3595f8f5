package symexec

import (
	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/term"
)

// exec executes one non-call instruction in fr, binding its value, and
// returns the precondition under which it runs without a run-time error
// (nil when there is none). The language's rules decide what is an
// error: a Go panic, C undefined behaviour.
func (m *machine) exec(st *state, fr *frame, in ir.Instr) *term.Term {
	lang := fr.fn.Lang
	switch in := in.(type) {
	case *ir.BinOp:
		x, y := fr.value(in.X), fr.value(in.Y)
		v, pre := binop(lang, in, x.t, y.t)
		fr.env[in] = value{t: v}
		return pre
	case *ir.UnOp:
		x := fr.value(in.X).t
		switch in.Op {
		case ir.Neg:
			fr.env[in] = value{t: term.Neg(x)}
			if t, ok := in.X.Type().(ir.Int); ok && t.Signed && lang == ir.C {
				return term.Not(term.Eq(x, term.BV(1<<uint(t.Bits-1), t.Bits)))
			}
		case ir.Not:
			fr.env[in] = value{t: term.Not(x)}
		case ir.Compl:
			fr.env[in] = value{t: term.BNot(x)}
		default:
			panic(unsupported("unary operator %s", in.Op))
		}
	case *ir.Convert:
		x := fr.value(in.X).t
		to, ok := in.T.(ir.Int)
		if !ok {
			panic(unsupported("conversion to %s", in.T))
		}
		switch from := in.X.Type().(type) {
		case ir.Int:
			fr.env[in] = value{t: term.Resize(x, to.Bits, from.Signed)}
		case ir.Bool:
			fr.env[in] = value{t: term.Ite(x, term.BV(1, to.Bits), term.BV(0, to.Bits))}
		default:
			panic(unsupported("conversion from %s", from))
		}
	case *ir.Extract:
		fr.env[in] = fr.value(in.Tuple).elems[in.Index]
	case *ir.Alloc:
		st.nextObj++
		st.mem[st.nextObj] = zero(in.Elem)
		fr.env[in] = value{ptr: &pointer{obj: st.nextObj}}
	case *ir.Load:
		p := fr.value(in.Ptr).ptr
		if p == nil {
			panic(unsupported("load through a nil pointer"))
		}
		fr.env[in] = load(st.mem[p.obj], p.path)
	case *ir.Store:
		p := fr.value(in.Ptr).ptr
		if p == nil {
			panic(unsupported("store through a nil pointer"))
		}
		st.mem[p.obj] = update(st.mem[p.obj], p.path, fr.value(in.Val))
	case *ir.IndexAddr:
		p := fr.value(in.Ptr).ptr
		if p == nil {
			panic(unsupported("index through a nil pointer"))
		}
		arr := in.Ptr.Type().(ir.Pointer).Elem.(ir.Array)
		i, pre := inRange(fr.value(in.Index).t, in.Index.Type(), arr.Len)
		path := append(append([]*term.Term(nil), p.path...), i)
		fr.env[in] = value{ptr: &pointer{obj: p.obj, path: path}}
		return pre
	case *ir.Index:
		arr := in.X.Type().(ir.Array)
		i, pre := inRange(fr.value(in.Index).t, in.Index.Type(), arr.Len)
		fr.env[in] = sel(fr.value(in.X), i)
		return pre
	case *ir.Phi:
		panic("symexec: phi after the start of its block")
	default:
		panic(unsupported("instruction %T", in))
	}
	return nil
}

// inRange widens index i to 64 bits and returns it with the condition
// 0 ≤ i < n.
func inRange(i *term.Term, t ir.Type, n int) (*term.Term, *term.Term) {
	signed := false
	if it, ok := t.(ir.Int); ok {
		signed = it.Signed
	}
	i64 := index64(i, signed)
	return i64, term.ULT(i64, term.BV(uint64(n), 64))
}

// binop returns x op y and the precondition of the operation.
func binop(lang ir.Lang, in *ir.BinOp, x, y *term.Term) (v, pre *term.Term) {
	t, isInt := in.X.Type().(ir.Int)
	signed := isInt && t.Signed
	switch in.Op {
	case ir.Add:
		return term.Add(x, y), noOverflow(lang, in.Op, signed, x, y)
	case ir.Sub:
		return term.Sub(x, y), noOverflow(lang, in.Op, signed, x, y)
	case ir.Mul:
		return term.Mul(x, y), noOverflow(lang, in.Op, signed, x, y)
	case ir.Div, ir.Rem:
		pre = term.Not(term.Eq(y, term.BV(0, y.Bits)))
		if signed && lang == ir.C {
			// INT_MIN / -1 overflows: undefined in C, wraps in Go.
			min := term.BV(1<<uint(t.Bits-1), t.Bits)
			pre = term.And(pre, term.Not(term.And(term.Eq(x, min), term.Eq(y, term.BV(^uint64(0), t.Bits)))))
		}
		switch {
		case in.Op == ir.Div && signed:
			return term.SDiv(x, y), pre
		case in.Op == ir.Div:
			return term.UDiv(x, y), pre
		case signed:
			return term.SRem(x, y), pre
		default:
			return term.URem(x, y), pre
		}
	case ir.And:
		if x.IsBool() {
			return term.And(x, y), nil
		}
		return term.BAnd(x, y), nil
	case ir.Or:
		if x.IsBool() {
			return term.Or(x, y), nil
		}
		return term.BOr(x, y), nil
	case ir.Xor:
		if x.IsBool() {
			return term.Not(term.Eq(x, y)), nil
		}
		return term.BXor(x, y), nil
	case ir.AndNot:
		return term.BAnd(x, term.BNot(y)), nil
	case ir.Shl, ir.Shr:
		return shift(lang, in, signed, x, y)
	case ir.Eq:
		return term.Eq(x, y), nil
	case ir.Ne:
		return term.Not(term.Eq(x, y)), nil
	case ir.Lt:
		return less(signed, x, y), nil
	case ir.Gt:
		return less(signed, y, x), nil
	case ir.Le:
		return lessEq(signed, x, y), nil
	case ir.Ge:
		return lessEq(signed, y, x), nil
	}
	panic(unsupported("binary operator %s", in.Op))
}

func less(signed bool, x, y *term.Term) *term.Term {
	if signed {
		return term.SLT(x, y)
	}
	return term.ULT(x, y)
}

func lessEq(signed bool, x, y *term.Term) *term.Term {
	if signed {
		return term.SLE(x, y)
	}
	return term.ULE(x, y)
}

// noOverflow is the C precondition of signed arithmetic: the exact result
// fits the type. Go wraps around, so it has none.
func noOverflow(lang ir.Lang, op ir.Op, signed bool, x, y *term.Term) *term.Term {
	if lang != ir.C || !signed {
		return nil
	}
	w := x.Bits
	wide := 2 * w
	if wide > 64 {
		// Compare in double width is not available past 64 bits: use the
		// sign rules instead.
		return overflowBySign(op, x, y)
	}
	xs, ys := term.SExt(x, wide), term.SExt(y, wide)
	var r *term.Term
	switch op {
	case ir.Add:
		r = term.Add(xs, ys)
	case ir.Sub:
		r = term.Sub(xs, ys)
	case ir.Mul:
		r = term.Mul(xs, ys)
	}
	return term.Eq(term.SExt(term.Extract(r, w, 0), wide), r)
}

func overflowBySign(op ir.Op, x, y *term.Term) *term.Term {
	w := x.Bits
	zero := term.BV(0, w)
	neg := func(t *term.Term) *term.Term { return term.SLT(t, zero) }
	switch op {
	case ir.Add:
		r := term.Add(x, y)
		// Overflow iff x and y have the same sign and r's differs.
		return term.Not(term.And(term.Eq(neg(x), neg(y)), term.Not(term.Eq(neg(r), neg(x)))))
	case ir.Sub:
		r := term.Sub(x, y)
		return term.Not(term.And(term.Not(term.Eq(neg(x), neg(y))), term.Not(term.Eq(neg(r), neg(x)))))
	}
	// 64-bit multiplication: x*y/y == x when y != 0, and not MIN*-1.
	r := term.Mul(x, y)
	min := term.BV(1<<uint(w-1), w)
	ok := term.Or(term.Eq(y, zero), term.Eq(term.SDiv(r, y), x))
	return term.And(ok, term.Not(term.And(term.Eq(x, min), term.Eq(y, term.BV(^uint64(0), w)))))
}

// shift returns x << y or x >> y. The count y may have another width than
// x. A count of at least x's width shifts every bit out (Go); in C it is
// undefined, as is a negative count (a Go panic).
func shift(lang ir.Lang, in *ir.BinOp, signed bool, x, y *term.Term) (v, pre *term.Term) {
	w := x.Bits
	ySigned := false
	if yt, ok := in.Y.Type().(ir.Int); ok {
		ySigned = yt.Signed
	}
	var conds []*term.Term
	if ySigned {
		conds = append(conds, term.SLE(term.BV(0, y.Bits), y))
	}
	// The count, clamped to w, in x's width.
	var amt *term.Term
	switch {
	case y.Bits > w:
		big := term.Not(term.ULT(y, term.BV(uint64(w), y.Bits)))
		amt = term.Ite(big, term.BV(uint64(w), w), term.Extract(y, w, 0))
	case y.Bits < w:
		amt = term.ZExt(y, w)
	default:
		amt = y
	}
	if lang == ir.C {
		conds = append(conds, term.ULT(amt, term.BV(uint64(w), w)))
		if in.Op == ir.Shl && signed {
			// Shifting a negative value, or a 1 into the sign bit, is
			// undefined: require x ≥ 0 and x << amt >> amt == x.
			r := term.Shl(x, amt)
			conds = append(conds, term.SLE(term.BV(0, w), x), term.Eq(term.AShr(r, amt), x), term.SLE(term.BV(0, w), r))
		}
	}
	switch {
	case in.Op == ir.Shl:
		v = term.Shl(x, amt)
	case signed:
		v = term.AShr(x, amt)
	default:
		v = term.LShr(x, amt)
	}
	return v, term.And(conds...)
}
