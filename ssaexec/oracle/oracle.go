// Package oracle runs the cases the search found on the package as the Go
// toolchain compiles it, and makes what the real code does their expected
// values: pbcc's own executor is a guide to find inputs, never the judge
// of what a function returns.
//
// It takes a package's directory and, per source file, the gen.Results of
// its functions; it renders the oracle variant of their test files
// (emit.Oracle), runs them with a recorder in a test binary built through
// go test -c -overlay (no file of the package is touched; Compile builds
// one binary for the replay and the search on the real code, Explore, so
// that a package is linked once for both), and gives each case the results, the
// panic and the pointees after the call that the real run shows. Where
// pbcc's model said otherwise, the real run wins and the case counts as a
// mismatch. A case whose call does not return within a limit (caseLimit)
// is left out (Verdict.Hung) rather than holding the run until go test's
// own timeout; so is a test that does not end in the check before
// writing (Verify, Failures.Hung).
//
// With PBCC_KEEP set in the environment, the temporary directories of
// the oracle runs and of the checks before writing (their overlays, the
// files they ran, the records) are kept, for a person looking into a
// failure.
package oracle

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/internal/proc"
	"github.com/pbcc/pbcc/ssaexec/cover"
	"github.com/pbcc/pbcc/ssaexec/emit"
)

// A File is one source file of the package and the results of the
// functions it declares, in the order emit writes them.
type File struct {
	Src     string // the source file's path
	Results []*gen.Result
}

// A Verdict says how pbcc's model fared against the real run on one
// function's cases.
type Verdict struct {
	Checked    int // cases the real run gave values for
	Mismatch   int // cases whose model values the real run corrected
	Unverified int // cases the real run did not record (kept as the model says)
	// Mismatches describes the first few corrections, for -v and the JSON.
	Mismatches []string
	// Hits are the branch sites the cases reached on the real code, as
	// numbered by cover.Instrument (2*site for true, 2*site+1 for false),
	// sorted; nil when the package could not be instrumented, empty when
	// it was and the cases reached no site (they panic before the first:
	// a method called on a nil receiver), so that the search on the real
	// code still runs on the function and its mutants.
	Hits []int
	// Unstable names the cases left out because their outcome on the
	// real code varied from run to run (a result that depends on the
	// order a map is ranged over): a test of theirs would be flaky.
	Unstable []string
	// Hung names the cases left out because their call did not return
	// within caseLimit on the real code (a loop the model bounded, or
	// left, that the real code does not leave).
	Hung []string
	// Stopped names the cases left out because their call, on the real
	// code, got to an act on the machine (ssaexec.Stops) or to a write
	// outside its directory, where pbcc's runs stop it.
	Stopped []string
}

// caseLimit is how long one call of a case may take on the real code
// before it counts as not returning: a second, or a tenth of what is
// left of ctx when that is less (at least a quarter second). The cases
// are calls pbcc's model finished in a bounded number of steps, or calls
// the search on the real code saw return within an eighth of its budget.
func caseLimit(ctx context.Context) time.Duration {
	d := defaultCaseLimit
	if dl, ok := ctx.Deadline(); ok {
		// Not below a quarter second: on a loaded machine a call that
		// returns may be kept from its core that long.
		d = min(d, max(time.Until(dl)/10, 250*time.Millisecond))
	}
	return d
}

// defaultCaseLimit is caseLimit's default (a variable for tests).
var defaultCaseLimit = time.Second

// maxHung is how many cases may be found not to return before the
// oracle gives up on the rest: each one costs a new process that runs
// the cases again.
const maxHung = 16

// hungCases returns the cases the records at path say did not return, as
// (test, case) pairs, in the order they were found.
func hungCases(path string) [][2]string {
	data, _ := os.ReadFile(path)
	var hung [][2]string
	for line := range bytes.Lines(data) {
		var l record
		if bytes.Contains(line, []byte(`"hung":true`)) && json.Unmarshal(line, &l) == nil && l.Hung {
			hung = append(hung, [2]string{l.Test, l.Case})
		}
	}
	return hung
}

// realRuns is how many times each case runs on the real code: the runs
// must agree, or the case is left out (Verdict.Unstable). Go's iteration
// order is far from uniform on small maps: the first key of a map of two
// is the same in 7 runs of 8 (a random start among the 8 slots of a
// group), so that all 64 runs agree about once in 5,000. A package of
// many cases gets fewer runs, at least 8: about maxRealCalls calls in all,
// so that the oracle run stays within its time limit.
func realRuns(cases int) int {
	return max(8, min(64, maxRealCalls/max(cases, 1)))
}

