package symexec

import (
	"sync"

	"github.com/pbcc/pbcc/gen/ir"
)

// A layout places in slices what a frame of a function keeps: the values
// it binds (its free variables, parameters and instructions' values) and
// the visits of its blocks. A frame was maps (value → value, block →
// count): a replay makes a frame per call, and the maps' tables, made at
// the function's size, were most of print_tokens' get_token replays'
// allocations, and every branch of a tree copied them. With the slots
// known per function, a frame is two slices, read by index.
type layout struct {
	fn *ir.Func
	// slots holds the slot of each free variable and parameter, and of
	// every value when the instructions' IDs (Func.Renumber) cannot say
	// it (not numbered 0..n-1 without a gap or a repeat).
	slots map[ir.Value]int
	// byID: an instruction's value is at base + its ID.
	byID bool
	base int
	n    int // slots in all
	// blocksByIndex: f.Blocks[i].Index == i, so a block's visits are at
	// its Index; otherwise blockSlots says where.
	blocksByIndex bool
	blockSlots    map[*ir.Block]int
}

// layouts caches layoutOf, per function.
var layouts sync.Map // *ir.Func → *layout

// layoutOf returns the layout of f's frames.
func layoutOf(f *ir.Func) *layout {
	if l, ok := layouts.Load(f); ok {
		return l.(*layout)
	}
	l := &layout{fn: f, slots: map[ir.Value]int{}}
	for _, p := range f.FreeVars {
		l.slots[p] = len(l.slots)
	}
	for _, p := range f.Params {
		l.slots[p] = len(l.slots)
	}
	l.base = len(l.slots)
	var vals []ir.Value
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if v, ok := in.(ir.Value); ok {
				vals = append(vals, v)
			}
		}
	}
	l.byID = true
	seen := make([]bool, len(vals))
	for _, v := range vals {
		n, ok := v.(interface{ ID() int })
		if !ok || n.ID() < 0 || n.ID() >= len(vals) || seen[n.ID()] {
			l.byID = false
			break
		}
		seen[n.ID()] = true
	}
	if !l.byID {
		for _, v := range vals {
			if _, ok := l.slots[v]; !ok {
				l.slots[v] = len(l.slots)
			}
		}
	}
	l.n = l.base + len(vals)
	if len(l.slots) > l.n {
		l.n = len(l.slots)
	}
	l.blocksByIndex = true
	for i, b := range f.Blocks {
		if b.Index != i {
			l.blocksByIndex = false
		}
	}
	if !l.blocksByIndex {
		l.blockSlots = map[*ir.Block]int{}
		for i, b := range f.Blocks {
			l.blockSlots[b] = i
		}
	}
	actual, _ := layouts.LoadOrStore(f, l)
	return actual.(*layout)
}

// numbered is an instruction's value, which knows its block and ID.
type numbered interface {
	ID() int
	Block() *ir.Block
}

// slot returns where v is kept, or -1 when the layout has no place for
// it (the frame keeps it aside, in frame.extra): a value of another
// function does not take the slot of one of the frame's.
func (l *layout) slot(v ir.Value) int {
	if l.byID {
		if n, ok := v.(numbered); ok {
			if b := n.Block(); b != nil && b.Func == l.fn {
				return l.base + n.ID()
			}
		}
	}
	if i, ok := l.slots[v]; ok {
		return i
	}
	return -1
}

// blockSlot returns where the visits of b are counted, or -1 for a block
// of another function.
func (l *layout) blockSlot(b *ir.Block, f *ir.Func) int {
	if b.Func != nil && b.Func != f {
		return -1
	}
	if l.blocksByIndex {
		return b.Index
	}
	if i, ok := l.blockSlots[b]; ok {
		return i
	}
	return -1
}

// newFrame returns the frame of a call of f, with nothing bound.
func newFrame(f *ir.Func) *frame {
	l := layoutOf(f)
	return &frame{fn: f, lay: l, env: make([]value, l.n), bound: make([]bool, l.n), visits: make([]int, len(f.Blocks))}
}

// get returns the value bound to v and whether there is one.
func (fr *frame) get(v ir.Value) (value, bool) {
	if i := fr.lay.slot(v); i >= 0 && i < len(fr.env) {
		return fr.env[i], fr.bound[i]
	}
	x, ok := fr.extra[v]
	return x, ok
}

// set binds v to x.
func (fr *frame) set(v ir.Value, x value) {
	if i := fr.lay.slot(v); i >= 0 && i < len(fr.env) {
		fr.env[i], fr.bound[i] = x, true
		return
	}
	if fr.extra == nil {
		fr.extra = map[ir.Value]value{}
	}
	fr.extra[v] = x
}

// visited returns how many times b was entered in the frame.
func (fr *frame) visited(b *ir.Block) int {
	if i := fr.lay.blockSlot(b, fr.fn); i >= 0 {
		return fr.visits[i]
	}
	return 0
}

// visit counts an entry into b.
func (fr *frame) visit(b *ir.Block) {
	if i := fr.lay.blockSlot(b, fr.fn); i >= 0 {
		fr.visits[i]++
	}
}

// forget sets the visits of b back to 0.
func (fr *frame) forget(b *ir.Block) {
	if i := fr.lay.blockSlot(b, fr.fn); i >= 0 {
		fr.visits[i] = 0
	}
}

// copyFrame returns a copy of fr that changes independently: values are
// immutable, so the slices are copied shallowly.
func copyFrame(fr *frame) *frame {
	nf := *fr
	nf.env = append([]value(nil), fr.env...)
	nf.bound = append([]bool(nil), fr.bound...)
	nf.visits = append([]int(nil), fr.visits...)
	if fr.extra != nil {
		nf.extra = copyMap(fr.extra)
	}
	return &nf
}
