package symexec

import (
	"fmt"

	"github.com/pbcc/pbcc/gen/ir"
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
