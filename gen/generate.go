package gen

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/solve"
	"github.com/pbcc/pbcc/gen/symexec"
	"github.com/pbcc/pbcc/gen/term"
	"github.com/pbcc/pbcc/gen/ue"
)

// Options tune the search for one function.
type Options struct {
	// K is the largest iteration bound tried; bounds grow 0, 1, ..., K.
	K int
	// MaxNodes bounds the blocks entered while building one execution
	// tree (0: no bound).
	MaxNodes int
	// MaxSteps bounds the blocks one replay may enter (0: no bound).
	MaxSteps int
	// Bounds limit the inputs: lengths of buffers and streams, depth of
	// pointer structures.
	Bounds symexec.Bounds
	// MaxLen is the largest length bound tried: a goal that no input of
	// at most Bounds.Len elements reaches is tried again with the bound
	// doubled, as k grows, up to MaxLen (at most Bounds.Len: no growth).
	MaxLen int
	// MaxK is the largest bound tried for a goal whose trees up to K
	// were all cut by the bound, while the trees stay within MaxNodes
	// (at most K: none).
	MaxK int
	// Meter, if not nil, is charged with the blocks the search's trees
	// and replays enter: its Spent ends the search (pbcc gen cancels the
	// search's context with ErrWorkBudget) at the same point whatever
	// the load.
	Meter *symexec.Meter
}

// run replays f on args within opts.MaxSteps, charging opts.Meter.
func (g *generation) run(args symexec.Args) (*symexec.Trace, error) {
	return g.runWithin(args, g.opts.MaxSteps)
}

// runWithin replays f on args within steps blocks, charging opts.Meter.
func (g *generation) runWithin(args symexec.Args, steps int) (*symexec.Trace, error) {
	tr, err := symexec.Run(g.f, args, steps)
	if tr != nil {
		n := tr.Steps
		if errors.Is(err, symexec.ErrNoExit) {
			// A loop without a branch is found after 1<<17 blocks: a few
			// such replays would spend the whole meter before the
			// function's other goals are tried (Spin's x <= 3).
			n = min(n, spinCharge)
		}
		g.opts.Meter.Add(n)
	}
	return tr, err
}

// spinCharge is what a replay that entered a loop without exit costs the
// meter, at most.
const spinCharge = 1000

// DefaultOptions are the options pbcc gen uses unless told otherwise.
var DefaultOptions = Options{K: 3, MaxNodes: 20000, MaxSteps: 1000000, Bounds: symexec.DefaultBounds, MaxLen: 64, MaxK: 8}

// Generate finds inputs that cover the branch edges of f. The stages, in
// order:
//
//  1. each unconstrained edge (the goals) with full trees, bounds growing
//     from 0 to opts.K (then to opts.MaxK for goals all of whose trees
//     were cut by the bound), and the length bound from opts.Bounds.Len
//     to opts.MaxLen for goals no shorter input reaches;
//  2. concrete sampling for the edges still undecided;
//  3. guided trees, which follow the paths of the replays so far and
//     leave them near the edge (symexec.GuidedPBCC);
//  4. full trees for the other branch edges still pending;
//  5. partial trees, cut depth first, for the goals still too large;
//  6. a coverage-guided mutation search on the replay, from the inputs
//     found so far, for the edges still undecided (mutate);
//  7. inputs making a run-time check fail.
//
// For C, the mutation search comes right after the sampling (stagesOf).
//
// Each solution is replayed; the replay tells which edges it covers
// (goals already covered are skipped) and its outputs, which become the
// case's expected values. The search stops early, leaving the remaining
// edges Timeout, when ctx is done.
func Generate(ctx context.Context, f *ir.Func, s *solve.Solver, opts Options) (*Result, error) {
	start := time.Now()
	calls := s.Calls
	r := &Result{Func: f, Goals: Goals(f), K: opts.K, Extern: externCalls(f)}
	g := &generation{r: r, f: f, s: s, opts: opts, status: map[ir.Edge]*EdgeStatus{}}
	if s != nil && f.Lang == ir.C {
		// C searches make large checks of one formula again and again
		// (CheckSmall's ranges, lexZero): the solver takes it in once.
		s.Incremental = true
	}
	in, vars, err := boundedInputs(f, &opts.Bounds)
	g.opts.Bounds = opts.Bounds
	if err != nil {
		// The function's inputs cannot be modelled: no edge can be searched.
		for _, e := range BranchEdges(f) {
			r.Edges = append(r.Edges, EdgeStatus{Edge: e, Outcome: Unsupported, Detail: err.Error()})
		}
		r.Duration = time.Since(start)
		return r, nil
	}
	g.in = in
	g.inputs = vars
	g.spaces = []inputSpace{{in: in, vars: g.inputs, len: opts.Bounds.Len}}
	g.edges = BranchEdges(f)
	for _, e := range g.edges {
		r.Edges = append(r.Edges, EdgeStatus{Edge: e})
	}
	for i := range r.Edges {
		g.status[r.Edges[i].Edge] = &r.Edges[i]
	}
	if len(r.Edges) == 0 {
		// Nothing to decide: one case shows what the function does, on
		// the inputs a person would try first.
		if err := g.addCase(ir.Edge{}, in.Literals(nil)); err != nil {
			return g.stopped(ctx, err, start, calls)
		}
		if err := g.returnNormally(); err != nil {
			return g.stopped(ctx, err, start, calls)
		}
		if len(r.Cases) == 0 && g.spun != nil {
			// Said in the header and the summary, rather than "all
			// covered" with no test.
			r.NoCase = StepsReason
			if errors.Is(g.spun, symexec.ErrNoExit) {
				r.NoCase = NoExitReason
			}
		}
	}
	for _, st := range stagesOf(f.Lang) {
		began, units, steps, cases := time.Now(), s.Work, opts.Meter.Count(), len(r.Cases)
		err := st.run(g, ctx)
		s.LogStage(f.Name, strings.ReplaceAll(st.name, " ", "-"), s.Work-units, opts.Meter.Count()-steps, time.Since(began), len(r.Cases)-cases)
		if err != nil {
			return g.stopped(ctx, err, start, calls)
		}
	}
	sortCases(r.Cases)
	r.SolverCalls = s.Calls - calls
	r.Duration = time.Since(start)
	return r, nil
}

// A stage is one step of the search of Generate, run in the order of
// stages; each one searches the edges its predecessors left undecided.
type stage struct {
	name string
	run  func(g *generation, ctx context.Context) error
}

