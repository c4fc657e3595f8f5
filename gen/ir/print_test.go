package ir

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// everyInstr builds a function that uses every instruction and terminator
// kind, in a CFG with a loop, a switch and a panic.
func everyInstr() (caller, callee *Func) {
	i32 := Int{Bits: 32, Signed: true}
	node := &Struct{Name: "Node"}
	node.Fields = []Field{{"v", i64}, {"next", Pointer{Elem: node}}}

	callee = &Func{Name: "p.pair", Lang: C, Results: []Type{i64, Bool{}}}
	cb := callee.NewBlock("entry")
	cb.SetTerm(&Return{Results: []Value{IntConst(i64, 1), BoolConst(true)}})

	f := &Func{Name: "p.every", Pos: Pos{"p.go", 3, 6}, Results: []Type{i64}}
	a, arr, n := NewParam("a", i64), NewParam("arr", Array{Elem: u8, Len: 4}), NewParam("n", node)
	s, str := NewParam("s", Slice{Elem: u8}), NewParam("str", String{})
	fn := NewParam("fn", &Signature{Params: []Type{i64}, Results: []Type{i64}})
	f.Params = []*Param{a, arr, n, s, str, fn}
	g := NewGlobal("count", i32)

	b0 := f.NewBlock("entry")
	b1 := f.NewBlock("loop")
	b2 := f.NewBlock("body")
	b3 := f.NewBlock("case.1")
	b4 := f.NewBlock("case.2")
	b5 := f.NewBlock("default")
	b6 := f.NewBlock("done")

	sum := b0.Emit(NewBinOp(Add, a, IntConst(i64, -3))).(*BinOp)
	b0.Emit(NewUnOp(Compl, sum))
	c8 := b0.Emit(NewConvert(a, u8))
	call := b0.Emit(NewCall(callee, nil)).(*Call)
	b0.Emit(NewExtract(call, 1))
	p := b0.Emit(NewAlloc(Array{Elem: u8, Len: 4}))
	b0.Emit(NewStore(p.(Value), arr))
	ea := b0.Emit(NewIndexAddr(p.(Value), a))
	b0.Emit(NewLoad(ea.(Value)))
	b0.Emit(NewIndex(arr, IntConst(i64, 2)))
	np := b0.Emit(NewAlloc(node))
	b0.Emit(NewFieldAddr(np.(Value), 1))
	b0.Emit(NewFieldOf(n, 0))
	b0.Emit(NewPtrAdd(ea.(Value), IntConst(i64, 1)))
	m := b0.Emit(NewMalloc(i32, IntConst(i64, 8), true))
	b0.Emit(NewFree(m.(Value)))
	b0.Emit(NewLen(str, i64))
	ms := b0.Emit(NewMakeSlice(Slice{Elem: u8}, IntConst(i64, 0), IntConst(i64, 4)))
	b0.Emit(NewSliceOf(Slice{Elem: u8}, s, IntConst(i64, 1), nil))
	b0.Emit(NewAppend(ms.(Value), s))
	b0.Emit(NewCallIndirect(fn, []Value{a}))
	b0.Emit(NewCallIndirect(&FuncRef{Func: callee}, nil))
	b0.Emit(NewReadInput(i32))
	b0.Emit(NewLoad(g))
	b0.Emit(NewStore(g, IntConst(i32, -1)))
	_ = c8
	b0.SetTerm(&Jump{}, b1)

	i := b1.Emit(NewPhi(i64, []Value{IntConst(i64, 0), nil, nil})).(*Phi)
	lt := b1.Emit(NewBinOp(Lt, i, a))
	b1.SetTerm(&If{anInstr: anInstr{Pos: Pos{"p.go", 5, 9}}, Cond: lt.(Value), Text: "i < a"}, b2, b6)
	inc := b2.Emit(NewBinOp(Add, i, IntConst(i64, 1))).(*BinOp)
	i.Edges[1], i.Edges[2] = inc, inc
	b2.SetTerm(&Switch{anInstr: anInstr{Pos: Pos{"p.go", 6, 10}}, X: i,
		Cases: []*Const{IntConst(i64, 1), IntConst(i64, -2)}, CasePos: []Pos{{"p.go", 7, 3}, {}}, Text: "i"},
		b3, b4, b5)
	b3.SetTerm(&Jump{}, b1)
	b4.SetTerm(&Panic{X: i})
	b5.SetTerm(&Jump{}, b1)
	b6.SetTerm(&Return{Results: []Value{i}})
	f.Renumber()
	return f, callee
}

func TestPrintGolden(t *testing.T) {
	f, callee := everyInstr()
	got := f.String() + "\n" + callee.String()
	golden := filepath.Join("testdata", "print.golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("printed form differs from %s (-update to rewrite):\ngot:\n%s\nwant:\n%s", golden, got, want)
	}
	// Deterministic: a second, independent build prints the same.
	g, gc := everyInstr()
	if again := g.String() + "\n" + gc.String(); again != got {
		t.Errorf("two builds print differently:\n%s\n---\n%s", got, again)
	}
	if err := Check(f); err != nil {
		t.Errorf("the printed function is ill-formed: %v", err)
	}
}

// TestRenumber: values are named t0, t1, ... in block then instruction
// order, skipping instructions that produce no value.
func TestRenumber(t *testing.T) {
	f := &Func{Name: "r"}
	b0, b1 := f.NewBlock("a"), f.NewBlock("b")
	x := b1.Emit(NewAlloc(i64)).(*Alloc) // emitted first, in the later block
	y := b0.Emit(NewAlloc(i64)).(*Alloc)
	b0.Emit(NewStore(y, IntConst(i64, 1)))
	z := b0.Emit(NewLoad(y)).(*Load)
	f.Renumber()
	for _, c := range []struct {
		v    Value
		want string
	}{{y, "t0"}, {z, "t1"}, {x, "t2"}} {
		if c.v.Name() != c.want {
			t.Errorf("%s named %s, want %s", c.v.(Instr), c.v.Name(), c.want)
		}
	}
	if b0.Index != 0 || b1.Index != 1 || b1.Func != f || x.Block() != b1 {
		t.Errorf("NewBlock/Emit: indexes %d %d, func %p, block %v", b0.Index, b1.Index, b1.Func, x.Block())
	}
}

// TestPrintIncomplete: the printer never fails on a block under
// construction.
func TestPrintIncomplete(t *testing.T) {
	f := &Func{Name: "inc", Params: []*Param{NewParam("x", Bool{})}}
	f.NewBlock("entry")
	want := "func inc(x bool) ()  // Go -\nb0: entry  preds []\n\t<no terminator>\n"
	if got := f.String(); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
