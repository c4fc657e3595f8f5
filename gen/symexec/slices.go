package symexec

import (
	"fmt"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/term"
)

// Slices and strings.
//
// A slice value has ptr, designating its first element inside an array
// object (the path ends with that element's index), and n and c, its
// length and capacity (64-bit terms); a nil slice has no ptr and both 0.
// A string value is immutable: elems holds its bytes up to a capacity
// fixed when it is made (the bound on lengths for an input, the sum of
// the capacities for a concatenation) and n its length, n ≤ capacity.
// Reads at a symbolic index select among elements with if-then-else
// terms, so the solver decides which element is read.

var i64 = ir.Int{Bits: 64, Signed: true}

func bv64(n int) *term.Term { return term.BV(uint64(n), 64) }

// inputSlice returns an input slice of type t: nil, or the first n
// elements of an array object of Len elements, n ≤ Len.
func (in *InputModel) inputSlice(name string, t ir.Slice, depth int) value {
	isNil := term.Not(in.variable(name+".set", ir.Bool{}))
	n := in.variable(name+".len", ir.Int{Bits: 64})
	// The capacity may exceed the length (a caller's s[:n] of a longer
	// slice): the room past the length is an input too, 0 unless a
	// branch needs more.
	room := in.variable(name+".room", ir.Int{Bits: 64})
	c := term.Add(n, room)
	// Both bounded alone too: their sum wraps for a length of 2^64-1.
	in.domain = append(in.domain, term.ULE(n, bv64(in.bounds.Len)), term.ULE(room, bv64(in.bounds.Len)), term.ULE(c, bv64(in.bounds.Len)),
		term.Implies(isNil, term.And(term.Eq(n, bv64(0)), term.Eq(room, bv64(0)))))
	arr := ir.Array{Elem: t.Elem, Len: in.bounds.Len}
	in.nextObj++
	obj := in.nextObj
	in.objType[obj] = arr
	in.mem[obj] = in.input(name, arr, depth+1)
	p := &pointer{targets: []target{{guard: term.Not(isNil), obj: obj, path: []*term.Term{bv64(0)}}}}
	return value{ptr: p, n: n, c: c}
}

// inputString returns an input string of at most Len bytes.
func (in *InputModel) inputString(name string) value {
	n := in.variable(name+".len", ir.Int{Bits: 64})
	in.domain = append(in.domain, term.ULE(n, bv64(in.bounds.Len)))
	es := make([]value, in.bounds.Len)
	for i := range es {
		v := term.Var(fmt.Sprintf("%s[%d]", name, i), 8)
		in.vars = append(in.vars, Input{Var: v, Kind: Text})
		es[i] = value{t: v}
	}
	return value{elems: es, n: n}
}

// sliceElem returns the pointer to element i of slice s (i in range).
func sliceElem(s value, i *term.Term) *pointer {
	if s.ptr == nil {
		return nil
	}
	q := &pointer{}
	for _, t := range s.ptr.targets {
		path := append([]*term.Term(nil), t.path...)
		path[len(path)-1] = term.Add(path[len(path)-1], i)
		q.targets = append(q.targets, target{guard: t.guard, obj: t.obj, path: path})
	}
	return q
}

// newArray allocates an array object of n elements made by elem(j).
func (st *state) newArray(n int, elem func(j int) value) int {
	es := make([]value, n)
	for j := range es {
		es[j] = elem(j)
	}
	st.nextObj++
	st.mem[st.nextObj] = value{elems: es}
	return st.nextObj
}

// loadElem reads element j of slice s (j < len(s)).
func loadElem(st *state, s value, j *term.Term) value {
	p := sliceElem(s, j)
	last := p.targets[len(p.targets)-1]
	v := load(st.mem[last.obj], last.path)
	for i := len(p.targets) - 2; i >= 0; i-- {
		t := p.targets[i]
		v = ite(t.guard, load(st.mem[t.obj], t.path), v)
	}
	return v
}

// capacity returns how many elements a slice or string value can hold,
// as far as the executor knows: the size of its backing array past its
// first element, or its byte vector.
func capacity(st *state, s value) int {
	if s.elems != nil || s.ptr == nil {
		return len(s.elems)
	}
	max := 0
	for _, t := range s.ptr.targets {
		arr := load(st.mem[t.obj], t.path[:len(t.path)-1])
		k := len(arr.elems)
		if first := t.path[len(t.path)-1]; first.IsConst() {
			k -= int(first.Val)
		}
		if k > max {
			max = k
		}
	}
	return max
}

