package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/pbcc/pbcc/cbridge"
	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/ir"
)

// splitArgs separates C files from Go package patterns.
func splitArgs(args []string) (cFiles, goPatterns []string) {
	for _, a := range args {
		if strings.HasSuffix(a, ".c") {
			cFiles = append(cFiles, a)
		} else {
			goPatterns = append(goPatterns, a)
		}
	}
	return cFiles, goPatterns
}

// genC generates, writes and measures the harness of each C file, and
// returns the exit status.
func genC(ctx context.Context, cfg *genConfig, files []string, stdout, stderr io.Writer) int {
	if !cfg.funcTimeoutSet {
		c := *cfg
		c.funcTimeout = cFuncTimeout
		cfg = &c
	}
	status := 0
	for _, path := range files {
		if cbridge.IsHarness(path) {
			fmt.Fprintf(stderr, "pbcc: %s: is a harness pbcc wrote, not a unit to test\n", path)
			status = 2
			continue
		}
		abs, err := filepath.Abs(path)
		if err == nil {
			_, err = os.Stat(abs)
		}
		if err != nil {
			fmt.Fprintf(stderr, "pbcc: %v\n", err)
			status = 2
			continue
		}
		// A harness is written whole: -shard splits the units, not
		// their functions.
		if cfg.shards > 0 && shardOf(filepath.ToSlash(path), cfg.shards) != cfg.shard {
			fmt.Fprintf(stderr, "pbcc: %s: in shard %d/%d, not this one\n", path, shardOf(filepath.ToSlash(path), cfg.shards), cfg.shards)
			continue
		}
		harness := cbridge.TestFileName(abs)
		hash, err := cUnitHash(cfg, abs)
		if err != nil {
			fmt.Fprintf(stderr, "pbcc: %v\n", err)
			status = 2
			continue
		}
		if keptC(cfg, abs, harness, hash, stdout, stderr) {
			continue
		}
		f, err := cbridge.Load(abs)
		if err != nil {
			fmt.Fprintf(stderr, "pbcc: %s\n", relErr(err))
			status = 2
			continue
		}
		for _, e := range f.Errors {
			fmt.Fprintf(stderr, "pbcc: %s\n", relErr(e))
		}
		setSiblings(f.Funcs)
		whole := *cfg
		whole.shards = 0
		todo := selected(&whole, abs, f.Funcs)
		opaque := selected(&whole, abs, f.Unlowered)
		if cfg.funcRE != nil {
			todo = withHarnessFuncs(abs, harness, f.Funcs, todo, stderr)
			opaque = withHarnessFuncs(abs, harness, f.Unlowered, opaque, stderr)
		}
		if len(todo) == 0 && len(opaque) == 0 && len(f.Errors) == 0 {
			// Nothing to do is no error (as for a Go package): say so.
			fmt.Fprintf(stderr, "pbcc: %s: %s; nothing written\n", rel(abs), nothingSelected(&whole, len(f.Funcs)+len(f.Unlowered)))
			continue
		}
		// The functions the model cannot express are searched on the
		// code gcc compiles, first, with their share of the run's budget;
		// their tables come first in the harness, so that they run from
		// the unit's initial state (cbridge.Explore).
		explored := exploreC(ctx, cfg, abs, opaque, len(todo), stderr)
		results := append(explored, withoutCases(ctx, cfg, abs, generate(ctx, cfg, todo, func(*ir.Func) string { return abs }), stderr)...)
		saidMemory(cfg, rel(abs), stderr)
		if _, ok := interrupted(ctx); ok {
			fmt.Fprintf(stderr, "pbcc: %s: interrupted: no harness written\n", rel(abs))
			return 2
		}
		if afterSearch != nil {
			afterSearch(results)
		}
		var rs []*gen.Result
		for _, fr := range results {
			if fr.err != nil {
				fmt.Fprintf(stderr, "pbcc: %s: %v\n", rel(abs), fr.err)
				continue
			}
			rs = append(rs, fr.r)
		}
		h, err := cbridge.Render(abs, rs, cfg.cmdLine)
		if h != nil {
			for _, e := range h.LeftOut {
				fmt.Fprintf(stderr, "pbcc: %s\n", relErr(e))
			}
		}
		if err != nil {
			// Nothing to test (every function unsupported or left out):
			// an empty harness would pass, so none is written.
			fmt.Fprintf(stderr, "pbcc: %s\n", relErr(err))
			reportC(cfg, results, nil, stdout)
			status = 2
			continue
		}
		// gcc must accept the harness before it replaces the previous
		// one (a unit that does not compile, a construct pbcc wrote
		// wrong): otherwise the previous harness stays.
		out, err := cbridge.Build(ctx, filepath.Dir(abs), filepath.Base(harness), h.Content)
		if _, ok := interrupted(ctx); ok {
			fmt.Fprintf(stderr, "pbcc: %s: interrupted: no harness written\n", rel(abs))
			return 2
		}
		if err != nil {
			kept := ""
			if _, err := os.Stat(harness); err == nil {
				kept = " (the previous one is kept)"
			}
			fmt.Fprintf(stderr, "pbcc: %s: %v; not written%s\n%s", rel(harness), err, kept, out)
			reportC(cfg, results, nil, stdout)
			status = 2
			continue
		}
		previous, _ := os.ReadFile(harness) // nil when there is none
		if err := cbridge.Write(harness, stampCHash(h.Content, hash)); err != nil {
			fmt.Fprintf(stderr, "pbcc: %s\n", relErr(err))
			status = 2
			continue
		}
		if !cfg.json {
			fmt.Fprintf(stderr, "wrote %s\n", rel(harness))
		}
		cov, out, err := cbridge.Measure(ctx, harness)
		if _, ok := interrupted(ctx); ok {
			return 2 // the harness is written; runInterruptible says why no summary
		}
		if err != nil {
			// A case the real run does not pass (a model's slip, a call
			// whose outcome depends on what ran before it in the
			// harness) is left out, and the harness written again.
			if dropped := cbridge.DropFailing(rs, out); len(dropped) > 0 {
				fmt.Fprintf(stderr, "pbcc: %s: left out, as the real run does not pass them: %s\n", rel(harness), strings.Join(dropped, ", "))
				cov, out, err = rewriteC(ctx, abs, harness, hash, rs, cfg)
				if _, ok := interrupted(ctx); ok {
					return 2
				}
				if err != nil {
					// What is on disk has the cases the real run
					// fails: the previous harness comes back, or
					// none stays.
					fmt.Fprintf(stderr, "pbcc: %s: %s\n", rel(harness), undoHarness(harness, previous))
				}
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "pbcc: %s: measuring coverage: %v\n%s", rel(harness), err, out)
			status = 2
		}
		reportC(cfg, results, cov, stdout)
	}
	return status
}

