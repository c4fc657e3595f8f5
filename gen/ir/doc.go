// Package ir defines pbcc's common control-flow-graph form, the one
// representation that every later stage (goals, execution trees, symbolic
// execution, replay) reads, whichever front end produced it.
//
// A front end (ssaexec for Go, cbridge for C) lowers each function into a
// *Func: a list of basic blocks, each holding three-address instructions and
// ending in exactly one terminator (If, Switch, Jump, Return, Panic). Values
// are typed: integers carry their width and signedness, so wrap-around and
// signed comparisons are decided by the type, not by the language; the few
// semantic differences between Go and C (division by zero, shifts past the
// width) are carried by Func.Lang.
//
// Every If and Switch carries the source position and text of the condition
// it came from, so that each branch edge maps back to a source branch
// (file:line:col and true/false/case). Blocks 0 is the entry.
//
// Values and instructions:
//
//	Value        produces   Example printed form
//	*Const       int, bool  3:int  true
//	*Param       any        a
//	*BinOp       int, bool  t1 = a + b
//	*UnOp        int, bool  t2 = -a     t3 = !c    t4 = ^x
//	*Convert     int        t5 = convert int8 <- a
//	*Phi         any        t6 = phi [b0: 0:int, b3: t9]
//	*Call        any        t7 = call tri.g(a, 2:int)
//	*CallExtern  any        t7 = extern strings.IndexByte(s, 61:u8)
//	*Extract     any        t8 = extract t7 #1
//	*Alloc       pointer    t9 = alloc [2]int
//	*Load        any        t10 = load t9
//	*IndexAddr   pointer    t11 = &t9[i]
//	*Index       any        t12 = t10[i]
//	*Store       -          store t11 <- 3:int
//
// Go interfaces other than error (iface.go; the C front end uses none):
//
//	*MakeIface   *Interface t1 = iface Shape <- Circle t0
//	*IfaceIs     bool       t2 = s is nil     t3 = v is int|string
//	*IfaceValue  any        t4 = s.(*Square)  t5 = s.(Circle),ok
//	*IfaceMethod signature  t6 = method s.Area [Shape.Area@Circle Shape.Area@*Square]
//	*IfaceConvert *Interface t7 = convert any <- s [2 3]  t8 = assert,ok Named <- v [0 1 0]
//
//	Terminator   successors
//	*If          2: true, false      if t1 goto b1 else b2
//	*Switch      len(Cases)+1: each case, then default
//	*Jump        1
//	*Return      0
//	*Panic       0
//
// The printed form of a Func (Func.String) is deterministic; golden tests
// depend on it. Check verifies the invariants a front end must establish.
package ir
