package symexec_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/symexec"
)

func TestRunTestdata(t *testing.T) {
	a := func(vs ...any) []any { return vs }
	tests := []struct {
		fn   string
		args []any
		want string // the outputs, space-separated
	}{
		{"trityp.Trityp", a(3, 4, 5), "3"},
		{"trityp.Trityp", a(2, 2, 2), "1"},
		{"trityp.Trityp", a(2, 2, 3), "2"},
		{"trityp.Trityp", a(3, 4, 3), "2"},
		{"trityp.Trityp", a(1, 2, 3), "4"},
		{"trityp.Trityp", a(0, 1, 1), "4"},
		{"trityp.Trityp", a(math.MaxInt64, math.MaxInt64, 1), "4"}, // a+b wraps to -2 <= c
		{"wrap.Overflows", a(127), "true"},
		{"wrap.Overflows", a(126), "false"},
		{"wrap.Overflows", a(-128), "false"},
		{"nonlinear.Answer", a(6, 7), "1"},
		{"nonlinear.Answer", a(-6, -7), "1"},
		{"nonlinear.Answer", a(6, 6), "0"},
		{"bittrick.IsPowerOfTwo", a(0), "false"},
		{"bittrick.IsPowerOfTwo", a(64), "true"},
		{"bittrick.IsPowerOfTwo", a(96), "false"},
		{"bittrick.IsPowerOfTwo", a(1 << 31), "true"},
		{"bittrick.HasBit", a(-1, 63), "true"}, // x is a uint64: all ones
		{"bittrick.HasBit", a(1<<62, 62), "true"},
		{"bittrick.HasBit", a(1<<62, 61), "false"},
		{"bittrick.HasBit", a(-1, 64), "false"},  // shift by the width
		{"bittrick.HasBit", a(-1, 200), "false"}, // and beyond
		{"bittrick.LowByte", a(0x80), "-1"},
		{"bittrick.LowByte", a(0x7f), "1"},
		{"bittrick.LowByte", a(0), "0"},
		{"bittrick.LowByte", a(0x100), "2"},
		{"bittrick.LowByte", a(-1), "2"}, // 0xffffffff
		{"bittrick.Log2", a(0), "-1"},
		{"bittrick.Log2", a(1), "0"},
		{"bittrick.Log2", a(0x8000), "15"},
		{"bittrick.Log2", a(0xffff), "15"},
		{"closure.Level", a(a(3, 10), 4), `"saturated"`}, // through the method value s.Apply
		{"closure.Level", a(a(3, 10), 2), `"ok"`},
		{"closure.Level", a(a(-1, 10), 2), `"negative"`},
		{"runeclass.Reverse", a("héllo"), `"olléh"`}, // []rune(s) and back
		{"runeclass.Reverse", a("aéa"), `""`},
		{"runeclass.Reverse", a("a\xffb"), `"b�a"`}, // an invalid byte is U+FFFD
		{"runeclass.Palindrome", a("aéa"), "true 3"},
		{"runeclass.Palindrome", a("日本"), "false 2"},
		{"callcond.DivMod", a(17), "2 3"},
		{"callcond.DivMod", a(-15), "-2 -1"}, // truncated division, remainder of the dividend's sign
		{"callcond.DivMod", a(math.MinInt64), "-1317624576693539401 -1"},
		{"callcond.Split", a(0x1234), "18 52"},
		{"callcond.F", a(3, 1, 2), "3"},
		{"callcond.F", a(3, 5, 2), "3"},
		{"callcond.CallCond", a(0), "1"},
		{"callcond.CallCond", a(4), "0"}, // F(1, 4, 4) = 4 takes the k*a edge: 2*4 > 0
		{"callcond.CallCond", a(-3), "1"},
		{"callcond.Compare", a(50, 0), "1"},
		{"callcond.Compare", a(3, 0x0707), "2"},
		{"callcond.Compare", a(3, 0x0708), "0"},
		{"dead.Dead", a(6), "1"},
		{"dead.Dead", a(5), "0"},
		{"dead.Celsius.State", a(-300), "-1"},
		{"dead.Celsius.State", a(-273), "0"},
		{"dead.Celsius.State", a(99), "1"},
		{"dead.Celsius.State", a(100), "2"},
		{"loop.Loop", a(5), "5"},
		{"loop.Loop", a(-3), "0"},
		{"loop.SumBelow", a(4, 100), "6"},
		{"loop.SumBelow", a(5, 3), "-1"},
		{"loop.SumBelow", a(-2, 0), "0"},
		{"recursion.Fact", a(5), "120"},
		{"recursion.Fact", a(20), "2432902008176640000"},
		{"recursion.Fact", a(21), "-1"},
		{"recursion.Fact", a(0), "1"},
		{"recursion.GCD", a(12, 8), "4"},
		{"recursion.GCD", a(5, 3), "1"},
		{"recursion.GCD", a(8, 5), "-1"}, // four steps of Euclid
		{"recursion.GCD", a(-1, 5), "-1"},
		{"switchcase.Kind", a(0), "1"},
		{"switchcase.Kind", a(6), "1"},
		{"switchcase.Kind", a(1), "2"},
		{"switchcase.Kind", a(3), "3"},
		{"switchcase.Kind", a(5), "4"},
		{"switchcase.Kind", a(7), "0"},
		{"switchcase.Kind", a(-1), "0"},
		{"switchcase.Sign", a(-5), "-1"},
		{"switchcase.Sign", a(0), "0"},
		{"switchcase.Sign", a(9), "1"},
		{"array.DaysIn", a(2), "28"},
		{"array.DaysIn", a(4), "30"},
		{"array.DaysIn", a(12), "31"},
		{"array.DaysIn", a(13), "0"},
		{"array.DaysIn", a(0), "0"},
		{"array.IsDiagonal", a(a(a(1, 0, 0), a(0, 5, 0), a(0, 0, -1))), "true"},
		{"array.IsDiagonal", a(a(a(1, 0, 0), a(0, 5, 0), a(0, 2, -1))), "false"},
		{"array.Swap", a(a(1, 2, 3, 4), 0, 3), "{4, 2, 3, 1}"},
		{"array.Swap", a(a(1, 2, 3, 4), 2, 2), "{1, 2, 3, 4}"},
		{"array.Swap", a(a(1, 2, 3, 4), 4, 0), "{1, 2, 3, 4}"},
		{"array.Swap", a(a(1, 2, 3, 4), 1, -1), "{1, 2, 3, 4}"},
		{"pathcrawler.F", a(a(5, 7), 7, 2), "1"},
		{"pathcrawler.F", a(a(7, 5), 7, 2), "0"}, // found at i = 0: G(1, 2) = 3
		{"pathcrawler.F", a(a(5, 7), 7, 0), "0"},
		{"pathcrawler.G", a(3, 3), "2"},
		{"pathcrawler.G", a(3, 4), "13"},
		{"program0.A.F", a(0), "11"},
		{"program0.A.F", a(12), "12"},
		{"program0.Main", a(7), "11"},
	}
	for _, tt := range tests {
		f := fn(t, tt.fn)
		name := fmt.Sprintf("%s%v", tt.fn, tt.args)
		tr, err := run(f, args(t, f, tt.args...), 100000)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if tr.Panicked {
			t.Errorf("%s panicked: %s", name, tr.Reason)
			continue
		}
		if got := show(tr.Outputs); got != tt.want {
			t.Errorf("%s = %s, want %s", name, got, tt.want)
		}
		for _, e := range tr.Edges {
			if !e.IsBranch() {
				t.Errorf("%s: trace holds %s, which is no branch edge", name, edgeName(e))
			}
		}
	}
}

