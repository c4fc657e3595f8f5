package term

import "fmt"

// The constructors below fold constant operands with the same semantics
// Eval gives, and simplify the identities that paths produce in bulk
// (true ∧ x, x = x, ite with a constant condition).

func mk(op Op, bits int, args ...*Term) *Term {
	allConst := true
	for _, a := range args {
		if a.Op != OpConst {
			allConst = false
			break
		}
	}
	if allConst {
		// Folded at once: the operation's node is never made (a replay
		// folds every operation it runs).
		t := Term{Op: op, Bits: bits, Args: args}
		return &Term{Op: OpConst, Bits: bits, Val: eval1(&t, constVal)}
	}
	return &Term{Op: op, Bits: bits, Args: args}
}

// constVal is the value of a constant operand, for eval1.
func constVal(a *Term) uint64 { return a.Val }

func sameWidth(op string, x, y *Term) {
	if x.Bits != y.Bits {
		panic(fmt.Sprintf("term.%s: widths %d and %d", op, x.Bits, y.Bits))
	}
}

// Not returns ¬x.
func Not(x *Term) *Term {
	if x.Op == OpNot {
		return x.Args[0]
	}
	return mk(OpNot, 0, x)
}

// And returns the conjunction of xs (true when empty).
func And(xs ...*Term) *Term {
	var args []*Term
	if n := flatLen(OpAnd, xs); n > 1 {
		args = make([]*Term, 0, n) // grown once: pointer merges conjoin long guards
	}
	for _, x := range xs {
		switch {
		case x.IsFalse():
			return False
		case x.IsTrue():
			continue
		case x.Op == OpAnd:
			args = append(args, x.Args...)
		default:
			args = append(args, x)
		}
	}
	switch len(args) {
	case 0:
		return True
	case 1:
		return args[0]
	}
	return &Term{Op: OpAnd, Args: args}
}

// Or returns the disjunction of xs (false when empty).
func Or(xs ...*Term) *Term {
	var args []*Term
	if n := flatLen(OpOr, xs); n > 1 {
		args = make([]*Term, 0, n) // grown once: pointer merges conjoin long guards
	}
	for _, x := range xs {
		switch {
		case x.IsTrue():
			return True
		case x.IsFalse():
			continue
		case x.Op == OpOr:
			args = append(args, x.Args...)
		default:
			args = append(args, x)
		}
	}
	switch len(args) {
	case 0:
		return False
	case 1:
		return args[0]
	}
	return &Term{Op: OpOr, Args: args}
}

// flatLen returns how many operands And or Or (op) of xs may have once
// the operands of op are flattened in.
func flatLen(op Op, xs []*Term) int {
	n := 0
	for _, x := range xs {
		if x.Op == op {
			n += len(x.Args)
		} else {
			n++
		}
	}
	return n
}

// Implies returns x → y.
func Implies(x, y *Term) *Term { return Or(Not(x), y) }

// Ite returns "if c then x else y"; x and y have the same sort.
func Ite(c, x, y *Term) *Term {
	sameWidth("Ite", x, y)
	switch {
	case c.IsTrue() || x == y:
		return x
	case c.IsFalse():
		return y
	case x.IsBool() && x.IsTrue() && y.IsFalse():
		return c
	case x.IsBool() && x.IsFalse() && y.IsTrue():
		return Not(c)
	}
	if x.Op == OpConst && y.Op == OpConst && x.Val == y.Val {
		return x
	}
	return &Term{Op: OpIte, Bits: x.Bits, Args: []*Term{c, x, y}}
}

// Eq returns x = y.
func Eq(x, y *Term) *Term {
	sameWidth("Eq", x, y)
	if x == y {
		return True
	}
	if x.IsBool() {
		switch {
		case x.IsTrue():
			return y
		case y.IsTrue():
			return x
		case x.IsFalse():
			return Not(y)
		case y.IsFalse():
			return Not(x)
		}
	}
	return mk(OpEq, 0, x, y)
}

