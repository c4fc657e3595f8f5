package ssaexec

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/pbcc/pbcc/gen/ir"
)

// ---- Interfaces other than error ----
//
// An interface type I becomes an *ir.Interface whose implementations
// (the dynamic types a value may have) are, in a fixed order:
//
//   - when I has methods, the named types T of the module's packages, and
//     their pointers *T, that implement I (types.Implements);
//   - the concrete types the module converts to I (MakeInterface) or
//     asserts from an I (TypeAssert, type switch cases), basic types
//     included;
//   - the candidates of the interfaces the module converts to I
//     (ChangeInterface), and those of the interfaces it asserts an I to
//     that implement I;
//   - for an interface without methods (any), the first of int, string
//     and bool not listed yet: a type no case names;
//   - when none of these is a type of the module the model can hold, a
//     stock implementation (lowerstock.go): *bytes.Buffer for io.Reader,
//     io.Writer, fmt.Stringer and the like, pbcc's fmt.State.
//
// The lowering handles
//
//	MakeInterface x              MakeIface x, tag of x's type
//	x.(T), T concrete            IfaceValue x, tag of T (a run-time check)
//	v, ok := x.(T), type         IfaceValue x, tag of T, CommaOk (go/ssa
//	switch cases                 lowers a type switch to a chain of them)
//	x == nil, x != nil           IfaceIs x, nil (and Not)
//	x == y (interfaces)          both nil, or one dynamic type and equal
//	                             values (ifaceEqual)
//	ChangeInterface, x.(J) and   IfaceConvert x, the tag in J of each
//	v, ok := x.(J), J an         dynamic type of x (0 when it does not
//	interface                    implement J)
//	x.M(args) (invoke)           IfaceMethod x, M: one function per
//	                             dynamic type, each taking x and the
//	                             arguments, extracting its value (and
//	                             loading it, for a *T whose M has a value
//	                             receiver; following embedded fields) and
//	                             calling T's M, or dispatching again for
//	                             an embedded interface's; then
//	                             CallIndirect of it on (x, args)
//
// and stops at comparisons of interfaces that may hold values Go cannot
// compare, and at conversions between an error and other interfaces. A method promoted from an
// embedded field is called on that field.

// ifaceType returns the IR type of the interface type t (not error).
func (lw *lowerer) ifaceType(t types.Type, it *types.Interface) (ir.Type, string) {
	if _, ok := t.(*types.TypeParam); ok {
		return nil, "value of type parameter " + typeString(t)
	}
	if i, ok := lw.ifaces.At(t).(*ir.Interface); ok {
		return i, ""
	}
	i := &ir.Interface{Name: lw.localTypeString(t), Src: t}
	// Cached before the implementations are lowered: one may hold an I.
	lw.ifaces.Set(t, i)
	cands := lw.implementations(t, it)
	var lowered []types.Type
	for _, c := range cands {
		if _, why := lw.typ(c); why == "" {
			lowered = append(lowered, c)
		}
	}
	if !slices.ContainsFunc(lowered, lw.declaredInModule) {
		// An interface no type of the module implements, or none the
		// model can hold (io.Writer, fmt.State; another package's
		// types a test cannot write, a *tabwriter.Writer, aside): a
		// value of the standard library's, or pbcc's
		// (lowerstock.go), rather than only nil.
		if c := lw.stockImplementation(it); c != nil {
			cands = append(cands, c)
		}
	}
	for _, c := range cands {
		ct, why := lw.typ(c)
		if why != "" {
			continue // never an input; a conversion from it fails where it is
		}
		name := lw.localTypeString(c)
		if IsState(c) {
			name = StateName // as the driver and the tests declare it
		}
		i.Impls = append(i.Impls, ir.Impl{Name: name, T: ct, Src: c})
	}
	return i, ""
}

// localTypeString prints t with the module's packages unqualified.
func (lw *lowerer) localTypeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string {
		if lw.inModule[p] {
			return ""
		}
		return p.Name()
	})
}

