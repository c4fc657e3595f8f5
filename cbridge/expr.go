package cbridge

import (
	"math"

	"github.com/pbcc/pbcc/gen/ir"
	"modernc.org/cc/v4"
)

var (
	i64 = ir.Int{Bits: 64, Signed: true}
	i32 = ir.Int{Bits: 32, Signed: true}
)

// intOf returns the IR integer type of the C type t of node n, or stops
// the lowering when t is not an integer type.
func (b *builder) intOf(n cc.Node, t cc.Type) ir.Int {
	it, ok := intType(t)
	if !ok {
		b.unsupported(n, "value of %s", kindName(t))
	}
	return it
}

// typeOf returns the IR type of the C type t of node n, or stops the
// lowering.
func (b *builder) typeOf(n cc.Node, t cc.Type) ir.Type {
	it, ok := b.u.irType(t)
	if !ok {
		b.unsupported(n, "value of %s", kindName(t))
	}
	return it
}

// conv converts v to the integer type t (truncating, or extending by v's
// signedness; a bool becomes 0 or 1). Constants are folded.
func (b *builder) conv(v ir.Value, t ir.Int, n cc.Node) ir.Value {
	if v.Type() == ir.Type(t) {
		return v
	}
	if c, ok := v.(*ir.Const); ok {
		if ft, ok := c.T.(ir.Float); ok {
			return ir.IntConst(t, int64(ir.Literal{T: ft, Bits: c.Bits}.Float64()))
		}
		return ir.IntConst(t, c.Int64())
	}
	return b.value(ir.NewConvert(v, t), n)
}

// convert converts v, of C type from, to C type to, as an assignment, a
// cast or the usual arithmetic conversions do:
//
//   - between integers: conv; to _Bool: v != 0 (C11 6.3.1.2), for a
//     float or a pointer too;
//   - between integers and floats, and between floats: Convert (constants
//     folded);
//   - to a pointer: a null pointer constant becomes ir.NilConst; a pointer
//     whose IR type is already the target's (T* from void* returned by
//     malloc, a typedef of the same type, a qualifier) is kept; a
//     pointer between integer element types of one width ((unsigned
//     char *)s on a char buffer, char * to void *) is a Convert that
//     reinterprets the same cells; any other pointer conversion is
//     unsupported;
//   - a struct or a function value to the same type is kept.
func (b *builder) convert(v ir.Value, from, to cc.Type, n cc.Node) ir.Value {
	if to.Kind() == cc.Bool && from.Kind() != cc.Bool {
		return b.conv(b.isNonzero(v, n), ir.Int{Bits: 8}, n)
	}
	tt := b.typeOf(n, to)
	switch tt := tt.(type) {
	case ir.Int:
		switch v.Type().(type) {
		case ir.Int, ir.Bool:
			return b.conv(v, tt, n)
		case ir.Float:
			return b.conv(v, tt, n)
		}
		b.unsupported(n, "conversion of %s to %s", kindName(from), to)
	case ir.Float:
		if v.Type() == ir.Type(tt) {
			return v
		}
		if c, ok := v.(*ir.Const); ok {
			var x float64
			switch ct := c.T.(type) {
			case ir.Float:
				x = ir.Literal{T: ct, Bits: c.Bits}.Float64()
			case ir.Int:
				if ct.Signed {
					x = float64(c.Int64())
				} else {
					x = float64(c.Bits)
				}
			case ir.Bool:
				x = float64(c.Bits)
			}
			return floatConst(tt, x)
		}
		switch v.Type().(type) {
		case ir.Bool:
			return b.value(ir.NewConvert(b.conv(v, i32, n), tt), n)
		case ir.Int, ir.Float:
			return b.value(ir.NewConvert(v, tt), n)
		}
		b.unsupported(n, "conversion of %s to %s", kindName(from), to)
	case ir.Pointer, *ir.Signature:
		if c, ok := v.(*ir.Const); ok && c.Bits == 0 {
			return ir.NilConst(tt) // NULL, 0, (void *)0
		}
		if v.Type().String() == tt.String() {
			return v
		}
		if m, ok := v.(*ir.Malloc); ok && m.Elem == ir.Type(ir.Int{Bits: 8}) {
			// malloc(n) without sizeof: n bytes, typed by the pointer
			// that receives them when its elements are bytes too.
			if pt, ok := tt.(ir.Pointer); ok {
				if it, ok := pt.Elem.(ir.Int); ok && it.Bits == 8 {
					m.Elem, m.T = it, pt
					return m
				}
			}
			b.unsupported(n, "malloc of a size that is not a multiple of sizeof(%s)", to.(*cc.PointerType).Elem())
		}
		if sameWidthPointers(v.Type(), tt) {
			return b.value(ir.NewConvert(v, tt), n)
		}
		b.unsupported(n, "pointer conversion from %s to %s", from, to)
	}
	if v.Type() == tt || v.Type().String() == tt.String() {
		return v
	}
	b.unsupported(n, "conversion of %s to %s", kindName(from), to)
	return nil
}

