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
	seen := map[*ssa.Function]bool{}
	var walk func(f *ssa.Function, depth int)
	walk = func(f *ssa.Function, depth int) {
		if f == nil || seen[f] || depth > 8 || f.Blocks == nil {
			return
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				c, ok := in.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if k, ok := EnvRead(c.Common()); ok {
					if !slices.Contains(keys, k) {
						keys = append(keys, k)
					}
					continue
				}
				// Only the module's packages have bodies built.
				walk(c.Common().StaticCallee(), depth+1)
			}
		}
		for _, a := range f.AnonFuncs {
			walk(a, depth)
		}
	}
	walk(fn, 0)
	slices.Sort(keys)
	return keys
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
