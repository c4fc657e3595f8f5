package oracle

import (
	"math"
	"strconv"
	"testing"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/ir"
)

func TestDecode(t *testing.T) {
	i8 := ir.Int{Bits: 8, Signed: true}
	u64 := ir.Int{Bits: 64}
	pt := &ir.Struct{Name: "P", Fields: []ir.Field{{Name: "X", T: i8}, {Name: "S", T: ir.String{}}}}
	f64 := ir.Float{Bits: 64}
	nan := strconv.FormatUint(math.Float64bits(math.NaN()), 10)
	tests := []struct {
		name string
		n    *node
		t    ir.Type
		want string // the literal's String(); "" when it cannot be decoded
	}{
		{"negative int8", &node{K: "i", V: "-3"}, i8, ir.Literal{T: i8, Bits: 0xfd}.String()},
		{"uint64 max", &node{K: "u", V: "18446744073709551615"}, u64, ir.Literal{T: u64, Bits: math.MaxUint64}.String()},
		{"string bytes", &node{K: "s", B: []byte("a\xffb")}, ir.String{}, ir.Literal{T: ir.String{}, Str: "a\xffb"}.String()},
		{"nil slice", &node{K: "nil"}, ir.Slice{Elem: i8}, ir.Literal{T: ir.Slice{Elem: i8}, Nil: true}.String()},
		{"struct", &node{K: "struct", E: []*node{{K: "i", V: "1"}, {K: "s", B: []byte("x")}}}, pt,
			ir.Literal{T: pt, Elems: []ir.Literal{{T: i8, Bits: 1}, {T: ir.String{}, Str: "x"}}}.String()},
		{"error", &node{K: "err", V: "boom"}, ir.Error{}, ir.Literal{T: ir.Error{}, Str: "boom"}.String()},
		{"NaN", &node{K: "f", V: nan}, f64, ir.Literal{T: f64, Bits: math.Float64bits(math.NaN())}.String()},
		{"kind mismatch", &node{K: "s"}, i8, ""},
		{"field count mismatch", &node{K: "struct", E: []*node{{K: "i", V: "1"}}}, pt, ""},
		{"non-nil function", &node{K: "func"}, &ir.Signature{}, ""},
		{"stub of another arity", &node{K: "func", V: "stub"}, &ir.Signature{Results: []ir.Type{i8}}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := &decoder{pkg: "p", objs: map[int]*ir.Literal{}}
			got, ok := d.decode(tt.n, tt.t)
			if tt.want == "" {
				if ok {
					t.Errorf("decoded %s, want a failure", got)
				}
				return
			}
			if !ok || got.String() != tt.want {
				t.Errorf("decode = %s, %v; want %s", got, ok, tt.want)
			}
		})
	}
}

// TestDecodeStub: a function value the search made decodes to a stub
// (ir.NewStub) whose results are the values it returned, what a test
// writes as func(int8) int8 { return 3 }.
func TestDecodeStub(t *testing.T) {
	i8 := ir.Int{Bits: 8, Signed: true}
	sig := &ir.Signature{Params: []ir.Type{i8}, Results: []ir.Type{i8}}
	d := &decoder{pkg: "p", objs: map[int]*ir.Literal{}}
	got, ok := d.decode(&node{K: "func", V: "stub", E: []*node{{K: "i", V: "3"}}}, sig)
	if !ok || got.Func == nil || !got.Func.IsStub() || len(got.Elems) != 1 || got.Elems[0].Bits != 3 {
		t.Fatalf("decode = %+v, %v; want a stub returning 3", got, ok)
	}
}

func TestPointerAliasing(t *testing.T) {
	i8 := ir.Int{Bits: 8, Signed: true}
	p := ir.Pointer{Elem: i8}
	d := &decoder{pkg: "p", objs: map[int]*ir.Literal{}}
	a, ok1 := d.decode(&node{K: "ptr", ID: 1, E: []*node{{K: "i", V: "5"}}}, p)
	b, ok2 := d.decode(&node{K: "ref", ID: 1}, p)
	if !ok1 || !ok2 || a.Ref == nil || a.Ref != b.Ref {
		t.Fatalf("the second pointer does not share the first's object: %v %v", a, b)
	}
}

// TestCorrect checks the verdict on a case: the model's values kept when
// the real run agrees (errors by message, any NaN as any NaN), replaced
// and described when it does not.
func TestCorrect(t *testing.T) {
	i8 := ir.Int{Bits: 8, Signed: true}
	f := &ir.Func{Results: []ir.Type{i8, ir.Error{}}}
	tests := []struct {
		name      string
		model     gen.Case
		rec       record
		wantDiff  bool
		wantPanic string
	}{
		{"agree", gen.Case{Outputs: []ir.Literal{{T: i8, Bits: 1}, {T: ir.Error{}, Nil: true}}},
			record{Done: true, Got: []*node{{K: "i", V: "1"}, {K: "nil"}}}, false, ""},
		{"wrong number", gen.Case{Outputs: []ir.Literal{{T: i8, Bits: 2}, {T: ir.Error{}, Nil: true}}},
			record{Done: true, Got: []*node{{K: "i", V: "1"}, {K: "nil"}}}, true, ""},
		{"wrong panic", gen.Case{Panic: ir.CheckNil.String()},
			record{Panic: "assignment to entry in nil map"}, true, "assignment to entry in nil map"},
		{"same panic", gen.Case{Panic: ir.CheckNil.String()},
			record{Panic: "runtime error: invalid memory address or nil pointer dereference [signal SIGSEGV]"}, false, ir.CheckNil.String()},
		{"panics for real", gen.Case{Outputs: []ir.Literal{{T: i8, Bits: 2}, {T: ir.Error{}, Nil: true}}},
			record{Panic: "runtime error: index out of range [3] with length 3"}, true, "runtime error: index out of range [3] with length 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := tt.model
			diff, ok := correct(f, &c, &tt.rec, "p")
			if !ok {
				t.Fatal("not decoded")
			}
			if (diff != "") != tt.wantDiff {
				t.Errorf("difference %q, want one: %v", diff, tt.wantDiff)
			}
			if c.Panic != tt.wantPanic {
				t.Errorf("panic %q, want %q", c.Panic, tt.wantPanic)
			}
			if tt.rec.Done && c.Outputs[0].Bits != 1 {
				t.Errorf("result %v, want the real 1", c.Outputs[0])
			}
		})
	}
}
