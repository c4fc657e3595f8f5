// Package slicesum has slices indexed, sliced, made and grown.
package slicesum

// SumRange returns the sum of xs[lo:hi], or -1 when the bounds are bad.
//
// Interesting branches: the bounds tests, and the loop over a sub-slice.
func SumRange(xs []int, lo, hi int) int {
	if lo < 0 || hi > len(xs) || lo > hi {
		return -1
	}
	sum := 0
	for _, x := range xs[lo:hi] {
		sum += x
	}
	return sum
}

// Positives returns the positive elements of xs, in order.
//
// Interesting branch: x > 0, which decides whether append grows the
// result.
func Positives(xs []int16) []int16 {
	var out []int16
	for _, x := range xs {
		if x > 0 {
			out = append(out, x)
		}
	}
	return out
}

// Ramp returns [0, 1, ..., n-1], nil when n is not positive.
//
// Interesting branch: n <= 0; the stores go through make's slice.
func Ramp(n int) []int {
	if n <= 0 {
		return nil
	}
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// Last returns the last element of a fixed array of bytes equal to b, or
// -1.
//
// Interesting branch: a[i] == b on an array parameter sliced as a[:].
func Last(a [4]byte, b byte) int {
	s := a[:]
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == b {
			return i
		}
	}
	return -1
}

// Window returns s[lo:hi] with its capacity clipped to its length, so
// that appending to the window never writes into s, and reports whether
// s had room past hi that a plain s[lo:hi] would have shared.
func Window(s []int, lo, hi int) ([]int, bool) {
	if lo < 0 || hi > len(s) || lo > hi {
		return nil, false
	}
	w := s[lo:hi:hi]
	if cap(s[lo:hi]) > cap(w) {
		return w, true
	}
	return w, false
}

// indexOf returns the index of the first v in s, or -1.
func indexOf(s []int, v int) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}

// Listed classifies ports: 0 when there are none, 1 when p is among them,
// 2 otherwise. (A regression: a length of 2^64-1 once slipped through the
// input model's bound, so that len(ports) != 0 and the loop not entering
// looked possible together.)
func Listed(ports []int, p int) int {
	if len(ports) == 0 {
		return 0
	}
	if indexOf(ports, p) >= 0 {
		return 1
	}
	return 2
}
