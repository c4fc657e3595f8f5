package oracle

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/ir"
)

// TestExploreKillsMutants runs the search on the real code of functions
// whose mutants a case reaching the mutated expression does not always
// tell apart: the difference must reach a result. Each function's cases
// must hold one input that kills the mutant (strong mutation), checked by
// the values: the mutant's result on it differs from the code's. Two runs
// keep the same cases.
func TestExploreKillsMutants(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module mut\n\ngo 1.26\n",
		"mut.go": `package mut

import "errors"

// Sum: a - b for a + b changes the result only where a+b > 10 and
// a-b > 10 differ (b > 0 is not enough).
func Sum(a, b int) int {
	if a+b > 10 {
		return 1
	}
	return 0
}

// Bonus: n >= 10 for n > 10 changes the result only at n == 10 with
// m != 0; with m == 0 (the smallest m) the error hides it.
func Bonus(n, m int) (int, error) {
	bonus := 0
	if n > 10 {
		bonus = 5
	}
	if m == 0 {
		return 0, errors.New("m is zero")
	}
	return m + bonus, nil
}
`,
	}
	targets := writeTargets(t, dir, files)
	ints := func(c []ir.Literal) []int64 {
		var out []int64
		for _, l := range c {
			n, err := strconv.ParseInt(l.String(), 10, 64)
			if err != nil {
				t.Fatalf("input %s is not an int", l.String())
			}
			out = append(out, n)
		}
		return out
	}
	// kills says whether inputs in tell the mutant of each function
	// from the code.
	kills := map[string]func(in []int64) bool{
		"mut.Sum": func(in []int64) bool { return (in[0]+in[1] > 10) != (in[0]-in[1] > 10) },
		"mut.Bonus": func(in []int64) bool {
			return in[0] == 10 && in[1] != 0
		},
	}
	// The branch outcomes of each function: the cases made for a branch
	// are at most these; the others are for mutants.
	outcomes := map[string]int{"mut.Sum": 2, "mut.Bonus": 4}
	forBranch, forMutant := map[string]int{}, map[string]int{}
	run := func() map[string][][]int64 {
		ex, err := Explore(context.Background(), dir, "mut", targets, DefaultExplore)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string][][]int64{}
		for _, e := range ex {
			for _, c := range e.Result.Cases {
				out[e.Result.Func.Name] = append(out[e.Result.Func.Name], ints(c.Inputs))
				if c.ForMutant {
					forMutant[e.Result.Func.Name]++
				} else {
					forBranch[e.Result.Func.Name]++
				}
			}
		}
		return out
	}
	first := run()
	for name, n := range outcomes {
		if forBranch[name] == 0 || forBranch[name] > n || forMutant[name] == 0 {
			t.Errorf("%s: %d cases for branches (of %d outcomes), %d for mutants; want both, the first at most the outcomes", name, forBranch[name], n, forMutant[name])
		}
	}
	t.Logf("cases: %v", first)
	for name, kill := range kills {
		if !slices.ContainsFunc(first[name], kill) {
			t.Errorf("%s: no case kills the mutant among %v", name, first[name])
		}
	}
	second := run()
	for name, cases := range first {
		if !slices.EqualFunc(cases, second[name], slices.Equal[[]int64]) {
			t.Errorf("%s: the second run kept %v, the first %v", name, second[name], cases)
		}
	}
}

// TestExploreKillsThroughParameter: a mutant that changes only what a
// pointer parameter points to is killed only by a table that compares
// that parameter after the call, which the emitted table does only when
// some case's call changes it (ssaexec/emit's afters). Set's first case,
// "" on a zero Num, leaves *n as it was; v > 100 negated sets Big on it.
// The kill phase must not count that case as killing the mutant (the
// table would not see it) but keep a case whose call changes *n, as
// uuid's NullUUID.UnmarshalJSON needed one (nu.Valid = err == nil).
func TestExploreKillsThroughParameter(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := t.TempDir()
	targets := writeTargets(t, dir, map[string]string{
		"go.mod": "module num\n\ngo 1.26\n",
		"num.go": `package num

import "strconv"

type Num struct {
	N   int
	Big bool
}

func (n *Num) Set(s string) error {
	v, err := strconv.Atoi(s)
	n.N = v
	n.Big = v > 100
	return err
}
`,
	})
	run := func() []gen.Case {
		ex, err := Explore(context.Background(), dir, "num", targets, DefaultExplore)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ex {
			if strings.HasSuffix(e.Result.Func.Name, ".Set") {
				return e.Result.Cases
			}
		}
		t.Fatal("no search of Set")
		return nil
	}
	show := func(cs []gen.Case) string {
		var b strings.Builder
		for _, c := range cs {
			fmt.Fprintf(&b, "%v -> %v panic %q after %v (for mutant %v); ", c.Inputs, c.Outputs, c.Panic, c.After, c.ForMutant)
		}
		return b.String()
	}
	first := run()
	t.Logf("cases: %s", show(first))
	changes := false
	for _, c := range first {
		if c.Panic == "" && len(c.After) > 0 && len(c.Inputs) > 0 && c.After[0].String() != c.Inputs[0].String() {
			changes = true
		}
	}
	if !changes {
		t.Errorf("no case changes *n, so the table does not compare it and v > 100 negated lives: %s", show(first))
	}
	if second := run(); show(second) != show(first) {
		t.Errorf("the second run kept %s, the first %s", show(second), show(first))
	}
}
