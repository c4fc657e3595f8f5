package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/ir"
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

// replayReal runs the cases of p's results on the package compiled by the
// Go toolchain and makes the real outputs, panics and pointees their
// expected values (ssaexec/oracle). A result whose cases could not be run
// keeps the model's values; the error says why, on stderr.
func replayReal(ctx context.Context, p *ssaexec.Package, results []*funcResult, stderr io.Writer) {
	byFile := map[string][]*gen.Result{}
	byResult := map[*gen.Result]*funcResult{}
	for _, fr := range results {
		if fr.err != nil || fr.r == nil {
			continue
		}
		fr.verdict = &oracle.Verdict{}
		if len(fr.r.Cases) == 0 {
			continue
		}
		byFile[fr.file] = append(byFile[fr.file], fr.r)
		byResult[fr.r] = fr
	}
	if len(byFile) == 0 {
		return
	}
	var files []oracle.File
	for f, rs := range byFile {
		files = append(files, oracle.File{Src: f, Results: rs})
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Src < files[j].Src })
	verdicts, err := oracle.Run(ctx, p.Dir, p.Name, files)
	if err != nil {
		fmt.Fprintf(stderr, "pbcc: %s: the cases could not all be run on the real code; those kept pbcc's own expected values: %v\n", rel(p.Dir), err)
	}
	for r, v := range verdicts {
		fr := byResult[r]
		fr.verdict = v
		for _, m := range v.Mismatches {
			fmt.Fprintf(stderr, "pbcc: %s: %s: the real code disagrees with pbcc's model, the real run is kept: %s\n", rel(fr.file), shortName(r.Func), m)
		}
	}
}

// explore searches, on the real code, the functions of p selected by
// -func whose bodies pbcc's model cannot express (ssaexec.Skipped), so
// that they get tests too.
func explore(ctx context.Context, cfg *genConfig, p *ssaexec.Package, stderr io.Writer) []*funcResult {
	var fns []*ir.Func
	var skipped []*ssaexec.Skipped
	for _, s := range p.Skipped {
		if cfg.funcRE == nil || cfg.funcRE.MatchString(shortName(s.IR)) {
			fns = append(fns, s.IR)
			skipped = append(skipped, s)
		}
	}
	if len(fns) == 0 {
		return nil
	}
	ex, err := oracle.Explore(ctx, p.Dir, p.Name, fns, oracle.DefaultExplore)
	if err != nil {
		fmt.Fprintf(stderr, "pbcc: %s: the search on the real code: %v\n", rel(p.Dir), relErr(err))
	}
	var out []*funcResult
	for i, e := range ex {
		why := skipped[i].Err.Error()
		var ue *ssaexec.UnsupportedError
		if errors.As(skipped[i].Err, &ue) {
			why = ue.Construct + " at " + rel(ue.Pos.String())
		}
		fr := &funcResult{file: skipped[i].File, r: e.Result, explored: why}
		if e.NotRun {
			fr.err = fmt.Errorf("%s: %s: no tests: pbcc's model does not support %s, and it was %s", rel(fns[i].Pos.String()), shortName(fns[i]), why, e.Stop)
		} else if e.Stop != "" {
			fmt.Fprintf(stderr, "pbcc: %s: %s: the search on the real code stopped early: %s\n", rel(fns[i].Pos.String()), shortName(fns[i]), e.Stop)
		}
		out = append(out, fr)
	}
	return out
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
