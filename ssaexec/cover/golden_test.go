package cover

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBranchesGolden lists the branches of testdata/sample against
// testdata/sample.golden (go test -run Golden -update rewrites it).
func TestBranchesGolden(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("testdata", "sample"))
	if err != nil {
		t.Fatal(err)
	}
	bs, err := Branches(dir)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, br := range bs {
		rel, err := filepath.Rel(dir, br.Pos.File)
		if err != nil || !filepath.IsAbs(br.Pos.File) {
			t.Fatalf("Pos.File %q is not an absolute path under %s", br.Pos.File, dir)
		}
		if br.Covered || br.By != "" {
			t.Errorf("Branches decided %v", br)
		}
		fmt.Fprintf(&b, "%s:%d:%d %s %s [%s]\n", rel, br.Pos.Line, br.Pos.Col, br.Func, br.Outcome, br.Text)
	}
	golden := filepath.Join("testdata", "sample.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != string(want) {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}

func TestBranchesErrors(t *testing.T) {
	if _, err := Branches(t.TempDir()); err == nil {
		t.Error("Branches of a directory without a package: no error")
	}
	dir := writeModule(t, map[string]string{"m.go": "package m\n\nfunc F() int { return \"x\" }\n"})
	_, err := Branches(dir)
	if err == nil || !strings.Contains(err.Error(), "m.go:3:") {
		t.Errorf("Branches of an ill-typed package: err = %v, want one naming m.go:3", err)
	}
}

// TestMeasureSample runs the sample's own test on the instrumented copy:
// the rewrite of every construct in it compiles and the two measurements
// agree.
func TestMeasureSample(t *testing.T) {
	t.Parallel()
	dir, err := filepath.Abs(filepath.Join("testdata", "sample"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := measure(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	crossCheck(t, m)
	covered := 0
	for _, b := range branches(m.pkg, m.sites, m.decisions()) {
		if b.Covered {
			covered++
		}
	}
	if covered == 0 || covered == 2*len(m.sites) {
		t.Errorf("covered %d of %d branches: the sample's test covers some, not all", covered, 2*len(m.sites))
	}
}

// TestInstrumentGolden shows the rewrite of testdata/sample against
// testdata/sample.instrumented.golden.
func TestInstrumentGolden(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("testdata", "sample"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := load(context.Background(), dir, goEnv(nil))
	if err != nil {
		t.Fatal(err)
	}
	files, rec, err := instrument(p, findSites(p), false)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || len(rec) == 0 {
		t.Fatalf("instrumented %d files, recorder of %d bytes; want 1 file and a recorder", len(files), len(rec))
	}
	got := files[0]
	if n, m := strings.Count(string(got), "\n"), strings.Count(string(p.Srcs[0]), "\n"); n != m {
		t.Errorf("the rewrite has %d lines, the source %d: line numbers moved", n, m)
	}
	golden := filepath.Join("testdata", "sample.instrumented.golden")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