// implementations returns the candidate dynamic types of interface t, in
// a deterministic order: by name, T before *T.
func (lw *lowerer) implementations(t types.Type, it *types.Interface) []types.Type {
	var cands []types.Type
	add := func(c types.Type) {
		if types.IsInterface(c) {
			return
		}
		for _, d := range cands {
			if types.Identical(c, d) {
				return
			}
		}
		cands = append(cands, c)
	}
	if it.NumMethods() > 0 {
		for _, p := range lw.modulePackages() {
			for _, n := range ConcreteTypes(p.Pkg) {
				if types.Implements(n, it) {
					add(n)
				}
				if p := types.NewPointer(n); types.Implements(p, it) {
					add(p)
				}
			}
		}
	}
	for _, c := range lw.namedWith(t) {
		add(c)
	}
	// What an interface converted to t may hold; what t may hold to be
	// asserted to an interface.
	if visiting, _ := lw.implVisiting.At(t).(bool); !visiting {
		lw.implVisiting.Set(t, true)
		for _, u := range lw.ifaceUses {
			if !types.Identical(u.iface, t) {
				continue
			}
			o, ok := u.other.Underlying().(*types.Interface)
			if !ok {
				continue
			}
			for _, c := range lw.implementations(u.other, o) {
				// A stock value of the other interface (a fmt.State
				// passed on as an io.Writer) is not one of t's: t
				// gets its own when the module has none.
				if !IsStock(c) && types.Implements(c, it) {
					add(c)
				}
			}
		}
		lw.implVisiting.Delete(t)
	}
	if it.NumMethods() == 0 {
		// One more type than the module names, so that a value of a type
		// no case lists (a default case, v != nil) is an input too.
		for _, k := range []types.BasicKind{types.Int, types.String, types.Bool} {
			n := len(cands)
			if add(types.Typ[k]); len(cands) > n {
				break
			}
		}
	}
	key := func(c types.Type) (string, bool) {
		if p, ok := c.(*types.Pointer); ok {
			return lw.localTypeString(p.Elem()), true
		}
		return lw.localTypeString(c), false
	}
	sort.SliceStable(cands, func(i, j int) bool {
		a, ap := key(cands[i])
		b, bp := key(cands[j])
		if a != b {
			return a < b
		}
		return !ap && bp
	})
	return cands
}

// modulePackages returns the SSA packages of the module, by path.
func (lw *lowerer) modulePackages() []*ssa.Package {
	var ps []*ssa.Package
	for _, p := range lw.prog.AllPackages() {
		if lw.inModule[p.Pkg] {
			ps = append(ps, p)
		}
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].Pkg.Path() < ps[j].Pkg.Path() })
	return ps
}

// namedWith returns the concrete types the module's functions convert to
// the interface t or assert from a t.
func (lw *lowerer) namedWith(t types.Type) []types.Type {
	if lw.ifaceUses == nil {
		lw.scanIfaceUses()
	}
	var out []types.Type
	for _, u := range lw.ifaceUses {
		if types.Identical(u.iface, t) && !types.IsInterface(u.other) {
			out = append(out, u.other)
		}
	}
	return out
}

// An ifaceUse is a conversion of a type to an interface (other to
// iface), or an assertion from an interface to a type (iface to other);
// other is a concrete type or an interface.
type ifaceUse struct{ iface, other types.Type }

// scanIfaceUses lists the conversions to and assertions from interfaces
// in every function of the module.
func (lw *lowerer) scanIfaceUses() {
	lw.ifaceUses = []ifaceUse{}
	seen := map[*ssa.Function]bool{}
	var visit func(fn *ssa.Function)
	visit = func(fn *ssa.Function) {
		if fn == nil || seen[fn] {
			return
		}
		seen[fn] = true
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case *ssa.MakeInterface:
					lw.ifaceUses = append(lw.ifaceUses, ifaceUse{in.Type(), in.X.Type()})
				case *ssa.ChangeInterface:
					lw.ifaceUses = append(lw.ifaceUses, ifaceUse{in.Type(), in.X.Type()})
				case *ssa.TypeAssert:
					lw.ifaceUses = append(lw.ifaceUses, ifaceUse{in.X.Type(), in.AssertedType})
				}
			}
		}
		for _, anon := range fn.AnonFuncs {
			visit(anon)
		}
	}
	for _, p := range lw.modulePackages() {
		names := make([]string, 0, len(p.Members))
		for name := range p.Members {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			switch m := p.Members[name].(type) {
			case *ssa.Function:
				visit(m)
			case *ssa.Type:
				if n, ok := m.Type().(*types.Named); ok && n.TypeParams().Len() == 0 {
					for i := range n.NumMethods() {
						visit(lw.prog.FuncValue(n.Method(i)))
					}
				}
			}
		}
	}
}

