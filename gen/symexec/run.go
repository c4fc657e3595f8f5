package symexec

import (
	"errors"
	"fmt"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/term"
)

// An Input is a variable of the formulas that stands for (part of) a
// parameter of the function under test.
type Input struct {
	Var    *term.Term
	Signed bool
}

// Inputs returns the variables standing for f's parameters, in parameter
// order then element order. Their names are the parameter's, with element
// indexes: "a", "A[1]", "m[0][2]".
func Inputs(f *ir.Func) []Input {
	var ins []Input
	var walk func(name string, t ir.Type)
	walk = func(name string, t ir.Type) {
		switch t := t.(type) {
		case ir.Int:
			ins = append(ins, Input{Var: term.Var(name, t.Bits), Signed: t.Signed})
		case ir.Bool:
			ins = append(ins, Input{Var: term.Var(name, 0)})
		case ir.Array:
			for i := 0; i < t.Len; i++ {
				walk(fmt.Sprintf("%s[%d]", name, i), t.Elem)
			}
		}
	}
	for i, p := range f.Params {
		walk(paramVar(f, i), p.T)
	}
	return ins
}

// paramVar returns the variable name of f's i-th parameter: its own name,
// unless blank or repeated.
func paramVar(f *ir.Func, i int) string {
	name := f.Params[i].Name()
	if name == "" || name == "_" {
		return fmt.Sprintf("arg%d", i)
	}
	for j := 0; j < i; j++ {
		if f.Params[j].Name() == name {
			return fmt.Sprintf("arg%d", i)
		}
	}
	return name
}

// symbolicArgs returns the symbolic values of f's parameters.
func symbolicArgs(f *ir.Func) []value {
	var build func(name string, t ir.Type) value
	build = func(name string, t ir.Type) value {
		switch t := t.(type) {
		case ir.Int:
			return value{t: term.Var(name, t.Bits)}
		case ir.Bool:
			return value{t: term.Var(name, 0)}
		case ir.Array:
			es := make([]value, t.Len)
			for i := range es {
				es[i] = build(fmt.Sprintf("%s[%d]", name, i), t.Elem)
			}
			return value{elems: es}
		}
		panic(unsupported("a parameter of type %s", t))
	}
	args := make([]value, len(f.Params))
	for i, p := range f.Params {
		args[i] = build(paramVar(f, i), p.T)
	}
	return args
}

// Literals returns f's arguments as the model m gives them (a variable
// absent from m is 0).
func Literals(f *ir.Func, m map[string]uint64) []ir.Literal {
	var build func(name string, t ir.Type) ir.Literal
	build = func(name string, t ir.Type) ir.Literal {
		switch t := t.(type) {
		case ir.Int:
			return ir.Literal{T: t, Bits: m[name] & t.Mask()}
		case ir.Bool:
			return ir.Literal{T: t, Bits: m[name] & 1}
		case ir.Array:
			l := ir.Literal{T: t, Elems: make([]ir.Literal, t.Len)}
			for i := range l.Elems {
				l.Elems[i] = build(fmt.Sprintf("%s[%d]", name, i), t.Elem)
			}
			return l
		}
		return ir.Zero(t)
	}
	ls := make([]ir.Literal, len(f.Params))
	for i, p := range f.Params {
		ls[i] = build(paramVar(f, i), p.T)
	}
	return ls
}

// A Trace is what a concrete run of a function did.
type Trace struct {
	// Edges are the branch edges taken, of every function run (the one
	// called and its callees), in the order taken, repeats included.
	Edges []ir.Edge
	// Outputs are the results, when the function returned.
	Outputs []ir.Literal
	// Panicked reports that the run ended in an ir.Panic or a run-time
	// error (an index out of range, a division by zero, and in C any
	// undefined behaviour).
	Panicked bool
	Reason   string // what the run-time error was, when Panicked
}

// ErrSteps is returned by Run when the run exceeds its step budget.
var ErrSteps = errors.New("run exceeded its step budget")

// Run executes f concretely on args, with the same semantics as the trees
// PBCC builds, and reports the edges it takes and its results. It is
// pbcc's replay: every term folds to a constant, so every branch is
// decided.
func Run(f *ir.Func, args []ir.Literal, maxSteps int) (tr *Trace, err error) {
	defer recoverUnsupported(&err)
	vals := make([]value, len(args))
	for i, a := range args {
		vals[i] = fromLiteral(a)
	}
	m := &machine{}
	st := newState(f, vals)
	tr = &Trace{}
	for {
		if maxSteps > 0 && m.steps > maxSteps {
			return tr, ErrSteps
		}
		ev, pre := m.advance(st)
		for _, c := range pre {
			if !c.IsTrue() {
				tr.Panicked, tr.Reason = true, "run-time error"
				return tr, nil
			}
		}
		switch ev {
		case panicked:
			tr.Panicked, tr.Reason = true, "panic"
			return tr, nil
		case cut, fault:
			tr.Panicked, tr.Reason = true, "run-time error"
			return tr, nil
		case returned:
			for i, r := range st.results {
				l, err := literal(f.Results[i], r)
				if err != nil {
					return tr, fmt.Errorf("result %d: %w", i, err)
				}
				tr.Outputs = append(tr.Outputs, l)
			}
			return tr, nil
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
