package ssaexec

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/pbcc/pbcc/gen/ir"
)

// ---- Operators, conversions and calls ----

// binOp lowers x op y:
//
//   - integers, bools, floats: BinOp;
//   - strings: BinOp (+ concatenates; comparisons are lexicographic on
//     bytes);
//   - pointers, slices, functions, maps (against nil), errors (against
//     nil or another error: a sentinel): BinOp == and !=;
//   - arrays and structs: == and != compared element by element (FieldOf,
//     Index with constant indexes), the results joined with And, negated
//     with Not for !=; blank fields are skipped, as Go does.
func (l *fnLowering) binOp(in *ssa.BinOp, pos token.Pos) ir.Value {
	op, ok := binOps[in.Op]
	if !ok {
		l.unsupported(pos, "operator %s", in.Op)
	}
	l.valueType(in, pos)
	x, y := l.value(in.X, pos), l.value(in.Y, pos)
	switch x.Type().(type) {
	case ir.Int, ir.Bool, ir.Float:
	case ir.String:
		if op != ir.Add && !op.IsComparison() {
			l.unsupported(pos, "operator %s on strings", in.Op)
		}
	case ir.Pointer, ir.Slice, *ir.Signature, ir.Map, ir.Error:
		if op != ir.Eq && op != ir.Ne {
			l.unsupported(pos, "operator %s on %s", in.Op, typeString(in.X.Type()))
		}
	case *ir.Interface:
		return l.ifaceCompare(op, x, y, in, pos)
	case ir.Array, *ir.Struct:
		if op != ir.Eq && op != ir.Ne {
			l.unsupported(pos, "operator %s on %s", in.Op, typeString(in.X.Type()))
		}
		eq := l.equal(x, y)
		if op == ir.Ne {
			return l.emit(ir.NewUnOp(ir.Not, eq))
		}
		return eq
	default:
		l.unsupported(pos, "operator %s on %s", in.Op, typeString(in.X.Type()))
	}
	return l.emit(ir.NewBinOp(op, x, y))
}

// equal returns x == y, taking arrays and structs apart.
func (l *fnLowering) equal(x, y ir.Value) ir.Value {
	var all ir.Value
	and := func(e ir.Value) {
		if all == nil {
			all = e
		} else {
			all = l.emit(ir.NewBinOp(ir.And, all, e))
		}
	}
	switch t := x.Type().(type) {
	case *ir.Struct:
		for i, f := range t.Fields {
			if f.Name != "_" {
				and(l.equal(l.emit(ir.NewFieldOf(x, i)), l.emit(ir.NewFieldOf(y, i))))
			}
		}
	case ir.Array:
		for i := range t.Len {
			k := ir.IntConst(l.lw.intType(), int64(i))
			and(l.equal(l.emit(ir.NewIndex(x, k)), l.emit(ir.NewIndex(y, k))))
		}
	case *ir.Interface:
		return l.ifaceEqual(x, y, l.fn.Pos())
	default:
		return l.emit(ir.NewBinOp(ir.Eq, x, y))
	}
	if all == nil {
		return ir.BoolConst(true)
	}
	return all
}

// intType is Go's int.
func (lw *lowerer) intType() ir.Int {
	return ir.Int{Bits: int(8 * lw.sizes.Sizeof(types.Typ[types.Int])), Signed: true}
}

