package gen_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/pbcc/pbcc/cbridge"
	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/solve"
	"github.com/pbcc/pbcc/gen/symexec"
)

// TestGoalThenTooManyPaths: in after(a, x), the goal x == 123456789 is
// the function's first branch, and twelve branches on a's fields follow
// it. The tree of the paths that take the goal and go on to a return
// (2^12 of them) is too large; the goals stage then asks for the paths
// that end at the goal (one block), instead of giving the goal up as
// too large. Their solution leaves a, which no such path reads, nil: the
// rest of the function would dereference it, so the pointers the
// formula leaves free are set and the buffers made full before the
// replay.
func TestGoalThenTooManyPaths(t *testing.T) {
	src := `struct num { int len; char *d; };

int after(struct num *a, int x) {
	int s = 0;
	if (x == 123456789)
		s = 1;
	if (a->d[0] == 1) s += 1;
	if (a->d[1] == 1) s += 2;
	if (a->d[2] == 1) s += 3;
	if (a->d[3] == 1) s += 4;
	if (a->d[4] == 1) s += 5;
	if (a->d[5] == 1) s += 6;
	if (a->d[6] == 1) s += 7;
	if (a->d[7] == 1) s += 8;
	if (a->len == 1) s += 9;
	if (a->len == 2) s += 10;
	if (a->len == 3) s += 11;
	if (a->len == 4) s += 12;
	return s;
}
`
	// The stages after the goals' are not what is tested (the guided
	// trees flip the number on a sampled path): the meter ends the
	// search, as pbcc gen's work bound does, a little after the first
	// tree too large.
	r := generateMetered(t, "after.c", src, 2000, 3000)
	for _, st := range r.Edges {
		if st.Edge.Cond() == "x == 123456789" && st.Edge.Label() == "true" && st.Outcome != gen.Covered {
			t.Errorf("%s %s: %s (%s), want covered", st.Edge.Cond(), st.Edge.Label(), st.Outcome, st.Detail)
		}
	}
	for _, c := range r.Cases {
		if c.Name == "x == 123456789" || c.Goal.Cond() == "x == 123456789" {
			return
		}
	}
	t.Errorf("no case made for the goal x == 123456789: %d cases", len(r.Cases))
}

// generateMetered runs Generate on the first function of the C unit src
// (written as name), with at most maxNodes nodes per tree, and ends the
// search after limit steps of work, as pbcc gen's work bound does.
func generateMetered(t *testing.T, name, src string, maxNodes int, limit int64) *gen.Result {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cf, err := cbridge.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	opts := gen.DefaultOptions
	opts.MaxNodes = maxNodes
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opts.Meter = &symexec.Meter{Limit: limit, Spent: cancel}
	s := solve.New(0)
	defer s.Close()
	r, err := gen.Generate(ctx, cf.Funcs[0], s, opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
