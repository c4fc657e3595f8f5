package gen

import (
	"context"
	"path/filepath"
	"sync"
	"testing"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/solve"
	"github.com/pbcc/pbcc/gen/symexec"
	"github.com/pbcc/pbcc/internal/goroot"
	"github.com/pbcc/pbcc/ssaexec"
)

var (
	stdcallsOnce sync.Once
	stdcalls     []*ssaexec.Package
	stdcallsErr  error
)

// stdcallsFunc returns the IR of testdata function stdcalls.<name>.
func stdcallsFunc(t *testing.T, name string) *ir.Func {
	t.Helper()
	stdcallsOnce.Do(func() { stdcalls, stdcallsErr = ssaexec.Load("..", "./testdata/go/stdcalls") })
	if stdcallsErr != nil {
		t.Fatal(stdcallsErr)
	}
	for _, p := range stdcalls {
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
	g.inputs = solverInputs(in, f.Lang)
	g.spaces = []inputSpace{{in: in, vars: g.inputs, len: g.opts.Bounds.Len}}
	g.edges = BranchEdges(f)
	for _, e := range g.edges {
		g.r.Edges = append(g.r.Edges, EdgeStatus{Edge: e})
	}
	for i := range g.r.Edges {
		g.status[g.r.Edges[i].Edge] = &g.r.Edges[i]
	}
	return g
}

// TestReachLearnsExternResults: in SameEnds(n), the edge s[0] != s[len(s)-1]
// false, s = strconv.Itoa(n), needs the real digits of Itoa(n), which the
// executor does not model (only their count). The first solution guesses
// them and fails on replay; the replay's call becomes a fact, and the
// goal is solved again at the same bound, this time for good. Without
// the second round, the goal ends as a replay mismatch.
func TestReachLearnsExternResults(t *testing.T) {
	f := stdcallsFunc(t, "SameEnds")
	var goal ir.Edge
	for _, e := range f.BranchEdges() {
		if e.Cond() == "s[0] != s[len(s)-1]" && e.Label() == "false" {
			goal = e
		}
	}
	if goal.From == nil {
		t.Fatalf("no edge s[0] != s[len(s)-1] false in\n%s", f)
	}
	for _, learn := range []bool{false, true} {
		s := solve.New(0)
		g := newGeneration(t, f, s)
		g.opts.K = 1 // reach samples concrete inputs from k = 2 on: not here
		g.facts.off = !learn
		err := g.reach(context.Background(), goal)
		s.Close()
		if err != nil {
			t.Fatal(err)
		}
		st := g.status[goal]
		if !learn {
			if st.Outcome != Mismatch {
				t.Fatalf("without learning: outcome %s, want a replay mismatch (the first solution guesses)", st.Outcome)
			}
			continue
		}
		if st.Outcome != Covered {
			t.Fatalf("outcome %s (%s), want covered", st.Outcome, st.Detail)
		}
		for _, fc := range g.facts.list {
			if fc.Func != "strconv.Itoa" {
				t.Errorf("fact about %s", fc.Func)
			}
		}
		c := g.r.Cases[len(g.r.Cases)-1]
		t.Logf("case %s: n=%s after %d facts", c.Name, c.Inputs[0], len(g.facts.list))
		if len(c.Outputs) != 1 || c.Outputs[0].Bits != 1 {
			t.Errorf("case %s returns %v, want true", c.Name, c.Outputs)
		}
	}
}

// TestFactsKeepToTheirCall: in Setting, the facts the replays teach
// about fmt.Sprintf("%s=%q", key, value) (string operands) were applied
// to fmt.Sprintf("%s=%d", key, n) (an int operand) and crashed the model
// (a nil term compared, godotenv.Marshal's `err == nil` true): a fact is
// about the calls of its function with its argument types only.
func TestFactsKeepToTheirCall(t *testing.T) {
	f := stdcallsFunc(t, "Setting")
	s := solve.New(0)
	defer s.Close()
	g := newGeneration(t, f, s)
	// The false edge first: its case calls the %q Sprintf, whose fact is
	// then known when the true edge is solved.
	edges := f.BranchEdges()
	for i := len(edges) - 1; i >= 0; i-- {
		if err := g.reach(context.Background(), edges[i]); err != nil {
			t.Fatal(err)
		}
	}
	if len(g.facts.list) == 0 {
		t.Fatal("no facts learnt")
	}
	for _, e := range edges {
		if st := g.status[e]; st.Outcome != Covered {
			t.Errorf("%s %s: %s (%s), want covered", e.Cond(), e.Label(), st.Outcome, st.Detail)
		}
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
		{"Width", []string{"strconv.Itoa partial"}},
		{"Fits", []string{"strconv.Itoa partial"}},
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

// TestReachClosedWorld: path.Ext has no model. Its seed facts, made on
// the function's constants, include path.Ext(".go") = ".go", so the goal
// path.Ext(name) == ".go" is solved in the closed world at once, with
// inputs that follow the real function.
func TestReachClosedWorld(t *testing.T) {
	f := stdcallsFunc(t, "Kind")
	var goal ir.Edge
	for _, e := range f.BranchEdges() {
		if e.Cond() == `path.Ext(name) == ".go"` && e.Label() == "true" {
			goal = e
		}
	}
	if goal.From == nil {
		t.Fatalf("no edge path.Ext(name) == \".go\" true in\n%s", f)
	}
	s := solve.New(0)
	defer s.Close()
	g := newGeneration(t, f, s)
	done, err := g.reachClosed(context.Background(), goal, g.spaces[0], 0, true)
	if err != nil || !done {
		t.Fatalf("reachClosed = %v, %v; want the goal covered", done, err)
	}
	var seeded bool
	for _, fc := range g.facts.list {
		if fc.Func == "path.Ext" && fc.Args[0].Str == ".go" && fc.Results[0].Str == ".go" {
			seeded = true
		}
	}
	if !seeded {
		t.Errorf("no seed fact path.Ext(\".go\") = \".go\" among %v", g.facts.list)
	}
	c := g.r.Cases[len(g.r.Cases)-1]
	if c.Outputs[0].Str != "go" {
		t.Errorf("case %s: name %s gives %s, want go", c.Name, c.Inputs[0], c.Outputs[0])
	}
	// A function whose calls all have a model has no closed world.
	g = newGeneration(t, stdcallsFunc(t, "SplitPair"), s)
	if done, _ := g.reachClosed(context.Background(), g.r.Edges[0].Edge, g.spaces[0], 0, true); done || len(g.facts.unknown) != 0 {
		t.Errorf("SplitPair: closed world used")
	}
}

// StdFile names the files of the standard library below GOROOT/src, so
// that the summary's positions inside followed standard library bodies
// do not depend on where Go is installed; other files are not its.
func TestStdFile(t *testing.T) {
	root := filepath.Join(goroot.Dir(), "src")
	for _, tc := range []struct{ file, want string }{
		{filepath.Join(root, "strings", "strings.go"), "strings/strings.go"},
		{filepath.Join(root, "unicode", "utf8", "utf8.go"), "unicode/utf8/utf8.go"},
		{filepath.Join(goroot.Dir(), "misc", "x.go"), ""},
		{"/work/m/strings/strings.go", ""},
		{"m.go", ""},
	} {
		if got := StdFile(tc.file); got != tc.want {
			t.Errorf("StdFile(%q) = %q, want %q", tc.file, got, tc.want)
		}
	}
}
