package symexec

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/term"
)

// An Input is a variable of the formulas that stands for (part of) an
// input of the function under test.
type Input struct {
	Var    *term.Term
	Signed bool
	Kind   InputKind
}

// InputKind says what a variable stands for, which tells the solver
// what values read naturally.
type InputKind int

const (
	Number InputKind = iota // an integer
	Text                    // a byte of a string
	Length                  // the length of a string, slice or stream
	Choice                  // a nil or aliasing choice, a function
	Float                   // a float's IEEE bits
	Room                    // spare capacity past a length
)

// Bounds limit the size of the inputs the executor builds.
type Bounds struct {
	// Len is the largest length of a slice, string, C buffer or input
	// stream.
	Len int
	// Depth is how many pointers deep input objects go: a list given as
	// input has at most Depth nodes.
	Depth int
}

// DefaultBounds are the bounds used unless told otherwise.
var DefaultBounds = Bounds{Len: 8, Depth: 4}

// An InputModel is the symbolic form of everything a function reads from
// its caller: its parameters, the globals marked as inputs, the objects
// that input pointers designate, and the input stream. It is built once
// per function; every execution tree starts from it, and a model of the
// solver turns back into literals through it.
type InputModel struct {
	f       *ir.Func
	bounds  Bounds
	args    []value
	globals []*ir.Global // every global the function may use, sorted by name
	gobj    map[*ir.Global]int
	mem     map[int]value
	objType map[int]ir.Type
	objLen  map[int]*term.Term // objects of symbolic length (C buffers)
	nextObj int
	vars    []Input
	domain  []*term.Term // constraints every input satisfies
	stream  streamModel
	// ptrs lists the input pointers made so far, by pointee type, for
	// aliasing: a later pointer may designate an earlier one's object.
	ptrs map[string][]inputPtr
	// inIface counts the input interfaces being built around the input
	// being built (inputIface).
	inIface int
}

type inputPtr struct {
	obj  int
	path []*term.Term
}

// streamModel is the input stream: its length and its elements.
type streamModel struct {
	used  bool
	elem  ir.Type
	n     *term.Term
	elems []*term.Term
}

// NewInputs builds the input model of f.
func NewInputs(f *ir.Func, b Bounds) (in *InputModel, err error) {
	defer recoverUnsupported(&err)
	in = &InputModel{f: f, bounds: b, gobj: map[*ir.Global]int{}, mem: map[int]value{},
		objType: map[int]ir.Type{}, objLen: map[int]*term.Term{}, ptrs: map[string][]inputPtr{}}
	for i, p := range f.Params {
		in.args = append(in.args, in.input(paramVar(f, i), p.T, 0))
	}
	for _, g := range globalsOf(f) {
		in.globals = append(in.globals, g)
		in.nextObj++
		obj := in.nextObj
		in.gobj[g] = obj
		in.objType[obj] = g.T
		switch {
		case g.Input:
			in.mem[obj] = in.input(g.Ident(), g.T, 0)
		case g.Init != nil:
			in.mem[obj] = sentinel(g, in.fromLiteral(*g.Init, map[*ir.Literal]int{}))
		default:
			in.mem[obj] = zero(g.T)
		}
	}
	if readsInput(f) {
		in.stream.used = true
		in.stream.n = in.variable("in.len", ir.Int{Bits: 64})
		in.domain = append(in.domain, term.ULE(in.stream.n, term.BV(uint64(b.Len), 64)))
		for i := 0; i < b.Len; i++ {
			v := term.Var(fmt.Sprintf("in[%d]", i), 8)
			in.vars = append(in.vars, Input{Var: v, Kind: Text})
			in.stream.elems = append(in.stream.elems, v)
		}
	}
	return in, nil
}

// Bounded reports whether the inputs are bounded in length (strings,
// slices, buffers, maps, the input stream): a goal no input reaches may
// then need a longer one.
func (in *InputModel) Bounded() bool {
	for _, v := range in.vars {
		if v.Kind == Length {
			return true
		}
	}
	return false
}

// Vars returns the variables standing for the inputs.
func (in *InputModel) Vars() []Input { return in.vars }

// Domain returns the constraint all inputs satisfy (lengths within the
// bounds, aliasing choices exclusive).
func (in *InputModel) Domain() *term.Term { return term.And(in.domain...) }

