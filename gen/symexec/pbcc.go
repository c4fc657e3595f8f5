package symexec

import (
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/term"
)

// ErrTooLarge is returned when an execution tree outgrows Options.MaxNodes.
var ErrTooLarge = errors.New("execution tree too large")

// Options bound the construction of execution trees.
type Options struct {
	// MaxNodes bounds the blocks entered while building one tree.
	MaxNodes int
	// Complete asks for the paths that, after taking the goal, go on to
	// return normally (no panic, no run-time error, within the bound):
	// inputs a test can use as they are. Without it, the paths end at
	// the goal.
	Complete bool
	// Facts are calls of external functions that replays made: a call
	// with a fact's arguments has its results.
	Facts []Fact
	// ClosedWorld restricts the calls of external functions without a
	// model to the arguments of facts: the solutions then follow the
	// real functions.
	ClosedWorld bool
	// Partial keeps, when the tree outgrows MaxNodes, the part built so
	// far, depth first, instead of failing with ErrTooLarge: the
	// subtrees not built count as false, so a solution still follows a
	// real path but unsatisfiability proves nothing (Formula.Partial).
	Partial bool
	// MaxMerged bounds the pointer targets that the loads and stores of
	// a tree (PBCC, FaultPBCC) may merge, as MaxNodes bounds its blocks:
	// a tree that merges more fails with ErrTooLarge (or, Partial, is
	// cut there). 0: mergedPerBlock times MaxNodes (no bound when
	// MaxNodes is 0).
	MaxMerged int
	// Meter, if not nil, is charged with the blocks the tree entered.
	Meter *Meter
}

// maxMerged returns the bound on the pointer targets a tree merges.
func (o Options) maxMerged() int {
	if o.MaxMerged > 0 {
		return o.MaxMerged
	}
	return mergedPerBlock * o.MaxNodes
}

// A Meter adds up the blocks the machines of one search enter, in its
// trees and its runs: a measure of the search's work that counts the
// same on a loaded machine as on an idle one. When the count first
// reaches Limit (0: no limit), Spent is called, from the goroutine that
// charged it.
//
// The trees charge it as they grow, every meterStride blocks, and stop
// (ErrStopped) once it is spent or Done is closed: a tree of expensive
// blocks (go-version's Compare formats both versions with strconv and
// strings.Join, 48 µs a block) ran 35 s past its search's budget
// before it was charged at its end, and the search was left behind with
// the cases it had found.
type Meter struct {
	Limit int64
	Spent func()
	// Done, if not nil, ends the trees being built when closed (the
	// search's context: its time budget or a signal).
	Done <-chan struct{}
	n    int64
}

// Add charges n blocks to mt (a nil Meter counts nothing).
func (mt *Meter) Add(n int) {
	if mt == nil {
		return
	}
	before := mt.n
	mt.n += int64(n)
	if mt.Limit > 0 && before < mt.Limit && mt.n >= mt.Limit && mt.Spent != nil {
		mt.Spent()
	}
}

// stopped reports whether the trees charging mt must end: its blocks
// are spent or Done is closed.
func (mt *Meter) stopped() bool {
	if mt == nil {
		return false
	}
	if mt.Limit > 0 && mt.n >= mt.Limit {
		return true
	}
	select {
	case <-mt.Done:
		return true
	default:
		return false
	}
}

// ErrStopped is returned by the tree builders when their Meter was
// spent or its Done closed while they built.
var ErrStopped = errors.New("execution tree not finished: the search's budget ended")

// meterStride is the number of blocks a tree enters between charges of
// its meter: a check of a channel per stride costs nothing beside the
// blocks, and at 50 µs a block a stride is 3 ms.
const meterStride = 64

// Count returns the blocks charged so far.
func (mt *Meter) Count() int64 {
	if mt == nil {
		return 0
	}
	return mt.n
}

// A Formula is the partial branch coverability condition of a goal edge
// under bound k: satisfied exactly by the inputs that drive the function
// along some path of the execution tree into the edge.
type Formula struct {
	F *term.Term
	// Cut reports whether some path was cut by the bound k; when it was
	// not, a larger bound gives the same tree, so an unsatisfiable F proves
	// the edge unreachable outright.
	Cut   bool
	Nodes int // blocks entered while building the tree
	// Merged counts the pointer targets its loads and stores merged
	// (mergedPerBlock).
	Merged int
	// Partial reports that subtrees were left out (Options.Partial).
	Partial bool
}

