package main

import (
	"os/exec"
	"strings"
	"testing"
)

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"4GiB", 4 << 30, true},
		{"512MiB", 512 << 20, true},
		{"2GB", 2e9, true},
		{"1.5G", 3 << 29, true},
		{"1000000", 1e6, true},
		{"0", 0, false},
		{"-1GiB", 0, false},
		{"lots", 0, false},
		{"", 0, false},
	} {
		got, err := parseSize(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("parseSize(%q) = %d, %v; want %d, ok %v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

// TestMemoryCeiling: past -mem the searches end as their time budget
// would; the run says so, the open branches say "memory budget spent",
// and the file written still compiles and passes (the search on the real
// code, a separate process, still finds cases).
func TestMemoryCeiling(t *testing.T) {
	t.Parallel() // processes and directories of its own
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := newModule(t, "errs")
	code, stdout, stderr := pbcc(t, dir, "gen", "-json", "-mem", "1MiB", "./errs")
	if code != 0 {
		t.Fatalf("pbcc gen -mem 1MiB exited %d:\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "passed its memory ceiling (-mem 1MiB)") {
		t.Errorf("the run does not say it passed its memory ceiling:\n%s", stderr)
	}
	if !strings.Contains(stdout, "memory budget spent") {
		t.Errorf("no branch is left open for memory:\n%s", stdout)
	}
	cmd := exec.Command("go", "test", "-count=1", "./errs")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("go test: %v\n%s", err, out)
	}
	if code, _, stderr := pbcc(t, dir, "gen", "-mem", "lots", "./errs"); code != 2 || !strings.Contains(stderr, `-mem: "lots" is not a size`) {
		t.Errorf("-mem lots: exit %d, want 2 and a usage error:\n%s", code, stderr)
	}
}
