package cbridge

import (
	"github.com/pbcc/pbcc/gen/ir"
	"modernc.org/cc/v4"
)

// compound lowers the items of a { } block in order.
func (b *builder) compound(s *cc.CompoundStatement) {
	for l := s.BlockItemList; l != nil; l = l.BlockItemList {
		it := l.BlockItem
		switch it.Case {
		case cc.BlockItemDecl:
			b.declaration(it.Declaration)
		case cc.BlockItemStmt:
			b.stmt(it.Statement)
		case cc.BlockItemLabel:
			b.unsupported(it, "local label declaration (__label__)")
		case cc.BlockItemFuncDef:
			b.unsupported(it, "nested function definition")
		default:
			b.unsupported(it, "block item %v", it.Case)
		}
	}
}

// stmt lowers one statement.
func (b *builder) stmt(s *cc.Statement) {
	switch s.Case {
	case cc.StatementLabeled:
		b.labeledStmt(s.LabeledStatement)
	case cc.StatementCompound:
		b.compound(s.CompoundStatement)
	case cc.StatementExpr:
		if e := s.ExpressionStatement.ExpressionList; e != nil {
			b.expr(e)
		}
	case cc.StatementSelection:
		switch ss := s.SelectionStatement; ss.Case {
		case cc.SelectionStatementIf, cc.SelectionStatementIfElse:
			b.ifStmt(ss)
		case cc.SelectionStatementSwitch:
			b.switchStmt(ss)
		}
	case cc.StatementIteration:
		switch is := s.IterationStatement; is.Case {
		case cc.IterationStatementWhile:
			b.whileStmt(is)
		case cc.IterationStatementDo:
			b.doStmt(is)
		case cc.IterationStatementFor, cc.IterationStatementForDecl:
			b.forStmt(is)
		}
	case cc.StatementJump:
		b.jumpStmt(s.JumpStatement)
	case cc.StatementAsm:
		b.unsupported(s, "asm statement")
	default:
		b.unsupported(s, "statement %v", s.Case)
	}
}

// declaration lowers a block-scope declaration: each variable gets its
// cell, and its initializer, if any, is stored into it where the
// declaration stands (so a declaration in a loop reinitializes each turn).
func (b *builder) declaration(d *cc.Declaration) {
	switch d.Case {
	case cc.DeclarationDecl:
	case cc.DeclarationAssert:
		return
	default:
		b.unsupported(d, "declaration %v", d.Case)
	}
	for l := d.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
		id := l.InitDeclarator
		dd := id.Declarator
		if dd.IsSynthetic() || dd.IsTypename() || dd.Name() == "__func__" {
			continue // __func__, typedef
		}
		t := dd.Type()
		if t != nil && t.Kind() == cc.Function {
			continue // a local prototype
		}
		switch {
		case dd.IsStatic():
			b.unsupported(dd, "static local variable %s", dd.Name())
		case dd.IsExtern():
			b.unsupported(dd, "extern declaration of %s", dd.Name())
		}
		it, ok := irType(t)
		if !ok {
			b.unsupported(dd, "local variable %s of %s", dd.Name(), kindName(t))
		}
		cell := b.alloc(dd, it)
		if id.Initializer != nil {
			b.initialize(cell, t, id.Initializer)
		}
	}
}

