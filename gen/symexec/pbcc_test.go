package symexec_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/solve"
	"github.com/pbcc/pbcc/gen/symexec"
	"github.com/pbcc/pbcc/gen/term"
)

func solverInputs(in *symexec.InputModel) []solve.Input {
	var ins []solve.Input
	for _, in := range in.Vars() {
		ins = append(ins, solve.Input{Var: in.Var, Signed: in.Signed})
	}
	return ins
}

// unreachable lists the branch edges of the testdata that no input takes.
var unreachable = map[string]bool{
	"dead.Dead b1->b3": true, // x < 3 inside x > 5
	// Package-level variables hold the values the package gives them
	// (not inputs without -globals): Current is nil, count 0, limit 3.
	"iface.CurrentSides b0->b2": true,
	"iface.CurrentSides b2->b3": true,
	"iface.CurrentSides b2->b4": true,
	"counter.Next b0->b1":       true,
}

// soundnessMaxK lowers the largest bound TestPBCCSoundness tries for the
// functions whose deeper trees take Z3 about a second each (64-bit
// remainders through recursion), to keep the suite fast.
var soundnessMaxK = map[string]int{"recursion.gcd": 1, "recursion.GCD": 1}

// TestPBCCSoundness is the contract between the trees and the replay: for
// every branch edge of every testdata function and every bound k from 0
// to 3, when the PBCC is satisfiable, the inputs of the model take the
// edge when run; with Options.Complete they also return normally. A
// satisfiable PBCC stays satisfiable at larger bounds (the tree only
// grows), an unsatisfiable one without a cut path stays unsatisfiable,
// and every edge but the known dead ones is satisfiable at some bound.
// soundnessMaxNodes bounds each tree TestPBCCSoundness builds, as
// gen.DefaultOptions bounds pbcc's: a larger tree only leaves the edge
// unchecked (a rune loop at k=3 would otherwise take minutes and GBs).
const soundnessMaxNodes = 20000

// soundnessChecks bounds the solver checks TestPBCCSoundness makes for
// one function: a count, not a time, so that the same edges are checked
// on a loaded machine as on an idle one. The string and rune loops of a
// few functions take a quarter of a second a check, and a 6 s budget per
// function made this test two minutes of CPU, the most of make test
// after the end-to-end runs.
const soundnessChecks = 24

