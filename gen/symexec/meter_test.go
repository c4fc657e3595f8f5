package symexec

import "testing"

// TestMeterSpentOnce checks that a Meter calls Spent once, when the count
// first reaches its limit, and that a nil Meter counts nothing.
func TestMeterSpentOnce(t *testing.T) {
	spent := 0
	mt := &Meter{Limit: 10, Spent: func() { spent++ }}
	for _, n := range []int{4, 5} {
		mt.Add(n)
	}
	if spent != 0 {
		t.Fatalf("spent at %d of 10", mt.Count())
	}
	mt.Add(1)
	mt.Add(7)
	if spent != 1 || mt.Count() != 17 {
		t.Errorf("after 17 of 10: spent %d times, count %d; want once, 17", spent, mt.Count())
	}
	var none *Meter
	none.Add(3)
	if none.Count() != 0 {
		t.Errorf("a nil Meter counted %d", none.Count())
	}
}
