package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPinnedTable: a generated test a person moves into a test file of
// their own (to edit a case, or to keep it as it is) is theirs: the next
// gen neither searches its function nor writes its table again, says so,
// and the package's tests still compile and pass. The other tables are
// written as before.
func TestPinnedTable(t *testing.T) {
	t.Parallel() // processes of its own: beside the other long tests
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := newModule(t, "errs")
	if code, _, stderr := pbccProcess(t, dir, "gen", "./errs"); code != 0 {
		t.Fatalf("pbcc gen exited %d:\n%s", code, stderr)
	}
	path := filepath.Join(dir, "errs", "errs_pbcc_test.go")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	gf, err := parseGenFile(path, data)
	if err != nil {
		t.Fatal(err)
	}
	fetch, ok := gf.tables["Fetch"]
	if !ok {
		t.Fatalf("no table of Fetch in:\n%s", data)
	}
	// The person's file: Fetch's test, a case name edited, with the
	// imports it needs.
	mine := "package errs\n\nimport (\n"
	for name, p := range fetch.imports {
		mine += "\t" + name + " " + `"` + p + `"` + "\n"
	}
	mine += ")\n\n" + strings.Replace(fetch.test, `{name: "`, `{name: "mine_`, 1)
	if err := os.WriteFile(filepath.Join(dir, "errs", "mine_test.go"), []byte(mine), 0o644); err != nil {
		t.Fatal(err)
	}

	code, stdout, stderr := pbccProcess(t, dir, "gen", "-json", "-force", "./errs")
	if code != 0 {
		t.Fatalf("pbcc gen exited %d:\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "Fetch: its test TestFetchPBCC in mine_test.go is the package's own: left as it is, not searched again") {
		t.Errorf("gen does not say that Fetch is pinned:\n%s", stderr)
	}
	if strings.Contains(stdout, `"func":"errs.Fetch"`) {
		t.Errorf("Fetch was searched again:\n%s", stdout)
	}
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got, err := parseGenFile(path, after)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := got.tables["Fetch"]; ok {
		t.Errorf("the generated file still has Fetch's table")
	}
	for _, name := range gf.names {
		if _, ok := got.tables[name]; !ok && name != "Fetch" {
			t.Errorf("the table of %s is gone", name)
		}
	}
	cmd := exec.Command("go", "test", "-count=1", "./errs")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("go test: %v\n%s", err, out)
	}
}
