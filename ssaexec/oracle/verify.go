package oracle

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pbcc/pbcc/internal/proc"
	"github.com/pbcc/pbcc/ssaexec/cover"
)

// Failures is what go test and go vet found wrong with test files about to
// be written.
type Failures struct {
	Build []Diag          // compile and vet diagnostics in the files
	Tests map[string]bool // the tests and subtests ("TestX/name") that failed
	// Output is go test's own text when it failed for a reason not shown
	// in Build or Tests (empty otherwise).
	Output string
	// Hung are the tests and subtests that ran longer than
	// verifyCaseLimit: the run was stopped there (a call that does not
	// return on the real code). The tests after them did not run.
	Hung []string
	// Branches are the branches of the package the tests took, when
	// they ran on the recording package and passed (nil otherwise).
	Branches []cover.Branch
	// Crashed are the tests and subtests that, run alone, crash the
	// test process: a panic in a goroutine their call started, which
	// no test can recover. The tests after the crash did not run.
	Crashed []string
	// started are the tests and subtests that began, in order, when
	// the test process crashed (a panic in a goroutine of the code
	// under test, which no test recovers): nil otherwise.
	started []string
}

// A Diag is a compiler or vet message at a line of one of the files.
type Diag struct {
	File string // the file's path, as given to Verify
	Line int
	Msg  string
}

// OK reports whether nothing failed.
func (f *Failures) OK() bool {
	return len(f.Build) == 0 && len(f.Tests) == 0 && f.Output == "" && len(f.Hung) == 0 && len(f.Crashed) == 0
}

var diagRE = regexp.MustCompile(`([^\s:]+\.go):(\d+)(?::\d+)?: (.*)`)

// Verify compiles, vets (every analyzer) and runs the tests named in
// tests, of the files given by path and content overlaid on the package in
// dir: nothing is written there. It returns what failed; an error says go
// test could not be run at all.
//
// The tests run on the package with every branch recording its outcomes
// (cover.Record), and Failures.Branches says which branches they took:
// when the tests run are all the package has, that is what a measurement
// of coverage would find, and one build of the tests is saved. When the
// recording package cannot be made or run (a construct its rewrite does
// not keep compiling), the tests run on the package as it is, and
// Branches is nil.
func Verify(ctx context.Context, dir string, files map[string][]byte, tests []string) (*Failures, error) {
	tmp, err := os.MkdirTemp("", "pbcc-verify-")
	if err != nil {
		return nil, fmt.Errorf("oracle: %w", err)
	}
	if os.Getenv("PBCC_KEEP") == "" {
		defer os.RemoveAll(tmp)
	}
	byBase := map[string]string{}
	for path := range files {
		byBase[filepath.Base(path)] = path
	}
	quoted := make([]string, len(tests))
	for i, t := range tests {
		quoted[i] = regexp.QuoteMeta(t)
	}
	run := "^$"
	if len(tests) > 0 {
		run = "^(" + strings.Join(quoted, "|") + ")$"
	}
	if f, err := verifyRecording(ctx, dir, tmp, files, run, byBase); f != nil || err != nil {
		return f, err
	}
	overlayPath, err := overlayOf(tmp, "overlay", files, byBase)
	if err != nil {
		return nil, err
	}
	return verifyVetted(ctx, dir, overlayPath, run, nil, byBase)
}

// overlayOf writes the overlay of files and adds the names of the copies
// of those in byBase (a diagnostic may name either) to byBase.
func overlayOf(tmp, name string, files map[string][]byte, byBase map[string]string) (string, error) {
	overlayPath, standsFor, err := writeOverlay(tmp, name, files)
	for base, path := range standsFor {
		if _, ok := byBase[filepath.Base(path)]; ok {
			byBase[base] = path
		}
	}
	return overlayPath, err
}

