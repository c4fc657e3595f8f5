// Package trityp is pbcc's bundled example: the triangle classification
// program of the test-generation literature. Its tests in
// trityp_pbcc_test.go were written by pbcc; `make demo` (or
// `go generate ./examples/...`) writes them again and prints the coverage
// they reach on the real code.
package trityp

//go:generate go run github.com/pbcc/pbcc/cmd/pbcc gen .

// Kind of a triangle.
const (
	Equilateral  = 1
	Isosceles    = 2
	Scalene      = 3
	NotATriangle = 4
)

// Trityp classifies the triangle with sides a, b and c.
func Trityp(a, b, c int) int {
	if a <= 0 || b <= 0 || c <= 0 {
		return NotATriangle
	}
	if a+b <= c || a+c <= b || b+c <= a {
		return NotATriangle
	}
	if a == b && b == c {
		return Equilateral
	}
	if a == b || b == c || a == c {
		return Isosceles
	}
	return Scalene
}

// Perimeter returns the perimeter of a valid triangle, or -1 when the
// sides do not make one, and reports whether the sum overflowed int32.
func Perimeter(a, b, c int32) (int32, bool) {
	if Trityp(int(a), int(b), int(c)) == NotATriangle {
		return -1, false
	}
	p := a + b + c
	return p, p < a
}
