package symexec_test

import (
	"testing"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/symexec"
)

// global returns the global called name (its Ident) that f or a callee
// uses.
func global(t *testing.T, f *ir.Func, name string) *ir.Global {
	t.Helper()
	seen := map[*ir.Func]bool{}
	var find func(*ir.Func) *ir.Global
	find = func(f *ir.Func) *ir.Global {
		if seen[f] {
			return nil
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				for _, v := range in.Operands() {
					if g, ok := v.(*ir.Global); ok && g.Ident() == name {
						return g
					}
				}
				if c, ok := in.(*ir.Call); ok {
					if g := find(c.Callee); g != nil {
						return g
					}
				}
			}
		}
		return nil
	}
	g := find(f)
	if g == nil {
		t.Fatalf("%s uses no global %s", f.Name, name)
	}
	return g
}

// TestRunErrors replays the functions of testdata errs: messages of
// fmt.Errorf computed by the real function, errors.Is through wrapping
// (by the program, by an input, by a *strconv.NumError), errors.Unwrap,
// errors.Join.
func TestRunErrors(t *testing.T) {
	e := ir.Error{}
	plain := func(msg string) ir.Literal { return ir.Literal{T: e, Str: msg} }
	wrap := func(ctx string, inner ir.Literal) ir.Literal {
		return ir.Literal{T: e, Str: ctx + ": " + inner.Str, Elems: []ir.Literal{inner}}
	}
	sentinel := func(f *ir.Func, name string) ir.Literal {
		g := global(t, f, name)
		return ir.Literal{T: e, Str: g.Init.Str, Global: g}
	}
	retry := fn(t, "errs.Retryable")
	timeout := sentinel(retry, "ErrTimeout")
	eof := sentinel(retry, "io.EOF")
	i64 := func(v int) ir.Literal { return ir.Literal{T: ir.Int{Bits: 64, Signed: true}, Bits: uint64(v)} }
	tests := []struct {
		fn   string
		args []any // or ir.Literal for errors
		want string
	}{
		{"errs.ParsePort", []any{"7x"}, `0 fmt.Errorf("port \"7x\": offset 1: %w", ErrNotDigit)`},
		{"errs.ParsePort", []any{""}, `0 ErrEmpty`},
		{"errs.ParsePort", []any{"70000"}, `0 fmt.Errorf("port 70000: %w", ErrRange)`},
		{"errs.ParsePort", []any{"80"}, `80 nil`},
		{"errs.ParseLine", []any{"=1"}, `"" 0 fmt.Errorf("line \"=1\": empty key: %w", ErrNoKey)`},
		{"errs.Explain", []any{"k=70000"}, `"the port is at most 65535"`}, // two levels deep
		{"errs.Explain", []any{"k="}, `"the port is missing"`},
		{"errs.Explain", []any{"k=0"}, `"error: key k: port 0 is reserved"`},
		{"errs.Explain", []any{"k=8"}, `"ok"`},
		{"errs.Retryable", []any{wrap("dial", timeout), i64(0)}, "true"},
		{"errs.Retryable", []any{timeout, i64(3)}, "false"},
		{"errs.Retryable", []any{eof, i64(1)}, "true"},
		{"errs.Retryable", []any{wrap("read", eof), i64(2)}, "false"},
		{"errs.Retryable", []any{plain("ErrTimeout"), i64(0)}, "false"}, // the same message is not the sentinel
		{"errs.Fetch", []any{i64(1), i64(3)}, `fmt.Errorf("fetch try 1: %w", ErrTimeout)`},
		{"errs.Cause", []any{wrap("outer", plain("inner"))}, `errors.New("inner") 1`},
		// Cause uses no sentinel: the output is known by its message.
		{"errs.Cause", []any{timeout}, `errors.New("timeout") 0`},
		{"errs.Cause", []any{ir.Literal{T: e, Nil: true}}, `nil 0`},
		{"errs.Validate", []any{i64(0), i64(70000)}, `true fmt.Errorf("low port 0: out of range\nhigh port 70000: %w", ErrRange)`},
		{"errs.Validate", []any{i64(5), i64(3)}, `false errors.New("empty range 5..3")`},
		{"errs.Validate", []any{i64(1), i64(2)}, `false nil`},
		{"errs.Count", []any{"x1"}, `0 "not a number"`}, // Atoi's *NumError wraps ErrSyntax
		{"errs.Count", []any{"-3"}, `0 "negative"`},
		{"errs.Count", []any{"12"}, `12 ""`},
		{"errs.Origin", []any{"cache", plain("expired")}, `"cache miss"`},
		{"errs.Origin", []any{"cache", wrap("db", plain("expired"))}, `"failure in cache"`},
		{"errs.Verbosity", []any{"200"}, `0 "out of range"`}, // the real ParseInt's error wraps ErrRange
		{"errs.Verbosity", []any{"2x"}, `0 "not a number"`},
		{"errs.Verbosity", []any{"-128"}, `-128 ""`},
		{"errs.Lookup", []any{"ftp"}, `0 ErrMissingPort`},
		{"errs.Known", []any{"ftp"}, `"unknown service"`},
		{"errs.Known", []any{""}, `"no service"`},
		{"errs.Known", []any{"http"}, `"known"`},
	}
	for _, tc := range tests {
		f := fn(t, tc.fn)
		var a symexec.Args
		for i, v := range tc.args {
			if l, ok := v.(ir.Literal); ok {
				a.Params = append(a.Params, l)
			} else {
				a.Params = append(a.Params, lit(t, f.Params[i].T, v))
			}
		}
		tr, err := symexec.Run(f, a, 100000)
		if err != nil {
			t.Errorf("%s%v: %v", tc.fn, show(a.Params), err)
			continue
		}
		if got := show(tr.Outputs); got != tc.want {
			t.Errorf("%s(%s) = %s, want %s", tc.fn, show(a.Params), got, tc.want)
		}
	}
}
