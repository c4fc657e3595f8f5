package oracle

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// TestSideEffect checks that the search on the real code leaves alone
// the functions that would act on the machine, directly or through a
// callee, and runs the others.
func TestSideEffect(t *testing.T) {
	pkg := buildPackage(t, sideEffectSrc)
	for name, want := range map[string]string{
		"Clean": "os.RemoveAll", "viaCallee": "os.RemoveAll", "Home": "", "Pure": "", "Later": "os.Exit",
	} {
		if got := sideEffect(pkg.Func(name)); got != want {
			t.Errorf("sideEffect(%s) = %q, want %q", name, got, want)
		}
	}
}

// TestDictionaryReadsGlobals checks that the words the search splices
// into strings include the constants the package stores into the
// variables the function reads (a map literal's keys, a slice literal's
// elements), not those of variables it does not read, and the digits of
// an overflow bound.
func TestDictionaryReadsGlobals(t *testing.T) {
	pkg := buildPackage(t, `package p

var unitMap = map[string]uint64{"ms": 1e6, "h": 36e11}
var names = []string{"zero", "one"}
var unread = map[string]int{"elsewhere": 1}
var ops map[string]int

func init() {
	ops = map[string]int{"~>": 1}
}

func Parse(s string) (uint64, bool) {
	var x uint64
	for _, c := range []byte(s) {
		if x > 1<<63/10 {
			return 0, false
		}
		x = x*10 + uint64(c-'0')
	}
	if names[0] == s {
		return 0, true
	}
	u, ok := unitMap[s]
	return x * u * uint64(ops[s]), ok
}
`)
	d := dictionary(pkg.Func("Parse"))
	for _, w := range []string{`"ms"`, `"h"`, `"zero"`, `"one"`, `"~>"`, `"922337203685477580"`} {
		if !slices.Contains(d.strs, w) {
			t.Errorf("the dictionary's words %v lack %s", d.strs, w)
		}
	}
	if slices.Contains(d.strs, `"elsewhere"`) {
		t.Errorf("the dictionary's words %v have a constant of a variable Parse does not read", d.strs)
	}
}

// TestDictionaryLengths: the constants a function compares a length
// with (a switch on len(b), len(s) < 3, 3 > len(s)) are the lengths the
// search gives strings and slices; a constant compared with a value that
// is not a length, or past 64, is not one.
func TestDictionaryLengths(t *testing.T) {
	pkg := buildPackage(t, `package p

func ParseBytes(b []byte, s string, n int) int {
	switch len(b) {
	case 36:
		return 1
	case 36 + 9:
		return 2
	case 32:
		return 3
	}
	if len(s) < 3 || 8 > len(s) || len(s) == 100 {
		return 4
	}
	if n == 7 {
		return 5
	}
	return 0
}

func Plain(n int) bool { return n > 12 }
`)
	if got, want := dictionary(pkg.Func("ParseBytes")).lens, []string{"3", "8", "32", "36", "45"}; !slices.Equal(got, want) {
		t.Errorf("ParseBytes: lengths %v, want %v", got, want)
	}
	if got := dictionary(pkg.Func("Plain")).lens; len(got) != 0 {
		t.Errorf("Plain: lengths %v, want none (n is not a length)", got)
	}
}

const sideEffectSrc = `package p

import "os"

func Clean(dir string) error { return os.RemoveAll(dir) }
func viaCallee(dir string) error { return Clean(dir + "/x") }
func Home() string { return os.Getenv("HOME") }
func Pure(n int) int { if n > 0 { return n }; return -n }
func Later() func() { return func() { os.Exit(1) } }
`

// buildPackage builds the SSA form of one file's package p.
func buildPackage(t *testing.T, src string) *ssa.Package {
	t.Helper()

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
	return pkg
}
