// Package solve decides the satisfiability of a term formula and, when it
// is satisfiable, gives a model: a value for each variable. It is the only
// package of pbcc that links Z3 (github.com/aclements/go-z3, through cgo).
//
// A Solver owns one Z3 context and is used by one goroutine; each Check
// pushes a scope and pops it afterwards. Z3's answers depend on the
// history of its context (the identities of the terms made before), so
// pbcc gives each function a Solver of its own: the inputs found for a
// function then depend on that function alone, not on which others ran
// before it on the same worker, the number of CPUs or -func. A per-check time limit turns a hard query into
// Unknown instead of a hang.
//
// CheckSmall asks for a model whose inputs read as if a person chose them
// first (small numbers, letters, short strings: see stages), and only
// then for any model; a variable the formula does not constrain is 0.
package solve

import (
	"fmt"
	"maps"
	"math"
	"math/big"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pbcc/pbcc/gen/term"
	"github.com/pbcc/pbcc/internal/z3"
)

// Status is the answer to a satisfiability question.
type Status int

const (
	Unsat Status = iota
	Sat
	Unknown // the time limit was reached, or Z3 gave up
)

func (s Status) String() string { return [...]string{"unsat", "sat", "unknown"}[s] }

// A Model assigns a value to each variable of a formula (booleans 0/1).
type Model map[string]uint64

// A Solver checks formulas with Z3. It is not safe for concurrent use.
type Solver struct {
	mu      sync.Mutex // guards ctx against Interrupt from another goroutine
	ctx     *z3.Context
	s       *z3.Solver
	timeout time.Duration
	budget  uint // the resource limit Budget set (0: none)
	rlimit  uint // the resource limit in force: budget or limit.Query
	// stopped is set by Interrupt: every check after it is Unknown at
	// once (Z3's interrupt only ends the work under way).
	stopped atomic.Bool
	// Calls counts the Z3 checks made, for the benchmarks and -json.
	Calls int
	// Work counts the Z3 resource units the checks used (see
	// z3.Solver.RlimitCount); counted is the context's count at the last look.
	Work    uint64
	counted uint64
	// limit is the Limit in force: units per check and in all.
	limit Limits
	// spent is called once, when Work first reaches limit.Total.
	spent func()
	log   *queryLog // PBCC_SOLVE_LOG's, or nil
	// Every Z3 value made for the checks (tr's translations, models and
	// the values read from them) lives until Close: pbcc's copy of go-z3
	// has no finalizers (internal/z3). go-z3 released a Z3 term when the
	// garbage collector finalized its Go value, at a time that depends on
	// the load; Z3 then reused its id, and orders its search by ids
	// (replace's dodash, PBCC_WORKERS=1, counted other units from its
	// 120th check on in one run out of two).
	//
	// tr translates the terms of every check: a term shared by several
	// checks (the formula of CheckSmall's ranges, a tree's paths) is
	// translated once.
	tr *translator
	// Incremental lets Hold keep a formula asserted for several checks.
	// pbcc sets it for C functions: Z3's models of the same formula
	// asserted in pieces differ, and the Go tables would change with
	// them (a Go search repeats fewer large checks).
	Incremental bool
	// held is the formula Hold asserted, heldNodes its terms, charged
	// to the next check.
	held      *term.Term
	heldNodes int
}

// New returns a Solver whose checks each give up after timeout (none if 0).
func New(timeout time.Duration) *Solver {
	cfg := z3.NewContextConfig()
	if timeout > 0 {
		cfg.SetUint("timeout", uint(timeout/time.Millisecond))
	}
	ctx := z3.NewContext(cfg)
	zs := z3.NewSolver(ctx)
	if noZ3CtrlC {
		zs.NoCtrlC()
	}
	s := &Solver{ctx: ctx, s: zs, timeout: timeout}
	if logQueries != nil {
		s.log = logQueries
	}
	return s
}

// Limits bound a Solver's work in Z3 resource units, which count the
// same on an idle machine as on a loaded one, so that the answers (and
// pbcc's output) do not depend on the load, unlike a time limit.
type Limits struct {
	// Query bounds every check (0: no bound); Budget may lower it for
	// some checks. A check that needs more is Unknown.
	Query uint
	// Total bounds the units of all the checks (0: no bound): once Work
	// reaches it, every later check is Unknown at once, and the spent
	// function given to Limit is called.
	Total uint64
}

// Limit puts l in force for the following checks; spent, if not nil, is
// called (once, from the goroutine making the check) when Work reaches
// l.Total: pbcc ends the function's search there, at the same check
// whatever the load.
func (s *Solver) Limit(l Limits, spent func()) {
	s.limit, s.spent = l, spent
	s.setBudget(s.budget)
}

// Spent reports whether the checks used up the Total of the Limits.
func (s *Solver) Spent() bool {
	return s.limit.Total > 0 && s.Work >= s.limit.Total
}

