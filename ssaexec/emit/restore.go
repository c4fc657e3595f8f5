package emit

import (
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"
)

// Package-level variables a call changes. The tests do not set the
// package's variables (unless pbcc gen -globals made them inputs): each
// case expects the function to start from the values the package gives
// them. A function that changes one would leave the next case (and the
// next test) another state, so the subtest saves the variable and
// restores it with t.Cleanup: the variable itself when the function
// assigns it (count++), a copy of its contents (maps.Clone, slices.Clone)
// when it changes a map's entries or a slice's elements in place. The
// contents of what a pointer variable points to are not restored.

// A restored variable is one a call may change.
type restored struct {
	v     *types.Var
	clone string // "maps", "slices": the package whose Clone copies it; "" to save the variable
}

// changedGlobals returns the package-level variables of the package under
// test that f, or a function of the package it calls, may change, in name
// order.
func (g *generator) changedGlobals(f *function) []restored {
	found := map[*types.Var]string{}
	note := func(gv *ssa.Global, clone string) {
		v, ok := gv.Object().(*types.Var)
		if !ok || gv.Pkg == nil || gv.Pkg.Pkg != g.pkg {
			return
		}
		if old, seen := found[v]; !seen || (old != "" && clone == "") {
			found[v] = clone // saving the variable is enough when it is assigned
		}
	}
	seen := map[*ssa.Function]bool{}
	var visit func(fn *ssa.Function)
	visit = func(fn *ssa.Function) {
		if fn == nil || seen[fn] || fn.Pkg == nil || fn.Pkg.Pkg != g.pkg {
			return
		}
		seen[fn] = true
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				switch in := in.(type) {
				case *ssa.Store:
					if gv, clone, ok := changedRoot(in.Addr); ok {
						note(gv, clone)
					}
				case *ssa.MapUpdate:
					if gv, ok := loadedGlobal(in.Map); ok {
						note(gv, "maps")
					}
				case ssa.CallInstruction:
					c := in.Common()
					if b, ok := c.Value.(*ssa.Builtin); ok && b.Name() == "delete" {
						if gv, ok := loadedGlobal(c.Args[0]); ok {
							note(gv, "maps")
						}
					}
					visit(c.StaticCallee())
				}
			}
		}
		for _, anon := range fn.AnonFuncs {
			visit(anon)
		}
	}
	visit(f.fn)
	out := make([]restored, 0, len(found))
	for v, clone := range found {
		if holdsLock(v.Type(), 0) {
			// Its copy would copy a mutex (BurntSushi/toml's
			// fieldCache, a cache): it is left as the call leaves it.
			continue
		}
		out = append(out, restored{v: v, clone: clone})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].v.Name() < out[j].v.Name() })
	return out
}

// changedRoot returns the package-level variable a store through addr
// changes: the variable itself (clone ""), through its fields and
// elements, or the elements of the slice it holds (clone "slices").
func changedRoot(addr ssa.Value) (*ssa.Global, string, bool) {
	for {
		switch a := addr.(type) {
		case *ssa.Global:
			return a, "", true
		case *ssa.FieldAddr:
			addr = a.X
		case *ssa.IndexAddr:
			if _, ok := a.X.Type().Underlying().(*types.Slice); ok {
				if gv, ok := loadedGlobal(a.X); ok {
					return gv, "slices", true
				}
				return nil, "", false
			}
			addr = a.X
		default:
			return nil, "", false
		}
	}
}

// loadedGlobal returns the variable v when v is the value loaded from it.
func loadedGlobal(v ssa.Value) (*ssa.Global, bool) {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		gv, ok := u.X.(*ssa.Global)
		return gv, ok
	}
	return nil, false
}