// stages are the steps of Generate, in order (see its doc comment).
var stages = []stage{
	{"goals", func(g *generation, ctx context.Context) error {
		var large []ir.Edge // goals in a row whose trees were too large at bound 0
		for _, goal := range g.r.Goals {
			st := g.status[goal]
			if st.Outcome != Pending {
				continue
			}
			if len(large) >= tooLargeInRow && sameLoop(goal.From, large[len(large)-1].From) {
				// A tree at bound 0 enters each block of the loop once
				// per entry: the goals of a loop whose trees were all too
				// large share most of theirs (print_tokens' get_token:
				// 25 goals in its lexer loop, 500,000 blocks, 10 s, none
				// within MaxNodes). The partial trees and the searches on
				// the replay take them up.
				st.Outcome, st.Detail = TooLarge, fmt.Sprintf("execution tree not built: those of the %d goals before it in its loop were too large", len(large))
				continue
			}
			if g.f.Lang != ir.C && len(large) >= tooLargeInRow {
				// In Go the trees' size comes from the calls on the way
				// more than from loops: go-version's Compare formats both
				// versions (strconv, strings.Join, fmt) before its first
				// branch and compares their segments after, and all 17
				// of its goals' trees were too large, 27 s for no case,
				// where the sample found 7 cases in 0.4 s.
				st.Outcome, st.Detail = TooLarge, fmt.Sprintf("execution tree not built: those of the %d goals before it were too large", len(large))
				continue
			}
			if err := g.reach(ctx, goal); err != nil {
				return err
			}
			switch {
			case st.Outcome == TooLarge && st.K == 0:
				large = append(large, goal)
			default:
				large = nil
			}
		}
		return nil
	}},
	{"sample", func(g *generation, ctx context.Context) error {
		return g.sample(ctx, g.undecided(), sampleRuns)
	}},
	{"guided trees", (*generation).guide},
	// The edges that are not goals, if the goals' cases missed them (a
	// goal out of reach).
	{"other edges", func(g *generation, ctx context.Context) error {
		for _, e := range g.edges {
			if err := g.reach(ctx, e); err != nil {
				return err
			}
		}
		return nil
	}},
	{"partial trees", (*generation).partial},
	{"mutation", (*generation).mutate},
	{"faults", (*generation).findFaults},
}

// tooLargeInRow is the number of goals in a row, in one loop of a C
// function, whose trees at bound 0 were too large, after which the
// goals stage builds no tree for the other goals of the loop.
const tooLargeInRow = 4

// sameLoop reports whether blocks a and b are in the same loop of their
// function (each reaches the other).
func sameLoop(a, b *ir.Block) bool {
	return a.Func == b.Func && reachesBlock(a, b) && reachesBlock(b, a)
}

// reachesBlock reports whether a path of successors leads from a to b.
func reachesBlock(a, b *ir.Block) bool {
	seen := map[*ir.Block]bool{}
	todo := []*ir.Block{a}
	for len(todo) > 0 {
		x := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for _, s := range x.Succs {
			if s == b {
				return true
			}
			if !seen[s] {
				seen[s] = true
				todo = append(todo, s)
			}
		}
	}
	return false
}

// stagesOf returns the stages of a function in lang: for C, the
// mutation search comes right after the sampling. Its replays cost a
// tenth of a tree's blocks, and on the legacy C programs (the Siemens
// suite's pattern matchers and lexers) it covers what the guided and
// partial trees spent most of the step budget on without covering
// (replace's subline: 8 s of guided trees for no edge; makepat: its
// mutation search, last, ended by the budget).
func stagesOf(lang ir.Lang) []stage {
	if lang != ir.C {
		return stages
	}
	var out []stage
	for _, st := range stages {
		switch st.name {
		case "mutation":
			continue
		case "guided trees":
			out = append(out, stageNamed("mutation"))
		}
		out = append(out, st)
	}
	return out
}

// stageNamed returns the stage called name.
func stageNamed(name string) stage {
	for _, st := range stages {
		if st.name == name {
			return st
		}
	}
	panic("gen: no stage " + name)
}

// stopped ends a search that err stopped. When ctx is done, err is the
// budget's end seen through the solver (an interrupted Z3 call, a
// cancelled context): the cases found so far are kept, and the edges not
// decided yet are Timeout. Any other error is returned.
func (g *generation) stopped(ctx context.Context, err error, start time.Time, calls int) (*Result, error) {
	if ctx.Err() == nil {
		return g.r, err
	}
	for i := range g.r.Edges {
		if st := &g.r.Edges[i]; st.Outcome == Pending {
			st.Outcome, st.Detail = Timeout, budgetDetail(ctx)
		}
	}
	sortCases(g.r.Cases)
	g.r.SolverCalls = g.s.Calls - calls
	g.r.Duration = time.Since(start)
	return g.r, nil
}

// replaySpins is the detail of a goal whose inputs make the replay run
// past its step budget.
const replaySpins = "the replay of the inputs found does not end within the step budget (a loop without exit?)"

// sortCases puts the cases in the source order of their goals (line,
// column, then the outcome's order), so that a table reads like the
// function.
func sortCases(cs []Case) {
	key := func(c Case) (int, int, int, int) {
		if c.Goal.From == nil {
			// The case of a function without branches comes alone; the
			// cases of failing sites come after the branches', in the
			// order they were found.
			if c.Panic != "" {
				return 1 << 30, 0, 0, 0
			}
			return 0, 0, 0, 0
		}
		p := c.Goal.Pos()
		return p.Line, p.Col, c.Goal.From.Index, c.Goal.Index
	}
	sort.SliceStable(cs, func(i, j int) bool {
		a1, a2, a3, a4 := key(cs[i])
		b1, b2, b3, b4 := key(cs[j])
		switch {
		case a1 != b1:
			return a1 < b1
		case a2 != b2:
			return a2 < b2
		case a3 != b3:
			return a3 < b3
		}
		return a4 < b4
	})
}

type generation struct {
	r      *Result
	f      *ir.Func
	in     *symexec.InputModel
	inputs []solve.Input // the variables standing for f's inputs
	s      *solve.Solver
	opts   Options
	status map[ir.Edge]*EdgeStatus
	edges  []ir.Edge // the branch edges of f and of its function literals
	facts  facts     // of external calls, learnt from replays (extern.go)
	// spaces are the input models by growing length bound, the first
	// one in and inputs; more are made when a goal needs longer inputs.
	spaces []inputSpace
	// paths are the branch edges of every replay so far, in the order
	// run: the paths the guided trees follow.
	paths [][]ir.Edge
	// guided counts the guided trees built, at most maxGuideTrees.
	guided int
	// guideSince is the meter's count when the guided trees last
	// covered an edge (guideShare).
	guideSince int64
	// seeds are the solutions found so far, in the order found: where
	// the mutation search starts (keepSeed).
	seeds []seed
	// spun is the error of the last replay that did not end within its
	// step budget (symexec.ErrSteps), nil when none.
	spun error
	// completeTooLarge counts the goals whose complete tree (the paths
	// on to a normal return) was too large: past
	// completeTooLargeLimit, the goals stage builds none.
	completeTooLarge int
}