// implTag returns the tag of the dynamic type c in i, or 0.
func implTag(i *ir.Interface, c types.Type) int {
	for k, im := range i.Impls {
		if t, ok := im.Src.(types.Type); ok && types.Identical(t, c) {
			return k + 1
		}
	}
	return 0
}

// makeInterface lowers the conversion of a concrete value to an
// interface other than error.
func (l *fnLowering) makeInterface(in *ssa.MakeInterface, pos token.Pos) ir.Value {
	it := l.valueType(in, pos).(*ir.Interface)
	if types.IsInterface(in.X.Type()) {
		l.unsupported(pos, "conversion of %s to interface %s (conversions between interfaces are not modelled yet)", typeString(in.X.Type()), typeString(in.Type()))
	}
	l.valueType(in.X, pos)
	tag := implTag(it, in.X.Type())
	if tag == 0 {
		l.unsupported(pos, "conversion of %s to interface %s", typeString(in.X.Type()), typeString(in.Type()))
	}
	return l.emit(ir.NewMakeIface(l.value(in.X, pos), it, tag))
}

// typeAssert lowers x.(T) and v, ok := x.(T) for a concrete T.
func (l *fnLowering) typeAssert(in *ssa.TypeAssert, pos token.Pos) ir.Value {
	if isError(in.X.Type()) {
		l.unsupported(pos, "type assertion of an error to %s (only errors made by errors.New and fmt.Errorf are modelled)", typeString(in.AssertedType))
	}
	if types.IsInterface(in.AssertedType) {
		return l.convertIface(in.X, in.AssertedType, true, in.CommaOk, pos)
	}
	x := l.value(in.X, pos)
	it, ok := x.Type().(*ir.Interface)
	if !ok {
		l.unsupported(pos, "type assertion on %s", typeString(in.X.Type()))
	}
	l.valueType(in, pos)
	tag := implTag(it, in.AssertedType)
	if tag == 0 {
		l.unsupported(pos, "type assertion to %s (%s value)", typeString(in.AssertedType), typeString(in.AssertedType))
	}
	return l.emit(ir.NewIfaceValue(x, tag, in.CommaOk))
}

// convertIface lowers the conversion of the interface value x to the
// interface type to: ChangeInterface, or with assert the assertion
// x.(to) (commaOk: v, ok := x.(to)).
func (l *fnLowering) convertIface(x ssa.Value, to types.Type, assert, commaOk bool, pos token.Pos) ir.Value {
	what := "conversion of " + typeString(x.Type()) + " to interface " + typeString(to)
	if assert {
		what = "type assertion of " + typeString(x.Type()) + " to interface " + typeString(to)
	}
	xv := l.value(x, pos)
	from, ok := xv.Type().(*ir.Interface)
	if !ok {
		l.unsupported(pos, "%s (errors are not modelled as interface values)", what)
	}
	tt, why := l.lw.typ(to)
	if why != "" {
		l.unsupported(pos, "%s: %s", what, why)
	}
	target, ok := tt.(*ir.Interface)
	if !ok {
		l.unsupported(pos, "%s (errors are not modelled as interface values)", what)
	}
	it := to.Underlying().(*types.Interface)
	tags := make([]int, len(from.Impls))
	for k, im := range from.Impls {
		c := im.Src.(types.Type)
		if !types.Implements(c, it) {
			continue
		}
		if tags[k] = implTag(target, c); tags[k] == 0 {
			l.unsupported(pos, "%s holding a %s (%s has no IR type)", what, typeString(c), typeString(c))
		}
	}
	return l.emit(ir.NewIfaceConvert(xv, target, tags, assert, commaOk))
}

