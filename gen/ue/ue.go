package ue

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbcc/pbcc/gen/ir"
)

// Goals returns the unconstrained edges of f: the branch edges
// (ir.Edge.IsBranch) whose coverage is implied by no other branch edge's,
// one per class of edges that imply each other, so that covering them all
// covers every edge of f reachable from its entry. The order is
// deterministic: block order, then successor order. A function with no
// branch has no goals; so does a nil or empty f.
func Goals(f *ir.Func) []ir.Edge {
	return NewGraph(f).Goals()
}

// A Graph is f's edge graph — a node per CFG edge, plus a virtual entry
// edge into f.Blocks[0] and a virtual exit edge out of every Return and
// Panic block — with its dominator and post-dominator trees. Pictures
// (pbcc show) and tests read it; Goals is all the core needs.
//
// Edges unreachable from the entry are not nodes of the trees: no edge
// dominates them or is dominated by them, and none is a goal. Blocks from
// which no Return or Panic block can be reached (infinite loops) get a
// virtual edge to the exit, as if execution could be stopped there; see the
// package documentation.
type Graph struct {
	f     *ir.Func
	edges []ir.Edge // node n (n >= firstEdge) is edges[n-firstEdge]
	first []int     // node of the first out-edge of each block
	blkOf map[*ir.Block]int

	branch    []bool  // node is a branch edge of f
	reachable []bool  // node is reachable from the virtual entry
	dom, pdom tree    // over edge nodes only (virtual ones included)
	goals     []int32 // nodes, ascending
}

// Virtual nodes of the edge graph.
const (
	entryNode = 0
	exitNode  = 1
	firstEdge = 2
)

// NewGraph builds f's edge graph and its trees. f should satisfy ir.Check;
// NewGraph does not panic on an ill-formed f, but its results are then
// unspecified (a successor outside f is treated as an exit). A nil f, an f
// without blocks or with a nil block gives an empty graph.
func NewGraph(f *ir.Func) *Graph {
	g := &Graph{f: f}
	if f == nil || len(f.Blocks) == 0 || slices.Contains(f.Blocks, nil) {
		return g
	}
	g.blkOf = make(map[*ir.Block]int, len(f.Blocks))
	for i, b := range f.Blocks {
		g.blkOf[b] = i
	}
	g.first = make([]int, len(f.Blocks))
	for i, b := range f.Blocks {
		g.first[i] = firstEdge + len(g.edges)
		for k := range b.Succs {
			g.edges = append(g.edges, ir.Edge{From: b, Index: k})
		}
	}
	nEdge := firstEdge + len(g.edges) // edge nodes, virtual ones included
	g.branch = make([]bool, nEdge)
	for i, e := range g.edges {
		g.branch[firstEdge+i] = e.IsBranch()
	}

	h := g.hub()
	reach := h.reach(entryNode, h.succ)
	g.reachable = reach[:nEdge]
	idom := h.dominators(entryNode, h.succ, h.pred, reach)
	ipdom := h.dominators(exitNode, h.pred, h.succ, reach)
	g.dom = newTree(idom, nEdge, entryNode, g.branch)
	g.pdom = newTree(ipdom, nEdge, exitNode, g.branch)
	g.goals = g.unconstrained()
	return g
}