// completeTooLargeLimit is how many goals of a function may have a
// complete tree too large before the others are searched with paths
// that end at the goal only. The completion after a goal is the rest of
// the function, shared by its goals: bc's _bc_do_add built a tree of
// 20,000 blocks (pointer merges in each) for each of its 32 goals, and
// spent its whole budget on them and on one formula of 1.2 million
// terms, without a case.
const completeTooLargeLimit = 2

// An inputSpace is the input model of f under one length bound.
type inputSpace struct {
	in   *symexec.InputModel
	vars []solve.Input
	len  int
}

// solverInputs returns the inputs of in for the solver, canonicalized
// (solve.Canonical); C's text NUL-terminated.
func solverInputs(in *symexec.InputModel, lang ir.Lang) []solve.Input {
	var vars []solve.Input
	for _, v := range in.Vars() {
		vars = append(vars, solve.Input{Var: v.Var, Signed: v.Signed, Kind: solve.Kind(v.Kind),
			Canonical: true, Terminated: lang == ir.C && v.Kind == symexec.Text})
	}
	return vars
}

// maxInputs bounds the input variables of one input space. Inputs nest
// (a slice of maps of slices, an any holding any of the program's types),
// and their number grows as the length bound's power: drawing values for
// them and building their literals took spf13/cast's searches their
// whole minute, before any solver call.
const maxInputs = 1 << 12

// boundedInputs returns the inputs of f within bounds b, with its length
// bound halved, and b updated, until they are at most maxInputs.
func boundedInputs(f *ir.Func, b *symexec.Bounds) (*symexec.InputModel, []solve.Input, error) {
	for {
		in, err := symexec.NewInputs(f, *b)
		if err != nil {
			return nil, nil, err
		}
		vars := solverInputs(in, f.Lang)
		if len(vars) <= maxInputs || b.Len <= 1 || !in.Bounded() {
			return in, vars, nil
		}
		b.Len /= 2
	}
}

// space returns the i-th input space: the length bound of the inputs
// doubles from one to the next, up to opts.MaxLen. It returns false when
// there is no such space: the inputs have no length, or the bound would
// pass MaxLen, or its inputs would be more than maxInputs.
func (g *generation) space(i int) (inputSpace, bool) {
	for len(g.spaces) <= i {
		last := g.spaces[len(g.spaces)-1]
		if !last.in.Bounded() || last.len >= g.opts.MaxLen {
			return inputSpace{}, false
		}
		b := g.opts.Bounds
		b.Len = min(2*last.len, g.opts.MaxLen)
		in, err := symexec.NewInputs(g.f, b)
		if err != nil {
			return inputSpace{}, false
		}
		vars := solverInputs(in, g.f.Lang)
		if len(vars) > maxInputs {
			return inputSpace{}, false
		}
		g.spaces = append(g.spaces, inputSpace{in: in, vars: vars, len: b.Len})
	}
	return g.spaces[i], true
}

// sameInputs reports whether cases a and b call the function on the same
// inputs.
func sameInputs(a, b Case) bool {
	key := func(c Case) string {
		var s strings.Builder
		for _, l := range c.Inputs {
			s.WriteString(l.String() + ";")
		}
		for _, gv := range c.Globals {
			s.WriteString(gv.G.Name() + "=" + gv.Value.String() + ";")
		}
		for _, l := range c.Stream {
			s.WriteString(l.String() + ",")
		}
		return s.String()
	}
	return key(a) == key(b)
}

// BranchEdges returns the branch edges of f, then those of the function
// literals it makes (ir.Func.Closures): their branches are f's as the
// source reads, and only f's executions reach them. Result.Edges follows
// this order.
func BranchEdges(f *ir.Func) []ir.Edge {
	es := f.BranchEdges()
	for _, c := range f.Closures() {
		es = append(es, c.BranchEdges()...)
	}
	return es
}

// Goals returns the unconstrained edges of f and of its function
// literals (ue.Goals of each): the goals of Generate.
func Goals(f *ir.Func) []ir.Edge {
	gs := ue.Goals(f)
	for _, c := range f.Closures() {
		gs = append(gs, ue.Goals(c)...)
	}
	return gs
}

func tookEdge(tr *symexec.Trace, e ir.Edge) bool {
	for _, x := range tr.Edges {
		if x == e {
			return true
		}
	}
	return false
}

// reach searches inputs taking goal, unless it is already decided. At each
// bound it asks first for inputs that take the goal and then return
// normally; only when no bound up to K gives such inputs does it ask for
// any inputs taking the goal, whose replay then tells whether they return
// (the completion needed more iterations than the bound) or fail. When no
// input within the length bound reaches the goal and no path was cut by
// k, the length bound doubles, up to opts.MaxLen, and the goal is tried
// again.
func (g *generation) reach(ctx context.Context, goal ir.Edge) error {
	if g.status[goal].Outcome != Pending {
		return nil
	}
	for i := 0; ; i++ {
		sp, ok := g.space(i)
		if !ok {
			return nil
		}
		longer, err := g.reachIn(ctx, goal, sp, i == 0)
		if err != nil || !longer {
			return err
		}
	}
}