// ifaceEqualDepth bounds the interfaces nested in one another that a
// comparison looks into: symexec.DefaultBounds.Depth.
const ifaceEqualDepth = 4

// ifaceCompare lowers x == y and x != y for interfaces: IfaceIs nil
// against nil, ifaceEqual otherwise.
func (l *fnLowering) ifaceCompare(op ir.Op, x, y ir.Value, in *ssa.BinOp, pos token.Pos) ir.Value {
	if op != ir.Eq && op != ir.Ne {
		l.unsupported(pos, "operator %s on %s", in.Op, typeString(in.X.Type()))
	}
	var eq ir.Value
	if c, ok := x.(*ir.Const); ok && c.T == x.Type() {
		eq = l.emit(ir.NewIfaceIs(y, 0))
	} else if c, ok := y.(*ir.Const); ok && c.T == y.Type() {
		eq = l.emit(ir.NewIfaceIs(x, 0))
	} else {
		eq = l.ifaceEqual(x, y, pos)
	}
	if op == ir.Ne {
		return l.emit(ir.NewUnOp(ir.Not, eq))
	}
	return eq
}

// ifaceEqual returns x == y for two interfaces of one type: both nil, or
// of one dynamic type with equal values,
//
//	(x is nil && y is nil) || (x.(T1),ok && y.(T1),ok && x.(T1) == y.(T1)) || ...
//
// It fails when a dynamic type is not comparable (Go panics then). A
// dynamic type may hold the interface again (a struct embedding it):
// past ifaceEqualDepth nested interfaces, only two nils are equal, which
// is exact for the inputs pbcc makes (nil past the same depth).
func (l *fnLowering) ifaceEqual(x, y ir.Value, pos token.Pos) ir.Value {
	it := x.Type().(*ir.Interface)
	and := func(a, b ir.Value) ir.Value { return l.emit(ir.NewBinOp(ir.And, a, b)) }
	eq := and(l.emit(ir.NewIfaceIs(x, 0)), l.emit(ir.NewIfaceIs(y, 0)))
	if l.eqDepth >= ifaceEqualDepth {
		return eq
	}
	l.eqDepth++
	defer func() { l.eqDepth-- }()
	for k, im := range it.Impls {
		if c, ok := im.Src.(types.Type); ok && !types.Comparable(c) {
			l.unsupported(pos, "comparison of %s values, which may hold a %s (not comparable: Go panics)", it.Name, im.Name)
		}
		xk := l.emit(ir.NewIfaceValue(x, k+1, true))
		yk := l.emit(ir.NewIfaceValue(y, k+1, true))
		same := and(l.emit(ir.NewExtract(xk, 1)), l.emit(ir.NewExtract(yk, 1)))
		vals := l.equal(l.emit(ir.NewExtract(xk, 0)), l.emit(ir.NewExtract(yk, 0)))
		eq = l.emit(ir.NewBinOp(ir.Or, eq, and(same, vals)))
	}
	return eq
}

// invokeIface lowers x.M(args) for an interface x other than error.
func (l *fnLowering) invokeIface(common *ssa.CallCommon, pos token.Pos) ir.Value {
	x := l.value(common.Value, pos)
	it, ok := x.Type().(*ir.Interface)
	if !ok {
		l.unsupported(pos, "call of method %s of %s", common.Method.Name(), typeString(common.Value.Type()))
	}
	sig := common.Method.Type().(*types.Signature)
	params, why := l.lw.types(sig.Params())
	if why != "" {
		l.unsupported(pos, "call of method %s of %s: %s", common.Method.Name(), typeString(common.Value.Type()), why)
	}
	results, why := l.lw.types(sig.Results())
	if why != "" {
		l.unsupported(pos, "call of method %s of %s: %s", common.Method.Name(), typeString(common.Value.Type()), why)
	}
	fns := make([]*ir.FuncRef, len(it.Impls))
	for k, im := range it.Impls {
		if f := l.dispatch(it, k+1, im.Src.(types.Type), common.Method, pos); f != nil {
			fns[k] = &ir.FuncRef{Func: f}
		}
	}
	fsig := &ir.Signature{Params: append([]ir.Type{it}, params...), Results: results}
	fv := l.emit(ir.NewIfaceMethod(x, common.Method.Name(), fns, fsig))
	args := []ir.Value{x}
	for _, a := range common.Args {
		args = append(args, l.value(a, pos))
	}
	return l.emit(ir.NewCallIndirect(fv, args))
}

