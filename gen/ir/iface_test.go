package ir

import (
	"strings"
	"testing"
)

// shapeFunc builds
//
//	func area(s Shape) i64 {
//		if s is nil { return 0 }
//		s.(Circle),ok; m := method s.Area; r := m(s); any(0); return r
//	}
//
// with Shape's implementations Circle and *Square.
func shapeFunc() (*Func, *Interface) {
	circle := &Struct{Name: "Circle", Fields: []Field{{"R", i64}}}
	square := &Struct{Name: "Square", Fields: []Field{{"Side", i64}}}
	shape := &Interface{Name: "Shape", Impls: []Impl{{Name: "Circle", T: circle}, {Name: "*Square", T: Pointer{Elem: square}}}}
	areaC := &Func{Name: "t.Circle.Area", Params: []*Param{NewParam("c", circle)}, Results: []Type{i64}}
	areaS := &Func{Name: "t.Square.Area", Params: []*Param{NewParam("s", Pointer{Elem: square})}, Results: []Type{i64}}
	sig := &Signature{Params: []Type{shape}, Results: []Type{i64}}

	f := &Func{Name: "t.area", Results: []Type{i64}}
	s := NewParam("s", shape)
	f.Params = []*Param{s}
	b0, b1, b2 := f.NewBlock("entry"), f.NewBlock("if.then"), f.NewBlock("if.done")
	isNil := b0.Emit(NewIfaceIs(s, 0)).(Value)
	b0.SetTerm(&If{anInstr: anInstr{Pos: Pos{"t.go", 2, 5}}, Cond: isNil, Text: "s == nil"}, b1, b2)
	b1.SetTerm(&Return{Results: []Value{IntConst(i64, 0)}})
	b2.Emit(NewIfaceValue(s, 1, true))
	m := b2.Emit(NewIfaceMethod(s, "Area", []*FuncRef{{Func: areaC}, {Func: areaS}}, sig)).(Value)
	r := b2.Emit(NewCallIndirect(m, []Value{s})).(Value)
	b2.Emit(NewMakeIface(IntConst(i64, 0), &Interface{Name: "any", Impls: []Impl{{Name: "int", T: i64}}}, 1))
	b2.SetTerm(&Return{Results: []Value{r}})
	f.Renumber()
	return f, shape
}

func TestIfacePrint(t *testing.T) {
	f, _ := shapeFunc()
	got := f.String()
	for _, want := range []string{
		"func t.area(s Shape) (i64)",
		"t0 = s is nil\n",
		"t1 = s.(Circle),ok\n",
		"t2 = method s.Area [t.Circle.Area t.Square.Area]\n",
		"t3 = call t2(s)\n",
		"t4 = iface any <- int 0:i64\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("printed function lacks %q:\n%s", want, got)
		}
	}
	if err := Check(f); err != nil {
		t.Errorf("Check: %v", err)
	}
	if got := NewIfaceValue(f.Params[0], 2, false).Type().String(); got != "*Square" {
		t.Errorf("type of s.(*Square) = %s", got)
	}
	if got := (Literal{T: f.Params[0].T, Bits: 1, Elems: []Literal{{T: i64, Bits: 3}}}).String(); got != "Circle(3)" {
		t.Errorf("literal = %s", got)
	}
	if got := Zero(f.Params[0].T).String(); got != "nil" {
		t.Errorf("zero Shape = %s", got)
	}
}

func TestIfaceConvert(t *testing.T) {
	f, shape := shapeFunc()
	anyT := &Interface{Name: "any", Impls: []Impl{{Name: "int", T: i64}, shape.Impls[1], shape.Impls[0]}}
	s := f.Params[0]
	for _, tt := range []struct {
		c    *IfaceConvert
		want string // printed form, or a substring of Check's error
		ok   bool
	}{
		{NewIfaceConvert(s, anyT, []int{3, 2}, false, false), "t0 = convert any <- s [3 2]", true},
		{NewIfaceConvert(s, anyT, []int{0, 2}, false, true), "t0 = assert,ok any <- s [0 2]", true},
		{NewIfaceConvert(s, anyT, []int{3, 0}, true, false), "t0 = assert any <- s [3 0]", true},
		{NewIfaceConvert(s, anyT, []int{2, 3}, false, false), "maps Circle to *Square", false},
		{NewIfaceConvert(s, anyT, []int{3}, false, false), "maps 1 tags for 2 implementations", false},
		{NewIfaceConvert(s, anyT, []int{3, 4}, false, false), "tag 4", false},
	} {
		g := &Func{Name: "t.conv", Params: []*Param{s}}
		b := g.NewBlock("entry")
		b.Emit(tt.c)
		b.SetTerm(&Return{})
		g.Renumber()
		err := Check(g)
		switch {
		case tt.ok && err != nil:
			t.Errorf("%s: Check: %v", tt.c, err)
		case tt.ok && tt.c.String() != tt.want:
			t.Errorf("printed %q, want %q", tt.c, tt.want)
		case !tt.ok && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: Check = %v, want an error containing %q", tt.c, err, tt.want)
		}
	}
}

func TestIfaceCheck(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(f *Func, shape *Interface)
		want   string
	}{
		{"tag out of range", func(f *Func, _ *Interface) {
			f.Blocks[0].Instrs[0].(*IfaceIs).Tags = []int{3}
		}, "tag 3"},
		{"value of no implementation", func(f *Func, _ *Interface) {
			f.Blocks[2].Instrs[0].(*IfaceValue).Tag = 0
		}, "extracts no implementation"},
		{"method with too few functions", func(f *Func, _ *Interface) {
			m := f.Blocks[2].Instrs[1].(*IfaceMethod)
			m.Fns = m.Fns[:1]
		}, "1 functions for 2 implementations"},
		{"conversion of the wrong type", func(f *Func, _ *Interface) {
			f.Blocks[2].Instrs[3].(*MakeIface).X = BoolConst(true)
		}, "converts a bool as a i64"},
		{"not an interface", func(f *Func, _ *Interface) {
			f.Blocks[0].Instrs[0].(*IfaceIs).X = IntConst(i64, 1)
		}, "not an interface"},
	}
	for _, tt := range tests {
		f, shape := shapeFunc()
		tt.mutate(f, shape)
		err := Check(f)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Check = %v, want an error containing %q", tt.name, err, tt.want)
		}
	}
}
