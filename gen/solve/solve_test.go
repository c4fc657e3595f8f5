package solve

import (
	"math/rand"
	"testing"

	"github.com/pbcc/pbcc/gen/term"
)

// TestFoldingAgreesWithZ3 checks, on random terms over random constants,
// that term's constant folding (which replay relies on) computes what Z3
// computes for the same operators (which the trees rely on).
func TestFoldingAgreesWithZ3(t *testing.T) {
	s := New(0)
	rng := rand.New(rand.NewSource(1))
	widths := []int{8, 16, 32, 64}
	interesting := []uint64{0, 1, 2, 3, 7, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0x7fffffff, 0x80000000, 1 << 63, ^uint64(0), ^uint64(0) - 1}
	pick := func(w int) uint64 {
		if rng.Intn(2) == 0 {
			return interesting[rng.Intn(len(interesting))] & term.Mask(w)
		}
		return rng.Uint64() & term.Mask(w)
	}
	type binFn func(x, y *term.Term) *term.Term
	bins := map[string]binFn{
		"add": term.Add, "sub": term.Sub, "mul": term.Mul, "udiv": term.UDiv, "sdiv": term.SDiv,
		"urem": term.URem, "srem": term.SRem, "and": term.BAnd, "or": term.BOr, "xor": term.BXor,
		"shl": term.Shl, "lshr": term.LShr, "ashr": term.AShr,
	}
	cmps := map[string]binFn{"ult": term.ULT, "ule": term.ULE, "slt": term.SLT, "sle": term.SLE, "eq": term.Eq}
	for i := 0; i < 400; i++ {
		w := widths[rng.Intn(len(widths))]
		xv, yv := pick(w), pick(w)
		if rng.Intn(4) == 0 {
			yv = uint64(rng.Intn(w + 3)) // shift counts around the width
		}
		x, y := term.Var("x", w), term.Var("y", w)
		vars := map[string]uint64{"x": xv, "y": yv}
		bind := term.And(term.Eq(x, term.BV(xv, w)), term.Eq(y, term.BV(yv, w)))
		check := func(name string, symbolic, folded *term.Term) {
			t.Helper()
			if !folded.IsConst() {
				t.Fatalf("%s: %s did not fold", name, folded)
			}
			if got := term.Eval(symbolic, vars); got != folded.Val {
				t.Fatalf("%s(%#x, %#x) w%d: Eval %#x, folding %#x", name, xv, yv, w, got, folded.Val)
			}
			r := term.Var("r", max(symbolic.Bits, 0))
			st, m, err := s.Check(term.And(bind, term.Eq(r, symbolic)), []*term.Term{r})
			if err != nil || st != Sat {
				t.Fatalf("%s: %v %v", name, st, err)
			}
			if m["r"] != folded.Val {
				t.Fatalf("%s(%#x, %#x) w%d: Z3 %#x, folding %#x", name, xv, yv, w, m["r"], folded.Val)
			}
		}
		for name, op := range bins {
			check(name, op(x, y), op(term.BV(xv, w), term.BV(yv, w)))
		}
		for name, op := range cmps {
			check(name, op(x, y), op(term.BV(xv, w), term.BV(yv, w)))
		}
		check("neg", term.Neg(x), term.Neg(term.BV(xv, w)))
		check("not", term.BNot(x), term.BNot(term.BV(xv, w)))
		if w < 64 {
			check("sext", term.SExt(x, 64), term.SExt(term.BV(xv, w), 64))
			check("zext", term.ZExt(x, 64), term.ZExt(term.BV(xv, w), 64))
		}
		if w > 8 {
			check("extract", term.Extract(x, 8, 3), term.Extract(term.BV(xv, w), 8, 3))
		}
		// A read at index y%5 of [x, y, 7, x+y]: in range or one past.
		iv := yv % 5
		i := term.URem(term.ZExt(y, 64), term.BV(5, 64))
		if w == 64 {
			i = term.URem(y, term.BV(5, 64))
		}
		elems := func(x, y *term.Term) []*term.Term { return []*term.Term{x, y, term.BV(7, w), term.Add(x, y)} }
		check("select", term.Select(i, elems(x, y)), term.Select(term.BV(iv, 64), elems(term.BV(xv, w), term.BV(yv, w))))
	}
}

func TestCheckSmallPrefersSmallInputs(t *testing.T) {
	s := New(0)
	a, b := term.Var("a", 64), term.Var("b", 64)
	ins := []Input{{Var: a, Signed: true}, {Var: b, Signed: true}}
	tests := []struct {
		name string
		f    *term.Term
		ok   func(m Model) bool
	}{
		{"unconstrained b is zero", term.SLT(term.BV(5, 64), a), func(m Model) bool { return m["a"] <= 16 && m["b"] == 0 }},
		{"negative when needed", term.SLT(a, term.BV(0, 64)), func(m Model) bool { return int64(m["a"]) >= -16 }},
		{"wide when needed", term.Eq(term.Mul(a, b), term.BV(1<<40, 64)), func(m Model) bool { return m["a"]*m["b"] == 1<<40 }},
	}
	for _, tt := range tests {
		st, m, err := s.CheckSmall(tt.f, ins)
		if err != nil || st != Sat || !tt.ok(m) {
			t.Errorf("%s: %v %v %v", tt.name, st, m, err)
		}
	}
	st, _, err := s.CheckSmall(term.And(term.SLT(a, b), term.SLT(b, a)), ins)
	if err != nil || st != Unsat {
		t.Errorf("contradiction: %v %v", st, err)
	}
}
