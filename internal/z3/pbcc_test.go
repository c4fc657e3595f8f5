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

// TestClose: a closed context gives nothing back for its values any
// more (their finalizers would touch freed memory), a second Close does
// nothing, and the values dropped after Close are collected without a
// crash while new contexts are made and closed.
func TestClose(t *testing.T) {
	ctx, s, v := solveOnce(t)
	if v != 42 {
		t.Fatalf("x = %d, want 42", v)
	}
	if s.RlimitCount() == 0 {
		t.Error("RlimitCount is 0 after a check")
	}
	ctx.Close()
	released := false
	ctx.release(func() { released = true })
	if released {
		t.Error("release ran its function on a closed context")
	}
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

	open := NewContext(nil)
	ran := false
	open.release(func() { ran = true })
	if !ran {
		t.Error("release did not run its function on an open context")
	}
}
