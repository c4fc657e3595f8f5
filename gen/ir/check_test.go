package ir

import (
	"strings"
	"testing"
)

var (
	i64 = Int{Bits: 64, Signed: true}
	u8  = Int{Bits: 8}
)

// absFunc builds a well-formed function
//
//	func abs(a i64, s u8) i64 { if a < 0 { a = -a }; switch s { case 1: ...; default: ... } return }
//
// whose parts the tests of Check then break one at a time.
func absFunc() *Func {
	f := &Func{Name: "t.abs", Pos: Pos{"t.go", 1, 6}, Results: []Type{i64}}
	a, s := NewParam("a", i64), NewParam("s", u8)
	f.Params = []*Param{a, s}
	b0 := f.NewBlock("entry")
	b1 := f.NewBlock("if.then")
	b2 := f.NewBlock("if.done")
	b3 := f.NewBlock("switch.case")
	b4 := f.NewBlock("switch.default")
	b5 := f.NewBlock("return")

	lt := b0.Emit(NewBinOp(Lt, a, IntConst(i64, 0))).(*BinOp)
	b0.SetTerm(&If{anInstr: anInstr{Pos: Pos{"t.go", 2, 5}}, Cond: lt, Text: "a < 0"}, b1, b2)
	neg := b1.Emit(NewUnOp(Neg, a)).(*UnOp)
	b1.SetTerm(&Jump{}, b2)
	phi := b2.Emit(NewPhi(i64, []Value{a, neg})).(*Phi)
	b2.SetTerm(&Switch{anInstr: anInstr{Pos: Pos{"t.go", 5, 9}}, X: s, Cases: []*Const{IntConst(u8, 1)},
		CasePos: []Pos{{"t.go", 6, 7}}, Text: "s"}, b3, b4)
	b3.SetTerm(&Jump{}, b5)
	b4.SetTerm(&Jump{}, b5)
	b5.SetTerm(&Return{Results: []Value{phi}})
	f.Renumber()
	return f
}

func TestCheckAcceptsWellFormed(t *testing.T) {
	if err := Check(absFunc()); err != nil {
		t.Fatalf("Check of a well-formed function: %v", err)
	}
}

func TestCheckFindsEachViolation(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(f *Func)
		want   string // a substring of the error
	}{
		{"no blocks", func(f *Func) { f.Blocks = nil }, "no blocks"},
		{"missing terminator", func(f *Func) {
			b := f.Blocks[5]
			b.Term = nil
		}, "b5: no terminator"},
		{"wrong arity: if with one successor", func(f *Func) {
			b0 := f.Blocks[0]
			b0.Succs = b0.Succs[:1]
			// Keep preds and phis consistent: only the arity is wrong.
			f.Blocks[2].Preds = []*Block{f.Blocks[1]}
			phi := f.Blocks[2].Instrs[0].(*Phi)
			phi.Edges = phi.Edges[1:]
		}, "b0: 1 successors for"},
		{"wrong arity: return with a successor", func(f *Func) {
			b5 := f.Blocks[5]
			b5.Succs = []*Block{f.Blocks[0]}
			f.Blocks[0].Preds = []*Block{b5}
		}, "b5: 1 successors for"},
		{"successor without the predecessor", func(f *Func) {
			f.Blocks[3].Preds = nil
		}, "b2: successor b3 does not list it as predecessor"},
		{"predecessor without the successor", func(f *Func) {
			f.Blocks[4].Preds = append(f.Blocks[4].Preds, f.Blocks[1])
		}, "b4: predecessor b1 does not list it as successor"},
		{"phi arity", func(f *Func) {
			phi := f.Blocks[2].Instrs[0].(*Phi)
			phi.Edges = phi.Edges[:1]
		}, "phi t2 has 1 operands for 2 predecessors"},
		{"if without position", func(f *Func) {
			f.Blocks[0].Term.(*If).Pos = Pos{}
		}, "b0: branch edge 0 has no source position"},
		{"switch without position", func(f *Func) {
			sw := f.Blocks[2].Term.(*Switch)
			sw.Pos, sw.CasePos = Pos{}, nil
		}, "b2: branch edge 1 has no source position"},
		{"non-bool if condition", func(f *Func) {
			f.Blocks[0].Term.(*If).Cond = f.Params[0]
		}, "b0: if condition of type i64"},
		{"operand types differ", func(f *Func) {
			f.Blocks[0].Instrs[0].(*BinOp).Y = IntConst(u8, 0)
		}, "differ in type: i64, u8"},
		{"nil operand", func(f *Func) {
			f.Blocks[1].Instrs[0].(*UnOp).X = nil
		}, "nil operand"},
		{"instruction of another block", func(f *Func) {
			f.Blocks[1].Instrs = append(f.Blocks[1].Instrs, f.Blocks[0].Instrs[0])
		}, "b1: instruction \"t0 = a < 0:i64\" has the wrong block"},
		{"terminator among instructions", func(f *Func) {
			j := &Jump{}
			j.setBlock(f.Blocks[3])
			f.Blocks[3].Instrs = append(f.Blocks[3].Instrs, j)
		}, "b3: terminator \"jump b5\" among instructions"},
		{"terminator of another block", func(f *Func) {
			f.Blocks[3].Term = f.Blocks[4].Term
		}, "b3: terminator has the wrong block"},
		{"block index", func(f *Func) { f.Blocks[4].Index = 7 }, "Index 7 at position 4"},
		{"block of another function", func(f *Func) { f.Blocks[1].Func = &Func{} }, "b1: belongs to another function"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := absFunc()
			tt.mutate(f)
			err := Check(f)
			if err == nil {
				t.Fatalf("Check = nil, want an error containing %q\n%s", tt.want, f)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Check = %v\nwant it to contain %q", err, tt.want)
			}
		})
	}
}

// TestCheckShiftOperands: a shift count may have another type than the
// shifted value; no other binary operator may mix types.
func TestCheckShiftOperands(t *testing.T) {
	for _, op := range []Op{Shl, Shr, Add} {
		f := &Func{Name: "t.shift", Results: []Type{i64}}
		x, n := NewParam("x", i64), NewParam("n", u8)
		f.Params = []*Param{x, n}
		b := f.NewBlock("entry")
		v := b.Emit(NewBinOp(op, x, n)).(*BinOp)
		b.SetTerm(&Return{Results: []Value{v}})
		err := Check(f)
		if got, want := err != nil, op == Add; got != want {
			t.Errorf("%s with i64, u8 operands: Check = %v, want error %v", op, err, want)
		}
	}
}
