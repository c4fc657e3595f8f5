// Package pathcrawler is the running example of the PathCrawler paper
// (paper 002, figure 1): f searches e in A and calls g on the index found.
package pathcrawler

// G returns 2 when i equals x, i*x+1 otherwise.
func G(i, x int) int {
	if i == x {
		return 2
	}
	return i*x + 1
}

// F returns 1 when e is found in A at an index i such that i+1 == x
// (which needs x == 2: x must be outside [-1, 1] and i+1 is 1 or 2), 0
// otherwise.
//
// Interesting branches: "e == A[i]" indexes A with the loop counter, a
// symbolic index once the loop is unrolled; "res == 2" true needs the
// call to G to take its "i == x" true branch.
func F(A [2]int, e, x int) int {
	res := 0
	if x < -1 || x > 1 {
		i := 0
		for i < 2 && res == 0 {
			if e == A[i] {
				res = G(i+1, x)
			} else {
				i++
			}
		}
	}
	if res == 2 {
		return 1
	}
	return 0
}
