package emit

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/pbcc/pbcc/gen/ir"
)

// TestMethodExpr: a method of the package that the model took for a
// function parameter is written as a method expression when its type,
// the receiver first, is the parameter's; a bound method (x.M, a
// closure over x) is not a value a test can name.
func TestMethodExpr(t *testing.T) {
	p := build(t, "fv", `package fv
type V struct{ N int }
func (v *V) Less(o *V) bool { return v.N < o.N }
func (v V) Twice() int { return 2 * v.N }
type cmpFunc func(a, b *V) bool
type intFunc func(V) int
var _ cmpFunc
var _ intFunc
`)
	scope := p.ssa.Pkg.Scope()
	sig := &ir.Signature{}
	for _, tc := range []struct{ typ, fn, want, err string }{
		{"cmpFunc", "fv.V.Less", "(*V).Less", ""},
		{"intFunc", "fv.V.Twice", "V.Twice", ""},
		{"intFunc", "fv.V.Less", "", "not a package-level function"}, // another signature
		{"cmpFunc", "fv.V.Less$bound", "", "not a package-level function"},
	} {
		w := &litWriter{qual: func(*types.Package) string { return "" }, pkg: p.ssa.Pkg}
		var b strings.Builder
		err := w.writeFunc(&b, scope.Lookup(tc.typ).Type(), ir.Literal{T: sig, Func: &ir.Func{Name: tc.fn}})
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s as %s: %q, %v; want an error %q", tc.fn, tc.typ, b.String(), err, tc.err)
			}
			continue
		}
		if err != nil || b.String() != tc.want {
			t.Errorf("%s as %s: %q, %v; want %q", tc.fn, tc.typ, b.String(), err, tc.want)
		}
	}
}

// TestPointerToNil: a pointer to a nil slice or map of a named type is
// written new(T), which compiles, elided or not (&T(nil) does not:
// pkg/errors' (*stack).StackTrace lost its table to it).
func TestPointerToNil(t *testing.T) {
	p := build(t, "pn", `package pn
type stack []uintptr
type set map[string]bool
`)
	scope := p.ssa.Pkg.Scope()
	for _, name := range []string{"stack", "set"} {
		typ := scope.Lookup(name).Type()
		lt := ir.Slice{Elem: ir.Int{Bits: 64}}
		var elem ir.Type = lt
		if name == "set" {
			elem = ir.Map{Key: ir.String{}, Elem: ir.Bool{}}
		}
		ptr := ir.Literal{T: ir.Pointer{Elem: elem}, Ref: &ir.Literal{T: elem, Nil: true}}
		for _, elide := range []bool{false, true} {
			w := &litWriter{qual: func(*types.Package) string { return "" }, pkg: p.ssa.Pkg, names: map[*ir.Literal]string{}, declared: map[*ir.Literal]bool{}}
			var b strings.Builder
			err := w.writePointer(&b, types.NewPointer(typ), types.NewPointer(typ).Underlying().(*types.Pointer), ptr, elide, place{})
			if want := "new(" + name + ")"; err != nil || b.String() != want {
				t.Errorf("pointer to a nil %s, elide %v: %q, %v; want %q", name, elide, b.String(), err, want)
			}
		}
	}
}

// TestLongByteSlices: a byte slice of 8 bytes or more that is not text is
// a string with escapes, or make([]byte, n) when all zero (appended to
// its prefix when only its 8 last bytes or more are), not a list of
// numbers; a short one stays a list.
func TestLongByteSlices(t *testing.T) {
	p := build(t, "bs", `package bs
var _ []byte
`)
	bytesOf := func(bs ...byte) ir.Literal {
		l := ir.Literal{T: ir.Slice{Elem: ir.Int{Bits: 8}}}
		for _, b := range bs {
			l.Elems = append(l.Elems, ir.Literal{T: ir.Int{Bits: 8}, Bits: uint64(b)})
		}
		return l
	}
	for _, tc := range []struct {
		l    ir.Literal
		want string
	}{
		{bytesOf(make([]byte, 16)...), "make([]byte, 16)"},
		{bytesOf(append([]byte("xxh\x06"), make([]byte, 12)...)...), `append([]byte("xxh\x06"), make([]byte, 12)...)`},
		{bytesOf(append([]byte("xxh\x06"), make([]byte, 7)...)...), `[]byte("xxh\x06\x00\x00\x00\x00\x00\x00\x00")`},
		{bytesOf(0xff, 0, 1, 2, 3, 4, 5, 6, 7), `[]byte("\xff\x00\x01\x02\x03\x04\x05\x06\a")`},
		{bytesOf(0, 0xff), "[]byte{0x00, 0xff}"},
		{bytesOf('h', 'i'), `[]byte("hi")`},
	} {
		w := &litWriter{qual: func(*types.Package) string { return "" }, pkg: p.ssa.Pkg, names: map[*ir.Literal]string{}, declared: map[*ir.Literal]bool{}}
		var b strings.Builder
		if err := w.write(&b, types.NewSlice(types.Universe.Lookup("byte").Type()), tc.l, false, place{}); err != nil || b.String() != tc.want {
			t.Errorf("%v: %q, %v; want %q", tc.l, b.String(), err, tc.want)
		}
	}
}

