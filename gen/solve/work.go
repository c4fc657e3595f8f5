package solve

/*
#cgo LDFLAGS: -lz3
#include <string.h>
#include <z3.h>

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
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"os"
	"sync"
	"time"
	"unsafe"

	"github.com/aclements/go-z3/z3"
	"github.com/pbcc/pbcc/gen/term"
)

// rlimitCount returns the Z3 resource units counted in the context of s
// so far (cumulative, over every check of the context), or false when
// go-z3's structures are not laid out as noCtrlC expects.
//
// Resource units measure work, not time: the same check in the same
// context counts the same units on an idle machine as on a loaded one,
// so a budget of units gives the same answers under any load.
func rlimitCount(ctx *z3.Context, s *z3.Solver) (uint64, bool) {
	si := *(**goZ3SolverImpl)(unsafe.Pointer(s))
	if si == nil || si.ctx != ctx || si.c == nil {
		return 0, false
	}
	ci := *(**goZ3ContextImpl)(unsafe.Pointer(ctx))
	if ci == nil || ci.c == nil {
		return 0, false
	}
	return uint64(C.pbcc_rlimit_count(ci.c, si.c)), true
}

// A queryLog appends a line per check to the file PBCC_SOLVE_LOG names,
// for sizing the Limits (bench/README.md): the units it used, the
// resource limit in force (0: none), its seconds (with the assertion),
// its answer, a hash of the formula (two runs that differ: the first
// check that differs) and the terms translated.
type queryLog struct {
	mu sync.Mutex
	f  *os.File
}

// logQueries is the log of every Solver, nil unless PBCC_SOLVE_LOG is set.
var logQueries = openQueryLog(os.Getenv("PBCC_SOLVE_LOG"))

func openQueryLog(path string) *queryLog {
	if path == "" {
		return nil
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		fmt.Fprintf(os.Stderr, "pbcc: PBCC_SOLVE_LOG: %v\n", err)
		return nil
	}
	return &queryLog{f: f}
}

// LogSearch ends the log of a function's checks (PBCC_SOLVE_LOG) with
// a line "# NAME units steps seconds": the units of its checks, the
// steps of its search (gen.Options.Meter) and its time.
func (s *Solver) LogSearch(name string, steps int64, d time.Duration) {
	if s.log == nil {
		return
	}
	s.log.mu.Lock()
	defer s.log.mu.Unlock()
	fmt.Fprintf(s.log.f, "# %s %d %d %.3f\n", name, s.Work, steps, d.Seconds())
}

// LogStage adds a line "## NAME STAGE units steps seconds cases" to the
// log of checks (PBCC_SOLVE_LOG) when a stage of a function's search
// ends: the units its checks used, the steps it charged to the meter,
// its time and the cases it added, for finding the stages that spend
// the work and cover nothing.
func (s *Solver) LogStage(name, stage string, units uint64, steps int64, d time.Duration, cases int) {
	if s == nil || s.log == nil {
		return
	}
	s.log.mu.Lock()
	defer s.log.mu.Unlock()
	fmt.Fprintf(s.log.f, "## %s %s %d %d %.3f %d\n", name, stage, units, steps, d.Seconds(), cases)
}

func (l *queryLog) add(f *term.Term, units uint64, limit uint, d time.Duration, status string, nodes int) {
	h := termHash(f, map[*term.Term]uint64{})
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(l.f, "%d %d %.6f %s %016x %d\n", units, limit, d.Seconds(), status, h, nodes)
}

// termHash hashes t's structure, each shared subterm once (memo): the
// text of a formula whose subterms are shared (f.String) grows with the
// paths through it, and printing it took half of print_tokens'
// numeric_case's run.
func termHash(t *term.Term, memo map[*term.Term]uint64) uint64 {
	if h, ok := memo[t]; ok {
		return h
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%d %d %d %d %q", t.Op, t.Bits, t.Val, t.Lo, t.Name)
	var b [8]byte
	for _, a := range t.Args {
		binary.LittleEndian.PutUint64(b[:], termHash(a, memo))
		h.Write(b[:])
	}
	memo[t] = h.Sum64()
	return memo[t]
}