// Close deletes the Z3 context (z3.Context.Close says why not to leave
// it to the garbage collector). The Solver may not be used after Close,
// but for Interrupt, which then does nothing.
func (s *Solver) Close() {
	s.mu.Lock()
	ctx := s.ctx
	s.ctx, s.s, s.tr = nil, nil, nil
	s.mu.Unlock()
	if ctx != nil {
		ctx.Close()
	}
}

// Interrupt stops the solver's current work (a check, an assertion that
// simplifies a large formula, the guesses CheckSmall evaluates) as soon
// as Z3 or the guessing looks: the call returns unknown, and so does
// every later one. It may be called from any goroutine, also after
// Close; a time budget that ends calls it, since Z3 checks no Go context.
func (s *Solver) Interrupt() {
	s.stopped.Store(true)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ctx != nil {
		s.ctx.Interrupt()
	}
}

// An Input is a variable that stands for an input of the function under
// test; its signedness and kind say what "small" means for it.
type Input struct {
	Var    *term.Term
	Signed bool
	Kind   Kind
	// Canonical asks that the model be made canonical (see Canonical)
	// rather than left to the solver: C inputs, whose harness must not
	// change from run to run. Terminated marks a byte of a C string,
	// which a NUL ends.
	Canonical, Terminated bool
}

// Kind says what an input variable stands for.
type Kind int

const (
	Number Kind = iota // an integer
	Text               // a byte of a string: letters read best
	Length             // a length: short reads best
	Choice             // a nil, aliasing or function choice: left alone
	Float              // a float's IEEE bits: small values read best
	Room               // spare capacity past a length: none reads best
)

// A stage is one set of ranges CheckSmall tries: what a number, a byte of
// text and a length may be.
type stage struct {
	neg    bool   // numbers may be negative (signed ones)
	max    uint64 // numbers lie within ±max (or [0, max])
	lo, hi uint64 // bytes of text lie in [lo, hi]; hi == 0: any
	maxLen uint64 // lengths are at most maxLen; 0: any
}

// stages are tried in order before any value: small non-negative numbers,
// lowercase letters and short lengths first, then wider ranges.
var stages = []stage{
	{max: 4, lo: 'a', hi: 'z', maxLen: 2},
	{max: 16, lo: ' ', hi: '~', maxLen: 4},
	{neg: true, max: 4, lo: ' ', hi: '~'},
	{neg: true, max: 100, lo: ' ', hi: '~'},
	{neg: true, max: 10000},
}

// CheckQuick decides f, trying the guesses of CheckSmall first but none
// of its ranges: for queries whose models need not read naturally (the
// inputs that make a check fail are extreme anyway).
func (s *Solver) CheckQuick(f *term.Term, inputs []Input) (Status, Model, error) {
	if f.IsFalse() {
		return Unsat, nil, nil
	}
	if s.beyondGuess(f) {
		return Unknown, nil, nil
	}
	mentioned := map[string]bool{}
	for _, v := range term.Vars(f) {
		mentioned[v.Name] = true
	}
	if m, ok := guess(f, inputs, mentioned, &s.stopped); ok {
		return Sat, m, nil
	}
	if s.stopped.Load() {
		return Unknown, nil, nil
	}
	vars := make([]*term.Term, len(inputs))
	for i, in := range inputs {
		vars[i] = in.Var
	}
	st, m, err := s.Check(f, vars)
	return st, fill(m, inputs, mentioned), err
}

// CheckSmall decides f and prefers a model in which every input is small.
// It tries the smallest range first; if that fails, any value, which
// decides satisfiability (so an unsatisfiable f costs two checks); then
// the wider ranges of stages in order, keeping the first model found.
// f is asserted once for all its checks (Hold), and not at all when Hold
// holds it already.
func (s *Solver) CheckSmall(f *term.Term, inputs []Input) (Status, Model, error) {
	if f.IsFalse() {
		return Unsat, nil, nil
	}
	if s.beyondGuess(f) {
		return Unknown, nil, nil
	}
	vars := make([]*term.Term, len(inputs))
	for i, in := range inputs {
		vars[i] = in.Var
	}
	// An input the formula does not mention must stay out of the bounds,
	// or the solver would pick a value for it; unmentioned, it is 0.
	mentioned := map[string]bool{}
	for _, v := range term.Vars(f) {
		mentioned[v.Name] = true
	}
	bounded := func(i int) *term.Term {
		var bs []*term.Term
		for _, in := range inputs {
			if !in.Var.IsBool() && mentioned[in.Var.Name] {
				bs = append(bs, within(in, stages[i]))
			}
		}
		return term.And(bs...)
	}
	if m, ok := guess(f, inputs, mentioned, &s.stopped); ok {
		return Sat, m, nil
	}
	if s.stopped.Load() {
		return Unknown, nil, nil
	}
	b0 := bounded(0)
	if b0.IsTrue() {
		st, m, err := s.checkWith(f, term.True, vars) // no input to bound
		return st, fill(m, inputs, mentioned), err
	}
	defer s.Hold(f)()
	// The checks for a nicer model get a small budget of their own:
	// proving that no small input exists can be much harder (nonlinear
	// arithmetic) than finding some input, and is only a preference.
	prefer := func(i int) (Status, Model, error) {
		defer s.Budget(preferBudget)()
		return s.checkWith(f, bounded(i), vars)
	}
	if st, m, err := prefer(0); err != nil || st == Sat {
		return st, fill(m, inputs, mentioned), err
	}
	st, any, err := s.checkWith(f, term.True, vars)
	if err != nil || st != Sat {
		return st, any, err
	}
	for i := 1; i < len(stages); i++ {
		st, m, err := prefer(i)
		if err != nil {
			return st, m, err
		}
		if st == Sat {
			return st, fill(m, inputs, mentioned), nil
		}
	}
	return Sat, fill(any, inputs, mentioned), nil
}

