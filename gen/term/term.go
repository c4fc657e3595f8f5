// Package term is the formula language of the symbolic executor: boolean
// and fixed-width bit-vector terms, built by constructors that fold
// constants and apply the obvious identities, so that a path on which a
// condition is decided by constants never reaches the solver.
//
// Terms are immutable and shared. Their semantics is SMT-LIB's QF_BV:
// two's complement bit-vectors of 1 to 64 bits; division by zero and shifts
// past the width have SMT-LIB's meaning (the executor adds the language's
// preconditions). The solve stage translates terms to Z3; Eval computes a
// term's value under an assignment, which tests use to check folding
// against the solver.
//
// Printed form (String) is SMT-LIB-like: (bvadd a (_ bv1 64)).
package term

import (
	"fmt"
	"sort"
	"strings"
)

// Op is a term operator.
type Op int

const (
	OpConst Op = iota // Val
	OpVar             // Name
	OpNot
	OpAnd // n-ary
	OpOr  // n-ary
	OpIte // cond, then, else (bool or bit-vector)
	OpEq  // bool or bit-vector operands
	OpAdd
	OpSub
	OpMul
	OpUDiv
	OpSDiv
	OpURem
	OpSRem
	OpBAnd
	OpBOr
	OpBXor
	OpBNot
	OpNeg
	OpShl
	OpLShr
	OpAShr
	OpULT
	OpULE
	OpSLT
	OpSLE
	OpZExt    // to Bits
	OpSExt    // to Bits
	OpExtract // bits [Bits-1+Lo, Lo]
)

var opNames = map[Op]string{
	OpNot: "not", OpAnd: "and", OpOr: "or", OpIte: "ite", OpEq: "=",
	OpAdd: "bvadd", OpSub: "bvsub", OpMul: "bvmul", OpUDiv: "bvudiv", OpSDiv: "bvsdiv",
	OpURem: "bvurem", OpSRem: "bvsrem", OpBAnd: "bvand", OpBOr: "bvor", OpBXor: "bvxor",
	OpBNot: "bvnot", OpNeg: "bvneg", OpShl: "bvshl", OpLShr: "bvlshr", OpAShr: "bvashr",
	OpULT: "bvult", OpULE: "bvule", OpSLT: "bvslt", OpSLE: "bvsle",
	OpZExt: "zero_extend", OpSExt: "sign_extend", OpExtract: "extract",
}

// A Term is a boolean (Bits == 0) or a bit-vector of Bits bits.
type Term struct {
	Op   Op
	Bits int
	Val  uint64 // OpConst: the value (bool: 0 or 1), masked to Bits
	Name string // OpVar
	Lo   int    // OpExtract: lowest bit taken
	Args []*Term
}

// IsBool reports whether t is a boolean term.
func (t *Term) IsBool() bool { return t.Bits == 0 }

// IsConst reports whether t is a constant.
func (t *Term) IsConst() bool { return t.Op == OpConst }

// IsTrue and IsFalse report whether t is the boolean constant.
func (t *Term) IsTrue() bool  { return t.Op == OpConst && t.Bits == 0 && t.Val == 1 }
func (t *Term) IsFalse() bool { return t.Op == OpConst && t.Bits == 0 && t.Val == 0 }

var (
	True  = &Term{Op: OpConst, Val: 1}
	False = &Term{Op: OpConst, Val: 0}
)

// Bool returns the boolean constant b.
func Bool(b bool) *Term {
	if b {
		return True
	}
	return False
}

// Mask returns the mask of the low bits bits.
func Mask(bits int) uint64 {
	if bits >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(bits) - 1
}

// BV returns the bits-wide constant v (masked).
func BV(v uint64, bits int) *Term {
	if bits < 1 || bits > 64 {
		panic(fmt.Sprintf("term.BV: width %d", bits))
	}
	return &Term{Op: OpConst, Bits: bits, Val: v & Mask(bits)}
}

