// Package generics has generic functions and a generic type: pbcc tests
// each through an instance whose type arguments satisfy its constraints.
package generics

import (
	"cmp"
	"errors"
)

// Max returns the larger of a and b.
func Max[T cmp.Ordered](a, b T) T {
	if a > b {
		return a
	}
	return b
}

// Map applies f to each element of xs.
func Map[T, U any](xs []T, f func(T) U) []U {
	if xs == nil {
		return nil
	}
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

// Number is a constraint with a type set.
type Number interface {
	~int | ~float64
}

// Sum adds the elements of xs that are positive.
func Sum[N Number](xs []N) N {
	var s N
	for _, x := range xs {
		if x > 0 {
			s += x
		}
	}
	return s
}

// IndexOf returns the index of the first element of xs equal to v, or -1.
func IndexOf[S ~[]E, E comparable](xs S, v E) int {
	for i, x := range xs {
		if x == v {
			return i
		}
	}
	return -1
}

// Shape is a constraint with a method.
type Shape interface {
	Area() int
}

// Rect is a Shape.
type Rect struct{ W, H int }

// Area is the rectangle's area.
func (r Rect) Area() int { return r.W * r.H }

// Largest returns the shape of xs with the largest area.
func Largest[S Shape](xs []S) (S, error) {
	var best S
	if len(xs) == 0 {
		return best, errors.New("no shapes")
	}
	best = xs[0]
	for _, x := range xs[1:] {
		if x.Area() > best.Area() {
			best = x
		}
	}
	return best, nil
}

// Stack is a generic stack.
type Stack[T any] struct {
	items []T
}

// Push adds v on top.
func (s *Stack[T]) Push(v T) {
	s.items = append(s.items, v)
}

// Pop removes the top element; ok is false when the stack is empty.
func (s *Stack[T]) Pop() (v T, ok bool) {
	if len(s.items) == 0 {
		return v, false
	}
	v = s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}

// Len is the number of elements.
func (s Stack[T]) Len() int {
	if s.items == nil {
		return 0
	}
	return len(s.items)
}
