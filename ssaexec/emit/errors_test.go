package emit

import (
	"go/types"
	"testing"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/ir"
)

// TestErrorLiteral writes the error inputs of gen/symexec's input model:
// a sentinel of the package or of the standard library by its name, an
// error wrapping another as fmt.Errorf with %w, other errors as
// errors.New.
func TestErrorLiteral(t *testing.T) {
	p := build(t, "errlit", `package errlit

import "errors"

var ErrGone = errors.New("gone")

var count = 3
`)
	errT := types.Universe.Lookup("error").Type()
	qual := func(q *types.Package) string {
		if q == p.ssa.Pkg {
			return ""
		}
		return q.Name()
	}
	e := ir.Error{}
	gone := ir.NewGlobal("ErrGone", e)
	gone.Init = &ir.Literal{T: e, Str: "gone"}
	other := ir.NewGlobal("ErrOther", e) // not declared by the package
	count := ir.NewGlobal("count", e)    // declared, but not an error
	eof := ir.StdSentinel("io.EOF")
	notExist := ir.StdSentinel("os.ErrNotExist")
	sentinel := func(g *ir.Global, msg string) ir.Literal { return ir.Literal{T: e, Str: msg, Global: g} }
	wrap := func(ctx string, inner ir.Literal) ir.Literal {
		return ir.Literal{T: e, Str: ctx + ": " + inner.Str, Elems: []ir.Literal{inner}}
	}
	for _, tc := range []struct {
		l    ir.Literal
		want string
	}{
		{sentinel(gone, "gone"), "ErrGone"},
		{sentinel(eof, "EOF"), "io.EOF"},
		{sentinel(notExist, "file does not exist"), "fs.ErrNotExist"},
		{sentinel(other, "other"), `errors.New("other")`},
		{sentinel(count, "3"), `errors.New("3")`},
		{wrap("read", sentinel(eof, "EOF")), `fmt.Errorf("read: %w", io.EOF)`},
		{wrap("100% sure", sentinel(gone, "gone")), `fmt.Errorf("100%% sure: %w", ErrGone)`},
		{wrap("outer", errLit("inner")), `fmt.Errorf("outer: %w", errors.New("inner"))`},
		{errLit("plain"), `errors.New("plain")`},
	} {
		w := &litWriter{qual: qual, pkg: p.ssa.Pkg}
		got, err := w.literal(errT, tc.l)
		if err != nil || got != tc.want {
			t.Errorf("literal %v = %q, %v; want %q", tc.l, got, err, tc.want)
		}
	}
	if id := ir.StdSentinel("io/fs.ErrNotExist"); id != notExist {
		t.Errorf("os.ErrNotExist and io/fs.ErrNotExist are two globals, want one (they are one error in Go)")
	}
}

// The golden case of expected errors: wantErrIs set where the error
// wraps a sentinel, inputs that are sentinels or wrap one. TestEndToEnd
// runs its tests on the real code.
func init() {
	goldenCases = append(goldenCases, goldenCase{
		name: "wrapped",
		src: `package wrapped

import (
	"errors"
	"fmt"
	"io"
	"strconv"
)

var ErrEmpty = errors.New("empty")

func Parse(s string) (int, error) {
	if s == "" {
		return 0, ErrEmpty
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("parse %q: %w", s, err)
	}
	if n < 0 {
		return 0, fmt.Errorf("negative: %d", n)
	}
	return n, nil
}

func Retry(err error) bool {
	if errors.Is(err, ErrEmpty) {
		return false
	}
	return errors.Is(err, io.EOF)
}
`,
		results: func(p *pkg) []*gen.Result {
			e := ir.Error{}
			empty := ir.NewGlobal("ErrEmpty", e)
			syntax := ir.StdSentinel("strconv.ErrSyntax")
			eof := ir.StdSentinel("io.EOF")
			sentinel := func(g *ir.Global) ir.Literal { return ir.Literal{T: e, Str: g.Init.Str, Global: g} }
			empty.Init = &ir.Literal{T: e, Str: "empty"}
			out := func(n int64, err ir.Literal) []ir.Literal { return []ir.Literal{intLit(64, true, n), err} }
			parse := p.result("Parse", 0, branch{13, 5, `s == ""`, gen.Covered, ""}, branch{13, 5, `s == ""`, gen.Covered, ""})
			parse.Cases = []gen.Case{
				{Name: "empty", Inputs: strs(""), Outputs: out(0, sentinel(empty))},
				{Name: "syntax", Inputs: strs("x"), Outputs: out(0, ir.Literal{T: e, Str: `parse "x": strconv.Atoi: parsing "x": invalid syntax`,
					Elems: []ir.Literal{sentinel(syntax)}})},
				{Name: "negative", Inputs: strs("-1"), Outputs: out(0, ir.Literal{T: e, Str: "negative: -1"})},
				{Name: "ok", Inputs: strs("7"), Outputs: out(7, ir.Literal{T: e, Nil: true})},
			}
			retry := p.result("Retry", 0, branch{27, 5, "errors.Is(err, ErrEmpty)", gen.Covered, ""}, branch{27, 5, "errors.Is(err, ErrEmpty)", gen.Covered, ""})
			retry.Cases = []gen.Case{
				{Name: "wrapped_empty", Inputs: []ir.Literal{{T: e, Str: "load: empty", Elems: []ir.Literal{sentinel(empty)}}}, Outputs: []ir.Literal{boolLit(false)}},
				{Name: "eof", Inputs: []ir.Literal{sentinel(eof)}, Outputs: []ir.Literal{boolLit(true)}},
				{Name: "wrapped_eof", Inputs: []ir.Literal{{T: e, Str: "read 50%: EOF", Elems: []ir.Literal{sentinel(eof)}}}, Outputs: []ir.Literal{boolLit(true)}},
				{Name: "other", Inputs: []ir.Literal{{T: e, Str: "EOF"}}, Outputs: []ir.Literal{boolLit(false)}},
			}
			return []*gen.Result{parse, retry}
		},
	})
}