// mergedPerBlock is what a tree may merge, in pointer targets, per block
// of Options.MaxNodes: a tree whose loads and stores merge more is too
// large, as one of more blocks. On the Siemens programs, every goal tree
// merged at most 520,000 targets (schedule's block_process); the fault
// tree of finish_all_processes for k = 2 merged 17 million in its 20,000
// blocks (12 s, three quarters of the unit's time) and was too large in
// the end anyway.
const mergedPerBlock = 50

// PBCC builds the execution tree of goal (an edge of f) for bound k and
// returns its coverability condition over the inputs of the model in. In the
// tree, no block of a call is entered more than k+1 times per entry of the
// innermost loop that holds it (so each loop iterates at most k+1 times
// each time it is entered, and a block outside loops runs once), and no
// function is active more than k+1 times at once.
//
// The tree is walked once, depth first, sharing every prefix: a sequence
// adds a conjunct, a branch a disjunction (paper 001, annex A, eq. 12–14).
// Subtrees from which the goal cannot be reached are not built.
func PBCC(in *InputModel, goal ir.Edge, k int, opts Options) (form *Formula, err error) {
	defer recoverUnsupported(&err)
	b := &builder{
		machine:   machine{maxDepth: k + 1, ext: extState{facts: opts.Facts, closed: opts.ClosedWorld}, meter: opts.Meter},
		goal:      goal,
		limit:     k + 1,
		reaches:   reachers(goal.From),
		max:       opts.MaxNodes,
		maxMerged: opts.maxMerged(),
		complete:  opts.Complete,
		partial:   opts.Partial,
	}
	defer b.chargeRest()
	if goal.From.Func != in.f {
		// A goal in a function literal of f: f's executions reach it
		// through calls of the closure.
		b.inCallee = callersOf(in.f)
	}
	b.library = b.libraryCall
	fml := b.walk(in.initialState())
	return &Formula{F: term.And(in.Domain(), fml), Cut: b.cut, Nodes: b.steps, Merged: b.merged, Partial: b.truncated}, nil
}

// FaultPBCC builds the execution tree, for bound k, of the paths on which
// an instruction of the function under test fails one of its run-time
// checks (an index out of range, a nil dereference, a division by zero,
// and in C every undefined behaviour the executor models), and returns
// the condition under which the inputs lead to such a failure. Sites in
// skip are left out, so that each solution finds a new one: the replay
// of a solution tells which site failed (Trace.Site).
func FaultPBCC(in *InputModel, k int, skip map[ir.Instr]bool, opts Options) (form *Formula, err error) {
	defer recoverUnsupported(&err)
	f := in.f
	var sites []*ir.Block
	for _, blk := range f.Blocks {
		for _, instr := range blk.Instrs {
			if !skip[instr] && mayFail(instr) {
				sites = append(sites, blk)
				break
			}
		}
	}
	b := &builder{
		machine:   machine{maxDepth: k + 1, ext: extState{facts: opts.Facts, closed: opts.ClosedWorld}, meter: opts.Meter},
		limit:     k + 1,
		reaches:   reachersOf(sites),
		max:       opts.MaxNodes,
		maxMerged: opts.maxMerged(),
		faultsIn:  f,
		skip:      skip,
	}
	defer b.chargeRest()
	if len(sites) == 0 {
		return &Formula{F: term.False}, nil
	}
	b.library = b.libraryCall
	fml := b.walk(in.initialState())
	return &Formula{F: term.And(in.Domain(), fml), Cut: b.cut, Nodes: b.steps, Merged: b.merged}, nil
}

// mayFail reports whether an instruction has run-time checks.
func mayFail(in ir.Instr) bool {
	switch in := in.(type) {
	case *ir.Load, *ir.Store, *ir.IndexAddr, *ir.Index, *ir.FieldAddr, *ir.PtrAdd,
		*ir.Free, *ir.SliceOf, *ir.MakeSlice, *ir.Convert, *ir.UnOp, *ir.CallIndirect:
		return true
	case *ir.Call:
		return in.Callee.Library // its failures are the call's (libc.go)
	case *ir.IfaceValue:
		return !in.CommaOk
	case *ir.IfaceConvert:
		return in.Assert && !in.CommaOk
	case *ir.BinOp:
		switch in.Op {
		case ir.Div, ir.Rem, ir.Shl, ir.Shr, ir.Add, ir.Sub, ir.Mul:
			return true
		}
	}
	return false
}