// execSlice executes the instructions on slices and strings.
func (m *machine) execSlice(st *state, fr *frame, in ir.Instr) ([]check, bool) {
	mk := func(c *term.Term, k ir.CheckKind) []check {
		return []check{{cond: c, kind: k, instr: in}}
	}
	switch in := in.(type) {
	case *ir.Len:
		x := fr.value(in.X)
		switch in.X.Type().(type) {
		case ir.Slice, ir.String:
			fr.set(in, value{t: term.Resize(x.n, in.T.(ir.Int).Bits, false)})
			return nil, true
		}
	case *ir.IndexAddr:
		if _, ok := in.Ptr.Type().(ir.Slice); !ok {
			return nil, false
		}
		s := fr.value(in.Ptr)
		i, _ := inRange(fr.value(in.Index).t, in.Index.Type(), 0)
		fr.set(in, value{ptr: sliceElem(s, i)})
		return mk(term.ULT(i, s.n), ir.CheckIndex), true
	case *ir.Index:
		if _, ok := in.X.Type().(ir.String); !ok {
			return nil, false
		}
		s := fr.value(in.X)
		i, _ := inRange(fr.value(in.Index).t, in.Index.Type(), 0)
		fr.set(in, sel(s, i))
		return mk(term.ULT(i, s.n), ir.CheckIndex), true
	case *ir.SliceOf:
		return m.sliceOf(st, fr, in), true
	case *ir.MakeSlice:
		n := term.Resize(fr.value(in.Len).t, 64, in.Len.Type().(ir.Int).Signed)
		c := term.Resize(fr.value(in.Cap).t, 64, in.Cap.Type().(ir.Int).Signed)
		size := st.lenBound()
		var cs []check
		if c.IsConst() {
			if c.Val > maxMake && c.Val < 1<<63 {
				// Each store copies the array: a loop filling it would
				// take hours. The real code runs it.
				panic(unsupported("make of a slice of %d elements (at most %d are modelled)", c.Val, maxMake))
			}
			size = int(min(c.Val, maxMake))
		} else {
			cs = mk(term.ULE(c, bv64(size)), ir.NoCheck)
		}
		elem := in.T.(ir.Slice).Elem
		obj := st.newArray(size, func(int) value { return zero(elem) })
		fr.set(in, value{ptr: to(obj, bv64(0)), n: n, c: c})
		// make panics when len > cap or either is negative.
		return append(cs, mk(term.And(term.SLE(bv64(0), n), term.SLE(n, c)), ir.CheckIndex)...), true
	case *ir.Append:
		fr.set(in, m.appendValues(st, in.S.Type(), fr.value(in.S), in.Elems.Type(), fr.value(in.Elems)))
		return nil, true
	case *ir.BinOp:
		if _, ok := in.X.Type().(ir.Slice); ok {
			// A slice compares only with nil: it is nil when it has no
			// backing array.
			x, y := fr.value(in.X), fr.value(in.Y)
			eq := term.And(term.Not(x.ptr.nonNil()), term.Not(y.ptr.nonNil()))
			if in.Op == ir.Ne {
				eq = term.Not(eq)
			}
			fr.set(in, value{t: eq})
			return nil, true
		}
		if _, ok := in.X.Type().(ir.String); !ok {
			return nil, false
		}
		x, y := fr.value(in.X), fr.value(in.Y)
		switch in.Op {
		case ir.Add:
			fr.set(in, concat(x, y))
		case ir.Eq:
			fr.set(in, value{t: stringEq(x, y)})
		case ir.Ne:
			fr.set(in, value{t: term.Not(stringEq(x, y))})
		case ir.Lt:
			fr.set(in, value{t: stringLess(x, y)})
		case ir.Gt:
			fr.set(in, value{t: stringLess(y, x)})
		case ir.Le:
			fr.set(in, value{t: term.Not(stringLess(y, x))})
		case ir.Ge:
			fr.set(in, value{t: term.Not(stringLess(x, y))})
		default:
			panic(unsupported("string operator %s", in.Op))
		}
		return nil, true
	case *ir.Convert:
		switch in.T.(type) {
		case ir.String:
			if isRunes(in.X.Type()) {
				fr.set(in, stringOfRunes(st, fr.value(in.X)))
				return nil, true
			}
			switch from := in.X.Type().(type) {
			case ir.Slice: // []byte → string: copy the bytes
				s := fr.value(in.X)
				k := capacity(st, s)
				es := make([]value, k)
				for j := range es {
					es[j] = loadElemOr(st, s, j)
				}
				fr.set(in, value{elems: es, n: s.n})
				return nil, true
			case ir.Int: // string(rune): its UTF-8 encoding
				fr.set(in, encodeRune(term.Resize(fr.value(in.X).t, 64, from.Signed)))
				return nil, true
			}

		case ir.Slice:
			if _, ok := in.X.Type().(ir.String); ok && isRunes(in.T) {
				fr.set(in, runesOf(st, fr.value(in.X)))
				return nil, true
			}
			if _, ok := in.X.Type().(ir.String); ok { // string → []byte
				s := fr.value(in.X)
				obj := st.newArray(len(s.elems), func(j int) value { return s.elems[j] })
				fr.set(in, value{ptr: to(obj, bv64(0)), n: s.n, c: s.n})
				return nil, true
			}
		}
	}
	return nil, false
}

