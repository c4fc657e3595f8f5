package ssaexec

import (
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/pbcc/pbcc/gen/ir"
)

// ---- Values: constants, globals, function values ----

// value returns the IR value of v, used by an instruction at pos. A
// constant the IR has no constant for (a zero array or struct) is
// materialised in the current block.
func (l *fnLowering) value(v ssa.Value, pos token.Pos) ir.Value {
	switch v := v.(type) {
	case *ssa.Const:
		return l.constant(v, pos)
	case *ssa.Parameter:
		return l.params[v]
	case *ssa.Function:
		return l.funcRef(v, pos)
	case *ssa.Global:
		return l.global(v, pos)
	case *ssa.FreeVar:
		return l.free[v]
	case *ssa.Builtin:
		l.unsupported(pos, "builtin %s as a value", v.Name())
	}
	if x, ok := l.values[v]; ok {
		return x
	}
	l.unsupported(pos, "value %s (%s)", v.Name(), v.String())
	return nil
}

// constant lowers a constant:
//
//   - integers and booleans: ir.Const, integers masked to their width;
//   - floats: ir.FloatConst with the IEEE bits of the value rounded to
//     the type (float32 constants are rounded once, to binary32);
//   - nil pointers, slices, functions, maps and errors: ir.NilConst;
//   - strings: ir.StringConst;
//   - the zero array or struct: the Load of a fresh Alloc (zero).
func (l *fnLowering) constant(c *ssa.Const, pos token.Pos) ir.Value {
	t, why := l.lw.typ(c.Type())
	if why != "" {
		l.unsupported(pos, "constant %s: %s", c.Name(), why)
	}
	switch t := t.(type) {
	case ir.Bool, ir.Int, ir.Float:
		lit := constLiteral(c, t)
		return &ir.Const{T: t, Bits: lit.Bits}
	case ir.String:
		s := ""
		if c.Value != nil {
			s = constant.StringVal(c.Value)
		}
		return ir.StringConst(s)
	case ir.Pointer, ir.Slice, *ir.Signature, ir.Map, ir.Error, *ir.Interface:
		return ir.NilConst(t)
	case ir.Array, *ir.Struct:
		return l.zero(t)
	}
	l.unsupported(pos, "constant %s of type %s", c.Name(), typeString(c.Type()))
	return nil
}

// constLiteral returns the value of a boolean, integer, float or string
// constant of IR type t (nil for the zero value).
func constLiteral(c *ssa.Const, t ir.Type) ir.Literal {
	lit := ir.Literal{T: t}
	if c.Value == nil {
		return lit
	}
	switch t := t.(type) {
	case ir.Bool:
		if constant.BoolVal(c.Value) {
			lit.Bits = 1
		}
	case ir.Int:
		v := constant.ToInt(c.Value)
		if u, exact := constant.Uint64Val(v); exact {
			lit.Bits = u & t.Mask()
		} else {
			i, _ := constant.Int64Val(v)
			lit.Bits = uint64(i) & t.Mask()
		}
	case ir.Float:
		v := constant.ToFloat(c.Value)
		if t.Bits == 32 {
			f, _ := constant.Float32Val(v)
			lit.Bits = uint64(math.Float32bits(f))
		} else {
			f, _ := constant.Float64Val(v)
			lit.Bits = math.Float64bits(f)
		}
	case ir.String:
		lit.Str = constant.StringVal(c.Value)
	}
	return lit
}

// zero returns the zero value of an array or struct type, emitted as the
// load of a fresh, zeroed cell: the IR has no aggregate constants.
func (l *fnLowering) zero(t ir.Type) ir.Value {
	return l.emit(ir.NewLoad(l.emit(ir.NewAlloc(t))))
}

// global returns the ir.Global of the package-level variable v: one per
// variable, of the variable's type, named by its Go name, with Init the
// value the package's initialisation gives it when initLiteral can tell
// (a constant, a composite literal of constants). An error variable that
// init sets once to errors.New(c), or fmt.Errorf(c) without arguments, c
// a constant, is a sentinel: its Init is the error literal of message c
// and it is never an Input. Input is set by markInputGlobals.
func (l *fnLowering) global(v *ssa.Global, pos token.Pos) *ir.Global {
	lw := l.lw
	if g, ok := lw.globals[v]; ok {
		return g
	}
	name := v.Name()
	if v.Pkg != nil {
		name = v.Pkg.Pkg.Name() + "." + v.Name()
	}
	if g, ok := lw.stdSentinel(v); ok {
		lw.globals[v] = g
		return g
	}
	if v.Pkg == nil || !lw.inModule[v.Pkg.Pkg] {
		if g, ok := lw.stdGlobal(v, name); ok {
			return g
		}
		l.unsupported(pos, "package-level variable %s%s", name, outside(v.Pkg))
	}
	t, why := lw.typ(v.Type().(*types.Pointer).Elem())
	if why != "" {
		l.unsupported(pos, "package-level variable %s: %s", name, why)
	}
	g := ir.NewGlobal(v.Name(), t)
	g.Pos = lw.pos(v.Pos())
	if _, ok := t.(ir.Error); ok {
		// A sentinel error: var ErrX = errors.New("x").
		if call, ok := lw.initValue(v).(*ssa.Call); ok {
			if msg, ok := errorMessage(call); ok {
				g.Init = &ir.Literal{T: t, Str: msg}
				lw.sentinels[g] = true
			} else if lit, ok := l.wrappedSentinel(call, pos); ok {
				// var ErrX = fmt.Errorf("x: %w", ErrY)
				g.Init = &lit
				lw.sentinels[g] = true
			}
		}
	}
	if !lw.sentinels[g] {
		// What the package's initialisation gives it (lowerinit.go).
		g.Init, lw.noInit[g] = lw.initLiteral(v, t)
	}
	lw.globals[v] = g
	return g
}

