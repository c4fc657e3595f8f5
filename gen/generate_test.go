package gen_test

import (
	"context"
	"fmt"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/solve"
	"github.com/pbcc/pbcc/gen/symexec"
	"github.com/pbcc/pbcc/ssaexec"
)

var (
	loadOnce sync.Once
	loaded   []*ssaexec.Package
	loadErr  error

	genOnce sync.Once
	results map[string]*gen.Result // the first Generate of every testdata function
	genErrs map[string]error
)

func testdata(t *testing.T) []*ir.Func {
	t.Helper()
	loadOnce.Do(func() { loaded, loadErr = ssaexec.Load("..", "./testdata/go/...") })
	if loadErr != nil {
		t.Fatalf("ssaexec.Load: %v", loadErr)
	}
	var fs []*ir.Func
	for _, p := range loaded {
		for _, f := range p.Funcs {
			fs = append(fs, f.IR)
		}
	}
	if len(fs) == 0 {
		t.Fatal("no testdata functions")
	}
	return fs
}

func generate(f *ir.Func) (*gen.Result, error) {
	s := solve.New(0)
	defer s.Close()
	return gen.Generate(context.Background(), f, s, gen.DefaultOptions)
}

// generated returns the results of Generate for every testdata function,
// computed once for the tests of this file.
func generated(t *testing.T) map[string]*gen.Result {
	t.Helper()
	fs := testdata(t)
	genOnce.Do(func() {
		// One function at a time: the reference the concurrent runs of
		// TestGenerateDeterministic are compared with.
		results, genErrs = map[string]*gen.Result{}, map[string]error{}
		for _, f := range fs {
			results[f.Name], genErrs[f.Name] = generate(f)
		}
	})
	for name, err := range genErrs {
		if err != nil {
			t.Fatalf("Generate(%s): %v", name, err)
		}
	}
	return results
}

func edgeName(e ir.Edge) string {
	return fmt.Sprintf("%s %s %q %s", e.From.Func.Name, e, e.Cond(), e.Label())
}

// unreachable are the branch edges of the testdata no input can take.
// Package-level variables hold the values the package gives them (they
// are not inputs without -globals): iface.Current is nil, counter.count
// is 0 and counter.limit 3 at the call.
var unreachable = map[string]bool{
	`dead.Dead b1->b3 "x < 3" true`:                          true,
	`iface.CurrentSides b0->b2 "Current == nil" false`:       true,
	`iface.CurrentSides b2->b3 "Current.Sides() == 4" true`:  true,
	`iface.CurrentSides b2->b4 "Current.Sides() == 4" false`: true,
	`counter.Next b0->b1 "count > limit" true`:               true,
}

// TestGenerateOutcomes: every branch edge of the testdata ends covered,
// except the dead ones, which end unreachable.
func TestGenerateOutcomes(t *testing.T) {
	for name, r := range generated(t) {
		edges := gen.BranchEdges(r.Func)
		if len(r.Edges) != len(edges) {
			t.Fatalf("%s: %d edge statuses for %d branch edges", name, len(r.Edges), len(edges))
		}
		for i, st := range r.Edges {
			if st.Edge != edges[i] {
				t.Errorf("%s: Edges[%d] is %s, not in BranchEdges order", name, i, st.Edge)
			}
			want := gen.Covered
			if unreachable[edgeName(st.Edge)] {
				want = gen.Unreachable
			}
			if st.Outcome != want {
				t.Errorf("%s: %s ends %s (%s) at k=%d, want %s", name, edgeName(st.Edge), st.Outcome, st.Detail, st.K, want)
			}
		}
		if got := r.Count(gen.Covered) + r.Count(gen.Unreachable); got != len(r.Edges) {
			t.Errorf("%s: Count(Covered)+Count(Unreachable) = %d of %d", name, got, len(r.Edges))
		}
		if r.K != gen.DefaultOptions.K {
			t.Errorf("%s: K = %d", name, r.K)
		}
	}
}

