package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/ssaexec"
	"github.com/pbcc/pbcc/ssaexec/oracle"
)

// afterSearch, when set (by tests only), sees the search's results
// before they are replayed on the real code: a test breaks the model's
// expected values there to show that the real run corrects them.
var afterSearch func([]*funcResult)

// afterReplay, when set (by tests only), sees the results once the real
// run has corrected them: a test breaks them there to show that a case
// failing on the real code is never written.
var afterReplay func([]*funcResult)

// beforeMeasure, when set (by tests only), gives the context the
// measurement runs in, from the run's: a test ends it there to show what
// a run whose budget ends during the measurement says, whatever the time
// the steps before took.
var beforeMeasure func(context.Context) context.Context

// compileOracle builds the binary of the oracle's runs on p's real code
// (oracle.Compile): the replay of the cases of results, and the search of
// the functions of skipped and results, those the replay leaves to it
// (explore).
func compileOracle(ctx context.Context, cfg *genConfig, p *ssaexec.Package, skipped []*ssaexec.Skipped, results []*funcResult) *oracle.Binary {
	var targets []oracle.Target
	for _, s := range skipped {
		targets = append(targets, oracle.Target{Func: s.IR})
	}
	for _, fr := range results {
		if fr.err == nil && fr.r != nil {
			targets = append(targets, oracle.Target{Func: fr.r.Func})
		}
	}
	// The search of a function with cases starts from them.
	// The search's process has a memory bound of its own, within the
	// run's ceiling (-mem).
	opts := oracle.DefaultExplore
	if cfg.mem > 0 {
		opts.Memory = min(opts.Memory, cfg.mem)
	}
	return oracle.Compile(ctx, p.Dir, p.Name, casesByFile(results), targets, opts)
}

// casesByFile returns the results of results that have cases, by file,
// in the order of the files' names.
func casesByFile(results []*funcResult) []oracle.File {
	byFile := map[string][]*gen.Result{}
	for _, fr := range results {
		if fr.err == nil && fr.r != nil && len(fr.r.Cases) > 0 {
			byFile[fr.file] = append(byFile[fr.file], fr.r)
		}
	}
	var files []oracle.File
	for _, f := range slices.Sorted(maps.Keys(byFile)) {
		files = append(files, oracle.File{Src: f, Results: byFile[f]})
	}
	return files
}

// replayReal runs the cases of p's results on the package compiled by the
// Go toolchain (b) and makes the real outputs, panics and pointees their
// expected values (ssaexec/oracle). A result whose cases could not be run
// keeps the model's values; the error says why, on stderr.
func replayReal(ctx context.Context, b *oracle.Binary, p *ssaexec.Package, results []*funcResult, stderr io.Writer) {
	cases := false
	for _, fr := range results {
		if fr.err != nil || fr.r == nil {
			continue
		}
		fr.verdict = &oracle.Verdict{}
		cases = cases || len(fr.r.Cases) > 0
	}
	if !cases {
		return
	}
	verdicts, err := b.Run(ctx)
	if err != nil {
		fmt.Fprintf(stderr, "pbcc: %s: the cases could not all be run on the real code; those kept pbcc's own expected values: %v\n", rel(p.Dir), err)
	}
	for _, fr := range results { // in source order, so that stderr is the same from run to run
		v := verdicts[fr.r]
		if fr.err != nil || v == nil {
			continue
		}
		fr.verdict = v
		for _, m := range v.Mismatches {
			fmt.Fprintf(stderr, "pbcc: %s: %s: the real code disagrees with pbcc's model, the real run is kept: %s\n", rel(fr.file), shortName(fr.r.Func), m)
		}
		for _, c := range v.Unstable {
			fmt.Fprintf(stderr, "pbcc: %s: %s: case %s left out: its outcome on the real code varies from run to run (the order a map is ranged over?), a test of it would be flaky\n", rel(fr.file), shortName(fr.r.Func), c)
		}
		for _, c := range v.Stopped {
			fmt.Fprintf(stderr, "pbcc: %s: %s: case %s left out: on the real code its call acts on the machine (runs a program, uses the network) or writes outside its directory, which pbcc does not let it do\n", rel(fr.file), shortName(fr.r.Func), c)
		}
		for _, c := range v.Hung {
			fmt.Fprintf(stderr, "pbcc: %s: %s: case %s left out: its call does not return on the real code (a loop without exit?)\n", rel(fr.file), shortName(fr.r.Func), c)
		}
	}
}

