package symexec

import (
	"fmt"
	"maps"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/term"
)

// A frame is one active call.
type frame struct {
	fn  *ir.Func
	lay *layout // of fn: where env and visits keep what
	// env holds the values bound (bound[i]: env[i] is bound); extra,
	// those the layout has no slot for.
	env     []value
	bound   []bool
	extra   map[ir.Value]value
	block   *ir.Block
	pc      int      // next instruction of block
	visits  []int    // how many times each block was entered (layout.blockSlot)
	call    ir.Instr // in the caller, receives the results
	globals map[*ir.Global]int
}

// A state is a point of one partial execution: the call stack, memory and
// what has been read of the input stream.
type state struct {
	frames  []*frame
	mem     map[int]value
	objLen  map[int]*term.Term // the element count of objects of symbolic size
	freed   map[int]*term.Term // the condition under which an object was freed
	heap    map[int]bool       // objects from Malloc
	nextObj int
	globals map[*ir.Global]int
	results []value // of the function under test, once it returned
	reached bool    // the goal edge was taken (trees of complete paths)

	inputs         *InputModel  // symbolic runs: where the stream comes from
	stream         []*term.Term // concrete runs: the stream
	concreteStream bool         // concrete runs read stream, not inputs
	streamPos      int          // elements read so far
}

func (st *state) top() *frame { return st.frames[len(st.frames)-1] }

// clone returns an independent copy of st, for the other side of a branch.
// Values are immutable, so maps are copied shallowly.
func (st *state) clone() *state {
	c := *st
	c.mem = copyMap(st.mem)
	c.objLen = copyMap(st.objLen)
	c.freed = copyMap(st.freed)
	c.heap = copyMap(st.heap)
	c.frames = make([]*frame, len(st.frames))
	for i, f := range st.frames {
		c.frames[i] = copyFrame(f)
	}
	return &c
}

// copyMap copies m (maps.Clone copies the table as it is, without
// hashing each entry again).
func copyMap[K comparable, V any](m map[K]V) map[K]V {
	return maps.Clone(m)
}

// errUnsupported is raised (as a panic inside the package, recovered at
// its entry points) when a path needs a construct the executor does not
// model.
type errUnsupported struct{ what string }

func (e *errUnsupported) Error() string { return "unsupported: " + e.what }

func unsupported(format string, args ...any) *errUnsupported {
	return &errUnsupported{fmt.Sprintf(format, args...)}
}

func (st *state) push(f *ir.Func, args []value, call ir.Instr) {
	fr := newFrame(f)
	fr.call, fr.globals = call, st.globals
	for i, p := range f.FreeVars {
		fr.set(p, args[i])
	}
	for i, p := range f.Params {
		fr.set(p, args[len(f.FreeVars)+i])
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
		fr.set(b.Instrs[i].(*ir.Phi), phis[i])
	}
	fr.block, fr.pc = b, n
	if from != nil {
		fr.enterLoop(from, b)
	}
	fr.visit(b)
}

// value returns the value of v in the frame.
func (fr *frame) value(v ir.Value) value {
	switch v := v.(type) {
	case *ir.Const:
		switch t := v.T.(type) {
		case ir.Bool:
			return value{t: term.Bool(v.Bits != 0)}
		case ir.Int:
			return value{t: term.BV(v.Bits, t.Bits)}
		case ir.Float:
			return value{t: term.BV(v.Bits, t.Bits)}
		case ir.Pointer, *ir.Signature, ir.Map:
			return value{} // nil
		case ir.Error:
			return nilError()
		case *ir.Interface:
			return zeroIface(t)
		case ir.Slice:
			return zero(t)
		case ir.String:
			return stringValue(v.Str)
		}
		panic(unsupported("constant of type %s", v.T))
	case *ir.Global:
		obj, ok := fr.globals[v]
		if !ok {
			panic(fmt.Sprintf("symexec: %s: global %s has no object", fr.fn.Name, v.Name()))
		}
		return value{ptr: to(obj)}
	case *ir.FuncRef:
		return value{fn: []fnTarget{{guard: term.True, fn: v.Func}}}
	}
	x, ok := fr.get(v)
	if !ok {
		panic(fmt.Sprintf("symexec: %s: %s used before it is defined", fr.fn.Name, v.Name()))
	}
	return x
}

