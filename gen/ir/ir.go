package ir

import (
	"fmt"
)

// ---- Source positions ----

// Pos is a source position. The zero Pos means "unknown".
type Pos struct {
	File string // as given by the front end (absolute or module-relative)
	Line int    // 1-based
	Col  int    // 1-based, in bytes
}

// IsValid reports whether the position is known.
func (p Pos) IsValid() bool { return p.Line > 0 }

func (p Pos) String() string {
	if !p.IsValid() {
		return "-"
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Lang names the source language of a function, which fixes the few
// semantic rules the types do not (see Semantics).
type Lang int

const (
	Go Lang = iota
	C
)

func (l Lang) String() string {
	if l == C {
		return "C"
	}
	return "Go"
}

// ---- Functions and blocks ----

// A Func is one function in IR form.
type Func struct {
	Name    string // qualified, e.g. "tri.Trityp" or "tri.Celsius.Abs"
	Pos     Pos    // of the declaration
	Lang    Lang
	Params  []*Param // the receiver, if any, is Params[0]
	Results []Type
	// FreeVars are the variables a closure captures, bound by the
	// MakeClosure that made the function value (closure.go).
	FreeVars []*Param
	stub     bool     // made by NewStub
	Blocks   []*Block // Blocks[0] is the entry

	// Env names the environment variables the function reads (Go:
	// os.Getenv of a constant, in it or its callees), sorted: inputs a
	// test sets, as it passes the parameters (gen.Case.Env).
	Env []string
	// Stdout says the function writes to standard output (Go: os.Stdout,
	// fmt.Print*, in it or its callees): what it prints is a result its
	// tests check (gen.Case.Stdout).
	Stdout bool
	// Exits says the function may end the process (Go: os.Exit in its
	// package's code): its tests run each case in a process of their own
	// and check the exit status and what it printed (gen.Case.Exit,
	// Stdout, Stderr).
	Exits bool
	// Files says the function reads or writes files by name (Go: os.Open,
	// os.ReadFile, os.Create... in its package's code): it is searched
	// and tested in a new empty directory for each call, its names
	// confined to it (ssaexec/files.go).
	Files bool
	// Args says the function is a program's main (Go: func main of
	// package main): its input is its command line (os.Args after the
	// program's name, gen.Case.Args), which its flags are parsed from;
	// it may end the process (Exits).
	Args bool

	// Siblings are the functions of the same file (C) or package (Go):
	// the candidates when a function value is an input.
	Siblings []*Func

	// Library marks a model of a library function written in the IR (C's
	// strlen, memcpy): it is no unit under test, and a run-time error
	// inside it is reported at the call that entered the library.
	Library bool

	// Src is the front end's own handle for the function (for example its
	// *ssa.Function). The core never looks at it; the front end uses it to
	// turn the core's results back into source.
	Src any
}

// A Block is a basic block: instructions, then exactly one terminator.
type Block struct {
	Index   int    // position in Func.Blocks
	Comment string // what the block is for, e.g. "if.then", "for.body"
	Func    *Func
	Instrs  []Instr
	Term    Term
	Preds   []*Block // Phi operands follow this order
	Succs   []*Block // as the terminator orders them: If: true, false
}

func (b *Block) String() string { return fmt.Sprintf("b%d", b.Index) }

// An Edge is the flow from a block to its Index-th successor.
type Edge struct {
	From  *Block
	Index int
}

// To returns the block the edge leads to.
func (e Edge) To() *Block { return e.From.Succs[e.Index] }

// IsBranch reports whether the edge leaves a block with several successors,
// that is, whether it is one outcome of a source branch.
func (e Edge) IsBranch() bool { return len(e.From.Succs) > 1 }

// Pos returns the source position of the condition the edge is an outcome of.
func (e Edge) Pos() Pos {
	switch t := e.From.Term.(type) {
	case *If:
		return t.Pos
	case *Switch:
		if e.Index < len(t.Cases) && t.CasePos != nil && t.CasePos[e.Index].IsValid() {
			return t.CasePos[e.Index]
		}
		return t.Pos
	}
	return Pos{}
}

// Cond returns the source text of the condition the edge is an outcome of.
func (e Edge) Cond() string {
	switch t := e.From.Term.(type) {
	case *If:
		return t.Text
	case *Switch:
		return t.Text
	}
	return ""
}

// Label names the outcome: "true"/"false" for an If, "case V"/"default"
// for a Switch.
func (e Edge) Label() string {
	switch t := e.From.Term.(type) {
	case *If:
		if e.Index == 0 {
			return "true"
		}
		return "false"
	case *Switch:
		if e.Index < len(t.Cases) {
			return "case " + t.Cases[e.Index].String()
		}
		return "default"
	}
	return ""
}

func (e Edge) String() string {
	return fmt.Sprintf("%s->%s", e.From, e.To())
}

// Edges returns every edge of f, in block order then successor order.
func (f *Func) Edges() []Edge {
	var es []Edge
	for _, b := range f.Blocks {
		for i := range b.Succs {
			es = append(es, Edge{b, i})
		}
	}
	return es
}

// BranchEdges returns the edges of f that are outcomes of a branch, in
// block order then successor order. Coverage is counted over these.
func (f *Func) BranchEdges() []Edge {
	var es []Edge
	for _, e := range f.Edges() {
		if e.IsBranch() {
			es = append(es, e)
		}
	}
	return es
}

// ---- Types ----

// A Type is the type of an IR value.
type Type interface {
	String() string
	isType()
}

// Int is an integer type of 8, 16, 32 or 64 bits.
type Int struct {
	Bits   int
	Signed bool
}

// Bool is the boolean type.
type Bool struct{}

// Array is a fixed-length array.
type Array struct {
	Elem Type
	Len  int
}

// Pointer points to a memory cell holding an Elem.
type Pointer struct{ Elem Type }

// Tuple is the type of a call with several results.
type Tuple struct{ Elems []Type }

func (Int) isType()     {}
func (Bool) isType()    {}
func (Array) isType()   {}
func (Pointer) isType() {}
func (Tuple) isType()   {}

func (t Int) String() string {
	if t.Signed {
		return fmt.Sprintf("i%d", t.Bits)
	}
	return fmt.Sprintf("u%d", t.Bits)
}
func (Bool) String() string      { return "bool" }
func (t Array) String() string   { return fmt.Sprintf("[%d]%s", t.Len, t.Elem) }
func (t Pointer) String() string { return "*" + t.Elem.String() }
func (t Tuple) String() string {
	s := "("
	for i, e := range t.Elems {
		if i > 0 {
			s += ", "
		}
		s += e.String()
	}
	return s + ")"
}

// Mask returns the mask of the t's bits.
func (t Int) Mask() uint64 {
	if t.Bits >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(t.Bits) - 1
}

// ---- Values ----

// A Value is an operand: a constant, a parameter or the result of an
// instruction.
type Value interface {
	Type() Type
	// Name is the operand's printed name: "3:i64", "a", "t4".
	Name() string
}

// A Const is a constant. Bits holds an integer's two's complement bit
// pattern masked to the type's width, a bool's 0 or 1, a float's IEEE
// bits; Str holds a string's bytes; a pointer, slice or function constant
// is nil.
type Const struct {
	T    Type
	Bits uint64
	Str  string
}

// StringConst returns the string constant s.
func StringConst(s string) *Const { return &Const{T: String{}, Str: s} }

// IntConst returns the constant v of integer type t.
func IntConst(t Int, v int64) *Const { return &Const{T: t, Bits: uint64(v) & t.Mask()} }

// BoolConst returns the boolean constant v.
func BoolConst(v bool) *Const {
	if v {
		return &Const{T: Bool{}, Bits: 1}
	}
	return &Const{T: Bool{}}
}

func (c *Const) Type() Type { return c.T }
func (c *Const) Name() string {
	if _, ok := c.T.(Bool); ok {
		return c.String()
	}
	return c.String() + ":" + c.T.String()
}

// Int64 returns the constant's value, sign-extended if its type is signed.
func (c *Const) Int64() int64 {
	if t, ok := c.T.(Int); ok && t.Signed {
		return SignExtend(c.Bits, t.Bits)
	}
	return int64(c.Bits)
}

func (c *Const) String() string {
	switch t := c.T.(type) {
	case Pointer, Slice, *Signature, Map, Error, *Interface:
		return "nil"
	case String:
		return fmt.Sprintf("%q", c.Str)
	case Float:
		return Literal{T: t, Bits: c.Bits}.String()
	case Bool:
		return fmt.Sprint(c.Bits != 0)
	case Int:
		if t.Signed {
			return fmt.Sprint(SignExtend(c.Bits, t.Bits))
		}
	}
	return fmt.Sprint(c.Bits)
}

// SignExtend interprets the low bits of x as a signed integer.
func SignExtend(x uint64, bits int) int64 {
	if bits >= 64 {
		return int64(x)
	}
	s := uint(64 - bits)
	return int64(x<<s) >> s
}

// A Param is a function parameter (or the receiver of a method).
type Param struct {
	name string
	T    Type
}

// NewParam returns a parameter called name of type t.
func NewParam(name string, t Type) *Param { return &Param{name: name, T: t} }

func (p *Param) Type() Type   { return p.T }
func (p *Param) Name() string { return p.name }

// ---- Instructions ----

// An Instr is an instruction of a block. Instructions that produce a value
// also implement Value.
type Instr interface {
	String() string
	Block() *Block
	// Operands returns the instruction's operands, for analyses that
	// need no knowledge of each kind.
	Operands() []Value
	setBlock(*Block)
}

// anInstr is embedded in every instruction.
type anInstr struct {
	block *Block
	Pos   Pos // of the source construct, when known
}

func (i *anInstr) Block() *Block       { return i.block }
func (i *anInstr) setBlock(b *Block)   { i.block = b }
func (i *anInstr) Position() Pos       { return i.Pos }
func (i *anInstr) SetPosition(pos Pos) { i.Pos = pos }

// aValue is embedded in instructions that produce a value.
type aValue struct {
	anInstr
	id int // assigned by Func.Renumber; printed as t<id>
	T  Type
}

func (v *aValue) Type() Type   { return v.T }
func (v *aValue) Name() string { return fmt.Sprintf("t%d", v.id) }
func (v *aValue) setID(id int) { v.id = id }

// ID returns the number Func.Renumber gave the value (0 before it).
func (v *aValue) ID() int     { return v.id }
func (v *aValue) valueInstr() {} // marks value-producing instructions

// Op is an arithmetic, bitwise or comparison operator.
type Op int

const (
	Add Op = iota
	Sub
	Mul
	Div // truncated toward zero when signed
	Rem // sign of the dividend when signed
	And
	Or
	Xor
	AndNot // x &^ y
	Shl
	Shr // arithmetic when X is signed, logical otherwise
	Eq
	Ne
	Lt // signedness from the operands' type
	Le
	Gt
	Ge
	Neg   // unary -x
	Not   // unary !x (bool)
	Compl // unary ^x / ~x
)

var opNames = [...]string{
	Add: "+", Sub: "-", Mul: "*", Div: "/", Rem: "%", And: "&", Or: "|",
	Xor: "^", AndNot: "&^", Shl: "<<", Shr: ">>", Eq: "==", Ne: "!=",
	Lt: "<", Le: "<=", Gt: ">", Ge: ">=", Neg: "-", Not: "!", Compl: "^",
}

func (op Op) String() string { return opNames[op] }

// IsComparison reports whether op yields a bool from two operands.
func (op Op) IsComparison() bool { return op >= Eq && op <= Ge }

// BinOp is X op Y. Both operands have the same type, except for shifts,
// whose count Y may be of any integer type. Comparisons yield Bool; And,
// Or, Xor, Eq and Ne also apply to Bool operands.
type BinOp struct {
	aValue
	Op   Op
	X, Y Value
}

// UnOp is op X, for op in Neg, Not, Compl.
type UnOp struct {
	aValue
	Op Op
	X  Value
}

// Convert changes an integer's width or signedness (truncating, or
// extending by the signedness of X's type), or a bool to an integer 0/1.
type Convert struct {
	aValue
	X Value
}

// Phi selects Edges[i] when control came from Block().Preds[i].
type Phi struct {
	aValue
	Edges []Value
}

// Call calls a function of the same program. Its type is the single
// result's type, a Tuple for several results, or an empty Tuple for none.
type Call struct {
	aValue
	Callee *Func
	Args   []Value
}

// Extract is the Index-th component of a Tuple value.
type Extract struct {
	aValue
	Tuple Value
	Index int
}

// Alloc allocates a new zeroed memory cell of type Elem. Its type is
// Pointer{Elem}.
type Alloc struct {
	aValue
	Elem Type
}

// Load reads the cell Ptr points to.
type Load struct {
	aValue
	Ptr Value
}

// IndexAddr is the address of element Index of the array Ptr points to,
// or of the slice Ptr. An index out of range is a run-time error (a Go
// panic, C undefined behaviour).
type IndexAddr struct {
	aValue
	Ptr, Index Value
}

// Index is element Index of array value X, or byte Index of string X,
// bounds-checked as IndexAddr.
type Index struct {
	aValue
	X, Index Value
}

// Store writes Val to the cell Ptr points to. It produces no value.
type Store struct {
	anInstr
	Ptr, Val Value
}

func (i *BinOp) Operands() []Value     { return []Value{i.X, i.Y} }
func (i *UnOp) Operands() []Value      { return []Value{i.X} }
func (i *Convert) Operands() []Value   { return []Value{i.X} }
func (i *Phi) Operands() []Value       { return i.Edges }
func (i *Call) Operands() []Value      { return i.Args }
func (i *Extract) Operands() []Value   { return []Value{i.Tuple} }
func (i *Alloc) Operands() []Value     { return nil }
func (i *Load) Operands() []Value      { return []Value{i.Ptr} }
func (i *IndexAddr) Operands() []Value { return []Value{i.Ptr, i.Index} }
func (i *Index) Operands() []Value     { return []Value{i.X, i.Index} }
func (i *Store) Operands() []Value     { return []Value{i.Ptr, i.Val} }

// ---- Terminators ----

// A Term ends a block and says where control goes next.
type Term interface {
	Instr
	// Arity is the number of successors the block must have.
	Arity() int
}

// If goes to Succs[0] when Cond is true, Succs[1] otherwise.
type If struct {
	anInstr
	Cond Value
	Text string // source text of the condition, e.g. "a <= 0"
}

// Switch goes to Succs[i] when X equals Cases[i] (the first that matches),
// to Succs[len(Cases)] otherwise (the default).
type Switch struct {
	anInstr
	X       Value
	Cases   []*Const
	CasePos []Pos  // position of each case label, when known
	Text    string // source text of the tag
}

// Jump goes to Succs[0].
type Jump struct{ anInstr }

// Return leaves the function with Results.
type Return struct {
	anInstr
	Results []Value
}

// Panic ends the execution abnormally: an explicit panic, abort or exit.
//
// Exit marks C's exit(X) and abort() (X nil): the program ends on
// purpose, which a test may expect, where a Panic without Exit in C is
// undefined behaviour (falling off the end of a function whose value is
// used).
//
// Unknown names a C function another unit of the program defines (the
// unit only declares or calls it): what the call does is not known, and
// the harness cannot call it. A path reaching it is neither a case nor a
// finding: the search leaves it, and searches the function's other paths.
type Panic struct {
	anInstr
	X       Value // the panic value or exit status, if any (nil otherwise)
	Exit    bool
	Unknown string
}

func (*If) Arity() int       { return 2 }
func (t *Switch) Arity() int { return len(t.Cases) + 1 }
func (*Jump) Arity() int     { return 1 }
func (*Return) Arity() int   { return 0 }
func (*Panic) Arity() int    { return 0 }

func (t *If) Operands() []Value     { return []Value{t.Cond} }
func (t *Switch) Operands() []Value { return []Value{t.X} }
func (*Jump) Operands() []Value     { return nil }
func (t *Return) Operands() []Value { return t.Results }
func (t *Panic) Operands() []Value {
	if t.X == nil {
		return nil
	}
	return []Value{t.X}
}

// ---- Construction ----

// NewBlock appends a new empty block to f.
func (f *Func) NewBlock(comment string) *Block {
	b := &Block{Index: len(f.Blocks), Comment: comment, Func: f}
	f.Blocks = append(f.Blocks, b)
	return b
}

// Emit appends instr to b and returns it. For a value-producing
// instruction, t is its type (ignored otherwise).
func (b *Block) Emit(instr Instr) Instr {
	instr.setBlock(b)
	b.Instrs = append(b.Instrs, instr)
	return instr
}

// SetTerm sets b's terminator and successors, and adds b to each
// successor's predecessors.
func (b *Block) SetTerm(t Term, succs ...*Block) {
	t.setBlock(b)
	b.Term = t
	b.Succs = succs
	for _, s := range succs {
		s.Preds = append(s.Preds, b)
	}
}

// NewBinOp returns X op Y; its type is Bool for comparisons, X's otherwise.
func NewBinOp(op Op, x, y Value) *BinOp {
	t := x.Type()
	if op.IsComparison() {
		t = Bool{}
	}
	return &BinOp{aValue: aValue{T: t}, Op: op, X: x, Y: y}
}

// NewUnOp returns op X.
func NewUnOp(op Op, x Value) *UnOp { return &UnOp{aValue: aValue{T: x.Type()}, Op: op, X: x} }

// NewConvert returns X converted to t.
func NewConvert(x Value, t Type) *Convert { return &Convert{aValue: aValue{T: t}, X: x} }

// NewPhi returns a phi of type t; its Edges are set by the caller.
func NewPhi(t Type, edges []Value) *Phi { return &Phi{aValue: aValue{T: t}, Edges: edges} }

// NewCall returns a call of callee.
func NewCall(callee *Func, args []Value) *Call {
	var t Type
	switch len(callee.Results) {
	case 1:
		t = callee.Results[0]
	default:
		t = Tuple{Elems: callee.Results}
	}
	return &Call{aValue: aValue{T: t}, Callee: callee, Args: args}
}

// NewExtract returns component i of tuple.
func NewExtract(tuple Value, i int) *Extract {
	return &Extract{aValue: aValue{T: tuple.Type().(Tuple).Elems[i]}, Tuple: tuple, Index: i}
}

// NewAlloc returns the allocation of a zeroed cell of type elem.
func NewAlloc(elem Type) *Alloc { return &Alloc{aValue: aValue{T: Pointer{Elem: elem}}, Elem: elem} }

// NewLoad returns a read of *ptr.
func NewLoad(ptr Value) *Load { return &Load{aValue: aValue{T: ptr.Type().(Pointer).Elem}, Ptr: ptr} }

// NewIndexAddr returns &(*ptr)[index] for a pointer to an array, or
// &ptr[index] for a slice.
func NewIndexAddr(ptr, index Value) *IndexAddr {
	var elem Type
	switch t := ptr.Type().(type) {
	case Slice:
		elem = t.Elem
	default:
		elem = t.(Pointer).Elem.(Array).Elem
	}
	return &IndexAddr{aValue: aValue{T: Pointer{Elem: elem}}, Ptr: ptr, Index: index}
}

// NewIndex returns x[index] for an array value, or the byte x[index] of a
// string.
func NewIndex(x, index Value) *Index {
	var elem Type
	switch t := x.Type().(type) {
	case String:
		elem = Int{Bits: 8}
	default:
		elem = t.(Array).Elem
	}
	return &Index{aValue: aValue{T: elem}, X: x, Index: index}
}

// NewStore returns *ptr = val.
func NewStore(ptr, val Value) *Store { return &Store{Ptr: ptr, Val: val} }

// Renumber names the values of f t0, t1, ... in block and instruction
// order. Front ends call it once the function is built; it makes the
// printed form deterministic.
func (f *Func) Renumber() {
	n := 0
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if v, ok := in.(interface{ setID(int) }); ok {
				v.setID(n)
				n++
			}
		}
	}
}

// Walk calls visit on every instruction and terminator of f, block by
// block, and of the functions f calls (Call), directly or not, each
// function once: at a Call, on the callee's first, then on the Call.
func (f *Func) Walk(visit func(Instr)) {
	done := map[*Func]bool{}
	var walk func(*Func)
	walk = func(f *Func) {
		if done[f] {
			return
		}
		done[f] = true
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if c, ok := in.(*Call); ok {
					walk(c.Callee)
				}
				visit(in)
			}
			if b.Term != nil {
				visit(b.Term)
			}
		}
	}
	walk(f)
}
