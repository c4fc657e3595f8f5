package gen

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/solve"
	"github.com/pbcc/pbcc/gen/symexec"
	"github.com/pbcc/pbcc/internal/goroot"
)

// Calls of external functions (ir.CallExtern) whose results the executor
// does not model exactly are unknowns to the solver: it may assume
// results the real function never gives.
//
// Before anything else, the calls of functions without any model are made
// on the inputs a person would try first (the function's string
// constants, small numbers): the seed facts. Each goal is then first
// solved in a closed world, where such calls take the arguments of a
// fact, so that a solution follows the real functions; only when there
// is none do the results become unknowns. Every replay calls the real
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

	seeded  bool             // the seed facts were made
	unknown []*ir.CallExtern // the calls without a model, of f and its callees
}

// maxSeeds bounds the seed facts made per call.
const maxSeeds = 24

// seed makes the seed facts: each call without a model, on arguments
// drawn from the function's string constants and small numbers.
func (g *generation) seed() {
	g.facts.seeded = true
	words := append([]string{""}, dictionary(g.f)...)
	for _, c := range unmodelledCalls(g.f) {
		g.facts.unknown = append(g.facts.unknown, c)
		lists := [][]ir.Literal{nil}
		for _, a := range c.Args {
			var vals []ir.Literal
			switch t := a.Type().(type) {
			case ir.String:
				for _, w := range words {
					vals = append(vals, ir.Literal{T: t, Str: w})
				}
			case ir.Int:
				for _, n := range []int64{0, 1, -1, 2, 10} {
					vals = append(vals, ir.Literal{T: t, Bits: uint64(n) & t.Mask()})
				}
			case ir.Bool:
				vals = []ir.Literal{{T: t}, {T: t, Bits: 1}}
			default:
				lists = nil
			}
			var next [][]ir.Literal
			for _, l := range lists {
				for _, v := range vals {
					if len(next) < maxSeeds {
						next = append(next, append(append([]ir.Literal(nil), l...), v))
					}
				}
			}
			lists = next
		}
		for _, args := range lists {
			if f, err := symexec.CallReal(c.Func, args, c.Results); err == nil {
				g.learn(&symexec.Trace{Calls: []symexec.Fact{f}})
			}
		}
	}
	g.facts.fresh = false
}

// reachClosed tries goal at bound k in the closed world, when f calls
// functions without a model, and reports whether a case now covers it.
func (g *generation) reachClosed(ctx context.Context, goal ir.Edge, sp inputSpace, k int, complete bool) (bool, error) {
	if !g.facts.seeded {
		g.seed()
	}
	if len(g.facts.unknown) == 0 || len(g.facts.list) == 0 || ctx.Err() != nil {
		return false, nil
	}
	form, err := symexec.PBCC(sp.in, goal, k, symexec.Options{MaxNodes: g.opts.MaxNodes, Complete: complete,
		Facts: g.facts.list, ClosedWorld: true, Meter: g.opts.Meter})
	if err != nil {
		return false, nil // the open world will tell
	}
	status, model, err := g.s.CheckSmall(form.F, sp.vars)
	if err != nil || status != solve.Sat {
		return false, nil
	}
	if err := g.addCase(goal, sp.in.Literals(model)); err != nil {
		return false, err
	}
	return g.status[goal].Outcome == Covered, nil
}

// unmodelledCalls returns the calls of f and its callees of external
// functions without any model, in a fixed order.
func unmodelledCalls(f *ir.Func) []*ir.CallExtern {
	var calls []*ir.CallExtern
	f.Walk(func(in ir.Instr) {
		if c, ok := in.(*ir.CallExtern); ok && symexec.ModelOf(c.Func) == "" {
			calls = append(calls, c)
		}
	})
	return calls
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
	f.Walk(func(in ir.Instr) {
		if c, ok := in.(*ir.CallExtern); ok {
			if m := symexec.ModelOf(c.Func); m != "exact" {
				calls = append(calls, ExternCall{Func: c.Func, Pos: c.Pos, Model: m})
			}
		}
	})
	sort.SliceStable(calls, func(i, j int) bool {
		a, b := calls[i].Pos, calls[j].Pos
		// Calls in the bodies of standard library functions the lowering
		// followed come last: where GOROOT is varies from machine to
		// machine, the order must not.
		if ga, gb := StdFile(a.File) != "", StdFile(b.File) != ""; ga != gb {
			return gb
		}
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

// StdFile returns the path of file below GOROOT/src ("strings/strings.go")
// when file is a source file of the standard library, "" otherwise.
func StdFile(file string) string {
	goroot := goroot.Dir()
	root := filepath.Join(goroot, "src") + string(filepath.Separator)
	if goroot == "" || !strings.HasPrefix(file, root) {
		return ""
	}
	return filepath.ToSlash(strings.TrimPrefix(file, root))
}
