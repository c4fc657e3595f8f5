package ue

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/pbcc/pbcc/gen/ir"
)

// parseCFG builds a function from a terse description: one terminator per
// block, separated by ";", block i being the i-th:
//
//	if T F          an If on a fresh bool parameter
//	switch C1 … D   a Switch on an int parameter, cases 1, 2, …, then default
//	jump T
//	ret
//	panic
//
// Every If and Switch gets a position (line = block index + 1), so the
// result passes ir.Check.
func parseCFG(t testing.TB, name, spec string) *ir.Func {
	t.Helper()
	f, err := buildCFG(name, spec)
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Check(f); err != nil {
		t.Fatal(err)
	}
	return f
}

func buildCFG(name, spec string) (*ir.Func, error) {
	f := &ir.Func{Name: name, Pos: ir.Pos{File: name + ".go", Line: 1, Col: 1}}
	items := strings.Split(spec, ";")
	for i := range items {
		f.NewBlock(fmt.Sprintf("block%d", i))
	}
	i32 := ir.Int{Bits: 32, Signed: true}
	for i, item := range items {
		fields := strings.Fields(item)
		if len(fields) == 0 {
			return nil, fmt.Errorf("block %d: empty", i)
		}
		var succs []*ir.Block
		for _, s := range fields[1:] {
			k, err := strconv.Atoi(s)
			if err != nil || k < 0 || k >= len(f.Blocks) {
				return nil, fmt.Errorf("block %d: bad successor %q", i, s)
			}
			succs = append(succs, f.Blocks[k])
		}
		pos := ir.Pos{File: name + ".go", Line: i + 1, Col: 2}
		b := f.Blocks[i]
		switch fields[0] {
		case "if":
			p := ir.NewParam(fmt.Sprintf("c%d", i), ir.Bool{})
			f.Params = append(f.Params, p)
			t := &ir.If{Cond: p, Text: p.Name()}
			t.SetPosition(pos)
			b.SetTerm(t, succs...)
		case "switch":
			p := ir.NewParam(fmt.Sprintf("x%d", i), i32)
			f.Params = append(f.Params, p)
			t := &ir.Switch{X: p, Text: p.Name()}
			for k := 1; k < len(succs); k++ {
				t.Cases = append(t.Cases, ir.IntConst(i32, int64(k)))
			}
			t.SetPosition(pos)
			b.SetTerm(t, succs...)
		case "jump":
			b.SetTerm(&ir.Jump{}, succs...)
		case "ret":
			b.SetTerm(&ir.Return{}, succs...)
		case "panic":
			b.SetTerm(&ir.Panic{}, succs...)
		default:
			return nil, fmt.Errorf("block %d: unknown terminator %q", i, fields[0])
		}
	}
	return f, nil
}

// labels names edges as Graph.String does.
func labels(es []ir.Edge) []string {
	out := []string{}
	for _, e := range es {
		s := e.String()
		if e.IsBranch() {
			s += " " + e.Label()
		}
		out = append(out, s)
	}
	return out
}

// wordCount is the WordCount program of paper 001, annex C, figure 1, at
// basic-block granularity. With shortCircuit, the condition of line 10,
// c == '\n' || c == '\t' || c == ' ', is lowered into three branches as Go
// and C front ends do; otherwise it is one branch, as the paper's
// statement-level CFG_nodes has it (node 10, edges ⟨10,11⟩ and ⟨10,12⟩).
//
//	b0  lines 1-5             jump b1
//	b1  6: while c != EOF     if b2 else b11
//	b2  7, 8: if c == '\n'    if b3 else b4
//	b3  9: nl++               jump b4
//	b4  10: c == '\n'         if b7 else b5   (paper: the whole condition)
//	b5  10: c == '\t'         if b7 else b6   (short circuit only)
//	b6  10: c == ' '          if b7 else b8   (short circuit only)
//	b7  11: inword = 0        jump b10
//	b8  12: if inword == 0    if b9 else b10
//	b9  13, 14                jump b10
//	b10 16-19                 jump b1
//	b11 end of main           ret
func wordCount(t testing.TB, shortCircuit bool) *ir.Func {
	b4, b5, b6 := "if 7 5", "if 7 6", "if 7 8"
	if !shortCircuit {
		// b5 and b6 become unreachable filler: keep block numbers stable.
		b4, b5, b6 = "if 7 8", "jump 7", "jump 7"
	}
	spec := strings.Join([]string{
		"jump 1", "if 2 11", "if 3 4", "jump 4", b4, b5, b6,
		"jump 10", "if 9 10", "jump 10", "jump 1", "ret",
	}, ";")
	return parseCFG(t, "WordCount", spec)
}

// program0F is method A::f of program0 (paper 001, annex B, figures 1-2):
//
//	4: void f(void) {          b0 jump b1
//	5:   while (a < 10)        b1 if b2 else b4
//	6:     if (a < 5)          b2 if b3 else b1
//	7:       a++;              b3 jump b1
//	8: }                       b4 ret
func program0F(t testing.TB) *ir.Func {
	return parseCFG(t, "A.f", "jump 1; if 2 4; if 3 1; jump 1; ret")
}

// program0Main is main of program0: lines 12-14 in a row, no branch.
func program0Main(t testing.TB) *ir.Func {
	return parseCFG(t, "main", "ret")
}