// verifyRecording is Verify on the recording package. It returns nil and
// no error when the recording package could not be made, or the run
// failed for a reason no file of files or test of them names: Verify then
// runs the tests on the package as it is.
func verifyRecording(ctx context.Context, dir, tmp string, files map[string][]byte, run string, byBase map[string]string) (*Failures, error) {
	rec, err := cover.Record(ctx, dir, nil)
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("oracle: verifying the tests in %s: %w", dir, ctx.Err())
		}
		return nil, nil
	}
	over := maps.Clone(rec.Files)
	maps.Copy(over, files)
	overlayPath, err := overlayOf(tmp, "recording", over, byBase)
	if err != nil {
		return nil, err
	}
	hits := filepath.Join(tmp, "hits")
	f, err := verifyVetted(ctx, dir, overlayPath, run, []string{rec.OutEnv(hits)}, byBase)
	if err != nil || f.Output != "" {
		return nil, err
	}
	if f.OK() {
		if f.Branches, err = rec.Branches(hits); err != nil {
			return nil, nil
		}
	}
	return f, nil
}

// verifyVetted runs the tests under every vet analyzer and, when that
// fails for no reason in the files, again without vet: the package's own
// code may not be vet-clean (an assembly file, a format string), which is
// not the tests' doing. A run that vet stops runs no test: the recorder of
// a recording package (env) sees only the run without vet.
func verifyVetted(ctx context.Context, dir, overlayPath, run string, env []string, byBase map[string]string) (*Failures, error) {
	f, err := verifyRun(ctx, dir, overlayPath, run, "all", env, byBase)
	if err == nil && f.Output != "" {
		// A crash is looked for in this run only: the one with vet
		// crashed the same way, and blame runs tests one by one.
		g, gerr := verifyRun(ctx, dir, overlayPath, run, "off", env, byBase)
		if gerr == nil {
			blame(ctx, g, dir, overlayPath, env, byBase)
		}
		if gerr == nil && (g.OK() || g.Output == "") {
			return g, nil
		}
	}
	return f, err
}

// diags reads the diagnostics of a build's or vet's output that are in
// the files named in byBase (by base name, as go prints overlaid files).
func diags(out string, byBase map[string]string) []Diag {
	var ds []Diag
	for _, m := range diagRE.FindAllStringSubmatch(out, -1) {
		path, ok := byBase[filepath.Base(m[1])]
		if !ok {
			continue
		}
		line, _ := strconv.Atoi(m[2])
		ds = append(ds, Diag{File: path, Line: line, Msg: m[3]})
	}
	return ds
}

// verifyRuns is how many times Verify runs each test.
const verifyRuns = 8

// verifyRun runs go test with -vet=vet, env added to its environment, and
// reads what failed.
func verifyRun(ctx context.Context, dir, overlayPath, run, vet string, env []string, byBase map[string]string) (*Failures, error) {
	// Several runs: a case whose outcome varies (the order of a map)
	// fails in some, and is left out, if the oracle's runs missed it (the
	// cases of the search on the real code have no oracle run).
	// A test that runs too long is taken for a call that does not
	// return: the run is stopped then, rather than at go test's limit.
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	args := []string{"test", fmt.Sprintf("-count=%d", verifyRuns), "-json", "-vet=" + vet, "-overlay=" + overlayPath}
	args = append(args, noDWARF()...)
	args = append(args, "-run", run, "-timeout", timeout(ctx).String(), ".")
	cmd := proc.Command(runCtx, "go", args...)
	cmd.Dir = dir
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	var stderr bytes.Buffer
	w := &testWatch{running: map[string]time.Time{}}
	cmd.Stdout, cmd.Stderr = w, &stderr
	done := make(chan struct{})
	go w.watch(verifyCaseLimit(ctx), stop, done)
	runErr := cmd.Run()
	close(done)
	if ctx.Err() != nil {
		return nil, fmt.Errorf("oracle: verifying the tests in %s: %w", dir, ctx.Err())
	}
	f := &Failures{Tests: map[string]bool{}, Hung: w.hungTests()}
	stdout := &w.out
	// Diagnostics are read from the build's output only: a failing
	// test's own messages also start with file:line.
	var text, build strings.Builder
	text.Write(stderr.Bytes())
	build.Write(stderr.Bytes())
	sc := bufio.NewScanner(stdout)
	sc.Buffer(nil, 1<<26)
	for sc.Scan() {
		var ev struct{ Action, Test, Output string }
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			text.Write(sc.Bytes())
			text.WriteByte('\n')
			continue
		}
		switch ev.Action {
		case "fail":
			if ev.Test != "" {
				f.Tests[ev.Test] = true
			}
		case "output":
			text.WriteString(ev.Output)
		case "build-output":
			text.WriteString(ev.Output)
			build.WriteString(ev.Output)
		}
	}
	f.Build = diags(build.String(), byBase)
	if len(f.Hung) > 0 {
		// The stop, not the tests, failed the run.
		return f, nil
	}
	if runErr != nil && f.OK() {
		f.Output = string(tail([]byte(text.String())))
		if f.Output == "" {
			f.Output = runErr.Error()
		}
		if _, crashed := crashLine([]byte(text.String())); crashed && len(w.running) > 0 {
			f.started = w.started
		}
	}
	return f, nil
}

