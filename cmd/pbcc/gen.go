package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pbcc/pbcc/cbridge"
	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/solve"
	"github.com/pbcc/pbcc/gen/symexec"
	"github.com/pbcc/pbcc/ssaexec"
	"github.com/pbcc/pbcc/ssaexec/cover"
	"github.com/pbcc/pbcc/ssaexec/emit"
	"github.com/pbcc/pbcc/ssaexec/oracle"
)

// genConfig is what the gen flags say.
type genConfig struct {
	funcRE         *regexp.Regexp
	opts           gen.Options
	timeout        time.Duration // of the whole run
	funcTimeout    time.Duration // of one function's search
	funcTimeoutSet bool          // -func-timeout given (C's default is cFuncTimeout)
	queryTimeout   time.Duration
	queryUnits     uint   // Z3 resource units of one query (solve.Limits.Query)
	funcUnits      uint64 // Z3 resource units of one function's queries (solve.Limits.Total)
	funcSteps      int64  // blocks one function's trees and replays may enter (gen.Options.Meter)
	json           bool
	globals        bool      // package-level variables are inputs (-globals)
	force          bool      // search every selected function, changed or not (-force)
	shard, shards  int       // -shard i/n: search only the functions of shard i of n; 0/0 without
	mem            int64     // memory ceiling of the process, bytes (-mem)
	memPassed      int       // how many times the ceiling ended searches (generate)
	cmdLine        string    // recorded in the generated files' header
	includes       []string  // -I, as given
	progress       *progress // nil: silent
}

func parseGen(args []string, stderr io.Writer) (*genConfig, []string, error) {
	fs := flag.NewFlagSet("pbcc gen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), genUsage)
		fs.PrintDefaults()
	}
	funcPat := fs.String("func", "", "generate only for functions whose name (F or T.M) matches `REGEXP`")
	k := fs.Int("k", gen.DefaultOptions.K, "largest iteration `bound`: no block entered more than N+1 times per call")
	timeout := fs.Duration("timeout", 5*time.Minute, "time budget of the whole run, searches and measurement (the check of the tests before they are written gets at least 30s, past it if need be)")
	funcTimeout := fs.Duration("func-timeout", time.Minute, "time budget of one function's search, a safety net: the search ends on its work bounds first (less when the run's budget, shared out, leaves less)")
	qt := fs.Duration("query-timeout", 10*time.Second, "time limit of one solver query")
	js := fs.Bool("json", false, "print one JSON object per function")
	globals := fs.Bool("globals", false, "make the package-level variables a function reads inputs its tests set (by default they keep the values the package gives them)")
	force := fs.Bool("force", false, "search every selected function again, even those whose code, callees and types did not change since their tables were made")
	shard := fs.String("shard", "", "search only the functions of shard `i/n` (a hash of their names splits them in n), keeping the other tables: the jobs of a CI matrix")
	mem := fs.String("mem", "", "memory `ceiling` of the run (e.g. 4GiB): past it the searches running end, keeping their cases (default: half the machine's memory, at most 8GiB)")
	var incl includeDirs
	fs.Var(&incl, "I", "search `dir` for a C unit's #include \"...\" and <...> before the system's, as gcc's -I (repeatable)")
	maxLen := fs.Int("len", gen.DefaultOptions.Bounds.Len, "largest `length` of generated strings, slices, C buffers and standard input, at first: it doubles, up to 64, for a branch that needs longer inputs")
	if err := fs.Parse(args); err != nil {
		return nil, nil, err
	}
	if *maxLen < 1 || *maxLen > 64 {
		return nil, nil, fmt.Errorf("pbcc gen: -len %d: the length bound must be between 1 and 64", *maxLen)
	}
	if fs.NArg() == 0 {
		return nil, nil, fmt.Errorf("pbcc gen: no packages given")
	}
	if *k < 0 {
		return nil, nil, fmt.Errorf("pbcc gen: -k %d: the bound must be at least 0", *k)
	}
	for _, d := range []struct {
		name string
		v    time.Duration
	}{{"timeout", *timeout}, {"func-timeout", *funcTimeout}, {"query-timeout", *qt}} {
		if d.v <= 0 {
			return nil, nil, fmt.Errorf("pbcc gen: -%s %v: a time budget must be positive", d.name, d.v)
		}
	}
	c := &genConfig{opts: gen.DefaultOptions, timeout: *timeout, funcTimeout: *funcTimeout, queryTimeout: *qt,
		queryUnits: queryUnits, funcUnits: funcUnits, funcSteps: funcSteps, json: *js, globals: *globals, force: *force}
	fs.Visit(func(f *flag.Flag) { c.funcTimeoutSet = c.funcTimeoutSet || f.Name == "func-timeout" })
	if err := c.workFromEnv(); err != nil {
		return nil, nil, err
	}
	c.mem = defaultMem()
	if *mem != "" {
		n, err := parseSize(*mem)
		if err != nil {
			return nil, nil, fmt.Errorf("pbcc gen: -mem: %v", err)
		}
		c.mem = n
	}
	if *shard != "" {
		var err error
		if c.shard, c.shards, err = parseShard(*shard); err != nil {
			return nil, nil, err
		}
	}
	c.opts.K = *k
	if *k != gen.DefaultOptions.K {
		// A bound given is the largest one tried, for every goal.
		c.opts.MaxK = *k
	}
	c.opts.Bounds.Len = *maxLen
	if *funcPat != "" {
		re, err := regexp.Compile(*funcPat)
		if err != nil {
			return nil, nil, fmt.Errorf("pbcc gen: -func: %w", err)
		}
		c.funcRE = re
	}
	// The header records the command with the flags that change the
	// output, in a fixed order, so that it does not vary between runs.
	// -shard and -force are not among them: the shards of a run write
	// the same file as the run.
	parts := []string{"pbcc gen"}
	if *funcPat != "" {
		parts = append(parts, "-func "+quoteArg(*funcPat))
	}
	if *k != gen.DefaultOptions.K {
		parts = append(parts, fmt.Sprintf("-k %d", *k))
	}
	if *maxLen != gen.DefaultOptions.Bounds.Len {
		parts = append(parts, fmt.Sprintf("-len %d", *maxLen))
	}
	if *globals {
		parts = append(parts, "-globals")
	}
	for _, d := range incl.given {
		parts = append(parts, "-I "+quoteArg(d))
	}
	for _, p := range fs.Args() {
		parts = append(parts, quoteArg(p))
	}
	c.cmdLine = strings.Join(parts, " ")
	cbridge.IncludeDirs, c.includes = incl.abs, incl.given
	return c, fs.Args(), nil
}

