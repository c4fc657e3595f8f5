package symexec

import (
	"fmt"
	"sync"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/term"
)

// Args are concrete inputs of a function: its parameters, the values of
// the globals it reads as inputs, and its input stream.
type Args struct {
	Params  []ir.Literal
	Globals []GlobalArg // in the order of InputModel's globals
	Stream  []ir.Literal
}

// A GlobalArg is an input global and its value.
type GlobalArg struct {
	G     *ir.Global
	Value ir.Literal
}

// Literals turns a model of the solver into the concrete inputs it
// stands for. Objects designated by several input pointers become one
// shared *ir.Literal, so aliasing survives.
func (in *InputModel) Literals(m map[string]uint64) Args {
	c := concretizer{m: m, mem: in.mem, objType: in.objType, objLen: in.objLen, lits: map[int]*ir.Literal{},
		sentinels: sentinelTags(in.f)}
	var a Args
	for i, p := range in.f.Params {
		a.Params = append(a.Params, c.literal(p.T, in.args[i]))
	}
	for _, g := range in.globals {
		if g.Input {
			a.Globals = append(a.Globals, GlobalArg{G: g, Value: c.literal(g.T, in.mem[in.gobj[g]])})
		}
	}
	if in.stream.used {
		n := int(term.Eval(in.stream.n, m))
		for i := 0; i < n && i < len(in.stream.elems); i++ {
			a.Stream = append(a.Stream, ir.Literal{T: ir.Int{Bits: 8}, Bits: m[in.stream.elems[i].Name]})
		}
	}
	return a
}

// concretizer evaluates symbolic values under a model.
type concretizer struct {
	m       map[string]uint64
	mem     map[int]value
	objType map[int]ir.Type
	objLen  map[int]*term.Term
	// freed holds the heap objects free released (state.freed): their
	// contents after the call are not to be read, so their literals
	// have no element.
	freed map[int]*term.Term
	lits  map[int]*ir.Literal // objects already turned into literals
	// sentinels are the sentinel errors of the function by tag, so that
	// an error literal names the one it is.
	sentinels map[uint64]*ir.Global
}

func (c *concretizer) eval(t *term.Term) uint64 { return term.Eval(t, c.m) }

func (c *concretizer) literal(t ir.Type, v value) ir.Literal {
	switch t := t.(type) {
	case ir.Int:
		return ir.Literal{T: t, Bits: c.eval(v.t) & t.Mask()}
	case ir.Bool, ir.Float:
		return ir.Literal{T: t, Bits: c.eval(v.t)}
	case ir.Array:
		l := ir.Literal{T: t, Elems: make([]ir.Literal, len(v.elems))}
		for i, e := range v.elems {
			l.Elems[i] = c.literal(t.Elem, e)
		}
		return l
	case ir.Tuple:
		l := ir.Literal{T: t, Elems: make([]ir.Literal, len(v.elems))}
		for i, e := range v.elems {
			l.Elems[i] = c.literal(t.Elems[i], e)
		}
		return l
	case *ir.Struct:
		l := ir.Literal{T: t, Elems: make([]ir.Literal, len(v.elems))}
		for i, e := range v.elems {
			l.Elems[i] = c.literal(t.Fields[i].T, e)
		}
		return l
	case ir.Pointer:
		if v.ptr == nil {
			return ir.Literal{T: t}
		}
		for _, tg := range v.ptr.targets {
			if c.eval(tg.guard) == 0 {
				continue
			}
			l := ir.Literal{T: t, Ref: c.object(tg.obj)}
			if len(tg.path) > 0 {
				// A pointer into an object: only a C buffer's element is
				// expressible as a literal (the object and an offset).
				l.Offset = int(c.eval(tg.path[len(tg.path)-1]))
			}
			return l
		}
		return ir.Literal{T: t}
	case *ir.Signature:
		for _, f := range v.fn {
			if c.eval(f.guard) != 0 {
				l := ir.Literal{T: t, Func: f.fn}
				for i, r := range f.env {
					if f.fn.IsStub() {
						l.Elems = append(l.Elems, c.literal(f.fn.Results[i], r))
					}
				}
				return l
			}
		}
		return ir.Literal{T: t}
	case *ir.Interface:
		return c.ifaceLiteral(t, v)
	case ir.Error:
		return c.errorLiteral(t, v)
	case ir.Map:
		if v.ptr == nil {
			return ir.Literal{T: t, Nil: true}
		}
		for _, tg := range v.ptr.targets {
			if c.eval(tg.guard) == 0 {
				continue
			}
			tab := c.mem[tg.obj]
			n := int(c.eval(tab.n))
			l := ir.Literal{T: t, Elems: []ir.Literal{}}
			pair := ir.Tuple{Elems: []ir.Type{t.Key, t.Elem}}
			for j := 0; j < n && j < len(tab.elems); j++ {
				e := tab.elems[j]
				l.Elems = append(l.Elems, ir.Literal{T: pair, Elems: []ir.Literal{c.literal(t.Key, e.elems[0]), c.literal(t.Elem, e.elems[1])}})
			}
			return l
		}
		return ir.Literal{T: t, Nil: true}
	case ir.String:
		n := int(c.eval(v.n))
		b := make([]byte, 0, n)
		for j := 0; j < n && j < len(v.elems); j++ {
			b = append(b, byte(c.eval(v.elems[j].t)))
		}
		return ir.Literal{T: t, Str: string(b)}
	case ir.Slice:
		if v.ptr == nil {
			return ir.Literal{T: t, Nil: true}
		}
		for _, tg := range v.ptr.targets {
			if c.eval(tg.guard) == 0 {
				continue
			}
			arr := load(c.mem[tg.obj], tg.path[:len(tg.path)-1])
			start, n := int(c.eval(tg.path[len(tg.path)-1])), int(c.eval(v.n))
			l := ir.Literal{T: t, Elems: []ir.Literal{}}
			for j := 0; j < n && start+j < len(arr.elems); j++ {
				l.Elems = append(l.Elems, c.literal(t.Elem, arr.elems[start+j]))
			}
			if v.c != nil {
				if k := int(c.eval(v.c)); k > len(l.Elems) {
					l.Cap = k
				}
			}
			return l
		}
		return ir.Literal{T: t, Nil: true}
	}
	panic(unsupported("a literal of type %s", t))
}

