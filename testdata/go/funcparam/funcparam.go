// Package funcparam passes functions as values.
package funcparam

// Count returns how many elements of xs satisfy keep.
//
// Interesting branch: keep(x), an indirect call.
func Count(xs []int, keep func(int) bool) int {
	if keep == nil {
		return -1
	}
	n := 0
	for _, x := range xs {
		if keep(x) {
			n++
		}
	}
	return n
}

// IsEven reports whether x is even.
func IsEven(x int) bool { return x%2 == 0 }

// Evens counts the even elements of xs: a named function as a value.
func Evens(xs []int) int {
	return Count(xs, IsEven)
}