func TestPBCCSoundness(t *testing.T) {
	for _, f := range testdata(t) {
		maxK := 3
		if k, ok := soundnessMaxK[f.Name]; ok {
			maxK = k
		}
		t.Run(f.Name, func(t *testing.T) {
			t.Parallel()
			// A time limit keeps a slow 64-bit division query from
			// stalling the suite; an unknown answer only skips checks.
			s := solve.New(2 * time.Second)
			defer s.Close()
			in := inputs(t, f)
			ins := solverInputs(in)
			// The property is checked edge by edge for as long as the
			// budget lasts: formulas over runes and buffers can be slow to
			// decide, and the suite must stay fast.
			checks := 0
			// The goals: f's branch edges and its function literals'.
			goals := f.BranchEdges()
			for _, c := range f.Closures() {
				goals = append(goals, c.BranchEdges()...)
			}
			for n, goal := range goals {
				if checks >= soundnessChecks {
					t.Logf("budget spent: %d of %d edges checked", n, len(goals))
					break
				}
				name := edgeName(goal) + " " + goal.Label()
				for _, complete := range []bool{false, true} {
					sat, decided, unknown := false, false, false
					var prev *symexec.Formula
					for k := 0; k <= maxK; k++ {
						form, err := symexec.PBCC(inputs(t, f), goal, k, symexec.Options{Complete: complete, MaxNodes: soundnessMaxNodes})
						if errors.Is(err, symexec.ErrTooLarge) {
							t.Logf("%s k=%d complete=%v: %v", name, k, complete, err)
							unknown = true
							break
						}
						if err != nil {
							t.Fatalf("%s k=%d complete=%v: %v", name, k, complete, err)
						}
						if prev != nil && !prev.Cut {
							// No path was cut: the larger bound gives the same tree,
							// whose answer is known.
							if !term.Equal(form.F, prev.F) || form.Cut {
								t.Errorf("%s k=%d complete=%v: no path was cut at k=%d, yet the formula changed:\n%s\n%s",
									name, k, complete, k-1, prev.F, form.F)
							}
							continue
						}
						prev = form
						checks++
						st, m, err := s.CheckSmall(form.F, ins)
						if err != nil {
							t.Fatalf("%s k=%d: solver %v %v", name, k, st, err)
						}
						if st == solve.Unknown {
							t.Logf("%s k=%d complete=%v: solver time limit", name, k, complete)
							unknown = true
							break
						}
						if decided && st == solve.Sat {
							t.Errorf("%s k=%d complete=%v: Sat after an Unsat without a cut path", name, k, complete)
						}
						if sat && st != solve.Sat {
							t.Errorf("%s k=%d complete=%v: Unsat after Sat at a smaller bound", name, k, complete)
						}
						if st == solve.Unsat {
							decided = decided || !form.Cut
							continue
						}
						sat = true
						args := in.Literals(m)
						tr, err := run(f, args, 1000000)
						if err != nil {
							t.Fatalf("%s k=%d: replay of %s: %v", name, k, show(args.Params), err)
						}
						if !took(tr.Edges, goal) && guesses(f) {
							// The solver guessed the results of a call it
							// does not model; the replay tells the truth.
							t.Logf("%s k=%d complete=%v: model %s guessed external results", name, k, complete, show(args.Params))
						} else if !took(tr.Edges, goal) {
							t.Errorf("%s k=%d complete=%v: model %s does not take the goal (took %v)", name, k, complete, show(args.Params), tr.Edges)
						}
						if complete && tr.Panicked && !guesses(f) {
							t.Errorf("%s k=%d: complete model %s fails: %s", name, k, show(args.Params), tr.Reason)
						}
					}
					_, panics := goal.To().Term.(*ir.Panic)
					if complete && panics {
						// Every path through the goal panics: no complete path.
						if sat {
							t.Errorf("%s: a complete path through an edge into a panic", name)
						}
						continue
					}
					switch {
					case unknown:
					case !sat && !decided && !unreachable[edgeName(goal)]:
						// Every tree up to maxK was cut: the edge needs more
						// iterations (six digits past 65535).
						t.Logf("%s complete=%v: not reached within k ≤ %d", name, complete, maxK)
					case sat == unreachable[edgeName(goal)]:
						t.Errorf("%s complete=%v: satisfiable at some k ≤ %d: %v", name, complete, maxK, sat)
					}
				}
			}
		})
	}
}

// TestPBCCDead: the edge "x < 3" true inside "x > 5" is unsatisfiable
// at every bound, and no path was cut: unreachable for any bound.
func TestPBCCDead(t *testing.T) {
	f := fn(t, "dead.Dead")
	s := solve.New(0)
	defer s.Close()
	var goal ir.Edge
	for _, e := range f.BranchEdges() {
		if e.Cond() == "x < 3" && e.Label() == "true" {
			goal = e
		}
	}
	if goal.From == nil {
		t.Fatalf("no edge x < 3 true in\n%s", f)
	}
	for k := 0; k <= 3; k++ {
		form, err := symexec.PBCC(inputs(t, f), goal, k, symexec.Options{})
		if err != nil {
			t.Fatal(err)
		}
		st, _, err := s.CheckSmall(form.F, solverInputs(inputs(t, f)))
		if err != nil || st != solve.Unsat || form.Cut {
			t.Errorf("k=%d: %v %v, Cut=%v; want unsat, no cut\nF = %s", k, st, err, form.Cut, form.F)
		}
	}
}

