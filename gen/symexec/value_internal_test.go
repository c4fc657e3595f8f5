package symexec

import (
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
