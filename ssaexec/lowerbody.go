package ssaexec

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/pbcc/pbcc/gen/ir"
)

// ---- Function bodies ----

// A bailout carries an unsupported construct out of the lowering of one
// function body; body recovers it.
type bailout struct{ err *UnsupportedError }

// fnLowering is the lowering of one function body.
type fnLowering struct {
	lw     *lowerer
	fn     *ssa.Function
	st     *funcState
	f      *ir.Func
	blocks []*ir.Block // ir.Blocks[i] lowers fn.Blocks[i]
	values map[ssa.Value]ir.Value
	params map[*ssa.Parameter]ir.Value
	free   map[*ssa.FreeVar]ir.Value
	phis   []*ssa.Phi // in the order they were met
	irPhis map[*ssa.Phi]*ir.Phi

	// The block instructions are emitted into and the position they get.
	ib   *ir.Block
	ipos ir.Pos

	exprs  map[ssa.Value]token.Pos // start of the expression each value is, from DebugRefs
	cases  map[token.Pos]caseExpr  // expression-switch cases by position
	ranges map[*ssa.BasicBlock]*ast.RangeStmt
	iters  map[*ssa.Next]*rangeLoop // range loops over strings and maps

	eqDepth int // interfaces nested in the comparison being lowered (loweriface.go)

	// Instructions that build the variadic arguments of fmt.Errorf,
	// errors.Join and fmt.Sprint*, which those calls take apart
	// (lowererr.go, lowerfmt.go).
	skip map[ssa.Instruction]bool

	// views are the zero-copy conversions through unsafe, by the value
	// they give (lowerunsafe.go).
	views map[ssa.Value]unsafeView

	// defers are the defer statements, in the order they run at a
	// return (lowerdefer.go).
	defers []*ssa.Defer
}

// caseExpr is one value of a case clause of an expression switch.
type caseExpr struct {
	tag, expr ast.Expr
}

// body lowers fn's blocks into st.ir and returns the first unsupported
// construct met, if any.
func (lw *lowerer) body(fn *ssa.Function, st *funcState) (err *UnsupportedError) {
	l := &fnLowering{
		lw:     lw,
		fn:     fn,
		st:     st,
		f:      st.ir,
		values: map[ssa.Value]ir.Value{},
		params: map[*ssa.Parameter]ir.Value{},
		free:   map[*ssa.FreeVar]ir.Value{},
		irPhis: map[*ssa.Phi]*ir.Phi{},
	}
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok {
				panic(r)
			}
			err = b.err
		}
	}()
	if name, ok := externName(fn); ok {
		l.externBody(name)
		return nil
	}
	l.function()
	return nil
}

// unsupported abandons the lowering of the function.
func (l *fnLowering) unsupported(pos token.Pos, format string, args ...any) {
	panic(bailout{&UnsupportedError{
		Pos:       l.lw.position(pos, l.fn),
		Func:      l.f.Name,
		Construct: fmt.Sprintf(format, args...),
	}})
}

// function lowers the whole body:
//
//   - one IR block per SSA block, in the same order, so that predecessor
//     orders (and so phi operand orders) agree;
//   - instructions visited in dominator-tree preorder, so that every
//     operand is lowered before its uses, phis excepted: their operands are
//     filled in at the end, and a constant the IR must materialise (a zero
//     array or struct) is emitted at the end of the predecessor;
//   - terminators set once every block exists.
func (l *fnLowering) function() {
	fn := l.fn
	if fn.Recover != nil {
		// Only a function with a defer statement has a recover block.
		l.defers = l.deferredCalls()
	}
	l.checkCalls()
	l.markVarargs()
	l.markUnsafe()
	for i, p := range fn.Params {
		l.params[p] = l.f.Params[i]
	}
	for i, v := range fn.FreeVars {
		l.free[v] = l.f.FreeVars[i]
	}
	for _, b := range fn.Blocks {
		l.blocks = append(l.blocks, l.f.NewBlock(b.Comment))
	}
	for _, b := range fn.DomPreorder() {
		for _, instr := range b.Instrs {
			l.instr(b, instr)
		}
	}
	for _, phi := range l.phis {
		p := l.irPhis[phi]
		for i, e := range phi.Edges {
			l.ib, l.ipos = l.blocks[phi.Block().Preds[i].Index], l.lw.pos(phi.Pos())
			p.Edges[i] = l.value(e, phi.Pos())
		}
	}
	// SetTerm adds predecessors in the order blocks are visited; make them
	// follow SSA's order, which the phis follow.
	for i, b := range fn.Blocks {
		ib := l.blocks[i]
		ib.Preds = ib.Preds[:0]
		for _, p := range b.Preds {
			ib.Preds = append(ib.Preds, l.blocks[p.Index])
		}
	}
	l.markInputGlobals()
}

