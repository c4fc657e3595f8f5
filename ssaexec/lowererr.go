package ssaexec

import (
	"errors"
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/ssa"

	"github.com/pbcc/pbcc/gen/ir"
)

// ---- Errors ----

// Go's error is modelled as nil or an error made at a place of the
// program: a message, the place that made it, and the errors it wraps
// (ir.Error; gen/ir/errors.go). The lowering handles
//
//	errors.New(s)                   MakeError s
//	fmt.Errorf(c), c a constant     MakeError of fmt.Sprintf(c), worked
//	format, no arguments            out here (fmt.Errorf calls errors.New
//	                                when nothing is wrapped)
//	fmt.Errorf(c, args...)          Errorf c, args: each argument an
//	                                integer, bool, float or string (of a
//	                                type without String, Error or Format
//	                                methods) or an error; %w wraps
//	errors.Is(err, target)          ErrorIs err, target
//	errors.Unwrap(err)              ErrorUnwrap err
//	errors.Join(e1, e2, ...)        JoinErrors e1, e2, ...
//	error(x), x of a type T of the  MakeError of x.Error(), called when
//	program with an Error method    made (customError)
//	err.Error()                     ErrorMessage err
//	err == nil, err != ErrX         BinOp Eq, Ne (against NilConst or the
//	                                load of a sentinel global)
//	io.EOF, strconv.ErrSyntax, ...  sentinel globals of the standard
//	                                library (stdSentinels)
//
// The variadic arguments of fmt.Errorf and errors.Join are taken apart:
// the array go/ssa fills with them, and their conversions to any, are
// not lowered (fnLowering.skip). It stops, naming the call, at a format
// that is not a constant, explicit argument indexes or * widths in it,
// arguments of other types, errors.Join(errs...) of a slice, and
// errors.As.

// stdFunc returns "pkg/path.Name" for a function of package pkg/path
// without a receiver, "" for other functions.
func stdFunc(fn *ssa.Function) string {
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || obj.Type().(*types.Signature).Recv() != nil {
		return ""
	}
	return obj.Pkg().Path() + "." + obj.Name()
}

// errorMessage returns the message of the error that call makes when it
// is errors.New(c) or fmt.Errorf(c) without arguments, c a constant
// string.
func errorMessage(call *ssa.Call) (string, bool) {
	callee := call.Common().StaticCallee()
	if callee == nil {
		return "", false
	}
	args := call.Common().Args
	switch stdFunc(callee) {
	case "errors.New":
		if c, ok := args[0].(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
			return constant.StringVal(c.Value), true
		}
	case "fmt.Errorf":
		return errorfMessage(args)
	}
	return "", false
}

// errorfMessage returns the message of fmt.Errorf(args...) when the
// format is a constant and there are no arguments.
func errorfMessage(args []ssa.Value) (string, bool) {
	c, ok := args[0].(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return "", false
	}
	if rest, ok := args[1].(*ssa.Const); !ok || !rest.IsNil() {
		return "", false
	}
	var none []any
	return fmt.Sprintf(constant.StringVal(c.Value), none...), true
}

// unmodelled returns why a call of fn, outside the module, cannot be
// lowered, or "" when it can: errors.New, fmt.Errorf with a constant
// format and no arguments, the functions of gen/stdlib's table
// (lowerstd.go).
func unmodelled(fn *ssa.Function, common *ssa.CallCommon) string {
	name := stdFunc(fn)
	switch name {
	case "errors.New":
		return ""
	case "fmt.Errorf":
		_, _, _, _, _, why := errorfArgs(common)
		return why
	case "errors.Join":
		_, _, why := variadic(common.Args[0])
		if why != "" {
			return "call of errors.Join: " + why
		}
		return ""
	case "errors.Is", "errors.Unwrap":
		return ""
	case "errors.As":
		return "call of errors.As (errors of types of the program are not modelled; use errors.Is with a sentinel)"
	}
	if why, ok := stdLowered(fn, common); ok {
		return why
	}
	if name != "" && stdPackage(fn.Pkg) {
		return stdUnmodelled(fn)
	}
	return "call of " + fn.String() + outside(fn.Pkg)
}

