package oracle

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"hash/fnv"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/internal/proc"
	"github.com/pbcc/pbcc/ssaexec"
	"github.com/pbcc/pbcc/ssaexec/cover"
	"github.com/pbcc/pbcc/ssaexec/generic"
)

// ExploreOptions bound the search on the real code.
type ExploreOptions struct {
	Calls int // calls per function, at most
	// Steps bounds the branch executions (of the package's code) in a
	// function's calls: a slow function's search ends on it rather than
	// on time. Calls and Steps count the same on a loaded machine as on
	// an idle one, so the inputs kept do not depend on the load.
	Steps int64
	// Budget is the time per function, at most: a safety net a normal
	// search ends well before (the search says it ran out of time).
	Budget time.Duration
	// Memory bounds the heap of the search's process: a call that
	// allocates past it (a pattern that expands without end) crashes the
	// process, which the search takes as it takes any crash: that
	// function's search ends with the inputs it kept, the next one's
	// begins. 0: no bound.
	Memory int64
	// Seeds are results whose cases the search of their function starts
	// from (an input moved by one from a case reaches the boundary the
	// case is next to); a target without a result here starts from
	// generated inputs.
	Seeds []File
}

// DefaultExplore is what pbcc gen uses. Calls and Steps are sized so that
// a function's search takes about as long as the 2 s time budget it had
// before (bench/README.md, "Deterministic under load"); the mutants' phase
// takes at most half as many more. Memory is libFuzzer's default bound
// (-rss_limit_mb=2048): gobwas/glob's search reached 7 GB before it
// crashed, without one.
var DefaultExplore = ExploreOptions{Calls: 10000, Steps: 2_000_000, Budget: 10 * time.Second, Memory: 2 << 30}

// callTimeout is how long one call may take before it is taken for a loop
// without exit: far more than any call of a search bounded by Steps
// takes, even on a loaded machine.
const callTimeout = time.Second

// hangAfter is how long one call may take in a search whose time budget
// per function is budget: callTimeout, or a quarter of a small budget
// (at least 250 ms). Under a run's tight -timeout each call taken for a
// hang costs a restart of the driver, and at 1 s each the hangs of a few
// functions spent the time of the others (go-humanize's oom and oomm
// under -timeout 45s: 17 tables of 34).
func hangAfter(budget time.Duration) time.Duration {
	return min(callTimeout, max(budget/4, 250*time.Millisecond))
}

// An Explored function is one Explore searched, or could not.
type Explored struct {
	Result *gen.Result // its cases; Edges is empty (the model has none)
	// Stop says why the search ended before its calls were spent
	// ("time budget", a call that did not return), or why it did not
	// run at all (NotRun).
	Stop   string
	NotRun bool
}

// explorerName is the file the driver is overlaid as.
const explorerName = "pbcc_explore_test.go"

// A Target is a function to search on the real code.
type Target struct {
	// Func gives the signature: Params and Results (a body is not
	// needed: see ssaexec.Skipped); Src is the *ssa.Function.
	Func *ir.Func
	// Covered are the branch sites cases already reach (Verdict.Hits):
	// the search looks for the others, and keeps no input for these.
	// Nil when the function has no cases: its first input is kept, as
	// its one case if it reaches no site; empty when its cases reach no
	// site (they panic before the first).
	Covered []int
}

// Explore searches, on the package in dir compiled by the Go toolchain,
// inputs that reach the branches of functions pbcc's model cannot
// express, or left unreached. Each input kept reached a branch site of
// the function that no earlier one did; its results, its panic and what
// it leaves behind its pointers are the real ones. A function that would act on the machine (its
// calls reach os, net, syscall, os/exec) is not run.
//
// After the branches and the relations, the search runs the mutants of
// each function's code (cover's mutant schemata: its comparisons negated
// or with their boundary moved, its arithmetic replaced): an input is
// kept, too, when a mutant no case kills returns, panics or leaves its
// parameters otherwise than the code on it (strong mutation).
func Explore(ctx context.Context, dir, pkgName string, targets []Target, opts ExploreOptions) ([]*Explored, error) {
	b := Compile(ctx, dir, pkgName, opts.Seeds, targets, opts)
	defer b.Close()
	return b.Explore(ctx, targets, opts.Budget)
}

// A drvTarget is a function as the driver's pbccTargets lists it.
type drvTarget struct {
	Expr, Seed         string
	Sites, Rels        string
	Ints, Floats, Strs string
	Muts               string
	Lens, Chars        string
	Anys               string // the reflect.Types of assertedTypes
	Env                string // the quoted names of Func.Env
	Stdout             bool   // Func.Stdout
	Exits              bool   // Func.Exits
	Files              bool   // Func.Files
	Args               bool   // Func.Args
	After              bool
	Key                uint64
	index              int // in the targets given to Compile
}

// A searchDriver is the driver of the search on the real code of the
// targets given to Compile.
type searchDriver struct {
	text    []byte
	targets []drvTarget
	// notRun says, by target given to Compile, why it is not in the
	// driver ("" when it is); machineReads names a call of the target
	// that reads the machine's state: its cases check only that the
	// call does not panic.
	notRun, machineReads []string
	byFunc               map[*ir.Func]int // the index of each target given to Compile
	slot                 []int            // by target given to Compile, its index in targets (-1: not in the driver)
}

