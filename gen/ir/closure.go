package ir

import "fmt"

// This file holds closures: Go function literals that capture variables
// of the function around them, and method values (x.M), which go/ssa
// makes as closures of a wrapper capturing the receiver.
//
// A closure's Func lists its captured variables in FreeVars. A
// MakeClosure pairs the Func with one value per free variable (its
// bindings); calling the closure value runs the Func with the bindings as
// FreeVars and the call's arguments as Params. A variable the closure
// assigns is captured by address (go/ssa has already turned it into an
// Alloc), so the binding is a pointer and both functions see the same
// cell.

// MakeClosure is the function value of Fn with its free variables bound
// to Bindings, in the order of Fn.FreeVars. Its type is Fn's signature
// without the free variables.
type MakeClosure struct {
	aValue
	Fn       *Func
	Bindings []Value
}

// NewMakeClosure returns the closure of fn over bindings.
func NewMakeClosure(fn *Func, bindings []Value) *MakeClosure {
	t := &Signature{Params: paramTypes(fn), Results: fn.Results}
	return &MakeClosure{aValue: aValue{T: t}, Fn: fn, Bindings: bindings}
}

func (i *MakeClosure) Operands() []Value { return i.Bindings }
func (i *MakeClosure) String() string {
	return fmt.Sprintf("%s = closure %s [%s]", i.Name(), i.Fn.Name, names(i.Bindings))
}

// NewStub returns a function of type sig that returns the values of its
// free variables, whatever its arguments: the function value a test
// writes as a literal (func(int) bool { return true }) when a parameter
// of function type needs results the package's functions cannot give.
// Its FreeVars are its results.
func NewStub(sig *Signature) *Func {
	f := &Func{Name: "stub", Lang: Go, Results: sig.Results, stub: true}
	for i, t := range sig.Params {
		f.Params = append(f.Params, NewParam(fmt.Sprintf("p%d", i), t))
	}
	var rs []Value
	for i, t := range sig.Results {
		p := NewParam(fmt.Sprintf("r%d", i), t)
		f.FreeVars = append(f.FreeVars, p)
		rs = append(rs, p)
	}
	f.NewBlock("entry").SetTerm(&Return{Results: rs})
	return f
}

// IsStub reports whether f was made by NewStub.
func (f *Func) IsStub() bool { return f.stub }

// Closures returns the functions whose closures f makes (MakeClosure),
// and theirs in turn, in the order first met: the function literals of f,
// whose branches are part of f as the source reads.
func (f *Func) Closures() []*Func {
	var out []*Func
	seen := map[*Func]bool{f: true}
	var walk func(g *Func)
	walk = func(g *Func) {
		for _, b := range g.Blocks {
			for _, in := range b.Instrs {
				if mc, ok := in.(*MakeClosure); ok && !seen[mc.Fn] && !mc.Fn.IsStub() {
					seen[mc.Fn] = true
					out = append(out, mc.Fn)
					walk(mc.Fn)
				}
			}
		}
	}
	walk(f)
	return out
}