// TestRunTrace checks the edges a run reports: in order, repeats
// included, callees' edges included.
func TestRunTrace(t *testing.T) {
	tests := []struct {
		fn   string
		args []any
		want string
	}{
		{"wrap.Overflows", []any{127}, "[wrap.Overflows b0->b1 true]"},
		// A switch is lowered to a chain of comparisons.
		{"switchcase.Kind", []any{3}, "[switchcase.Kind b0->b3 false] [switchcase.Kind b3->b4 false] " +
			"[switchcase.Kind b4->b6 false] [switchcase.Kind b6->b8 false] [switchcase.Kind b8->b5 true]"},
		{"switchcase.Kind", []any{0}, "[switchcase.Kind b0->b1 true]"},
		// The loop's "a > i" true twice, then false.
		{"loop.Loop", []any{2}, "[loop.Loop b3->b1 true] [loop.Loop b3->b1 true] [loop.Loop b3->b2 false]"},
		{"loop.Loop", []any{0}, "[loop.Loop b3->b2 false]"},
		{"callcond.CallCond", []any{9}, "[callcond.F b0->b1 true] [callcond.CallCond b0->b2 false]"},
	}
	for _, tt := range tests {
		f := fn(t, tt.fn)
		tr, err := run(f, args(t, f, tt.args...), 0)
		if err != nil {
			t.Fatalf("%s: %v", tt.fn, err)
		}
		got := ""
		for i, e := range tr.Edges {
			if i > 0 {
				got += " "
			}
			got += fmt.Sprintf("[%s %s]", edgeName(e), e.Label())
		}
		if got != tt.want {
			t.Errorf("%s%v took %s, want %s", tt.fn, tt.args, got, tt.want)
		}
	}
}

