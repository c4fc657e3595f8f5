package cover

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"
)

// Type switches.
//
// go/ssa tests the cases of a type switch one type at a time, in source
// order, so each type (or nil) of a case is a site, true when the value
// has that type and false when it was tested and has not. The
// instrumented copy replays those tests on the switch's operand before
// the switch does:
//
//	switch v := x.(type) {  →  switch v := func(_pbccX T) T {
//	case A, nil:                    if _, _pbccOk := any(_pbccX).(A); _pbccRec(i, _pbccOk) { return _pbccX }
//	                                if _pbccRec(j, _pbccX == nil) { return _pbccX }
//	                                return _pbccX
//	                            }(x).(type) {
//
// where T is x's static type.

// typeSwitch adds the sites of the cases of s.
func (f *finder) typeSwitch(s *ast.TypeSwitchStmt, sc *fnScope) {
	x := typeSwitchOperand(s)
	if x == nil {
		return
	}
	for _, c := range s.Body.List {
		for _, e := range c.(*ast.CaseClause).List {
			st := f.add(typeCaseSite, sc, e, e.Pos())
			if isNilIdent(e) {
				st.Text = f.text(x.Pos(), x.End()) + " == nil"
			} else {
				st.Text = f.text(x.Pos(), x.End()) + ".(" + st.Text + ")"
			}
		}
	}
}

// typeSwitchOperand returns x of switch x.(type) or switch v := x.(type).
func typeSwitchOperand(s *ast.TypeSwitchStmt) ast.Expr {
	var ta ast.Expr
	switch a := s.Assign.(type) {
	case *ast.AssignStmt:
		if len(a.Rhs) == 1 {
			ta = a.Rhs[0]
		}
	case *ast.ExprStmt:
		ta = a.X
	}
	if t, ok := ta.(*ast.TypeAssertExpr); ok {
		return t.X
	}
	return nil
}

func isNilIdent(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "nil"
}

// typeSwitchOf finds the type switch a type case site belongs to.
func typeSwitchOf(p *pkg, s *site) *ast.TypeSwitchStmt {
	var found *ast.TypeSwitchStmt
	ast.Inspect(p.Files[s.File], func(n ast.Node) bool {
		if found != nil || n == nil || n.Pos() > s.Pos || n.End() <= s.Pos {
			return false
		}
		if sw, ok := n.(*ast.TypeSwitchStmt); ok {
			for _, c := range sw.Body.List {
				for _, v := range c.(*ast.CaseClause).List {
					if v == s.Node {
						found = sw
						return false
					}
				}
			}
		}
		return true
	})
	return found
}

// instrumentTypeSwitch rewrites the operand of sw so that it records the
// outcome of each case's test (the sites ss, in source order). It leaves
// a switch on a value whose type the file cannot spell (a type parameter,
// a type of a package it does not import) as it is.
func (p *pkg) instrumentTypeSwitch(e *editor, file int, sw *ast.TypeSwitchStmt, ss []*site) {
	x := typeSwitchOperand(sw)
	if x == nil {
		return
	}
	t := p.Info.TypeOf(x)
	if t == nil {
		return
	}
	if _, ok := t.(*types.TypeParam); ok {
		return
	}
	tt, ok := p.typeText(file, t)
	if !ok {
		return
	}
	src := p.Srcs[file]
	var b strings.Builder
	fmt.Fprintf(&b, "func(_pbccX %s) %s { ", tt, tt)
	for _, s := range ss {
		v := s.Node.(ast.Expr)
		if isNilIdent(v) {
			fmt.Fprintf(&b, "if _pbccRec(%d, _pbccX == nil) { return _pbccX }; ", s.ID)
			continue
		}
		ct := string(src[p.offset(v.Pos()):p.offset(v.End())])
		fmt.Fprintf(&b, "if _, _pbccOk := any(_pbccX).(%s); _pbccRec(%d, _pbccOk) { return _pbccX }; ", ct, s.ID)
	}
	b.WriteString("return _pbccX }(")
	e.wrap(p.offset(x.Pos()), p.offset(x.End()), b.String(), ")")
}