// convert lowers a conversion:
//
//   - between integers and floats, either way, and between float sizes:
//     Convert, or the operand itself when both have the same IR type;
//
//   - string to []byte: a fresh slice, make([]byte, 0, len(s)) then
//     append(b, s...) (MakeSlice, Append), so that []byte("") is empty
//     but not nil, as in Go.
//
//   - []byte to string, and rune or integer to string (its UTF-8
//     encoding, U+FFFD when invalid): Convert to String.
//
//   - string to []rune and []rune to string: Convert (the executor
//     decodes or encodes every rune).
func (l *fnLowering) convert(in *ssa.Convert, pos token.Pos) ir.Value {
	from, why := l.lw.typ(in.X.Type())
	to, why2 := l.lw.typ(in.Type())
	fail := func(reason string) {
		l.unsupported(pos, "conversion from %s to %s%s", typeString(in.X.Type()), typeString(in.Type()), reason)
	}
	if why != "" || why2 != "" {
		if isUnsafePointer(in.X.Type()) || isUnsafePointer(in.Type()) {
			fail(" (of unsafe, only *(*string)(unsafe.Pointer(p)) with p a *[]byte is modelled)")
		}
		fail("")
	}
	isNum := func(t ir.Type) bool {
		switch t.(type) {
		case ir.Int, ir.Float:
			return true
		}
		return false
	}
	isBytes := func(t ir.Type) bool {
		s, ok := t.(ir.Slice)
		return ok && sameType(s.Elem, ir.Int{Bits: 8})
	}
	isRunes := func(t ir.Type) bool {
		s, ok := t.(ir.Slice)
		return ok && sameType(s.Elem, ir.Int{Bits: 32, Signed: true})
	}
	_, fromString := from.(ir.String)
	_, toString := to.(ir.String)
	switch {
	case isNum(from) && isNum(to):
		x := l.value(in.X, pos)
		if sameType(from, to) {
			return x // int <-> int64 and the like: same IR type
		}
		return l.emit(ir.NewConvert(x, to))
	case fromString && isBytes(to), isBytes(from) && toString, fromString && isRunes(to), isRunes(from) && toString:
		return l.convertValue(l.value(in.X, pos), to)
	case toString:
		if _, ok := from.(ir.Int); ok {
			return l.emit(ir.NewConvert(l.value(in.X, pos), to))
		}
		fail(" (the IR has no instruction that makes a string from runes)")
	case fromString:
		fail(" (not modelled yet: it needs a decoding loop; range over the string instead)")
	}
	fail("")
	return nil
}

// convertValue lowers the conversion of x, a string, byte slice or rune
// slice, to the string, byte slice or rune slice type to (convert).
func (l *fnLowering) convertValue(x ir.Value, to ir.Type) ir.Value {
	if _, ok := x.Type().(ir.String); ok {
		if s, ok := to.(ir.Slice); ok && sameType(s.Elem, ir.Int{Bits: 8}) {
			n := l.emit(ir.NewLen(x, l.lw.intType()))
			b := l.emit(ir.NewMakeSlice(s, ir.IntConst(l.lw.intType(), 0), n))
			return l.emit(ir.NewAppend(b, x))
		}
	}
	return l.emit(ir.NewConvert(x, to))
}

// call lowers a call:
//
//   - of a function or method of the module, or of a function literal
//     without free variables: Call (its callee lowered too);
//   - of a function value: CallIndirect;
//   - of errors.New, fmt.Errorf and the method Error of an error: see
//     lowererr.go;
//   - of the builtins len (of a string or slice: Len) and append
//     (Append; go/ssa already gathers the appended elements into a slice).
//
// Its type is the result's, a Tuple for several results or none.
func (l *fnLowering) call(in *ssa.Call, pos token.Pos) ir.Value {
	common := in.Common()
	if common.IsInvoke() {
		return l.invoke(common, pos)
	}
	if b, ok := common.Value.(*ssa.Builtin); ok {
		return l.builtin(b, in, pos)
	}
	l.valueType(in, pos)
	return l.callCommon(common, pos)
}

// callCommon lowers a call of a function or a function value: a Call's,
// or a defer statement's at a return.
func (l *fnLowering) callCommon(common *ssa.CallCommon, pos token.Pos) ir.Value {
	callee := common.StaticCallee()
	if mutexOp(callee) {
		return nil
	}
	if _, isClosure := common.Value.(*ssa.MakeClosure); callee == nil || isClosure {
		fn := l.value(common.Value, pos)
		var args []ir.Value
		for _, a := range common.Args {
			args = append(args, l.value(a, pos))
		}
		return l.emit(ir.NewCallIndirect(fn, args))
	}
	if v, ok := l.stdCall(callee, common, pos); ok {
		return v
	}
	cs := l.callee(callee, pos, "call")
	var args []ir.Value
	for _, a := range common.Args {
		args = append(args, l.value(a, pos))
	}
	return l.emit(ir.NewCall(cs.ir, args))
}