// Var returns a variable; bits 0 makes a boolean variable.
func Var(name string, bits int) *Term { return &Term{Op: OpVar, Bits: bits, Name: name} }

func (t *Term) String() string {
	var b strings.Builder
	t.write(&b)
	return b.String()
}

func (t *Term) write(b *strings.Builder) {
	switch t.Op {
	case OpConst:
		if t.Bits == 0 {
			fmt.Fprint(b, t.Val == 1)
		} else {
			fmt.Fprintf(b, "(_ bv%d %d)", t.Val, t.Bits)
		}
		return
	case OpVar:
		b.WriteString(t.Name)
		return
	case OpZExt, OpSExt:
		fmt.Fprintf(b, "((_ %s %d) ", opNames[t.Op], t.Bits-t.Args[0].Bits)
		t.Args[0].write(b)
		b.WriteString(")")
		return
	case OpExtract:
		fmt.Fprintf(b, "((_ extract %d %d) ", t.Lo+t.Bits-1, t.Lo)
		t.Args[0].write(b)
		b.WriteString(")")
		return
	case OpFToInt, OpIntToF, OpFToF, OpFInRange:
		fmt.Fprintf(b, "((_ %s %d %d %d) ", opNames[t.Op], t.Bits, t.Lo, t.Val)
		t.Args[0].write(b)
		b.WriteString(")")
		return
	}
	b.WriteString("(")
	b.WriteString(opNames[t.Op])
	for _, a := range t.Args {
		b.WriteString(" ")
		a.write(b)
	}
	b.WriteString(")")
}

// Vars returns the variables of t, sorted by name.
func Vars(ts ...*Term) []*Term {
	seen := map[string]*Term{}
	visited := map[*Term]bool{}
	var walk func(*Term)
	walk = func(t *Term) {
		if visited[t] {
			return
		}
		visited[t] = true
		if t.Op == OpVar {
			seen[t.Name] = t
		}
		for _, a := range t.Args {
			walk(a)
		}
	}
	for _, t := range ts {
		walk(t)
	}
	vs := make([]*Term, 0, len(seen))
	for _, v := range seen {
		vs = append(vs, v)
	}
	sort.Slice(vs, func(i, j int) bool { return vs[i].Name < vs[j].Name })
	return vs
}

// Size returns the number of distinct nodes of t.
func Size(t *Term) int {
	seen := map[*Term]bool{}
	var walk func(*Term)
	walk = func(t *Term) {
		if seen[t] {
			return
		}
		seen[t] = true
		for _, a := range t.Args {
			walk(a)
		}
	}
	walk(t)
	return len(seen)
}

// SizeAtMost reports whether t has at most n distinct nodes. It stops
// counting past n: on a formula of a million nodes it costs what n do.
func SizeAtMost(t *Term, n int) bool {
	seen := map[*Term]bool{}
	var walk func(*Term) bool
	walk = func(t *Term) bool {
		if seen[t] {
			return true
		}
		seen[t] = true
		if len(seen) > n {
			return false
		}
		for _, a := range t.Args {
			if !walk(a) {
				return false
			}
		}
		return true
	}
	return walk(t)
}

// Equal reports whether a and b are the same term, node for node. It
// visits each pair of shared nodes once, so it stays linear in the size
// of the DAGs where printing them would not.
func Equal(a, b *Term) bool {
	type pair struct{ a, b *Term }
	seen := map[pair]bool{}
	var eq func(a, b *Term) bool
	eq = func(a, b *Term) bool {
		if a == b {
			return true
		}
		if a.Op != b.Op || a.Bits != b.Bits || a.Val != b.Val || a.Name != b.Name || a.Lo != b.Lo || len(a.Args) != len(b.Args) {
			return false
		}
		if seen[pair{a, b}] {
			return true
		}
		seen[pair{a, b}] = true
		for i := range a.Args {
			if !eq(a.Args[i], b.Args[i]) {
				return false
			}
		}
		return true
	}
	return eq(a, b)
}
