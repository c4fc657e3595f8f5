package term

import "fmt"

// Eval returns the value of t when each variable has the value vars gives
// it (absent variables are 0). Booleans are 0 or 1. Division by zero and
// over-wide shifts follow SMT-LIB, as Z3 does.
func Eval(t *Term, vars map[string]uint64) uint64 {
	memo := map[*Term]uint64{}
	var ev func(*Term) uint64
	ev = func(t *Term) uint64 {
		if v, ok := memo[t]; ok {
			return v
		}
		var v uint64
		switch t.Op {
		case OpConst:
			v = t.Val
		case OpVar:
			v = vars[t.Name] & mask0(t.Bits)
		default:
			v = eval1(t, ev)
		}
		memo[t] = v
		return v
	}
	return ev(t)
}

func mask0(bits int) uint64 {
	if bits == 0 {
		return 1
	}
	return Mask(bits)
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// sx sign-extends the low bits of x to 64 bits.
func sx(x uint64, bits int) int64 {
	s := uint(64 - bits)
	return int64(x<<s) >> s
}

// eval1 applies t's operator to its arguments' values as arg gives them.
func eval1(t *Term, arg func(*Term) uint64) uint64 {
	a := func(i int) uint64 { return arg(t.Args[i]) }
	w := 0
	if len(t.Args) > 0 {
		w = t.Args[0].Bits
	}
	m := Mask(max(w, 1))
	switch t.Op {
	case OpNot:
		return 1 - a(0)
	case OpAnd:
		for i := range t.Args {
			if a(i) == 0 {
				return 0
			}
		}
		return 1
	case OpOr:
		for i := range t.Args {
			if a(i) != 0 {
				return 1
			}
		}
		return 0
	case OpSelect:
		if i := a(0); i < uint64(len(t.Args)-1) {
			return a(1 + int(i))
		}
		return 0
	case OpIte:
		if a(0) != 0 {
			return a(1)
		}
		return a(2)
	case OpEq:
		return b2u(a(0) == a(1))
	case OpAdd:
		return (a(0) + a(1)) & m
	case OpSub:
		return (a(0) - a(1)) & m
	case OpMul:
		return (a(0) * a(1)) & m
	case OpUDiv:
		if a(1) == 0 {
			return m
		}
		return a(0) / a(1)
	case OpURem:
		if a(1) == 0 {
			return a(0)
		}
		return a(0) % a(1)
	case OpSDiv:
		x, y := sx(a(0), w), sx(a(1), w)
		switch {
		case y == 0 && x < 0:
			return 1
		case y == 0:
			return m
		case y == -1:
			return uint64(-x) & m // wraps for the minimum
		}
		return uint64(x/y) & m
	case OpSRem:
		x, y := sx(a(0), w), sx(a(1), w)
		if y == 0 {
			return a(0)
		}
		if y == -1 {
			return 0
		}
		return uint64(x%y) & m
	case OpBAnd:
		return a(0) & a(1)
	case OpBOr:
		return a(0) | a(1)
	case OpBXor:
		return a(0) ^ a(1)
	case OpBNot:
		return ^a(0) & m
	case OpNeg:
		return -a(0) & m
	case OpShl:
		if a(1) >= uint64(w) {
			return 0
		}
		return (a(0) << a(1)) & m
	case OpLShr:
		if a(1) >= uint64(w) {
			return 0
		}
		return a(0) >> a(1)
	case OpAShr:
		n := a(1)
		if n >= uint64(w) {
			n = uint64(w - 1)
		}
		return uint64(sx(a(0), w)>>n) & m
	case OpULT:
		return b2u(a(0) < a(1))
	case OpULE:
		return b2u(a(0) <= a(1))
	case OpSLT:
		return b2u(sx(a(0), w) < sx(a(1), w))
	case OpSLE:
		return b2u(sx(a(0), w) <= sx(a(1), w))
	case OpZExt:
		return a(0)
	case OpSExt:
		return uint64(sx(a(0), w)) & Mask(t.Bits)
	case OpExtract:
		return (a(0) >> uint(t.Lo)) & Mask(t.Bits)
	}
	if t.Op >= OpFAdd {
		var b uint64
		if len(t.Args) > 1 {
			b = a(1)
		}
		return evalFloat(t, a(0), b)
	}
	panic(fmt.Sprintf("term: eval of op %d", t.Op))
}
