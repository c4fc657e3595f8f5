package term

import (
	"math/rand/v2"
	"testing"
)

// TestSubst: substituting some of a random term's variables keeps its
// value (Eval with all of them bound), substituting all folds it to that
// value, and substituting none returns the term itself.
func TestSubst(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 4000; i++ {
		g := &gen{rng: rng, vals: map[string]uint64{}}
		w := 0
		if rng.IntN(3) > 0 {
			w = widths[rng.IntN(len(widths))]
		}
		sym, _ := g.term(w, 4)
		want := Eval(sym, g.vals)
		some := map[string]uint64{}
		for name, v := range g.vals {
			if rng.IntN(2) == 0 {
				some[name] = v
			}
		}
		if got := Eval(Subst(sym, some), g.vals); got != want {
			t.Fatalf("Eval after Subst of %v = %#x, want %#x\nterm %s", some, got, want, sym)
		}
		all := Subst(sym, g.vals)
		if !all.IsConst() || all.Val != want {
			t.Fatalf("Subst of every variable = %s, want the constant %#x\nterm %s", all, want, sym)
		}
		if got := Subst(sym, nil); got != sym {
			t.Fatalf("Subst of no variable made a new term: %s", got)
		}
	}
}