// descend moves the number input in (or a byte of text other than 'a')
// towards 0, by the largest steps first, while holds: within an interval
// of values that hold, it reaches the end nearest 0 wherever it starts.
// It reports whether it moved.
func descend(in Input, m Model, holds func(changed ...string) bool) bool {
	if !in.Canonical || in.Var.IsBool() {
		return false
	}
	if in.Kind != Number && !(in.Terminated && m[in.Var.Name] != 'a') {
		return false // a byte of text that reads well ('a') stays
	}
	if in.Kind != Number {
		// A printable byte stays printable: "P" becomes "A", not "\001".
		if c := m[in.Var.Name] & 0xff; c >= ' ' && c <= '~' {
			f := holds
			holds = func(changed ...string) bool {
				c := m[in.Var.Name] & 0xff
				return c >= ' ' && c <= '~' && f(changed...)
			}
		}
	}
	name, bits := in.Var.Name, in.Var.Bits
	mask := term.Mask(bits)
	x := m[name] & mask
	moved := false
	for step := uint64(1) << (bits - 1); step > 0; step >>= 1 {
		neg := in.Signed && x>>(bits-1) == 1
		var y uint64
		switch {
		case neg && (-x)&mask >= step:
			y = (x + step) & mask // towards 0 from below
		case !neg && x >= step:
			y = x - step
		default:
			continue
		}
		m[name] = y
		if holds(name) {
			x, moved = y, true
		} else {
			m[name] = x
		}
	}
	return moved
}

// deleteBytes removes, while holds, each byte of each C string of m in
// turn (the bytes after it move down, the last becomes NUL): "--a=" and
// "--=@" both become "--=", where replacing bytes alone would stop at
// whichever the solver gave. The bytes of a string are the Terminated
// inputs named "s[0]", "s[1]", ... in order.
func deleteBytes(inputs []Input, m Model, holds func(changed ...string) bool) {
	var groups [][]string
	prev := ""
	for _, in := range inputs {
		if !in.Canonical || !in.Terminated {
			prev = ""
			continue
		}
		base, _, ok := strings.Cut(in.Var.Name, "[")
		if !ok {
			prev = ""
			continue
		}
		if base != prev {
			groups = append(groups, nil)
			prev = base
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], in.Var.Name)
	}
	for _, g := range groups {
		for i := 0; i < len(g); i++ {
			if m[g[i]] == 0 {
				break // the end of the string
			}
			old := make([]uint64, len(g))
			for k, name := range g {
				old[k] = m[name]
			}
			for k := i; k < len(g); k++ {
				if k+1 < len(g) {
					m[g[k]] = old[k+1]
				} else {
					m[g[k]] = 0
				}
			}
			if holds(g[i:]...) {
				i-- // the next byte is now at i
				continue
			}
			for k, name := range g {
				m[name] = old[k]
			}
		}
	}
}

// conjunctsHold returns a test of whether f, which holds under m, still
// holds once the variables changed, and only they, took new values in m:
// it evaluates the conjuncts of f that mention them. f is a path's
// condition and the inputs' domain, one conjunct per input or more, and
// Canonical tries each input in turn: evaluating all of f at each try
// made it quadratic in the inputs (spf13/cast's toInt, 16,000 of them,
// spent 26 s there).
func conjunctsHold(f *term.Term, m Model) func(changed ...string) bool {
	conj := []*term.Term{f}
	if f.Op == term.OpAnd {
		conj = f.Args
	}
	byVar := map[string][]int{}
	for i, c := range conj {
		for _, v := range term.Vars(c) {
			byVar[v.Name] = append(byVar[v.Name], i)
		}
	}
	seen := make([]int, len(conj)) // the call that last evaluated each conjunct
	call := 0
	return func(changed ...string) bool {
		call++
		for _, name := range changed {
			for _, i := range byVar[name] {
				if seen[i] == call {
					continue
				}
				seen[i] = call
				if term.Eval(conj[i], m) != 1 {
					return false
				}
			}
		}
		return true
	}
}

