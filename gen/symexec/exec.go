package symexec

import (
	"errors"
	"fmt"
	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/term"
	"sync"
)

// exec executes one instruction (neither a call nor a phi) in fr, binding
// its value, and returns the checks under which it runs without a
// run-time error. The language's rules decide what is an error: a Go
// panic, C undefined behaviour.
func (m *machine) exec(st *state, fr *frame, in ir.Instr) []check {
	lang := fr.fn.Lang
	mk := func(c *term.Term, k ir.CheckKind) []check {
		if c == nil {
			return nil
		}
		return []check{{cond: c, kind: k, instr: in}}
	}
	if cs, ok := m.execIface(st, fr, in); ok {
		return cs
	}
	if cs, ok := m.execGo(st, fr, in); ok {
		return cs
	}
	if cs, ok := m.execSlice(st, fr, in); ok {
		return cs
	}
	if cs, ok := m.execExtern(st, fr, in); ok {
		return cs
	}
	switch in := in.(type) {
	case *ir.BinOp:
		x, y := fr.value(in.X), fr.value(in.Y)
		if isPointerLike(in.X.Type()) {
			if in.Op == ir.Sub {
				v, ok := pointerDiff(x.ptr, y.ptr)
				fr.set(in, value{t: v})
				return []check{{cond: ok, kind: ir.CheckPtrDiff, instr: in}}
			}
			v := pointerCompare(in.Op, x, y)
			fr.set(in, value{t: v})
			return nil
		}
		if _, ok := in.X.Type().(ir.Float); ok {
			fr.set(in, value{t: floatBinop(in.Op, x.t, y.t)})
			return nil
		}
		v, pre, kind := binop(lang, in, x.t, y.t)
		fr.set(in, value{t: v})
		return mk(pre, kind)
	case *ir.UnOp:
		x := fr.value(in.X).t
		switch in.Op {
		case ir.Neg:
			if _, ok := in.X.Type().(ir.Float); ok {
				fr.set(in, value{t: term.FNeg(x)})
				return nil
			}
			fr.set(in, value{t: term.Neg(x)})
			if t, ok := in.X.Type().(ir.Int); ok && t.Signed && lang == ir.C {
				return mk(term.Not(term.Eq(x, term.BV(1<<uint(t.Bits-1), t.Bits))), ir.CheckOverflow)
			}
		case ir.Not:
			fr.set(in, value{t: term.Not(x)})
		case ir.Compl:
			fr.set(in, value{t: term.BNot(x)})
		default:
			panic(unsupported("unary operator %s", in.Op))
		}
	case *ir.Convert:
		if _, ok := in.T.(ir.Pointer); ok {
			// A C pointer cast between element types of one width ((unsigned
			// char *)s, void * and char *): the same cells, read and written
			// as bit-vectors of that width.
			fr.set(in, fr.value(in.X))
			return nil
		}
		v, pre := convert(lang, fr.value(in.X).t, in.X.Type(), in.T)
		fr.set(in, value{t: v})
		return mk(pre, ir.CheckConversion)
	case *ir.Extract:
		fr.set(in, fr.value(in.Tuple).elems[in.Index])
	case *ir.FieldOf:
		fr.set(in, fr.value(in.X).elems[in.Field])
	case *ir.Alloc:
		if a, ok := in.Elem.(ir.Array); ok && a.Len > maxMake {
			// go/ssa makes make([]T, constant) an array: as MakeSlice.
			panic(unsupported("an array of %d elements (at most %d are modelled)", a.Len, maxMake))
		}
		st.nextObj++
		st.mem[st.nextObj] = allocZero(st, in)
		fr.set(in, value{ptr: to(st.nextObj)})
	case *ir.Malloc:
		return m.malloc(st, fr, in)
	case *ir.Free:
		return m.free(st, fr, in)
	case *ir.Load:
		p := fr.value(in.Ptr).ptr
		checks := derefChecks(st, p, in)
		if p == nil {
			fr.set(in, zero(in.T))
			return checks
		}
		v := load(st.mem[p.targets[len(p.targets)-1].obj], p.targets[len(p.targets)-1].path)
		for i := len(p.targets) - 2; i >= 0; i-- {
			t := p.targets[i]
			v = iteCounted(t.guard, load(st.mem[t.obj], t.path), v, &m.merged)
		}
		fr.set(in, v)
		if init := initialized(st, p); init != nil {
			checks = append(checks, check{cond: init, kind: ir.CheckUninit, instr: in})
		}
		return checks
	case *ir.Store:
		p := fr.value(in.Ptr).ptr
		checks := derefChecks(st, p, in)
		if p == nil {
			return checks
		}
		val := fr.value(in.Val)
		for _, t := range p.targets {
			st.mem[t.obj] = iteCounted(t.guard, update(st.mem[t.obj], t.path, val), st.mem[t.obj], &m.merged)
			if sh, ok := st.mem[-t.obj]; ok && len(t.path) == 1 {
				st.mem[-t.obj] = ite(t.guard, update(sh, t.path, value{t: term.True}), sh)
			}
		}
		return checks
	case *ir.IndexAddr:
		p := fr.value(in.Ptr).ptr
		arr := in.Ptr.Type().(ir.Pointer).Elem.(ir.Array)
		i, pre := inRange(fr.value(in.Index).t, in.Index.Type(), arr.Len)
		checks := mk(pre, ir.CheckIndex)
		if p == nil {
			fr.set(in, value{})
			return append(checks, check{cond: term.False, kind: ir.CheckNil, instr: in})
		}
		fr.set(in, value{ptr: p.extend(i)})
		return checks
	case *ir.FieldAddr:
		p := fr.value(in.Ptr).ptr
		if p == nil {
			fr.set(in, value{})
			return mk(term.False, ir.CheckNil)
		}
		fr.set(in, value{ptr: p.extend(term.BV(uint64(in.Field), 64))})
		// Go checks nil when the address is taken; C only on the access,
		// but &p->f of a NULL p is undefined too.
		return mk(p.nonNil(), ir.CheckNil)
	case *ir.PtrAdd:
		return m.ptrAdd(fr, in)
	case *ir.Index:
		arr := in.X.Type().(ir.Array)
		i, pre := inRange(fr.value(in.Index).t, in.Index.Type(), arr.Len)
		fr.set(in, sel(fr.value(in.X), i))
		return mk(pre, ir.CheckIndex)
	case *ir.Len:
		switch t := in.X.Type().(type) {
		case ir.Array:
			fr.set(in, value{t: term.BV(uint64(t.Len), in.T.(ir.Int).Bits)})
		case ir.Pointer:
			fr.set(in, value{t: term.BV(uint64(t.Elem.(ir.Array).Len), in.T.(ir.Int).Bits)})
		default:
			panic(unsupported("len of %s", t))
		}
	case *ir.ReadInput:
		fr.set(in, value{t: st.read(in.T.(ir.Int).Bits)})
	case *ir.Phi:
		panic("symexec: phi after the start of its block")
	default:
		panic(unsupported("instruction %T", in))
	}
	return nil
}

