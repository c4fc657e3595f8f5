package symexec

import (
	"fmt"
	"slices"
	"unsafe"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/term"
)

// A value is the symbolic value of an IR value: a term for an integer, a
// bool or a float (its IEEE bits); elements for an array, a tuple or a
// struct; a pointer into memory; a function.
type value struct {
	t     *term.Term
	elems []value
	ptr   *pointer
	fn    []fnTarget
	n, c  *term.Term // slices: length and capacity; strings: length
	msg   *value     // errors: the message (t is the tag)
	alts  []*value   // interfaces: the value held for each dynamic type, nil when none (t is the tag)
}

// A pointer designates a cell of memory: one of several targets, each
// under a guard; the guards are mutually exclusive and, when none holds,
// the pointer is nil. A pointer made by the program has one target under
// true; a pointer that is an input may be nil, point to its own object or
// alias another input's object, as the solver decides.
type pointer struct {
	targets []target
}

// A target is an object and a path of field and element indexes into its
// value. Indexes are 64-bit terms, possibly symbolic.
type target struct {
	guard *term.Term
	obj   int
	path  []*term.Term
}

// A fnTarget is a function a function value may be, under a guard, with
// the values of its free variables when it is a closure.
type fnTarget struct {
	guard *term.Term
	fn    *ir.Func
	env   []value
}

// to returns the pointer to path inside object obj.
func to(obj int, path ...*term.Term) *pointer {
	return &pointer{targets: []target{{guard: term.True, obj: obj, path: path}}}
}

// nonNil returns the condition under which p is not nil.
func (p *pointer) nonNil() *term.Term {
	if p == nil {
		return term.False
	}
	gs := make([]*term.Term, len(p.targets))
	for i, t := range p.targets {
		gs[i] = t.guard
	}
	return term.Or(gs...)
}

// extend returns p with index i appended to every target's path.
func (p *pointer) extend(i *term.Term) *pointer {
	q := &pointer{targets: make([]target, len(p.targets))}
	for k, t := range p.targets {
		path := append(append([]*term.Term(nil), t.path...), i)
		q.targets[k] = target{guard: t.guard, obj: t.obj, path: path}
	}
	return q
}

// zero returns the zero value of t.
func zero(t ir.Type) value {
	switch t := t.(type) {
	case ir.Int:
		return value{t: term.BV(0, t.Bits)}
	case ir.Bool:
		return value{t: term.False}
	case ir.Array:
		es := make([]value, t.Len)
		for i := range es {
			es[i] = zero(t.Elem)
		}
		return value{elems: es}
	case ir.Tuple:
		es := make([]value, len(t.Elems))
		for i, e := range t.Elems {
			es[i] = zero(e)
		}
		return value{elems: es}
	case ir.Pointer, *ir.Signature:
		return value{} // nil
	case ir.Float:
		return value{t: term.BV(0, t.Bits)}
	case *ir.Struct:
		es := make([]value, len(t.Fields))
		for i, f := range t.Fields {
			es[i] = zero(f.T)
		}
		return value{elems: es}
	case ir.Slice:
		return value{n: term.BV(0, 64), c: term.BV(0, 64)}
	case ir.String:
		return value{elems: []value{}, n: term.BV(0, 64)}
	case ir.Map:
		return value{}
	case ir.Error:
		return nilError()
	case *ir.Interface:
		return zeroIface(t)
	}
	panic(fmt.Sprintf("symexec: zero of %s", t))
}

// ite returns "if c then x else y", element-wise for aggregates.
func ite(c *term.Term, x, y value) value {
	return iteCounted(c, x, y, nil)
}

// iteCounted is ite, adding to *merged (when merged is not nil) the
// pointer targets its result holds: the work of merging two memories,
// which grows with the targets of every pointer in them (machine.merged).
func iteCounted(c *term.Term, x, y value, merged *int) value {
	switch {
	case c.IsTrue():
		return x
	case c.IsFalse():
		return y
	case x.alts != nil || y.alts != nil:
		return iteIface(c, x, y)
	case x.msg != nil || y.msg != nil:
		return iteError(c, x, y)
	case x.t != nil:
		return value{t: term.Ite(c, x.t, y.t)}
	}
	var r value
	if x.n != nil || y.n != nil {
		r.n = term.Ite(c, orZero64(x.n), orZero64(y.n))
		if x.c != nil || y.c != nil {
			r.c = term.Ite(c, orZero64(x.c), orZero64(y.c))
		}
	}
	if x.ptr != nil || y.ptr != nil {
		r.ptr = itePointer(c, x.ptr, y.ptr)
		if merged != nil && r.ptr != nil {
			*merged += len(r.ptr.targets)
		}
	}
	if x.fn != nil || y.fn != nil {
		for _, f := range x.fn {
			r.fn = append(r.fn, fnTarget{term.And(c, f.guard), f.fn, f.env})
		}
		for _, f := range y.fn {
			r.fn = append(r.fn, fnTarget{term.And(term.Not(c), f.guard), f.fn, f.env})
		}
	}
	if len(x.elems) > 0 || len(y.elems) > 0 {
		// Strings may differ in capacity: the shorter reads as zeros.
		k := max(len(x.elems), len(y.elems))
		r.elems = make([]value, k)
		for i := range r.elems {
			r.elems[i] = iteCounted(c, elemOrZero(x, y, i), elemOrZero(y, x, i), merged)
		}
	} else if x.elems != nil || y.elems != nil {
		r.elems = []value{}
	}
	return r
}

