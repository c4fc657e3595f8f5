package cbridge

import (
	"fmt"

	"github.com/pbcc/pbcc/gen/ir"
	"modernc.org/cc/v4"
)

// A unit holds what the builders of one file share: the functions, the
// struct types (one *ir.Struct per C struct type, so that a struct may
// point to itself), the globals (one *ir.Global per file-scope variable,
// static local or string literal) and their C types for the harness.
type unit struct {
	path    string
	src     []byte
	funcs   map[string]*ir.Func // the functions the file defines, by name
	broken  map[string]bool     // functions whose bodies had errors
	lib     map[string]*ir.Func // the models of library functions (libc.c), by name
	structs map[string]*ir.Struct
	globals map[string]*ir.Global      // by C name ("f.n" for a static local n of f)
	inits   map[string]*cc.Initializer // the initializers of the file-scope variables
	info    *unitInfo
	strs    int // string literals made into globals so far
	// ungetc says that a function of the file calls ungetc: its reads
	// of a FILE * go through libc.c's pbcc_getc_file, which returns the
	// character pushed back first.
	ungetc bool
}

// unitInfo is the C side of a file's globals, shared by the FuncInfos of
// its functions: what the harness needs to spell and set them.
type unitInfo struct {
	Globals []*ir.Global // in the order they were first used
	ctypes  map[*ir.Global]cc.Type
	consts  map[*ir.Global]bool // const-qualified objects: never inputs
	hidden  map[*ir.Global]bool // static locals and string literals: the harness cannot name them
	uchar   cc.Type             // unsigned char: the bytes a void * points to
	// undefined holds the functions the file calls or uses as values
	// without defining them, nor a system header declaring them: the
	// harness declares them weak, so that it links without them (no
	// case calls a function that uses one: such functions are
	// unsupported).
	undefined map[string]bool
	// undefinedVars holds the variables of external linkage the file
	// uses and only declares (extern), by name; true for an array of
	// unknown size. The harness defines them, weak.
	undefinedVars map[string]bool
	// state says the file has variables of static storage that are not
	// const (see unitState).
	state bool
}

func newUnit(path string, src []byte, broken map[string]bool) *unit {
	return &unit{
		path: path, src: src, funcs: map[string]*ir.Func{}, broken: broken,
		structs: map[string]*ir.Struct{}, globals: map[string]*ir.Global{}, inits: map[string]*cc.Initializer{},
		info: &unitInfo{ctypes: map[*ir.Global]cc.Type{}, consts: map[*ir.Global]bool{}, hidden: map[*ir.Global]bool{},
			undefined: map[string]bool{}, undefinedVars: map[string]bool{}},
	}
}

// irType returns the IR type of a C object type, or "" and a reason.
//
//   - integers as intType says; float is f32, double f64;
//   - T* is Pointer{T}; void* is Pointer{u8} (bytes); a pointer to a
//     function is the function's *ir.Signature;
//   - T[N] is Array{T, N};
//   - a struct is its *ir.Struct, made once per C struct type (keyed by
//     tag, or by the position of its first member when it has none).
//
// long double, unions, bit-fields, flexible array members, incomplete and
// variable-length arrays have no IR type.
func (u *unit) irType(t cc.Type) (ir.Type, bool) {
	if t == nil {
		return nil, false
	}
	switch t.Kind() {
	case cc.Float:
		return ir.Float{Bits: 32}, true
	case cc.Double:
		return ir.Float{Bits: 64}, true
	case cc.Ptr:
		elem := t.(*cc.PointerType).Elem()
		if isFileType(elem) {
			// FILE *: an opaque handle, NULL or a stream (isFile).
			return ir.Pointer{Elem: ir.Int{Bits: 8}}, true
		}
		switch elem.Kind() {
		case cc.Void:
			return ir.Pointer{Elem: ir.Int{Bits: 8}}, true
		case cc.Function:
			return u.signature(elem.(*cc.FunctionType))
		}
		e, ok := u.irType(elem)
		if !ok {
			return nil, false
		}
		return ir.Pointer{Elem: e}, true
	case cc.Function:
		return u.signature(t.(*cc.FunctionType))
	case cc.Array:
		at, ok := t.(*cc.ArrayType)
		if !ok || at.IsVLA() || at.IsIncomplete() || at.Len() < 0 {
			return nil, false
		}
		elem, ok := u.irType(at.Elem())
		if !ok {
			return nil, false
		}
		return ir.Array{Elem: elem, Len: int(at.Len())}, true
	case cc.Struct:
		st, ok := t.(*cc.StructType)
		if !ok {
			return nil, false
		}
		s := u.structType(st)
		return s, s != nil
	}
	it, ok := intType(t)
	return it, ok
}

