package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestFuncKeepsOtherTables: gen -func regenerates only the tables it
// selects; every other function keeps its table (an edited one too) and
// its header line, and the imports they need stay.
func TestFuncKeepsOtherTables(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := newModule(t, "errs")
	if code, _, stderr := pbcc(t, dir, "gen", "./errs"); code != 0 {
		t.Fatalf("pbcc gen exited %d:\n%s", code, stderr)
	}
	path := filepath.Join(dir, "errs", "errs_pbcc_test.go")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// Mark a case of Fetch, which -func selects, and one of Cause, which
	// it does not.
	mark := func(src, test, name string) string {
		t.Helper()
		i := strings.Index(src, "func "+test+"(")
		re := regexp.MustCompile(`\{name: "[^"]+"`)
		loc := re.FindStringIndex(src[i:])
		if i < 0 || loc == nil {
			t.Fatalf("no case in %s:\n%s", test, src)
		}
		return src[:i+loc[0]] + `{name: "` + name + `"` + src[i+loc[1]:]
	}
	edited := mark(mark(string(data), "TestFetchPBCC", "marked_fetch"), "TestCausePBCC", "marked_cause")
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	before, err := parseGenFile(path, []byte(edited))
	if err != nil {
		t.Fatal(err)
	}

	code, stdout, stderr := pbcc(t, dir, "gen", "-json", "-func", "^Fetch$", "./errs")
	if code != 0 {
		t.Fatalf("pbcc gen -func exited %d:\n%s%s", code, stdout, stderr)
	}
	if n := strings.Count(stdout, "\n"); n != 1 || !strings.Contains(stdout, `"func":"errs.Fetch"`) {
		t.Errorf("want one summary, of Fetch:\n%s", stdout)
	}
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got, err := parseGenFile(path, after)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(got.names, " ") != strings.Join(before.names, " ") {
		t.Errorf("functions %q, want %q", got.names, before.names)
	}
	if strings.Join(got.preamble, "\n") != strings.Join(before.preamble, "\n") {
		t.Errorf("the header's command changed: %q, was %q", got.preamble, before.preamble)
	}
	for _, name := range before.names {
		if name == "Fetch" {
			continue
		}
		if got.tables[name].claim != before.tables[name].claim || got.tables[name].test != before.tables[name].test {
			t.Errorf("the table of %s changed:\n--- before\n%s\n%s\n--- after\n%s\n%s", name,
				before.tables[name].claim, before.tables[name].test, got.tables[name].claim, got.tables[name].test)
		}
	}
	if strings.Contains(got.tables["Fetch"].test, "marked_fetch") || got.tables["Fetch"].test == "" {
		t.Errorf("Fetch's table was not regenerated:\n%s", got.tables["Fetch"].test)
	}
	vet := exec.Command("go", "vet", "./errs")
	vet.Dir = dir
	if out, err := vet.CombinedOutput(); err != nil {
		t.Errorf("go vet on the merged file: %v\n%s\n%s", err, out, after)
	}

	code, _, stderr = pbcc(t, dir, "gen", "-func", "^Nope$", "./errs")
	if code != 0 || !strings.Contains(stderr, "-func ^Nope$ selects none of its 12 functions; nothing written") {
		t.Errorf("pbcc gen -func matching nothing: exit %d, %s", code, stderr)
	}
}