// initialize stores the initializer init of a variable of C type t into
// cell. An array is stored element by element, the elements the
// initializer leaves out set to zero.
func (b *builder) initialize(cell ir.Value, t cc.Type, init *cc.Initializer) {
	at, isArray := t.(*cc.ArrayType)
	if !isArray {
		for init.Case == cc.InitializerInitList {
			if init.InitializerList == nil {
				b.emit(ir.NewStore(cell, ir.IntConst(b.intOf(init, t), 0)), init)
				return
			}
			init = init.InitializerList.Initializer
		}
		v := b.convert(b.expr(init.AssignmentExpression), init.AssignmentExpression.Type(), t, init)
		b.emit(ir.NewStore(cell, v), init)
		return
	}
	// Leaves by byte offset from the start of the array.
	leaves := map[int64]*cc.Initializer{}
	var str []byte
	var collect func(*cc.Initializer)
	collect = func(in *cc.Initializer) {
		switch in.Case {
		case cc.InitializerExpr:
			if pe, ok := in.AssignmentExpression.(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionString && in.Parent() == nil {
				sv, ok := pe.Value().(cc.StringValue)
				if !ok {
					b.unsupported(in, "string initializer")
				}
				str = []byte(sv)
				return
			}
			if in.Len() != 1 {
				b.unsupported(in, "range designator in an initializer")
			}
			leaves[in.Offset()] = in
		case cc.InitializerInitList:
			for l := in.InitializerList; l != nil; l = l.InitializerList {
				collect(l.Initializer)
			}
		}
	}
	collect(init)
	elem := at.Elem()
	for at2, ok := elem.(*cc.ArrayType); ok; at2, ok = elem.(*cc.ArrayType) {
		elem = at2.Elem()
	}
	size := elem.Size()
	et := b.intOf(init, elem)
	var store func(ptr ir.Value, t cc.Type, off int64)
	store = func(ptr ir.Value, t cc.Type, off int64) {
		if at, ok := t.(*cc.ArrayType); ok {
			for i := int64(0); i < at.Len(); i++ {
				p := b.value(ir.NewIndexAddr(ptr, ir.IntConst(ir.Int{Bits: 64, Signed: true}, i)), init)
				store(p, at.Elem(), off+i*at.Elem().Size())
			}
			return
		}
		var v ir.Value = ir.IntConst(et, 0)
		if in, ok := leaves[off]; ok {
			v = b.convert(b.expr(in.AssignmentExpression), in.AssignmentExpression.Type(), t, in)
		} else if str != nil && off/size < int64(len(str)) {
			v = ir.IntConst(et, int64(int8(str[off/size])))
		}
		b.emit(ir.NewStore(ptr, v), init)
	}
	store(cell, t, 0)
}

// ifStmt lowers if (e) S1 [else S2].
//
//	cond(e, then, else)      (cond(e, then, done) without else)
//	then: if.then   S1; jump done
//	else: if.else   S2; jump done
//	done: if.done
func (b *builder) ifStmt(s *cc.SelectionStatement) {
	then := b.fn.NewBlock("if.then")
	var els *ir.Block
	if s.Case == cc.SelectionStatementIfElse {
		els = b.fn.NewBlock("if.else")
	}
	done := b.fn.NewBlock("if.done")
	if els == nil {
		els = done
	}
	b.cond(s.ExpressionList, then, els)
	b.block = then
	b.stmt(s.Statement)
	b.jump(done)
	if s.Case == cc.SelectionStatementIfElse {
		b.block = els
		b.stmt(s.Statement2)
		b.jump(done)
	}
	b.block = done
}

// whileStmt lowers while (e) S.
//
//	jump loop
//	loop: while.loop   cond(e, body, done)
//	body: while.body   S; jump loop        (continue: loop, break: done)
//	done: while.done
func (b *builder) whileStmt(s *cc.IterationStatement) {
	loop := b.fn.NewBlock("while.loop")
	body := b.fn.NewBlock("while.body")
	done := b.fn.NewBlock("while.done")
	b.jump(loop)
	b.block = loop
	b.cond(s.ExpressionList, body, done)
	b.block = body
	b.loopBody(s.Statement, done, loop)
	b.jump(loop)
	b.block = done
}

// doStmt lowers do S while (e).
//
//	jump body
//	body: do.body   S; jump cond           (continue: cond, break: done)
//	cond: do.cond   cond(e, body, done)
//	done: do.done
func (b *builder) doStmt(s *cc.IterationStatement) {
	body := b.fn.NewBlock("do.body")
	cond := b.fn.NewBlock("do.cond")
	done := b.fn.NewBlock("do.done")
	b.jump(body)
	b.block = body
	b.loopBody(s.Statement, done, cond)
	b.jump(cond)
	b.block = cond
	b.cond(s.ExpressionList, body, done)
	b.block = done
}

// forStmt lowers for (init; e; post) S.
//
//	init
//	jump loop
//	loop: for.loop   cond(e, body, done)   (jump body without e)
//	body: for.body   S; jump post          (continue: post, break: done)
//	post: for.post   post; jump loop
//	done: for.done
func (b *builder) forStmt(s *cc.IterationStatement) {
	var cond, post cc.ExpressionNode
	if s.Case == cc.IterationStatementForDecl {
		b.declaration(s.Declaration)
		cond, post = s.ExpressionList, s.ExpressionList2
	} else {
		if s.ExpressionList != nil {
			b.expr(s.ExpressionList)
		}
		cond, post = s.ExpressionList2, s.ExpressionList3
	}
	loop := b.fn.NewBlock("for.loop")
	body := b.fn.NewBlock("for.body")
	postB := b.fn.NewBlock("for.post")
	done := b.fn.NewBlock("for.done")
	b.jump(loop)
	b.block = loop
	if cond != nil {
		b.cond(cond, body, done)
	} else {
		b.jump(body)
	}
	b.block = body
	b.loopBody(s.Statement, done, postB)
	b.jump(postB)
	b.block = postB
	if post != nil {
		b.expr(post)
	}
	b.jump(loop)
	b.block = done
}

// loopBody lowers the body of a loop with its break and continue targets.
func (b *builder) loopBody(s *cc.Statement, brk, cont *ir.Block) {
	b.targets = &targets{tail: b.targets, brk: brk, cont: cont}
	b.stmt(s)
	b.targets = b.targets.tail
}

// switchStmt lowers switch (e) S.
//
//	t = e, promoted
//	switch t [c1: case1] [c2: case2] ... default: default or done
//	case1: switch.case     (entered by the switch and by falling through
//	case2: switch.case      from the statement before the label)
//	...
//	done:  switch.done     (break: done)
//
// The cases are in the order of their labels in the source; their values
// are converted to the promoted type of e, as C says.
func (b *builder) switchStmt(s *cc.SelectionStatement) {
	tagC := cc.IntegerPromotion(s.ExpressionList.Type())
	tag := b.convert(b.expr(s.ExpressionList), s.ExpressionList.Type(), tagC, s.ExpressionList)
	tagT := b.intOf(s.ExpressionList, tagC)

	var labels []*cc.LabeledStatement
	inspect(s.Statement, func(n cc.Node) bool {
		if ls, ok := n.(*cc.LabeledStatement); ok && ls.Switch() == s {
			labels = append(labels, ls)
		}
		return true
	})
	sw := &ir.Switch{X: tag, Text: b.text(s.ExpressionList)}
	sw.SetPosition(b.pos(s.ExpressionList))
	var succs []*ir.Block
	var dflt *ir.Block
	for _, ls := range labels {
		switch ls.Case {
		case cc.LabeledStatementCaseLabel:
			blk := b.fn.NewBlock("switch.case")
			b.cases[ls] = blk
			v := b.constant(ls.ConstantExpression)
			sw.Cases = append(sw.Cases, ir.IntConst(tagT, v))
			sw.CasePos = append(sw.CasePos, b.pos(ls))
			succs = append(succs, blk)
		case cc.LabeledStatementDefault:
			dflt = b.fn.NewBlock("switch.default")
			b.cases[ls] = dflt
		default:
			b.unsupported(ls, "case range")
		}
	}
	done := b.fn.NewBlock("switch.done")
	if dflt == nil {
		dflt = done
	}
	b.cur().SetTerm(sw, append(succs, dflt)...)
	b.block = nil
	b.targets = &targets{tail: b.targets, brk: done}
	b.stmt(s.Statement)
	b.targets = b.targets.tail
	b.jump(done)
	b.block = done
}

// constant returns the value of an integer constant expression.
func (b *builder) constant(e cc.ExpressionNode) int64 {
	switch v := e.Value().(type) {
	case cc.Int64Value:
		return int64(v)
	case cc.UInt64Value:
		return int64(v)
	}
	b.unsupported(e, "case label %s that is not an integer constant", b.text(e))
	return 0
}

// labeledStmt lowers a label and the statement it labels.
//
//	jump L        (falling into the label)
//	L: label.name / switch.case / switch.default
//	S
func (b *builder) labeledStmt(s *cc.LabeledStatement) {
	var blk *ir.Block
	switch s.Case {
	case cc.LabeledStatementLabel:
		blk = b.label(s.Token.SrcStr())
	case cc.LabeledStatementCaseLabel, cc.LabeledStatementDefault:
		blk = b.cases[s]
		if blk == nil {
			b.unsupported(s, "case label outside a switch")
		}
	default:
		b.unsupported(s, "case range")
	}
	b.jump(blk)
	b.block = blk
	b.stmt(s.Statement)
}

// jumpStmt lowers goto, continue, break and return.
func (b *builder) jumpStmt(s *cc.JumpStatement) {
	switch s.Case {
	case cc.JumpStatementGoto:
		b.jump(b.label(s.Token2.SrcStr()))
	case cc.JumpStatementGotoExpr:
		b.unsupported(s, "computed goto")
	case cc.JumpStatementContinue, cc.JumpStatementBreak:
		for t := b.targets; t != nil; t = t.tail {
			to := t.brk
			if s.Case == cc.JumpStatementContinue {
				to = t.cont
			}
			if to != nil {
				b.jump(to)
				return
			}
		}
		b.unsupported(s, "%s outside a loop or switch", s.Token.SrcStr())
	case cc.JumpStatementReturn:
		ret := &ir.Return{}
		if e := s.ExpressionList; e != nil {
			v := b.expr(e)
			if len(b.fn.Results) > 0 {
				ret.Results = []ir.Value{b.convert(v, e.Type(), b.info.result, e)}
			}
		}
		b.terminate(ret, s)
	}
}
