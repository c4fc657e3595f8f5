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

// TestDecodeTypedError: the value of an error of the package's type, as
// the recorder gives it (pbccAsNode: each node with its kind), decodes to
// the error's Ref: the type's name without the package and the value;
// a kind the decoder does not know leaves the message alone.
func TestDecodeTypedError(t *testing.T) {
	typed := func(v *node) *node {
		return &node{K: "err", V: "line 7: bad", E: []*node{{K: "iface", V: "*p.ParseError", E: []*node{v}}}}
	}
	d := &decoder{pkg: "p", objs: map[int]*ir.Literal{}}
	val := &node{K: "ptr", T: "ptr", E: []*node{{K: "struct", T: "struct", E: []*node{
		{K: "i", V: "-7", T: "int8"}, {K: "s", B: []byte("bad"), T: "string"}}}}}
	l, ok := d.decode(typed(val), ir.Error{})
	if !ok || l.Str != "line 7: bad" || l.Ref == nil {
		t.Fatalf("decode = %s, %v; want the message and the typed value", l, ok)
	}
	it, ok := l.Ref.T.(*ir.Interface)
	if !ok || len(it.Impls) != 1 || it.Impls[0].Name != "*ParseError" || len(l.Ref.Elems) != 1 {
		t.Fatalf("typed value %s, want one implementation *ParseError", l.Ref)
	}
	p := l.Ref.Elems[0]
	if p.Ref == nil || len(p.Ref.Elems) != 2 || p.Ref.Elems[0].Int64() != -7 || p.Ref.Elems[1].Str != "bad" {
		t.Errorf("value %s, want &{-7 bad}", p)
	}
	// Another line: the same message, another value.
	other := &node{K: "ptr", T: "ptr", E: []*node{{K: "struct", T: "struct", E: []*node{
		{K: "i", V: "8", T: "int8"}, {K: "s", B: []byte("bad"), T: "string"}}}}}
	l2, _ := d.decode(typed(other), ir.Error{})
	if same(l, l2, ir.Error{}, map[[2]*ir.Literal]bool{}) {
		t.Errorf("same(%s, %s) = true: the values differ", l.Ref, l2.Ref)
	}
	if !same(ir.Literal{T: ir.Error{}, Str: "line 7: bad"}, l, ir.Error{}, map[[2]*ir.Literal]bool{}) {
		t.Errorf("the model's error (no typed value) differs from the real run's of the same message")
	}
	// A case of the model, of the same message: no difference, and the
	// real run's typed value is kept for the test to check.
	f := &ir.Func{Results: []ir.Type{ir.Error{}}}
	c := &gen.Case{Outputs: []ir.Literal{{T: ir.Error{}, Str: "line 7: bad"}}}
	if what, ok := correct(f, c, &record{Done: true, Got: []*node{typed(val)}}, "p"); !ok || what != "" || c.Outputs[0].Ref == nil {
		t.Errorf("correct = %q, %v, typed value %v; want no difference and the typed value kept", what, ok, c.Outputs[0].Ref)
	}
	unknown := typed(&node{K: "slice", T: "slice"})
	if l, ok := d.decode(unknown, ir.Error{}); !ok || l.Ref != nil || l.Str != "line 7: bad" {
		t.Errorf("decode of an unknown kind = %s (typed %v), %v; want the message only", l, l.Ref, ok)
	}
}

// TestExploredCaseKeepsOpaqueResult: a result holding a function the real
// run made (not a stub) does not drop the case; it is decoded as a
// non-nil function, which emit leaves unchecked.
func TestExploredCaseKeepsOpaqueResult(t *testing.T) {
	sig := &ir.Signature{}
	f := &ir.Func{Name: "p.F", Params: []*ir.Param{ir.NewParam("s", ir.String{})}, Results: []ir.Type{sig}}
	c, ok := exploredCase(f, []*node{{K: "s"}}, true, "", []*node{{K: "func"}}, nil, "p")
	if !ok {
		t.Fatal("the case was dropped")
	}
	if len(c.Outputs) != 1 || c.Outputs[0].Func == nil {
		t.Errorf("the result is %+v, want a non-nil function", c.Outputs)
	}
	if _, ok := (&decoder{objs: map[int]*ir.Literal{}}).decode(&node{K: "func"}, sig); ok {
		t.Errorf("an input decoder took a function no test can write")
	}
}

