package symexec

import (
	"errors"
	"fmt"

	"github.com/pbcc/pbcc/gen/ir"
)

// A Trace is what a concrete run of a function did.
type Trace struct {
	// Steps counts the blocks the run entered (Meter).
	Steps int
	// Edges are the branch edges taken, of every function run (the one
	// called and its callees), in the order taken, repeats included.
	Edges []ir.Edge
	// Outputs are the results, when the function returned.
	Outputs []ir.Literal
	// After holds the parameters after the call, what pointer parameters
	// point to then; nil when no parameter is a pointer.
	After []ir.Literal
	// Panicked reports that the run ended in an ir.Panic or a run-time
	// error (an index out of range, a division by zero, and in C any
	// undefined behaviour).
	Panicked bool
	// Exit reports that the run ended in C's exit or abort (an ir.Panic
	// marked Exit): an end a test may expect, Reason saying which
	// ("exit(1)", "abort()"), and no undefined behaviour.
	Exit bool
	// Unknown reports that the run reached a call of a function another
	// unit defines (an ir.Panic marked Unknown): no case rests on it.
	Unknown bool
	// Reason is what the run-time error was, or the text of an explicit
	// panic's value as fmt.Sprint prints it; empty when the value is not
	// known (the front end keeps only constant panic values).
	Reason string
	Kind   ir.CheckKind // its kind; NoCheck for an explicit panic
	Pos    ir.Pos       // where it happened, when known
	Site   ir.Instr     // the instruction whose check failed
	// Calls are the calls of external functions the run made, in order,
	// with the real results (Fact).
	Calls []Fact
}

// ErrSteps is returned by Run when the run exceeds its step budget.
var ErrSteps = errors.New("run exceeded its step budget")

// ErrNoExit is returned by Run, wrapped with ErrSteps, when the run
// entered a loop without a branch: it would never end.
var ErrNoExit = errors.New("a loop without exit")

// Run executes f concretely on args, with the same semantics as the trees
// PBCC builds, and reports the edges it takes and its results. It is
// pbcc's replay: every term folds to a constant, so every branch is
// decided.
func Run(f *ir.Func, args Args, maxSteps int) (tr *Trace, err error) {
	defer recoverUnsupported(&err)
	m := &machine{ext: extState{concrete: true}}
	defer func() {
		if tr != nil {
			tr.Calls, tr.Steps = m.ext.calls, m.steps
		}
	}()
	st := concreteState(f, args)
	params := make([]value, len(f.Params))
	for i, p := range f.Params {
		params[i], _ = st.frames[0].get(p)
	}
	tr = &Trace{}
	for {
		if maxSteps > 0 && m.steps > maxSteps {
			return tr, ErrSteps
		}
		ev, pre := m.advance(st)
		if m.spun {
			return tr, fmt.Errorf("%w: %s: %w", ErrSteps, f.Name, ErrNoExit)
		}
		for _, c := range pre {
			if !c.cond.IsTrue() {
				if !c.cond.IsConst() {
					return tr, fmt.Errorf("%s: a check on non-constant %s", f.Name, c.cond)
				}
				m.failed = c
				ev = fault
				break
			}
		}
		switch ev {
		case panicked:
			tr.Panicked = true
			if p, ok := st.top().block.Term.(*ir.Panic); ok {
				tr.Pos = p.Pos
				tr.Reason = panicText(st.top(), p)
				if p.Exit {
					tr.Exit, tr.Reason = true, exitText(st.top(), p)
				}
				if p.Unknown != "" {
					tr.Unknown, tr.Reason = true, "a call to "+p.Unknown+", which another unit defines"
				}
			}
			return tr, nil
		case cut, fault:
			tr.Panicked, tr.Kind, tr.Site = true, m.failed.kind, librarySite(st, m.failed.instr)
			tr.Reason = m.failed.kind.String()
			if _, ok := m.failed.instr.(*ir.CallExtern); ok {
				tr.Reason = m.ext.panicked // a real function panicked
			}
			if pi, ok := tr.Site.(interface{ Position() ir.Pos }); ok {
				tr.Pos = pi.Position()
			}
			return tr, nil
		case returned:
			tr.Outputs, tr.After, err = outputs(f, st, params)
			return tr, err
		case atCall:
			fr := st.top()
			targets, ci := callTargets(fr)
			var fn *ir.Func
			var env []value
			for _, t := range targets {
				if t.guard.IsTrue() {
					fn, env = t.fn, t.env
				}
			}
			if fn == nil {
				tr.Panicked, tr.Kind, tr.Site, tr.Pos = true, ir.CheckNil, ci, ci.Pos
				tr.Reason = ir.CheckNil.String()
				return tr, nil
			}
			m.enterCall(st, ci, fn, env)
			continue
		}
		fr := st.top()
		blk := fr.block
		taken := -1
		for i, c := range branches(fr) {
			if !c.IsConst() {
				return tr, fmt.Errorf("%s: branch on a non-constant condition %s", blk.Func.Name, c)
			}
			if c.IsTrue() {
				taken = i
				break
			}
		}
		tr.Edges = append(tr.Edges, ir.Edge{From: blk, Index: taken})
		st.enter(blk, blk.Succs[taken])
		m.steps++
	}
}

// panicText returns the value of an explicit panic as fmt.Sprint prints
// it, when it is a string or an integer.
func panicText(fr *frame, p *ir.Panic) string {
	if p.X == nil {
		return ""
	}
	v := fr.value(p.X)
	switch t := p.X.Type().(type) {
	case ir.String:
		n := int(v.n.Val)
		b := make([]byte, 0, n)
		for j := 0; j < n && j < len(v.elems); j++ {
			b = append(b, byte(v.elems[j].t.Val))
		}
		return string(b)
	case ir.Int:
		if t.Signed {
			return fmt.Sprint(ir.SignExtend(v.t.Val, t.Bits))
		}
		return fmt.Sprint(v.t.Val)
	}
	return ""
}
