package symexec_test

import (
	"strings"
	"testing"
	"time"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/solve"
	"github.com/pbcc/pbcc/gen/symexec"
)

// shapeLit returns the Shape literal holding the implementation called
// impl (for example "Circle" or "*Square") with the given struct fields;
// impl "" is a nil Shape, and a pointer without fields is a nil pointer.
func shapeLit(t *testing.T, f *ir.Func, impl string, fields ...int) ir.Literal {
	t.Helper()
	it, ok := f.Params[0].T.(*ir.Interface)
	if !ok {
		t.Fatalf("%s: parameter of type %s, not an interface", f.Name, f.Params[0].T)
	}
	if impl == "" {
		return ir.Zero(it)
	}
	k := it.Tag(impl)
	if k == 0 {
		t.Fatalf("%s has no implementation %s (has %v)", it, impl, it.Impls)
	}
	ct := it.Impls[k-1].T
	var held ir.Literal
	switch ct := ct.(type) {
	case *ir.Struct:
		held = ir.Zero(ct)
		for i, v := range fields {
			held.Elems[i] = ir.Literal{T: ct.Fields[i].T, Bits: uint64(v)}
		}
	case ir.Pointer:
		held = ir.Literal{T: ct}
		if len(fields) > 0 {
			obj := ir.Zero(ct.Elem)
			for i, v := range fields {
				obj.Elems[i] = ir.Literal{T: ct.Elem.(*ir.Struct).Fields[i].T, Bits: uint64(v)}
			}
			held.Ref = &obj
		}
	default:
		t.Fatalf("implementation %s of type %s", impl, ct)
	}
	return ir.Literal{T: it, Bits: uint64(k), Elems: []ir.Literal{held}}
}

// TestRunIface runs the functions of testdata/go/iface on concrete
// shapes: method calls go to the dynamic type's method, type switches
// and assertions pick its case, a nil interface or pointer fails as Go.
func TestRunIface(t *testing.T) {
	tests := []struct {
		fn     string
		impl   string
		fields []int
		want   string // the output, or "panic: reason"
	}{
		{"iface.Classify", "", nil, `"none"`},
		{"iface.Classify", "Circle", []int{8}, `"big round"`},        // 3*8*8 = 192
		{"iface.Classify", "Circle", []int{5}, `"round"`},            // 75
		{"iface.Classify", "*Circle", []int{6}, `"big round"`},       // value method through a pointer
		{"iface.Classify", "Rect", []int{2, 8}, `"sixteen"`},         // Sides 4, Area 16
		{"iface.Classify", "*Square", []int{4}, `"sixteen"`},         // pointer method
		{"iface.Classify", "*Square", []int{3}, `"polygon"`},         // Area 9
		{"iface.Classify", "*Square", nil, "panic: nil dereference"}, // Sides works on nil, Area does not
		{"iface.Classify", "*Circle", nil, "panic: nil dereference"}, // a value method needs the value
		{"iface.Name", "", nil, `"nil"`},
		{"iface.Name", "Circle", []int{-1}, `"bad circle"`},
		{"iface.Name", "Circle", []int{1}, `"circle"`},
		{"iface.Name", "*Square", nil, `"nil square"`},
		{"iface.Name", "*Square", []int{1}, `"square"`},
		{"iface.Name", "Rect", []int{1, 1}, `"other"`},
		{"iface.Name", "*Circle", []int{1}, `"other"`},
		{"iface.Width", "Rect", []int{5, 3}, "5"},
		{"iface.Width", "Rect", []int{2, 3}, "3"},
		{"iface.Width", "*Rect", []int{5, 3}, "-1"}, // *Rect is not Rect
		{"iface.Width", "", nil, "-1"},
		// Conversions between interfaces and assertions to interfaces.
		{"iface.HasCorners", "Rect", []int{1, 2}, "true"},
		{"iface.HasCorners", "*Square", []int{1}, "false"},
		{"iface.HasCorners", "", nil, "false"},
		{"iface.Corners", "*Rect", []int{1, 1}, "4"},
		{"iface.Corners", "Circle", []int{1}, "0"},
		{"iface.Corners", "", nil, "-1"},
		{"iface.MustPolygon", "Rect", []int{4, 4}, "1"},
		{"iface.MustPolygon", "*Rect", []int{1, 1}, "0"},
		{"iface.MustPolygon", "Circle", []int{9}, "panic: interface conversion"},
		{"iface.MustPolygon", "", nil, "panic: interface conversion"},
		{"iface.MustPolygon", "*Rect", nil, "panic: nil dereference"},
	}
	for _, tt := range tests {
		f := fn(t, tt.fn)
		arg := shapeLit(t, f, tt.impl, tt.fields...)
		tr, err := run(f, params(arg), 100000)
		if err != nil {
			t.Errorf("%s(%s): %v", tt.fn, arg, err)
			continue
		}
		got := show(tr.Outputs)
		if tr.Panicked {
			got = "panic: " + tr.Reason
		}
		if got != tt.want {
			t.Errorf("%s(%s) = %s, want %s", tt.fn, arg, got, tt.want)
		}
	}
}

