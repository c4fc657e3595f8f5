package ssaexec

import (
	"golang.org/x/tools/go/ssa"
)

// printsStdout reports whether fn writes to standard output: it calls
// fmt.Print, Printf or Println, or uses os.Stdout (os.Stdout.Write,
// fmt.Fprintf(os.Stdout, ...), io.Copy(os.Stdout, r)), in its body, its
// closures or the functions of the module it calls statically. What it
// prints is then a result its tests check (gen.Case.Stdout), as command
// helpers that print instead of returning are only checked so.
func printsStdout(fn *ssa.Function) bool {
	seen := map[*ssa.Function]bool{}
	var walk func(f *ssa.Function, depth int) bool
	walk = func(f *ssa.Function, depth int) bool {
		if f == nil || seen[f] || depth > 8 || f.Blocks == nil {
			return false
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				for _, op := range in.Operands(nil) {
					if IsStdStream(*op, "Stdout") {
						return true
					}
				}
				c, ok := in.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if callee := c.Common().StaticCallee(); callee != nil && callee.Pkg != nil && callee.Pkg.Pkg.Path() == "fmt" &&
					(callee.Name() == "Print" || callee.Name() == "Printf" || callee.Name() == "Println") {
					return true
				}
				// Only the module's packages have bodies built.
				if walk(c.Common().StaticCallee(), depth+1) {
					return true
				}
			}
		}
		for _, a := range f.AnonFuncs {
			if walk(a, depth) {
				return true
			}
		}
		return false
	}
	return walk(fn, 0)
}

// IsStdStream reports whether v is the package-level variable os.<name>
// (os.Stdout, os.Stderr).
func IsStdStream(v ssa.Value, name string) bool {
	g, ok := v.(*ssa.Global)
	return ok && g.Pkg != nil && g.Pkg.Pkg.Path() == "os" && g.Name() == name
}