// loadElemOr reads element j of slice s when j < len(s), and 0 past it
// (where the backing array may end).
func loadElemOr(st *state, s value, j int) value {
	if s.ptr == nil {
		return value{t: term.BV(0, 8)}
	}
	in := term.ULT(bv64(j), s.n)
	v := loadElemClamped(st, s, j)
	return value{t: term.Ite(in, v.t, term.BV(0, v.t.Bits))}
}

// loadElemClamped reads element j of s, or the last element of its
// backing array when j is past it.
func loadElemClamped(st *state, s value, j int) value {
	p := sliceElem(s, bv64(j))
	var v value
	for i := len(p.targets) - 1; i >= 0; i-- {
		t := p.targets[i]
		arr := load(st.mem[t.obj], t.path[:len(t.path)-1])
		idx := t.path[len(t.path)-1]
		if idx.IsConst() && int(idx.Val) >= len(arr.elems) {
			idx = bv64(len(arr.elems) - 1)
		}
		e := sel(arr, idx)
		if i == len(p.targets)-1 {
			v = e
		} else {
			v = ite(t.guard, e, v)
		}
	}
	return v
}

// sliceOf executes x[lo:hi].
func (m *machine) sliceOf(st *state, fr *frame, in *ir.SliceOf) []check {
	x := fr.value(in.X)
	bound := func(v ir.Value, def *term.Term) *term.Term {
		if v == nil {
			return def
		}
		return term.Resize(fr.value(v).t, 64, v.Type().(ir.Int).Signed)
	}
	switch t := in.X.Type().(type) {
	case ir.String:
		lo, hi := bound(in.Low, bv64(0)), bound(in.High, x.n)
		es := make([]value, len(x.elems))
		for j := range es {
			es[j] = sel(x, term.Add(lo, bv64(j)))
		}
		fr.set(in, value{elems: es, n: term.Sub(hi, lo)})
		return []check{{cond: term.And(term.ULE(lo, hi), term.ULE(hi, x.n)), kind: ir.CheckIndex, instr: in}}
	case ir.Slice:
		lo, hi, max := bound(in.Low, bv64(0)), bound(in.High, x.n), bound(in.Max, x.c)
		fr.set(in, value{ptr: sliceElem(x, lo), n: term.Sub(hi, lo), c: term.Sub(max, lo)})
		if x.ptr == nil {
			fr.set(in, value{n: bv64(0), c: bv64(0)})
		}
		return []check{{cond: term.And(term.ULE(lo, hi), term.ULE(hi, max), term.ULE(max, x.c)), kind: ir.CheckIndex, instr: in}}
	case ir.Pointer: // slicing an array through its address
		n := bv64(t.Elem.(ir.Array).Len)
		lo, hi, max := bound(in.Low, bv64(0)), bound(in.High, n), bound(in.Max, n)
		var p *pointer
		if x.ptr != nil {
			p = x.ptr.extend(lo)
		}
		fr.set(in, value{ptr: p, n: term.Sub(hi, lo), c: term.Sub(max, lo)})
		return []check{
			{cond: x.ptr.nonNil(), kind: ir.CheckNil, instr: in},
			{cond: term.And(term.ULE(lo, hi), term.ULE(hi, max), term.ULE(max, n)), kind: ir.CheckIndex, instr: in},
		}
	}
	panic(unsupported("slicing a %s", in.X.Type()))
}

