package symexec

import (
	"errors"
	"fmt"
	"math"
	"reflect"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/stdlib"
	"github.com/pbcc/pbcc/gen/term"
)

// External calls (ir.CallExtern): functions of the standard library the
// front end does not follow.
//
// A concrete run calls the real function (package stdlib) and records
// the call in Trace.Calls. A symbolic run uses the function's model when
// it has one (models.go): exact ones (strings.IndexByte, utf8.RuneLen)
// make the results terms of the arguments; partial ones (unicode.IsDigit,
// exact on ASCII) fall back to unknowns beyond what they know. Without a
// model, each executed call's results are unknowns: fresh variables that
// only the later branches constrain. Options.Facts, the calls earlier
// replays made, tie them to the real function: a call whose arguments
// equal a fact's has the fact's results (DART's concolic execution: the
// solver may guess, the replay tells the truth, and the next query knows
// it).

// A Fact is a call of an external function on concrete arguments and
// the results the real function gave.
type Fact struct {
	Func          string
	Args, Results []ir.Literal
}

// about reports whether f is a fact about call: a call of the same
// function with arguments and results of the same types. A variadic
// function is called with one argument per operand (fmt.Sprintf("%s=%d",
// k, d) and fmt.Sprintf("%s=%q", k, v) in one function), so a fact
// about one call of it can say nothing of another.
func (f Fact) about(call *ir.CallExtern) bool {
	if f.Func != call.Func || len(f.Args) != len(call.Args) || len(f.Results) != len(call.Results) {
		return false
	}
	for i, a := range f.Args {
		if !sameType(a.T, call.Args[i].Type()) {
			return false
		}
	}
	for i, r := range f.Results {
		if !sameType(r.T, call.Results[i]) {
			return false
		}
	}
	return true
}

// sameType reports whether x and y are the same type, as far as a
// fact's literals can tell: struct types hold slices and cannot be
// compared with ==.
func sameType(x, y ir.Type) bool {
	return reflect.TypeOf(x) == reflect.TypeOf(y) && x.String() == y.String()
}

// extState is what a machine needs for external calls.
type extState struct {
	concrete bool   // call the real functions
	calls    []Fact // concrete: the calls made, in order
	facts    []Fact // symbolic: calls known from replays
	unknowns int    // symbolic: external calls made so far (their names)
	panicked string // concrete: the panic value of a real function, printed
	closed   bool   // symbolic: calls without a model take the facts' arguments
}

// ModelOf tells how the executor models the external function name:
// "exact", "partial" (exact on part of its domain, unknown elsewhere) or
// "" (its results are unknowns the replay learns).
func ModelOf(name string) string {
	if m, ok := models[name]; ok {
		if m.exact {
			return "exact"
		}
		return "partial"
	}
	return ""
}

// execExtern executes a call of an external function.
func (m *machine) execExtern(st *state, fr *frame, in ir.Instr) ([]check, bool) {
	call, ok := in.(*ir.CallExtern)
	if !ok {
		return nil, false
	}
	args := make([]value, len(call.Args))
	for i, a := range call.Args {
		args[i] = fr.value(a)
	}
	var res []value
	var checks []check
	if m.ext.concrete {
		var err error
		res, err = m.callReal(st, call, args)
		var pe *stdlib.PanicError
		if errors.As(err, &pe) {
			// The real function rejects its arguments: the run panics
			// there, as the real code would, with its value.
			m.ext.panicked = fmt.Sprint(pe.Value)
			fr.set(call, zero(call.T))
			return []check{{cond: term.False, kind: ir.NoCheck, instr: in}}, true
		}
		if err != nil {
			panic(unsupported("%s", err))
		}
	} else {
		res, checks = m.symbolicExtern(st, call, args)
	}
	if len(res) == 1 {
		fr.set(call, res[0])
	} else {
		fr.set(call, value{elems: res})
	}
	return checks, true
}

