package cbridge

import (
	"fmt"
	"math"

	"github.com/pbcc/pbcc/gen/ir"
	"modernc.org/cc/v4"
)

// global returns the *ir.Global of the file-scope variable d, made on its
// first use with its initializer as Init. A const-qualified global is
// never an input; the others are marked Input after lowering (markInputs).
func (b *builder) global(n cc.Node, d *cc.Declarator) *ir.Global {
	name := d.Name()
	if g, ok := b.u.globals[name]; ok {
		return g
	}
	t := d.Type()
	it, ok := b.u.irType(t)
	if !ok {
		b.unsupported(n, "global variable %s of %s", name, kindName(t))
	}
	g := ir.NewGlobal(name, it)
	g.Pos = b.pos(d)
	if isFile(t) && stdStreams[name] {
		// stdio's stdin, stdout, stderr as values (fp = stdin): a
		// stream that is there, an object of its own that no case sets.
		g.Init = &ir.Literal{T: it, Ref: &ir.Literal{T: ir.Int{Bits: 8}}}
		b.u.globals[name] = g
		b.u.info.Globals = append(b.u.info.Globals, g)
		b.u.info.ctypes[g] = t
		b.u.info.hidden[g] = true
		return g
	}
	init := b.u.inits[name]
	if init != nil {
		lit, err := b.u.literal(t, init)
		if err != "" {
			b.unsupported(init, "initializer of global %s: %s", name, err)
		}
		g.Init = &lit
	}
	b.u.globals[name] = g
	b.u.info.Globals = append(b.u.info.Globals, g)
	b.u.info.ctypes[g] = t
	b.u.info.consts[g] = isConstObject(d)
	return g
}

// stdStreams are stdio's standard streams.
var stdStreams = map[string]bool{"stdin": true, "stdout": true, "stderr": true}

// isConstObject reports whether the object d declares is const-qualified
// (for an array: its elements).
func isConstObject(d *cc.Declarator) bool {
	if d.IsConst() {
		return true
	}
	// cc drops the qualifier of the elements of an array of const
	// pointers (int (*const ops[4])(int)): look for const before the
	// name in the declarator's tokens.
	for _, tok := range cc.NodeTokens(d) {
		if tok.SrcStr() == d.Name() {
			break
		}
		if tok.SrcStr() == "const" {
			return true
		}
	}
	t := d.Type()
	for t.Kind() == cc.Array {
		at, ok := t.(*cc.ArrayType)
		if !ok {
			return false
		}
		t = at.Elem()
	}
	return typeIsConst(t)
}

// typeIsConst reports whether t carries the const qualifier, as cc spells
// it ("const int").
func typeIsConst(t cc.Type) bool {
	s := t.String()
	return len(s) > 6 && s[:6] == "const "
}

// staticLocal makes the global holding the static local d of the
// function: its name is "fn.d", its initializer its Init; it is not an
// input (the harness cannot reach it).
func (b *builder) staticLocal(d *cc.Declarator, it ir.Type, init *cc.Initializer) *ir.Global {
	name := b.fn.Name + "." + d.Name()
	if g, ok := b.u.globals[name]; ok {
		return g
	}
	g := ir.NewGlobal(name, it)
	g.Pos = b.pos(d)
	if init != nil {
		lit, err := b.u.literal(d.Type(), init)
		if err != "" {
			b.unsupported(init, "initializer of static %s: %s", d.Name(), err)
		}
		g.Init = &lit
	}
	b.u.globals[name] = g
	b.u.info.Globals = append(b.u.info.Globals, g)
	b.u.info.ctypes[g] = d.Type()
	b.u.info.hidden[g] = true
	if !isConstObject(d) {
		b.info.Static = true
	}
	return g
}

// stringLiteral returns the global holding the characters of a string
// literal and its NUL, named "str.N", not an input.
func (b *builder) stringLiteral(x *cc.PrimaryExpression) *ir.Global {
	str := append(stringBytes(x), 0)
	t := ir.Array{Elem: ir.Int{Bits: 8, Signed: true}, Len: len(str)}
	b.u.strs++
	g := ir.NewGlobal(fmt.Sprintf("str.%d", b.u.strs), t)
	g.Pos = b.pos(x)
	lit := bytesLiteral(t, str)
	g.Init = &lit
	b.u.info.Globals = append(b.u.info.Globals, g)
	b.u.info.ctypes[g] = x.Type().Undecay()
	b.u.info.hidden[g] = true
	return g
}

// bytesLiteral returns the array literal of type t holding s, zero-padded.
func bytesLiteral(t ir.Array, s []byte) ir.Literal {
	l := ir.Zero(t)
	et := t.Elem.(ir.Int)
	for i := range l.Elems {
		if i < len(s) {
			l.Elems[i].Bits = uint64(int64(int8(s[i]))) & et.Mask()
		}
	}
	return l
}