const maxRealCalls = 8192

func union(a, b []int) []int {
	if len(b) == 0 {
		return a
	}
	u := append(slices.Clone(a), b...)
	slices.Sort(u)
	return slices.Compact(u)
}

// recorderName is the file the recorder is overlaid as in the package's
// directory; a file of that name must not exist.
const recorderName = "pbcc_oracle_recorder_test.go"

// Run replays the cases of files on the real package in dir (named
// pkgName) and corrects them in place. It returns a verdict per result;
// an error says the real run could not be had for some or all of them,
// whose cases then keep the model's values (their verdicts count them as
// unverified).
func Run(ctx context.Context, dir, pkgName string, files []File) (map[*gen.Result]*Verdict, error) {
	b := Compile(ctx, dir, pkgName, files, nil, ExploreOptions{})
	defer b.Close()
	return b.Run(ctx)
}

// A Binary is the test binary of a package for the oracle's runs, built
// once (go test -c): the package instrumented (cover.Instrument), the
// oracle's test files of the cases to replay, the recorder, and the
// driver of the search on the real code. Run and Explore run it, each as
// many processes as their calls need (one that does not return ends a
// process), and the link, most of a go test of a small package, is
// paid once.
type Binary struct {
	dir, pkgName string
	tmp          string // the temporary directory of the binary, its overlay and records
	path         string // the test binary; "" when none could be built
	hits         bool   // the binary is the instrumented package's: the records say which sites a case reaches
	buildErr     error  // why no binary could be built
	in           *cover.Instrumentation
	files        []File
	testFiles    map[string][]byte // the oracle test file of each source file, by the path it stands in for
	cases        map[[2]string]emit.CaseRef
	tests        []string // the oracle's tests, quoted for -test.run
	errs         []error  // the files whose oracle tests could not be written
	driver       *searchDriver
	rt           *runtime    // how the binary gets package pbccrt
	exploreErr   error       // why Explore cannot run
	memory       int64       // ExploreOptions.Memory
	dropped      [][2]string // the cases Run left out, as (test, case): the search does not start from them
}

// Compile builds the binary for the runs of Run, on the cases of files,
// and of Explore, on targets (whose Covered is not read: Explore is
// given it), whose search starts from their cases in files. It does not fail: Run and Explore say what they could not
// do. The binary must be closed.
func Compile(ctx context.Context, dir, pkgName string, files []File, targets []Target, opts ExploreOptions) *Binary {
	b := &Binary{dir: dir, pkgName: pkgName, files: files, testFiles: map[string][]byte{}, cases: map[[2]string]emit.CaseRef{}, memory: opts.Memory}
	tmp, err := os.MkdirTemp("", "pbcc-oracle-")
	if err != nil {
		b.buildErr = fmt.Errorf("oracle: %w", err)
		b.exploreErr = b.buildErr
		return b
	}
	b.tmp = tmp
	seedTest := map[*ir.Func]string{}
	for _, f := range files {
		content, refs, err := emit.Oracle(pkgName, f.Results)
		if o := (*emit.OmittedError)(nil); errors.As(err, &o) {
			err = nil // what it leaves out is said when the file is written
		}
		if err != nil {
			b.errs = append(b.errs, fmt.Errorf("oracle: %s: %w", f.Src, err))
			continue
		}
		b.testFiles[emit.TestFileName(f.Src)] = content
		for k, ref := range refs {
			b.cases[k] = ref
			b.tests = append(b.tests, k[0])
			seedTest[ref.Result.Func] = k[0]
		}
	}
	sort.Strings(b.tests)
	b.tests = slices.Compact(b.tests)
	for i, t := range b.tests {
		b.tests[i] = regexp.QuoteMeta(t)
	}
	if len(b.tests) == 0 && len(targets) == 0 {
		return b
	}
	for _, name := range []string{recorderName, explorerName} {
		if p := filepath.Join(dir, name); fileExists(p) {
			b.buildErr = fmt.Errorf("oracle: %s exists; it is the name of a file pbcc adds for its runs", p)
			b.exploreErr = b.buildErr
			return b
		}
	}
	if b.rt, err = runtimeFor(ctx, dir, pkgName, tmp); err != nil {
		b.buildErr = err
		b.exploreErr = err
		return b
	}
	// On the instrumented package, each case records the branch sites it
	// reaches, and the search sees them. When that does not build (the
	// instrumentation needs generics: a module whose go line is older),
	// the cases run on the package as it is, and there is no search.
	in, ierr := cover.Instrument(ctx, dir, stopsOf(targets)...)
	b.in = in
	switch {
	case ierr != nil:
		b.exploreErr = fmt.Errorf("oracle: instrumenting %s: %w", dir, ierr)
	case len(targets) > 0:
		b.driver, b.exploreErr = newSearchDriver(in, pkgName, b.rt, targets, seedTest, opts)
	default:
		b.exploreErr = errors.New("oracle: no search was compiled")
	}
	if ierr == nil {
		if b.exploreErr == nil && b.driver.text != nil {
			if b.build(ctx, true, true) == nil {
				b.hits = true
				return b
			}
			b.exploreErr = fmt.Errorf("oracle: the search on the real code in %s: %w", dir, b.buildErr)
			if ctx.Err() != nil {
				return b
			}
		}
		// The replay without the search, still on the instrumented package.
		if len(b.tests) > 0 && b.build(ctx, true, false) == nil {
			b.hits = true
			return b
		}
		if ctx.Err() != nil {
			return b
		}
	}
	if len(b.tests) > 0 {
		b.build(ctx, false, false)
	}
	return b
}

