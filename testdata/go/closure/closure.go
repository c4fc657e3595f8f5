// Package closure holds functions that build closures over their own
// variables and method values, the Go analogue of paper 001's function
// pointers made at run time.
package closure

// CountAbove counts the elements of xs greater than limit through a
// closure that updates a captured counter; it reports -1 past three.
func CountAbove(xs []int, limit int) int {
	n := 0
	add := func(x int) {
		if x > limit {
			n++
		}
	}
	for _, x := range xs {
		add(x)
	}
	if n > 3 {
		return -1
	}
	return n
}

// count returns how many elements of xs keep holds for.
func count(xs []int, keep func(int) bool) int {
	n := 0
	for _, x := range xs {
		if keep(x) {
			n++
		}
	}
	return n
}

// InRange counts the elements of xs within [lo, hi] with a predicate
// capturing both bounds.
func InRange(xs []int, lo, hi int) int {
	if lo > hi {
		return 0
	}
	return count(xs, func(x int) bool { return lo <= x && x <= hi })
}

// A Scale multiplies by K, saturating at Max.
type Scale struct {
	K, Max int
}

// Apply scales x.
func (s Scale) Apply(x int) int {
	if y := x * s.K; y < s.Max {
		return y
	}
	return s.Max
}

// Level applies s to x through a method value and classifies the result.
func Level(s Scale, x int) string {
	f := s.Apply
	switch v := f(x); {
	case v == s.Max:
		return "saturated"
	case v < 0:
		return "negative"
	}
	return "ok"
}

// A Tally counts events.
type Tally struct{ N int }

// Inc adds one.
func (t *Tally) Inc() { t.N++ }

// Run calls inc once per true element of evs through a method value on a
// pointer, and reports whether the tally reached goal.
func Run(evs []bool, goal int) bool {
	t := &Tally{}
	inc := t.Inc
	for _, e := range evs {
		if e {
			inc()
		}
	}
	return t.N >= goal
}