// Canonical returns a copy of m made independent, as far as it can, of which model
// the solver happened to give, for inputs marked Canonical: Z3's choice
// among the models of a formula may vary from run to run of one
// long-lived context, and the stages cannot rank C strings (a string
// needs its NUL, which no stage but the last allows). In order, while f
// holds: each byte of a C string becomes NUL, else 'a'; each byte of a
// Go string 'a', else '0'; each number
// moves towards 0 by the largest steps first (powers of two from the
// top); each length becomes the smallest for which f holds. Other models
// are kept. f holding is judged by term.Eval, which does not always agree
// with the replay: the caller replays the result before using it.
func Canonical(f *term.Term, inputs []Input, m Model) Model {
	if m == nil || !slices.ContainsFunc(inputs, func(in Input) bool { return in.Canonical }) {
		return m
	}
	m = maps.Clone(m)
	// Only the variables f mentions: the others are not free but unread
	// by f (a pointer's choice the formula does not see, the bytes past a
	// string's length), and changing them may change the path.
	mentioned := map[string]bool{}
	for _, v := range term.Vars(f) {
		mentioned[v.Name] = true
	}
	var ins []Input
	for _, in := range inputs {
		if in.Canonical && mentioned[in.Var.Name] {
			ins = append(ins, in)
		}
	}
	inputs = ins
	if term.Eval(f, m) != 1 {
		return m
	}
	holds := conjunctsHold(f, m)
	try := func(name string, vals ...uint64) {
		old := m[name]
		for _, v := range vals {
			if v == old {
				return
			}
			m[name] = v
			if holds(name) {
				return
			}
		}
		m[name] = old
	}
	deleteBytes(inputs, m, holds)
	for _, in := range inputs {
		switch {
		case in.Canonical && in.Terminated:
			try(in.Var.Name, 0, 'a')
		case in.Canonical && in.Kind == Text:
			// A Go string's byte: a letter, then a digit, reads best.
			try(in.Var.Name, 'a', '0')
		}
	}
	// Numbers tied by the formula (a >= b) move in turns: repeat until
	// none moves, so that the result depends less on where the solver
	// started. So do the bytes of text that could become neither NUL nor
	// 'a' ("P" and "C" for an upper-case letter both become "A").
	for pass, moved := 0, true; moved && pass < 16; pass++ {
		moved = false
		for _, in := range inputs {
			if descend(in, m, holds) {
				moved = true
			}
		}
	}
	for _, in := range inputs {
		if in.Canonical && in.Kind == Length {
			var ls []uint64
			for l := uint64(0); l < m[in.Var.Name]; l++ {
				ls = append(ls, l)
			}
			try(in.Var.Name, ls...)
		}
	}
	return m
}

// nodeUnits is what a check is charged, in Z3 resource units, per term
// of its formula: about what Z3 takes to assert it (print_tokens2's
// token_type spent 4.6 s of its 6.5 s in Z3_solver_assert, for which Z3
// counts nothing).
const nodeUnits = 100

// heldSlack is how many checks' worth of terms (Limits.Query over
// nodeUnits) a formula Hold takes in may have: the Siemens programs'
// largest goal formulas (print_tokens' numeric_case, 97,000 terms;
// schedule's, 40,000 to 80,000) are solved under the default limit.
const heldSlack = 2

// guessSlack is how many checks' worth of terms (Limits.Query over
// nodeUnits) a formula may have for CheckSmall and CheckQuick to try
// it: past it, no check would take it in (checkWith), and the guesses,
// 96 evaluations of the formula, are what cost. go-version's Compare
// built trees of 3.5 million terms, too large for any check, whose
// guesses took 10 s each, past the function's budget, since nothing
// stops an evaluation.
const guessSlack = 8

// beyondGuess reports, and logs, whether f has more terms than guessSlack
// allows: it is Unknown without a guess or a check.
func (s *Solver) beyondGuess(f *term.Term) bool {
	q := s.limit.Query
	if q == 0 || term.SizeAtMost(f, guessSlack*int(q/nodeUnits)) {
		return false
	}
	if s.log != nil {
		s.log.add(f, 0, s.rlimit, 0, "too-large", term.Size(f))
	}
	return true
}

// preferBudget bounds, in Z3 resource units, each check made only to
// find a nicer model.
const preferBudget = 1_000_000

// Budget bounds the following checks to n of Z3's resource units (or the
// enclosing budget, if smaller) and returns the function restoring the
// budget before. Unlike a time limit, a resource budget gives the same
// answers on a loaded machine as on an idle one, so output stays
// deterministic.
func (s *Solver) Budget(n uint) func() {
	prev := s.budget
	if prev > 0 && prev <= n {
		return func() {}
	}
	s.setBudget(n)
	return func() { s.setBudget(prev) }
}

// setBudget sets the resource limit of the following checks (0: none
// but the Limits').
func (s *Solver) setBudget(n uint) {
	s.budget = n
	if q := s.limit.Query; q > 0 && (n == 0 || q < n) {
		n = q
	}
	s.rlimit = n
	s.ctx.Config().SetUint("rlimit", n)
}

// fill gives the bytes of text the formula does not mention the value
// 'a': they cannot change the path (it would mention them), and a string
// of NULs reads as binary rather than as a string.
func fill(m Model, inputs []Input, mentioned map[string]bool) Model {
	if m == nil {
		return nil
	}
	for _, in := range inputs {
		if in.Kind == Text && !mentioned[in.Var.Name] {
			m[in.Var.Name] = 'a'
		}
	}
	return m
}

