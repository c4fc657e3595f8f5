package ir

import (
	"math"
	"testing"
)

func TestConstNames(t *testing.T) {
	i8 := Int{Bits: 8, Signed: true}
	u32 := Int{Bits: 32}
	tests := []struct {
		c     *Const
		name  string
		bits  uint64
		int64 int64
	}{
		{IntConst(i8, -1), "-1:i8", 0xff, -1},
		{IntConst(i8, 127), "127:i8", 0x7f, 127},
		{IntConst(i8, 128), "-128:i8", 0x80, -128}, // wraps to the type
		{IntConst(u8, -1), "255:u8", 0xff, 255},
		{IntConst(u32, 1<<32+5), "5:u32", 5, 5},
		{IntConst(i64, math.MinInt64), "-9223372036854775808:i64", 1 << 63, math.MinInt64},
		{IntConst(Int{Bits: 64}, -1), "18446744073709551615:u64", ^uint64(0), -1},
		{BoolConst(true), "true", 1, 1},
		{BoolConst(false), "false", 0, 0},
		{NilConst(Pointer{Elem: i64}), "nil:*i64", 0, 0},
		{NilConst(Slice{Elem: u8}), "nil:[]u8", 0, 0},
		{FloatConst(Float{Bits: 64}, math.Float64bits(1.5)), "1.5:f64", math.Float64bits(1.5), int64(math.Float64bits(1.5))},
		{FloatConst(Float{Bits: 32}, uint64(math.Float32bits(-0.25))), "-0.25:f32", uint64(math.Float32bits(-0.25)), int64(math.Float32bits(-0.25))},
	}
	for _, tt := range tests {
		if got := tt.c.Name(); got != tt.name {
			t.Errorf("Name = %q, want %q", got, tt.name)
		}
		if tt.c.Bits != tt.bits {
			t.Errorf("%s: Bits = %#x, want %#x", tt.name, tt.c.Bits, tt.bits)
		}
		if got := tt.c.Int64(); got != tt.int64 {
			t.Errorf("%s: Int64 = %d, want %d", tt.name, got, tt.int64)
		}
	}
}

func TestSignExtendAndMask(t *testing.T) {
	tests := []struct {
		x    uint64
		bits int
		want int64
	}{
		{0xff, 8, -1}, {0x7f, 8, 127}, {0x80, 8, -128}, {0x1ff, 8, -1}, {0x8000, 16, -32768},
		{1, 1, -1}, {0, 1, 0}, {^uint64(0), 64, -1}, {0x7fffffff, 32, math.MaxInt32},
	}
	for _, tt := range tests {
		if got := SignExtend(tt.x, tt.bits); got != tt.want {
			t.Errorf("SignExtend(%#x, %d) = %d, want %d", tt.x, tt.bits, got, tt.want)
		}
	}
	for bits, want := range map[int]uint64{8: 0xff, 16: 0xffff, 32: 0xffffffff, 64: ^uint64(0)} {
		if got := (Int{Bits: bits}).Mask(); got != want {
			t.Errorf("Int{%d}.Mask() = %#x, want %#x", bits, got, want)
		}
	}
}

func TestTypeStrings(t *testing.T) {
	node := &Struct{Name: "Node", Fields: []Field{{"v", i64}, {"next", nil}}}
	node.Fields[1].T = Pointer{Elem: node}
	tests := []struct {
		t    Type
		want string
	}{
		{i64, "i64"}, {u8, "u8"}, {Bool{}, "bool"}, {Array{Elem: Array{Elem: u8, Len: 3}, Len: 2}, "[2][3]u8"},
		{Pointer{Elem: node}, "*Node"}, {Tuple{Elems: []Type{i64, Bool{}}}, "(i64, bool)"}, {Tuple{}, "()"},
		{Float{Bits: 32}, "f32"}, {Slice{Elem: String{}}, "[]string"},
		{&Signature{Params: []Type{i64, u8}, Results: []Type{Bool{}}}, "func(i64, u8) (bool)"},
	}
	for _, tt := range tests {
		if got := tt.t.String(); got != tt.want {
			t.Errorf("String = %q, want %q", got, tt.want)
		}
	}
	if node.FieldIndex("next") != 1 || node.FieldIndex("v") != 0 || node.FieldIndex("w") != -1 {
		t.Errorf("FieldIndex: next %d, v %d, w %d", node.FieldIndex("next"), node.FieldIndex("v"), node.FieldIndex("w"))
	}
}