// flagSpellings returns, for the constants of strs (Go literals) that
// may name a flag (flag.BoolVar(&help, "h", ...)), the argument that sets
// it ("-h"): the words of a program's command line.
func flagSpellings(strs []string) []string {
	var out []string
	for _, q := range strs {
		s, err := strconv.Unquote(q)
		if err != nil || s == "" || len(s) > 24 || strings.HasPrefix(s, "-") {
			continue
		}
		name := true
		for _, r := range s {
			name = name && (r == '-' || r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
		}
		if name {
			out = append(out, strconv.Quote("-"+s))
		}
	}
	return out
}

// stringsOf decodes a []string the search recorded.
func stringsOf(x *node) ([]string, bool) {
	if x == nil || x.K == "nil" {
		return nil, true
	}
	if x.K != "slice" {
		return nil, false
	}
	out := make([]string, len(x.E))
	for i, e := range x.E {
		if e == nil || e.K != "s" {
			return nil, false
		}
		out[i] = string(e.B)
	}
	return out, true
}

// targetSSA returns the function of f's body and, for an instance of a
// generic function, the expression its tests call it by ("" otherwise):
// its body, constants and callees are the generic ones.
func targetSSA(f *ir.Func) (fn *ssa.Function, expr string, ok bool) {
	if inst, isInst := f.Src.(*generic.Instance); isInst {
		return inst.Fn, inst.Callee(types.RelativeTo(inst.Fn.Object().Pkg())), true
	}
	fn, ok = f.Src.(*ssa.Function)
	return fn, "", ok
}

// stopsOf returns the full names of the functions of other packages that
// act on the machine and that the package's code of targets calls: the
// instrumentation stops those calls (cover.Instrument), so that the
// targets run up to them.
func stopsOf(targets []Target) []string {
	stops := map[string]bool{}
	for _, t := range targets {
		if fn, _, ok := targetSSA(t.Func); ok {
			sideEffect(fn, t.Func.Files, stops)
		}
	}
	return slices.Sorted(maps.Keys(stops))
}

// newSearchDriver writes the driver of the search of targets on the
// package instrumented as in, with runtime rt; seedTest names, by
// function, the oracle's test of its cases, which the search starts
// from.
func newSearchDriver(in *cover.Instrumentation, pkgName string, rt *runtime, targets []Target, seedTest map[*ir.Func]string, opts ExploreOptions) (*searchDriver, error) {
	d := &searchDriver{notRun: make([]string, len(targets)), machineReads: make([]string, len(targets)), byFunc: map[*ir.Func]int{}, slot: make([]int, len(targets))}
	fns := make([]*ir.Func, len(targets))
	for i, t := range targets {
		fns[i] = t.Func
		d.byFunc[t.Func] = i
		d.slot[i] = -1
	}
	namer := &typeNamer{own: ownPackage(fns)}
	for i, f := range fns {
		fn, expr, ok := targetSSA(f)
		if !ok {
			d.notRun[i] = "no SSA function"
			continue
		}
		// The calls of other packages' functions that act were given to
		// the instrumentation (stopsOf), which stops them.
		call, acts := sideEffect(fn, f.Files, map[string]bool{})
		if acts {
			d.notRun[i] = "not run: it calls " + call + ", which acts on the machine"
			continue
		}
		d.machineReads[i] = call
		if expr == "" {
			expr, ok = callExpr(fn)
		}
		if !ok {
			d.notRun[i] = "not run: it cannot be named in a test"
			continue
		}
		var sites, rels, muts []string
		// A mutant, as the driver's pbccMut: its id and the hits of a run
		// whose value it changes at its site.
		mut := func(id int, infect ...int) {
			var ks []string
			for _, k := range infect {
				ks = append(ks, strconv.Itoa(k))
			}
			muts = append(muts, fmt.Sprintf("{%d, []int{%s}}", id, strings.Join(ks, ", ")))
		}
		for id, s := range in.Sites {
			if s.Func == f.Name || strings.HasPrefix(s.Func, f.Name+"$") {
				sites = append(sites, strconv.Itoa(2*id), strconv.Itoa(2*id+1))
				for _, r := range boundary(s) {
					rels = append(rels, strconv.Itoa(in.RelationHit(id, r)))
				}
				if s.Negatable {
					mut(in.NegationMutant(id), 2*id, 2*id+1)
				}
				if s.Op != "" {
					mut(in.BoundaryMutant(id), in.RelationHit(id, cover.RelEqual))
				}
			}
		}
		if len(sites) == 0 {
			// A function without branches of its own (NewVersion, a
			// wrapper of newVersion; replace.c's getpat in C): its
			// cases are for the branches of the package's functions it
			// calls, else one call is all the search keeps.
			callees := packageCallees(fn)
			for id, s := range in.Sites {
				if name, _, _ := strings.Cut(s.Func, "$"); callees[name] {
					sites = append(sites, strconv.Itoa(2*id), strconv.Itoa(2*id+1))
				}
			}
		}
		for i, a := range in.Ariths {
			if a.Func == f.Name {
				if a.Kind == "" || a.Kind == cover.ArithEqual {
					rels = append(rels, strconv.Itoa(in.ArithHit(i)))
				}
				mut(in.ArithMutant(i), in.ArithHit(i))
			}
		}
		dict := dictionary(fn, len(f.Env) > 0)
		if f.Args {
			// The flags the package's variables define are the
			// program's too (var verbose = flag.Bool("v", ...)).
			if ini := fn.Pkg.Func("init"); ini != nil {
				pre := dictionary(ini, false)
				for _, s := range pre.strs {
					if !slices.Contains(dict.strs, s) {
						dict.strs = append(dict.strs, s)
					}
				}
			}
			dict.strs = append(dict.strs, flagSpellings(dict.strs)...)
		}
		var anys []string
		for _, at := range append(assertedTypes(fn), reflectedTypes(fn, f)...) {
			if !heldByParam(f, at) {
				continue // a value the case could not be read back with
			}
			if e, ok := namer.expr(at); ok {
				anys = append(anys, e)
			}
		}
		var env []string
		for _, k := range f.Env {
			env = append(env, strconv.Quote(k))
		}
		d.slot[i] = len(d.targets)
		d.targets = append(d.targets, drvTarget{Env: strings.Join(env, ", "), Expr: expr, Seed: seedTest[f], Sites: strings.Join(sites, ", "), Rels: strings.Join(rels, ", "),
			Muts: strings.Join(muts, ", "), After: pointsToMemory(f), Key: nameKey(f.Name), Stdout: f.Stdout, Exits: f.Exits, Files: f.Files, Args: f.Args,
			Ints: strings.Join(dict.ints, ", "), Floats: strings.Join(dict.floats, ", "), Strs: strings.Join(dict.strs, ", "), Lens: strings.Join(dict.lens, ", "), Chars: strconv.Quote(dict.chars), Anys: strings.Join(anys, ", "), index: i})
	}
	if len(d.targets) == 0 {
		return d, nil
	}
	var drv bytes.Buffer
	steps := opts.Steps
	if steps <= 0 {
		steps = math.MaxInt64
	}
	impls, byIface := implTypes(fns)
	if err := driverText.Execute(&drv, map[string]any{"Pkg": pkgName, "RT": rt, "Targets": d.targets, "Impls": impls, "IfaceImpls": byIface, "Imports": namer.imports, "Globals": packageVars(fns),
		"Calls": opts.Calls, "Steps": steps}); err != nil {
		return d, fmt.Errorf("oracle: the search driver: %w", err)
	}
	d.text = drv.Bytes()
	return d, nil
}

// A runTarget is what the driver learns at run time of the function it
// searches (PBCC_EXPLORE_TARGETS): whether it is searched at all, the
// sites its cases already reach (Target.Covered) and whether its first
// input is kept whatever it reaches (no cases).
type runTarget struct {
	Run     bool  `json:"run"`
	Covered []int `json:"covered"`
	First   bool  `json:"first"`
}

// Explore runs the search of Explore (the function) on the binary, for
// targets, which must have been given to Compile (in any order, with
// their Covered now known); budget is the time per function, at most.
func (b *Binary) Explore(ctx context.Context, targets []Target, budget time.Duration) ([]*Explored, error) {
	out := make([]*Explored, len(targets))
	for i, t := range targets {
		out[i] = &Explored{Result: &gen.Result{Func: t.Func}}
	}
	if b.exploreErr != nil {
		return out, b.exploreErr
	}
	d := b.driver
	run := make([]runTarget, len(d.targets))
	given := make([]int, len(d.targets)) // the index in targets of each driver target
	searched := 0
	for i, t := range targets {
		j, ok := d.byFunc[t.Func]
		if !ok {
			return out, fmt.Errorf("oracle: %s was not compiled for the search", t.Func.Name)
		}
		if d.notRun[j] != "" {
			out[i].NotRun, out[i].Stop = true, d.notRun[j]
			continue
		}
		k := d.slot[j]
		run[k] = runTarget{Run: true, Covered: t.Covered, First: t.Covered == nil}
		given[k] = i
		searched++
	}
	if searched == 0 {
		return out, nil
	}
	js, err := json.Marshal(run)
	if err != nil {
		return out, fmt.Errorf("oracle: %w", err)
	}
	runPath := filepath.Join(b.tmp, "targets.json")
	if err := os.WriteFile(runPath, js, 0o644); err != nil {
		return out, fmt.Errorf("oracle: %w", err)
	}
	skip, _ := json.Marshal(b.dropped)
	recs := filepath.Join(b.tmp, "explore.jsonl")
	os.Remove(recs)
	var output bytes.Buffer
	started := time.Now()
	var runErr error
	// A call that does not return ends the driver's process (its
	// goroutine would keep a core busy, and call the coverage hook while
	// other inputs run): the search starts again, in a new process, with
	// the same function and another seed (the sites its first attempts
	// reached given), and after 3 such calls with the next function.
	// A call that runs the process out of memory (past the search's
	// bound) starts the function's search again too, with another seed,
	// up to crashRetries times: one input of an edit made too large
	// ended gobwas/glob's searches of five functions.
	crashes := map[int]int{}
	for from, hangs, restarts := 0, 0, 0; ; restarts++ {
		cmd := proc.Command(ctx, b.path, "-test.count=1", "-test.run", "^TestPBCCExplore$", "-test.timeout", timeout(ctx).String())
		cmd.Dir = b.dir
		// The seeds are the cases the oracle's run kept (PBCC_ORACLE_SKIP:
		// those it left out).
		cmd.Env = append(os.Environ(), "PBCC_EXPLORE_OUT="+recs, "PBCC_EXPLORE_FROM="+strconv.Itoa(from),
			"PBCC_EXPLORE_HANGS="+strconv.Itoa(hangs), "PBCC_EXPLORE_COVERED="+reached(recs, from),
			"PBCC_EXPLORE_TARGETS="+runPath, "PBCC_ORACLE_SKIP="+string(skip), "PBCC_EXPLORE_DIR="+b.tmp,
			fmt.Sprintf("PBCC_EXPLORE_BUDGET=%d", budget.Nanoseconds()),
			// A call that does not return within this (a loop without
			// exit) ends the search of its function.
			fmt.Sprintf("PBCC_EXPLORE_CALL_TIMEOUT=%d", hangAfter(budget).Nanoseconds()),
			fmt.Sprintf("PBCC_EXPLORE_ONE_CALL=%d", oneCall(ctx).Nanoseconds()))
		output.Reset()
		cmd.Stdout, cmd.Stderr = &output, &output
		if runErr = cmd.Start(); runErr == nil {
			// Best effort: where prlimit is refused (a sandbox), the
			// search runs without the bound, as it did before it.
			_ = proc.LimitData(cmd, b.memory)
			runErr = cmd.Wait()
		}
		if l := lastLine(recs); runErr != nil && l != nil && l.Fresh && l.Func > from && ctx.Err() == nil {
			// The calls before left too many goroutines
			// (pbccrt's pbccFreshExit): not a restart of a function's search.
			from, hangs = l.Func, 0
			restarts--
			continue
		}
		hung := lastHung(recs)
		if runErr != nil && hung < from && ctx.Err() == nil && restarts < 3*searched && !timedOut(output.Bytes()) {
			// A call crashed the process (fatal error: out of memory, a
			// panic in a goroutine the function started): that
			// function's search ends there, with the inputs it kept
			// (out of memory: after crashRetries more tries with other
			// seeds), and the others go on in a new process.
			if k := lastBegun(recs); k >= from {
				why, ok := crashLine(output.Bytes())
				if !ok {
					why = "no message"
				}
				// Only out of memory: a panic in a goroutine the
				// function started ends the process after the call
				// returned, at a time that varies, and a search started
				// again would give it more chances to crash a test.
				if crashes[k] < crashRetries && strings.Contains(why, "out of memory") {
					crashes[k]++
					from, hangs = k, crashes[k]
					continue
				}
				stop, _ := json.Marshal(recordLine{Func: k, Stop: "a call crashed the search's process (" + why + ")" + tries(crashes[k]) + ": the function's search ended there, with the inputs it had kept"})
				if f, err := os.OpenFile(recs, os.O_WRONLY|os.O_APPEND, 0o644); err == nil {
					f.Write(append(stop, '\n'))
					f.Close()
				}
				if from, hangs = k+1, 0; from >= len(d.targets) {
					runErr = nil
					break
				}
				continue
			}
		}
		if runErr == nil || hung < from || restarts >= 3*searched || ctx.Err() != nil {
			break
		}
		if hangs = hangsOf(recs); hung != from || hangs >= 3 {
			from, hangs = hung+1, 0
		}
		if from >= len(d.targets) {
			runErr = nil // the last function hung: the others were searched
			break
		}
	}
	in := b.in
	data, _ := os.ReadFile(recs)
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<28)
	for sc.Scan() {
		var l struct {
			Func  int     `json:"func"`
			Args  []*node `json:"args"`
			Done  bool    `json:"done"`
			Panic string  `json:"panic"`
			Got   []*node `json:"got"`
			After []*node `json:"after"`
			New   []int   `json:"new"`
			Stop  string  `json:"stop"`
			Kill  bool    `json:"kill"`
			Fresh bool    `json:"fresh"`
			// Unstable: three more calls did not all give the same results.
			Unstable bool `json:"unstable"`
			// Varies: the results that differed in those calls (Unstable
			// when all did).
			Varies []int `json:"varies"`
			Begin  bool  `json:"begin"`
			// Files: the names the call found made (pbccInDir).
			Files []string `json:"files"`
		}
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil || l.Begin || l.Fresh || l.Func < 0 || l.Func >= len(d.targets) || !run[l.Func].Run {
			continue
		}
		e := out[given[l.Func]]
		if l.Stop != "" {
			e.Stop = l.Stop
			continue
		}
		// A program's main's inputs begin with its command line
		// (pbccWithArgs).
		var cmdLine []string
		if e.Result.Func.Args {
			if len(l.Args) < 1 || len(l.After) < 1 {
				continue
			}
			var ok bool
			if cmdLine, ok = stringsOf(l.Args[0]); !ok {
				continue
			}
			l.Args, l.After = l.Args[1:], l.After[1:]
		}
		// Then with the values of the environment variables the function
		// reads (pbccWithEnv).
		n := len(e.Result.Func.Env)
		if len(l.Args) < n || len(l.After) < n {
			continue
		}
		env, ok := envValues(l.Args[:n])
		if !ok {
			continue
		}
		// Then, for a function that reads files, whether the files it
		// names exist and their contents (pbccInDir).
		var files map[string]string
		if e.Result.Func.Files {
			if len(l.Args) < n+2 || len(l.After) < n+2 {
				continue
			}
			on, text := l.Args[n], l.Args[n+1]
			if on == nil || on.K != "b" || text == nil || text.K != "s" {
				continue
			}
			if on.V == "true" && len(l.Files) > 0 {
				files = map[string]string{}
				for _, name := range l.Files {
					files[name] = string(text.B)
				}
			}
			n += 2
		}
		// And its results end with what it printed, and for a function
		// that may end the process, what it wrote to standard error and
		// its exit status (pbccWithStdout).
		got, printed, stderr, exit := l.Got, (*string)(nil), (*string)(nil), 0
		if f := e.Result.Func; (f.Stdout || f.Exits) && l.Done {
			extra := 1
			if f.Exits {
				extra = 3
			}
			if len(got) != len(f.Results)+extra {
				continue
			}
			r := len(f.Results)
			text := func(k int) *string {
				if x := got[r+k]; x != nil && x.K == "s" && len(x.B) <= maxPrinted && !slices.Contains(l.Varies, r+k) {
					s := string(x.B)
					return &s
				}
				return nil
			}
			printed = text(0)
			if f.Exits {
				stderr = text(1)
				x := got[r+2]
				if x == nil || x.K != "i" || slices.Contains(l.Varies, r+2) {
					continue
				}
				v, err := strconv.Atoi(x.V)
				if err != nil {
					continue
				}
				exit = v
			}
			got = got[:r]
		}
		c, ok := exploredCase(e.Result.Func, l.Args[n:], l.Done, l.Panic, got, l.After[n:], b.pkgName)
		if !ok {
			continue
		}
		c.Env, c.Files, c.Args = env, files, cmdLine
		c.Unstable = c.Unstable || (l.Unstable || d.machineReads[d.targets[l.Func].index] != "") && l.Done
		c.Exit = exit
		if !c.Unstable && l.Done {
			c.Varies = slices.DeleteFunc(l.Varies, func(i int) bool { return i >= len(e.Result.Func.Results) })
			c.Stdout, c.Stderr = printed, stderr
		}
		c.Name = "call"
		if len(l.New) > 0 {
			c.Name = hitName(in, l.New[0])
		}
		c.ForMutant = l.Kill || len(l.New) > 0 && !slices.ContainsFunc(l.New, in.IsBranchHit)
		e.Result.Cases = append(e.Result.Cases, c)
	}
	for k, r := range run {
		if r.Run {
			out[given[k]].Result.Duration = time.Since(started) / time.Duration(searched)
		}
	}
	if runErr != nil && (ctx.Err() != nil || timedOut(output.Bytes())) {
		// ctx's end, or go test's -timeout, which is what was left of
		// it: the search's time budget (cmd/pbcc gives it half of what
		// is left of the run's), not a failure of the driver.
		return out, fmt.Errorf("oracle: the search on the real code in %s: its time budget ended before it was done; the functions it had not searched yet have no cases from it", b.dir)
	}
	if runErr != nil {
		return out, fmt.Errorf("oracle: the search on the real code in %s: %v\n%s", b.dir, runErr, tail(output.Bytes()))
	}
	return out, nil
}