const genUsage = `usage: pbcc gen [flags] <Go package patterns | C files>

Writes <file>_pbcc_test.go beside each Go file (<file>_pbcc_test.c beside a
C file) with a table of cases per function, then measures the branches the
tests cover on the real code. Examples:

	pbcc gen ./...                       every package of the module
	pbcc gen -func 'Parse|T\.M' -k 5 .   some functions; loops up to 5+1 visits
	pbcc gen -timeout 2m -json ./parse   a bounded run, one JSON object per function
	pbcc gen -shard 2/4 ./...            shard 2 of 4 of the functions (a job of a CI matrix)
	pbcc gen -force .                    search again the functions that did not change
	pbcc gen wc.c                        a C unit

"pbcc help" prints the manual. Flags:
`

func quoteArg(s string) string {
	if s == "" || strings.ContainsAny(s, " \t\"'$\\*?[]|&;<>()") {
		return fmt.Sprintf("%q", s)
	}
	return s
}

// shortName is a function's name without its package: "Trityp", "T.M".
func shortName(f *ir.Func) string {
	if i := strings.Index(f.Name, "."); i >= 0 {
		return f.Name[i+1:]
	}
	return f.Name
}

func runGen(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	cfg, patterns, err := parseGen(args, stderr)
	if err == flag.ErrHelp {
		return 0 // asked for: the usage is printed
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	ctx, cancel := context.WithTimeout(ctx, cfg.timeout)
	defer cancel()
	cfg.progress = newProgress(stderr)

	cFiles, patterns := splitArgs(patterns)
	status := 0
	if len(cFiles) > 0 {
		status = genC(ctx, cfg, cFiles, stdout, stderr)
		if len(patterns) == 0 {
			return status
		}
	}
	pkgs, err := ssaexec.LoadWith(".", ssaexec.Options{Globals: cfg.globals, Context: ctx}, patterns...)
	if _, ok := interrupted(ctx); ok {
		return 2 // runInterruptible says so
	}
	if err != nil {
		fmt.Fprintf(stderr, "pbcc: %v\n", relErr(err))
		return 2
	}
	for _, p := range pkgs {
		if _, ok := interrupted(ctx); ok {
			return 2 // runInterruptible says so
		}
		pinned := dropPinned(p, stderr)
		searched := map[error]bool{}
		for _, s := range p.Skipped {
			searched[s.Err] = true
		}
		for _, e := range p.Errors {
			// -func and -shard select which functions' words count.
			var ue *ssaexec.UnsupportedError
			if errors.As(e, &ue) {
				if _, name, ok := strings.Cut(ue.Func, "."); ok && !isSelected(cfg, p.Path, name) {
					continue
				}
			}
			if searched[e] {
				fmt.Fprintf(stderr, "pbcc: %s; searched on the real code instead\n", relErr(e))
			} else {
				fmt.Fprintf(stderr, "pbcc: %s\n", relErr(e))
			}
		}
		files := map[*ir.Func]string{}
		var fs []*ir.Func
		for _, f := range p.Funcs {
			files[f.IR] = f.File
			fs = append(fs, f.IR)
		}
		setSiblings(fs)
		// A function whose code, callees, types and options did not
		// change keeps its table and is not searched (incr.go).
		hashes := funcHashes(cfg, p)
		kept, todo, todoSkipped := reusable(cfg, hashes, selected(cfg, p.Path, fs), selectedSkipped(cfg, p),
			func(f *ir.Func) string { return files[f] })
		if err := refreshFiles(p, kept, pinned); err != nil {
			fmt.Fprintf(stderr, "pbcc: %v\n", relErr(err))
			status = 2
		}
		if len(kept) > 0 && len(todo)+len(todoSkipped) == 0 {
			fmt.Fprintf(stderr, "pbcc: %s: %s unchanged (code, callees, types, options) since the tables were made: tables kept; nothing searched, the tests not run again (-force searches them again)\n",
				rel(p.Dir), count(len(kept), "function", "functions"))
			reportKept(cfg, p, kept, stdout)
			continue
		}
		if len(kept) > 0 {
			fmt.Fprintf(stderr, "pbcc: %s: %s unchanged since the tables were made: tables kept, not searched (-force searches them again)\n",
				rel(p.Dir), count(len(kept), "function", "functions"))
		}
		mctx, mcancel := modelContext(ctx, cfg, len(todoSkipped))
		results := generate(mctx, cfg, todo, func(f *ir.Func) string { return files[f] })
		mcancel()
		saidMemory(cfg, rel(p.Dir), stderr)
		if _, ok := interrupted(ctx); ok {
			fmt.Fprintf(stderr, "pbcc: %s: interrupted: no test file written\n", rel(p.Dir))
			return 2
		}
		if afterSearch != nil {
			afterSearch(results)
		}
		// One binary for the replay of the cases on the real code and the
		// search there: one link.
		ob := compileOracle(ctx, cfg, p, todoSkipped, results)
		replayReal(ctx, ob, p, results, stderr)
		results = append(results, explore(ctx, cfg, ob, p, todoSkipped, results, stderr)...)
		ob.Close()
		sort.SliceStable(results, func(i, j int) bool {
			a, b := results[i].r, results[j].r
			if results[i].file != results[j].file || a == nil || b == nil {
				return results[i].file < results[j].file
			}
			return a.Func.Pos.Line < b.Func.Pos.Line || a.Func.Pos.Line == b.Func.Pos.Line && a.Func.Pos.Col < b.Func.Pos.Col
		})
		if afterReplay != nil {
			afterReplay(results)
		}
		if _, ok := interrupted(ctx); ok {
			fmt.Fprintf(stderr, "pbcc: %s: interrupted: no test file written\n", rel(p.Dir))
			return 2
		}
		// The tests are checked before they are written: go-cmp must be
		// there first.
		if anyCases(results) {
			if c, err := emit.AddGoCmp(p.Dir); err != nil {
				fmt.Fprintf(stderr, "pbcc: %v\n", err)
				status = 2
				continue
			} else if c != nil {
				fmt.Fprintf(stderr, "pbcc: %s\n", relErr(fmt.Errorf("%s", c)))
			}
		}
		written, taken, err := writeTests(ctx, cfg, p, results, hashes, len(kept) > 0, stderr)
		if err != nil {
			status = 2
		}
		if len(written) == 0 {
			reportKept(cfg, p, kept, stdout)
			continue
		}
		measureCtx := ctx
		if beforeMeasure != nil {
			measureCtx = beforeMeasure(ctx)
		}
		m, err := measureAfter(measureCtx, p.Dir, taken)
		if _, ok := interrupted(ctx); ok {
			return 2 // the files are written; runInterruptible says why no summary
		}
		if err != nil {
			fmt.Fprintf(stderr, "pbcc: %s: measuring coverage: %v\n", rel(p.Dir), err)
			if measureCtx.Err() == nil { // a budget that ends is no error: the summary says "not measured"
				status = 2
			}
		}
		report(cfg, results, m, stdout)
		reportKept(cfg, p, kept, stdout)
	}
	return status
}

// setSiblings records, in each function, the others of its package or
// file: the candidates when a function value is an input.
func setSiblings(fs []*ir.Func) {
	for _, f := range fs {
		f.Siblings = fs
	}
}

// selected returns the functions of fs that -func and -shard select;
// pkg is their package's import path (or C file), which -shard hashes
// with their names.
func selected(cfg *genConfig, pkg string, fs []*ir.Func) []*ir.Func {
	var todo []*ir.Func
	for _, f := range fs {
		if isSelected(cfg, pkg, shortName(f)) {
			todo = append(todo, f)
		}
	}
	return todo
}

// isSelected reports whether -func and -shard select the function name
// ("F", "T.M") of package pkg.
func isSelected(cfg *genConfig, pkg, name string) bool {
	if cfg.funcRE != nil && !cfg.funcRE.MatchString(name) {
		return false
	}
	return cfg.shards == 0 || shardOf(pkg+"."+name, cfg.shards) == cfg.shard
}

// selectedSkipped returns the functions of p searched on the real code
// only that -func and -shard select.
func selectedSkipped(cfg *genConfig, p *ssaexec.Package) []*ssaexec.Skipped {
	var out []*ssaexec.Skipped
	for _, s := range p.Skipped {
		if isSelected(cfg, p.Path, shortName(s.IR)) {
			out = append(out, s)
		}
	}
	return out
}

// generate runs the search for each function of todo, on as many workers
// as workers() says, each function with a Z3 context of its own. Results
// come back in todo's order whatever the scheduling; file gives each
// function's source file.
//
// Each function gets a budget (see budget): its search sees the end of
// the budget through its context and stops, keeping the cases found so
// far. A search that does not stop (a tree walk or a replay that never
// ends) is left behind shortly after its budget: the function is reported
// without a result, its table in the existing file kept, and a new worker
// takes the next function.
func generate(ctx context.Context, cfg *genConfig, todo []*ir.Func, file func(*ir.Func) string) []*funcResult {
	out := make([]*funcResult, len(todo))
	if dl, ok := ctx.Deadline(); ok {
		// The searches end early enough to leave time to write the
		// tests and measure them within the run's budget.
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, dl.Add(-measureReserve(cfg.timeout)))
		defer cancel()
	}
	cfg.progress.begin(len(todo))
	defer cfg.progress.end()
	jobs := make(chan int, len(todo))
	for _, i := range searchOrder(todo) {
		jobs <- i
	}
	close(jobs)
	nw := min(workers(), len(todo))
	b := newBudget(cfg.funcTimeout, len(todo), nw)
	mw, stopWatch := watchMemory(cfg.mem)
	defer func() {
		stopWatch()
		cfg.memPassed += mw.passed()
	}()
	type event struct {
		i        int
		deadline time.Time // of a start
		fr       *funcResult
	}
	events := make(chan event, 2*len(todo))
	var mu sync.Mutex
	finished, abandoned := make([]bool, len(todo)), make([]bool, len(todo))
	worker := func() {
		// Z3 keeps state per OS thread (its allocators, resource
		// counters); a goroutine free to move between threads from
		// one cgo call to the next makes its answers vary.
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		for i := range jobs {
			fctx, cancel, deadline := b.next(ctx, i)
			fctx, untrack := mw.track(fctx)
			// The search's work is bounded in Z3 resource units, per
			// query and in all, which count the same under any load:
			// the same function gives the same cases with 1 worker or
			// 4, on an idle machine or a busy one. The time limits
			// (-query-timeout, the budget) are safety nets a normal
			// run does not reach.
			fctx, spend := context.WithCancelCause(fctx)
			events <- event{i: i, deadline: deadline}
			cfg.progress.started(todo[i])
			s := solve.New(cfg.queryTimeout)
			spent := func() {
				// The solver first, from this goroutine: no check or
				// guess after this point, whatever the timing.
				s.Interrupt()
				spend(gen.ErrWorkBudget)
			}
			s.Limit(solve.Limits{Query: cfg.queryUnits, Total: cfg.funcUnits}, spent)
			opts := cfg.opts
			opts.Meter = &symexec.Meter{Limit: cfg.funcSteps, Spent: spent, Done: fctx.Done()}
			// Z3 looks at no Go context: the end of the budget interrupts it.
			stop := context.AfterFunc(fctx, s.Interrupt)
			began := time.Now()
			r, err := gen.Generate(fctx, todo[i], s, opts)
			s.LogSearch(todo[i].Name, opts.Meter.Count(), time.Since(began))
			stop()
			s.Close()
			spend(nil)
			untrack()
			cancel()
			cfg.progress.stopped(todo[i])
			mu.Lock()
			late := abandoned[i]
			finished[i] = !late
			mu.Unlock()
			if late {
				return // another worker took this one's place
			}
			events <- event{i: i, fr: &funcResult{file: file(todo[i]), r: r, err: err}}
		}
	}
	for w := 0; w < nw; w++ {
		go worker()
	}
	running := map[int]time.Time{} // the time each search is left behind
	stopped := ctx.Done()          // a signal: every search ends now
	for left := len(todo); left > 0; {
		var timer *time.Timer
		var wake <-chan time.Time
		if len(running) > 0 {
			first := time.Time{}
			for _, t := range running {
				if first.IsZero() || t.Before(first) {
					first = t
				}
			}
			timer = time.NewTimer(time.Until(first))
			wake = timer.C
		}
		select {
		case <-stopped:
			if _, ok := interrupted(ctx); ok {
				soon := time.Now().Add(abandonGrace)
				for i, t := range running {
					if soon.Before(t) {
						running[i] = soon
					}
				}
			}
			stopped = nil
		case ev := <-events:
			if ev.fr == nil { // a start
				running[ev.i] = ev.deadline.Add(abandonGrace)
				if _, ok := interrupted(ctx); ok {
					running[ev.i] = time.Now().Add(abandonGrace)
				}
				break
			}
			delete(running, ev.i)
			out[ev.i] = ev.fr
			cfg.progress.finished(todo[ev.i], ev.fr)
			left--
		case <-wake:
			for i, t := range running {
				if time.Now().Before(t) {
					continue
				}
				mu.Lock()
				late := !finished[i]
				abandoned[i] = late
				mu.Unlock()
				if !late {
					continue // its result is on its way
				}
				delete(running, i)
				out[i] = &funcResult{file: file(todo[i]), r: leftBehind(todo[i], b.started[i])}
				cfg.progress.finished(todo[i], out[i])
				left--
				go worker()
			}
		}
		if timer != nil {
			timer.Stop()
		}
	}
	return out
}

