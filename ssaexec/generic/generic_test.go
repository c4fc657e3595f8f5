package generic

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

const src = `package p

import "cmp"

type Number interface{ ~int8 | ~float64 }
type Shape interface{ Area() int }
type Rect struct{ W, H int }

func (r *Rect) Area() int { return r.W * r.H }

type Lesser[T any] interface{ Less(T) bool }
type Age int

func (a Age) Less(b Age) bool { return a < b }

type Stack[T any] struct{ items []T }

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }
func (s Stack[T]) Len() int { return len(s.items) }

func Max[T cmp.Ordered](a, b T) T { return a }
func Map[T, U any](xs []T, f func(T) U) []U { return nil }
func Sum[N Number](xs []N) N { return 0 }
func Index[S ~[]E, E comparable](s S, v E) int { return 0 }
func Keys[M ~map[K]V, K comparable, V any](m M) []K { return nil }
func Area[S Shape](s S) int { return 0 }
func Min[T Lesser[T]](a, b T) T { return a }
func Ptr[T any, P interface{ *T }](p P) {}
func Chan[C ~chan int](c C) {}
`

func TestNew(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset,
		types.NewPackage("example.com/p", "p"), []*ast.File{f}, ssa.InstantiateGenerics)
	if err != nil {
		t.Fatal(err)
	}
	fn := func(name string) *ssa.Function {
		if f := pkg.Func(name); f != nil {
			return f
		}
		for m := range pkg.Pkg.Scope().Lookup("Stack").Type().(*types.Named).Methods() {
			if m.Name() == name {
				return pkg.Prog.FuncValue(m)
			}
		}
		t.Fatalf("no function %s", name)
		return nil
	}
	for _, tc := range []struct{ fn, callee, sig string }{
		{"Max", "Max[int]", "func(a int, b int) int"},
		{"Map", "Map[int, int]", "func(xs []int, f func(int) int) []int"},
		{"Sum", "Sum[float64]", "func(xs []float64) float64"}, // the first basic type in the type set
		{"Index", "Index[[]int, int]", "func(s []int, v int) int"},
		{"Keys", "Keys[map[int]int, int, int]", "func(m map[int]int) []int"},
		{"Area", "Area[*Rect]", "func(s *Rect) int"}, // the method is *Rect's
		{"Min", "Min[Age]", "func(a Age, b Age) Age"},
		{"Push", "(*Stack[int]).Push", "func(s *Stack[int]) (v int) ()"},
		{"Len", "Stack[int].Len", "func(s Stack[int]) () (int)"},
	} {
		in, err := New(fn(tc.fn))
		if err != nil {
			t.Errorf("%s: %v", tc.fn, err)
			continue
		}
		qual := types.RelativeTo(pkg.Pkg)
		if got := in.Callee(qual); got != tc.callee {
			t.Errorf("%s: Callee = %q, want %q", tc.fn, got, tc.callee)
		}
		got := types.TypeString(in.Sig, qual)
		if r := in.Sig.Recv(); r != nil {
			got = "func(" + r.Name() + " " + types.TypeString(r.Type(), qual) + ") " + types.TypeString(in.Sig.Params(), qual) + " " + types.TypeString(in.Sig.Results(), qual)
		}
		if got != tc.sig {
			t.Errorf("%s: signature %s, want %s", tc.fn, got, tc.sig)
		}
	}
	// A constraint naming another type parameter is met once that one
	// is chosen.
	if in, err := New(fn("Ptr")); err != nil {
		t.Errorf("Ptr: %v", err)
	} else if got := in.Callee(nil); got != "Ptr[int, *int]" {
		t.Errorf("Ptr: Callee = %q, want Ptr[int, *int]", got)
	}
	// pbcc chooses no channel type.
	if in, err := New(fn("Chan")); err == nil {
		t.Errorf("Chan: got %s, want an error (pbcc chooses no channel type)", in.Callee(nil))
	}
}
