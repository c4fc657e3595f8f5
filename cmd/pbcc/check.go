package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/pbcc/pbcc/cbridge"
	"github.com/pbcc/pbcc/ssaexec/cover"
	"github.com/pbcc/pbcc/ssaexec/emit"
)

const checkUsage = `usage: pbcc check [flags] <Go package patterns | C files>

The CI gate: runs the package's tests, measures branch coverage on the real
code, and exits 1 when a test fails or the coverage is below the threshold
(by default, every branch the generated tests were made to cover). Branches
pbcc gen proved unreachable are reported apart and never count. Examples:

	pbcc check ./...
	pbcc check -min 90 -coverprofile cover.out ./...
	pbcc check -min 100 wc.c

Flags:
`

func runCheck(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("pbcc check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), checkUsage)
		fs.PrintDefaults()
	}
	profile := fs.String("coverprofile", "", "reuse this `file`, written by CI's own go test -coverprofile run, for the if decisions")
	var incl includeDirs
	fs.Var(&incl, "I", "search `dir` for a C unit's #include, as pbcc gen -I did (repeatable)")
	minPct := fs.Float64("min", -1, "pass when at least `PCT` percent of all branches are covered (default: every branch the generated tests were made to cover)")
	js := fs.Bool("json", false, "print one JSON object per uncovered branch and one per package")
	if err := fs.Parse(args); err == flag.ErrHelp {
		return 0
	} else if err != nil {
		return 2
	}
	cbridge.IncludeDirs = incl.abs
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "pbcc check: no packages given")
		return 2
	}
	minSet := false
	fs.Visit(func(f *flag.Flag) { minSet = minSet || f.Name == "min" })
	if minSet && !(*minPct >= 0 && *minPct <= 100) { // NaN too
		fmt.Fprintf(stderr, "pbcc check: -min %g: a percentage is between 0 and 100\n", *minPct)
		return 2
	}
	if *profile != "" {
		if _, err := os.Stat(*profile); err != nil {
			fmt.Fprintf(stderr, "pbcc check: -coverprofile: %v\n", err)
			return 2
		}
		abs, _ := filepath.Abs(*profile)
		*profile = abs
	}
	cFiles, patterns := splitArgs(fs.Args())
	status := 0
	for _, f := range cFiles {
		status = max(status, checkC(ctx, f, *minPct, *js, stdout, stderr))
	}
	if len(patterns) == 0 {
		return status
	}
	dirs, err := packageDirs(patterns)
	if err != nil {
		fmt.Fprintf(stderr, "pbcc check: %v\n", err)
		return 2
	}
	for _, dir := range dirs {
		if ctx.Err() != nil {
			return 2 // stopped by a signal: runInterruptible says so
		}
		st := checkPackage(ctx, dir, *profile, *minPct, *js, stdout, stderr)
		status = max(status, st)
	}
	return status
}

// packageDirs lists the directories of the packages matching patterns.
func packageDirs(patterns []string) ([]string, error) {
	cmd := exec.Command("go", append([]string{"list", "-f", "{{.Dir}}"}, patterns...)...)
	var errb strings.Builder
	cmd.Stderr = &errb
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list %s: %v\n%s", strings.Join(patterns, " "), err, errb.String())
	}
	return strings.Fields(string(out)), nil
}

// checkResult is the JSON form of a package's verdict.
type checkResult struct {
	Package  string `json:"package"`
	Branches int    `json:"branches"`
	Covered  int    `json:"covered"`
	// Unreachable counts the branches gen proved unreachable (the
	// generated file's header says so) that the tests do not take: they
	// are reported apart and left out of Percent and of -min.
	Unreachable int     `json:"unreachable"`
	Percent     float64 `json:"percent"`
	Threshold   string  `json:"threshold"`
	// FailedTests names the tests that failed; TestsFailed is set when
	// the tests failed at all (they may not have built). Either fails
	// the gate, whatever the coverage.
	FailedTests []string `json:"failed_tests,omitempty"`
	TestsFailed bool     `json:"tests_failed,omitempty"`
	Pass        bool     `json:"pass"`
}

type uncoveredBranch struct {
	Pos     string `json:"pos"`
	Cond    string `json:"cond"`
	Outcome string `json:"outcome"`
	// Gen is gen's word on a branch it found unreachable within its
	// bounds only ("unreachable within k=3"): such a branch counts.
	Gen string `json:"gen,omitempty"`
}