func (in *InputModel) variable(name string, t ir.Type) *term.Term {
	switch t := t.(type) {
	case ir.Int:
		v := term.Var(name, t.Bits)
		in.vars = append(in.vars, Input{Var: v, Signed: t.Signed, Kind: kindOf(name)})
		return v
	case ir.Float:
		v := term.Var(name, t.Bits)
		in.vars = append(in.vars, Input{Var: v, Kind: Float})
		return v
	case ir.Bool:
		v := term.Var(name, 0)
		in.vars = append(in.vars, Input{Var: v, Kind: Choice})
		return v
	}
	panic(fmt.Sprintf("symexec: variable of type %s", t))
}

// input returns the symbolic value of an input of type t called name,
// depth pointers deep.
func (in *InputModel) input(name string, t ir.Type, depth int) value {
	switch t := t.(type) {
	case ir.Int, ir.Bool, ir.Float:
		return value{t: in.variable(name, t)}
	case ir.Array:
		es := make([]value, t.Len)
		for i := range es {
			en := fmt.Sprintf("%s[%d]", name, i)
			if it, ok := t.Elem.(ir.Int); ok && it.Bits == 8 && depth > 0 {
				// The bytes of a buffer or byte slice: text reads best.
				v := term.Var(en, 8)
				in.vars = append(in.vars, Input{Var: v, Signed: it.Signed, Kind: Text})
				es[i] = value{t: v}
				continue
			}
			es[i] = in.input(en, t.Elem, depth)
		}
		return value{elems: es}
	case *ir.Struct:
		es := make([]value, len(t.Fields))
		for i, f := range t.Fields {
			es[i] = in.input(name+"."+f.Name, f.T, depth)
		}
		return value{elems: es}
	case ir.Pointer:
		return value{ptr: in.inputPointer(name, t, depth)}
	case *ir.Signature:
		return value{fn: in.inputFunc(name, t, depth)}
	case ir.Slice:
		return in.inputSlice(name, t, depth)
	case ir.String:
		return in.inputString(name)
	case ir.Map:
		return in.inputMap(name, t, depth)
	case ir.Error:
		return in.inputError(name)
	case *ir.Interface:
		return in.inputIface(name, t, depth)
	}
	panic(unsupported("an input of type %s", t))
}

// inputPointer returns an input pointer: nil, its own object, or the
// object of an earlier input pointer of the same type. A pointer to a
// scalar in C designates the first element of a buffer of symbolic length
// (an array parameter); any other pointer designates one object.
// Past Depth, a pointer is nil.
func (in *InputModel) inputPointer(name string, t ir.Pointer, depth int) *pointer {
	if depth >= in.bounds.Depth {
		return nil
	}
	key := t.Elem.String()
	earlier := in.ptrs[key]
	// The choice variable says "not nil", so that an input no path
	// constrains is nil, the zero value.
	isNil := term.Not(in.variable(name+".set", ir.Bool{}))
	var aliases []*term.Term
	for i := range earlier {
		aliases = append(aliases, in.variable(fmt.Sprintf("%s.alias%d", name, i), ir.Bool{}))
	}
	// The object of its own, made after the choices so that names read
	// in order.
	in.nextObj++
	obj := in.nextObj
	var path []*term.Term
	if isScalar(t.Elem) && in.f.Lang == ir.C {
		arr := ir.Array{Elem: t.Elem, Len: in.bounds.Len}
		in.objType[obj] = arr
		n := in.variable(name+".len", ir.Int{Bits: 64})
		in.objLen[obj] = n
		in.domain = append(in.domain, term.ULE(term.BV(1, 64), n), term.ULE(n, term.BV(uint64(in.bounds.Len), 64)))
		in.mem[obj] = in.input(name, arr, depth+1)
		path = []*term.Term{term.BV(0, 64)}
	} else {
		in.objType[obj] = t.Elem
		in.ptrs[key] = append(in.ptrs[key], inputPtr{obj: obj})
		in.mem[obj] = in.input(name, t.Elem, depth+1)
	}
	p := &pointer{}
	taken := isNil
	for i, a := range aliases {
		p.targets = append(p.targets, target{guard: term.And(term.Not(taken), a), obj: earlier[i].obj, path: earlier[i].path})
		taken = term.Or(taken, a)
	}
	p.targets = append(p.targets, target{guard: term.Not(taken), obj: obj, path: path})
	return p
}