// TestPointerToByteSlice: a pointer to a slice written as a conversion or
// a call ([]byte("aaa"), append(make(...), ...)) is new(v) in Go 1.26, a
// function literal before (&[]byte("aaa") does not compile: jsonparser's
// equalStr(b *[]byte, s string) lost its table to it), elided or not.
func TestPointerToByteSlice(t *testing.T) {
	bytesOf := func(s string) ir.Literal {
		l := ir.Literal{T: ir.Slice{Elem: ir.Int{Bits: 8}}}
		for _, c := range []byte(s) {
			l.Elems = append(l.Elems, ir.Literal{T: ir.Int{Bits: 8}, Bits: uint64(c)})
		}
		return l
	}
	withCap := ir.Literal{T: ir.Slice{Elem: ir.Int{Bits: 64, Signed: true}}, Cap: 4,
		Elems: []ir.Literal{{T: ir.Int{Bits: 64, Signed: true}, Bits: 1}}}
	plain := withCap
	plain.Cap = 0
	for _, goVersion := range []string{"go1.26", "go1.13"} {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "pb.go", "package pb\ntype Bytes []byte\n", 0)
		if err != nil {
			t.Fatal(err)
		}
		conf := &types.Config{Importer: importer.Default(), GoVersion: goVersion}
		p, _, err := ssautil.BuildPackage(conf, fset, types.NewPackage("example.com/m/pb", "pb"), []*ast.File{f}, ssa.SanityCheckFunctions)
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			typ  types.Type
			l    ir.Literal
			want string // in Go 1.26
		}{
			{types.NewSlice(types.Universe.Lookup("byte").Type()), bytesOf("aaa"), `new([]byte("aaa"))`},
			{p.Pkg.Scope().Lookup("Bytes").Type(), bytesOf("aaa"), `new(Bytes("aaa"))`},
			{types.NewSlice(types.Typ[types.Int]), withCap, ""},
			{types.NewSlice(types.Typ[types.Int]), plain, "&[]int{1}"}, // a composite literal, as before
		} {
			ptr := ir.Literal{T: ir.Pointer{Elem: tc.l.T}, Ref: &tc.l}
			pt := types.NewPointer(tc.typ)
			for _, elide := range []bool{false, true} {
				w := &litWriter{qual: types.RelativeTo(p.Pkg), pkg: p.Pkg, names: map[*ir.Literal]string{}, declared: map[*ir.Literal]bool{}}
				var b strings.Builder
				if err := w.writePointer(&b, pt, pt, ptr, elide, place{}); err != nil {
					t.Errorf("%s: %v", goVersion, err)
					continue
				}
				got := b.String()
				if elide && strings.HasPrefix(tc.want, "&") {
					continue // &T{...} elided to {...} in a composite literal
				}
				if goVersion == "go1.26" && tc.want != "" && got != tc.want {
					t.Errorf("%s: %v as %s: %q, want %q", goVersion, tc.l, pt, got, tc.want)
				}
				tv, err := types.Eval(fset, p.Pkg, token.NoPos, got)
				if err != nil || !types.Identical(tv.Type, pt) {
					t.Errorf("%s: %v as %s: %q is of type %v, %v; want %s", goVersion, tc.l, pt, got, tv.Type, err, pt)
				}
			}
		}
	}
}
