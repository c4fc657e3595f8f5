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

// exitsProcess reports whether fn may end the process: it calls os.Exit,
// in its body, its closures or the functions of its own package it calls
// statically, and nowhere else (another package's os.Exit is no call pbcc
// can see as the outcome of a call: ssaexec/cover rewrites the package's
// own). Its tests run each case in a process of their own and check its
// exit status, what it printed and what it wrote to standard error.
func exitsProcess(fn *ssa.Function) bool {
	exits := false
	seen := map[*ssa.Function]bool{}
	var walk func(f *ssa.Function, depth int) bool // false: an exit pbcc cannot see
	walk = func(f *ssa.Function, depth int) bool {
		if f == nil || seen[f] || depth > 8 || f.Blocks == nil {
			return true
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				c, ok := in.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := c.Common().StaticCallee()
				if callee != nil && callee.Pkg != nil && callee.Pkg.Pkg.Path() == "os" && callee.Name() == "Exit" {
					if f.Package() != fn.Package() {
						return false
					}
					exits = true
					continue
				}
				if !walk(callee, depth+1) {
					return false
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
	return walk(fn, 0) && exits
}