// searchOrder returns the indexes of todo in the order their searches
// start: the functions whose code, with their callees', has the fewest
// blocks first, ties in the order given. A search that ends early leaves
// its time to the ones after it (budget), and the shares shrink as the
// searches that use theirs go: in the order of the file, GNU bc's
// number.c spent its run on _bc_do_add, bc_sub, bc_multiply and their
// like, and bc_str2num, num2str and bc_int2num, last and each covered
// in a few seconds alone, got no time at all. The results keep the
// order of todo.
func searchOrder(todo []*ir.Func) []int {
	size := make([]int, len(todo))
	order := make([]int, len(todo))
	for i, f := range todo {
		order[i] = i
		f.Walk(func(in ir.Instr) {
			if _, ok := in.(ir.Term); ok {
				size[i]++
			}
		})
	}
	sort.SliceStable(order, func(a, b int) bool { return size[order[a]] < size[order[b]] })
	return order
}

// The work bounds of a function's search, in Z3 resource units
// (solve.Limits): sized on the testdata and the Siemens programs
// (bench/README.md, "Deterministic under load") so that typical queries
// and functions finish within them, and so that a function's search
// ends on them well before its time budget on a loaded machine.
var (
	queryUnits uint   = 5_000_000   // 4 times the largest query seen; 1 to 6 s of Z3 on the loaded sandbox, under -query-timeout's 10 s
	funcUnits  uint64 = 100_000_000 // testdata's quicksort partition needs 37M (with the terms' charge, solve.nodeUnits), print_tokens2's token_type 21M
	funcSteps  int64  = 1_000_000   // 5 to 20 s of trees and replays on the loaded sandbox
)

