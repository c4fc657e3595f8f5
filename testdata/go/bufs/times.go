package bufs

import "time"

// Weekend reports whether t falls on a Saturday or a Sunday.
func Weekend(t time.Time) bool {
	switch t.Weekday() {
	case time.Saturday, time.Sunday:
		return true
	}
	return false
}

// Age returns the whole years from born to now, or -1 when born is later.
func Age(born, now time.Time) int {
	if born.After(now) {
		return -1
	}
	y := now.Year() - born.Year()
	if now.YearDay() < born.YearDay() {
		y--
	}
	return y
}
