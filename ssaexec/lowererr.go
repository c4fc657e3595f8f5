package ssaexec

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/pbcc/pbcc/gen/ir"
)

// ---- Errors ----

// Go's error is modelled as nil or an error made by errors.New: a message
// and the place that made it (ir.Error). The lowering handles
//
//	errors.New(s)                   MakeError s
//	fmt.Errorf(c), c a constant     MakeError of fmt.Sprintf(c), worked
//	format, no arguments            out here (fmt.Errorf calls errors.New
//	                                when nothing is wrapped)
//	err.Error()                     ErrorMessage err
//	err == nil, err != ErrX         BinOp Eq, Ne (against NilConst or the
//	                                load of a sentinel global)
//
// and stops, naming the call, at fmt.Errorf with arguments and at
// errors.Is, As, Unwrap and Join (wrapping is not modelled).

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
		if _, ok := errorfMessage(common.Args); ok {
			return ""
		}
		if rest, ok := common.Args[1].(*ssa.Const); ok && rest.IsNil() {
			return "call of fmt.Errorf with a format that is not a constant (only a constant format without arguments is modelled)"
		}
		return "call of fmt.Errorf with arguments (formatting and %w wrapping are not modelled; only a constant format without arguments is)"
	case "errors.Is", "errors.As", "errors.Unwrap", "errors.Join":
		return "call of " + name + " (error wrapping is not modelled; compare with == instead)"
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
			call, ok := instr.(*ssa.Call)
			if !ok || call.Common().IsInvoke() {
				continue
			}
			fn := call.Common().StaticCallee()
			if fn == nil || fn.Pkg != nil && l.lw.inModule[fn.Pkg.Pkg] || fn.Parent() != nil || fn.Synthetic != "" {
				continue
			}
			if why := unmodelled(fn, call.Common()); why != "" {
				l.unsupported(l.instrPos(b, instr), "%s", why)
			}
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