// workFromEnv reads PBCC_WORK, "STEPS,UNITS,QUERY", which replaces the
// work bounds funcSteps, funcUnits and queryUnits (0: none): for sizing
// them (bench/README.md), not for everyday use.
func (c *genConfig) workFromEnv() error {
	v := os.Getenv("PBCC_WORK")
	if v == "" {
		return nil
	}
	var steps int64
	var units uint64
	var query uint
	if _, err := fmt.Sscanf(v, "%d,%d,%d", &steps, &units, &query); err != nil {
		return fmt.Errorf("pbcc gen: PBCC_WORK=%q: want STEPS,UNITS,QUERY: %v", v, err)
	}
	c.funcSteps, c.funcUnits, c.queryUnits = steps, units, query
	return nil
}

// measureReserve is the part of the run's budget kept back from the
// searches for writing and measuring the tests: a quarter, at most a
// minute.
func measureReserve(run time.Duration) time.Duration {
	return min(run/4, time.Minute)
}

// modelContext is the context of the model's searches of a package with
// skipped functions (searched on the real code only): under a run's
// deadline they end by half the time left to the searches, so that the
// search on the real code, which comes after them, has the other half.
// go-humanize under -timeout 45s: its model searches took 35 s of the
// 45, and the search on the real code of its 19 skipped functions got 2.
func modelContext(ctx context.Context, cfg *genConfig, skipped int) (context.Context, context.CancelFunc) {
	dl, ok := ctx.Deadline()
	if !ok || skipped == 0 {
		return ctx, func() {}
	}
	reserve := measureReserve(cfg.timeout)
	half := time.Until(dl.Add(-reserve)) / 2
	if half <= 0 {
		return ctx, func() {}
	}
	// generate keeps reserve before the deadline it is given.
	return context.WithDeadline(ctx, time.Now().Add(half+reserve))
}