// guess tries, before any solver call, a few assignments a person would
// try first, evaluating f on each: everything zero, then small numbers,
// floats and letters drawn from a fixed sequence. Many goals are met by
// one of them at once, and the inputs read naturally; floating-point
// formulas, which are slow to bit-blast, profit most.
func guess(f *term.Term, inputs []Input, mentioned map[string]bool, stopped *atomic.Bool) (Model, bool) {
	var vs []Input
	for _, in := range inputs {
		if mentioned[in.Var.Name] {
			vs = append(vs, in)
		}
	}
	if len(vs) == 0 {
		return nil, false
	}
	const tries = 96
	// Each pool is ordered so that a prefix holds what reads best; the
	// tries draw from a prefix that widens as they go.
	neg := func(x uint64) uint64 { return -x }
	// The extremes at the end meet the goals of overflow and range
	// errors (the fault search), which a solver would meet with arbitrary
	// large values.
	numbers := []uint64{0, 1, 2, neg(1), 3, 4, 5, 6, 7, 8, neg(2), neg(3), 9, 10, 16, 42, 100, neg(100), 1000,
		1 << 30, 1<<31 - 1, neg(1 << 31), 1 << 62, 1<<63 - 1, 1 << 63, 1 << 15, 1 << 7}
	floats := []float64{0, 1, 2, -1, 0.5, 10, 3, 100, -40, 37.5, math.Inf(1), math.Inf(-1), math.NaN()}
	letters := []uint64{'a', 'b', 'c', 'x', 'z', 'A', 'Z', '0', '9', '_', ' ', '-', '.', '/'}
	lengths := []uint64{0, 1, 2, 3, 4}
	// A fixed linear congruential sequence keeps the guesses, and so the
	// output, deterministic.
	seed := uint64(1)
	next := func(n int) int {
		seed = seed*6364136223846793005 + 1442695040888963407
		return int((seed >> 33) % uint64(n))
	}
	pick := func(n, try int) int {
		k := n
		switch {
		case try <= tries/3:
			k = min(n, 4)
		case try <= 2*tries/3:
			k = min(n, 10)
		}
		return next(k)
	}
	for try := 0; try < tries && !stopped.Load(); try++ {
		m := make(Model, len(inputs)) // at its size: schedule's goals have 1,700 inputs
		for _, in := range vs {
			v := in.Var
			var x uint64
			if try > 0 {
				switch in.Kind {
				case Text:
					x = letters[pick(len(letters), try)]
				case Length:
					x = lengths[pick(len(lengths), try)]
				case Room:
					x = uint64(next(8) / 7) // mostly none
				case Float:
					fl := floats[pick(len(floats), try)]
					if v.Bits == 32 {
						x = uint64(math.Float32bits(float32(fl)))
					} else {
						x = math.Float64bits(fl)
					}
				case Choice:
					x = uint64(next(3))
				default:
					x = numbers[pick(len(numbers), try)]
					if !in.Signed && x > 1000 {
						x = 0 // a negative number is no guess for an unsigned input
					}
				}
			}
			if !v.IsBool() {
				x &= term.Mask(v.Bits)
			} else {
				x &= 1
			}
			m[v.Name] = x
		}
		if term.Eval(f, m) == 1 {
			for _, in := range inputs {
				if _, ok := m[in.Var.Name]; !ok {
					m[in.Var.Name] = 0
				}
			}
			return fill(m, inputs, mentioned), true
		}
	}
	return nil, false
}

// within returns the constraint that in lies in the ranges of stage st.
func within(in Input, st stage) *term.Term {
	v := in.Var
	switch in.Kind {
	case Choice:
		return term.True
	case Text:
		if st.hi == 0 {
			return term.True
		}
		return term.And(term.ULE(term.BV(st.lo, v.Bits), v), term.ULE(v, term.BV(st.hi, v.Bits)))
	case Length:
		if st.maxLen == 0 {
			return term.True
		}
		return term.ULE(v, term.BV(st.maxLen, v.Bits))
	case Room:
		if st.max >= 10000 {
			return term.True // the last stage: any room
		}
		return term.Eq(v, term.BV(0, v.Bits))
	}
	max := st.max
	if in.Kind == Float {
		lo := 0.0
		if st.neg {
			lo = -float64(max)
		}
		f := func(x float64) *term.Term {
			if v.Bits == 32 {
				return term.BV(uint64(math.Float32bits(float32(x))), 32)
			}
			return term.BV(math.Float64bits(x), 64)
		}
		return term.And(term.FLe(f(lo), v), term.FLe(v, f(float64(max))))
	}
	if max >= term.Mask(v.Bits) {
		return term.True
	}
	if !st.neg || !in.Signed {
		return term.ULE(v, term.BV(max, v.Bits))
	}
	if max >= term.Mask(v.Bits-1) {
		return term.True
	}
	// -max ≤ v ≤ max  ⇔  v + max ≤u 2·max
	return term.ULE(term.Add(v, term.BV(max, v.Bits)), term.BV(2*max, v.Bits))
}