// build builds the binary, of the instrumented package (hits) or of the
// package as it is, with the search's driver (drv) or without; on
// failure buildErr says why (and it is cleared on success).
func (b *Binary) build(ctx context.Context, hits, drv bool) error {
	rec, err := recorder(b.pkgName, b.rt, hits)
	if err != nil {
		b.buildErr = err
		return err
	}
	over := maps.Clone(b.testFiles)
	maps.Copy(over, b.rt.files)
	over[filepath.Join(b.dir, recorderName)] = rec
	if hits {
		maps.Copy(over, b.in.Files)
	}
	if drv {
		over[filepath.Join(b.dir, explorerName)] = b.driver.text
	}
	name := fmt.Sprintf("overlay%v%v", hits, drv)
	overlayPath, _, err := writeOverlay(b.tmp, name, over)
	if err != nil {
		b.buildErr = err
		return err
	}
	path := filepath.Join(b.tmp, name+".test")
	args := append([]string{"test", "-c", "-o", path, "-vet=off", "-overlay=" + overlayPath}, b.rt.flags...)
	args = append(args, noDWARF()...)
	cmd := proc.Command(ctx, "go", append(args, ".")...)
	cmd.Dir = b.dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		b.buildErr = fmt.Errorf("building the cases on the real code in %s: %v\n%s", b.dir, err, tail(out))
		return b.buildErr
	}
	b.path, b.buildErr = path, nil
	return nil
}