// abandonGrace is how long a search may run past its budget before it is
// left behind: a search checks its context between solver queries and
// replays, which the budget bounds too.
const abandonGrace = 2 * time.Second

// leftBehind is the result of a function whose search did not stop at the
// end of its budget: no case, every branch edge out of time. The table
// the file has for it, if any, is kept (writeTests).
func leftBehind(f *ir.Func, start time.Time) *gen.Result {
	r := &gen.Result{Func: f, Goals: gen.Goals(f), Duration: time.Since(start)}
	for _, e := range gen.BranchEdges(f) {
		r.Edges = append(r.Edges, gen.EdgeStatus{Edge: e, Outcome: gen.Timeout, Detail: budgetSpent + " (the search did not stop: left behind)"})
	}
	return r
}

// budgetSpent is gen's detail of an edge left undecided when the search's
// context ended.
const budgetSpent = "time budget spent"

// A budget shares out the search time of a batch of functions: each
// function, when its search starts, gets at most the -func-timeout and
// at most shareSlack times its fair share of what is left (the time to
// the run's search deadline, times the workers, over the functions not
// started yet), so that one slow function never eats all the others'
// time.
//
// The searches end on their work bounds (funcSteps, funcUnits), which
// count the same under any load; the time is a safety net. A fair share
// alone was not one: print_tokens2's get_token, third of 16 functions
// with one worker, got 14 s of the 225 s, and on the loaded sandbox its
// search needed more, though most of the 13 after it took under a
// second.
// shareSlack is how many fair shares of the time left one function's
// search may take.
const shareSlack = 4

type budget struct {
	started  []time.Time // by function
	mu       sync.Mutex
	perFunc  time.Duration
	left     int // functions not started yet
	nworkers int
}

func newBudget(perFunc time.Duration, n, nworkers int) *budget {
	return &budget{started: make([]time.Time, n), perFunc: perFunc, left: n, nworkers: max(nworkers, 1)}
}

// next returns the context of the search of function i, its cancel
// function and its deadline.
func (b *budget) next(ctx context.Context, i int) (context.Context, context.CancelFunc, time.Time) {
	now := time.Now()
	b.mu.Lock()
	n := max(b.left, 1)
	b.left--
	b.started[i] = now
	b.mu.Unlock()
	d := b.perFunc
	if dl, ok := ctx.Deadline(); ok {
		left := dl.Sub(now)
		share := left * time.Duration(min(b.nworkers, n)) * shareSlack / time.Duration(n)
		// The functions not started yet keep at least half their fair
		// share of one worker: with few functions, shareSlack shares
		// were all the time (tidwall/match under -timeout 45s: match
		// took it, and IsPattern, last of 5, got none).
		keep := left * time.Duration(n-1) / time.Duration(2*n)
		d = min(d, share, left-keep)
	}
	deadline := now.Add(max(d, 0))
	fctx, cancel := context.WithDeadline(ctx, deadline)
	return fctx, cancel, deadline
}

type funcResult struct {
	file    string // the source file that declares the function
	r       *gen.Result
	err     error
	verdict *oracle.Verdict // the real run's word on the cases; nil when they were not run
	// explored, when set, says why the function was searched on the real
	// code alone: the construct pbcc's model does not express.
	explored string
}

