// Package symexec executes IR functions symbolically and concretely, with
// one semantics for both.
//
// PBCC takes a function, a goal edge and an iteration bound k, and builds
// the partial execution tree of the paths from the entry that end by
// taking the goal, no block of any call being entered more than k+1 times
// and no function being active more than k+1 times at once (recursion).
// Calls are expanded into the callee's paths. Walking the tree once gives
// the partial branch coverability condition (PBCC) of the goal: a term
// over the inputs (Inputs) that is satisfied exactly by the inputs
// following one of the tree's paths. Prefixes are shared: the formula is
// a conjunction along a sequence and a disjunction at each branch
// (paper 001, annex A, eq. 12–14), and subtrees that cannot reach the goal
// are never built.
//
// GuidedPBCC builds a smaller tree for the same goal: the paths of
// earlier runs (Trace.Edges), prefixes shared, each taking the goal edge
// where it passed the goal's block, and, optionally, leaving them at any
// branch into a small bounded tree. It reaches edges far from the entry
// whose full trees are too large to build. With Options.Partial, PBCC
// keeps the first MaxNodes blocks of a tree, depth first, instead of
// failing: a solution still follows a real path.
//
// Values are terms of package term; memory is a map from objects to
// values. A read at a symbolic index of a sequence of integers or floats
// (a slice, a string, a C buffer) is a term.Select; other reads and
// writes at a symbolic index are if-then-else terms over the elements.
// Either way the solver decides the index. Each instruction contributes the precondition under
// which it runs without a run-time error (an index in range, a non-zero
// divisor, and in C no signed overflow); paths that would fail are not in
// the tree.
//
// A call of an external function (ir.CallExtern, a function of the Go
// standard library) is modelled exactly (strings.IndexByte, Cut, Compare,
// utf8.DecodeRuneInString), in part (unicode.IsDigit on ASCII,
// strconv.ParseInt in base 10), or not at
// all: its results are then unknowns that only the later branches
// constrain, tied to the real function by Options.Facts, the calls the
// replays made; Options.ClosedWorld restricts the calls without a model to
// the facts' arguments (extern.go, models.go).
//
// A call of a library function written in the IR (ir.Func.Library: the C
// front end's models of strlen, strcmp, memcpy, isdigit, ...) runs the
// model's code, so its undefined behaviours are checks like the unit's,
// reported at the call. In a tree it runs apart and its paths merge where
// it returns: the caller goes on as one path, the result and memory being
// if-then-else terms over the callee's paths (libc.go).
//
// Run executes a function on concrete arguments with the same code: every
// term folds to a constant. It is the replay that tells which edges a
// solution really takes and what the function returns. It calls the real
// external functions and reports the calls (Trace.Calls).
package symexec
