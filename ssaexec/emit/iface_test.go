package emit

import (
	"go/types"
	"testing"

	"github.com/pbcc/pbcc/gen/ir"
)

// TestLiteralIface: an interface value is written as the concrete value
// it holds, with its type: a composite literal, &T{...}, a typed nil
// pointer, a conversion for basic types that would not default to
// theirs, or nil.
func TestLiteralIface(t *testing.T) {
	p := build(t, "shapes", `package shapes

type Shape interface{ Area() int }

type Circle struct{ R int }

func (c Circle) Area() int { return c.R }

type Square struct{ Side int }

func (s *Square) Area() int { return s.Side }

type Celsius int

func (c Celsius) Area() int { return int(c) }
`)
	named := func(n string) types.Type { return p.ssa.Pkg.Scope().Lookup(n).Type() }
	qual := func(*types.Package) string { return "" }
	circle, square := p.irOf("Circle"), p.irOf("Square")
	shape := &ir.Interface{Name: "Shape", Impls: []ir.Impl{
		{Name: "Celsius", T: ir.Int{Bits: 64, Signed: true}, Src: named("Celsius")},
		{Name: "Circle", T: circle, Src: named("Circle")},
		{Name: "*Square", T: ir.Pointer{Elem: square}, Src: types.NewPointer(named("Square"))},
	}}
	anyT := types.Universe.Lookup("any").Type()
	i64 := ir.Int{Bits: 64, Signed: true}
	u8 := ir.Int{Bits: 8}
	empty := &ir.Interface{Name: "any", Impls: []ir.Impl{
		{Name: "int", T: i64, Src: types.Typ[types.Int]},
		{Name: "string", T: ir.String{}, Src: types.Typ[types.String]},
		{Name: "uint8", T: u8, Src: types.Typ[types.Uint8]},
		{Name: "float64", T: ir.Float{Bits: 64}, Src: types.Typ[types.Float64]},
		{Name: "bool", T: ir.Bool{}, Src: types.Typ[types.Bool]},
		{Name: "[]int", T: ir.Slice{Elem: i64}, Src: types.NewSlice(types.Typ[types.Int])},
	}}
	holds := func(it *ir.Interface, tag int, l ir.Literal) ir.Literal {
		return ir.Literal{T: it, Bits: uint64(tag), Elems: []ir.Literal{l}}
	}
	shapeT := named("Shape")
	for _, tc := range []struct {
		t    types.Type
		l    ir.Literal
		want string
	}{
		{shapeT, ir.Zero(shape), "nil"},
		{shapeT, holds(shape, 2, rec(circle, intLit(64, true, 2))), "Circle{R: 2}"},
		{shapeT, holds(shape, 2, rec(circle, intLit(64, true, 0))), "Circle{}"},
		{shapeT, holds(shape, 3, ptr(rec(square, intLit(64, true, 1)))), "&Square{Side: 1}"},
		{shapeT, holds(shape, 3, nilPtr(square)), "(*Square)(nil)"},
		{shapeT, holds(shape, 1, intLit(64, true, -4)), "Celsius(-4)"},
		{anyT, ir.Zero(empty), "nil"},
		{anyT, holds(empty, 1, intLit(64, true, 3)), "int(3)"},
		{anyT, holds(empty, 2, strLit("go")), `"go"`},
		{anyT, holds(empty, 3, intLit(8, false, 7)), "uint8(7)"},
		{anyT, holds(empty, 4, f64(0.5)), "0.5"},
		{anyT, holds(empty, 5, boolLit(true)), "true"},
		{anyT, holds(empty, 6, ir.Literal{T: ir.Slice{Elem: i64}, Nil: true}), "[]int(nil)"},
		{anyT, holds(empty, 6, ir.Literal{T: ir.Slice{Elem: i64}, Elems: ints(1, 2)}), "[]int{1, 2}"},
	} {
		got, err := Literal(tc.t, tc.l, qual)
		if err != nil {
			t.Errorf("Literal(%s, %v): %v", tc.t, tc.l, err)
			continue
		}
		if got != tc.want {
			t.Errorf("Literal(%s, %v) = %s, want %s", tc.t, tc.l, got, tc.want)
		}
	}
	// A literal that is no interface value, or names no dynamic type.
	for _, l := range []ir.Literal{intLit(64, true, 1), holds(shape, 4, intLit(64, true, 1))} {
		if got, err := Literal(shapeT, l, qual); err == nil {
			t.Errorf("Literal(Shape, %v) = %q, want an error", l, got)
		}
	}
}
