package main

import (
	"bytes"
	"context"
	"regexp"
	"slices"
	"strings"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/ssaexec/cover"
)

// A branchKey names one outcome of a source branch: the position of its
// condition and the outcome. The lowering and the measurement agree on it,
// which is how an IR edge finds out whether the real code took it.
type branchKey struct {
	file      string
	line, col int
	outcome   string
}

func edgeKey(e ir.Edge) branchKey {
	p := e.Pos()
	return branchKey{p.File, p.Line, p.Col, e.Label()}
}

func measuredKey(b cover.Branch) branchKey {
	return branchKey{b.Pos.File, b.Pos.Line, b.Pos.Col, b.Outcome}
}

// measured is what a run of the tests on the real code covered.
type measured struct {
	branches []cover.Branch
	taken    map[branchKey]bool
	// failed names the tests that failed ("TestX", "TestX/case"), in the
	// order go test printed them; buildFailed is set when the tests did
	// not build. A failing test does not stop the measurement, but a gate
	// must not pass on it.
	failed      []string
	buildFailed bool
	testsFailed bool // go test reported FAIL, named tests or not (a panic in TestMain, os.Exit)
	// notMeasured, when set, says why nothing could be measured.
	notMeasured string
}

func (m measured) covered(e ir.Edge) bool { return m.taken[edgeKey(e)] }

// measure runs the tests of the package in dir on the real code, with
// every branch recording (one build of the tests). profile, if not empty,
// is a coverage profile of CI's own go test run, which decides the if
// statements it can.
func measure(ctx context.Context, dir, profile string) (measured, error) {
	var out bytes.Buffer
	bs, err := cover.Measure(ctx, dir, cover.Options{CoverProfile: profile, NoProfile: true, Stdout: &out, Stderr: &out})
	m := newMeasured(bs)
	m.failed, m.buildFailed = failedTests(out.String())
	m.testsFailed = len(m.failed) > 0 || m.buildFailed || failSummary.MatchString(out.String())
	switch {
	case err != nil && ctx.Err() != nil:
		// A run killed by the deadline: what it did measure is not all.
		m.notMeasured = "the run's time budget (-timeout) ended before the measurement did"
	case m.buildFailed:
		// Nothing ran: a count of zero would read as tests that miss
		// every branch.
		m.notMeasured = "the package's tests do not build"
		if d := diagLine.FindString(out.String()); d != "" {
			m.notMeasured += " (" + strings.TrimPrefix(d, "./") + ")"
		}
	case bs == nil && err != nil:
		m.notMeasured, _, _ = strings.Cut(err.Error(), "\n")
	}
	return m, err
}

// measureAfter is measure, unless taken, the branches a check of the
// tests just made saw them take (all of them passing), already says it.
func measureAfter(ctx context.Context, dir string, taken []cover.Branch) (measured, error) {
	if taken != nil {
		return newMeasured(taken), nil
	}
	return measure(ctx, dir, "")
}

func newMeasured(bs []cover.Branch) measured {
	m := measured{branches: bs, taken: map[branchKey]bool{}}
	for _, b := range bs {
		if b.Covered {
			m.taken[measuredKey(b)] = true
		}
	}
	return m
}

// diagLine is the first diagnostic of a build's output: file:line:col: msg.
var diagLine = regexp.MustCompile(`(?m)^\S+\.go:\d+:\d+: .*$`)

// failLine is go test's line for a failing test or subtest; subtests'
// lines are indented.
var failLine = regexp.MustCompile(`(?m)^\s*--- FAIL: (\S+)`)

// failSummary is go test's last line for a package whose tests failed.
var failSummary = regexp.MustCompile(`(?m)^FAIL\b`)

// failedTests reads go test's output (both measurement runs, so a test
// may fail twice) and returns the failing tests, each once, and whether
// the package's tests did not build.
func failedTests(out string) (names []string, buildFailed bool) {
	for _, m := range failLine.FindAllStringSubmatch(out, -1) {
		if !slices.Contains(names, m[1]) {
			names = append(names, m[1])
		}
	}
	buildFailed = strings.Contains(out, "[build failed]") || strings.Contains(out, "[setup failed]")
	return names, buildFailed
}