// emit appends in to the current block, at the current position, and
// returns it as a value when it is one.
func (l *fnLowering) emit(in interface {
	ir.Instr
	SetPosition(ir.Pos)
}) ir.Value {
	in.SetPosition(l.ipos)
	l.ib.Emit(in)
	v, _ := in.(ir.Value)
	return v
}

// valueType returns the IR type of v, failing when it has none.
func (l *fnLowering) valueType(v ssa.Value, pos token.Pos) ir.Type {
	t, why := l.lw.typ(v.Type())
	if why != "" {
		l.unsupported(pos, "%s", why)
	}
	return t
}

var binOps = map[token.Token]ir.Op{
	token.ADD: ir.Add, token.SUB: ir.Sub, token.MUL: ir.Mul, token.QUO: ir.Div,
	token.REM: ir.Rem, token.AND: ir.And, token.OR: ir.Or, token.XOR: ir.Xor,
	token.AND_NOT: ir.AndNot, token.SHL: ir.Shl, token.SHR: ir.Shr,
	token.EQL: ir.Eq, token.NEQ: ir.Ne, token.LSS: ir.Lt, token.LEQ: ir.Le,
	token.GTR: ir.Gt, token.GEQ: ir.Ge,
}

// instr lowers one SSA instruction of block b.
func (l *fnLowering) instr(b *ssa.BasicBlock, instr ssa.Instruction) {
	if l.skip[instr] {
		return
	}
	pos := l.instrPos(b, instr)
	l.ib, l.ipos = l.blocks[b.Index], l.lw.pos(pos)
	ib := l.ib
	define := func(x ssa.Value, v ir.Value) { l.values[x] = v }
	if v, ok := instr.(ssa.Value); ok {
		if view, ok := l.views[v]; ok {
			// A zero-copy conversion through unsafe (lowerunsafe.go).
			define(v, l.unsafeView(v, view, pos))
			return
		}
	}

	switch in := instr.(type) {
	case *ssa.DebugRef:
		// Dropped: used only to find branch positions.

	case *ssa.BinOp:
		define(in, l.binOp(in, pos))

	case *ssa.UnOp:
		l.valueType(in, pos)
		switch in.Op {
		case token.MUL:
			define(in, l.emit(ir.NewLoad(l.value(in.X, pos))))
		case token.SUB, token.NOT, token.XOR:
			op := map[token.Token]ir.Op{token.SUB: ir.Neg, token.NOT: ir.Not, token.XOR: ir.Compl}[in.Op]
			define(in, l.emit(ir.NewUnOp(op, l.value(in.X, pos))))
		case token.ARROW:
			l.unsupported(pos, "channel receive")
		default:
			l.unsupported(pos, "operator %s", in.Op)
		}

	case *ssa.Convert:
		define(in, l.convert(in, pos))

	case *ssa.ChangeType:
		from, why := l.lw.typ(in.X.Type())
		to, why2 := l.lw.typ(in.Type())
		if why != "" || why2 != "" || !sameType(from, to) {
			l.unsupported(pos, "conversion from %s to %s", typeString(in.X.Type()), typeString(in.Type()))
		}
		define(in, l.value(in.X, pos))

	case *ssa.Phi:
		t := l.valueType(in, pos)
		p := ir.NewPhi(t, make([]ir.Value, len(in.Edges)))
		l.phis = append(l.phis, in)
		l.irPhis[in] = p
		define(in, l.emit(p))

	case *ssa.Call:
		define(in, l.call(in, pos))

	case *ssa.Extract:
		if next, ok := in.Tuple.(*ssa.Next); ok {
			define(in, l.nextValue(next, in.Index, pos))
			break
		}
		l.valueType(in, pos)
		define(in, l.emit(ir.NewExtract(l.value(in.Tuple, pos), in.Index)))

	case *ssa.Alloc:
		t := l.valueType(in, pos)
		define(in, l.emit(ir.NewAlloc(t.(ir.Pointer).Elem)))

	case *ssa.Store:
		ptr := l.value(in.Addr, pos)
		l.emit(ir.NewStore(ptr, l.value(in.Val, pos)))

	case *ssa.IndexAddr:
		l.valueType(in, pos)
		switch u := in.X.Type().Underlying().(type) {
		case *types.Pointer, *types.Slice: // &a[i] on *array, &s[i] on a slice
			define(in, l.emit(ir.NewIndexAddr(l.value(in.X, pos), l.value(in.Index, pos))))
		default:
			l.unsupported(pos, "indexing of %s", typeString(u))
		}

	case *ssa.Index:
		l.valueType(in, pos)
		x, i := l.value(in.X, pos), l.value(in.Index, pos)
		switch x.Type().(type) {
		case ir.Array, ir.String: // an element of an array, a byte of a string
			define(in, l.emit(ir.NewIndex(x, i)))
		default:
			l.unsupported(pos, "indexing of %s", typeString(in.X.Type()))
		}

	case *ssa.Field:
		l.valueType(in, pos)
		define(in, l.emit(ir.NewFieldOf(l.value(in.X, pos), in.Field)))

	case *ssa.FieldAddr:
		l.valueType(in, pos)
		define(in, l.emit(ir.NewFieldAddr(l.value(in.X, pos), in.Field)))

	case *ssa.Slice:
		t := l.valueType(in, pos)
		x := l.value(in.X, pos)
		var lo, hi ir.Value
		if in.Low != nil {
			lo = l.value(in.Low, pos)
		}
		if in.High != nil {
			hi = l.value(in.High, pos)
		}
		s := ir.NewSliceOf(t, x, lo, hi)
		if in.Max != nil {
			s.Max = l.value(in.Max, pos)
		}
		define(in, l.emit(s))

	case *ssa.MakeSlice:
		t := l.valueType(in, pos)
		define(in, l.emit(ir.NewMakeSlice(t.(ir.Slice), l.value(in.Len, pos), l.value(in.Cap, pos))))

	case *ssa.MakeMap:
		t := l.valueType(in, pos)
		define(in, l.emit(ir.NewMakeMap(t.(ir.Map))))

	case *ssa.Lookup:
		x := l.value(in.X, pos)
		switch x.Type().(type) {
		case ir.Map:
			l.valueType(in, pos)
			define(in, l.emit(ir.NewMapLookup(x, l.value(in.Index, pos), in.CommaOk)))
		case ir.String:
			define(in, l.emit(ir.NewIndex(x, l.value(in.Index, pos))))
		default:
			l.unsupported(pos, "indexing of %s", typeString(in.X.Type()))
		}

	case *ssa.MapUpdate:
		m := l.value(in.Map, pos)
		l.emit(ir.NewMapUpdate(m, l.value(in.Key, pos), l.value(in.Value, pos)))

	case *ssa.Range:
		l.rangeIter(in, pos)

	case *ssa.Next:
		l.next(in, pos)

	case *ssa.MakeClosure:
		l.values[in] = l.closure(in, pos)

	case *ssa.MakeInterface:
		// The argument of a panic is dropped (Panic.X is nil unless it is
		// a constant), and so is its conversion to interface.
		for _, r := range *in.Referrers() {
			switch r.(type) {
			case *ssa.Panic, *ssa.DebugRef:
			default:
				if isError(in.Type()) {
					define(in, l.customError(in.X, pos))
					return
				}
				define(in, l.makeInterface(in, pos))
				return
			}
		}

	case *ssa.ChangeInterface:
		// panic(err): the value is dropped, as for MakeInterface.
		for _, r := range *in.Referrers() {
			switch r.(type) {
			case *ssa.Panic, *ssa.DebugRef:
			default:
				define(in, l.convertIface(in.X, in.Type(), false, false, pos))
				return
			}
		}

	case *ssa.TypeAssert:
		define(in, l.typeAssert(in, pos))

	case *ssa.If:
		cond := l.value(in.Cond, pos)
		t := &ir.If{Cond: cond}
		t.Pos, t.Text = l.branch(b, in)
		ib.SetTerm(t, l.succs(b)...)

	case *ssa.Jump:
		t := &ir.Jump{}
		t.Pos = l.ipos
		ib.SetTerm(t, l.succs(b)...)

	case *ssa.Return:
		t := &ir.Return{}
		for _, r := range in.Results {
			t.Results = append(t.Results, l.value(r, pos))
		}
		t.Pos = l.ipos
		ib.SetTerm(t)

	case *ssa.Defer:
		// Its call is made at each return (RunDefers).

	case *ssa.RunDefers:
		l.runDefers(b)

	case *ssa.Panic:
		t := &ir.Panic{X: l.panicValue(in, pos)}
		t.Pos = l.ipos
		ib.SetTerm(t)

	default:
		l.unsupported(pos, "%s", describe(instr))
	}
}