// appendValues returns append(s, e...) in a new backing array: Go may
// reuse s's array when its capacity allows, which only a program that
// keeps both slices could tell.
func (m *machine) appendValues(st *state, st1 ir.Type, s value, et ir.Type, e value) value {
	var get func(v value, t ir.Type, j int) value
	get = func(v value, t ir.Type, j int) value {
		if _, ok := t.(ir.String); ok {
			if j < len(v.elems) {
				return v.elems[j]
			}
			return value{t: term.BV(0, 8)}
		}
		if v.ptr == nil {
			return zero(st1.(ir.Slice).Elem)
		}
		return loadElemClamped(st, v, j)
	}
	ks, ke := capacity(st, s), capacity(st, e)
	// Each element of the new array is a choice among e's elements: the
	// work of merging values, counted as loads and stores through
	// several pointers are (machine.merged). An append of strings of
	// unbounded length in a loop (go-version's Version.String, through
	// fmt.Fprintf into a bytes.Buffer) built trees for a minute that the
	// count of blocks did not stop.
	m.merged += (ks + ke) * max(ke, 1)
	n := term.Add(s.n, e.n)
	obj := st.newArray(ks+ke, func(j int) value {
		// Element j comes from s when j < len(s), else from e at j - len(s).
		var fromE value
		for i := ke - 1; i >= 0; i-- {
			x := get(e, et, i)
			if i == ke-1 {
				fromE = x
				continue
			}
			fromE = ite(term.Eq(term.Sub(bv64(j), s.n), bv64(i)), x, fromE)
		}
		if ks == 0 || j >= ks {
			if ke == 0 {
				return zero(st1.(ir.Slice).Elem)
			}
			return fromE
		}
		if ke == 0 {
			return get(s, st1, j)
		}
		return ite(term.ULT(bv64(j), s.n), get(s, st1, j), fromE)
	})
	fresh := value{ptr: to(obj, bv64(0)), n: n, c: n}
	// Within its capacity, Go appends in place: the elements are stored
	// into s's backing array, which other slices of it see
	// (huandu/xstrings' Reverse: s = append(s[:tail], ...) fills buf).
	// Only a slice whose capacity may exceed its length (made with a
	// capacity, or resliced) can take them: for the others, as every
	// append's result, the capacity is the length, and the formulas stay
	// as they were.
	if ke == 0 {
		return s // nothing appended: s itself, nil if it is
	}
	if s.ptr == nil {
		// With nothing appended, Go returns s: a nil s stays nil
		// (spf13/cast's ToSliceE: append(s, v...) of a nil s and an
		// empty v is nil, which the model had as empty).
		if e.n == nil {
			return s
		}
		return ite(term.Eq(e.n, bv64(0)), value{n: bv64(0), c: bv64(0)}, fresh)
	}
	if s.c == nil || s.c == s.n {
		// A full s, or one of no known capacity, with nothing
		// appended is taken as a copy: the same elements, in an
		// array of its own.
		return fresh
	}
	fits := term.ULE(n, s.c)
	if fits.IsFalse() {
		return fresh
	}
	for i := 0; i < ke; i++ {
		live := term.And(fits, term.ULT(bv64(i), e.n))
		if live.IsFalse() {
			continue
		}
		x := get(e, et, i)
		p := sliceElem(s, term.Add(s.n, bv64(i)))
		for _, t := range p.targets {
			g := term.And(t.guard, live)
			st.mem[t.obj] = ite(g, update(st.mem[t.obj], t.path, x), st.mem[t.obj])
		}
	}
	return ite(fits, value{ptr: s.ptr, n: n, c: s.c}, fresh)
}