func isPointerLike(t ir.Type) bool {
	switch t.(type) {
	case ir.Pointer, *ir.Signature:
		return true
	}
	return false
}

// pointerCompare compares two pointers (or function values).
func pointerCompare(op ir.Op, x, y value) *term.Term {
	if x.fn != nil || y.fn != nil || x.ptr == nil && y.ptr == nil && (x.fn != nil || y.fn != nil) {
		eq := funcEq(x.fn, y.fn)
		if op == ir.Ne {
			return term.Not(eq)
		}
		return eq
	}
	switch op {
	case ir.Eq:
		return pointerEq(x.ptr, y.ptr)
	case ir.Ne:
		return term.Not(pointerEq(x.ptr, y.ptr))
	}
	// Relational comparison of pointers into the same array object.
	if x.ptr == nil || y.ptr == nil {
		panic(unsupported("ordering a nil pointer"))
	}
	var alts []*term.Term
	for _, a := range x.ptr.targets {
		for _, b := range y.ptr.targets {
			if a.obj != b.obj || len(a.path) == 0 || len(a.path) != len(b.path) {
				continue
			}
			i, j := a.path[len(a.path)-1], b.path[len(b.path)-1]
			var c *term.Term
			switch op {
			case ir.Lt:
				c = term.SLT(i, j)
			case ir.Le:
				c = term.SLE(i, j)
			case ir.Gt:
				c = term.SLT(j, i)
			case ir.Ge:
				c = term.SLE(j, i)
			}
			alts = append(alts, term.And(a.guard, b.guard, c))
		}
	}
	return term.Or(alts...)
}