// Close removes the binary and its temporary files (kept with PBCC_KEEP).
func (b *Binary) Close() {
	if b.tmp != "" && os.Getenv("PBCC_KEEP") == "" {
		os.RemoveAll(b.tmp)
	}
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// Run replays the cases of the files given to Compile on the binary and
// corrects them in place, as Run (the function) says.
func (b *Binary) Run(ctx context.Context) (map[*gen.Result]*Verdict, error) {
	verdicts := map[*gen.Result]*Verdict{}
	for _, f := range b.files {
		for _, r := range f.Results {
			verdicts[r] = &Verdict{}
		}
	}
	errs := slices.Clone(b.errs)
	if len(b.tests) == 0 {
		return finish(verdicts, errs)
	}
	if b.path == "" {
		return finish(verdicts, append(errs, fmt.Errorf("oracle: %w", b.buildErr)))
	}
	cases := b.cases
	out := filepath.Join(b.tmp, "records.jsonl")
	var output bytes.Buffer
	var err error
	for {
		os.Remove(out)
		// A call that does not return within the limit ends the process
		// (recorder): the cases run again in a new one, without it.
		for skip := [][2]string(nil); ; {
			cmd := proc.Command(ctx, b.path, fmt.Sprintf("-test.count=%d", realRuns(len(cases))),
				"-test.run", "^("+strings.Join(b.tests, "|")+")$", "-test.timeout", timeout(ctx).String())
			cmd.Dir = b.dir
			js, _ := json.Marshal(skip)
			cmd.Env = append(os.Environ(), "PBCC_ORACLE_OUT="+out, "PBCC_ORACLE_SKIP="+string(js),
				fmt.Sprintf("PBCC_ORACLE_CASE_LIMIT=%d", caseLimit(ctx).Nanoseconds()))
			output.Reset()
			cmd.Stdout, cmd.Stderr = &output, &output
			err = cmd.Run()
			hung := hungCases(out)
			if err == nil || len(hung) == len(skip) || len(hung) > maxHung || ctx.Err() != nil {
				break
			}
			skip = hung
		}
		if err == nil {
			break
		}
		if b.hits && !fileExists(out) && ctx.Err() == nil {
			// Nothing ran on the instrumented package: try without the
			// instrumentation.
			if b.build(ctx, false, false) == nil {
				b.hits = false
				b.exploreErr = fmt.Errorf("oracle: the cases did not run on the instrumented package in %s: %v\n%s", b.dir, err, tail(output.Bytes()))
				continue
			}
		}
		errs = append(errs, fmt.Errorf("oracle: running the cases on the real code in %s: %v\n%s", b.dir, err, tail(output.Bytes())))
		break
	}
	data, err := os.ReadFile(out)
	if err != nil && !os.IsNotExist(err) {
		errs = append(errs, fmt.Errorf("oracle: %w", err))
	}
	first := map[emit.CaseRef]string{} // the outcome of each case's first run
	checked, mismatched := map[emit.CaseRef]bool{}, map[emit.CaseRef]bool{}
	unstable, hung, stopped := map[emit.CaseRef]bool{}, map[emit.CaseRef]bool{}, map[emit.CaseRef]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<28)
	for sc.Scan() {
		var l record
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			errs = append(errs, fmt.Errorf("oracle: a record: %w", err))
			continue
		}
		ref, ok := cases[[2]string{l.Test, l.Case}]
		if !ok {
			continue
		}
		if l.Hung {
			hung[ref] = true
			continue
		}
		if l.Stopped {
			stopped[ref] = true
			continue
		}
		v := verdicts[ref.Result]
		v.Hits = union(v.Hits, l.Hits)
		if v.Hits == nil && b.hits { // the records came from the instrumented package
			v.Hits = []int{}
		}
		outcome := l.outcome()
		if o, seen := first[ref]; seen {
			if o != outcome {
				unstable[ref] = true
			}
			continue
		}
		first[ref] = outcome
		c := &ref.Result.Cases[ref.Index]
		what, ok := correct(ref.Result.Func, c, &l, b.pkgName)
		if !ok {
			continue // counted as unverified below
		}
		v.Checked++
		checked[ref] = true
		if what != "" {
			v.Mismatch++
			mismatched[ref] = true
			if len(v.Mismatches) < 3 {
				v.Mismatches = append(v.Mismatches, fmt.Sprintf("case %s: %s", c.Name, what))
			}
		}
	}
	for k, ref := range cases {
		if unstable[ref] || hung[ref] || stopped[ref] {
			b.dropped = append(b.dropped, k)
		}
	}
	slices.SortFunc(b.dropped, func(x, y [2]string) int { return strings.Compare(x[0]+"\x00"+x[1], y[0]+"\x00"+y[1]) })
	leaveOut(verdicts, unstable, hung, stopped, checked, mismatched)
	return finish(verdicts, errs)
}

// leaveOut removes the unstable cases, those whose call did not return
// (hung) and those stopped before they acted on the machine from their
// results and names them in the verdicts. An
// edge only they covered is a Mismatch now: the search found inputs, but
// no test can rely on them.
func leaveOut(verdicts map[*gen.Result]*Verdict, unstable, hung, stopped, checked, mismatched map[emit.CaseRef]bool) {
	byResult := map[*gen.Result][]int{}
	dropped := maps.Clone(unstable)
	maps.Copy(dropped, hung)
	maps.Copy(dropped, stopped)
	for ref := range dropped {
		byResult[ref.Result] = append(byResult[ref.Result], ref.Index)
		v := verdicts[ref.Result]
		if checked[ref] {
			v.Checked--
		}
		// A correction of a case left out is no news.
		prefix := "case " + ref.Result.Cases[ref.Index].Name + ": "
		v.Mismatches = slices.DeleteFunc(v.Mismatches, func(m string) bool { return strings.HasPrefix(m, prefix) })
		if mismatched[ref] {
			v.Mismatch--
		}
	}
	for r, idx := range byResult {
		sort.Sort(sort.Reverse(sort.IntSlice(idx)))
		v := verdicts[r]
		hungEdges := map[ir.Edge]bool{} // covered by a case left out as hung
		for _, i := range idx {
			name := r.Cases[i].Name
			switch ref := (emit.CaseRef{Result: r, Index: i}); {
			case hung[ref]:
				v.Hung = append(v.Hung, name)
				for _, e := range r.Cases[i].Covers {
					hungEdges[e] = true
				}
			case stopped[ref]:
				v.Stopped = append(v.Stopped, name)
			default:
				v.Unstable = append(v.Unstable, name)
			}
			r.Cases = slices.Delete(r.Cases, i, i+1)
		}
		slices.Reverse(v.Unstable)
		slices.Reverse(v.Hung)
		slices.Reverse(v.Stopped)
		if len(r.Edges) == 0 && len(r.Cases) == 0 && len(v.Hung) > 0 {
			r.NoCase = hungNoCase
		}
		covered := map[ir.Edge]bool{}
		for _, c := range r.Cases {
			for _, e := range c.Covers {
				covered[e] = true
			}
		}
		for i := range r.Edges {
			es := &r.Edges[i]
			if es.Outcome != gen.Covered || covered[es.Edge] {
				continue
			}
			es.Outcome = gen.Mismatch
			if hungEdges[es.Edge] {
				es.Detail = "the call does not return on the real code for the inputs found (a loop without exit?): no test"
			} else {
				es.Detail = "the outcome of the inputs found varies from run to run on the real code (the order a map is ranged over?): no stable test"
			}
		}
	}
}