// reachIn is reach within one input space. It reports whether the goal
// was proved unreachable by the length bound of the space alone. Only the
// first space tries complete paths and sampling: a longer bound is for
// goals already known to need more than the first.
func (g *generation) reachIn(ctx context.Context, goal ir.Edge, sp inputSpace, first bool) (longer bool, err error) {
	st := g.status[goal]
	sampled := !first
	rounds := 0 // of learning external calls' results
	modes := []bool{true, false}
	if !first || g.completeTooLarge >= completeTooLargeLimit {
		modes = modes[1:]
	}
	for _, complete := range modes {
		for k := 0; k <= g.opts.K; k++ {
			if k == 2 && !sampled {
				// Small bounds did not reach the goal: before the deeper
				// trees, which cost far more, try concrete inputs.
				sampled = true
				if err := g.sample(ctx, map[ir.Edge]bool{goal: true}, sampleRuns/8); err != nil {
					return false, err
				}
				if st.Outcome == Covered {
					return false, nil
				}
			}
			if ctx.Err() != nil {
				st.Outcome, st.K, st.Detail = Timeout, k, budgetDetail(ctx)
				return false, nil
			}
			if done, err := g.reachClosed(ctx, goal, sp, k, complete); err != nil || done {
				return false, err // covered following the real external functions
			}
			form, err := symexec.PBCC(sp.in, goal, k, symexec.Options{MaxNodes: g.opts.MaxNodes, Complete: complete, Facts: g.facts.list, Meter: g.opts.Meter})
			if errors.Is(err, symexec.ErrTooLarge) && complete && !reachesBlock(goal.From, goal.From) {
				// The paths on to a normal return are too many (every
				// branch after the goal doubles them): the paths that
				// end at the goal are fewer, and a goal near the entry
				// has few. Larger bounds only make the tree larger.
				// Not in a loop: the goals of a loop whose trees are
				// too large are left to the other stages after a few
				// (tooLargeInRow), and their paths to the goal alone
				// were as large (print_tokens' get_token spent its
				// whole step budget on them, 9 -> 0 of 29 edges).
				g.completeTooLarge++
				k = g.opts.K
				continue
			}
			if errors.Is(err, symexec.ErrStopped) {
				st.Outcome, st.K, st.Detail = Timeout, k, budgetDetail(ctx)
				return false, nil
			}
			if errors.Is(err, symexec.ErrTooLarge) {
				st.Outcome, st.K, st.Detail = TooLarge, k, err.Error()
				return false, nil
			}
			if err != nil {
				st.Outcome, st.K, st.Detail = Unsupported, k, strings.TrimPrefix(err.Error(), "unsupported: ")
				return false, nil
			}
			status, model, err := g.s.CheckSmall(form.F, sp.vars)
			if err != nil {
				return false, fmt.Errorf("%s: goal %s: %w", g.f.Name, CaseName(goal), err)
			}
			switch status {
			case solve.Unknown:
				// The solver's limit (Z3's resource units, or time as a
				// safety net), or the budget ended during the query.
				st.Outcome, st.K, st.Detail = Timeout, k, "solver limit (work or time)"
				if ctx.Err() != nil {
					st.Detail = budgetDetail(ctx)
				}
				return false, nil
			case solve.Unsat:
				if form.Cut {
					continue
				}
				if !complete {
					// No path was cut by the bound: no larger bound helps,
					// unless a longer input would.
					st.Outcome, st.K, st.Detail = Unreachable, k, ForAnyBound
					if sp.in.Bounded() {
						st.Detail = fmt.Sprintf("with inputs of at most %d elements", sp.len)
						return true, nil
					}
					return false, nil
				}
				k = g.opts.K // no completion for any bound: try plain paths
				continue
			}
			if err := g.addCase(goal, g.literals(sp, form.F, model, goal)); err != nil {
				return false, err
			}
			if st.Outcome != Covered && st.Outcome != Faults && g.relearn(&rounds) {
				k-- // the same bound again: the replay told real results of external calls
				continue
			}
			if st.Outcome != Covered && st.Outcome != Faults && st.Outcome != Timeout && st.Outcome != Unsupported {
				st.Outcome, st.K, st.Detail = Mismatch, k, "the replay of the solution took another path"
			}
			return false, nil
		}
	}
	st.Outcome, st.K = Unreachable, g.opts.K
	return g.reachDeeper(goal, sp)
}

// reachDeeper tries, for a goal whose trees up to K were all cut by the
// bound, the paths ending at the goal under the bounds K+1 to MaxK, as
// long as their trees stay within MaxNodes: a loop that must run a few
// more times than K (the four fields of an IPv4 address) costs little
// more. It reports, as reachIn, whether the length bound alone was found
// to stop the goal.
func (g *generation) reachDeeper(goal ir.Edge, sp inputSpace) (longer bool, err error) {
	st := g.status[goal]
	for k := g.opts.K + 1; k <= g.opts.MaxK; k++ {
		form, err := symexec.PBCC(sp.in, goal, k, symexec.Options{MaxNodes: g.opts.MaxNodes, Meter: g.opts.Meter})
		if err != nil {
			return false, nil // too large: the outcome stays
		}
		status, model, err := g.s.CheckSmall(form.F, sp.vars)
		if err != nil {
			return false, fmt.Errorf("%s: goal %s: %w", g.f.Name, CaseName(goal), err)
		}
		switch status {
		case solve.Unknown:
			return false, nil
		case solve.Unsat:
			st.K = k
			if form.Cut {
				continue
			}
			st.Detail = ForAnyBound
			if sp.in.Bounded() {
				st.Detail = fmt.Sprintf("with inputs of at most %d elements", sp.len)
				return true, nil
			}
			return false, nil
		}
		if err := g.addCase(goal, g.literals(sp, form.F, model, goal)); err != nil {
			return false, err
		}
		if st.Outcome != Covered && st.Outcome != Faults && st.Outcome != Timeout && st.Outcome != Unsupported {
			st.Outcome, st.K, st.Detail = Mismatch, k, "the replay of the solution took another path"
		}
		return false, nil
	}
	return false, nil
}

// partial tries, for the goals whose trees are too large and that the
// guided trees did not reach, the part of each tree within a budget
// (reachPartial); each goal covered so gives a path that the guided
// trees then follow towards the others.
func (g *generation) partial(ctx context.Context) error {
	defer g.s.Budget(searchQueryBudget)()
	for _, e := range g.edges {
		if ctx.Err() != nil {
			return nil
		}
		st := g.status[e]
		if st.Outcome != TooLarge {
			continue
		}
		for k := 0; k <= g.opts.K; k++ {
			covered, err := g.reachPartial(e, g.spaces[0], k)
			if err != nil {
				return err
			}
			if covered {
				if err := g.guide(ctx); err != nil {
					return err
				}
				break
			}
		}
	}
	return nil
}

// reachPartial solves the tree of the paths ending at goal for bound k,
// cut to partialNodes blocks, and reports whether a solution covered the
// goal. The part of a tree within a budget, depth first, may hold a
// path: the first paths of a loop or of a chain of calls are those that
// go deepest.
func (g *generation) reachPartial(goal ir.Edge, sp inputSpace, k int) (bool, error) {
	form, err := symexec.PBCC(sp.in, goal, k, symexec.Options{MaxNodes: partialNodes, Partial: true, Meter: g.opts.Meter})
	if err != nil || form.F.IsFalse() {
		return false, nil
	}
	status, model, err := g.s.CheckSmall(form.F, sp.vars)
	if err != nil {
		return false, fmt.Errorf("%s: goal %s: %w", g.f.Name, CaseName(goal), err)
	}
	if status != solve.Sat {
		return false, nil
	}
	if err := g.addCase(goal, g.literals(sp, form.F, model, goal)); err != nil {
		return false, err
	}
	return g.status[goal].Outcome == Covered, nil
}

// Budgets of the trees made when the full trees are too large: partial
// trees of partialNodes blocks; at most maxGuideRounds rounds of guided
// trees, at most maxGuideTrees per function, each of at most
// maxGuideNodes blocks, departures (of departNodes blocks each)
// included. Their queries get searchQueryBudget Z3 resource units each:
// a bonus search, bounded the same way on a loaded machine as on an idle
// one.
const (
	partialNodes      = 5000
	maxGuideRounds    = 8
	maxGuideTrees     = 600
	maxGuideNodes     = 50000
	departNodes       = 300
	searchQueryBudget = 10_000_000
)