// writeTests writes one test file per source file of p that has selected
// functions, and returns the files written (or already up to date). The functions not searched
// this time (not selected, failed, left behind) keep the table the file
// already has, and so does a function whose search ran out of time and
// covers less than its table already there. The files are checked on the
// real code before they are written (verifiedFiles).
//
// hashes are the functions' content hashes, recorded in the header;
// kept says that the other functions' tables were kept (reusable).
//
// The check of the files before they are written runs them on the
// package with every branch recording: taken, when not nil, are the
// branches the package's tests as they now are take (the files checked
// are those written and the package has no other tests), so that the
// measurement need not build and run them again.
func writeTests(ctx context.Context, cfg *genConfig, p *ssaexec.Package, results []*funcResult, hashes map[string]string, kept bool, stderr io.Writer) (written []string, taken []cover.Branch, err error) {
	if len(results) == 0 {
		if kept {
			return nil, nil, nil
		}
		fmt.Fprintf(stderr, "pbcc: %s: %s; nothing written\n", rel(p.Dir), nothingSelected(cfg, len(p.Funcs)+len(p.Skipped)))
		return nil, nil, nil
	}
	byFile := map[string][]*gen.Result{}
	var files []string
	old := map[string][]byte{}           // the generated file there now, by source file
	oldClaims := map[string]emit.Claim{} // by function, of those files
	for _, fr := range results {
		if fr.err != nil {
			continue // said as it happened (progress); its table stays
		}
		if _, ok := byFile[fr.file]; !ok {
			files = append(files, fr.file)
			path := emit.TestFileName(fr.file)
			if data, err := os.ReadFile(path); err == nil && emit.IsGenerated(data) {
				old[fr.file] = data
				cs, err := emit.ReadClaims(path)
				if err != nil {
					fmt.Fprintf(stderr, "pbcc: %v\n", relErr(err))
				}
				for _, c := range cs {
					oldClaims[c.Func] = c
				}
			}
			byFile[fr.file] = nil
		}
		name := shortName(fr.r.Func)
		if c, ok := oldClaims[name]; ok && outOfTime(fr.r) && fr.r.Count(gen.Covered) < c.Branches-len(c.NotCovered) {
			fmt.Fprintf(stderr, "pbcc: %s: %s: the time budget ended with %d branches covered; kept the table already there, made to cover %d\n",
				rel(fr.file), name, fr.r.Count(gen.Covered), c.Branches-len(c.NotCovered))
			continue
		}
		byFile[fr.file] = append(byFile[fr.file], fr.r)
	}
	sort.Strings(files)
	order := funcOrder(p)
	var firstErr error
	contents, errs, omitted, taken := verifiedFiles(ctx, cfg, p, byFile, files, stderr)
	for _, f := range files {
		path := emit.TestFileName(f)
		content, err := contents[f], errs[f]
		if o := omitted[f]; o != nil && err == nil {
			// The file is written without what could not be: say what.
			for _, o := range o.Omitted {
				o.Pos = rel(o.Pos)
				fmt.Fprintf(stderr, "pbcc: %s\n", o)
			}
		}
		if err == nil {
			stamped := stampHashes(relHeaderPaths(content, p.Dir), hashes)
			content, err = mergeTests(path, stamped, old[f], order[f])
			if err != nil {
				err = fmt.Errorf("%s: %w", path, err)
			} else if !bytes.Equal(content, stamped) {
				taken = nil // tables kept from the old file were not run
			}
		}
		if err == nil && bytes.Equal(content, old[f]) {
			written = append(written, path) // nothing new: the file keeps its time stamp
			continue
		}
		if _, ok := interrupted(ctx); ok {
			return written, nil, firstErr // a signal: the files not written yet stay as they are
		}
		if err == nil {
			err = emit.Write(path, content)
		}
		if err != nil {
			taken = nil
			fmt.Fprintf(stderr, "pbcc: %v\n", relErr(err))
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		written = append(written, path)
		if !cfg.json {
			// stdout carries the summary; where files went is news for
			// the person at the terminal.
			fmt.Fprintf(stderr, "wrote %s\n", rel(path))
		}
	}
	if !onlyTests(p.Dir, written) {
		taken = nil
	}
	return written, taken, firstErr
}

// onlyTests reports whether the test files of the package in dir are
// those of files (files of dir too), and no other.
func onlyTests(dir string, files []string) bool {
	all, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		return false
	}
	for _, f := range all {
		if !slices.ContainsFunc(files, func(g string) bool { return filepath.Base(g) == filepath.Base(f) }) {
			return false
		}
	}
	return true
}

// nothingSelected says why a package or C file of n functions has none
// to search.
func nothingSelected(cfg *genConfig, n int) string {
	var s string
	switch {
	case n == 0:
		return "no function or method to test"
	case cfg.funcRE == nil && cfg.shards > 0:
		return fmt.Sprintf("none of its %d functions is in shard %d/%d", n, cfg.shard, cfg.shards)
	case cfg.funcRE == nil:
		return "no function selected"
	case n == 1:
		s = fmt.Sprintf("-func %s does not select its one function", cfg.funcRE)
	default:
		s = fmt.Sprintf("-func %s selects none of its %d functions", cfg.funcRE, n)
	}
	if cfg.shards > 0 {
		s += fmt.Sprintf(" in shard %d/%d", cfg.shard, cfg.shards)
	}
	return s
}

// outOfTime reports whether the search of r ended with its budget.
func outOfTime(r *gen.Result) bool {
	for _, e := range r.Edges {
		if e.Outcome == gen.Timeout && (strings.HasPrefix(e.Detail, budgetSpent) || strings.HasPrefix(e.Detail, gen.ErrMemoryBudget.Error())) {
			return true
		}
	}
	return false
}