// TestPBCCFormula checks the formulas of a few goals exactly: the
// conjunction of a path's conditions, with the constants folded.
func TestPBCCFormula(t *testing.T) {
	tests := []struct {
		fn, cond, label string
		k               int
		complete        bool
		want            string
		cut             bool
	}{
		{"wrap.Overflows", "x+1 < x", "true", 0, false, "(bvslt (bvadd x (_ bv1 8)) x)", false},
		{"dead.Dead", "x < 3", "false", 0, false, "(and (bvslt (_ bv5 64) x) (not (bvslt x (_ bv3 64))))", false},
		{"dead.Dead", "x < 3", "true", 0, false, "(and (bvslt (_ bv5 64) x) (bvslt x (_ bv3 64)))", false},
		// The exit of the loop at k=0: at once (a <= 0), or after one
		// iteration (a == 1): the jump back to the header does not count
		// against the bound, the second entry of the body would.
		{"loop.Loop", "a > i", "false", 0, false,
			"(or (and (bvslt (_ bv0 64) a) (not (bvslt (_ bv1 64) a))) (not (bvslt (_ bv0 64) a)))", true},
	}
	for _, tt := range tests {
		f := fn(t, tt.fn)
		var goal ir.Edge
		for _, e := range f.BranchEdges() {
			if e.Cond() == tt.cond && e.Label() == tt.label {
				goal = e
			}
		}
		if goal.From == nil {
			t.Fatalf("%s: no edge %q %s", tt.fn, tt.cond, tt.label)
		}
		form, err := symexec.PBCC(inputs(t, f), goal, tt.k, symexec.Options{Complete: tt.complete})
		if err != nil {
			t.Fatalf("%s: %v", tt.fn, err)
		}
		if got := form.F.String(); got != tt.want || form.Cut != tt.cut {
			t.Errorf("%s %q %s k=%d: F = %s, Cut = %v\nwant %s, Cut = %v", tt.fn, tt.cond, tt.label, tt.k, got, form.Cut, tt.want, tt.cut)
		}
	}
}

// TestPBCCRecursionBound: Fact's "n <= 1" false edge is taken before the
// recursive call; ending there needs no recursion, but returning
// normally from it needs one more active Fact, which k=0 forbids.
func TestPBCCRecursionBound(t *testing.T) {
	f := fn(t, "recursion.Fact")
	var goal ir.Edge
	for _, e := range f.BranchEdges() {
		if e.Cond() == "n <= 1" && e.Label() == "false" {
			goal = e
		}
	}
	s := solve.New(0)
	defer s.Close()
	tests := []struct {
		k        int
		complete bool
		want     solve.Status
		cut      bool
	}{
		{0, false, solve.Sat, false},
		{0, true, solve.Unsat, true},
		{1, true, solve.Sat, true},
	}
	for _, tt := range tests {
		form, err := symexec.PBCC(inputs(t, f), goal, tt.k, symexec.Options{Complete: tt.complete})
		if err != nil {
			t.Fatal(err)
		}
		st, m, err := s.CheckSmall(form.F, solverInputs(inputs(t, f)))
		if err != nil || st != tt.want || form.Cut != tt.cut {
			t.Errorf("k=%d complete=%v: %v %v Cut=%v, want %v Cut=%v", tt.k, tt.complete, st, err, form.Cut, tt.want, tt.cut)
		}
		if st == solve.Sat && tt.complete {
			if n := int64(m["n"]); n != 2 {
				t.Errorf("k=%d: n = %d, want 2 (one recursive call, the smallest such input)", tt.k, n)
			}
		}
	}
}

