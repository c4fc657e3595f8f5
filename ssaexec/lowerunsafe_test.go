package ssaexec

import (
	"strings"
	"testing"

	"github.com/pbcc/pbcc/gen/ir"
)

// unsafeSrc uses the zero-copy conversions between []byte and string
// (jsonparser's bytesToString and equalStr), and two uses of unsafe that
// stay unsupported.
const unsafeSrc = `package m

import "unsafe"

type Str string

type Bytes []byte

func bytesToString(b *[]byte) string { return *(*string)(unsafe.Pointer(b)) }

func EqualStr(b *[]byte, s string) bool { return *(*string)(unsafe.Pointer(b)) == s }

func Local(b []byte) Str {
	if len(b) == 0 {
		return ""
	}
	return *(*Str)(unsafe.Pointer(&b))
}

func Named(b Bytes) string { return bytesToString((*[]byte)(&b)) }

func View(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

func Bytes2(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

func StringToBytes(s string) []byte { return *(*[]byte)(unsafe.Pointer(&s)) }

func Half(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)/2) }
`

// TestUnsafeViews checks that *(*string)(unsafe.Pointer(p)), p a
// *[]byte, unsafe.String(unsafe.SliceData(b), len(b)) and
// unsafe.Slice(unsafe.StringData(s), len(s)) are lowered as the
// conversions string(*p), string(b) and []byte(s), and that other uses of
// unsafe stay unsupported, naming the construct.
func TestUnsafeViews(t *testing.T) {
	dir := writeModule(t, map[string]string{"m.go": unsafeSrc})
	pkgs, err := Load(dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	funcs := map[string]*ir.Func{}
	for _, f := range pkgs[0].Funcs {
		funcs[f.IR.Name] = f.IR
		if err := ir.Check(f.IR); err != nil {
			t.Errorf("%s: Check: %v", f.IR.Name, err)
		}
	}
	errs := map[string]string{}
	for _, e := range pkgs[0].Errors {
		msg := e.Error()
		for _, name := range []string{"m.StringToBytes", "m.Half"} {
			if strings.Contains(msg, name+":") {
				errs[name] = msg
			}
		}
	}
	for _, c := range []struct {
		fn    string
		loads int    // loads of the byte slice
		conv  string // the type of the conversion's result
	}{
		{"m.bytesToString", 1, "string"},
		{"m.EqualStr", 1, "string"},
		{"m.Local", 2, "string"}, // len(b), then the view
		{"m.View", 0, "string"},
		{"m.Bytes2", 0, ""}, // make and append, as []byte(s)
	} {
		f := funcs[c.fn]
		if f == nil {
			t.Errorf("%s did not lower: %v", c.fn, pkgs[0].Errors)
			continue
		}
		if n := len(instrs[*ir.Load](f)); n != c.loads {
			t.Errorf("%s: %d loads, want %d:\n%s", c.fn, n, c.loads, f)
		}
		convs := instrs[*ir.Convert](f)
		switch {
		case c.conv == "" && len(convs) != 0:
			t.Errorf("%s: conversions %v, want none:\n%s", c.fn, convs, f)
		case c.conv != "" && (len(convs) != 1 || convs[0].Type().String() != c.conv || convs[0].X.Type().String() != "[]u8"):
			t.Errorf("%s: conversions %v, want one []u8 -> %s:\n%s", c.fn, convs, c.conv, f)
		}
	}
	if f := funcs["m.Bytes2"]; f != nil && (len(instrs[*ir.MakeSlice](f)) != 1 || len(instrs[*ir.Append](f)) != 1) {
		t.Errorf("m.Bytes2: want make and append, as []byte(s):\n%s", f)
	}
	if f := funcs["m.Named"]; f == nil || len(instrs[*ir.Call](f)) != 1 {
		t.Errorf("m.Named: want a call of bytesToString: %v", pkgs[0].Errors)
	}
	for name, want := range map[string]string{
		"m.StringToBytes": "conversion from *string to unsafe.Pointer (of unsafe, only *(*string)(unsafe.Pointer(p)) with p a *[]byte is modelled)",
		"m.Half":          "call of unsafe.SliceData (of unsafe, only unsafe.String(unsafe.SliceData(b), len(b)) and unsafe.Slice(unsafe.StringData(s), len(s)) are modelled)",
	} {
		if !strings.Contains(errs[name], want) {
			t.Errorf("%s: error %q, want one with %q", name, errs[name], want)
		}
	}
}