// envValues reads the values of environment variables the driver set
// for a call; nil when all are empty.
func envValues(args []*node) ([]string, bool) {
	var vals []string
	set := false
	for _, a := range args {
		if a == nil || a.K != "s" {
			return nil, false
		}
		v := string(a.B)
		vals = append(vals, v)
		set = set || v != ""
	}
	if !set {
		return nil, true
	}
	return vals, true
}

// maxPrinted is the most a case's test checks of what the call prints
// (the driver's pbccMaxPrinted): more is no literal a reviewer reads.
const maxPrinted = 2048

// nameKey is the seed of a function's random inputs: its name's hash, so
// that the function is searched the same whichever others are searched
// with it (a shard, -func) and wherever it comes in the run.
func nameKey(name string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return h.Sum64() | 1
}

// oneCall is how long the one call of a function without parameters may
// take (the driver's pbccOneCall): a quarter of what is left of ctx, at
// most 30 s, and at least the function's budget. Such a function has no
// other input to search, and its call may be long where the search's
// coverage hook sees every branch (go-runewidth's CreateLUT: 20 ms
// compiled, 6 s instrumented, past its share of the run's budget: no
// table).
func oneCall(ctx context.Context) time.Duration {
	d := 30 * time.Second
	if dl, ok := ctx.Deadline(); ok {
		d = min(d, time.Until(dl)/4)
	}
	return d
}

