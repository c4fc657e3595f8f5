package symexec

import (
	"fmt"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/term"
)

// Errors, maps, runes and the builtins cap, copy, min and max.
//
// An error value has t, a 32-bit tag: 0 for nil, otherwise the place that
// made it (an errors.New, a sentinel global, an input), which is what ==
// compares; msg, its message (a string value); and in elems the errors
// it wraps (errors.go).
//
// A map value is a reference (ptr) to a table object: elems holds its
// entries, each a {key, element} pair, and n their count; the entries at
// index n and beyond are free. An input map has at most the bound on
// lengths entries, with distinct keys.

const errTagBits = 32

// inputTag is the tag of an error given as input: no place of the program
// made it, so it equals no sentinel.
const inputTag = 0x7fffffff

// placeTag returns the tag of errors made at pos.
func placeTag(pos ir.Pos) *term.Term {
	return term.BV(uint64(pos.Line<<10|pos.Col&0x3ff)&0x7ffffffe|1, errTagBits)
}

func nilError() value {
	e := stringValue("")
	return value{t: term.BV(0, errTagBits), msg: &e}
}

// inputError returns an input error: nil, an error with an input
// message (errors.New), one of the sentinel errors the function may use
// (ErrX), or an error with an input message that wraps one of the two
// former (fmt.Errorf("...: %w", ErrX)). Wrapping goes one level deep: a
// tree of inputs would multiply the paths for what programs rarely look
// at.
func (in *InputModel) inputError(name string) value {
	set := in.variable(name+".set", ir.Bool{})
	wrap := in.variable(name+".wrap", ir.Bool{})
	msg := in.inputString(name + ".msg")
	innerMsg := in.inputString(name + ".inner")
	// A test tells "no error" by an empty message: an error made for an
	// input says something.
	in.domain = append(in.domain, term.ULE(bv64(1), msg.n), term.ULE(bv64(1), innerMsg.n))
	inner := value{t: term.BV(inputTag, errTagBits), msg: &innerMsg}
	if sents := errSentinels(in.f); len(sents) > 0 {
		// which: 0 for errors.New, j+1 for sentinel j.
		which := in.variable(name+".fn", ir.Int{Bits: 8})
		in.domain = append(in.domain, term.ULE(which, term.BV(uint64(len(sents)), 8)))
		for j, g := range sents {
			inner = ite(term.Eq(which, term.BV(uint64(j+1), 8)), sentinelValue(g), inner)
		}
	}
	// fmt.Errorf("ctx: %w", inner): the message is the context, ": ",
	// and the inner error's.
	full := concat(msg, concat(stringValue(": "), msgOf(inner)))
	wrapped := value{t: term.BV(inputTag, errTagBits), msg: &full, elems: []value{inner}}
	var v value
	if inner.t.IsConst() {
		// No sentinel: the error wraps errors.New or is one.
		plain := value{t: term.BV(inputTag, errTagBits), msg: &msg}
		v = ite(wrap, wrapped, plain)
	} else {
		// The error is the inner one, or wraps it.
		v = ite(wrap, wrapped, inner)
	}
	return ite(set, v, nilError())
}

// errSentinels returns the sentinel errors f may use: the error globals
// with an initial value that are not inputs, sorted by name.
func errSentinels(f *ir.Func) []*ir.Global {
	var gs []*ir.Global
	for _, g := range globalsOf(f) {
		if _, ok := g.T.(ir.Error); ok && g.Init != nil && !g.Init.Nil && !g.Input {
			gs = append(gs, g)
		}
	}
	return gs
}

// sentinelValue returns the value of sentinel global g.
func sentinelValue(g *ir.Global) value {
	msg := stringValue(g.Init.Str)
	return value{t: placeTag(g.Pos), msg: &msg}
}

// inputMap returns an input map: nil, or a table of at most Len entries
// with distinct keys.
func (in *InputModel) inputMap(name string, t ir.Map, depth int) value {
	set := in.variable(name+".set", ir.Bool{})
	n := in.variable(name+".len", ir.Int{Bits: 64})
	in.domain = append(in.domain, term.ULE(n, bv64(in.bounds.Len)), term.Implies(term.Not(set), term.Eq(n, bv64(0))))
	entries := make([]value, in.bounds.Len)
	for j := range entries {
		k := in.input(fmt.Sprintf("%s[%d].key", name, j), t.Key, depth+1)
		v := in.input(fmt.Sprintf("%s[%d].val", name, j), t.Elem, depth+1)
		entries[j] = value{elems: []value{k, v}}
		for i := 0; i < j; i++ {
			// Keys of live entries are distinct.
			live := term.ULT(bv64(j), n)
			in.domain = append(in.domain, term.Implies(live, term.Not(keyEq(t.Key, entries[i].elems[0], k))))
		}
	}
	in.nextObj++
	obj := in.nextObj
	in.objType[obj] = t
	in.mem[obj] = value{elems: entries, n: n}
	return value{ptr: &pointer{targets: []target{{guard: set, obj: obj}}}}
}

