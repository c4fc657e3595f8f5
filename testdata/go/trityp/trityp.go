// Package trityp is the classic triangle classification program.
package trityp

// Trityp classifies the triangle of sides a, b, c: 1 equilateral,
// 2 isosceles, 3 scalene, 4 not a triangle (a side is not positive, or
// one side is at least the sum of the two others).
//
// Interesting branches: each operand of the || and && chains is its own
// branch; "a == c" true needs a != b and b != c.
func Trityp(a, b, c int) int {
	if a <= 0 || b <= 0 || c <= 0 {
		return 4
	}
	if a+b <= c || a+c <= b || b+c <= a {
		return 4
	}
	if a == b && b == c {
		return 1
	}
	if a == b || b == c || a == c {
		return 2
	}
	return 3
}