// sameWidthPointers reports whether a pointer of type from may be read as
// one of type to: both point to integers of the same width.
func sameWidthPointers(from, to ir.Type) bool {
	fp, ok1 := from.(ir.Pointer)
	tp, ok2 := to.(ir.Pointer)
	if !ok1 || !ok2 {
		return false
	}
	fi, ok1 := fp.Elem.(ir.Int)
	ti, ok2 := tp.Elem.(ir.Int)
	return ok1 && ok2 && fi.Bits == ti.Bits
}

// floatConst returns the float constant x of type t.
func floatConst(t ir.Float, x float64) *ir.Const {
	if t.Bits == 32 {
		return ir.FloatConst(t, uint64(math.Float32bits(float32(x))))
	}
	return ir.FloatConst(t, math.Float64bits(x))
}

// isNonzero returns the bool v != 0: an integer or a float compared with
// zero, a pointer or a function value compared with nil.
func (b *builder) isNonzero(v ir.Value, n cc.Node) ir.Value {
	if _, ok := v.Type().(ir.Bool); ok {
		return v
	}
	if c, ok := v.(*ir.Const); ok {
		if _, ok := c.T.(ir.Float); ok {
			return ir.BoolConst(c.Bits<<1 != 0) // +0 and -0 are zero
		}
		return ir.BoolConst(c.Bits != 0)
	}
	z := zeroValue(v.Type())
	if z == nil {
		b.unsupported(n, "condition of type %s", v.Type())
	}
	return b.value(ir.NewBinOp(ir.Ne, v, z), n)
}

// promote applies the integer promotions to v of C type t.
func (b *builder) promote(v ir.Value, t cc.Type, n cc.Node) (ir.Value, cc.Type) {
	pt := cc.IntegerPromotion(t)
	return b.convert(v, t, pt, n), pt
}

// constValue returns e's value as a constant when e is a constant
// expression without side effects (literals, enumerators, sizeof, macros
// such as INT_MIN, floating constants, a null pointer constant of pointer
// type), nil otherwise.
func (b *builder) constValue(e cc.ExpressionNode) *ir.Const {
	if e.Type() == nil || hasEffects(e) {
		return nil
	}
	if ft, ok := b.u.irType(e.Type()); ok {
		switch ft := ft.(type) {
		case ir.Float:
			switch v := e.Value().(type) {
			case cc.Float64Value:
				return floatConst(ft, float64(v))
			case cc.Int64Value:
				return floatConst(ft, float64(v))
			case cc.UInt64Value:
				return floatConst(ft, float64(v))
			}
			return nil
		case ir.Pointer:
			switch v := e.Value().(type) {
			case cc.Int64Value:
				if v == 0 {
					return ir.NilConst(ft)
				}
			case cc.UInt64Value:
				if v == 0 {
					return ir.NilConst(ft)
				}
			}
			return nil
		}
	}
	var x int64
	switch v := e.Value().(type) {
	case cc.Int64Value:
		x = int64(v)
	case cc.UInt64Value:
		x = int64(v)
	default:
		return nil
	}
	t, ok := intType(e.Type())
	if !ok {
		return nil
	}
	if e.Type().Kind() == cc.Bool {
		x = 0
		if e.Value() != cc.Int64Value(0) && e.Value() != cc.UInt64Value(0) {
			x = 1
		}
	}
	return ir.IntConst(t, x)
}

// unparen strips parentheses and one-element comma lists.
func unparen(e cc.ExpressionNode) cc.ExpressionNode {
	for {
		switch x := e.(type) {
		case *cc.PrimaryExpression:
			if x.Case != cc.PrimaryExpressionExpr {
				return e
			}
			e = x.ExpressionList
		case *cc.ExpressionList:
			if x.ExpressionList != nil {
				return e
			}
			e = x.AssignmentExpression
		default:
			return e
		}
	}
}

