// Package minmax uses the builtins min, max, copy and cap.
package minmax

// Clamp returns x limited to [lo, hi].
//
// Interesting branches: lo > hi, and the outcomes min and max hide.
func Clamp(x, lo, hi int) int {
	if lo > hi {
		return lo
	}
	v := max(lo, min(x, hi))
	if v == x {
		return v
	}
	return -v
}

// Span returns the smallest and largest of three bytes.
//
// Interesting branch: the span of the three.
func Span(a, b, c uint8) int {
	lo, hi := min(a, b, c), max(a, b, c)
	if hi-lo > 10 {
		return 1
	}
	return 0
}

// Fill copies src into buf, at most n bytes, and says how much room is
// left.
//
// Interesting branches: n out of range, the count copy returns, the
// capacity.
func Fill(buf []byte, src string, n int) int {
	if n < 0 || n > len(buf) {
		return -1
	}
	k := copy(buf[:n], src)
	if k < len(src) {
		return 0
	}
	if cap(buf) > len(buf) {
		return cap(buf) - k
	}
	return len(buf) - k
}

// Shift drops the first element of s in place and returns the new slice.
//
// Interesting branch: the empty slice.
func Shift(s []int) []int {
	if len(s) == 0 {
		return s
	}
	n := copy(s, s[1:])
	return s[:n]
}