// checkCalls fails at the first call of a function outside the module
// that is not modelled, before the lowering meets the conversions of its
// arguments (to any, for fmt functions), so that the message names the
// call.
func (l *fnLowering) checkCalls() {
	for _, b := range l.fn.Blocks {
		for _, instr := range b.Instrs {
			var call ssa.CallInstruction
			switch c := instr.(type) {
			case *ssa.Call:
				call = c
			case *ssa.Defer:
				call = c
			}
			if call == nil || call.Common().IsInvoke() {
				continue
			}
			fn := call.Common().StaticCallee()
			if fn == nil || fn.Pkg != nil && l.lw.inModule[fn.Pkg.Pkg] || fn.Parent() != nil || fn.Synthetic != "" || mutexOp(fn) {
				continue
			}
			if why := unmodelled(fn, call.Common()); why != "" {
				l.unsupported(l.instrPos(b, instr), "%s", why)
			}
			l.skipVariadic(fn, call.Common())
		}
	}
}

// stdCall lowers a call of a modelled function outside the module:
// errors.New and fmt.Errorf (see above), and the functions of gen/stdlib's
// table (externCall). It returns false for the others.
func (l *fnLowering) stdCall(fn *ssa.Function, common *ssa.CallCommon, pos token.Pos) (ir.Value, bool) {
	if fn.Pkg != nil && l.lw.inModule[fn.Pkg.Pkg] {
		return nil, false
	}
	switch stdFunc(fn) {
	case "errors.New":
		return l.emit(ir.NewMakeError(l.value(common.Args[0], pos))), true
	case "fmt.Errorf":
		if msg, ok := errorfMessage(common.Args); ok {
			return l.emit(ir.NewMakeError(ir.StringConst(msg))), true
		}
		format, args, wraps, _, opaque, why := errorfArgs(common)
		if why != "" {
			l.unsupported(pos, "%s", why)
		}
		if opaque {
			// Only the wrapped errors are kept: errors.Is and As see
			// through the error; its message is the real run's.
			var vals []ir.Value
			var kept []int
			for _, w := range wraps {
				kept = append(kept, len(vals))
				if customErrorType(args[w].Type()) {
					vals = append(vals, l.customError(args[w], pos))
				} else {
					vals = append(vals, l.value(args[w], pos))
				}
			}
			e := ir.NewErrorf(format, vals, kept)
			e.Opaque = true
			return l.emit(e), true
		}
		vals := make([]ir.Value, len(args))
		for i, a := range args {
			if customErrorType(a.Type()) {
				vals[i] = l.customError(a, pos)
			} else {
				vals[i] = l.value(a, pos)
			}
		}
		return l.emit(ir.NewErrorf(format, vals, wraps)), true
	case "errors.Join":
		args, _, why := variadic(common.Args[0])
		if why != "" {
			l.unsupported(pos, "call of errors.Join: %s", why)
		}
		return l.emit(ir.NewJoinErrors(l.values_(args, pos))), true
	case "errors.Is":
		return l.emit(ir.NewErrorIs(l.value(common.Args[0], pos), l.value(common.Args[1], pos))), true
	case "errors.Unwrap":
		return l.emit(ir.NewErrorUnwrap(l.value(common.Args[0], pos))), true
	}
	return l.externCall(fn, common, pos)
}

// invoke lowers a call of a method of an interface: err.Error(), or a
// method of another interface (see loweriface.go).
func (l *fnLowering) invoke(common *ssa.CallCommon, pos token.Pos) ir.Value {
	if isError(common.Value.Type()) && common.Method.Name() == "Error" {
		return l.emit(ir.NewErrorMessage(l.value(common.Value, pos)))
	}
	return l.invokeIface(common, pos)
}

// values_ lowers vs.
func (l *fnLowering) values_(vs []ssa.Value, pos token.Pos) []ir.Value {
	r := make([]ir.Value, len(vs))
	for i, v := range vs {
		r[i] = l.value(v, pos)
	}
	return r
}

