package sample

import "testing"

func TestSample(t *testing.T) {
	for _, c := range []struct {
		a, b, c int
		want    string
	}{{0, 1, 1, "invalid"}, {1, 1, 3, "not a triangle"}, {2, 2, 2, "equilateral"}, {2, 2, 3, "isosceles"}, {3, 4, 5, "scalene"}} {
		if got := Triangle(c.a, c.b, c.c); got != c.want {
			t.Errorf("Triangle(%d, %d, %d) = %q, want %q", c.a, c.b, c.c, got, c.want)
		}
	}
	if Grade(95) != 'A' || Grade(85) != 'C' || Grade(10) != 'F' {
		t.Error("Grade")
	}
	s := &Stack{xs: []int{1, 2}}
	if x, ok := s.Pop(); !ok || x != 2 || s.Sum() != 1 {
		t.Error("Stack")
	}
	if !Count(map[string]int{"a": 1}, "a b")("a") {
		t.Error("Count")
	}
}