func funcEq(f, g []fnTarget) *term.Term {
	nf := term.Or(guards(f)...)
	ng := term.Or(guards(g)...)
	alts := []*term.Term{term.And(term.Not(nf), term.Not(ng))}
	for _, a := range f {
		for _, b := range g {
			if a.fn == b.fn {
				alts = append(alts, term.And(a.guard, b.guard))
			}
		}
	}
	return term.Or(alts...)
}

func guards(fs []fnTarget) []*term.Term {
	gs := make([]*term.Term, len(fs))
	for i, f := range fs {
		gs[i] = f.guard
	}
	return gs
}

// derefChecks returns the checks of an access through p: p is not nil,
// and for the target it designates, every index is within its array and
// the object has not been freed.
func derefChecks(st *state, p *pointer, in ir.Instr) []check {
	cs := []check{{cond: p.nonNil(), kind: ir.CheckNil, instr: in}}
	if p == nil {
		return cs
	}
	var inBounds, alive []*term.Term
	for _, t := range p.targets {
		v := st.mem[t.obj]
		for j, idx := range t.path {
			var n *term.Term
			if j == 0 && st.objLen[t.obj] != nil {
				n = st.objLen[t.obj]
			} else {
				n = term.BV(uint64(len(v.elems)), 64)
			}
			if !(idx.IsConst() && n.IsConst() && idx.Val < n.Val) {
				inBounds = append(inBounds, term.Implies(t.guard, term.ULT(idx, n)))
			}
			if len(v.elems) == 0 {
				break
			}
			if idx.IsConst() && idx.Val < uint64(len(v.elems)) {
				v = v.elems[idx.Val]
			} else {
				v = v.elems[0] // arrays are homogeneous: any element has the shape
			}
		}
		if f, ok := st.freed[t.obj]; ok {
			alive = append(alive, term.Implies(t.guard, term.Not(f)))
		}
	}
	if len(inBounds) > 0 {
		cs = append(cs, check{cond: term.And(inBounds...), kind: ir.CheckIndex, instr: in})
	}
	if len(alive) > 0 {
		cs = append(cs, check{cond: term.And(alive...), kind: ir.CheckFree, instr: in})
	}
	return cs
}

// ptrAdd advances a pointer into an array object by an element count.
func (m *machine) ptrAdd(fr *frame, in *ir.PtrAdd) []check {
	p := fr.value(in.Ptr).ptr
	offT := in.Offset.Type().(ir.Int)
	off := term.Resize(fr.value(in.Offset).t, 64, offT.Signed)
	if p == nil {
		fr.set(in, value{})
		// Arithmetic on NULL is undefined unless the offset is 0.
		return []check{{cond: term.Eq(off, term.BV(0, 64)), kind: ir.CheckNil, instr: in}}
	}
	q := &pointer{}
	var single []*term.Term
	for _, t := range p.targets {
		if len(t.path) == 0 {
			// A pointer to a lone object: only +0 stays within it.
			single = append(single, term.Implies(t.guard, term.Eq(off, term.BV(0, 64))))
			q.targets = append(q.targets, t)
			continue
		}
		path := append([]*term.Term(nil), t.path...)
		path[len(path)-1] = term.Add(path[len(path)-1], off)
		q.targets = append(q.targets, target{guard: t.guard, obj: t.obj, path: path})
	}
	fr.set(in, value{ptr: q})
	if len(single) > 0 {
		return []check{{cond: term.And(single...), kind: ir.CheckIndex, instr: in}}
	}
	return nil
}

// concreteAllocLimit bounds the elements of an object a replay allocates
// with a count computed from the inputs (not a constant of the code):
// eight times the largest length bound (gen.Options.MaxLen), past
// anything a tree allocates. Each store into an object copies it, so a
// replay's memset of n elements costs n² copies: at 4096, the sampled
// lengths of bc's numbers spent 28 of _bc_do_add's 62 s in memmove.
const concreteAllocLimit = 1 << 9

// ErrHugeAlloc is wrapped, with ErrSteps, by a replay that ended at a
// malloc of more than concreteAllocLimit elements: its inputs cannot be
// run, but cost nothing, unlike a run past its steps.
var ErrHugeAlloc = errors.New("malloc of more elements than a replay allocates")

