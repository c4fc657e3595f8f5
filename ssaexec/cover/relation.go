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
	if s.Kind != leafSite {
		return cmpLeaf{}, false
	}
	be, ok := s.Node.(*ast.BinaryExpr)
	if !ok || cmpFuncs[be.Op] == "" {
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
		t = tv.Type
	}
	if t == nil {
		return cmpLeaf{}, false
	}
	if _, ok := types.Unalias(t).(*types.TypeParam); ok {
		return cmpLeaf{}, false
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsOrdered == 0 || b.Info()&types.IsUntyped != 0 {
		return cmpLeaf{}, false
	}
	text, ok := p.typeText(s.File, types.Unalias(t))
	if !ok {
		return cmpLeaf{}, false
	}
	return cmpLeaf{expr: be, typ: text, integer: b.Info()&types.IsInteger != 0}, true
}