// literal evaluates the constant initializer of an object of C type t:
// numbers, null pointers, functions (for a table of function pointers),
// string literals (a char array's content, or a char pointer to a new
// array object), the parts left out zero. It returns a reason when the
// initializer is not one of those.
func (u *unit) literal(t cc.Type, init *cc.Initializer) (lit ir.Literal, reason string) {
	defer func() {
		if r := recover(); r != nil {
			s, ok := r.(initFailure)
			if !ok {
				panic(r)
			}
			reason = string(s)
		}
	}()
	fail := func(_ cc.Node, msg string) { panic(initFailure(msg)) }
	if init.Case == cc.InitializerExpr && !(t.Kind() == cc.Array && isStringLiteral(init.AssignmentExpression)) {
		return u.scalarLiteral(t, init.AssignmentExpression), ""
	}
	leaves := initLeaves(init, fail)
	var build func(t cc.Type, off int64) ir.Literal
	build = func(t cc.Type, off int64) ir.Literal {
		it, ok := u.irType(t)
		if !ok {
			fail(init, "type "+t.String())
		}
		switch ct := t.(type) {
		case *cc.ArrayType:
			// A string initializes a char array; at the offset of an
			// array of pointers it is the first pointer's target.
			if in, ok := leaves[off]; ok && isStringLiteral(in.AssignmentExpression) && ct.Elem().Size() == 1 && cc.IsIntegerType(ct.Elem()) {
				return bytesLiteral(it.(ir.Array), stringBytes(in.AssignmentExpression))
			}
			l := ir.Literal{T: it}
			for i := int64(0); i < ct.Len(); i++ {
				l.Elems = append(l.Elems, build(ct.Elem(), off+i*ct.Elem().Size()))
			}
			return l
		case *cc.StructType:
			if in, ok := leaves[off]; ok && in.AssignmentExpression.Type().Kind() == cc.Struct {
				fail(in, "struct copy")
			}
			l := ir.Literal{T: it}
			for i := 0; i < ct.NumFields(); i++ {
				f := ct.FieldByIndex(i)
				l.Elems = append(l.Elems, build(f.Type(), off+f.Offset()))
			}
			return l
		}
		if in, ok := leaves[off]; ok {
			return u.scalarLiteral(t, in.AssignmentExpression)
		}
		return ir.Zero(it)
	}
	return build(t, 0), ""
}

type initFailure string

// scalarLiteral evaluates the constant expression e for an object of
// scalar C type t.
func (u *unit) scalarLiteral(t cc.Type, e cc.ExpressionNode) ir.Literal {
	it, ok := u.irType(t)
	if !ok {
		panic(initFailure("type " + t.String()))
	}
	switch it := it.(type) {
	case *ir.Signature:
		if name, ok := funcDesignator(e); ok {
			f := u.funcs[name]
			if f == nil {
				panic(initFailure("function " + name + " is not lowered"))
			}
			return ir.Literal{T: it, Func: f}
		}
		if isZero(e.Value()) {
			return ir.Literal{T: it}
		}
	case ir.Pointer:
		if isStringLiteral(e) {
			str := append(stringBytes(e), 0)
			obj := bytesLiteral(ir.Array{Elem: it.Elem, Len: len(str)}, str)
			return ir.Literal{T: it, Ref: &obj}
		}
		if isZero(e.Value()) {
			return ir.Literal{T: it}
		}
	case ir.Int:
		switch v := e.Value().(type) {
		case cc.Int64Value:
			return ir.Literal{T: it, Bits: uint64(v) & it.Mask()}
		case cc.UInt64Value:
			return ir.Literal{T: it, Bits: uint64(v) & it.Mask()}
		case cc.Float64Value:
			return ir.Literal{T: it, Bits: uint64(int64(v)) & it.Mask()}
		}
		if t.Kind() == cc.Bool && e.Value() != nil {
			return ir.Literal{T: it, Bits: 1}
		}
	case ir.Float:
		var x float64
		switch v := e.Value().(type) {
		case cc.Int64Value:
			x = float64(v)
		case cc.UInt64Value:
			x = float64(v)
		case cc.Float64Value:
			x = float64(v)
		default:
			panic(initFailure("non-constant " + t.String()))
		}
		if it.Bits == 32 {
			return ir.Literal{T: it, Bits: uint64(math.Float32bits(float32(x)))}
		}
		return ir.Literal{T: it, Bits: math.Float64bits(x)}
	}
	panic(initFailure("non-constant value for " + t.String()))
}

// isZero reports whether v is the integer constant 0.
func isZero(v cc.Value) bool {
	switch v := v.(type) {
	case cc.Int64Value:
		return v == 0
	case cc.UInt64Value:
		return v == 0
	}
	return false
}

// funcDesignator returns the name of the function e designates: f or &f.
func funcDesignator(e cc.ExpressionNode) (string, bool) {
	var name string
	found := false
	inspect(e, func(n cc.Node) bool {
		if pe, ok := n.(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionIdent {
			if d, ok := pe.ResolvedTo().(*cc.Declarator); ok && d.Type() != nil && d.Type().Kind() == cc.Function {
				name, found = d.Name(), !found
			}
		}
		return true
	})
	return name, found
}