// expr lowers e for its value, of the IR type of e's C type. A void
// expression yields a value of the empty tuple type (a call) or nil.
func (b *builder) expr(e cc.ExpressionNode) ir.Value {
	if c := b.constValue(e); c != nil {
		return c
	}
	e = unparen(e)
	switch x := e.(type) {
	case *cc.PrimaryExpression:
		return b.primary(x)
	case *cc.ExpressionList:
		var v ir.Value
		for l := x; l != nil; l = l.ExpressionList {
			v = b.expr(l.AssignmentExpression)
		}
		return v
	case *cc.AssignmentExpression:
		if x.Case == cc.AssignmentExpressionCond {
			return b.expr(x.ConditionalExpression)
		}
		return b.assign(x)
	case *cc.ConditionalExpression:
		if x.Case == cc.ConditionalExpressionLOr {
			return b.expr(x.LogicalOrExpression)
		}
		return b.condExpr(x)
	case *cc.LogicalOrExpression:
		if x.Case == cc.LogicalOrExpressionLAnd {
			return b.expr(x.LogicalAndExpression)
		}
		return b.logical(x)
	case *cc.LogicalAndExpression:
		if x.Case == cc.LogicalAndExpressionOr {
			return b.expr(x.InclusiveOrExpression)
		}
		return b.logical(x)
	case *cc.InclusiveOrExpression:
		if x.Case == cc.InclusiveOrExpressionXor {
			return b.expr(x.ExclusiveOrExpression)
		}
		return b.arith(x, ir.Or, x.InclusiveOrExpression, x.ExclusiveOrExpression)
	case *cc.ExclusiveOrExpression:
		if x.Case == cc.ExclusiveOrExpressionAnd {
			return b.expr(x.AndExpression)
		}
		return b.arith(x, ir.Xor, x.ExclusiveOrExpression, x.AndExpression)
	case *cc.AndExpression:
		if x.Case == cc.AndExpressionEq {
			return b.expr(x.EqualityExpression)
		}
		return b.arith(x, ir.And, x.AndExpression, x.EqualityExpression)
	case *cc.EqualityExpression, *cc.RelationalExpression:
		if op, l, r, ok := comparison(x); ok {
			return b.conv(b.compare(x, op, l, r), b.intOf(x, x.Type()), x)
		}
		if y, ok := x.(*cc.EqualityExpression); ok {
			return b.expr(y.RelationalExpression)
		}
		return b.expr(x.(*cc.RelationalExpression).ShiftExpression)
	case *cc.ShiftExpression:
		switch x.Case {
		case cc.ShiftExpressionLsh:
			return b.shift(x, ir.Shl, x.ShiftExpression, x.AdditiveExpression)
		case cc.ShiftExpressionRsh:
			return b.shift(x, ir.Shr, x.ShiftExpression, x.AdditiveExpression)
		}
		return b.expr(x.AdditiveExpression)
	case *cc.AdditiveExpression:
		switch x.Case {
		case cc.AdditiveExpressionAdd:
			return b.arith(x, ir.Add, x.AdditiveExpression, x.MultiplicativeExpression)
		case cc.AdditiveExpressionSub:
			return b.arith(x, ir.Sub, x.AdditiveExpression, x.MultiplicativeExpression)
		}
		return b.expr(x.MultiplicativeExpression)
	case *cc.MultiplicativeExpression:
		switch x.Case {
		case cc.MultiplicativeExpressionMul:
			return b.arith(x, ir.Mul, x.MultiplicativeExpression, x.CastExpression)
		case cc.MultiplicativeExpressionDiv:
			return b.arith(x, ir.Div, x.MultiplicativeExpression, x.CastExpression)
		case cc.MultiplicativeExpressionMod:
			return b.arith(x, ir.Rem, x.MultiplicativeExpression, x.CastExpression)
		}
		return b.expr(x.CastExpression)
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionUnary {
			return b.expr(x.UnaryExpression)
		}
		v := b.expr(x.CastExpression)
		if x.Type().Kind() == cc.Void {
			return nil
		}
		return b.convert(v, x.CastExpression.Type(), x.Type(), x)
	case *cc.UnaryExpression:
		return b.unary(x)
	case *cc.PostfixExpression:
		return b.postfix(x)
	}
	b.unsupported(e, "expression %s", b.text(e))
	return nil
}

// primary lowers an identifier (a variable, a function used as a value)
// or a string literal; constants were folded by expr.
func (b *builder) primary(x *cc.PrimaryExpression) ir.Value {
	switch x.Case {
	case cc.PrimaryExpressionIdent:
		if d, ok := x.ResolvedTo().(*cc.Declarator); ok && b.cells[d] == nil && d.Type() != nil && d.Type().Kind() == cc.Function {
			return b.funcRef(x, d.Name())
		}
		ptr, t := b.addr(x)
		return b.load(ptr, t, x)
	case cc.PrimaryExpressionString:
		return b.decay(b.stringLiteral(x), x)
	case cc.PrimaryExpressionFloat:
		b.unsupported(x, "floating-point constant %s of type %s", x.Token.SrcStr(), x.Type())
	case cc.PrimaryExpressionLString:
		b.unsupported(x, "wide string literal %s", x.Token.SrcStr())
	case cc.PrimaryExpressionStmt:
		b.unsupported(x, "statement expression")
	case cc.PrimaryExpressionGeneric:
		b.unsupported(x, "_Generic selection")
	}
	b.unsupported(x, "expression %s", b.text(x))
	return nil
}

// load reads the object of C type t at ptr; an array is not read but
// decays to a pointer to its first element.
func (b *builder) load(ptr ir.Value, t cc.Type, n cc.Node) ir.Value {
	if ptrElemIsArray(ptr) && (t.Kind() == cc.Array || t.Undecay().Kind() == cc.Array) {
		return b.decay(ptr, n)
	}
	return b.value(ir.NewLoad(ptr), n)
}

func ptrElemIsArray(ptr ir.Value) bool {
	p, ok := ptr.Type().(ir.Pointer)
	if !ok {
		return false
	}
	_, ok = p.Elem.(ir.Array)
	return ok
}

// decay returns the pointer to the first element of the array at ptr.
func (b *builder) decay(ptr ir.Value, n cc.Node) ir.Value {
	return b.value(ir.NewIndexAddr(ptr, ir.IntConst(i64, 0)), n)
}

// funcRef returns the function called name, defined in this file, as a
// value.
func (b *builder) funcRef(n cc.Node, name string) ir.Value {
	callee := b.funcs[name]
	if callee == nil && b.broken[name] {
		b.unsupported(n, "function %s, which could not be lowered, used as a value", name)
	}
	if callee == nil {
		b.unsupported(n, "function %s, which is not defined in this file, used as a value", name)
	}
	if _, seen := b.callees[name]; !seen {
		b.callees[name] = n
	}
	return &ir.FuncRef{Func: callee}
}