func TestZero(t *testing.T) {
	pt := &Struct{Name: "Pt", Fields: []Field{{"x", Int{Bits: 16, Signed: true}}, {"ok", Bool{}}, {"p", Pointer{Elem: i64}}}}
	tests := []struct {
		t    Type
		want string
	}{
		{i64, "0"},
		{Bool{}, "false"},
		{Float{Bits: 64}, "0"},
		{String{}, `""`},
		{Pointer{Elem: i64}, "nil"},
		{Slice{Elem: i64}, "nil"},
		{&Signature{}, "nil"},
		{Array{Elem: u8, Len: 3}, "{0, 0, 0}"},
		{Array{Elem: Array{Elem: Bool{}, Len: 2}, Len: 2}, "{{false, false}, {false, false}}"},
		{pt, "{0, false, nil}"},
		{Array{Elem: pt, Len: 1}, "{{0, false, nil}}"},
		{Tuple{Elems: []Type{u8, pt}}, "{0, {0, false, nil}}"},
		{Array{Elem: u8, Len: 0}, "{}"},
	}
	for _, tt := range tests {
		z := Zero(tt.t)
		if got := z.String(); got != tt.want {
			t.Errorf("Zero(%s) = %s, want %s", tt.t, got, tt.want)
		}
		if z.T.String() != tt.t.String() {
			t.Errorf("Zero(%s) has type %v", tt.t, z.T)
		}
	}
	// The elements of a zero array are independent: setting one leaves
	// the others zero.
	z := Zero(Array{Elem: Array{Elem: u8, Len: 2}, Len: 2})
	z.Elems[0].Elems[1].Bits = 7
	if got := z.String(); got != "{{0, 7}, {0, 0}}" {
		t.Errorf("after setting [0][1]: %s", got)
	}
	if !Zero(Slice{Elem: u8}).Nil {
		t.Errorf("the zero slice is not nil")
	}
}

func TestLiteralString(t *testing.T) {
	i8 := Int{Bits: 8, Signed: true}
	node := &Struct{Name: "Node", Fields: []Field{{"v", i64}, {"next", nil}}}
	node.Fields[1].T = Pointer{Elem: node}

	// A cyclic list of one node pointing to itself.
	self := &Literal{T: node, Elems: []Literal{{T: i64, Bits: 1}, {T: Pointer{Elem: node}}}}
	self.Elems[1].Ref = self
	// Two nodes pointing to each other.
	a := &Literal{T: node, Elems: []Literal{{T: i64, Bits: 1}, {T: Pointer{Elem: node}}}}
	b := &Literal{T: node, Elems: []Literal{{T: i64, Bits: 2}, {T: Pointer{Elem: node}, Ref: a}}}
	a.Elems[1].Ref = b
	// Two pointers to one shared object, side by side: no cycle.
	shared := &Literal{T: i64, Bits: 9}
	arr := &Literal{T: Array{Elem: u8, Len: 3}, Elems: []Literal{{T: u8, Bits: 1}, {T: u8, Bits: 2}, {T: u8, Bits: 3}}}
	callee := &Func{Name: "p.callee"}

	tests := []struct {
		name string
		l    Literal
		want string
	}{
		{"signed", Literal{T: i8, Bits: 0x80}, "-128"},
		{"unsigned", Literal{T: u8, Bits: 0x80}, "128"},
		{"bool", Literal{T: Bool{}, Bits: 1}, "true"},
		{"float64", Literal{T: Float{Bits: 64}, Bits: math.Float64bits(-2.5)}, "-2.5"},
		{"float32", Literal{T: Float{Bits: 32}, Bits: uint64(math.Float32bits(0.1))}, "0.10000000149011612"},
		{"float inf", Literal{T: Float{Bits: 64}, Bits: math.Float64bits(math.Inf(-1))}, "-Inf"},
		{"string", Literal{T: String{}, Str: "a\"b\n"}, `"a\"b\n"`},
		{"nil pointer", Literal{T: Pointer{Elem: i64}}, "nil"},
		{"pointer", Literal{T: Pointer{Elem: i64}, Ref: &Literal{T: i64, Bits: 4}}, "&4"},
		{"pointer into an array", Literal{T: Pointer{Elem: u8}, Ref: arr, Offset: 2}, "&{1, 2, 3}+2"},
		{"self cycle", Literal{T: Pointer{Elem: node}, Ref: self}, "&{1, &<cycle>}"},
		{"two-node cycle", Literal{T: Pointer{Elem: node}, Ref: a}, "&{1, &{2, &<cycle>}}"},
		{"shared, not cyclic", Literal{T: Tuple{Elems: []Type{Pointer{Elem: i64}, Pointer{Elem: i64}}},
			Elems: []Literal{{T: Pointer{Elem: i64}, Ref: shared}, {T: Pointer{Elem: i64}, Ref: shared}}}, "{&9, &9}"},
		{"nil slice", Literal{T: Slice{Elem: u8}, Nil: true}, "nil"},
		{"empty slice", Literal{T: Slice{Elem: u8}}, "{}"},
		{"slice", Literal{T: Slice{Elem: i8}, Elems: []Literal{{T: i8, Bits: 0xff}}}, "{-1}"},
		{"nil func", Literal{T: &Signature{}}, "nil"},
		{"func", Literal{T: &Signature{}, Func: callee}, "p.callee"},
		{"struct", Literal{T: node, Elems: []Literal{{T: i64, Bits: 3}, {T: Pointer{Elem: node}}}}, "{3, nil}"},
	}
	for _, tt := range tests {
		if got := tt.l.String(); got != tt.want {
			t.Errorf("%s: String = %s, want %s", tt.name, got, tt.want)
		}
	}
}

