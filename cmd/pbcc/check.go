package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/pbcc/pbcc/cbridge"
	"github.com/pbcc/pbcc/ssaexec/cover"
	"github.com/pbcc/pbcc/ssaexec/emit"
)

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("pbcc check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	profile := fs.String("coverprofile", "", "reuse this `file`, written by CI's own go test -coverprofile run, for the if decisions")
	minPct := fs.Float64("min", -1, "pass when at least `PCT` percent of all branches are covered (default: every branch the generated tests were made to cover)")
	js := fs.Bool("json", false, "print one JSON object per uncovered branch and one per package")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "pbcc check: no packages given")
		return 2
	}
	if *minPct > 100 {
		fmt.Fprintf(stderr, "pbcc check: -min %g: a percentage is at most 100\n", *minPct)
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
		status = max(status, checkC(f, *minPct, *js, stdout, stderr))
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
		st := checkPackage(dir, *profile, *minPct, *js, stdout, stderr)
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
	Package   string  `json:"package"`
	Branches  int     `json:"branches"`
	Covered   int     `json:"covered"`
	Percent   float64 `json:"percent"`
	Threshold string  `json:"threshold"`
	Pass      bool    `json:"pass"`
}

type uncoveredBranch struct {
	Pos     string `json:"pos"`
	Cond    string `json:"cond"`
	Outcome string `json:"outcome"`
}

func checkPackage(dir, profile string, minPct float64, js bool, stdout, stderr io.Writer) int {
	name := rel(dir)
	if !strings.HasPrefix(name, ".") && !filepath.IsAbs(name) {
		name = "./" + name
	}
	m, err := measure(context.Background(), dir, profile)
	if err != nil {
		fmt.Fprintf(stderr, "pbcc check: %s: %v\n", name, err)
		if m.branches == nil {
			return 2
		}
	}
	res := checkResult{Package: name, Branches: len(m.branches)}
	for _, b := range m.branches {
		if b.Covered {
			res.Covered++
		}
	}
	if res.Branches > 0 {
		res.Percent = 100 * float64(res.Covered) / float64(res.Branches)
	} else {
		res.Percent = 100
	}

	// The branches that must be covered, and the verdict.
	var must []cover.Branch
	if minPct >= 0 {
		res.Threshold = fmt.Sprintf("%g%%", minPct)
		res.Pass = res.Percent >= minPct
		if !res.Pass {
			must = m.branches
		}
	} else {
		claims, err := readClaims(dir)
		if err != nil {
			fmt.Fprintf(stderr, "pbcc check: %s: %v\n", name, err)
			return 2
		}
		if len(claims) == 0 {
			fmt.Fprintf(stderr, "pbcc check: %s: no pbcc-generated tests here, so no default threshold: run pbcc gen, or give -min\n", name)
			return 2
		}
		res.Threshold = "every branch the generated tests were made to cover"
		must = claimedBranches(m.branches, claims)
		res.Pass = true
		for _, b := range must {
			if !b.Covered {
				res.Pass = false
			}
		}
	}
	enc := json.NewEncoder(stdout)
	for _, b := range must {
		if b.Covered {
			continue
		}
		u := uncoveredBranch{Pos: rel(b.Pos.String()), Cond: b.Text, Outcome: b.Outcome}
		if js {
			enc.Encode(u)
		} else {
			fmt.Fprintf(stdout, "%s %s %s: not covered\n", u.Pos, u.Cond, u.Outcome)
		}
	}
	return verdict(res, minPct, js, stdout)
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
	figures := fmt.Sprintf("pbcc: %s: %d/%d branches (%.1f%%)", res.Package, res.Covered, res.Branches, res.Percent)
	switch {
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
		fn := b.Func
		if i := strings.Index(fn, "."); i >= 0 {
			fn = fn[i+1:]
		}
		c, ok := claims[fn]
		if !ok {
			continue
		}
		excused := false
		for _, u := range c.NotCovered {
			if u.File == filepath.Base(b.Pos.File) && u.Line == b.Pos.Line && u.Col == b.Pos.Col && u.Outcome == b.Outcome {
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
func checkC(path string, minPct float64, js bool, stdout, stderr io.Writer) int {
	if minPct < 0 {
		fmt.Fprintf(stderr, "pbcc check: %s: a C unit needs -min PCT (gcov counts the branches as gcc compiles them)\n", path)
		return 2
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		fmt.Fprintf(stderr, "pbcc check: %v\n", err)
		return 2
	}
	harness := cbridge.TestFileName(abs)
	if _, err := os.Stat(harness); err != nil {
		fmt.Fprintf(stderr, "pbcc check: %s: no harness (%s): run pbcc gen %s first\n", path, rel(harness), path)
		return 2
	}
	cov, out, err := cbridge.Measure(context.Background(), harness)
	if err != nil {
		fmt.Fprintf(stderr, "pbcc check: %s: %v\n%s", path, err, out)
		if cov == nil {
			return 2
		}
	}
	res := checkResult{Package: path, Threshold: fmt.Sprintf("%g%%", minPct)}
	var names []string
	for name := range cov {
		names = append(names, name)
	}
	sort.Strings(names)
	enc := json.NewEncoder(stdout)
	for _, name := range names {
		c := cov[name]
		res.Branches += c.Branches
		res.Covered += c.Taken
	}
	res.Percent = 100
	if res.Branches > 0 {
		res.Percent = 100 * float64(res.Covered) / float64(res.Branches)
	}
	res.Pass = res.Percent >= minPct && err == nil
	if !res.Pass {
		for _, name := range names {
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
