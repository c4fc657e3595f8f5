package ssaexec

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/pbcc/pbcc/gen/ir"
)

// A lowerer turns the SSA functions of one program into IR functions. It
// keeps one *ir.Func per *ssa.Function, so that every call of a function
// points to the same object as the function's own lowering.
type lowerer struct {
	prog     *ssa.Program
	sizes    types.Sizes
	inModule map[*types.Package]bool // packages whose functions may be called
	infos    map[*types.Package]*types.Info
	funcs    map[*ssa.Function]*funcState
	order    []*ssa.Function // in the order their headers were made
	pending  []*ssa.Function // callees whose bodies are still to lower
	src      sourceCache
}

// funcState is what the lowerer knows of one function.
type funcState struct {
	ir      *ir.Func
	err     *UnsupportedError // the function's own failure, if any
	lowered bool              // its body has been lowered (or has failed)
	calls   []call            // the functions it calls, in order
}

// A call is one call site of a lowered function.
type call struct {
	callee *ssa.Function
	pos    token.Position
}

func newLowerer(prog *ssa.Program, sizes types.Sizes, inModule map[*types.Package]bool, infos map[*types.Package]*types.Info) *lowerer {
	return &lowerer{
		infos:    infos,
		prog:     prog,
		sizes:    sizes,
		inModule: inModule,
		funcs:    map[*ssa.Function]*funcState{},
		src:      sourceCache{},
	}
}

// lower lowers fn and, transitively, the functions it calls, and returns
// fn's own failure (a failed callee is reported by calleeError).
func (lw *lowerer) lower(fn *ssa.Function) error {
	st := lw.header(fn)
	lw.pending = append(lw.pending, fn)
	for len(lw.pending) > 0 {
		g := lw.pending[len(lw.pending)-1]
		lw.pending = lw.pending[:len(lw.pending)-1]
		if s := lw.funcs[g]; !s.lowered {
			s.lowered = true
			if s.err == nil {
				s.err = lw.body(g, s)
			}
		}
	}
	if st.err != nil {
		return st.err
	}
	return nil
}

// calleeError returns the error of fn when fn lowered but calls, directly
// or not, a function that did not.
func (lw *lowerer) calleeError(fn *ssa.Function) error {
	st := lw.funcs[fn]
	if st == nil || st.err != nil {
		return nil
	}
	seen := map[*ssa.Function]bool{fn: true}
	var find func(*funcState) *UnsupportedError
	find = func(s *funcState) *UnsupportedError {
		for _, c := range s.calls {
			if seen[c.callee] {
				continue
			}
			seen[c.callee] = true
			cs := lw.funcs[c.callee]
			if cs.err != nil {
				return cs.err
			}
			if err := find(cs); err != nil {
				return err
			}
		}
		return nil
	}
	for _, c := range st.calls {
		if seen[c.callee] && c.callee != fn {
			continue
		}
		cs := lw.funcs[c.callee]
		root := cs.err
		if root == nil && c.callee != fn {
			seen[c.callee] = true
			root = find(cs)
		}
		if root != nil {
			return &UnsupportedError{
				Pos:       c.pos,
				Func:      st.ir.Name,
				Construct: fmt.Sprintf("call of %s, which cannot be lowered (%v)", cs.ir.Name, root),
			}
		}
	}
	return nil
}

// done returns every function whose body lowered, in the order they were
// first met.
func (lw *lowerer) done() []*ir.Func {
	var out []*ir.Func
	for _, fn := range lw.order {
		if st := lw.funcs[fn]; st.lowered && st.err == nil {
			out = append(out, st.ir)
		}
	}
	return out
}