// arith lowers x op y: after the usual arithmetic conversions, whose
// result type is e's, for integers and floats; as pointer arithmetic
// (PtrAdd, by elements) for a pointer plus or minus an integer.
func (b *builder) arith(e cc.ExpressionNode, op ir.Op, x, y cc.ExpressionNode) ir.Value {
	xp, yp := isPointer(x.Type()), isPointer(y.Type())
	switch {
	case (op == ir.Add || op == ir.Sub) && xp && cc.IsIntegerType(y.Type()):
		return b.ptrAdd(e, b.expr(x), b.expr(y), op == ir.Sub, y)
	case op == ir.Add && yp && cc.IsIntegerType(x.Type()):
		return b.ptrAdd(e, b.expr(y), b.expr(x), false, x)
	case op == ir.Sub && xp && yp:
		// p - q: elements between two pointers into one array.
		pv, qv := b.expr(x), b.expr(y)
		if _, ok := pv.Type().(ir.Pointer); !ok || pv.Type().String() != qv.Type().String() {
			b.unsupported(e, "pointer subtraction %s of %s and %s", b.text(e), kindName(x.Type()), kindName(y.Type()))
		}
		return b.conv(b.value(ir.NewPtrDiff(pv, qv), e), b.intOf(e, e.Type()), e)
	}
	if !cc.IsArithmeticType(x.Type()) || !cc.IsArithmeticType(y.Type()) || !cc.IsRealType(e.Type()) {
		b.unsupportedOperands(e, x, y)
	}
	xv := b.convert(b.expr(x), x.Type(), e.Type(), x)
	yv := b.convert(b.expr(y), y.Type(), e.Type(), y)
	return b.value(ir.NewBinOp(op, xv, yv), e)
}

func isPointer(t cc.Type) bool { return t != nil && t.Kind() == cc.Ptr }

// ptrAdd returns p + i (p - i when neg), i an integer of C type given by
// in, as a PtrAdd by i converted to i64.
func (b *builder) ptrAdd(e cc.Node, p, i ir.Value, neg bool, in cc.ExpressionNode) ir.Value {
	if _, ok := p.Type().(ir.Pointer); !ok {
		b.unsupported(e, "arithmetic on a function pointer")
	}
	off := b.conv(i, i64, in)
	if c, ok := off.(*ir.Const); ok && c.Bits == 0 {
		return p // p[0], p + 0
	}
	if neg {
		if c, ok := off.(*ir.Const); ok {
			off = ir.IntConst(i64, -c.Int64())
		} else {
			off = b.value(ir.NewUnOp(ir.Neg, off), e)
		}
	}
	return b.value(ir.NewPtrAdd(p, off), e)
}

// unsupportedOperands reports an operator applied to operands it does not
// lower.
func (b *builder) unsupportedOperands(e, x, y cc.ExpressionNode) {
	t := x.Type()
	if cc.IsArithmeticType(t) {
		t = y.Type()
	}
	if t.Kind() == cc.Ptr {
		b.unsupported(e, "pointer operand in %s", b.text(e))
	}
	b.unsupported(e, "operand of %s in %s", kindName(t), b.text(e))
}

// shift lowers x << y or x >> y: each operand is promoted on its own and
// the result has the promoted type of x.
func (b *builder) shift(e cc.ExpressionNode, op ir.Op, x, y cc.ExpressionNode) ir.Value {
	if !cc.IsIntegerType(x.Type()) || !cc.IsIntegerType(y.Type()) {
		b.unsupportedOperands(e, x, y)
	}
	xv, _ := b.promote(b.expr(x), x.Type(), x)
	yv, _ := b.promote(b.expr(y), y.Type(), y)
	return b.value(ir.NewBinOp(op, xv, yv), e)
}

// comparison returns the operator and operands of an equality or
// relational expression.
func comparison(e cc.ExpressionNode) (op ir.Op, x, y cc.ExpressionNode, ok bool) {
	switch e := e.(type) {
	case *cc.EqualityExpression:
		switch e.Case {
		case cc.EqualityExpressionEq:
			return ir.Eq, e.EqualityExpression, e.RelationalExpression, true
		case cc.EqualityExpressionNeq:
			return ir.Ne, e.EqualityExpression, e.RelationalExpression, true
		}
	case *cc.RelationalExpression:
		switch e.Case {
		case cc.RelationalExpressionLt:
			return ir.Lt, e.RelationalExpression, e.ShiftExpression, true
		case cc.RelationalExpressionGt:
			return ir.Gt, e.RelationalExpression, e.ShiftExpression, true
		case cc.RelationalExpressionLeq:
			return ir.Le, e.RelationalExpression, e.ShiftExpression, true
		case cc.RelationalExpressionGeq:
			return ir.Ge, e.RelationalExpression, e.ShiftExpression, true
		}
	}
	return 0, nil, nil, false
}

