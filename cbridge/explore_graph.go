package cbridge

import (
	"encoding/binary"
	"slices"

	"github.com/pbcc/pbcc/gen/ir"
	"modernc.org/cc/v4"
)

// Graphs: a parameter pointing to a struct that points to structs (a
// list, a tree: SIR space's tape of struct charac, each with its PREV
// and NEXT), or to a pointer to a struct (struct charac **, which legacy
// C passes to give back where it stopped). The search makes a graph of
// objects, each one malloc's: their scalars, as for a single struct, and
// their pointers to structs, each NULL or another object of the graph.
//
// In a value, a graph is its objects, the first the one the parameter
// points to. An object's pointers hold, in its bytes, the object they
// designate: 0 for NULL, i+1 for object i; after the call, ^0 for an
// address outside the graph (memory the call allocated, another
// parameter's objects), which the harness cannot name: such a parameter
// is not compared after the call.

// A node is one object of a graph: its shape and its bytes.
type node struct {
	t   *objectShape
	buf []byte
}

// maxNodes bounds the objects of a graph the search makes.
const maxNodes = 32

// unknownLink is, after the call, a pointer to none of the graph's
// objects.
const unknownLink = ^uint64(0)

// linked reports whether an object of shape o may point to another.
func (o *objectShape) linked() bool {
	return slices.ContainsFunc(o.leaves, func(l leaf) bool { return l.target != nil })
}

// links returns the pointer leaves of o the search sets: those to structs.
func (o *objectShape) links() []leaf {
	var out []leaf
	for _, l := range o.leaves {
		if l.target != nil {
			out = append(out, l)
		}
	}
	return out
}

// slotOf is the shape of a pointer to a struct of shape o, as the object
// a struct ** designates.
func slotOf(t cc.Type, it ir.Type, o *objectShape) *objectShape {
	return &objectShape{t: t, it: it, size: int(t.Size()), leaves: []leaf{{size: int(t.Size()), ptr: true, target: o}}}
}

func getLink(b []byte, l leaf) uint64 {
	return binary.LittleEndian.Uint64(b[l.off : l.off+8])
}

func putLink(b []byte, l leaf, x uint64) {
	binary.LittleEndian.PutUint64(b[l.off:l.off+8], x)
}

func newNode(o *objectShape) node {
	return node{t: o, buf: make([]byte, o.size)}
}

func cloneNodes(ns []node) []node {
	if ns == nil {
		return nil
	}
	out := make([]node, len(ns))
	for i, n := range ns {
		out[i] = node{t: n.t, buf: slices.Clone(n.buf)}
	}
	return out
}

// encodeGraph appends the request's graph (kind 5, see explore/rt.c):
// the objects with their pointers zero, then the links.
func encodeGraph(req []byte, ns []node) []byte {
	req = append(req, 5)
	req = binary.LittleEndian.AppendUint32(req, uint32(len(ns)))
	type rel struct{ obj, off, to uint32 }
	var rels []rel
	for i, n := range ns {
		b := slices.Clone(n.buf)
		for _, l := range n.t.leaves {
			if !l.ptr || l.off+8 > len(b) {
				continue
			}
			if x := getLink(b, l); l.target != nil && x > 0 && x <= uint64(len(ns)) {
				rels = append(rels, rel{uint32(i), uint32(l.off), uint32(x - 1)})
			}
			clear(b[l.off : l.off+8])
		}
		req = binary.LittleEndian.AppendUint32(req, uint32(len(b)))
		req = append(req, b...)
	}
	req = binary.LittleEndian.AppendUint32(req, uint32(len(rels)))
	for _, r := range rels {
		req = binary.LittleEndian.AppendUint32(req, r.obj)
		req = binary.LittleEndian.AppendUint32(req, r.off)
		req = binary.LittleEndian.AppendUint32(req, r.to)
	}
	return req
}

// decodeGraph reads a graph after the call from the answer out (the
// objects' addresses, then their bytes), its pointers written back as
// links; it returns the objects' bytes one after the other, and what
// is left of out.
func decodeGraph(out []byte, ns []node) ([]byte, []byte, bool) {
	if len(out) < 8*len(ns) {
		return nil, nil, false
	}
	base := map[uint64]uint64{}
	for i := range ns {
		base[binary.LittleEndian.Uint64(out[8*i:])] = uint64(i + 1)
	}
	out = out[8*len(ns):]
	var all []byte
	for _, n := range ns {
		if len(out) < len(n.buf) {
			return nil, nil, false
		}
		b := slices.Clone(out[:len(n.buf)])
		out = out[len(n.buf):]
		for _, l := range n.t.leaves {
			if !l.ptr || l.off+8 > len(b) {
				continue
			}
			switch x := getLink(b, l); {
			case x == 0:
			case base[x] > 0:
				putLink(b, l, base[x])
			default:
				putLink(b, l, unknownLink)
			}
		}
		all = append(all, b...)
	}
	return all, out, true
}

