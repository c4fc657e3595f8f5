// Package array has arrays indexed by symbolic values and arrays of
// arrays.
package array

// DaysIn returns the number of days of month m (1 to 12) in a non-leap
// year, 0 when m is not a month.
//
// Interesting branch: "days[m-1] == 30" reads a local array at a symbolic
// index.
func DaysIn(m int) int {
	days := [12]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
	if m < 1 || m > 12 {
		return 0
	}
	if days[m-1] == 30 {
		return 30
	}
	return days[m-1]
}

// IsDiagonal reports whether every element of m off the diagonal is 0.
//
// Interesting branches: the two synthesised "range" conditions and
// "m[i][j] != 0", an element of an array of arrays at symbolic indexes.
func IsDiagonal(m [3][3]int8) bool {
	for i := range m {
		for j := range m[i] {
			if i != j && m[i][j] != 0 {
				return false
			}
		}
	}
	return true
}

// Swap returns a with its elements i and j exchanged when both are
// indexes of a; a unchanged otherwise.
//
// Interesting branch: the stores through symbolic indexes may alias
// (i == j).
func Swap(a [4]uint8, i, j int) [4]uint8 {
	if i < 0 || i >= len(a) || j < 0 || j >= len(a) {
		return a
	}
	a[i], a[j] = a[j], a[i]
	return a
}
