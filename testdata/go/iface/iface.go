// Package iface has an interface with several implementations: method
// calls on an interface parameter, a type switch, a comma-ok assertion
// and a function taking any.
package iface

// Shape is implemented by Circle and Rect (value receivers) and by
// *Square (pointer receivers).
type Shape interface {
	Area() int
	Sides() int
}

type Circle struct{ R int }

func (c Circle) Area() int  { return 3 * c.R * c.R }
func (c Circle) Sides() int { return 0 }

type Rect struct{ W, H int }

func (r Rect) Area() int  { return r.W * r.H }
func (r Rect) Sides() int { return 4 }

type Square struct{ Side int }

func (s *Square) Area() int  { return s.Side * s.Side }
func (s *Square) Sides() int { return 4 }

// Classify calls the methods of s and branches on their results.
func Classify(s Shape) string {
	if s == nil {
		return "none"
	}
	if s.Sides() == 0 {
		if s.Area() > 100 {
			return "big round"
		}
		return "round"
	}
	if s.Area() == 16 {
		return "sixteen"
	}
	return "polygon"
}

// Name tells the dynamic type of s.
func Name(s Shape) string {
	switch v := s.(type) {
	case nil:
		return "nil"
	case Circle:
		if v.R < 0 {
			return "bad circle"
		}
		return "circle"
	case *Square:
		if v == nil {
			return "nil square"
		}
		return "square"
	default:
		return "other"
	}
}

// Width returns the width of a Rect, -1 for any other shape.
func Width(s Shape) int {
	r, ok := s.(Rect)
	if !ok {
		return -1
	}
	if r.W > r.H {
		return r.W
	}
	return r.H
}

// Describe tells what kind of value v holds.
func Describe(v any) int {
	switch x := v.(type) {
	case int:
		if x > 10 {
			return 2
		}
		return 1
	case string:
		if x == "go" {
			return 4
		}
		return 3
	case Circle:
		return 5
	}
	return 0
}