// keyEq compares two map keys of type kt as Go's == does: a float key
// +0 is -0, and a NaN key is no key, not even itself; structs and arrays
// element by element; interfaces by dynamic type, then value.
func keyEq(kt ir.Type, a, b value) *term.Term {
	switch t := kt.(type) {
	case ir.Float:
		return term.FEq(a.t, b.t)
	case ir.String:
		return stringEq(a, b)
	case *ir.Struct:
		eqs := make([]*term.Term, len(t.Fields))
		for i, f := range t.Fields {
			eqs[i] = keyEq(f.T, a.elems[i], b.elems[i])
		}
		return term.And(eqs...)
	case ir.Array:
		eqs := make([]*term.Term, t.Len)
		for i := range eqs {
			eqs[i] = keyEq(t.Elem, a.elems[i], b.elems[i])
		}
		return term.And(eqs...)
	case *ir.Interface:
		// Both nil, or of one dynamic type k and equal values of it.
		eqs := []*term.Term{term.Eq(a.t, tagConst(0))}
		for k := 1; k <= len(t.Impls); k++ {
			if k > len(a.alts) || k > len(b.alts) || a.alts[k-1] == nil || b.alts[k-1] == nil {
				continue // one of them cannot hold that type
			}
			eqs = append(eqs, term.And(term.Eq(a.t, tagConst(k)), keyEq(t.Impls[k-1].T, *a.alts[k-1], *b.alts[k-1])))
		}
		return term.And(term.Eq(a.t, b.t), term.Or(eqs...))
	case ir.Pointer:
		return pointerEq(a.ptr, b.ptr)
	case ir.Slice, ir.Map, *ir.Signature:
		// Go panics hashing these within an interface key; the model
		// has them unequal, and the real run says what happens.
		return term.False
	}
	if a.t == nil || b.t == nil {
		return term.False // a value the model does not compare
	}
	return term.Eq(a.t, b.t)
}

// table returns the table a map value refers to (the ite of its
// targets') and the condition under which the map is not nil.
func table(st *state, m value) (value, *term.Term) {
	if m.ptr == nil {
		return value{elems: []value{}, n: bv64(0)}, term.False
	}
	last := m.ptr.targets[len(m.ptr.targets)-1]
	t := st.mem[last.obj]
	for i := len(m.ptr.targets) - 2; i >= 0; i-- {
		tg := m.ptr.targets[i]
		t = ite(tg.guard, st.mem[tg.obj], t)
	}
	return t, m.ptr.nonNil()
}

// setTable replaces the table of map m by t where m designates it.
func setTable(st *state, m value, t value) {
	for _, tg := range m.ptr.targets {
		st.mem[tg.obj] = ite(tg.guard, t, st.mem[tg.obj])
	}
}

// found returns, for each entry of table t, whether it is live and holds
// key k.
func found(kt ir.Type, t value, k value) []*term.Term {
	f := make([]*term.Term, len(t.elems))
	for j, e := range t.elems {
		f[j] = term.And(term.ULT(bv64(j), t.n), keyEq(kt, e.elems[0], k))
	}
	return f
}

