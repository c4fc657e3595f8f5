package ssaexec

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/pbcc/pbcc/gen/ir"
)

// ---- Range loops over strings and maps ----

// go/ssa lowers `for k, v := range x`, x a string or a map, to an
// iterator:
//
//	t0 = range x                  (in the block before the loop)
//	jump rangeiter.loop
//	rangeiter.loop:
//	t1 = next t0                  (ok, k, v)
//	t2 = extract t1 #0
//	if t2 goto rangeiter.body else rangeiter.done
//	rangeiter.body:
//	t3 = extract t1 #1 ...
//
// The IR has no iterators; the lowering keeps the blocks and makes the
// iterator's state explicit, an index i (an int) that a phi at the head
// of rangeiter.loop carries round the loop:
//
//	rangeiter.loop:
//	i = phi [0 from the block of the range, next from the others]
//	n = len x
//	ok = i < n
//	if ok goto rangeiter.body else rangeiter.done   // the for keyword, "range x"
//	rangeiter.body:                                   (first instructions)
//	string: d = decoderune x[i]; k = i; v = extract d #0;
//	        next = i + extract d #1
//	map:    e = entry x #i; k = extract e #0; v = extract e #1;
//	        next = i + 1
//
// Every edge into rangeiter.loop but the one from the range's block comes
// from inside the loop, so from blocks that rangeiter.body dominates, where
// next is defined. When the body never loops back, go/ssa fuses the loop
// head into the range's block and i is the constant 0.
//
// A map that the body changes is iterated by index over its entries as
// they are at each step (len is read again at each test), which is one of
// the orders Go allows only when the body does not delete or insert.

// rangeLoop is the lowering of one range iterator.
type rangeLoop struct {
	ok, key, val ir.Value
}

// rangeIter checks the operand of a range instruction; the loop itself
// is lowered at its next instruction.
func (l *fnLowering) rangeIter(in *ssa.Range, pos token.Pos) {
	switch u := in.X.Type().Underlying().(type) {
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			return
		}
	case *types.Map:
		l.valueType(in.X, pos)
		return
	}
	l.unsupported(pos, "range over %s", typeString(in.X.Type()))
}

// next lowers the next instruction of a range loop over a string or a
// map (see above).
func (l *fnLowering) next(in *ssa.Next, pos token.Pos) {
	rng, ok := in.Iter.(*ssa.Range)
	if !ok {
		l.unsupported(pos, "range iterator %s", in.Iter.Name())
	}
	rpos := rng.Pos()
	x := l.value(rng.X, rpos)
	head, body := in.Block(), l.rangeBody(in)
	if body == nil || len(l.blocks[body.Index].Instrs) > 0 {
		l.unsupported(rpos, "range loop of an unexpected shape")
	}
	l.ipos = l.lw.pos(rpos)
	it := l.lw.intType()
	zero := ir.IntConst(it, 0)

	var i ir.Value = zero
	var phi *ir.Phi
	if head != rng.Block() {
		phi = ir.NewPhi(it, make([]ir.Value, len(head.Preds)))
		phi.SetPosition(l.ipos)
		l.insertPhi(l.blocks[head.Index], phi)
		i = phi
	}
	n := l.emit(ir.NewLen(x, it))
	rl := &rangeLoop{ok: l.emit(ir.NewBinOp(ir.Lt, i, n))}

	// The first instructions of the body: the key, the value and the
	// index of the next iteration.
	saved := l.ib
	l.ib = l.blocks[body.Index]
	var step ir.Value
	if in.IsString {
		d := l.emit(ir.NewDecodeRune(x, i))
		rl.key = i
		rl.val = l.emit(ir.NewExtract(d, 0))
		step = l.emit(ir.NewExtract(d, 1))
	} else {
		e := l.emit(ir.NewMapEntry(x, i))
		rl.key = l.emit(ir.NewExtract(e, 0))
		rl.val = l.emit(ir.NewExtract(e, 1))
		step = ir.IntConst(it, 1)
	}
	next := l.emit(ir.NewBinOp(ir.Add, i, step))
	l.ib = saved

	if phi != nil {
		entered := false
		for j, p := range head.Preds {
			if p == rng.Block() {
				phi.Edges[j] = zero
				entered = true
			} else {
				phi.Edges[j] = next
			}
		}
		if !entered {
			l.unsupported(rpos, "range loop of an unexpected shape")
		}
	}
	if l.iters == nil {
		l.iters = map[*ssa.Next]*rangeLoop{}
	}
	l.iters[in] = rl
}

// rangeBody returns the block where the iterations of the loop of next
// start: the true successor of the If on its ok result.
func (l *fnLowering) rangeBody(next *ssa.Next) *ssa.BasicBlock {
	for _, r := range *next.Referrers() {
		ex, ok := r.(*ssa.Extract)
		if !ok || ex.Index != 0 {
			continue
		}
		for _, u := range *ex.Referrers() {
			if in, ok := u.(*ssa.If); ok && in.Block() == next.Block() {
				return in.Block().Succs[0]
			}
		}
	}
	return nil
}

// insertPhi puts phi after the phis that begin b: the executor evaluates
// a block's leading phis together, on entry.
func (l *fnLowering) insertPhi(b *ir.Block, phi *ir.Phi) {
	b.Emit(phi)
	k := 0
	for k < len(b.Instrs)-1 {
		if _, ok := b.Instrs[k].(*ir.Phi); !ok {
			break
		}
		k++
	}
	copy(b.Instrs[k+1:], b.Instrs[k:len(b.Instrs)-1])
	b.Instrs[k] = phi
}

// nextValue returns component index of the (ok, key, value) tuple of a
// next instruction.
func (l *fnLowering) nextValue(next *ssa.Next, index int, pos token.Pos) ir.Value {
	rl := l.iters[next]
	if rl == nil {
		l.unsupported(pos, "range iterator %s used before its loop", next.Name())
	}
	return [...]ir.Value{rl.ok, rl.key, rl.val}[index]
}

// rangeStmt returns the range statement whose for keyword is at pos.
func (l *fnLowering) rangeStmt(pos token.Pos) *ast.RangeStmt {
	var found *ast.RangeStmt
	l.inspect(func(n ast.Node) {
		if s, ok := n.(*ast.RangeStmt); ok && s.For == pos {
			found = s
		}
	})
	return found
}