// undoHarness puts back the harness pbcc replaced at path (previous),
// or removes the one it wrote when there was none (previous is nil: a
// harness is never empty, it begins with its header), and says which.
func undoHarness(path string, previous []byte) string {
	if previous != nil {
		if err := cbridge.Write(path, previous); err != nil {
			return fmt.Sprintf("the previous harness could not be put back: %v", err)
		}
		return "the previous harness is put back"
	}
	if err := os.Remove(path); err != nil {
		return fmt.Sprintf("the harness written could not be removed: %v", err)
	}
	return "the harness just written is removed: no harness stays"
}

// rewriteC renders, builds, writes and measures the harness of the unit
// at abs again, from rs: after cases were left out.
func rewriteC(ctx context.Context, abs, harness, hash string, rs []*gen.Result, cfg *genConfig) (map[string]cbridge.FuncCoverage, string, error) {
	h, err := cbridge.Render(abs, rs, cfg.cmdLine)
	if err != nil {
		return nil, "", err
	}
	if out, err := cbridge.Build(ctx, filepath.Dir(abs), filepath.Base(harness), h.Content); err != nil {
		return nil, out, err
	}
	if err := cbridge.Write(harness, stampCHash(h.Content, hash)); err != nil {
		return nil, "", err
	}
	return cbridge.Measure(ctx, harness)
}