// explore searches on the real code (b.Explore, on the binary
// compileOracle built) the functions of skipped (of p, selected,
// changed) whose bodies pbcc's model cannot express (ssaexec.Skipped), so
// that they get tests too, and the functions of results whose search
// left branches undecided, for inputs that reach
// what their cases do not. It returns the results of the former; the
// latter gain cases in place.
func explore(ctx context.Context, cfg *genConfig, b *oracle.Binary, p *ssaexec.Package, skipped []*ssaexec.Skipped, results []*funcResult, stderr io.Writer) []*funcResult {
	var targets []oracle.Target
	for _, s := range skipped {
		targets = append(targets, oracle.Target{Func: s.IR})
	}
	var partial []*funcResult
	for _, fr := range results {
		// The sites a function's cases reach are known when the package
		// could be instrumented (Hits); a function without cases (its
		// search ran out of time) has none to know. A function whose
		// branches are all decided is searched for the boundaries of its
		// comparisons its cases miss (oracle.Explore).
		// A function whose model search found no case at all (its budget
		// ended in a replay or a tree too large, or, without a branch,
		// before its one path was solved: Masterminds/semver's
		// Constraints.MarshalText) is searched from generated inputs, as a
		// skipped one.
		if fr.err != nil || fr.r == nil {
			continue
		}
		none := len(fr.r.Cases) == 0
		if !none && (fr.verdict == nil || fr.verdict.Hits == nil) {
			continue
		}
		if fr.verdict == nil {
			fr.verdict = &oracle.Verdict{}
		}
		targets = append(targets, oracle.Target{Func: fr.r.Func, Covered: fr.verdict.Hits})
		partial = append(partial, fr)
	}
	if len(targets) == 0 {
		return nil
	}
	// The search on the real code takes at most half of what is left of
	// the run, shared out between the functions: the tests must still
	// be checked, written and measured.
	budget := oracle.DefaultExplore.Budget
	ectx := ctx
	if dl, ok := ctx.Deadline(); ok {
		half := time.Until(dl) / 2
		var cancel context.CancelFunc
		ectx, cancel = context.WithTimeout(ctx, half)
		defer cancel()
		budget = min(budget, max(half/time.Duration(len(targets)+1), 100*time.Millisecond))
	}
	ex, err := b.Explore(ectx, targets, budget)
	if err != nil {
		fmt.Fprintf(stderr, "pbcc: %s: the search on the real code: %v\n", rel(p.Dir), relErr(err))
	}
	for i, fr := range partial {
		e := ex[len(skipped)+i]
		if len(e.Result.Cases) == 0 {
			continue
		}
		fr.r.Cases = append(fr.r.Cases, e.Result.Cases...)
		fr.verdict.Checked += len(e.Result.Cases)
		if undecided(fr.r) {
			fr.r.Approximation = fmt.Sprintf("%d of the cases found by a search on the real code", len(e.Result.Cases))
		}
	}
	var out []*funcResult
	for i, s := range skipped {
		e := ex[i]
		why, construct := s.Err.Error(), s.Err.Error()
		var ue *ssaexec.UnsupportedError
		if errors.As(s.Err, &ue) {
			why, construct = ue.Construct+" at "+rel(ue.Pos.String()), ue.Construct
		}
		// A construct may quote a callee's error, with its absolute path.
		why, construct = relText(why), relText(construct)
		fr := &funcResult{file: s.File, r: e.Result, explored: why,
			verdict: &oracle.Verdict{Checked: len(e.Result.Cases)}}
		// The file's header names no position: it would change with
		// every line added above.
		e.Result.Approximation = "searched on the real code only: pbcc's model does not support " + construct
		if e.NotRun {
			fr.err = fmt.Errorf("%s: %s: no tests: pbcc's model does not support %s, and it was %s", rel(s.IR.Pos.String()), shortName(s.IR), why, e.Stop)
			fmt.Fprintf(stderr, "pbcc: %v\n", fr.err)
		} else if e.Stop != "" {
			fmt.Fprintf(stderr, "pbcc: %s: %s: the search on the real code: %s\n", rel(s.IR.Pos.String()), shortName(s.IR), e.Stop)
		}
		out = append(out, fr)
	}
	return out
}

// undecided reports whether the search left some branch of r neither
// covered nor proved unreachable.
func undecided(r *gen.Result) bool {
	for _, e := range r.Edges {
		if e.Outcome != gen.Covered && e.Outcome != gen.Unreachable {
			return true
		}
	}
	return false
}

// summarizeExplored counts the branches of a function searched on the
// real code alone from the measurement: pbcc's model has none of them.
func summarizeExplored(s *funcSummary, fr *funcResult, m measured) {
	s.Approximation = "searched on the real code only: pbcc's model does not support " + fr.explored
	name := fr.r.Func.Name
	for _, b := range m.branches {
		if b.Func != name && !strings.HasPrefix(b.Func, name+"$") {
			continue
		}
		s.Branches++
		if b.Covered {
			s.Covered++
			continue
		}
		s.NotCovered = append(s.NotCovered, notCovered{Pos: rel(b.Pos.String()), Cond: b.Text, Outcome: b.Outcome,
			Reason: "not reached by the search on the real code"})
	}
	s.Unknown = s.Branches - s.Covered
}
