package ir

import (
	"fmt"
	"strings"
)

// A Literal is a concrete value of an IR type: the inputs the solver finds
// and the outputs the replay observes. Int and Bool values are held in Bits
// (two's complement, masked to the width; a bool is 0 or 1); Array and
// Tuple values in Elems.
type Literal struct {
	T     Type
	Bits  uint64
	Elems []Literal
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
	}
	return Literal{T: t}
}

func (l Literal) String() string {
	switch t := l.T.(type) {
	case Bool:
		return fmt.Sprint(l.Bool())
	case Int:
		if t.Signed {
			return fmt.Sprint(l.Int64())
		}
		return fmt.Sprint(l.Bits)
	}
	s := make([]string, len(l.Elems))
	for i, e := range l.Elems {
		s[i] = e.String()
	}
	return "{" + strings.Join(s, ", ") + "}"
}