// funcSummary is the per-function line of gen's output, and its JSON form.
type funcSummary struct {
	Func        string `json:"func"`
	File        string `json:"file"`
	Branches    int    `json:"branches"`
	Covered     int    `json:"covered"`
	Unreachable int    `json:"unreachable"`
	Unknown     int    `json:"unknown"`
	UE          int    `json:"ue"`
	Tests       int    `json:"tests"`
	// ForMutants counts the tests kept because they tell the code from a
	// mutant of it, beyond those made for a branch.
	ForMutants  int          `json:"for_mutants,omitempty"`
	Seconds     float64      `json:"seconds"`
	K           int          `json:"k"`
	SolverCalls int          `json:"solver_calls"`
	NotCovered  []notCovered `json:"not_covered,omitempty"`
	Findings    []finding    `json:"findings,omitempty"`
	// Unmodelled lists the calls of standard library functions that
	// pbcc does not model exactly: the solver guessed their results and
	// the replays, which call the real functions, taught them.
	Unmodelled []unmodelled `json:"unmodelled,omitempty"`
	// NotMeasured, when set, says why covered is generation's own count
	// rather than the coverage tool's.
	NotMeasured string `json:"not_measured,omitempty"`
	// Unchanged says that the function's code, callees, types and
	// pbcc's options did not change since its table was made: the table
	// was kept and the figures are its header's.
	Unchanged bool `json:"unchanged,omitempty"`
	// ModelMismatch counts the cases whose expected values pbcc's model
	// got wrong and the real run corrected; Unverified those the real run
	// could not check (they keep the model's values).
	// Both are left out for C, whose harness gcc checks.
	ModelMismatch *int `json:"model_mismatch,omitempty"`
	Unverified    int  `json:"unverified,omitempty"`
	// Approximation says how the function was searched when pbcc's
	// model could not be used, and why.
	Approximation string `json:"approximation,omitempty"`
	// Unstable counts the cases whose real results vary from run to run
	// (the clock, randomness, map order): their tests check only that the
	// call does not panic.
	Unstable int `json:"unstable,omitempty"`
	// NoCase says why a function without branches has no case: its
	// call does not end.
	NoCase string `json:"no_case,omitempty"`
}

// A finding is a feasible path to undefined behaviour (C), with the
// inputs that trigger it.
type finding struct {
	Pos    string `json:"pos"`
	Kind   string `json:"kind"`
	Inputs string `json:"inputs,omitempty"`
}

// findings describes the findings of r.
func findings(r *gen.Result) []finding {
	var fs []finding
	for _, f := range r.Findings {
		var in []string
		for i, p := range r.Func.Params {
			in = append(in, p.Name()+" = "+f.Case.Inputs[i].String())
		}
		for _, g := range f.Case.Globals {
			in = append(in, g.G.Ident()+" = "+g.Value.String())
		}
		if len(f.Case.Stream) > 0 {
			b := make([]byte, len(f.Case.Stream))
			for i, l := range f.Case.Stream {
				b[i] = byte(l.Bits)
			}
			in = append(in, fmt.Sprintf("stdin = %q", b))
		}
		fs = append(fs, finding{Pos: rel(f.Pos.String()), Kind: f.Kind.String(), Inputs: strings.Join(in, ", ")})
	}
	// The order the sites were found in may vary from run to run.
	sort.SliceStable(fs, func(i, j int) bool {
		if fs[i].Pos != fs[j].Pos {
			return fs[i].Pos < fs[j].Pos
		}
		return fs[i].Kind < fs[j].Kind
	})
	return fs
}

// An unmodelled call is a call of a standard library function whose
// results pbcc does not model exactly; Model is "partial" when it does
// on part of the function's domain (ASCII for unicode.IsDigit).
type unmodelled struct {
	Call  string `json:"call"`
	Pos   string `json:"pos"`
	Model string `json:"model,omitempty"`
}

type notCovered struct {
	Pos     string `json:"pos"`
	Cond    string `json:"cond"`
	Outcome string `json:"outcome"`
	Reason  string `json:"reason"`
}

// summarize joins what generation found of a function with what the
// measurement saw the real code do. Branches are counted per source
// outcome: when the lowering made two IR edges of one outcome (go/ssa
// tests a range loop's condition at its entry and at its bottom), they
// count once, covered when the real code took that outcome, unreachable
// when both are.
func summarize(fr *funcResult, m measured) funcSummary {
	r := fr.r
	s := funcSummary{
		Func: r.Func.Name, File: rel(fr.file), UE: len(r.Goals),
		Tests: len(r.Cases), Seconds: roundSeconds(r.Duration), K: r.K, SolverCalls: r.SolverCalls,
	}
	if v := fr.verdict; v != nil {
		s.ModelMismatch, s.Unverified = &v.Mismatch, v.Unverified
	}
	if len(r.Cases) == 0 {
		s.NoCase = r.NoCase
	}
	for _, c := range r.Cases {
		if c.Unstable {
			s.Unstable++
		}
		if c.ForMutant {
			s.ForMutants++
		}
	}
	for _, c := range r.Extern {
		s.Unmodelled = append(s.Unmodelled, unmodelled{Call: c.Func, Pos: rel(c.Pos.String()), Model: c.Model})
	}
	var order []branchKey
	group := map[branchKey][]gen.EdgeStatus{}
	for _, es := range r.Edges {
		k := edgeKey(es.Edge)
		if _, ok := group[k]; !ok {
			order = append(order, k)
		}
		group[k] = append(group[k], es)
	}
	if fr.explored != "" {
		summarizeExplored(&s, fr, m)
		return s
	}
	s.Branches = len(order)
	s.NotMeasured = m.notMeasured
	for _, k := range order {
		if m.taken[k] || (m.notMeasured != "" && slices.ContainsFunc(group[k], func(x gen.EdgeStatus) bool { return x.Outcome == gen.Covered })) {
			// Measured, or, when nothing could be, the replay's word
			// (the summary says so).
			s.Covered++
			continue
		}
		es := group[k][0]
		unreachable := true
		for _, x := range group[k] {
			if x.Outcome != gen.Unreachable {
				unreachable, es = false, x
				break
			}
		}
		var reason string
		switch {
		case unreachable:
			s.Unreachable++
			reason = unreachableReason(es)
		case es.Outcome == gen.Covered:
			reason = "covered by the replay but not by the tests on the real code"
			if m.testsFailed {
				reason += " (some tests fail)"
			}
		default:
			reason = es.Outcome.String()
			if es.Detail != "" {
				reason += ": " + es.Detail
			}
		}
		e := es.Edge
		s.NotCovered = append(s.NotCovered, notCovered{Pos: rel(e.Pos().String()), Cond: e.Cond(), Outcome: e.Label(), Reason: reason})
	}
	s.Unknown = s.Branches - s.Covered - s.Unreachable
	return s
}

