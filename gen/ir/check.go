package ir

import (
	"fmt"
	"strings"
)

// Check verifies the invariants every front end must establish and returns
// an error listing each violation: every block has one terminator with as
// many successors as its arity; Preds and Succs agree; a Phi has one
// operand per predecessor; every instruction's block is set; every branch
// carries a source position; operand types agree.
func Check(f *Func) error {
	var errs []string
	bad := func(b *Block, format string, args ...any) {
		errs = append(errs, fmt.Sprintf("%s: %s: %s", f.Name, b, fmt.Sprintf(format, args...)))
	}
	if len(f.Blocks) == 0 {
		return fmt.Errorf("%s: no blocks", f.Name)
	}
	for i, b := range f.Blocks {
		if b.Index != i {
			bad(b, "Index %d at position %d", b.Index, i)
		}
		if b.Func != f {
			bad(b, "belongs to another function")
		}
		for _, in := range b.Instrs {
			if in.Block() != b {
				bad(b, "instruction %q has the wrong block", in)
			}
			if _, ok := in.(Term); ok {
				bad(b, "terminator %q among instructions", in)
			}
			for _, v := range in.Operands() {
				if v == nil {
					bad(b, "nil operand in %q", in)
				}
			}
			if why := checkIface(in); why != "" {
				bad(b, "%s", why)
			}
			if phi, ok := in.(*Phi); ok && len(phi.Edges) != len(b.Preds) {
				bad(b, "phi %s has %d operands for %d predecessors", phi.Name(), len(phi.Edges), len(b.Preds))
			}
			if mc, ok := in.(*MakeClosure); ok && len(mc.Bindings) != len(mc.Fn.FreeVars) {
				bad(b, "closure %s binds %d values for %d free variables", mc.Name(), len(mc.Bindings), len(mc.Fn.FreeVars))
			}
			if bin, ok := in.(*BinOp); ok && bin.Op != Shl && bin.Op != Shr && bin.X != nil && bin.Y != nil &&
				bin.X.Type().String() != bin.Y.Type().String() {
				bad(b, "operands of %q differ in type: %s, %s", in, bin.X.Type(), bin.Y.Type())
			}
		}
		if b.Term == nil {
			bad(b, "no terminator")
			continue
		}
		if b.Term.Block() != b {
			bad(b, "terminator has the wrong block")
		}
		if got, want := len(b.Succs), b.Term.Arity(); got != want {
			bad(b, "%d successors for %q", got, b.Term)
		}
		if len(b.Succs) > 1 {
			for i := range b.Succs {
				if !(Edge{b, i}).Pos().IsValid() {
					bad(b, "branch edge %d has no source position", i)
				}
			}
		}
		if t, ok := b.Term.(*If); ok {
			if _, isBool := t.Cond.Type().(Bool); !isBool {
				bad(b, "if condition of type %s", t.Cond.Type())
			}
		}
		for _, s := range b.Succs {
			if count(s.Preds, b) != count(b.Succs, s) {
				bad(b, "successor %s does not list it as predecessor", s)
			}
		}
		for _, p := range b.Preds {
			if count(p.Succs, b) != count(b.Preds, p) {
				bad(b, "predecessor %s does not list it as successor", p)
			}
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("ill-formed IR:\n%s", strings.Join(errs, "\n"))
	}
	return nil
}

func count(bs []*Block, b *Block) int {
	n := 0
	for _, x := range bs {
		if x == b {
			n++
		}
	}
	return n
}