func TestRunStepBudget(t *testing.T) {
	f := fn(t, "loop.Loop")
	_, err := run(f, args(t, f, 1000), 50)
	if !errors.Is(err, symexec.ErrSteps) {
		t.Errorf("Loop(1000) with 50 steps: err = %v, want ErrSteps", err)
	}
	if _, err := run(f, args(t, f, 10), 50); err != nil {
		t.Errorf("Loop(10) with 50 steps: %v", err)
	}
}

// binopFunc builds func(x xt, y yt) { return x op y }.
func binopFunc(t *testing.T, lang ir.Lang, op ir.Op, xt, yt ir.Int) *ir.Func {
	x, y := ir.NewParam("x", xt), ir.NewParam("y", yt)
	v := ir.NewBinOp(op, x, y)
	b := newFunc("hand.op", lang, []ir.Type{v.Type()}, x, y)
	b0 := b.f.NewBlock("entry")
	b0.Emit(v)
	b0.SetTerm(&ir.Return{Results: []ir.Value{v}})
	return b.done(t)
}

type integer interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64
}

// goOp computes x op y with Go's own operators on T; the shift count is
// n, or negative when neg (Go panics then). panics reports a run-time
// panic (division by zero, negative shift).
func goOp[T integer](op ir.Op, xb, yb uint64, n uint64, neg bool) (r uint64, panics bool) {
	x, y := T(xb), T(yb)
	b := func(c bool) uint64 {
		if c {
			return 1
		}
		return 0
	}
	var v T
	switch op {
	case ir.Add:
		v = x + y
	case ir.Sub:
		v = x - y
	case ir.Mul:
		v = x * y
	case ir.Div:
		if y == 0 {
			return 0, true
		}
		v = x / y
	case ir.Rem:
		if y == 0 {
			return 0, true
		}
		v = x % y
	case ir.And:
		v = x & y
	case ir.Or:
		v = x | y
	case ir.Xor:
		v = x ^ y
	case ir.AndNot:
		v = x &^ y
	case ir.Shl:
		if neg {
			return 0, true
		}
		v = x << n
	case ir.Shr:
		if neg {
			return 0, true
		}
		v = x >> n
	case ir.Eq:
		return b(x == y), false
	case ir.Ne:
		return b(x != y), false
	case ir.Lt:
		return b(x < y), false
	case ir.Le:
		return b(x <= y), false
	case ir.Gt:
		return b(x > y), false
	case ir.Ge:
		return b(x >= y), false
	}
	return uint64(v), false
}

func goOpOn(ty ir.Int, op ir.Op, x, y, n uint64, neg bool) (uint64, bool) {
	var r uint64
	var p bool
	switch {
	case ty.Bits == 8 && ty.Signed:
		r, p = goOp[int8](op, x, y, n, neg)
	case ty.Bits == 8:
		r, p = goOp[uint8](op, x, y, n, neg)
	case ty.Bits == 16 && ty.Signed:
		r, p = goOp[int16](op, x, y, n, neg)
	case ty.Bits == 16:
		r, p = goOp[uint16](op, x, y, n, neg)
	case ty.Bits == 32 && ty.Signed:
		r, p = goOp[int32](op, x, y, n, neg)
	case ty.Bits == 32:
		r, p = goOp[uint32](op, x, y, n, neg)
	case ty.Signed:
		r, p = goOp[int64](op, x, y, n, neg)
	default:
		r, p = goOp[uint64](op, x, y, n, neg)
	}
	if op.IsComparison() {
		return r, p
	}
	return r & ty.Mask(), p
}

