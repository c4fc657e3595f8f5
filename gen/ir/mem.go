package ir

import (
	"fmt"
	"strings"
)

// This file holds the IR of data beyond integers and booleans: floats,
// structs, pointers into memory, slices, strings, function values,
// globals, heap allocation and the run-time checks of each language.
//
// Memory. Every Alloc, Malloc, Global and every object an input points to
// is a separate object; a pointer designates an object and a path of
// field and element indexes inside it. Pointers are compared, offset (C)
// and dereferenced; the executor decides symbolically which object an
// input pointer designates (nil, its own object, or the object of
// another input pointer of the same type: aliasing).

// ---- More types ----

// Float is an IEEE 754 binary32 (Bits 32) or binary64 (Bits 64).
type Float struct{ Bits int }

// A Struct is a record. Structs are compared by identity: a front end
// makes one *Struct per source type, which lets a struct hold a pointer
// to itself (a list node).
type Struct struct {
	Name   string // the source name, e.g. "Node" or "struct node"
	Fields []Field
}

// A Field is a named member of a Struct.
type Field struct {
	Name string
	T    Type
}

// Slice is a Go slice (or a C pointer parameter used as a buffer): a
// pointer to an element of an array object, a length and a capacity.
type Slice struct{ Elem Type }

// String is a Go string: an immutable sequence of bytes.
type String struct{}

// Signature is the type of a function value.
type Signature struct {
	Params, Results []Type
}

func (Float) isType()      {}
func (*Struct) isType()    {}
func (Slice) isType()      {}
func (String) isType()     {}
func (*Signature) isType() {}

func (t Float) String() string   { return fmt.Sprintf("f%d", t.Bits) }
func (t *Struct) String() string { return t.Name }
func (t Slice) String() string   { return "[]" + t.Elem.String() }
func (String) String() string    { return "string" }
func (t *Signature) String() string {
	ps := make([]string, len(t.Params))
	for i, p := range t.Params {
		ps[i] = p.String()
	}
	rs := make([]string, len(t.Results))
	for i, r := range t.Results {
		rs[i] = r.String()
	}
	return "func(" + strings.Join(ps, ", ") + ") (" + strings.Join(rs, ", ") + ")"
}

// FieldIndex returns the index of the field called name, or -1.
func (t *Struct) FieldIndex(name string) int {
	for i, f := range t.Fields {
		if f.Name == name {
			return i
		}
	}
	return -1
}

// ---- More values ----

// NilConst returns the nil of type t (a Pointer, Slice, Signature, Map
// or Error).
func NilConst(t Type) *Const { return &Const{T: t} }

// FloatConst returns the float constant whose IEEE bits are bits.
func FloatConst(t Float, bits uint64) *Const { return &Const{T: t, Bits: bits} }

// A Global is a package-level (Go) or file-scope (C) variable. As a value
// it is the address of its cell, of type Pointer{T}.
type Global struct {
	name string
	T    Type     // the type of the variable's value
	Init *Literal // its initial value; nil means zero
	// Input marks a global whose value at the call is an input of the
	// unit under test (it is read before being written): the test sets it.
	Input bool
	Pos   Pos
}

// NewGlobal returns the global called name holding values of type t.
func NewGlobal(name string, t Type) *Global { return &Global{name: name, T: t} }

func (g *Global) Type() Type   { return Pointer{Elem: g.T} }
func (g *Global) Name() string { return "@" + g.name }

// Ident returns the global's source name.
func (g *Global) Ident() string { return g.name }

// A FuncRef is a function used as a value (C function pointer, Go func
// value without captured variables).
type FuncRef struct{ Func *Func }

func (r *FuncRef) Type() Type {
	return &Signature{Params: paramTypes(r.Func), Results: r.Func.Results}
}
func (r *FuncRef) Name() string { return "&" + r.Func.Name }

func paramTypes(f *Func) []Type {
	ts := make([]Type, len(f.Params))
	for i, p := range f.Params {
		ts[i] = p.T
	}
	return ts
}

// ---- More instructions ----

// FieldAddr is the address of field Field of the struct Ptr points to.
type FieldAddr struct {
	aValue
	Ptr   Value
	Field int
}

// FieldOf is field Field of struct value X.
type FieldOf struct {
	aValue
	X     Value
	Field int
}

// PtrAdd is Ptr advanced by Offset elements (C pointer arithmetic). The
// result must stay within the array object Ptr points into, or one past
// its end.
type PtrAdd struct {
	aValue
	Ptr, Offset Value
}

