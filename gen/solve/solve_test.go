package solve

import (
	"maps"
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

// TestCanonicalDeletesBytes: two models of "a C string that starts with
// "--" and has an '=' after it" that the solver may give, "--a=" and
// "--=@", become the same canonical model.
func TestCanonicalDeletesBytes(t *testing.T) {
	var inputs []Input
	b := make([]*term.Term, 5)
	for i := range b {
		b[i] = term.Var("s["+string(rune('0'+i))+"]", 8)
		inputs = append(inputs, Input{Var: b[i], Kind: Text, Canonical: true, Terminated: true})
	}
	ch := func(c byte) *term.Term { return term.BV(uint64(c), 8) }
	// s[0] == '-' && s[1] == '-' && s[2] != 0 && (s[2] == '=' || s[3] == '=')
	f := term.And(term.Eq(b[0], ch('-')), term.Eq(b[1], ch('-')), term.Not(term.Eq(b[2], ch(0))),
		term.Or(term.Eq(b[2], ch('=')), term.And(term.Not(term.Eq(b[3], ch(0))), term.Eq(b[3], ch('=')))))
	model := func(s string) Model {
		m := Model{}
		for i := range b {
			if i < len(s) {
				m[b[i].Name] = uint64(s[i])
			} else {
				m[b[i].Name] = 0
			}
		}
		return m
	}
	c1, c2 := Canonical(f, inputs, model("--a=")), Canonical(f, inputs, model("--=@"))
	if !maps.Equal(c1, c2) || c1["s[2]"] != '=' || c1["s[3]"] != 0 {
		t.Errorf("Canonical: %v and %v, want both \"--=\"", c1, c2)
	}
}

// TestCanonicalDescendsBytes: an upper-case letter the solver picked
// becomes the smallest one, wherever it started, and stays printable.
func TestCanonicalDescendsBytes(t *testing.T) {
	c := term.Var("s[0]", 8)
	inputs := []Input{{Var: c, Kind: Text, Canonical: true, Terminated: true}}
	f := term.And(term.ULE(term.BV('A', 8), c), term.ULE(c, term.BV('Z', 8)))
	for _, start := range []uint64{'P', 'C', 'Z'} {
		if got := Canonical(f, inputs, Model{"s[0]": start})["s[0]"]; got != 'A' {
			t.Errorf("Canonical from %q: %q, want 'A'", rune(start), rune(got))
		}
	}
	// Neither upper case, NUL nor 'a': a printable start stays printable
	// (' ', not 1).
	g := term.And(term.Not(f), term.Not(term.Eq(c, term.BV(0, 8))), term.Not(term.Eq(c, term.BV('a', 8))))
	if got := Canonical(g, inputs, Model{"s[0]": 'x'})["s[0]"]; got != ' ' {
		t.Errorf("Canonical of 'x': %d, want ' '", got)
	}
}
