package cbridge

import (
	"bytes"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pbcc/pbcc/internal/cmutate"
)

var placed = regexp.MustCompile(`^[^ ]+\.c:\d+:\d+: `)

// checkMutant loads one mutant and checks that the front end neither
// crashes nor reports a bug of its own, and that each error names
// file:line:col.
func checkMutant(t *testing.T, path string, src []byte) {
	t.Helper()
	f, err := Load(path)
	if err != nil {
		msg := strings.TrimPrefix(err.Error(), filepath.Dir(path)+"/")
		if strings.Contains(msg, "a bug of pbcc") {
			t.Errorf("%s", msg)
		}
		for _, l := range strings.Split(msg, "\n") {
			if !placed.MatchString(l) && !strings.HasPrefix(l, "\t") && !strings.HasPrefix(l, " ") {
				t.Errorf("an error that names no file:line:col: %q\nof:\n%s", l, src)
				break
			}
		}
		return
	}
	for _, e := range f.Errors {
		if strings.Contains(e.Error(), "a bug of pbcc") || !e.(*Error).Pos.IsValid() {
			t.Errorf("%v\nof:\n%s", e, src)
		}
	}
}

// TestLoadMutants loads mutants of every C testdata unit (a CI-sized
// batch; the seed is fixed, so a failure reproduces): the front end must
// give either functions or errors naming file:line, never crash.
func TestLoadMutants(t *testing.T) {
	files, _ := filepath.Glob("../testdata/c/*.c")
	rng := rand.New(rand.NewSource(11))
	dir := t.TempDir()
	n := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k < 8; k++ {
			m := cmutate.Mutate(src, rng)
			if bytes.Equal(m, src) {
				continue
			}
			path := filepath.Join(dir, "mutant.c")
			if err := os.WriteFile(path, m, 0o644); err != nil {
				t.Fatal(err)
			}
			checkMutant(t, path, m)
			n++
		}
	}
	t.Logf("%d mutants", n)
}

// FuzzLoad: go test -fuzz FuzzLoad ./cbridge explores further from the
// testdata units; go test runs the seeds.
func FuzzLoad(f *testing.F) {
	files, _ := filepath.Glob("../testdata/c/*.c")
	for _, file := range files {
		if src, err := os.ReadFile(file); err == nil {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		path := filepath.Join(t.TempDir(), "fuzz.c")
		if err := os.WriteFile(path, src, 0o644); err != nil {
			t.Fatal(err)
		}
		checkMutant(t, path, src)
	})
}

// TestLoadCCPanic: cc/v4's parser panics on this file (the remains of
// replace.c's mutant with a closing brace deleted, cut down by delta
// debugging): the error is gcc's, naming file:line, not a bug of pbcc.
func TestLoadCCPanic(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ccpanic.c")
	src, err := os.ReadFile("testdata/ccpanic.c")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(path); err == nil {
		t.Fatalf("Load of a broken file: no error")
	}
	checkMutant(t, path, src)
}