// execGo executes the instructions of this file.
func (m *machine) execGo(st *state, fr *frame, in ir.Instr) ([]check, bool) {
	mk := func(c *term.Term, k ir.CheckKind) []check {
		return []check{{cond: c, kind: k, instr: in}}
	}
	switch in := in.(type) {
	case *ir.MakeClosure:
		env := make([]value, len(in.Bindings))
		for i, b := range in.Bindings {
			env[i] = fr.value(b)
		}
		fr.set(in, value{fn: []fnTarget{{guard: term.True, fn: in.Fn, env: env}}})
	case *ir.Select:
		fr.set(in, ite(fr.value(in.Cond).t, fr.value(in.X), fr.value(in.Y)))
	case *ir.Cap:
		fr.set(in, value{t: term.Resize(orZero64(fr.value(in.X).c), in.T.(ir.Int).Bits, false)})
	case *ir.Copy:
		return m.copySlice(st, fr, in), true
	case *ir.DecodeRune:
		s := fr.value(in.S)
		i := term.Resize(fr.value(in.I).t, 64, in.I.Type().(ir.Int).Signed)
		r, size := decodeRune(s, i)
		fr.set(in, value{elems: []value{{t: r}, {t: size}}})
		return mk(term.ULT(i, s.n), ir.CheckIndex), true
	case *ir.MakeMap:
		st.nextObj++
		st.mem[st.nextObj] = value{elems: []value{}, n: bv64(0)}
		fr.set(in, value{ptr: to(st.nextObj)})
	case *ir.MapLookup:
		t, _ := table(st, fr.value(in.M))
		k := fr.value(in.Key)
		mt := in.M.Type().(ir.Map)
		v := zero(mt.Elem)
		fs := found(mt.Key, t, k)
		for j := len(t.elems) - 1; j >= 0; j-- {
			v = ite(fs[j], t.elems[j].elems[1], v)
		}
		if in.CommaOk {
			fr.set(in, value{elems: []value{v, {t: term.Or(fs...)}}})
		} else {
			fr.set(in, v)
		}
	case *ir.MapUpdate:
		mv := fr.value(in.M)
		t, live := table(st, mv)
		if mv.ptr == nil {
			return mk(term.False, ir.CheckNilMap), true
		}
		k, v := fr.value(in.Key), fr.value(in.Val)
		fs := found(in.M.Type().(ir.Map).Key, t, k)
		any := term.Or(fs...)
		entries := make([]value, len(t.elems)+1)
		for j := range entries {
			old := value{elems: []value{k, v}} // a free slot
			if j < len(t.elems) {
				old = t.elems[j]
			}
			here := term.And(term.Not(any), term.Eq(bv64(j), t.n))
			nv := ite(here, value{elems: []value{k, v}}, old)
			if j < len(t.elems) {
				nv = ite(fs[j], value{elems: []value{old.elems[0], v}}, nv)
			}
			entries[j] = nv
		}
		n := term.Add(t.n, term.Ite(any, bv64(0), bv64(1)))
		setTable(st, mv, value{elems: entries, n: n})
		// Assigning to an entry of a nil map panics.
		return mk(live, ir.CheckNilMap), true
	case *ir.MapDelete:
		mv := fr.value(in.M)
		if mv.ptr == nil {
			return nil, true // deleting from a nil map does nothing
		}
		t, _ := table(st, mv)
		fs := found(in.M.Type().(ir.Map).Key, t, fr.value(in.Key))
		any := term.Or(fs...)
		last := sel(t, term.Sub(t.n, bv64(1)))
		entries := make([]value, len(t.elems))
		for j := range entries {
			entries[j] = ite(fs[j], last, t.elems[j])
		}
		setTable(st, mv, value{elems: entries, n: term.Sub(t.n, term.Ite(any, bv64(1), bv64(0)))})
	case *ir.MapEntry:
		t, _ := table(st, fr.value(in.M))
		i := term.Resize(fr.value(in.I).t, 64, in.I.Type().(ir.Int).Signed)
		if len(t.elems) == 0 {
			fr.set(in, zero(in.T))
			return mk(term.False, ir.CheckIndex), true
		}
		fr.set(in, sel(t, i))
		return mk(term.ULT(i, t.n), ir.CheckIndex), true
	case *ir.MakeError:
		msg := fr.value(in.Msg)
		fr.set(in, value{t: placeTag(in.Pos), msg: &msg})
	case *ir.ErrorMessage:
		e := fr.value(in.X)
		fr.set(in, *e.msg)
		return mk(term.Not(term.Eq(e.t, term.BV(0, errTagBits))), ir.CheckNil), true
	case *ir.Len:
		if _, ok := in.X.Type().(ir.Map); !ok {
			return nil, false
		}
		t, _ := table(st, fr.value(in.X))
		fr.set(in, value{t: term.Resize(t.n, in.T.(ir.Int).Bits, false)})
	case *ir.BinOp:
		if _, ok := in.X.Type().(ir.Error); ok {
			eq := term.Eq(fr.value(in.X).t, fr.value(in.Y).t)
			if in.Op == ir.Ne {
				eq = term.Not(eq)
			}
			fr.set(in, value{t: eq})
			return nil, true
		}
		if _, ok := in.X.Type().(ir.Map); ok {
			fr.set(in, value{t: pointerCompare(in.Op, fr.value(in.X), fr.value(in.Y))})
			return nil, true
		}
		return nil, false
	default:
		return m.execErrors(st, fr, in)
	}
	return nil, true
}

