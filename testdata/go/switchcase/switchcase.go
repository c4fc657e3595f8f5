// Package switchcase has an expression switch and a tagless switch.
package switchcase

// Kind classifies day d of the week (0 is Sunday): 1 weekend, 2 Monday,
// 3 midweek, 4 Friday, 0 not a day.
//
// Interesting branches: each case value is a branch of its own, including
// each value of the multi-value cases "0, 6" and "2, 3, 4".
func Kind(d int) int {
	switch d {
	case 0, 6:
		return 1
	case 1:
		return 2
	case 2, 3, 4:
		return 3
	case 5:
		return 4
	default:
		return 0
	}
}

// Sign returns -1, 0 or 1 after the sign of x.
//
// Interesting branches: the cases of a tagless switch are ordinary
// conditions, "x < 0" then "x == 0".
func Sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x == 0:
		return 0
	default:
		return 1
	}
}
