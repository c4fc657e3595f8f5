package cover

import (
	"context"
	"go/ast"
	"go/token"
	"path/filepath"
	"strings"
)

// An Instrumentation is the package of a directory with a recording call
// on every branch site, as an overlay for go build -overlay: nothing is
// written to the package. A hit is numbered 2*site for the true outcome,
// 2*site+1 for the false one; a test file of the package that sets the
// recorder's _pbccLocal func(int) sees each hit as it happens.
type Instrumentation struct {
	Files map[string][]byte // replacement text by absolute path; the recorder too
	Sites []Site            // by site number
	// Ariths are the arithmetic expressions that record a run telling
	// them from their mutant (ArithHit), in source order.
	Ariths []Arith
}

// An Arith is an arithmetic expression of a function: a + b, a - b, a *
// b, a / b, a % b or -x on numbers.
type Arith struct {
	Func string // as Site.Func
	Text string // its source text; a value comparison's boundary or equality: "x == y"
	// Kind is "" for an arithmetic expression, else what else the arith
	// is: ArithIncDec, ArithBoundary, ArithNegation or ArithEqual (a
	// comparison that is a value, not a branch site), ArithReplace (a * b's
	// second mutant), ArithAssign or ArithSelf (x op= y's). Only the
	// arithmetic ones and the equalities are relations the search on the
	// real code looks for (weak mutation); all are mutants (ArithMutant).
	Kind string
}

// ArithHit is the hit of a run in which arith i has a value its mutant
// (a - b for a + b, a / b for a * b, ...) would not have.
func (in *Instrumentation) ArithHit(i int) int { return arithBase(len(in.Sites)) + i }

// textOf is the source of x in file i, whitespace runs collapsed.
func (p *pkg) textOf(i int, x ast.Expr) string {
	return strings.Join(strings.Fields(string(p.Srcs[i][p.offset(x.Pos()):p.offset(x.End())])), " ")
}

// A Site is one branch site of the instrumented package.
type Site struct {
	Func string // as Branch.Func: "m.F", "m.T.M", "m.F$1"
	Text string // the condition's source text
	// Op is set when the site records the relation of its operands
	// (RelationHit): "<", "<=", ">" or ">="; X and Y are the operands'
	// source text, Integer says they are integers.
	Op, X, Y string
	Integer  bool
	// Negatable is set when the site is a comparison (==, !=, <, <=, >,
	// >=) a mutation tester negates: its mutant NegationMutant gives the
	// other outcome.
	Negatable bool
}

// Mutants. The instrumented package holds mutant schemata: each
// comparison leaf and each arith is also a switchable mutant, selected by
// the recorder's variable _pbccMutant (0: none), which a test file of the
// package sets around a call. The mutants are the ones gremlins' default
// mutators make: a comparison negated (< for >=, == for !=), its boundary
// moved (< for <=), an arith's operator replaced (+ for -, * for /, % for
// *), the minus of -x dropped, x-- for x++ and back; and three more that
// need a case whose values do not make the computation vanish: a * b as
// a + b (ArithReplace), x op= y reversed (x -= y for x += y, x /= y for
// x *= y: ArithAssign) and dropped (x = y: ArithSelf, also s = t for a
// string's s += t, x = y for x |= y, %=, &=, ^=, &^=), the slips gremlins' INVERT_ASSIGNMENTS and
// REMOVE_SELF_ASSIGNMENTS make. Comparisons that are values, not branch
// sites (return a < b), x++ / x--, and those three are ariths of a Kind
// other than "".

// NegationMutant is the id of the mutant that negates leaf site i; only
// the sites that are Negatable are meant to be run with it.
func (in *Instrumentation) NegationMutant(i int) int { return 2*i + 1 }

// BoundaryMutant is the id of the mutant that moves the boundary of
// site i's comparison (< for <=, > for >=, and back); only the sites with
// an Op have one. An input at the boundary (RelEqual) is the only one
// whose outcome it changes.
func (in *Instrumentation) BoundaryMutant(i int) int { return in.RelationHit(i, RelLess) + 1 }

// ArithMutant is the id of arith i's mutant; a run that reaches ArithHit(i)
// is the only kind whose value it changes.
func (in *Instrumentation) ArithMutant(i int) int { return in.ArithHit(i) + 1 }

// IsBranchHit reports whether hit k is a branch site's outcome (2i for
// site i true, 2i+1 false), not a relation's or an arith's.
func (in *Instrumentation) IsBranchHit(k int) bool { return k >= 0 && k < relationBase(len(in.Sites)) }

// RelationHit is the hit of relation rel (RelLess ... RelGreater) of site
// i; only the sites with an Op have them.
func (in *Instrumentation) RelationHit(i, rel int) int {
	return relationBase(len(in.Sites)) + relations5*i + rel
}

// Instrument instruments the package in dir. Besides the calls that
// act on the machine (ssaexec.Stops), the package's calls of the
// functions stops names (by types.Func.FullName: functions of other
// packages that act on the machine) are stopped in pbcc's runs.
func Instrument(ctx context.Context, dir string, stops ...string) (_ *Instrumentation, err error) {
	defer catch(&err)
	p, err := load(ctx, dir, goEnv(nil))
	if err != nil {
		return nil, err
	}
	p.stops = map[string]bool{}
	for _, s := range stops {
		p.stops[s] = true
	}
	sites := findSites(p)
	ariths := findAriths(p, sites)
	files, rec, err := instrumentAll(p, sites, true, ariths)
	if err != nil {
		return nil, err
	}
	in := &Instrumentation{Files: map[string][]byte{}}
	for i, data := range files {
		in.Files[p.Paths[i]] = data
	}
	in.Files[filepath.Join(p.Dir, recorderFile)] = rec
	generic := goVersionAtLeast(p.lang(), 18)
	for _, s := range sites {
		site := Site{Func: s.Func, Text: s.Text, Negatable: negatable(s)}
		if c, ok := p.comparison(s); ok && generic {
			site.Op, site.Integer = c.expr.Op.String(), c.integer
			site.X, site.Y = p.textOf(s.File, c.expr.X), p.textOf(s.File, c.expr.Y)
		}
		in.Sites = append(in.Sites, site)
	}
	if generic {
		for _, a := range ariths {
			in.Ariths = append(in.Ariths, Arith{Func: a.Func, Text: a.Text, Kind: a.mut})
		}
	}
	return in, nil
}

// negatable reports whether s is a leaf that is a comparison: the
// expression a mutation tester negates.
func negatable(s *site) bool {
	if s.Kind != leafSite {
		return false
	}
	be, ok := ast.Unparen(s.Node.(ast.Expr)).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch be.Op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return true
	}
	return false
}