// copySlice executes copy(dst, src).
func (m *machine) copySlice(st *state, fr *frame, in *ir.Copy) []check {
	dst, src := fr.value(in.Dst), fr.value(in.Src)
	k := term.Ite(term.ULT(dst.n, src.n), dst.n, src.n)
	fr.set(in, value{t: term.Resize(k, in.T.(ir.Int).Bits, false)})
	if dst.ptr == nil {
		return nil
	}
	_, fromString := in.Src.Type().(ir.String)
	n := capacity(st, dst)
	// Read every element first: dst and src may overlap.
	vals := make([]value, n)
	for j := range vals {
		if fromString {
			vals[j] = sel(src, bv64(j))
		} else if src.ptr != nil {
			vals[j] = loadElemClamped(st, src, j)
		}
	}
	for j := 0; j < n; j++ {
		if vals[j].t == nil && vals[j].elems == nil {
			continue
		}
		in := term.ULT(bv64(j), k)
		for _, t := range sliceElem(dst, bv64(j)).targets {
			arr := load(st.mem[t.obj], t.path[:len(t.path)-1])
			if idx := t.path[len(t.path)-1]; idx.IsConst() && int(idx.Val) >= len(arr.elems) {
				continue // past the backing array: never within k
			}
			old := load(st.mem[t.obj], t.path)
			st.mem[t.obj] = ite(t.guard, update(st.mem[t.obj], t.path, ite(in, vals[j], old)), st.mem[t.obj])
		}
	}
	return nil
}

// decodeRune decodes the UTF-8 sequence of s at byte i as Go's
// utf8.DecodeRuneInString does, returning the rune (32 bits) and its size
// (64 bits).
func decodeRune(s value, i *term.Term) (*term.Term, *term.Term) {
	at := func(k int) *term.Term { return sel(s, term.Add(i, bv64(k))).t }
	has := func(k int) *term.Term { return term.ULT(term.Add(i, bv64(k)), s.n) }
	b := func(v uint64) *term.Term { return term.BV(v, 8) }
	in := func(x *term.Term, lo, hi *term.Term) *term.Term { return term.And(term.ULE(lo, x), term.ULE(x, hi)) }
	cont := func(x *term.Term) *term.Term { return in(x, b(0x80), b(0xBF)) }
	r32 := func(x *term.Term) *term.Term { return term.ZExt(x, 32) }
	low6 := func(x *term.Term) *term.Term { return r32(term.BAnd(x, b(0x3F))) }
	shl := func(x *term.Term, k uint64) *term.Term { return term.Shl(x, term.BV(k, 32)) }

	x0, x1, x2, x3 := at(0), at(1), at(2), at(3)
	one := term.ULT(x0, b(0x80))
	two := term.And(in(x0, b(0xC2), b(0xDF)), has(1), cont(x1))
	lo3 := term.Ite(term.Eq(x0, b(0xE0)), b(0xA0), b(0x80))
	hi3 := term.Ite(term.Eq(x0, b(0xED)), b(0x9F), b(0xBF))
	three := term.And(in(x0, b(0xE0), b(0xEF)), has(2), in(x1, lo3, hi3), cont(x2))
	lo4 := term.Ite(term.Eq(x0, b(0xF0)), b(0x90), b(0x80))
	hi4 := term.Ite(term.Eq(x0, b(0xF4)), b(0x8F), b(0xBF))
	four := term.And(in(x0, b(0xF0), b(0xF4)), has(3), in(x1, lo4, hi4), cont(x2), cont(x3))

	v2 := term.BOr(shl(r32(term.BAnd(x0, b(0x1F))), 6), low6(x1))
	v3 := term.BOr(term.BOr(shl(r32(term.BAnd(x0, b(0x0F))), 12), shl(low6(x1), 6)), low6(x2))
	v4 := term.BOr(term.BOr(term.BOr(shl(r32(term.BAnd(x0, b(0x07))), 18), shl(low6(x1), 12)), shl(low6(x2), 6)), low6(x3))
	bad := term.BV(0xFFFD, 32)
	r := term.Ite(one, r32(x0), term.Ite(two, v2, term.Ite(three, v3, term.Ite(four, v4, bad))))
	size := term.Ite(one, bv64(1), term.Ite(two, bv64(2), term.Ite(three, bv64(3), term.Ite(four, bv64(4), bv64(1)))))
	return r, size
}
