package oracle

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pbcc/pbcc/ssaexec/cover"
)

// TestBoundaryRelations shows which relations of its operands a
// comparison needs cases for: the operands equal, and the neighbour on
// the other side of the boundary (one more for > and <=, one less for <
// and >=; any value on that side when the operands are not integers).
func TestBoundaryRelations(t *testing.T) {
	for _, tc := range []struct {
		op      string
		integer bool
		want    []int
	}{
		{">", true, []int{cover.RelEqual, cover.RelAbove}},
		{"<=", true, []int{cover.RelEqual, cover.RelAbove}},
		{"<", true, []int{cover.RelEqual, cover.RelBelow}},
		{">=", true, []int{cover.RelEqual, cover.RelBelow}},
		{">", false, []int{cover.RelEqual, cover.RelGreater}},
		{"<", false, []int{cover.RelEqual, cover.RelLess}},
		{"", true, nil}, // not an ordered comparison: == and != have no boundary to move
	} {
		if got := boundary(cover.Site{Op: tc.op, Integer: tc.integer}); !slices.Equal(got, tc.want) {
			t.Errorf("boundary(%q, integer %v) = %v, want %v", tc.op, tc.integer, got, tc.want)
		}
	}
}

// TestExploreBoundary runs the search on the real code of x > 10 and of a
// comparison of strings: besides a case per outcome, it keeps x == 10
// and x == 11 (the cases that tell > from >= and 10 from 11), the equal
// strings, and the true outcome of a comparison that is a value, not a
// branch (cover.ArithEqual); two runs keep the same cases. The driver builds in a
// module whose go line predates generics and the builtin max (go 1.16,
// go-humanize's).
func TestExploreBoundary(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	for _, goLine := range []string{"1.26", "1.16"} {
		t.Run("go"+goLine, func(t *testing.T) { exploreBoundary(t, goLine) })
	}
}

func exploreBoundary(t *testing.T, goLine string) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module bound\n\ngo " + goLine + "\n",
		"bound.go": `package bound

func Big(x int) string {
	if x > 10 {
		return "big"
	}
	return "small"
}

func Before(a, b string) bool {
	if a < b {
		return true
	}
	return false
}

func sign(x int) int {
	if x < 0 {
		return -1
	}
	return 1
}

// Less's value comparison is no branch: its true outcome (sign(x) ==
// -1) is a goal of its own, as go-version's constraintLessThan's.
func Less(x int) bool { return x != 7 && sign(x) == -1 }
`,
	}
	targets := writeTargets(t, dir, files)
	run := func() map[string][]string {
		ex, err := Explore(context.Background(), dir, "bound", targets, DefaultExplore)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string][]string{}
		for _, e := range ex {
			for _, c := range e.Result.Cases {
				var in []string
				for _, l := range c.Inputs {
					in = append(in, l.String())
				}
				out[e.Result.Func.Name] = append(out[e.Result.Func.Name], fmt.Sprintf("%s(%s)", c.Name, strings.Join(in, ", ")))
			}
		}
		return out
	}
	first := run()
	big := first["bound.Big"]
	// x == 11 is the case of x > 10 shrunk (it reaches "one above" in
	// passing, and no other case is kept for it); x == 10 is kept for
	// the relation alone.
	for _, want := range []string{"x==10(10)", "x>10(11)"} {
		if !slices.Contains(big, want) {
			t.Errorf("Big: no case %s among %v", want, big)
		}
	}
	if len(big) != 3 {
		t.Errorf("Big: %d cases %v, want the two outcomes and the boundary", len(big), big)
	}
	if !slices.ContainsFunc(first["bound.Before"], func(s string) bool {
		args := strings.Split(s[strings.Index(s, "(")+1:len(s)-1], ", ")
		return len(args) == 2 && args[0] == args[1]
	}) {
		t.Errorf("Before: no case with a == b among %v", first["bound.Before"])
	}
	if !slices.ContainsFunc(first["bound.Less"], func(s string) bool { return strings.HasPrefix(s, "sign_x==-1(-") }) {
		t.Errorf("Less: no case with sign(x) == -1 among %v", first["bound.Less"])
	}
	second := run()
	for name, cases := range first {
		if !slices.Equal(cases, second[name]) {
			t.Errorf("%s: the second run kept %v, the first %v", name, second[name], cases)
		}
	}
}
