package oracle

import (
	"testing"

	"github.com/pbcc/pbcc/ssaexec/cover"
)

// TestHitName shows the names of cases kept for a relation: the bound
// moved by one when it is a number or a character, "+1" otherwise.
func TestHitName(t *testing.T) {
	in := &cover.Instrumentation{Sites: []cover.Site{
		{Text: "x > 10", Op: ">", X: "x", Y: "10", Integer: true},
		{Text: "c > '9'", Op: ">", X: "c", Y: "'9'", Integer: true},
		{Text: "n < max", Op: "<", X: "n", Y: "max", Integer: true},
	}}
	for _, c := range []struct {
		site, rel int
		want      string
	}{
		{0, cover.RelEqual, "x==10"},
		{0, cover.RelAbove, "x==11"},
		{1, cover.RelAbove, "c==colon"},
		{2, cover.RelBelow, "n==max-1"},
		{0, 1, "x<=10"}, // the false outcome of site 0
	} {
		k := in.RelationHit(c.site, c.rel)
		if c.site == 0 && c.rel == 1 {
			k = 1
		}
		if got := hitName(in, k); got != c.want {
			t.Errorf("hitName(site %d, relation %d) = %q, want %q", c.site, c.rel, got, c.want)
		}
	}
}
