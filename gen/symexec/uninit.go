package symexec

import (
	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/term"
)

// Memory from malloc (not calloc) is indeterminate until written, and C
// makes reading it undefined. An array of scalars from malloc has a
// shadow in the state's memory, under the negated object number: an
// array of booleans, true for the elements written. A Store sets the
// element's flag, a Load checks it (ir.CheckUninit). Keeping the shadow
// among the objects lets it be cloned and merged (libraryCall) with them.
// Arrays of structs are not tracked: they read as zeros.

// trackedElem reports whether t is a type whose malloc'd elements are
// tracked: an integer, a float or a pointer.
func trackedElem(t ir.Type) bool {
	switch t.(type) {
	case ir.Int, ir.Float, ir.Pointer:
		return true
	}
	return false
}

// initialized returns the condition that the element p designates has
// been written, when some target of p is a tracked malloc'd array; nil
// otherwise.
func initialized(st *state, p *pointer) *term.Term {
	var conds []*term.Term
	tracked := false
	for _, t := range p.targets {
		sh, ok := st.mem[-t.obj]
		if !ok || len(t.path) != 1 {
			continue
		}
		tracked = true
		conds = append(conds, term.Or(term.Not(t.guard), load(sh, t.path).t))
	}
	if !tracked {
		return nil
	}
	return term.And(conds...)
}