// guide searches inputs for the edges still undecided along the paths the
// replays took so far (symexec.GuidedPBCC): for an edge whose source block
// some path enters, the tree follows the paths to that block and takes
// the edge there. Each solution's path is new, so the rounds go on while
// they cover edges: flipping one branch at a time, they reach edges far
// from the entry that the full trees, cut by their size, do not.
func (g *generation) guide(ctx context.Context) error {
	defer g.s.Budget(searchQueryBudget)()
	tried := map[ir.Edge]int{} // how many paths there were at the last try
	g.guideSince = g.opts.Meter.Count()
	for round := 0; round < maxGuideRounds; round++ {
		progress := false
		for _, e := range g.edges {
			if ctx.Err() != nil {
				return nil
			}
			if g.guideSpent() {
				return nil
			}
			st := g.status[e]
			switch {
			case st.Outcome == Covered, st.Outcome == Unsupported, st.Outcome == Faults,
				st.Outcome == Unreachable && st.Detail == ForAnyBound:
				continue
			}
			n, ok := tried[e]
			if ok && !entersAfter(g.paths, n, e.From) || !ok && !entersAfter(g.paths, 0, e.From) {
				continue // no new path enters the edge's source
			}
			tried[e] = len(g.paths)
			covered, err := g.guideEdge(e)
			if err != nil {
				return err
			}
			progress = progress || covered
			if covered {
				g.guideSince = g.opts.Meter.Count()
			}
		}
		if !progress {
			return nil
		}
	}
	return nil
}

// guideShare bounds the blocks a function's guided trees enter after
// the last edge they covered (or from their start): replace's makepat
// spent 193,000 blocks (3 s) on guided trees that covered nothing, once
// its mutation search ended on its plateau; go-version's
// constraintPessimistic, whose paths format versions (Compare, String),
// 498,000 blocks (40 s).
const guideShare = 100_000

// guideSpent reports whether a function's guided trees have entered
// guideShare blocks since the last edge they covered.
func (g *generation) guideSpent() bool {
	return g.opts.Meter.Count()-g.guideSince > guideShare
}

// entersAfter reports whether one of paths[from:] leaves block b, i.e.
// enters it and branches there.
func entersAfter(paths [][]ir.Edge, from int, b *ir.Block) bool {
	for _, p := range paths[from:] {
		for _, e := range p {
			if e.From == b {
				return true
			}
		}
	}
	return false
}

// guideEdge tries the guided tree of e: first along the paths only, in
// each input space in turn; then with departures from the paths, in the
// first space, under bounds growing from 0 to K (the departures of small
// bounds are small trees, searched in full), and last in the longer
// spaces under K. It reports whether a solution covered e.
func (g *generation) guideEdge(e ir.Edge) (bool, error) {
	type try struct{ space, k, depart int }
	var tries []try
	for i := 0; ; i++ {
		if _, ok := g.space(i); !ok {
			break
		}
		tries = append(tries, try{space: i})
	}
	for k := 0; k <= g.opts.K; k++ {
		tries = append(tries, try{k: k, depart: departNodes})
	}
	for i := 1; i < len(g.spaces); i++ {
		tries = append(tries, try{space: i, k: g.opts.K, depart: departNodes})
	}
	whole := map[int]bool{} // spaces where departures were neither cut nor truncated
	for _, t := range tries {
		sp, ok := g.space(t.space)
		if !ok || t.depart > 0 && whole[t.space] {
			continue // a larger bound would build the same tree
		}
		if g.guided >= maxGuideTrees || g.guideSpent() {
			return false, nil
		}
		g.guided++
		form, err := symexec.GuidedPBCC(sp.in, e, g.paths, t.k, t.depart, symexec.Options{MaxNodes: maxGuideNodes, Meter: g.opts.Meter})
		if err != nil {
			continue // too large or unsupported: the outcome stays
		}
		if t.depart > 0 && !form.Cut && !form.Partial {
			whole[t.space] = true
		}
		if form.F.IsFalse() {
			continue
		}
		status, model, err := g.s.CheckSmall(form.F, sp.vars)
		if err != nil {
			return false, fmt.Errorf("%s: guided goal %s: %w", g.f.Name, CaseName(e), err)
		}
		if status == solve.Sat {
			if err := g.addCase(e, g.literals(sp, form.F, model, e)); err != nil {
				return false, err
			}
			return g.status[e].Outcome == Covered, nil
		}
	}
	return false, nil
}

// literals returns the arguments of a solution of f, a formula for goal
// over the inputs of sp: the canonical model (solve.Canonical) when its
// replay takes the goal without failing, so that the tests do not depend
// on which model the solver gave (Z3's models vary between contexts and
// runs); the solver's model otherwise.
func (g *generation) literals(sp inputSpace, f *term.Term, model solve.Model, goal ir.Edge) symexec.Args {
	args := sp.in.Literals(model)
	cm := g.lexZero(f, sp.vars, solve.Canonical(f, sp.vars, model))
	cargs := sp.in.Literals(cm)
	tr, err := g.run(cargs)
	if err == nil && tr.Panicked && !tr.Exit && tookEdge(tr, goal) && g.f.Lang == ir.C {
		// The path to the goal holds, and what comes after it fails:
		// most often on an input the path does not constrain, left
		// nil or short by the canonical model (bc's _bc_do_add: the
		// digits of n1 read after the goal, n1->n_value nil).
		if fm, ok := filled(f, sp, cm); ok {
			fargs := sp.in.Literals(fm)
			if tr, err := g.run(fargs); err == nil && !(tr.Panicked && !tr.Exit) && tookEdge(tr, goal) {
				g.keepSeed(sp, fm)
				return fargs
			}
		}
	}
	if err != nil || tr.Panicked && !tr.Exit || !tookEdge(tr, goal) {
		g.keepSeed(sp, model)
		return args
	}
	g.keepSeed(sp, cm)
	return cargs
}

// filled returns m, a model of f over the inputs of sp, with the inputs
// least likely to make a run fail where f leaves them free: every
// pointer that f does not constrain set (its ".set" choice true), and,
// when f still holds, every buffer at the length bound. It reports
// whether it changed anything. A C function's search asks for paths
// that end at the goal when the paths on to a return are too many, and
// the canonical model makes nil every pointer such a path does not
// read: the rest of the function then dereferences it.
func filled(f *term.Term, sp inputSpace, m solve.Model) (solve.Model, bool) {
	used := map[string]bool{}
	for _, v := range term.Vars(f) {
		used[v.Name] = true
	}
	set := maps.Clone(m)
	changed := false
	for _, in := range sp.vars {
		if in.Kind == solve.Choice && in.Var.IsBool() && strings.HasSuffix(in.Var.Name, ".set") && !used[in.Var.Name] && m[in.Var.Name] == 0 {
			set[in.Var.Name] = 1
			changed = true
		}
	}
	long := maps.Clone(set)
	longer := false
	for _, in := range sp.vars {
		if in.Kind == solve.Length && long[in.Var.Name] < uint64(sp.len) {
			long[in.Var.Name] = uint64(sp.len)
			longer = true
		}
	}
	if longer && term.Eval(f, long) == 1 {
		return long, true
	}
	return set, changed
}

