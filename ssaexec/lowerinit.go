package ssaexec

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/ssa"

	"github.com/pbcc/pbcc/gen/ir"
)

// The initial values of package-level variables. A test does not set the
// package's variables (unless pbcc gen -globals makes them inputs): a
// function reads them as the package initialises them, so the model must
// hold that value. go/ssa shows it in the package's init function:
//
//	var limit = 3                          *limit = 3:int
//	var rates = map[string]int{"FR": 20}   t1 = make map[string]int 1:int
//	                                       t1["FR":string] = 20:int
//	                                       *rates = t1
//	var xs = []int{1, 2}                   t2 = new [2]int (slicelit)
//	                                       t3 = &t2[0:int]; *t3 = 1:int ...
//	                                       t5 = slice t2[:]; *xs = t5
//	var cfg = Config{A: 1}                 t6 = local Config (complit)
//	                                       t7 = &t6.A [#0]; *t7 = 1:int
//	                                       t8 = *t6; *cfg = t8
//	var Default Shape = Circle{R: 1}       ...; t9 = make Shape <- Circle (t8)
//	var trueLit = []byte("true")           t10 = convert []byte <- string ("true":string)
//	                                       *trueLit = t10
//
// initLiteral follows such values back to constants: constants, and
// composite literals (arrays, structs, slices, maps, pointers to them,
// interfaces holding them) of constants, nested, and the conversions
// between strings and byte or rune slices of such values ([]byte("true"),
// []rune("é"), string([]byte{'h', 'i'}), of named types too: Bytes("x")),
// which go/ssa leaves as Convert instructions where a Go constant would
// have been folded. A value computed otherwise (a call, another variable)
// is not followed: the variable has no known initial value, and a
// function reading it is not supported without -globals.

// initLiteral returns the value the package's initialisation gives v, of
// IR type t: nil and "" when it leaves v at its zero value, nil and the
// reason when it computes a value initLiteral does not follow.
func (lw *lowerer) initLiteral(v *ssa.Global, t ir.Type) (*ir.Literal, string) {
	if v.Pkg == nil {
		return nil, "its package is not built"
	}
	// A user's func init() may set v: its value is then not the
	// initializer's alone.
	for _, m := range v.Pkg.Members {
		fn, ok := m.(*ssa.Function)
		if !ok || !strings.HasPrefix(fn.Name(), "init#") {
			continue
		}
		if len(uses(fn, v)) > 0 {
			return nil, "a func init sets it"
		}
	}
	init := v.Pkg.Func("init")
	if init == nil {
		return nil, ""
	}
	e := initEval{lw: lw, init: init}
	lit, why := e.object(v, uses(init, v), t)
	if why != "" {
		return nil, why
	}
	if !e.set {
		return nil, "" // the zero value
	}
	return &lit, ""
}

// uses returns the instructions of fn (and its function literals) that
// take the global v as an operand, in order: a global has no referrers.
func uses(fn *ssa.Function, v *ssa.Global) []ssa.Instruction {
	var out []ssa.Instruction
	var ops []*ssa.Value
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			for _, op := range in.Operands(ops[:0]) {
				if *op == v {
					out = append(out, in)
					break
				}
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		out = append(out, uses(anon, v)...)
	}
	return out
}

// initEval follows values of the init function back to constants.
type initEval struct {
	lw   *lowerer
	init *ssa.Function
	set  bool // some store gave the variable a value
}

// object returns the contents of the memory at addr (a global, or an
// allocation of a composite literal), of IR type t, from the instructions
// that use the address: stores to it or into its fields and elements;
// loads and slicing only read it.
func (e *initEval) object(addr ssa.Value, refs []ssa.Instruction, t ir.Type) (ir.Literal, string) {
	lit := ir.Zero(t)
	for _, r := range refs {
		if r.Parent() != e.init {
			return lit, "it is set inside a function literal"
		}
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return lit, "its address is used"
			}
		case *ssa.Slice:
		case *ssa.Store:
			if r.Addr != addr {
				continue // the address itself is stored: a pointer to it
			}
			v, why := e.value(r.Val, t)
			if why != "" {
				return lit, why
			}
			lit, e.set = v, true
		case *ssa.FieldAddr:
			st, ok := t.(*ir.Struct)
			if !ok || r.Field >= len(st.Fields) {
				return lit, "a field address of a " + t.String()
			}
			f, why := e.object(r, *r.Referrers(), st.Fields[r.Field].T)
			if why != "" {
				return lit, why
			}
			lit.Elems[r.Field] = f
		case *ssa.IndexAddr:
			at, ok := t.(ir.Array)
			i, isConst := r.Index.(*ssa.Const)
			if !ok || !isConst {
				return lit, "an element set at a computed index"
			}
			k := int(i.Int64())
			if k < 0 || k >= len(lit.Elems) {
				return lit, "an element out of range"
			}
			el, why := e.object(r, *r.Referrers(), at.Elem)
			if why != "" {
				return lit, why
			}
			lit.Elems[k] = el
		default:
			return lit, "its address is passed to " + describeInit(r)
		}
	}
	return lit, ""
}

