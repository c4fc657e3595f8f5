package gen_test

import (
	"strings"
	"testing"

	"github.com/pbcc/pbcc/gen"
)

// TestTooLargeInALoop: in a C function whose goals in a loop all have
// trees too large at bound 0 (MaxNodes 1 here), the goals stage builds
// the trees of the first four and none for the others of the loop, which
// it leaves too large with a detail that says so; the goals it cannot
// reach by other means stay too large either way.
func TestTooLargeInALoop(t *testing.T) {
	src := `int marks(const char *s) {
	int n = 0;
	for (int i = 0; s[i]; i++) {
		if (s[i] == 'a' && s[i] == 'b') n += 1;
		if (s[i] == 'c' && s[i] == 'd') n += 2;
		if (s[i] == 'e' && s[i] == 'f') n += 3;
		if (s[i] == 'g' && s[i] == 'h') n += 4;
		if (s[i] == 'i' && s[i] == 'j') n += 5;
		if (s[i] == 'k' && s[i] == 'l') n += 6;
		if (s[i] == 'm' && s[i] == 'n') n += 7;
	}
	return n;
}
`
	// The stages after the goals' are not what is tested: the meter
	// ends them (as pbcc gen's work bound does) once the sampling and
	// the mutation search have had their share.
	r := generateMetered(t, "marks.c", src, 1, 300_000)
	built, skipped := 0, 0
	for _, st := range r.Edges {
		if st.Outcome != gen.TooLarge {
			continue
		}
		switch {
		case strings.Contains(st.Detail, "not built"):
			skipped++
		case strings.Contains(st.Detail, "more than 1 blocks"):
			built++
		}
		t.Logf("%s: %s", gen.CaseName(st.Edge), st.Detail)
	}
	if skipped == 0 || built > 4 {
		t.Errorf("%d goals too large by their trees, %d left without a tree; want at most 4, and some left", built, skipped)
	}
}