// dispatch returns the function that calls method m of the dynamic type
// c (tag k of it) on an interface value: it extracts the value, loads it
// for a pointer whose method has a value receiver, follows the embedded
// fields a promoted method comes from, and calls the method, or, for a
// method of an embedded interface, dispatches again on that interface.
// It is made once per interface, tag and method.
func (l *fnLowering) dispatch(it *ir.Interface, k int, c types.Type, m *types.Func, pos token.Pos) *ir.Func {
	sel := l.lw.prog.MethodSets.MethodSet(c).Lookup(m.Pkg(), m.Name())
	if sel == nil {
		return nil
	}
	key := fmt.Sprintf("%p/%d/%s", it, k, m.Id())
	if f, ok := l.lw.dispatchers[key]; ok {
		if fn, ok := f.Src.(*ssa.Function); ok {
			l.callee(fn, pos, "call")
		}
		return f
	}
	obj := sel.Obj().(*types.Func)
	sig := obj.Type().(*types.Signature)
	_, abstract := sig.Recv().Type().Underlying().(*types.Interface)
	f := &ir.Func{Name: fmt.Sprintf("%s.%s@%s", it.Name, m.Name(), it.Impls[k-1].Name), Pos: l.lw.pos(obj.Pos()), Lang: ir.Go}
	var cs *funcState
	if !abstract {
		fn := l.lw.prog.FuncValue(obj)
		if fn == nil {
			l.unsupported(pos, "call of method %s of %s, which has no Go body", m.Name(), typeString(c))
		}
		cs = l.callee(fn, pos, "call")
		f.Src = fn
	}
	params, why := l.lw.types(sig.Params())
	if why != "" {
		l.unsupported(pos, "call of method %s of %s: %s", m.Name(), typeString(c), why)
	}
	results, why := l.lw.types(sig.Results())
	if why != "" {
		l.unsupported(pos, "call of method %s of %s: %s", m.Name(), typeString(c), why)
	}
	x := ir.NewParam("x", it)
	f.Params = []*ir.Param{x}
	args := []ir.Value{nil}
	for i, p := range params {
		q := ir.NewParam(fmt.Sprintf("a%d", i), p)
		f.Params = append(f.Params, q)
		args = append(args, q)
	}
	f.Results = results
	if l.lw.dispatchers == nil {
		l.lw.dispatchers = map[string]*ir.Func{}
	}
	// Known before its body is made: a type may embed the interface it
	// implements.
	l.lw.dispatchers[key] = f
	b := f.NewBlock("dispatch")
	emit := func(in interface {
		ir.Instr
		SetPosition(ir.Pos)
	}) ir.Value {
		in.SetPosition(f.Pos)
		b.Emit(in)
		v, _ := in.(ir.Value)
		return v
	}
	// The receiver: the value held, or a field of it for a method
	// promoted from an embedded field; addr is its address when it is
	// reached through a pointer, val its value otherwise (or once loaded).
	var addr, val ir.Value
	held := emit(ir.NewIfaceValue(x, k, false))
	cur := c
	if p, ok := c.Underlying().(*types.Pointer); ok {
		addr, cur = held, p.Elem()
	} else {
		val = held
	}
	path := sel.Index()
	for _, fi := range path[:len(path)-1] {
		st, ok := cur.Underlying().(*types.Struct)
		if !ok {
			l.unsupported(pos, "call of method %s of %s through %s", m.Name(), typeString(c), typeString(cur))
		}
		if addr != nil {
			addr, val = emit(ir.NewFieldAddr(addr, fi)), nil
		} else {
			val = emit(ir.NewFieldOf(val, fi))
		}
		cur = st.Field(fi).Type()
		if p, ok := cur.Underlying().(*types.Pointer); ok {
			// An embedded pointer: what it points to is addressable.
			if val == nil {
				val = emit(ir.NewLoad(addr))
			}
			addr, val, cur = val, nil, p.Elem()
		}
	}
	_, recvPtr := sig.Recv().Type().(*types.Pointer)
	recv := val
	switch {
	case abstract || !recvPtr:
		if val == nil {
			recv = emit(ir.NewLoad(addr))
		}
	case addr == nil:
		l.unsupported(pos, "call of method %s of %s, which needs an addressable receiver", m.Name(), typeString(c))
	default:
		recv = addr
	}
	args[0] = recv
	var call ir.Value
	if abstract {
		inner, ok := recv.Type().(*ir.Interface)
		if !ok {
			l.unsupported(pos, "call of method %s of %s, promoted from an embedded %s", m.Name(), typeString(c), typeString(cur))
		}
		fns := make([]*ir.FuncRef, len(inner.Impls))
		for j, im := range inner.Impls {
			if d := l.dispatch(inner, j+1, im.Src.(types.Type), m, pos); d != nil {
				fns[j] = &ir.FuncRef{Func: d}
			}
		}
		fsig := &ir.Signature{Params: append([]ir.Type{inner}, params...), Results: results}
		fv := emit(ir.NewIfaceMethod(recv, m.Name(), fns, fsig))
		call = emit(ir.NewCallIndirect(fv, args))
	} else {
		call = emit(ir.NewCall(cs.ir, args))
	}
	ret := &ir.Return{}
	switch len(f.Results) {
	case 0:
	case 1:
		ret.Results = []ir.Value{call}
	default:
		for i := range f.Results {
			ret.Results = append(ret.Results, emit(ir.NewExtract(call, i)))
		}
	}
	ret.SetPosition(f.Pos)
	b.SetTerm(ret)
	f.Renumber()
	return f
}

