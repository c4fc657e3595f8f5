package gen

import (
	"context"
	"testing"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/solve"
	"github.com/pbcc/pbcc/gen/symexec"
	"github.com/pbcc/pbcc/ssaexec"
)

// stdcallsFunc returns the IR of testdata function stdcalls.<name>.
func stdcallsFunc(t *testing.T, name string) *ir.Func {
	t.Helper()
	pkgs, err := ssaexec.Load("..", "./testdata/go/stdcalls")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		for _, f := range p.Funcs {
			if f.IR.Name == "stdcalls."+name {
				return f.IR
			}
		}
	}
	t.Fatalf("no function stdcalls.%s", name)
	return nil
}

// newGeneration sets up the search of f as Generate does.
func newGeneration(t *testing.T, f *ir.Func, s *solve.Solver) *generation {
	t.Helper()
	g := &generation{r: &Result{Func: f, K: DefaultOptions.K}, f: f, s: s, opts: DefaultOptions, status: map[ir.Edge]*EdgeStatus{}}
	in, err := symexec.NewInputs(f, g.opts.Bounds)
	if err != nil {
		t.Fatal(err)
	}
	g.in = in
	for _, v := range in.Vars() {
		g.inputs = append(g.inputs, solve.Input{Var: v.Var, Signed: v.Signed, Kind: solve.Kind(v.Kind)})
	}
	for _, e := range f.BranchEdges() {
		g.r.Edges = append(g.r.Edges, EdgeStatus{Edge: e})
	}
	for i := range g.r.Edges {
		g.status[g.r.Edges[i].Edge] = &g.r.Edges[i]
	}
	return g
}

// TestReachLearnsExternResults: in Fits(n, width), the edge
// len(strconv.Itoa(n)) > width false needs the real length of Itoa(n),
// which the executor does not model. The first solution guesses it and
// fails on replay; the replay's call becomes a fact, and the goal is
// solved again at the same bound, this time for good, without sampling.
func TestReachLearnsExternResults(t *testing.T) {
	f := stdcallsFunc(t, "Fits")
	s := solve.New(0)
	defer s.Close()
	g := newGeneration(t, f, s)
	g.opts.K = 1 // reach samples concrete inputs from k = 2 on: not here
	var goal ir.Edge
	for _, e := range f.BranchEdges() {
		if e.Cond() == "len(s) > width" && e.Label() == "false" {
			goal = e
		}
	}
	if goal.From == nil {
		t.Fatalf("no edge len(s) > width false in\n%s", f)
	}
	if err := g.reach(context.Background(), goal); err != nil {
		t.Fatal(err)
	}
	if st := g.status[goal]; st.Outcome != Covered {
		t.Fatalf("outcome %s (%s), want covered", st.Outcome, st.Detail)
	}
	// The first solution guessed Itoa's result and failed on replay (a
	// fact), the next one took the goal (another fact).
	if len(g.facts.list) < 2 {
		t.Errorf("%d facts learnt, want the refuted guess's and the solution's", len(g.facts.list))
	}
	for _, fc := range g.facts.list {
		if fc.Func != "strconv.Itoa" {
			t.Errorf("fact about %s", fc.Func)
		}
	}
	c := g.r.Cases[len(g.r.Cases)-1]
	t.Logf("case %s: n=%s width=%s after %d facts", c.Name, c.Inputs[0], c.Inputs[1], len(g.facts.list))
	if len(c.Outputs) != 1 || c.Outputs[0].Bits != 1 {
		t.Errorf("case %s returns %v, want true", c.Name, c.Outputs)
	}
}

// TestExternCallsListed: the summary of a function names the calls not
// modelled exactly, in source order, and not the exact ones.
func TestExternCallsListed(t *testing.T) {
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"SplitPair", nil},
		{"Ident", []string{"unicode.IsLetter partial", "unicode.IsDigit partial"}},
		{"Width", []string{"strconv.Itoa "}},
		{"Port", []string{"strconv.Atoi partial"}},
	} {
		var got []string
		for _, c := range externCalls(stdcallsFunc(t, tc.name)) {
			if !c.Pos.IsValid() {
				t.Errorf("%s: call of %s without a position", tc.name, c.Func)
			}
			got = append(got, c.Func+" "+c.Model)
		}
		if len(got) != len(tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
			}
		}
	}
}