// splitGraph cuts the bytes decodeGraph returns into the objects of ns.
func splitGraph(all []byte, ns []node) []node {
	out := make([]node, len(ns))
	for i, n := range ns {
		out[i] = node{t: n.t, buf: all[:len(n.buf)]}
		all = all[len(n.buf):]
	}
	return out
}

// graphLiteral writes the graph ns as a literal of pointer type t: the
// first object's, which holds pointers to the others' literals. It
// reports false when a pointer designates no object of the graph.
func graphLiteral(t ir.Type, ns []node) (ir.Literal, bool) {
	lits := make([]*ir.Literal, len(ns))
	for i := range lits {
		lits[i] = new(ir.Literal)
	}
	ok := true
	link := func(b []byte) *ir.Literal {
		x := binary.LittleEndian.Uint64(b)
		switch {
		case x == 0:
			return nil
		case x <= uint64(len(lits)):
			return lits[x-1]
		}
		ok = false
		return nil
	}
	for i, n := range ns {
		*lits[i] = decodeObject(n.t.t, n.t.it, n.buf, link)
	}
	return ir.Literal{T: t, Ref: lits[0]}, ok
}

// compact drops the objects the first one no longer leads to, the others
// keeping their order.
func compact(ns []node) []node {
	if len(ns) == 0 {
		return ns
	}
	seen := make([]bool, len(ns))
	seen[0] = true
	order := []int{0}
	for k := 0; k < len(order); k++ {
		n := ns[order[k]]
		for _, l := range n.t.links() {
			if x := getLink(n.buf, l); x > 0 && x <= uint64(len(ns)) && !seen[x-1] {
				seen[x-1] = true
				order = append(order, int(x-1))
			}
		}
	}
	if len(order) == len(ns) {
		return ns
	}
	slices.Sort(order)
	renum := map[uint64]uint64{}
	out := make([]node, 0, len(order))
	for _, i := range order {
		renum[uint64(i+1)] = uint64(len(out) + 1)
		out = append(out, ns[i])
	}
	for _, n := range out {
		for _, l := range n.t.links() {
			putLink(n.buf, l, renum[getLink(n.buf, l)])
		}
	}
	return out
}

// A chain is a list through an object's pointer to its own type (next),
// with a pointer back (prev) when the type has a second one, and the
// first one-byte integer as its character: a tape of characters.
type chain struct {
	next, prev leaf
	hasPrev    bool
	char       leaf
}

// chainOf returns the chain of objects of shape o, if it has one.
func chainOf(o *objectShape) (chain, bool) {
	var c chain
	self := 0
	hasChar := false
	for _, l := range o.leaves {
		switch {
		case l.target == o && self == 0:
			c.next, self = l, 1
		case l.target == o && self == 1:
			// the first pointer is prev when it is declared first
			// (PREV, NEXT): the list runs through the second
			c.prev, c.hasPrev, self = c.next, true, 2
			c.next = l
		case !l.ptr && !l.float && l.size == 1 && !hasChar:
			c.char, hasChar = l, true
		}
	}
	return c, self > 0 && hasChar
}

// chainText reads the characters of the chain from object i.
func chainText(ns []node, i int, c chain) (text []byte, objs []int) {
	if i < 0 || i >= len(ns) {
		return nil, nil
	}
	t, seen := ns[i].t, map[int]bool{}
	for i >= 0 && i < len(ns) && !seen[i] && ns[i].t == t {
		seen[i] = true
		objs = append(objs, i)
		text = append(text, byte(c.char.get(ns[i].buf)))
		i = int(getLink(ns[i].buf, c.next)) - 1
	}
	return text, objs
}

// setChain makes the chain from object i spell text: its objects reused
// in order, new ones copies of the last, the list ended by NULL.
func setChain(ns []node, i int, c chain, text []byte) []node {
	_, objs := chainText(ns, i, c)
	if len(text) == 0 {
		text = []byte{0}
	}
	for len(objs) < len(text) && len(ns) < maxNodes {
		n := node{t: ns[objs[len(objs)-1]].t, buf: slices.Clone(ns[objs[len(objs)-1]].buf)}
		ns = append(ns, n)
		objs = append(objs, len(ns)-1)
	}
	objs = objs[:min(len(objs), len(text))]
	for k, o := range objs {
		c.char.put(ns[o].buf, uint64(text[k]))
		next := uint64(0)
		if k+1 < len(objs) {
			next = uint64(objs[k+1] + 1)
		}
		putLink(ns[o].buf, c.next, next)
		if c.hasPrev && k > 0 {
			putLink(ns[o].buf, c.prev, uint64(objs[k-1]+1))
		}
	}
	return compact(ns)
}

// zeroGraph is the graph of one object of zeros.
func zeroGraph(o *objectShape) []node {
	return []node{newNode(o)}
}

