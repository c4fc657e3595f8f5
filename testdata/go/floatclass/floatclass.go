// Package floatclass classifies floating-point numbers.
package floatclass

import "math"

// Class returns 0 for NaN, 1 for ±Inf, 2 for zero, 3 for a subnormal, 4
// for a normal number.
//
// Interesting branches: x != x (only NaN), the comparisons with the
// largest finite and smallest normal numbers.
func Class(x float64) int {
	if x != x {
		return 0
	}
	if x > math.MaxFloat64 || x < -math.MaxFloat64 {
		return 1
	}
	if x == 0 {
		return 2
	}
	if -0x1p-1022 < x && x < 0x1p-1022 {
		return 3
	}
	return 4
}

// Celsius converts a Fahrenheit temperature, rounded down to an integer,
// and says whether water freezes.
//
// Interesting branches: a float32 computed from an int and compared.
func Celsius(f int) (int, bool) {
	c := (float32(f) - 32) * 5 / 9
	if c <= 0 {
		return int(c), true
	}
	return int(c), false
}
