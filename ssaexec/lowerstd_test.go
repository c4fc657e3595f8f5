package ssaexec

import (
	"sort"
	"strings"
	"testing"

	"github.com/pbcc/pbcc/gen/ir"
)

const stdSrc = `package m

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

type Color int

func (c Color) String() string { return "red" }

func Contains(xs []int) bool { return slices.Contains(xs, 3) }

func AnyBig(xs []int, min int) bool {
	return slices.ContainsFunc(xs, func(x int) bool { return x > min })
}

func Digit(s string) int { return strings.IndexFunc(s, unicode.IsDigit) }

func Split(s string) int { return len(strings.Split(s, ",")) }

func Join(xs []string) string { return strings.Join(xs, "/") }

func SplitBytes(b []byte) int { return len(bytes.Split(b, []byte{'\n'})) }

func Hex(b []byte) string { return hex.EncodeToString(b) }

func Build(s string, r rune, c byte) (string, int) {
	var b strings.Builder
	b.WriteString(s)
	b.WriteRune(r)
	b.WriteByte(c)
	b.Grow(4)
	n := b.Len()
	b.Reset()
	b.WriteString(s)
	return b.String(), n
}

func Buffer(s string) string {
	var buf bytes.Buffer
	buf.WriteString(s)
	buf.WriteByte('!')
	return buf.String()
}

func Used(s string) int {
	var b strings.Builder
	n, _ := b.WriteString(s)
	return n
}

func Words(s string) int { return len(strings.Fields(s)) }

func Order(b []byte) (uint32, uint16, []byte) {
	binary.LittleEndian.PutUint16(b, 7)
	return binary.BigEndian.Uint32(b), binary.LittleEndian.Uint16(b), binary.BigEndian.AppendUint64(nil, 1)
}

func Keep(s string) int {
	runtime.KeepAlive(s)
	return len(s)
}

func Encode(r rune) (int, []byte) {
	b := make([]byte, 4)
	n := utf8.EncodeRune(b, r)
	return n, utf8.AppendRune(nil, r)
}

func Sort(xs []int, ss []string) {
	ys := slices.Clone(xs)
	slices.Sort(ys)
	sort.Ints(xs)
	sort.Strings(ss)
	slices.Sort(ss)
}

func SortFloats(xs []float64) { slices.Sort(xs) }

func Format(k string, n int, f float64, b byte) string {
	return fmt.Sprintf("%s=%d %g %c", k, n, f, b) + fmt.Sprint() + fmt.Sprintln(n)
}

func FormatColor(c Color) string { return fmt.Sprint(c) }

func FormatType(n int) string { return fmt.Sprintf("%d %T", n, n) }

func FormatSlice(xs []any) string { return fmt.Sprint(xs...) }
`

