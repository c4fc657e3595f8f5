// Package cbridge is pbcc's C front end: it parses and type-checks a C file
// with modernc.org/cc/v4 (pure Go; system headers through the host
// compiler's configuration), lowers each function definition to the common
// IR of package gen/ir, and drives gcc and gcov to measure the branch
// coverage of the harness pbcc emits.
//
// # Lowering
//
// Load lowers the functions of one file. The builder follows go/ssa's: one
// method per construct, each documented with a sketch of the blocks it
// emits, blocks named after their role ("if.then", "for.body",
// "switch.case", "cond.or", "label.again").
//
//   - Parameters and locals are ir.Alloc cells of the entry block; each
//     parameter is stored into its cell on entry; reads are Loads and writes
//     Stores, so no phis are needed for variables. Only a value-context
//     &&, || or ?: joins its arms with a phi.
//   - Integer types have their host widths and signedness (char is i8,
//     short i16, int i32, long and long long i64, the unsigned variants
//     u8..u64; _Bool is u8 holding 0 or 1; an enum has its underlying
//     type). The integer promotions and the usual arithmetic conversions
//     are explicit Converts; a conversion to _Bool compares with zero.
//     Comparisons yield a bool, converted to int where C uses the value.
//   - In a condition, &&, ||, ! and ?: become branches; each leaf ends its
//     block in an If whose Pos is the start of the leaf and whose Text is
//     its source text. A constant condition jumps. A switch becomes an
//     ir.Switch on the promoted tag, with one case per label in source
//     order, CasePos at each "case", and fall-through between the case
//     blocks. goto, labels, break, continue and return are jumps.
//   - Fixed-size local arrays (any rank) are cells of ir.Array type;
//     a[i] is an IndexAddr with the index converted to i64.
//   - Calls of functions defined in the same file, anywhere in an
//     expression, are ir.Calls (the executor expands them; recursion is
//     bounded by its k).
//
// Anything else (pointers, structs, unions, floating point, globals,
// string literals, library calls, variadic functions) makes the function
// unsupported: File.Errors gets "file:line:col: func: unsupported: what",
// and the other functions are still lowered. A function calling an
// unsupported one is unsupported too. A syntax or type error inside a
// function body is reported against that function and its body is set
// aside (the prototype kept) so that cc can check the rest of the file.
//
// A lowered function prints as (testdata/c/loop.c):
//
//	func loop(a i32) (i32)  // C loop.c:3:5
//	b0: entry  preds []
//		t0 = alloc i32
//		t1 = alloc i32
//		store t0 <- a
//		store t1 <- 0:i32
//		jump b1
//	b1: while.loop  preds [b0 b2]
//		t2 = load t0
//		t3 = load t1
//		t4 = t2 > t3
//		if t4 goto b2 else b3  // loop.c:7:9 "a > i"
//	...
//
// # Harness and coverage
//
// Harness renders templates/c_test.tmpl into the <src>_pbcc_test.c file:
// it includes the unit (its main renamed), holds one table of cases per
// function, calls each case, compares the result with the value recorded
// at generation time, prints "N passed, N failed" and exits non-zero on a
// failure. Measure compiles it with gcc --coverage (-c, then link, so the
// notes are named after the source), runs it, and reads gcov's JSON
// (gcov -j -b) to count, per function of the unit, the branches and those
// taken at least once.
package cbridge