// tries says how many searches crashed, after n started again.
func tries(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(", %d times with other seeds", n+1)
}

// crashRetries is how many times the search of a function whose call
// ran the process out of memory starts again, with another seed.
const crashRetries = 2

// hungExit is the driver's exit status after a call that did not return.
const hungExit = 97

// lastHung returns the function whose call did not return, by its
// driver index, when the last line of the records says so; else -1.
func lastHung(recs string) int {
	l := lastLine(recs)
	if l == nil || !strings.Contains(l.Stop, "did not return") {
		return -1
	}
	return l.Func
}

// hangsOf returns how many calls of the function the last line of the
// records says did not return.
func hangsOf(recs string) int {
	l := lastLine(recs)
	if l == nil {
		return 0
	}
	var n int
	fmt.Sscanf(l.Stop, "%d call(s)", &n)
	return n
}

// reached lists the sites the kept inputs of function idx reached, for a
// search of it started again.
func reached(recs string, idx int) string {
	data, _ := os.ReadFile(recs)
	var ks []string
	for _, line := range bytes.Split(data, []byte("\n")) {
		var l struct {
			Func int   `json:"func"`
			New  []int `json:"new"`
		}
		if json.Unmarshal(line, &l) == nil && l.Func == idx {
			for _, k := range l.New {
				ks = append(ks, strconv.Itoa(k))
			}
		}
	}
	return strings.Join(ks, " ")
}

