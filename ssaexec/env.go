package ssaexec

import (
	"go/constant"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// envKeys returns, sorted, the environment variables fn reads by a
// constant name (os.Getenv("LANG"), os.LookupEnv), in its body, its
// closures and the functions of the module it calls statically. Their
// values are inputs of fn like its parameters: a test sets them
// (t.Setenv), so that what fn gives no longer depends on the machine
// that runs the test.
func envKeys(fn *ssa.Function) []string {
	var keys []string
	walkStatic(fn, func(_ *ssa.Function, in ssa.Instruction) bool {
		if c, ok := in.(ssa.CallInstruction); ok {
			if k, ok := EnvRead(c.Common()); ok && !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
		return true
	})
	slices.Sort(keys)
	return keys
}

// walkStatic calls visit on each instruction of fn, of its closures and
// of the functions it calls statically that have a body (only the
// module's packages have bodies built), each function once, to a depth of
// 8 calls. It stops, and returns false, when visit returns false.
func walkStatic(fn *ssa.Function, visit func(f *ssa.Function, in ssa.Instruction) bool) bool {
	seen := map[*ssa.Function]bool{}
	var walk func(f *ssa.Function, depth int) bool
	walk = func(f *ssa.Function, depth int) bool {
		if f == nil || seen[f] || depth > 8 || f.Blocks == nil {
			return true
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if !visit(f, in) {
					return false
				}
				if c, ok := in.(ssa.CallInstruction); ok && !walk(c.Common().StaticCallee(), depth+1) {
					return false
				}
				// A function used as a value (op := Load; op(names...):
				// godotenv's Exec) may be called too.
				for _, v := range FuncValues(in) {
					if !walk(v, depth+1) {
						return false
					}
				}
			}
		}
		for _, a := range f.AnonFuncs {
			if !walk(a, depth) {
				return false
			}
		}
		return true
	}
	return walk(fn, 0)
}

// EnvRead returns the name of the environment variable call reads, when it
// is os.Getenv or os.LookupEnv of a constant.
func EnvRead(call *ssa.CallCommon) (string, bool) {
	callee := call.StaticCallee()
	if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg.Path() != "os" ||
		callee.Name() != "Getenv" && callee.Name() != "LookupEnv" || len(call.Args) != 1 {
		return "", false
	}
	k, ok := call.Args[0].(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(k.Value), true
}

// FuncValues returns the functions in is operands that it uses as values,
// not as the callee of a static call: a function stored, passed or
// called through a variable, which may run later.
func FuncValues(in ssa.Instruction) []*ssa.Function {
	if _, ok := in.(*ssa.DebugRef); ok {
		return nil // the source's mention of a name, not a use
	}
	var static *ssa.Function
	if c, ok := in.(ssa.CallInstruction); ok {
		static = c.Common().StaticCallee()
	}
	var fns []*ssa.Function
	for _, op := range in.Operands(nil) {
		if op == nil {
			continue
		}
		if f, ok := (*op).(*ssa.Function); ok && f != static {
			fns = append(fns, f)
		}
	}
	return fns
}