// concat returns the string x + y.
func concat(x, y value) value {
	kx, ky := len(x.elems), len(y.elems)
	es := make([]value, kx+ky)
	for j := range es {
		var fromY value
		if ky > 0 {
			fromY = sel(y, term.Sub(bv64(j), x.n))
		} else {
			fromY = value{t: term.BV(0, 8)}
		}
		if j < kx {
			es[j] = ite(term.ULT(bv64(j), x.n), x.elems[j], fromY)
		} else {
			es[j] = fromY
		}
	}
	return value{elems: es, n: term.Add(x.n, y.n)}
}

// stringEq returns x == y.
func stringEq(x, y value) *term.Term {
	conds := []*term.Term{term.Eq(x.n, y.n)}
	for j := 0; j < max(len(x.elems), len(y.elems)); j++ {
		if j >= len(x.elems) || j >= len(y.elems) {
			conds = append(conds, term.ULE(x.n, bv64(j)))
			continue
		}
		conds = append(conds, term.Implies(term.ULT(bv64(j), x.n), term.Eq(x.elems[j].t, y.elems[j].t)))
	}
	return term.And(conds...)
}

// stringLess returns x < y, bytewise.
func stringLess(x, y value) *term.Term {
	less, same := term.False, term.True
	for j := 0; j <= max(len(x.elems), len(y.elems)); j++ {
		inX, inY := term.ULT(bv64(j), x.n), term.ULT(bv64(j), y.n)
		if j >= len(x.elems) {
			inX = term.False
		}
		if j >= len(y.elems) {
			inY = term.False
		}
		// x is a proper prefix of y here, or the first difference is here.
		less = term.Or(less, term.And(same, term.Not(inX), inY))
		if j < len(x.elems) && j < len(y.elems) {
			a, b := x.elems[j].t, y.elems[j].t
			less = term.Or(less, term.And(same, inX, inY, term.ULT(a, b)))
			same = term.And(same, inX, inY, term.Eq(a, b))
		} else {
			same = term.False
		}
	}
	return less
}

// encodeRune returns the string holding the UTF-8 encoding of rune r (a
// 64-bit term); an invalid rune (negative, a surrogate, past U+10FFFF)
// encodes U+FFFD, as Go's string(rune) does.
func encodeRune(r *term.Term) value {
	b := func(x *term.Term) *term.Term { return term.Extract(x, 8, 0) }
	sh := func(k int) *term.Term { return term.LShr(r, bv64(k)) }
	cont := func(x *term.Term) *term.Term { return term.BOr(term.BAnd(b(x), term.BV(0x3f, 8)), term.BV(0x80, 8)) }
	lt := func(k uint64) *term.Term { return term.SLT(r, term.BV(k, 64)) }
	neg := term.SLT(r, bv64(0))
	surrogate := term.And(term.SLE(term.BV(0xD800, 64), r), term.SLE(r, term.BV(0xDFFF, 64)))
	invalid := term.Or(neg, surrogate, term.Not(lt(0x110000)))
	one, two, three := term.And(term.Not(neg), lt(0x80)), lt(0x800), lt(0x10000)
	pick := func(a1, a2, a3, a4, bad *term.Term) *term.Term {
		return term.Ite(invalid, bad, term.Ite(one, a1, term.Ite(two, a2, term.Ite(three, a3, a4))))
	}
	zero8 := term.BV(0, 8)
	e0 := pick(b(r), term.BOr(b(sh(6)), term.BV(0xC0, 8)), term.BOr(b(sh(12)), term.BV(0xE0, 8)), term.BOr(b(sh(18)), term.BV(0xF0, 8)), term.BV(0xEF, 8))
	e1 := pick(zero8, cont(r), cont(sh(6)), cont(sh(12)), term.BV(0xBF, 8))
	e2 := pick(zero8, zero8, cont(r), cont(sh(6)), term.BV(0xBD, 8))
	e3 := pick(zero8, zero8, zero8, cont(r), zero8)
	n := pick(bv64(1), bv64(2), bv64(3), bv64(4), bv64(3))
	return value{elems: []value{{t: e0}, {t: e1}, {t: e2}, {t: e3}}, n: n}
}

// stringValue returns the constant string s.
func stringValue(s string) value {
	es := make([]value, len(s))
	for i := range es {
		es[i] = value{t: term.BV(uint64(s[i]), 8)}
	}
	return value{elems: es, n: bv64(len(s))}
}

// maxMake is the largest array, or capacity of a slice made with a
// constant capacity, that the model holds.
const maxMake = 1 << 16
