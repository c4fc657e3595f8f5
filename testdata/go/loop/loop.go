// Package loop holds small loops: the example program of paper 001
// (annex A, figure 4) and a loop over an integer.
package loop

// Loop is paper 001's figure 4: read a, count i up while a > i, print i.
// It returns max(a, 0).
//
// Interesting branches: "a > i" false on entry needs a <= 0; true then
// false needs the loop unrolled once (a == 1), the bound k of the
// execution tree decides how many iterations are explored.
func Loop(a int) int {
	i := 0
	for a > i {
		i++
	}
	return i
}

// SumBelow returns 0+1+...+(n-1) when that sum stays below limit, and -1 as
// soon as it reaches limit.
//
// Interesting branches: the synthesised "range n" condition (no iteration
// when n <= 0) and "s >= limit", which needs enough iterations.
func SumBelow(n, limit int) int {
	s := 0
	for i := range n {
		s += i
		if s >= limit {
			return -1
		}
	}
	return s
}
