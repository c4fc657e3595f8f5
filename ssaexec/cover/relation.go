package cover

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Relations. Besides its two outcomes, an ordered comparison leaf
// (a < b, a <= b, a > b, a >= b on numbers or strings) records how its
// operands compare in each run, as one of five hits: a mutant that moves
// the comparison's boundary (< for <=, or a constant one off) changes
// the outcome of an input at the boundary or next to it, and of no
// other. An Instrumentation numbers the hit of relation r of site i
// RelationHit(i, r).
const (
	RelLess    = iota // a < b-1 (a < b when the operands are not integers)
	RelBelow          // a == b-1 (integers only)
	RelEqual          // a == b
	RelAbove          // a == b+1 (integers only)
	RelGreater        // a > b+1 (a > b when the operands are not integers)

	relations5 = 5 // hits per site
)

// arithBase is the first arith hit of a package with n sites: after the
// relations.
func arithBase(n int) int { return relationBase(n) + relations5*n }

// relationBase is the first relation hit of a package with n sites: the
// outcomes of the sites come first (2 per site).
func relationBase(n int) int { return 2 * n }

// cmpFuncs names the recorder's function for each ordered comparison.
var cmpFuncs = map[token.Token]string{token.LSS: "LT", token.LEQ: "LE", token.GTR: "GT", token.GEQ: "GE"}

// A cmpLeaf is an ordered comparison a leaf site is: the expression, its
// operands' type as the file spells it, and whether they are integers.
type cmpLeaf struct {
	expr    *ast.BinaryExpr
	typ     string
	integer bool
}

func (c cmpLeaf) kind() string {
	if c.integer {
		return "int"
	}
	return "ord"
}

// comparison reports whether leaf site s is an ordered comparison whose
// relation can be recorded: <, <=, > or >= between operands of a basic
// ordered type (not a type parameter: its constraint may not allow the
// recorder's), not a constant, their type writable in the file.
func (p *pkg) comparison(s *site) (cmpLeaf, bool) {
	return p.basicComparison(s, func(op token.Token) bool { return cmpFuncs[op] != "" })
}

// equality reports whether leaf site s is == or != between operands of a
// basic type (numbers and strings, not bool), as comparison says: the
// recorder shows their values to pbcc's search on the real code.
func (p *pkg) equality(s *site) (cmpLeaf, bool) {
	return p.basicComparison(s, func(op token.Token) bool { return op == token.EQL || op == token.NEQ })
}

// basicComparison is comparison and equality: leaf site s is a binary
// expression whose operator op accepts, between operands of one basic
// ordered type (orderedText), not a constant.
func (p *pkg) basicComparison(s *site, op func(token.Token) bool) (cmpLeaf, bool) {
	if s.Kind != leafSite {
		return cmpLeaf{}, false
	}
	be, ok := s.Node.(*ast.BinaryExpr)
	if !ok || !op(be.Op) {
		return cmpLeaf{}, false
	}
	if tv, ok := p.Info.Types[be]; !ok || tv.Value != nil {
		return cmpLeaf{}, false
	}
	var t types.Type
	for _, x := range []ast.Expr{be.X, be.Y} {
		tv, ok := p.Info.Types[x]
		if !ok || tv.Type == nil {
			return cmpLeaf{}, false
		}
		if b, ok := tv.Type.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
			continue
		}
		if t != nil && !types.Identical(t, tv.Type) {
			return cmpLeaf{}, false // err != ErrCode: an interface and what it may hold
		}
		t = tv.Type
	}
	if t == nil {
		return cmpLeaf{}, false
	}
	text, integer, ok := p.orderedText(s.File, t)
	if !ok {
		return cmpLeaf{}, false
	}
	return cmpLeaf{expr: be, typ: text, integer: integer}, true
}