// callees returns the names of the functions f calls, directly or not,
// and of the external functions they call, sorted.
func callees(f *ir.Func) []string {
	seen := map[string]bool{}
	var walk func(*ir.Func)
	walk = func(f *ir.Func) {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				var gs []*ir.Func
				switch in := in.(type) {
				case *ir.Call:
					gs = append(gs, in.Callee)
				case *ir.MakeClosure:
					gs = append(gs, in.Fn)
				case *ir.CallExtern:
					seen["extern "+in.Func] = true
				}
				for _, op := range in.Operands() {
					if r, ok := op.(*ir.FuncRef); ok {
						gs = append(gs, r.Func)
					}
				}
				for _, g := range gs {
					if !seen[g.Name] {
						seen[g.Name] = true
						walk(g)
					}
				}
			}
		}
	}
	walk(f)
	var names []string
	for n := range seen {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// TestStdLowering checks the three ways the lowering handles the standard
// library beyond stdlib's table: bodies followed (generic instances
// included), table functions as function values, and the writing
// methods of strings.Builder and bytes.Buffer.
func TestStdLowering(t *testing.T) {
	dir := writeModule(t, map[string]string{"m.go": stdSrc})
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
	for _, err := range pkgs[0].Errors {
		msg := err.Error()
		for _, name := range []string{"m.Used", "m.FormatColor", "m.FormatType", "m.FormatSlice", "m.SortFloats"} {
			if strings.Contains(msg, name+":") {
				errs[name] = msg
			}
		}
	}

	calls := []struct {
		fn   string
		want []string // among the callees
	}{
		{"m.Contains", []string{"slices.Contains[[]int, int]", "slices.Index[[]int, int]"}},
		{"m.AnyBig", []string{"m.AnyBig$1", "slices.ContainsFunc[[]int, int]", "slices.IndexFunc[[]int, int]"}},
		{"m.Digit", []string{"extern unicode.IsDigit", "strings.IndexFunc", "strings.indexFunc", "unicode.IsDigit"}},
		{"m.Split", []string{"extern strings.Count", "extern strings.Index", "strings.Split", "strings.genSplit"}},
		{"m.Join", []string{"strings.Join"}},
		{"m.SplitBytes", []string{"bytes.Split", "bytes.explode", "bytes.genSplit", "extern bytes.Count", "extern bytes.Index"}},
		{"m.Hex", []string{"hex.Encode", "hex.EncodeToString", "hex.EncodedLen"}},
		{"m.Words", []string{"extern unicode.IsSpace", "strings.FieldsFunc"}},
		{"m.Keep", nil},
		{"m.Order", []string{"binary.bigEndian.AppendUint64", "binary.bigEndian.Uint32", "binary.littleEndian.PutUint16", "binary.littleEndian.Uint16"}},
		{"m.Encode", []string{"utf8.AppendRune", "utf8.EncodeRune", "utf8.appendRuneNonASCII", "utf8.encodeRuneNonASCII"}},
		{"m.Sort", []string{"pbccsort.Ints", "pbccsort.Strings", "slices.Clone[[]int, int]"}},
		{"m.Format", []string{"extern fmt.Sprint", "extern fmt.Sprintf", "extern fmt.Sprintln"}},
	}
	for _, c := range calls {
		f := funcs[c.fn]
		if f == nil {
			t.Errorf("%s did not lower: %v", c.fn, pkgs[0].Errors)
			continue
		}
		got := strings.Join(callees(f), ", ")
		for _, w := range c.want {
			if !strings.Contains(", "+got+", ", ", "+w+", ") {
				t.Errorf("%s calls %s; want %s among them", c.fn, got, w)
			}
		}
	}

	// Builder and Buffer: appends to the buf field, no call left.
	for _, name := range []string{"m.Build", "m.Buffer"} {
		f := funcs[name]
		if f == nil {
			t.Errorf("%s did not lower: %v", name, pkgs[0].Errors)
			continue
		}
		if cs := callees(f); len(cs) != 0 {
			t.Errorf("%s calls %v; want the methods lowered in place", name, cs)
		}
		if text := f.String(); !strings.Contains(text, "append") {
			t.Errorf("%s: no append in\n%s", name, text)
		}
	}

	if !strings.Contains(errs["m.Used"], "use of the results of (*strings.Builder).WriteString") {
		t.Errorf("Used: error %q, want one naming the used results of WriteString", errs["m.Used"])
	}
	for name, want := range map[string]string{
		"m.FormatColor": "call of fmt.Sprint with argument of type m.Color (it has methods",
		"m.FormatType":  "call of fmt.Sprintf with the verb %T",
		"m.FormatSlice": "call of fmt.Sprint with a slice passed with ...",
		"m.SortFloats":  "slices.Sort[[]float64, float64]",
	} {
		if !strings.Contains(errs[name], want) {
			t.Errorf("%s: error %q, want one with %q", name, errs[name], want)
		}
	}
	// The variadic slice is not lowered: the values are the arguments.
	sprintf := 0
	if f := funcs["m.Format"]; f != nil {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if c, ok := in.(*ir.CallExtern); ok && c.Func == "fmt.Sprintf" {
					sprintf++
					var types []string
					for _, a := range c.Args {
						types = append(types, a.Type().String())
					}
					if got, want := strings.Join(types, " "), "string string i64 f64 u8"; got != want {
						t.Errorf("fmt.Sprintf arguments of types %s, want %s", got, want)
					}
				}
				if _, ok := in.(*ir.MakeIface); ok {
					t.Errorf("m.Format: %s: the variadic arguments were converted to any", in)
				}
			}
		}
	}
	if sprintf != 1 {
		t.Errorf("m.Format has %d calls of fmt.Sprintf, want 1", sprintf)
	}
}
