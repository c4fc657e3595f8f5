package ssaexec

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/stdlib"
)

// ---- Calls into the standard library ----

// A call of a function of the standard library that package stdlib can
// call (a pure function of integers, floats, bools, strings and byte
// slices: strings.IndexByte, strconv.Itoa, unicode.IsDigit, ...) is not
// followed into its body: it becomes
//
//	t3 = extern strings.IndexByte(s, 61:u8)
//
// The executor models the common ones and treats the results of the
// others as unknowns the replay learns (see package symexec). A call of
// any other function outside the module stops the lowering, naming it.

// externName returns the name ("unicode/utf8.RuneLen") under which the
// executor can call fn, or false when it cannot.
func externName(fn *ssa.Function) (string, bool) {
	name := stdFunc(fn)
	if name == "" || fn.TypeParams().Len() > 0 || fn.Origin() != nil {
		return "", false
	}
	if _, ok := stdlib.Lookup(name); !ok {
		return "", false
	}
	return name, true
}

// externCall lowers a call of a function of stdlib's table: CallExtern.
// It returns false for other functions.
func (l *fnLowering) externCall(fn *ssa.Function, common *ssa.CallCommon, pos token.Pos) (ir.Value, bool) {
	if v, ok := l.builderCall(fn, common, pos); ok {
		return v, true
	}
	if v, ok := l.sprintCall(fn, common, pos); ok {
		return v, true
	}
	if v, ok := l.fieldsCall(fn, common, pos); ok {
		return v, true
	}
	if v, ok := l.sortCall(fn, common, pos); ok {
		return v, true
	}
	name, ok := externName(fn)
	if !ok {
		return nil, false
	}
	results, why := l.lw.types(fn.Signature.Results())
	if why != "" {
		l.unsupported(pos, "call of %s: %s", name, why)
	}
	args := make([]ir.Value, len(common.Args))
	for i, a := range common.Args {
		l.valueType(a, pos)
		args[i] = l.value(a, pos)
	}
	return l.emit(ir.NewCallExtern(name, args, results)), true
}

// stdLowered reports whether the lowering handles the call common of
// fn, a function outside the module: a function of stdlib's table
// (CallExtern), one whose body it follows (stdFollowed), a method of
// strings.Builder or bytes.Buffer (lowerbuilder.go), fmt.Sprintf and
// the like (lowerfmt.go), or a sort of ints or strings (lowersort.go). why, when not empty, says why this call of
// such a function cannot be lowered.
func stdLowered(fn *ssa.Function, common *ssa.CallCommon) (why string, ok bool) {
	if why, ok := sprintUnmodelled(fn, common); ok {
		return why, true
	}
	if _, ok := externName(fn); ok {
		return "", true
	}
	if _, _, ok := builderMethod(fn); ok {
		return "", true
	}
	if stdFunc(fn) == "strings.Fields" && stdPackage(fn.Pkg) {
		return "", true
	}
	if _, ok := sortReplacement(fn); ok {
		return "", true
	}
	if _, _, ok := irSortKind(fn, common); ok {
		return "", true
	}
	return "", stdFollowed(fn)
}

// stdPackage reports whether p belongs to the standard library: its path
// does not start with a domain name.
func stdPackage(p *ssa.Package) bool {
	return p != nil && !strings.Contains(strings.Split(p.Pkg.Path(), "/")[0], ".")
}

// stdUnmodelled says why a call of fn, a function of the standard
// library outside stdlib's table, cannot be lowered.
func stdUnmodelled(fn *ssa.Function) string {
	return "call of " + fn.String() + " (not in pbcc's table of standard library functions: " +
		"pure functions of numbers, bools, strings and byte slices)"
}

// ---- Standard library functions followed into their bodies ----

