package ir

import (
	"fmt"
	"strings"
)

// This file holds the IR of Go interfaces other than error (which has
// its own model, see Error). An interface value is a dynamic-type tag,
// 0 for nil and i+1 for Impls[i], and the value of that implementation.
// The candidates are fixed when the front end makes the type: the types
// of the program that implement the interface, and those its functions
// convert to it or assert from it. A call of a method is dispatched by
// IfaceMethod, a function value that designates one function per
// dynamic type, so the execution tree branches on the dynamic type as
// it does on any call of a function value (paper 001, annex B).
//
// Nothing here is used by the C front end.

// Interface is an interface type. It is used by pointer, so that two
// interfaces are the same type when they are the same *Interface.
type Interface struct {
	Name  string // as in source: "Shape", "any", "fmt.Stringer"
	Impls []Impl // the dynamic types a value may have, tags 1, 2, ...
	// Src is the front end's own handle for the type (a go/types.Type):
	// the search on the real code fills a value with one of Impls.
	Src any
}

// An Impl is one dynamic type of an interface.
type Impl struct {
	Name string // as in source: "Circle", "*Square", "int"
	T    Type
	// Src is the front end's own handle for the type (a go/types.Type);
	// the emitter uses it to write the value.
	Src any
}

func (*Interface) isType()          {}
func (t *Interface) String() string { return t.Name }

// Tag returns the tag of the implementation called name, or 0.
func (t *Interface) Tag(name string) int {
	for i, im := range t.Impls {
		if im.Name == name {
			return i + 1
		}
	}
	return 0
}

// TagName returns the name of the dynamic type of tag k: "nil" for 0.
func (t *Interface) TagName(k int) string {
	if k <= 0 || k > len(t.Impls) {
		return "nil"
	}
	return t.Impls[k-1].Name
}

// MakeIface converts X, a value of Impls[Tag-1].T, to the interface T.
type MakeIface struct {
	aValue
	X   Value
	Tag int
}

// IfaceIs reports whether the dynamic type of interface X is one of Tags
// (0 is nil): the test of a type switch case, x == nil, or the ok of
// v, ok := x.(T).
type IfaceIs struct {
	aValue
	X    Value
	Tags []int
}

// IfaceValue is the value X holds when its dynamic type is Tag: x.(T),
// where another dynamic type is a run-time error (Go's "interface
// conversion" panic); with CommaOk, a Tuple of that value (T's zero
// value for another dynamic type) and whether the type was Tag, as
// v, ok := x.(T) and the cases of a type switch.
type IfaceValue struct {
	aValue
	X       Value
	Tag     int
	CommaOk bool
}

// IfaceMethod is the method Method of interface X as a function value:
// for each dynamic type k, Fns[k-1] (a FuncRef, or nil when the type has
// no such method lowered) takes X itself as its first parameter, then
// the method's arguments. It is nil when X is nil, so that calling it is
// the nil dereference Go reports.
type IfaceMethod struct {
	aValue
	X      Value
	Method string
	Fns    []*FuncRef
}

// IfaceConvert converts interface X to another interface: Tags[i-1] is
// the tag, in the result's type, of X's dynamic type i (0 when that type
// does not implement it). A plain conversion (Shape to any) maps every
// type; an assertion to an interface, x.(J), is a run-time error when
// the type maps to none (nil included), and with CommaOk yields a Tuple
// of the result (nil then) and whether it mapped.
type IfaceConvert struct {
	aValue
	X       Value
	Tags    []int
	Assert  bool
	CommaOk bool
}

// Result returns the interface X is converted to.
func (i *IfaceConvert) Result() *Interface {
	if t, ok := i.T.(Tuple); ok {
		return t.Elems[0].(*Interface)
	}
	return i.T.(*Interface)
}

func (i *IfaceConvert) Operands() []Value { return []Value{i.X} }

func (i *IfaceConvert) String() string {
	op := "convert"
	switch {
	case i.CommaOk:
		op = "assert,ok"
	case i.Assert:
		op = "assert"
	}
	tags := make([]string, len(i.Tags))
	for k, tag := range i.Tags {
		tags[k] = fmt.Sprint(tag)
	}
	return fmt.Sprintf("%s = %s %s <- %s [%s]", i.Name(), op, i.Result(), i.X.Name(), strings.Join(tags, " "))
}

// NewIfaceConvert returns the conversion of x to the interface to, by
// tags; assert and commaOk as for IfaceConvert.
func NewIfaceConvert(x Value, to *Interface, tags []int, assert, commaOk bool) *IfaceConvert {
	var t Type = to
	if commaOk {
		t = Tuple{Elems: []Type{to, Bool{}}}
	}
	return &IfaceConvert{aValue: aValue{T: t}, X: x, Tags: tags, Assert: assert || commaOk, CommaOk: commaOk}
}

func (i *MakeIface) Operands() []Value  { return []Value{i.X} }
func (i *IfaceIs) Operands() []Value    { return []Value{i.X} }
func (i *IfaceValue) Operands() []Value { return []Value{i.X} }