// lexZero makes the canonical model m of f less dependent on where the
// solver started: in input order, each canonical number that is not 0
// becomes 0 when the solver finds a model of f with it 0 and the numbers
// before it as they are (that model made canonical in turn). Canonical's
// moves change one number at a time and stop where numbers are tied in
// threes (tcas: Down_Separation < ALIM() < Up_Separation held with 0, 1,
// 1 or -1, 0, 0 from run to run); the solver's sat or unsat does not vary.
// At most lexZeroQueries queries, each within lexZeroBudget.
//
// Each query is f with the numbers already decided and the one made 0
// put in (term.Subst), so that Z3 takes in what they leave of f, not f:
// a tree of a C function over lists (schedule's finish_process) is some
// 40,000 terms, which cost Z3 about a second to take in for each case,
// and folds to a few hundred once its numbers are known.
func (g *generation) lexZero(f *term.Term, inputs []solve.Input, m solve.Model) solve.Model {
	if m == nil || g.s == nil {
		return m
	}
	fixed := map[string]uint64{}
	var pinned []*term.Term // fixed as equations
	queries := 0
	unbudget := func() {}
	defer func() { unbudget() }()
	for _, in := range inputs {
		if !in.Canonical || in.Kind != solve.Number || in.Var.IsBool() {
			continue
		}
		v := m[in.Var.Name]
		if v != 0 && queries < lexZeroQueries {
			if queries == 0 {
				unbudget = g.s.Budget(lexZeroBudget)
			}
			queries++
			fixed[in.Var.Name] = 0
			q := term.Subst(f, fixed)
			if st, m2, err := g.s.CheckSmall(q, inputs); err == nil && st == solve.Sat {
				for name, val := range fixed {
					m2[name] = val
				}
				zero := term.Eq(in.Var, term.BV(0, in.Var.Bits))
				fq := term.And(append(append([]*term.Term{f}, pinned...), zero)...)
				m2 = solve.Canonical(fq, inputs, m2)
				if term.Eval(fq, m2) == 1 {
					m, v = m2, 0
				}
			}
		}
		fixed[in.Var.Name] = v
		pinned = append(pinned, term.Eq(in.Var, term.BV(v, in.Var.Bits)))
	}
	return m
}

// lexZeroQueries bounds lexZero's solver queries per case; lexZeroBudget
// each one's Z3 resource units.
const (
	lexZeroQueries = 16
	lexZeroBudget  = 1_000_000
)

// canonicalFault returns the arguments of a solution of f, a formula for
// a failing site of a C function, made independent of which model the
// solver gave where the replay agrees: the canonical model
// (solve.Canonical), then each pointer input nil (its choice variable
// false) in order, each kept when the run still fails at a site not yet
// found.
func (g *generation) canonicalFault(f *term.Term, model solve.Model, skip map[ir.Instr]bool) symexec.Args {
	fails := func(m solve.Model) bool {
		tr, err := g.run(g.in.Literals(m))
		return err == nil && tr.Panicked && !tr.Exit && tr.Site != nil && !skip[tr.Site]
	}
	best := model
	if cm := solve.Canonical(f, g.inputs, model); fails(cm) {
		best = cm
	}
	for _, in := range g.inputs {
		if !in.Var.IsBool() || best[in.Var.Name] == 0 {
			continue
		}
		m := maps.Clone(best)
		m[in.Var.Name] = 0
		if fails(m) {
			best = m
		}
	}
	return g.in.Literals(best)
}

// sampleRuns bounds the concrete runs sample makes per function.
const sampleRuns = 4000

// maxSampleSpins is how many runs of the sampling may enter a loop
// without exit (symexec.ErrNoExit) before it gives up.
const maxSampleSpins = 3

// undecided returns the branch edges no tree could decide within its
// bounds: a loop needing more iterations than k, a solver time limit, a
// tree too large. Edges proved unreachable for any bound are decided.
func (g *generation) undecided() map[ir.Edge]bool {
	want := map[ir.Edge]bool{}
	for _, es := range g.r.Edges {
		switch {
		case es.Outcome == Covered, es.Outcome == Unsupported,
			es.Outcome == Unreachable && es.Detail == ForAnyBound:
		default:
			want[es.Edge] = true
		}
	}
	return want
}

// sample tries, for the edges in want, up to runs concrete inputs drawn
// from a fixed sequence, run through the replay. An input that takes one
// of them becomes the case made for it.
func (g *generation) sample(ctx context.Context, want map[ir.Edge]bool, runs int) error {
	if len(want) == 0 {
		return nil
	}
	seed := uint64(7)
	next := func() uint64 {
		seed = seed*6364136223846793005 + 1442695040888963407
		return seed >> 11
	}
	dict := dictionary(g.f)
	// The strings among the inputs: a length variable "s.len" and the
	// bytes "s[0]", "s[1]"... that follow it.
	strs := map[string][]string{}
	for _, in := range g.inputs {
		if in.Kind == solve.Length {
			strs[strings.TrimSuffix(in.Var.Name, ".len")] = nil
		}
	}
	for _, in := range g.inputs {
		if in.Kind != solve.Text {
			continue
		}
		if i := strings.LastIndex(in.Var.Name, "["); i > 0 {
			if _, ok := strs[in.Var.Name[:i]]; ok {
				strs[in.Var.Name[:i]] = append(strs[in.Var.Name[:i]], in.Var.Name)
			}
		}
	}
	names := make([]string, 0, len(strs))
	for name := range strs {
		names = append(names, name) // in a fixed order: the draws must be
	}
	sort.Strings(names)
	spins := 0 // runs that entered a loop without exit
	long := 0  // runs past their step budget
	for run := 0; run < runs && len(want) > 0; run++ {
		if ctx.Err() != nil {
			return nil
		}
		// Magnitudes grow with the runs: small inputs first.
		width := uint(2 + run*30/runs)
		// Made at its size: a schedule function has hundreds of inputs,
		// and growing the map was half of its sampling's time.
		m := make(map[string]uint64, len(g.inputs))
		for _, in := range g.inputs {
			v := in.Var
			switch {
			case v.IsBool():
				m[v.Name] = next() & 1
			case in.Kind == solve.Length:
				m[v.Name] = next() % uint64(g.opts.Bounds.Len+1)
			case in.Kind == solve.Room:
				m[v.Name] = 0 // the solver gives room where a branch needs it
			case in.Kind == solve.Text:
				m[v.Name] = ' ' + next()%95
			case in.Kind == solve.Choice:
				m[v.Name] = next() % 4
			case in.Kind == solve.Float:
				x := float64(int64(next()%(1<<width))-(1<<(width-1))) / 4
				if v.Bits == 32 {
					m[v.Name] = uint64(math.Float32bits(float32(x)))
				} else {
					m[v.Name] = math.Float64bits(x)
				}
			default:
				x := next() % (1 << width)
				if in.Signed {
					x -= 1 << (width - 1)
				}
				m[v.Name] = x
			}
		}
		// Half the runs build the strings from the constants the function
		// compares with, one to seven of them in a row: the keywords and
		// separators a parser looks for.
		if len(dict) > 0 && run%2 == 1 {
			for _, name := range names {
				bytes := strs[name]
				if len(bytes) == 0 {
					continue
				}
				var b []byte
				for n := 1 + next()%7; n > 0; n-- {
					b = append(b, dict[next()%uint64(len(dict))]...)
				}
				if len(b) > len(bytes) {
					b = b[:len(bytes)]
				}
				m[name+".len"] = uint64(len(b))
				for i, c := range b {
					m[bytes[i]] = uint64(c)
				}
			}
		}
		if term.Eval(g.in.Domain(), m) != 1 {
			continue
		}
		args := g.in.Literals(m)
		tr, err := g.runWithin(args, g.searchStepBudget())
		if errors.Is(err, symexec.ErrNoExit) {
			// A function that loops forever on some inputs is not
			// sampled further: each such run costs a step budget.
			if spins++; spins >= maxSampleSpins {
				return nil
			}
			continue
		}
		if errors.Is(err, symexec.ErrHugeAlloc) {
			continue // ended at once: not a run that spent its steps
		}
		if errors.Is(err, symexec.ErrSteps) {
			if long++; long >= maxSearchSpins {
				return nil
			}
			continue
		}
		if err != nil || tr.Panicked {
			continue
		}
		for _, e := range tr.Edges {
			if want[e] && g.status[e].Outcome != Covered {
				g.keepSeed(g.spaces[0], m)
				if err := g.addCase(e, args); err != nil {
					return err
				}
				for _, x := range tr.Edges {
					delete(want, x)
				}
				break
			}
		}
	}
	return nil
}