// compare lowers x op y to a bool. Numbers compare in the common type of
// the usual arithmetic conversions (so -1 < 1u is false, as in C; floats
// as IEEE values). Pointers compare as pointers, a null pointer constant
// taking the type of the other operand; function values compare for
// equality.
func (b *builder) compare(e cc.ExpressionNode, op ir.Op, x, y cc.ExpressionNode) ir.Value {
	if cc.IsArithmeticType(x.Type()) && cc.IsArithmeticType(y.Type()) {
		if !cc.IsRealType(x.Type()) || !cc.IsRealType(y.Type()) {
			b.unsupportedOperands(e, x, y)
		}
		ct := cc.UsualArithmeticConversions(x.Type(), y.Type())
		xv := b.convert(b.expr(x), x.Type(), ct, x)
		yv := b.convert(b.expr(y), y.Type(), ct, y)
		return b.value(ir.NewBinOp(op, xv, yv), e)
	}
	xv, yv := b.expr(x), b.expr(y)
	if !isPointerValue(xv) || !isPointerValue(yv) {
		b.unsupportedOperands(e, x, y)
	}
	if c, ok := xv.(*ir.Const); ok {
		xv = ir.NilConst(yv.Type())
		_ = c
	} else if _, ok := yv.(*ir.Const); ok {
		yv = ir.NilConst(xv.Type())
	}
	if xv.Type().String() != yv.Type().String() {
		b.unsupported(e, "comparison of pointers of different types %s and %s", x.Type(), y.Type())
	}
	return b.value(ir.NewBinOp(op, xv, yv), e)
}

// isPointerValue reports whether v is a pointer or a function value, or a
// null pointer constant (an integer 0 or a nil constant).
func isPointerValue(v ir.Value) bool {
	switch v.Type().(type) {
	case ir.Pointer, *ir.Signature:
		return true
	}
	c, ok := v.(*ir.Const)
	return ok && c.Bits == 0
}

// unary lowers the prefix operators, sizeof and _Alignof.
func (b *builder) unary(x *cc.UnaryExpression) ir.Value {
	switch x.Case {
	case cc.UnaryExpressionPostfix:
		return b.expr(x.PostfixExpression)
	case cc.UnaryExpressionInc:
		return b.incDec(x, x.UnaryExpression, ir.Add, true)
	case cc.UnaryExpressionDec:
		return b.incDec(x, x.UnaryExpression, ir.Sub, true)
	case cc.UnaryExpressionPlus, cc.UnaryExpressionMinus, cc.UnaryExpressionCpl:
		ot := x.CastExpression.Type()
		if !cc.IsRealType(ot) || x.Case == cc.UnaryExpressionCpl && !cc.IsIntegerType(ot) {
			b.unsupported(x, "operand of %s in %s", kindName(ot), b.text(x))
		}
		v := b.expr(x.CastExpression)
		if cc.IsIntegerType(ot) {
			v, _ = b.promote(v, ot, x.CastExpression)
		}
		switch x.Case {
		case cc.UnaryExpressionMinus:
			return b.value(ir.NewUnOp(ir.Neg, v), x)
		case cc.UnaryExpressionCpl:
			return b.value(ir.NewUnOp(ir.Compl, v), x)
		}
		return v
	case cc.UnaryExpressionNot:
		// !e is e == 0 as a value: no branch, as gcc compiles it.
		v := b.expr(x.CastExpression)
		z := zeroValue(v.Type())
		if z == nil {
			b.unsupported(x, "operand of %s in %s", kindName(x.CastExpression.Type()), b.text(x))
		}
		eq := b.value(ir.NewBinOp(ir.Eq, v, z), x)
		return b.conv(eq, b.intOf(x, x.Type()), x)
	case cc.UnaryExpressionAddrof:
		e := unparen(x.CastExpression)
		if id, ok := e.(*cc.PrimaryExpression); ok && id.Case == cc.PrimaryExpressionIdent {
			if d, ok := id.ResolvedTo().(*cc.Declarator); ok && b.cells[d] == nil && d.Type() != nil && d.Type().Kind() == cc.Function {
				return b.funcRef(id, d.Name())
			}
		}
		ptr, _ := b.addr(x.CastExpression)
		return ptr
	case cc.UnaryExpressionDeref:
		if isFunctionPointer(x.CastExpression.Type()) {
			return b.expr(x.CastExpression) // *fp is fp
		}
		ptr, t := b.addr(x)
		return b.load(ptr, t, x)
	case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionSizeofType:
		b.unsupported(x, "sizeof of a variable-length array")
	case cc.UnaryExpressionLabelAddr:
		b.unsupported(x, "address of a label")
	}
	b.unsupported(x, "expression %s", b.text(x))
	return nil
}

// isFunctionPointer reports whether t is a pointer to a function.
func isFunctionPointer(t cc.Type) bool {
	p, ok := t.(*cc.PointerType)
	return ok && p.Elem().Kind() == cc.Function
}