// typeSwitchBranch returns the position and text of the condition of an
// If that tests a case of a type switch: the type (or nil) of the case,
// and "x.(T)" (or "x == nil"). go/ssa gives the TypeAssert of a case the
// position of the case keyword, and the comparison with nil the position
// of the nil.
func (l *fnLowering) typeSwitchBranch(in *ssa.If) (ir.Pos, string, bool) {
	var casePos, nilPos token.Pos
	var asserted types.Type
	switch c := in.Cond.(type) {
	case *ssa.Extract:
		ta, ok := c.Tuple.(*ssa.TypeAssert)
		if !ok || c.Index != 1 || !ta.CommaOk {
			return ir.Pos{}, "", false
		}
		casePos, asserted = ta.Pos(), ta.AssertedType
	case *ssa.BinOp:
		if c.Op != token.EQL || !c.Pos().IsValid() {
			return ir.Pos{}, "", false
		}
		nilPos = c.Pos()
	default:
		return ir.Pos{}, "", false
	}
	info := l.info()
	if info == nil {
		return ir.Pos{}, "", false
	}
	var pos ir.Pos
	var text string
	found := false
	fset := l.lw.prog.Fset
	l.inspect(func(n ast.Node) {
		s, ok := n.(*ast.TypeSwitchStmt)
		if !ok || found {
			return
		}
		var x ast.Expr
		switch a := s.Assign.(type) {
		case *ast.AssignStmt:
			x = a.Rhs[0].(*ast.TypeAssertExpr).X
		case *ast.ExprStmt:
			x = a.X.(*ast.TypeAssertExpr).X
		}
		for _, cl := range s.Body.List {
			cc := cl.(*ast.CaseClause)
			for _, e := range cc.List {
				switch {
				case nilPos.IsValid() && e.Pos() == nilPos:
					pos, text, found = l.lw.pos(e.Pos()), l.lw.src.text(fset, x)+" == nil", true
				case casePos.IsValid() && cc.Case == casePos && info.Types[e].Type != nil && types.Identical(info.Types[e].Type, asserted):
					pos, text, found = l.lw.pos(e.Pos()), l.lw.src.text(fset, x)+".("+l.lw.src.text(fset, e)+")", true
				}
				if found {
					return
				}
			}
		}
	})
	return pos, strings.TrimSpace(text), found
}