// malloc allocates an array object of Count elements. A symbolic count
// larger than the bound on lengths leaves the tree (it is no error).
func (m *machine) malloc(st *state, fr *frame, in *ir.Malloc) []check {
	ct := in.Count.Type().(ir.Int)
	n := term.Resize(fr.value(in.Count).t, 64, ct.Signed)
	size := 0
	var cs []check
	if n.IsConst() {
		if _, fixed := in.Count.(*ir.Const); !fixed && m.ext.concrete && n.Val > concreteAllocLimit {
			// A count the inputs chose (bc's bc_new_num(length,
			// scale)), past anything the trees allocate: each store
			// into the object copies it, and its memset alone took
			// seconds per replay. The replay ends, as past its steps.
			panic(fmt.Errorf("%w: %w: %d, more than %d", ErrSteps, ErrHugeAlloc, n.Val, concreteAllocLimit))
		}
		size = int(min(n.Val, 1<<16))
	} else {
		size = st.lenBound()
		cs = append(cs, check{cond: term.ULE(n, term.BV(uint64(size), 64)), kind: ir.NoCheck, instr: in})
	}
	es := make([]value, size)
	for i := range es {
		es[i] = zero(in.Elem)
	}
	st.nextObj++
	obj := st.nextObj
	st.mem[obj] = value{elems: es}
	if !in.Zero && trackedElem(in.Elem) {
		// malloc's memory is indeterminate until written: its shadow
		// (uninit.go) says which elements were.
		sh := make([]value, size)
		for i := range sh {
			sh[i] = value{t: term.False}
		}
		st.mem[-obj] = value{elems: sh}
	}
	if st.objLen == nil {
		st.objLen = map[int]*term.Term{}
	}
	st.objLen[obj] = n
	if st.heap == nil {
		st.heap = map[int]bool{}
	}
	st.heap[obj] = true
	// A zero-sized allocation may return NULL or a pointer not to be
	// dereferenced: model it as an empty object.
	fr.set(in, value{ptr: to(obj, term.BV(0, 64))})
	return cs
}

// free releases the heap objects p may designate; freeing NULL does
// nothing, freeing anything else than the start of a live heap object is
// undefined.
func (m *machine) free(st *state, fr *frame, in *ir.Free) []check {
	p := fr.value(in.Ptr).ptr
	if p == nil {
		return nil
	}
	var ok []*term.Term
	if st.freed == nil {
		st.freed = map[int]*term.Term{}
	}
	for _, t := range p.targets {
		valid := st.heap[t.obj] && len(t.path) == 1
		c := term.False
		if valid {
			c = term.Eq(t.path[0], term.BV(0, 64))
			if f, was := st.freed[t.obj]; was {
				c = term.And(c, term.Not(f))
			}
		}
		ok = append(ok, term.Implies(t.guard, c))
		if f, was := st.freed[t.obj]; was {
			st.freed[t.obj] = term.Or(f, t.guard)
		} else {
			st.freed[t.obj] = t.guard
		}
	}
	return []check{{cond: term.And(ok...), kind: ir.CheckFree, instr: in}}
}

// lenBound is the bound on lengths of the run's inputs.
func (st *state) lenBound() int {
	if st.inputs != nil {
		return st.inputs.bounds.Len
	}
	return DefaultBounds.Len
}

// read returns the next element of the input stream as a bits-wide
// integer: a byte, or -1 at the end.
func (st *state) read(bits int) *term.Term {
	i := st.streamPos
	st.streamPos++
	eof := term.BV(^uint64(0), bits)
	if st.concreteStream {
		if i < len(st.stream) {
			return term.ZExt(st.stream[i], bits)
		}
		return eof
	}
	s := st.inputs.stream
	if i >= len(s.elems) {
		return eof
	}
	return term.Ite(term.ULT(term.BV(uint64(i), 64), s.n), term.ZExt(s.elems[i], bits), eof)
}

// inRange widens index i to 64 bits and returns it with the condition
// 0 ≤ i < n.
func inRange(i *term.Term, t ir.Type, n int) (*term.Term, *term.Term) {
	signed := false
	if it, ok := t.(ir.Int); ok {
		signed = it.Signed
	}
	i64 := index64(i, signed)
	return i64, term.ULT(i64, term.BV(uint64(n), 64))
}