// withoutCases searches on the real code the functions of results the
// model found no case for (every path it found faults: md5's
// MD5Transform, whose arrays must hold 4 and 16 elements), and gives
// them the cases found there, said so in Approximation; their edges and
// findings stay the model's. Those come first, as the unlowered
// functions' do: their cases assume the unit's initial state.
func withoutCases(ctx context.Context, cfg *genConfig, abs string, results []*funcResult, stderr io.Writer) []*funcResult {
	var fs []*ir.Func
	var idx []int
	for i, fr := range results {
		if fr.err == nil && len(fr.r.Cases) == 0 && fr.r.NoCase == "" && len(fr.r.Func.Params) > 0 {
			fs = append(fs, fr.r.Func)
			idx = append(idx, i)
		}
	}
	found := exploreC(ctx, cfg, abs, fs, 0, stderr)
	if len(found) != len(fs) {
		return results
	}
	var first, rest []*funcResult
	moved := map[int]bool{}
	for k, i := range idx {
		e := found[k].r
		// The function's time is the model's and the search's, whether
		// or not the search found cases.
		results[i].r.Duration += e.Duration
		if len(e.Cases) > 0 {
			r := *results[i].r
			r.Cases = e.Cases
			r.Approximation = "its cases searched on the real code: the model found none (every path it found fails)"
			first = append(first, &funcResult{file: abs, r: &r})
			moved[i] = true
		}
	}
	for i, fr := range results {
		if !moved[i] {
			rest = append(rest, fr)
		}
	}
	return append(first, rest...)
}

// exploreC searches the functions fs of the unit at abs on the real code
// (cbridge.Explore), saying where it is on stderr.
//
// Under a run's deadline, it takes the share of the search's budget (what
// is left before measureReserve) that its functions are of the unit's,
// others being the functions the model searches after it.
func exploreC(ctx context.Context, cfg *genConfig, abs string, fs []*ir.Func, others int, stderr io.Writer) []*funcResult {
	if len(fs) == 0 {
		return nil
	}
	opt := cbridge.DefaultExplore
	if dl, ok := ctx.Deadline(); ok {
		left := time.Until(dl.Add(-measureReserve(cfg.timeout)))
		share := time.Duration(int64(left) * int64(len(fs)) / int64(len(fs)+others))
		opt.Deadline = time.Now().Add(max(share, 0))
	}
	if cfg.funcTimeoutSet && cfg.funcTimeout < opt.Timeout {
		opt.Timeout = cfg.funcTimeout
	}
	n := 0
	opt.Done = func(r *gen.Result) {
		n++
		if cfg.json {
			return
		}
		what := fmt.Sprintf("%d cases", len(r.Cases))
		if len(r.Cases) == 0 {
			what = "no case: " + r.NoCase
		}
		fmt.Fprintf(stderr, "pbcc: [real %d/%d] %s  %s  %.2fs\n", n, len(fs), r.Func.Name, what, r.Duration.Seconds())
	}
	rs, err := cbridge.Explore(ctx, abs, fs, opt)
	if err != nil {
		fmt.Fprintf(stderr, "pbcc: %s: the search on the real code: %v\n", rel(abs), relErr(err))
		return nil
	}
	var out []*funcResult
	for _, r := range rs {
		out = append(out, &funcResult{file: abs, r: r})
	}
	return out
}

// cFuncTimeout is the time budget of a C function's search unless
// -func-timeout is given: a safety net far above a normal search, which
// ends on its work bounds (print_tokens' get_token: 15 s on the loaded
// sandbox with one worker; with four on its two cores, 60 s, and the
// Go default of a minute cut it at another point than the other runs,
// with no case). The run's -timeout, shared out, still bounds it.
const cFuncTimeout = 5 * time.Minute

