package term

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// The oracle below computes each operator from its SMT-LIB QF_BV
// definition (bvsdiv and bvsrem by way of bvudiv, bvurem and bvneg), not
// from eval.go, so that folding and Eval are checked against an
// independent statement of the semantics.

func msb(x uint64, w int) bool { return x>>uint(w-1)&1 == 1 }

func udiv(x, y uint64, w int) uint64 {
	if y == 0 {
		return Mask(w)
	}
	return x / y
}

func urem(x, y uint64) uint64 {
	if y == 0 {
		return x
	}
	return x % y
}

func neg(x uint64, w int) uint64 { return -x & Mask(w) }

func oracle(op Op, w int, x, y uint64) uint64 {
	m := Mask(w)
	b := func(c bool) uint64 {
		if c {
			return 1
		}
		return 0
	}
	// signed order: flip the sign bits, compare unsigned
	flip := uint64(1) << uint(w-1)
	switch op {
	case OpAdd:
		return (x + y) & m
	case OpSub:
		return (x - y) & m
	case OpMul:
		return (x * y) & m
	case OpUDiv:
		return udiv(x, y, w)
	case OpURem:
		return urem(x, y)
	case OpSDiv:
		switch ms, mt := msb(x, w), msb(y, w); {
		case !ms && !mt:
			return udiv(x, y, w)
		case ms && !mt:
			return neg(udiv(neg(x, w), y, w), w)
		case !ms && mt:
			return neg(udiv(x, neg(y, w), w), w)
		default:
			return udiv(neg(x, w), neg(y, w), w)
		}
	case OpSRem:
		switch ms, mt := msb(x, w), msb(y, w); {
		case !ms && !mt:
			return urem(x, y)
		case ms && !mt:
			return neg(urem(neg(x, w), y), w)
		case !ms && mt:
			return urem(x, neg(y, w))
		default:
			return neg(urem(neg(x, w), neg(y, w)), w)
		}
	case OpBAnd:
		return x & y
	case OpBOr:
		return x | y
	case OpBXor:
		return x ^ y
	case OpShl:
		if y >= uint64(w) {
			return 0
		}
		return x << y & m
	case OpLShr:
		if y >= uint64(w) {
			return 0
		}
		return x >> y
	case OpAShr:
		if y >= uint64(w) {
			if msb(x, w) {
				return m
			}
			return 0
		}
		r := x >> y
		if msb(x, w) {
			r |= m &^ (m >> y)
		}
		return r
	case OpULT:
		return b(x < y)
	case OpULE:
		return b(x <= y)
	case OpSLT:
		return b(x^flip < y^flip)
	case OpSLE:
		return b(x^flip <= y^flip)
	case OpEq:
		return b(x == y)
	}
	panic(fmt.Sprintf("oracle: op %d", op))
}

var binaries = []struct {
	op Op
	fn func(x, y *Term) *Term
}{
	{OpAdd, Add}, {OpSub, Sub}, {OpMul, Mul}, {OpUDiv, UDiv}, {OpSDiv, SDiv}, {OpURem, URem},
	{OpSRem, SRem}, {OpBAnd, BAnd}, {OpBOr, BOr}, {OpBXor, BXor}, {OpShl, Shl}, {OpLShr, LShr},
	{OpAShr, AShr}, {OpULT, ULT}, {OpULE, ULE}, {OpSLT, SLT}, {OpSLE, SLE}, {OpEq, Eq},
}

var widths = []int{1, 2, 3, 7, 8, 13, 16, 31, 32, 33, 63, 64}

// pick returns a value of w bits, often one of the boundary values.
func pick(rng *rand.Rand, w int) uint64 {
	m := Mask(w)
	switch rng.IntN(8) {
	case 0:
		return 0
	case 1:
		return 1 & m
	case 2:
		return m // -1
	case 3:
		return 1 << uint(w-1) // the signed minimum
	case 4:
		return m >> 1 // the signed maximum
	case 5:
		return uint64(rng.IntN(w+3)) & m // a shift count around the width
	}
	return rng.Uint64() & m
}

// TestBinaryFolding checks every binary operator, at widths 1 to 64, on
// boundary and random values: the folded constant, Eval on variables and
// the SMT-LIB oracle agree.
func TestBinaryFolding(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 3000; i++ {
		w := widths[rng.IntN(len(widths))]
		xv, yv := pick(rng, w), pick(rng, w)
		x, y := Var("x", w), Var("y", w)
		vars := map[string]uint64{"x": xv, "y": yv}
		for _, b := range binaries {
			want := oracle(b.op, w, xv, yv)
			folded := b.fn(BV(xv, w), BV(yv, w))
			if !folded.IsConst() {
				t.Fatalf("op %s w%d on constants did not fold: %s", opNames[b.op], w, folded)
			}
			if folded.Val != want {
				t.Errorf("%s(%#x, %#x) w%d folds to %#x, want %#x", opNames[b.op], xv, yv, w, folded.Val, want)
			}
			if got := Eval(b.fn(x, y), vars); got != want {
				t.Errorf("Eval %s(%#x, %#x) w%d = %#x, want %#x", opNames[b.op], xv, yv, w, got, want)
			}
		}
	}
}

