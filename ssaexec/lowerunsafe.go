package ssaexec

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/pbcc/pbcc/gen/ir"
)

// ---- unsafe: the zero-copy conversions ----

// The IR has no unsafe.Pointer: memory is typed. Three idioms of
// performance-minded Go that view the bytes of a []byte as a string, or
// of a string as a []byte, without copying them, are lowered as the
// copying conversion they stand for:
//
//	*(*string)(unsafe.Pointer(p))           t0 = *p
//	  (p a *[]byte: &b, or a parameter)     t1 = convert string <- []byte (t0)
//	unsafe.String(unsafe.SliceData(b),      t1 = convert string <- []byte (b)
//	  len(b))
//	unsafe.Slice(unsafe.StringData(s),      t1 = len s; t2 = make []u8 0 t1;
//	  len(s))                               t3 = append t2 s...
//
// (the named string and byte-slice types of these too). The first reads
// the pointer and length words of the slice header as a string header;
// the others are its Go 1.20 spelling. The conversion is exact at the
// moment of the view; where the real code then writes into the bytes the
// view shares (b[0] = 'x' after s := bytesToString(&b)), the real string
// changes and the model's copy does not: the real run, which gives every
// expected value and every covered edge, stays the oracle, and the model
// only guides the search. unsafe.Slice of an empty string may be nil on
// the real code (StringData("") is unspecified), where the model's slice
// is empty: the same holds.
//
// The unsafe.Pointer conversions and the unsafe.SliceData or StringData
// calls of a recognised idiom are not lowered (fnLowering.skip). Any other
// use of unsafe fails as before, naming the conversion or the unsafe
// function (jsonparser's StringToBytes, which writes a
// reflect.SliceHeader, stays unsupported).

// An unsafeView is a recognised idiom: the value it gives is the
// conversion of src (loaded first when load is set: src is then a pointer
// to the byte slice).
type unsafeView struct {
	src  ssa.Value
	load bool
}

// markUnsafe finds the idioms above in the function's body, records them
// in l.views by the value they give, and skips the instructions between:
// each of those must have no other use, or it is lowered (and fails) as
// it would be without this.
func (l *fnLowering) markUnsafe() {
	onlyUses := func(v ssa.Value, ok func(ssa.Instruction) bool) bool {
		for _, r := range *v.Referrers() {
			if _, debug := r.(*ssa.DebugRef); !debug && !ok(r) {
				return false
			}
		}
		return true
	}
	record := func(v ssa.Value, view unsafeView) {
		if l.views == nil {
			l.views = map[ssa.Value]unsafeView{}
		}
		l.views[v] = view
	}
	// *(*string)(unsafe.Pointer(p)): first every load, then the
	// conversions all of whose uses are recognised loads.
	var ptrs []*ssa.Convert
	for _, b := range l.fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.UnOp:
				if p, ok := stringView(in); ok {
					record(in, unsafeView{src: p, load: true})
				}
			case *ssa.Convert:
				if isUnsafePointer(in.Type()) {
					ptrs = append(ptrs, in)
				}
			case *ssa.Call:
				if s, ok := unsafeBuiltinView(in); ok {
					record(in, unsafeView{src: s})
				}
			}
		}
	}
	isView := func(r ssa.Instruction) bool {
		v, ok := r.(ssa.Value)
		_, seen := l.views[v]
		return ok && seen
	}
	for _, c0 := range ptrs {
		c1s := []ssa.Instruction{c0}
		ok := onlyUses(c0, func(r ssa.Instruction) bool {
			c1, ok := r.(*ssa.Convert)
			if ok && onlyUses(c1, isView) {
				c1s = append(c1s, c1)
				return true
			}
			return false
		})
		if ok {
			l.skipAll(c1s)
		}
	}
	// unsafe.SliceData(b), unsafe.StringData(s) used only by their view.
	for v, view := range l.views {
		if view.load {
			continue
		}
		data := v.(*ssa.Call).Call.Args[0].(*ssa.Call)
		if onlyUses(data, isView) {
			l.skipAll([]ssa.Instruction{data})
		}
	}
}

// stringView reports whether ld is *(*string)(unsafe.Pointer(p)), p a
// pointer to a byte slice, and returns p.
func stringView(ld *ssa.UnOp) (ssa.Value, bool) {
	if ld.Op != token.MUL {
		return nil, false
	}
	c1, ok := ld.X.(*ssa.Convert)
	if !ok || !isString(ld.Type()) {
		return nil, false
	}
	c0, ok := c1.X.(*ssa.Convert)
	if !ok || !isUnsafePointer(c0.Type()) {
		return nil, false
	}
	p, ok := c0.X.Type().Underlying().(*types.Pointer)
	if !ok || !isByteSlice(p.Elem()) {
		return nil, false
	}
	return c0.X, true
}

// unsafeBuiltinView reports whether call is unsafe.String(
// unsafe.SliceData(b), len(b)) or unsafe.Slice(unsafe.StringData(s),
// len(s)), the same b or s both times, of a byte slice or a string, and
// returns b or s.
func unsafeBuiltinView(call *ssa.Call) (ssa.Value, bool) {
	view, ok := call.Call.Value.(*ssa.Builtin)
	if !ok || len(call.Call.Args) != 2 {
		return nil, false
	}
	data, ok := call.Call.Args[0].(*ssa.Call)
	if !ok || len(data.Call.Args) != 1 {
		return nil, false
	}
	dataFn, ok := data.Call.Value.(*ssa.Builtin)
	if !ok {
		return nil, false
	}
	n, ok := call.Call.Args[1].(*ssa.Call)
	if !ok || len(n.Call.Args) != 1 || n.Call.Args[0] != data.Call.Args[0] {
		return nil, false
	}
	if lenFn, ok := n.Call.Value.(*ssa.Builtin); !ok || lenFn.Name() != "len" {
		return nil, false
	}
	x := data.Call.Args[0]
	switch {
	case view.Name() == "String" && dataFn.Name() == "SliceData" && isByteSlice(x.Type()):
	case view.Name() == "Slice" && dataFn.Name() == "StringData" && isString(x.Type()) && isByteSlice(call.Type()):
	default:
		return nil, false
	}
	return x, true
}

// unsafeView lowers a recognised idiom: the conversion of its source, as
// Go's string(b) or []byte(s) (convertValue).
func (l *fnLowering) unsafeView(v ssa.Value, view unsafeView, pos token.Pos) ir.Value {
	to := l.valueType(v, pos)
	x := l.value(view.src, pos)
	if view.load {
		x = l.emit(ir.NewLoad(x))
	}
	return l.convertValue(x, to)
}

// unsafeBuiltins are the functions of package unsafe that go/ssa keeps
// as calls of builtins (Sizeof, Alignof and Offsetof are constants).
var unsafeBuiltins = map[string]bool{"Add": true, "Slice": true, "SliceData": true, "String": true, "StringData": true}

func isUnsafePointer(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.UnsafePointer
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

func isByteSlice(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte
}