// Check decides f; on Sat the model gives a value to each of vars.
func (s *Solver) Check(f *term.Term, vars []*term.Term) (st Status, m Model, err error) {
	return s.checkWith(f, term.True, vars)
}

// Hold asserts f, until the returned function is called, in a scope of
// its own: the checks of CheckSmall(f, …) made meanwhile do not assert
// f again. Z3 simplifies a formula when it is asserted, which on
// large ones costs more than the check (print_tokens' numeric_case: 1-2 s
// for each assertion of its 97,000-term trees, 74% of its search), and
// forgets it when the check's scope ends. Unless Incremental, Hold does
// nothing.
func (s *Solver) Hold(f *term.Term) (release func()) {
	if !s.Incremental || f.IsFalse() || f.IsTrue() || s.stopped.Load() || s.Spent() || s.held != nil {
		return func() {}
	}
	if q := s.limit.Query; q > 0 && !term.SizeAtMost(f, heldSlack*int(q/nodeUnits)) {
		// Taking it in would cost more than heldSlack checks may: the
		// checks refuse it at once instead (checkWith). Held, it was
		// taken in whatever its size, and charged only after: bc's
		// _bc_do_add held a tree of 1.1 million terms, 2 s of Z3 and
		// 119M units, past its function's whole budget.
		return func() {}
	}
	ok := func() (ok bool) {
		defer func() {
			if recover() != nil {
				ok = false // a Z3 error: the checks assert f themselves
			}
		}()
		s.s.Push()
		s.s.Assert(s.translator().value(f).(z3.Bool))
		return true
	}()
	if !ok {
		return func() {}
	}
	s.held, s.heldNodes = f, term.Size(f)
	return func() {
		if s.held == f {
			s.drop()
		}
	}
}

// drop ends the scope of the held formula.
func (s *Solver) drop() {
	s.held = nil
	defer func() { recover() }() // Z3 errors are the checks' to report
	s.s.Pop()
}

// translator returns the Solver's translator, made at its first use.
func (s *Solver) translator() *translator {
	if s.tr == nil {
		s.tr = &translator{ctx: s.ctx, memo: map[*term.Term]z3.Value{}, sorts: map[int]z3.Sort{}}
	}
	return s.tr
}

// checkWith decides base ∧ extra; base is not asserted again when Hold
// holds it.
func (s *Solver) checkWith(base, extra *term.Term, vars []*term.Term) (st Status, m Model, err error) {
	defer func() {
		// go-z3 reports Z3 errors as panics.
		if r := recover(); r != nil {
			st, m, err = Unknown, nil, fmt.Errorf("z3: %v", r)
		}
	}()
	if base.IsFalse() || extra.IsFalse() {
		return Unsat, nil, nil
	}
	if s.stopped.Load() || s.Spent() {
		return Unknown, nil, nil
	}
	take := extra // what Z3 is to take in
	if base != s.held {
		take = term.And(base, extra)
	}
	if s.rlimit > 0 && !term.SizeAtMost(take, int(s.rlimit/nodeUnits)) {
		// Taking the formula in alone would cost more than the check
		// may: Unknown at once. Z3 counts no units for it, and
		// utf8.ValidString's 209,151-term fault tree took 4 s to assert
		// and check before it was found unsatisfiable.
		if s.log != nil {
			s.log.add(take, 0, s.rlimit, 0, "too-large", term.Size(take))
		}
		return Unknown, nil, nil
	}
	s.Calls++
	f, nodes := extra, 0
	if base != s.held {
		if s.held != nil {
			s.drop() // another formula: the held one must not constrain it
		}
		f = term.And(base, extra)
	} else {
		// The held formula is charged to the first check under it.
		nodes, s.heldNodes = s.heldNodes, 0
	}
	s.s.Push()
	defer s.s.Pop()
	var began time.Time
	if s.log != nil {
		began = time.Now()
	}
	tr := s.translator()
	if !f.IsTrue() {
		s.s.Assert(tr.value(f).(z3.Bool))
		nodes += term.Size(f)
	}
	sat, err := s.s.Check()
	s.count(base, extra, nodes, began, sat, err)
	if err != nil {
		if _, ok := err.(*z3.ErrSatUnknown); ok {
			return Unknown, nil, nil
		}
		return Unknown, nil, err
	}
	if !sat {
		return Unsat, nil, nil
	}
	zm := s.s.Model()
	m = make(Model, len(vars))
	for _, v := range vars {
		zvar := tr.value(v)
		zv := zm.Eval(zvar, true)
		switch zv := zv.(type) {
		case z3.Bool:
			b, _ := zv.AsBool()
			if b {
				m[v.Name] = 1
			} else {
				m[v.Name] = 0
			}
		case z3.BV:
			u, _ := zv.AsBigUnsigned()
			m[v.Name] = u.Uint64()
		}
	}
	return Sat, m, nil
}

