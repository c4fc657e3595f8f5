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
// A generic function, or a method of a generic type, is not lowered: it is
// in Package.Skipped with the header of an instance whose type arguments
// ssaexec/generic chooses, and its Src is that *generic.Instance, so that
// it is searched, and tested, on the real code as F[int].
//
// A function that uses a construct the lowering does not handle is left
// out of Funcs and reported in Package.Errors as an *UnsupportedError,
//
//	/abs/dir/m.go:7:34: m.Name: unsupported: call of os.Getenv (not in pbcc's table of standard library functions: ...)
//
// and so is a function that calls such a function. Load itself fails,
// naming file:line:col, when a package cannot be loaded, parsed or
// type-checked.
//
// # Supported Go
//
// Types (lowertype.go): every integer kind (int, uint and uintptr are 64
// bits, as types.SizesFor("gc", runtime.GOARCH) says), bool, float32 and
// float64, string, arrays and slices of supported types, pointers to them,
// structs, func types, maps whose keys are of an integer, bool or string
// kind, error, and named types of these. A struct type is one
// *ir.Struct per go/types type, named after its Go name ("Node"; an
// unnamed struct by its type, "struct{X int}"), cached before its fields
// are lowered so that a Node may hold a *Node. Each is a parameter,
// result, receiver (Params[0], under its own name), field, element or
// local alike:
//
//	Go             ir                 Go              ir
//	bool           bool               [n]T            [n]T
//	int8..int64    i8..i64            []T             []T (Slice)
//	uint8..uint64  u8..u64            *T              *T (Pointer)
//	float32/64     f32, f64           struct          *Struct
//	string         string             func(A) (R)     func(A) (R) (Signature)
//	map[K]V        map[K]V (Map)      error           error (Error)
//	other interface I                 I (*Interface): nil or one of the
//	                                  module's types implementing I, or
//	                                  converted to or asserted from an I
//
// Instructions (lowerbody.go, lowervalue.go, lowerop.go): the lowering
// maps the SSA instructions one for one, in the same blocks:
//
//	ssa                          ir
//	BinOp on ints, bools, floats BinOp (a shift keeps its count's type)
//	BinOp on strings             BinOp: + concatenates, comparisons order
//	                             bytes
//	BinOp == != on pointers,     BinOp against NilConst (or another
//	slices, funcs                pointer)
//	BinOp == != on arrays,       FieldOf / Index with constant indexes,
//	structs                      BinOp == per element, joined with And;
//	                             != is Not of that (blank fields skipped)
//	UnOp - ! ^                   UnOp Neg, Not, Compl (Neg on floats too)
//	UnOp * (load)                Load
//	Convert between integers     Convert, or the operand itself when both
//	and floats                   have the same IR type (int <-> int64)
//	Convert string -> []byte     t1 = len s; t2 = make []u8 0 t1;
//	                             t3 = append t2 s... (never nil)
//	ChangeType                   the operand itself
//	*(*string)(unsafe.Pointer(   the copying conversion the idiom
//	p)), p a *[]byte;            views without a copy: Load p,
//	unsafe.String(unsafe.        Convert to String; Convert b;
//	SliceData(b), len(b));       []byte(s) as above (the unsafe.Pointer
//	unsafe.Slice(unsafe.         conversions and the SliceData and
//	StringData(s), len(s))       StringData calls are not lowered:
//	                             lowerunsafe.go)
//	Phi                          Phi, operands in the order of Block.Preds
//	Call of a static callee      Call; a Call of several results has a
//	                             Tuple type, read by Extract
//	Call of a func value         CallIndirect
//	Call of builtin len          Len (of a string, slice or map), of type
//	                             i64; len and cap of an array or *array:
//	                             its constant length
//	Call of builtin cap          Cap (of a slice)
//	Call of builtin append       Append s elems...; go/ssa gathers single
//	                             elements into a slice of a fresh array:
//	                             alloc [n]T, stores, t[:]
//	Call of builtin copy         Copy dst <- src (src a slice or string),
//	                             of type i64
//	Call of builtin min, max     integers and strings: a left fold of
//	(a, b, c...)                 Select over Lt: min: t1 = b < a;
//	                             t2 = select t1 ? b : a; then c against
//	                             t2 ...; max: t1 = a < b; select t1 ? b : a
//	Call of builtin delete       MapDelete m k
//	MakeMap (make, map literal)  MakeMap; a literal's entries are
//	                             MapUpdates (go/ssa's own lowering)
//	Lookup m[k], v, ok := m[k]   MapLookup, CommaOk for the second: a
//	                             Tuple (elem, bool) read by Extract
//	MapUpdate m[k] = v           MapUpdate
//	Range, Next over a string    a loop on the byte index i, a phi at the
//	(for i, r := range s)        head of rangeiter.loop (0 from the
//	                             range's block, next from the others):
//	                             n = len s; ok = i < n; if ok (the for
//	                             keyword, "range s"); the body starts
//	                             d = decoderune s[i]; r = extract d #0;
//	                             next = i + extract d #1; the key is i
//	Range, Next over a map       the same loop: ok = i < len m; the body
//	(for k, v := range m)        starts e = entry m #i; k = extract e #0;
//	                             v = extract e #1; next = i + 1
//	Call of errors.New(s)        MakeError s
//	Call of fmt.Errorf(c), c a   MakeError of the constant fmt.Sprintf(c)
//	constant, no arguments       (fmt.Errorf calls errors.New then)
//	Call of fmt.Errorf(c, args)  Errorf c, args, the indexes of the
//	                             errors %w wraps; the array of the
//	                             variadic arguments and their conversions
//	                             to any are not lowered (lowererr.go)
//	Call of errors.Is, Unwrap,   ErrorIs, ErrorUnwrap, JoinErrors
//	Join(e1, e2, ...)
//	Global io.EOF, strconv.      ir.StdSentinel: a sentinel of its own
//	ErrSyntax, os.ErrNotExist...
//	Call of a function of the    CallExtern "strings.IndexByte" (args):
//	standard library in the      not followed; the executor models it
//	table of gen/stdlib          or learns its results by calling the
//	                             real function (lowerstd.go)
//	Call of slices.Contains,     Call of the function, its body followed
//	IndexFunc, strings.Split,    (generic ones in the instance the call
//	Join, IndexFunc, TrimFunc,   names; the program is built with
//	FieldsFunc and their helpers ssa.InstantiateGenerics) (lowerstd.go)
//	Call of strings.Fields(s)    Call strings.FieldsFunc(s, unicode.IsSpace)
//	A table function as a value  FuncRef of a Func whose body is one
//	(unicode.IsDigit)            CallExtern
//	b.WriteString(s), WriteByte, the buf field of the strings.Builder or
//	WriteRune, String, Len,      bytes.Buffer: FieldAddr, Load, Append,
//	Reset, Grow                  Store; Convert for String; Len
//	                             (lowerbuilder.go)
//	fmt.Sprintf(f, x, y),        CallExtern "fmt.Sprintf" (f, x, y): x, y
//	Sprint, Sprintln             integers, floats, bools or strings; the
//	                             variadic slice is not lowered (lowerfmt.go)
//	Invoke err.Error()           ErrorMessage err
//	MakeInterface x (not error)  MakeIface x, tag of x's type among the
//	                             interface's implementations
//	                             (loweriface.go)
//	TypeAssert x.(T), T concrete IfaceValue x, tag of T: a run-time check
//	TypeAssert v, ok := x.(T)    IfaceValue, CommaOk: a Tuple (T, bool);
//	(and type switch cases)      a case's If is at the case's type,
//	                             text "x.(T)"; case nil: "x == nil"
//	Invoke x.M(args), x not an   t = method x.M [one function per dynamic
//	error                        type: extracts the value (loads it, or
//	                             the embedded field it is promoted from)
//	                             and calls T's M, or dispatches again on
//	                             an embedded interface]; call t(x, args)
//	BinOp == != of an interface  IfaceIs x, nil (and Not for !=); of two
//	and nil, or two interfaces   interfaces: both nil, or for some dynamic
//	                             type both hold it and equal values
//	                             (IfaceValue CommaOk of each, And, Or)
//	ChangeInterface (Shape to    IfaceConvert x, each dynamic type's tag
//	any), TypeAssert to an       in the other interface (0: not held);
//	interface (both forms)       an assertion checks it, or CommaOk
//	BinOp == != on errors, maps  BinOp Eq, Ne against NilConst of the type,
//	                             or an error against another (a sentinel)
//	Extract                      Extract
//	Alloc (local, heap, new,     Alloc (a composite literal is an Alloc
//	&T{...})                     and stores through FieldAddr/IndexAddr)
//	Store                        Store
//	IndexAddr on *array or slice IndexAddr (&s[i]; a slice's is bounds-
//	                             checked against its length)
//	Index on an array, a string  Index (s[i] of a string is a u8)
//	Field, FieldAddr             FieldOf, FieldAddr
//	Slice of a string, a slice,  SliceOf, of type string or []T; Low and
//	a *array                     High nil when absent; Max for x[a:b:c]
//	MakeSlice                    MakeSlice (Cap = Len when omitted)
//	If, Jump, Return             If, Jump, Return
//	Panic                        Panic; X is the value when it is a
//	                             constant integer or string, else nil (the
//	                             MakeInterface or ChangeInterface feeding
//	                             it is dropped)
//	DebugRef                     dropped
//
// Values:
//
//	Const int, bool              Const (integers masked to their width)
//	Const float                  FloatConst, IEEE bits of the value rounded
//	                             once to the type
//	Const nil pointer, slice,    NilConst of the type (return nil for an
//	func, map, error             error result: NilConst(Error))
//	Const string "abc"           StringConst "abc"
//	zero array or struct         the Load of a fresh Alloc
//	Function used as a value     FuncRef to its Func (lowered like a callee)
//	Global (package variable)    ir.Global named by its Go name, one per
//	                             variable, of the variable's type (as a
//	                             value, a pointer to it); Init from a
//	                             constant initializer (var limit = 3),
//	                             a composite literal of constants, or a
//	                             conversion of one ([]byte("true"),
//	                             string([]rune{...})) (lowerinit.go);
//	                             Input when some lowered function may read
//	                             it (any use but as the address of a
//	                             Store, directly or through field and
//	                             element addresses)
//	Sentinel error               var ErrX = errors.New("x") (or
//	                             fmt.Errorf("x")): an ir.Global of type
//	                             Error, Init Literal{T: Error, Str: "x"},
//	                             never an Input; var ErrX =
//	                             fmt.Errorf("x: %w", ErrY) (constants and
//	                             sentinels, one %w): Init also has
//	                             Elems[0], ErrY's literal
//
// Calls may go to functions and methods of the module (recursion
// included) and to function literals without free variables.
//
// Unsupported, each with a message naming the construct and its position:
// maps with other keys (floats, arrays, structs, pointers); errors of
// other origins (a concrete type converted to error: "conversion of *T to
// error"), type assertions of errors, errors.As; fmt.Errorf with a format
// that is not a constant, with explicit argument indexes or * widths, or
// with arguments other than integers, bools, floats, strings (of types
// without String, Error or Format methods) and errors; errors.Join of a
// slice (errs...); channels, complex numbers; other uses of unsafe
// (unsafe.Pointer conversions, unsafe.Add, ...); other calls
// and variables outside the module ("call of strconv.Itoa (standard
// library not modelled yet)"); min and max of floats (NaN, -0); clear
// and the other builtins not listed above; defer, go, select; generic
// code of the module (generic functions of the standard library listed
// above are followed); fmt.Sprintf with %T or %p, with values of types
// that have methods, or with a slice passed with ...; the results of the
// writing methods of strings.Builder and bytes.Buffer.
//
// A map that a range loop's body changes is iterated by index over its
// entries as they are at each test (len m is read again), which matches
// Go only when the body does not insert or delete. Calls of functions
// outside the module are checked before the body is lowered, so that the
// message names the call (fmt.Errorf) rather than the conversion of its
// arguments to any.
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
//     integer, array, slice, string or map, Pos is the for keyword and
//     Text "range x". The true edge means the expression is true, the case
//     matches, an iteration starts.
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
// ../testdata/go, and testdata/go4 that of ../testdata/go4 (maps,
// errors, runes, min, max, copy, cap: not yet run end to end, so kept
// out of cmd/pbcc's test); go test -update rewrites them.
package ssaexec