// object returns the literal of object obj, made once.
func (c *concretizer) object(obj int) *ir.Literal {
	if l, ok := c.lits[obj]; ok {
		return l
	}
	l := &ir.Literal{}
	c.lits[obj] = l // before filling it: the object may point to itself
	*l = c.literal(c.objType[obj], c.mem[obj])
	if f, ok := c.freed[obj]; ok && c.eval(f) != 0 {
		if at, ok := l.T.(ir.Array); ok {
			// bc's bc_sub frees the digits of the number it returns
			// when result and the free list alias: the harness read
			// them after the call, freed, and failed.
			l.Elems, l.T = nil, ir.Array{Elem: at.Elem, Len: 0}
			return l
		}
	}
	if n, ok := c.objLen[obj]; ok && n != nil {
		if k := int(c.eval(n)); k < len(l.Elems) {
			l.Elems = l.Elems[:k]
			l.T = ir.Array{Elem: l.T.(ir.Array).Elem, Len: k}
		}
	}
	return l
}

// concreteState builds the state at the entry of f on concrete args:
// each distinct *ir.Literal a pointer refers to becomes one object.
func concreteState(f *ir.Func, a Args) *state {
	b := &builder2{st: &state{mem: map[int]value{}, objLen: map[int]*term.Term{}}, objs: map[*ir.Literal]int{}}
	params := make([]value, len(a.Params))
	for i, l := range a.Params {
		params[i] = b.value(l)
	}
	b.st.globals = map[*ir.Global]int{}
	given := map[*ir.Global]ir.Literal{}
	for _, g := range a.Globals {
		given[g.G] = g.Value
	}
	for _, g := range globalsOf(f) {
		var v value
		if l, ok := given[g]; ok {
			v = b.value(l)
		} else if g.Init != nil {
			v = initialValue(g, b)
		} else {
			v = zero(g.T)
		}
		b.st.nextObj++
		b.st.mem[b.st.nextObj] = v
		b.st.globals[g] = b.st.nextObj
	}
	for _, l := range a.Stream {
		b.st.stream = append(b.st.stream, term.BV(l.Bits, 8))
	}
	b.st.concreteStream = true
	b.st.push(f, params, nil)
	return b.st
}

// initValues caches initialValue for the globals whose initializer
// holds no pointer: values are immutable, so every run may share one.
// print_tokens' tables (hundreds of entries) were built again for each of
// its replays.
var initValues sync.Map // *ir.Global → value

// initialValue returns the value of g's initializer, its objects made by b.
func initialValue(g *ir.Global, b *builder2) value {
	if v, ok := initValues.Load(g); ok {
		return v.(value)
	}
	v := sentinel(g, b.value(*g.Init))
	if plainLiteral(*g.Init) {
		initValues.Store(g, v)
	}
	return v
}

// plainLiteral reports whether l is made of numbers and booleans alone,
// so that its value refers to no object.
func plainLiteral(l ir.Literal) bool {
	switch l.T.(type) {
	case ir.Int, ir.Float, ir.Bool:
		return true
	case ir.Array, ir.Tuple, *ir.Struct:
		for _, e := range l.Elems {
			if !plainLiteral(e) {
				return false
			}
		}
		return true
	}
	return false
}

// builder2 turns literals into concrete values and objects.
type builder2 struct {
	st   *state
	objs map[*ir.Literal]int
}

