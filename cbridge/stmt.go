package cbridge

import (
	"strings"

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
			b.discard = isCall(e)
			b.expr(e)
			b.discard = false
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
		if dd.IsExtern() {
			b.unsupported(dd, "extern declaration of %s", dd.Name())
		}
		it, ok := b.u.irType(t)
		if !ok {
			b.unsupported(dd, "local variable %s of %s", dd.Name(), kindName(t))
		}
		if dd.IsStatic() {
			b.cells[dd] = b.staticLocal(dd, it, id.Initializer)
			continue
		}
		cell := b.alloc(dd, it)
		if id.Initializer != nil {
			b.initialize(cell, t, id.Initializer)
		}
	}
}

// initialize stores the initializer init of a variable of C type t into
// cell, where the declaration stands. An aggregate is stored member by
// member and element by element, the parts the initializer leaves out set
// to zero; a char array may be initialized by a string literal.
func (b *builder) initialize(cell ir.Value, t cc.Type, init *cc.Initializer) {
	if init.Case == cc.InitializerExpr && !(t.Kind() == cc.Array && isStringLiteral(init.AssignmentExpression)) {
		e := init.AssignmentExpression
		b.emit(ir.NewStore(cell, b.convert(b.expr(e), e.Type(), t, init)), init)
		return
	}
	leaves := initLeaves(init, func(n cc.Node, msg string) { b.unsupported(n, "%s", msg) })
	var store func(ptr ir.Value, t cc.Type, off int64)
	store = func(ptr ir.Value, t cc.Type, off int64) {
		switch t := t.(type) {
		case *cc.ArrayType:
			if in, ok := leaves[off]; ok && isStringLiteral(in.AssignmentExpression) {
				str := stringBytes(in.AssignmentExpression)
				et := b.intOf(in, t.Elem())
				for i := int64(0); i < t.Len(); i++ {
					var c int64
					if i < int64(len(str)) {
						c = int64(int8(str[i]))
					}
					p := b.value(ir.NewIndexAddr(ptr, ir.IntConst(i64, i)), init)
					b.emit(ir.NewStore(p, ir.IntConst(et, c)), init)
				}
				return
			}
			for i := int64(0); i < t.Len(); i++ {
				p := b.value(ir.NewIndexAddr(ptr, ir.IntConst(i64, i)), init)
				store(p, t.Elem(), off+i*t.Elem().Size())
			}
			return
		case *cc.StructType:
			if in, ok := leaves[off]; ok && in.AssignmentExpression.Type().Kind() == cc.Struct {
				e := in.AssignmentExpression
				b.emit(ir.NewStore(ptr, b.convert(b.expr(e), e.Type(), t, in)), in)
				return
			}
			for i := 0; i < t.NumFields(); i++ {
				f := t.FieldByIndex(i)
				p := b.value(ir.NewFieldAddr(ptr, i), init)
				store(p, f.Type(), off+f.Offset())
			}
			return
		}
		if in, ok := leaves[off]; ok {
			e := in.AssignmentExpression
			b.emit(ir.NewStore(ptr, b.convert(b.expr(e), e.Type(), t, in)), in)
			return
		}
		irt, ok := b.u.irType(t)
		if !ok {
			b.unsupported(init, "initializer of %s", kindName(t))
		}
		b.emit(ir.NewStore(ptr, zeroValue(irt)), init)
	}
	store(cell, t, 0)
}

// initLeaves returns the expressions of an initializer by their byte
// offset in the object: the scalars, and the string literals that
// initialize char arrays.
func initLeaves(init *cc.Initializer, fail func(cc.Node, string)) map[int64]*cc.Initializer {
	leaves := map[int64]*cc.Initializer{}
	var collect func(*cc.Initializer)
	collect = func(in *cc.Initializer) {
		switch in.Case {
		case cc.InitializerExpr:
			if in.Len() > 1 {
				fail(in, "range designator in an initializer")
			}
			if _, dup := leaves[in.Offset()]; !dup || in.Parent() == nil {
				leaves[in.Offset()] = in
			}
		case cc.InitializerInitList:
			for l := in.InitializerList; l != nil; l = l.InitializerList {
				collect(l.Initializer)
			}
		}
	}
	collect(init)
	return leaves
}

// isStringLiteral reports whether e is a string literal.
func isStringLiteral(e cc.ExpressionNode) bool {
	pe, ok := unparen(e).(*cc.PrimaryExpression)
	return ok && pe.Case == cc.PrimaryExpressionString
}

// stringBytes returns the bytes of a string literal, without the NUL.
func stringBytes(e cc.ExpressionNode) []byte {
	if sv, ok := unparen(e).Value().(cc.StringValue); ok {
		return []byte(strings.TrimSuffix(string(sv), "\x00"))
	}
	return nil
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

// isCall reports whether e is a call (whose value a statement discards),
// possibly cast to void: the first call in e spans all its tokens but a
// leading cast.
func isCall(e cc.ExpressionNode) bool {
	var call cc.Node
	inspect(e, func(n cc.Node) bool {
		if p, ok := n.(*cc.PostfixExpression); ok && p.Case == cc.PostfixExpressionCall && call == nil {
			call = p
		}
		return call == nil
	})
	if call == nil {
		return false
	}
	all, sub := cc.NodeTokens(e), cc.NodeTokens(call)
	if len(sub) == 0 || len(all) < len(sub) {
		return false
	}
	lead := all[:len(all)-len(sub)]
	if len(lead) == 0 {
		return true
	}
	var text []string
	for _, t := range lead {
		text = append(text, t.SrcStr())
	}
	return strings.Join(text, "") == "(void)"
}