// hungNoCase is the gen.Result.NoCase of a function without branches
// whose one case did not return on the real code.
const hungNoCase = "its call does not return on the real code (a loop without exit?)"

func finish(v map[*gen.Result]*Verdict, errs []error) (map[*gen.Result]*Verdict, error) {
	for r, vd := range v {
		vd.Unverified = len(r.Cases) - vd.Checked
	}
	if len(errs) == 0 {
		return v, nil
	}
	var b strings.Builder
	for i, e := range errs {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(e.Error())
	}
	return v, fmt.Errorf("%s", b.String())
}

// timeout is go test's own limit: what is left of ctx, at most two
// minutes, so that a case that loops for ever (the model bounded a loop
// the real code does not leave) ends the run rather than the session.
func timeout(ctx context.Context) time.Duration {
	d := 2 * time.Minute
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < d {
		d = max(time.Until(dl), time.Second)
	}
	return d
}

// tail is the end of a command's output: enough to see why it failed.
func tail(b []byte) []byte {
	const n = 4000
	if len(b) <= n {
		return b
	}
	// The cause of a crash is the first line of its goroutine dump,
	// which the end leaves out.
	head := []byte("...")
	if line, ok := crashLine(b[:len(b)-n]); ok {
		head = []byte(line + "\n...")
	}
	return append(head, b[len(b)-n:]...)
}

// crashLine returns the line of a crashed process's output that says
// why: its first "fatal error:" or "panic:" line.
func crashLine(output []byte) (string, bool) {
	for _, line := range strings.Split(string(output), "\n") {
		if strings.HasPrefix(line, "fatal error: ") || strings.HasPrefix(line, "panic: ") {
			return strings.TrimSpace(line), true
		}
	}
	return "", false
}

// writeOverlay writes files (their contents, by the path each stands in
// for) into tmp, and the overlay that go build -overlay reads
// (tmp/name.json). It returns that overlay's path and, for each file
// written, the path it stands in for, by the base name of its copy: go
// names the copy in some messages.
func writeOverlay(tmp, name string, files map[string][]byte) (string, map[string]string, error) {
	paths := slices.Sorted(maps.Keys(files))
	replace := map[string]string{}
	standsFor := map[string]string{}
	for i, path := range paths {
		cp := filepath.Join(tmp, fmt.Sprintf("%s_%d_%s", name, i, filepath.Base(path)))
		if err := os.WriteFile(cp, files[path], 0o644); err != nil {
			return "", nil, fmt.Errorf("oracle: %w", err)
		}
		replace[path] = cp
		standsFor[filepath.Base(cp)] = path
	}
	js, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		return "", nil, fmt.Errorf("oracle: %w", err)
	}
	overlayPath := filepath.Join(tmp, name+".json")
	if err := os.WriteFile(overlayPath, js, 0o644); err != nil {
		return "", nil, fmt.Errorf("oracle: %w", err)
	}
	return overlayPath, standsFor, nil
}

// outcome is what a test of the case compares, in a form two runs can be
// compared in: whether the call returned, its panic, its results and the
// pointees after it (the branch sites it reached do not count).
func (l *record) outcome() string {
	data, err := json.Marshal([]any{l.Done, l.Panic, l.Got, l.After})
	if err != nil {
		return "unencodable: " + err.Error()
	}
	return string(data)
}

// noDWARF returns the flag that links a test binary without DWARF, as go
// test links the binaries it runs itself: a third less work for the
// linker, the longest step of a build. None when the user's GOFLAGS set
// -ldflags, which the flag would replace.
func noDWARF() []string {
	if strings.Contains(os.Getenv("GOFLAGS"), "-ldflags") {
		return nil
	}
	return []string{"-ldflags=-w"}
}
