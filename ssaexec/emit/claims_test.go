package emit

import "testing"

// TestDropLines: the positions errors quote in a reason or an
// approximation keep their file and lose line and column, so that a
// header stays true when the code moves; other numbers stay.
func TestDropLines(t *testing.T) {
	for in, want := range map[string]string{
		"unsupported: call of foo at x.go:12:3":                   "unsupported: call of foo at x.go",
		"/m/p/x.go:12:3: p.F: unsupported: float64 value":         "/m/p/x.go: p.F: unsupported: float64 value",
		"reach a panic at a.go:7:8, /m/q/g.c:1:1 (prog.h:4)":      "reach a panic at a.go, /m/q/g.c (prog.h)",
		"unreachable within k=3: 12:3 is no position, nor v1.2:3": "unreachable within k=3: 12:3 is no position, nor v1.2:3",
	} {
		if got := dropLines(in); got != want {
			t.Errorf("dropLines(%q) = %q, want %q", in, got, want)
		}
	}
}
