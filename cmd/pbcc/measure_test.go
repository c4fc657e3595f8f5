package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOwnTestsMeasured: a branch that only a hand-written test takes (it
// sets a package variable, which pbcc's tests never assign) counts as
// covered. The check of the generated tests writes a coverage profile
// that the measurement reuses when they are all the package's tests
// (writeTests): it must not stand for a package that has others. Without
// the hand-written test, the same branch is not covered.
func TestOwnTestsMeasured(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	t.Parallel()
	dir, _, _ := incModule(t, `package inc

var mode int

func F(x int) int {
	if mode == 7 {
		return x
	}
	return 0
}
`)
	own := filepath.Join(dir, "inc", "own_test.go")
	if err := os.WriteFile(own, []byte(`package inc

import "testing"

func TestMode(t *testing.T) {
	mode = 7
	defer func() { mode = 0 }()
	if F(3) != 3 {
		t.Fatal("F(3) with mode 7")
	}
}
`), 0o644); err != nil {
		t.Fatal(err)
	}
	covered := func(what string) int {
		t.Helper()
		code, stdout, stderr := pbccProcess(t, dir, "gen", "-json", "-force", "./inc")
		if code != 0 {
			t.Fatalf("%s: pbcc gen exited %d:\n%s%s", what, code, stdout, stderr)
		}
		sc := bufio.NewScanner(strings.NewReader(stdout))
		for sc.Scan() {
			var s funcSummary
			if err := json.Unmarshal(sc.Bytes(), &s); err != nil {
				t.Fatalf("%s: bad JSON line %q: %v", what, sc.Text(), err)
			}
			if s.Func == "inc.F" {
				if s.NotMeasured != "" {
					t.Fatalf("%s: not measured: %s", what, s.NotMeasured)
				}
				return s.Covered
			}
		}
		t.Fatalf("%s: no summary of inc.F:\n%s", what, stdout)
		return 0
	}
	if got := covered("with the hand-written test"); got != 2 {
		t.Errorf("with the hand-written test: %d of F's 2 branches covered, want 2", got)
	}
	if err := os.Remove(own); err != nil {
		t.Fatal(err)
	}
	if got := covered("without it"); got != 1 {
		t.Errorf("without the hand-written test: %d of F's 2 branches covered, want 1", got)
	}
}
