package solve

import (
	"reflect"
	"runtime"
	"testing"
	"time"

	"github.com/pbcc/pbcc/gen/term"
)

// factoring is a query that costs Z3 many resource units: two factors,
// neither 1, of a 64-bit product.
func factoring() (*term.Term, []*term.Term) {
	x, y := term.Var("x", 64), term.Var("y", 64)
	one := term.BV(1, 64)
	big := term.BV(1<<32, 64)
	f := term.And(
		term.Eq(term.Mul(x, y), term.BV(0xfffffffb*0xffffffef, 64)),
		term.ULT(one, x), term.ULT(one, y), term.ULT(x, big), term.ULT(y, big))
	return f, []*term.Term{x, y}
}

// TestWorkCountsUnits checks that the checks' resource units are counted,
// the same for the same checks in a new context, and that a Query limit
// below what a check needs makes it Unknown.
func TestWorkCountsUnits(t *testing.T) {
	run := func(l Limits) (*Solver, Status) {
		s := New(0)
		s.Limit(l, nil)
		x := term.Var("a", 32)
		if st, _, err := s.Check(term.Eq(term.Add(x, term.BV(3, 32)), term.BV(10, 32)), []*term.Term{x}); err != nil || st != Sat {
			t.Fatalf("a+3 == 10: %v %v", st, err)
		}
		f, vars := factoring()
		st, _, err := s.Check(f, vars)
		if err != nil {
			t.Fatal(err)
		}
		return s, st
	}
	s1, st1 := run(Limits{})
	s2, st2 := run(Limits{})
	if s1.Work == 0 {
		t.Fatalf("no resource units counted")
	}
	if s1.Work != s2.Work || st1 != st2 {
		t.Errorf("the same checks counted %d (%v), then %d (%v) units", s1.Work, st1, s2.Work, st2)
	}
	if st1 == Unknown {
		t.Fatalf("factoring without a limit: unknown")
	}
	if s3, st3 := run(Limits{Query: uint(s1.Work / 4)}); st3 != Unknown {
		t.Errorf("a query limit of %d units, a quarter of what the checks need: %v after %d units", s1.Work/4, st3, s3.Work)
	}
}

// TestTotalEndsChecks checks that once the Total is reached, spent is
// called once and every later check is Unknown without a call to Z3.
func TestTotalEndsChecks(t *testing.T) {
	s := New(0)
	spent := 0
	s.Limit(Limits{Total: 1}, func() { spent++ })
	f, vars := factoring()
	if st, _, err := s.Check(f, vars); err != nil || st == Unknown {
		t.Fatalf("the first check: %v %v (the total is counted after it)", st, err)
	}
	calls := s.Calls
	for i := 0; i < 2; i++ {
		if st, _, _ := s.Check(f, vars); st != Unknown {
			t.Errorf("a check after the total: %v", st)
		}
	}
	if spent != 1 || s.Calls != calls || !s.Spent() {
		t.Errorf("spent called %d times, %d more calls, Spent %v; want once, none, true", spent, s.Calls-calls, s.Spent())
	}
}

// TestGCKeepsChecksSame checks that a garbage collection between checks
// (which finalizes go-z3's values of the terms of the checks before)
// changes neither the models nor the resource units of the checks after:
// on a loaded machine the collections come at other times.
func TestGCKeepsChecksSame(t *testing.T) {
	run := func(gc bool) (uint64, []Model) {
		s := New(0)
		defer s.Close()
		var ms []Model
		x, y, z := term.Var("x", 32), term.Var("y", 32), term.Var("z", 32)
		vars := []*term.Term{x, y, z}
		for i := uint64(0); i < 12; i++ {
			if gc {
				runtime.GC()
				time.Sleep(time.Millisecond) // the finalizers run
			}
			f := term.And(
				term.Eq(term.Add(term.Mul(x, y), z), term.BV(1000+i*7, 32)),
				term.ULT(term.BV(i+2, 32), x), term.ULT(term.BV(i+3, 32), y),
				term.Eq(term.BAnd(z, term.BV(0xf0, 32)), term.BV((i%8)<<4, 32)))
			_, m, err := s.Check(f, vars)
			if err != nil {
				t.Fatal(err)
			}
			ms = append(ms, m)
		}
		return s.Work, ms
	}
	w1, m1 := run(false)
	w2, m2 := run(true)
	if w1 != w2 || !reflect.DeepEqual(m1, m2) {
		t.Errorf("without collections: %d units, models %v\nwith: %d units, models %v", w1, m1, w2, m2)
	}
}

// TestTooLargeUnknownAtOnce checks that a formula whose terms alone would
// cost more than the check's budget (nodeUnits each) is Unknown without
// a call to Z3, and that the same formula is decided with a budget that
// covers it.
func TestTooLargeUnknownAtOnce(t *testing.T) {
	// x+1+2+...+n == 0: about 2n distinct terms, satisfiable.
	x := term.Var("x", 32)
	sum := x
	const n = 60
	for i := 1; i <= n; i++ {
		sum = term.Add(sum, term.BV(uint64(i), 32))
	}
	f := term.Eq(sum, term.BV(0, 32))
	size := term.Size(f)
	for _, tc := range []struct {
		budget uint
		want   Status
	}{
		{uint(size-1) * nodeUnits, Unknown},
		{uint(size) * nodeUnits * 100, Sat},
	} {
		s := New(0)
		restore := s.Budget(tc.budget)
		st, _, err := s.Check(f, []*term.Term{x})
		restore()
		if err != nil {
			t.Fatal(err)
		}
		if st != tc.want {
			t.Errorf("a formula of %d terms, a budget of %d units: %v, want %v", size, tc.budget, st, tc.want)
		}
		if tc.want == Unknown && s.Calls != 0 {
			t.Errorf("a formula too large for its budget went to Z3 (%d calls)", s.Calls)
		}
		s.Close()
	}
}

// TestHoldTooLarge checks that Hold does not take in a formula of more
// than heldSlack checks' worth of terms: the checks under it then
// refuse it at once, as they refuse it unheld, instead of Z3 taking it
// in whatever its size and the units being charged after (bc's
// _bc_do_add: a held tree of 1.1 million terms, 119M units in one
// check, past the function's whole budget). A formula within the bound
// is held and decided.
func TestHoldTooLarge(t *testing.T) {
	x := term.Var("x", 32)
	sum := x
	const n = 60
	for i := 1; i <= n; i++ {
		sum = term.Add(sum, term.BV(uint64(i), 32))
	}
	f := term.Eq(sum, term.BV(0, 32))
	size := term.Size(f)
	for _, tc := range []struct {
		query uint
		held  bool
		want  Status
	}{
		{uint(size-1) * nodeUnits / heldSlack, false, Unknown},
		{uint(size) * nodeUnits * 100, true, Sat},
	} {
		s := New(0)
		s.Incremental = true
		s.Limit(Limits{Query: tc.query}, nil)
		release := s.Hold(f)
		if held := s.held != nil; held != tc.held {
			t.Errorf("a formula of %d terms, a query limit of %d units: held %v, want %v", size, tc.query, held, tc.held)
		}
		st, _, err := s.CheckSmall(f, []Input{{Var: x}})
		release()
		if err != nil {
			t.Fatal(err)
		}
		if st != tc.want {
			t.Errorf("a formula of %d terms, a query limit of %d units: %v, want %v", size, tc.query, st, tc.want)
		}
		if tc.want == Unknown && s.Calls != 0 {
			t.Errorf("a formula too large to hold went to Z3 (%d calls)", s.Calls)
		}
		s.Close()
	}
}
