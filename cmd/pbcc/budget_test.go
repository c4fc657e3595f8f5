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
)

// TestRunTimeout: a function whose search never ends (a loop without
// exit, which the replay runs forever) does not hold the run past
// -timeout: it is reported out of time, the other function gets its
// table, and the file written compiles and passes.
func TestRunTimeout(t *testing.T) {
	if testing.Short() {
		t.Skip("runs pbcc for seconds, then go test")
	}
	dir := newModule(t)
	src := "package a\n\nfunc Spin(x int) int {\n\tif x > 3 {\n\t\tfor {\n\t\t}\n\t}\n\treturn x\n}\n\n" +
		"func Sign(x int) int {\n\tif x > 0 {\n\t\treturn 1\n\t}\n\treturn 0\n}\n"
	if err := os.MkdirAll(filepath.Join(dir, "a"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a", "a.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	code, stdout, stderr := pbccProcess(t, dir, "gen", "-timeout", "8s", "./a")
	took := time.Since(start)
	if code != 0 {
		t.Errorf("exit %d, want 0:\n%s%s", code, stdout, stderr)
	}
	if took > 10*time.Second {
		t.Errorf("pbcc gen -timeout 8s took %v", took)
	}
	if !strings.Contains(stdout, "a/a.go:4:5 x > 3 true: timeout: time budget spent") {
		t.Errorf("Spin's branches are not reported out of time:\n%s", stdout)
	}
	if !strings.Contains(stdout, "Sign  2/2 branches") {
		t.Errorf("Sign did not get its table:\n%s", stdout)
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
// its share of the time left, so that the last ones get theirs.
func TestBudgetFairShare(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
	defer cancel()
	b := newBudget(time.Minute, 4, 1)
	_, c1, d1 := b.next(ctx, 0)
	defer c1()
	if got := time.Until(d1); got > 10*time.Second || got < 9*time.Second {
		t.Errorf("first of 4 functions in 40s: %v, want 10s", got)
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
// tests", and the run is no failure.
func TestNotMeasured(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := newModule(t, "dead")
	code, stdout, stderr := pbcc(t, dir, "gen", "-timeout", "300ms", "./dead")
	if code != 0 {
		t.Errorf("exit %d, want 0:\n%s", code, stderr)
	}
	if !strings.Contains(stdout, "not measured: the run's time budget (-timeout) ended before the measurement did") ||
		strings.Contains(stdout, "not by the tests on the real code") {
		t.Errorf("the summary does not say the coverage was not measured:\n%s", stdout)
	}
}
