package gen

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/solve"
	"github.com/pbcc/pbcc/gen/symexec"
	"github.com/pbcc/pbcc/ssaexec"
)

// mutateFunc returns the IR of function mutate.<name> of
// gen/testdata/mutate.
func mutateFunc(t *testing.T, name string) *ir.Func {
	t.Helper()
	pkgs, err := ssaexec.Load("..", "./gen/testdata/mutate")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		for _, f := range p.Funcs {
			if f.IR.Name == "mutate."+name {
				return f.IR
			}
		}
	}
	t.Fatalf("no function mutate.%s", name)
	return nil
}

// edgeOf returns the edge of f whose condition reads cond, with label.
func edgeOf(t *testing.T, g *generation, cond, label string) ir.Edge {
	t.Helper()
	for _, e := range g.edges {
		if strings.ReplaceAll(e.Cond(), " ", "") == cond && e.Label() == label {
			return e
		}
	}
	t.Fatalf("no edge %s %s", cond, label)
	return ir.Edge{}
}

// TestMutateReachesDeepBranch: in Magic(s), the return of 6 needs s to
// start with "magic!", six branches deep. The uniform sampling, with the
// function's bytes as dictionary, does not find it in its runs; the
// mutation search, from the samples' cases and the zero input, keeps
// each input that passes one more check and reaches it. The cases it
// adds each cover an edge no case covered before.
func TestMutateReachesDeepBranch(t *testing.T) {
	f := mutateFunc(t, "Magic")
	var got [2]string
	for run := range got {
		s := solve.New(0)
		defer s.Close()
		g := newGeneration(t, f, s)
		deep := edgeOf(t, g, "s[5]!='!'", "false")
		if err := g.sample(context.Background(), g.undecided(), sampleRuns); err != nil {
			t.Fatal(err)
		}
		if g.status[deep].Outcome == Covered {
			t.Fatalf("sampling covered %s: the test needs an edge it misses", CaseName(deep))
		}
		before := len(g.r.Cases)
		if err := g.mutate(context.Background()); err != nil {
			t.Fatal(err)
		}
		if st := g.status[deep]; st.Outcome != Covered {
			t.Fatalf("after the mutation search, %s is %s, want covered", CaseName(deep), st.Outcome)
		}
		for _, e := range g.r.Edges {
			if e.Outcome != Covered {
				t.Errorf("edge %s %s: %s, want covered", CaseName(e.Edge), e.Edge.Label(), e.Outcome)
			}
		}
		// Each case covers an edge the earlier ones did not: at most one
		// case per edge.
		if n := len(g.r.Cases); n > len(g.r.Edges) {
			t.Errorf("%d cases for %d edges", n, len(g.r.Edges))
		}
		var b strings.Builder
		for _, c := range g.r.Cases[before:] {
			fmt.Fprintf(&b, "%s %v; ", c.Name, c.Inputs)
		}
		got[run] = b.String()
	}
	if got[0] != got[1] {
		t.Errorf("two searches made different cases:\n%s\n%s", got[0], got[1])
	}
}

