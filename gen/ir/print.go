package ir

import (
	"fmt"
	"strings"
)

func names(vs []Value) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = v.Name()
	}
	return strings.Join(s, ", ")
}

func (i *BinOp) String() string {
	return fmt.Sprintf("%s = %s %s %s", i.Name(), i.X.Name(), i.Op, i.Y.Name())
}
func (i *UnOp) String() string { return fmt.Sprintf("%s = %s%s", i.Name(), i.Op, i.X.Name()) }
func (i *Convert) String() string {
	return fmt.Sprintf("%s = convert %s <- %s", i.Name(), i.T, i.X.Name())
}
func (i *Phi) String() string {
	s := make([]string, len(i.Edges))
	for k, v := range i.Edges {
		pred := "?"
		if b := i.Block(); b != nil && k < len(b.Preds) {
			pred = b.Preds[k].String()
		}
		s[k] = pred + ": " + v.Name()
	}
	return fmt.Sprintf("%s = phi [%s]", i.Name(), strings.Join(s, ", "))
}
func (i *Call) String() string {
	return fmt.Sprintf("%s = call %s(%s)", i.Name(), i.Callee.Name, names(i.Args))
}
func (i *Extract) String() string {
	return fmt.Sprintf("%s = extract %s #%d", i.Name(), i.Tuple.Name(), i.Index)
}
func (i *Alloc) String() string { return fmt.Sprintf("%s = alloc %s", i.Name(), i.Elem) }
func (i *Load) String() string  { return fmt.Sprintf("%s = load %s", i.Name(), i.Ptr.Name()) }
func (i *IndexAddr) String() string {
	return fmt.Sprintf("%s = &%s[%s]", i.Name(), i.Ptr.Name(), i.Index.Name())
}
func (i *Index) String() string {
	return fmt.Sprintf("%s = %s[%s]", i.Name(), i.X.Name(), i.Index.Name())
}
func (i *Store) String() string { return fmt.Sprintf("store %s <- %s", i.Ptr.Name(), i.Val.Name()) }

func succ(t Instr, i int) string {
	if b := t.Block(); b != nil && i < len(b.Succs) {
		return b.Succs[i].String()
	}
	return "?"
}

func (t *If) String() string {
	return fmt.Sprintf("if %s goto %s else %s", t.Cond.Name(), succ(t, 0), succ(t, 1))
}
func (t *Switch) String() string {
	var s strings.Builder
	fmt.Fprintf(&s, "switch %s", t.X.Name())
	for i, c := range t.Cases {
		fmt.Fprintf(&s, " [%s: %s]", c, succ(t, i))
	}
	fmt.Fprintf(&s, " default %s", succ(t, len(t.Cases)))
	return s.String()
}
func (t *Jump) String() string   { return "jump " + succ(t, 0) }
func (t *Return) String() string { return strings.TrimSpace("return " + names(t.Results)) }
func (t *Panic) String() string {
	if t.Unknown != "" {
		return "unknown call " + t.Unknown
	}
	if t.Exit {
		if t.X == nil {
			return "abort"
		}
		return "exit " + t.X.Name()
	}
	if t.X == nil {
		return "panic"
	}
	return "panic " + t.X.Name()
}

// String prints f deterministically: signature, then each block with its
// predecessors, instructions and terminator, and for a branching block the
// source position and text of the condition.
func (f *Func) String() string {
	var s strings.Builder
	params := make([]string, len(f.Params))
	for i, p := range f.Params {
		params[i] = p.Name() + " " + p.T.String()
	}
	results := make([]string, len(f.Results))
	for i, r := range f.Results {
		results[i] = r.String()
	}
	fmt.Fprintf(&s, "func %s(%s) (%s)  // %s %s\n", f.Name, strings.Join(params, ", "),
		strings.Join(results, ", "), f.Lang, f.Pos)
	if len(f.FreeVars) > 0 {
		free := make([]string, len(f.FreeVars))
		for i, p := range f.FreeVars {
			free[i] = p.Name() + " " + p.T.String()
		}
		fmt.Fprintf(&s, "\tfree %s\n", strings.Join(free, ", "))
	}
	for _, b := range f.Blocks {
		preds := make([]string, len(b.Preds))
		for i, p := range b.Preds {
			preds[i] = p.String()
		}
		fmt.Fprintf(&s, "%s: %s  preds [%s]\n", b, b.Comment, strings.Join(preds, " "))
		for _, in := range b.Instrs {
			fmt.Fprintf(&s, "\t%s\n", in)
		}
		if b.Term == nil {
			s.WriteString("\t<no terminator>\n")
			continue
		}
		fmt.Fprintf(&s, "\t%s", b.Term)
		if len(b.Succs) > 1 {
			e := Edge{b, 0}
			fmt.Fprintf(&s, "  // %s %q", e.Pos(), e.Cond())
		}
		s.WriteString("\n")
	}
	return s.String()
}
