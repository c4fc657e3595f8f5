// What pbcc adds to go-z3 (see the package doc, package.go): an explicit end to a context's
// life, and the two solver settings pbcc needs that go-z3 does not offer.

package z3

/*
#include <string.h>
#include <z3.h>

// pbcc_no_ctrl_c sets the solver parameter ctrl_c to false.
static void pbcc_no_ctrl_c(Z3_context c, Z3_solver s) {
	Z3_params p = Z3_mk_params(c);
	Z3_params_inc_ref(c, p);
	Z3_params_set_bool(c, p, Z3_mk_string_symbol(c, "ctrl_c"), false);
	Z3_solver_set_params(c, s, p);
	Z3_params_dec_ref(c, p);
}

// pbcc_rlimit_count returns the resource units Z3 has counted in the
// context of s so far (the statistic "rlimit count"), 0 if it has none.
static unsigned long long pbcc_rlimit_count(Z3_context c, Z3_solver s) {
	Z3_stats st = Z3_solver_get_statistics(c, s);
	Z3_stats_inc_ref(c, st);
	unsigned long long n = 0;
	unsigned size = Z3_stats_size(c, st);
	for (unsigned i = 0; i < size; i++) {
		if (strcmp(Z3_stats_get_key(c, st, i), "rlimit count") != 0) {
			continue;
		}
		if (Z3_stats_is_uint(c, st, i)) {
			n = Z3_stats_get_uint_value(c, st, i);
		} else {
			n = (unsigned long long)Z3_stats_get_double_value(c, st, i);
		}
		break;
	}
	Z3_stats_dec_ref(c, st);
	return n;
}
*/
import "C"

import (
	"runtime"
	"unsafe"
)

// Close deletes the Z3 context now. go-z3 deletes a context only from a
// finalizer, which runs after the finalizers of all its values, so two
// garbage collections after the last of them is dropped; a collection
// is rare, since the Go heap does not count Z3's memory, and each
// context holds some 17 MB that Z3 writes when it makes one. A search
// that made a context per function then spent a third of its time (and
// half its memory) on contexts waiting to be deleted; with Close the
// next context reuses the memory of the last.
//
// The values made in a context keep their references until Close, which
// gives them all back, solvers and models before terms, and then deletes
// the context. go-z3 gave each value a finalizer to give its reference
// back; pbcc's solver keeps every value it makes until it closes the
// context anyway (its translations, its models), so the finalizers freed
// next to nothing, and the collector's work on them (runtime specials)
// was a tenth of the CPU of a C search (replace). Giving the references
// back matters: Z3 frees the terms nobody references as their counts
// reach zero, in time linear in their number, but the ones still
// referenced when the context is deleted a layer of roots at a time,
// scanning all of them for each layer, in time quadratic in the depth
// of the terms (the Siemens schedule's finish_process: 3 s of its 10).
//
// Neither the context nor any value made in it may be used after Close.
// Close may be called more than once. A context dropped without Close is
// deleted by its finalizer, after the last of its values is dropped.
func (ctx *Context) Close() {
	ctx.lock.Lock()
	defer ctx.lock.Unlock()
	if ctx.closed {
		return
	}
	ctx.closed = true
	runtime.SetFinalizer(ctx.contextImpl, nil)
	ctx.live.releaseAll(ctx.c)
	C.Z3_del_context(ctx.c)
}

// A refKind says which Z3 call gives a reference back.
type refKind uint8

const (
	refSolver refKind = iota // Z3_solver_dec_ref
	refModel                 // Z3_model_dec_ref
	refAST                   // Z3_dec_ref (terms, sorts, declarations)
)

// liveRefs are the references the values made in a context hold, in
// the order they were taken; the context's lock guards them.
type liveRefs struct {
	refs []liveRef
}

type liveRef struct {
	kind refKind
	p    unsafe.Pointer
}

// add records a reference just taken.
func (l *liveRefs) add(kind refKind, p unsafe.Pointer) {
	l.refs = append(l.refs, liveRef{kind, p})
}

// releaseAll gives back every reference, by kind, then in the order they
// were taken (the order Z3 frees memory in stays the same from run to
// run).
func (l *liveRefs) releaseAll(c C.Z3_context) {
	for _, kind := range []refKind{refSolver, refModel, refAST} {
		for _, r := range l.refs {
			if r.kind != kind {
				continue
			}
			switch kind {
			case refSolver:
				C.Z3_solver_dec_ref(c, C.Z3_solver(r.p))
			case refModel:
				C.Z3_model_dec_ref(c, C.Z3_model(r.p))
			default:
				C.Z3_dec_ref(c, C.Z3_ast(r.p))
			}
		}
	}
	l.refs = nil
}

// NoCtrlC keeps s's checks away from SIGINT (the solver parameter
// ctrl_c=false). Z3 (4.8 and later) installs, for the time of each
// check, a SIGINT handler of its own, and afterwards puts the previous
// one back with signal(2), which drops the flags the Go runtime set it
// with (SA_ONSTACK, SA_SIGINFO): a Ctrl-C then either cancels one check
// and is otherwise lost, or makes the Go runtime die with "non-Go code
// set up signal handler without SA_ONSTACK flag". Without it, the Go
// program handles SIGINT and interrupts the context itself.
func (s *Solver) NoCtrlC() {
	s.ctx.do(func() {
		C.pbcc_no_ctrl_c(s.ctx.c, s.c)
	})
	runtime.KeepAlive(s)
}

// RlimitCount returns the resource units Z3 has counted in the context
// of s so far, over every check (the statistic "rlimit count"). Units
// measure work, not time: the same check in the same context counts the
// same units on an idle machine as on a loaded one.
func (s *Solver) RlimitCount() uint64 {
	var n C.ulonglong
	s.ctx.do(func() {
		n = C.pbcc_rlimit_count(s.ctx.c, s.c)
	})
	runtime.KeepAlive(s)
	return uint64(n)
}