// TestDivisionAndShiftRules pins the SMT-LIB rules the executor relies on
// to model Go and C: they must hold in folding exactly.
func TestDivisionAndShiftRules(t *testing.T) {
	tests := []struct {
		name string
		got  *Term
		want uint64
	}{
		{"udiv by 0 is all ones", UDiv(BV(7, 8), BV(0, 8)), 0xff},
		{"urem by 0 is the dividend", URem(BV(7, 8), BV(0, 8)), 7},
		{"sdiv of a positive by 0 is -1", SDiv(BV(7, 8), BV(0, 8)), 0xff},
		{"sdiv of a negative by 0 is 1", SDiv(BV(0xf9, 8), BV(0, 8)), 1},
		{"sdiv of 0 by 0 is -1", SDiv(BV(0, 8), BV(0, 8)), 0xff},
		{"srem by 0 is the dividend", SRem(BV(0xf9, 8), BV(0, 8)), 0xf9},
		{"sdiv truncates toward zero", SDiv(BV(0xf9, 8), BV(2, 8)), 0xfd}, // -7/2 = -3
		{"srem takes the dividend's sign", SRem(BV(0xf9, 8), BV(2, 8)), 0xff},
		{"srem of a positive by a negative", SRem(BV(7, 8), BV(0xfe, 8)), 1},
		{"min / -1 wraps", SDiv(BV(0x80, 8), BV(0xff, 8)), 0x80},
		{"min % -1 is 0", SRem(BV(0x80, 8), BV(0xff, 8)), 0},
		{"64-bit min / -1 wraps", SDiv(BV(1<<63, 64), BV(^uint64(0), 64)), 1 << 63},
		{"shl by the width", Shl(BV(1, 32), BV(32, 32)), 0},
		{"shl by more", Shl(BV(1, 8), BV(200, 8)), 0},
		{"lshr by the width", LShr(BV(0x80, 8), BV(8, 8)), 0},
		{"ashr of a negative by the width", AShr(BV(0x80, 8), BV(8, 8)), 0xff},
		{"ashr of a negative by a huge count", AShr(BV(1<<63, 64), BV(^uint64(0), 64)), ^uint64(0)},
		{"ashr of a positive by the width", AShr(BV(0x7f, 8), BV(9, 8)), 0},
		{"ashr keeps the sign", AShr(BV(0x90, 8), BV(2, 8)), 0xe4},
		{"shl drops high bits", Shl(BV(0x81, 8), BV(1, 8)), 0x02},
		{"neg of min", Neg(BV(0x80, 8)), 0x80},
		{"bnot", BNot(BV(0x0f, 8)), 0xf0},
		{"mul wraps", Mul(BV(16, 8), BV(16, 8)), 0},
		{"add wraps at 64", Add(BV(^uint64(0), 64), BV(2, 64)), 1},
		{"slt of min and max", SLT(BV(0x80, 8), BV(0x7f, 8)), 1},
		{"ult of min and max", ULT(BV(0x80, 8), BV(0x7f, 8)), 0},
		{"1-bit: -1 < 0 signed", SLT(BV(1, 1), BV(0, 1)), 1},
		{"1-bit sdiv: -1 / -1 = 1 wraps to -1", SDiv(BV(1, 1), BV(1, 1)), 1},
		{"sext", SExt(BV(0x80, 8), 16), 0xff80},
		{"sext of a positive", SExt(BV(0x7f, 8), 64), 0x7f},
		{"zext", ZExt(BV(0x80, 8), 16), 0x80},
		{"extract", Extract(BV(0xabcd, 16), 8, 4), 0xbc},
		{"extract the top bit", Extract(BV(1<<63, 64), 1, 63), 1},
		{"resize truncates", Resize(BV(0x1ff, 16), 8, true), 0xff},
		{"resize sign-extends", Resize(BV(0xff, 8), 32, true), 0xffffffff},
		{"resize zero-extends", Resize(BV(0xff, 8), 32, false), 0xff},
		{"not", Not(True), 0},
		{"ite", Ite(Bool(false), BV(1, 8), BV(2, 8)), 2},
	}
	for _, tt := range tests {
		if !tt.got.IsConst() {
			t.Errorf("%s: %s did not fold", tt.name, tt.got)
			continue
		}
		if tt.got.Val != tt.want {
			t.Errorf("%s: %#x, want %#x", tt.name, tt.got.Val, tt.want)
		}
	}
}

// gen builds random typed terms twice at once: over variables (sym) and
// over the constants the variables stand for (con), so that every
// constructor call on con sees constant arguments.
type gen struct {
	rng  *rand.Rand
	vals map[string]uint64
	n    int
}

func (g *gen) leaf(w int) (sym, con *Term) {
	if g.rng.IntN(3) == 0 {
		v := pick(g.rng, max(w, 1))
		if w == 0 {
			return Bool(v&1 == 1), Bool(v&1 == 1)
		}
		c := BV(v, w)
		return c, c
	}
	name := fmt.Sprintf("v%d", g.n)
	g.n++
	v := pick(g.rng, max(w, 1))
	if w == 0 {
		v &= 1
	}
	g.vals[name] = v
	if w == 0 {
		return Var(name, 0), Bool(v == 1)
	}
	return Var(name, w), BV(v, w)
}