// Malloc allocates an array of Count elements of type Elem on the heap
// and yields a pointer to its first element; Zero says whether the memory
// is zeroed (calloc) or indeterminate (malloc).
type Malloc struct {
	aValue
	Elem  Type
	Count Value
	Zero  bool
}

// Free releases the heap object Ptr points to (C).
type Free struct {
	anInstr
	Ptr Value
}

// Len is the length of a string or slice, or the count of an array.
type Len struct {
	aValue
	X Value
}

// MakeSlice is a new slice of Len zeroed elements (capacity Cap).
type MakeSlice struct {
	aValue
	Len, Cap Value
}

// SliceOf is X[Low:High] of a string, a slice or a pointer to an array;
// Low and High may be nil (0 and the length). Max, when not nil, makes it
// the full slice expression X[Low:High:Max] (not of a string), whose
// capacity is Max-Low.
type SliceOf struct {
	aValue
	X, Low, High, Max Value
}

// Append is append(S, Elems...), where Elems is a slice (or a string, when
// S is a byte slice).
type Append struct {
	aValue
	S, Elems Value
}

// CallIndirect calls the function value Fn.
type CallIndirect struct {
	aValue
	Fn   Value
	Args []Value
}

// ReadInput returns the next element of the unit's input stream (C: the
// next character of standard input, or -1 at its end), of type T.
type ReadInput struct {
	aValue
}

func (i *FieldAddr) Operands() []Value    { return []Value{i.Ptr} }
func (i *FieldOf) Operands() []Value      { return []Value{i.X} }
func (i *PtrAdd) Operands() []Value       { return []Value{i.Ptr, i.Offset} }
func (i *Malloc) Operands() []Value       { return []Value{i.Count} }
func (i *Free) Operands() []Value         { return []Value{i.Ptr} }
func (i *Len) Operands() []Value          { return []Value{i.X} }
func (i *MakeSlice) Operands() []Value    { return []Value{i.Len, i.Cap} }
func (i *SliceOf) Operands() []Value      { return nonNil(i.X, i.Low, i.High, i.Max) }
func (i *Append) Operands() []Value       { return []Value{i.S, i.Elems} }
func (i *CallIndirect) Operands() []Value { return append([]Value{i.Fn}, i.Args...) }
func (i *ReadInput) Operands() []Value    { return nil }

func nonNil(vs ...Value) []Value {
	var r []Value
	for _, v := range vs {
		if v != nil {
			r = append(r, v)
		}
	}
	return r
}

func (i *FieldAddr) String() string {
	return fmt.Sprintf("%s = &%s.%s", i.Name(), i.Ptr.Name(), fieldName(i.Ptr.Type(), i.Field, true))
}
func (i *FieldOf) String() string {
	return fmt.Sprintf("%s = %s.%s", i.Name(), i.X.Name(), fieldName(i.X.Type(), i.Field, false))
}
func (i *PtrAdd) String() string {
	return fmt.Sprintf("%s = %s + %s", i.Name(), i.Ptr.Name(), i.Offset.Name())
}
func (i *Malloc) String() string {
	op := "malloc"
	if i.Zero {
		op = "calloc"
	}
	return fmt.Sprintf("%s = %s %s x %s", i.Name(), op, i.Elem, i.Count.Name())
}
func (i *Free) String() string { return "free " + i.Ptr.Name() }
func (i *Len) String() string  { return fmt.Sprintf("%s = len %s", i.Name(), i.X.Name()) }
func (i *MakeSlice) String() string {
	return fmt.Sprintf("%s = make %s %s %s", i.Name(), i.T, i.Len.Name(), i.Cap.Name())
}
func (i *SliceOf) String() string {
	name := func(v Value) string {
		if v == nil {
			return ""
		}
		return v.Name()
	}
	if i.Max != nil {
		return fmt.Sprintf("%s = %s[%s:%s:%s]", i.Name(), i.X.Name(), name(i.Low), name(i.High), i.Max.Name())
	}
	return fmt.Sprintf("%s = %s[%s:%s]", i.Name(), i.X.Name(), name(i.Low), name(i.High))
}
func (i *Append) String() string {
	return fmt.Sprintf("%s = append %s %s...", i.Name(), i.S.Name(), i.Elems.Name())
}
func (i *CallIndirect) String() string {
	return fmt.Sprintf("%s = call %s(%s)", i.Name(), i.Fn.Name(), names(i.Args))
}
func (i *ReadInput) String() string { return fmt.Sprintf("%s = input %s", i.Name(), i.T) }