// TestGenerateCases checks each case against a fresh replay: its inputs
// give its outputs, its Covers are exactly the branch edges of the
// function and its literals it takes (each once), they include its goal, and every covered edge is
// covered by some case. Cases are sorted by the source position of their
// goals.
func TestGenerateCases(t *testing.T) {
	for name, r := range generated(t) {
		f := r.Func
		if len(r.Cases) == 0 {
			t.Errorf("%s: no cases", name)
			continue
		}
		covered := map[ir.Edge]bool{}
		ofF := map[ir.Edge]bool{} // the edges of f and its literals
		for _, e := range gen.BranchEdges(f) {
			ofF[e] = true
		}
		for i, c := range r.Cases {
			cname := fmt.Sprintf("%s case %d %s", name, i, c.Name)
			fault := c.Goal.From == nil && c.Panic != "" // a case made for a failing site
			if !fault && c.Name != gen.CaseName(c.Goal) {
				t.Errorf("%s: name %q, CaseName of its goal %q", cname, c.Name, gen.CaseName(c.Goal))
			}
			args := symexec.Args{Params: c.Inputs}
			for _, g := range c.Globals {
				args.Globals = append(args.Globals, symexec.GlobalArg{G: g.G, Value: g.Value})
			}
			tr, err := symexec.Run(f, args, 0)
			if err != nil || tr.Panicked != (c.Panic != "") || tr.Panicked && tr.Reason != c.Panic {
				t.Errorf("%s: replay of %v (panic %q): %v %+v", cname, c.Inputs, c.Panic, err, tr)
				continue
			}
			if got, want := show(tr.Outputs), show(c.Outputs); got != want {
				t.Errorf("%s: outputs %s, replay gives %s", cname, want, got)
			}
			var want []ir.Edge
			seen := map[ir.Edge]bool{}
			for _, e := range tr.Edges {
				if ofF[e] && !seen[e] {
					seen[e] = true
					want = append(want, e)
				}
			}
			if fmt.Sprint(c.Covers) != fmt.Sprint(want) {
				t.Errorf("%s: Covers %v, replay takes %v", cname, c.Covers, want)
			}
			if c.Goal.From != nil && !seen[c.Goal] {
				t.Errorf("%s: Covers %v lacks its goal %s", cname, c.Covers, c.Goal)
			}
			for _, e := range c.Covers {
				covered[e] = true
			}
		}
		for _, st := range r.Edges {
			if (st.Outcome == gen.Covered) != covered[st.Edge] {
				t.Errorf("%s: %s is %s, covered by a case: %v", name, edgeName(st.Edge), st.Outcome, covered[st.Edge])
			}
		}
		for i := 1; i < len(r.Cases); i++ {
			a, b := r.Cases[i-1].Goal, r.Cases[i].Goal
			if b.From == nil && r.Cases[i].Panic != "" {
				continue // failing sites come last
			}
			if a.From == nil || b.From == nil {
				t.Errorf("%s: a case without goal among %d cases", name, len(r.Cases))
				continue
			}
			ka := []int{a.Pos().Line, a.Pos().Col, a.From.Index, a.Index}
			kb := []int{b.Pos().Line, b.Pos().Col, b.From.Index, b.Index}
			if !lessEq(ka, kb) {
				t.Errorf("%s: case %s (%v) before %s (%v): not in source order", name, r.Cases[i-1].Name, ka, r.Cases[i].Name, kb)
			}
		}
	}
}

func lessEq(a, b []int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return true
}

func show(ls []ir.Literal) string {
	s := make([]string, len(ls))
	for i, l := range ls {
		s[i] = l.String()
	}
	return strings.Join(s, " ")
}