// panicValue returns the IR value of the argument of a panic when it is
// a constant integer or string, nil otherwise.
func (l *fnLowering) panicValue(in *ssa.Panic, pos token.Pos) ir.Value {
	mi, ok := in.X.(*ssa.MakeInterface)
	if !ok {
		return nil
	}
	c, ok := mi.X.(*ssa.Const)
	if !ok || c.Value == nil {
		return nil
	}
	if t, why := l.lw.typ(c.Type()); why == "" {
		switch t.(type) {
		case ir.Int, ir.String:
			return l.value(c, pos)
		}
	}
	return nil
}

// sameType reports whether two IR types are the same: structs by
// identity, the others by their printed form.
func sameType(a, b ir.Type) bool {
	if sa, ok := a.(*ir.Struct); ok {
		return sa == b
	}
	return a.String() == b.String()
}

// succs returns the IR blocks of b's successors.
func (l *fnLowering) succs(b *ssa.BasicBlock) []*ir.Block {
	var out []*ir.Block
	for _, s := range b.Succs {
		out = append(out, l.blocks[s.Index])
	}
	return out
}

// instrPos returns the source position of instr: the start of the
// expression it computes when a DebugRef says which, its own position
// otherwise.
func (l *fnLowering) instrPos(b *ssa.BasicBlock, instr ssa.Instruction) token.Pos {
	if l.exprs == nil {
		l.exprs = map[ssa.Value]token.Pos{}
		for _, b := range l.fn.Blocks {
			for _, r := range b.Instrs {
				if ref, ok := r.(*ssa.DebugRef); ok && !ref.IsAddr {
					if _, seen := l.exprs[ref.X]; !seen {
						l.exprs[ref.X] = ref.Expr.Pos()
					}
				}
			}
		}
	}
	if v, ok := instr.(ssa.Value); ok {
		if pos, ok := l.exprs[v]; ok {
			return pos
		}
	}
	return instr.Pos()
}

// describe names an unsupported instruction in Go terms.
func describe(instr ssa.Instruction) string {
	switch instr.(type) {
	case *ssa.MakeChan:
		return "channel creation (channels are not modelled)"
	case *ssa.SliceToArrayPointer:
		return "conversion of a slice to an array pointer"
	case *ssa.MultiConvert:
		return "conversion of a type parameter"
	case *ssa.Go:
		return "go statement"
	case *ssa.Defer, *ssa.RunDefers:
		return "defer statement"
	case *ssa.Select:
		return "select statement"
	case *ssa.Send:
		return "channel send"
	}
	return fmt.Sprintf("SSA instruction %T", instr)
}
