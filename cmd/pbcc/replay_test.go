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
)

// TestRealRunCorrectsTheModel breaks two of the model's semantics on
// purpose, as a slip in pbcc's executor would (the message of a write to
// a nil map taken for a nil dereference's, an addition off by one where
// it overflows), and checks that the expected values written are the real
// code's: the emitted tests pass and every corrected case is counted.
func TestRealRunCorrectsTheModel(t *testing.T) {
	dir := newModule(t)
	src := `package slip

// Put stores 1 under k in an empty m; a nil m makes it panic.
func Put(m map[string]int, k string) int {
	if m == nil || len(m) == 0 {
		m[k] = 1
		return len(m)
	}
	return 0
}

// Add adds a and b when a is large, as int8 does: wrapping.
func Add(a, b int8) int8 {
	if a > 100 {
		return a + b
	}
	return 0
}
`
	if err := os.MkdirAll(filepath.Join(dir, "slip"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "slip", "slip.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	broken := 0
	afterSearch = func(rs []*funcResult) {
		for _, fr := range rs {
			for i := range fr.r.Cases {
				c := &fr.r.Cases[i]
				switch {
				case c.Panic != "":
					c.Panic = ir.CheckNil.String()
					broken++
				case len(c.Outputs) == 1:
					c.Outputs[0].Bits = (c.Outputs[0].Bits + 1) & 0xff
					broken++
				}
			}
		}
	}
	t.Cleanup(func() { afterSearch = nil })
	code, stdout, stderr := pbccHere(t, dir, "gen", "-json", "./slip")
	if code != 0 {
		t.Fatalf("pbcc gen: exit %d\n%s", code, stderr)
	}
	mismatches := 0
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		var s funcSummary
		if err := json.Unmarshal([]byte(line), &s); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		if s.ModelMismatch == nil {
			t.Fatalf("%s: no model_mismatch in %s", s.Func, line)
		}
		mismatches += *s.ModelMismatch
		if s.Unverified != 0 {
			t.Errorf("%s: %d cases not verified on the real code", s.Func, s.Unverified)
		}
	}
	if broken == 0 || mismatches != broken {
		t.Errorf("model_mismatch adds up to %d, want the %d cases broken", mismatches, broken)
	}
	data, err := os.ReadFile(filepath.Join(dir, "slip", "slip_pbcc_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "assignment to entry in nil map") {
		t.Errorf("the nil map case does not expect Go's own message:\n%s", data)
	}
	cmd := exec.Command("go", "test", "./slip")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("the emitted tests fail on the real code: %v\n%s\n%s", err, out, data)
	}
}

// TestFailingCaseLeftOut breaks expected values after the real run, as a
// function that does not give the same result twice would: the case that
// fails is kept, checking only that the call does not panic (unstable),
// named on stderr, and the file written passes.
func TestFailingCaseLeftOut(t *testing.T) {
	dir := newModule(t, "trityp")
	afterReplay = func(rs []*funcResult) {
		for _, fr := range rs {
			if fr.r.Func.Name == "trityp.Trityp" && len(fr.r.Cases) > 2 {
				fr.r.Cases[1].Outputs[0].Bits += 10
			}
		}
	}
	t.Cleanup(func() { afterReplay = nil })
	code, _, stderr := pbccHere(t, dir, "gen", "./trityp")
	if code != 0 {
		t.Fatalf("pbcc gen: exit %d\n%s", code, stderr)
	}
	if !strings.Contains(stderr, "Trityp: case") || !strings.Contains(stderr, "gives other results on the real code from run to run; kept") {
		t.Errorf("stderr does not name the failing case:\n%s", stderr)
	}
	written, err := os.ReadFile(filepath.Join(dir, "trityp", "trityp_pbcc_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(written), "unstable: true"); n != 1 {
		t.Errorf("%d cases marked unstable, want the one broken:\n%s", n, written)
	}
	cmd := exec.Command("go", "test", "./trityp")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("the emitted tests fail: %v\n%s", err, out)
	}
}

// TestHungCallRestartsTheSearch: a call that never returns ends the
// search's process (its goroutine would keep a core busy, here a mutex
// too) and the search starts again, in a new process, with the next
// function, which still gets its cases.
func TestHungCallRestartsTheSearch(t *testing.T) {
	t.Parallel() // processes and directories of its own
	dir := newModule(t)
	src := `package hang

import "sync"

var mu sync.Mutex

// Spin never returns for 7, and holds mu meanwhile. (A channel keeps
// Spin and Later out of pbcc's model: they are searched on the real
// code.)
func Spin(n int) int {
	_ = make(chan int)
	mu.Lock()
	for n == 7 {
	}
	mu.Unlock()
	if n > 3 {
		return 1
	}
	return 0
}

// Later needs mu: in the process where Spin hung, it would hang too.
func Later(x int) int {
	_ = make(chan int)
	mu.Lock()
	defer mu.Unlock()
	if x > 5 {
		return 1
	}
	return 0
}
`
	if err := os.MkdirAll(filepath.Join(dir, "hang"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "hang", "hang.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := pbcc(t, dir, "gen", "./hang")
	if code != 0 {
		t.Fatalf("pbcc gen: exit %d\n%s", code, stderr)
	}
	if !regexp.MustCompile(`Spin: the search on the real code: \d call\(s\) did not return in time`).MatchString(stderr) {
		t.Errorf("stderr does not say Spin's search stopped:\n%s", stderr)
	}
	if strings.Contains(stderr, "Later: the search on the real code:") || !strings.Contains(stdout, "Later  2/2 branches") {
		t.Errorf("Later is not covered by a search in a new process:\n%s\n%s", stdout, stderr)
	}
}
