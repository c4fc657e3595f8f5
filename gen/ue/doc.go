// Package ue computes the unconstrained edges of a function's control-flow
// graph: the branch edges that test generation takes as goals, so that a
// set of tests covering them covers every branch edge of the function
// (paper 001, annex C, sections 2.5–3.6; annex A, section 3.1.1).
//
// It takes an *ir.Func (which should satisfy ir.Check) and gives the goals
// as ir.Edges, in block order then successor order:
//
//	goals := ue.Goals(f)
//
// # The edge graph
//
// NewGraph builds f's edge graph (the paper's CFG_edges): a node per CFG
// edge, an arc e1 → e2 when e1 enters the block e2 leaves, a virtual entry
// edge into f.Blocks[0] and a virtual exit edge out of every block without
// successors (Return, Panic). Dominator and post-dominator trees are
// computed on it with the iterative algorithm of Cooper, Harvey and Kennedy,
// on an equivalent graph that keeps a node per block between the edges, so
// that the cost stays linear in the size of f (times the few iterations
// the algorithm needs) even when a block has many in- and out-edges.
//
// Edges unreachable from the entry are left out of both trees: nothing
// dominates them, they dominate nothing, and they are never goals (no input
// can cover them).
//
// A block from which no Return or Panic block can be reached (an infinite
// loop, or a block leading only into one) is given a virtual edge to the
// exit: execution is treated as if it could stop in any such block, as a
// test of such a function is stopped by its harness. Post-dominance then
// only claims what holds for every execution, finite or not: if a pdom b,
// every execution that takes b takes a before it ends or enters a block that
// cannot reach an exit. Inside an infinite loop this leaves only dominance,
// so more edges are goals than strictly needed, never fewer.
//
// # The goals
//
// Say that covering b implies covering a when a dom b (every path to b
// took a) or a pdom b (every path from b takes a). This relation is a
// preorder on the edges reachable from the entry: it is reflexive, and it
// is transitive even when dominance and post-dominance mix (if a dom b and
// b pdom c, a path to c that avoids a must take a after c, on its way to b;
// so a dom c or a pdom c; symmetrically for a pdom b and b dom c).
//
// The goals are the maximal branch edges of this preorder: a branch edge e
// is a goal iff every branch edge e' ≠ e whose covering implies covering e
// is itself implied by covering e, and e is the first, in block then
// successor order, of the branch edges that imply each other with it.
//
// Since the preorder is finite and transitive, every branch edge reachable
// from the entry is implied by a goal: covering all the goals covers every
// reachable branch edge, and hence every reachable edge (a non-branch edge
// is post-dominated by the last branch edge before it on any path to it, or
// taken by every execution if there is none).
// Conversely no goal is implied by another goal, so none can be dropped.
//
// Distinct branch edges can imply each other (if a { for b {} }: the true
// edge of a and the exit edge of the loop), but such a pair is never
// maximal, so the tie rule never has to choose. Suppose c1 dom c2, c2 pdom
// c1, and no branch edge outside the pair implies them; let X be the block
// c2 leaves. Every path to X takes c1, so c1 dominates every out-edge x of
// X; x implies c1, so c1 implies x, and as x cannot dominate c1, x pdom c1.
// But a path from c1 to the exit can be cut from its first visit of X to
// its last one, and then takes a single out-edge of X, though X, a branch,
// has two or more: a contradiction. Hence a branch edge is a goal iff it is
// the only branch edge in its subtree of the dominator tree and in its
// subtree of the post-dominator tree, which is how Goals computes them, in
// time linear in the size of the trees.
//
// # Relation to the paper
//
// The paper's UE (annex C, equation 8 and figure 6) ranges over all edges:
// the leaves of the dominator tree that are extended leaves of the
// post-dominator tree, a chain of edges in one basic block counting once.
// Goals keeps the branch edges only, because coverage in pbcc is counted
// over branch edges, and differs in two ways: a function without branches
// has no goal where the paper keeps one edge for its single chain, and a
// chain of edges that imply each other is represented by its one branch
// edge where the paper takes a dominator-tree leaf (often the jump edge at
// its end). When f has a branch and every block can reach a Return or
// Panic, the number of goals equals the number of the paper's
// unconstrained edges (the tests check it on random CFGs). With an infinite
// loop the paper may count more: a loop of jumps only (for {}) is one of
// its unconstrained edges, but holds no branch and gives no goal.
//
// Post-dominance assumes that a block, once entered, runs to its
// terminator. An instruction that panics (a failing call, an index out of
// range) ends the execution early, so an edge implied by a goal through
// post-dominance may stay uncovered; coverage is measured after replay for
// this reason.
//
// # Example
//
// For
//
//	func f(a, b bool) int {
//		if a { // b0: if a goto b1 else b2
//			return 1 // b1
//		}
//		if b { // b2: if b goto b3 else b4
//			return 2 // b3
//		}
//		return 3 // b4
//	}
//
// Graph.String prints the nodes, the two trees (children indented under
// their parent) and the goals:
//
//	func f
//	nodes:
//		entry
//		exit
//		b0->b1 true
//		b0->b2 false
//		b2->b3 true
//		b2->b4 false
//	dom:
//		entry
//		. exit
//		. b0->b1 true
//		. b0->b2 false
//		. . b2->b3 true
//		. . b2->b4 false
//	pdom:
//		exit
//		. entry
//		. b0->b1 true
//		. b0->b2 false
//		. b2->b3 true
//		. b2->b4 false
//	ue: b0->b1 true, b2->b3 true, b2->b4 false
//
// b0->b2 is no goal: both edges out of b2 imply it.
package ue
