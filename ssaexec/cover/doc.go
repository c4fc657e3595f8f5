// Package cover measures the branch coverage that a Go package's tests
// (hand-written and generated: whatever `go test` runs) really achieve on the
// real compiled code. It is pbcc's check stage for Go (DESIGN.md, step 9):
// never pbcc's own bookkeeping, never testing.Coverage (golang/go#62212).
//
// # What it takes and gives
//
// It takes the directory of one package. Branches lists the branches of the
// package's non-test, non-cgo Go files (those `go list` selects for the
// current build context); Measure runs the tests and says of each branch
// whether they took it, and which measurement decided (By):
//
//	m.go:4:5   m.Chain     [x < 0]              true   + profile
//	m.go:4:5   m.Chain     [x < 0]              false  - profile
//	m.go:7:13  m.L         [b]                  true   - instrumented
//	m.go:5:7   m.S         [1]                  true   + instrumented
//	m.go:7:2   m.Sum       [for i := range n]   false  + instrumented
//
// # What a branch is
//
// A branch is one outcome, "true" or "false", of a source boolean leaf that
// decides control flow. The lowering in ssaexec maps each IR branch edge to
// exactly these keys (Func, Pos, Outcome):
//
//   - the condition of an if or for statement, after stripping parentheses
//     and !, when it is not itself && or ||;
//   - each operand of && and || anywhere in a function (conditions,
//     assignments, returns, arguments), recursively, after stripping
//     parentheses and !: `if !(a < b) || c` has the leaves `a < b` and `c`;
//     outside a condition (`return a && b`), the rightmost leaf is the
//     expression's value and no branch, as go/ssa and the compiler have it;
//     a wholly constant && / || outside a condition is no branch;
//   - each case value of an expression switch with a tag, true meaning the
//     tag equals the value (values are tried in order until one matches); a
//     tagless switch's case expressions are conditions, split as above;
//   - a for ... range over an integer, slice, string, map, array or pointer
//     to an array: Pos is the for keyword, true means an iteration starts,
//     false that the range is exhausted (a break or return is neither);
//   - each type (or nil) of a case of a type switch, true meaning the value
//     has that type (types are tried in order until one matches), as go/ssa
//     tests them one by one; Text is "x.(T)", or "x == nil".
//
// Pos is the start of the leaf (absolute file, 1-based line and byte
// column; //line directives are ignored). Func is "<pkg>.<Func>" or
// "<pkg>.<RecvType>.<Method>" for both receiver kinds; closures append
// "$1", "$2" in source order, nested ones "$1$1" (as go/ssa names them);
// explicit init functions are "<pkg>.init#1", "#2", …; package-level variable
// initializers belong to "<pkg>.init" (closures numbered in initialization
// order). Text is the leaf's source with whitespace runs collapsed.
// Results are ordered by file, line, column, then true before false.
//
// # How it measures
//
// Two runs of the tests, each with -count=1 (one with Options.NoProfile,
// which pbcc uses: the second decides every branch on its own):
//
//  1. `go test -covermode=count -coverprofile` (atomic under -race; or the
//     profile of Options.CoverProfile, made elsewhere, in any mode) decides
//     the if statements whose condition is a single leaf. cmd/cover's layout:
//     the counter block holding the if statement ends at the then body's
//     `{` and counts arrivals; the then body's first block starts at that
//     `{` (at `{`+1 when the body is empty) and counts the true outcomes;
//     the else body's first block starts just after the `else` keyword
//     (else+4, else+5 when empty). For `else if`, cmd/cover wraps the inner
//     if in a hidden block that starts at else+4 and ends at the inner if's
//     `{`: it is both the outer if's else block and the inner if's arrival
//     block, so a chain is decided link by link. The false count is the
//     else block's count when there is an else, else arrivals − then. In set
//     mode an if without else is left to the instrumented run, as is an if
//     whose header holds a function literal (cmd/cover cuts its block there).
//     An odd number of ! around the leaf swaps the outcomes.
//
//  2. An instrumented copy, built with `go test -overlay` (the original files
//     are never written; instrumented files and the recorder live in a
//     temporary directory that is removed), decides everything else, and
//     sees every branch (the tests cross-check it against the profile).
//     The rewrite is textual, so line numbers do not move:
//
//     a < b && c          _pbccRec(3, a < b) && _pbccRec(4, c)
//     switch x { case 1, 2:   switch _pbccT5 := x; { case _pbccRec(5, _pbccT5 == (1))|| _pbccRec(6, _pbccT5 == (2)):
//     L: switch i := f(); i {   { i := f(); _pbccT7 := i; L: switch { … } }
//     for i := range n     for i := range _pbccRange_int(8, n)
//
//     _pbccRec is generic over ~bool (a leaf of a named boolean type whose
//     final type the recording would change gets converted back); the range
//     wrappers are range-over-func iterators, which keep break, continue,
//     goto, return and defer as they were. A generated file added to the
//     package records each (site, outcome) the first time it is seen by
//     appending a line to the file named by $PBCC_COVER_OUT (O_APPEND; an
//     atomic flag per outcome and a mutex: quiet under -race, safe with
//     parallel tests and with test binaries that run themselves).
//     Record gives that overlay to a caller that runs the tests itself
//     (pbcc's check of the tests it is about to write), and reads the
//     branches from what they recorded.
//
// Instrument (the search on the real code's package) also records the
// relations of comparisons and the ariths (relation.go), and makes the
// package a mutant schema: the wrappers of comparison leaves, of
// comparisons that are values, of arithmetic and of x++ / x-- give a
// mutant's value when the recorder's _pbccMutant selects it (export.go:
// NegationMutant, BoundaryMutant, ArithMutant), so that one build runs
// every mutant gremlins' default mutators make of them, and the dropped
// and reversed updates of x op= y (on pure operands: x is read twice):
//
//	a < b    _pbccLT_int[int](base, a, b)       a <= b when _pbccMutant == base+1
//	a + b    _pbccAdd_int[int](hit, a, b)       a - b when _pbccMutant == hit+1
//	a * b    _pbccMul_int[int](hit, a, b)       a / b at hit+1, a + b at hit+2
//	x++      x += _pbccInc_num[int](hit)        x-- when _pbccMutant == hit+1
//	x += y   x = _pbccAsgAdd_num[int](hit, x, y) x - y at hit+1, y at hit+2
//
// A failing test makes Measure return an error holding the output, with the
// branches it could still measure.
//
// # What it cannot see
//
//   - Files excluded by build constraints for the current GOOS/GOARCH/tags,
//     and cgo files, are neither listed nor measured.
//   - Ranges over channels, functions and type parameters are no branches
//     here, nor is a range over an untyped constant assigned (=) to
//     existing variables, nor a range with a value variable over an array
//     whose type names a package the file does not import; ranges need a
//     module at go 1.23 or later (range-over-func), the recorder go 1.18
//     (generics).
//   - Type switches and select statements are not branches.
//   - The profile's arrival count includes runs that panicked in the block
//     before the if was reached: in count mode, an if without else may then
//     be reported as taken false.
//   - A switch with an init statement and a tag is moved into a block: a
//     goto from outside to its label would no longer compile.
//   - A leaf of a named boolean type from a package the file does not import
//     cannot be converted back and may fail to compile when mixed with an
//     untyped comparison.
package cover