// An event is what stops advance: a decision to take, or the end of the
// execution.
type event int

const (
	atBranch    event = iota // the top frame's block ends in If or Switch
	atCall                   // the next instruction calls a function value
	returned                 // the function under test returned
	panicked                 // an ir.Panic was reached
	cut                      // a bound was exceeded (recursion depth)
	fault                    // a run-time error happens whatever the inputs
	libReturned              // the library function at machine.libDepth returned
)

// A check is the condition under which an instruction runs without a
// run-time error, and the kind of error otherwise.
type check struct {
	cond  *term.Term
	kind  ir.CheckKind
	instr ir.Instr
}

// charge charges the steps not charged yet to the meter and stops the
// tree (a panic of ErrStopped, which the builders recover) when the
// meter is spent or its search's budget ended.
func (m *machine) charge() {
	m.chargeRest()
	if m.meter.stopped() {
		panic(ErrStopped)
	}
}

// chargeRest charges the steps not charged yet (at the end of a tree, or
// as charge's first step).
func (m *machine) chargeRest() {
	m.meter.Add(m.steps - m.charged)
	m.charged = m.steps
}

// A machine executes states under a semantics and bounds.
type machine struct {
	// maxDepth bounds the number of frames of the same function on the
	// stack (recursion); 0 means no bound.
	maxDepth int
	// steps counts the blocks entered, across all states.
	steps int
	// meter, when set (trees, not replays: Run charges its caller's
	// meter when it ends), is charged with steps as they grow; charged
	// is the part of steps charged so far.
	meter   *Meter
	charged int
	// merged counts the pointer targets that loads and stores through
	// pointers of several targets merged (iteCounted), and the element
	// choices appends make (appendValues): in a tree, a block whose
	// pointers designate many cells (schedule's four queues) or that
	// appends long slices costs far more than one that does not.
	merged int
	// failed is the check that made the last fault, for reports.
	failed check
	// ext is the state of external calls (extern.go).
	ext extState
	// library, when set, runs a call of a library function (ir.Func.Library)
	// as one step, setting its result and memory, and returns its checks
	// (libc.go); otherwise the call runs as any other.
	library func(st *state, call *ir.Call, args []value) []check
	// libDepth, when positive, is the depth of the library frame whose
	// return stops advance with libReturned.
	libDepth int
	// spun records that advance stopped with cut because the execution
	// entered more than straightLimit blocks without reaching a branch:
	// a loop without exit, which no bound would otherwise end.
	spun bool
}

// straightLimit bounds the blocks (and calls) one advance enters between
// two branches. A finite execution enters each block of a branchless
// stretch once per call, and calls without a branch cannot recurse and
// end; so only a loop without exit ("for {}") or a recursion without a
// branch gets near it, and both run forever.
const straightLimit = 1 << 17

