// Package dead has a branch that no input can take, and a method on a
// named integer type.
package dead

// Dead returns 1 when x > 5, 0 otherwise.
//
// Interesting branch: "x < 3" true is unreachable (x > 5 holds there);
// pbcc must prove it so, not report it uncovered.
func Dead(x int) int {
	if x > 5 {
		if x < 3 {
			return -1
		}
		return 1
	}
	return 0
}

// Celsius is a temperature in degrees Celsius.
type Celsius int16

// State returns 0 for ice, 1 for water, 2 for steam; -1 below absolute
// zero.
//
// Interesting branches: "c < -273" and the two bounds, on an int16
// receiver.
func (c Celsius) State() int {
	if c < -273 {
		return -1
	}
	if c <= 0 {
		return 0
	}
	if c < 100 {
		return 1
	}
	return 2
}