// TestPBCCIfaceDispatch: the tree of a goal reached through a method
// call branches on the dynamic type, so the solver picks an
// implementation whose method leads to the goal, and the PBCC of a goal
// that needs a given dynamic type is solved by that type only.
func TestPBCCIfaceDispatch(t *testing.T) {
	f := fn(t, "iface.Classify")
	it := f.Params[0].T.(*ir.Interface)
	if got, want := names(it), "Circle *Circle Rect *Rect *Square"; got != want {
		t.Fatalf("implementations of Shape: %s, want %s (module types implementing it, T before *T)", got, want)
	}
	// The goals and the dynamic types that reach them.
	want := map[string]string{
		`s.Area() > 100 true`:  "Circle *Circle",
		`s.Area() > 100 false`: "Circle *Circle",
		`s.Area() == 16 true`:  "Rect *Rect *Square",
		`s.Area() == 16 false`: "Rect *Rect *Square",
		`s == nil true`:        "nil",
	}
	s := solve.New(5 * time.Second)
	defer s.Close()
	seen := 0
	for _, goal := range f.BranchEdges() {
		key := goal.Cond() + " " + goal.Label()
		types, ok := want[key]
		if !ok {
			continue
		}
		seen++
		in := inputs(t, f)
		form, err := symexec.PBCC(in, goal, 1, symexec.Options{})
		if err != nil {
			t.Fatalf("%s: %v", key, err)
		}
		if !strings.Contains(form.F.String(), "s.type") {
			t.Errorf("%s: the formula does not constrain the dynamic type: %s", key, form.F)
		}
		st, m, err := s.CheckSmall(form.F, solverInputs(in))
		if err != nil || st != solve.Sat {
			t.Fatalf("%s: %v %v", key, st, err)
		}
		arg := in.Literals(m).Params[0]
		if got := it.TagName(int(arg.Bits)); !strings.Contains(" "+types+" ", " "+got+" ") {
			t.Errorf("%s: model %s has dynamic type %s, want one of %s", key, arg, got, types)
		}
		tr, err := run(f, params(arg), 100000)
		if err != nil || !took(tr.Edges, goal) {
			t.Errorf("%s: replay of %s does not take the goal (%v, %v)", key, arg, tr, err)
		}
	}
	if seen != len(want) {
		t.Errorf("%d goals checked, want %d", seen, len(want))
	}
}

func names(it *ir.Interface) string {
	var s []string
	for _, im := range it.Impls {
		s = append(s, im.Name)
	}
	return strings.Join(s, " ")
}

