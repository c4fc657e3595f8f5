// Package shapes has nested structs, arrays of structs and a struct of a
// slice.
package shapes

// Point is a point.
type Point struct{ X, Y int }

// Rect is a rectangle by two corners.
type Rect struct {
	Min, Max Point
}

// Area returns the area of r, 0 when r is empty.
//
// Interesting branches: fields of nested struct values.
func Area(r Rect) int {
	if r.Max.X <= r.Min.X || r.Max.Y <= r.Min.Y {
		return 0
	}
	return (r.Max.X - r.Min.X) * (r.Max.Y - r.Min.Y)
}

// Poly is a polygon.
type Poly struct {
	Name string
	Pts  []Point
}

// Inside counts the corners of p inside r.
//
// Interesting branch: a test on each element of a slice field.
func Inside(p *Poly, r Rect) int {
	n := 0
	for _, q := range p.Pts {
		if r.Min.X <= q.X && q.X < r.Max.X && r.Min.Y <= q.Y && q.Y < r.Max.Y {
			n++
		}
	}
	return n
}

// Corners returns the four corners of r.
func Corners(r Rect) [4]Point {
	return [4]Point{r.Min, {r.Max.X, r.Min.Y}, r.Max, {r.Min.X, r.Max.Y}}
}

// Check panics when r is inverted.
func Check(r Rect) {
	if r.Max.X < r.Min.X {
		panic(1)
	}
}
