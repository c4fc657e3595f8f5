package ssaexec

import (
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"testing"

	"github.com/pbcc/pbcc/internal/goroot"
)

// TestParseFileStd: parseFile leaves out the bodies of the standard
// library's functions but those the lowering follows (strings), those
// go/types needs (generic functions and methods, an init's is empty),
// and makes blank only the imports nothing left uses, so that the
// package still type-checks (Load's tests load every testdata package
// through it).
func TestParseFileStd(t *testing.T) {
	src := filepath.Join(goroot.Dir(), "src")
	for _, tc := range []struct {
		file            string
		stripped        bool
		kept            []string // functions that keep their bodies
		blank, notBlank []string // import paths
	}{
		{file: "strings/strings.go", stripped: false},
		{file: "slices/slices.go", stripped: false},
		{file: "fmt/print.go", stripped: true, blank: []string{"internal/fmtsort", "os"}, notBlank: []string{"io", "reflect", "sync"}},
		{file: "sync/atomic/type.go", stripped: true, kept: []string{"Load", "Store", "Swap", "CompareAndSwap"}},
		{file: "os/proc.go", stripped: true, kept: []string{"init"}},
	} {
		path := filepath.Join(src, filepath.FromSlash(tc.file))
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parseFile(token.NewFileSet(), path, data)
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		withBody := map[string]bool{}
		bodies := 0
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				withBody[fd.Name.Name] = true
				bodies++
			}
		}
		if !tc.stripped && bodies == 0 {
			t.Errorf("%s: no function keeps its body; the lowering follows this package", tc.file)
		}
		if tc.stripped && len(tc.kept) == 0 && bodies > 0 {
			t.Errorf("%s: %d functions keep their bodies, want none", tc.file, bodies)
		}
		for _, name := range tc.kept {
			if !withBody[name] {
				t.Errorf("%s: %s lost its body", tc.file, name)
			}
		}
		blank := map[string]bool{}
		for _, imp := range f.Imports {
			blank[imp.Path.Value[1:len(imp.Path.Value)-1]] = imp.Name != nil && imp.Name.Name == "_"
		}
		for _, p := range tc.blank {
			if !blank[p] {
				t.Errorf("%s: import %q not made blank", tc.file, p)
			}
		}
		for _, p := range tc.notBlank {
			if blank[p] {
				t.Errorf("%s: import %q made blank, yet a declaration uses it", tc.file, p)
			}
		}
	}
	if _, err := parseFile(token.NewFileSet(), "/work/m/m.go", []byte("package m\n\nimport \"fmt\"\n\nfunc F() { fmt.Println() }\n")); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkLoad loads and lowers the testdata's Go packages, most of the
// time of a pbcc run that searches nothing (a no-op rerun).
func BenchmarkLoad(b *testing.B) {
	root, err := filepath.Abs("..")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Load(root, "./testdata/go/..."); err != nil {
			b.Fatal(err)
		}
	}
}
