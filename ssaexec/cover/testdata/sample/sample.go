// Package sample holds one of each branch kind, for the golden test of
// Branches.
package sample

// Triangle classifies a triangle by its sides.
func Triangle(a, b, c int) string {
	if a <= 0 || b <= 0 || c <= 0 {
		return "invalid"
	}
	if !(a+b > c && a+c > b && b+c > a) {
		return "not a triangle"
	} else if a == b && b == c {
		return "equilateral"
	} else if a == b || b == c || a == c {
		return "isosceles"
	}
	return "scalene"
}

// Grade maps a score to a letter.
func Grade(score int) (g byte) {
	switch s := score / 10; s {
	case 10, 9:
		g = 'A'
	case 8:
		g = 'B'
		fallthrough
	case 7:
		g++
	default:
		g = 'F'
	}
	return
}

type Stack struct{ xs []int }

func (s *Stack) Pop() (int, bool) {
	if len(s.xs) == 0 {
		return 0, false
	}
	x := s.xs[len(s.xs)-1]
	s.xs = s.xs[:len(s.xs)-1]
	return x, true
}

func (s Stack) Sum() (t int) {
	for _, x := range s.xs {
		t += x
	}
	for i := range len(s.xs) {
		t += i
	}
	return
}

func Count(words map[string]int, text string) func(string) bool {
	for _, r := range text {
		switch {
		case r == ' ', r == '\n':
			continue
		}
	}
	for k := range words {
		_ = k
	}
	return func(w string) bool {
		for i := 0; i < len(w) && w[i] != ' '; i++ {
		}
		return words[w] > 0 || func() bool { return len(w) > 3 }()
	}
}