func fieldName(t Type, i int, ptr bool) string {
	if ptr {
		if p, ok := t.(Pointer); ok {
			t = p.Elem
		}
	}
	if s, ok := t.(*Struct); ok && i < len(s.Fields) {
		return s.Fields[i].Name
	}
	return fmt.Sprintf("#%d", i)
}

// NewFieldAddr returns &ptr.field.
func NewFieldAddr(ptr Value, field int) *FieldAddr {
	st := ptr.Type().(Pointer).Elem.(*Struct)
	return &FieldAddr{aValue: aValue{T: Pointer{Elem: st.Fields[field].T}}, Ptr: ptr, Field: field}
}

// NewFieldOf returns x.field.
func NewFieldOf(x Value, field int) *FieldOf {
	st := x.Type().(*Struct)
	return &FieldOf{aValue: aValue{T: st.Fields[field].T}, X: x, Field: field}
}

// NewPtrAdd returns ptr + off.
func NewPtrAdd(ptr, off Value) *PtrAdd {
	return &PtrAdd{aValue: aValue{T: ptr.Type()}, Ptr: ptr, Offset: off}
}

// NewMalloc returns the allocation of count elements of type elem.
func NewMalloc(elem Type, count Value, zero bool) *Malloc {
	return &Malloc{aValue: aValue{T: Pointer{Elem: elem}}, Elem: elem, Count: count, Zero: zero}
}

// NewFree returns free(ptr).
func NewFree(ptr Value) *Free { return &Free{Ptr: ptr} }

// NewLen returns len(x), of type t (the language's int).
func NewLen(x Value, t Int) *Len { return &Len{aValue: aValue{T: t}, X: x} }

// NewMakeSlice returns make(t, n, c).
func NewMakeSlice(t Slice, n, c Value) *MakeSlice {
	return &MakeSlice{aValue: aValue{T: t}, Len: n, Cap: c}
}

// NewSliceOf returns x[lo:hi], of type t.
func NewSliceOf(t Type, x, lo, hi Value) *SliceOf {
	return &SliceOf{aValue: aValue{T: t}, X: x, Low: lo, High: hi}
}

// NewAppend returns append(s, elems...).
func NewAppend(s, elems Value) *Append {
	return &Append{aValue: aValue{T: s.Type()}, S: s, Elems: elems}
}

// NewCallIndirect returns a call of the function value fn.
func NewCallIndirect(fn Value, args []Value) *CallIndirect {
	sig := fn.Type().(*Signature)
	var t Type
	if len(sig.Results) == 1 {
		t = sig.Results[0]
	} else {
		t = Tuple{Elems: sig.Results}
	}
	return &CallIndirect{aValue: aValue{T: t}, Fn: fn, Args: args}
}

// NewPtrDiff returns x - y for pointers x and y of one type into the same
// array object: the difference of their element indexes, an i64 (C's
// ptrdiff_t). Pointers into different objects fail CheckPtrDiff.
//
// Example printed form:
//
//	t5 = t3 - t1
func NewPtrDiff(x, y Value) *BinOp {
	return &BinOp{aValue: aValue{T: Int{Bits: 64, Signed: true}}, Op: Sub, X: x, Y: y}
}

// NewReadInput returns the read of the next input element of type t.
func NewReadInput(t Type) *ReadInput { return &ReadInput{aValue: aValue{T: t}} }

// ---- Run-time checks ----

// CheckKind names a run-time error that a Check guards against.
type CheckKind int

const (
	NoCheck         CheckKind = iota
	CheckIndex                // index out of range
	CheckNil                  // nil (NULL) dereference
	CheckDivide               // division by zero
	CheckOverflow             // signed overflow (C)
	CheckShift                // negative or too large shift count
	CheckFree                 // use after free, double or invalid free (C)
	CheckUninit               // read of indeterminate memory (C)
	CheckConversion           // float to int out of range (C)
	CheckType                 // type assertion on another dynamic type (Go)
	CheckPtrDiff              // difference of pointers into different objects (C)
	CheckNoResult             // use of the result of a call that returned none (C)
	CheckNilMap               // assignment to an entry of a nil map (Go)
)

var checkNames = [...]string{"", "index out of range", "nil dereference", "division by zero",
	"signed overflow", "shift count out of range", "invalid use of freed memory",
	"read of uninitialized memory", "conversion out of range", "interface conversion",
	"difference of pointers into different objects", "use of a missing result",
	"assignment to entry in nil map"}

func (k CheckKind) String() string { return checkNames[k] }
