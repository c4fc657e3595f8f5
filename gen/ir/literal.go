package ir

import (
	"fmt"
	"math"
	"strings"
)

// A Literal is a concrete value of an IR type: the inputs the solver finds
// and the outputs the replay observes.
//
//   - Int, Bool, Float: Bits (two's complement masked to the width; a bool
//     is 0 or 1; a float's IEEE 754 bits).
//   - Array, Tuple, Struct (its fields), Slice (its elements): Elems; a nil
//     slice has Nil set, and Cap, when larger than len(Elems), is its
//     capacity.
//   - String: Str.
//   - Pointer: Ref is the object pointed to, nil for a nil pointer. Two
//     pointers that alias share the same *Literal, and a structure may
//     point back to itself (a cyclic list). When the object is an array
//     and the pointer designates one of its elements, Offset is that
//     element's index (C pointer arithmetic).
//   - Signature (a function value): Func, nil for a nil function.
//   - Map: Nil for a nil map, else Elems holds one Tuple literal {key,
//     element} per entry, in the map's order.
//   - Error: Nil for a nil error, else Str is its message; Global is set
//     when the error is that sentinel global (ErrX, io.EOF), and
//     Elems[0], when present, is an error it wraps: for an input,
//     fmt.Errorf("ctx: %w", Elems[0]), whose message Str is "ctx: " +
//     Elems[0].Str; for an output, the first sentinel it wraps, at any
//     depth. Ref, on an output the real code gave, is the error of a
//     type of the package under test that errors.As finds in it: an
//     Interface literal of one Impl (its name, "*ParseError", and type)
//     holding its value; Bits is 1 when the error is that value itself,
//     not an error wrapping it (an input is then written as it is:
//     &ParseError{Line: 3}).
//   - Interface: Nil for a nil interface, else Bits is the tag of its
//     dynamic type and Elems[0] the value it holds.
type Literal struct {
	T      Type
	Bits   uint64
	Elems  []Literal
	Nil    bool
	Cap    int
	Str    string
	Ref    *Literal
	Offset int
	Func   *Func
	Global *Global
	// Unknown says that the model does not know this value: an error
	// whose message only Go's fmt can format (ir.Errorf.Opaque). The
	// real run's replaces it, and that is no disagreement.
	Unknown bool
}

// Int64 returns an integer literal's value, sign-extended when signed.
func (l Literal) Int64() int64 {
	if t, ok := l.T.(Int); ok && t.Signed {
		return SignExtend(l.Bits, t.Bits)
	}
	return int64(l.Bits)
}

// Bool returns a boolean literal's value.
func (l Literal) Bool() bool { return l.Bits != 0 }

// Zero returns the zero value of t.
func Zero(t Type) Literal {
	switch t := t.(type) {
	case Array:
		es := make([]Literal, t.Len)
		for i := range es {
			es[i] = Zero(t.Elem)
		}
		return Literal{T: t, Elems: es}
	case Tuple:
		es := make([]Literal, len(t.Elems))
		for i, e := range t.Elems {
			es[i] = Zero(e)
		}
		return Literal{T: t, Elems: es}
	case *Struct:
		es := make([]Literal, len(t.Fields))
		for i, f := range t.Fields {
			es[i] = Zero(f.T)
		}
		return Literal{T: t, Elems: es}
	case Slice, Map, Error, *Interface:
		return Literal{T: t, Nil: true}
	}
	return Literal{T: t}
}

// Float64 returns a float literal's value.
func (l Literal) Float64() float64 {
	if t, ok := l.T.(Float); ok && t.Bits == 32 {
		return float64(math.Float32frombits(uint32(l.Bits)))
	}
	return math.Float64frombits(l.Bits)
}

func (l Literal) String() string { return l.string(map[*Literal]bool{}) }

func (l Literal) string(seen map[*Literal]bool) string {
	switch t := l.T.(type) {
	case Bool:
		return fmt.Sprint(l.Bool())
	case Int:
		if t.Signed {
			return fmt.Sprint(l.Int64())
		}
		return fmt.Sprint(l.Bits)
	case Float:
		return fmt.Sprint(l.Float64())
	case String:
		return fmt.Sprintf("%q", l.Str)
	case Pointer:
		switch {
		case l.Ref == nil:
			return "nil"
		case seen[l.Ref]:
			return "&<cycle>"
		}
		seen[l.Ref] = true
		defer delete(seen, l.Ref)
		if l.Offset != 0 {
			return fmt.Sprintf("&%s+%d", l.Ref.string(seen), l.Offset)
		}
		return "&" + l.Ref.string(seen)
	case *Signature:
		if l.Func == nil {
			return "nil"
		}
		return l.Func.Name
	case Slice, Map:
		if l.Nil {
			return "nil"
		}
	case Error:
		if l.Nil {
			return "nil"
		}
		switch {
		case l.Global != nil:
			return l.Global.Ident()
		case len(l.Elems) > 0 && strings.HasSuffix(l.Str, l.Elems[0].Str):
			inner := l.Elems[0].string(seen)
			return fmt.Sprintf("fmt.Errorf(%q, %s)", strings.TrimSuffix(l.Str, l.Elems[0].Str)+"%w", inner)
		}
		return fmt.Sprintf("errors.New(%q)", l.Str)
	case *Interface:
		if l.Nil || len(l.Elems) == 0 {
			return "nil"
		}
		return t.TagName(int(l.Bits)) + "(" + l.Elems[0].string(seen) + ")"
	}
	s := make([]string, len(l.Elems))
	for i, e := range l.Elems {
		s[i] = e.string(seen)
	}
	return "{" + strings.Join(s, ", ") + "}"
}
