package symexec

import (
	"fmt"
	"math"
	"reflect"
	"sort"
	"testing"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/stdlib"
	"github.com/pbcc/pbcc/gen/term"
)

// irTypeOf returns the IR type of a Go type of the bridge.
func irTypeOf(t reflect.Type) ir.Type {
	switch t.Kind() {
	case reflect.Int, reflect.Int64:
		return ir.Int{Bits: 64, Signed: true}
	case reflect.Uint64:
		return ir.Int{Bits: 64}
	case reflect.Uint32:
		return ir.Int{Bits: 32}
	case reflect.Float64:
		return ir.Float{Bits: 64}
	case reflect.Float32:
		return ir.Float{Bits: 32}
	case reflect.Int32:
		return ir.Int{Bits: 32, Signed: true}
	case reflect.Uint8:
		return ir.Int{Bits: 8}
	case reflect.Bool:
		return ir.Bool{}
	case reflect.String:
		return ir.String{}
	case reflect.Slice:
		return ir.Slice{Elem: ir.Int{Bits: 8}}
	case reflect.Interface:
		return ir.Error{}
	}
	panic("no IR type for " + t.String())
}

var (
	modelStrings = []string{"", "a", "=", "k=v", "==", "ab=", "https://x", "http://", "://", "x://y",
		"-12", "+7", "-", "+", "12a", "0", "65536", "99999999", "007",
		"é", "\xff", "\xe2\x82", "\xe2\x82\xac", "\xed\xa0\x80", "\xf0\x90\x80\x80", "\xf4\x90\x80\x80", "日本", " x", "\t", "  Get \n", "ABC", "MiXeD é", " \v\f\r", "x\u0085", "\u00a0a"}
	modelFloats = []float64{0, math.Copysign(0, -1), 1, -1.5, 2.5, 1e300, -5e-324, math.NaN(), -math.NaN(),
		math.Inf(1), math.Inf(-1), math.MaxFloat64, 0.1}
	modelRunes = func() []int64 {
		rs := []int64{-1, -0x80000000, 0x80, 0xA0, 0xFF, 0x100, 0x7FF, 0x800, 0xD7FF, 0xD800, 0xDFFF, 0xE000,
			0xFFFF, 0x10000, 0x10FFFF, 0x110000, 0x3000, 0x2028, 0x1F600}
		for r := int64(0); r < 0x80; r++ {
			rs = append(rs, r)
		}
		return rs
	}()
)

// modelArgs returns argument lists for a function of type ft: every
// combination of the sample values of each parameter's type.
func modelArgs(ft reflect.Type) [][]any {
	lists := [][]any{nil}
	for i := 0; i < ft.NumIn(); i++ {
		var vals []any
		switch ft.In(i).Kind() {
		case reflect.String:
			for _, s := range modelStrings {
				vals = append(vals, s)
			}
		case reflect.Slice:
			for _, s := range modelStrings {
				vals = append(vals, []byte(s))
			}
		case reflect.Uint8:
			for _, b := range []uint64{0, '=', '/', 'a', 0x80, 0xBF, 0xC0, 0xFF} {
				vals = append(vals, b)
			}
		case reflect.Int32:
			for _, r := range modelRunes {
				vals = append(vals, r)
			}
		case reflect.Int:
			for _, n := range []int64{0, 1, -1, 9, 10, -10, 64, 99, 100, 12345, -999999, 1e18, -1 << 63, 1<<63 - 1} {
				vals = append(vals, n)
			}
		case reflect.Float64:
			for _, f := range modelFloats {
				vals = append(vals, f)
			}
		case reflect.Float32:
			for _, f := range modelFloats {
				vals = append(vals, float32(f))
			}
		case reflect.Uint64:
			for _, f := range modelFloats {
				vals = append(vals, math.Float64bits(f))
			}
			vals = append(vals, uint64(0x7FF0000000000001), uint64(0xFFF8000000000000))
		case reflect.Uint32:
			for _, f := range modelFloats {
				vals = append(vals, uint64(math.Float32bits(float32(f))))
			}
		default:
			panic("no sample values for " + ft.In(i).String())
		}
		var next [][]any
		for _, l := range lists {
			for _, v := range vals {
				next = append(next, append(append([]any(nil), l...), v))
			}
		}
		lists = next
	}
	return lists
}

