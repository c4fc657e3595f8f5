package symexec_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/symexec"
)

// spinIfAbove3 builds
//
//	func spin(x i64) i64 { if x > 3 { for {} }; return x }
//
// whose loop has no branch: a Jump to itself.
func spinIfAbove3(t *testing.T) (*ir.Func, *ir.Block) {
	x := ir.NewParam("x", i64)
	b := newFunc("hand.spin", ir.Go, []ir.Type{i64}, x)
	entry, loop, ret := b.f.NewBlock("entry"), b.f.NewBlock("for.body"), b.f.NewBlock("if.done")
	above := entry.Emit(ir.NewBinOp(ir.Gt, x, c64(3))).(ir.Value)
	entry.SetTerm(b.cond(above, "x > 3"), loop, ret)
	loop.SetTerm(&ir.Jump{}, loop)
	ret.SetTerm(&ir.Return{Results: []ir.Value{x}})
	return b.done(t), entry
}

// TestLoopWithoutExit: neither the replay nor the tree walk runs a loop
// without a branch forever (issue 9: "if x > 3 { for {} }" ran 606 s in
// the tree walk). The replay stops with ErrSteps whatever its step budget;
// the tree cuts the path into the loop and still reaches the other edge.
func TestLoopWithoutExit(t *testing.T) {
	f, entry := spinIfAbove3(t)
	start := time.Now()
	for _, budget := range []int{0, 1_000_000} {
		if _, err := symexec.Run(f, args(t, f, 5), budget); !errors.Is(err, symexec.ErrSteps) || !errors.Is(err, symexec.ErrNoExit) {
			t.Errorf("Run(spin, 5) with step budget %d: err = %v, want ErrSteps and ErrNoExit", budget, err)
		}
	}
	if tr, err := symexec.Run(f, args(t, f, 2), 0); err != nil || len(tr.Outputs) != 1 || tr.Outputs[0].String() != "2" {
		t.Errorf("Run(spin, 2) = %v, %v; want 2", tr, err)
	}
	in := inputs(t, f)
	for _, complete := range []bool{false, true} {
		for _, goal := range []ir.Edge{{From: entry, Index: 0}, {From: entry, Index: 1}} {
			form, err := symexec.PBCC(in, goal, 2, symexec.Options{MaxNodes: 20000, Complete: complete})
			if err != nil {
				t.Errorf("PBCC(%s, complete %v): %v", goal.Label(), complete, err)
				continue
			}
			// A complete path through the loop does not exist: the
			// tree is cut there, which proves nothing.
			if complete && goal.Index == 0 && (!form.F.IsFalse() || !form.Cut) {
				t.Errorf("PBCC(x > 3 true, complete) = %s, cut %v; want false, cut", form.F, form.Cut)
			}
			if goal.Index == 1 && form.F.IsFalse() {
				t.Errorf("PBCC(x > 3 false, complete %v) is false", complete)
			}
		}
	}
	if took := time.Since(start); took > 20*time.Second {
		t.Errorf("took %v", took)
	}
}

// TestHugeArray: an array larger than the model holds (go/ssa's
// make([]byte, 557056), which go-runewidth's CreateLUT fills in a loop:
// each store copied the array, and the search ran past its budget) is
// unsupported at once, so that the function is searched on the real
// code.
func TestHugeArray(t *testing.T) {
	x := ir.NewParam("x", i64)
	b := newFunc("hand.lut", ir.Go, []ir.Type{i64}, x)
	entry, big, ret := b.f.NewBlock("entry"), b.f.NewBlock("make"), b.f.NewBlock("done")
	above := entry.Emit(ir.NewBinOp(ir.Gt, x, c64(3))).(ir.Value)
	entry.SetTerm(b.cond(above, "x > 3"), big, ret)
	big.Emit(ir.NewAlloc(ir.Array{Elem: i64, Len: 557056}))
	big.SetTerm(&ir.Return{Results: []ir.Value{c64(1)}})
	ret.SetTerm(&ir.Return{Results: []ir.Value{c64(0)}})
	f := b.done(t)
	if _, err := symexec.Run(f, args(t, f, 5), 0); err == nil || !strings.Contains(err.Error(), "an array of 557056 elements") {
		t.Errorf("Run(lut, 5): err = %v, want unsupported array", err)
	}
	if tr, err := symexec.Run(f, args(t, f, 2), 0); err != nil || len(tr.Outputs) != 1 || tr.Outputs[0].String() != "0" {
		t.Errorf("Run(lut, 2) = %v, %v; want 0", tr, err)
	}
}
