package cbridge

import (
	"bytes"
	"context"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/ir"
)

// exploreUnit loads testdata/c/libcalls.c, copied into a temporary
// directory, searches its unlowered functions on the real code and
// renders their harness.
func exploreUnit(t *testing.T, opt ExploreOptions) (dir string, rs []*gen.Result, harness []byte) {
	t.Helper()
	dir = t.TempDir()
	src, err := os.ReadFile("../testdata/c/libcalls.c")
	if err != nil {
		t.Fatal(err)
	}
	unit := filepath.Join(dir, "libcalls.c")
	os.WriteFile(unit, src, 0o644)
	f, err := Load(unit)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Funcs) != 0 || len(f.Unlowered) != 8 {
		t.Fatalf("%d functions lowered, %d unlowered; want 0 and 8 (%v)", len(f.Funcs), len(f.Unlowered), f.Errors)
	}
	rs, err = Explore(context.Background(), unit, f.Unlowered, opt)
	if err != nil {
		t.Fatal(err)
	}
	h, err := Render(unit, rs, "pbcc gen libcalls.c")
	if err != nil {
		t.Fatal(err)
	}
	return dir, rs, h.Content
}

// TestExplore searches functions the model cannot lower (strtol,
// snprintf, qsort, strstr, exit, casts from void *) on the real code:
// their harness passes, gcov finds every branch of theirs taken, the
// call reading past its buffer is left out, counted, and a second search
// writes the same harness.
func TestExplore(t *testing.T) {
	needGCC(t)
	if testing.Short() {
		t.Skip("builds and runs C")
	}
	dir, rs, src := exploreUnit(t, DefaultExplore)
	for _, r := range rs {
		if len(r.Cases) == 0 {
			t.Errorf("%s: no case: %s", r.Func.Name, r.NoCase)
		}
		if !strings.HasPrefix(r.Approximation, "searched on the real code only: ") {
			t.Errorf("%s: approximation %q", r.Func.Name, r.Approximation)
		}
	}
	if a := rs[5].Approximation; !strings.Contains(a, "AddressSanitizer") && !strings.Contains(a, "segmentation") {
		t.Errorf("checksum: the calls reading past p are not said: %q", a)
	}
	path := filepath.Join(dir, "libcalls_pbcc_test.c")
	os.WriteFile(path, src, 0o644)
	cov, out, err := Measure(context.Background(), path)
	if err != nil {
		t.Fatalf("the harness fails: %v\n%s\n%s", err, out, src)
	}
	for _, name := range []string{"parse_port", "digits", "median", "keyword", "checksum", "record", "main"} {
		c := cov[name]
		if c.Branches == 0 || c.Taken != c.Branches {
			t.Errorf("%s: %d of %d branches taken (gcov): %v", name, c.Taken, c.Branches, c.Uncovered)
		}
	}
	if !strings.Contains(string(src), "exit(3)") {
		t.Errorf("keyword's exit(3) has no case:\n%s", src)
	}
	// record changes the struct it is given: compared after the call.
	if !strings.Contains(string(src), `"t->total"`) {
		t.Errorf("record's struct is not compared after the call:\n%s", src)
	}
	// median sorts its array: the harness compares it after the call.
	if !strings.Contains(string(src), "a_after[]") {
		t.Errorf("median's array is not compared after the call:\n%s", src)
	}
	// The same unit, the same harness.
	if _, _, again := exploreUnit(t, DefaultExplore); !bytes.Equal(src, again) {
		t.Errorf("two searches wrote different harnesses:\n%s\n----\n%s", src, again)
	}
}

// TestDropFailing leaves out the cases a harness's FAIL lines name, by
// the names the harness gives them (repeated names numbered).
func TestDropFailing(t *testing.T) {
	f := &ir.Func{Name: "f"}
	g := &ir.Func{Name: "g"}
	rs := []*gen.Result{
		{Func: f, Cases: []gen.Case{{Name: "x>0"}, {Name: "x>0"}, {Name: "x<=0"}}},
		{Func: g, Cases: []gen.Case{{Name: "x>0"}}},
	}
	out := "FAIL f/x>0 (2): result = 1, want 2\nFAIL g/y: result = 1, want 2\n3 passed, 2 failed\n"
	dropped := DropFailing(rs, out)
	if !slices.Equal(dropped, []string{"f/x>0 (2)"}) {
		t.Errorf("dropped %q, want f/x>0 (2)", dropped)
	}
	if len(rs[0].Cases) != 2 || rs[0].Cases[1].Name != "x<=0" || len(rs[1].Cases) != 1 {
		t.Errorf("cases left: %+v %+v", rs[0].Cases, rs[1].Cases)
	}
}

