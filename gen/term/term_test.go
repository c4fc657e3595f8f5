package term

import (
	"strings"
	"testing"
)

func TestSimplifications(t *testing.T) {
	p, q, r := Var("p", 0), Var("q", 0), Var("r", 0)
	x, y := Var("x", 8), Var("y", 8)
	tests := []struct {
		name string
		got  *Term
		want string
	}{
		{"and of nothing", And(), "true"},
		{"or of nothing", Or(), "false"},
		{"and of one", And(p), "p"},
		{"and drops true", And(True, p, True, q), "(and p q)"},
		{"and with false", And(p, False, q), "false"},
		{"and flattens", And(p, And(q, r)), "(and p q r)"},
		{"and flattens left", And(And(p, q), r), "(and p q r)"},
		{"or drops false", Or(False, p, q), "(or p q)"},
		{"or with true", Or(p, True), "true"},
		{"or flattens", Or(Or(p, q), r), "(or p q r)"},
		{"or inside and stays", And(p, Or(q, r)), "(and p (or q r))"},
		{"not not", Not(Not(p)), "p"},
		{"not", Not(p), "(not p)"},
		{"implies", Implies(p, q), "(or (not p) q)"},
		{"implies from true", Implies(True, q), "q"},
		{"implies from false", Implies(False, q), "true"},
		{"ite true", Ite(True, x, y), "x"},
		{"ite false", Ite(False, x, y), "y"},
		{"ite same arms", Ite(p, x, x), "x"},
		{"ite equal constant arms", Ite(p, BV(3, 8), BV(3, 8)), "(_ bv3 8)"},
		{"ite true false", Ite(p, True, False), "p"},
		{"ite false true", Ite(p, False, True), "(not p)"},
		{"ite", Ite(p, x, y), "(ite p x y)"},
		{"ite bool", Ite(p, q, r), "(ite p q r)"},
		{"eq same", Eq(x, x), "true"},
		{"eq with true", Eq(True, p), "p"},
		{"eq with true right", Eq(p, True), "p"},
		{"eq with false", Eq(False, p), "(not p)"},
		{"eq with false right", Eq(p, False), "(not p)"},
		{"eq", Eq(x, y), "(= x y)"},
		{"ult same", ULT(x, x), "false"},
		{"ule same", ULE(x, x), "true"},
		{"slt same", SLT(x, x), "false"},
		{"sle same", SLE(x, x), "true"},
		{"add 0", Add(x, BV(0, 8)), "x"},
		{"0 add", Add(BV(0, 8), x), "x"},
		{"sub 0", Sub(x, BV(0, 8)), "x"},
		{"0 sub stays", Sub(BV(0, 8), x), "(bvsub (_ bv0 8) x)"},
		{"zext to the same width", ZExt(x, 8), "x"},
		{"sext to the same width", SExt(x, 8), "x"},
		{"extract all", Extract(x, 8, 0), "x"},
		{"resize to the same width", Resize(x, 8, true), "x"},
	}
	for _, tt := range tests {
		if got := tt.got.String(); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.name, got, tt.want)
		}
	}
	// The simplifications return the very operand, not a copy.
	if Not(Not(p)) != p || And(True, p) != p || Ite(True, x, y) != x || Add(x, BV(0, 8)) != x {
		t.Errorf("simplifications copy their operand")
	}
}

func TestString(t *testing.T) {
	x, y := Var("x", 8), Var("y", 16)
	tests := []struct {
		got  *Term
		want string
	}{
		{BV(5, 8), "(_ bv5 8)"},
		{BV(0x1ff, 8), "(_ bv255 8)"},
		{True, "true"},
		{Add(x, BV(1, 8)), "(bvadd x (_ bv1 8))"},
		{ZExt(x, 16), "((_ zero_extend 8) x)"},
		{SExt(x, 64), "((_ sign_extend 56) x)"},
		{Extract(y, 4, 3), "((_ extract 6 3) y)"},
		{SLT(ZExt(x, 16), y), "(bvslt ((_ zero_extend 8) x) y)"},
		{BNot(Neg(x)), "(bvnot (bvneg x))"},
		{And(ULE(x, BV(3, 8)), Not(Eq(y, BV(0, 16)))), "(and (bvule x (_ bv3 8)) (not (= y (_ bv0 16))))"},
	}
	for _, tt := range tests {
		if got := tt.got.String(); got != tt.want {
			t.Errorf("String = %s, want %s", got, tt.want)
		}
	}
	// Every operator has a name in the printed form.
	for op := OpNot; op <= OpExtract; op++ {
		if opNames[op] == "" {
			t.Errorf("op %d has no printed name", op)
		}
	}
}

