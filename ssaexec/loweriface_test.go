package ssaexec

import (
	"strings"
	"testing"

	"github.com/pbcc/pbcc/gen/ir"
)

const ifaceSrc = `package m

type Shape interface{ Area() int }

type Circle struct{ R int }

func (c Circle) Area() int { return c.R }

type Square struct{ Side int }

func (s *Square) Area() int { return s.Side }

type Base struct{ N int }

func (b *Base) Area() int { return b.N }

type Derived struct {
	Base
	Tag string
}

type Box struct{ S Shape }

var Default Shape = Circle{R: 1}

func Area(s Shape) int { return s.Area() }

func FromBox(b Box) int {
	if b.S == nil {
		return -1
	}
	return b.S.Area()
}

func Make(r int) Shape { return Circle{R: r} }

func Kind(v any) int {
	switch x := v.(type) {
	case int:
		return x
	case string:
		return len(x)
	}
	return 0
}

func MustSquare(s Shape) int { return s.(*Square).Side }

type Empty interface{}

func IsNil(e Empty) bool { return e == nil }

func Widen(s Shape) any { return s }

func Named(s Shape) bool {
	_, ok := s.(interface{ Name() string })
	return ok
}

type Wrapped struct{ Shape }
`

// lowerIface lowers ifaceSrc and returns its functions by name.
func lowerIface(t *testing.T) map[string]*ir.Func {
	t.Helper()
	dir := writeModule(t, map[string]string{"m.go": ifaceSrc})
	pkgs, err := Load(dir, ".")
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	for _, err := range pkgs[0].Errors {
		t.Errorf("unexpected: %v", err)
	}
	fs := map[string]*ir.Func{}
	for _, f := range pkgs[0].Funcs {
		fs[f.IR.Name] = f.IR
		if err := ir.Check(f.IR); err != nil {
			t.Errorf("%s: %v", f.IR.Name, err)
		}
	}
	return fs
}

// TestLowerIfaceCandidates: an interface with methods has the module's
// types that implement it, T before *T, by name (a promoted method
// counts); any has the types the module converts to it or asserts, and
// one more.
func TestLowerIfaceCandidates(t *testing.T) {
	fs := lowerIface(t)
	shape := fs["m.Area"].Params[0].T.(*ir.Interface)
	if got, want := impls(shape), "*Base Circle *Circle *Derived *Square Wrapped *Wrapped"; got != want {
		t.Errorf("Shape implementations: %s, want %s", got, want)
	}
	anyT := fs["m.Kind"].Params[0].T.(*ir.Interface)
	if got, want := impls(anyT), "*Base Circle *Circle *Derived *Square Wrapped *Wrapped bool int string"; got != want {
		t.Errorf("any implementations: %s, want %s (Shape's, as Widen converts a Shape to any; int and string asserted; bool a type no case names)", got, want)
	}
	empty := fs["m.IsNil"].Params[0].T.(*ir.Interface)
	if got, want := impls(empty), "int"; got != want {
		t.Errorf("Empty implementations: %s, want %s (a non-nil value of a type no case names)", got, want)
	}
	box := fs["m.FromBox"].Params[0].T.(*ir.Struct)
	if box.Fields[0].T != ir.Type(shape) {
		t.Errorf("Box.S has type %s, want the one Shape", box.Fields[0].T)
	}
	if fs["m.Make"].Results[0] != ir.Type(shape) {
		t.Errorf("Make returns %s, want Shape", fs["m.Make"].Results[0])
	}
}