// orderedText returns how file spells t, a typed basic ordered type
// (numbers and strings; not a type parameter: its constraint may not
// allow the recorder's), and whether it is an integer type.
func (p *pkg) orderedText(file int, t types.Type) (text string, integer, ok bool) {
	if _, ok := types.Unalias(t).(*types.TypeParam); ok {
		return "", false, false
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsOrdered == 0 || b.Info()&types.IsUntyped != 0 {
		return "", false, false
	}
	text, ok = p.typeText(file, types.Unalias(t))
	return text, b.Info()&types.IsInteger != 0, ok
}

// Arithmetic. Each arithmetic expression on numbers in a function's body
// (a + b, a - b, a * b, a / b, a % b, -x) is an arith: the instrumented
// package records, as one hit, a run in which the expression's value
// differs from the value of its mutant (a - b for a + b and back, a / b
// for a * b and back, a * b for a % b, x for -x): an input whose operands
// make a computation vanish (b = 0 in a + b, b = 1 in a * b) does not
// reach it. Those are the mutants mutation testers make (gremlins'
// arithmetic base and invert negatives).
type arith struct {
	Func string // as site.Func, closures as "F$"
	File int
	Node ast.Expr // the *ast.BinaryExpr or *ast.UnaryExpr
	Text string
	typ  string // the operands' type as the file spells it
	kind string // "int" or "float"; a comparison's: "int", "ord" or "eq"
	// mut says which mutant it is when it is not an arithmetic
	// expression: the increment or decrement of an IncDecStmt (x++ for
	// x--), or a comparison that is no branch site (a value: return a <
	// b, ok := x == y), as two ariths: when ordered its boundary moved,
	// then its negation; for == and != its equality, then its negation.
	mut    string          // "", ArithIncDec, ArithBoundary, ArithNegation, ArithEqual, ArithReplace, ArithAssign or ArithSelf
	incdec *ast.IncDecStmt // the statement of an ArithIncDec
	assign *ast.AssignStmt // the statement of an ArithAssign or ArithSelf
}

// The kinds of arith that are not arithmetic expressions (Arith.Kind).
const (
	ArithIncDec   = "incdec"   // x++ or x--: its hit is a run that reaches it
	ArithBoundary = "boundary" // a value comparison's boundary: a run with its operands equal
	ArithNegation = "negation" // a value comparison negated: a run that reaches it
	// ArithEqual is an == or != comparison's equality: a run with its
	// operands equal, the one outcome a run may never give (go-version's
	// constraintLessThan returns prereleaseCheck(v, c) && v.Compare(c)
	// == -1, and its cases all had Compare 0, so that gremlins' -1 → 1
	// lived). Its mutant drops that outcome (false for ==, true for !=).
	ArithEqual = "equal"
	// ArithReplace is a * b's second mutant, a + b, after its first (a /
	// b): 0 * 0 tells the first apart already (a division by zero), yet
	// says nothing of the product; a run with a * b != a + b does.
	ArithReplace = "replace"
	// ArithAssign is x op= y's mutant x invop= y (x -= y for x += y, x /= y
	// for x *= y, and back), ArithSelf its mutant x = y, after it (alone
	// for the strings' +=): the update reversed or dropped, the slips of
	// gremlins' INVERT_ASSIGNMENTS and REMOVE_SELF_ASSIGNMENTS (off by
	// default there) and of a person (total = qty for total += qty).
	ArithAssign = "assign"
	ArithSelf   = "self"
)

// arithFuncs names the recorder's function of each operator.
var arithFuncs = map[token.Token]string{token.ADD: "Add", token.SUB: "Sub", token.MUL: "Mul", token.QUO: "Quo", token.REM: "Rem"}

// findAriths returns the ariths of p's functions, in source order; the
// comparisons that are leaves of sites are not values.
func findAriths(p *pkg, sites []*site) []*arith {
	leaves := map[ast.Node]bool{}
	for _, s := range sites {
		if s.Kind == leafSite {
			leaves[s.Node] = true
		}
	}
	var out []*arith
	for i, file := range p.Files {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			name := fd.Name.Name
			if fd.Recv != nil && len(fd.Recv.List) == 1 {
				if r := recvName(fd.Recv.List[0].Type); r != "" {
					name = r + "." + name
				}
			}
			name = p.Name + "." + name
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if st, ok := n.(*ast.IncDecStmt); ok {
					if a, ok := p.incDecOf(i, st); ok {
						a.Func = name
						out = append(out, a)
					}
					return true
				}
				if st, ok := n.(*ast.AssignStmt); ok {
					for _, a := range p.assignOf(i, st) {
						a.Func = name
						out = append(out, a)
					}
					return true
				}
				x, ok := n.(ast.Expr)
				if !ok {
					return true
				}
				if be, ok := x.(*ast.BinaryExpr); ok && !leaves[be] {
					for _, a := range p.valueCmpOf(i, be) {
						a.Func = name
						out = append(out, a)
					}
				}
				if a, ok := p.arithOf(i, x); ok {
					a.Func = name
					out = append(out, a)
					if be, ok := x.(*ast.BinaryExpr); ok && be.Op == token.MUL {
						r := *a
						r.mut = ArithReplace
						out = append(out, &r)
					}
				}
				return true
			})
		}
	}
	return out
}