func TestVars(t *testing.T) {
	a, b, c := Var("a", 8), Var("b", 8), Var("c", 0)
	a2 := Var("a", 8) // another node, same variable
	f := And(Eq(Add(b, a), BV(3, 8)), c, ULT(a2, b))
	got := names(Vars(f, a, Add(b, BV(1, 8))))
	if got != "a b c" {
		t.Errorf("Vars = %q, want \"a b c\" (sorted, each once)", got)
	}
	if got := names(Vars(BV(1, 8), True)); got != "" {
		t.Errorf("Vars of constants = %q", got)
	}
	if got := names(Vars()); got != "" {
		t.Errorf("Vars() = %q", got)
	}
	// Sorted by name, whatever the order of first appearance.
	z, m := Var("z", 8), Var("m", 8)
	if got := names(Vars(Eq(z, m), Eq(m, Var("A[1]", 8)))); got != "A[1] m z" {
		t.Errorf("Vars = %q, want \"A[1] m z\"", got)
	}
}

func names(ts []*Term) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = t.Name
	}
	return strings.Join(s, " ")
}

func TestSize(t *testing.T) {
	x := Var("x", 8)
	s := Add(x, BV(1, 8))
	if got := Size(s); got != 3 {
		t.Errorf("Size(x+1) = %d, want 3", got)
	}
	// s is shared: counted once.
	if got := Size(Mul(s, s)); got != 4 {
		t.Errorf("Size((x+1)*(x+1)) = %d, want 4", got)
	}
	for n, want := range []bool{false, false, false, false, true, true} {
		if got := SizeAtMost(Mul(s, s), n); got != want {
			t.Errorf("SizeAtMost((x+1)*(x+1), %d) = %v, want %v", n, got, want)
		}
	}
}

func TestWidthMismatchPanics(t *testing.T) {
	x8, x16 := Var("x", 8), Var("y", 16)
	tests := []struct {
		name string
		fn   func()
	}{
		{"add", func() { Add(x8, x16) }},
		{"eq", func() { Eq(x8, x16) }},
		{"ult", func() { ULT(x8, x16) }},
		{"ite", func() { Ite(True, x8, x16) }},
		{"ite bool and bv", func() { Ite(Var("p", 0), True, x8) }},
		{"shl", func() { Shl(x8, x16) }},
		{"bv width 0", func() { BV(1, 0) }},
		{"bv width 65", func() { BV(1, 65) }},
	}
	for _, tt := range tests {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", tt.name)
				}
			}()
			tt.fn()
		}()
	}
}

func TestConstants(t *testing.T) {
	if Bool(true) != True || Bool(false) != False {
		t.Errorf("Bool does not return the shared constants")
	}
	if !True.IsTrue() || True.IsFalse() || !False.IsFalse() || !True.IsBool() || !True.IsConst() {
		t.Errorf("predicates of True/False")
	}
	// A 1-bit vector 1 is no boolean true.
	if BV(1, 1).IsTrue() || BV(0, 1).IsFalse() || BV(1, 1).IsBool() {
		t.Errorf("a 1-bit vector taken for a boolean")
	}
	if Var("x", 8).IsConst() || !Var("p", 0).IsBool() {
		t.Errorf("predicates of variables")
	}
	for bits, want := range map[int]uint64{1: 1, 8: 0xff, 63: 1<<63 - 1, 64: ^uint64(0)} {
		if Mask(bits) != want {
			t.Errorf("Mask(%d) = %#x", bits, Mask(bits))
		}
	}
}

// TestEqual: structural equality of separately built terms, and a DAG
// whose printed form would be exponential compared in linear time.
func TestEqual(t *testing.T) {
	x, y := Var("x", 8), Var("y", 8)
	if !Equal(Add(x, y), Add(Var("x", 8), Var("y", 8))) {
		t.Error("x+y built twice: not equal")
	}
	if Equal(Add(x, y), Add(y, x)) {
		t.Error("x+y equals y+x")
	}
	if Equal(Var("x", 8), Var("x", 16)) {
		t.Error("x of 8 and 16 bits equal")
	}
	deep := func(leaf *Term) *Term {
		d := leaf
		for range 200 {
			d = Add(Mul(d, d), BV(3, 8)) // shared: 2^200 paths
		}
		return d
	}
	if !Equal(deep(x), deep(Var("x", 8))) {
		t.Error("deep DAGs built twice: not equal")
	}
	if Equal(deep(x), deep(y)) {
		t.Error("deep DAGs over x and y equal")
	}
}
