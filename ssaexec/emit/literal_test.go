package emit

import (
	"strings"
	"testing"

	"go/types"

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
