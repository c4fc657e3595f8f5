// Package unstable has functions whose results vary from run to run (the
// clock, randomness, map order): pbcc keeps their cases, checking only
// that the call does not panic, rather than dropping them.
package unstable

import (
	"math/rand/v2"
	"time"
)

// Stamp returns the clock in nanoseconds, and whether it is past t.
func Stamp(t int64) (int64, bool) {
	now := time.Now().UnixNano()
	if now > t {
		return now, true
	}
	return now, false
}

// Roll returns a number in [0, n); it panics when n is not positive.
func Roll(n int) int {
	if n <= 0 {
		panic("unstable: Roll of a non-positive n")
	}
	return rand.IntN(n)
}

// Keys returns the keys of m, in the map's order.
func Keys(m map[string]int) []string {
	if len(m) == 0 {
		return nil
	}
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