// hub builds the graph H on which dominators are computed: H has the edge
// nodes of the edge graph and, in addition, a node per block, with arcs
// edge → its target block → the block's out-edges. Dominance between edge
// nodes is the same in H as in the edge graph (every edge-graph arc e1 → e2
// is the two-arc path e1 → block → e2 of H), but H stays linear in the size
// of f where the edge graph may not (a block with m in-edges and n
// out-edges gives m·n arcs).
func (g *Graph) hub() *csr {
	f := g.f
	nEdge := firstEdge + len(g.edges)
	blockNode := func(i int) int32 { return int32(nEdge + i) }
	// Blocks from which a Return or Panic block is reachable.
	exits := make([]bool, len(f.Blocks))
	preds := make([][]int, len(f.Blocks))
	var work []int
	for i, b := range f.Blocks {
		if len(b.Succs) == 0 {
			exits[i] = true
			work = append(work, i)
		}
		for _, s := range b.Succs {
			if j, ok := g.blkOf[s]; ok {
				preds[j] = append(preds[j], i)
			}
		}
	}
	for len(work) > 0 {
		i := work[len(work)-1]
		work = work[:len(work)-1]
		for _, p := range preds[i] {
			if !exits[p] {
				exits[p] = true
				work = append(work, p)
			}
		}
	}

	var arcs [][2]int32
	arcs = append(arcs, [2]int32{entryNode, blockNode(0)})
	for i, e := range g.edges {
		to := int32(exitNode)
		if j, ok := g.blkOf[e.To()]; ok {
			to = blockNode(j)
		}
		arcs = append(arcs, [2]int32{int32(firstEdge + i), to})
	}
	for i, b := range f.Blocks {
		for k := range b.Succs {
			arcs = append(arcs, [2]int32{blockNode(i), int32(g.first[i] + k)})
		}
		if !exits[i] || len(b.Succs) == 0 {
			arcs = append(arcs, [2]int32{blockNode(i), exitNode})
		}
	}
	return newCSR(nEdge+len(f.Blocks), arcs)
}

// Goals returns the unconstrained edges of the graph's function; see the
// package function Goals.
func (g *Graph) Goals() []ir.Edge {
	if len(g.goals) == 0 {
		return nil
	}
	es := make([]ir.Edge, len(g.goals))
	for i, n := range g.goals {
		es[i] = g.edges[n-firstEdge]
	}
	return es
}

// unconstrained computes the goals: the branch edges reachable from the
// entry that are the only branch edge in their subtree of either tree. The
// branch edges whose covering implies covering e are e's descendants in
// the two trees; by the theorem of the package documentation, a branch
// edge implied by another one is never a goal, even when they imply each
// other, so the tie rule of the definition never has to choose.
func (g *Graph) unconstrained() []int32 {
	var goals []int32
	for n := firstEdge; n < len(g.branch); n++ {
		if g.branch[n] && g.reachable[n] && g.dom.branches[n] == 1 && g.pdom.branches[n] == 1 {
			goals = append(goals, int32(n))
		}
	}
	return goals
}

// node returns e's node, or -1 when e is not an edge of g's function.
func (g *Graph) node(e ir.Edge) int {
	if g.blkOf == nil || e.From == nil {
		return -1
	}
	i, ok := g.blkOf[e.From]
	if !ok || e.Index < 0 || e.Index >= len(e.From.Succs) {
		return -1
	}
	return g.first[i] + e.Index
}

// Dominates reports whether every path from f's entry to b takes a (a
// dominates itself). It is false when either edge is not an edge of f or
// is unreachable from the entry.
func (g *Graph) Dominates(a, b ir.Edge) bool {
	return g.related(&g.dom, a, b)
}

// PostDominates reports whether every path from b to an exit of f takes a
// (a post-dominates itself). Blocks that cannot reach a Return or Panic
// count as exits. It is false when either edge is not an edge of f or is
// unreachable from the entry.
func (g *Graph) PostDominates(a, b ir.Edge) bool {
	return g.related(&g.pdom, a, b)
}

func (g *Graph) related(t *tree, a, b ir.Edge) bool {
	na, nb := g.node(a), g.node(b)
	if na < 0 || nb < 0 || !g.reachable[na] || !g.reachable[nb] {
		return false
	}
	return t.ancestor(na, nb)
}

// IDom returns e's immediate dominator among f's edges. It reports false
// when there is none: e leaves the entry block (its immediate dominator is
// the virtual entry), is unreachable, or is not an edge of f.
func (g *Graph) IDom(e ir.Edge) (ir.Edge, bool) { return g.parent(&g.dom, e) }

// IPDom returns e's immediate post-dominator among f's edges. It reports
// false when there is none: the virtual exit is e's immediate
// post-dominator, or e is unreachable, or not an edge of f.
func (g *Graph) IPDom(e ir.Edge) (ir.Edge, bool) { return g.parent(&g.pdom, e) }

func (g *Graph) parent(t *tree, e ir.Edge) (ir.Edge, bool) {
	n := g.node(e)
	if n < 0 || !g.reachable[n] {
		return ir.Edge{}, false
	}
	p := t.parent[n]
	if p < firstEdge {
		return ir.Edge{}, false
	}
	return g.edges[p-firstEdge], true
}

