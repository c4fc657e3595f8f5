package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbcc/pbcc/cbridge"
)

// TestRunTimeout: loops without exit do not hold the run past -timeout
// (issue 9: "func F() { for {} }" ran past 20 s with -timeout 3s, "if x >
// 3 { for {} }" 606 s in the tree walk). The replay of inputs that enter
// such a loop stops at its step budget, the branch is reported, the
// other branches and functions get their cases, and the file written
// compiles and passes.
func TestRunTimeout(t *testing.T) {
	if testing.Short() {
		t.Skip("runs pbcc for seconds, then go test")
	}
	// Only subprocesses and directories of its own: it runs beside the
	// other parallel tests, after the others.
	t.Parallel()
	dir := newModule(t)
	src := "package a\n\nfunc Spin(x int) int {\n\tif x > 3 {\n\t\tfor {\n\t\t}\n\t}\n\treturn x\n}\n\n" +
		"func Forever() {\n\tfor {\n\t}\n}\n\n" +
		"func Sign(x int) int {\n\tif x > 0 {\n\t\treturn 1\n\t}\n\treturn 0\n}\n"
	if err := os.MkdirAll(filepath.Join(dir, "a"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a", "a.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	code, stdout, stderr := pbccProcess(t, dir, "gen", "-timeout", "3s", "./a")
	took := time.Since(start)
	if code != 0 {
		t.Errorf("exit %d, want 0:\n%s%s", code, stdout, stderr)
	}
	if took > 10*time.Second { // 3s, and the time to start and stop on a loaded machine
		t.Errorf("pbcc gen -timeout 3s took %v", took)
	}
	if !strings.Contains(stdout, "a/a.go:4:5 x > 3 true: timeout: the replay of the inputs found does not end") {
		t.Errorf("Spin's loop is not reported:\n%s", stdout)
	}
	for _, want := range []string{"] a.Spin  1/2 branches by the search", "] a.Sign  2/2 branches by the search",
		"] a.Forever  0/0 branches by the search  0 cases (its call does not end: a loop without exit)"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("no %q on stderr:\n%s", want, stderr)
		}
	}
	// Forever has no branch and no case: not "all covered", but why.
	if !strings.Contains(stdout, "Forever  0/0 branches (no case)") || !strings.Contains(stdout, "\tno case: its call does not end: a loop without exit\n") {
		t.Errorf("Forever's summary does not say it has no case, and why:\n%s", stdout)
	}
	header, err := os.ReadFile(filepath.Join(dir, "a", "a_pbcc_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "// pbcc: Forever: 0 branches, 0 cases, 0 goals (unconstrained edges); no case: its call does not end: a loop without exit.\n"; !strings.Contains(string(header), want) {
		t.Errorf("the header does not say %q:\n%s", want, header)
	}
	// The rerun keeps the table and reads the reason back from the header.
	code, stdout, stderr = pbccProcess(t, dir, "gen", "-json", "./a")
	if code != 0 || !strings.Contains(stdout, `"func":"a.Forever"`) || !strings.Contains(stdout, `"no_case":"its call does not end: a loop without exit"`) {
		t.Errorf("pbcc gen -json: exit %d, Forever without its no_case:\n%s%s", code, stdout, stderr)
	}
	test := exec.Command("go", "test", "./a")
	test.Dir = dir
	if out, err := test.CombinedOutput(); err != nil {
		t.Errorf("the tests written do not pass: %v\n%s", err, out)
	}
}

// TestFuncTimeoutKeepsTable: a search cut short by its budget never
// replaces a table that covers more.
func TestFuncTimeoutKeepsTable(t *testing.T) {
	t.Parallel() // processes and directories of its own
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := newModule(t, "dead")
	if code, _, stderr := pbcc(t, dir, "gen", "./dead"); code != 0 {
		t.Fatalf("pbcc gen exited %d:\n%s", code, stderr)
	}
	path := filepath.Join(dir, "dead", "dead_pbcc_test.go")
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := pbcc(t, dir, "gen", "-force", "-func-timeout", "1ns", "./dead")
	if code != 0 {
		t.Fatalf("pbcc gen -func-timeout 1ns exited %d:\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "Dead: the time budget ended with 0 branches covered; kept the table already there, made to cover 3") {
		t.Errorf("pbcc does not say it kept the table:\n%s", stderr)
	}
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Errorf("a run out of time changed the tables:\n--- before\n%s\n--- after\n%s", before, after)
	}
	for _, bad := range [][]string{{"-timeout", "0"}, {"-timeout", "-1s"}, {"-func-timeout", "0"}} {
		code, _, stderr := pbcc(t, dir, append(append([]string{"gen"}, bad...), "./dead")...)
		if code != 2 || !strings.Contains(stderr, "must be positive") {
			t.Errorf("pbcc gen %s: exit %d, %s; want 2, must be positive", strings.Join(bad, " "), code, stderr)
		}
	}
}

// TestBudgetFairShare: a function gets at most -func-timeout and at most
// shareSlack fair shares of the time left, so that the last ones get
// theirs.
func TestBudgetFairShare(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
	defer cancel()
	b := newBudget(time.Minute, 16, 1)
	_, c1, d1 := b.next(ctx, 0)
	defer c1()
	if got, want := time.Until(d1), 40*time.Second*shareSlack/16; got > want || got < want-time.Second {
		t.Errorf("first of 16 functions in 40s: %v, want %v", got, want)
	}
	b = newBudget(time.Minute, 5, 1)
	_, c5, d5 := b.next(ctx, 0)
	defer c5()
	if got, want := time.Until(d5), 40*time.Second-40*time.Second*4/10; got > want || got < want-time.Second {
		t.Errorf("first of 5 functions in 40s: %v, want %v (the 4 others keep half a fair share each)", got, want)
	}
	b = newBudget(3*time.Second, 4, 2)
	_, c2, d2 := b.next(ctx, 0)
	defer c2()
	if got := time.Until(d2); got > 3*time.Second || got < 2*time.Second {
		t.Errorf("-func-timeout 3s: %v", got)
	}
	b = newBudget(time.Minute, 4, 2)
	for i := range 3 {
		_, c, _ := b.next(ctx, i)
		defer c()
	}
	_, c3, d3 := b.next(ctx, 3)
	defer c3()
	if got := time.Until(d3); got < 39*time.Second {
		t.Errorf("the last function, 2 workers: %v, want all the time left", got)
	}
}

// TestNotMeasured: when the run's budget ends before the measurement,
// the summary says "not measured" and why, not "not covered by the
// tests", and the run is no failure. The budget ends there through a
// hook (beforeMeasure): with a short -timeout instead, how long the
// steps before take on a loaded machine decided where it ended (it ended
// in the loading of the package, exit 2, in a make test at 9741431).
// The package has a test of its own: without one, the check of the
// generated tests before they are written measures them already.
func TestNotMeasured(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := newModule(t, "dead")
	own := "package dead\n\nimport \"testing\"\n\nfunc TestOwn(t *testing.T) {}\n"
	if err := os.WriteFile(filepath.Join(dir, "dead", "own_test.go"), []byte(own), 0o644); err != nil {
		t.Fatal(err)
	}
	beforeMeasure = func(ctx context.Context) context.Context {
		ended, cancel := context.WithDeadline(ctx, time.Now())
		t.Cleanup(cancel)
		return ended
	}
	t.Cleanup(func() { beforeMeasure = nil })
	code, stdout, stderr := pbccHere(t, dir, "gen", "./dead")
	if code != 0 {
		t.Errorf("exit %d, want 0:\n%s", code, stderr)
	}
	if !strings.Contains(stdout, "not measured: the run's time budget (-timeout) ended before the measurement did") ||
		strings.Contains(stdout, "not by the tests on the real code") {
		t.Errorf("the summary does not say the coverage was not measured:\n%s", stdout)
	}
	if _, err := os.Stat(filepath.Join(dir, "dead", "dead_pbcc_test.go")); err != nil {
		t.Errorf("the tests were not written: %v", err)
	}
}

// TestExploreLoop: on the real code too (a function pbcc's model does not
// support is searched by calling it), inputs on which the call does not
// return are left out and said, and the search goes on around them: it
// finds the branch that returns.
func TestExploreLoop(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	// Only subprocesses and directories of its own: it runs beside the
	// other parallel tests, after the others.
	t.Parallel()
	dir := newModule(t)
	src := "package ex\n\nfunc G(x int) int {\n\t_ = make(chan int)\n\tif x > 3 {\n\t\tfor {\n\t\t}\n\t}\n\treturn x\n}\n"
	if err := os.MkdirAll(filepath.Join(dir, "ex"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "ex", "ex.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	code, stdout, stderr := pbccProcess(t, dir, "gen", "./ex")
	if took := time.Since(start); took > 30*time.Second {
		t.Errorf("pbcc gen took %v", took)
	}
	if code != 0 || !strings.Contains(stdout, "ex/ex.go  G  1/2 branches") {
		t.Errorf("exit %d, want 0 and x <= 3 covered:\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "did not return in time (a loop without exit?)") {
		t.Errorf("the calls that did not return are not reported:\n%s", stderr)
	}
}

// TestNotMeasuredBuild: when the package's own tests do not build, the
// generated tests cannot be checked nor measured: they are written all
// the same, and the JSON says "not measured" and why, never that the
// tests on the real code miss the branches.
func TestNotMeasuredBuild(t *testing.T) {
	t.Parallel() // processes and directories of its own
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := newModule(t, "dead")
	broken := "package dead\n\nimport \"testing\"\n\nfunc TestBroken(t *testing.T) { undefinedThing() }\n"
	if err := os.WriteFile(filepath.Join(dir, "dead", "broken_test.go"), []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := pbcc(t, dir, "gen", "-json", "./dead")
	if code != 2 {
		t.Errorf("exit %d, want 2 (the package's tests do not build):\n%s", code, stderr)
	}
	if !strings.Contains(stdout, `"not_measured":"the package's tests do not build (broken_test.go:5:33: undefined: undefinedThing)"`) ||
		strings.Contains(stdout, "not by the tests on the real code") {
		t.Errorf("the JSON does not say the coverage was not measured:\n%s", stdout)
	}
	if _, err := os.Stat(filepath.Join(dir, "dead", "dead_pbcc_test.go")); err != nil {
		t.Errorf("the generated tests were not written: %v\n%s", err, stderr)
	}
}

// TestWorkBudgetEndsSearch: a function whose search passes its work
// budget (here one block of trees and replays) ends there, its open
// branches saying so, and the tests written are the same with 1 worker
// as with 2: the budget counts work, not time.
func TestWorkBudgetEndsSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs C harnesses")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc")
	}
	defer func(n int64) { funcSteps = n }(funcSteps)
	funcSteps = 1
	var first []byte
	for _, w := range []string{"1", "2"} {
		t.Setenv("PBCC_WORKERS", w)
		dir := copyC(t, "kr.c")
		code, stdout, stderr := pbccHere(t, dir, "gen", "-json", "kr.c")
		if code != 0 {
			t.Fatalf("PBCC_WORKERS=%s: pbcc gen exited %d:\n%s%s", w, code, stdout, stderr)
		}
		if !strings.Contains(stdout, `"reason":"timeout: work budget spent"`) {
			t.Errorf("PBCC_WORKERS=%s: no branch left open for the work budget:\n%s", w, stdout)
		}
		got, err := os.ReadFile(filepath.Join(dir, cbridge.TestFileName("kr.c")))
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = got
		} else if !bytes.Equal(first, got) {
			t.Errorf("PBCC_WORKERS=2 wrote another harness than PBCC_WORKERS=1:\n%s", lineDiff(first, got))
		}
	}
}

// TestModelContextLeavesHalf: under a run's deadline, the model's
// searches of a package with functions searched on the real code only
// end by half the time left to the searches (go-humanize under -timeout
// 45s: 35 s of model searches, 2 s left for its 19 skipped functions);
// without skipped functions, or without a deadline, they keep it all.
func TestModelContextLeavesHalf(t *testing.T) {
	cfg := &genConfig{timeout: 40 * time.Second}
	for _, tc := range []struct {
		skipped  int
		deadline bool
		want     time.Duration // from now to the context's deadline
	}{
		{0, true, 40 * time.Second},
		{3, true, 25 * time.Second}, // (40 s - 10 s reserve) / 2 + the 10 s generate keeps
		{3, false, 0},
	} {
		ctx := context.Background()
		if tc.deadline {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, 40*time.Second)
			defer cancel()
		}
		mctx, mcancel := modelContext(ctx, cfg, tc.skipped)
		dl, ok := mctx.Deadline()
		mcancel()
		if !tc.deadline {
			if ok {
				t.Errorf("skipped %d, no run deadline: a deadline %v", tc.skipped, time.Until(dl))
			}
			continue
		}
		if got := time.Until(dl); got > tc.want || got < tc.want-time.Second {
			t.Errorf("skipped %d: the model's searches end in %v, want %v", tc.skipped, got.Round(time.Second), tc.want)
		}
	}
}