// convert converts x from one scalar type to another.
func convert(lang ir.Lang, x *term.Term, from, to ir.Type) (*term.Term, *term.Term) {
	switch to := to.(type) {
	case ir.Int:
		switch from := from.(type) {
		case ir.Int:
			return term.Resize(x, to.Bits, from.Signed), nil
		case ir.Bool:
			return term.Ite(x, term.BV(1, to.Bits), term.BV(0, to.Bits)), nil
		case ir.Float:
			v := term.FToInt(x, to.Bits, to.Signed)
			if lang == ir.C {
				// Out of range (NaN and infinities included) is undefined.
				return v, term.FInRange(x, to.Bits, to.Signed)
			}
			return v, nil
		}
	case ir.Float:
		switch from := from.(type) {
		case ir.Int:
			return term.IntToF(x, from.Signed, to.Bits), nil
		case ir.Float:
			return term.FToF(x, to.Bits), nil
		}
	case ir.Bool:
		switch from.(type) {
		case ir.Int:
			return term.Not(term.Eq(x, term.BV(0, x.Bits))), nil
		}
	}
	panic(unsupported("conversion from %s to %s", from, to))
}

// floatBinop returns x op y on IEEE floats.
func floatBinop(op ir.Op, x, y *term.Term) *term.Term {
	switch op {
	case ir.Add:
		return term.FAdd(x, y)
	case ir.Sub:
		return term.FSub(x, y)
	case ir.Mul:
		return term.FMul(x, y)
	case ir.Div:
		return term.FDiv(x, y)
	case ir.Eq:
		return term.FEq(x, y)
	case ir.Ne:
		return term.Not(term.FEq(x, y))
	case ir.Lt:
		return term.FLt(x, y)
	case ir.Le:
		return term.FLe(x, y)
	case ir.Gt:
		return term.FLt(y, x)
	case ir.Ge:
		return term.FLe(y, x)
	}
	panic(unsupported("float operator %s", op))
}

// binop returns x op y, the precondition of the operation and the kind of
// error when it fails.
func binop(lang ir.Lang, in *ir.BinOp, x, y *term.Term) (v, pre *term.Term, kind ir.CheckKind) {
	t, isInt := in.X.Type().(ir.Int)
	signed := isInt && t.Signed
	switch in.Op {
	case ir.Add:
		return term.Add(x, y), noOverflow(lang, in.Op, signed, x, y), ir.CheckOverflow
	case ir.Sub:
		return term.Sub(x, y), noOverflow(lang, in.Op, signed, x, y), ir.CheckOverflow
	case ir.Mul:
		return term.Mul(x, y), noOverflow(lang, in.Op, signed, x, y), ir.CheckOverflow
	case ir.Div, ir.Rem:
		pre = term.Not(term.Eq(y, term.BV(0, y.Bits)))
		if signed && lang == ir.C {
			// INT_MIN / -1 overflows: undefined in C, wraps in Go.
			min := term.BV(1<<uint(t.Bits-1), t.Bits)
			pre = term.And(pre, term.Not(term.And(term.Eq(x, min), term.Eq(y, term.BV(^uint64(0), t.Bits)))))
		}
		switch {
		case in.Op == ir.Div && signed:
			return term.SDiv(x, y), pre, ir.CheckDivide
		case in.Op == ir.Div:
			return term.UDiv(x, y), pre, ir.CheckDivide
		case signed:
			return term.SRem(x, y), pre, ir.CheckDivide
		default:
			return term.URem(x, y), pre, ir.CheckDivide
		}
	case ir.And:
		if x.IsBool() {
			return term.And(x, y), nil, 0
		}
		return term.BAnd(x, y), nil, 0
	case ir.Or:
		if x.IsBool() {
			return term.Or(x, y), nil, 0
		}
		return term.BOr(x, y), nil, 0
	case ir.Xor:
		if x.IsBool() {
			return term.Not(term.Eq(x, y)), nil, 0
		}
		return term.BXor(x, y), nil, 0
	case ir.AndNot:
		return term.BAnd(x, term.BNot(y)), nil, 0
	case ir.Shl, ir.Shr:
		v, pre := shift(lang, in, signed, x, y)
		return v, pre, ir.CheckShift
	case ir.Eq:
		return term.Eq(x, y), nil, 0
	case ir.Ne:
		return term.Not(term.Eq(x, y)), nil, 0
	case ir.Lt:
		return less(signed, x, y), nil, 0
	case ir.Gt:
		return less(signed, y, x), nil, 0
	case ir.Le:
		return lessEq(signed, x, y), nil, 0
	case ir.Ge:
		return lessEq(signed, y, x), nil, 0
	}
	panic(unsupported("binary operator %s", in.Op))
}

func less(signed bool, x, y *term.Term) *term.Term {
	if signed {
		return term.SLT(x, y)
	}
	return term.ULT(x, y)
}