// advance executes st until the top frame's block ends in a branch, the
// next instruction calls a function value, the function under test
// returns or panics, or a bound cuts the path. It returns the checks met
// on the way that are not decided true: the conjuncts of the path
// condition that are not branch conditions (an index in range, a divisor
// other than zero).
func (m *machine) advance(st *state) (event, []check) {
	if m.meter != nil && m.steps-m.charged >= meterStride {
		m.charge()
	}
	var pre []check
	start := m.steps
	for {
		if m.steps-start > straightLimit {
			m.spun = true
			return cut, pre
		}
		fr := st.top()
		b := fr.block
		for fr.pc < len(b.Instrs) {
			in := b.Instrs[fr.pc]
			switch in := in.(type) {
			case *ir.Call:
				fr.pc++
				if m.maxDepth > 0 && st.depth(in.Callee) >= m.maxDepth {
					return cut, pre
				}
				args := make([]value, len(in.Args))
				for i, a := range in.Args {
					args[i] = fr.value(a)
				}
				if in.Callee.Library && m.library != nil {
					var failed bool
					if pre, failed = m.note(pre, m.library(st, in, args)); failed {
						return fault, pre
					}
					continue
				}
				st.push(in.Callee, args, in)
				m.steps++
				fr = st.top()
				b = fr.block
				continue
			case *ir.CallIndirect:
				return atCall, pre // pc stays: the caller resolves it
			}
			fr.pc++
			var failed bool
			if pre, failed = m.note(pre, m.exec(st, fr, in)); failed {
				return fault, pre
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
			depth := len(st.frames)
			st.frames = st.frames[:len(st.frames)-1]
			caller := st.top()
			if len(res) < len(fr.fn.Results) {
				// C: "return;" or the end of a non-void function. The
				// result is indeterminate; using it is undefined.
				if uses(caller.fn, fr.call) {
					var failed bool
					pre, failed = m.note(pre, []check{{cond: term.False, kind: ir.CheckNoResult, instr: fr.call}})
					if failed {
						return fault, pre
					}
				}
				for len(res) < len(fr.fn.Results) {
					res = append(res, zero(fr.fn.Results[len(res)]))
				}
			}
			switch len(res) {
			case 1:
				caller.set(fr.call.(ir.Value), res[0])
			default:
				caller.set(fr.call.(ir.Value), value{elems: res})
			}
			if depth == m.libDepth {
				return libReturned, pre
			}
		default:
			panic(unsupported("terminator %T", t))
		}
	}
}

// note appends to pre the checks of cs not decided true, and reports
// whether one is decided false: a run-time error whatever the inputs,
// which it records in m.failed (pre then ends with it).
func (m *machine) note(pre, cs []check) ([]check, bool) {
	for _, c := range cs {
		switch {
		case c.cond.IsTrue():
		case c.cond.IsFalse():
			m.failed = c
			return append(pre, c), true
		default:
			pre = append(pre, c)
		}
	}
	return pre, false
}

// callIndirect returns, for the CallIndirect at the top frame's pc, the
// functions it may call and under which guard; calling one of them (with
// enterCall) continues the execution. A nil function value yields no
// candidate: the call is a nil dereference.
func callTargets(fr *frame) ([]fnTarget, *ir.CallIndirect) {
	ci := fr.block.Instrs[fr.pc].(*ir.CallIndirect)
	return fr.value(ci.Fn).fn, ci
}

// enterCall performs the call ci of the top frame as a call of fn, a
// closure's free variables bound to env.
func (m *machine) enterCall(st *state, ci *ir.CallIndirect, fn *ir.Func, env []value) bool {
	fr := st.top()
	fr.pc++
	if m.maxDepth > 0 && st.depth(fn) >= m.maxDepth {
		return false
	}
	args := append([]value(nil), env...)
	for _, a := range ci.Args {
		args = append(args, fr.value(a))
	}
	st.push(fn, args, ci)
	m.steps++
	return true
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

// conds returns the conditions of checks.
func conds(cs []check) []*term.Term {
	ts := make([]*term.Term, len(cs))
	for i, c := range cs {
		ts[i] = c.cond
	}
	return ts
}

// uses reports whether some instruction or terminator of f has in (a
// call) as an operand: whether the caller uses the call's result.
func uses(f *ir.Func, in ir.Instr) bool {
	v, ok := in.(ir.Value)
	if !ok {
		return false
	}
	for _, b := range f.Blocks {
		for _, x := range b.Instrs {
			for _, o := range x.Operands() {
				if o == v {
					return true
				}
			}
		}
		if b.Term != nil {
			for _, o := range b.Term.Operands() {
				if o == v {
					return true
				}
			}
		}
	}
	return false
}
