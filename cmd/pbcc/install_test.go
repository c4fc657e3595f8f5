package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The README's install, go:generate and C coverage lines, which
// TestFirstSteps runs as written.
const (
	readmeInstall  = "go install ./cmd/pbcc"
	readmeGenerate = "//go:generate pbcc gen ."
	readmeCBuild   = "gcc -std=c11 -Wall --coverage -c wc_pbcc_test.c && gcc --coverage wc_pbcc_test.o -o wc_test && ./wc_test"
	readmeGcov     = "gcov -b wc_pbcc_test.c"
)

// TestFirstSteps does what the README tells a new user to do, outside
// this repository: install pbcc from the clone, put the go:generate line
// in a fresh module of their own that does not require go-cmp, run go
// generate, go test and pbcc check there; and measure a C harness with
// the README's gcc and gcov lines.
func TestFirstSteps(t *testing.T) {
	if testing.Short() {
		t.Skip("installs pbcc and runs go generate in a fresh module")
	}
	// Only subprocesses and directories of its own: it runs beside the
	// other parallel tests, after the others.
	t.Parallel()
	root := repoRoot(t)
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{readmeInstall, readmeGenerate, readmeCBuild, readmeGcov} {
		if !strings.Contains(string(readme), l) {
			t.Errorf("the README does not say %q: this test runs what it says", l)
		}
	}

	bin := t.TempDir()
	env := append(os.Environ(), "GOBIN="+bin, "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "GOWORK=off", "GOFLAGS=")
	sh := func(dir, line string) string {
		t.Helper()
		cmd := exec.Command("sh", "-c", line)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("in %s: %s: %v\n%s", dir, line, err, out)
		}
		return string(out)
	}
	sh(root, readmeInstall)
	if out := sh(root, "pbcc help"); !strings.Contains(out, "# pbcc gen") {
		t.Errorf("pbcc help does not print the manual:\n%s", out)
	}

	mod := t.TempDir()
	goMod := "module example.com/fresh\n\ngo 1.22\n"
	src := "package fresh\n\n" + readmeGenerate + "\n\n// Grade is a grade's letter.\nfunc Grade(score int) string {\n\tif score >= 90 {\n\t\treturn \"A\"\n\t}\n\tif score >= 50 {\n\t\treturn \"B\"\n\t}\n\treturn \"C\"\n}\n"
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte(goMod), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mod, "fresh.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out := sh(mod, "go generate ./...")
	if !strings.Contains(out, "added require github.com/google/go-cmp") {
		t.Errorf("pbcc does not say it added go-cmp:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(mod, "fresh_pbcc_test.go")); err != nil {
		t.Fatalf("go generate wrote no tests: %v\n%s", err, out)
	}
	after, err := os.ReadFile(filepath.Join(mod, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(after), goMod) || strings.Count(string(after), "go 1.") != 1 {
		t.Errorf("go.mod changed beyond the go-cmp requirement:\n%s", after)
	}
	sh(mod, "go vet ./... && go test ./...")
	if out := sh(mod, "pbcc check ./..."); !strings.Contains(out, "every branch the generated tests were made to cover is covered") {
		t.Errorf("pbcc check in the fresh module:\n%s", out)
	}

	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc for the C steps")
	}
	cdir := copyC(t, "wc.c")
	sh(cdir, "pbcc gen wc.c")
	if out := sh(cdir, readmeCBuild); !strings.Contains(out, "passed, 0 failed") {
		t.Errorf("the harness did not pass:\n%s", out)
	}
	out = sh(cdir, readmeGcov)
	if !strings.Contains(out, "File 'wc.c'") || !strings.Contains(out, "Taken at least once:100.00%") {
		t.Errorf("gcov did not measure wc.c's branches:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(cdir, "wc.c.gcov")); err != nil {
		t.Error(err)
	}
}
