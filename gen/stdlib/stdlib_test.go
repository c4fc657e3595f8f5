package stdlib

import (
	"errors"
	"reflect"
	"strconv"
	"testing"
)

// Every function of the table has parameters and results that cross the
// bridge, and is not variadic but with ...any (fmt.Sprintf).
func TestTableSignatures(t *testing.T) {
	for _, name := range Names() {
		f, _ := Lookup(name)
		ft := f.Type()
		in := ft.NumIn()
		if ft.IsVariadic() {
			if !variadicAny(ft) {
				t.Errorf("%s is variadic, not with ...any", name)
			}
			in--
		}
		for i := 0; i < in; i++ {
			if !Supported(ft.In(i), false) {
				t.Errorf("%s: parameter %d of type %s", name, i, ft.In(i))
			}
		}
		for i := 0; i < ft.NumOut(); i++ {
			if !Supported(ft.Out(i), true) {
				t.Errorf("%s: result %d of type %s", name, i, ft.Out(i))
			}
		}
	}
}

func TestCall(t *testing.T) {
	var numErr *strconv.NumError
	for _, tc := range []struct {
		name string
		args []any
		want []any
		err  bool // the call panics
	}{
		{"strings.IndexByte", []any{"key=value", uint64('=')}, []any{3}, false},
		{"strings.IndexByte", []any{"key", uint64('=')}, []any{-1}, false},
		{"strconv.Itoa", []any{int64(-42)}, []any{"-42"}, false},
		{"strconv.FormatInt", []any{int64(255), int64(16)}, []any{"ff"}, false},
		{"strconv.FormatInt", []any{int64(1), int64(1)}, nil, true}, // base 1 panics
		{"unicode.IsDigit", []any{int64('7')}, []any{true}, false},
		{"unicode.IsLetter", []any{int64('é')}, []any{true}, false},
		{"unicode/utf8.DecodeRuneInString", []any{"é!"}, []any{'é', 2}, false},
		{"unicode/utf8.RuneLen", []any{int64(0x10000)}, []any{4}, false},
		{"bytes.HasPrefix", []any{[]byte("abc"), []byte("ab")}, []any{true}, false},
		{"math/bits.OnesCount8", []any{uint64(0xF1)}, []any{5}, false},
		{"math.Sqrt", []any{float64(9)}, []any{float64(3)}, false},
		{"strings.Cut", []any{"a:b", ":"}, []any{"a", "b", true}, false},
		{"fmt.Sprintf", []any{"%s=%d %v %.1f %q", "k", int64(-3), true, float64(2.25), int64('x')}, []any{"k=-3 true 2.2 'x'"}, false},
		{"fmt.Sprintf", []any{"no args"}, []any{"no args"}, false},
		{"fmt.Sprint", []any{"a", uint64(7), float32(0.1)}, []any{"a7 0.1"}, false},
		{"fmt.Sprintln", []any{int64(1), int64(2)}, []any{"1 2\n"}, false},
	} {
		f, ok := Lookup(tc.name)
		if !ok {
			t.Fatalf("%s is not in the table", tc.name)
		}
		got, err := f.Call(tc.args)
		var pe *PanicError
		if tc.err {
			if !errors.As(err, &pe) {
				t.Errorf("%s%v: err = %v, want a panic", tc.name, tc.args, err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s%v = %v, %v; want %v", tc.name, tc.args, got, err, tc.want)
		}
	}
	// An error result comes back as the function's error.
	f, _ := Lookup("strconv.Atoi")
	got, err := f.Call([]any{"x1"})
	if err != nil || got[0] != 0 || !errors.As(got[1].(error), &numErr) {
		t.Errorf("strconv.Atoi(x1) = %v, %v", got, err)
	}
	// A wrong argument is an error, not a panic.
	if _, err := f.Call([]any{int64(1)}); err == nil {
		t.Errorf("strconv.Atoi(1): no error")
	}
	// Only bridge values pass as ...any.
	sp, _ := Lookup("fmt.Sprint")
	if _, err := sp.Call([]any{struct{}{}}); err == nil {
		t.Errorf("fmt.Sprint(struct{}{}): no error")
	}
	if _, ok := Lookup("os.Getenv"); ok {
		t.Errorf("os.Getenv is in the table (it is not pure)")
	}
}