// postfix lowers a[i], f(args), x++, x--, s.f and p->f.
func (b *builder) postfix(x *cc.PostfixExpression) ir.Value {
	switch x.Case {
	case cc.PostfixExpressionPrimary:
		return b.expr(x.PrimaryExpression)
	case cc.PostfixExpressionIndex:
		ptr, t := b.addr(x)
		return b.load(ptr, t, x)
	case cc.PostfixExpressionCall:
		return b.call(x)
	case cc.PostfixExpressionInc:
		return b.incDec(x, x.PostfixExpression, ir.Add, false)
	case cc.PostfixExpressionDec:
		return b.incDec(x, x.PostfixExpression, ir.Sub, false)
	case cc.PostfixExpressionSelect:
		if !isLvalue(x.PostfixExpression) {
			// f().x: a member of a struct value
			s := b.expr(x.PostfixExpression)
			return b.value(ir.NewFieldOf(s, b.fieldIndex(x, s.Type())), x)
		}
		ptr, t := b.addr(x)
		return b.load(ptr, t, x)
	case cc.PostfixExpressionPSelect:
		ptr, t := b.addr(x)
		return b.load(ptr, t, x)
	case cc.PostfixExpressionComplit:
		b.unsupported(x, "compound literal")
	}
	b.unsupported(x, "expression %s", b.text(x))
	return nil
}

// isLvalue reports whether e designates an object (rather than a value
// such as a call's result).
func isLvalue(e cc.ExpressionNode) bool {
	switch x := unparen(e).(type) {
	case *cc.PrimaryExpression:
		return x.Case == cc.PrimaryExpressionIdent || x.Case == cc.PrimaryExpressionString
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionPrimary:
			return isLvalue(x.PrimaryExpression)
		case cc.PostfixExpressionIndex, cc.PostfixExpressionPSelect:
			return true
		case cc.PostfixExpressionSelect:
			return isLvalue(x.PostfixExpression)
		}
	case *cc.UnaryExpression:
		return x.Case == cc.UnaryExpressionDeref
	}
	return false
}

// fieldIndex returns the index in the *ir.Struct t (or the struct t
// points to) of the member x selects.
func (b *builder) fieldIndex(x *cc.PostfixExpression, t ir.Type) int {
	if p, ok := t.(ir.Pointer); ok {
		t = p.Elem
	}
	st, ok := t.(*ir.Struct)
	if !ok {
		b.unsupported(x, "member access %s on %s", b.text(x), t)
	}
	name := x.Token2.SrcStr()
	if f := x.Field(); f != nil && f.Name() != "" {
		name = f.Name()
	}
	i := st.FieldIndex(name)
	if i < 0 {
		b.unsupported(x, "member %s of %s (anonymous member or union)", name, st.Name)
	}
	return i
}

// addr returns the address of the object an lvalue designates and its C
// type: a local or a parameter (its cell), a global, an element of an
// array (IndexAddr) or of the array a pointer points into (PtrAdd), a
// struct member (FieldAddr), *p (the value of p), a string literal.
func (b *builder) addr(e cc.ExpressionNode) (ir.Value, cc.Type) {
	e = unparen(e)
	switch x := e.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionIdent:
			d, ok := x.ResolvedTo().(*cc.Declarator)
			if !ok {
				b.unsupported(x, "identifier %s", x.Token.SrcStr())
			}
			if cell, ok := b.cells[d]; ok {
				if t, ok := b.ctypes[cell]; ok {
					return cell, t
				}
				return cell, d.Type()
			}
			switch {
			case d.Type() != nil && d.Type().Kind() == cc.Function:
				b.unsupported(x, "function %s used as an object", d.Name())
			case d.IsSynthetic():
				b.unsupported(x, "predefined identifier %s", d.Name())
			}
			return b.global(x, d), d.Type()
		case cc.PrimaryExpressionString:
			g := b.stringLiteral(x)
			return g, x.Type().Undecay()
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionPrimary:
			return b.addr(x.PrimaryExpression)
		case cc.PostfixExpressionIndex:
			arr, idx := x.PostfixExpression, x.ExpressionList
			if !cc.IsIntegerType(idx.Type()) {
				arr, idx = idx, arr // i[a]
			}
			if !cc.IsIntegerType(idx.Type()) {
				b.unsupported(idx, "index of %s", kindName(idx.Type()))
			}
			if b.isArrayObject(arr) {
				ptr, t := b.addr(arr)
				at, ok := t.Undecay().(*cc.ArrayType)
				if !ok || !ptrElemIsArray(ptr) {
					b.unsupported(x, "indexing %s", b.text(x))
				}
				i := b.conv(b.expr(idx), i64, idx)
				return b.value(ir.NewIndexAddr(ptr, i), x), at.Elem()
			}
			pt, ok := arr.Type().(*cc.PointerType)
			if !ok {
				b.unsupported(x, "indexing %s", b.text(x))
			}
			p := b.ptrAdd(x, b.expr(arr), b.expr(idx), false, idx)
			return p, pt.Elem()
		case cc.PostfixExpressionSelect:
			ptr, _ := b.addr(x.PostfixExpression)
			return b.value(ir.NewFieldAddr(ptr, b.fieldIndex(x, ptr.Type())), x), x.Type()
		case cc.PostfixExpressionPSelect:
			p := b.expr(x.PostfixExpression)
			if _, ok := p.Type().(ir.Pointer); !ok {
				b.unsupported(x, "member access %s", b.text(x))
			}
			return b.value(ir.NewFieldAddr(p, b.fieldIndex(x, p.Type())), x), x.Type()
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionDeref {
			pt, ok := x.CastExpression.Type().(*cc.PointerType)
			if !ok {
				b.unsupported(x, "dereference of %s", kindName(x.CastExpression.Type()))
			}
			p := b.expr(x.CastExpression)
			if _, ok := p.Type().(ir.Pointer); !ok {
				b.unsupported(x, "dereference %s", b.text(x))
			}
			return p, pt.Elem()
		}
	}
	b.unsupported(e, "assignment to %s", b.text(e))
	return nil, nil
}

