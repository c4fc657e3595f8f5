package term

import "fmt"

// Subst returns t with each variable named in vals replaced by its value
// (a bool variable by false for 0, true otherwise), rebuilt through the
// constructors, so that the constants fold: a formula whose inputs are
// mostly fixed shrinks to what the free ones still decide. Subterms
// without a replaced variable are returned as they are.
func Subst(t *Term, vals map[string]uint64) *Term {
	memo := map[*Term]*Term{}
	var sub func(t *Term) *Term
	sub = func(t *Term) *Term {
		switch t.Op {
		case OpConst:
			return t
		case OpVar:
			v, ok := vals[t.Name]
			switch {
			case !ok:
				return t
			case t.IsBool():
				return Bool(v != 0)
			}
			return BV(v, t.Bits)
		}
		if r, ok := memo[t]; ok {
			return r
		}
		var args []*Term
		for i, a := range t.Args {
			s := sub(a)
			if s != a && args == nil {
				args = make([]*Term, len(t.Args))
				copy(args, t.Args[:i])
			}
			if args != nil {
				args[i] = s
			}
		}
		r := t
		if args != nil {
			r = rebuild(t, args)
		}
		memo[t] = r
		return r
	}
	return sub(t)
}

// rebuild makes the term of t's operation on args.
func rebuild(t *Term, a []*Term) *Term {
	switch t.Op {
	case OpNot:
		return Not(a[0])
	case OpAnd:
		return And(a...)
	case OpOr:
		return Or(a...)
	case OpIte:
		return Ite(a[0], a[1], a[2])
	case OpEq:
		return Eq(a[0], a[1])
	case OpAdd:
		return Add(a[0], a[1])
	case OpSub:
		return Sub(a[0], a[1])
	case OpMul:
		return Mul(a[0], a[1])
	case OpUDiv:
		return UDiv(a[0], a[1])
	case OpSDiv:
		return SDiv(a[0], a[1])
	case OpURem:
		return URem(a[0], a[1])
	case OpSRem:
		return SRem(a[0], a[1])
	case OpBAnd:
		return BAnd(a[0], a[1])
	case OpBOr:
		return BOr(a[0], a[1])
	case OpBXor:
		return BXor(a[0], a[1])
	case OpBNot:
		return BNot(a[0])
	case OpNeg:
		return Neg(a[0])
	case OpShl:
		return Shl(a[0], a[1])
	case OpLShr:
		return LShr(a[0], a[1])
	case OpAShr:
		return AShr(a[0], a[1])
	case OpULT:
		return ULT(a[0], a[1])
	case OpULE:
		return ULE(a[0], a[1])
	case OpSLT:
		return SLT(a[0], a[1])
	case OpSLE:
		return SLE(a[0], a[1])
	case OpZExt:
		return ZExt(a[0], t.Bits)
	case OpSExt:
		return SExt(a[0], t.Bits)
	case OpExtract:
		return Extract(a[0], t.Bits, t.Lo)
	case OpFAdd:
		return FAdd(a[0], a[1])
	case OpFSub:
		return FSub(a[0], a[1])
	case OpFMul:
		return FMul(a[0], a[1])
	case OpFDiv:
		return FDiv(a[0], a[1])
	case OpFNeg:
		return FNeg(a[0])
	case OpFEq:
		return FEq(a[0], a[1])
	case OpFLt:
		return FLt(a[0], a[1])
	case OpFLe:
		return FLe(a[0], a[1])
	case OpFToInt, OpIntToF, OpFToF, OpFInRange:
		return mkLo(t.Op, t.Bits, t.Lo, t.Val, a[0])
	case OpSelect:
		return Select(a[0], a[1:])
	}
	panic(fmt.Sprintf("term.Subst: operation %d", t.Op))
}