// stdGlobal returns the global of v, a variable of the standard library
// of an empty struct type (binary.BigEndian, binary.LittleEndian): the
// receiver of the methods followed, with nothing in it to model.
func (lw *lowerer) stdGlobal(v *ssa.Global, name string) (*ir.Global, bool) {
	st, ok := v.Type().(*types.Pointer).Elem().Underlying().(*types.Struct)
	if !ok || st.NumFields() != 0 || v.Pkg == nil || !stdPackage(v.Pkg) {
		return nil, false
	}
	t, why := lw.typ(v.Type().(*types.Pointer).Elem())
	if why != "" {
		return nil, false
	}
	g := ir.NewGlobal(name, t)
	zero := ir.Zero(t)
	g.Init = &zero
	lw.globals[v] = g
	return g, true
}

// outside says why a function or variable of package p cannot be
// followed: " (standard library not modelled yet)" or " (outside the
// module)".
func outside(p *ssa.Package) string {
	if p != nil && !strings.Contains(strings.Split(p.Pkg.Path(), "/")[0], ".") {
		return " (standard library not modelled yet)"
	}
	return " (outside the module)"
}

// initValue returns the value the package's init function stores in v,
// when it stores exactly one.
func (lw *lowerer) initValue(v *ssa.Global) ssa.Value {
	inits, ok := lw.inits[v.Pkg]
	if !ok {
		inits = map[*ssa.Global]ssa.Value{}
		stores := map[*ssa.Global]int{}
		if init := v.Pkg.Func("init"); init != nil {
			for _, b := range init.Blocks {
				for _, in := range b.Instrs {
					st, ok := in.(*ssa.Store)
					if !ok {
						continue
					}
					g, ok := st.Addr.(*ssa.Global)
					if !ok {
						continue
					}
					stores[g]++
					inits[g] = st.Val
				}
			}
		}
		for g, n := range stores {
			if n != 1 {
				delete(inits, g)
			}
		}
		lw.inits[v.Pkg] = inits
	}
	return inits[v]
}

// markInputGlobals looks at the globals the function may read: every use
// of a global's address but as the address of a Store, directly or
// through field and element addresses. With -globals (lowerer.globalInputs)
// they are inputs: the test sets them (Input). Without, they hold the
// value the package gives them (Init), and a function that reads one whose
// initial value pbcc cannot tell is not supported.
func (l *fnLowering) markInputGlobals() {
	var ops []*ssa.Value
	for _, b := range l.fn.Blocks {
		for _, in := range b.Instrs {
			for _, op := range in.Operands(ops[:0]) {
				v, ok := (*op).(*ssa.Global)
				if !ok || !mayRead(in, v) {
					continue
				}
				g, ok := l.lw.globals[v]
				if !ok || l.lw.sentinels[g] || v.Pkg == nil || !l.lw.inModule[v.Pkg.Pkg] {
					continue // a test sets only the module's variables
				}
				if l.lw.globalInputs {
					g.Input = true
				} else if why := l.lw.noInit[g]; why != "" {
					l.unsupported(in.Pos(), "package-level variable %s, whose initial value pbcc cannot tell: %s (pbcc gen -globals makes it an input)", v.Name(), why)
				}
			}
		}
	}
}

// mayRead reports whether instr, which uses the address a, may read the
// memory a points to: it does unless it only stores through a, or takes
// addresses inside a that are only stored through.
func mayRead(instr ssa.Instruction, a ssa.Value) bool {
	switch in := instr.(type) {
	case *ssa.Store:
		return in.Val == a
	case *ssa.DebugRef:
		return false
	case *ssa.FieldAddr, *ssa.IndexAddr:
		v := in.(ssa.Value)
		for _, r := range *v.Referrers() {
			if mayRead(r, v) {
				return true
			}
		}
		return false
	}
	return true
}

// funcRef returns a function used as a value: an ir.FuncRef to its
// Func, lowered like a callee. Closures with free variables never get
// here (they are MakeClosure instructions).
func (l *fnLowering) funcRef(fn *ssa.Function, pos token.Pos) ir.Value {
	cs := l.callee(fn, pos, "function value")
	return &ir.FuncRef{Func: cs.ir}
}
