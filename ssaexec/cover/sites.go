package cover

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"github.com/pbcc/pbcc/gen/ir"
)

// siteKind says what source construct a branch site is.
type siteKind int

const (
	leafSite     siteKind = iota // a boolean leaf of a condition or of && / ||
	caseSite                     // one value of a case of a switch with a tag
	rangeSite                    // a for ... range over an int, slice, string, map or array
	typeCaseSite                 // one type (or nil) of a case of a type switch
)

// A site is one source boolean decision: it has two branches, its true and
// its false outcome. Site ids index Sites; the recorder notes outcome true of
// site i as 2i and false as 2i+1.
type site struct {
	ID   int
	Kind siteKind
	Func string
	File int       // index in pkg.Paths
	Node ast.Node  // the leaf, the case value, or the *ast.RangeStmt
	Pos  token.Pos // Node.Pos(), or the for keyword
	Text string

	// If is set when the leaf is the whole condition of an if statement
	// (after stripping parentheses and !), whose decision a cover profile
	// can tell; Negated says an odd number of ! wraps the leaf.
	If      *ast.IfStmt
	Negated bool

	// Range is the range kind: "int", "slice", "string", "map", "array"
	// or "arrayptr".
	Range string
}

// A finder walks one package and collects its sites.
type finder struct {
	p       *pkg
	sites   []*site
	file    int
	handled map[*ast.BinaryExpr]bool // && and || already split
	// Switch sites by switch statement, in case order.
	switches map[*ast.SwitchStmt][]*site
}

// A fnScope names the function being walked and counts its closures.
type fnScope struct {
	name     string
	closures int
}

// findSites returns the sites of p, in source order.
func findSites(p *pkg) []*site {
	f := &finder{p: p, handled: map[*ast.BinaryExpr]bool{}, switches: map[*ast.SwitchStmt][]*site{}}
	f.walkPackage()
	sort.SliceStable(f.sites, func(i, j int) bool {
		a, b := f.sites[i], f.sites[j]
		if a.File != b.File {
			return p.Paths[a.File] < p.Paths[b.File]
		}
		if a.Pos != b.Pos {
			return a.Pos < b.Pos
		}
		return a.Node.End() > b.Node.End() // the outer first
	})
	for i, s := range f.sites {
		s.ID = i
	}
	return f.sites
}

func (f *finder) walkPackage() {
	p := f.p
	inits := 0
	for i, file := range p.Files {
		f.file = i
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			name := fd.Name.Name
			if fd.Recv == nil && name == "init" {
				inits++
				name = fmt.Sprintf("init#%d", inits)
			}
			if fd.Recv != nil && len(fd.Recv.List) == 1 {
				if r := recvName(fd.Recv.List[0].Type); r != "" {
					name = r + "." + name
				}
			}
			f.walk(fd.Body, &fnScope{name: p.Name + "." + name})
		}
	}
	// Package-level variable initializers run in the synthetic init, in
	// initialization order (as go/ssa builds them).
	initScope := &fnScope{name: p.Name + ".init"}
	fileOfPos := func(pos token.Pos) int {
		for i, file := range p.Files {
			if file.FileStart <= pos && pos <= file.FileEnd {
				return i
			}
		}
		return 0
	}
	for _, in := range p.Info.InitOrder {
		if in.Rhs == nil {
			continue
		}
		f.file = fileOfPos(in.Rhs.Pos())
		f.walk(in.Rhs, initScope)
	}
}

