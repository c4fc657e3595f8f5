// Package wrap has a branch that only integer wrap-around can take.
package wrap

// Overflows reports whether x+1 wraps around int8's range.
//
// Interesting branch: "x+1 < x" true only for x == 127, where x+1 wraps
// to -128; over mathematical integers it is dead.
func Overflows(x int8) bool {
	if x+1 < x {
		return true
	}
	return false
}