// Some functions of the standard library are plain Go over the values the
// IR models: a loop over a slice or a string calling a function value
// (slices.IndexFunc, strings.IndexFunc), or a loop calling functions of
// stdlib's table (strings.Split calls Count and Index). The lowering
// follows their bodies as it follows the module's functions, a third way
// besides the executor's models and the replay's learning: the executor
// sees every branch they take, and a callback passed to them (a closure of
// the module) is called as the module's code calls it.
//
// Generic functions (slices.Contains) are followed in the instance the
// call names: the program is built with ssa.InstantiateGenerics, so that
// slices.Contains[[]int, int] has a body over ints.
//
// followed lists them by name, with the unexported helpers they call.
// A body the lowering cannot follow fails as a module function does,
// naming the standard library's file and line.
var followed = map[string]bool{
	"slices.Clone":        true,
	"slices.Contains":     true,
	"slices.ContainsFunc": true,
	"slices.Index":        true,
	"slices.IndexFunc":    true,

	"strings.ContainsFunc":  true,
	"strings.IndexFunc":     true,
	"strings.LastIndexFunc": true,
	"strings.TrimFunc":      true,
	"strings.TrimLeftFunc":  true,
	"strings.TrimRightFunc": true,
	"strings.indexFunc":     true,
	"strings.lastIndexFunc": true,

	"strings.FieldsFunc": true,
	"strings.Join":       true,
	"strings.Split":      true,
	"strings.SplitN":     true,
	"strings.SplitAfter": true,
	"strings.genSplit":   true,
	"strings.explode":    true,

	// Writing a rune's bytes: jsonparser's unescapeToUTF8 and
	// tidwall/match's Allowable call EncodeRune, and every function that
	// calls them was searched on the real code only.
	"unicode/utf8.EncodeRune":         true,
	"unicode/utf8.encodeRuneNonASCII": true,
	"unicode/utf8.AppendRune":         true,
	"unicode/utf8.appendRuneNonASCII": true,

	// Splitting byte slices, as strings.Split does strings: kr/text's
	// WrapBytes and the column writer's columnate, and the five
	// functions calling them, were searched on the real code only.
	"bytes.Split":      true,
	"bytes.SplitN":     true,
	"bytes.SplitAfter": true,
	"bytes.genSplit":   true,
	"bytes.explode":    true,

	// Hexadecimal encoding, a loop over a constant table: google/uuid's
	// encodeHex, and the eight functions calling it (String, URN,
	// MarshalText, Value, ...), were searched on the real code only.
	"encoding/hex.Encode":         true,
	"encoding/hex.EncodeToString": true,
	"encoding/hex.EncodedLen":     true,

	// Methods of encoding/binary's byte orders, by the name go/ssa
	// gives them: shifts and ors over a byte slice (segmentio/ksuid's
	// 14 functions on binary.BigEndian). Their receiver, BigEndian or
	// LittleEndian, is an empty struct (stdGlobal).
	"(encoding/binary.bigEndian).Uint16":          true,
	"(encoding/binary.bigEndian).Uint32":          true,
	"(encoding/binary.bigEndian).Uint64":          true,
	"(encoding/binary.bigEndian).PutUint16":       true,
	"(encoding/binary.bigEndian).PutUint32":       true,
	"(encoding/binary.bigEndian).PutUint64":       true,
	"(encoding/binary.bigEndian).AppendUint16":    true,
	"(encoding/binary.bigEndian).AppendUint32":    true,
	"(encoding/binary.bigEndian).AppendUint64":    true,
	"(encoding/binary.littleEndian).Uint16":       true,
	"(encoding/binary.littleEndian).Uint32":       true,
	"(encoding/binary.littleEndian).Uint64":       true,
	"(encoding/binary.littleEndian).PutUint16":    true,
	"(encoding/binary.littleEndian).PutUint32":    true,
	"(encoding/binary.littleEndian).PutUint64":    true,
	"(encoding/binary.littleEndian).AppendUint16": true,
	"(encoding/binary.littleEndian).AppendUint32": true,
	"(encoding/binary.littleEndian).AppendUint64": true,
}

// stdFollowed reports whether the lowering follows the body of fn, a
// function of the standard library or an instance of one, building fn's
// package when its body is needed.
func stdFollowed(fn *ssa.Function) bool {
	origin := fn
	if fn.Origin() != nil {
		origin = fn.Origin()
	}
	// An instance has its origin's type parameters, and no package.
	if origin.Pkg == nil || !stdPackage(origin.Pkg) || fn == origin && fn.TypeParams().Len() > 0 {
		return false
	}
	obj, ok := origin.Object().(*types.Func)
	if !ok {
		return false
	}
	key := obj.Pkg().Path() + "." + obj.Name()
	if obj.Type().(*types.Signature).Recv() != nil {
		key = origin.String() // "(encoding/binary.bigEndian).Uint32"
	}
	if !followed[key] {
		return false
	}
	if len(fn.Blocks) == 0 && fn.Origin() == nil {
		// Packages outside the module are created, not built (Load).
		fn.Pkg.Build()
	}
	return len(fn.Blocks) > 0
}

