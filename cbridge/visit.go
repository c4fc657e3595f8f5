package cbridge

import (
	"reflect"

	"modernc.org/cc/v4"
)

// inspect calls f for n and, while f returns true, for each node below n
// in source order. cc/v4 has no AST walker; this one follows the exported
// fields of the node structs, as cc.NodeSource does.
func inspect(n cc.Node, f func(cc.Node) bool) {
	if n == nil {
		return
	}
	v := reflect.ValueOf(n)
	if v.Kind() == reflect.Pointer && v.IsNil() {
		return
	}
	if !f(n) {
		return
	}
	if v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return
	}
	for i := 0; i < v.NumField(); i++ {
		fv := v.Field(i)
		if !v.Type().Field(i).IsExported() || fv.Kind() != reflect.Pointer && fv.Kind() != reflect.Interface {
			continue
		}
		if fv.IsNil() {
			continue
		}
		if m, ok := fv.Interface().(cc.Node); ok {
			inspect(m, f)
		}
	}
}

// hasEffects reports whether evaluating e may do more than compute a value:
// a call, an assignment, an increment or a decrement.
func hasEffects(e cc.Node) bool {
	found := false
	inspect(e, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.PostfixExpression:
			switch x.Case {
			case cc.PostfixExpressionCall, cc.PostfixExpressionInc, cc.PostfixExpressionDec:
				found = true
			}
		case *cc.UnaryExpression:
			switch x.Case {
			case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
				found = true
			}
		case *cc.AssignmentExpression:
			if x.Case != cc.AssignmentExpressionCond {
				found = true
			}
		case *cc.PrimaryExpression:
			if x.Case == cc.PrimaryExpressionStmt {
				found = true
			}
		}
		return !found
	})
	return found
}

// dereferences reports whether e reads memory through a pointer or an
// index: a[i], *p, p->f.
func dereferences(e cc.Node) bool {
	found := false
	inspect(e, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionIndex || x.Case == cc.PostfixExpressionPSelect {
				found = true
			}
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionDeref {
				found = true
			}
		}
		return !found
	})
	return found
}

// branches reports whether e holds a branch of its own: a conditional
// expression, && or ||.
func branches(e cc.Node) bool {
	found := false
	inspect(e, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.ConditionalExpression:
			found = x.Case == cc.ConditionalExpressionCond
		case *cc.LogicalAndExpression:
			found = x.Case == cc.LogicalAndExpressionLAnd
		case *cc.LogicalOrExpression:
			found = x.Case == cc.LogicalOrExpressionLOr
		}
		return !found
	})
	return found
}