var intTypes = []ir.Int{
	{Bits: 8, Signed: true}, {Bits: 8}, {Bits: 16, Signed: true}, {Bits: 16},
	{Bits: 32, Signed: true}, {Bits: 32}, {Bits: 64, Signed: true}, {Bits: 64},
}

func pick(rng *rand.Rand, ty ir.Int) uint64 {
	m := ty.Mask()
	switch rng.IntN(7) {
	case 0:
		return 0
	case 1:
		return 1
	case 2:
		return m
	case 3:
		return 1 << uint(ty.Bits-1)
	case 4:
		return m >> 1
	case 5:
		return uint64(rng.IntN(ty.Bits + 3))
	}
	return rng.Uint64() & m
}

// TestRunGoSemantics runs x op y for every binary operator and integer
// type of Go, on boundary and random operands, and compares with what Go
// itself computes: wrap-around, truncated signed division, division of
// the minimum by -1, shifts by the width or more with counts of another
// type, and the panics on a zero divisor or a negative shift count.
func TestRunGoSemantics(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	ops := []ir.Op{ir.Add, ir.Sub, ir.Mul, ir.Div, ir.Rem, ir.And, ir.Or, ir.Xor, ir.AndNot,
		ir.Shl, ir.Shr, ir.Eq, ir.Ne, ir.Lt, ir.Le, ir.Gt, ir.Ge}
	for _, xt := range intTypes {
		for _, op := range ops {
			yt := xt
			shift := op == ir.Shl || op == ir.Shr
			for i := 0; i < 60; i++ {
				if shift {
					yt = intTypes[rng.IntN(len(intTypes))]
				}
				f := binopFunc(t, ir.Go, op, xt, yt)
				xv, yv := pick(rng, xt), pick(rng, yt)
				n, neg := yv, false
				if yt.Signed {
					s := ir.SignExtend(yv, yt.Bits)
					n, neg = uint64(s), s < 0
				}
				want, wantPanic := goOpOn(xt, op, xv, yv, n, neg)
				tr, err := run(f, params(ir.Literal{T: xt, Bits: xv}, ir.Literal{T: yt, Bits: yv}), 0)
				name := fmt.Sprintf("Go %s(%#x) %s %s(%#x)", xt, xv, op, yt, yv)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if tr.Panicked != wantPanic {
					t.Errorf("%s: Panicked = %v (%s), want %v", name, tr.Panicked, tr.Reason, wantPanic)
					continue
				}
				if wantPanic {
					continue
				}
				if len(tr.Outputs) != 1 || tr.Outputs[0].Bits != want {
					t.Errorf("%s = %s, want %#x", name, show(tr.Outputs), want)
				}
			}
		}
	}
}