// externValue reports whether fn, used as a function value
// (strings.IndexFunc(s, unicode.IsDigit)), is a function of stdlib's
// table: its IR body is one CallExtern (externBody).
func externValue(fn *ssa.Function) bool {
	_, ok := externName(fn)
	return ok && len(fn.FreeVars) == 0
}

// externBody lowers the body of fn, a function of stdlib's table used as
// a value:
//
//	entry:
//		t0 = extern unicode.IsDigit(r)
//		return t0
func (l *fnLowering) externBody(name string) {
	b := l.f.NewBlock("entry")
	l.ib, l.ipos = b, l.f.Pos
	args := make([]ir.Value, len(l.f.Params))
	for i, p := range l.f.Params {
		args[i] = p
	}
	call := l.emit(ir.NewCallExtern(name, args, l.f.Results))
	ret := &ir.Return{}
	if len(l.f.Results) == 1 {
		ret.Results = []ir.Value{call}
	} else {
		for i := range l.f.Results {
			ret.Results = append(ret.Results, l.emit(ir.NewExtract(call, i)))
		}
	}
	ret.Pos = l.ipos
	b.SetTerm(ret)
}

// info returns the type information of the package of the function being
// lowered (of its origin, for an instance of a generic function).
func (l *fnLowering) info() *types.Info {
	fn := l.fn
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	if fn.Pkg == nil {
		return nil
	}
	return l.lw.infos[fn.Pkg.Pkg]
}

// coreType returns t, or for a type parameter constrained to one type
// (S ~[]E, in the body of slices.Index) that type, as the syntax of an
// instance of a generic function still names the type parameter.
func coreType(t types.Type) types.Type {
	tp, ok := t.(*types.TypeParam)
	if !ok {
		return t
	}
	iface, ok := tp.Constraint().Underlying().(*types.Interface)
	if !ok || iface.NumEmbeddeds() != 1 {
		return t
	}
	switch e := iface.EmbeddedType(0).(type) {
	case *types.Union:
		if e.Len() == 1 {
			return e.Term(0).Type()
		}
	default:
		return e
	}
	return t
}

// externParams returns the IR parameters of fn, a function of stdlib's
// table used as a value, from its signature.
func externParams(lw *lowerer, fn *ssa.Function, fail func(token.Pos, string, ...any)) []*ir.Param {
	var ps []*ir.Param
	sig := fn.Signature.Params()
	for i := range sig.Len() {
		v := sig.At(i)
		t, why := lw.typ(v.Type())
		if why != "" {
			fail(v.Pos(), "parameter %s: %s", v.Name(), why)
			continue
		}
		ps = append(ps, ir.NewParam(fmt.Sprintf("arg%d", i), t))
	}
	return ps
}

// fieldsCall lowers strings.Fields(s) as strings.FieldsFunc(s,
// unicode.IsSpace), which gives the same fields for every s (Fields
// itself does so for strings that are not ASCII, and its ASCII fast path
// reads a table the IR has no global for). It returns false for other
// functions.
func (l *fnLowering) fieldsCall(fn *ssa.Function, common *ssa.CallCommon, pos token.Pos) (ir.Value, bool) {
	if stdFunc(fn) != "strings.Fields" || !stdPackage(fn.Pkg) {
		return nil, false
	}
	fieldsFunc := fn.Pkg.Func("FieldsFunc")
	var isSpace *ssa.Function
	for _, imp := range fn.Pkg.Pkg.Imports() {
		if imp.Path() == "unicode" {
			if p := l.lw.prog.Package(imp); p != nil {
				isSpace = p.Func("IsSpace")
			}
		}
	}
	if fieldsFunc == nil || isSpace == nil || !stdFollowed(fieldsFunc) {
		l.unsupported(pos, "call of strings.Fields (strings.FieldsFunc or unicode.IsSpace not found)")
	}
	cs := l.callee(fieldsFunc, pos, "call")
	args := []ir.Value{l.value(common.Args[0], pos), l.funcRef(isSpace, pos)}
	return l.emit(ir.NewCall(cs.ir, args)), true
}