// String prints the graph deterministically: its nodes, the dominator and
// post-dominator trees (one node per line, children indented under their
// parent), the unreachable edges and the goals. Golden tests depend on it.
func (g *Graph) String() string {
	var s strings.Builder
	name := "<nil>"
	if g.f != nil {
		name = g.f.Name
	}
	fmt.Fprintf(&s, "func %s\n", name)
	if g.blkOf == nil {
		return s.String()
	}
	fmt.Fprintf(&s, "nodes:\n")
	for n := range g.branch {
		fmt.Fprintf(&s, "\t%s\n", g.label(n))
	}
	for _, t := range []struct {
		name string
		tree *tree
	}{{"dom", &g.dom}, {"pdom", &g.pdom}} {
		fmt.Fprintf(&s, "%s:\n", t.name)
		t.tree.walk(func(n, depth int) {
			fmt.Fprintf(&s, "\t%s%s\n", strings.Repeat(". ", depth), g.label(n))
		})
	}
	var dead []string
	for n := firstEdge; n < len(g.branch); n++ {
		if !g.reachable[n] {
			dead = append(dead, g.label(n))
		}
	}
	if len(dead) > 0 {
		fmt.Fprintf(&s, "unreachable: %s\n", strings.Join(dead, ", "))
	}
	goals := make([]string, len(g.goals))
	for i, n := range g.goals {
		goals[i] = g.label(int(n))
	}
	fmt.Fprintf(&s, "ue: %s\n", strings.Join(goals, ", "))
	return s.String()
}

// label names node n: "entry", "exit", "b1->b2" for a jump, "b0->b1 true",
// "b3->b5 case 2" for a branch edge.
func (g *Graph) label(n int) string {
	switch n {
	case entryNode:
		return "entry"
	case exitNode:
		return "exit"
	}
	e := g.edges[n-firstEdge]
	to := "?"
	if e.To() != nil {
		to = e.To().String()
	}
	s := e.From.String() + "->" + to
	if e.IsBranch() {
		s += " " + e.Label()
	}
	return s
}

// ---- Dominator trees ----

// A tree is a dominator or post-dominator tree over the nodes of the edge
// graph (virtual entry and exit included). Unreachable nodes have parent -1
// and are in no tree.
type tree struct {
	root     int
	parent   []int32
	children [][]int32 // ascending
	pre      []int32   // preorder number; -1 outside the tree
	last     []int32   // largest preorder number in the subtree
	branches []int     // branch edges in the subtree, the node included
}

// newTree restricts the immediate-dominator array idom of the hub graph
// (whose first n nodes are the edge graph's) to the edge nodes: a node's
// parent is its nearest proper dominator that is an edge node.
func newTree(idom []int32, n, root int, branch []bool) tree {
	t := tree{
		root:     root,
		parent:   make([]int32, n),
		children: make([][]int32, n),
		pre:      make([]int32, n),
		last:     make([]int32, n),
		branches: make([]int, n),
	}
	for v := range n {
		t.parent[v] = -1
		t.pre[v] = -1
		if v == root || idom[v] < 0 {
			continue
		}
		p := idom[v]
		for int(p) >= n {
			p = idom[p]
		}
		t.parent[v] = p
		t.children[p] = append(t.children[p], int32(v))
	}
	// Number the tree in preorder and count branch edges per subtree,
	// without recursion: trees of long functions are deep.
	type frame struct{ v, next int32 }
	stack := []frame{{int32(root), 0}}
	var clock int32
	t.pre[root] = clock
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if kids := t.children[top.v]; int(top.next) < len(kids) {
			c := kids[top.next]
			top.next++
			clock++
			t.pre[c] = clock
			stack = append(stack, frame{c, 0})
			continue
		}
		v := top.v
		stack = stack[:len(stack)-1]
		t.last[v] = clock
		if branch[v] {
			t.branches[v]++
		}
		if p := t.parent[v]; p >= 0 {
			t.branches[p] += t.branches[v]
		}
	}
	return t
}