type recordLine struct {
	Func  int    `json:"func"`
	Stop  string `json:"stop,omitempty"`
	Begin bool   `json:"begin,omitempty"`
	Fresh bool   `json:"fresh,omitempty"` // the process ended to search Func in a new one
}

// lastBegun returns the function whose search the records say began
// last, or -1.
func lastBegun(recs string) int {
	data, _ := os.ReadFile(recs)
	k := -1
	for _, line := range bytes.Split(data, []byte("\n")) {
		var l recordLine
		if json.Unmarshal(line, &l) == nil && l.Begin {
			k = l.Func
		}
	}
	return k
}

// timedOut reports whether the output of the driver says go test's
// -timeout ended it (what was left of the run's time budget).
func timedOut(output []byte) bool {
	return bytes.Contains(output, []byte("panic: test timed out after"))
}

// lastLine returns the last line of the records, or nil.
func lastLine(recs string) *recordLine {
	data, _ := os.ReadFile(recs)
	lines := bytes.Split(bytes.TrimSpace(data), []byte("\n"))
	var l recordLine
	if len(lines) == 0 || json.Unmarshal(lines[len(lines)-1], &l) != nil {
		return nil
	}
	return &l
}

// boundary returns the relations of site s (cover.Relation) an input
// must reach for a mutant that moves its boundary to change an outcome:
// the operands equal, and the neighbour on the other side (for a > b,
// a == b and a == b+1; for a < b, a == b and a == b-1). Operands that are
// not integers have no neighbour: any value on the other side serves.
// Together with the outcomes, those cases tell < from <=, and b from b±1.
func boundary(s cover.Site) []int {
	above, below := cover.RelAbove, cover.RelBelow
	if !s.Integer {
		above, below = cover.RelGreater, cover.RelLess
	}
	switch s.Op {
	case ">", "<=":
		return []int{cover.RelEqual, above}
	case "<", ">=":
		return []int{cover.RelEqual, below}
	}
	return nil
}

// hitName names a case kept for hit k of in: the outcome of a condition
// (gen.CondName), the relation of a comparison's operands: "x==10",
// "x==11" for x > 10 (the bound moved by one when it is a number), or
// "n==max_plus_1", or the arithmetic it tells from its mutant: "a_times_b".
func hitName(in *cover.Instrumentation, k int) string {
	base := in.RelationHit(0, 0)
	if k < base {
		s := in.Sites[k/2]
		return gen.CondName(s.Text, k%2 == 0)
	}
	if a := in.ArithHit(0); k >= a {
		return gen.Name(in.Ariths[k-a].Text)
	}
	s := in.Sites[(k-base)/5]
	y := s.Y
	switch rel := (k - base) % 5; rel {
	case cover.RelLess:
		return gen.Name(s.X + " < " + y)
	case cover.RelGreater:
		return gen.Name(s.X + " > " + y)
	case cover.RelBelow, cover.RelAbove:
		d := int64(1)
		if rel == cover.RelBelow {
			d = -1
		}
		if n, err := strconv.ParseInt(y, 0, 64); err == nil && n+d != math.MinInt64 {
			y = strconv.FormatInt(n+d, 10)
		} else if r, err := strconv.Unquote(y); err == nil && strings.HasPrefix(y, "'") && len([]rune(r)) == 1 && []rune(r)[0]+rune(d) >= 0 {
			y = strconv.QuoteRune([]rune(r)[0] + rune(d)) // c == '9'+1 is c == ':'
		} else if d > 0 {
			y += "+1"
		} else {
			y += "-1"
		}
	}
	return gen.Name(s.X + " == " + y)
}