// TestGenerateNoBranches: a function without branches gets exactly one
// case, named "call", on zero inputs, with the outputs of the function.
func TestGenerateNoBranches(t *testing.T) {
	want := map[string]string{
		"callcond.G":      "0",
		"callcond.DivMod": "0 0",
		"callcond.Split":  "0 0",
		"program0.Main":   "11", // A(0).F() counts up to 11
	}
	rs := generated(t)
	for name, out := range want {
		r := rs[name]
		if r == nil {
			t.Errorf("no result for %s", name)
			continue
		}
		if len(r.Edges) != 0 || len(r.Goals) != 0 {
			t.Errorf("%s: %d edges, %d goals, want none", name, len(r.Edges), len(r.Goals))
		}
		if len(r.Cases) != 1 {
			t.Errorf("%s: %d cases, want 1", name, len(r.Cases))
			continue
		}
		c := r.Cases[0]
		if c.Name != "call" || c.Goal.From != nil || len(c.Covers) != 0 {
			t.Errorf("%s: case %q goal %v covers %v, want \"call\" without goal", name, c.Name, c.Goal, c.Covers)
		}
		if got := show(c.Outputs); got != out {
			t.Errorf("%s: outputs %s, want %s", name, got, out)
		}
	}
}

// caseView is a Case without its IR pointers, for comparison.
type caseView struct {
	Name, Goal, Inputs, Outputs string
	Covers                      []string
}

type resultView struct {
	Goals []string
	Edges []string
	Cases []caseView
}

func view(r *gen.Result) resultView {
	var v resultView
	for _, g := range r.Goals {
		v.Goals = append(v.Goals, g.String())
	}
	for _, e := range r.Edges {
		v.Edges = append(v.Edges, fmt.Sprintf("%s %s k=%d %s", e.Edge, e.Outcome, e.K, e.Detail))
	}
	for _, c := range r.Cases {
		cv := caseView{Name: c.Name, Inputs: show(c.Inputs), Outputs: show(c.Outputs)}
		if c.Goal.From != nil {
			cv.Goal = c.Goal.String()
		}
		for _, e := range c.Covers {
			cv.Covers = append(cv.Covers, e.String())
		}
		v.Cases = append(v.Cases, cv)
	}
	return v
}

// TestGenerateDeterministic: a second Generate, with a fresh solver, the
// functions in another order and several of them at once (one solver
// each, as pbcc gen's workers run them), finds the same cases.
func TestGenerateDeterministic(t *testing.T) {
	first := generated(t)
	fs := testdata(t)
	next := make(chan *ir.Func)
	go func() {
		for i := len(fs) - 1; i >= 0; i-- {
			next <- fs[i]
		}
		close(next)
	}()
	var wg sync.WaitGroup
	for range max(2, runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range next {
				r, err := generate(f)
				if err != nil {
					t.Errorf("%s: %v", f.Name, err)
					continue
				}
				if diff := cmp.Diff(view(first[f.Name]), view(r)); diff != "" {
					t.Errorf("%s: two runs differ (-first +second):\n%s", f.Name, diff)
				}
			}
		}()
	}
	wg.Wait()
}

// TestGenerateConcurrentDeterministic: Generate on one function, each
// call with its own solver, finds the same cases whether other Generate
// calls run at the same time or not, as pbcc gen's workers do.
func TestGenerateConcurrentDeterministic(t *testing.T) {
	var f *ir.Func
	for _, g := range testdata(t) {
		if g.Name == "wrap.Overflows" {
			f = g
		}
	}
	want := view(generated(t)[f.Name])
	var wg sync.WaitGroup
	views := make([]resultView, 16)
	for i := range views {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := generate(f)
			if err != nil {
				t.Error(err)
				return
			}
			views[i] = view(r)
		}()
	}
	wg.Wait()
	for i, v := range views {
		if diff := cmp.Diff(want, v); diff != "" {
			t.Errorf("concurrent run %d differs from a sequential one (-sequential +concurrent):\n%s", i, diff)
		}
	}
}

