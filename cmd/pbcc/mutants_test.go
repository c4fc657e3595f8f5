package main

import "testing"

// TestDroppedUpdates: the slips issue 10 made by hand in a business
// package, which a table covering every branch let pass: an update
// dropped (t = p * qty for t += p * qty, e = 3 for e += 3), reversed
// (t += discount for t -= discount), a product that a zero or a one
// makes vanish (p + qty for p * qty). Each fails the tests pbcc
// writes. The update of e counts only from the
// second thousand on: the search must scale its input by the constant
// it compares with (1000 to a million) to tell e = 3 from e += 3. A
// time's milliseconds need a time with a fraction of a second.
func TestDroppedUpdates(t *testing.T) {
	if testing.Short() {
		t.Skip("runs pbcc gen and go test")
	}
	t.Parallel()
	const src = `package inc

import "time"

// Total is the sum of price times quantity over the lines, less the
// discount.
func Total(prices []int, qty, discount int) int {
	t := 0
	for _, p := range prices {
		t += p * qty
	}
	t -= discount
	return t
}

// Thousands is the exponent of n's power of a thousand, by threes (as
// humanize's ComputeSI).
func Thousands(n float64) float64 {
	e := 0.0
	for n >= 1000 {
		n /= 1000
		e += 3
	}
	return e
}

// Millis is t in milliseconds since the epoch (as ulid's Timestamp).
func Millis(t time.Time) int64 {
	return t.Unix()*1000 + int64(t.Nanosecond()/int(time.Millisecond))
}
`
	dir, source, _, _, _ := genIncModule(t, src)
	mutantsFail(t, dir, source, src, [][2]string{
		{`t += p * qty`, `t = p * qty`},
		{`t -= discount`, `t += discount`},
		{`p * qty`, `p + qty`},
		{`e += 3`, `e = 3`},
		{`t.Nanosecond()/int(time.Millisecond)`, `t.Nanosecond()*int(time.Millisecond)`},
	})
}
