// Package counter reads and writes package-level variables.
package counter

var count int

var limit = 3

const name = "counter"

// Next increments the counter and reports whether it is over the limit.
//
// Interesting branch: count > limit, both package-level inputs.
func Next() bool {
	count++
	if count > limit {
		count = 0
		return true
	}
	return false
}

// Reset sets the counter to 0: it writes but never reads it.
func Reset() {
	count = 0
}

// Label returns the name of the counter, or "" when it is off.
func Label(on bool) string {
	if on {
		return name
	}
	return ""
}
