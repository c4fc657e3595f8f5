package emit

import (
	"go/types"
	"testing"

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
