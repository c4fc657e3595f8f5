package symexec

import (
	"fmt"
	"sort"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/term"
)

// Library functions written in the IR (ir.Func.Library: C's strlen,
// memcpy, strcpy, as the C front end lowers them from plain C) run their
// own code, so their undefined behaviours (reading past the end of an
// unterminated buffer, writing past the end of the destination) are
// checks like the unit's own. A failure inside one is the caller's: it
// is reported, and searched by FaultPBCC, at the call that entered the
// library from the function under test.
//
// Run executes a library call as any call. The trees do not: expanding
// the paths of strcmp(w, "print") into the caller's would multiply the
// caller's paths by the callee's at each call, and a unit calling strcmp
// four times would need a tree of thousands of paths. libraryCall runs
// the call apart instead, walking every path of the callee, and merges
// them where it returns: the result and the memory become if-then-else
// terms over the paths' conditions, and the caller goes on as one path
// under the condition that some path of the callee returned.

// libraryLimit bounds the visits per block of a library function where
// the path does not branch: its loops (memset's over a local buffer)
// stop at the end of the objects they walk. Where the path branches on a
// symbolic condition (strlen of an input string), a library loop
// iterates at most as many times as an input buffer may be long, plus its
// terminator: iterating it only k+1 times would hide from the tree every
// goal behind a longer string (strcmp(w, "print") needs 6 iterations).
const libraryLimit = 1 << 12

// limitIn returns the visits allowed per block of the top frame of st,
// when the path branches there or not.
func (b *builder) limitIn(st *state, branching bool) int {
	if !st.top().fn.Library {
		return b.limit
	}
	if branching {
		return max(b.limit, st.lenBound()+2)
	}
	return max(b.limit, libraryLimit)
}

// librarySite returns the instruction a failing check of instr is
// reported at: instr itself, or, when instr is inside a library
// function, the call of the outermost library frame on the stack.
func librarySite(st *state, instr ir.Instr) ir.Instr {
	if instr == nil || instr.Block() == nil || !instr.Block().Func.Library {
		return instr
	}
	for _, fr := range st.frames {
		if fr.fn.Library && fr.call != nil {
			return fr.call
		}
	}
	return instr
}

// exitText returns how a test names the end of a run at an exiting
// ir.Panic: "exit(1)", or "abort()".
func exitText(fr *frame, p *ir.Panic) string {
	if p.X == nil {
		return "abort()"
	}
	return fmt.Sprintf("exit(%s)", panicText(fr, p))
}

// pointerDiff returns x - y for C pointers (ir.NewPtrDiff), in elements,
// and the condition under which it is defined: both designate elements
// of the same array object (the same object and the same path but for the
// last index; one past the end included, as PtrAdd allows).
func pointerDiff(x, y *pointer) (v, ok *term.Term) {
	v, ok = term.BV(0, 64), term.False
	if x == nil || y == nil {
		return v, ok
	}
	for _, a := range x.targets {
		for _, b := range y.targets {
			if a.obj != b.obj || len(a.path) == 0 || len(a.path) != len(b.path) {
				continue
			}
			same := term.And(a.guard, b.guard)
			for k := 0; k < len(a.path)-1; k++ {
				same = term.And(same, term.Eq(a.path[k], b.path[k]))
			}
			v = term.Ite(same, term.Sub(a.path[len(a.path)-1], b.path[len(b.path)-1]), v)
			ok = term.Or(ok, same)
		}
	}
	return v, ok
}

// A libLeaf is one path through a library call: its condition and its
// state where the library function returned.
type libLeaf struct {
	cond *term.Term
	st   *state
}

