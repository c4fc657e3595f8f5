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