// TestRunIfaceEqual: two interfaces are equal when both are nil, or when
// they hold equal values of one dynamic type (pointers by identity).
func TestRunIfaceEqual(t *testing.T) {
	f := fn(t, "iface.Same")
	sq := shapeLit(t, f, "*Square", 1)
	tests := []struct {
		a, b ir.Literal
		want string
	}{
		{shapeLit(t, f, ""), shapeLit(t, f, ""), "2"},
		{shapeLit(t, f, "Circle", 2), shapeLit(t, f, "Circle", 2), "1"},
		{shapeLit(t, f, "Circle", 2), shapeLit(t, f, "Circle", 3), "0"},
		{shapeLit(t, f, "Circle", 2), shapeLit(t, f, "*Circle", 2), "0"},
		{shapeLit(t, f, "Rect", 0, 0), shapeLit(t, f, "Circle", 0), "0"},  // zero values of two types
		{shapeLit(t, f, ""), shapeLit(t, f, "*Square"), "0"},              // nil vs a nil pointer
		{shapeLit(t, f, "*Square"), shapeLit(t, f, "*Square"), "1"},       // two nil pointers
		{shapeLit(t, f, "*Square", 1), shapeLit(t, f, "*Square", 1), "0"}, // two objects
		{sq, sq, "1"}, // one object
	}
	for _, tt := range tests {
		tr, err := run(f, params(tt.a, tt.b), 100000)
		if err != nil {
			t.Errorf("Same(%s, %s): %v", tt.a, tt.b, err)
			continue
		}
		if got := show(tr.Outputs); got != tt.want {
			t.Errorf("Same(%s, %s) = %s, want %s", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestRunIfaceNested: a struct that embeds an interface implements it
// through it, and may hold itself: its methods dispatch again, and its
// comparison looks into the value it holds.
func TestRunIfaceNested(t *testing.T) {
	size := fn(t, "iface.FramedSize")
	same := fn(t, "iface.SameSized")
	framedT := size.Params[0].T.(*ir.Struct)
	sized := framedT.Fields[0].T.(*ir.Interface)
	i64 := ir.Int{Bits: 64, Signed: true}
	box := func(w int) ir.Literal {
		bt := sized.Impls[sized.Tag("Box")-1].T
		return ir.Literal{T: sized, Bits: uint64(sized.Tag("Box")),
			Elems: []ir.Literal{{T: bt, Elems: []ir.Literal{{T: i64, Bits: uint64(w)}}}}}
	}
	framed := func(in ir.Literal, border int) ir.Literal {
		return ir.Literal{T: framedT, Elems: []ir.Literal{in, {T: i64, Bits: uint64(border)}}}
	}
	asSized := func(f ir.Literal) ir.Literal {
		return ir.Literal{T: sized, Bits: uint64(sized.Tag("Framed")), Elems: []ir.Literal{f}}
	}
	tests := []struct {
		f    *ir.Func
		args []ir.Literal
		want string
	}{
		{size, []ir.Literal{framed(ir.Zero(sized), 0)}, "-1"},
		{size, []ir.Literal{framed(box(5), 1)}, "1"},
		{size, []ir.Literal{framed(asSized(framed(box(5), 9)), 1)}, "1"}, // the inner border is not read
		{size, []ir.Literal{framed(asSized(framed(box(1), 9)), 3)}, "0"},
		{same, []ir.Literal{asSized(framed(box(1), 0)), asSized(framed(box(1), 0))}, "true"},
		{same, []ir.Literal{asSized(framed(box(1), 0)), asSized(framed(box(2), 0))}, "false"},
		{same, []ir.Literal{asSized(framed(asSized(framed(box(1), 0)), 0)), asSized(framed(asSized(framed(box(1), 0)), 0))}, "true"},
		{same, []ir.Literal{asSized(framed(ir.Zero(sized), 0)), box(0)}, "false"},
	}
	for _, tt := range tests {
		tr, err := run(tt.f, params(tt.args...), 100000)
		if err != nil {
			t.Errorf("%s(%s): %v", tt.f.Name, show(tt.args), err)
			continue
		}
		got := show(tr.Outputs)
		if tr.Panicked {
			got = "panic: " + tr.Reason
		}
		if got != tt.want {
			t.Errorf("%s(%s) = %s, want %s", tt.f.Name, show(tt.args), got, tt.want)
		}
	}
}

// TestNestedIfaceInputs: an interface an input interface holds (the
// elements of an any holding []any) holds numbers, bools and strings
// only, so that the inputs do not grow as the power of the program's
// dynamic types (spf13/cast: 369,239 inputs for one any).
func TestNestedIfaceInputs(t *testing.T) {
	anyT := &ir.Interface{Name: "interface{}"}
	anyT.Impls = []ir.Impl{
		{Name: "int", T: ir.Int{Bits: 64, Signed: true}},
		{Name: "string", T: ir.String{}},
		{Name: "[]interface{}", T: ir.Slice{Elem: anyT}},
		{Name: "map[string]interface{}", T: ir.Map{Key: ir.String{}, Elem: anyT}},
	}
	f := &ir.Func{Name: "p.f", Params: []*ir.Param{ir.NewParam("v", anyT)}}
	f.NewBlock("entry").SetTerm(&ir.Return{})
	in, err := symexec.NewInputs(f, symexec.DefaultBounds)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range in.Vars() {
		if n := v.Var.Name; strings.Count(n, ".([]interface{})")+strings.Count(n, ".(map[string]interface{})") > 1 {
			t.Fatalf("input %s: a collection of interfaces inside another", n)
		}
	}
	if n := len(in.Vars()); n > 1000 {
		t.Errorf("%d inputs for one interface{}", n)
	}
}