func roundSeconds(d time.Duration) float64 {
	return float64(d.Round(10*time.Millisecond)) / float64(time.Second)
}

func report(cfg *genConfig, results []*funcResult, m measured, stdout io.Writer) {
	enc := json.NewEncoder(stdout)
	for _, fr := range results {
		if fr.err == nil {
			printSummary(cfg, summarize(fr, m), stdout, enc)
		}
	}
}

// printSummary prints one function's summary line, or its JSON object.
func printSummary(cfg *genConfig, s funcSummary, stdout io.Writer, enc *json.Encoder) {
	if cfg.json {
		enc.Encode(s)
		return
	}
	pct := 100.0
	if s.Branches > 0 {
		pct = 100 * float64(s.Covered) / float64(s.Branches)
	}
	share := fmt.Sprintf("%.1f%%", pct)
	switch {
	case s.Branches == 0 && s.NoCase != "":
		share = "no case" // nothing to cover, and no test either
	case s.Branches == 0 && s.NotMeasured != "":
		share = "not measured"
	}
	name := s.Func
	if i := strings.Index(name, "."); i >= 0 {
		name = name[i+1:]
	}
	cases := fmt.Sprintf("%d cases", s.Tests)
	if s.ForMutants > 0 {
		cases += fmt.Sprintf(" (%d for mutants)", s.ForMutants)
	}
	if s.Unchanged {
		fmt.Fprintf(stdout, "%s  %s  %d/%d branches (%s)  %d goals  %s  unchanged: table kept\n",
			s.File, name, s.Covered, s.Branches, share, s.UE, cases)
	} else {
		fmt.Fprintf(stdout, "%s  %s  %d/%d branches (%s)  %d goals  %s  %.2fs\n",
			s.File, name, s.Covered, s.Branches, share, s.UE, cases, s.Seconds)
	}
	if s.NotMeasured != "" {
		fmt.Fprintf(stdout, "\tnot measured: %s; the figures are pbcc's own\n", s.NotMeasured)
	}
	if s.Approximation != "" {
		fmt.Fprintf(stdout, "\t%s\n", s.Approximation)
	}
	if s.NoCase != "" {
		fmt.Fprintf(stdout, "\tno case: %s\n", s.NoCase)
	}
	if s.Unstable > 0 {
		fmt.Fprintf(stdout, "\t%d cases whose results cannot be checked (they vary from run to run or with the machine, or no test can write them): their tests check only that the call does not panic\n", s.Unstable)
	}
	for _, nc := range s.NotCovered {
		fmt.Fprintf(stdout, "\t%s %s %s: %s\n", nc.Pos, nc.Cond, nc.Outcome, nc.Reason)
	}
	for _, f := range s.Findings {
		fmt.Fprintf(stdout, "\tfinding: %s: %s with %s\n", f.Pos, f.Kind, f.Inputs)
	}
	if len(s.Unmodelled) > 0 {
		var cs []string
		for _, c := range s.Unmodelled {
			if c.Model != "" {
				cs = append(cs, c.Call+" at "+c.Pos+" ("+c.Model+" model)")
			} else {
				cs = append(cs, c.Call+" at "+c.Pos)
			}
		}
		fmt.Fprintf(stdout, "\tcalls not modelled exactly, results learnt by replay: %s\n", strings.Join(cs, ", "))
	}
}

// rel returns path (or a "path:line:col" position) relative to the
// working directory when it is below it.
func rel(path string) string {
	wd, err := os.Getwd()
	if err != nil || !filepath.IsAbs(path) {
		return path
	}
	if std := gen.StdFile(path); std != "" {
		return std // a followed standard library function (ssaexec/lowerstd.go)
	}
	if r, err := filepath.Rel(wd, path); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return path
}

// relErr shortens the absolute paths in an error message.
func relErr(err error) string { return relText(err.Error()) }

// relText makes the paths in msg below the working directory relative to
// it: the output is then the same in every checkout.
func relText(msg string) string {
	if wd, e := os.Getwd(); e == nil {
		msg = strings.ReplaceAll(msg, wd+string(filepath.Separator), "")
	}
	return msg
}

// workers returns how many functions are searched at once: $PBCC_WORKERS,
// else 1. Z3's answers depend on its allocation history when contexts run
// in parallel threads (observed: the same query gives other models), so
// only a single worker keeps the output byte-identical from run to run.
func workers() int {
	if n, err := strconv.Atoi(os.Getenv("PBCC_WORKERS")); err == nil && n > 0 {
		return n
	}
	return 1
}

// unreachableReason says under which bound an edge was proved unreachable.
func unreachableReason(es gen.EdgeStatus) string {
	switch {
	case es.Detail == gen.ForAnyBound:
		return "unreachable"
	case strings.HasPrefix(es.Detail, "with inputs of"):
		return "unreachable " + es.Detail + " (-len)"
	}
	return fmt.Sprintf("unreachable within k=%d", es.K)
}

// includeDirs is the value of -I: the directories as given (for the
// harness's command line) and absolute (for gcc, which runs elsewhere).
type includeDirs struct{ given, abs []string }

func (d *includeDirs) String() string { return strings.Join(d.given, " ") }

func (d *includeDirs) Set(s string) error {
	a, err := filepath.Abs(s)
	if err != nil {
		return err
	}
	d.given, d.abs = append(d.given, s), append(d.abs, a)
	return nil
}