// blame finds, when f is a run the process crashed in, the tests that
// crash it (Failures.Crashed): the test running at the crash is often
// not the one whose call started the goroutine that panicked. Each test
// that began is run alone; of one that crashes, each of its subtests. A
// subtest that crashes alone is blamed; a test that crashes when none of
// its subtests does is blamed as a whole. f is left as it was when no
// test crashes alone (the crash then needs several tests).
func blame(ctx context.Context, f *Failures, dir, overlayPath string, env []string, byBase map[string]string) {
	if f.started == nil {
		return
	}
	var tops []string
	subs := map[string][]string{}
	seen := map[string]bool{}
	for _, name := range f.started {
		if seen[name] {
			continue // -count runs each test again
		}
		seen[name] = true
		top, sub, ok := strings.Cut(name, "/")
		switch {
		case !ok:
			tops = append(tops, top)
		case !strings.Contains(sub, "/"):
			subs[top] = append(subs[top], sub)
		}
	}
	// Alone, a test may end before the goroutine panics: a test that
	// waits a little runs after it.
	lingering, err := lingerOverlay(overlayPath)
	if err != nil {
		return
	}
	crashes := func(run string) bool {
		top, sub, _ := strings.Cut(run, "/")
		run = "^(" + top + "|" + lingerTest + ")$"
		if sub != "" {
			run += "/" + sub
		}
		g, err := verifyRun(ctx, dir, lingering, run, "off", env, byBase)
		return err == nil && g.started != nil
	}
	blamed := map[string]bool{}
	for _, top := range tops {
		if ctx.Err() != nil {
			return
		}
		if !crashes(regexp.QuoteMeta(top)) {
			continue
		}
		found := false
		for _, sub := range subs[top] {
			if crashes(regexp.QuoteMeta(top) + "/^" + regexp.QuoteMeta(sub) + "$") {
				blamed[top+"/"+sub], found = true, true
			}
		}
		if !found {
			blamed[top] = true
		}
	}
	if len(blamed) > 0 {
		f.Crashed = slices.Sorted(maps.Keys(blamed))
		f.Output, f.started = "", nil
	}
}

