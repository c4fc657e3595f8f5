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

import "runtime"

// Close deletes the Z3 context now. go-z3 deletes a context only from a
// finalizer, which runs after the finalizers of all its values, so two
// garbage collections after the last of them is dropped; a collection
// is rare, since the Go heap does not count Z3's memory, and each
// context holds some 17 MB that Z3 writes when it makes one. A search
// that made a context per function then spent a third of its time (and
// half its memory) on contexts waiting to be deleted; with Close the
// next context reuses the memory of the last.
//
// Neither the context nor any value made in it may be used after Close;
// their finalizers then do nothing. Close may be called more than once.
func (ctx *Context) Close() {
	ctx.lock.Lock()
	defer ctx.lock.Unlock()
	if ctx.closed {
		return
	}
	ctx.closed = true
	runtime.SetFinalizer(ctx.contextImpl, nil)
	C.Z3_del_context(ctx.c)
}

// release runs f, which gives back a value's reference, unless the
// context was closed, which freed the value with it.
func (ctx *Context) release(f func()) {
	ctx.lock.Lock()
	defer ctx.lock.Unlock()
	if !ctx.closed {
		f()
	}
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