func checkPackage(ctx context.Context, dir, profile string, minPct float64, js bool, stdout, stderr io.Writer) int {
	name := rel(dir)
	if !strings.HasPrefix(name, ".") && !filepath.IsAbs(name) {
		name = "./" + name
	}
	claims, err := readClaims(dir)
	if err != nil {
		fmt.Fprintf(stderr, "pbcc check: %s: %v\n", name, err)
		return 2
	}
	if len(claims) == 0 && !declaresFuncs(dir) {
		// Nothing to test, nothing to gate (a package of types or
		// constants): no failure of pbcc check ./... for it.
		fmt.Fprintf(stderr, "pbcc check: %s: no function to check\n", name)
		return 0
	}
	if minPct < 0 && len(claims) == 0 {
		fmt.Fprintf(stderr, "pbcc check: %s: no pbcc-generated tests here, so no default threshold: run pbcc gen, or give -min\n", name)
		return 2
	}
	m, err := measure(ctx, dir, profile)
	if _, ok := interrupted(ctx); ok {
		return 2 // runInterruptible says so
	}
	if err != nil && !m.testsFailed {
		// Not the tests' failure: a profile that does not parse, a
		// package that does not load. The gate cannot say anything.
		fmt.Fprintf(stderr, "pbcc check: %s: %v\n", name, err)
		return 2
	}
	res := checkResult{Package: name, Branches: len(m.branches), FailedTests: m.failed, TestsFailed: m.testsFailed}
	unreachable := map[branchKey]bool{}
	for _, b := range m.branches {
		switch {
		case b.Covered:
			res.Covered++
		case provedUnreachable(b, claims):
			unreachable[measuredKey(b)] = true
			res.Unreachable++
		}
	}
	res.Percent = 100
	if n := res.Branches - res.Unreachable; n > 0 {
		res.Percent = 100 * float64(res.Covered) / float64(n)
	}

	// The branches that must be covered, and the verdict.
	var must []cover.Branch
	if minPct >= 0 {
		res.Threshold = fmt.Sprintf("%g%%", minPct)
		res.Pass = res.Percent >= minPct
		if !res.Pass {
			for _, b := range m.branches {
				if !unreachable[measuredKey(b)] {
					must = append(must, b)
				}
			}
		}
	} else {
		res.Threshold = "every branch the generated tests were made to cover"
		must = claimedBranches(m.branches, claims)
		res.Pass = true
		for _, b := range must {
			if !b.Covered {
				res.Pass = false
			}
		}
	}
	if res.TestsFailed {
		res.Pass = false
	}
	enc := json.NewEncoder(stdout)
	for _, b := range must {
		if b.Covered {
			continue
		}
		u := uncoveredBranch{Pos: rel(b.Pos.String()), Cond: b.Text, Outcome: b.Outcome, Gen: genReason(b, claims)}
		if js {
			enc.Encode(u)
		} else if u.Gen != "" {
			fmt.Fprintf(stdout, "%s %s %s: not covered (pbcc gen: %s, not proved for any bound)\n", u.Pos, u.Cond, u.Outcome, u.Gen)
		} else {
			fmt.Fprintf(stdout, "%s %s %s: not covered\n", u.Pos, u.Cond, u.Outcome)
		}
	}
	if res.TestsFailed && !js {
		for _, t := range res.FailedTests {
			fmt.Fprintf(stdout, "%s: test %s fails\n", name, t)
		}
		if m.buildFailed {
			fmt.Fprintf(stdout, "%s: the tests do not build\n", name)
		}
		if err != nil {
			// go test's own words: the failing test's message, the
			// compiler's error.
			fmt.Fprintf(stderr, "pbcc check: %s: %v\n", name, err)
		}
	}
	return verdict(res, minPct, js, stdout)
}

// provedUnreachable reports whether the claims say gen proved the branch
// b unreachable for any bound: a branch unreachable only within the
// iteration bound or the bound on input lengths ("unreachable within
// k=3") may be reached by a larger one (google/uuid's MustParse), and
// counts.
func provedUnreachable(b cover.Branch, claims map[string]emit.Claim) bool {
	return claimReason(b, claims) == "unreachable"
}

// genReason is gen's reason for a branch it found unreachable within its
// bounds only, or "".
func genReason(b cover.Branch, claims map[string]emit.Claim) string {
	if r := claimReason(b, claims); strings.HasPrefix(r, "unreachable ") {
		return r
	}
	return ""
}

