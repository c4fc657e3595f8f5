package symexec_test

import (
	"testing"
	"time"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/solve"
	"github.com/pbcc/pbcc/gen/symexec"
)

// TestPBCCPartial: a tree too large for MaxNodes is, with Partial, cut
// to its first paths, depth first, rather than refused; the first path of
// 8 diamonds (every bit set) reaches x == -1, and the model takes it.
func TestPBCCPartial(t *testing.T) {
	f, goal := diamonds(t, 8)
	in := inputs(t, f)
	form, err := symexec.PBCC(in, goal, 0, symexec.Options{MaxNodes: 100, Partial: true})
	if err != nil {
		t.Fatalf("Partial: %v", err)
	}
	if !form.Partial || form.Nodes > 110 {
		t.Errorf("Partial = %v, Nodes = %d; want a partial tree of about 100 blocks", form.Partial, form.Nodes)
	}
	s := solve.New(0)
	defer s.Close()
	st, m, err := s.CheckSmall(form.F, solverInputs(in))
	if err != nil || st != solve.Sat || int64(m["x"]) != -1 {
		t.Fatalf("%v %v x=%d, want sat with x = -1", st, err, int64(m["x"]))
	}
	full, err := symexec.PBCC(in, goal, 0, symexec.Options{})
	if err != nil || full.Partial {
		t.Errorf("the whole tree: Partial = %v, err = %v", full.Partial, err)
	}
}

// TestGuidedPBCCDiamonds: along the run of x = 0 (every else branch),
// the first diamond's then edge is one flip away; x == -1 is not (the
// run fixed the low bits to 0) unless paths may depart from the run.
func TestGuidedPBCCDiamonds(t *testing.T) {
	f, last := diamonds(t, 8)
	in := inputs(t, f)
	tr, err := run(f, in.Literals(nil), 0)
	if err != nil {
		t.Fatal(err)
	}
	paths := [][]ir.Edge{tr.Edges}
	first := ir.Edge{From: f.Blocks[0], Index: 0}
	s := solve.New(0)
	defer s.Close()
	tests := []struct {
		goal    ir.Edge
		depart  int
		wantSat bool
	}{
		{first, 0, true},
		{last, 0, false},
		{last, 1000, true},
	}
	for _, tt := range tests {
		form, err := symexec.GuidedPBCC(in, tt.goal, paths, 0, tt.depart, symexec.Options{})
		if err != nil {
			t.Fatalf("%s depart=%d: %v", tt.goal, tt.depart, err)
		}
		st, m, err := s.CheckSmall(form.F, solverInputs(in))
		if err != nil || (st == solve.Sat) != tt.wantSat {
			t.Errorf("%s depart=%d: %v %v, want sat %v", tt.goal, tt.depart, st, err, tt.wantSat)
			continue
		}
		if st != solve.Sat {
			continue
		}
		args := in.Literals(m)
		got, err := run(f, args, 0)
		if err != nil || !took(got.Edges, tt.goal) {
			t.Errorf("%s depart=%d: model %s does not take the goal (%v)", tt.goal, tt.depart, show(args.Params), err)
		}
	}
}

// TestGuidedPBCCSoundness: for every branch edge of the testdata, the
// guided tree along the run of the zero inputs, with and without
// departures, gives only models whose replay takes the edge, and without
// departures it is false for an edge whose block the run never leaves
// (unless the run failed a check: the tree follows the path on which the
// check passes).
func TestGuidedPBCCSoundness(t *testing.T) {
	for _, f := range testdata(t) {
		if len(f.BranchEdges()) == 0 {
			continue
		}
		t.Run(f.Name, func(t *testing.T) {
			t.Parallel()
			s := solve.New(2 * time.Second)
			defer s.Close()
			in := inputs(t, f)
			tr, err := run(f, in.Literals(nil), 1000000)
			if err != nil {
				t.Fatalf("run on zero inputs: %v", err)
			}
			paths := [][]ir.Edge{tr.Edges}
			deadline := time.Now().Add(3 * time.Second)
			for _, goal := range f.BranchEdges() {
				if time.Now().After(deadline) {
					break
				}
				for _, depart := range []int{0, 200} {
					form, err := symexec.GuidedPBCC(in, goal, paths, 1, depart, symexec.Options{MaxNodes: 20000})
					if err != nil {
						t.Fatalf("%s depart=%d: %v", edgeName(goal), depart, err)
					}
					if depart == 0 && !tr.Panicked && !onPath(tr.Edges, goal.From) && !form.F.IsFalse() {
						t.Errorf("%s: a guided tree off the run's blocks is not false: %s", edgeName(goal), form.F)
					}
					st, m, err := s.CheckSmall(form.F, solverInputs(in))
					if err != nil || st != solve.Sat {
						continue
					}
					args := in.Literals(m)
					got, err := run(f, args, 1000000)
					if err != nil {
						t.Fatalf("%s depart=%d: replay of %s: %v", edgeName(goal), depart, show(args.Params), err)
					}
					if !took(got.Edges, goal) && guesses(f) {
						// The solver guessed the results of a call it has
						// no model of; the driver learns them (gen).
						t.Logf("%s depart=%d: model %s guessed external results", edgeName(goal), depart, show(args.Params))
						continue
					}
					if !took(got.Edges, goal) {
						t.Errorf("%s depart=%d: model %s does not take the goal (took %v)", edgeName(goal), depart, show(args.Params), got.Edges)
					}
				}
			}
		})
	}
}

// onPath reports whether one of edges leaves b.
func onPath(edges []ir.Edge, b *ir.Block) bool {
	for _, e := range edges {
		if e.From == b {
			return true
		}
	}
	return false
}