// callee returns the state of fn, called or used as a value (what says
// which) by the function being lowered, and queues its body; it fails when
// fn cannot be followed.
func (l *fnLowering) callee(fn *ssa.Function, pos token.Pos, what string) *funcState {
	switch {
	case len(fn.FreeVars) > 0 && what != "closure":
		l.unsupported(pos, "%s of closure %s outside a MakeClosure", what, fn.Name())
	case stdFollowed(fn) || l.lw.isSortReplacement(fn) || what == "function value" && externValue(fn):
		// A function of the standard library: see lowerstd.go.
	case fn.Origin() == nil && fn.TypeParams().Len() > 0 || fn.Origin() != nil && !concreteInstance(fn):
		l.unsupported(pos, "%s of generic function %s", what, fn.String())
	case wrapper(fn) && !l.lw.inModule[fn.Object().Pkg()]:
		l.unsupported(pos, "%s of %s%s", what, fn.String(), " (a method outside the module)")
	case !wrapper(fn) && (declPkg(fn) == nil || !l.lw.inModule[declPkg(fn).Pkg]):
		l.unsupported(pos, "%s of %s%s", what, fn.String(), outside(declPkg(fn)))
	case fn.Synthetic != "" && fn.Parent() == nil && !wrapper(fn) && !(fn.Origin() != nil && concreteInstance(fn)):
		l.unsupported(pos, "%s of %s (%s)", what, fn.String(), fn.Synthetic)
	case len(fn.Blocks) == 0:
		l.unsupported(pos, "%s of %s, which has no Go body", what, fn.String())
	}
	cs := l.lw.header(fn)
	params := len(fn.Params)
	if externValue(fn) {
		params = fn.Signature.Params().Len()
	}
	if len(cs.ir.Params) != params || len(cs.ir.FreeVars) != len(fn.FreeVars) || len(cs.ir.Results) != fn.Signature.Results().Len() {
		l.unsupported(pos, "%s of %s (%v)", what, cs.ir.Name, cs.err)
	}
	l.st.calls = append(l.st.calls, call{fn, l.lw.prog.Fset.Position(pos)})
	if !cs.lowered {
		l.lw.pending = append(l.lw.pending, fn)
	}
	return cs
}

// declPkg returns the package that declares fn: an instance of a
// generic function has none of its own (go/ssa), its origin's.
func declPkg(fn *ssa.Function) *ssa.Package {
	if fn.Pkg == nil && fn.Origin() != nil {
		return fn.Origin().Pkg
	}
	return fn.Pkg
}

// concreteInstance reports whether fn is an instance of a generic
// function with a body (leadingInt[string]): the program is built with
// ssa.InstantiateGenerics, which builds the body of an instance whose
// type arguments are all concrete, as plain SSA over those types; it is
// lowered as any function's (a type parameter left in it would be
// unsupported there).
func concreteInstance(fn *ssa.Function) bool {
	return len(fn.Blocks) > 0
}

// wrapper reports whether fn is a wrapper go/ssa makes around a method:
// the function of a method value x.M (bound), of a method expression T.M
// (thunk), or of a method promoted from an embedded field or taken on a
// pointer (wrapper). Its body is plain SSA calling the method.
func wrapper(fn *ssa.Function) bool {
	if fn.Synthetic == "" || fn.Parent() != nil {
		return false
	}
	if _, ok := fn.Object().(*types.Func); !ok || fn.Object().Pkg() == nil {
		return false
	}
	for _, p := range []string{"bound method wrapper for ", "thunk for ", "wrapper for "} {
		if strings.HasPrefix(fn.Synthetic, p) {
			return true
		}
	}
	return false
}

// closure lowers a MakeClosure: a function literal with the variables it
// captures, or a method value with its receiver.
func (l *fnLowering) closure(in *ssa.MakeClosure, pos token.Pos) ir.Value {
	fn := in.Fn.(*ssa.Function)
	l.valueType(in, pos)
	cs := l.callee(fn, pos, "closure")
	var bs []ir.Value
	for _, b := range in.Bindings {
		l.valueType(b, pos)
		bs = append(bs, l.value(b, pos))
	}
	return l.emit(ir.NewMakeClosure(cs.ir, bs))
}

