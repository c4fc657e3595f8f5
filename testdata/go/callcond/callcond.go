// Package callcond has calls inside conditions, one of them to a function
// with several results.
package callcond

// F returns a-b when a > b, k*a otherwise.
func F(k, a, b int) int {
	if a > b {
		return a - b
	}
	return k * a
}

// G doubles x.
func G(x int) int {
	return 2 * x
}

// CallCond returns 1 when 2*F(1, a, G(2)) <= 0, 0 otherwise.
//
// Interesting branches: "2*F(1, a, G(2)) <= 0" is decided inside F: true
// through F's "a > b" false edge with a <= 0, false through either edge
// (a in [1, 4], or a > 4 without 2*(a-4) wrapping around).
func CallCond(a int) int {
	if 2*F(1, a, G(2)) <= 0 {
		return 1
	}
	return 0
}

// DivMod returns the quotient and remainder of a divided by 7.
func DivMod(a int) (q, r int) {
	return a / 7, a % 7
}

// Split returns the high and low bytes of x.
func Split(x uint16) (hi, lo uint8) {
	return uint8(x >> 8), uint8(x)
}

// Compare returns 1 when the quotient of a by 7 exceeds the remainder, 2
// when the high and low bytes of b are equal, 0 otherwise.
//
// Interesting branches: "q > r" and "hi == lo" read the results of calls
// with several results.
func Compare(a int, b uint16) int {
	if q, r := DivMod(a); q > r {
		return 1
	}
	if hi, lo := Split(b); hi == lo {
		return 2
	}
	return 0
}