// header returns fn's state, making its IR signature on first use.
func (lw *lowerer) header(fn *ssa.Function) *funcState {
	if st, ok := lw.funcs[fn]; ok {
		return st
	}
	f := &ir.Func{Name: irName(fn), Pos: lw.pos(fn.Pos()), Lang: ir.Go, Src: fn}
	st := &funcState{ir: f}
	lw.funcs[fn] = st
	lw.order = append(lw.order, fn)
	fail := func(pos token.Pos, format string, args ...any) {
		if st.err == nil {
			st.err = &UnsupportedError{Pos: lw.position(pos, fn), Func: f.Name, Construct: fmt.Sprintf(format, args...)}
		}
	}
	for i, p := range fn.Params {
		t, why := lw.typ(p.Type(), false)
		if why != "" {
			fail(p.Pos(), "parameter %s: %s", p.Name(), why)
			continue
		}
		name := p.Name()
		if name == "" || name == "_" {
			name = fmt.Sprintf("arg%d", i)
		}
		f.Params = append(f.Params, ir.NewParam(name, t))
	}
	res := fn.Signature.Results()
	for i := range res.Len() {
		t, why := lw.typ(res.At(i).Type(), false)
		if why != "" {
			fail(fn.Pos(), "result: %s", why)
			continue
		}
		f.Results = append(f.Results, t)
	}
	return st
}

// irName is "pkg.F" for a function, "pkg.T.M" for a method of T or *T.
func irName(fn *ssa.Function) string {
	pkg := ""
	if fn.Pkg != nil {
		pkg = fn.Pkg.Pkg.Name() + "."
	} else if obj, ok := fn.Object().(*types.Func); ok && obj.Pkg() != nil {
		pkg = obj.Pkg().Name() + "."
	}
	if recv := fn.Signature.Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return pkg + n.Obj().Name() + "." + fn.Name()
		}
	}
	return pkg + fn.Name()
}

// typ returns the IR type of t, or why it has none. Pointers are allowed
// only inside a function (memory cells), not as parameters or results.
func (lw *lowerer) typ(t types.Type, pointers bool) (ir.Type, string) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return ir.Bool{}, ""
		case u.Info()&types.IsInteger != 0 && u.Info()&types.IsUntyped == 0:
			return ir.Int{Bits: int(8 * lw.sizes.Sizeof(u)), Signed: u.Info()&types.IsUnsigned == 0}, ""
		}
	case *types.Array:
		e, why := lw.typ(u.Elem(), false)
		if why != "" {
			return nil, why
		}
		return ir.Array{Elem: e, Len: int(u.Len())}, ""
	case *types.Pointer:
		if pointers {
			e, why := lw.typ(u.Elem(), false)
			if why != "" {
				return nil, why
			}
			return ir.Pointer{Elem: e}, ""
		}
	case *types.Tuple:
		var es []ir.Type
		for i := range u.Len() {
			e, why := lw.typ(u.At(i).Type(), pointers)
			if why != "" {
				return nil, why
			}
			es = append(es, e)
		}
		return ir.Tuple{Elems: es}, ""
	}
	return nil, typeString(t) + " value"
}

// typeString prints t with packages qualified by their name, as in source.
func typeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// pos converts a token position to an IR position.
func (lw *lowerer) pos(p token.Pos) ir.Pos {
	if !p.IsValid() {
		return ir.Pos{}
	}
	q := lw.prog.Fset.Position(p)
	return ir.Pos{File: q.Filename, Line: q.Line, Col: q.Column}
}