// exploredCase reads one kept input back into a case of f.
func exploredCase(f *ir.Func, args []*node, done bool, panicked string, got, after []*node, pkgName string) (gen.Case, bool) {
	d := &decoder{pkg: pkgName, objs: map[int]*ir.Literal{}}
	if len(args) != len(f.Params) {
		return gen.Case{}, false
	}
	c := gen.Case{Inputs: make([]ir.Literal, len(args))}
	for i, p := range f.Params {
		v, ok := d.decode(args[i], p.T)
		if !ok {
			return gen.Case{}, false
		}
		c.Inputs[i] = v
	}
	if !done {
		c.Panic = panicked
		return c, true
	}
	if len(got) != len(f.Results) {
		return gen.Case{}, false
	}
	// A function in a result (go-version's *Constraint holds its
	// operator's) is one no test can write: the test does not compare
	// that result (emit), but the case still covers its branches.
	d = &decoder{pkg: pkgName, objs: map[int]*ir.Literal{}, opaque: true}
	c.Outputs = make([]ir.Literal, len(got))
	for i, t := range f.Results {
		v, ok := d.decode(got[i], t)
		if !ok {
			// A value no test can write (an interface holding another
			// module's unexported type: lithammer/fuzzysearch's
			// transform.Chain): the case still covers its branches, and
			// its test checks that the call does not panic.
			c.Outputs, c.After, c.Unstable = nil, nil, true
			for _, t := range f.Results {
				c.Outputs = append(c.Outputs, ir.Zero(t))
			}
			return c, true
		}
		c.Outputs[i] = v
	}
	if pointsToMemory(f) && len(after) == len(f.Params) {
		d.opaque = false // a test writes what a call leaves behind
		c.After = make([]ir.Literal, len(after))
		for i, p := range f.Params {
			v, ok := d.decode(after[i], p.T)
			if !ok {
				c.After = nil
				break
			}
			c.After[i] = v
		}
	}
	return c, true
}

// callExpr is how a test of the package names fn: F, T.M or (*T).M.
func callExpr(fn *ssa.Function) (string, bool) {
	recv := fn.Signature.Recv()
	if recv == nil {
		return fn.Name(), true
	}
	t := recv.Type()
	ptr := false
	if p, ok := t.(*types.Pointer); ok {
		t, ptr = p.Elem(), true
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.TypeArgs().Len() > 0 {
		return "", false
	}
	if ptr {
		return "(*" + n.Obj().Name() + ")." + fn.Name(), true
	}
	return n.Obj().Name() + "." + fn.Name(), true
}

// sideEffect returns the first call, in fn or the functions it calls
// statically (bodies built by go/ssa: the module's), of a function that
// acts on the machine, with acts true; else the first of a function that
// reads its state (readers), with acts false; else "".
//
// With files (ir.Func.Files), the calls of fn's package that name files
// (ssaexec.PathArgs: the instrumentation confines them to the directory
// of the call), an *os.File's methods and the environment's changes
// (ssaexec.ProcessLocal: the search and the tests restore it) do not act
// on the machine.
//
// A call that fn's package makes of a function of another package that
// acts (godotenv's command calling godotenv.Exec) is stopped too, when
// stops is not nil: its callee is added to stops, for the
// instrumentation (cover.Instrument) to stop.
func sideEffect(fn *ssa.Function, files bool, stops map[string]bool) (call string, acts bool) {
	// What each function walked gives ("" while it is walked: a cycle),
	// so that a function met again, from a call that cannot be stopped,
	// still says it acts.
	memo := map[*ssa.Function]string{}
	reads := ""
	var walk func(f *ssa.Function, depth int) string
	walk = func(f *ssa.Function, depth int) (s string) {
		if f == nil || depth > 8 {
			return ""
		}
		if s, ok := memo[f]; ok {
			return s
		}
		memo[f] = ""
		defer func() { memo[f] = s }()
		var pkg *types.Package
		if f.Pkg != nil {
			pkg = f.Pkg.Pkg
		} else if f.Object() != nil {
			pkg = f.Object().Pkg()
		}
		if pkg != nil && !(files && ssaexec.ProcessLocal(f)) {
			switch reader, acts := ssaexec.Machine(pkg, f.Name()); {
			case reader:
				if reads == "" {
					reads = pkg.Name() + "." + f.Name()
				}
			case acts:
				return pkg.Name() + "." + f.Name()
			}
		}
		if name := f.String(); strings.HasPrefix(name, "log.Fatal") || strings.HasPrefix(name, "(*log.Logger).Fatal") {
			return name
		}
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				for _, v := range ssaexec.FuncValues(in) {
					if s := walk(v, depth+1); s != "" {
						return s
					}
				}
				c, ok := in.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if _, ok := ssaexec.EnvRead(c.Common()); ok {
					continue // an input the test sets (ir.Func.Env)
				}
				if writesStdStream(c.Common()) {
					continue // a result the test checks (ir.Func.Stdout), or its log
				}
				if ssaexec.IsExit(c.Common()) && f.Package() == fn.Package() {
					continue // the outcome of a call (ir.Func.Exits): cover rewrites it
				}
				if files && f.Package() == fn.Package() && namesFiles(c.Common()) {
					continue // confined to the call's directory: cover rewrites it
				}
				if f.Package() == fn.Package() && stopped(c.Common()) {
					continue // the search stops the call there: cover rewrites it
				}
				callee := c.Common().StaticCallee()
				if s := walk(callee, depth+1); s != "" {
					if name, ok := stoppable(fn, f, callee); ok && stops != nil {
						stops[name] = true
						continue
					}
					return s
				}
			}
		}
		for _, a := range f.AnonFuncs {
			if s := walk(a, depth); s != "" {
				return s
			}
		}
		return ""
	}
	if s := walk(fn, 0); s != "" {
		return s, true
	}
	return reads, false
}