func TestLiteralValues(t *testing.T) {
	i16 := Int{Bits: 16, Signed: true}
	if got := (Literal{T: i16, Bits: 0xfffe}).Int64(); got != -2 {
		t.Errorf("i16 0xfffe = %d, want -2", got)
	}
	if got := (Literal{T: Int{Bits: 16}, Bits: 0xfffe}).Int64(); got != 0xfffe {
		t.Errorf("u16 0xfffe = %d, want 65534", got)
	}
	if got := (Literal{T: Float{Bits: 32}, Bits: uint64(math.Float32bits(3.5))}).Float64(); got != 3.5 {
		t.Errorf("f32 3.5 = %v", got)
	}
	if !(Literal{T: Bool{}, Bits: 1}).Bool() || (Literal{T: Bool{}}).Bool() {
		t.Errorf("Bool")
	}
}

// TestEdges: edge labels, conditions and positions of If and Switch, and
// the order of Edges and BranchEdges.
func TestEdges(t *testing.T) {
	f := absFunc()
	var got []string
	for _, e := range f.Edges() {
		got = append(got, e.String()+" "+e.Label()+" "+e.Pos().String()+" "+e.Cond())
	}
	want := []string{
		"b0->b1 true t.go:2:5 a < 0",
		"b0->b2 false t.go:2:5 a < 0",
		"b1->b2  - ",
		"b2->b3 case 1 t.go:6:7 s",
		"b2->b4 default t.go:5:9 s",
		"b3->b5  - ",
		"b4->b5  - ",
	}
	if len(got) != len(want) {
		t.Fatalf("Edges:\n%q\nwant\n%q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("edge %d: %q, want %q", i, got[i], want[i])
		}
	}
	var branches []string
	for _, e := range f.BranchEdges() {
		if !e.IsBranch() {
			t.Errorf("BranchEdges holds %s, which is no branch", e)
		}
		branches = append(branches, e.String())
	}
	if want := "[b0->b1 b0->b2 b2->b3 b2->b4]"; sprint(branches) != want {
		t.Errorf("BranchEdges = %s, want %s", sprint(branches), want)
	}
	// A case without a known position falls back to the switch's.
	sw := f.Blocks[2].Term.(*Switch)
	sw.CasePos[0] = Pos{}
	if got := (Edge{f.Blocks[2], 0}).Pos(); got != sw.Pos {
		t.Errorf("case without a position: Pos = %v, want the switch's %v", got, sw.Pos)
	}
}

func sprint(s []string) string {
	out := "["
	for i, x := range s {
		if i > 0 {
			out += " "
		}
		out += x
	}
	return out + "]"
}

func TestEnumStrings(t *testing.T) {
	for op, want := range map[Op]string{Add: "+", AndNot: "&^", Shr: ">>", Ge: ">=", Not: "!", Compl: "^"} {
		if op.String() != want {
			t.Errorf("Op %d = %q, want %q", op, op.String(), want)
		}
	}
	for op := Add; op <= Compl; op++ {
		if got, want := op.IsComparison(), op >= Eq && op <= Ge; got != want {
			t.Errorf("%s.IsComparison() = %v", op, got)
		}
	}
	if Go.String() != "Go" || C.String() != "C" {
		t.Errorf("Lang strings %s %s", Go, C)
	}
	if CheckDivide.String() != "division by zero" || CheckConversion.String() != "conversion out of range" {
		t.Errorf("CheckKind strings %q %q", CheckDivide, CheckConversion)
	}
	if (Pos{}).String() != "-" || (Pos{"a.c", 3, 4}).String() != "a.c:3:4" || (Pos{File: "x"}).IsValid() {
		t.Errorf("Pos strings")
	}
}