// isArrayObject reports whether e designates an array object (before its
// decay to a pointer): not an array parameter, which is a pointer.
func (b *builder) isArrayObject(e cc.ExpressionNode) bool {
	t := e.Type()
	if t == nil || t.Kind() != cc.Array && t.Undecay().Kind() != cc.Array {
		return false
	}
	if id, ok := unparen(e).(*cc.PrimaryExpression); ok && id.Case == cc.PrimaryExpressionIdent {
		if d, ok := id.ResolvedTo().(*cc.Declarator); ok && d.IsParam() {
			return false
		}
	}
	if p, ok := unparen(e).(*cc.PostfixExpression); ok && p.Case == cc.PostfixExpressionPrimary {
		return b.isArrayObject(p.PrimaryExpression)
	}
	return true
}

// assignOps maps a compound assignment to its operator.
var assignOps = map[cc.AssignmentExpressionCase]ir.Op{
	cc.AssignmentExpressionMul: ir.Mul, cc.AssignmentExpressionDiv: ir.Div,
	cc.AssignmentExpressionMod: ir.Rem, cc.AssignmentExpressionAdd: ir.Add,
	cc.AssignmentExpressionSub: ir.Sub, cc.AssignmentExpressionLsh: ir.Shl,
	cc.AssignmentExpressionRsh: ir.Shr, cc.AssignmentExpressionAnd: ir.And,
	cc.AssignmentExpressionXor: ir.Xor, cc.AssignmentExpressionOr: ir.Or,
}

// assign lowers lhs = rhs and lhs op= rhs. The lvalue is evaluated once;
// lhs op= rhs computes in the type of the usual arithmetic conversions of
// lhs and rhs (the promoted lhs for a shift) and converts back; p += n and
// p -= n are pointer arithmetic. Its value is the value stored.
func (b *builder) assign(x *cc.AssignmentExpression) ir.Value {
	lhs, rhs := x.UnaryExpression, x.AssignmentExpression
	rv := b.expr(rhs)
	ptr, lt := b.addr(lhs)
	var v ir.Value
	op, compound := assignOps[x.Case]
	switch {
	case !compound:
		v = b.convert(rv, rhs.Type(), lt, x)
	case isPointer(lt) && (op == ir.Add || op == ir.Sub) && cc.IsIntegerType(rhs.Type()):
		old := b.value(ir.NewLoad(ptr), lhs)
		v = b.ptrAdd(x, old, rv, op == ir.Sub, rhs)
	default:
		if !cc.IsRealType(lt) || !cc.IsRealType(rhs.Type()) {
			b.unsupportedOperands(x, lhs, rhs)
		}
		old := b.value(ir.NewLoad(ptr), lhs)
		var ct cc.Type
		if op == ir.Shl || op == ir.Shr {
			ct = cc.IntegerPromotion(lt)
			rv, _ = b.promote(rv, rhs.Type(), rhs)
		} else {
			ct = cc.UsualArithmeticConversions(lt, rhs.Type())
			rv = b.convert(rv, rhs.Type(), ct, rhs)
		}
		r := b.value(ir.NewBinOp(op, b.convert(old, lt, ct, lhs), rv), x)
		v = b.convert(r, ct, lt, x)
	}
	b.emit(ir.NewStore(ptr, v), x)
	return v
}

// incDec lowers ++x, --x (prefix: the new value) and x++, x-- (postfix:
// the old value). Integer arithmetic is done in the promoted type and
// converted back, so a char wraps and a _Bool becomes 1 (++) or flips (--);
// a float adds 1.0; a pointer moves by one element.
func (b *builder) incDec(e, lv cc.ExpressionNode, op ir.Op, prefix bool) ir.Value {
	ptr, lt := b.addr(lv)
	old := b.value(ir.NewLoad(ptr), lv)
	var nv ir.Value
	switch {
	case isPointer(lt):
		nv = b.ptrAdd(e, old, ir.IntConst(i64, 1), op == ir.Sub, nil)
	case cc.IsFloatingPointType(lt):
		ft, ok := old.Type().(ir.Float)
		if !ok {
			b.unsupported(e, "%s of %s", op, kindName(lt))
		}
		nv = b.value(ir.NewBinOp(op, old, floatConst(ft, 1)), e)
	case cc.IsIntegerType(lt):
		pv, pt := b.promote(old, lt, lv)
		r := b.value(ir.NewBinOp(op, pv, ir.IntConst(b.intOf(e, pt), 1)), e)
		nv = b.convert(r, pt, lt, e)
	default:
		b.unsupported(e, "%s of %s", op, kindName(lt))
	}
	b.emit(ir.NewStore(ptr, nv), e)
	if prefix {
		return nv
	}
	return old
}

// ---- Branches ----

