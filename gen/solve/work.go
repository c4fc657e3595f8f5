package solve

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"os"
	"sync"
	"time"

	"github.com/pbcc/pbcc/gen/term"
)

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
