package emit

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestAddGoCmpKeepsGoLine: adding go-cmp leaves the module's go line (or
// its absence) as it was: the version added is the newest whose go line
// the module's allows, and go.mod gains the require line only.
func TestAddGoCmpKeepsGoLine(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command (module cache or proxy)")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is unavailable")
	}
	t.Setenv("GOWORK", "off")
	for _, tt := range []struct{ goLine, want string }{
		{"go 1.12\n", "v0.5.6"},
		{"", "v0.6.0"}, // no go line: go 1.16 for the go command
		{"go 1.20\n", "v0.6.0"},
		{"go 1.21.0\n", "v0.7.0"},
		{"go 1.26\n", "v0.7.0"},
	} {
		dir := t.TempDir()
		before := "module example.com/x\n\n" + tt.goLine
		if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(before), 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := AddGoCmp(dir)
		if err != nil {
			t.Fatalf("%q: %v", tt.goLine, err)
		}
		if c == nil || c.Version != tt.want {
			t.Fatalf("%q: AddGoCmp = %v, want version %s", tt.goLine, c, tt.want)
		}
		after, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err != nil {
			t.Fatal(err)
		}
		want := strings.TrimRight(before, "\n") + "\n\nrequire github.com/google/go-cmp " + tt.want + "\n"
		if tt.goLine == "" {
			want = "module example.com/x\n\nrequire github.com/google/go-cmp " + tt.want + "\n"
		}
		if string(after) != want {
			t.Errorf("%q: go.mod is\n%s\nwant\n%s", tt.goLine, after, want)
		}
		if !strings.Contains(c.String(), "nothing else changed") {
			t.Errorf("the change is not said plainly: %s", c)
		}
		// The module builds and vets its tests with go-cmp, offline.
		src := "package x\n\nimport \"github.com/google/go-cmp/cmp\"\n\nvar _ = cmp.Diff\n"
		if err := os.WriteFile(filepath.Join(dir, "x_test.go"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		vet := exec.Command("go", "vet", ".")
		vet.Dir = dir
		vet.Env = append(os.Environ(), "GOFLAGS=-mod=readonly", "GOPROXY=off")
		if out, err := vet.CombinedOutput(); err != nil {
			t.Errorf("%q: go vet with the go-cmp added: %v\n%s", tt.goLine, err, out)
		}
		if again, err := AddGoCmp(dir); err != nil || again != nil {
			t.Errorf("%q: AddGoCmp again = %v, %v; want nil, nil", tt.goLine, again, err)
		}
	}
}

func TestGoVersionLE(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"1.13", "1.16", true}, {"1.21", "1.20", false}, {"1.21", "1.21.0", true},
		{"1.21", "1.21rc1", true}, {"1.8", "1.12", true}, {"1.13", "1.12", false},
	} {
		if got := goVersionLE(tt.a, tt.b); got != tt.want {
			t.Errorf("goVersionLE(%s, %s) = %v", tt.a, tt.b, got)
		}
	}
}

// TestAddGoCmpSums: a module that requires go-cmp already but whose
// go.sum lacks its checksums gets them, and only them (every generated
// table was left out: "missing go.sum entry"); a second call changes
// nothing.
func TestAddGoCmpSums(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command (module cache or proxy)")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is unavailable")
	}
	t.Setenv("GOWORK", "off")
	dir := t.TempDir()
	gomod := "module example.com/x\n\ngo 1.21\n\nrequire github.com/google/go-cmp v0.6.0\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := AddGoCmp(dir)
	if err != nil {
		t.Fatal(err)
	}
	if c == nil || !c.Required || c.GoSum == 0 {
		t.Fatalf("AddGoCmp = %v, want the go.sum lines of go-cmp v0.6.0 added", c)
	}
	sum, err := os.ReadFile(filepath.Join(dir, "go.sum"))
	if err != nil || !strings.Contains(string(sum), "github.com/google/go-cmp v0.6.0 h1:") {
		t.Fatalf("go.sum: %q, %v", sum, err)
	}
	if after, _ := os.ReadFile(filepath.Join(dir, "go.mod")); string(after) != gomod {
		t.Errorf("go.mod changed:\n%s", after)
	}
	if c, err := AddGoCmp(dir); c != nil || err != nil {
		t.Errorf("second AddGoCmp = %v, %v; want nothing to do", c, err)
	}
}