// skipVariadic marks the instructions that build the variadic arguments
// of a call of fmt.Errorf or errors.Join, which the call lowers itself.
func (l *fnLowering) skipVariadic(fn *ssa.Function, common *ssa.CallCommon) {
	var build []ssa.Instruction
	switch stdFunc(fn) {
	case "fmt.Errorf":
		_, _, _, build, _, _ = errorfArgs(common)
	case "errors.Join":
		_, build, _ = variadic(common.Args[0])
	}
	l.skipAll(build)
}

// skipAll marks instructions the lowering leaves out: the building of
// variadic arguments that a call takes apart itself.
func (l *fnLowering) skipAll(build []ssa.Instruction) {
	for _, in := range build {
		if l.skip == nil {
			l.skip = map[ssa.Instruction]bool{}
		}
		l.skip[in] = true
	}
}

// variadic returns the arguments passed to a ... parameter as v: nil, or
// a slice of an array go/ssa made and filled for the call, one store per
// element, each value possibly converted to the element's interface
// type. It also returns the instructions that build v, and why v is not
// such a value ("" when it is).
func variadic(v ssa.Value) (args []ssa.Value, build []ssa.Instruction, why string) {
	if c, ok := v.(*ssa.Const); ok && c.IsNil() {
		return nil, nil, ""
	}
	const notArgs = "the arguments are a slice, not a list of values"
	sl, ok := v.(*ssa.Slice)
	if !ok || sl.Low != nil || sl.High != nil || sl.Max != nil {
		return nil, nil, notArgs
	}
	alloc, ok := sl.X.(*ssa.Alloc)
	if !ok || !onlyUsedBy(sl, nil) {
		return nil, nil, notArgs
	}
	n := int(alloc.Type().(*types.Pointer).Elem().(*types.Array).Len())
	args = make([]ssa.Value, n)
	build = []ssa.Instruction{alloc, sl}
	for _, r := range *alloc.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.Slice:
			if r != sl {
				return nil, nil, notArgs
			}
		case *ssa.IndexAddr:
			c, ok := r.Index.(*ssa.Const)
			if !ok {
				return nil, nil, notArgs
			}
			i, _ := constant.Int64Val(c.Value)
			var store *ssa.Store
			for _, u := range *r.Referrers() {
				if s, ok := u.(*ssa.Store); ok && s.Addr == r && store == nil {
					store = s
				} else if _, ok := u.(*ssa.DebugRef); !ok {
					return nil, nil, notArgs
				}
			}
			if store == nil || i < 0 || int(i) >= n || args[i] != nil {
				return nil, nil, notArgs
			}
			build = append(build, r, store)
			x := store.Val
			switch conv := x.(type) {
			case *ssa.MakeInterface:
				if onlyUsedBy(conv, store) {
					x = conv.X
					build = append(build, conv)
				}
			case *ssa.ChangeInterface:
				if onlyUsedBy(conv, store) {
					x = conv.X
					build = append(build, conv)
				}
			}
			args[i] = x
		default:
			return nil, nil, notArgs
		}
	}
	for _, a := range args {
		if a == nil {
			return nil, nil, notArgs
		}
	}
	return args, build, ""
}

// onlyUsedBy reports whether v's only uses, DebugRefs aside, are by
// user (any number of uses when user is nil and v has one referrer).
func onlyUsedBy(v ssa.Value, user ssa.Instruction) bool {
	refs := 0
	for _, r := range *v.Referrers() {
		if _, ok := r.(*ssa.DebugRef); ok {
			continue
		}
		refs++
		if user != nil && r != user {
			return false
		}
	}
	return user != nil || refs == 1
}