// position returns the position of p, or of fn when p is unknown.
func (lw *lowerer) position(p token.Pos, fn *ssa.Function) token.Position {
	if !p.IsValid() {
		p = fn.Pos()
	}
	return lw.prog.Fset.Position(p)
}

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
	phis   map[*ssa.Phi]*ir.Phi

	exprs  map[ssa.Value]token.Pos // start of the expression each value is, from DebugRefs
	cases  map[token.Pos]caseExpr  // expression-switch cases by position
	ranges map[*ssa.BasicBlock]*ast.RangeStmt
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
		phis:   map[*ssa.Phi]*ir.Phi{},
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
//     filled in at the end;
//   - terminators set once every block exists.
func (l *fnLowering) function() {
	fn := l.fn
	if fn.Recover != nil {
		// Only a function with a defer statement has a recover block.
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if _, ok := in.(*ssa.Defer); ok {
					l.unsupported(in.Pos(), "defer statement")
				}
			}
		}
		l.unsupported(fn.Pos(), "defer statement")
	}
	for i, p := range fn.Params {
		l.params[p] = l.f.Params[i]
	}
	for _, b := range fn.Blocks {
		l.blocks = append(l.blocks, l.f.NewBlock(b.Comment))
	}
	for _, b := range fn.DomPreorder() {
		for _, instr := range b.Instrs {
			l.instr(b, instr)
		}
	}
	for phi, p := range l.phis {
		for i, e := range phi.Edges {
			// A zero array is materialised at the end of the predecessor.
			p.Edges[i] = l.operand(l.blocks[phi.Block().Preds[i].Index], e, phi.Pos())
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
}

// value returns the IR value of v, used by an instruction at pos.
func (l *fnLowering) value(v ssa.Value, pos token.Pos) ir.Value {
	switch v := v.(type) {
	case *ssa.Const:
		return l.constant(v, pos)
	case *ssa.Parameter:
		return l.params[v]
	case *ssa.Function:
		l.unsupported(pos, "function value %s", irName(v))
	case *ssa.Global:
		l.unsupported(pos, "package-level variable %s.%s", v.Pkg.Pkg.Name(), v.Name())
	case *ssa.FreeVar:
		l.unsupported(pos, "free variable %s of a closure", v.Name())
	case *ssa.Builtin:
		l.unsupported(pos, "builtin %s as a value", v.Name())
	}
	if x, ok := l.values[v]; ok {
		return x
	}
	l.unsupported(pos, "value %s (%s)", v.Name(), v.String())
	return nil
}

// constant lowers an integer or boolean constant, or the zero value of an
// array (the IR has no array constants: it becomes the load of a fresh,
// zeroed cell, emitted where the constant is used).
func (l *fnLowering) constant(c *ssa.Const, pos token.Pos) ir.Value {
	t, why := l.lw.typ(c.Type(), false)
	if why != "" {
		l.unsupported(pos, "constant %s: %s", c.Name(), why)
	}
	switch t := t.(type) {
	case ir.Bool:
		return ir.BoolConst(c.Value != nil && constant.BoolVal(c.Value))
	case ir.Int:
		if c.Value == nil {
			return ir.IntConst(t, 0)
		}
		v := constant.ToInt(c.Value)
		if u, exact := constant.Uint64Val(v); exact {
			return &ir.Const{T: t, Bits: u & t.Mask()}
		}
		i, _ := constant.Int64Val(v)
		return ir.IntConst(t, i)
	}
	l.unsupported(pos, "constant %s of type %s", c.Name(), c.Type())
	return nil
}

// zeroArray returns the zero value of array type t, emitted in b.
func (l *fnLowering) zeroArray(b *ir.Block, t ir.Type, pos ir.Pos) ir.Value {
	a := ir.NewAlloc(t)
	a.SetPosition(pos)
	b.Emit(a)
	ld := ir.NewLoad(a)
	ld.SetPosition(pos)
	b.Emit(ld)
	return ld
}

// operand lowers the operand v of an instruction emitted into ib.
func (l *fnLowering) operand(ib *ir.Block, v ssa.Value, pos token.Pos) ir.Value {
	if c, ok := v.(*ssa.Const); ok && c.Value == nil {
		if _, isArray := c.Type().Underlying().(*types.Array); isArray {
			t, _ := l.lw.typ(c.Type(), false)
			if t != nil {
				return l.zeroArray(ib, t, l.lw.pos(pos))
			}
		}
	}
	return l.value(v, pos)
}

// valueType returns the IR type of the value of instr, failing when it
// has none.
func (l *fnLowering) valueType(v ssa.Value, pos token.Pos) ir.Type {
	t, why := l.lw.typ(v.Type(), true)
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
	ib := l.blocks[b.Index]
	pos := l.instrPos(b, instr)
	ipos := l.lw.pos(pos)
	emit := func(v interface {
		ir.Instr
		SetPosition(ir.Pos)
	}) ir.Instr {
		v.SetPosition(ipos)
		return ib.Emit(v)
	}
	define := func(x ssa.Value, v ir.Value) { l.values[x] = v }

	switch in := instr.(type) {
	case *ssa.DebugRef:
		// Dropped: used only to find branch positions.

	case *ssa.BinOp:
		op, ok := binOps[in.Op]
		if !ok {
			l.unsupported(pos, "operator %s", in.Op)
		}
		l.valueType(in, pos)
		x, y := l.operand(ib, in.X, pos), l.operand(ib, in.Y, pos)
		switch x.Type().(type) {
		case ir.Int, ir.Bool:
		default:
			l.unsupported(pos, "comparison of %s values", typeString(in.X.Type()))
		}
		define(in, emit(ir.NewBinOp(op, x, y)).(ir.Value))

	case *ssa.UnOp:
		switch in.Op {
		case token.MUL:
			l.valueType(in, pos)
			define(in, emit(ir.NewLoad(l.value(in.X, pos))).(ir.Value))
		case token.SUB, token.NOT, token.XOR:
			l.valueType(in, pos)
			op := map[token.Token]ir.Op{token.SUB: ir.Neg, token.NOT: ir.Not, token.XOR: ir.Compl}[in.Op]
			define(in, emit(ir.NewUnOp(op, l.value(in.X, pos))).(ir.Value))
		case token.ARROW:
			l.unsupported(pos, "channel receive")
		default:
			l.unsupported(pos, "operator %s", in.Op)
		}

	case *ssa.Convert:
		from, why := l.lw.typ(in.X.Type(), false)
		to, why2 := l.lw.typ(in.Type(), false)
		_, fromInt := from.(ir.Int)
		_, toInt := to.(ir.Int)
		if why != "" || why2 != "" || !fromInt || !toInt {
			l.unsupported(pos, "conversion from %s to %s", typeString(in.X.Type()), typeString(in.Type()))
		}
		x := l.value(in.X, pos)
		if from == to {
			define(in, x) // int <-> int64 and the like: same IR type
			return
		}
		define(in, emit(ir.NewConvert(x, to)).(ir.Value))

	case *ssa.ChangeType:
		from, why := l.lw.typ(in.X.Type(), true)
		to, why2 := l.lw.typ(in.Type(), true)
		if why != "" || why2 != "" || from.String() != to.String() {
			l.unsupported(pos, "conversion from %s to %s", typeString(in.X.Type()), typeString(in.Type()))
		}
		define(in, l.operand(ib, in.X, pos))

	case *ssa.Phi:
		t := l.valueType(in, pos)
		p := ir.NewPhi(t, make([]ir.Value, len(in.Edges)))
		l.phis[in] = p
		define(in, emit(p).(ir.Value))

	case *ssa.Call:
		define(in, emit(l.call(ib, in, pos)).(ir.Value))

	case *ssa.Extract:
		l.valueType(in, pos)
		define(in, emit(ir.NewExtract(l.value(in.Tuple, pos), in.Index)).(ir.Value))

	case *ssa.Alloc:
		t := l.valueType(in, pos)
		define(in, emit(ir.NewAlloc(t.(ir.Pointer).Elem)).(ir.Value))

	case *ssa.Store:
		ptr := l.value(in.Addr, pos)
		emit(ir.NewStore(ptr, l.operand(ib, in.Val, pos)))

	case *ssa.IndexAddr:
		pt, ok := in.X.Type().Underlying().(*types.Pointer)
		if !ok {
			l.unsupported(pos, "slice indexing")
		}
		if _, ok := pt.Elem().Underlying().(*types.Array); !ok {
			l.unsupported(pos, "indexing of %s", typeString(pt))
		}
		l.valueType(in, pos)
		define(in, emit(ir.NewIndexAddr(l.value(in.X, pos), l.value(in.Index, pos))).(ir.Value))

	case *ssa.Index:
		if _, ok := in.X.Type().Underlying().(*types.Array); !ok {
			l.unsupported(pos, "indexing of %s", typeString(in.X.Type()))
		}
		l.valueType(in, pos)
		define(in, emit(ir.NewIndex(l.operand(ib, in.X, pos), l.value(in.Index, pos))).(ir.Value))

	case *ssa.MakeInterface:
		// The argument of a panic is dropped (Panic.X is nil), and so is
		// its conversion to interface.
		for _, r := range *in.Referrers() {
			switch r.(type) {
			case *ssa.Panic, *ssa.DebugRef:
			default:
				l.unsupported(pos, "conversion to interface %s", typeString(in.Type()))
			}
		}

	case *ssa.If:
		cond := l.value(in.Cond, pos)
		t := &ir.If{Cond: cond}
		t.Pos, t.Text = l.branch(b, in)
		ib.SetTerm(t, l.succs(b)...)

	case *ssa.Jump:
		t := &ir.Jump{}
		t.Pos = ipos
		ib.SetTerm(t, l.succs(b)...)

	case *ssa.Return:
		t := &ir.Return{}
		for _, r := range in.Results {
			t.Results = append(t.Results, l.operand(ib, r, pos))
		}
		t.Pos = ipos
		ib.SetTerm(t)

	case *ssa.Panic:
		t := &ir.Panic{}
		t.Pos = ipos
		ib.SetTerm(t)

	default:
		if v, ok := instr.(ssa.Value); ok {
			if _, isSlice := v.Type().Underlying().(*types.Slice); isSlice {
				l.unsupported(pos, "%s value", typeString(v.Type()))
			}
		}
		l.unsupported(pos, "%s", describe(instr))
	}
}

// succs returns the IR blocks of b's successors.
func (l *fnLowering) succs(b *ssa.BasicBlock) []*ir.Block {
	var out []*ir.Block
	for _, s := range b.Succs {
		out = append(out, l.blocks[s.Index])
	}
	return out
}

// call lowers a call of a function of the module.
func (l *fnLowering) call(ib *ir.Block, in *ssa.Call, pos token.Pos) *ir.Call {
	common := in.Common()
	if common.IsInvoke() {
		l.unsupported(pos, "call of interface method %s", common.Method.FullName())
	}
	callee := common.StaticCallee()
	if callee == nil {
		if b, ok := common.Value.(*ssa.Builtin); ok {
			l.unsupported(pos, "call of builtin %s", b.Name())
		}
		l.unsupported(pos, "call of a function value")
	}
	switch {
	case callee.Parent() != nil:
		l.unsupported(pos, "call of closure %s", callee.Name())
	case callee.TypeParams().Len() > 0 || callee.Origin() != nil:
		l.unsupported(pos, "call of generic function %s", callee.String())
	case callee.Synthetic != "" || callee.Pkg == nil || !l.lw.inModule[callee.Pkg.Pkg]:
		l.unsupported(pos, "call of %s", callee.String())
	case len(callee.Blocks) == 0:
		l.unsupported(pos, "call of %s, which has no Go body", callee.String())
	}
	cs := l.lw.header(callee)
	if len(cs.ir.Params) != len(callee.Params) || len(cs.ir.Results) != callee.Signature.Results().Len() {
		l.unsupported(pos, "call of %s (%v)", cs.ir.Name, cs.err)
	}
	l.st.calls = append(l.st.calls, call{callee, l.lw.prog.Fset.Position(pos)})
	if !cs.lowered {
		l.lw.pending = append(l.lw.pending, callee)
	}
	var args []ir.Value
	for _, a := range common.Args {
		args = append(args, l.operand(ib, a, pos))
	}
	return ir.NewCall(cs.ir, args)
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
	switch in := instr.(type) {
	case *ssa.FieldAddr, *ssa.Field:
		return "struct field"
	case *ssa.Slice:
		return "slice expression"
	case *ssa.MakeMap:
		return "map creation"
	case *ssa.MakeChan:
		return "channel creation"
	case *ssa.MakeClosure:
		return "function literal"
	case *ssa.Lookup:
		if _, ok := in.X.Type().Underlying().(*types.Map); ok {
			return "map index"
		}
		return "string index"
	case *ssa.MapUpdate:
		return "map assignment"
	case *ssa.Range, *ssa.Next:
		return "range over a map or string"
	case *ssa.TypeAssert:
		return "type assertion"
	case *ssa.ChangeInterface:
		return "interface conversion"
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

// ---- Branch positions ----

// branch returns the source position and text of the condition of the If
// ending b: the boolean expression whose value the condition is, once
// go/ssa's cond has stripped parentheses, ! and the operands of && and ||.
//
//   - Ordinary conditions (if, for, the cases of a tagless switch, the
//     left operand of a && or || whose value is used): the DebugRef that
//     b.expr emitted for the expression just before the If.
//   - Cases of an expression switch: go/ssa compares tag == case itself,
//     with the case expression's position and no DebugRef; the position
//     is the case expression's, the text "tag == case".
//   - Range loops over an integer or an array: the comparison is
//     synthesised with no position; the position is the for keyword's, the
//     text "range x".
func (l *fnLowering) branch(b *ssa.BasicBlock, in *ssa.If) (ir.Pos, string) {
	for i := len(b.Instrs) - 1; i >= 0; i-- {
		if ref, ok := b.Instrs[i].(*ssa.DebugRef); ok && ref.X == in.Cond && !ref.IsAddr {
			return l.lw.pos(ref.Expr.Pos()), l.lw.src.text(l.lw.prog.Fset, ref.Expr)
		}
	}
	if bin, ok := in.Cond.(*ssa.BinOp); ok {
		if bin.Op == token.EQL && bin.Pos().IsValid() {
			if c, ok := l.switchCases()[bin.Pos()]; ok {
				src := l.lw.src
				return l.lw.pos(c.expr.Pos()), src.text(l.lw.prog.Fset, c.tag) + " == " + src.text(l.lw.prog.Fset, c.expr)
			}
		}
		if bin.Op == token.LSS && !bin.Pos().IsValid() {
			if s, ok := l.rangeLoops()[b.Succs[0]]; ok {
				return l.lw.pos(s.For), "range " + l.lw.src.text(l.lw.prog.Fset, s.X)
			}
		}
	}
	if _, ok := in.Cond.(*ssa.Const); ok {
		if e := l.constantCondition(); e != nil {
			return l.lw.pos(e.Pos()), l.lw.src.text(l.lw.prog.Fset, e)
		}
		l.unsupported(in.Cond.Pos(), "constant condition")
	}
	l.unsupported(in.Cond.Pos(), "condition %s with no source expression", in.Cond.Name())
	return ir.Pos{}, ""
}

// constantCondition returns the constant leaf condition of the function
// when there is exactly one, and exactly one If on a constant: go/ssa
// emits no DebugRef for constants, and with several of them nothing ties
// an If to its expression.
func (l *fnLowering) constantCondition() ast.Expr {
	ifs := 0
	for _, b := range l.fn.Blocks {
		if in, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
			if _, ok := in.Cond.(*ssa.Const); ok {
				ifs++
			}
		}
	}
	info := l.lw.infos[l.fn.Pkg.Pkg]
	if ifs != 1 || info == nil {
		return nil
	}
	var leaves []ast.Expr
	seen := map[ast.Expr]bool{}
	var leaf func(e ast.Expr)
	leaf = func(e ast.Expr) {
		switch x := e.(type) {
		case *ast.ParenExpr:
			leaf(x.X)
			return
		case *ast.UnaryExpr:
			if x.Op == token.NOT {
				leaf(x.X)
				return
			}
		case *ast.BinaryExpr:
			if x.Op == token.LAND || x.Op == token.LOR {
				leaf(x.X)
				leaf(x.Y)
				return
			}
		}
		if tv, ok := info.Types[e]; ok && tv.Value != nil && !seen[e] {
			seen[e] = true
			leaves = append(leaves, e)
		}
	}
	l.inspect(func(n ast.Node) {
		switch s := n.(type) {
		case *ast.IfStmt:
			leaf(s.Cond)
		case *ast.ForStmt:
			if s.Cond != nil {
				leaf(s.Cond)
			}
		case *ast.SwitchStmt:
			if s.Tag == nil {
				for _, c := range s.Body.List {
					for _, e := range c.(*ast.CaseClause).List {
						leaf(e)
					}
				}
			}
		case *ast.BinaryExpr:
			// The left operand of a && or || whose value is used.
			if s.Op == token.LAND || s.Op == token.LOR {
				leaf(s.X)
			}
		}
	})
	if len(leaves) != 1 {
		return nil
	}
	return leaves[0]
}

// switchCases returns the values of the case clauses of the expression
// switches of the function, by position.
func (l *fnLowering) switchCases() map[token.Pos]caseExpr {
	if l.cases != nil {
		return l.cases
	}
	l.cases = map[token.Pos]caseExpr{}
	l.inspect(func(n ast.Node) {
		s, ok := n.(*ast.SwitchStmt)
		if !ok || s.Tag == nil {
			return
		}
		for _, c := range s.Body.List {
			for _, e := range c.(*ast.CaseClause).List {
				l.cases[e.Pos()] = caseExpr{tag: s.Tag, expr: e}
			}
		}
	})
	return l.cases
}

// rangeLoops maps the first block of the body of each range loop over an
// integer, array, pointer to array or slice to its statement.
//
// go/ssa creates each such loop's body block when it meets the statement,
// before the blocks of the statements inside, so the body blocks, taken in
// block order, follow the range statements in source preorder. An empty
// body is jump-threaded away: the loop's header block, made at the same
// time, is then the successor of its conditions and stands in for it.
func (l *fnLowering) rangeLoops() map[*ssa.BasicBlock]*ast.RangeStmt {
	if l.ranges != nil {
		return l.ranges
	}
	l.ranges = map[*ssa.BasicBlock]*ast.RangeStmt{}
	var stmts []*ast.RangeStmt
	info := l.lw.infos[l.fn.Pkg.Pkg]
	l.inspect(func(n ast.Node) {
		s, ok := n.(*ast.RangeStmt)
		if !ok || info == nil {
			return
		}
		t := info.TypeOf(s.X)
		if t == nil {
			return
		}
		switch u := t.Underlying().(type) {
		case *types.Basic:
			if u.Info()&types.IsInteger != 0 {
				stmts = append(stmts, s)
			}
		case *types.Array, *types.Slice:
			stmts = append(stmts, s)
		case *types.Pointer:
			if _, ok := u.Elem().Underlying().(*types.Array); ok {
				stmts = append(stmts, s)
			}
		}
	})
	// The successors of the synthesised range conditions, in block order.
	var heads []*ssa.BasicBlock
	seen := map[*ssa.BasicBlock]bool{}
	for _, b := range l.fn.Blocks {
		in, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		bin, ok := in.Cond.(*ssa.BinOp)
		if !ok || bin.Op != token.LSS || bin.Pos().IsValid() {
			continue
		}
		switch s := b.Succs[0]; s.Comment {
		case "rangeint.body", "rangeindex.body", "rangeint.loop", "rangeindex.loop":
			if !seen[s] {
				seen[s] = true
				heads = append(heads, s)
			}
		}
	}
	sortBlocks(heads)
	if len(heads) != len(stmts) {
		return l.ranges // unreachable loops: positions unknown
	}
	for i, h := range heads {
		l.ranges[h] = stmts[i]
	}
	return l.ranges
}

func sortBlocks(bs []*ssa.BasicBlock) {
	for i := 1; i < len(bs); i++ {
		for j := i; j > 0 && bs[j].Index < bs[j-1].Index; j-- {
			bs[j], bs[j-1] = bs[j-1], bs[j]
		}
	}
}

// inspect calls visit on every node of the function's syntax, in
// preorder, except inside function literals (other functions).
func (l *fnLowering) inspect(visit func(ast.Node)) {
	syntax := l.fn.Syntax()
	if syntax == nil {
		return
	}
	ast.Inspect(syntax, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		visit(n)
		return true
	})
}