// callReal calls the real function on the concrete args and records the
// call.
func (m *machine) callReal(st *state, call *ir.CallExtern, args []value) ([]value, error) {
	f, ok := stdlib.Lookup(call.Func)
	if !ok {
		return nil, fmt.Errorf("call of %s (not in the table of standard library functions pbcc can call)", call.Func)
	}
	goArgs := make([]any, len(args))
	fact := Fact{Func: call.Func}
	for i, a := range args {
		x, lit, err := goValue(st, call.Args[i].Type(), a)
		if err != nil {
			return nil, fmt.Errorf("call of %s: argument %d: %v", call.Func, i, err)
		}
		goArgs[i] = x
		fact.Args = append(fact.Args, lit)
	}
	out, err := f.Call(goArgs)
	if err != nil {
		return nil, err
	}
	if len(out) != len(call.Results) {
		return nil, fmt.Errorf("call of %s: %d results for %d", call.Func, len(out), len(call.Results))
	}
	res := make([]value, len(out))
	for i, x := range out {
		lit, err := literalOfGo(call.Results[i], x)
		if err != nil {
			return nil, fmt.Errorf("call of %s: result %d: %v", call.Func, i, err)
		}
		fact.Results = append(fact.Results, lit)
		res[i] = externValue(st, call, lit)
	}
	m.ext.calls = append(m.ext.calls, fact)
	return res, nil
}

// goValue converts a concrete value of IR type t to the Go value stdlib
// takes, and to a literal.
func goValue(st *state, t ir.Type, v value) (any, ir.Literal, error) {
	notConst := errors.New("value is not concrete")
	switch t := t.(type) {
	case ir.Int:
		if v.t == nil || !v.t.IsConst() {
			return nil, ir.Literal{}, notConst
		}
		lit := ir.Literal{T: t, Bits: v.t.Val}
		if t.Signed {
			return ir.SignExtend(v.t.Val, t.Bits), lit, nil
		}
		return v.t.Val, lit, nil
	case ir.Bool:
		if v.t == nil || !v.t.IsConst() {
			return nil, ir.Literal{}, notConst
		}
		return v.t.IsTrue(), ir.Literal{T: t, Bits: v.t.Val}, nil
	case ir.Float:
		if v.t == nil || !v.t.IsConst() {
			return nil, ir.Literal{}, notConst
		}
		lit := ir.Literal{T: t, Bits: v.t.Val}
		if t.Bits == 32 {
			return math.Float32frombits(uint32(v.t.Val)), lit, nil
		}
		return math.Float64frombits(v.t.Val), lit, nil
	case ir.String:
		b, err := concreteBytes(v.n, func(j int) value { return v.elems[j] }, len(v.elems))
		if err != nil {
			return nil, ir.Literal{}, err
		}
		return string(b), ir.Literal{T: t, Str: string(b)}, nil
	case ir.Slice:
		if e, ok := t.Elem.(ir.Int); !ok || e.Bits != 8 {
			break
		}
		if v.ptr == nil {
			return []byte(nil), ir.Literal{T: t, Nil: true}, nil
		}
		b, err := concreteBytes(v.n, func(j int) value { return loadElem(st, v, bv64(j)) }, math.MaxInt)
		if err != nil {
			return nil, ir.Literal{}, err
		}
		lit := ir.Literal{T: t, Elems: make([]ir.Literal, len(b))}
		for j, c := range b {
			lit.Elems[j] = ir.Literal{T: t.Elem, Bits: uint64(c)}
		}
		return b, lit, nil
	}
	return nil, ir.Literal{}, fmt.Errorf("values of type %s cannot be passed to the real function", t)
}

// concreteBytes returns the n bytes elem gives, n a constant at most max.
func concreteBytes(n *term.Term, elem func(int) value, max int) ([]byte, error) {
	if n == nil || !n.IsConst() || n.Val > uint64(max) {
		return nil, errors.New("length is not concrete")
	}
	b := make([]byte, n.Val)
	for j := range b {
		e := elem(j)
		if e.t == nil || !e.t.IsConst() {
			return nil, errors.New("byte is not concrete")
		}
		b[j] = byte(e.t.Val)
	}
	return b, nil
}