// dictionary returns the string constants, and the bytes as one-byte
// strings, that f and its callees use, in a fixed order: what the inputs
// of a parser are made of.
func dictionary(f *ir.Func) []string {
	seen := map[string]bool{}
	var words []string
	add := func(w string) {
		if w != "" && !seen[w] {
			seen[w] = true
			words = append(words, w)
		}
	}
	f.Walk(func(in ir.Instr) {
		for _, v := range in.Operands() {
			c, ok := v.(*ir.Const)
			if !ok {
				continue
			}
			switch t := c.T.(type) {
			case ir.String:
				add(c.Str)
			case ir.Int:
				if t.Bits == 8 || t.Bits == 32 && c.Bits < 0x80 && c.Bits >= ' ' {
					add(string([]byte{byte(c.Bits)}))
				}
			}
		}
	})
	sort.Strings(words)
	return words
}

// maxFaults bounds the failing sites searched per function; the search
// makes at most maxFaultQueries trees, each solved within
// faultQueryBudget Z3 resource units.
const (
	maxFaults       = 16
	maxFaultQueries = 24
	// maxFaultTerms bounds the terms of a C fault check: on the Siemens
	// programs, every check larger than 40,000 terms was unknown within
	// faultQueryBudget or unsat (schedule's upgrade_process_prio: four
	// checks of 65,000 to 195,000 terms, 8 s, all unknown), and the
	// count, unlike Z3's time, is the same from run to run.
	maxFaultTerms    = 50_000
	faultQueryBudget = 3_000_000
	// faultShare bounds the Z3 units a C fault search spends after its
	// last site found (or from its start): its trees grow with the
	// bound, and so do their checks (print_tokens' get_actual_token:
	// four unsat checks of 0.5M to 5.8M units, 7 s, none found a site).
	faultShare = 4_000_000
)

// findFaults searches inputs that make an instruction of the function
// fail its run-time checks: the implicit branches of Go (an index out of
// range, a nil dereference, a division by zero), each of which becomes a
// case expecting the panic, and the undefined behaviours of C, each of
// which becomes a finding. Each solution's replay names the failing site,
// which the next tree leaves out.
func (g *generation) findFaults(ctx context.Context) error {
	// A bonus pass after the branches: each query gets a resource budget
	// of its own, and the search a number of queries.
	defer g.s.Budget(faultQueryBudget)()
	skip := map[ir.Instr]bool{}
	found, queries := 0, 0
	since := g.s.Work // the solver's units when the last site was found
	leapt := false    // whether noFaultWithin was asked
	for k := 0; k <= g.opts.K && found < maxFaults; k++ {
		for found < maxFaults {
			if ctx.Err() != nil || queries >= maxFaultQueries {
				return nil
			}
			if g.f.Lang == ir.C && g.s.Work-since > faultShare {
				return nil // see faultShare
			}
			queries++
			form, err := symexec.FaultPBCC(g.in, k, skip, symexec.Options{MaxNodes: g.opts.MaxNodes, Facts: g.facts.list, Meter: g.opts.Meter})
			if err != nil {
				return nil // too large or unsupported: no fault search here
			}
			if g.f.Lang == ir.C && term.Size(form.F) > maxFaultTerms {
				return nil // a check its budget would not decide: see maxFaultTerms
			}
			status, model, err := g.s.CheckQuick(form.F, g.inputs)
			if err != nil {
				return fmt.Errorf("%s: fault search: %w", g.f.Name, err)
			}
			if status != solve.Sat {
				if !form.Cut {
					return nil // no path was cut: no larger bound helps
				}
				if k+1 < g.opts.K && !leapt && queries < maxFaultQueries {
					leapt = true
					queries++
					if g.noFaultWithin(g.opts.K, skip) {
						return nil
					}
				}
				break // the next bound
			}
			args := g.in.Literals(model)
			if g.f.Lang == ir.C {
				args = g.canonicalFault(form.F, model, skip)
			}
			tr, err := g.run(args)
			if err != nil || !tr.Panicked || tr.Site == nil || skip[tr.Site] {
				break // the replay disagrees: stop rather than loop
			}
			skip[tr.Site] = true
			found++
			since = g.s.Work
			c := Case{Name: faultName(tr), Inputs: args.Params, Stream: args.Stream}
			for _, ga := range args.Globals {
				c.Globals = append(c.Globals, GlobalValue{G: ga.G, Value: ga.Value})
			}
			if g.f.Lang == ir.C {
				g.addFinding(Finding{Pos: tr.Pos, Kind: tr.Kind, Case: c})
				continue
			}
			c.Panic = tr.Reason
			if i := g.samePanic(c); i >= 0 {
				if g.r.Cases[i].Goal.From == nil {
					g.r.Cases[i].Name = c.Name // the failure names it better
				}
				continue
			}
			g.r.Cases = append(g.r.Cases, c)
		}
	}
	return nil
}

