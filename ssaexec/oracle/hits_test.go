package oracle

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/ir"
)

// TestHitsOfCasesThatReachNoSite replays a case that panics before the
// function's first comparison (10/x with x == 0: as a method called on a
// nil receiver, the model's only case of Masterminds semver's
// LessThanEqual, does in the method it calls first): its verdict's Hits is
// empty, not nil, since nil says the package could not be instrumented,
// and pbcc gen then leaves the function out of the search on the real
// code, its mutants (v.Compare(o) <= 0) unkilled.
func TestHitsOfCasesThatReachNoSite(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := t.TempDir()
	pkgs := writeLoad(t, dir, map[string]string{
		"go.mod": "module nosite\n\ngo 1.26\n",
		"nosite.go": `package nosite

func F(x, y int) bool { return 10/x > y }

func G(x int) int {
	if x > 3 {
		return 1
	}
	return 0
}
`,
	})
	byName := map[string]*ir.Func{}
	for _, f := range pkgs[0].Funcs {
		byName[f.IR.Name] = f.IR
	}
	f, g := byName["nosite.F"], byName["nosite.G"]
	if f == nil || g == nil {
		t.Fatalf("functions loaded: %v", byName)
	}
	rf := &gen.Result{Func: f, Cases: []gen.Case{{Name: "call",
		Inputs:  []ir.Literal{{T: f.Params[0].T}, {T: f.Params[1].T}},
		Outputs: []ir.Literal{{T: f.Results[0]}},
		Panic:   "runtime error: integer divide by zero"}}}
	rg := &gen.Result{Func: g, Cases: []gen.Case{{Name: "x>3",
		Inputs:  []ir.Literal{{T: g.Params[0].T, Bits: 5}},
		Outputs: []ir.Literal{{T: g.Results[0], Bits: 1}}}}}
	verdicts, err := Run(context.Background(), dir, "nosite", []File{{Src: filepath.Join(dir, "nosite.go"), Results: []*gen.Result{rf, rg}}})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	vf, vg := verdicts[rf], verdicts[rg]
	if vf.Checked != 1 || vg.Checked != 1 {
		t.Fatalf("checked: F %d, G %d; want 1 each (F: %+v)", vf.Checked, vg.Checked, vf)
	}
	if vf.Hits == nil || len(vf.Hits) != 0 {
		t.Errorf("F: Hits %#v, want empty and not nil (instrumented, no site reached)", vf.Hits)
	}
	if len(vg.Hits) == 0 {
		t.Errorf("G: Hits %v, want the branch x > 3 took", vg.Hits)
	}
}