// errorfArgs takes apart a call of fmt.Errorf: its constant format, the
// values of its arguments (before their conversion to any), the indexes
// of those a %w verb wraps, the instructions that build the arguments,
// and why the call is not modelled ("" when it is).
//
// opaque says that the message is not modelled (ir.Errorf.Opaque): an
// argument's type is not one errorfArgType accepts, or the format is not
// one formatVerbs reads. Only a format that is not a constant, or
// arguments not listed in the call, are refused (why).
func errorfArgs(common *ssa.CallCommon) (format string, args []ssa.Value, wraps []int, build []ssa.Instruction, opaque bool, why string) {
	c, ok := common.Args[0].(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return "", nil, nil, nil, false, "call of fmt.Errorf with a format that is not a constant"
	}
	format = constant.StringVal(c.Value)
	args, build, why = variadic(common.Args[1])
	if why != "" {
		return "", nil, nil, nil, false, "call of fmt.Errorf: " + why
	}
	for _, a := range args {
		if errorfArgType(a.Type()) != "" {
			opaque = true
		}
	}
	verbs, why := formatVerbs(format)
	if why != "" {
		// %[2]d, %*d: the wrapped errors cannot be told either.
		return format, args, nil, build, true, ""
	}
	for i, v := range verbs {
		if v == 'w' && i < len(args) && (isError(args[i].Type()) || customErrorType(args[i].Type())) {
			wraps = append(wraps, i)
		}
	}
	return format, args, wraps, build, opaque, ""
}

// errorfArgType says why an argument of fmt.Errorf of type t is not
// modelled: only errors and integers, bools, floats and strings whose
// type has no method that changes how fmt prints them are.
func errorfArgType(t types.Type) string {
	if isError(t) {
		if !types.Identical(t, errorType) {
			return "an interface other than error"
		}
		return ""
	}
	if customErrorType(t) {
		// Formatted by its Error method (customError), unless a Format
		// method comes first.
		if types.NewMethodSet(t).Lookup(nil, "Format") != nil {
			return "its Format method is not followed"
		}
		return ""
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok || b.Info()&(types.IsInteger|types.IsBoolean|types.IsFloat|types.IsString) == 0 || b.Info()&types.IsUntyped != 0 {
		return "only integers, bools, floats, strings and errors are formatted"
	}
	ms := types.NewMethodSet(t)
	for _, m := range []string{"String", "Error", "Format", "GoString"} {
		if ms.Lookup(nil, m) != nil {
			return "its " + m + " method is not followed"
		}
	}
	return ""
}

// formatVerbs returns the verb of each argument a fmt format consumes,
// in order, or why the format is not modelled (explicit argument
// indexes, * widths).
func formatVerbs(format string) ([]rune, string) {
	var verbs []rune
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		for i < len(format) && strings.ContainsRune("+-# 0123456789.", rune(format[i])) {
			i++
		}
		if i == len(format) {
			break
		}
		switch format[i] {
		case '%':
			continue
		case '[', '*':
			return nil, "explicit argument indexes and * widths are not modelled"
		}
		r, size := utf8.DecodeRuneInString(format[i:])
		verbs = append(verbs, r)
		i += size - 1
	}
	return verbs, ""
}

// stdSentinel returns the global of v when v is one of the standard
// library's sentinel errors pbcc knows (ir.StdSentinel).
func (lw *lowerer) stdSentinel(v *ssa.Global) (*ir.Global, bool) {
	if v.Pkg == nil {
		return nil, false
	}
	g := ir.StdSentinel(v.Pkg.Pkg.Path() + "." + v.Name())
	if g == nil {
		return nil, false
	}
	lw.sentinels[g] = true
	return g, true
}