// Operands of an IfaceMethod include the functions it may designate, so
// that analyses that follow function references (globals used) see them.
func (i *IfaceMethod) Operands() []Value {
	vs := []Value{i.X}
	for _, f := range i.Fns {
		if f != nil {
			vs = append(vs, f)
		}
	}
	return vs
}

func (i *MakeIface) String() string {
	t := i.T.(*Interface)
	return fmt.Sprintf("%s = iface %s <- %s %s", i.Name(), t, t.TagName(i.Tag), i.X.Name())
}
func (i *IfaceIs) String() string {
	t, _ := i.X.Type().(*Interface)
	names := make([]string, len(i.Tags))
	for k, tag := range i.Tags {
		names[k] = "nil"
		if t != nil {
			names[k] = t.TagName(tag)
		}
	}
	return fmt.Sprintf("%s = %s is %s", i.Name(), i.X.Name(), strings.Join(names, "|"))
}
func (i *IfaceValue) String() string {
	op := ".(%s)"
	if i.CommaOk {
		op = ".(%s),ok"
	}
	name := "?"
	if t, ok := i.X.Type().(*Interface); ok {
		name = t.TagName(i.Tag)
	}
	return fmt.Sprintf("%s = %s"+op, i.Name(), i.X.Name(), name)
}
func (i *IfaceMethod) String() string {
	fns := make([]string, len(i.Fns))
	for k, f := range i.Fns {
		fns[k] = "-"
		if f != nil {
			fns[k] = f.Func.Name
		}
	}
	return fmt.Sprintf("%s = method %s.%s [%s]", i.Name(), i.X.Name(), i.Method, strings.Join(fns, " "))
}

// NewMakeIface returns the conversion of x to t as its implementation tag.
func NewMakeIface(x Value, t *Interface, tag int) *MakeIface {
	return &MakeIface{aValue: aValue{T: t}, X: x, Tag: tag}
}

// NewIfaceIs returns the test that x's dynamic type is one of tags.
func NewIfaceIs(x Value, tags ...int) *IfaceIs {
	return &IfaceIs{aValue: aValue{T: Bool{}}, X: x, Tags: tags}
}

// NewIfaceValue returns x.(T), or (x.(T), ok) with commaOk, for the
// implementation of tag.
func NewIfaceValue(x Value, tag int, commaOk bool) *IfaceValue {
	t := x.Type().(*Interface).Impls[tag-1].T
	if commaOk {
		t = Tuple{Elems: []Type{t, Bool{}}}
	}
	return &IfaceValue{aValue: aValue{T: t}, X: x, Tag: tag, CommaOk: commaOk}
}

// NewIfaceMethod returns method m of x, dispatched to fns; sig is the
// type of the functions of fns.
func NewIfaceMethod(x Value, m string, fns []*FuncRef, sig *Signature) *IfaceMethod {
	return &IfaceMethod{aValue: aValue{T: sig}, X: x, Method: m, Fns: fns}
}

// checkIface checks the operands of the instructions of this file.
func checkIface(in Instr) string {
	tagOK := func(x Value, tags ...int) string {
		t, ok := x.Type().(*Interface)
		if !ok {
			return fmt.Sprintf("operand %s of %q is of type %s, not an interface", x.Name(), in, x.Type())
		}
		for _, k := range tags {
			if k < 0 || k > len(t.Impls) {
				return fmt.Sprintf("tag %d of %q out of range for %s", k, in, t)
			}
		}
		return ""
	}
	switch in := in.(type) {
	case *MakeIface:
		t, ok := in.T.(*Interface)
		if !ok || in.Tag < 1 || in.Tag > len(t.Impls) {
			return fmt.Sprintf("%q makes no implementation of an interface", in)
		}
		if got, want := in.X.Type().String(), t.Impls[in.Tag-1].T.String(); got != want {
			return fmt.Sprintf("%q converts a %s as a %s", in, got, want)
		}
	case *IfaceIs:
		return tagOK(in.X, in.Tags...)
	case *IfaceValue:
		if in.Tag < 1 {
			return fmt.Sprintf("%q extracts no implementation", in)
		}
		return tagOK(in.X, in.Tag)
	case *IfaceConvert:
		if s := tagOK(in.X); s != "" {
			return s
		}
		from, to := in.X.Type().(*Interface), in.Result()
		if len(in.Tags) != len(from.Impls) {
			return fmt.Sprintf("%q maps %d tags for %d implementations", in, len(in.Tags), len(from.Impls))
		}
		for k, tag := range in.Tags {
			if tag < 0 || tag > len(to.Impls) {
				return fmt.Sprintf("tag %d of %q out of range for %s", tag, in, to)
			}
			if tag > 0 && from.Impls[k].T.String() != to.Impls[tag-1].T.String() {
				return fmt.Sprintf("%q maps %s to %s", in, from.Impls[k].Name, to.Impls[tag-1].Name)
			}
		}
	case *IfaceMethod:
		if s := tagOK(in.X); s != "" {
			return s
		}
		if len(in.Fns) != len(in.X.Type().(*Interface).Impls) {
			return fmt.Sprintf("%q has %d functions for %d implementations", in, len(in.Fns), len(in.X.Type().(*Interface).Impls))
		}
	}
	return ""
}