// literalOfGo converts a result of a real function to a literal of IR
// type t.
func literalOfGo(t ir.Type, x any) (ir.Literal, error) {
	v := reflect.ValueOf(x)
	switch t := t.(type) {
	case ir.Int:
		switch v.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			return ir.Literal{T: t, Bits: uint64(v.Int()) & t.Mask()}, nil
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			return ir.Literal{T: t, Bits: v.Uint() & t.Mask()}, nil
		}
	case ir.Bool:
		if v.Kind() == reflect.Bool {
			return ir.Literal{T: t, Bits: b2u(v.Bool())}, nil
		}
	case ir.Float:
		switch v.Kind() {
		case reflect.Float32:
			return ir.Literal{T: t, Bits: uint64(math.Float32bits(float32(v.Float())))}, nil
		case reflect.Float64:
			if t.Bits == 32 {
				return ir.Literal{T: t, Bits: uint64(math.Float32bits(float32(v.Float())))}, nil
			}
			return ir.Literal{T: t, Bits: math.Float64bits(v.Float())}, nil
		}
	case ir.String:
		if v.Kind() == reflect.String {
			return ir.Literal{T: t, Str: v.String()}, nil
		}
	case ir.Slice:
		if b, ok := x.([]byte); ok {
			if b == nil {
				return ir.Literal{T: t, Nil: true}, nil
			}
			lit := ir.Literal{T: t, Elems: make([]ir.Literal, len(b))}
			for j, c := range b {
				lit.Elems[j] = ir.Literal{T: t.Elem, Bits: uint64(c)}
			}
			return lit, nil
		}
	case ir.Error:
		if x == nil {
			return ir.Literal{T: t, Nil: true}, nil
		}
		if err, ok := x.(error); ok {
			return errorLiteralOfGo(t, err), nil
		}
	}
	return ir.Literal{}, fmt.Errorf("%T does not convert to %s", x, t)
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// externValue returns the value of a literal result of call. A non-nil
// error is tagged with the call's place, as errors.New is with its own.
func externValue(st *state, call *ir.CallExtern, lit ir.Literal) value {
	if _, ok := lit.T.(ir.Error); ok && !lit.Nil {
		return externError(call, lit)
	}
	b := &builder2{st: st, objs: map[*ir.Literal]int{}}
	return b.value(lit)
}

// symbolicExtern returns the results of call on args in a symbolic run,
// and the conditions that tie them to the facts.
func (m *machine) symbolicExtern(st *state, call *ir.CallExtern, args []value) ([]value, []check) {
	m.ext.unknowns++
	id := m.ext.unknowns
	unknown := func(i int) value { return m.unknown(st, call, id, i) }
	if md, ok := models[call.Func]; ok {
		res := md.fn(st, call, args, unknown)
		if md.exact {
			return res, nil
		}
		return res, m.factChecks(st, call, args, res)
	}
	res := make([]value, len(call.Results))
	for i := range res {
		res[i] = unknown(i)
	}
	checks := m.factChecks(st, call, args, res)
	if m.ext.closed {
		// Closed world: the call's arguments are those of a fact, so its
		// results are known.
		var known []*term.Term
		for _, f := range m.ext.facts {
			if f.about(call) {
				var same []*term.Term
				for i, a := range f.Args {
					same = append(same, eqLiteral(st, args[i], a))
				}
				known = append(known, term.And(same...))
			}
		}
		checks = append(checks, check{cond: term.Or(known...), kind: ir.NoCheck, instr: call})
	}
	return res, checks
}

// factChecks returns, for each fact about call's function, the condition
// "args = fact's args ⇒ results = fact's results".
func (m *machine) factChecks(st *state, call *ir.CallExtern, args, res []value) []check {
	var cs []check
	for _, f := range m.ext.facts {
		if !f.about(call) {
			continue
		}
		var same []*term.Term
		for i, a := range f.Args {
			same = append(same, eqLiteral(st, args[i], a))
		}
		var then []*term.Term
		for i, r := range f.Results {
			then = append(then, eqLiteral(st, res[i], r))
		}
		c := term.Implies(term.And(same...), term.And(then...))
		if !c.IsTrue() {
			cs = append(cs, check{cond: c, kind: ir.NoCheck, instr: call})
		}
	}
	return cs
}

// eqLiteral returns the condition under which v equals literal l.
func eqLiteral(st *state, v value, l ir.Literal) *term.Term {
	switch t := l.T.(type) {
	case ir.Int, ir.Float:
		return term.Eq(v.t, term.BV(l.Bits, v.t.Bits))
	case ir.Bool:
		if l.Bits != 0 {
			return v.t
		}
		return term.Not(v.t)
	case ir.String:
		return stringEq(v, stringValue(l.Str))
	case ir.Error:
		if l.Nil {
			return term.Eq(v.t, term.BV(0, errTagBits))
		}
		return term.And(term.Not(term.Eq(v.t, term.BV(0, errTagBits))), stringEq(msgOf(v), stringValue(l.Str)), eqWrapped(v, l))
	case ir.Slice:
		return stringEq(bytesOf(st, v), bytesLiteral(l))
	default:
		panic(unsupported("external value of type %s", t))
	}
}

// bytesLiteral returns a []byte literal as a string value.
func bytesLiteral(l ir.Literal) value {
	b := make([]byte, len(l.Elems))
	for j, e := range l.Elems {
		b[j] = byte(e.Bits)
	}
	return stringValue(string(b))
}

