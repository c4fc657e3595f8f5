package main

import (
	"context"

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
}

func (m measured) covered(e ir.Edge) bool { return m.taken[edgeKey(e)] }

// measure runs the tests of the package in dir on the real code.
// profile, if not empty, is a coverage profile of CI's own go test run.
func measure(ctx context.Context, dir, profile string) (measured, error) {
	bs, err := cover.Measure(ctx, dir, cover.Options{CoverProfile: profile})
	m := measured{branches: bs, taken: map[branchKey]bool{}}
	for _, b := range bs {
		if b.Covered {
			m.taken[measuredKey(b)] = true
		}
	}
	return m, err
}