// The golden case of errors of the package's own types: a field per type
// errors.As finds (two here, so named after them), a pointer type written
// &RangeError{...} (with an unexported field: cmp.AllowUnexported), a
// value type new(Code(422)), one of them wrapped. TestEndToEnd runs its
// tests on the real code, where the values are right.
func init() {
	goldenCases = append(goldenCases, goldenCase{
		name: "typederr",
		src: `package typederr

import "fmt"

type RangeError struct {
	Field    string
	Min, Max int
	got      int
}

func (e *RangeError) Error() string {
	return fmt.Sprintf("%s: %d not in [%d, %d]", e.Field, e.got, e.Min, e.Max)
}

type Code int

func (c Code) Error() string { return fmt.Sprintf("code %d", int(c)) }

func Validate(age int) error {
	if age < 0 {
		return &RangeError{Field: "age", Min: 0, Max: 150, got: age}
	}
	if age > 150 {
		return fmt.Errorf("validate: %w", Code(422))
	}
	return nil
}
`,
		results: func(p *pkg) []*gen.Result {
			e := ir.Error{}
			i64 := func(v int64) ir.Literal { return intLit(64, true, v) }
			typed := func(msg, name string, vt ir.Type, v ir.Literal) ir.Literal {
				it := &ir.Interface{Impls: []ir.Impl{{Name: name, T: vt}}}
				return ir.Literal{T: e, Str: msg, Ref: &ir.Literal{T: it, Bits: 1, Elems: []ir.Literal{v}}}
			}
			st := &ir.Struct{Name: "RangeError", Fields: []ir.Field{{Name: "Field", T: ir.String{}},
				{Name: "Min", T: i64(0).T}, {Name: "Max", T: i64(0).T}, {Name: "got", T: i64(0).T}}}
			rangeErr := ir.Literal{T: st, Elems: []ir.Literal{strLit("age"), i64(0), i64(150), i64(-1)}}
			validate := p.result("Validate", 0, branch{22, 9, "age < 0", gen.Covered, ""}, branch{22, 9, "age < 0", gen.Covered, ""})
			validate.Cases = []gen.Case{
				{Name: "age<0", Inputs: []ir.Literal{i64(-1)},
					Outputs: []ir.Literal{typed("age: -1 not in [0, 150]", "*RangeError", ir.Pointer{Elem: st}, ir.Literal{T: ir.Pointer{Elem: st}, Ref: &rangeErr})}},
				{Name: "age>150", Inputs: []ir.Literal{i64(151)},
					Outputs: []ir.Literal{typed("validate: code 422", "Code", i64(0).T, i64(422))}},
				{Name: "ok", Inputs: []ir.Literal{i64(30)}, Outputs: []ir.Literal{{T: e, Nil: true}}},
			}
			return []*gen.Result{validate}
		},
	})
}