// claimReason is the reason the claims give for not covering the branch
// b, or "" when they give none.
func claimReason(b cover.Branch, claims map[string]emit.Claim) string {
	for _, u := range claims[funcName(b.Func)].NotCovered {
		if sameBranch(u, b) {
			return u.Reason
		}
	}
	return ""
}

// funcName is a measured branch's function as the claims name it:
// "m.T.M" -> "T.M".
func funcName(fn string) string {
	if i := strings.Index(fn, "."); i >= 0 {
		return fn[i+1:]
	}
	return fn
}

func sameBranch(u emit.Uncovered, b cover.Branch) bool {
	return u.File == filepath.Base(b.Pos.File) && u.Line == b.Pos.Line && u.Col == b.Pos.Col && u.Outcome == b.Outcome
}

// verdict prints a package's or unit's verdict and returns the exit
// status it means.
func verdict(res checkResult, minPct float64, js bool, stdout io.Writer) int {
	status := 0
	if !res.Pass {
		status = 1
	}
	if js {
		json.NewEncoder(stdout).Encode(res)
		return status
	}
	figures := fmt.Sprintf("pbcc: %s: %d/%d branches (%.1f%%)", res.Package, res.Covered, res.Branches-res.Unreachable, res.Percent)
	if res.Unreachable > 0 {
		figures += fmt.Sprintf(", %d more proved unreachable (not counted)", res.Unreachable)
	}
	switch {
	case res.TestsFailed:
		n := len(res.FailedTests)
		switch {
		case n == 1:
			fmt.Fprintf(stdout, "%s; FAIL: 1 test fails\n", figures)
		case n > 1:
			fmt.Fprintf(stdout, "%s; FAIL: %d tests fail\n", figures, n)
		default:
			fmt.Fprintf(stdout, "%s; FAIL: the tests fail\n", figures)
		}
	case minPct >= 0 && res.Pass:
		fmt.Fprintf(stdout, "%s >= %g%%\n", figures, minPct)
	case minPct >= 0:
		fmt.Fprintf(stdout, "%s < %g%%\n", figures, minPct)
	case res.Pass:
		fmt.Fprintf(stdout, "%s; every branch the generated tests were made to cover is covered\n", figures)
	default:
		fmt.Fprintf(stdout, "%s; some branches the generated tests were made to cover are not\n", figures)
	}
	return status
}

// readClaims reads the claims of every pbcc-generated test file in dir,
// keyed by function name ("Trityp", "T.M").
func readClaims(dir string) (map[string]emit.Claim, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*_pbcc_test.go"))
	if err != nil {
		return nil, err
	}
	claims := map[string]emit.Claim{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		if !emit.IsGenerated(data) {
			continue
		}
		cs, err := emit.ReadClaims(f)
		if err != nil {
			return nil, err
		}
		for _, c := range cs {
			claims[c.Func] = c
		}
	}
	return claims, nil
}

// claimedBranches returns the measured branches of the functions that have
// generated tests, but for those the claims say were not covered.
func claimedBranches(bs []cover.Branch, claims map[string]emit.Claim) []cover.Branch {
	var must []cover.Branch
	for _, b := range bs {
		c, ok := claims[funcName(b.Func)]
		if !ok {
			continue
		}
		excused := false
		for _, u := range c.NotCovered {
			if sameBranch(u, b) {
				excused = true
				break
			}
		}
		if !excused {
			must = append(must, b)
		}
	}
	return must
}

