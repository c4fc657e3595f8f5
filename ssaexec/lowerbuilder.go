package ssaexec

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/pbcc/pbcc/gen/ir"
)

// ---- strings.Builder and bytes.Buffer ----

// A strings.Builder or a bytes.Buffer that is only written to is a byte
// slice that grows: the lowering keeps the struct of the real type (it
// lowers like any struct, so var b strings.Builder is a zero Alloc) and
// lowers the writing methods on its buf field, not following their
// bodies (which check copies through unsafe pointers):
//
//	b.WriteString(s)   buf = append(buf, s...)          FieldAddr, Load, Append, Store
//	b.WriteByte(c)     buf = append(buf, c)             (a one-byte slice appended)
//	b.WriteRune(r)     buf = append(buf, string(r)...)  (Convert: UTF-8, U+FFFD when invalid)
//	b.String()         string(buf)                      Convert
//	b.Len()            len(buf)                         Len
//	b.Reset()          buf = nil
//	b.Grow(n)          nothing: capacity is not observable through these methods
//
// A bytes.Buffer's read offset stays 0, as none of its reading methods
// is lowered. The results the writing methods return (the length written
// and a nil error) must be dropped: the lowering has no tuple to give.
// What is not modelled: the panic of Grow with a negative count, and of a
// copied non-empty Builder written to.

// builderTypes maps the types whose methods are lowered here to the name
// of their byte-slice field.
var builderTypes = map[string]string{
	"strings.Builder": "buf",
	"bytes.Buffer":    "buf",
}

// builderMethods lists the methods lowered here.
var builderMethods = map[string]bool{
	"WriteString": true, "WriteByte": true, "WriteRune": true,
	"String": true, "Len": true, "Reset": true, "Grow": true,
}

// builderMethod returns the receiver's type name ("strings.Builder") and
// the method's name when fn is a method lowered here.
func builderMethod(fn *ssa.Function) (typ, method string, ok bool) {
	recv := fn.Signature.Recv()
	if recv == nil || fn.Synthetic != "" {
		return "", "", false
	}
	typ, ok = builderType(recv.Type())
	if !ok || !builderMethods[fn.Name()] {
		return "", "", false
	}
	return typ, fn.Name(), true
}

// builderCall lowers a call of a method of builderMethods; it returns
// false for other functions.
func (l *fnLowering) builderCall(fn *ssa.Function, common *ssa.CallCommon, pos token.Pos) (ir.Value, bool) {
	typ, method, ok := builderMethod(fn)
	if !ok {
		return nil, false
	}
	if fn.Signature.Results().Len() > 1 && l.resultsUsed(common) {
		l.unsupported(pos, "use of the results of (*%s).%s (always the length written and nil; drop them)", typ, method)
	}
	recv := l.value(common.Args[0], pos)
	bufAddr, bufType := l.builderBuf(recv, typ, method, pos)
	appendTo := func(x ir.Value) { l.appendToBuf(bufAddr, x) }
	switch method {
	case "WriteString", "WriteRune", "WriteByte", "Grow":
		l.builderSelf(recv, typ)
	}
	switch method {
	case "WriteString":
		appendTo(l.value(common.Args[1], pos))
	case "WriteRune":
		appendTo(l.emit(ir.NewConvert(l.value(common.Args[1], pos), ir.String{})))
	case "WriteByte":
		one := ir.IntConst(l.lw.intType(), 1)
		b := l.emit(ir.NewMakeSlice(bufType, one, one))
		l.emit(ir.NewStore(l.emit(ir.NewIndexAddr(b, ir.IntConst(l.lw.intType(), 0))), l.value(common.Args[1], pos)))
		appendTo(b)
		return ir.NilConst(ir.Error{}), true
	case "String":
		return l.emit(ir.NewConvert(l.emit(ir.NewLoad(bufAddr)), ir.String{})), true
	case "Len":
		return l.emit(ir.NewLen(l.emit(ir.NewLoad(bufAddr)), l.lw.intType())), true
	case "Reset":
		l.emit(ir.NewStore(bufAddr, ir.NilConst(bufType)))
		if f, ok := builderAddrField(recv); ok && typ == "strings.Builder" {
			l.emit(ir.NewStore(l.emit(ir.NewFieldAddr(recv, f)), ir.NilConst(recv.Type())))
		}
	case "Grow":
		l.value(common.Args[1], pos)
	}
	return nil, true
}

// builderBuf returns the address of the byte slice of the builder recv
// points to, a *typ, and its type; what names the call for errors.
func (l *fnLowering) builderBuf(recv ir.Value, typ, what string, pos token.Pos) (ir.Value, ir.Slice) {
	st, ok := recv.Type().(ir.Pointer).Elem.(*ir.Struct)
	if !ok {
		l.unsupported(pos, "call of (*%s).%s on a receiver of IR type %s", typ, what, recv.Type())
	}
	field := -1
	for i, f := range st.Fields {
		if f.Name == builderTypes[typ] {
			field = i
		}
	}
	if field < 0 {
		l.unsupported(pos, "call of (*%s).%s: %s has no field %s", typ, what, typ, builderTypes[typ])
	}
	bufType, ok := st.Fields[field].T.(ir.Slice)
	if !ok {
		l.unsupported(pos, "call of (*%s).%s: field %s is not a slice", typ, what, builderTypes[typ])
	}
	return l.emit(ir.NewFieldAddr(recv, field)), bufType
}

// builderSelf sets the addr field of the strings.Builder recv points to
// to recv, as its writing methods do (copyCheck): a test compares the
// builder after the call, and the real one points to itself.
func (l *fnLowering) builderSelf(recv ir.Value, typ string) {
	if f, ok := builderAddrField(recv); ok && typ == "strings.Builder" {
		l.emit(ir.NewStore(l.emit(ir.NewFieldAddr(recv, f)), recv))
	}
}

// builderAddrField returns the index of the addr field of the builder
// recv points to.
func builderAddrField(recv ir.Value) (int, bool) {
	st, ok := recv.Type().(ir.Pointer).Elem.(*ir.Struct)
	if !ok {
		return 0, false
	}
	for i, f := range st.Fields {
		if f.Name == "addr" {
			if p, ok := f.T.(ir.Pointer); ok && p.Elem == st {
				return i, true
			}
		}
	}
	return 0, false
}

// appendToBuf appends x, a string or a byte slice, to the slice at bufAddr.
func (l *fnLowering) appendToBuf(bufAddr, x ir.Value) {
	buf := l.emit(ir.NewLoad(bufAddr))
	l.emit(ir.NewStore(bufAddr, l.emit(ir.NewAppend(buf, x))))
}

// builderType returns the name ("strings.Builder") of the type of
// builderTypes t points to.
func builderType(t types.Type) (string, bool) {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return "", false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return "", false
	}
	typ := n.Obj().Pkg().Path() + "." + n.Obj().Name()
	_, ok = builderTypes[typ]
	return typ, ok
}

// resultsUsed reports whether the results of the call whose CallCommon is
// common are used.
func (l *fnLowering) resultsUsed(common *ssa.CallCommon) bool {
	for _, b := range l.fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok && c.Common() == common {
				for _, r := range *c.Referrers() {
					if _, ok := r.(*ssa.DebugRef); !ok {
						return true
					}
				}
				return false
			}
		}
	}
	return false
}