// mutateGraph changes a graph: a scalar of one of its objects, where a
// pointer of one goes (NULL, a new object, another one of the graph), or
// the characters of a chain.
func (s *search) mutateGraph(v *value, p shape, k int) {
	if v.null || s.nulls[k] < nullCrashes && s.rng.IntN(24) == 0 {
		if v.null {
			*v = value{nodes: zeroGraph(p.obj)}
		} else {
			*v = value{null: true}
		}
		return
	}
	ns := v.nodes
	i := s.rng.IntN(len(ns))
	n := ns[i]
	c, isChain := chainOf(n.t)
	ls := n.t.links()
	switch r := s.rng.IntN(8); {
	case r < 3 && isChain:
		text, _ := chainText(ns, i, c)
		if s.rng.IntN(3) == 0 && len(s.strs) > 0 {
			text = slices.Clone(s.strs[s.rng.IntN(len(s.strs))])
		} else {
			text = s.mutateBytes(text, shape{kind: shapeBuf, bits: 8, signed: true, text: true})
		}
		ns = setChain(ns, i, c, text[:min(len(text), maxNodes)])
	case r < 5 && len(ls) > 0:
		l := ls[s.rng.IntN(len(ls))]
		var same []int
		for j, m := range ns {
			if m.t == l.target {
				same = append(same, j)
			}
		}
		switch q := s.rng.IntN(3); {
		case q == 0:
			putLink(n.buf, l, 0)
		case q == 1 && len(ns) < maxNodes:
			m := newNode(l.target)
			if len(same) > 0 {
				m.buf = slices.Clone(ns[same[s.rng.IntN(len(same))]].buf)
			}
			ns = append(ns, m)
			putLink(n.buf, l, uint64(len(ns)))
		case len(same) > 0:
			putLink(n.buf, l, uint64(same[s.rng.IntN(len(same))]+1))
		}
		ns = compact(ns)
	default:
		s.mutateObject(n.buf, n.t)
	}
	v.nodes = ns
}

// graphToState puts the other operand of a one-byte to eight-byte
// comparison where a scalar of an object of the graph holds one.
func graphToState(ns []node, a, b []byte) {
	for _, n := range ns {
		ptrs := map[int][]byte{}
		for _, l := range n.t.leaves {
			if l.ptr && l.off+l.size <= len(n.buf) {
				ptrs[l.off] = slices.Clone(n.buf[l.off : l.off+l.size])
			}
		}
		swapOperand(n.buf, a, b)
		for off, old := range ptrs {
			copy(n.buf[off:], old)
		}
	}
}

// graphSeeds are inputs of a graph beside zeros: its scalars 1, and,
// for a chain, each string of the body spelt along it.
func (s *search) graphSeeds(one []value, k int, p shape) [][]value {
	for _, l := range p.obj.scalars() {
		l.put(one[k].nodes[0].buf, 1)
	}
	var out [][]value
	root := p.obj
	i := 0
	if _, ok := chainOf(root); !ok {
		// a struct **: the chain starts at the struct it points to
		if ls := root.links(); len(ls) == 1 && ls[0].off == 0 && root.size == ls[0].size {
			if _, ok := chainOf(ls[0].target); ok {
				root, i = ls[0].target, 1
			}
		}
	}
	c, ok := chainOf(root)
	if !ok {
		return nil
	}
	for _, str := range s.strs {
		in := cloneInput(one)
		ns := in[k].nodes
		if i == 1 {
			ns = append(ns, newNode(root))
			putLink(ns[0].buf, p.obj.leaves[0], 2)
		}
		in[k].nodes = setChain(ns, i, c, str[:min(len(str), maxNodes)])
		out = append(out, in)
	}
	return out
}

// shrinkGraph makes the graph of parameter k smaller: each pointer NULL
// where the call does the same, then each scalar the plainest.
func (s *search) shrinkGraph(k int, e **entry, try func([]value) (bool, error)) error {
	for i := 0; i < len((*e).in[k].nodes); i++ {
		for _, l := range (*e).in[k].nodes[i].t.links() {
			if (*e).in[k].null || i >= len((*e).in[k].nodes) || getLink((*e).in[k].nodes[i].buf, l) == 0 {
				continue
			}
			in := cloneInput((*e).in)
			putLink(in[k].nodes[i].buf, l, 0)
			in[k].nodes = compact(in[k].nodes)
			if _, err := try(in); err != nil {
				return err
			}
		}
	}
	if (*e).in[k].null {
		return nil
	}
	for i := 0; i < len((*e).in[k].nodes); i++ {
		for _, l := range (*e).in[k].nodes[i].t.scalars() {
			for _, cand := range s.smaller(l.get((*e).in[k].nodes[i].buf), l.shape()) {
				in := cloneInput((*e).in)
				l.put(in[k].nodes[i].buf, cand)
				ok, err := try(in)
				if err != nil {
					return err
				}
				if ok {
					break
				}
			}
		}
	}
	return nil
}