// structType returns the *ir.Struct of st, nil when a member has no IR
// type. The struct is registered before its members are typed, so a
// member may point back to it.
func (u *unit) structType(st *cc.StructType) *ir.Struct {
	if st.IsIncomplete() || st.NumFields() == 0 || st.HasFlexibleArrayMember() {
		return nil
	}
	key, name := structKey(st)
	if s, ok := u.structs[key]; ok {
		return s
	}
	s := &ir.Struct{Name: name}
	u.structs[key] = s
	for i := 0; i < st.NumFields(); i++ {
		f := st.FieldByIndex(i)
		if f == nil || f.IsBitfield() || f.Name() == "" {
			delete(u.structs, key)
			return nil
		}
		ft, ok := u.irType(f.Type())
		if !ok {
			delete(u.structs, key)
			return nil
		}
		s.Fields = append(s.Fields, ir.Field{Name: f.Name(), T: ft})
	}
	return s
}

// structKey identifies a C struct type and names it: "struct node" for a
// tagged struct, its typedef name for an untagged one.
func structKey(st *cc.StructType) (key, name string) {
	tag := st.Tag()
	if s := tag.SrcStr(); s != "" {
		return "struct " + s, "struct " + s
	}
	name = "struct"
	if d := st.Typedef(); d != nil {
		name = d.Name()
	}
	if f := st.FieldByIndex(0); f != nil && f.Declarator() != nil {
		p := f.Declarator().Position()
		return fmt.Sprintf("struct@%s:%d:%d", p.Filename, p.Line, p.Column), name
	}
	return "struct " + name, name
}

// signature returns the *ir.Signature of a C function type.
func (u *unit) signature(ft *cc.FunctionType) (*ir.Signature, bool) {
	if ft.IsVariadic() {
		return nil, false
	}
	sig := &ir.Signature{}
	for _, p := range params(ft) {
		t, ok := u.irType(p.Type().Decay())
		if !ok {
			return nil, false
		}
		sig.Params = append(sig.Params, t)
	}
	if r := ft.Result(); r.Kind() != cc.Void {
		t, ok := u.irType(r)
		if !ok {
			return nil, false
		}
		sig.Results = []ir.Type{t}
	}
	return sig, true
}

// params returns the parameters of ft, none for f(void).
func params(ft *cc.FunctionType) []*cc.Parameter {
	ps := ft.Parameters()
	if len(ps) == 1 && ps[0].Type().Kind() == cc.Void {
		return nil
	}
	return ps
}

// zeroValue returns the zero constant of a scalar IR type: 0, +0.0, nil.
func zeroValue(t ir.Type) ir.Value {
	switch t := t.(type) {
	case ir.Int:
		return ir.IntConst(t, 0)
	case ir.Float:
		return ir.FloatConst(t, 0)
	case ir.Bool:
		return ir.BoolConst(false)
	case ir.Pointer, *ir.Signature, ir.Slice:
		return ir.NilConst(t)
	}
	return nil
}

// isFileType reports whether t is stdio's FILE (struct _IO_FILE in glibc,
// however typedef'd).
func isFileType(t cc.Type) bool {
	st, ok := t.(*cc.StructType)
	if !ok || t.Kind() != cc.Struct {
		return false
	}
	tag := st.Tag()
	return tag.SrcStr() == "_IO_FILE"
}

// isFile reports whether t is FILE *.
func isFile(t cc.Type) bool {
	pt, ok := t.(*cc.PointerType)
	return ok && isFileType(pt.Elem())
}
