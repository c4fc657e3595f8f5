package oracle

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pbcc/pbcc/ssaexec/oracle/pbccrt"
)

func TestHungExit(t *testing.T) {
	if pbccrt.HungExit != hungExit {
		t.Errorf("pbccrt.HungExit = %d, oracle's hungExit = %d", pbccrt.HungExit, hungExit)
	}
}

// TestRuntimeFor: pbccrt is a module required through -modfile, with a go
// line no newer than the module's, unless the module cannot require it
// that way; then its files are added to the package. Nothing in the
// module's directory is written.
func TestRuntimeFor(t *testing.T) {
	for _, tc := range []struct {
		name    string
		files   map[string]string
		goflags string
		why     string // "" for the module
		goLine  string // the module's go line, for the module
	}{
		{name: "module", files: map[string]string{"go.mod": "module m\n\ngo 1.23\n"}, goLine: "go 1.22"},
		{name: "old go line", files: map[string]string{"go.mod": "module m\n\ngo 1.21\n"}},
		{name: "no go line", files: map[string]string{"go.mod": "module m\n"}},
		{name: "workspace", files: map[string]string{"go.mod": "module m\n\ngo 1.23\n", "go.work": "go 1.23\n\nuse .\n"}, why: "workspace"},
		{name: "vendored", files: map[string]string{"go.mod": "module m\n\ngo 1.23\n", "vendor/modules.txt": ""}, why: "vendored"},
		{name: "GOFLAGS", files: map[string]string{"go.mod": "module m\n\ngo 1.23\n"}, goflags: "-trimpath -mod=vendor", why: "GOFLAGS"},
		{name: "-mod=mod", files: map[string]string{"go.mod": "module m\n\ngo 1.23\n"}, goflags: "-mod=mod -count=1", goLine: "go 1.22"},
		{name: "modcacherw", files: map[string]string{"go.mod": "module m\n\ngo 1.23\n"}, goflags: "-modcacherw", goLine: "go 1.22"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("GOFLAGS", tc.goflags)
			t.Setenv("GOWORK", "")
			dir, tmp := t.TempDir(), t.TempDir()
			tc.files["m.go"] = "package m\n"
			for name, text := range tc.files {
				os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755)
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			rt, err := runtimeFor(context.Background(), dir, "m", tmp)
			if err != nil {
				t.Fatal(err)
			}
			if tc.why != "" {
				if rt.P != "pbccrt" || rt.Import != "" || len(rt.flags) != 0 || !strings.Contains(rt.why, tc.why) {
					t.Errorf("runtime %+v, want its files in the package, because of %s", rt, tc.why)
				}
				if len(rt.files) == 0 {
					t.Error("no files of pbccrt added to the package")
				}
				for path, text := range rt.files {
					if filepath.Dir(path) != dir || !strings.HasSuffix(path, "_test.go") || !regexp.MustCompile(`(?m)^package m$`).Match(text) {
						t.Errorf("%s: not a test file of package m", path)
					}
				}
			} else {
				if rt.P != "pbccrt." || rt.why != "" || len(rt.files) != 0 || len(rt.flags) != 1 {
					t.Fatalf("runtime %+v (%s), want the module", rt, rt.why)
				}
				mod, err := os.ReadFile(strings.TrimPrefix(rt.flags[0], "-modfile="))
				if err != nil {
					t.Fatal(err)
				}
				_, rtDir, ok := strings.Cut(string(mod), rtModule+" => ")
				if !ok {
					t.Fatalf("the module file requires no pbccrt:\n%s", mod)
				}
				rtMod, err := os.ReadFile(filepath.Join(strings.TrimSpace(rtDir), "go.mod"))
				if err != nil {
					t.Fatal(err)
				}
				if got := strings.Contains(string(rtMod), "\ngo "); got != (tc.goLine != "") || tc.goLine != "" && !strings.Contains(string(rtMod), tc.goLine) {
					t.Errorf("pbccrt's go.mod:\n%s\nwant go line %q", rtMod, tc.goLine)
				}
			}
			entries, _ := os.ReadDir(dir)
			if len(entries) != len(tc.files) && !(tc.name == "vendored" && len(entries) == 3) {
				var names []string
				for _, e := range entries {
					names = append(names, e.Name())
				}
				t.Errorf("the module's directory holds %v: pbcc wrote into it", names)
			}
		})
	}
}

// TestExploreInline: the search runs as well with pbccrt's files added to
// the package as with its module (a module in a workspace).
func TestExploreInline(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := t.TempDir()
	t.Setenv("GOWORK", "")
	targets := writeTargets(t, dir, map[string]string{"go.mod": "module p\n\ngo 1.23\n", "go.work": "go 1.23\n\nuse .\n", "p.go": `package p

func Sign(x int) int {
	if x > 1000 {
		return 1
	}
	if x < -7 {
		return -1
	}
	return 0
}
`})
	ex, err := Explore(context.Background(), dir, "p", targets, DefaultExplore)
	if err != nil {
		t.Fatal(err)
	}
	got := map[int64]bool{}
	for _, e := range ex {
		if e.Stop != "" && e.Stop != "time budget" {
			t.Errorf("%s: the search stopped: %s", e.Result.Func.Name, e.Stop)
		}
		for _, c := range e.Result.Cases {
			got[c.Outputs[0].Int64()] = true
		}
	}
	if !got[1] || !got[-1] || !got[0] {
		t.Errorf("results of Sign's cases: %v, want 1, -1 and 0", got)
	}
}
