package symexec

import (
	"sync"

	"github.com/pbcc/pbcc/gen/ir"
)

// loops describes the natural loops of a function: for each loop header,
// the blocks of its body (the header included).
type loops struct {
	body map[*ir.Block]map[*ir.Block]bool
}

var loopCache sync.Map // *ir.Func -> *loops

// loopsOf returns the natural loops of f, computed once.
func loopsOf(f *ir.Func) *loops {
	if l, ok := loopCache.Load(f); ok {
		return l.(*loops)
	}
	l := findLoops(f)
	loopCache.Store(f, l)
	return l
}

// findLoops finds the back edges b→h (h dominates b) and, for each
// header h, the blocks that reach a back edge's source without passing h.
// Irreducible cycles have no header and are left out: their blocks keep a
// single visit count, as in the papers.
func findLoops(f *ir.Func) *loops {
	dom := dominators(f)
	l := &loops{body: map[*ir.Block]map[*ir.Block]bool{}}
	for _, b := range f.Blocks {
		for _, h := range b.Succs {
			if !dom[b][h.Index] {
				continue
			}
			body := l.body[h]
			if body == nil {
				body = map[*ir.Block]bool{h: true}
				l.body[h] = body
			}
			work := []*ir.Block{b}
			for len(work) > 0 {
				x := work[len(work)-1]
				work = work[:len(work)-1]
				if body[x] {
					continue
				}
				body[x] = true
				work = append(work, x.Preds...)
			}
		}
	}
	return l
}

// dominators returns, for each block, the set of blocks dominating it (by
// index), by the iterative data-flow algorithm; blocks unreachable from
// the entry are dominated by every block.
func dominators(f *ir.Func) map[*ir.Block][]bool {
	n := len(f.Blocks)
	dom := make(map[*ir.Block][]bool, n)
	for i, b := range f.Blocks {
		d := make([]bool, n)
		if i == 0 {
			d[0] = true
		} else {
			for j := range d {
				d[j] = true
			}
		}
		dom[b] = d
	}
	for changed := true; changed; {
		changed = false
		for _, b := range f.Blocks[1:] {
			nd := make([]bool, n)
			for j := range nd {
				nd[j] = len(b.Preds) > 0
			}
			for _, p := range b.Preds {
				for j := range nd {
					nd[j] = nd[j] && dom[p][j]
				}
			}
			nd[b.Index] = true
			for j := range nd {
				if nd[j] != dom[b][j] {
					dom[b] = nd
					changed = true
					break
				}
			}
		}
	}
	return dom
}

// enterLoop resets the visit counts of the loop headed by b when control
// enters it from outside, so that the bound k limits the iterations of
// each loop per entry: a loop nested in another may run k+1 times in each
// iteration of the outer one.
func (fr *frame) enterLoop(from, b *ir.Block) {
	body := loopsOf(fr.fn).body[b]
	if body == nil || body[from] {
		return // not a header, or a back edge
	}
	for x := range body {
		fr.forget(x)
	}
}

// entersLoop reports whether the edge from→b enters, from outside, the
// loop headed by b (whose visit counts it will reset).
func (fr *frame) entersLoop(from, b *ir.Block) bool {
	body := loopsOf(fr.fn).body[b]
	return body != nil && !body[from]
}