// count adds the units of the check just made to Work, calls spent if
// they reach the Total, and logs the check if asked (PBCC_SOLVE_LOG).
func (s *Solver) count(base, extra *term.Term, nodes int, began time.Time, sat bool, err error) {
	n := s.s.RlimitCount()
	if n < s.counted {
		return
	}
	// Z3 counts no units for taking in the formula (Solver.Assert),
	// which on large formulas costs more than the check: each term
	// translated is charged nodeUnits.
	used := n - s.counted + uint64(nodes)*nodeUnits
	s.counted = n
	full := s.Spent()
	s.Work += used
	if !full && s.Spent() {
		// Set here, not by the Interrupt the caller may send later from
		// another goroutine: the guesses of CheckSmall stop at once, so
		// the search ends at the same point whatever the timing.
		s.stopped.Store(true)
		if s.spent != nil {
			s.spent()
		}
	}
	if s.log != nil {
		st := "unsat"
		switch {
		case err != nil:
			st = "unknown"
		case sat:
			st = "sat"
		}
		s.log.add(term.And(base, extra), used, s.rlimit, time.Since(began), st, nodes)
	}
}

type translator struct {
	ctx   *z3.Context
	memo  map[*term.Term]z3.Value
	sorts map[int]z3.Sort // bit-vector sorts by width; float sorts by -width
}

// bvSort returns the bits-wide bit-vector sort.
func (tr *translator) bvSort(bits int) z3.Sort {
	if s, ok := tr.sorts[bits]; ok {
		return s
	}
	s := tr.ctx.BVSort(bits)
	tr.sorts[bits] = s
	return s
}

func (tr *translator) bv(t *term.Term) z3.BV        { return tr.value(t).(z3.BV) }
func (tr *translator) boolean(t *term.Term) z3.Bool { return tr.value(t).(z3.Bool) }

func (tr *translator) value(t *term.Term) z3.Value {
	if v, ok := tr.memo[t]; ok {
		return v
	}
	v := tr.translate(t)
	tr.memo[t] = v
	return v
}

// fsort returns the Z3 sort of a bits-wide IEEE float.
func (tr *translator) fsort(bits int) z3.Sort {
	if s, ok := tr.sorts[-bits]; ok {
		return s
	}
	s := tr.ctx.FloatSort(11, 53)
	if bits == 32 {
		s = tr.ctx.FloatSort(8, 24)
	}
	tr.sorts[-bits] = s
	return s
}

// fl reads the IEEE bits held in the bit-vector term t as a Z3 float.
func (tr *translator) fl(t *term.Term) z3.Float {
	return tr.bv(t).IEEEToFloat(tr.fsort(t.Bits))
}

// float translates a float operator; floats travel as IEEE bit-vectors.
func (tr *translator) float(t *term.Term) z3.Value {
	a := t.Args
	x := tr.fl(a[0])
	switch t.Op {
	case term.OpFAdd:
		return x.Add(tr.fl(a[1])).ToIEEEBV()
	case term.OpFSub:
		return x.Sub(tr.fl(a[1])).ToIEEEBV()
	case term.OpFMul:
		return x.Mul(tr.fl(a[1])).ToIEEEBV()
	case term.OpFDiv:
		return x.Div(tr.fl(a[1])).ToIEEEBV()
	case term.OpFNeg:
		// Negation flips the sign bit, NaNs included, as Go and C do.
		return tr.bv(a[0]).Xor(tr.ctx.FromBigInt(new(big.Int).Lsh(big.NewInt(1), uint(t.Bits-1)), tr.bvSort(t.Bits)).(z3.BV))
	case term.OpFEq:
		return x.IEEEEq(tr.fl(a[1]))
	case term.OpFLt:
		return x.LT(tr.fl(a[1]))
	case term.OpFLe:
		return x.LE(tr.fl(a[1]))
	case term.OpFToInt:
		r := x.Round(z3.RoundToZero)
		if t.Lo == 1 {
			return r.ToSBV(t.Bits)
		}
		return r.ToUBV(t.Bits)
	case term.OpIntToF:
		if t.Lo == 1 {
			return tr.bv(a[0]).SToFloat(tr.fsort(t.Bits)).ToIEEEBV()
		}
		return tr.bv(a[0]).UToFloat(tr.fsort(t.Bits)).ToIEEEBV()
	case term.OpFToF:
		return x.ToFloat(tr.fsort(t.Bits)).ToIEEEBV()
	case term.OpFInRange:
		n := int(t.Val)
		r := x.Round(z3.RoundToZero)
		lo, hi := -math.Ldexp(1, n-1), math.Ldexp(1, n-1)
		if t.Lo == 0 {
			lo, hi = 0, math.Ldexp(1, n)
		}
		s := tr.fsort(a[0].Bits)
		flo, fhi := tr.ctx.FromFloat64(lo, s), tr.ctx.FromFloat64(hi, s)
		finite := x.IsNaN().Not().And(x.IsInfinite().Not())
		return finite.And(r.GE(flo), r.LT(fhi))
	}
	panic(fmt.Sprintf("solve: cannot translate %s", t))
}