func lessEq(signed bool, x, y *term.Term) *term.Term {
	if signed {
		return term.SLE(x, y)
	}
	return term.ULE(x, y)
}

// noOverflow is the C precondition of signed arithmetic: the exact result
// fits the type. Go wraps around, so it has none.
func noOverflow(lang ir.Lang, op ir.Op, signed bool, x, y *term.Term) *term.Term {
	if lang != ir.C || !signed {
		return nil
	}
	w := x.Bits
	wide := 2 * w
	if wide > 64 {
		return overflowBySign(op, x, y)
	}
	xs, ys := term.SExt(x, wide), term.SExt(y, wide)
	var r *term.Term
	switch op {
	case ir.Add:
		r = term.Add(xs, ys)
	case ir.Sub:
		r = term.Sub(xs, ys)
	case ir.Mul:
		r = term.Mul(xs, ys)
	}
	return term.Eq(term.SExt(term.Extract(r, w, 0), wide), r)
}

func overflowBySign(op ir.Op, x, y *term.Term) *term.Term {
	w := x.Bits
	zero := term.BV(0, w)
	neg := func(t *term.Term) *term.Term { return term.SLT(t, zero) }
	switch op {
	case ir.Add:
		r := term.Add(x, y)
		// Overflow iff x and y have the same sign and r's differs.
		return term.Not(term.And(term.Eq(neg(x), neg(y)), term.Not(term.Eq(neg(r), neg(x)))))
	case ir.Sub:
		r := term.Sub(x, y)
		return term.Not(term.And(term.Not(term.Eq(neg(x), neg(y))), term.Not(term.Eq(neg(r), neg(x)))))
	}
	// 64-bit multiplication: x*y/y == x when y != 0, and not MIN*-1.
	r := term.Mul(x, y)
	min := term.BV(1<<uint(w-1), w)
	ok := term.Or(term.Eq(y, zero), term.Eq(term.SDiv(r, y), x))
	return term.And(ok, term.Not(term.And(term.Eq(x, min), term.Eq(y, term.BV(^uint64(0), w)))))
}

// shift returns x << y or x >> y. The count y may have another width than
// x. A count of at least x's width shifts every bit out (Go); in C it is
// undefined, as is a negative count (a Go panic).
func shift(lang ir.Lang, in *ir.BinOp, signed bool, x, y *term.Term) (v, pre *term.Term) {
	w := x.Bits
	ySigned := false
	if yt, ok := in.Y.Type().(ir.Int); ok {
		ySigned = yt.Signed
	}
	var conds []*term.Term
	if ySigned {
		conds = append(conds, term.SLE(term.BV(0, y.Bits), y))
	}
	// The count, clamped to w, in x's width.
	var amt *term.Term
	switch {
	case y.Bits > w:
		big := term.Not(term.ULT(y, term.BV(uint64(w), y.Bits)))
		amt = term.Ite(big, term.BV(uint64(w), w), term.Extract(y, w, 0))
	case y.Bits < w:
		amt = term.ZExt(y, w)
	default:
		amt = y
	}
	if lang == ir.C {
		conds = append(conds, term.ULT(amt, term.BV(uint64(w), w)))
		if in.Op == ir.Shl && signed {
			// Shifting a negative value, or a 1 into the sign bit, is
			// undefined: require x ≥ 0 and x << amt >> amt == x.
			r := term.Shl(x, amt)
			conds = append(conds, term.SLE(term.BV(0, w), x), term.Eq(term.AShr(r, amt), x), term.SLE(term.BV(0, w), r))
		}
	}
	switch {
	case in.Op == ir.Shl:
		v = term.Shl(x, amt)
	case signed:
		v = term.AShr(x, amt)
	default:
		v = term.LShr(x, amt)
	}
	return v, term.And(conds...)
}

// allocZeros caches, per Alloc of an aggregate, its zero value for the
// concrete runs (values are immutable; a replay of print_tokens' lexer
// made its 80-byte buffer anew at each call). A symbolic state makes it
// anew: its terms are counted one by one (term.Size).
var allocZeros sync.Map // *ir.Alloc → value

// allocZero returns the zero value of the object in allocates in st.
func allocZero(st *state, in *ir.Alloc) value {
	if !st.concreteStream {
		return zero(in.Elem)
	}
	if v, ok := allocZeros.Load(in); ok {
		return v.(value)
	}
	v := zero(in.Elem)
	if len(v.elems) > 0 {
		allocZeros.Store(in, v)
	}
	return v
}