// wrappedSentinel returns the literal of the error a package-level
// variable's initializer call makes when it is fmt.Errorf of a constant
// format and arguments that are constants or sentinel errors, one of
// them wrapped by a single %w: var ErrX = fmt.Errorf("x: %w", ErrY). The
// message is the real fmt.Errorf's.
func (l *fnLowering) wrappedSentinel(call *ssa.Call, pos token.Pos) (ir.Literal, bool) {
	callee := call.Common().StaticCallee()
	if callee == nil || stdFunc(callee) != "fmt.Errorf" {
		return ir.Literal{}, false
	}
	format, args, wraps, _, opaque, why := errorfArgs(call.Common())
	if why != "" || opaque || len(wraps) != 1 {
		return ir.Literal{}, false
	}
	goArgs := make([]any, len(args))
	var inner ir.Literal
	for i, a := range args {
		switch a := a.(type) {
		case *ssa.Const:
			if a.Value == nil {
				return ir.Literal{}, false
			}
			goArgs[i] = constant.Val(a.Value)
			if a.Value.Kind() == constant.String {
				goArgs[i] = constant.StringVal(a.Value)
			}
		case *ssa.UnOp:
			gv, ok := a.X.(*ssa.Global)
			if !ok || a.Op != token.MUL || !isError(a.Type()) {
				return ir.Literal{}, false
			}
			g := l.global(gv, pos)
			if !l.lw.sentinels[g] {
				return ir.Literal{}, false
			}
			goArgs[i] = errors.New(g.Init.Str)
			if i == wraps[0] {
				inner = ir.Literal{T: ir.Error{}, Str: g.Init.Str, Global: g}
			}
		default:
			return ir.Literal{}, false
		}
	}
	if inner.Global == nil {
		return ir.Literal{}, false
	}
	return ir.Literal{T: ir.Error{}, Str: fmt.Errorf(format, goArgs...).Error(), Elems: []ir.Literal{inner}}, true
}

// customError lowers the conversion of a value x of a type of the
// program to error (return "", EscapeError(s); &AddrError{...}) as an
// error made here whose message is x.Error(), called at the conversion.
// Go calls Error later, when the message is asked for; the two agree
// when Error reads nothing the function changes afterwards, as is the
// rule for error types, and the real run checks every case anyway. A
// pointer is converted only when it is freshly allocated (&T{...}): a
// nil one makes a non-nil error whose Error may panic, which calling it
// here would turn into a panic of the conversion. Errors of such types
// are still not told apart from errors.New's: a type assertion or
// errors.As on them is not lowered.
func (l *fnLowering) customError(x ssa.Value, pos token.Pos) ir.Value {
	t := x.Type()
	if _, isPtr := t.Underlying().(*types.Pointer); isPtr {
		if _, fresh := x.(*ssa.Alloc); !fresh {
			l.unsupported(pos, "conversion of %s to error: a pointer that may be nil (only &T{...} is modelled)", typeString(t))
		}
	}
	sel := l.lw.prog.MethodSets.MethodSet(t).Lookup(nil, "Error")
	var fn *ssa.Function
	if sel != nil {
		fn = l.lw.prog.MethodValue(sel)
	}
	if fn == nil {
		l.unsupported(pos, "conversion of %s to error: no Error method to call", typeString(t))
	}
	if loop := firstLoop(fn, map[*ssa.Function]bool{}); loop != nil {
		// Called at every conversion, a loop in it (time.ParseDuration's
		// error quotes the input rune by rune) multiplies the paths of
		// the function for a message no branch of it reads: 62 s and no
		// case, where the search on the real code takes seconds.
		l.unsupported(pos, "conversion of %s to error: its Error method loops (in %s)", typeString(t), loop.RelString(loop.Pkg.Pkg))
	}
	l.valueType(x, pos)
	cs := l.callee(fn, pos, "call")
	msg := l.emit(ir.NewCall(cs.ir, []ir.Value{l.value(x, pos)}))
	return l.emit(ir.NewMakeError(msg))
}

// customErrorType reports whether t is a concrete type with an Error
// method (a type of the program that implements error): fmt formats it
// by that method, and %w wraps it.
func customErrorType(t types.Type) bool {
	return !types.IsInterface(t) && types.Implements(t, errorType.Underlying().(*types.Interface))
}

// firstLoop returns fn, or a function of the program it calls, when it
// has a loop, or nil.
func firstLoop(fn *ssa.Function, seen map[*ssa.Function]bool) *ssa.Function {
	if seen[fn] {
		return nil
	}
	seen[fn] = true
	for _, b := range fn.Blocks {
		for _, s := range b.Succs {
			if s.Dominates(b) {
				return fn
			}
		}
		for _, in := range b.Instrs {
			call, ok := in.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if callee := call.Common().StaticCallee(); callee != nil && callee.Pkg == fn.Pkg && len(callee.Blocks) > 0 {
				if l := firstLoop(callee, seen); l != nil {
					return l
				}
			}
		}
	}
	return nil
}
