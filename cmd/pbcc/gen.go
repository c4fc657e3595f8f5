package main

import (
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
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/solve"
	"github.com/pbcc/pbcc/ssaexec"
	"github.com/pbcc/pbcc/ssaexec/emit"
)

// genConfig is what the gen flags say.
type genConfig struct {
	funcRE       *regexp.Regexp
	opts         gen.Options
	timeout      time.Duration
	queryTimeout time.Duration
	json         bool
	globals      bool   // package-level variables are inputs (-globals)
	cmdLine      string // recorded in the generated files' header
}

func parseGen(args []string, stderr io.Writer) (*genConfig, []string, error) {
	fs := flag.NewFlagSet("pbcc gen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	funcPat := fs.String("func", "", "generate only for functions whose name (F or T.M) matches `REGEXP`")
	k := fs.Int("k", gen.DefaultOptions.K, "largest iteration `bound`: no block entered more than N+1 times per call")
	timeout := fs.Duration("timeout", 5*time.Minute, "time budget of the whole run")
	qt := fs.Duration("query-timeout", 10*time.Second, "time limit of one solver query")
	js := fs.Bool("json", false, "print one JSON object per function")
	globals := fs.Bool("globals", false, "make the package-level variables a function reads inputs its tests set (by default they keep the values the package gives them)")
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
	c := &genConfig{opts: gen.DefaultOptions, timeout: *timeout, queryTimeout: *qt, json: *js, globals: *globals}
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
	for _, p := range fs.Args() {
		parts = append(parts, quoteArg(p))
	}
	c.cmdLine = strings.Join(parts, " ")
	return c, fs.Args(), nil
}

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

func runGen(args []string, stdout, stderr io.Writer) int {
	cfg, patterns, err := parseGen(args, stderr)
	if err != nil {
		if err != flag.ErrHelp {
			fmt.Fprintln(stderr, err)
		}
		return 2
	}
	ctx, cancel := context.WithTimeout(context.Background(), cfg.timeout)
	defer cancel()

	cFiles, patterns := splitArgs(patterns)
	status := 0
	if len(cFiles) > 0 {
		status = genC(ctx, cfg, cFiles, stdout, stderr)
		if len(patterns) == 0 {
			return status
		}
	}
	pkgs, err := ssaexec.LoadWith(".", ssaexec.Options{Globals: cfg.globals}, patterns...)
	if err != nil {
		fmt.Fprintf(stderr, "pbcc: %v\n", relErr(err))
		return 2
	}
	for _, p := range pkgs {
		for _, e := range p.Errors {
			fmt.Fprintf(stderr, "pbcc: %s\n", relErr(e))
		}
		files := map[*ir.Func]string{}
		var fs []*ir.Func
		for _, f := range p.Funcs {
			files[f.IR] = f.File
			fs = append(fs, f.IR)
		}
		setSiblings(fs)
		results := generate(ctx, cfg, selected(cfg, fs), func(f *ir.Func) string { return files[f] })
		written, err := writeTests(cfg, p, results, stderr)
		if err != nil {
			status = 2
		}
		if len(written) == 0 {
			continue
		}
		if added, err := emit.EnsureGoCmp(p.Dir); err != nil {
			fmt.Fprintf(stderr, "pbcc: %v\n", err)
			status = 2
			continue
		} else if added {
			fmt.Fprintf(stderr, "pbcc: added github.com/google/go-cmp to the go.mod of %s (the generated tests use it)\n", rel(p.Dir))
		}
		m, err := measure(ctx, p.Dir, "")
		if err != nil {
			fmt.Fprintf(stderr, "pbcc: %s: measuring coverage: %v\n", rel(p.Dir), err)
			status = 2
		}
		report(cfg, results, m, stdout)
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

// selected returns the functions of p that -func selects.
func selected(cfg *genConfig, fs []*ir.Func) []*ir.Func {
	var todo []*ir.Func
	for _, f := range fs {
		if cfg.funcRE == nil || cfg.funcRE.MatchString(shortName(f)) {
			todo = append(todo, f)
		}
	}
	return todo
}

// generate runs the search for each function of todo, on as many workers
// as there are CPUs, each function with a Z3 context of its own. Results come back in
// todo's order whatever the scheduling; file gives each function's source
// file.
func generate(ctx context.Context, cfg *genConfig, todo []*ir.Func, file func(*ir.Func) string) []*funcResult {
	out := make([]*funcResult, len(todo))
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < min(workers(), len(todo)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Z3 keeps state per OS thread (its allocators, resource
			// counters); a goroutine free to move between threads from
			// one cgo call to the next makes its answers vary.
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			for i := range jobs {
				s := solve.New(cfg.queryTimeout)
				r, err := gen.Generate(ctx, todo[i], s, cfg.opts)
				s.Close()
				out[i] = &funcResult{file: file(todo[i]), r: r, err: err}
			}
		}()
	}
	for i := range todo {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return out
}

type funcResult struct {
	file string // the source file that declares the function
	r    *gen.Result
	err  error
}

// writeTests writes one test file per source file of p that has selected
// functions, and returns the files written.
func writeTests(cfg *genConfig, p *ssaexec.Package, results []*funcResult, stderr io.Writer) ([]string, error) {
	byFile := map[string][]*gen.Result{}
	var files []string
	for _, fr := range results {
		if fr.err != nil {
			fmt.Fprintf(stderr, "pbcc: %s: %v\n", rel(fr.file), fr.err)
			continue
		}
		if _, ok := byFile[fr.file]; !ok {
			files = append(files, fr.file)
		}
		byFile[fr.file] = append(byFile[fr.file], fr.r)
	}
	sort.Strings(files)
	var written []string
	var firstErr error
	for _, f := range files {
		content, err := emit.File(p.Name, byFile[f], cfg.cmdLine)
		var omitted *emit.OmittedError
		if errors.As(err, &omitted) {
			// The file is written without what could not be: say what.
			for _, o := range omitted.Omitted {
				o.Pos = rel(o.Pos)
				fmt.Fprintf(stderr, "pbcc: %s\n", o)
			}
			err = nil
		}
		if err == nil {
			err = emit.Write(emit.TestFileName(f), content)
		}
		if err != nil {
			fmt.Fprintf(stderr, "pbcc: %v\n", relErr(err))
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		written = append(written, emit.TestFileName(f))
		if !cfg.json {
			// stdout carries the summary; where files went is news for
			// the person at the terminal.
			fmt.Fprintf(stderr, "wrote %s\n", rel(emit.TestFileName(f)))
		}
	}
	return written, firstErr
}

// funcSummary is the per-function line of gen's output, and its JSON form.
type funcSummary struct {
	Func        string       `json:"func"`
	File        string       `json:"file"`
	Branches    int          `json:"branches"`
	Covered     int          `json:"covered"`
	Unreachable int          `json:"unreachable"`
	Unknown     int          `json:"unknown"`
	UE          int          `json:"ue"`
	Tests       int          `json:"tests"`
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
	s.Branches = len(order)
	for _, k := range order {
		if m.taken[k] {
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
	name := s.Func
	if i := strings.Index(name, "."); i >= 0 {
		name = name[i+1:]
	}
	fmt.Fprintf(stdout, "%s  %s  %d/%d branches (%.1f%%)  %d goals  %d cases  %.2fs\n",
		s.File, name, s.Covered, s.Branches, pct, s.UE, s.Tests, s.Seconds)
	if s.NotMeasured != "" {
		fmt.Fprintf(stdout, "\tnot measured: %s; the figures are pbcc's own\n", s.NotMeasured)
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
func relErr(err error) string {
	msg := err.Error()
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
	case es.Detail == "for any bound":
		return "unreachable"
	case strings.HasPrefix(es.Detail, "with inputs of"):
		return "unreachable " + es.Detail + " (-len)"
	}
	return fmt.Sprintf("unreachable within k=%d", es.K)
}