// namesFiles reports whether call is one of the calls of os and
// io/ioutil that name files (ssaexec.PathArgs).
func namesFiles(call *ssa.CallCommon) bool {
	callee := call.StaticCallee()
	if callee == nil {
		return false
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok {
		return false
	}
	_, _, ok = ssaexec.PathArgs(obj)
	return ok
}

// stoppable returns the full name of callee when the instrumentation
// can stop its calls that f, a function of fn's package, makes: a
// function or a method of another package, named, not generic.
func stoppable(fn, f, callee *ssa.Function) (string, bool) {
	if f.Package() != fn.Package() || callee.Package() == fn.Package() || callee.Parent() != nil || len(callee.TypeArgs()) > 0 {
		return "", false
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok || obj.Pkg() == nil {
		return "", false
	}
	return obj.FullName(), true
}

// stopped reports whether call is one that the instrumentation stops in
// the search (ssaexec.Stops), when the package under test makes it.
func stopped(call *ssa.CallCommon) bool {
	callee := call.StaticCallee()
	if callee == nil {
		return false
	}
	obj, ok := callee.Object().(*types.Func)
	return ok && ssaexec.Stops(obj)
}

// writesStdStream reports whether call is os.Stdout's or os.Stderr's
// Write or WriteString: what a test captures (standard output) or
// shows in its log (standard error), not an act on the machine.
func writesStdStream(call *ssa.CallCommon) bool {
	callee := call.StaticCallee()
	if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg.Path() != "os" || callee.Signature.Recv() == nil ||
		callee.Name() != "Write" && callee.Name() != "WriteString" || len(call.Args) == 0 {
		return false
	}
	load, ok := call.Args[0].(*ssa.UnOp)
	return ok && load.Op == token.MUL && (ssaexec.IsStdStream(load.X, "Stdout") || ssaexec.IsStdStream(load.X, "Stderr"))
}

type dict struct {
	ints, floats, strs, lens []string
	// chars are the bytes fn compares with (its constants of type byte
	// or rune below 0x80: pattern[i] == '*', case '{'), in order: the
	// search's strings are made of them as much as of its alphabet,
	// which has no '*', '?', '{' or '['.
	chars string
}

// lenComparedWith returns c when in compares len(x) with the integer
// constant c.
func lenComparedWith(in ssa.Instruction) (int64, bool) {
	op, ok := in.(*ssa.BinOp)
	if !ok || op.Op != token.EQL && op.Op != token.NEQ && op.Op != token.LSS && op.Op != token.LEQ && op.Op != token.GTR && op.Op != token.GEQ {
		return 0, false
	}
	isLen := func(v ssa.Value) bool {
		call, ok := v.(*ssa.Call)
		if !ok {
			return false
		}
		b, ok := call.Call.Value.(*ssa.Builtin)
		return ok && b.Name() == "len"
	}
	for _, pair := range [2][2]ssa.Value{{op.X, op.Y}, {op.Y, op.X}} {
		if c, ok := pair[1].(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Int && isLen(pair[0]) {
			return constant.Int64Val(c.Value)
		}
	}
	return 0, false
}

// dictionary returns the constants of fn and its function literals, as Go
// source, each once, in a fixed order.
func dictionary(fn *ssa.Function, callees bool) dict {
	ints, floats, strs := map[string]bool{}, map[string]bool{}, map[string]bool{}
	var chars [0x80]bool
	// The decimal text of fn's large integer constants (cutoffs,
	// limits): a parser's overflow boundary is a string of as many
	// digits, which no edit of short strings makes.
	nums := map[string]bool{}
	// The constants a length is compared with, 1 to 128 (switch len(s)):
	// lengths the search's inputs should have.
	lens := map[int64]bool{}
	seen := map[*ssa.Function]bool{fn: true}
	// The patterns of the regular expressions fn matches with: what it
	// compares its inputs with, as much as its byte constants.
	var patterns []string
	var walk func(f *ssa.Function)
	walk = func(f *ssa.Function) {
		var consts []*ssa.Const
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if n, ok := lenComparedWith(in); ok && n >= 1 && n <= 128 {
					lens[n] = true
				}
				if c, ok := in.(ssa.CallInstruction); ok {
					if pat, ok := regexpPattern(c.Common()); ok {
						patterns = append(patterns, pat)
					}
				}
				for _, op := range in.Operands(nil) {
					if c, ok := (*op).(*ssa.Const); ok && c.Value != nil {
						consts = append(consts, c)
					}
				}
			}
		}
		// The constants the package stores into the variables fn (or a
		// callee walked) reads (var unitMap = map[string]uint64{"ns":
		// 1, ...}; runewidth's mblenTable, which the locale a caller
		// reads from the environment is looked up in): tokens an input
		// needs as much as fn's own.
		gconsts, gpatterns := globalConsts(f)
		consts = append(consts, gconsts...)
		patterns = append(patterns, gpatterns...)
		for _, c := range consts {
			switch c.Value.Kind() {
			case constant.Int:
				if v, ok := constant.Int64Val(c.Value); ok {
					ints[strconv.FormatInt(v, 10)] = true
					if charType(c.Type()) && v > 0 && v < 0x80 {
						chars[byte(v)] = true
					}
				}
				if big(c.Value) {
					nums[strconv.Quote(c.Value.ExactString())] = true
				}
			case constant.Float:
				if v, ok := constant.Float64Val(c.Value); ok && !math.IsInf(v, 0) && !math.IsNaN(v) {
					floats[strconv.FormatFloat(v, 'g', -1, 64)] = true
				}
			case constant.String:
				if s := constant.StringVal(c.Value); len(s) <= 64 {
					strs[strconv.Quote(s)] = true
				}
			}
		}
		for _, a := range f.AnonFuncs {
			walk(a)
		}
		if !callees {
			return
		}
		// A function of the environment: the values it compares the
		// variables with may be in the callees that read them.
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if c, ok := in.(ssa.CallInstruction); ok {
					if g := c.Common().StaticCallee(); g != nil && g.Blocks != nil && !seen[g] {
						seen[g] = true
						walk(g)
					}
				}
			}
		}
	}
	walk(fn)
	for _, p := range patterns {
		for _, c := range regexpChars(p) {
			chars[c] = true
		}
	}
	keys := func(m map[string]bool) []string {
		var out []string
		for k := range m {
			out = append(out, k)
		}
		sort.Strings(out)
		if len(out) > 64 {
			out = out[:64]
		}
		return out
	}
	d := dict{ints: keys(ints), floats: keys(floats), strs: keys(strs)}
	for c, ok := range chars {
		if ok {
			d.chars += string(rune(c))
		}
	}
	for _, n := range slices.Sorted(maps.Keys(lens)) {
		d.lens = append(d.lens, strconv.FormatInt(n, 10))
	}
	for _, n := range keys(nums) {
		if len(d.strs) < 64 && !strs[n] {
			d.strs = append(d.strs, n)
		}
	}
	return d
}