// term returns a random term of width w (0: boolean) of depth at most d.
func (g *gen) term(w, d int) (sym, con *Term) {
	if d == 0 || g.rng.IntN(4) == 0 {
		return g.leaf(w)
	}
	if w == 0 {
		switch g.rng.IntN(6) {
		case 0:
			x, cx := g.term(0, d-1)
			return Not(x), Not(cx)
		case 1, 2:
			n := 1 + g.rng.IntN(3)
			var xs, cs []*Term
			for range n {
				x, c := g.term(0, d-1)
				xs, cs = append(xs, x), append(cs, c)
			}
			if g.rng.IntN(2) == 0 {
				return And(xs...), And(cs...)
			}
			return Or(xs...), Or(cs...)
		case 3:
			c, cc := g.term(0, d-1)
			x, cx := g.term(0, d-1)
			y, cy := g.term(0, d-1)
			return Ite(c, x, y), Ite(cc, cx, cy)
		}
		ow := widths[g.rng.IntN(len(widths))]
		x, cx := g.term(ow, d-1)
		y, cy := g.term(ow, d-1)
		cmps := binaries[len(binaries)-5:]
		b := cmps[g.rng.IntN(len(cmps))]
		return b.fn(x, y), b.fn(cx, cy)
	}
	switch g.rng.IntN(8) {
	case 0:
		x, cx := g.term(w, d-1)
		if g.rng.IntN(2) == 0 {
			return Neg(x), Neg(cx)
		}
		return BNot(x), BNot(cx)
	case 1:
		c, cc := g.term(0, d-1)
		x, cx := g.term(w, d-1)
		y, cy := g.term(w, d-1)
		return Ite(c, x, y), Ite(cc, cx, cy)
	case 2:
		if w > 1 {
			from := 1 + g.rng.IntN(w-1)
			x, cx := g.term(from, d-1)
			if g.rng.IntN(2) == 0 {
				return SExt(x, w), SExt(cx, w)
			}
			return ZExt(x, w), ZExt(cx, w)
		}
	case 4:
		// A read at an index in range or just past it.
		i, ci := g.term(8, d-1)
		n := 1 + g.rng.IntN(4)
		i, ci = URem(ZExt(i, 64), BV(uint64(n+1), 64)), URem(ZExt(ci, 64), BV(uint64(n+1), 64))
		var xs, cs []*Term
		for range n {
			x, c := g.term(w, d-1)
			xs, cs = append(xs, x), append(cs, c)
		}
		return Select(i, xs), Select(ci, cs)
	case 3:
		if w < 64 {
			from := w + 1 + g.rng.IntN(64-w)
			lo := g.rng.IntN(from - w + 1)
			x, cx := g.term(from, d-1)
			return Extract(x, w, lo), Extract(cx, w, lo)
		}
	}
	x, cx := g.term(w, d-1)
	y, cy := g.term(w, d-1)
	ops := binaries[:len(binaries)-5]
	b := ops[g.rng.IntN(len(ops))]
	return b.fn(x, y), b.fn(cx, cy)
}

// TestNestedFolding: a random term built over constants folds to one
// constant, and that constant is what Eval computes for the same term
// over variables bound to those constants. Every simplification of the
// constructors is exercised on the way, so a rewrite that changes a
// value shows up as a mismatch.
func TestNestedFolding(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 4000; i++ {
		g := &gen{rng: rng, vals: map[string]uint64{}}
		w := 0
		if rng.IntN(3) > 0 {
			w = widths[rng.IntN(len(widths))]
		}
		sym, con := g.term(w, 4)
		if !con.IsConst() {
			t.Fatalf("term over constants did not fold: %s", con)
		}
		if con.Bits != sym.Bits {
			t.Fatalf("folded width %d, symbolic width %d: %s", con.Bits, sym.Bits, sym)
		}
		if con.Val&^mask0(w) != 0 {
			t.Fatalf("folded value %#x exceeds width %d: %s", con.Val, w, sym)
		}
		if got := Eval(sym, g.vals); got != con.Val {
			t.Fatalf("Eval = %#x, folding = %#x\nterm %s\nvars %v", got, con.Val, sym, g.vals)
		}
	}
}

// TestEvalMasksVariables: a variable's value is taken modulo its width,
// and absent variables are 0.
func TestEvalMasksVariables(t *testing.T) {
	x := Var("x", 8)
	if got := Eval(Add(x, BV(1, 8)), map[string]uint64{"x": 0x1ff}); got != 0 {
		t.Errorf("x=0x1ff (0xff in 8 bits) + 1 = %#x, want 0", got)
	}
	if got := Eval(Eq(x, BV(0, 8)), nil); got != 1 {
		t.Errorf("absent x == 0: %d, want 1", got)
	}
	if got := Eval(Var("p", 0), map[string]uint64{"p": 3}); got != 1 {
		t.Errorf("boolean p=3: %d, want 1", got)
	}
}