// bytesOf returns the bytes of a []byte slice as a string value: its
// elements up to its capacity, and its length.
func bytesOf(st *state, s value) value {
	if s.ptr == nil {
		return value{elems: []value{}, n: orZero64(s.n)}
	}
	k := capacity(st, s)
	es := make([]value, k)
	for j := range es {
		es[j] = loadElemOr(st, s, j)
	}
	return value{elems: es, n: s.n}
}

// resultCap gives, for functions whose string results may be longer than
// the bound on input lengths, how long they may be.
var resultCap = map[string]int{"strconv.Itoa": 20}

// unknown returns result i of the id-th external call of a symbolic run:
// fresh variables, named after the function and id, of the result's type;
// a string or a byte slice of at most the bound on input lengths.
func (m *machine) unknown(st *state, call *ir.CallExtern, id, i int) value {
	name := fmt.Sprintf("%s#%d.%d", call.Func, id, i)
	strLen := DefaultBounds.Len
	if st.inputs != nil {
		strLen = st.inputs.bounds.Len
	}
	strLen = max(strLen, resultCap[call.Func])
	fresh := func() value {
		n := term.Var(name+".len", 64)
		es := make([]value, strLen)
		for j := range es {
			es[j] = value{t: term.Var(fmt.Sprintf("%s[%d]", name, j), 8)}
		}
		// The length bound is part of the value: select it into n.
		n = term.Ite(term.ULE(n, bv64(strLen)), n, bv64(strLen))
		return value{elems: es, n: n}
	}
	switch t := call.Results[i].(type) {
	case ir.Int:
		return value{t: term.Var(name, t.Bits)}
	case ir.Float:
		return value{t: term.Var(name, t.Bits)}
	case ir.Bool:
		return value{t: term.Var(name, 0)}
	case ir.String:
		return fresh()
	case ir.Slice:
		s := fresh()
		obj := st.newArray(len(s.elems), func(j int) value { return s.elems[j] })
		return value{ptr: to(obj, bv64(0)), n: s.n, c: bv64(strLen)}
	case ir.Error:
		set := term.Var(name+".set", 0)
		msg := fresh()
		return value{t: term.Ite(set, placeTag(call.Pos), term.BV(0, errTagBits)), msg: &msg,
			elems: []value{unknownWrapped(name, fresh)}}
	}
	panic(unsupported("result of %s of type %s", call.Func, call.Results[i]))
}

// ModelDecides reports whether the model of f's function gives, on f's
// arguments, results that are known without the fact: always for an
// exact model, on its domain for a partial one (unicode.IsDigit of an
// ASCII rune). Such a fact need not be kept.
func ModelDecides(f Fact) bool {
	md, ok := models[f.Func]
	switch {
	case !ok:
		return false
	case md.exact:
		return true
	}
	st := &state{mem: map[int]value{}}
	b := &builder2{st: st, objs: map[*ir.Literal]int{}}
	call := &ir.CallExtern{Func: f.Func}
	args := make([]value, len(f.Args))
	for i, a := range f.Args {
		args[i] = b.value(a)
		call.Args = append(call.Args, ir.NewParam(fmt.Sprintf("p%d", i), a.T))
	}
	for _, r := range f.Results {
		call.Results = append(call.Results, r.T)
	}
	m := &machine{}
	res := md.fn(st, call, args, func(i int) value { return m.unknown(st, call, 0, i) })
	for i, r := range res {
		if _, isErr := f.Results[i].T.(ir.Error); isErr {
			// The message of an error may stay unknown; its being nil
			// or not is what branches test.
			if !r.t.IsConst() {
				return false
			}
			continue
		}
		if !eqLiteral(st, r, f.Results[i]).IsConst() {
			return false
		}
	}
	return true
}

// CallReal calls the real function name on the literal args and returns
// the call as a fact, its results of types results.
func CallReal(name string, args []ir.Literal, results []ir.Type) (Fact, error) {
	st := &state{mem: map[int]value{}}
	b := &builder2{st: st, objs: map[*ir.Literal]int{}}
	vals := make([]value, len(args))
	call := &ir.CallExtern{Func: name, Results: results}
	for i, a := range args {
		vals[i] = b.value(a)
		call.Args = append(call.Args, ir.NewParam(fmt.Sprintf("p%d", i), a.T))
	}
	m := &machine{ext: extState{concrete: true}}
	if _, err := m.callReal(st, call, vals); err != nil {
		return Fact{}, err
	}
	return m.ext.calls[0], nil
}
