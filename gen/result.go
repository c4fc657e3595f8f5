package gen

import (
	"fmt"
	"strings"
	"time"

	"github.com/pbcc/pbcc/gen/ir"
)

// Outcome says how the search for one branch edge ended.
type Outcome int

const (
	// Pending: no goal has been tried for the edge yet.
	Pending Outcome = iota
	// Covered: a case's replay took the edge.
	Covered
	// Unreachable: the PBCC was unsatisfiable for every bound up to k.
	Unreachable
	// Timeout: the solver answered unknown or ran out of time.
	Timeout
	// TooLarge: the execution tree outgrew its budget.
	TooLarge
	// Mismatch: the solver's inputs did not take the edge when replayed.
	Mismatch
	// Unsupported: the path needs a construct the executor cannot model.
	Unsupported
	// Faults: every input found that takes the edge then fails: a panic,
	// a run-time error, undefined behaviour in C.
	Faults
)

var outcomeNames = [...]string{"pending", "covered", "unreachable", "timeout", "too large", "replay mismatch", "unsupported", "faults"}

func (o Outcome) String() string { return outcomeNames[o] }

// A Case is one test case: inputs found for a goal and the outputs the
// function gave on them.
type Case struct {
	// Name tells which branch the case was made for, e.g. "L12_a<=0_true".
	Name   string
	Goal   ir.Edge
	Inputs []ir.Literal // one per Func.Params, the receiver first
	// Globals are the values the globals the function reads must hold at
	// the call (ir.Global.Input), in the order of their first use.
	Globals []GlobalValue
	// Stream is the input stream the function reads (C: standard input),
	// in order; a C char stream holds i8/i32 characters, scanf("%d") reads
	// i32 numbers.
	Stream  []ir.Literal
	Outputs []ir.Literal // one per Func.Results
	// After holds, one per parameter, the parameters' values after the
	// call: what pointer parameters point to then (the memory a C harness
	// compares). It is nil when no parameter points to memory.
	After []ir.Literal
	// Panic, when not empty, says the call panics (Go) with this value or
	// run-time error, or ends the program (C: "exit(1)", "abort()"); the
	// test expects it.
	Panic  string
	Covers []ir.Edge // the branch edges its replay took
}

// A GlobalValue is a global and the value it holds.
type GlobalValue struct {
	G     *ir.Global
	Value ir.Literal
}

// A Finding is a feasible path to a run-time error that a test must not
// rely on (C undefined behaviour), with the inputs that trigger it.
type Finding struct {
	Pos  ir.Pos
	Kind ir.CheckKind
	Case Case // the triggering inputs; Outputs is empty
}

// EdgeStatus is the outcome of one branch edge.
type EdgeStatus struct {
	Edge    ir.Edge
	Outcome Outcome
	K       int    // the bound the outcome was reached at
	Detail  string // for Unsupported, Timeout: what happened
}

// A Result is what generation found for one function.
type Result struct {
	Func        *ir.Func
	Goals       []ir.Edge    // the unconstrained edges
	Edges       []EdgeStatus // every branch edge, of Func and its literals, in BranchEdges order
	Cases       []Case
	Findings    []Finding
	K           int // the largest bound tried
	SolverCalls int
	Duration    time.Duration

	// Extern lists the calls of external functions the executor does not
	// model exactly, whose results the replays taught.
	Extern []ExternCall

	// Approximation, when set, says how the cases were found without the
	// model, and why: "searched on the real code only: ...". Edges and
	// Goals are then empty.
	Approximation string
}

// Count returns the number of branch edges with outcome o.
func (r *Result) Count(o Outcome) int {
	n := 0
	for _, e := range r.Edges {
		if e.Outcome == o {
			n++
		}
	}
	return n
}

// CaseName is the name of the case made for goal e: the line, the condition
// without spaces and the outcome, as in "L12_a<=0_true".
// A function without branches has one case, made for no edge: "call".
func CaseName(e ir.Edge) string {
	if e.From == nil || !e.IsBranch() {
		return "call"
	}
	cond := compact(e.Cond())
	label := strings.ReplaceAll(e.Label(), " ", "_")
	if cond == "" {
		return fmt.Sprintf("L%d_%s", e.Pos().Line, label)
	}
	return fmt.Sprintf("L%d_%s_%s", e.Pos().Line, cond, label)
}

// compact removes the spaces of a condition's text, except between two
// letters or digits, where it puts an underscore, and inside quotes, where
// they are the text: "a <= 0" is "a<=0", "range n" is "range_n", and
// "c == ' '" is "c==' '".
func compact(s string) string {
	var b strings.Builder
	var quote byte // the quote we are inside, or 0
	pendingSpace := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			b.WriteByte(c)
			if c == '\\' && i+1 < len(s) {
				i++
				b.WriteByte(s[i])
			} else if c == quote {
				quote = 0
			}
			continue
		case c == ' ' || c == '\t':
			pendingSpace = true
			continue
		}
		if pendingSpace {
			out := b.String()
			if len(out) > 0 && isWord(out[len(out)-1]) && isWord(c) {
				b.WriteByte('_')
			}
			pendingSpace = false
		}
		if c == '\'' || c == '"' || c == '`' {
			quote = c
		}
		b.WriteByte(c)
	}
	return b.String()
}

func isWord(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}