// selectTree translates a Select as a tree of if-then-else on the
// index's bits, the low bit at the leaves, under the condition that the
// index's higher bits are 0 (else zero): the same meaning as a chain
// comparing the index with each position, but of depth log n. Not an
// array-theory select from stores either: on utf8.ValidString's decoding
// loop Z3 decided the arrays 4.6 times slower (73 s against 16 s for the
// same 195 queries). The chain was slow to take in: Z3's simplifier,
// when a formula is asserted, spent 0.3 to 0.5 s on formulas of 1,000
// terms holding a few reads of print_tokens' 384-entry tables (12 µs a
// term on the 97,000-term goals of numeric_case), and get_actual_token's
// search took 4.9 s of CPU against 0.6 s with the tree, the same cases.
func (tr *translator) selectTree(t *term.Term) z3.Value {
	a := t.Args
	i := tr.bv(a[0])
	n := len(a) - 1 // the elements
	depth := 0      // index bits the tree decides
	for 1<<depth < n {
		depth++
	}
	zero := tr.ctx.FromInt(0, tr.bvSort(t.Bits))
	one := tr.ctx.FromInt(1, tr.bvSort(1)).(z3.BV)
	set := make([]z3.Bool, depth) // set[b]: the index's bit b is 1
	for b := range set {
		set[b] = i.Extract(b, b).Eq(one)
	}
	// at returns the subtree of the elements from lo on whose index's
	// lowest `level` bits vary (the higher ones are lo's).
	var at func(lo, level int) z3.Value
	at = func(lo, level int) z3.Value {
		switch {
		case lo >= n:
			return zero // past the end
		case level == 0:
			return tr.value(a[lo+1])
		}
		bit := level - 1
		return set[bit].IfThenElse(at(lo+1<<bit, bit), at(lo, bit))
	}
	tree := at(0, depth)
	if depth >= 64 {
		return tree
	}
	high := i.Extract(63, depth)
	inRange := high.Eq(tr.ctx.FromInt(0, tr.bvSort(64-depth)).(z3.BV))
	return inRange.IfThenElse(tree, zero)
}

func (tr *translator) translate(t *term.Term) z3.Value {
	ctx := tr.ctx
	a := t.Args
	switch t.Op {
	case term.OpConst:
		if t.IsBool() {
			return ctx.FromBool(t.Val == 1)
		}
		return ctx.FromBigInt(new(big.Int).SetUint64(t.Val), tr.bvSort(t.Bits))
	case term.OpVar:
		if t.IsBool() {
			return ctx.BoolConst(t.Name)
		}
		return ctx.BVConst(t.Name, t.Bits)
	case term.OpNot:
		return tr.boolean(a[0]).Not()
	case term.OpAnd, term.OpOr:
		bs := make([]z3.Bool, len(a))
		for i, x := range a {
			bs[i] = tr.boolean(x)
		}
		if t.Op == term.OpAnd {
			return bs[0].And(bs[1:]...)
		}
		return bs[0].Or(bs[1:]...)
	case term.OpIte:
		return tr.boolean(a[0]).IfThenElse(tr.value(a[1]), tr.value(a[2]))
	case term.OpSelect:
		return tr.selectTree(t)
	case term.OpEq:
		if a[0].IsBool() {
			return tr.boolean(a[0]).Eq(tr.boolean(a[1]))
		}
		return tr.bv(a[0]).Eq(tr.bv(a[1]))
	case term.OpBNot:
		return tr.bv(a[0]).Not()
	case term.OpNeg:
		return tr.bv(a[0]).Neg()
	case term.OpZExt:
		return tr.bv(a[0]).ZeroExtend(t.Bits - a[0].Bits)
	case term.OpSExt:
		return tr.bv(a[0]).SignExtend(t.Bits - a[0].Bits)
	case term.OpExtract:
		return tr.bv(a[0]).Extract(t.Lo+t.Bits-1, t.Lo)
	}
	if t.Op >= term.OpFAdd {
		return tr.float(t)
	}
	x, y := tr.bv(a[0]), tr.bv(a[1])
	switch t.Op {
	case term.OpAdd:
		return x.Add(y)
	case term.OpSub:
		return x.Sub(y)
	case term.OpMul:
		return x.Mul(y)
	case term.OpUDiv:
		return x.UDiv(y)
	case term.OpSDiv:
		return x.SDiv(y)
	case term.OpURem:
		return x.URem(y)
	case term.OpSRem:
		return x.SRem(y)
	case term.OpBAnd:
		return x.And(y)
	case term.OpBOr:
		return x.Or(y)
	case term.OpBXor:
		return x.Xor(y)
	case term.OpShl:
		return x.Lsh(y)
	case term.OpLShr:
		return x.URsh(y)
	case term.OpAShr:
		return x.SRsh(y)
	case term.OpULT:
		return x.ULT(y)
	case term.OpULE:
		return x.ULE(y)
	case term.OpSLT:
		return x.SLT(y)
	case term.OpSLE:
		return x.SLE(y)
	}
	panic(fmt.Sprintf("solve: cannot translate %s", t))
}