func (b *builder2) value(l ir.Literal) value {
	switch t := l.T.(type) {
	case ir.Int:
		return value{t: term.BV(l.Bits, t.Bits)}
	case ir.Float:
		return value{t: term.BV(l.Bits, t.Bits)}
	case ir.Bool:
		return value{t: term.Bool(l.Bits != 0)}
	case ir.Pointer:
		if l.Ref == nil {
			return value{}
		}
		obj, ok := b.objs[l.Ref]
		if !ok {
			b.st.nextObj++
			obj = b.st.nextObj
			b.objs[l.Ref] = obj
			b.st.mem[obj] = b.value(*l.Ref)
			if _, isArr := l.Ref.T.(ir.Array); isArr && isScalar(t.Elem) {
				b.st.objLen[obj] = term.BV(uint64(len(l.Ref.Elems)), 64)
			}
		}
		if _, isArr := l.Ref.T.(ir.Array); isArr && isScalar(t.Elem) {
			return value{ptr: to(obj, term.BV(uint64(l.Offset), 64))}
		}
		return value{ptr: to(obj)}
	case *ir.Signature:
		if l.Func == nil {
			return value{}
		}
		var env []value
		if l.Func.IsStub() {
			for _, r := range l.Elems {
				env = append(env, b.value(r))
			}
		}
		return value{fn: []fnTarget{{guard: term.True, fn: l.Func, env: env}}}
	case ir.String:
		return stringValue(l.Str)
	case *ir.Interface:
		return b.ifaceValue(t, l)
	case ir.Error:
		return errorOfLiteral(l, b.value)
	case ir.Map:
		if l.Nil {
			return value{}
		}
		entries := make([]value, len(l.Elems))
		for j, e := range l.Elems {
			entries[j] = value{elems: []value{b.value(e.Elems[0]), b.value(e.Elems[1])}}
		}
		b.st.nextObj++
		b.st.mem[b.st.nextObj] = value{elems: entries, n: bv64(len(entries))}
		return value{ptr: to(b.st.nextObj)}
	case ir.Slice:
		if l.Nil {
			return zero(t)
		}
		k := max(l.Cap, len(l.Elems))
		obj := b.st.newArray(k, func(j int) value {
			if j < len(l.Elems) {
				return b.value(l.Elems[j])
			}
			return zero(t.Elem)
		})
		return value{ptr: to(obj, bv64(0)), n: bv64(len(l.Elems)), c: bv64(k)}
	case ir.Array, ir.Tuple, *ir.Struct:
		es := make([]value, len(l.Elems))
		for i, e := range l.Elems {
			es[i] = b.value(e)
		}
		return value{elems: es}
	}
	panic(unsupported("a value of type %s", l.T))
}

// fromLiteral converts a literal without pointers to a concrete value.
func (in *InputModel) fromLiteral(l ir.Literal, objs map[*ir.Literal]int) value {
	b := &builder2{st: &state{mem: in.mem, objLen: in.objLen, nextObj: in.nextObj}, objs: objs}
	v := b.value(l)
	in.nextObj = b.st.nextObj
	return v
}

// outputs turns the results of a concrete run into literals, and the
// parameters' pointees after the call.
func outputs(f *ir.Func, st *state, params []value) (res, after []ir.Literal, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("outputs: %v", r)
		}
	}()
	// Object types are not recorded in a concrete state: derive them from
	// the types of the parameters and results as the literals are built.
	c := concretizer{m: nil, mem: st.mem, objType: objectTypes(f, st, params), objLen: st.objLen, freed: st.freed, lits: map[int]*ir.Literal{},
		sentinels: sentinelTags(f)}
	for i, r := range st.results {
		res = append(res, c.literal(f.Results[i], r))
	}
	hasPtr := false
	for _, p := range f.Params {
		if _, ok := p.T.(ir.Pointer); ok {
			hasPtr = true
		}
	}
	if !hasPtr {
		return res, nil, nil
	}
	for i, p := range f.Params {
		after = append(after, c.literal(p.T, params[i]))
	}
	return res, after, nil
}

// objectTypes finds the type of each object reachable from the
// parameters and the results.
func objectTypes(f *ir.Func, st *state, params []value) map[int]ir.Type {
	types := map[int]ir.Type{}
	var walk func(t ir.Type, v value)
	walk = func(t ir.Type, v value) {
		switch t := t.(type) {
		case ir.Pointer:
			if v.ptr == nil {
				return
			}
			for _, tg := range v.ptr.targets {
				if _, done := types[tg.obj]; done {
					continue
				}
				ot := t.Elem
				if len(tg.path) > 0 {
					ot = ir.Array{Elem: t.Elem, Len: len(st.mem[tg.obj].elems)}
				}
				types[tg.obj] = ot
				walk(ot, st.mem[tg.obj])
			}
		case ir.Array:
			for _, e := range v.elems {
				walk(t.Elem, e)
			}
		case ir.Slice:
			if v.ptr == nil {
				return
			}
			for _, tg := range v.ptr.targets {
				arr := load(st.mem[tg.obj], tg.path[:len(tg.path)-1])
				for _, e := range arr.elems {
					walk(t.Elem, e)
				}
			}
		case *ir.Struct:
			for i, e := range v.elems {
				walk(t.Fields[i].T, e)
			}
		case *ir.Interface:
			for i, e := range v.alts {
				if e != nil {
					walk(t.Impls[i].T, *e)
				}
			}
		}
	}
	for i, p := range f.Params {
		walk(p.T, params[i])
	}
	for i, r := range st.results {
		walk(f.Results[i], r)
	}
	return types
}
