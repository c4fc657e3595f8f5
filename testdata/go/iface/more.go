package iface

// Default is the shape Pick falls back to.
var Default Shape = Circle{R: 1}

// Current is set by the program; an input of the functions that read it.
var Current Shape

// Pick returns s, or Default when s is nil.
func Pick(s Shape) Shape {
	if s == nil {
		return Default
	}
	return s
}

// Canvas holds a shape.
type Canvas struct {
	S     Shape
	Scale int
}

// Total is the scaled area of the canvas's shape.
func (c Canvas) Total() int {
	if c.S == nil {
		return 0
	}
	a := c.S.Area() * c.Scale
	if a > 50 {
		return 50
	}
	return a
}

// CurrentSides tells the sides of the current shape.
func CurrentSides() int {
	if Current == nil {
		return -1
	}
	if Current.Sides() == 4 {
		return 4
	}
	return 0
}

// Wrap makes a shape of a size.
func Wrap(n int) Shape {
	if n < 0 {
		return nil
	}
	if n > 10 {
		return &Square{Side: n}
	}
	return Rect{W: n, H: 1}
}

// Polygon is a shape with corners.
type Polygon interface {
	Shape
	Corners() int
}

func (r Rect) Corners() int { return 4 }

// Corners tells the corners of v: a polygon's, 0 for another shape, -1
// for anything else.
func Corners(v any) int {
	switch x := v.(type) {
	case Polygon:
		return x.Corners()
	case Shape:
		return 0
	}
	return -1
}

// HasCorners passes s on as any.
func HasCorners(s Shape) bool {
	if Corners(s) > 0 {
		return true
	}
	return false
}

// MustPolygon panics when s is no polygon.
func MustPolygon(s Shape) int {
	p := s.(Polygon)
	if p.Area() > 10 {
		return 1
	}
	return 0
}

// Same tells whether a and b are equal shapes: 2 when both are nil.
func Same(a, b Shape) int {
	if a == b {
		if a == nil {
			return 2
		}
		return 1
	}
	return 0
}

// Sized has a size.
type Sized interface{ Size() int }

// Box is sized.
type Box struct{ W int }

func (b Box) Size() int { return b.W }

// Framed embeds a Sized: it is one through it, and may hold another.
type Framed struct {
	Sized
	Border int
}

// FramedSize compares the size of f's content with its border.
func FramedSize(f Framed) int {
	if f.Sized == nil {
		return -1
	}
	if f.Size() > f.Border {
		return 1
	}
	return 0
}

// SameSized compares two Sized values, which may nest.
func SameSized(a, b Sized) bool {
	if a == b {
		return true
	}
	return false
}
