package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCFuncKeepsOtherTables: gen -func on a C unit whose harness tests
// other functions keeps their cases (issue 9: "-func regenerates only
// what it selects and keeps every other table"): the harness is the one
// a run without -func writes, but for the command and hash lines.
func TestCFuncKeepsOtherTables(t *testing.T) {
	t.Parallel() // processes and directories of its own
	if testing.Short() {
		t.Skip("runs gcc")
	}
	dir := copyC(t, "switch_fall.c")
	harness := filepath.Join(dir, "switch_fall_pbcc_test.c")
	if code, _, stderr := pbcc(t, dir, "gen", "switch_fall.c"); code != 0 {
		t.Fatalf("pbcc gen exited %d:\n%s", code, stderr)
	}
	whole, err := os.ReadFile(harness)
	if err != nil {
		t.Fatal(err)
	}
	code, _, stderr := pbcc(t, dir, "gen", "-func", "^score$", "switch_fall.c")
	if code != 0 {
		t.Fatalf("pbcc gen -func exited %d:\n%s", code, stderr)
	}
	if !strings.Contains(stderr, "days, which -func does not select, is searched again to keep its cases") {
		t.Errorf("stderr does not say the other functions are searched again:\n%s", stderr)
	}
	one, err := os.ReadFile(harness)
	if err != nil {
		t.Fatal(err)
	}
	// Lines 2 and 3: the command and the hash, which -func changes.
	body := func(b []byte) []byte { return b[bytes.IndexByte(b, '\n')+1:] }
	a, b := body(body(body(whole))), body(body(body(one)))
	if !bytes.Equal(a, b) {
		t.Errorf("the harness after -func differs from the whole one:\n%s", lineDiff(whole, one))
	}
	if !bytes.Contains(one, []byte("pbcc_run_days();")) {
		t.Errorf("days' cases are gone:\n%s", one)
	}
}