// TestLowerIfaceDispatch: a method call is a function value with one
// function per dynamic type, each extracting the value held and calling
// the method: through a load for a value method of a pointer, through
// the field for a promoted method, through a second dispatch for a
// method of an embedded interface.
func TestLowerIfaceDispatch(t *testing.T) {
	fs := lowerIface(t)
	f := fs["m.Area"]
	var m *ir.IfaceMethod
	var call *ir.CallIndirect
	for _, in := range f.Blocks[0].Instrs {
		switch in := in.(type) {
		case *ir.IfaceMethod:
			m = in
		case *ir.CallIndirect:
			call = in
		}
	}
	if m == nil || call == nil || call.Fn != ir.Value(m) {
		t.Fatalf("no method value called in\n%s", f)
	}
	// A method of an embedded interface dispatches again.
	all := "[Shape.Area@*Base Shape.Area@Circle Shape.Area@*Circle Shape.Area@*Derived Shape.Area@*Square Shape.Area@Wrapped Shape.Area@*Wrapped]"
	want := map[string][]string{
		"Shape.Area@*Base":    {"t0 = x.(*Base)", "t1 = call m.Base.Area(t0)"},
		"Shape.Area@Circle":   {"t0 = x.(Circle)", "t1 = call m.Circle.Area(t0)"},
		"Shape.Area@*Circle":  {"t0 = x.(*Circle)", "t1 = load t0", "t2 = call m.Circle.Area(t1)"},
		"Shape.Area@*Derived": {"t0 = x.(*Derived)", "t1 = &t0.Base", "t2 = call m.Base.Area(t1)"},
		"Shape.Area@*Square":  {"t0 = x.(*Square)", "t1 = call m.Square.Area(t0)"},
		"Shape.Area@Wrapped":  {"t0 = x.(Wrapped)", "t1 = t0.Shape", "t2 = method t1.Area " + all, "t3 = call t2(t1)"},
		"Shape.Area@*Wrapped": {"t0 = x.(*Wrapped)", "t1 = &t0.Shape", "t2 = load t1", "t3 = method t2.Area " + all, "t4 = call t3(t2)"},
	}
	if len(m.Fns) != len(want) {
		t.Fatalf("%d functions, want %d: %s", len(m.Fns), len(want), m)
	}
	for _, ref := range m.Fns {
		d := ref.Func
		w, ok := want[d.Name]
		if !ok {
			t.Errorf("unexpected dispatch function %s", d.Name)
			continue
		}
		if err := ir.Check(d); err != nil {
			t.Errorf("%s: %v", d.Name, err)
		}
		var got []string
		for _, in := range d.Blocks[0].Instrs {
			got = append(got, in.String())
		}
		if strings.Join(got, "; ") != strings.Join(w, "; ") {
			t.Errorf("%s:\n got %s\nwant %s", d.Name, strings.Join(got, "; "), strings.Join(w, "; "))
		}
	}
}

// TestLowerIfaceInstrs: conversions, assertions, nil comparisons and the
// cases of a type switch lower to the interface instructions, and each
// case of a type switch is a branch at its type.
func TestLowerIfaceInstrs(t *testing.T) {
	fs := lowerIface(t)
	for _, tt := range []struct {
		fn   string
		want []string // in the printed function, in order
	}{
		{"m.Make", []string{"t0 = alloc Circle", "iface Shape <- Circle"}},
		{"m.FromBox", []string{"= t2 is nil", `"b.S == nil"`, "method t5.Area", "call t6(t5)"}},
		{"m.Kind", []string{"= v.(int),ok", `m.go:39:7 "v.(int)"`, "= v.(string),ok", `m.go:41:7 "v.(string)"`}},
		{"m.MustSquare", []string{"t0 = s.(*Square)\n"}},
		// any's tags: *Base Circle *Circle *Derived *Square Wrapped *Wrapped bool int string.
		{"m.Widen", []string{"t0 = convert any <- s [1 2 3 4 5 6 7]\n"}},
		// No type of the module has a method Name.
		{"m.Named", []string{"t0 = assert,ok interface{Name() string} <- s [0 0 0 0 0 0 0]\n"}},
	} {
		s := fs[tt.fn].String()
		rest := s
		for _, w := range tt.want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Errorf("%s: no %q (in order) in\n%s", tt.fn, w, s)
				break
			}
			rest = rest[i+len(w):]
		}
	}
}

func impls(it *ir.Interface) string {
	var s []string
	for _, im := range it.Impls {
		s = append(s, im.Name)
	}
	return strings.Join(s, " ")
}