// arithOf returns the arith x is, if it is one: an operator gremlins
// mutates, on integers or floats of a basic type (not a type parameter),
// not a constant, its type writable in the file.
func (p *pkg) arithOf(file int, x ast.Expr) (*arith, bool) {
	switch e := x.(type) {
	case *ast.BinaryExpr:
		if arithFuncs[e.Op] == "" {
			return nil, false
		}
	case *ast.UnaryExpr:
		if e.Op != token.SUB {
			return nil, false
		}
	default:
		return nil, false
	}
	tv, ok := p.Info.Types[x]
	if !ok || tv.Value != nil {
		return nil, false
	}
	text, b, ok := p.number(file, tv.Type)
	if !ok {
		return nil, false
	}
	kind := "float"
	if b.Info()&types.IsInteger != 0 {
		kind = "int"
	} else if be, ok := x.(*ast.BinaryExpr); ok && be.Op == token.REM {
		return nil, false
	}
	return &arith{File: file, Node: x, Text: p.textOf(file, x), typ: text, kind: kind}, true
}

// number returns how file spells t and its basic type, when t is a
// typed integer or float type (not a type parameter: its constraint may
// not allow the recorder's) the file can spell.
func (p *pkg) number(file int, t types.Type) (string, *types.Basic, bool) {
	if t == nil {
		return "", nil, false
	}
	if _, ok := types.Unalias(t).(*types.TypeParam); ok {
		return "", nil, false
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok || b.Info()&(types.IsInteger|types.IsFloat) == 0 || b.Info()&types.IsUntyped != 0 {
		return "", nil, false
	}
	text, ok := p.typeText(file, types.Unalias(t))
	return text, b, ok
}

// incDecOf returns the arith x++ or x-- is, on a number of a basic type
// (not a type parameter) its file can spell.
func (p *pkg) incDecOf(file int, st *ast.IncDecStmt) (*arith, bool) {
	tv, ok := p.Info.Types[st.X]
	if !ok {
		return nil, false
	}
	text, _, ok := p.number(file, tv.Type)
	if !ok {
		return nil, false
	}
	return &arith{File: file, Node: st.X, Text: p.textOf(file, st.X) + st.Tok.String(), typ: text, kind: "num", mut: ArithIncDec,
		incdec: st}, true
}

// assignFuncs names the recorder's function of each assignment operator
// that has both mutants; selfFuncs of those on integers that only drop
// (x = y for x |= y: gremlins' REMOVE_SELF_ASSIGNMENTS).
var (
	assignFuncs = map[token.Token]string{token.ADD_ASSIGN: "Add", token.SUB_ASSIGN: "Sub", token.MUL_ASSIGN: "Mul", token.QUO_ASSIGN: "Quo"}
	selfFuncs   = map[token.Token]string{token.REM_ASSIGN: "Rem", token.AND_ASSIGN: "And", token.OR_ASSIGN: "Or", token.XOR_ASSIGN: "Xor", token.AND_NOT_ASSIGN: "AndNot"}
)

// assignOf returns the ariths of x op= y (ArithAssign then ArithSelf; on
// strings, x += y's ArithSelf alone, and on integers x %= y's, x &= y's,
// x |= y's, x ^= y's and x &^= y's), on a number or string of a type
// (not a type parameter) its file can spell. The instrumented statement
// reads x twice (x = f(x, y)): x must be pure (names, fields, elements at
// pure indices, conversions), so that reading it again changes nothing.
// y is evaluated once, as before; whether x is read before or after the
// calls y makes is as unspecified in x = f(x, y) as in x = x op y, which
// is what x op= y means.
func (p *pkg) assignOf(file int, st *ast.AssignStmt) []*arith {
	if assignFuncs[st.Tok] == "" && selfFuncs[st.Tok] == "" || len(st.Lhs) != 1 || len(st.Rhs) != 1 || !p.pure(st.Lhs[0]) {
		return nil
	}
	tv, ok := p.Info.Types[st.Lhs[0]]
	if !ok || tv.Type == nil {
		return nil
	}
	text := p.textOf(file, st.Lhs[0]) + " " + st.Tok.String() + " " + p.textOf(file, st.Rhs[0])
	if b, ok := tv.Type.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 && st.Tok == token.ADD_ASSIGN {
		if _, ok := types.Unalias(tv.Type).(*types.TypeParam); ok {
			return nil
		}
		typ, ok := p.typeText(file, types.Unalias(tv.Type))
		if !ok {
			return nil
		}
		return []*arith{{File: file, Node: st.Lhs[0], Text: text, typ: typ, kind: "str", mut: ArithSelf, assign: st}}
	}
	typ, b, ok := p.number(file, tv.Type)
	if !ok {
		return nil
	}
	if selfFuncs[st.Tok] != "" {
		if b.Info()&types.IsInteger == 0 {
			return nil
		}
		return []*arith{{File: file, Node: st.Lhs[0], Text: text, typ: typ, kind: "int", mut: ArithSelf, assign: st}}
	}
	inv := &arith{File: file, Node: st.Lhs[0], Text: text, typ: typ, kind: "num", mut: ArithAssign, assign: st}
	self := *inv
	self.mut = ArithSelf
	return []*arith{inv, &self}
}

// pure reports whether evaluating x twice, in any order with the other
// operands, gives what evaluating it once does: no call but conversions,
// len and cap, no receive, no function literal.
func (p *pkg) pure(x ast.Expr) bool {
	ok := true
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			ok = false
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				ok = false
			}
		case *ast.CallExpr:
			if tv, found := p.Info.Types[n.Fun]; found && tv.IsType() {
				return true
			}
			if id, isID := ast.Unparen(n.Fun).(*ast.Ident); isID {
				if b, isB := p.Info.Uses[id].(*types.Builtin); isB && (b.Name() == "len" || b.Name() == "cap") {
					return true
				}
			}
			ok = false
		}
		return ok
	})
	return ok
}

