package ssaexec

import (
	"go/types"
	"strings"

	"github.com/pbcc/pbcc/gen/ir"
)

// typ returns the IR type of the Go type t, or why it has none:
//
//	Go                           ir
//	bool                         Bool
//	integers                     Int of the gc size (int is 64 bits)
//	float32, float64             Float{32}, Float{64}
//	string                       String
//	[n]T                         Array{T, n}
//	[]T                          Slice{T}
//	*T                           Pointer{T}
//	struct (named or not)        *Struct, one per go/types type (cached, so
//	                             that a struct may point to itself)
//	func(...) (...)              *Signature
//	map[K]V, K an integer, bool  Map{K, V}
//	or string kind
//	error                        Error
//	other interfaces             *Interface (see loweriface.go)
//	a tuple of results           Tuple
//
// Named types are their underlying type. Maps with other keys,
// channels, complex numbers, unsafe.Pointer and type parameters have no
// IR type (a signature of a function the model does not run may still
// have one: lowersig.go).
func (lw *lowerer) typ(t types.Type) (ir.Type, string) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		info := u.Info()
		switch {
		case info&types.IsBoolean != 0:
			return ir.Bool{}, ""
		case info&types.IsUntyped != 0:
			// An untyped constant go/ssa kept as is (digits[i] of a
			// constant string): its default type.
			switch u.Kind() {
			case types.UntypedString:
				return ir.String{}, ""
			case types.UntypedInt:
				return ir.Int{Bits: 64, Signed: true}, ""
			case types.UntypedRune:
				return ir.Int{Bits: 32, Signed: true}, ""
			case types.UntypedFloat:
				return ir.Float{Bits: 64}, ""
			}
		case info&types.IsInteger != 0:
			return ir.Int{Bits: int(8 * lw.sizes.Sizeof(u)), Signed: info&types.IsUnsigned == 0}, ""
		case info&types.IsFloat != 0:
			return ir.Float{Bits: int(8 * lw.sizes.Sizeof(u))}, ""
		case info&types.IsString != 0:
			return ir.String{}, ""
		case info&types.IsComplex != 0:
			return nil, typeString(t) + " value (complex numbers are not modelled)"
		}
	case *types.Array:
		e, why := lw.typ(u.Elem())
		if why != "" {
			return nil, why
		}
		return ir.Array{Elem: e, Len: int(u.Len())}, ""
	case *types.Slice:
		e, why := lw.typ(u.Elem())
		if why != "" {
			return nil, why
		}
		return ir.Slice{Elem: e}, ""
	case *types.Pointer:
		e, why := lw.typ(u.Elem())
		if why != "" {
			return nil, why
		}
		return ir.Pointer{Elem: e}, ""
	case *types.Struct:
		return lw.structType(t, u)
	case *types.Signature:
		if u.Recv() != nil {
			break
		}
		// A function type that refers to itself (a lexer's
		// type stateFn func(*lexer) stateFn: BurntSushi/toml) has no
		// finite IR type.
		if lw.sigsLowered.At(t) != nil {
			return nil, typeString(t) + selfReferent
		}
		lw.sigsLowered.Set(t, true)
		defer lw.sigsLowered.Delete(t)
		ps, why := lw.types(u.Params())
		if why != "" {
			return nil, why
		}
		rs, why := lw.types(u.Results())
		if why != "" {
			return nil, why
		}
		return &ir.Signature{Params: ps, Results: rs}, ""
	case *types.Tuple:
		es, why := lw.types(u)
		if why != "" {
			return nil, why
		}
		return ir.Tuple{Elems: es}, ""
	case *types.Map:
		if _, ok := u.Key().Underlying().(*types.Interface); !(ok && !isError(u.Key())) && !modelledKey(u.Key(), map[types.Type]bool{}) {
			return nil, typeString(t) + " value (only maps with keys of numbers, bools, strings, structs and arrays of them, or interfaces are modelled)"
		}
		kt, why := lw.typ(u.Key())
		if why != "" {
			return nil, why
		}
		et, why := lw.typ(u.Elem())
		if why != "" {
			return nil, why
		}
		return ir.Map{Key: kt, Elem: et}, ""
	case *types.Interface:
		if isError(t) {
			return ir.Error{}, ""
		}
		return lw.ifaceType(t, u)
	case *types.Chan:
		return nil, typeString(t) + " value (channels are not modelled)"
	}
	if _, ok := t.(*types.TypeParam); ok {
		return nil, "value of type parameter " + typeString(t)
	}
	return nil, typeString(t) + " value"
}

// errorType is the predeclared error interface.
var errorType = types.Universe.Lookup("error").Type()

// isError reports whether t is the error interface (or a named type whose
// underlying type is error's).
func isError(t types.Type) bool {
	return types.Identical(t.Underlying(), errorType.Underlying())
}

// types returns the IR types of a tuple's elements.
func (lw *lowerer) types(tup *types.Tuple) ([]ir.Type, string) {
	var ts []ir.Type
	for i := range tup.Len() {
		t, why := lw.typ(tup.At(i).Type())
		if why != "" {
			return nil, why
		}
		ts = append(ts, t)
	}
	return ts, ""
}

// structType returns the one *ir.Struct of the struct type t (underlying
// u). The struct is cached before its fields are lowered, so a field may
// point back to it; a struct with a field of no IR type has none either,
// and that answer is cached too.
func (lw *lowerer) structType(t types.Type, u *types.Struct) (ir.Type, string) {
	if s, ok := lw.structs.At(t).(*ir.Struct); ok {
		return s, ""
	}
	if why, ok := lw.badStructs.At(t).(string); ok {
		return nil, why
	}
	name := typeString(t)
	if n, ok := types.Unalias(t).(*types.Named); ok {
		name = n.Obj().Name()
	}
	s := &ir.Struct{Name: name}
	lw.structs.Set(t, s)
	for i := range u.NumFields() {
		f := u.Field(i)
		ft, why := lw.typ(f.Type())
		if why != "" {
			why = "field " + f.Name() + " of " + name + ": " + why
			lw.structs.Delete(t)
			if !strings.HasSuffix(why, selfReferent) {
				lw.badStructs.Set(t, why)
			}
			return nil, why
		}
		s.Fields = append(s.Fields, ir.Field{Name: f.Name(), T: ft})
	}
	return s, ""
}

// selfReferent ends the reason a function type that refers to itself
// has no IR type. A struct met while lowering such a type (robfig/cron's
// Cron, an implementation of the Job that JobWrapper func(Job) Job takes)
// is not marked as having none: met first, as a parameter, it has one,
// the signature then lowered within it.
const selfReferent = " value (a function type that refers to itself is not modelled)"

// typeString prints t with packages qualified by their name, as in source.
func typeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// modelledKey reports whether the model compares map keys of type t
// (symexec's keyEq): numbers, bools and strings, and structs and arrays
// of those; not pointers or channels, compared by identity. An interface
// other than error is a key of its own (map[interface{}]string), not
// within a struct: kr/pretty's visit{v uintptr; typ reflect.Type} made
// its printer a model type, an io.Writer the search then gave Fdiff
// instead of a *bytes.Buffer, and with which every call panicked.
func modelledKey(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return true // a type met again, judged where it was first
	}
	seen[t] = true
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsInteger|types.IsBoolean|types.IsString|types.IsFloat) != 0 && u.Info()&types.IsUntyped == 0
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if !modelledKey(u.Field(i).Type(), seen) {
				return false
			}
		}
		return true
	case *types.Array:
		return modelledKey(u.Elem(), seen)
	}
	return false
}