// ancestor reports whether a is b or one of its ancestors.
func (t *tree) ancestor(a, b int) bool {
	return t.pre[a] >= 0 && t.pre[b] >= 0 && t.pre[a] <= t.pre[b] && t.pre[b] <= t.last[a]
}

// walk calls visit on each node of the tree in preorder, children in
// ascending order, with its depth.
func (t *tree) walk(visit func(n, depth int)) {
	type frame struct{ v, next int32 }
	stack := []frame{{int32(t.root), 0}}
	visit(t.root, 0)
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if kids := t.children[top.v]; int(top.next) < len(kids) {
			c := kids[top.next]
			top.next++
			visit(int(c), len(stack))
			stack = append(stack, frame{c, 0})
			continue
		}
		stack = stack[:len(stack)-1]
	}
}

// ---- Graphs in compressed form ----

// A csr is a directed graph stored as compressed adjacency lists.
type csr struct {
	n                  int
	succOff, predOff   []int32
	succList, predList []int32
}

// adj is one direction of a csr: the neighbours of v are list[off[v]:off[v+1]].
type adj struct{ off, list []int32 }

func (a adj) of(v int32) []int32 { return a.list[a.off[v]:a.off[v+1]] }

func newCSR(n int, arcs [][2]int32) *csr {
	g := &csr{n: n}
	build := func(from, to int) ([]int32, []int32) {
		off := make([]int32, n+1)
		for _, a := range arcs {
			off[a[from]+1]++
		}
		for v := range n {
			off[v+1] += off[v]
		}
		list := make([]int32, len(arcs))
		fill := append([]int32(nil), off[:n]...)
		for _, a := range arcs {
			list[fill[a[from]]] = a[to]
			fill[a[from]]++
		}
		return off, list
	}
	g.succOff, g.succList = build(0, 1)
	g.predOff, g.predList = build(1, 0)
	return g
}

func (g *csr) succ() adj { return adj{g.succOff, g.succList} }
func (g *csr) pred() adj { return adj{g.predOff, g.predList} }

// reach returns the nodes reachable from root along next.
func (g *csr) reach(root int, next func() adj) []bool {
	out := next()
	seen := make([]bool, g.n)
	seen[root] = true
	stack := []int32{int32(root)}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, w := range out.of(v) {
			if !seen[w] {
				seen[w] = true
				stack = append(stack, w)
			}
		}
	}
	return seen
}

// dominators returns the immediate dominators of the nodes of g reachable
// from root along next, among the nodes in alive, by the iterative
// algorithm of Cooper, Harvey and Kennedy ("A Simple, Fast Dominance
// Algorithm", 2001). The root's idom is itself; other nodes get -1.
func (g *csr) dominators(root int, next, prev func() adj, alive []bool) []int32 {
	out, in := next(), prev()
	// Reverse postorder, by an iterative depth-first search.
	order := make([]int32, 0, g.n) // postorder
	rpo := make([]int32, g.n)      // node → position in postorder; -1 unvisited
	for i := range rpo {
		rpo[i] = -1
	}
	visited := make([]bool, g.n)
	type frame struct{ v, next int32 }
	stack := []frame{{int32(root), 0}}
	visited[root] = true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if ws := out.of(top.v); int(top.next) < len(ws) {
			w := ws[top.next]
			top.next++
			if !visited[w] && alive[w] {
				visited[w] = true
				stack = append(stack, frame{w, 0})
			}
			continue
		}
		rpo[top.v] = int32(len(order))
		order = append(order, top.v)
		stack = stack[:len(stack)-1]
	}

	idom := make([]int32, g.n)
	for i := range idom {
		idom[i] = -1
	}
	idom[root] = int32(root)
	intersect := func(a, b int32) int32 {
		for a != b {
			for rpo[a] < rpo[b] {
				a = idom[a]
			}
			for rpo[b] < rpo[a] {
				b = idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for i := len(order) - 2; i >= 0; i-- { // order[len-1] is the root
			v := order[i]
			nd := int32(-1)
			for _, p := range in.of(v) {
				if rpo[p] < 0 || idom[p] < 0 {
					continue
				}
				if nd < 0 {
					nd = p
				} else {
					nd = intersect(p, nd)
				}
			}
			if nd != idom[v] {
				idom[v] = nd
				changed = true
			}
		}
	}
	return idom
}
