package cbridge

import (
	"fmt"

	"github.com/pbcc/pbcc/gen/ir"
	"modernc.org/cc/v4"
)

// intType returns the IR integer type of the C integer type t, with the
// width and signedness it has on the host (cc/v4 asks the host compiler):
// char is signed 8 bits on x86-64, int 32, long and long long 64. _Bool is an
// unsigned 8-bit integer holding 0 or 1; an enum has its underlying type.
func intType(t cc.Type) (ir.Int, bool) {
	if t == nil {
		return ir.Int{}, false
	}
	switch t.Kind() {
	case cc.Bool:
		return ir.Int{Bits: 8}, true
	case cc.Enum:
		if et, ok := t.(*cc.EnumType); ok {
			return intType(et.UnderlyingType())
		}
		return ir.Int{}, false
	case cc.Char, cc.SChar, cc.UChar, cc.Short, cc.UShort, cc.Int, cc.UInt,
		cc.Long, cc.ULong, cc.LongLong, cc.ULongLong:
		bits := int(t.Size()) * 8
		switch bits {
		case 8, 16, 32, 64:
			return ir.Int{Bits: bits, Signed: cc.IsSignedInteger(t)}, true
		}
	}
	return ir.Int{}, false
}

// kindName describes a C type, for an "unsupported" message.
func kindName(t cc.Type) string {
	if t == nil {
		return "an untyped expression"
	}
	switch t.Kind() {
	case cc.Ptr:
		return "type " + t.String()
	case cc.Struct:
		return "struct type " + t.String()
	case cc.Union:
		return "union type " + t.String()
	case cc.Float, cc.Double, cc.LongDouble, cc.Float16, cc.Float32, cc.Float32x,
		cc.Float64, cc.Float64x, cc.Float128, cc.Float128x, cc.BFloat16:
		return "floating-point type " + t.String()
	case cc.Array:
		return "array type " + t.String()
	case cc.Function:
		return "function type " + t.String()
	}
	return fmt.Sprintf("type %s", t)
}

// cTypeName is the C spelling of an IR integer type, used by the harness
// when the function carries no C types of its own.
func cTypeName(t ir.Type) string {
	it, ok := t.(ir.Int)
	if !ok {
		if _, ok := t.(ir.Bool); ok {
			return "_Bool"
		}
		return "int"
	}
	names := map[ir.Int]string{
		{Bits: 8, Signed: true}: "signed char", {Bits: 8}: "unsigned char",
		{Bits: 16, Signed: true}: "short", {Bits: 16}: "unsigned short",
		{Bits: 32, Signed: true}: "int", {Bits: 32}: "unsigned int",
		{Bits: 64, Signed: true}: "long", {Bits: 64}: "unsigned long",
	}
	return names[it]
}

// cType is the C spelling of a scalar C type as the harness declares it:
// typedef names and enum tags are replaced by the integer type they stand
// for, so that the harness needs nothing but the unit.
func cType(t cc.Type) string {
	switch t.Kind() {
	case cc.Bool:
		return "_Bool"
	case cc.Char:
		return "char"
	case cc.SChar:
		return "signed char"
	case cc.UChar:
		return "unsigned char"
	case cc.Short:
		return "short"
	case cc.UShort:
		return "unsigned short"
	case cc.Int:
		return "int"
	case cc.UInt:
		return "unsigned int"
	case cc.Long:
		return "long"
	case cc.ULong:
		return "unsigned long"
	case cc.LongLong:
		return "long long"
	case cc.ULongLong:
		return "unsigned long long"
	case cc.Void:
		return "void"
	case cc.Enum:
		if et, ok := t.(*cc.EnumType); ok {
			return cType(et.UnderlyingType())
		}
	}
	if it, ok := intType(t); ok {
		return cTypeName(it)
	}
	return t.String()
}