// builtin lowers a call of a builtin function:
//
//   - len of a string, slice or map: Len; cap of a slice: Cap; len and
//     cap of an array or a pointer to one: the constant length;
//   - append: Append (go/ssa gathers the elements into a slice);
//   - copy(dst, src), src a slice or a string: Copy;
//   - min and max of integers or strings: a left fold of Select over <
//     (min: x < m ? x : m; max: m < x ? x : m), which is exact since
//     equal integers or strings are the same value (floats are not
//     lowered: NaN and -0 have rules of their own);
//   - delete(m, k): MapDelete.
func (l *fnLowering) builtin(b *ssa.Builtin, in *ssa.Call, pos token.Pos) ir.Value {
	args := in.Common().Args
	switch b.Name() {
	case "len", "cap":
		switch u := args[0].Type().Underlying().(type) {
		case *types.Array:
			return ir.IntConst(l.lw.intType(), u.Len())
		case *types.Pointer:
			if a, ok := u.Elem().Underlying().(*types.Array); ok {
				return ir.IntConst(l.lw.intType(), a.Len())
			}
		case *types.Slice:
			l.valueType(args[0], pos)
			if b.Name() == "cap" {
				return l.emit(ir.NewCap(l.value(args[0], pos), l.lw.intType()))
			}
			return l.emit(ir.NewLen(l.value(args[0], pos), l.lw.intType()))
		case *types.Basic, *types.Map:
			if b.Name() == "len" {
				l.valueType(args[0], pos)
				return l.emit(ir.NewLen(l.value(args[0], pos), l.lw.intType()))
			}
		}
		l.unsupported(pos, "%s of %s", b.Name(), typeString(args[0].Type()))
	case "append":
		l.valueType(in, pos)
		s := l.value(args[0], pos)
		if len(args) == 1 {
			return s
		}
		return l.emit(ir.NewAppend(s, l.value(args[1], pos)))
	case "copy":
		l.valueType(args[0], pos)
		l.valueType(args[1], pos)
		return l.emit(ir.NewCopy(l.value(args[0], pos), l.value(args[1], pos), l.lw.intType()))
	case "min", "max":
		t := l.valueType(in, pos)
		switch t.(type) {
		case ir.Int, ir.String:
		case ir.Float:
			l.unsupported(pos, "call of builtin %s on floats (NaN and signed zeros are not modelled by a comparison)", b.Name())
		default:
			l.unsupported(pos, "call of builtin %s on %s", b.Name(), typeString(in.Type()))
		}
		m := l.value(args[0], pos)
		for _, a := range args[1:] {
			if !types.Identical(a.Type(), in.Type()) {
				l.unsupported(pos, "call of builtin %s mixing %s and %s", b.Name(), typeString(a.Type()), typeString(in.Type()))
			}
			x := l.value(a, pos)
			var less ir.Value
			if b.Name() == "min" {
				less = l.emit(ir.NewBinOp(ir.Lt, x, m))
			} else {
				less = l.emit(ir.NewBinOp(ir.Lt, m, x))
			}
			m = l.emit(ir.NewSelect(less, x, m))
		}
		return m
	case "clear":
		st, ok := l.valueType(args[0], pos).(ir.Slice)
		if !ok {
			l.unsupported(pos, "call of builtin clear on %s (only slices are modelled)", typeString(args[0].Type()))
		}
		// The elements zeroed: copied from a new slice as long.
		s := l.value(args[0], pos)
		n := l.emit(ir.NewLen(s, l.lw.intType()))
		l.emit(ir.NewCopy(s, l.emit(ir.NewMakeSlice(st, n, n)), l.lw.intType()))
		return nil
	case "delete":
		l.valueType(args[0], pos)
		l.emit(ir.NewMapDelete(l.value(args[0], pos), l.value(args[1], pos)))
		return nil
	}
	if unsafeBuiltins[b.Name()] {
		l.unsupported(pos, "call of unsafe.%s (of unsafe, only unsafe.String(unsafe.SliceData(b), len(b)) and unsafe.Slice(unsafe.StringData(s), len(s)) are modelled)", b.Name())
	}
	l.unsupported(pos, "call of builtin %s", b.Name())
	return nil
}