// recvName is the receiver's type name, without * or type parameters.
func recvName(t ast.Expr) string {
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.ParenExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// walk collects the sites under n, which belongs to the function of sc.
func (f *finder) walk(n ast.Node, sc *fnScope) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			sc.closures++
			f.walk(n.Body, &fnScope{name: fmt.Sprintf("%s$%d", sc.name, sc.closures)})
			return false
		case *ast.IfStmt:
			f.cond(n.Cond, sc, n)
		case *ast.ForStmt:
			if n.Cond != nil {
				f.cond(n.Cond, sc, nil)
			}
		case *ast.SwitchStmt:
			for _, c := range n.Body.List {
				cc := c.(*ast.CaseClause)
				for _, v := range cc.List {
					if n.Tag == nil {
						f.cond(v, sc, nil)
						continue
					}
					s := f.add(caseSite, sc, v, v.Pos())
					f.switches[n] = append(f.switches[n], s)
				}
			}
		case *ast.TypeSwitchStmt:
			f.typeSwitch(n, sc)
		case *ast.RangeStmt:
			if k := f.rangeKind(n); k != "" {
				s := f.add(rangeSite, sc, n, n.For)
				s.Range = k
				s.Text = f.text(n.For, n.Body.Lbrace)
			}
		case *ast.BinaryExpr:
			if (n.Op == token.LAND || n.Op == token.LOR) && !f.handled[n] {
				if tv, ok := f.p.Info.Types[n]; ok && tv.Value != nil {
					return true // a constant: no branch
				}
				f.valueCond(n, sc)
			}
		}
		return true
	})
}

// cond splits a boolean expression into its leaves, through parentheses,
// ! and the operands of && and ||; ifs is the if statement whose whole
// condition e is, if any.
func (f *finder) cond(e ast.Expr, sc *fnScope, ifs *ast.IfStmt) {
	neg := false
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
			continue
		case *ast.UnaryExpr:
			if x.Op == token.NOT {
				e = x.X
				neg = !neg
				continue
			}
		case *ast.BinaryExpr:
			if x.Op == token.LAND || x.Op == token.LOR {
				f.handled[x] = true
				f.cond(x.X, sc, nil)
				f.cond(x.Y, sc, nil)
				return
			}
		}
		break
	}
	s := f.add(leafSite, sc, e, e.Pos())
	if ifs != nil {
		s.If, s.Negated = ifs, neg
	}
}

// valueCond records the leaves of a && / || expression used as a value
// (assigned, returned, passed): all but the rightmost, whose value is the
// expression's when the others let it through, and which no branch
// tests (go/ssa computes it, as the compiler does).
func (f *finder) valueCond(e ast.Expr, sc *fnScope) {
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
			continue
		case *ast.UnaryExpr:
			if x.Op == token.NOT {
				e = x.X
				continue
			}
		case *ast.BinaryExpr:
			if x.Op == token.LAND || x.Op == token.LOR {
				f.handled[x] = true
				f.cond(x.X, sc, nil)
				f.valueCond(x.Y, sc)
			}
		}
		return
	}
}

func (f *finder) add(k siteKind, sc *fnScope, n ast.Node, pos token.Pos) *site {
	s := &site{Kind: k, Func: sc.name, File: f.file, Node: n, Pos: pos, Text: f.text(n.Pos(), n.End())}
	f.sites = append(f.sites, s)
	return s
}

// text is the source between from and to, whitespace runs collapsed.
func (f *finder) text(from, to token.Pos) string {
	tf := f.p.Fset.File(from)
	src := f.p.Srcs[f.file]
	return strings.Join(strings.Fields(string(src[tf.Offset(from):tf.Offset(to)])), " ")
}

// rangeKind classifies the range expression of r: "int", "slice", "string",
// "map", "array", "arrayptr" (a pointer to an array), or "" when the loop
// is not a measured branch (channels, functions, type parameters, and an
// untyped constant assigned to existing variables).
func (f *finder) rangeKind(r *ast.RangeStmt) string {
	tv, ok := f.p.Info.Types[r.X]
	if !ok || tv.Type == nil {
		return ""
	}
	if !goVersionAtLeast(f.p.lang(), 23) {
		return "" // the recording iterator needs range-over-func
	}
	switch u := tv.Type.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsInteger != 0:
			if tv.Value != nil && r.Tok == token.ASSIGN && r.Key != nil {
				return ""
			}
			return "int"
		case u.Info()&types.IsString != 0:
			return "string"
		}
	case *types.Slice:
		return "slice"
	case *types.Map:
		return "map"
	case *types.Array:
		return "array"
	case *types.Pointer:
		if _, ok := u.Elem().Underlying().(*types.Array); ok {
			return "arrayptr"
		}
	}
	return ""
}

// pos converts a token position to an ir.Pos (ignoring //line directives).
func (p *pkg) pos(pos token.Pos) ir.Pos {
	q := p.Fset.PositionFor(pos, false)
	return ir.Pos{File: q.Filename, Line: q.Line, Col: q.Column}
}
