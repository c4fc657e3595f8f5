package cbridge

import (
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
//     malloc, a typedef of the same type, a qualifier) is kept; any other
//     pointer conversion is unsupported: the IR has no pointer casts;
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
		case ir.Int, ir.Float, ir.Bool:
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
		b.unsupported(n, "pointer conversion from %s to %s", from, to)
	}
	if v.Type() == tt || v.Type().String() == tt.String() {
		return v
	}
	b.unsupported(n, "conversion of %s to %s", kindName(from), to)
	return nil
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

// primary lowers an identifier; constants were folded by expr.
func (b *builder) primary(x *cc.PrimaryExpression) ir.Value {
	switch x.Case {
	case cc.PrimaryExpressionIdent:
		ptr, t := b.addr(x)
		if t.Kind() == cc.Array {
			b.unsupported(x, "array %s used as a pointer", x.Token.SrcStr())
		}
		return b.value(ir.NewLoad(ptr), x)
	case cc.PrimaryExpressionFloat:
		b.unsupported(x, "floating-point constant %s", x.Token.SrcStr())
	case cc.PrimaryExpressionString, cc.PrimaryExpressionLString:
		b.unsupported(x, "string literal %s", x.Token.SrcStr())
	case cc.PrimaryExpressionStmt:
		b.unsupported(x, "statement expression")
	case cc.PrimaryExpressionGeneric:
		b.unsupported(x, "_Generic selection")
	}
	b.unsupported(x, "expression %s", b.text(x))
	return nil
}

// arith lowers x op y after the usual arithmetic conversions, whose
// result type is e's.
func (b *builder) arith(e cc.ExpressionNode, op ir.Op, x, y cc.ExpressionNode) ir.Value {
	if !cc.IsIntegerType(x.Type()) || !cc.IsIntegerType(y.Type()) {
		b.unsupportedOperands(e, x, y)
	}
	xv := b.convert(b.expr(x), x.Type(), e.Type(), x)
	yv := b.convert(b.expr(y), y.Type(), e.Type(), y)
	return b.value(ir.NewBinOp(op, xv, yv), e)
}

