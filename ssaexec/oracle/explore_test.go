package oracle

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// TestSideEffect checks that the search on the real code leaves alone
// the functions that would act on the machine, directly or through a
// callee, and runs the others.
func TestSideEffect(t *testing.T) {
	const src = `package p

import "os"

func Clean(dir string) error { return os.RemoveAll(dir) }
func viaCallee(dir string) error { return Clean(dir + "/x") }
func Home() string { return os.Getenv("HOME") }
func Pure(n int) int { if n > 0 { return n }; return -n }
func Later() func() { return func() { os.Exit(1) } }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset,
		types.NewPackage("p", "p"), []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"Clean": "os.RemoveAll", "viaCallee": "os.RemoveAll", "Home": "", "Pure": "", "Later": "os.Exit",
	} {
		if got := sideEffect(pkg.Func(name)); got != want {
			t.Errorf("sideEffect(%s) = %q, want %q", name, got, want)
		}
	}
}