// checkC is the gate for a C unit: it builds and runs the unit's harness
// under gcov and compares the branches taken, over all the unit's
// functions, with -min. gcov counts branches as gcc compiles them, which
// differs from pbcc's own count, so C has no default threshold.
func checkC(ctx context.Context, path string, minPct float64, js bool, stdout, stderr io.Writer) int {
	abs, err := filepath.Abs(path)
	if err != nil {
		fmt.Fprintf(stderr, "pbcc check: %v\n", err)
		return 2
	}
	if _, err := os.Stat(abs); err != nil {
		fmt.Fprintf(stderr, "pbcc check: %v\n", err)
		return 2
	}
	harness := cbridge.TestFileName(abs)
	if _, err := os.Stat(harness); err != nil {
		if f, err := cbridge.Load(abs); err == nil && len(f.Funcs) == 0 && len(f.Errors) == 0 {
			fmt.Fprintf(stderr, "pbcc check: %s: no function to check\n", path)
			return 0
		}
		fmt.Fprintf(stderr, "pbcc check: %s: no harness (%s): run pbcc gen %s first\n", path, rel(harness), path)
		return 2
	}
	cov, out, err := cbridge.Measure(ctx, harness)
	if _, ok := interrupted(ctx); ok {
		return 2 // runInterruptible says so
	}
	if err != nil {
		fmt.Fprintf(stderr, "pbcc check: %s: %v\n%s", path, err, out)
		if cov == nil {
			return 2
		}
	}
	res := checkResult{Package: path, Threshold: fmt.Sprintf("%g%%", minPct)}
	claims, cerr := readCClaims(harness)
	if cerr != nil {
		fmt.Fprintf(stderr, "pbcc check: %s: %v\n", path, cerr)
		return 2
	}
	if minPct < 0 {
		res.Threshold = "every branch the generated tests were made to cover"
	}
	var names []string
	for name := range cov {
		names = append(names, name)
	}
	sort.Strings(names)
	enc := json.NewEncoder(stdout)
	short := map[string]bool{} // functions below the default threshold
	for _, name := range names {
		c := cov[name]
		res.Branches += c.Branches
		res.Covered += c.Taken
		// gcov counts branches as gcc compiled them and does not say
		// which outcome is which, so a function's branches gen proved
		// unreachable excuse as many of its untaken ones, no more; and,
		// by default, a function passes when gcov sees no more branches
		// untaken than gen said its tests leave uncovered.
		cl, ok := claims[name]
		res.Unreachable += min(cl.unreachable, c.Branches-c.Taken)
		if ok && c.Branches-c.Taken > cl.branches-cl.covered {
			short[name] = true
		}
	}
	res.Percent = 100
	if n := res.Branches - res.Unreachable; n > 0 {
		res.Percent = 100 * float64(res.Covered) / float64(n)
	}
	res.TestsFailed = err != nil
	if minPct >= 0 {
		res.Pass = res.Percent >= minPct && err == nil
	} else {
		res.Pass = len(short) == 0 && err == nil
	}
	if !res.Pass {
		for _, name := range names {
			if minPct < 0 && !short[name] {
				continue
			}
			for _, b := range cov[name].Uncovered {
				u := uncoveredBranch{Pos: fmt.Sprintf("%s:%d", rel(abs), b.Line), Cond: name, Outcome: fmt.Sprintf("branch %d", b.Index)}
				if js {
					enc.Encode(u)
				} else {
					fmt.Fprintf(stdout, "%s: %s: %s not taken\n", u.Pos, u.Cond, u.Outcome)
				}
			}
		}
	}
	return verdict(res, minPct, js, stdout)
}

// cClaimLine is the line the C harness's header gives each function:
// "/* pbcc: f: 4 branches, 3 covered, 1 unreachable; 3 goals, 2 cases */".
var cClaimLine = regexp.MustCompile(`^/\* pbcc: (\w+): (\d+) branch(?:es)?, (\d+) covered, (\d+) unreachable;`)

// A cClaim is what gen found of a C function: its branch edges, those its
// cases cover, those proved unreachable.
type cClaim struct{ branches, covered, unreachable int }

// readCClaims reads the claims of the header of the C harness at path, by
// function.
func readCClaims(path string) (map[string]cClaim, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	claims := map[string]cClaim{}
	for _, l := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(l, "/*") {
			break // the end of the header
		}
		if m := cClaimLine.FindStringSubmatch(l); m != nil {
			var c cClaim
			for i, p := range []*int{&c.branches, &c.covered, &c.unreachable} {
				*p, _ = strconv.Atoi(m[2+i])
			}
			claims[m[1]] = c
		}
	}
	return claims, nil
}

// declaresFuncs reports whether the Go files of the package in dir (as
// the build would take them, tests aside) declare a function or method
// with a body. When they cannot be read, it says yes: the gate then runs
// and says what is wrong.
func declaresFuncs(dir string) bool {
	bp, err := build.ImportDir(dir, 0)
	if err != nil {
		return true
	}
	fset := token.NewFileSet()
	for _, name := range append(bp.GoFiles, bp.CgoFiles...) {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return true
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				return true
			}
		}
	}
	return false
}
