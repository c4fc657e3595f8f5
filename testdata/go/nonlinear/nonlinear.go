// Package nonlinear has a branch whose condition is a product of inputs.
package nonlinear

// Answer returns 1 when x*y == 42 (with 64-bit wrap-around), 0 otherwise.
//
// Interesting branch: "x*y == 42" true, non-linear, out of reach of a
// linear solver but easy for a bit-vector one.
func Answer(x, y int) int {
	if x*y == 42 {
		return 1
	}
	return 0
}
