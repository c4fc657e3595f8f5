// Package recursion has recursive functions.
package recursion

// GCD returns the greatest common divisor of a and b when Euclid's
// algorithm needs at most three steps, -1 when it needs more or an
// argument is negative.
//
// Interesting branch: gcd's "depth == 3" true edge, reached from GCD only
// through three nested recursive calls (e.g. GCD(5, 3)).
func GCD(a, b int) int {
	if a < 0 || b < 0 {
		return -1
	}
	return gcd(a, b, 0)
}

// gcd is one step of Euclid's algorithm at recursion depth depth.
func gcd(a, b, depth int) int {
	if b == 0 {
		return a
	}
	if depth == 3 {
		return -1
	}
	return gcd(b, a%b, depth+1)
}

// Fact returns n! for 0 <= n <= 20, -1 otherwise.
//
// Interesting branch: "n <= 1" false needs a recursive call.
func Fact(n int) int {
	if n < 0 || n > 20 {
		return -1
	}
	if n <= 1 {
		return 1
	}
	return n * Fact(n-1)
}
