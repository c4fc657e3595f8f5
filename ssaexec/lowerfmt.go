package ssaexec

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/pbcc/pbcc/gen/ir"
)

// ---- fmt.Sprintf, Sprint, Sprintln ----

// A call of fmt.Sprintf, Sprint or Sprintln whose variadic arguments are
// values of basic types (integers, floats, bools, strings, and named
// types of them without methods) becomes an external call with those
// values as its arguments:
//
//	fmt.Sprintf("%s=%d", k, v)   t5 = extern fmt.Sprintf("%s=%d":string, k, v)
//
// The executor does not model formatting: the result is an unknown the
// replay learns from the real fmt.Sprintf (package stdlib passes the
// values on as the ...any arguments). go/ssa builds the variadic slice
// in the function (an Alloc of [n]any, one Store of a MakeInterface per
// element, a Slice); those instructions are not lowered (varargs).
//
// A value of another type (a struct, a type with methods, which fmt may
// call, an interface), a slice passed with ..., and the verbs %T and %p
// of a constant format (which print the Go type or an address, which the
// IR does not keep) stop the lowering, naming the call.

// sprintFuncs lists the functions lowered here.
var sprintFuncs = map[string]bool{"fmt.Sprintf": true, "fmt.Sprint": true, "fmt.Sprintln": true}

// fprintFuncs are lowered as their Sprint counterparts when they write
// to a strings.Builder or a bytes.Buffer (&buf, converted to io.Writer)
// and their results are dropped: the string is appended to the buffer's
// bytes, as WriteString does (lowerbuilder.go). go-version's and
// Masterminds/semver's Version.String write their parts so.
var fprintFuncs = map[string]string{"fmt.Fprintf": "fmt.Sprintf", "fmt.Fprint": "fmt.Sprint", "fmt.Fprintln": "fmt.Sprintln"}

// fprintWriter returns the conversion to io.Writer of the builder a call
// of a function of fprintFuncs writes to, and the builder's type name,
// when it writes to one.
func fprintWriter(common *ssa.CallCommon) (*ssa.MakeInterface, string, bool) {
	mi, ok := common.Args[0].(*ssa.MakeInterface)
	if !ok {
		return nil, "", false
	}
	typ, ok := builderType(mi.X.Type())
	return mi, typ, ok
}

// varargsOf returns the values of the variadic arguments of a call of a
// function of sprintFuncs, and the instructions that build their slice,
// or why the call cannot be lowered.
func varargsOf(common *ssa.CallCommon) (vals []ssa.Value, build []ssa.Instruction, why string) {
	vals, build, why = variadic(common.Args[len(common.Args)-1])
	if why != "" {
		return nil, nil, "a slice passed with ... (only arguments listed in the call are modelled)"
	}
	for _, v := range vals {
		if types.IsInterface(v.Type()) {
			return nil, nil, "argument " + typeString(v.Type()) + " (an interface value: its dynamic type decides how it prints)"
		}
		if why := printable(v.Type()); why != "" {
			return nil, nil, "argument of type " + typeString(v.Type()) + " (" + why + ")"
		}
	}
	return vals, build, ""
}

// printable says why fmt's printing of a value of type t is not modelled,
// "" when it is: a basic type, or a named one without methods.
func printable(t types.Type) string {
	if n, ok := types.Unalias(t).(*types.Named); ok {
		if types.NewMethodSet(n).Len() > 0 || types.NewMethodSet(types.NewPointer(n)).Len() > 0 {
			return "it has methods, which fmt may call"
		}
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok || b.Info()&(types.IsInteger|types.IsFloat|types.IsBoolean|types.IsString) == 0 || b.Info()&types.IsUntyped != 0 {
		return "only integers, floats, bools and strings are modelled"
	}
	return ""
}

// sprintUnmodelled says why the call of fn cannot be lowered, "" when it
// can; ok is false when fn is not a function of sprintFuncs.
func sprintUnmodelled(fn *ssa.Function, common *ssa.CallCommon) (why string, ok bool) {
	name := stdFunc(fn)
	if !sprintFuncs[name] && fprintFuncs[name] == "" || fn.Pkg == nil || !stdPackage(fn.Pkg) {
		return "", false
	}
	format := 0
	if fprintFuncs[name] != "" {
		if _, _, ok := fprintWriter(common); !ok {
			return "call of " + name + " to a writer other than a *strings.Builder or *bytes.Buffer", true
		}
		format = 1
	}
	if _, _, why := varargsOf(common); why != "" {
		return "call of " + name + " with " + why, true
	}
	if name == "fmt.Sprintf" || name == "fmt.Fprintf" {
		if c, ok := common.Args[format].(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
			f := constant.StringVal(c.Value)
			for _, verb := range []string{"%T", "%p"} {
				if strings.Contains(strings.ReplaceAll(f, "%%", ""), verb) {
					return "call of " + name + " with the verb " + verb + " (Go types and addresses are not modelled)", true
				}
			}
		}
	}
	return "", true
}

// markVarargs records the instructions that build the variadic slices of
// the calls lowered by sprintCall: instr skips them.
func (l *fnLowering) markVarargs() {
	for _, b := range l.fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || call.Common().IsInvoke() {
				continue
			}
			fn := call.Common().StaticCallee()
			if fn == nil {
				continue
			}
			if why, ok := sprintUnmodelled(fn, call.Common()); !ok || why != "" {
				continue
			}
			_, build, _ := varargsOf(call.Common())
			l.skipAll(build)
			if mi, _, ok := fprintWriter(call.Common()); ok && fprintFuncs[stdFunc(fn)] != "" && len(*mi.Referrers()) == 1 {
				l.skipAll([]ssa.Instruction{mi})
			}
		}
	}
}

// sprintCall lowers a call of a function of sprintFuncs; it returns false
// for other functions.
func (l *fnLowering) sprintCall(fn *ssa.Function, common *ssa.CallCommon, pos token.Pos) (ir.Value, bool) {
	why, ok := sprintUnmodelled(fn, common)
	if !ok {
		return nil, false
	}
	if why != "" {
		l.unsupported(pos, "%s", why)
	}
	vals, _, _ := varargsOf(common)
	name, fixed := stdFunc(fn), common.Args[:len(common.Args)-1]
	sname, fprint := fprintFuncs[name]
	if fprint {
		name, fixed = sname, fixed[1:]
		if l.resultsUsed(common) {
			l.unsupported(pos, "use of the results of %s (the length written and nil; drop them)", stdFunc(fn))
		}
	}
	var args []ir.Value
	for _, a := range fixed {
		args = append(args, l.value(a, pos))
	}
	for _, v := range vals {
		l.valueType(v, pos)
		args = append(args, l.value(v, pos))
	}
	s := l.emit(ir.NewCallExtern(name, args, []ir.Type{ir.String{}}))
	if !fprint {
		return s, true
	}
	mi, typ, _ := fprintWriter(common)
	recv := l.value(mi.X, pos)
	bufAddr, _ := l.builderBuf(recv, typ, "Write", pos)
	l.builderSelf(recv, typ)
	l.appendToBuf(bufAddr, s)
	return nil, true
}
