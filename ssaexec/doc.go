// Package ssaexec is pbcc's Go front end: it loads Go packages, builds
// their SSA form with golang.org/x/tools/go/ssa, and lowers each function
// into the common IR of package gen/ir.
//
// # What it takes, what it gives
//
// Load takes go list patterns, relative to a directory. It loads the
// packages with go/packages (syntax, types and type information, for the
// dependencies too, so that callees in other packages of the module have
// bodies), builds SSA with ssa.GlobalDebug for the packages of the loaded
// packages' modules, and returns one Package per loaded package. Each
// Package lists, in source order (file name, then position), a Func for
// every function and method declared in its non-test files, except init,
// generic functions and functions without a body; closures are never
// listed. A Func holds the *ir.Func, the *ssa.Function it came from (also
// in ir.Func.Src) and the absolute path of its file.
//
// A function that uses a construct the lowering does not handle is left
// out of Funcs and reported in Package.Errors as an *UnsupportedError,
//
//	/abs/dir/m.go:7:34: m.Name: unsupported: call of strconv.Itoa
//
// and so is a function that calls such a function. Load itself fails,
// naming file:line:col, when a package cannot be loaded, parsed or
// type-checked.
//
// # Supported Go
//
// Parameters, results and computations of every integer kind (int, uint
// and uintptr are 64 bits, as types.SizesFor("gc", runtime.GOARCH) says),
// bool, fixed-size arrays of these and arrays of arrays, named types with
// such underlying types; methods with a value receiver of such a type (the
// receiver is Params[0], under its own name); several results; calls of
// functions and methods of the same module, recursion included; panics.
// The lowering maps the SSA instructions one for one:
//
//	ssa                          ir
//	BinOp                        BinOp (a shift keeps its count's type)
//	UnOp - ! ^                   UnOp Neg, Not, Compl
//	UnOp * (load)                Load
//	Convert integer <-> integer  Convert, or the operand itself when both
//	                             have the same IR type (int <-> int64)
//	ChangeType                   the operand itself
//	Phi                          Phi, operands in the order of Block.Preds
//	Call of a static callee      Call; a Call of several results has a
//	                             Tuple type, read by Extract
//	Extract                      Extract
//	Alloc (local or heap)        Alloc
//	Store                        Store
//	IndexAddr on *array          IndexAddr
//	Index on an array value      Index
//	If, Jump, Return, Panic      If, Jump, Return, Panic (Panic.X is nil;
//	                             the MakeInterface feeding it is dropped)
//	DebugRef                     dropped
//	Const                        Const (integers masked to their width);
//	                             the zero array becomes the Load of a
//	                             fresh Alloc, the IR having no array
//	                             constants
//
// Anything else (floats, strings, slices, maps, structs, pointers as
// parameters or results, interfaces, closures and function values, calls
// outside the module or of builtins, defer, go, select, package-level
// variables) is unsupported.
//
// # Invariants
//
//   - ir.Func.Blocks[i] lowers ssa.Function.Blocks[i], with the same
//     Comment ("if.then", "for.loop", ...); Preds and Succs follow SSA's
//     order, so Succs[0] of an If is its true edge and phi operands follow
//     Preds.
//   - One *ir.Func per *ssa.Function: a Call's Callee is the callee's own
//     Func.IR when the callee is in a loaded package.
//   - Names are "pkg.F" for functions and "pkg.T.M" for methods; Func.Pos is
//     the position of the name; Lang is ir.Go.
//   - Every lowered function passes ir.Check, and is numbered by
//     ir.Func.Renumber; a failure of ir.Check is an internal error of Load.
//   - Branch positions, on which coverage measurement joins: the Pos of an
//     If is the start of the source boolean expression its condition is,
//     once parentheses, ! and the operands of && and || are taken apart
//     (go/ssa's cond), found through the DebugRef that ssa.GlobalDebug
//     emits for it; Text is that expression as written, whitespace runs
//     collapsed. For a case of an expression switch, Pos is the start of
//     the case value and Text "tag == value"; for a range loop over an
//     integer or array, Pos is the for keyword and Text "range x". The true
//     edge means the expression is true, the case matches, an iteration
//     starts.
//
// # Example
//
// The function
//
//	func Trityp(a, b, c int) int {
//		if a <= 0 || b <= 0 || c <= 0 {
//			return 4
//		}
//		...
//
// prints (ir.Func.String) as
//
//	func trityp.Trityp(a i64, b i64, c i64) (i64)  // Go /abs/trityp.go:10:6
//	b0: entry  preds []
//		t0 = a <= 0:i64
//		if t0 goto b1 else b4  // /abs/trityp.go:11:5 "a <= 0"
//	b1: if.then  preds [b0 b4 b3]
//		return 4:i64
//	b2: if.done  preds [b3]
//		...
//	b3: cond.false  preds [b4]
//		t3 = c <= 0:i64
//		if t3 goto b1 else b2  // /abs/trityp.go:11:25 "c <= 0"
//	b4: cond.false  preds [b0]
//		t4 = b <= 0:i64
//		if t4 goto b1 else b3  // /abs/trityp.go:11:15 "b <= 0"
//
// The golden files in testdata show the lowering of every program of
// ../testdata/go; go test -update rewrites them.
package ssaexec