func bin(op Op, name string, x, y *Term) *Term {
	sameWidth(name, x, y)
	if x.Op == OpConst && y.Op == OpConst {
		return fold2(op, x.Bits, x, y)
	}
	return mk(op, x.Bits, x, y)
}

// fold2 is mk of two constants, without the slice of operands mk keeps.
func fold2(op Op, bits int, x, y *Term) *Term {
	args := [2]*Term{x, y}
	t := Term{Op: op, Bits: bits, Args: args[:]}
	return &Term{Op: OpConst, Bits: bits, Val: eval1(&t, constVal)}
}

func cmp(op Op, name string, x, y *Term) *Term {
	sameWidth(name, x, y)
	if x == y {
		return Bool(op == OpULE || op == OpSLE)
	}
	if x.Op == OpConst && y.Op == OpConst {
		return fold2(op, 0, x, y)
	}
	return mk(op, 0, x, y)
}

func Add(x, y *Term) *Term {
	if y.IsConst() && y.Val == 0 {
		return x
	}
	if x.IsConst() && x.Val == 0 {
		return y
	}
	return bin(OpAdd, "Add", x, y)
}
func Sub(x, y *Term) *Term {
	if y.IsConst() && y.Val == 0 {
		return x
	}
	return bin(OpSub, "Sub", x, y)
}
func Mul(x, y *Term) *Term  { return bin(OpMul, "Mul", x, y) }
func UDiv(x, y *Term) *Term { return bin(OpUDiv, "UDiv", x, y) }
func SDiv(x, y *Term) *Term { return bin(OpSDiv, "SDiv", x, y) }
func URem(x, y *Term) *Term { return bin(OpURem, "URem", x, y) }
func SRem(x, y *Term) *Term { return bin(OpSRem, "SRem", x, y) }
func BAnd(x, y *Term) *Term { return bin(OpBAnd, "BAnd", x, y) }
func BOr(x, y *Term) *Term  { return bin(OpBOr, "BOr", x, y) }
func BXor(x, y *Term) *Term { return bin(OpBXor, "BXor", x, y) }
func Shl(x, y *Term) *Term  { return bin(OpShl, "Shl", x, y) }
func LShr(x, y *Term) *Term { return bin(OpLShr, "LShr", x, y) }
func AShr(x, y *Term) *Term { return bin(OpAShr, "AShr", x, y) }
func BNot(x *Term) *Term    { return mk(OpBNot, x.Bits, x) }
func Neg(x *Term) *Term     { return mk(OpNeg, x.Bits, x) }
func ULT(x, y *Term) *Term  { return cmp(OpULT, "ULT", x, y) }
func ULE(x, y *Term) *Term  { return cmp(OpULE, "ULE", x, y) }
func SLT(x, y *Term) *Term  { return cmp(OpSLT, "SLT", x, y) }
func SLE(x, y *Term) *Term  { return cmp(OpSLE, "SLE", x, y) }

// ZExt zero-extends x to bits bits (bits ≥ x.Bits).
func ZExt(x *Term, bits int) *Term {
	if bits == x.Bits {
		return x
	}
	return mk(OpZExt, bits, x)
}

// SExt sign-extends x to bits bits (bits ≥ x.Bits).
func SExt(x *Term, bits int) *Term {
	if bits == x.Bits {
		return x
	}
	return mk(OpSExt, bits, x)
}

// Extract returns bits [lo+bits-1, lo] of x.
func Extract(x *Term, bits, lo int) *Term {
	if lo == 0 && bits == x.Bits {
		return x
	}
	t := &Term{Op: OpExtract, Bits: bits, Lo: lo, Args: []*Term{x}}
	if x.IsConst() {
		return BV(x.Val>>uint(lo), bits)
	}
	return t
}

// Resize converts x to bits bits: truncating, or extending with its sign
// when signed is set, with zeros otherwise.
func Resize(x *Term, bits int, signed bool) *Term {
	switch {
	case bits < x.Bits:
		return Extract(x, bits, 0)
	case signed:
		return SExt(x, bits)
	default:
		return ZExt(x, bits)
	}
}