// TestExploredCaseKeepsUnwritableResult: a result no test can write (an
// interface holding another module's type) does not drop the case: it
// is kept, its test checking only that the call does not panic
// (lithammer/fuzzysearch's normalizeTransformer had no table).
func TestExploredCaseKeepsUnwritableResult(t *testing.T) {
	iface := &ir.Interface{Name: "transform.Transformer"}
	f := &ir.Func{Name: "p.F", Results: []ir.Type{iface}}
	c, ok := exploredCase(f, nil, true, "", []*node{{K: "iface", V: "*transform.chain", E: []*node{{K: "nil"}}}}, nil, "p")
	if !ok {
		t.Fatal("the case was dropped")
	}
	if !c.Unstable || len(c.Outputs) != 1 {
		t.Errorf("the case is %+v, want one output left unchecked (Unstable)", c)
	}
}

// TestSameFunction: a function result is the model's when it names the
// same function, whichever *ir.Func each side made for it (blang/semver's
// rangeFunc$1 was counted a mismatch with itself).
func TestSameFunction(t *testing.T) {
	sig := &ir.Signature{}
	lit := func(name string) ir.Literal { return ir.Literal{T: sig, Func: &ir.Func{Name: name}} }
	seen := map[[2]*ir.Literal]bool{}
	if !same(lit("p.rangeFunc$1"), lit("p.rangeFunc$1"), sig, seen) {
		t.Error("the same function, made twice, is not the same")
	}
	if same(lit("p.rangeFunc$1"), lit("p.rangeFunc$2"), sig, seen) {
		t.Error("two functions are the same")
	}
	if same(lit("p.f"), ir.Literal{T: sig}, sig, seen) {
		t.Error("a function is nil")
	}
}

// TestSameAsTestsCompare: maps are the same in any order and buffers
// by their unread bytes, as the emitted tests compare them; other
// differences still count (google/shlex's classifier map and bufs.Flush
// were counted mismatches though their tests passed).
func TestSameAsTestsCompare(t *testing.T) {
	i64 := ir.Int{Bits: 64, Signed: true}
	num := func(v uint64) ir.Literal { return ir.Literal{T: i64, Bits: v} }
	mt := ir.Map{Key: i64, Elem: i64}
	entries := func(kv ...uint64) ir.Literal {
		l := ir.Literal{T: mt}
		for i := 0; i < len(kv); i += 2 {
			l.Elems = append(l.Elems, ir.Literal{Elems: []ir.Literal{num(kv[i]), num(kv[i+1])}})
		}
		return l
	}
	bt := ir.Slice{Elem: ir.Int{Bits: 8}}
	buf := &ir.Struct{Name: "Buffer", Fields: []ir.Field{{Name: "buf", T: bt}, {Name: "off", T: i64}, {Name: "lastRead", T: ir.Int{Bits: 8, Signed: true}}}}
	buffer := func(nilBuf bool, text string, off uint64) ir.Literal {
		b := ir.Literal{T: bt, Nil: nilBuf}
		for _, c := range []byte(text) {
			b.Elems = append(b.Elems, ir.Literal{T: bt.Elem, Bits: uint64(c)})
		}
		return ir.Literal{T: buf, Elems: []ir.Literal{b, num(off), {T: ir.Int{Bits: 8, Signed: true}}}}
	}
	for _, tt := range []struct {
		name string
		m, r ir.Literal
		t    ir.Type
		want bool
	}{
		{"map in another order", entries(32, 1, 9, 1, 34, 2), entries(9, 1, 32, 1, 34, 2), mt, true},
		{"map with another value", entries(32, 1, 9, 1), entries(9, 2, 32, 1), mt, false},
		{"map with another key", entries(32, 1, 9, 1), entries(8, 1, 32, 1), mt, false},
		{"map with a key twice", entries(32, 1, 32, 1), entries(32, 1, 9, 1), mt, false},
		{"buffer nil and empty", buffer(true, "", 0), buffer(false, "", 0), buf, true},
		{"buffer read to the same", buffer(false, "xab", 1), buffer(false, "ab", 0), buf, true},
		{"buffer holding other bytes", buffer(false, "ab", 0), buffer(false, "ac", 0), buf, false},
	} {
		if got := same(tt.m, tt.r, tt.t, map[[2]*ir.Literal]bool{}); got != tt.want {
			t.Errorf("%s: same = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestSourceName: the names reflect gives dynamic types read as go/types
// writes them, so that a case the search found is not dropped unread.
func TestSourceName(t *testing.T) {
	for _, tt := range []struct{ reflect, source string }{
		{"map[string]interface {}", "map[string]interface{}"},
		{"[]map[string]interface {}", "[]map[string]interface{}"},
		{"map[string]struct {}", "map[string]struct{}"},
		{"[]uint8", "[]byte"},
		{"map[int32]string", "map[rune]string"},
		{"pkg.Bytes", "pkg.Bytes"},
	} {
		if got, want := sourceName(tt.reflect), sourceName(tt.source); got != want {
			t.Errorf("sourceName(%q) = %q, sourceName(%q) = %q: want them equal", tt.reflect, got, tt.source, want)
		}
	}
}