// symbolicArg returns the value the model sees for a concrete argument:
// strings and byte slices with room past their length holding junk, as
// symbolic strings of a larger capacity do.
func symbolicArg(st *state, t ir.Type, x any) value {
	junk := func(b []byte) []value {
		es := make([]value, len(b)+3)
		for j := range es {
			c := byte('=')
			if j < len(b) {
				c = b[j]
			}
			es[j] = value{t: term.BV(uint64(c), 8)}
		}
		return es
	}
	switch x := x.(type) {
	case string:
		return value{elems: junk([]byte(x)), n: bv64(len(x))}
	case []byte:
		es := junk(x)
		obj := st.newArray(len(es), func(j int) value { return es[j] })
		return value{ptr: to(obj, bv64(0)), n: bv64(len(x)), c: bv64(len(es))}
	case uint64:
		return value{t: term.BV(x, t.(ir.Int).Bits)}
	case float64:
		return value{t: term.BV(math.Float64bits(x), 64)}
	case float32:
		return value{t: term.BV(uint64(math.Float32bits(x)), 32)}
	case int64:
		return value{t: term.BV(uint64(x), t.(ir.Int).Bits)}
	}
	panic(fmt.Sprintf("no value for %T", x))
}

// TestModelsAgreeWithRealFunctions checks every model against the real
// function on sample arguments: an exact model's results fold to the real
// ones; a partial one's fold to them or stay unknown, and do fold on the
// domain it claims (ASCII runes, strings Atoi parses on its fast path).
func TestModelsAgreeWithRealFunctions(t *testing.T) {
	var names []string
	for name := range models {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		md := models[name]
		f, ok := stdlib.Lookup(name)
		if !ok {
			t.Errorf("%s has a model but is not in stdlib's table", name)
			continue
		}
		ft := f.Type()
		call := &ir.CallExtern{Func: name}
		for i := 0; i < ft.NumIn(); i++ {
			call.Args = append(call.Args, ir.NewParam(fmt.Sprintf("p%d", i), irTypeOf(ft.In(i))))
		}
		for i := 0; i < ft.NumOut(); i++ {
			call.Results = append(call.Results, irTypeOf(ft.Out(i)))
		}
		folded, unknown := 0, 0
		for _, goArgs := range modelArgs(ft) {
			st := &state{mem: map[int]value{}}
			args := make([]value, len(goArgs))
			for i, a := range goArgs {
				args[i] = symbolicArg(st, call.Args[i].Type(), a)
			}
			m := &machine{}
			res := md.fn(st, call, args, func(i int) value { return m.unknown(st, call, 1, i) })
			want, err := f.Call(goArgs)
			if err != nil {
				t.Fatalf("%s%q: %v", name, goArgs, err)
			}
			for i, w := range want {
				lit, err := literalOfGo(call.Results[i], w)
				if err != nil {
					t.Fatal(err)
				}
				var eq *term.Term
				if _, isErr := lit.T.(ir.Error); isErr {
					eq = term.Eq(res[i].t, term.BV(0, errTagBits))
					if !lit.Nil {
						eq = term.Not(eq)
					}
				} else {
					eq = eqLiteral(st, res[i], lit)
				}
				if ws, ok := w.(string); ok && !eq.IsConst() && res[i].n.IsConst() {
					// A model may know a string's length and not its bytes.
					if res[i].n.Val != uint64(len(ws)) {
						t.Errorf("%s%q: result %d: length %d, want %d (%q)", name, goArgs, i, res[i].n.Val, len(ws), ws)
					}
					folded++
					continue
				}
				switch {
				case eq.IsTrue():
					folded++
				case eq.IsFalse():
					t.Errorf("%s%q: result %d: the model disagrees with %v", name, goArgs, i, w)
				case md.exact:
					t.Errorf("%s%q: result %d of an exact model does not fold: %s", name, goArgs, i, eq)
				default:
					unknown++
				}
			}
		}
		if folded == 0 {
			t.Errorf("%s: the model decided no sample", name)
		}
		t.Logf("%s: %d results decided, %d left unknown", name, folded, unknown)
	}
}