// TestRunCSemantics: in C, signed overflow, INT_MIN / -1, shifts out of
// range and a zero divisor are undefined: the run fails instead of
// returning. Unsigned arithmetic wraps.
func TestRunCSemantics(t *testing.T) {
	u32 := ir.Int{Bits: 32}
	i8 := ir.Int{Bits: 8, Signed: true}
	min32 := uint64(1) << 31
	tests := []struct {
		name   string
		op     ir.Op
		xt, yt ir.Int
		x, y   uint64
		want   uint64
		fails  bool
	}{
		{"add", ir.Add, i32, i32, 2, 3, 5, false},
		{"add overflows", ir.Add, i32, i32, 0x7fffffff, 1, 0, true},
		{"add of negatives overflows", ir.Add, i32, i32, min32, 0xffffffff, 0, true},
		{"add of negatives", ir.Add, i32, i32, 0xfffffffe, 0xffffffff, 0xfffffffd, false},
		{"sub overflows", ir.Sub, i32, i32, min32, 1, 0, true},
		{"mul overflows", ir.Mul, i32, i32, 0x10000, 0x10000, 0, true},
		{"mul of i8", ir.Mul, i8, i8, 0xf6, 12, 0x88, false}, // -10*12 = -120
		{"mul of i8 overflows", ir.Mul, i8, i8, 0xf6, 13, 0, true},
		{"64-bit add overflows", ir.Add, i64, i64, 1<<63 - 1, 1, 0, true},
		{"64-bit add", ir.Add, i64, i64, 1<<63 - 2, 1, 1<<63 - 1, false},
		{"64-bit sub overflows", ir.Sub, i64, i64, 1 << 63, 1, 0, true},
		{"64-bit mul overflows", ir.Mul, i64, i64, 1 << 32, 1 << 31, 0, true},
		{"64-bit mul", ir.Mul, i64, i64, 1 << 31, 1 << 31, 1 << 62, false},
		{"64-bit min * -1 overflows", ir.Mul, i64, i64, 1 << 63, ^uint64(0), 0, true},
		{"unsigned add wraps", ir.Add, u32, u32, 0xffffffff, 2, 1, false},
		{"unsigned mul wraps", ir.Mul, u32, u32, 0x10000, 0x10000, 0, false},
		{"div", ir.Div, i32, i32, 0xfffffff9, 2, 0xfffffffd, false}, // -7/2 = -3
		{"rem", ir.Rem, i32, i32, 0xfffffff9, 2, 0xffffffff, false}, // -7%2 = -1
		{"div by zero", ir.Div, i32, i32, 1, 0, 0, true},
		{"unsigned rem by zero", ir.Rem, u32, u32, 1, 0, 0, true},
		{"INT_MIN / -1", ir.Div, i32, i32, min32, 0xffffffff, 0, true},
		{"INT_MIN % -1", ir.Rem, i32, i32, min32, 0xffffffff, 0, true},
		{"shl", ir.Shl, u32, u32, 1, 31, min32, false},
		{"shl by the width", ir.Shl, u32, u32, 1, 32, 0, true},
		{"shr by the width", ir.Shr, u32, u32, 1, 32, 0, true},
		{"shr by a negative count", ir.Shr, u32, i32, 1, 0xffffffff, 0, true},
		{"signed shl into the sign bit", ir.Shl, i32, i32, 1, 31, 0, true},
		{"signed shl of a negative", ir.Shl, i32, i32, 0xffffffff, 1, 0, true},
		{"signed shl", ir.Shl, i32, i32, 3, 4, 48, false},
		{"signed shr of a negative", ir.Shr, i32, i32, 0xfffffff0, 2, 0xfffffffc, false},
		{"shl count of another width", ir.Shl, u32, i64, 1, 40, 0, true},
	}
	for _, tt := range tests {
		f := binopFunc(t, ir.C, tt.op, tt.xt, tt.yt)
		tr, err := run(f, params(ir.Literal{T: tt.xt, Bits: tt.x}, ir.Literal{T: tt.yt, Bits: tt.y}), 0)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if tr.Panicked != tt.fails {
			t.Errorf("%s: Panicked = %v (%s), want %v; outputs %s", tt.name, tr.Panicked, tr.Reason, tt.fails, show(tr.Outputs))
			continue
		}
		if !tt.fails && (len(tr.Outputs) != 1 || tr.Outputs[0].Bits != tt.want) {
			t.Errorf("%s = %s, want %#x", tt.name, show(tr.Outputs), tt.want)
		}
	}
}

