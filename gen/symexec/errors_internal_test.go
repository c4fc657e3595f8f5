package symexec

import (
	"errors"
	"fmt"
	"testing"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/term"
)

// TestErrorfConcat checks the message the PBCC gives fmt.Errorf when it
// is a concatenation against the real function's, on concrete values:
// text, %% , plain %s %v %w of strings and errors (nil ones included),
// other arguments formatted by fmt; and that other formats are refused.
func TestErrorfConcat(t *testing.T) {
	str, i64, errT := ir.String{}, ir.Int{Bits: 64, Signed: true}, ir.Error{}
	msg := func(s string) value {
		m := stringValue(s)
		return value{t: placeTag(ir.Pos{Line: 1, Col: 2}), msg: &m}
	}
	type arg struct {
		t   ir.Type
		v   value
		goV any
	}
	s := func(x string) arg { return arg{str, stringValue(x), x} }
	n := func(x int64) arg { return arg{i64, value{t: term.BV(uint64(x), 64)}, x} }
	e := func(x string) arg { return arg{errT, msg(x), errors.New(x)} }
	nilErr := arg{errT, nilError(), error(nil)}
	for _, tc := range []struct {
		format string
		args   []arg
		ok     bool
	}{
		{"key %s: %w", []arg{s("db"), e("gone")}, true},
		{"%v and %s, 100%%", []arg{s("a"), s("b")}, true},
		{"try %v: %w", []arg{n(-3), e("x")}, true},
		{"%s|%v|%w", []arg{nilErr, nilErr, nilErr}, true},
		{"no verbs", nil, true},
		{"%q", []arg{s("a")}, false},
		{"%5s", []arg{s("a")}, false},
		{"%d", []arg{n(1)}, false},
		{"%w", []arg{s("a")}, false},
		{"%s", []arg{s("a"), s("extra")}, false},
	} {
		in := &ir.Errorf{Format: tc.format}
		var vals []value
		var goArgs []any
		for i, a := range tc.args {
			in.Args = append(in.Args, ir.NewParam(fmt.Sprintf("p%d", i), a.t))
			vals = append(vals, a.v)
			goArgs = append(goArgs, a.goV)
		}
		got, ok := errorfConcat(nil, in, vals)
		if ok != tc.ok {
			t.Errorf("errorfConcat(%q): ok = %v, want %v", tc.format, ok, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		b, _, err := goValue(nil, str, got)
		if err != nil {
			t.Errorf("errorfConcat(%q): the message is not concrete: %v", tc.format, err)
			continue
		}
		if want := fmt.Errorf(tc.format, goArgs...).Error(); b != want {
			t.Errorf("errorfConcat(%q) = %q, want %q", tc.format, b, want)
		}
	}
}