// TestActsOnMachine: a function that may change files or run commands is
// not searched, one that only opens files for reading is.
func TestActsOnMachine(t *testing.T) {
	src := `#include <stdio.h>
#include <stdlib.h>
int reads(const char *name) { int x = 0; FILE *f = fopen(name, "rb"); if (f == NULL) return -1; if (fscanf(f, "%d", &x) != 1) x = -2; fclose(f); return x; }
int writes(const char *name) { FILE *f = fopen(name, "w"); int n; if (f == NULL || sscanf(name, "%d", &n) != 1) return -1; fclose(f); return n; }
int runs(const char *cmd) { int n; if (sscanf(cmd, "%d", &n) == 1) return n; return system(cmd); }
int calls(const char *s) { return runs(s) + 1; }
`
	path := filepath.Join(t.TempDir(), "unit.c")
	os.WriteFile(path, []byte(src), 0o644)
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"reads": "", "writes": "fopen", "runs": "system", "calls": "system"}
	if len(f.Unlowered) != len(want) {
		t.Fatalf("%d functions unlowered, want %d: %v", len(f.Unlowered), len(want), f.Errors)
	}
	for _, fn := range f.Unlowered {
		got := firstOf(namesReached(fn.Src.(*FuncInfo), f.Unlowered), machineCalls)
		if got != want[fn.Name] {
			t.Errorf("%s: acts on the machine through %q, want %q", fn.Name, got, want[fn.Name])
		}
	}
}

// TestUnitState: an unlowered function's cases run in a child each only
// when the unit has variables a call may change (not a struct's members,
// not a const table).
func TestUnitState(t *testing.T) {
	for _, c := range []struct {
		src  string
		want bool
	}{
		{"struct s { int a; long b; };\nconst int table[] = {1, 2};\n", false},
		{"int counter;\n", true},
		{"static int calls(void) { static int n; return ++n; }\n", true},
	} {
		src := "#include <stdlib.h>\n" + c.src + "int f(const char *s) { return (int)strtol(s, NULL, 10); }\n"
		path := filepath.Join(t.TempDir(), "unit.c")
		os.WriteFile(path, []byte(src), 0o644)
		f, err := Load(path)
		if err != nil {
			t.Fatal(err)
		}
		var got *FuncInfo
		for _, fn := range f.Unlowered {
			if fn.Name == "f" {
				got = fn.Src.(*FuncInfo)
			}
		}
		if got == nil || got.Static != c.want {
			t.Errorf("%q: state %v, want %v", c.src, got != nil && got.Static, c.want)
		}
	}
}

// TestEndsWithoutValue: the functions gcc finds may return no value
// though declared to, whose results the search on the real code does not
// check (the value is whatever the last call left: strtol's, for a
// mutant of libcalls.c's record without its last return).
func TestEndsWithoutValue(t *testing.T) {
	needGCC(t)
	src := `#include <stdlib.h>
int falls(const char *s) { long v = strtol(s, NULL, 10); if (v > 3) return 1; }
int bare(int x) { if (x) return 1; return; }
int full(int x) { if (x) return 1; return 0; }
void none(int x) { (void)x; }
int main(void) { if (falls("4")) return 2; }
`
	path := filepath.Join(t.TempDir(), "unit.c")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got := endsWithoutValue(context.Background(), path)
	want := map[string]bool{"falls": true, "bare": true, "main": true}
	if !maps.Equal(got, want) {
		t.Errorf("endsWithoutValue = %v, want %v", got, want)
	}
	if testing.Short() {
		return
	}
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	var fs []*ir.Func
	for _, fn := range f.Unlowered {
		if fn.Name == "falls" {
			fs = append(fs, fn)
		}
	}
	if len(fs) != 1 {
		t.Fatalf("falls is not among the unlowered functions: %v", f.Errors)
	}
	rs, err := Explore(context.Background(), path, fs, DefaultExplore)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs[0].Cases) < 2 {
		t.Fatalf("falls: %d cases, want both of its paths: %s", len(rs[0].Cases), rs[0].NoCase)
	}
	for _, c := range rs[0].Cases {
		if len(c.Outputs) != 0 {
			t.Errorf("falls: case %v checks a result %v, which is indeterminate on one path", c.Inputs, c.Outputs)
		}
	}
}