// TestRunUnary checks negation, complement, not and conversions, in Go
// (wrapping) and C (negating the minimum is undefined).
func TestRunUnary(t *testing.T) {
	i8, u8, u32 := ir.Int{Bits: 8, Signed: true}, ir.Int{Bits: 8}, ir.Int{Bits: 32}
	type mk func(x ir.Value) ir.Instr
	unop := func(op ir.Op) mk { return func(x ir.Value) ir.Instr { return ir.NewUnOp(op, x) } }
	conv := func(to ir.Type) mk { return func(x ir.Value) ir.Instr { return ir.NewConvert(x, to) } }
	tests := []struct {
		name  string
		lang  ir.Lang
		xt    ir.Type
		x     uint64
		make  mk
		want  string
		fails bool
	}{
		{"neg", ir.Go, i8, 5, unop(ir.Neg), "-5", false},
		{"neg of min wraps in Go", ir.Go, i8, 0x80, unop(ir.Neg), "-128", false},
		{"neg of min in C", ir.C, i8, 0x80, unop(ir.Neg), "", true},
		{"neg unsigned", ir.C, u8, 1, unop(ir.Neg), "255", false},
		{"compl", ir.Go, u8, 0x0f, unop(ir.Compl), "240", false},
		{"compl signed", ir.Go, i8, 0, unop(ir.Compl), "-1", false},
		{"not", ir.Go, ir.Bool{}, 0, unop(ir.Not), "true", false},
		{"i8 -1 to u32 sign-extends", ir.Go, i8, 0xff, conv(u32), "4294967295", false},
		{"u8 255 to i64 zero-extends", ir.Go, u8, 0xff, conv(i64), "255", false},
		{"i64 0x1ff to i8 truncates", ir.Go, i64, 0x1ff, conv(i8), "-1", false},
		{"u32 to u8 truncates", ir.Go, u32, 0x12345678, conv(u8), "120", false},
		{"i8 to u8 reinterprets", ir.Go, i8, 0x80, conv(u8), "128", false},
		{"bool true to int", ir.C, ir.Bool{}, 1, conv(i32), "1", false},
		{"bool false to int", ir.C, ir.Bool{}, 0, conv(i32), "0", false},
	}
	for _, tt := range tests {
		x := ir.NewParam("x", tt.xt)
		in := tt.make(x)
		v := in.(ir.Value)
		b := newFunc("hand.un", tt.lang, []ir.Type{v.Type()}, x)
		b0 := b.f.NewBlock("entry")
		b0.Emit(in)
		b0.SetTerm(&ir.Return{Results: []ir.Value{v}})
		f := b.done(t)
		tr, err := run(f, params(ir.Literal{T: tt.xt, Bits: tt.x}), 0)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if tr.Panicked != tt.fails {
			t.Errorf("%s: Panicked = %v, want %v", tt.name, tr.Panicked, tt.fails)
			continue
		}
		if got := show(tr.Outputs); !tt.fails && got != tt.want {
			t.Errorf("%s = %s, want %s", tt.name, got, tt.want)
		}
	}
}

// indexFunc builds func(a [3]i64, i it) i64 { return a[i] }, by value
// (Index) or through memory (Alloc, Store, IndexAddr, Load).
func indexFunc(t *testing.T, it ir.Int, viaMemory bool) *ir.Func {
	arr := ir.Array{Elem: i64, Len: 3}
	a, i := ir.NewParam("a", arr), ir.NewParam("i", it)
	b := newFunc("hand.index", ir.Go, []ir.Type{i64}, a, i)
	b0 := b.f.NewBlock("entry")
	var r ir.Value
	if viaMemory {
		p := b0.Emit(ir.NewAlloc(arr)).(ir.Value)
		b0.Emit(ir.NewStore(p, a))
		ea := b0.Emit(ir.NewIndexAddr(p, i)).(ir.Value)
		b0.Emit(ir.NewStore(ea, c64(99)))
		r = b0.Emit(ir.NewLoad(ea)).(ir.Value)
	} else {
		r = b0.Emit(ir.NewIndex(a, i)).(ir.Value)
	}
	b0.SetTerm(&ir.Return{Results: []ir.Value{r}})
	return b.done(t)
}

// run is symexec.Run, with a Go panic of the executor turned into an
// error, so that one bad row does not stop the table.
func run(f *ir.Func, args symexec.Args, maxSteps int) (tr *symexec.Trace, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("symexec.Run panicked: %v", r)
		}
	}()
	return symexec.Run(f, args, maxSteps)
}

func TestRunIndex(t *testing.T) {
	testIndex(t, []indexCase{
		{i64, 0, false, "10"},
		{i64, 2, false, "30"},
		{u8, 2, false, "30"},
		{i8, 1, true, "99"},
		{i64, 3, true, ""},
		{i64, ^uint64(0), true, ""}, // -1
		{u8, 0xff, true, ""},
		{i8, 0xff, true, ""}, // -1, sign-extended
	})
}

