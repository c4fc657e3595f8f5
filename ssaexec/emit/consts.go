package emit

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// Results written as constants. A result equal to a constant the
// function returns by name (return Equilateral, or err = ErrShort before
// a bare return) is written as that constant (want: Equilateral, not
// want: 1) when the constant has the result's type or is untyped and no
// other constant the function returns so has that value: the test then
// says what the code says. A number that equals a constant the function
// only compares with stays a number.

// returnedConsts returns the package-level constants of f's package that
// f (or a function literal in it) returns by name, in source order.
func (f *function) returnedConsts() []*types.Const {
	if f.fn == nil || f.fn.Pkg == nil || f.fn.Syntax() == nil {
		return nil
	}
	scope := f.fn.Pkg.Pkg.Scope()
	named := map[string]bool{} // the named results
	if res := f.fn.Signature.Results(); res != nil {
		for i := 0; i < res.Len(); i++ {
			if n := res.At(i).Name(); n != "" && n != "_" {
				named[n] = true
			}
		}
	}
	var out []*types.Const
	seen := map[*types.Const]bool{}
	add := func(e ast.Expr) {
		for {
			p, ok := e.(*ast.ParenExpr)
			if !ok {
				break
			}
			e = p.X
		}
		id, ok := e.(*ast.Ident)
		if !ok {
			return
		}
		if c, ok := scope.Lookup(id.Name).(*types.Const); ok && !seen[c] && c.Val().Kind() != constant.Unknown {
			seen[c] = true
			out = append(out, c)
		}
	}
	ast.Inspect(f.fn.Syntax(), func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				add(r)
			}
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				break
			}
			for i, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok && named[id.Name] {
					add(n.Rhs[i])
				}
			}
		}
		return true
	})
	return out
}

// returnedConst names the constant of w.returned whose value is v and
// that a value of type t can be written as, when exactly one is; typed
// says it has a type (t), not an untyped one.
func (w *litWriter) returnedConst(t types.Type, v constant.Value) (name string, typed, ok bool) {
	var same, untyped []*types.Const
	for _, c := range w.returned {
		if !sameKind(c.Val(), v) || !constant.Compare(c.Val(), token.EQL, v) {
			continue
		}
		if types.Identical(c.Type(), t) {
			same = append(same, c)
		} else if b, ok := c.Type().(*types.Basic); ok && b.Info()&types.IsUntyped != 0 && representable(v, t) {
			untyped = append(untyped, c)
		}
	}
	var c *types.Const
	switch {
	case len(same) == 1:
		c, typed = same[0], true
	case len(same) == 0 && len(untyped) == 1:
		c = untyped[0]
	default:
		return "", false, false
	}
	if q := w.qual(c.Pkg()); q != "" {
		if !c.Exported() {
			return "", false, false
		}
		return q + "." + c.Name(), typed, true
	}
	return c.Name(), typed, true
}

// representable reports whether constant v can be a value of basic type t.
func representable(v constant.Value, t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return false
	}
	switch {
	case b.Info()&types.IsString != 0:
		return v.Kind() == constant.String
	case b.Info()&types.IsInteger != 0:
		return v.Kind() == constant.Int
	case b.Info()&types.IsFloat != 0:
		return v.Kind() == constant.Int || v.Kind() == constant.Float
	}
	return false
}