// TestMutateNothingWanted: with every edge decided, the search runs
// nothing and adds no case.
func TestMutateNothingWanted(t *testing.T) {
	s := solve.New(0)
	defer s.Close()
	g := newGeneration(t, mutateFunc(t, "Magic"), s)
	for i := range g.r.Edges {
		g.r.Edges[i].Outcome = Covered
	}
	if err := g.mutate(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(g.r.Cases) != 0 {
		t.Errorf("%d cases, want none", len(g.r.Cases))
	}
}

// TestTextContent: the text of a C string ends at its first NUL and
// keeps its buffer at least as long as it was; other texts' length is
// their text's.
func TestTextContent(t *testing.T) {
	c := textInput{length: "s.len", bytes: []string{"s[0]", "s[1]", "s[2]", "s[3]"}, terminated: true}
	m := solve.Model{"s.len": 4, "s[0]": 'a', "s[1]": 0, "s[2]": 'z', "s[3]": 0}
	if got := string(c.content(m)); got != "a" {
		t.Errorf("content = %q, want %q", got, "a")
	}
	c.setContent(m, []byte("xyzw"))
	want := solve.Model{"s.len": 4, "s[0]": 'x', "s[1]": 'y', "s[2]": 'z', "s[3]": 0}
	if fmt.Sprint(m) != fmt.Sprint(want) {
		t.Errorf("after setContent(xyzw): %v, want %v (cut to the bound, NUL last)", m, want)
	}
	g := textInput{length: "s.len", bytes: []string{"s[0]", "s[1]", "s[2]"}}
	m = solve.Model{"s.len": 3, "s[0]": 'a', "s[1]": 0, "s[2]": 'b'}
	if got := string(g.content(m)); got != "a\x00b" {
		t.Errorf("content = %q, want %q", got, "a\x00b")
	}
	g.setContent(m, []byte("q"))
	if m["s.len"] != 1 || m["s[0]"] != 'q' {
		t.Errorf("after setContent(q): %v, want length 1, s[0] 'q'", m)
	}
	// An array of bytes keeps its size: zeros after the text, or a C
	// string's NUL after it and the other bytes as they were.
	a := textInput{bytes: []string{"a[0]", "a[1]", "a[2]"}}
	m = solve.Model{"a[0]": 'x', "a[1]": 'y', "a[2]": 'z'}
	a.setContent(m, []byte("q"))
	if want := (solve.Model{"a[0]": 'q', "a[1]": 0, "a[2]": 0}); fmt.Sprint(m) != fmt.Sprint(want) {
		t.Errorf("array after setContent(q): %v, want %v", m, want)
	}
	a.terminated = true
	m = solve.Model{"a[0]": 'x', "a[1]": 'y', "a[2]": 'z'}
	if got := string(a.content(m)); got != "xyz" {
		t.Errorf("array content = %q, want %q", got, "xyz")
	}
	a.setContent(m, []byte("q"))
	if want := (solve.Model{"a[0]": 'q', "a[1]": 0, "a[2]": 'z'}); fmt.Sprint(m) != fmt.Sprint(want) {
		t.Errorf("C array after setContent(q): %v, want %v", m, want)
	}
}

// TestBoundedInputs: inputs that nest collections are bounded in number,
// the length bound halved until they fit (a [][][]string of length 8 has
// 4,681 input variables, of length 4, 341).
func TestBoundedInputs(t *testing.T) {
	str := ir.String{}
	f := &ir.Func{Name: "p.f", Params: []*ir.Param{ir.NewParam("x", ir.Slice{Elem: ir.Slice{Elem: ir.Slice{Elem: str}}})}}
	f.NewBlock("entry").SetTerm(&ir.Return{})
	b := symexec.DefaultBounds
	in, vars, err := boundedInputs(f, &b)
	if err != nil {
		t.Fatal(err)
	}
	if len(vars) > maxInputs || len(in.Vars()) != len(vars) {
		t.Errorf("%d inputs (model: %d), want at most %d", len(vars), len(in.Vars()), maxInputs)
	}
	if b.Len != symexec.DefaultBounds.Len/2 {
		t.Errorf("length bound %d, want %d", b.Len, symexec.DefaultBounds.Len/2)
	}
	// A scalar parameter keeps the bounds.
	g := &ir.Func{Name: "p.g", Params: []*ir.Param{ir.NewParam("s", str)}}
	g.NewBlock("entry").SetTerm(&ir.Return{})
	b = symexec.DefaultBounds
	if _, _, err := boundedInputs(g, &b); err != nil || b != symexec.DefaultBounds {
		t.Errorf("string parameter: bounds %+v, %v; want %+v", b, err, symexec.DefaultBounds)
	}
}
