package ssaexec

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Functions that read and write files by name (godotenv's Load, Read,
// Write: most configuration code) are searched and tested in a new empty
// directory each: the search runs every call in a directory of its own,
// and the package's calls below pass their names through a hook of the
// instrumented package (ssaexec/cover) that rejects the inputs naming a
// file outside it (an absolute name, a ".." element); the emitted tests
// run each case in t.TempDir. A name relative to the working directory
// then designates a file of that directory, whatever the input.

// pathArgs are, by function of os and io/ioutil, the indexes of its
// arguments that name files, and whether it writes (creates, changes or
// removes) them. Functions that name no file (os.CreateTemp and
// os.MkdirTemp with an empty directory use the machine's), or that make
// names point elsewhere (os.Symlink, os.Link, os.Chdir), are not here:
// they still act on the machine.
var pathArgs = map[string]pathCall{
	"os.Open": {args: []int{0}}, "os.ReadFile": {args: []int{0}}, "os.Stat": {args: []int{0}},
	"os.Lstat": {args: []int{0}}, "os.ReadDir": {args: []int{0}}, "os.DirFS": {args: []int{0}},
	"io/ioutil.ReadFile": {args: []int{0}}, "io/ioutil.ReadDir": {args: []int{0}},
	"os.Create": {[]int{0}, true}, "os.OpenFile": {[]int{0}, true}, "os.WriteFile": {[]int{0}, true},
	"os.Remove": {[]int{0}, true}, "os.RemoveAll": {[]int{0}, true}, "os.Mkdir": {[]int{0}, true},
	"os.MkdirAll": {[]int{0}, true}, "os.Rename": {[]int{0, 1}, true}, "os.Chmod": {[]int{0}, true},
	"os.Chtimes": {[]int{0}, true}, "os.Truncate": {[]int{0}, true}, "io/ioutil.WriteFile": {[]int{0}, true},
}

type pathCall struct {
	args  []int
	write bool
}

// PathArgs returns the indexes of the arguments of fn that name files,
// and whether fn writes them, when fn is a function of os or io/ioutil
// that acts on the files it is given the names of. A read of a file
// outside the call's directory (xid's /etc/machine-id) is run, its
// case's results not checked; a write there never is.
func PathArgs(fn *types.Func) (args []int, write, ok bool) {
	if fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return nil, false, false
	}
	c, ok := pathArgs[fn.Pkg().Path()+"."+fn.Name()]
	return c.args, c.write, ok
}

// ProcessLocal reports whether callee acts only on what a test confines
// or restores: an *os.File's methods (the file was opened by a name the
// hook checked, or is a standard stream) and the process's environment
// (os.Setenv, os.Unsetenv, os.Clearenv: the search and the tests of a
// function that reads files restore it after each call).
func ProcessLocal(callee *ssa.Function) bool {
	fn, ok := callee.Object().(*types.Func)
	return ok && callee.Pkg != nil && processLocal(fn)
}

// processLocal is ProcessLocal of a function of package os.
func processLocal(fn *types.Func) bool {
	if fn.Pkg() == nil || fn.Pkg().Path() != "os" {
		return false
	}
	if recv := fn.Signature().Recv(); recv != nil {
		return isOSFile(recv.Type())
	}
	switch fn.Name() {
	case "Setenv", "Unsetenv", "Clearenv":
		return true
	}
	return false
}

// readsFiles reports whether fn, in its body, its closures or the
// functions of its own package it calls statically, calls a function of
// pathArgs: the calls its package's instrumentation confines to the
// working directory (ir.Func.Files).
func readsFiles(fn *ssa.Function) bool {
	return !walkStatic(fn, func(f *ssa.Function, in ssa.Instruction) bool {
		c, ok := in.(ssa.CallInstruction)
		if !ok || f.Package() != fn.Package() {
			return true
		}
		callee := c.Common().StaticCallee()
		if callee == nil {
			return true
		}
		obj, ok := callee.Object().(*types.Func)
		if !ok {
			return true
		}
		_, _, files := PathArgs(obj)
		return !files
	})
}