// packageCallees returns the ir names (ssaexec.IRName) of the unexported
// functions of fn's package that fn calls statically, directly or
// through unexported callees of one block: the functions whose branches
// a wrapper's calls take (NewVersion's newVersion, whose *regexp.Regexp
// parameter no search makes: the package's wrapper passes it).
func packageCallees(fn *ssa.Function) map[string]bool {
	names := map[string]bool{}
	seen := map[*ssa.Function]bool{fn: true}
	var walk func(f *ssa.Function, depth int)
	walk = func(f *ssa.Function, depth int) {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				c, ok := in.(ssa.CallInstruction)
				if !ok {
					continue
				}
				g := c.Common().StaticCallee()
				if g == nil || g.Blocks == nil || seen[g] || g.Pkg != fn.Pkg || g.Pkg == nil {
					continue
				}
				seen[g] = true
				if obj := g.Object(); obj != nil && obj.Exported() {
					// An exported callee has a table of its own that a
					// reader sees (GreaterThan, a wrapper of Compare):
					// its branches again in the wrapper's would repeat it.
					continue
				}
				names[ssaexec.IRName(g)] = true
				if depth < 3 && len(g.Blocks) == 1 {
					walk(g, depth+1) // a wrapper of a wrapper
				}
			}
		}
	}
	walk(fn, 0)
	return names
}

// charType reports whether t is byte or rune (uint8 or int32, named or
// not): the type of a character a parser compares with.
func charType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && (b.Kind() == types.Uint8 || b.Kind() == types.Int32)
}

// big reports whether the integer constant v has more than 6 digits: a
// limit or a cutoff rather than a count or a character.
func big(v constant.Value) bool {
	return len(strings.TrimPrefix(v.ExactString(), "-")) > 6
}

// ifaceImpls are the implementations of one named interface in the
// model, as the driver writes them: Key is the interface's name as
// reflect prints it ("io.Writer").
type ifaceImpls struct {
	Key   string
	Types []string
}

// implTypes returns the dynamic types the interfaces of fns' parameters
// may hold (their implementations in the model, but the stock ones, which
// the driver lists itself), as values written in the driver: (*T)(nil),
// T{}; and, by named interface, exactly the model's implementations (the
// stock ones too), so that the values the driver makes are ones the
// model, and the test, can hold. A type the driver cannot name (another
// package's) is left out.
func implTypes(fns []*ir.Func) ([]string, []ifaceImpls) {
	var out []string
	var byIface []ifaceImpls
	seen := map[string]bool{}
	seenIface := map[string]bool{}
	visited := map[ir.Type]bool{}
	errs := false // an error is among the parameters' values
	var walk func(t ir.Type, depth int)
	walk = func(t ir.Type, depth int) {
		if depth > 6 {
			return
		}
		switch t := t.(type) {
		case ir.Error:
			errs = true
		case ir.Pointer:
			walk(t.Elem, depth+1)
		case ir.Slice:
			walk(t.Elem, depth+1)
		case ir.Array:
			walk(t.Elem, depth+1)
		case ir.Map:
			walk(t.Key, depth+1)
			walk(t.Elem, depth+1)
		case *ir.Struct:
			if visited[t] {
				return
			}
			visited[t] = true
			for _, f := range t.Fields {
				walk(f.T, depth+1)
			}
		case *ir.Interface:
			if visited[t] {
				return
			}
			visited[t] = true
			if src, ok := t.Src.(types.Type); ok {
				if n, ok := types.Unalias(src).(*types.Named); ok && n.Obj().Pkg() != nil {
					key := n.Obj().Pkg().Name() + "." + n.Obj().Name()
					if !seenIface[key] {
						seenIface[key] = true
						ii := ifaceImpls{Key: key}
						for _, im := range t.Impls {
							if c, ok := im.Src.(types.Type); ok {
								if e, ok := implExpr(c, fns, true); ok {
									ii.Types = append(ii.Types, e)
								}
							}
						}
						byIface = append(byIface, ii)
					}
				}
			}
			// A reflect.Value's values are its own (pbccIfaceImpls), not
			// ones for the interfaces of other parameters.
			rv := false
			if src, ok := t.Src.(types.Type); ok {
				rv = ssaexec.IsReflectValue(src)
			}
			for _, im := range t.Impls {
				c, ok := im.Src.(types.Type)
				if !ok {
					continue
				}
				if e, ok := implExpr(c, fns, false); ok && !rv && !seen[e] {
					seen[e] = true
					out = append(out, e)
				}
				walk(im.T, depth+1)
			}
		}
	}
	for _, f := range fns {
		for _, p := range f.Params {
			walk(p.T, 0)
		}
	}
	if own := ownPackage(fns); errs && own != nil {
		// The package's error types: an error parameter holds one of
		// them sometimes (errors.As, a type switch on it).
		errorType := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
		for _, n := range ssaexec.ConcreteTypes(own) {
			for _, c := range []types.Type{n, types.NewPointer(n)} {
				if !types.Implements(c, errorType) {
					continue
				}
				if e, ok := implExpr(c, fns, false); ok && !seen[e] {
					seen[e] = true
					out = append(out, e)
				}
			}
		}
	}
	return out, byIface
}

// ownPackage returns the package of fns, nil when unknown.
func ownPackage(fns []*ir.Func) *types.Package {
	for _, f := range fns {
		if fn, ok := f.Src.(*ssa.Function); ok && fn.Pkg != nil {
			return fn.Pkg.Pkg
		}
	}
	return nil
}

// implExpr writes a value of type c in the driver: (*T)(nil) or T{}
// (the zero value, for reflect.TypeOf), false when the driver cannot
// name c, or when c is a stock type and stock is false (the driver's
// pbccStockTypes list them).
func implExpr(c types.Type, fns []*ir.Func, stock bool) (string, bool) {
	switch {
	case ssaexec.IsState(c) && stock:
		return "(*pbccState)(nil)", true
	case ssaexec.IsStock(c) && !stock:
		return "", false
	}
	own := ownPackage(fns)
	ok := true
	s := types.TypeString(c, func(p *types.Package) string {
		switch {
		case p == own:
			return ""
		case p.Path() == "bytes":
			return "pbccbytes"
		}
		ok = false
		return p.Name()
	})
	if !ok {
		return "", false
	}
	switch c.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Signature, *types.Chan:
		return "(" + s + ")(nil)", true
	case *types.Basic:
		return s + "(" + zeroOf(c) + ")", true
	}
	return s + "{}", true
}

// zeroOf is the zero constant of the basic type c, in Go source.
func zeroOf(c types.Type) string {
	b, _ := c.Underlying().(*types.Basic)
	switch {
	case b == nil:
		return "0"
	case b.Info()&types.IsString != 0:
		return `""`
	case b.Info()&types.IsBoolean != 0:
		return "false"
	}
	return "0"
}