// SubtestName is the name go test gives a subtest run as
// t.Run(name, ...): spaces become underscores, unprintable runes escapes.
func SubtestName(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case r == ' ':
			b.WriteByte('_')
		case !strconv.IsPrint(r):
			s := strconv.QuoteRune(r)
			b.WriteString(s[1 : len(s)-1])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// verifyCaseLimit is how long one test of Verify may run before it
// counts as not returning: five times the oracle's limit of a call (a
// subtest is one call, compared), and at least two seconds (a test is
// its subtests' calls), since a case the oracle did not run reaches
// Verify untried.
func verifyCaseLimit(ctx context.Context) time.Duration {
	return max(5*caseLimit(ctx), 2*time.Second)
}

// testWatch reads go test -json's events as they come, keeping them
// (out) and which tests are running since when.
type testWatch struct {
	mu      sync.Mutex
	out     bytes.Buffer
	partial []byte               // the start of a line not ended yet
	running map[string]time.Time // test name -> when it began, or a subtest of it last began or ended
	hung    []string
	started []string // the tests and subtests that began, in order
}

func (w *testWatch) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.out.Write(p)
	w.partial = append(w.partial, p...)
	for {
		i := bytes.IndexByte(w.partial, '\n')
		if i < 0 {
			break
		}
		var ev struct{ Action, Test string }
		if json.Unmarshal(w.partial[:i], &ev) == nil && ev.Test != "" {
			// A subtest starting or ending is a sign of life of the
			// tests above it: their time counts from there.
			for j := strings.LastIndexByte(ev.Test, '/'); j > 0; j = strings.LastIndexByte(ev.Test[:j], '/') {
				if _, ok := w.running[ev.Test[:j]]; ok {
					w.running[ev.Test[:j]] = time.Now()
				}
			}
			switch ev.Action {
			case "run":
				w.running[ev.Test] = time.Now()
				w.started = append(w.started, ev.Test)
			case "pass", "fail", "skip":
				delete(w.running, ev.Test)
			}
		}
		w.partial = w.partial[i+1:]
	}
	return len(p), nil
}

// watch calls stop when a test that runs no subtest has run longer than
// limit (since it, or its last subtest, began or ended), and notes it as
// hung; it returns when done is closed.
func (w *testWatch) watch(limit time.Duration, stop func(), done <-chan struct{}) {
	tick := time.NewTicker(min(limit/4, 250*time.Millisecond))
	defer tick.Stop()
	for {
		select {
		case <-done:
			return
		case <-tick.C:
		}
		w.mu.Lock()
		for name, began := range w.running {
			parent := false
			for other := range w.running {
				if strings.HasPrefix(other, name+"/") {
					parent = true
					break
				}
			}
			if !parent && time.Since(began) > limit {
				w.hung = append(w.hung, name)
			}
		}
		hung := len(w.hung) > 0
		w.mu.Unlock()
		if hung {
			stop()
			return
		}
	}
}

// hungTests returns the tests watch found hung, sorted.
func (w *testWatch) hungTests() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Sorted(slices.Values(w.hung))
}

// lingerTest waits after the test blame runs alone, in the package of
// the generated tests, for a goroutine that test's calls started.
const lingerTest = "TestPBCCLingerAfterTheTest"

// lingerOverlay returns the path of an overlay that is overlayPath's
// with a file holding lingerTest added, in the package of its first
// test file.
func lingerOverlay(overlayPath string) (string, error) {
	data, err := os.ReadFile(overlayPath)
	if err != nil {
		return "", err
	}
	var ov struct{ Replace map[string]string }
	if err := json.Unmarshal(data, &ov); err != nil {
		return "", err
	}
	var first string
	for _, path := range slices.Sorted(maps.Keys(ov.Replace)) {
		if strings.HasSuffix(path, "_test.go") {
			first = path
			break
		}
	}
	if first == "" {
		return "", fmt.Errorf("oracle: no test file in %s", overlayPath)
	}
	f, err := parser.ParseFile(token.NewFileSet(), ov.Replace[first], nil, parser.PackageClauseOnly)
	if err != nil {
		return "", err
	}
	src := fmt.Sprintf("package %s\n\nimport (\n\t\"testing\"\n\t\"time\"\n)\n\nfunc %s(*testing.T) { time.Sleep(100 * time.Millisecond) }\n", f.Name.Name, lingerTest)
	tmp := filepath.Dir(overlayPath)
	lf := filepath.Join(tmp, "linger_test.go")
	if err := os.WriteFile(lf, []byte(src), 0o644); err != nil {
		return "", err
	}
	ov.Replace[filepath.Join(filepath.Dir(first), "zz_pbcc_linger_test.go")] = lf
	js, err := json.Marshal(map[string]any{"Replace": ov.Replace})
	if err != nil {
		return "", err
	}
	out := strings.TrimSuffix(overlayPath, ".json") + "-linger.json"
	return out, os.WriteFile(out, js, 0o644)
}
