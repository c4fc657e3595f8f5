package term

import "math"

// Floats are bit-vectors of 32 or 64 bits holding IEEE 754 binary32 or
// binary64 values; the operators below interpret them so. Arithmetic
// rounds to nearest, ties to even; conversions to integers round toward
// zero (Go and C agree on both). Folding uses Go's own float arithmetic,
// which is IEEE's.

const (
	OpFAdd     Op = iota + 100
	OpFSub        // x - y
	OpFMul        // x * y
	OpFDiv        // x / y
	OpFNeg        // -x
	OpFEq         // x == y (IEEE: NaN equals nothing, -0 == +0)
	OpFLt         // x < y
	OpFLe         // x <= y
	OpFToInt      // to a Bits-wide integer, toward zero; Lo = 1 when signed
	OpIntToF      // from an integer (Lo = 1 when signed) to a Bits-wide float
	OpFToF        // to a float of Bits bits
	OpFInRange    // bool: converting x to a Val-bit integer (Lo = 1 signed) is defined
)

func init() {
	for op, name := range map[Op]string{OpFAdd: "fp.add", OpFSub: "fp.sub", OpFMul: "fp.mul", OpFDiv: "fp.div",
		OpFNeg: "fp.neg", OpFEq: "fp.eq", OpFLt: "fp.lt", OpFLe: "fp.leq", OpFToInt: "fp.to_bv",
		OpIntToF: "to_fp", OpFToF: "to_fp", OpFInRange: "fp.in_range"} {
		opNames[op] = name
	}
}

func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}

func FAdd(x, y *Term) *Term { return bin(OpFAdd, "FAdd", x, y) }
func FSub(x, y *Term) *Term { return bin(OpFSub, "FSub", x, y) }
func FMul(x, y *Term) *Term { return bin(OpFMul, "FMul", x, y) }
func FDiv(x, y *Term) *Term { return bin(OpFDiv, "FDiv", x, y) }
func FNeg(x *Term) *Term    { return mk(OpFNeg, x.Bits, x) }
func FEq(x, y *Term) *Term  { sameWidth("FEq", x, y); return mk(OpFEq, 0, x, y) }
func FLt(x, y *Term) *Term  { sameWidth("FLt", x, y); return mk(OpFLt, 0, x, y) }
func FLe(x, y *Term) *Term  { sameWidth("FLe", x, y); return mk(OpFLe, 0, x, y) }

// FToInt converts float x to a bits-wide integer, rounding toward zero.
func FToInt(x *Term, bits int, signed bool) *Term {
	return mkLo(OpFToInt, bits, flag(signed), 0, x)
}

// IntToF converts integer x to a bits-wide float, rounding to nearest.
func IntToF(x *Term, signed bool, bits int) *Term {
	return mkLo(OpIntToF, bits, flag(signed), 0, x)
}

// FToF converts float x to a bits-wide float.
func FToF(x *Term, bits int) *Term {
	if x.Bits == bits {
		return x
	}
	return mkLo(OpFToF, bits, 0, 0, x)
}

// FInRange is the condition under which FToInt(x, bits, signed) is
// defined: x is finite and its truncation fits.
func FInRange(x *Term, bits int, signed bool) *Term {
	return mkLo(OpFInRange, 0, flag(signed), uint64(bits), x)
}

func mkLo(op Op, bits, lo int, val uint64, x *Term) *Term {
	t := &Term{Op: op, Bits: bits, Lo: lo, Val: val, Args: []*Term{x}}
	if x.IsConst() {
		return &Term{Op: OpConst, Bits: bits, Val: evalFloat(t, x.Val, 0)}
	}
	return t
}

// toF64 reads the float of the given width held in bits.
func toF64(bits uint64, w int) float64 {
	if w == 32 {
		return float64(math.Float32frombits(uint32(bits)))
	}
	return math.Float64frombits(bits)
}

// fromF64 writes f as a float of width w (rounding to nearest).
func fromF64(f float64, w int) uint64 {
	if w == 32 {
		return uint64(math.Float32bits(float32(f)))
	}
	return math.Float64bits(f)
}

// evalFloat applies a float operator to argument values a and b.
func evalFloat(t *Term, a, b uint64) uint64 {
	w := t.Args[0].Bits
	x := toF64(a, w)
	switch t.Op {
	case OpFAdd, OpFSub, OpFMul, OpFDiv:
		y := toF64(b, w)
		if w == 32 {
			// float32 arithmetic must round once, to float32.
			x32, y32 := float32(x), float32(y)
			var r float32
			switch t.Op {
			case OpFAdd:
				r = x32 + y32
			case OpFSub:
				r = x32 - y32
			case OpFMul:
				r = x32 * y32
			case OpFDiv:
				r = x32 / y32
			}
			return uint64(math.Float32bits(r))
		}
		var r float64
		switch t.Op {
		case OpFAdd:
			r = x + y
		case OpFSub:
			r = x - y
		case OpFMul:
			r = x * y
		case OpFDiv:
			r = x / y
		}
		return math.Float64bits(r)
	case OpFNeg:
		if w == 32 {
			return a ^ (1 << 31)
		}
		return a ^ (1 << 63)
	case OpFEq:
		return b2u(x == toF64(b, w))
	case OpFLt:
		return b2u(x < toF64(b, w))
	case OpFLe:
		return b2u(x <= toF64(b, w))
	case OpFToInt:
		tr := math.Trunc(x)
		if t.Lo == 1 {
			if math.IsNaN(tr) || tr < -math.Ldexp(1, t.Bits-1) || tr >= math.Ldexp(1, t.Bits-1) {
				return 0 // unspecified, as in Z3; Go and C leave it to the machine
			}
			return uint64(int64(tr)) & Mask(t.Bits)
		}
		if math.IsNaN(tr) || tr < 0 || tr >= math.Ldexp(1, t.Bits) {
			return 0
		}
		return uint64(tr) & Mask(t.Bits)
	case OpIntToF:
		if t.Lo == 1 {
			return fromF64exact(sx(a, w), 0, true, t.Bits)
		}
		return fromF64exact(0, a, false, t.Bits)
	case OpFToF:
		return fromF64(x, t.Bits)
	case OpFInRange:
		tr := math.Trunc(x)
		n := int(t.Val)
		if math.IsNaN(tr) || math.IsInf(tr, 0) {
			return 0
		}
		if t.Lo == 1 {
			return b2u(tr >= -math.Ldexp(1, n-1) && tr < math.Ldexp(1, n-1))
		}
		return b2u(tr > -1 && tr < math.Ldexp(1, n))
	}
	panic("term: not a float operator")
}

// fromF64exact converts an integer to a float of width w with a single
// rounding (an int64 → float32 through float64 would round twice).
func fromF64exact(s int64, u uint64, signed bool, w int) uint64 {
	if w == 32 {
		if signed {
			return uint64(math.Float32bits(float32(s)))
		}
		return uint64(math.Float32bits(float32(u)))
	}
	if signed {
		return math.Float64bits(float64(s))
	}
	return math.Float64bits(float64(u))
}
