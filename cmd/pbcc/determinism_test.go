package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestDeterminism: pbcc gen, run three times from scratch on the same
// packages, with 1 and with 4 workers, writes byte-identical test files
// (issue 9: three runs on real code gave three files). The packages are
// diverse: a search on the real code for what the model lacks
// (unmodelled), floats (floatclass), closures and function values
// (closure), recursion (recursion). The generated files are removed
// before each run, so that no run keeps another's tables; the three runs
// go at once, each in a module of its own, so that they also differ in
// timing.
func TestDeterminism(t *testing.T) {
	if testing.Short() {
		t.Skip("runs pbcc gen three times, with go test")
	}
	// Only subprocesses and directories of its own: it runs beside the
	// other parallel tests, after the others.
	t.Parallel()
	pkgs := []string{"unmodelled", "floatclass", "closure", "recursion"}
	workers := []string{"1", "4", "4"}
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
	wg.Wait()
	files := make([]map[string][]byte, len(workers))
	for i := range workers {
		if codes[i] != 0 {
			t.Fatalf("run %d (PBCC_WORKERS=%s) exited %d:\n%s", i+1, workers[i], codes[i], outs[i])
		}
		files[i] = map[string][]byte{}
		for path, data := range generated(t, dirs[i]) {
			rel, _ := filepath.Rel(dirs[i], path)
			files[i][rel] = data
		}
	}
	if len(files[0]) != len(pkgs) {
		t.Fatalf("run 1 wrote %d files, want %d (one per package)", len(files[0]), len(pkgs))
	}
	for i := 1; i < len(workers); i++ {
		for path, want := range files[0] {
			got, ok := files[i][path]
			switch {
			case !ok:
				t.Errorf("run %d (PBCC_WORKERS=%s) wrote no %s", i+1, workers[i], path)
			case !bytes.Equal(want, got):
				t.Errorf("run %d (PBCC_WORKERS=%s) wrote another %s than run 1 (PBCC_WORKERS=1):\n%s", i+1, workers[i], path, lineDiff(want, got))
			}
		}
		if len(files[i]) != len(files[0]) {
			t.Errorf("run %d wrote %d files, run 1 %d", i+1, len(files[i]), len(files[0]))
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