// nestedLoops builds
//
//	func(n i64) i64 {
//		for i := 0; i < n; i++ {
//			for j := 0; j < n; j++ {
//				if i == 2 && j == 2 { return 1 }
//			}
//		}
//		return 0
//	}
//
// and returns it with the edge into "return 1".
func nestedLoops(t *testing.T) (*ir.Func, ir.Edge) {
	n := ir.NewParam("n", i64)
	b := newFunc("hand.nested", ir.Go, []ir.Type{i64}, n)
	f := b.f
	entry := f.NewBlock("entry")
	outer := f.NewBlock("outer.loop")
	outerBody := f.NewBlock("outer.body")
	inner := f.NewBlock("inner.loop")
	body := f.NewBlock("inner.body")
	innerNext := f.NewBlock("inner.next")
	outerNext := f.NewBlock("outer.next")
	done := f.NewBlock("done")
	found := f.NewBlock("found")

	entry.SetTerm(&ir.Jump{}, outer)
	i := outer.Emit(ir.NewPhi(i64, []ir.Value{c64(0), nil})).(*ir.Phi)
	ci := outer.Emit(ir.NewBinOp(ir.Lt, i, n)).(ir.Value)
	outer.SetTerm(b.cond(ci, "i < n"), outerBody, done)
	outerBody.SetTerm(&ir.Jump{}, inner)
	j := inner.Emit(ir.NewPhi(i64, []ir.Value{c64(0), nil})).(*ir.Phi)
	cj := inner.Emit(ir.NewBinOp(ir.Lt, j, n)).(ir.Value)
	inner.SetTerm(b.cond(cj, "j < n"), body, outerNext)
	i2 := body.Emit(ir.NewBinOp(ir.Eq, i, c64(2))).(ir.Value)
	j2 := body.Emit(ir.NewBinOp(ir.Eq, j, c64(2))).(ir.Value)
	both := body.Emit(ir.NewBinOp(ir.And, i2, j2)).(ir.Value)
	body.SetTerm(b.cond(both, "i == 2 && j == 2"), found, innerNext)
	j.Edges[1] = innerNext.Emit(ir.NewBinOp(ir.Add, j, c64(1))).(ir.Value)
	innerNext.SetTerm(&ir.Jump{}, inner)
	i.Edges[1] = outerNext.Emit(ir.NewBinOp(ir.Add, i, c64(1))).(ir.Value)
	outerNext.SetTerm(&ir.Jump{}, outer)
	done.SetTerm(&ir.Return{Results: []ir.Value{c64(0)}})
	found.SetTerm(&ir.Return{Results: []ir.Value{c64(1)}})
	return b.done(t), ir.Edge{From: body, Index: 0}
}

// TestPBCCLoopBoundPerEntry: the goal needs three iterations of the outer
// loop and, in the third, three of the inner one. The bound counts the
// iterations of each loop per entry, so k=2 reaches it (9 visits of the
// inner body in all), k=1 does not and says a path was cut.
func TestPBCCLoopBoundPerEntry(t *testing.T) {
	f, goal := nestedLoops(t)
	s := solve.New(0)
	defer s.Close()
	for _, tt := range []struct {
		k        int
		complete bool
		want     solve.Status
	}{{1, false, solve.Unsat}, {1, true, solve.Unsat}, {2, false, solve.Sat}, {2, true, solve.Sat}, {3, true, solve.Sat}} {
		form, err := symexec.PBCC(inputs(t, f), goal, tt.k, symexec.Options{Complete: tt.complete})
		if err != nil {
			t.Fatal(err)
		}
		st, m, err := s.CheckSmall(form.F, solverInputs(inputs(t, f)))
		if err != nil || st != tt.want {
			t.Errorf("k=%d complete=%v: %v %v, want %v", tt.k, tt.complete, st, err, tt.want)
			continue
		}
		if st == solve.Unsat && !form.Cut {
			t.Errorf("k=%d: unsat without a cut path: the goal would be declared unreachable", tt.k)
		}
		if st != solve.Sat {
			continue
		}
		tr, err := run(f, inputs(t, f).Literals(m), 0)
		if err != nil || tr.Panicked || show(tr.Outputs) != "1" || !took(tr.Edges, goal) {
			t.Errorf("k=%d: n=%d runs to %+v, %v; want 1 through the goal", tt.k, int64(m["n"]), tr, err)
		}
	}
}

// diamonds builds a chain of n if-then-else on the bits of x, ending in
// a branch on x == 0: 2^n paths lead to the last branch.
func diamonds(t *testing.T, n int) (*ir.Func, ir.Edge) {
	x := ir.NewParam("x", i64)
	b := newFunc("hand.diamonds", ir.Go, []ir.Type{i64}, x)
	f := b.f
	cur := f.NewBlock("entry")
	for i := 0; i < n; i++ {
		then, els, join := f.NewBlock("then"), f.NewBlock("else"), f.NewBlock("join")
		bit := cur.Emit(ir.NewBinOp(ir.And, x, c64(1<<i))).(ir.Value)
		c := cur.Emit(ir.NewBinOp(ir.Ne, bit, c64(0))).(ir.Value)
		cur.SetTerm(b.cond(c, fmt.Sprintf("x&%d != 0", 1<<i)), then, els)
		then.SetTerm(&ir.Jump{}, join)
		els.SetTerm(&ir.Jump{}, join)
		cur = join
	}
	yes, no := f.NewBlock("yes"), f.NewBlock("no")
	c := cur.Emit(ir.NewBinOp(ir.Eq, x, c64(-1))).(ir.Value)
	cur.SetTerm(b.cond(c, "x == -1"), yes, no)
	yes.SetTerm(&ir.Return{Results: []ir.Value{c64(1)}})
	no.SetTerm(&ir.Return{Results: []ir.Value{c64(0)}})
	return b.done(t), ir.Edge{From: cur, Index: 0}
}

