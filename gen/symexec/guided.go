package symexec

import (
	"fmt"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/term"
)

// A trie holds paths already run, as sequences of branch edges (the
// Edges of Traces), sharing their prefixes.
type trie struct {
	next map[ir.Edge]*trie
}

func newTrie(paths [][]ir.Edge) *trie {
	root := &trie{}
	for _, p := range paths {
		n := root
		for _, e := range p {
			if n.next == nil {
				n.next = map[ir.Edge]*trie{}
			}
			c := n.next[e]
			if c == nil {
				c = &trie{}
				n.next[e] = c
			}
			n = c
		}
	}
	return root
}

// GuidedPBCC builds the execution tree of goal restricted to the paths
// already run (each the Edges of a Trace of f): every path of the tree
// follows one of them up to a branch at goal.From, where it takes the
// goal edge instead, and ends there. It returns the condition under
// which the inputs of the model in drive f along one of those paths.
//
// It is the generational step of concolic testing done as a PBCC: a
// prefix of a run is feasible, so each alternative is a short path whose
// condition the solver decides easily, however large the full tree of
// the goal is; and a solution's run is a new path for the next goals.
// Loops and recursion are bounded by the paths themselves, not by a
// bound k, and the model in may allow longer inputs than those runs had.
//
// With depart > 0, a path may also leave the runs at any branch, in the
// function or a callee, into a tree of bound k (visits counted from the
// departure) towards the goal, of at most depart blocks, depth first;
// the subtrees past that budget, and all departures once the tree has
// opts.MaxNodes blocks, count as false (Formula.Partial); Formula.Cut
// tells whether k cut a departure. Without departures, a tree larger
// than opts.MaxNodes fails with ErrTooLarge.
func GuidedPBCC(in *InputModel, goal ir.Edge, paths [][]ir.Edge, k, depart int, opts Options) (form *Formula, err error) {
	defer recoverUnsupported(&err)
	b := &builder{goal: goal, limit: k + 1, reaches: reachers(goal.From), depart: depart, total: opts.MaxNodes,
		maxMerged: opts.maxMerged(), machine: machine{ext: extState{facts: opts.Facts, closed: opts.ClosedWorld}, meter: opts.Meter}}
	defer b.chargeRest()
	if depart == 0 {
		b.max = opts.MaxNodes
	}
	fml := b.guidedWalk(in.initialState(), newTrie(paths))
	return &Formula{F: term.And(in.Domain(), fml), Cut: b.cut, Nodes: b.steps, Partial: b.truncated}, nil
}

// departFrom returns the condition under which the execution from st,
// once it left the runs by taking successor i of the top frame's block
// under condition c, reaches the goal within the departure's budget.
func (b *builder) departFrom(st *state, i int, c *term.Term) *term.Term {
	blk := st.top().block
	if !b.mayReach(st, blk, i) {
		return term.False
	}
	next := st.clone()
	for _, fr := range next.frames {
		clear(fr.visits) // the bound counts from here
	}
	next.enter(blk, blk.Succs[i])
	b.steps++
	b.max, b.partial = b.steps+b.depart, true
	sub := b.walk(next)
	b.max, b.partial = 0, false
	if sub.IsFalse() {
		return term.False
	}
	return term.And(c, sub)
}

// guidedWalk returns the condition under which the execution from st,
// which has followed the paths of node's prefix, follows one of node's
// continuations and then takes the goal edge.
func (b *builder) guidedWalk(st *state, node *trie) *term.Term {
	if b.max > 0 && b.steps > b.max {
		panic(fmt.Errorf("%w (more than %d blocks)", ErrTooLarge, b.max))
	}
	ev, checks := b.advance(st)
	if b.maxMerged > 0 && b.merged > b.maxMerged {
		panic(fmt.Errorf("%w (its loads, stores and appends merged more than %d values)", ErrTooLarge, b.maxMerged))
	}
	pre := conds(checks)
	switch ev {
	case returned, panicked, fault, cut:
		return term.False
	case atCall:
		// The paths tell which target was called: a target whose next
		// branch is not on them ends in false at that branch.
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
				continue
			}
			if sub := b.guidedWalk(next, node); !sub.IsFalse() {
				alts = append(alts, term.And(t.guard, sub))
			}
		}
		return term.And(append(pre, term.Or(alts...))...)
	}
	blk := st.top().block
	cs := branches(st.top())
	atGoalLevel := len(st.frames) == 1
	// Decide every alternative before walking any: the last one walks on
	// st itself, which the walk changes.
	var alts, todo []*term.Term
	var kids []*trie
	var succs []int
	for i, c := range cs {
		if c.IsFalse() {
			continue
		}
		e := ir.Edge{From: blk, Index: i}
		if atGoalLevel && e == b.goal {
			alts = append(alts, c)
			continue
		}
		if kid := node.next[e]; kid != nil {
			todo = append(todo, c)
			kids = append(kids, kid)
			succs = append(succs, i)
		} else if b.depart > 0 {
			if b.total > 0 && b.steps >= b.total {
				b.truncated = true
				continue
			}
			if sub := b.departFrom(st, i, c); !sub.IsFalse() {
				alts = append(alts, sub)
			}
		}
	}
	for n, c := range todo {
		next := st
		if n != len(todo)-1 {
			next = st.clone()
		}
		next.enter(blk, blk.Succs[succs[n]])
		b.steps++
		if sub := b.guidedWalk(next, kids[n]); !sub.IsFalse() {
			alts = append(alts, term.And(c, sub))
		}
	}
	return term.And(append(pre, term.Or(alts...))...)
}