// noFaultWithin reports whether the solver proves that no input makes a
// run-time check fail, but at the sites in skip, on a path within the
// bound k. findFaults asks it once, after a first bound found no more
// sites: most functions have none, and one check of the largest tree
// says so, where the search by growing bounds proved it once per bound
// (the trees of a smaller bound are parts of the largest one's). Any
// other answer leaves the search to the bounds in order, as before; it
// is not asked first, since a function with failing sites (most of
// them found at the first bound) would pay for the largest tree's check
// of them all.
func (g *generation) noFaultWithin(k int, skip map[ir.Instr]bool) bool {
	form, err := symexec.FaultPBCC(g.in, k, skip, symexec.Options{MaxNodes: g.opts.MaxNodes, Facts: g.facts.list, Meter: g.opts.Meter})
	if err != nil || (g.f.Lang == ir.C && term.Size(form.F) > maxFaultTerms) {
		return false
	}
	status, _, err := g.s.CheckQuick(form.F, g.inputs)
	return err == nil && status == solve.Unsat
}

// returnNormally adds, to a function without branches whose first case
// panics (a nil receiver), a case on inputs that make it return: those
// outside the condition of its failing paths.
func (g *generation) returnNormally() error {
	for _, c := range g.r.Cases {
		if c.Panic == "" {
			return nil
		}
	}
	form, err := symexec.FaultPBCC(g.in, g.opts.K, nil, symexec.Options{MaxNodes: g.opts.MaxNodes, Facts: g.facts.list, Meter: g.opts.Meter})
	if err != nil || form.Cut {
		return nil
	}
	status, model, err := g.s.CheckSmall(term.And(g.in.Domain(), term.Not(form.F)), g.inputs)
	if err != nil || status != solve.Sat {
		return nil
	}
	return g.addCase(ir.Edge{}, g.in.Literals(model))
}

// samePanic returns the index of a case expecting a panic on the inputs
// of c, or -1.
func (g *generation) samePanic(c Case) int {
	for i, o := range g.r.Cases {
		if o.Panic != "" && sameInputs(o, c) {
			return i
		}
	}
	return -1
}

// faultName names the case made for a failing site: "index_out_of_range".
func faultName(tr *symexec.Trace) string {
	return Name(tr.Reason) // no line: names stay put when code moves
}

// addCase replays args and records the case made for goal, marking the
// edges it covers. Inputs that make the call fail after taking the goal
// become a case expecting the panic in Go, and a finding in C, where the
// behaviour is undefined and no test may rely on it.
//
// A replay that does not end within opts.MaxSteps gives no case: the
// goal is then Timeout (replaySpins), a loop without exit most likely.
func (g *generation) addCase(goal ir.Edge, args symexec.Args) error {
	tr, err := g.run(args)
	if errors.Is(err, symexec.ErrSteps) {
		// The inputs lead into a loop that does not end (or not within
		// the step budget): no test can call the function on them.
		if st := g.status[goal]; st != nil && st.Outcome != Covered {
			st.Outcome, st.Detail = Timeout, replaySpins
		}
		g.spun = err
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s: replay for %s: %w", g.f.Name, CaseName(goal), err)
	}
	g.learn(tr)
	g.paths = append(g.paths, tr.Edges)
	c := Case{Name: CaseName(goal), Goal: goal, Inputs: args.Params, Stream: args.Stream,
		Outputs: tr.Outputs, After: tr.After}
	for _, ga := range args.Globals {
		c.Globals = append(c.Globals, GlobalValue{G: ga.G, Value: ga.Value})
	}
	if tr.Unknown {
		// The harness cannot run it: the goal stays to decide, and says
		// why when no other path covers it.
		if st := g.status[goal]; st != nil && st.Outcome != Covered && tookEdge(tr, goal) {
			st.Outcome, st.Detail = Unsupported, "reached only through "+tr.Reason
		}
		return nil
	}
	if tr.Panicked {
		st := g.status[goal]
		if st != nil && !tookEdge(tr, goal) {
			return nil
		}
		if g.f.Lang == ir.C && !tr.Exit || tr.Reason == "" {
			// C: undefined behaviour, a finding (exit and abort are not:
			// the case expects them). Go: a panic whose value is not
			// known cannot be expected by a test.
			if st != nil {
				// No position: the edge and the finding (Findings, with
				// its position) say where, and a header quoting it would
				// go stale when the code moves (cmd/pbcc keeps tables).
				what := tr.Reason
				if what == "" {
					what = "a panic whose value pbcc's model does not know"
				}
				st.Outcome, st.Detail = Faults, "the inputs found then reach "+what
			}
			c.Outputs = nil
			g.addFinding(Finding{Pos: tr.Pos, Kind: tr.Kind, Case: c})
			return nil
		}
		c.Outputs, c.After = nil, nil
		c.Panic = tr.Reason
		if g.samePanic(c) >= 0 {
			return nil // the same failure, found again (a test of it exists)
		}
	}
	if goal.From != nil && !tookEdge(tr, goal) {
		// The replay went elsewhere: a case named for this goal would
		// lie; the goal's outcome says so instead.
		return nil
	}
	seen := map[ir.Edge]bool{}
	for _, e := range tr.Edges {
		if g.status[e] == nil || seen[e] {
			continue // an edge of a callee that is not a literal of f
		}
		seen[e] = true
		c.Covers = append(c.Covers, e)
		if st := g.status[e]; st != nil && st.Outcome != Covered {
			st.Outcome, st.Detail = Covered, ""
			st.K = g.r.K
		}
	}
	g.r.Cases = append(g.r.Cases, c)
	return nil
}

// ErrMemoryBudget is the cause of a search's context ended because the
// process passed its memory ceiling: the edges left open say so, rather
// than that time ran out.
var ErrMemoryBudget = errors.New("memory budget spent")

// ErrWorkBudget is the cause of a search's context ended because its
// solver queries used up their Z3 resource units (solve.Limits.Total).
var ErrWorkBudget = errors.New("work budget spent")

// budgetDetail says which budget ended the search of ctx.
func budgetDetail(ctx context.Context) string {
	if errors.Is(context.Cause(ctx), ErrMemoryBudget) {
		return ErrMemoryBudget.Error()
	}
	if errors.Is(context.Cause(ctx), ErrWorkBudget) {
		return ErrWorkBudget.Error()
	}
	return "time budget spent"
}

// addFinding records f unless a finding of the same kind at the same
// place is there already: the fault search and the replay of other goals'
// inputs may both reach it, in an order that depends on the budget.
func (g *generation) addFinding(f Finding) {
	for _, h := range g.r.Findings {
		if h.Pos == f.Pos && h.Kind == f.Kind {
			return
		}
	}
	g.r.Findings = append(g.r.Findings, f)
}