// TestPBCCMaxNodes: a tree that outgrows Options.MaxNodes gives
// ErrTooLarge; the same tree without the bound is built, and is right.
func TestPBCCMaxNodes(t *testing.T) {
	f, goal := diamonds(t, 8)
	_, err := symexec.PBCC(inputs(t, f), goal, 0, symexec.Options{MaxNodes: 100})
	if !errors.Is(err, symexec.ErrTooLarge) {
		t.Errorf("8 diamonds with MaxNodes 100: err = %v, want ErrTooLarge", err)
	}
	form, err := symexec.PBCC(inputs(t, f), goal, 0, symexec.Options{})
	if err != nil {
		t.Fatalf("without MaxNodes: %v", err)
	}
	if form.Nodes <= 100 {
		t.Errorf("Nodes = %d, want more than the 100 that MaxNodes allowed", form.Nodes)
	}
	s := solve.New(0)
	defer s.Close()
	st, m, err := s.CheckSmall(form.F, solverInputs(inputs(t, f)))
	if err != nil || st != solve.Sat || int64(m["x"]) != -1 {
		t.Errorf("8 diamonds: %v %v x=%d, want sat with x = -1", st, err, int64(m["x"]))
	}

	// Nested loops at k=3: too many paths for a small budget.
	nf, ngoal := nestedLoops(t)
	if _, err := symexec.PBCC(inputs(t, nf), ngoal, 3, symexec.Options{MaxNodes: 50}); !errors.Is(err, symexec.ErrTooLarge) {
		t.Errorf("nested loops with MaxNodes 50: err = %v, want ErrTooLarge", err)
	}
}

// TestPBCCMaxMerged: a tree whose loads through pointers of several
// targets merge more targets than Options.MaxMerged gives ErrTooLarge,
// as one of too many blocks does (schedule's finish_all_processes: 17
// million targets merged in 20,000 blocks, 12 s), and the same tree
// within the bound is built; FaultPBCC is bounded the same way.
func TestPBCCMaxMerged(t *testing.T) {
	f := fn(t, "list.Len")
	form, err := symexec.FaultPBCC(inputs(t, f), 3, nil, symexec.Options{})
	if err != nil {
		t.Fatalf("list.Len, k=3: %v", err)
	}
	if form.Merged == 0 {
		t.Fatalf("list.Len, k=3: no pointer target merged (Nodes %d)", form.Nodes)
	}
	opts := symexec.Options{MaxNodes: form.Nodes + 1, MaxMerged: form.Merged - 1}
	if _, err := symexec.FaultPBCC(inputs(t, f), 3, nil, opts); !errors.Is(err, symexec.ErrTooLarge) {
		t.Errorf("FaultPBCC with MaxMerged %d of %d merged: err = %v, want ErrTooLarge", opts.MaxMerged, form.Merged, err)
	}
	opts.MaxMerged = form.Merged
	if _, err := symexec.FaultPBCC(inputs(t, f), 3, nil, opts); err != nil {
		t.Errorf("FaultPBCC with MaxMerged %d of %d merged: %v", opts.MaxMerged, form.Merged, err)
	}
	for _, blk := range f.Blocks {
		if len(blk.Succs) != 2 {
			continue
		}
		// The loop's exit: reached after the loads of every cell.
		goal := ir.Edge{From: blk, Index: 1}
		form, err := symexec.PBCC(inputs(t, f), goal, 3, symexec.Options{})
		if err != nil || form.Merged == 0 {
			t.Fatalf("list.Len, k=3, goal %v: merged %d, err %v; want some merged", goal, form.Merged, err)
		}
		small := symexec.Options{MaxNodes: form.Nodes + 1, MaxMerged: form.Merged - 1}
		if _, err := symexec.PBCC(inputs(t, f), goal, 3, small); !errors.Is(err, symexec.ErrTooLarge) {
			t.Errorf("PBCC with MaxMerged %d of %d merged: err = %v, want ErrTooLarge", small.MaxMerged, form.Merged, err)
		}
	}
}