// value returns the literal of the SSA value v, of IR type t.
func (e *initEval) value(v ssa.Value, t ir.Type) (ir.Literal, string) {
	switch v := v.(type) {
	case *ssa.Const:
		switch t.(type) {
		case ir.Bool, ir.Int, ir.Float, ir.String:
			return constLiteral(v, t), ""
		}
		if v.Value == nil {
			return ir.Zero(t), ""
		}
	case *ssa.UnOp:
		if a, ok := v.X.(*ssa.Alloc); ok && v.Op == token.MUL {
			return e.object(a, *a.Referrers(), t)
		}
	case *ssa.Alloc:
		pt, ok := t.(ir.Pointer)
		if !ok {
			break
		}
		obj, why := e.object(v, *v.Referrers(), pt.Elem)
		if why != "" {
			return ir.Literal{}, why
		}
		return ir.Literal{T: t, Ref: &obj}, ""
	case *ssa.Slice:
		st, ok := t.(ir.Slice)
		a, isAlloc := v.X.(*ssa.Alloc)
		if !ok || !isAlloc || v.Low != nil || v.High != nil || v.Max != nil {
			break
		}
		arr, ok := types.Unalias(a.Type().(*types.Pointer).Elem()).(*types.Array)
		if !ok {
			break
		}
		obj, why := e.object(a, *a.Referrers(), ir.Array{Elem: st.Elem, Len: int(arr.Len())})
		if why != "" {
			return ir.Literal{}, why
		}
		return ir.Literal{T: t, Elems: obj.Elems}, ""
	case *ssa.MakeMap:
		mt, ok := t.(ir.Map)
		if !ok {
			break
		}
		lit := ir.Literal{T: t, Elems: []ir.Literal{}}
		pair := ir.Tuple{Elems: []ir.Type{mt.Key, mt.Elem}}
		for _, r := range *v.Referrers() {
			switch r := r.(type) {
			case *ssa.DebugRef, *ssa.Store:
			case *ssa.MapUpdate:
				k, why := e.value(r.Key, mt.Key)
				if why != "" {
					return ir.Literal{}, why
				}
				x, why := e.value(r.Value, mt.Elem)
				if why != "" {
					return ir.Literal{}, why
				}
				lit.Elems = append(lit.Elems, ir.Literal{T: pair, Elems: []ir.Literal{k, x}})
			default:
				return ir.Literal{}, "the map is passed to " + describeInit(r)
			}
		}
		return lit, ""
	case *ssa.Convert:
		from, why := e.lw.typ(v.X.Type())
		if why != "" {
			break
		}
		x, why := e.value(v.X, from)
		if why != "" {
			return ir.Literal{}, why
		}
		if lit, ok := convertLiteral(x, t); ok {
			return lit, ""
		}
	case *ssa.ChangeType:
		// Between types of the same underlying type (var b Bytes =
		// []byte("x")): the same literal, under the new type.
		return e.value(v.X, t)
	case *ssa.MakeInterface:
		it, ok := t.(*ir.Interface)
		if !ok || types.IsInterface(v.X.Type()) {
			break
		}
		tag := implTag(it, v.X.Type())
		if tag == 0 {
			break
		}
		x, why := e.value(v.X, it.Impls[tag-1].T)
		if why != "" {
			return ir.Literal{}, why
		}
		return ir.Literal{T: t, Bits: uint64(tag), Elems: []ir.Literal{x}}, ""
	}
	return ir.Literal{}, "its initial value is computed (" + describeInit(v) + ")"
}

// convertLiteral converts x, the literal of a string, byte slice or rune
// slice, to t as Go's conversion does: a string to a fresh byte slice
// (never nil, even when empty) or to its runes (an invalid byte decoding
// to U+FFFD), and a byte or rune slice to a string (an invalid rune
// encoding as U+FFFD). It returns false for other conversions.
func convertLiteral(x ir.Literal, t ir.Type) (ir.Literal, bool) {
	elem := func(t ir.Type) (ir.Int, bool) {
		s, ok := t.(ir.Slice)
		if !ok {
			return ir.Int{}, false
		}
		e, ok := s.Elem.(ir.Int)
		return e, ok && (sameType(e, ir.Int{Bits: 8}) || sameType(e, ir.Int{Bits: 32, Signed: true}))
	}
	_, fromString := x.T.(ir.String)
	_, toString := t.(ir.String)
	switch to, ok := elem(t); {
	case fromString && ok:
		lit := ir.Literal{T: t, Elems: []ir.Literal{}}
		if to.Bits == 8 {
			for i := range len(x.Str) {
				lit.Elems = append(lit.Elems, ir.Literal{T: to, Bits: uint64(x.Str[i])})
			}
			return lit, true
		}
		for _, r := range x.Str {
			lit.Elems = append(lit.Elems, ir.Literal{T: to, Bits: uint64(uint32(r))})
		}
		return lit, true
	case toString:
		from, ok := elem(x.T)
		if !ok {
			return ir.Literal{}, false
		}
		var b []byte
		for _, e := range x.Elems {
			if from.Bits == 8 {
				b = append(b, byte(e.Bits))
			} else {
				b = utf8.AppendRune(b, rune(int32(uint32(e.Bits))))
			}
		}
		return ir.Literal{T: t, Str: string(b)}, true
	}
	return ir.Literal{}, false
}

// describe names an SSA value or instruction for a message: "call of
// f", "load of x", "*ssa.BinOp".
func describeInit(x any) string {
	switch x := x.(type) {
	case *ssa.Call:
		if f := x.Call.StaticCallee(); f != nil {
			return "a call of " + f.String()
		}
		return "a call"
	case *ssa.UnOp:
		if g, ok := x.X.(*ssa.Global); ok && x.Op == token.MUL {
			return "the value of " + g.Name()
		}
	case *ssa.Global:
		return "the address of " + x.Name()
	case *ssa.Function:
		return "the function " + x.Name()
	}
	return strings.TrimPrefix(fmt.Sprintf("%T", x), "*ssa.")
}