// msgOf returns an error's message (empty for a nil error).
func msgOf(e value) value {
	if e.msg == nil {
		return stringValue("")
	}
	return *e.msg
}

func orZero64(t *term.Term) *term.Term {
	if t == nil {
		return term.BV(0, 64)
	}
	return t
}

// elemOrZero returns element i of v, or the zero of other's element i.
func elemOrZero(v, other value, i int) value {
	if i < len(v.elems) {
		return v.elems[i]
	}
	o := other.elems[i]
	if o.t != nil {
		return value{t: term.BV(0, max(o.t.Bits, 1))}
	}
	return o
}

// itePointer returns "if c then p else q": the targets of both, their
// guards strengthened by c and ¬c. A target both have (same object, same
// path) is kept once, its guards joined: a store through a pointer that
// may designate several objects merges every object's unchanged pointer
// fields with themselves, and without the join their targets doubled at
// each such store (Siemens schedule's del_ele: out of memory in seconds).
func itePointer(c *term.Term, p, q *pointer) *pointer {
	if p == q {
		return p
	}
	r := &pointer{}
	if p != nil {
		for _, t := range p.targets {
			if g := term.And(c, t.guard); !g.IsFalse() {
				r.targets = append(r.targets, target{g, t.obj, t.path})
			}
		}
	}
	if q != nil {
		nc := term.Not(c)
		for _, t := range q.targets {
			if g := term.And(nc, t.guard); !g.IsFalse() {
				r.targets = append(r.targets, target{g, t.obj, t.path})
			}
		}
	}
	if len(r.targets) == 0 {
		return nil
	}
	r.targets = joinTargets(r.targets)
	return r
}

// joinTargets merges the targets that designate the same cell by the same
// path terms, their guards or-ed, keeping the first one's place. Past a
// few targets they are found through a hash of the object and the path:
// a pointer into bc's numbers, merged at every join of a loop over their
// digits, had hundreds, and comparing each with each took a quarter of
// bc_number's search.
func joinTargets(ts []target) []target {
	if len(ts) <= joinLinear {
		var out []target
		for _, t := range ts {
			if i := slices.IndexFunc(out, t.same); i >= 0 {
				out[i].guard = term.Or(out[i].guard, t.guard)
			} else {
				out = append(out, t)
			}
		}
		return out
	}
	out := make([]target, 0, len(ts))
	at := make(map[uint64][]int, len(ts))
	for _, t := range ts {
		h := t.hash()
		merged := false
		for _, i := range at[h] {
			if out[i].same(t) {
				out[i].guard = term.Or(out[i].guard, t.guard)
				merged = true
				break
			}
		}
		if !merged {
			at[h] = append(at[h], len(out))
			out = append(out, t)
		}
	}
	return out
}

// joinLinear is how many targets joinTargets compares each with each.
const joinLinear = 8

// same reports whether u designates t's cell by the same path terms.
func (t target) same(u target) bool { return t.obj == u.obj && samePath(t.path, u.path) }

// hash is equal for targets that are the same.
func (t target) hash() uint64 {
	h := uint64(t.obj)*0x9e3779b97f4a7c15 + uint64(len(t.path))
	for _, p := range t.path {
		var x uint64
		if p.IsConst() {
			x = p.Val*31 + uint64(p.Bits)
		} else {
			x = uint64(uintptr(unsafe.Pointer(p))) | 1<<63
		}
		h = (h ^ x) * 0x100000001b3
	}
	return h
}

// samePath reports whether two paths are the same terms (equal constants
// or the same term).
func samePath(a, b []*term.Term) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && !(a[i].IsConst() && b[i].IsConst() && a[i].Val == b[i].Val && a[i].Bits == b[i].Bits) {
			return false
		}
	}
	return true
}