// cond lowers e in a condition: control goes to t when e is nonzero, to f
// otherwise. &&, ||, !, ?: and the comma become branches and jumps
// (go/ssa's cond); each remaining leaf ends its block in an If positioned
// at the leaf, whose text is the leaf's source. A constant leaf jumps, as
// gcc does not branch on it either.
//
//	a && b:  cond(a, b', f)  b': cond.and  cond(b, t, f)
//	a || b:  cond(a, t, b')  b': cond.or   cond(b, t, f)
//	!a:      cond(a, f, t)
//	c ? x : y: cond(c, x', y')  x': cond.then  cond(x, t, f)
//	                            y': cond.else  cond(y, t, f)
func (b *builder) cond(e cc.ExpressionNode, t, f *ir.Block) {
	if c := b.constValue(e); c != nil {
		if c.Bits != 0 {
			b.jump(t)
		} else {
			b.jump(f)
		}
		return
	}
	e = unparen(e)
	switch x := e.(type) {
	case *cc.ExpressionList:
		for l := x; l.ExpressionList != nil; l = l.ExpressionList {
			b.expr(l.AssignmentExpression)
			if l.ExpressionList.ExpressionList == nil {
				b.cond(l.ExpressionList.AssignmentExpression, t, f)
			}
		}
		return
	case *cc.LogicalOrExpression:
		if x.Case == cc.LogicalOrExpressionLOr {
			rhs := b.fn.NewBlock("cond.or")
			b.cond(x.LogicalOrExpression, t, rhs)
			b.block = rhs
			b.cond(x.LogicalAndExpression, t, f)
			return
		}
		b.cond(x.LogicalAndExpression, t, f)
		return
	case *cc.LogicalAndExpression:
		if x.Case == cc.LogicalAndExpressionLAnd {
			rhs := b.fn.NewBlock("cond.and")
			b.cond(x.LogicalAndExpression, rhs, f)
			b.block = rhs
			b.cond(x.InclusiveOrExpression, t, f)
			return
		}
		b.cond(x.InclusiveOrExpression, t, f)
		return
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionNot {
			b.cond(x.CastExpression, f, t)
			return
		}
	case *cc.ConditionalExpression:
		if x.Case == cc.ConditionalExpressionCond && x.ExpressionList != nil {
			then := b.fn.NewBlock("cond.then")
			els := b.fn.NewBlock("cond.else")
			b.cond(x.LogicalOrExpression, then, els)
			b.block = then
			b.cond(x.ExpressionList, t, f)
			b.block = els
			b.cond(x.ConditionalExpression, t, f)
			return
		}
	}
	var v ir.Value
	if op, l, r, ok := comparison(e); ok {
		v = b.compare(e, op, l, r)
	} else {
		if !cc.IsScalarType(e.Type()) || !cc.IsRealType(e.Type()) && !isPointer(e.Type()) {
			b.unsupported(e, "condition of %s", kindName(e.Type()))
		}
		v = b.isNonzero(b.expr(e), e)
	}
	iff := &ir.If{Cond: v, Text: b.text(e)}
	b.terminate(iff, e, t, f)
}

// logical lowers a && b or a || b for its value, 1 or 0 of type int.
//
//	cond(e, true, false)
//	true:  cond.true   jump done
//	false: cond.false  jump done
//	done:  cond.done   t = phi [true: 1, false: 0]
func (b *builder) logical(e cc.ExpressionNode) ir.Value {
	t := b.intOf(e, e.Type())
	tb := b.fn.NewBlock("cond.true")
	fb := b.fn.NewBlock("cond.false")
	done := b.fn.NewBlock("cond.done")
	b.cond(e, tb, fb)
	b.block = tb
	b.jump(done)
	b.block = fb
	b.jump(done)
	b.block = done
	phi := ir.NewPhi(t, []ir.Value{ir.IntConst(t, 1), ir.IntConst(t, 0)})
	return b.value(phi, e)
}

// condExpr lowers c ? x : y for its value.
//
//	cond(c, then, else)
//	then: cond.then   v1 = x; jump done
//	else: cond.else   v2 = y; jump done
//	done: cond.done   t = phi [then: v1, else: v2]   (no phi when void)
func (b *builder) condExpr(e *cc.ConditionalExpression) ir.Value {
	if e.ExpressionList == nil {
		b.unsupported(e, "conditional with omitted operand (a ?: b)")
	}
	void := e.Type().Kind() == cc.Void
	then := b.fn.NewBlock("cond.then")
	els := b.fn.NewBlock("cond.else")
	done := b.fn.NewBlock("cond.done")
	b.cond(e.LogicalOrExpression, then, els)
	arm := func(start *ir.Block, x cc.ExpressionNode) (*ir.Block, ir.Value) {
		b.block = start
		v := b.expr(x)
		if !void {
			v = b.convert(v, x.Type(), e.Type(), x)
		}
		end := b.cur()
		b.jump(done)
		return end, v
	}
	tEnd, tv := arm(then, e.ExpressionList)
	fEnd, fv := arm(els, e.ConditionalExpression)
	b.block = done
	if void {
		return nil
	}
	edges := make([]ir.Value, len(done.Preds))
	for i, p := range done.Preds {
		switch p {
		case tEnd:
			edges[i] = tv
		case fEnd:
			edges[i] = fv
		}
	}
	return b.value(ir.NewPhi(tv.Type(), edges), e)
}
