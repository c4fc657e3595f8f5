package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// TestDeterminism: pbcc gen, run three times from scratch on the same
// packages, with the default workers (all cores), 1 and 4, writes
// byte-identical test files (issue 9: three runs on real code gave three
// files). The packages are diverse: a search on the real code for what
// the model lacks (unmodelled), floats (floatclass), closures and
// function values (closure), recursion (recursion). Each run starts from
// no generated file, in a module of its own (the first is TestTestdata's,
// of every testdata package), and they go at once, so that they also
// differ in timing.
func TestDeterminism(t *testing.T) {
	if testing.Short() {
		t.Skip("runs pbcc gen three times, with go test")
	}
	// Only subprocesses and directories of its own: it runs beside the
	// other parallel tests, after the others.
	t.Parallel()
	pkgs := []string{"unmodelled", "floatclass", "closure", "recursion"}
	// The first run is TestTestdata's (every package, the default
	// workers: all cores), the two others are this test's own.
	workers := []string{"1", "4"}
	dirs := make([]string, len(workers))
	for i := range dirs {
		dirs[i] = newModule(t, pkgs...)
	}
	outs := make([]string, len(workers))
	codes := make([]int, len(workers))
	var wg sync.WaitGroup
	for i, w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(os.Args[0], "gen", "./...")
			cmd.Dir = dirs[i]
			cmd.Env = append(os.Environ(), "PBCC_TEST_AS_PBCC=1", "PBCC_WORKERS="+w)
			out, _ := cmd.CombinedOutput()
			outs[i], codes[i] = string(out), cmd.ProcessState.ExitCode()
		}()
	}
	first := runTestdata(t)
	wg.Wait()
	if first.code != 0 {
		t.Fatalf("run 1 (TestTestdata's, default workers) exited %d:\n%s", first.code, first.stderr)
	}
	want := map[string][]byte{}
	for rel, data := range first.files(t) {
		if slices.Contains(pkgs, strings.Split(filepath.ToSlash(rel), "/")[0]) {
			want[rel] = data
		}
	}
	if len(want) != len(pkgs) {
		t.Fatalf("run 1 wrote %d files in %s, want %d (one per package)", len(want), strings.Join(pkgs, ", "), len(pkgs))
	}
	for i := range workers {
		if codes[i] != 0 {
			t.Fatalf("run %d (PBCC_WORKERS=%s) exited %d:\n%s", i+2, workers[i], codes[i], outs[i])
		}
		got := map[string][]byte{}
		for path, data := range generated(t, dirs[i]) {
			rel, _ := filepath.Rel(dirs[i], path)
			got[rel] = data
		}
		for path, w := range want {
			g, ok := got[path]
			switch {
			case !ok:
				t.Errorf("run %d (PBCC_WORKERS=%s) wrote no %s", i+2, workers[i], path)
			case !bytes.Equal(w, g):
				t.Errorf("run %d (PBCC_WORKERS=%s) wrote another %s than run 1 (default workers):\n%s", i+2, workers[i], path, lineDiff(w, g))
			}
		}
		if len(got) != len(want) {
			t.Errorf("run %d wrote %d files, run 1 %d", i+2, len(got), len(want))
		}
	}
}

// lineDiff returns the first lines where a and b differ, for a message.
func lineDiff(a, b []byte) string {
	al, bl := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	var out []string
	for i := 0; i < max(len(al), len(bl)) && len(out) < 10; i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			out = append(out, "- "+x, "+ "+y)
		}
	}
	return strings.Join(out, "\n")
}
