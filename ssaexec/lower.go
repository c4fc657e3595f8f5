package ssaexec

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

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

	structs    typeutil.Map // types.Type -> *ir.Struct
	badStructs typeutil.Map // types.Type -> why the struct has no IR type
	// sigsLowered are the function types typ is lowering (a cycle).
	sigsLowered typeutil.Map
	// The types of signatures only (lowersig.go).
	sigStructs    typeutil.Map // types.Type -> *ir.Struct
	reflectValues map[*types.Package]*ir.Interface
	globals       map[*ssa.Global]*ir.Global
	inits         map[*ssa.Package]map[*ssa.Global]ssa.Value // the one value init stores in each global
	sentinels     map[*ir.Global]bool                        // error globals made by errors.New in init
	noInit        map[*ir.Global]string                      // why a global's initial value is not known

	// globalInputs makes the package-level variables a function reads
	// inputs, which the tests set (pbcc gen -globals).
	globalInputs bool

	// Interfaces (loweriface.go).
	ifaces       typeutil.Map        // types.Type -> *ir.Interface
	ifaceUses    []ifaceUse          // conversions to and assertions from interfaces, nil until scanned
	implVisiting typeutil.Map        // types.Type -> bool: interfaces whose implementations are being listed
	dispatchers  map[string]*ir.Func // by interface, tag and method

	// The stock implementations (lowerstock.go): *bytes.Buffer, looked up
	// once; dir is where the packages were loaded from.
	buffer     types.Type
	bufferDone bool
	dir        string

	// The insertion sorts called instead of the standard library's
	// (lowersort.go), built on first use.
	sortPkg *ssa.Package
	sortErr error
	sorts   map[string]*ir.Func // insertion sorts written in the IR (lowersort.go), by kind and types
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
		infos:     infos,
		prog:      prog,
		sizes:     sizes,
		inModule:  inModule,
		funcs:     map[*ssa.Function]*funcState{},
		src:       sourceCache{},
		globals:   map[*ssa.Global]*ir.Global{},
		inits:     map[*ssa.Package]map[*ssa.Global]ssa.Value{},
		sentinels: map[*ir.Global]bool{},
		noInit:    map[*ir.Global]string{},
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
		t, why := lw.typ(p.Type())
		if why != "" {
			fail(p.Pos(), "parameter %s: %s", p.Name(), why)
			// The body is not lowered, but an approximate type lets the
			// function be searched on the real code (lowersig.go).
			if t, why = lw.sigType(p.Type(), fnPkg(fn)); why != "" {
				continue
			}
		}
		name := p.Name()
		if name == "" || name == "_" {
			name = fmt.Sprintf("arg%d", i)
		}
		f.Params = append(f.Params, ir.NewParam(name, t))
	}
	if len(fn.Params) == 0 && externValue(fn) {
		// A function of the standard library used as a value has no
		// body here, so no parameters: take the signature's.
		f.Params = externParams(lw, fn, fail)
	}
	for _, v := range fn.FreeVars {
		t, why := lw.typ(v.Type())
		if why != "" {
			fail(v.Pos(), "captured variable %s: %s", v.Name(), why)
			continue
		}
		f.FreeVars = append(f.FreeVars, ir.NewParam(v.Name(), t))
	}
	res := fn.Signature.Results()
	for i := range res.Len() {
		t, why := lw.typ(res.At(i).Type())
		if why != "" {
			fail(fn.Pos(), "result: %s", why)
			if t, why = lw.sigType(res.At(i).Type(), fnPkg(fn)); why != "" {
				continue
			}
		}
		f.Results = append(f.Results, t)
	}
	return st
}

// fnPkg is the package of fn, nil for a wrapper of none.
func fnPkg(fn *ssa.Function) *types.Package {
	if fn.Pkg != nil {
		return fn.Pkg.Pkg
	}
	return nil
}

// IRName is the name the lowering gives fn (ir.Func.Name, cover's
// Site.Func): see irName.
func IRName(fn *ssa.Function) string { return irName(fn) }

// irName is "pkg.F" for a function, "pkg.T.M" for a method of T or *T,
// "pkg.T.M$bound" (or $thunk, $wrapper) for the wrappers go/ssa makes
// around a method.
func irName(fn *ssa.Function) string {
	pkg := ""
	if fn.Pkg != nil {
		pkg = fn.Pkg.Pkg.Name() + "."
	} else if obj, ok := fn.Object().(*types.Func); ok && obj.Pkg() != nil {
		pkg = obj.Pkg().Name() + "."
	}
	recv, name := fn.Signature.Recv(), fn.Name()
	if wrapper(fn) {
		recv = fn.Object().Type().(*types.Signature).Recv()
		if !strings.Contains(name, "$") {
			name += "$wrapper"
		}
	}
	if recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return pkg + n.Obj().Name() + "." + name
		}
	}
	return pkg + name
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
//   - Range loops over an integer, an array, a slice, a string or a map:
//     the comparison (or the iterator's ok) is synthesised with no
//     position; the position is the for keyword's, the text "range x".
func (l *fnLowering) branch(b *ssa.BasicBlock, in *ssa.If) (ir.Pos, string) {
	for i := len(b.Instrs) - 1; i >= 0; i-- {
		if ref, ok := b.Instrs[i].(*ssa.DebugRef); ok && ref.X == in.Cond && !ref.IsAddr {
			return l.lw.pos(ref.Expr.Pos()), l.lw.src.text(l.lw.prog.Fset, ref.Expr)
		}
	}
	if ex, ok := in.Cond.(*ssa.Extract); ok && ex.Index == 0 {
		if next, ok := ex.Tuple.(*ssa.Next); ok {
			if s := l.rangeStmt(next.Iter.Pos()); s != nil {
				return l.lw.pos(s.For), "range " + l.lw.src.text(l.lw.prog.Fset, s.X)
			}
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
	if pos, text, ok := l.typeSwitchBranch(in); ok {
		return pos, text
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
	info := l.info()
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
	info := l.info()
	l.inspect(func(n ast.Node) {
		s, ok := n.(*ast.RangeStmt)
		if !ok || info == nil {
			return
		}
		t := coreType(info.TypeOf(s.X))
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
// preorder, except inside function literals (other functions). The
// syntax of a function literal is its *ast.FuncLit, which is walked.
func (l *fnLowering) inspect(visit func(ast.Node)) {
	syntax := l.fn.Syntax()
	if syntax == nil {
		return
	}
	ast.Inspect(syntax, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok && n != syntax {
			return false
		}
		visit(n)
		return true
	})
}