// libraryCall runs call, of a library function on args, from st as one
// step: it walks the callee's paths apart (libWalk), sets the call's
// result and the memory in st to their merge, and returns the checks of
// the call: that no path of the callee fails a run-time check (reported
// as an index out of range; the replay names the real kind), and that
// some path returns within the bounds.
func (b *builder) libraryCall(st *state, call *ir.Call, args []value) []check {
	sub := st.clone()
	sub.push(call.Callee, args, call)
	saved := b.libDepth
	b.libDepth = len(sub.frames)
	var leaves []libLeaf
	var faults []*term.Term
	b.libWalk(sub, term.True, &leaves, &faults)
	b.libDepth = saved

	var checks []check
	if f := term.Or(faults...); !f.IsFalse() {
		checks = append(checks, check{cond: term.Not(f), kind: ir.CheckIndex, instr: call})
	}
	var oks []*term.Term
	for _, l := range leaves {
		oks = append(oks, l.cond)
	}
	checks = append(checks, check{cond: term.Or(oks...), kind: ir.NoCheck, instr: call})
	if len(leaves) == 0 {
		return checks
	}
	last := leaves[len(leaves)-1]
	if len(call.Callee.Results) > 0 {
		r, _ := last.st.top().get(call)
		for i := len(leaves) - 2; i >= 0; i-- {
			ri, _ := leaves[i].st.top().get(call)
			r = ite(leaves[i].cond, ri, r)
		}
		st.top().set(call, r)
	}
	// The objects that existed at the call (the callee's own cells are
	// dead once it returns), in a fixed order.
	var objs []int
	for obj := range st.mem {
		objs = append(objs, obj)
	}
	sort.Ints(objs)
	for _, obj := range objs {
		v := last.st.mem[obj]
		for i := len(leaves) - 2; i >= 0; i-- {
			if w := leaves[i].st.mem[obj]; !sameValue(w, v) {
				v = ite(leaves[i].cond, w, v)
			}
		}
		if !sameValue(v, st.mem[obj]) {
			st.mem[obj] = v
		}
	}
	return checks
}

// libWalk walks the paths of the library call running in st, under
// condition cond, collecting those that return (leaves) and the
// conditions under which a run-time check fails (faults). Its loops are
// bounded by limitIn.
func (b *builder) libWalk(st *state, cond *term.Term, leaves *[]libLeaf, faults *[]*term.Term) {
	if b.max > 0 && b.steps > b.max {
		panic(fmt.Errorf("%w (more than %d blocks)", ErrTooLarge, b.max))
	}
	ev, checks := b.advance(st)
	for j, c := range checks {
		if c.kind == ir.NoCheck {
			continue
		}
		f := term.And(append([]*term.Term{cond, term.Not(c.cond)}, conds(checks[:j])...)...)
		if !f.IsFalse() {
			*faults = append(*faults, f)
		}
	}
	cond = term.And(append([]*term.Term{cond}, conds(checks)...)...)
	if cond.IsFalse() {
		return
	}
	switch ev {
	case libReturned:
		*leaves = append(*leaves, libLeaf{cond, st})
	case cut:
		b.cut = true
	case atBranch:
		fr := st.top()
		blk := fr.block
		cs := branches(fr)
		var alts []int
		for i, c := range cs {
			if !c.IsFalse() {
				alts = append(alts, i)
			}
		}
		for n, i := range alts {
			next := st
			if n != len(alts)-1 {
				next = st.clone()
			}
			succ := blk.Succs[i]
			if next.top().visited(succ) >= b.limitIn(next, len(alts) > 1) && !next.top().entersLoop(blk, succ) {
				b.cut = true
				continue
			}
			next.enter(blk, succ)
			b.steps++
			b.libWalk(next, term.And(cond, cs[i]), leaves, faults)
		}
	case atCall:
		panic(unsupported("a call of a function value in library function %s", st.top().fn.Name))
	}
	// returned, panicked, fault: no library path ends so.
}

// sameValue reports whether x and y are the same value by construction
// (they share their terms), so that merging them is needless.
func sameValue(x, y value) bool {
	if x.t != y.t || x.ptr != y.ptr || x.n != y.n || x.c != y.c || x.msg != y.msg ||
		len(x.elems) != len(y.elems) || len(x.fn) != 0 || len(y.fn) != 0 || x.alts != nil || y.alts != nil {
		return false
	}
	if len(x.elems) > 0 && &x.elems[0] == &y.elems[0] {
		// One slice (values are immutable): the objects a library call
		// did not write, print_tokens' tables of hundreds of entries
		// among them, compared element by element after each call.
		return true
	}
	for i := range x.elems {
		if !sameValue(x.elems[i], y.elems[i]) {
			return false
		}
	}
	return true
}