// reportC prints what gcov measured of each function, with what
// generation found; the shape is that of Go's report.
func reportC(cfg *genConfig, results []*funcResult, cov map[string]cbridge.FuncCoverage, stdout io.Writer) {
	enc := json.NewEncoder(stdout)
	for _, fr := range results {
		if fr.err != nil {
			continue
		}
		r := fr.r
		c, measured := cov[r.Func.Name]
		s := funcSummary{
			Func: r.Func.Name, File: rel(fr.file), Branches: c.Branches, Covered: c.Taken,
			Unreachable: r.Count(gen.Unreachable), UE: len(r.Goals), Tests: len(r.Cases),
			Seconds: roundSeconds(r.Duration), K: r.K, SolverCalls: r.SolverCalls,
		}
		if !measured {
			// The harness did not build or run: say what generation found,
			// and that no coverage tool confirmed it.
			s.Branches, s.Covered = len(r.Edges), r.Count(gen.Covered)
			s.NotMeasured = "the harness could not be built and run"
		}
		for _, es := range r.Edges {
			if es.Outcome == gen.Covered {
				continue
			}
			reason := es.Outcome.String()
			if es.Outcome == gen.Unreachable {
				reason = unreachableReason(es)
			} else if es.Detail != "" {
				reason += ": " + es.Detail
			}
			e := es.Edge
			s.NotCovered = append(s.NotCovered, notCovered{Pos: rel(e.Pos().String()), Cond: e.Cond(), Outcome: e.Label(), Reason: reason})
		}
		if len(r.Cases) == 0 {
			s.NoCase = r.NoCase
		}
		s.Approximation = r.Approximation
		s.Unknown = max(0, s.Branches-s.Covered-s.Unreachable)
		s.Findings = findings(r)
		printSummary(cfg, s, stdout, enc)
	}
}

// withHarnessFuncs returns todo, the functions of the unit at abs that
// -func selects, with the functions of funcs the unit's harness already
// tests: a harness is written whole, and a function -func does not select
// would otherwise lose its cases. They are searched again (the search is
// deterministic: their tables come out as a run without -func writes
// them), in the unit's order, and stderr says so.
func withHarnessFuncs(abs, harness string, funcs, todo []*ir.Func, stderr io.Writer) []*ir.Func {
	data, err := os.ReadFile(harness)
	if err != nil || !bytes.HasPrefix(data, []byte("/* Code generated by pbcc. DO NOT EDIT. */")) {
		return todo
	}
	tested := map[string]bool{}
	for _, l := range strings.Split(string(data), "\n") {
		if m := cClaimHead.FindStringSubmatch(l); m != nil {
			tested[m[1]] = true
		}
		if m := cMainCall.FindStringSubmatch(l); m != nil {
			tested[m[1]+m[2]] = true
		}
	}
	var out []*ir.Func
	var added []string
	for _, f := range funcs {
		switch {
		case slices.Contains(todo, f):
			out = append(out, f)
		case tested[f.Name]:
			out = append(out, f)
			added = append(added, f.Name)
		}
	}
	if len(added) > 0 {
		fmt.Fprintf(stderr, "pbcc: %s: a C harness is written whole: %s, which -func does not select, %s searched again to keep %s cases\n",
			rel(abs), strings.Join(added, ", "), plural(len(added), "is", "are"), plural(len(added), "its", "their"))
	}
	return out
}

// cMainCall matches a line of a harness's main that runs a function's
// cases: "pbcc_run_f();" or pbcc_run("f", ...).
var cMainCall = regexp.MustCompile(`^\tpbcc_run(?:_(\w+)\(\);|\("(\w+)",)`)

// plural returns one when n is 1, else more.
func plural(n int, one, more string) string {
	if n == 1 {
		return one
	}
	return more
}