// faultsHere returns, for the checks met on one stretch of a path, the
// conditions under which one of them (at a site of the function under
// test not skipped) is the first to fail.
func (b *builder) faultsHere(st *state, checks []check) []*term.Term {
	var alts []*term.Term
	for j, c := range checks {
		if c.kind == ir.NoCheck {
			continue
		}
		site := librarySite(st, c.instr)
		if b.skip[site] || site.Block() == nil || site.Block().Func != b.faultsIn {
			continue
		}
		alts = append(alts, term.And(append(conds(checks[:j]), term.Not(c.cond))...))
	}
	return alts
}

// recoverUnsupported turns what the executor raises inside the package
// into the error its entry point returns: an unsupported construct, a
// tree too large, and any other failure, which is a bug of pbcc's but
// must cost only the function at hand, not the whole run.
func recoverUnsupported(err *error) {
	r := recover()
	if r == nil {
		return
	}
	switch e := r.(type) {
	case *errUnsupported:
		*err = e
	case error:
		if errors.Is(e, ErrTooLarge) || errors.Is(e, ErrSteps) || errors.Is(e, ErrStopped) {
			*err = e
			return
		}
		*err = fmt.Errorf("internal error: %v (%s)", e, panicSite())
	default:
		*err = fmt.Errorf("internal error: %v (%s)", r, panicSite())
	}
}

// panicSite names, for a deferred function recovering a panic, the two
// innermost functions of pbcc the panic went through, with their files
// and lines. The message goes into a generated file's header and the
// summary, so it names code, not goroutines and addresses, which
// change from run to run (a whole debug.Stack made every run's file
// differ).
func panicSite() string {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(1, pcs)])
	var site []string
	panicked := false
	for len(site) < 2 {
		f, more := frames.Next()
		switch {
		case f.Function == "runtime.gopanic":
			panicked = true
		case panicked && !strings.HasPrefix(f.Function, "runtime."):
			site = append(site, fmt.Sprintf("in %s at %s:%d", strings.TrimPrefix(f.Function, "github.com/pbcc/pbcc/"), filepath.Base(f.File), f.Line))
		}
		if !more {
			break
		}
	}
	if len(site) == 0 {
		return "where it panicked is unknown"
	}
	return strings.Join(site, ", called ")
}

type builder struct {
	machine
	goal    ir.Edge
	limit   int                // visits allowed per block and frame
	reaches map[*ir.Block]bool // blocks of the goal's function that can reach goal.From
	max     int
	// maxMerged, when positive, bounds the pointer targets the tree's
	// loads and stores merge (machine.merged), as max bounds its blocks.
	maxMerged int
	complete  bool // paths go on from the goal to a normal return
	cut       bool
	// partial makes the subtrees past max false rather than an error;
	// truncated records that some were.
	partial, truncated bool
	// depart is the budget of each departure from the runs of a guided
	// tree (GuidedPBCC), total the blocks after which no path departs.
	depart, total int
	// faultsIn, when set, makes the tree one of failing checks in this
	// function (FaultPBCC) rather than of a goal edge; skip lists the
	// sites already found.
	faultsIn *ir.Func
	skip     map[ir.Instr]bool
	// returns caches, per function, the blocks that can reach a Return.
	returns map[*ir.Func]map[*ir.Block]bool
	// inCallee, set when the goal is in another function than the one
	// under test (a function literal it makes), holds the blocks of the
	// function under test that can reach a call.
	inCallee map[*ir.Block]bool
}

// walk returns the condition under which the execution from st takes the
// goal edge within the bounds.
func (b *builder) walk(st *state) *term.Term {
	if b.max > 0 && b.steps > b.max {
		if b.partial {
			b.truncated = true
			return term.False
		}
		panic(fmt.Errorf("%w (more than %d blocks)", ErrTooLarge, b.max))
	}
	ev, checks := b.advance(st)
	if b.maxMerged > 0 && b.merged > b.maxMerged {
		// The stretch just run merged the targets of pointers past the
		// bound (Options.MaxMerged).
		if b.partial {
			b.truncated = true
			return term.False
		}
		panic(fmt.Errorf("%w (its loads and stores merged more than %d pointer targets)", ErrTooLarge, b.maxMerged))
	}
	pre := conds(checks)
	if ev == panicked {
		if p, ok := st.top().block.Term.(*ir.Panic); ok && p.Unknown != "" {
			// A call of a function another unit defines: what follows
			// is not known, so an unsat tree proves nothing (as a cut).
			b.cut = true
		}
	}
	if b.faultsIn != nil {
		// A failure here, or a failure further on.
		here := b.faultsHere(st, checks)
		var rest *term.Term
		switch ev {
		case returned, panicked, fault:
			rest = term.False
		case cut:
			b.cut = true
			rest = term.False
		default:
			rest = b.continueWalk(st, ev, pre)
		}
		return term.Or(append(here, rest)...)
	}
	switch ev {
	case returned:
		if st.reached {
			return term.And(pre...)
		}
		return term.False
	case panicked, fault:
		return term.False
	case cut:
		b.cut = true
		return term.False
	}
	return b.continueWalk(st, ev, pre)
}