// TestInputsAndLiterals: one variable per scalar, arrays element by
// element, and Literals reads a model back (absent variables are 0,
// values are cut to the type's width).
func TestInputsAndLiterals(t *testing.T) {
	tests := []struct {
		fn     string
		inputs string
		model  solve.Model
		lits   string
	}{
		{"trityp.Trityp", "a:64s b:64s c:64s", solve.Model{"a": 3, "c": ^uint64(0)}, "3 0 -1"},
		{"wrap.Overflows", "x:8s", solve.Model{"x": 0x17f}, "127"},
		{"bittrick.HasBit", "x:64u k:8u", solve.Model{"x": ^uint64(0), "k": 0x1ff}, "18446744073709551615 255"},
		{"pathcrawler.F", "A[0]:64s A[1]:64s e:64s x:64s", solve.Model{"A[1]": 5, "x": 2}, "{0, 5} 0 2"},
		{"array.IsDiagonal", "m[0][0]:8s m[0][1]:8s m[0][2]:8s m[1][0]:8s m[1][1]:8s m[1][2]:8s m[2][0]:8s m[2][1]:8s m[2][2]:8s",
			solve.Model{"m[1][2]": 0xff}, "{{0, 0, 0}, {0, 0, -1}, {0, 0, 0}}"},
		{"dead.Celsius.State", "c:16s", solve.Model{"c": 0xfeef}, "-273"},
	}
	for _, tt := range tests {
		f := fn(t, tt.fn)
		var got []string
		for _, in := range inputs(t, f).Vars() {
			sign := "u"
			if in.Signed {
				sign = "s"
			}
			got = append(got, fmt.Sprintf("%s:%d%s", in.Var.Name, in.Var.Bits, sign))
		}
		if g := fmt.Sprint(got); g != "["+tt.inputs+"]" {
			t.Errorf("Inputs(%s) = %s, want [%s]", tt.fn, g, tt.inputs)
		}
		if g := show(inputs(t, f).Literals(tt.model).Params); g != tt.lits {
			t.Errorf("Literals(%s, %v) = %s, want %s", tt.fn, tt.model, g, tt.lits)
		}
	}
	// The formulas speak of the inputs' variables and of no other.
	f := fn(t, "pathcrawler.F")
	names := map[string]bool{}
	for _, in := range inputs(t, f).Vars() {
		names[in.Var.Name] = true
	}
	for _, goal := range f.BranchEdges() {
		form, err := symexec.PBCC(inputs(t, f), goal, 1, symexec.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range term.Vars(form.F) {
			if !names[v.Name] {
				t.Errorf("PBCC of %s mentions %s, which is no input", edgeName(goal), v.Name)
			}
		}
	}
}

// TestParamNames: blank and repeated parameter names get positional
// variables, so that two parameters never share one.
func TestParamNames(t *testing.T) {
	p0, p1, p2 := ir.NewParam("_", i64), ir.NewParam("x", i64), ir.NewParam("x", i64)
	b := newFunc("hand.names", ir.Go, []ir.Type{i64}, p0, p1, p2)
	b0 := b.f.NewBlock("entry")
	sum := b0.Emit(ir.NewBinOp(ir.Sub, p1, p2)).(ir.Value)
	b0.SetTerm(&ir.Return{Results: []ir.Value{sum}})
	f := b.done(t)
	var got []string
	for _, in := range inputs(t, f).Vars() {
		got = append(got, in.Var.Name)
	}
	if fmt.Sprint(got) != "[arg0 x arg2]" {
		t.Errorf("Inputs = %v, want [arg0 x arg2]", got)
	}
	if g := show(inputs(t, f).Literals(solve.Model{"arg0": 1, "x": 7, "arg2": 3}).Params); g != "1 7 3" {
		t.Errorf("Literals = %s, want 1 7 3", g)
	}
}

// TestPBCCCompleteKeepsStates: with Options.Complete, taking the goal
// inside a loop must not leak into the other side of an earlier branch.
//
//	func(x, n i64) i64 { if x > 0 { for i := 0; i < n; i++ {} }; return 0 }
//
// The goal is the loop's "i < n" true edge: every input that takes it has
// x > 0. (The walk once reused the state of the branch's first side,
// already past the goal, for its second side, which then counted as
// having taken the goal: x <= 0 satisfied the formula.)
func TestPBCCCompleteKeepsStates(t *testing.T) {
	x, n := ir.NewParam("x", i64), ir.NewParam("n", i64)
	b := newFunc("hand.leak", ir.Go, []ir.Type{i64}, x, n)
	f := b.f
	entry, head, body, done := f.NewBlock("entry"), f.NewBlock("loop"), f.NewBlock("body"), f.NewBlock("done")
	cx := entry.Emit(ir.NewBinOp(ir.Gt, x, c64(0))).(ir.Value)
	entry.SetTerm(b.cond(cx, "x > 0"), head, done)
	i := head.Emit(ir.NewPhi(i64, []ir.Value{c64(0), nil})).(*ir.Phi)
	ci := head.Emit(ir.NewBinOp(ir.Lt, i, n)).(ir.Value)
	head.SetTerm(b.cond(ci, "i < n"), body, done)
	i.Edges[1] = body.Emit(ir.NewBinOp(ir.Add, i, c64(1))).(ir.Value)
	body.SetTerm(&ir.Jump{}, head)
	done.SetTerm(&ir.Return{Results: []ir.Value{c64(0)}})
	f = b.done(t)
	goal := ir.Edge{From: head, Index: 0}

	s := solve.New(0)
	defer s.Close()
	in := inputs(t, f)
	for k := 0; k <= 2; k++ {
		form, err := symexec.PBCC(in, goal, k, symexec.Options{Complete: true})
		if err != nil {
			t.Fatal(err)
		}
		st, m, err := s.Check(term.And(form.F, term.SLE(term.Var("x", 64), term.BV(0, 64))), nil)
		if err != nil || st != solve.Unsat {
			t.Errorf("k=%d: F ∧ x <= 0 is %v (%v), want unsat; model %v\nF = %s", k, st, err, m, form.F)
		}
	}
}

// TestPBCCStopsOnMeter: a tree charges its meter as it grows and stops
// (ErrStopped) once the meter is spent, or its Done closed, rather than
// at its end: go-version's Compare built trees of expensive blocks for
// 35 s past its search's budget. The same tree on a meter with room is
// built whole, and the meter counts its blocks.
func TestPBCCStopsOnMeter(t *testing.T) {
	f, goal := diamonds(t, 10) // 2^10 paths: a few thousand blocks
	full := &symexec.Meter{}
	form, err := symexec.PBCC(inputs(t, f), goal, 0, symexec.Options{Meter: full})
	if err != nil {
		t.Fatalf("on an unbounded meter: %v", err)
	}
	if full.Count() != int64(form.Nodes) || form.Nodes < 1000 {
		t.Fatalf("meter counted %d of the tree's %d blocks, want all, over 1000", full.Count(), form.Nodes)
	}
	spent := 0
	mt := &symexec.Meter{Limit: 200, Spent: func() { spent++ }}
	if _, err := symexec.PBCC(inputs(t, f), goal, 0, symexec.Options{Meter: mt}); !errors.Is(err, symexec.ErrStopped) {
		t.Errorf("meter of 200 blocks: err = %v, want ErrStopped", err)
	}
	if spent != 1 || mt.Count() < 200 || mt.Count() > 400 {
		t.Errorf("meter of 200 blocks: spent %d times after %d blocks, want once, soon after 200", spent, mt.Count())
	}
	done := make(chan struct{})
	close(done)
	closed := &symexec.Meter{Done: done}
	if _, err := symexec.PBCC(inputs(t, f), goal, 0, symexec.Options{Meter: closed}); !errors.Is(err, symexec.ErrStopped) {
		t.Errorf("Done closed: err = %v, want ErrStopped", err)
	}
	if closed.Count() > 200 {
		t.Errorf("Done closed: the trees went on for %d blocks", closed.Count())
	}
}
