package ssaexec

import (
	"go/types"
	"golang.org/x/tools/go/ssa"
)

// printsStdout reports whether fn writes to standard output: it calls
// fmt.Print, Printf or Println, or uses os.Stdout (os.Stdout.Write,
// fmt.Fprintf(os.Stdout, ...), io.Copy(os.Stdout, r)), in its body, its
// closures or the functions of the module it calls statically. What it
// prints is then a result its tests check (gen.Case.Stdout), as command
// helpers that print instead of returning are only checked so.
func printsStdout(fn *ssa.Function) bool {
	return !walkStatic(fn, func(_ *ssa.Function, in ssa.Instruction) bool {
		for _, op := range in.Operands(nil) {
			if IsStdStream(*op, "Stdout") {
				return false
			}
		}
		c, ok := in.(ssa.CallInstruction)
		if !ok {
			return true
		}
		callee := c.Common().StaticCallee()
		return callee == nil || callee.Pkg == nil || callee.Pkg.Pkg.Path() != "fmt" ||
			callee.Name() != "Print" && callee.Name() != "Printf" && callee.Name() != "Println"
	})
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
	seeable := walkStatic(fn, func(f *ssa.Function, in ssa.Instruction) bool {
		c, ok := in.(ssa.CallInstruction)
		if !ok {
			return true
		}
		if !IsExit(c.Common()) {
			return true
		}
		exits = true
		return f.Package() == fn.Package()
	})
	return seeable && exits
}

// IsExit reports whether call is a call of a function that ends the
// process (ExitFunc).
func IsExit(call *ssa.CallCommon) bool {
	callee := call.StaticCallee()
	if callee == nil {
		return false
	}
	fn, ok := callee.Object().(*types.Func)
	return ok && ExitFunc(fn)
}

// ExitFunc reports whether fn ends the process: os.Exit, or log.Fatal,
// log.Fatalf or log.Fatalln, which end it with status 1 after they log.
// ssaexec/cover rewrites the package's calls of them, so that pbcc's
// runs see the exit as the outcome of the call.
func ExitFunc(fn *types.Func) bool {
	if fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return false
	}
	switch fn.Pkg().Path() + "." + fn.Name() {
	case "os.Exit", "log.Fatal", "log.Fatalf", "log.Fatalln":
		return true
	}
	return false
}

// isProgramMain reports whether fn is a program's main: func main of
// package main (ir.Func.Args).
func isProgramMain(fn *ssa.Function) bool {
	return fn != nil && fn.Pkg != nil && fn.Pkg.Pkg.Name() == "main" && fn.Name() == "main" &&
		fn.Signature.Recv() == nil && fn.Parent() == nil
}