func isScalar(t ir.Type) bool {
	switch t.(type) {
	case ir.Int, ir.Bool, ir.Float:
		return true
	}
	return false
}

// inputFunc returns an input function value: nil, one of the functions
// of the unit with the right signature (Func.Siblings), or in Go a stub
// returning results of the solver's choosing (ir.NewStub), which the
// test writes as a function literal.
func (in *InputModel) inputFunc(name string, sig *ir.Signature, depth int) []fnTarget {
	var fs []fnTarget
	for _, g := range in.f.Siblings {
		if (&ir.FuncRef{Func: g}).Type().String() == sig.String() {
			fs = append(fs, fnTarget{fn: g})
		}
	}
	if in.f.Lang == ir.Go {
		stub := fnTarget{fn: ir.NewStub(sig)}
		for i, t := range sig.Results {
			stub.env = append(stub.env, in.input(fmt.Sprintf("%s.ret%d", name, i), t, depth))
		}
		fs = append(fs, stub)
	}
	if len(fs) == 0 {
		return nil
	}
	choice := in.variable(name+".fn", ir.Int{Bits: 16})
	in.domain = append(in.domain, term.ULE(choice, term.BV(uint64(len(fs)), 16)))
	for i := range fs {
		fs[i].guard = term.Eq(choice, term.BV(uint64(i+1), 16))
	}
	return fs
}

// initialState returns the state at the entry of the function under test.
func (in *InputModel) initialState() *state {
	st := &state{mem: make(map[int]value, len(in.mem)), objLen: map[int]*term.Term{}, nextObj: in.nextObj, inputs: in, globals: in.gobj}
	for k, v := range in.mem {
		st.mem[k] = v
	}
	for k, v := range in.objLen {
		st.objLen[k] = v
	}
	st.push(in.f, in.args, nil)
	return st
}

// globalsOf returns the globals f and its callees use, sorted by name.
// The list is made once per function (globalsCache): every replay asks
// for it, and walking the call graph took a tenth of replace's makepat's
// search. Callers must not change it.
func globalsOf(f *ir.Func) []*ir.Global {
	if gs, ok := globalsCache.Load(f); ok {
		return gs.([]*ir.Global)
	}
	gs, _ := globalsCache.LoadOrStore(f, walkGlobals(f))
	return gs.([]*ir.Global)
}

// globalsCache holds globalsOf's lists by function. A function's IR does
// not change once built.
var globalsCache sync.Map

// walkGlobals is globalsOf, without the cache.
func walkGlobals(f *ir.Func) []*ir.Global {
	seen := map[*ir.Func]bool{}
	gs := map[*ir.Global]bool{}
	var walk func(*ir.Func)
	walk = func(f *ir.Func) {
		if seen[f] {
			return
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, instr := range append(append([]ir.Instr(nil), b.Instrs...), b.Term) {
				for _, v := range instr.Operands() {
					switch v := v.(type) {
					case *ir.Global:
						gs[v] = true
					case *ir.FuncRef:
						walk(v.Func)
					}
				}
				if c, ok := instr.(*ir.Call); ok {
					walk(c.Callee)
				}
			}
		}
	}
	walk(f)
	list := make([]*ir.Global, 0, len(gs))
	for g := range gs {
		list = append(list, g)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Ident() < list[j].Ident() })
	return list
}

// readsInput reports whether f or a callee reads the input stream.
func readsInput(f *ir.Func) bool {
	reads := false
	f.Walk(func(in ir.Instr) {
		if _, ok := in.(*ir.ReadInput); ok {
			reads = true
		}
	})
	return reads
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

// kindOf tells a variable's kind by the suffix its maker gave it.
func kindOf(name string) InputKind {
	switch {
	case strings.HasSuffix(name, ".len"):
		return Length
	case strings.HasSuffix(name, ".room"):
		return Room
	case strings.HasSuffix(name, ".fn"), strings.HasSuffix(name, ".type"):
		return Choice
	}
	return Number
}

// sentinel gives an error held by a global the global's own tag, so that
// `err == ErrNotFound` tells it from every other error.
func sentinel(g *ir.Global, v value) value {
	if _, ok := g.T.(ir.Error); ok && v.msg != nil && !(v.t.IsConst() && v.t.Val == 0) {
		v.t = placeTag(g.Pos)
	}
	return v
}