// pointerEq returns the condition under which p and q designate the same
// cell (both nil included).
func pointerEq(p, q *pointer) *term.Term {
	alts := []*term.Term{term.And(term.Not(p.nonNil()), term.Not(q.nonNil()))}
	if p != nil && q != nil {
		for _, a := range p.targets {
			for _, b := range q.targets {
				if a.obj != b.obj || len(a.path) != len(b.path) {
					continue
				}
				conds := []*term.Term{a.guard, b.guard}
				for i := range a.path {
					conds = append(conds, term.Eq(a.path[i], b.path[i]))
				}
				alts = append(alts, term.And(conds...))
			}
		}
	}
	return term.Or(alts...)
}

// index64 widens an index term to 64 bits.
func index64(t *term.Term, signed bool) *term.Term { return term.Resize(t, 64, signed) }

// sel returns x[i] for an aggregate x and a 64-bit index i (in range).
func sel(x value, i *term.Term) value {
	if len(x.elems) == 0 {
		return value{t: term.BV(0, 8)} // an empty string: never read in range
	}
	if i.IsConst() {
		if i.Val >= uint64(len(x.elems)) {
			return x.elems[len(x.elems)-1] // out of range: excluded by a check
		}
		return x.elems[i.Val]
	}
	if ts := bitVectors(x.elems); ts != nil {
		return value{t: term.Select(i, ts)}
	}
	r := x.elems[len(x.elems)-1]
	for j := len(x.elems) - 2; j >= 0; j-- {
		r = ite(term.Eq(i, term.BV(uint64(j), 64)), x.elems[j], r)
	}
	return r
}

// bitVectors returns the terms of es when every one is a plain integer
// or float (a bit-vector term and nothing else), nil otherwise.
func bitVectors(es []value) []*term.Term {
	ts := make([]*term.Term, len(es))
	for i, e := range es {
		if e.t == nil || e.t.IsBool() || e.elems != nil || e.ptr != nil || e.fn != nil || e.n != nil || e.msg != nil {
			return nil
		}
		ts[i] = e.t
	}
	return ts
}

// update returns x with the cell at path replaced by v.
func update(x value, path []*term.Term, v value) value {
	if len(path) == 0 {
		return v
	}
	i, rest := path[0], path[1:]
	es := make([]value, len(x.elems))
	copy(es, x.elems)
	if i.IsConst() {
		if i.Val >= uint64(len(es)) {
			return x // out of range: the store's check fails, the path ends
		}
		es[i.Val] = update(es[i.Val], rest, v)
		return value{elems: es}
	}
	for j := range es {
		es[j] = ite(term.Eq(i, term.BV(uint64(j), 64)), update(es[j], rest, v), es[j])
	}
	return value{elems: es}
}

// load returns the value at path inside x.
func load(x value, path []*term.Term) value {
	for _, i := range path {
		x = sel(x, i)
	}
	return x
}

// literal converts a concrete value to a literal of type t.
func literal(t ir.Type, v value) (ir.Literal, error) {
	switch t := t.(type) {
	case ir.Int, ir.Bool:
		if v.t == nil || !v.t.IsConst() {
			return ir.Literal{}, fmt.Errorf("value of type %s is not concrete", t)
		}
		return ir.Literal{T: t, Bits: v.t.Val}, nil
	case ir.Array, ir.Tuple:
		var elemType func(int) ir.Type
		if a, ok := t.(ir.Array); ok {
			elemType = func(int) ir.Type { return a.Elem }
		} else {
			elemType = func(i int) ir.Type { return t.(ir.Tuple).Elems[i] }
		}
		l := ir.Literal{T: t, Elems: make([]ir.Literal, len(v.elems))}
		for i, e := range v.elems {
			el, err := literal(elemType(i), e)
			if err != nil {
				return ir.Literal{}, err
			}
			l.Elems[i] = el
		}
		return l, nil
	}
	return ir.Literal{}, fmt.Errorf("no literal for type %s", t)
}

// fromLiteral converts a literal to a concrete value.
func fromLiteral(l ir.Literal) value {
	switch t := l.T.(type) {
	case ir.Int:
		return value{t: term.BV(l.Bits, t.Bits)}
	case ir.Bool:
		return value{t: term.Bool(l.Bits != 0)}
	}
	es := make([]value, len(l.Elems))
	for i, e := range l.Elems {
		es[i] = fromLiteral(e)
	}
	return value{elems: es}
}