// TestGenerateCanceled: when the context is done before the search, every
// branch edge ends Timeout and no case is made.
func TestGenerateCanceled(t *testing.T) {
	var f *ir.Func
	for _, g := range testdata(t) {
		if g.Name == "trityp.Trityp" {
			f = g
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := solve.New(0)
	defer s.Close()
	r, err := gen.Generate(ctx, f, s, gen.DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	if r.Count(gen.Timeout) != len(r.Edges) || len(r.Edges) == 0 || len(r.Cases) != 0 || r.SolverCalls != 0 {
		t.Errorf("canceled: %d of %d edges timed out, %d cases, %d solver calls",
			r.Count(gen.Timeout), len(r.Edges), len(r.Cases), r.SolverCalls)
	}
}

func TestCaseName(t *testing.T) {
	f := &ir.Func{Name: "p.f"}
	x := ir.NewParam("x", ir.Int{Bits: 64, Signed: true})
	b0, b1, b2, b3 := f.NewBlock("entry"), f.NewBlock("a"), f.NewBlock("b"), f.NewBlock("c")
	b4, b5, b6 := f.NewBlock("d"), f.NewBlock("e"), f.NewBlock("f")
	cond := &ir.If{Cond: ir.BoolConst(true), Text: "a <= 0 && range  n"}
	cond.Pos = ir.Pos{File: "p.go", Line: 12, Col: 5}
	b0.SetTerm(cond, b1, b2)
	sw := &ir.Switch{X: x, Cases: []*ir.Const{ir.IntConst(ir.Int{Bits: 64, Signed: true}, -3)}}
	sw.Pos = ir.Pos{File: "p.go", Line: 20, Col: 9}
	b1.SetTerm(sw, b3, b3)
	b2.SetTerm(&ir.Jump{}, b3)
	b3.SetTerm(&ir.If{Cond: ir.BoolConst(true), Text: "range s"}, b4, b5)
	sw2 := &ir.Switch{X: x, Text: "c", Cases: []*ir.Const{ir.IntConst(ir.Int{Bits: 64, Signed: true}, 97)}}
	b4.SetTerm(sw2, b6, b6)
	b5.SetTerm(&ir.If{Cond: ir.BoolConst(true), Text: "s[i] == '/'"}, b6, b6)
	b6.SetTerm(&ir.Return{})
	tests := []struct {
		e    ir.Edge
		want string
	}{
		{ir.Edge{From: b0, Index: 0}, "a<=0&&range_n"},
		{ir.Edge{From: b0, Index: 1}, "not_a<=0&&range_n"},
		{ir.Edge{From: b1, Index: 0}, "case-3"},
		{ir.Edge{From: b1, Index: 1}, "default"},
		{ir.Edge{From: b2, Index: 0}, "call"}, // no branch
		{ir.Edge{From: b3, Index: 0}, "range_s"},
		{ir.Edge{From: b3, Index: 1}, "range_s_done"},
		{ir.Edge{From: b4, Index: 0}, "c==97"},
		{ir.Edge{From: b4, Index: 1}, "c_default"},
		{ir.Edge{From: b5, Index: 0}, "s_i==slash"},
		{ir.Edge{From: b5, Index: 1}, "s_i!=slash"},
		{ir.Edge{}, "call"},
	}
	for _, tt := range tests {
		if got := gen.CaseName(tt.e); got != tt.want {
			t.Errorf("CaseName(%v) = %q, want %q", tt.e, got, tt.want)
		}
	}
}

func TestOutcomeStrings(t *testing.T) {
	want := map[gen.Outcome]string{gen.Pending: "pending", gen.Covered: "covered", gen.Unreachable: "unreachable",
		gen.Timeout: "timeout", gen.TooLarge: "too large", gen.Mismatch: "replay mismatch",
		gen.Unsupported: "unsupported", gen.Faults: "faults"}
	for o, s := range want {
		if o.String() != s {
			t.Errorf("Outcome %d = %q, want %q", o, o.String(), s)
		}
	}
}

// TestGenerateGrowsBounds: net/netip's parseIPv4Fields needs "1.2.3.4"
// (7 loop trips, past k=3) for pos < 3 false and "1.2.3.4.5" (9 bytes,
// past the length bound 8) for pos == 3 true. With the length bound
// fixed the latter is out of reach; letting k grow to MaxK and the
// length bound to MaxLen covers every edge.
func TestGenerateGrowsBounds(t *testing.T) {
	pkgs, err := ssaexec.Load("..", "./testdata/bench/go/netipv4")
	if err != nil {
		t.Fatal(err)
	}
	var f *ir.Func
	for _, p := range pkgs {
		for _, pf := range p.Funcs {
			if pf.IR.Name == "netipv4.parseIPv4Fields" {
				f = pf.IR
			}
		}
	}
	if f == nil {
		t.Fatal("no netipv4.parseIPv4Fields")
	}
	outcome := func(r *gen.Result, cond, label string) gen.EdgeStatus {
		for _, es := range r.Edges {
			if es.Edge.Cond() == cond && es.Edge.Label() == label {
				return es
			}
		}
		t.Fatalf("no edge %s %s", cond, label)
		return gen.EdgeStatus{}
	}
	run := func(opts gen.Options) *gen.Result {
		s := solve.New(0)
		defer s.Close()
		r, err := gen.Generate(context.Background(), f, s, opts)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}

	fixed := gen.DefaultOptions
	fixed.MaxK, fixed.MaxLen = fixed.K, fixed.Bounds.Len
	r := run(fixed)
	if es := outcome(r, "pos == 3", "true"); es.Outcome == gen.Covered {
		t.Errorf("length bound fixed at 8: pos == 3 true covered, want it out of reach")
	}

	r = run(gen.DefaultOptions)
	if n := r.Count(gen.Covered); n != len(r.Edges) {
		for _, es := range r.Edges {
			if es.Outcome != gen.Covered {
				t.Errorf("growing bounds: %s ends %s (%s)", edgeName(es.Edge), es.Outcome, es.Detail)
			}
		}
	}
	long := false
	for _, c := range r.Cases {
		for _, e := range c.Covers {
			if e.Cond() == "pos == 3" && e.Label() == "true" {
				long = len(c.Inputs[0].String()) >= len(`"1.2.3.4.5"`)
			}
		}
	}
	if !long {
		t.Errorf("no case with an input of 9 bytes or more covers pos == 3 true")
	}
}

// TestCaseNames: the name of every branch edge of the testdata is one go
// test -run selects as it is (no spaces, quotes, slashes, regexp
// metacharacters, nothing go test rewrites), holds no line number, and
// the two edges of a condition are named apart.
func TestCaseNames(t *testing.T) {
	for _, f := range testdata(t) {
		for _, e := range gen.BranchEdges(f) {
			name := gen.CaseName(e)
			if regexp.QuoteMeta(name) != name || strings.ContainsAny(name, "/ \t\"'`#") || name == "" || len(name) > 40 {
				t.Errorf("%s: %s: name %q cannot be selected as it is", f.Name, edgeName(e), name)
			}
			for _, r := range name {
				if !unicode.IsPrint(r) {
					t.Errorf("%s: %s: name %q holds %U", f.Name, edgeName(e), name, r)
				}
			}
			if line := fmt.Sprintf("L%d_", e.Pos().Line); strings.HasPrefix(name, line) {
				t.Errorf("%s: %s: name %q holds the line", f.Name, edgeName(e), name)
			}
			if len(e.From.Succs) == 2 {
				other := ir.Edge{From: e.From, Index: 1 - e.Index}
				if gen.CaseName(other) == name {
					t.Errorf("%s: both edges of %q are named %q", f.Name, e.Cond(), name)
				}
			}
		}
	}
}