// TestRunIndexValueOutOfRange: an ir.Index (an element of an array value,
// not through memory) out of range must be a run-time error of the run
// (Trace.Panicked), as the IR documents.
func TestRunIndexValueOutOfRange(t *testing.T) {
	testIndex(t, []indexCase{
		{i64, 3, false, ""},
		{i64, ^uint64(0), false, ""}, // -1
		{i64, 1 << 63, false, ""},
		{u8, 0xff, false, ""},
		{i8, 0xff, false, ""}, // -1, sign-extended
	})
}

var u8, i8 = ir.Int{Bits: 8}, ir.Int{Bits: 8, Signed: true}

type indexCase struct {
	it     ir.Int
	i      uint64
	memory bool
	want   string // "" for a run-time error
}

func testIndex(t *testing.T, tests []indexCase) {
	arr := ir.Literal{T: ir.Array{Elem: i64, Len: 3}, Elems: []ir.Literal{{T: i64, Bits: 10}, {T: i64, Bits: 20}, {T: i64, Bits: 30}}}
	for _, tt := range tests {
		f := indexFunc(t, tt.it, tt.memory)
		tr, err := run(f, params(arr, ir.Literal{T: tt.it, Bits: tt.i}), 0)
		name := fmt.Sprintf("a[%s(%#x)] memory=%v", tt.it, tt.i, tt.memory)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if tr.Panicked != (tt.want == "") {
			t.Errorf("%s: Panicked = %v (%s), want %v", name, tr.Panicked, tr.Reason, tt.want == "")
			continue
		}
		if got := show(tr.Outputs); tt.want != "" && got != tt.want {
			t.Errorf("%s = %s, want %s", name, got, tt.want)
		}
	}
}

// TestRunPanic: an explicit panic is reported as such, after the edges
// that led to it.
func TestRunPanic(t *testing.T) {
	x := ir.NewParam("x", i64)
	b := newFunc("hand.panic", ir.Go, []ir.Type{i64}, x)
	b0, b1, b2 := b.f.NewBlock("entry"), b.f.NewBlock("if.then"), b.f.NewBlock("if.done")
	c := b0.Emit(ir.NewBinOp(ir.Lt, x, c64(0))).(ir.Value)
	b0.SetTerm(b.cond(c, "x < 0"), b1, b2)
	b1.SetTerm(&ir.Panic{X: x})
	b2.SetTerm(&ir.Return{Results: []ir.Value{x}})
	f := b.done(t)

	tr, err := run(f, params(ir.Literal{T: i64, Bits: ^uint64(0)}), 0)
	if err != nil || !tr.Panicked || tr.Kind != ir.NoCheck || tr.Reason == "" || len(tr.Outputs) != 0 {
		t.Errorf("Run(-1) = %+v, %v; want an explicit panic (Kind NoCheck, a Reason) without outputs", tr, err)
	}
	if err == nil && !took(tr.Edges, ir.Edge{From: b0, Index: 0}) {
		t.Errorf("Run(-1) edges %v do not hold the true edge", tr.Edges)
	}
	tr, err = run(f, params(ir.Literal{T: i64, Bits: 4}), 0)
	if err != nil || tr.Panicked || show(tr.Outputs) != "4" {
		t.Errorf("Run(4) = %+v, %v; want 4", tr, err)
	}
}

// switchFunc builds
//
//	func(x i8) i64 { switch x { case 1: return 10; case 1: return 20; case -2: return 30 }; return 0 }
//
// where the second "case 1" can never be taken (the first match wins).
func switchFunc(t *testing.T) *ir.Func {
	i8 := ir.Int{Bits: 8, Signed: true}
	x := ir.NewParam("x", i8)
	b := newFunc("hand.switch", ir.Go, []ir.Type{i64}, x)
	b0 := b.f.NewBlock("entry")
	rets := make([]*ir.Block, 4)
	for i, v := range []int64{10, 20, 30, 0} {
		rets[i] = b.f.NewBlock("case")
		rets[i].SetTerm(&ir.Return{Results: []ir.Value{c64(v)}})
	}
	sw := &ir.Switch{X: x, Cases: []*ir.Const{ir.IntConst(i8, 1), ir.IntConst(i8, 1), ir.IntConst(i8, -2)}, Text: "x"}
	sw.Pos = ir.Pos{File: "hand.go", Line: 1, Col: 9}
	b0.SetTerm(sw, rets...)
	return b.done(t)
}