// continueWalk goes on from st, stopped at a call of a function value or
// at a branch, after the checks pre.
func (b *builder) continueWalk(st *state, ev event, pre []*term.Term) *term.Term {
	switch ev {
	case atCall:
		targets, ci := callTargets(st.top())
		var alts []*term.Term
		for i, t := range targets {
			if t.guard.IsFalse() {
				continue
			}
			next := st
			if i != len(targets)-1 {
				next = st.clone()
			}
			if !b.enterCall(next, ci, t.fn, t.env) {
				b.cut = true
				continue
			}
			if sub := b.walk(next); !sub.IsFalse() {
				alts = append(alts, term.And(t.guard, sub))
			}
		}
		return term.And(append(pre, term.Or(alts...))...)
	}
	fr := st.top()
	blk := fr.block
	conds := branches(fr)
	atGoalLevel := len(st.frames) == 1
	// Decide every alternative before walking any: the last one walks on
	// st itself, which the walk changes.
	type alt struct {
		i      int
		taking bool // the goal edge itself
	}
	var todo []alt
	for i, c := range conds {
		if c.IsFalse() {
			continue
		}
		taking := (atGoalLevel || b.inCallee != nil) && !st.reached && blk == b.goal.From && i == b.goal.Index
		if taking || b.mayReach(st, blk, i) {
			todo = append(todo, alt{i, taking})
		}
	}
	var alts []*term.Term
	for n, a := range todo {
		c := conds[a.i]
		if a.taking && !b.complete {
			alts = append(alts, c)
			continue
		}
		next := st
		if n != len(todo)-1 {
			next = st.clone()
		}
		succ := blk.Succs[a.i]
		if next.top().visited(succ) >= b.limitIn(next, len(todo) > 1) && !next.top().entersLoop(blk, succ) {
			b.cut = true
			continue
		}
		next.enter(blk, succ)
		next.reached = next.reached || a.taking
		b.steps++
		if sub := b.walk(next); !sub.IsFalse() {
			alts = append(alts, term.And(c, sub))
		}
	}
	return term.And(append(pre, term.Or(alts...))...)
}

// mayReach reports whether taking successor i of blk in st can still lead
// to the goal: in the goal's function, the successor must reach the goal
// block; in a callee, it must reach a return. When the goal is in a
// function literal of the function under test, the latter must still
// reach a call, and the literal either the goal or a return.
func (b *builder) mayReach(st *state, blk *ir.Block, i int) bool {
	succ := blk.Succs[i]
	switch {
	case st.reached:
	case b.inCallee == nil && len(st.frames) == 1:
		return b.reaches[succ]
	case b.inCallee != nil && len(st.frames) == 1:
		return b.inCallee[succ]
	case b.inCallee != nil && blk.Func == b.goal.From.Func && b.reaches[succ]:
		return true // else the closure must return, to be called again
	}
	if b.returns == nil {
		b.returns = map[*ir.Func]map[*ir.Block]bool{}
	}
	r, ok := b.returns[blk.Func]
	if !ok {
		var rets []*ir.Block
		for _, x := range blk.Func.Blocks {
			if _, isRet := x.Term.(*ir.Return); isRet {
				rets = append(rets, x)
			}
		}
		r = reachersOf(rets)
		b.returns[blk.Func] = r
	}
	return r[succ]
}

// callersOf returns the blocks of f that can reach a call.
func callersOf(f *ir.Func) map[*ir.Block]bool {
	var calls []*ir.Block
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			switch in.(type) {
			case *ir.Call, *ir.CallIndirect:
				calls = append(calls, b)
			}
		}
	}
	return reachersOf(calls)
}

// reachers returns the blocks from which target can be reached (target
// included).
func reachers(target *ir.Block) map[*ir.Block]bool { return reachersOf([]*ir.Block{target}) }

func reachersOf(targets []*ir.Block) map[*ir.Block]bool {
	seen := map[*ir.Block]bool{}
	work := append([]*ir.Block(nil), targets...)
	for _, t := range targets {
		seen[t] = true
	}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		for _, p := range x.Preds {
			if !seen[p] {
				seen[p] = true
				work = append(work, p)
			}
		}
	}
	return seen
}
