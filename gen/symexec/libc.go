package symexec

import (
	"fmt"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/term"
)

// Library functions written in the IR (ir.Func.Library: C's strlen,
// memcpy, strcpy, as the C front end lowers them from plain C) run like
// any callee, so their undefined behaviours (reading past the end of an
// unterminated buffer, writing past the end of the destination) are
// checks like the unit's own. A failure inside one is the caller's: it
// is reported, and searched by FaultPBCC, at the call that entered the
// library from the function under test.

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
