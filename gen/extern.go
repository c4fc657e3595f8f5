package gen

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/symexec"
)

// Calls of external functions (ir.CallExtern) whose results the executor
// does not model exactly are unknowns to the solver: it may assume
// results the real function never gives. Every replay calls the real
// function and reports the calls it made (symexec.Trace.Calls); the
// generation keeps them as facts, which the next trees take into
// account (symexec.Options.Facts). When a solution that took a goal
// under assumed results does not take it on replay, the goal is solved
// again at the same bound, knowing more, at most maxLearnRounds times.

const (
	// maxLearnRounds bounds the queries a goal makes again after its
	// replay taught facts.
	maxLearnRounds = 8
	// maxFacts bounds the facts kept per function: each one adds an
	// implication per call in every tree.
	maxFacts = 64
)

// An ExternCall is a call, in the function or its callees, of an external
// function the executor does not model exactly.
type ExternCall struct {
	Func  string // "strconv.Itoa"
	Pos   ir.Pos
	Model string // "partial" (exact on part of its domain) or "" (none)
}

// facts is what the generation of one function learnt of external calls.
type facts struct {
	list  []symexec.Fact
	seen  map[string]bool
	fresh bool // facts came since the last query
	off   bool // no goal is solved again (tests)
}

// learn keeps the calls of tr that are new and whose results no model
// gives.
func (g *generation) learn(tr *symexec.Trace) {
	for _, c := range tr.Calls {
		if symexec.ModelDecides(c) || len(g.facts.list) >= maxFacts {
			continue
		}
		key := factKey(c)
		if g.facts.seen[key] {
			continue
		}
		if g.facts.seen == nil {
			g.facts.seen = map[string]bool{}
		}
		g.facts.seen[key] = true
		g.facts.list = append(g.facts.list, c)
		g.facts.fresh = true
	}
}

// relearn reports whether a goal whose solution failed on replay should
// be solved again: the replay taught new facts and rounds allow it.
func (g *generation) relearn(rounds *int) bool {
	if !g.facts.fresh || g.facts.off || *rounds >= maxLearnRounds {
		return false
	}
	g.facts.fresh = false
	*rounds++
	return true
}

// factKey identifies a call by its function and arguments.
func factKey(f symexec.Fact) string {
	var b strings.Builder
	b.WriteString(f.Func)
	for _, a := range f.Args {
		fmt.Fprintf(&b, "|%s:%x:%q:%t:%s", a.T, a.Bits, a.Str, a.Nil, a.String())
	}
	return b.String()
}

// externCalls returns the calls of f and its callees that the executor
// does not model exactly, in source order.
func externCalls(f *ir.Func) []ExternCall {
	var calls []ExternCall
	done := map[*ir.Func]bool{}
	var walk func(*ir.Func)
	walk = func(f *ir.Func) {
		if done[f] {
			return
		}
		done[f] = true
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				switch in := in.(type) {
				case *ir.Call:
					walk(in.Callee)
				case *ir.CallExtern:
					if m := symexec.ModelOf(in.Func); m != "exact" {
						calls = append(calls, ExternCall{Func: in.Func, Pos: in.Pos, Model: m})
					}
				}
			}
		}
	}
	walk(f)
	sort.SliceStable(calls, func(i, j int) bool {
		a, b := calls[i].Pos, calls[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	return calls
}