func TestRunSwitch(t *testing.T) {
	f := switchFunc(t)
	i8 := ir.Int{Bits: 8, Signed: true}
	for _, tt := range []struct {
		x     int64
		want  string
		label string
	}{{1, "10", "case 1"}, {-2, "30", "case -2"}, {0, "0", "default"}, {2, "0", "default"}, {-1, "0", "default"}} {
		tr, err := run(f, params(ir.Literal{T: i8, Bits: uint64(tt.x) & 0xff}), 0)
		if err != nil || tr.Panicked {
			t.Fatalf("switch %d: %v %+v", tt.x, err, tr)
		}
		if got := show(tr.Outputs); got != tt.want {
			t.Errorf("switch %d = %s, want %s", tt.x, got, tt.want)
		}
		if len(tr.Edges) != 1 || tr.Edges[0].Label() != tt.label {
			t.Errorf("switch %d took %v, want one edge %q", tt.x, tr.Edges, tt.label)
		}
	}
}

// TestRunHugeMalloc: a replay whose inputs ask malloc for more elements
// than concreteAllocLimit ends with ErrSteps at once (bc's bc_new_num:
// each replay with length+scale near 2^16 spent seconds copying the
// object at every store of its memset); a constant count is allocated.
func TestRunHugeMalloc(t *testing.T) {
	u8 := ir.Int{Bits: 8}
	n := ir.NewParam("n", i64)
	b := newFunc("hand.huge", ir.C, []ir.Type{i64}, n)
	b0 := b.f.NewBlock("entry")
	b0.Emit(ir.NewMalloc(u8, n, false))
	b0.Emit(ir.NewMalloc(u8, c64(100000), false))
	b0.SetTerm(&ir.Return{Results: []ir.Value{n}})
	f := b.done(t)

	// 1000: eight times gen's MaxLen and more. The searches on the
	// replay skip such inputs without counting them as runs past their
	// steps (ErrHugeAlloc).
	for _, n := range []uint64{1 << 20, 1000} {
		tr, err := run(f, params(ir.Literal{T: i64, Bits: n}), 0)
		if !errors.Is(err, symexec.ErrSteps) || !errors.Is(err, symexec.ErrHugeAlloc) {
			t.Errorf("Run(%d) = %+v, %v; want ErrSteps and ErrHugeAlloc", n, tr, err)
		}
	}
	tr, err := run(f, params(ir.Literal{T: i64, Bits: 64}), 0)
	if err != nil || tr.Panicked || show(tr.Outputs) != "64" {
		t.Errorf("Run(64) = %+v, %v; want 64", tr, err)
	}
}

// TestRunAfterFreed: memory the call frees is not part of what it leaves
// behind its pointers (the harness read it after the call: bc's bc_sub,
// whose result and free list aliased, freed the digits it returned).
//
//	void f(u8 **pp) { u8 *p = malloc(2); p[0] = 7; *pp = p; free(p); }
func TestRunAfterFreed(t *testing.T) {
	u8 := ir.Int{Bits: 8}
	pu8 := ir.Pointer{Elem: u8}
	pp := ir.NewParam("pp", ir.Pointer{Elem: pu8})
	b := newFunc("hand.freed", ir.C, nil, pp)
	b0 := b.f.NewBlock("entry")
	p := b0.Emit(ir.NewMalloc(u8, c64(2), false)).(ir.Value)
	b0.Emit(ir.NewStore(p, ir.IntConst(u8, 7)))
	b0.Emit(ir.NewStore(pp, p))
	b0.Emit(ir.NewFree(p))
	b0.SetTerm(&ir.Return{})
	f := b.done(t)

	cell := ir.Literal{T: ir.Array{Elem: pu8, Len: 1}, Elems: []ir.Literal{{T: pu8}}}
	tr, err := run(f, params(ir.Literal{T: ir.Pointer{Elem: pu8}, Ref: &cell}), 0)
	if err != nil || tr.Panicked || len(tr.After) != 1 {
		t.Fatalf("Run = %+v, %v", tr, err)
	}
	got := tr.After[0].Ref // *pp
	if got == nil || got.Ref == nil || len(got.Ref.Elems) != 0 {
		t.Errorf("after the call, pp = %s: want a pointer to a pointer to an object without elements (freed)", show(tr.After))
	}
}
