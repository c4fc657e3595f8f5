package z3

import (
	"runtime"
	"testing"
)

// solveOnce makes a context, a solver, terms and a model in it, and
// returns the context, the solver and the value x has in the model.
func solveOnce(t *testing.T) (*Context, *Solver, int64) {
	t.Helper()
	ctx := NewContext(nil)
	s := NewSolver(ctx)
	s.NoCtrlC()
	x := ctx.Const("x", ctx.IntSort()).(Int)
	s.Assert(x.GT(ctx.FromInt(41, ctx.IntSort()).(Int)))
	s.Assert(x.LT(ctx.FromInt(43, ctx.IntSort()).(Int)))
	sat, err := s.Check()
	if err != nil || !sat {
		t.Fatalf("Check: %v, %v; want sat", sat, err)
	}
	v, isLit, ok := s.Model().Eval(x, true).(Int).AsInt64()
	if !isLit || !ok {
		t.Fatal("x has no int64 value in the model")
	}
	return ctx, s, v
}

// TestClose: a second Close does nothing, the values dropped after Close
// are collected without a crash while new contexts are made and closed,
// and so are contexts dropped without Close.
func TestClose(t *testing.T) {
	ctx, s, v := solveOnce(t)
	if v != 42 {
		t.Fatalf("x = %d, want 42", v)
	}
	if s.RlimitCount() == 0 {
		t.Error("RlimitCount is 0 after a check")
	}
	ctx.Close()
	ctx.Close()
	s = nil
	for range 20 {
		c, _, v := solveOnce(t)
		if v != 42 {
			t.Fatalf("x = %d, want 42", v)
		}
		c.Close()
		runtime.GC()
	}
	runtime.GC()
	runtime.GC()
	for range 5 {
		solveOnce(t) // dropped: the context's finalizer deletes it
		runtime.GC()
		runtime.GC()
	}
}

// TestCloseGivesBack: the references the context's live values hold are
// known to it, and Close gives them all back before it deletes it.
func TestCloseGivesBack(t *testing.T) {
	ctx, s, _ := solveOnce(t)
	kinds := map[refKind]int{}
	ctx.do(func() {
		for _, r := range ctx.live.refs {
			kinds[r.kind]++
		}
	})
	if kinds[refSolver] != 1 || kinds[refAST] == 0 {
		t.Errorf("live references by kind: %v, want a solver and terms", kinds)
	}
	ctx.Close()
	if ctx.live.refs != nil {
		t.Errorf("%d references left after Close", len(ctx.live.refs))
	}
	runtime.KeepAlive(s)
}

// deepChain asserts x(n) = 7 where x(i+1) = x(i)·3 + 1 for n steps, held by
// the returned values, and checks it: a deep term as a loop unrolled
// by the search makes.
func deepChain(b *testing.B, n int) (*Context, []Value) {
	ctx := NewContext(nil)
	s := NewSolver(ctx)
	s.NoCtrlC()
	bv := ctx.BVSort(32)
	v := ctx.Const("x", bv).(BV)
	held := []Value{v}
	three, one := ctx.FromInt(3, bv).(BV), ctx.FromInt(1, bv).(BV)
	for range n {
		v = v.Mul(three).Add(one)
		held = append(held, v)
	}
	s.Assert(v.Eq(ctx.FromInt(7, bv).(BV)))
	if _, err := s.Check(); err != nil {
		b.Fatal(err)
	}
	return ctx, append(held, s.Model().Eval(v, true))
}

// BenchmarkCloseDeep: Close of a context whose deep terms are still
// held (the cost the reference count saves over Z3's own deletion of
// what is left).
func BenchmarkCloseDeep(b *testing.B) {
	for b.Loop() {
		b.StopTimer()
		ctx, held := deepChain(b, 3000)
		b.StartTimer()
		ctx.Close()
		runtime.KeepAlive(held)
	}
}
