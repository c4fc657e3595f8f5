package ssaexec

import (
	"strings"
	"testing"
)

// TestFormatVerbs checks which verb each argument of fmt.Errorf meets,
// which decides the arguments %w wraps.
func TestFormatVerbs(t *testing.T) {
	for _, tc := range []struct {
		format, want, why string
	}{
		{"plain", "", ""},
		{"%d: %w", "dw", ""},
		{"100%% %s", "s", ""},
		{"%-8.3f|%+v|%#x|% d|%08b", "fvxdb", ""},
		{"%w and %w", "ww", ""},
		{"%é", "é", ""},
		{"trailing %", "", ""},
		{"%[2]d %[1]d", "", "explicit argument indexes and * widths are not modelled"},
		{"%*d", "", "explicit argument indexes and * widths are not modelled"},
	} {
		verbs, why := formatVerbs(tc.format)
		if string(verbs) != tc.want || why != tc.why {
			t.Errorf("formatVerbs(%q) = %q, %q; want %q, %q", tc.format, string(verbs), why, tc.want, tc.why)
		}
	}
}

// TestOpaqueErrorf: fmt.Errorf with arguments fmt formats as only Go can
// (a struct, a String method, an any with %T, explicit indexes) lowers,
// its message an unknown the real run gives, keeping what %w wraps
// (spf13/cast: 50 functions were searched on the real code only for
// `fmt.Errorf("unable to cast %#v of type %T to int", i, i)`).
func TestOpaqueErrorf(t *testing.T) {
	dir := writeModule(t, map[string]string{"m.go": `package m

import (
	"errors"
	"fmt"
)

type Code int

func (c Code) String() string { return "code" }

var ErrBase = errors.New("base")

func Point(p struct{ X int }) error { return fmt.Errorf("%v", p) }
func Coded(c Code) error             { return fmt.Errorf("%v", c) }
func Indexed(n int) error            { return fmt.Errorf("%[1]d", n) }
func Cast(i interface{}) error       { return fmt.Errorf("unable to cast %#v of type %T", i, i) }
func Wrapped(i interface{}) error    { return fmt.Errorf("%v: %w", i, ErrBase) }
func Plain(n int) error              { return fmt.Errorf("n=%d", n) }
`})
	pkgs, err := Load(dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs[0].Errors) != 0 {
		t.Fatalf("errors: %v", pkgs[0].Errors)
	}
	for _, f := range pkgs[0].Funcs {
		text := f.IR.String()
		opaque := strings.Contains(text, "(message not modelled)")
		if want := f.IR.Name != "m.Plain" && f.IR.Name != "m.Code.String"; opaque != want {
			t.Errorf("%s: opaque message %v, want %v:\n%s", f.IR.Name, opaque, want, text)
		}
		if f.IR.Name == "m.Wrapped" && !strings.Contains(text, "wraps [0]") {
			t.Errorf("Wrapped does not wrap ErrBase:\n%s", text)
		}
	}
}
