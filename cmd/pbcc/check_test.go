package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/ssaexec/cover"
	"github.com/pbcc/pbcc/ssaexec/emit"
)

// TestCheckGate: pbcc check cannot pass on failing tests, and the branches
// gen proved unreachable never count against -min.
func TestCheckGate(t *testing.T) {
	t.Parallel() // processes and directories of its own
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := newModule(t, "dead")
	code, _, stderr := pbcc(t, dir, "gen", "./dead")
	if code != 0 {
		t.Fatalf("pbcc gen exited %d:\n%s", code, stderr)
	}
	// gen says, function by function, what it is doing.
	// (In the order the searches end: with PBCC_WORKERS=2, any.)
	if !strings.Contains(stderr, "/2] dead.Dead  3/4 branches by the search, 1 unreachable") || !strings.Contains(stderr, "pbcc: [2/2] ") {
		t.Errorf("no progress line for Dead on stderr:\n%s", stderr)
	}

	// Dead's "x < 3" true cannot be taken: 9 of 10 branches are covered,
	// and that is 100% of those that can be.
	var stdout string
	code, stdout, stderr = pbcc(t, dir, "check", "-min", "100", "./dead")
	if code != 0 {
		t.Fatalf("pbcc check -min 100 exited %d, want 0:\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "9/9 branches (100.0%), 1 more proved unreachable (not counted)") {
		t.Errorf("pbcc check -min 100 does not report the unreachable branch apart:\n%s", stdout)
	}

	// A profile that is not one is an input error, never a pass.
	profiles := t.TempDir()
	var bad []string
	for name, content := range map[string]string{"garbage.out": "garbage\n", "empty.out": "", "binary.out": "\x7fELF\x02\x01\x01\x00\x00\xff\xfe"} {
		path := filepath.Join(profiles, name)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		bad = append(bad, path)
	}
	for _, prof := range append(bad, t.TempDir()) {
		code, stdout, stderr := pbcc(t, dir, "check", "-coverprofile", prof, "./dead")
		if code != 2 || !strings.Contains(stderr, prof) {
			t.Errorf("pbcc check -coverprofile %s: exit %d, want 2 naming it:\n%s%s", prof, code, stdout, stderr)
		}
	}

	// A generated test that fails fails the gate, whatever the threshold,
	// and is named.
	path := filepath.Join(dir, "dead", "dead_pbcc_test.go")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile(`\{name: "([^"]+)", x: \d+, want: 1\}`)
	m := row.FindSubmatch(data)
	if m == nil {
		t.Fatalf("no case of Dead wanting 1 in\n%s", data)
	}
	broken := strings.Replace(string(data), string(m[0]), strings.Replace(string(m[0]), "want: 1", "want: 7", 1), 1)
	if err := os.WriteFile(path, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	failing := "TestDeadPBCC/" + string(m[1])
	for _, args := range [][]string{{"check", "./dead"}, {"check", "-min", "0", "./dead"}, {"check", "-json", "./dead"}} {
		code, stdout, stderr := pbcc(t, dir, args...)
		if code != 1 {
			t.Errorf("pbcc %s on a failing test exited %d, want 1:\n%s%s", strings.Join(args, " "), code, stdout, stderr)
		}
		want := failing
		if args[1] == "-json" {
			q, _ := json.Marshal(failing)
			want = string(q)
		}
		if !strings.Contains(stdout, want) {
			t.Errorf("pbcc %s does not name the failing test %s:\n%s", strings.Join(args, " "), failing, stdout)
		}
	}
}

func TestFailedTests(t *testing.T) {
	out := `--- FAIL: TestA (0.00s)
    --- FAIL: TestA/L3_x>5_true (0.00s)
        a_test.go:9: mismatch
FAIL
--- FAIL: TestA (0.00s)
    --- FAIL: TestA/L3_x>5_true (0.00s)
FAIL
FAIL	example.com/a	0.01s
`
	names, build := failedTests(out)
	if strings.Join(names, " ") != "TestA TestA/L3_x>5_true" || build {
		t.Errorf("failedTests = %q, %v", names, build)
	}
	if _, build := failedTests("FAIL\texample.com/a [build failed]\n"); !build {
		t.Error("a build failure is not seen")
	}
}

// TestCheckGateC: for C too, the branches gen proved unreachable do not
// count against -min, the default threshold is what gen covered, and a
// missing unit is named.
func TestCheckGateC(t *testing.T) {
	t.Parallel() // processes and directories of its own
	if testing.Short() {
		t.Skip("compiles C")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc")
	}
	dir := copyC(t, "ints.c")
	if code, _, stderr := pbcc(t, dir, "gen", "ints.c"); code != 0 {
		t.Fatalf("pbcc gen ints.c exited %d:\n%s", code, stderr)
	}
	// nonzero's "!x == 0" false cannot be taken.
	code, stdout, stderr := pbcc(t, dir, "check", "-min", "100", "ints.c")
	if code != 0 || !strings.Contains(stdout, "1 more proved unreachable (not counted)") {
		t.Errorf("pbcc check -min 100 ints.c: exit %d, want 0 with the unreachable branch apart:\n%s%s", code, stdout, stderr)
	}
	// Without -min, the threshold is what gen covered, as for Go.
	code, stdout, stderr = pbcc(t, dir, "check", "ints.c")
	if code != 0 || !strings.Contains(stdout, "every branch the generated tests were made to cover is covered") {
		t.Errorf("pbcc check ints.c: exit %d, want 0:\n%s%s", code, stdout, stderr)
	}
	// Drop wrap's second case: its branch is no longer taken.
	harness := filepath.Join(dir, "ints_pbcc_test.c")
	data, err := os.ReadFile(harness)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	for i, l := range lines {
		if strings.Contains(l, "wrap_cases[] = {") {
			lines = append(lines[:i+2], lines[i+3:]...)
			break
		}
	}
	if err := os.WriteFile(harness, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = pbcc(t, dir, "check", "ints.c")
	if code != 1 || !strings.Contains(stdout, ": wrap: branch") || strings.Contains(stdout, ": mix: branch") {
		t.Errorf("pbcc check on a reduced harness: exit %d, want 1 naming wrap's branches only:\n%s%s", code, stdout, stderr)
	}
	code, _, stderr = pbcc(t, dir, "check", "-min", "50", "nonexist.c")
	if code != 2 || !strings.Contains(stderr, "nonexist.c: no such file") {
		t.Errorf("pbcc check nonexist.c: exit %d, want 2 naming the file:\n%s", code, stderr)
	}
}

// TestBoundedUnreachableCounts: only a branch gen proved unreachable for
// any bound is excused from -min; one unreachable within the iteration
// bound or the bound on input lengths may be reachable (google/uuid's
// MustParse success branch was "unreachable within k=8") and counts, gen's
// reason quoted.
func TestBoundedUnreachableCounts(t *testing.T) {
	claims := map[string]emit.Claim{"F": {Func: "F", NotCovered: []emit.Uncovered{
		{File: "f.go", Line: 3, Col: 5, Outcome: "true", Reason: "unreachable"},
		{File: "f.go", Line: 4, Col: 5, Outcome: "true", Reason: "unreachable within k=3"},
		{File: "f.go", Line: 5, Col: 5, Outcome: "false", Reason: "unreachable with inputs of at most 8 elements (-len)"},
		{File: "f.go", Line: 6, Col: 5, Outcome: "true", Reason: "timeout: time budget spent"},
	}}}
	for _, tc := range []struct {
		line    int
		outcome string
		proved  bool
		reason  string
	}{
		{3, "true", true, ""},
		{3, "false", false, ""},
		{4, "true", false, "unreachable within k=3"},
		{5, "false", false, "unreachable with inputs of at most 8 elements (-len)"},
		{6, "true", false, ""},
	} {
		b := cover.Branch{Func: "m.F", Pos: ir.Pos{File: "/x/f.go", Line: tc.line, Col: 5}, Outcome: tc.outcome}
		if got := provedUnreachable(b, claims); got != tc.proved {
			t.Errorf("line %d %s: provedUnreachable = %v, want %v", tc.line, tc.outcome, got, tc.proved)
		}
		if got := genReason(b, claims); got != tc.reason {
			t.Errorf("line %d %s: genReason = %q, want %q", tc.line, tc.outcome, got, tc.reason)
		}
	}
}
