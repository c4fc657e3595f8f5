package solve

/*
#cgo LDFLAGS: -lz3
#include <stdbool.h>
#include <z3.h>

// pbcc_no_ctrl_c sets the solver parameter ctrl_c to false.
static void pbcc_no_ctrl_c(Z3_context c, Z3_solver s) {
	Z3_params p = Z3_mk_params(c);
	Z3_params_inc_ref(c, p);
	Z3_params_set_bool(c, p, Z3_mk_string_symbol(c, "ctrl_c"), false);
	Z3_solver_set_params(c, s, p);
	Z3_params_dec_ref(c, p);
}
*/
import "C"

import (
	"fmt"
	"unsafe"

	"github.com/aclements/go-z3/z3"
)

// Z3 (4.8 and later) installs, for the time of each Z3_solver_check, a
// SIGINT handler of its own that cancels the check, and afterwards puts
// the previous one back with signal(2), which drops the flags the Go
// runtime set it with (SA_ONSTACK, SA_SIGINFO). A Ctrl-C then either
// cancels one query and is otherwise lost, or, once a check has
// returned, makes the Go runtime die with "non-Go code set up signal
// handler without SA_ONSTACK flag" (issue 9). The solver parameter
// ctrl_c=false keeps Z3 away from SIGINT: the Go program handles it
// (os/signal) and interrupts the solver itself (Solver.Interrupt).
//
// go-z3 offers no way to set a solver's parameters, so noCtrlC reads
// the C handles out of its structures, whose layout is that of the
// version go.sum pins:
//
//	type Solver struct { *solverImpl; noEq }
//	type solverImpl struct { ctx *Context; c C.Z3_solver }
//	type Context struct { *contextImpl; ... }
//	type contextImpl struct { c C.Z3_context }
//
// The solver's context is checked against ctx, so that a change of
// layout is an error rather than a crash; TestSIGINTAfterCheck fails
// if the parameter is not in force.
type goZ3SolverImpl struct {
	ctx *z3.Context
	c   C.Z3_solver
}

type goZ3ContextImpl struct {
	c C.Z3_context
}

// noCtrlC sets ctrl_c=false on s, a solver of ctx.
func noCtrlC(ctx *z3.Context, s *z3.Solver) error {
	si := *(**goZ3SolverImpl)(unsafe.Pointer(s))
	if si == nil || si.ctx != ctx || si.c == nil {
		return fmt.Errorf("solve: go-z3's Solver is not laid out as pbcc expects: cannot keep Z3 off SIGINT")
	}
	ci := *(**goZ3ContextImpl)(unsafe.Pointer(ctx))
	if ci == nil || ci.c == nil {
		return fmt.Errorf("solve: go-z3's Context is not laid out as pbcc expects: cannot keep Z3 off SIGINT")
	}
	C.pbcc_no_ctrl_c(ci.c, si.c)
	return nil
}

// noZ3CtrlC is false only in the test that shows what happens without.
var noZ3CtrlC = true