// valueCmpOf returns the ariths of comparison be when it is a value (not
// a site): its boundary and negation when ordered (as comparison
// requires), its equality and negation for == and != between operands
// of a basic type, or of one pointer or interface type (ok = err == nil:
// gremlins negates those too).
func (p *pkg) valueCmpOf(file int, be *ast.BinaryExpr) []*arith {
	eq := be.Op == token.EQL || be.Op == token.NEQ
	if !eq && cmpFuncs[be.Op] == "" {
		return nil
	}
	if tv, ok := p.Info.Types[be]; !ok || tv.Value != nil {
		return nil
	}
	var t types.Type
	for _, x := range []ast.Expr{be.X, be.Y} {
		tv, ok := p.Info.Types[x]
		if !ok || tv.Type == nil {
			return nil
		}
		if b, ok := tv.Type.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
			continue
		}
		if t != nil && !types.Identical(t, tv.Type) {
			// An interface compared with a value of another type
			// (err == io.EOF's *T): the recorder takes one type.
			return nil
		}
		t = tv.Type
	}
	if t == nil {
		return nil
	}
	if _, ok := types.Unalias(t).(*types.TypeParam); ok {
		return nil
	}
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface:
		// The instrumented files are at go 1.23 (lang): an interface
		// satisfies the recorder's comparable.
		if !eq || !spellable(t) {
			return nil
		}
	default:
		b, ok := t.Underlying().(*types.Basic)
		if !ok || b.Info()&types.IsUntyped != 0 || b.Kind() == types.UnsafePointer || !eq && b.Info()&types.IsOrdered == 0 {
			return nil
		}
	}
	text, ok := p.typeText(file, types.Unalias(t))
	if !ok {
		return nil
	}
	x, y := p.textOf(file, be.X), p.textOf(file, be.Y)
	neg := &arith{File: file, Node: be, Text: p.textOf(file, be), typ: text, kind: "eq", mut: ArithNegation}
	if eq {
		equal := *neg
		equal.Text, equal.mut = x+" == "+y, ArithEqual
		return []*arith{&equal, neg}
	}
	b := t.Underlying().(*types.Basic)
	neg.kind = "ord"
	if b.Info()&types.IsInteger != 0 {
		neg.kind = "int"
	}
	bound := *neg
	bound.Text, bound.mut = x+" == "+y, ArithBoundary
	return []*arith{&bound, neg}
}

// spellable reports whether t, a pointer or interface type, is one the
// recorder's type argument can spell wherever the comparison is: error,
// any, a type declared at package level (not in a function, not generic
// nor instantiated), or a pointer to one of those or to a basic type.
func spellable(t types.Type) bool {
	t = types.Unalias(t)
	if pt, ok := t.(*types.Pointer); ok {
		t = types.Unalias(pt.Elem())
		if b, ok := t.(*types.Basic); ok {
			return b.Info()&types.IsUntyped == 0 && b.Kind() != types.UnsafePointer
		}
	}
	switch t := t.(type) {
	case *types.Named:
		obj := t.Obj()
		if obj.Pkg() == nil {
			return obj.Name() == "error"
		}
		return obj.Parent() == obj.Pkg().Scope() && t.TypeParams().Len() == 0 && t.TypeArgs().Len() == 0
	case *types.Interface:
		return t.Empty()
	}
	return false
}
