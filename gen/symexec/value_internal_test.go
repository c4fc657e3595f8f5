package symexec

import (
	"fmt"
	"testing"

	"github.com/pbcc/pbcc/gen/term"
)

// TestStoreThroughAliasesKeepsTargets stores, many times over, into one
// field of a struct whose other field is a pointer with two targets, each
// store under a condition of its own (as a store through a pointer that
// may designate several objects does): the untouched pointer field keeps
// its two targets, instead of doubling them at each store (Siemens
// schedule's del_ele ran out of memory that way).
func TestStoreThroughAliasesKeepsTargets(t *testing.T) {
	a, b := term.Var("a", 0), term.Var("b", 0)
	p := &pointer{targets: []target{{guard: a, obj: 1}, {guard: term.Not(a), obj: 2}}}
	obj := value{elems: []value{{ptr: p}, {t: term.BV(0, 32)}}}
	field1 := []*term.Term{term.BV(1, 64)}
	for i := range 12 {
		c := term.And(b, term.Eq(term.Var("x", 32), term.BV(uint64(i), 32)))
		obj = ite(c, update(obj, field1, value{t: term.BV(uint64(i), 32)}), obj)
	}
	if n := len(obj.elems[0].ptr.targets); n != 2 {
		t.Fatalf("the untouched pointer field has %d targets after 12 stores, want 2", n)
	}
	// Two different pointers to the same cells are joined too.
	q := &pointer{targets: []target{{guard: b, obj: 1}, {guard: term.Not(b), obj: 3}}}
	r := itePointer(term.Var("c", 0), p, q)
	if len(r.targets) != 3 {
		t.Fatalf("ite of targets {1, 2} and {1, 3}: %d targets, want 3", len(r.targets))
	}
}

// TestJoinTargets: targets are joined when they have the same object and
// the same path (the same term, or constants of one value and width),
// in the order of their first occurrence, with few targets (compared
// each with each) and with many (found by hash).
func TestJoinTargets(t *testing.T) {
	i := term.Var("i", 64)
	for _, n := range []int{3, joinLinear + 5, 200} {
		var ts []target
		for k := range n {
			g := term.Var(fmt.Sprintf("g%d", k), 0)
			switch k % 3 {
			case 0: // obj k/3 at [k/3]: a fresh constant each time
				ts = append(ts, target{g, k / 3, []*term.Term{term.BV(uint64(k/3), 64)}})
			case 1: // the same cell again, by a constant of the same value
				ts = append(ts, target{g, k / 3, []*term.Term{term.BV(uint64(k/3), 64)}})
			case 2: // the same object at the symbolic index i: another path
				ts = append(ts, target{g, k / 3, []*term.Term{i}})
			}
		}
		// A constant of another width is another path.
		ts = append(ts, target{term.Var("w", 0), 0, []*term.Term{term.BV(0, 32)}})
		got := joinTargets(ts)
		cells := map[string]bool{"w": true}
		for k := range n {
			cells[fmt.Sprint(k/3, k%3 == 2)] = true
		}
		want := len(cells)
		if len(got) != want {
			t.Fatalf("%d targets: joined to %d, want %d", n, len(got), want)
		}
		if !got[0].same(ts[0]) || got[0].guard.String() != term.Or(ts[0].guard, ts[1].guard).String() {
			t.Errorf("%d targets: first joined target %v, want object 0 at [0] under g0 ∨ g1", n, got[0])
		}
		for k := 1; k < len(got); k++ {
			for j := range k {
				if got[j].same(got[k]) {
					t.Errorf("%d targets: %d and %d are the same cell, not joined", n, j, k)
				}
			}
		}
	}
}
