package symexec

import (
	"fmt"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/term"
)

// A frame is one active call.
type frame struct {
	fn     *ir.Func
	env    map[ir.Value]value
	block  *ir.Block
	pc     int               // next instruction of block
	visits map[*ir.Block]int // how many times each block was entered
	call   *ir.Call          // in the caller, receives the results
}

// A state is a point of one partial execution: the call stack and memory.
type state struct {
	frames  []*frame
	mem     map[int]value
	nextObj int
	results []value // of the function under test, once it returned
	reached bool    // the goal edge was taken (trees of complete paths)
}

func (st *state) top() *frame { return st.frames[len(st.frames)-1] }

// clone returns an independent copy of st, for the other side of a branch.
// Values are immutable, so maps are copied shallowly.
func (st *state) clone() *state {
	c := &state{mem: make(map[int]value, len(st.mem)), nextObj: st.nextObj, reached: st.reached}
	for k, v := range st.mem {
		c.mem[k] = v
	}
	c.frames = make([]*frame, len(st.frames))
	for i, f := range st.frames {
		nf := *f
		nf.env = make(map[ir.Value]value, len(f.env))
		for k, v := range f.env {
			nf.env[k] = v
		}
		nf.visits = make(map[*ir.Block]int, len(f.visits))
		for k, v := range f.visits {
			nf.visits[k] = v
		}
		c.frames[i] = &nf
	}
	return c
}

// errUnsupported is raised (as a panic inside the package, recovered at
// its entry points) when a path needs a construct the executor does not
// model.
type errUnsupported struct{ what string }

func (e *errUnsupported) Error() string { return "unsupported: " + e.what }

func unsupported(format string, args ...any) *errUnsupported {
	return &errUnsupported{fmt.Sprintf(format, args...)}
}

// newState starts an execution of f on args.
func newState(f *ir.Func, args []value) *state {
	st := &state{mem: map[int]value{}}
	st.push(f, args, nil)
	return st
}

func (st *state) push(f *ir.Func, args []value, call *ir.Call) {
	fr := &frame{fn: f, env: map[ir.Value]value{}, visits: map[*ir.Block]int{}, call: call}
	for i, p := range f.Params {
		fr.env[p] = args[i]
	}
	st.frames = append(st.frames, fr)
	st.enter(nil, f.Blocks[0])
}

// enter moves the top frame into block b coming from block from (nil at
// the entry), evaluating b's phis in parallel.
func (st *state) enter(from, b *ir.Block) {
	fr := st.top()
	pred := -1
	for i, p := range b.Preds {
		if p == from {
			pred = i
			break
		}
	}
	var phis []value
	n := 0
	for _, in := range b.Instrs {
		phi, ok := in.(*ir.Phi)
		if !ok {
			break
		}
		if pred < 0 {
			panic(fmt.Sprintf("symexec: %s: phi in a block entered from %v", fr.fn.Name, from))
		}
		phis = append(phis, fr.value(phi.Edges[pred]))
		n++
	}
	for i := 0; i < n; i++ {
		fr.env[b.Instrs[i].(*ir.Phi)] = phis[i]
	}
	fr.block, fr.pc = b, n
	if from != nil {
		fr.enterLoop(from, b)
	}
	fr.visits[b]++
}

// value returns the value of v in the frame.
func (fr *frame) value(v ir.Value) value {
	if c, ok := v.(*ir.Const); ok {
		switch t := c.T.(type) {
		case ir.Bool:
			return value{t: term.Bool(c.Bits != 0)}
		case ir.Int:
			return value{t: term.BV(c.Bits, t.Bits)}
		}
		panic(unsupported("constant of type %s", c.T))
	}
	x, ok := fr.env[v]
	if !ok {
		panic(fmt.Sprintf("symexec: %s: %s used before it is defined", fr.fn.Name, v.Name()))
	}
	return x
}

// An event is what stops advance: a decision to take, or the end of the
// execution.
type event int

const (
	atBranch event = iota // the top frame's block ends in If or Switch
	returned              // the function under test returned
	panicked              // an ir.Panic was reached
	cut                   // a bound was exceeded (recursion depth)
	fault                 // a run-time error happens whatever the inputs
)

// A machine executes states under a semantics and bounds.
type machine struct {
	// maxDepth bounds the number of frames of the same function on the
	// stack (recursion); 0 means no bound.
	maxDepth int
	// steps counts the blocks entered, across all states.
	steps int
}

// advance executes st until the top frame's block ends in a branch, the
// function under test returns or panics, or a bound cuts the path. It
// returns the preconditions met on the way (the path condition's
// conjuncts that are not branch conditions: an index in range, a divisor
// other than zero).
func (m *machine) advance(st *state) (event, []*term.Term) {
	var pre []*term.Term
	for {
		fr := st.top()
		b := fr.block
		for fr.pc < len(b.Instrs) {
			in := b.Instrs[fr.pc]
			fr.pc++
			if call, ok := in.(*ir.Call); ok {
				if m.maxDepth > 0 && st.depth(call.Callee) >= m.maxDepth {
					return cut, pre
				}
				args := make([]value, len(call.Args))
				for i, a := range call.Args {
					args[i] = fr.value(a)
				}
				st.push(call.Callee, args, call)
				m.steps++
				fr = st.top()
				b = fr.block
				continue
			}
			c := m.exec(st, fr, in)
			if c != nil {
				if c.IsFalse() {
					return fault, append(pre, c)
				}
				if !c.IsTrue() {
					pre = append(pre, c)
				}
			}
		}
		switch t := b.Term.(type) {
		case *ir.If, *ir.Switch:
			return atBranch, pre
		case *ir.Jump:
			st.enter(b, b.Succs[0])
			m.steps++
		case *ir.Panic:
			return panicked, pre
		case *ir.Return:
			res := make([]value, len(t.Results))
			for i, r := range t.Results {
				res[i] = fr.value(r)
			}
			if len(st.frames) == 1 {
				st.results = res
				return returned, pre
			}
			st.frames = st.frames[:len(st.frames)-1]
			caller := st.top()
			switch len(res) {
			case 1:
				caller.env[fr.call] = res[0]
			default:
				caller.env[fr.call] = value{elems: res}
			}
		default:
			panic(unsupported("terminator %T", t))
		}
	}
}

// depth returns the number of frames of f on the stack.
func (st *state) depth(f *ir.Func) int {
	n := 0
	for _, fr := range st.frames {
		if fr.fn == f {
			n++
		}
	}
	return n
}

// branches returns, for the If or Switch ending the top frame's block, the
// condition under which each successor is taken.
func branches(fr *frame) []*term.Term {
	switch t := fr.block.Term.(type) {
	case *ir.If:
		c := fr.value(t.Cond).t
		return []*term.Term{c, term.Not(c)}
	case *ir.Switch:
		x := fr.value(t.X).t
		conds := make([]*term.Term, 0, len(t.Cases)+1)
		var none []*term.Term // no earlier case matched
		for _, c := range t.Cases {
			eq := term.Eq(x, term.BV(c.Bits, x.Bits))
			conds = append(conds, term.And(append(none, eq)...))
			none = append(none, term.Not(eq))
		}
		return append(conds, term.And(none...))
	}
	panic("symexec: branches of a block that does not branch")
}