// unsupportedOperands reports an operator applied to operands outside
// integer C (pointer arithmetic, floating point).
func (b *builder) unsupportedOperands(e, x, y cc.ExpressionNode) {
	t := x.Type()
	if cc.IsIntegerType(t) {
		t = y.Type()
	}
	if t.Kind() == cc.Ptr {
		b.unsupported(e, "pointer arithmetic in %s", b.text(e))
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

// compare lowers x op y to a bool, comparing in the common type of the
// usual arithmetic conversions (so -1 < 1u is false, as in C).
func (b *builder) compare(e cc.ExpressionNode, op ir.Op, x, y cc.ExpressionNode) ir.Value {
	if !cc.IsIntegerType(x.Type()) || !cc.IsIntegerType(y.Type()) {
		b.unsupportedOperands(e, x, y)
	}
	ct := cc.UsualArithmeticConversions(x.Type(), y.Type())
	xv := b.convert(b.expr(x), x.Type(), ct, x)
	yv := b.convert(b.expr(y), y.Type(), ct, y)
	return b.value(ir.NewBinOp(op, xv, yv), e)
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
		if !cc.IsIntegerType(x.CastExpression.Type()) {
			b.unsupported(x, "operand of %s in %s", kindName(x.CastExpression.Type()), b.text(x))
		}
		v, _ := b.promote(b.expr(x.CastExpression), x.CastExpression.Type(), x.CastExpression)
		switch x.Case {
		case cc.UnaryExpressionMinus:
			return b.value(ir.NewUnOp(ir.Neg, v), x)
		case cc.UnaryExpressionCpl:
			return b.value(ir.NewUnOp(ir.Compl, v), x)
		}
		return v
	case cc.UnaryExpressionNot:
		// !e is e == 0 as a value: no branch, as gcc compiles it.
		if !cc.IsIntegerType(x.CastExpression.Type()) {
			b.unsupported(x, "operand of %s in %s", kindName(x.CastExpression.Type()), b.text(x))
		}
		v := b.expr(x.CastExpression)
		eq := b.value(ir.NewBinOp(ir.Eq, v, ir.IntConst(v.Type().(ir.Int), 0)), x)
		return b.conv(eq, b.intOf(x, x.Type()), x)
	case cc.UnaryExpressionAddrof:
		b.unsupported(x, "address-of operator in %s", b.text(x))
	case cc.UnaryExpressionDeref:
		b.unsupported(x, "pointer dereference %s", b.text(x))
	case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionSizeofType:
		b.unsupported(x, "sizeof of a variable-length array")
	case cc.UnaryExpressionLabelAddr:
		b.unsupported(x, "address of a label")
	}
	b.unsupported(x, "expression %s", b.text(x))
	return nil
}

// postfix lowers a[i], f(args), x++ and x--.
func (b *builder) postfix(x *cc.PostfixExpression) ir.Value {
	switch x.Case {
	case cc.PostfixExpressionPrimary:
		return b.expr(x.PrimaryExpression)
	case cc.PostfixExpressionIndex:
		ptr, t := b.addr(x)
		if t.Kind() == cc.Array {
			b.unsupported(x, "array %s used as a pointer", b.text(x))
		}
		return b.value(ir.NewLoad(ptr), x)
	case cc.PostfixExpressionCall:
		return b.call(x)
	case cc.PostfixExpressionInc:
		return b.incDec(x, x.PostfixExpression, ir.Add, false)
	case cc.PostfixExpressionDec:
		return b.incDec(x, x.PostfixExpression, ir.Sub, false)
	case cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
		b.unsupported(x, "struct or union member access %s", b.text(x))
	case cc.PostfixExpressionComplit:
		b.unsupported(x, "compound literal")
	}
	b.unsupported(x, "expression %s", b.text(x))
	return nil
}

// addr returns the cell an lvalue designates and its C type: a local or a
// parameter, or an element of a local array.
func (b *builder) addr(e cc.ExpressionNode) (ir.Value, cc.Type) {
	e = unparen(e)
	switch x := e.(type) {
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionIdent {
			d, ok := x.ResolvedTo().(*cc.Declarator)
			if !ok {
				b.unsupported(x, "identifier %s", x.Token.SrcStr())
			}
			if cell, ok := b.cells[d]; ok {
				return cell, d.Type()
			}
			switch {
			case d.Type() != nil && d.Type().Kind() == cc.Function:
				b.unsupported(x, "function %s used as a value", d.Name())
			case d.IsSynthetic():
				b.unsupported(x, "predefined identifier %s", d.Name())
			}
			b.unsupported(x, "global variable %s", d.Name())
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionPrimary:
			return b.addr(x.PrimaryExpression)
		case cc.PostfixExpressionIndex:
			arr, idx := x.PostfixExpression, x.ExpressionList
			if !isArray(arr) && isArray(idx) {
				arr, idx = idx, arr // i[a]
			}
			if !isArray(arr) {
				b.unsupported(x, "indexing through a pointer in %s", b.text(x))
			}
			ptr, t := b.addr(arr)
			at, ok := t.(*cc.ArrayType)
			if !ok {
				b.unsupported(x, "indexing through a pointer in %s", b.text(x))
			}
			if !cc.IsIntegerType(idx.Type()) {
				b.unsupported(idx, "index of %s", kindName(idx.Type()))
			}
			i := b.conv(b.expr(idx), i64, idx)
			return b.value(ir.NewIndexAddr(ptr, i), x), at.Elem()
		case cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
			b.unsupported(x, "struct or union member access %s", b.text(x))
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionDeref {
			b.unsupported(x, "pointer dereference %s", b.text(x))
		}
	}
	b.unsupported(e, "assignment to %s", b.text(e))
	return nil, nil
}

// isArray reports whether e designates an array (before its decay to a
// pointer).
func isArray(e cc.ExpressionNode) bool {
	t := e.Type()
	return t != nil && (t.Kind() == cc.Array || t.Undecay().Kind() == cc.Array)
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
// lhs and rhs (the promoted lhs for a shift) and converts back. Its value
// is the value stored.
func (b *builder) assign(x *cc.AssignmentExpression) ir.Value {
	lhs, rhs := x.UnaryExpression, x.AssignmentExpression
	lt := lhs.Type()
	if !cc.IsIntegerType(lt) || !cc.IsIntegerType(rhs.Type()) {
		b.unsupportedOperands(x, lhs, rhs)
	}
	rv := b.expr(rhs)
	ptr, lt := b.addr(lhs)
	var v ir.Value
	if x.Case == cc.AssignmentExpressionAssign {
		v = b.convert(rv, rhs.Type(), lt, x)
	} else {
		op := assignOps[x.Case]
		old := b.value(ir.NewLoad(ptr), lhs)
		var r ir.Value
		var ct cc.Type
		if op == ir.Shl || op == ir.Shr {
			ct = cc.IntegerPromotion(lt)
			rv, _ = b.promote(rv, rhs.Type(), rhs)
		} else {
			ct = cc.UsualArithmeticConversions(lt, rhs.Type())
			rv = b.convert(rv, rhs.Type(), ct, rhs)
		}
		r = b.value(ir.NewBinOp(op, b.convert(old, lt, ct, lhs), rv), x)
		v = b.convert(r, ct, lt, x)
	}
	b.emit(ir.NewStore(ptr, v), x)
	return v
}

// incDec lowers ++x, --x (prefix: the new value) and x++, x-- (postfix:
// the old value). The arithmetic is done in the promoted type and
// converted back, so a char wraps and a _Bool becomes 1 (++) or flips (--).
func (b *builder) incDec(e, lv cc.ExpressionNode, op ir.Op, prefix bool) ir.Value {
	if !cc.IsIntegerType(lv.Type()) {
		b.unsupported(e, "%s of %s", op, kindName(lv.Type()))
	}
	ptr, lt := b.addr(lv)
	old := b.value(ir.NewLoad(ptr), lv)
	pv, pt := b.promote(old, lt, lv)
	r := b.value(ir.NewBinOp(op, pv, ir.IntConst(b.intOf(e, pt), 1)), e)
	nv := b.convert(r, pt, lt, e)
	b.emit(ir.NewStore(ptr, nv), e)
	if prefix {
		return nv
	}
	return old
}

// call lowers a call of a function defined in the same file. Each argument
// is converted to its parameter's type, as the prototype says.
func (b *builder) call(x *cc.PostfixExpression) ir.Value {
	fe := unparen(x.PostfixExpression)
	if p, ok := fe.(*cc.PostfixExpression); ok && p.Case == cc.PostfixExpressionPrimary {
		fe = unparen(p.PrimaryExpression)
	}
	id, ok := fe.(*cc.PrimaryExpression)
	if !ok || id.Case != cc.PrimaryExpressionIdent {
		b.unsupported(x, "call through a function pointer %s", b.text(x.PostfixExpression))
	}
	name := id.Token.SrcStr()
	if d, ok := id.ResolvedTo().(*cc.Declarator); ok {
		if _, local := b.cells[d]; local || d.Type() == nil || d.Type().Kind() != cc.Function {
			b.unsupported(x, "call through a function pointer %s", name)
		}
	}
	callee := b.funcs[name]
	if callee == nil && b.broken[name] {
		b.unsupported(x, "call to %s, which could not be lowered", name)
	}
	if callee == nil {
		b.unsupported(x, "call to %s, which is not defined in this file", name)
	}
	info := callee.Src.(*FuncInfo)
	var args []cc.ExpressionNode
	for l := x.ArgumentExpressionList; l != nil; l = l.ArgumentExpressionList {
		args = append(args, l.AssignmentExpression)
	}
	if len(args) != len(info.params) {
		b.unsupported(x, "call to %s with %d arguments for %d parameters", name, len(args), len(info.params))
	}
	vals := make([]ir.Value, len(args))
	for i, a := range args {
		if !cc.IsIntegerType(a.Type()) {
			b.unsupported(a, "argument of %s", kindName(a.Type()))
		}
		vals[i] = b.convert(b.expr(a), a.Type(), info.params[i], a)
	}
	if _, seen := b.callees[name]; !seen {
		b.callees[name] = x
	}
	return b.value(ir.NewCall(callee, vals), x)
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
		if !cc.IsScalarType(e.Type()) || !cc.IsIntegerType(e.Type()) {
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
