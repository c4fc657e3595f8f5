package oracle

import (
	"fmt"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/pbcc/pbcc/gen/ir"
)

// The dynamic types an empty interface parameter is given in the search
// on the real code: those the function asserts or switches its interface
// values to (spf13/cast's ToIntE: case int, int8, ..., json.Number,
// time.Duration), in it and in the functions of its package it calls.
// Without them an `any` held only nil, an int or a string, and every
// other case of a type switch was out of reach.

// maxAsserted bounds the types listed per function.
const maxAsserted = 48

// driverImports are the packages the driver's glue imports under its
// own names.
var driverImports = map[string]string{"bytes": "pbccbytes", "reflect": "pbccreflect", "testing": "pbcctesting"}

// A driverImport is a package the driver imports for the types it names.
type driverImport struct{ Alias, Path string }

// typeNamer writes types in the driver, package own's test file: own's
// types unqualified, the driver's imports by their names, other
// packages' under a new import each.
type typeNamer struct {
	own     *types.Package
	extra   map[string]string // path -> alias
	imports []driverImport
}

// expr returns the Go expression of the reflect.Type of t in the driver,
// or false when the driver cannot name t (an unexported type of another
// package, an internal package's, a type parameter).
func (n *typeNamer) expr(t types.Type) (string, bool) {
	var used []*types.Package
	s := types.TypeString(t, func(p *types.Package) string {
		if p == n.own {
			return ""
		}
		used = append(used, p)
		return "PKG" + p.Path() + "PKG"
	})
	if !nameable(t, n.own, map[types.Type]bool{}) {
		return "", false
	}
	// All or nothing: an import registered for a type the driver does
	// not name would be unused, and the driver would not compile.
	for _, p := range used {
		_, known := driverImports[p.Path()]
		if !known && (p.Name() == "main" || strings.Contains("/"+p.Path()+"/", "/internal/")) {
			return "", false
		}
	}
	for _, p := range used {
		alias, known := driverImports[p.Path()]
		if !known {
			if alias, known = n.extra[p.Path()]; !known {
				alias = fmt.Sprintf("pbccimp%d", len(n.imports))
				if n.extra == nil {
					n.extra = map[string]string{}
				}
				n.extra[p.Path()] = alias
				n.imports = append(n.imports, driverImport{Alias: alias, Path: fmt.Sprintf("%q", p.Path())})
			}
		}
		s = strings.ReplaceAll(s, "PKG"+p.Path()+"PKG", alias)
	}
	return "pbccreflect.TypeOf((*" + s + ")(nil)).Elem()", true
}

// nameable reports whether every named type in t can be written in a
// file of package own: exported, or own's, and no type parameter.
func nameable(t types.Type, own *types.Package, seen map[types.Type]bool) bool {
	if seen[t] {
		return true
	}
	seen[t] = true
	switch t := types.Unalias(t).(type) {
	case *types.Basic:
		return t.Kind() != types.UnsafePointer && t.Info()&types.IsUntyped == 0
	case *types.Named:
		if t.TypeArgs().Len() > 0 {
			return false
		}
		obj := t.Obj()
		return obj.Pkg() == nil || obj.Pkg() == own || obj.Exported()
	case *types.Pointer:
		return nameable(t.Elem(), own, seen)
	case *types.Slice:
		return nameable(t.Elem(), own, seen)
	case *types.Array:
		return nameable(t.Elem(), own, seen)
	case *types.Map:
		return nameable(t.Key(), own, seen) && nameable(t.Elem(), own, seen)
	case *types.Interface:
		return t.Empty()
	}
	return false // structs, functions, channels, type parameters
}

// assertedTypes returns the concrete types fn asserts an empty interface
// value to (x.(T), a type switch's cases), in it, its function literals
// and the functions of its package it calls, a few levels deep; sorted,
// each once.
func assertedTypes(fn *ssa.Function) []types.Type {
	seen := map[*ssa.Function]bool{}
	byName := map[string]types.Type{}
	var walk func(f *ssa.Function, depth int)
	walk = func(f *ssa.Function, depth int) {
		if f == nil || seen[f] || depth > 3 || f.Pkg != fn.Pkg {
			return
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				switch in := in.(type) {
				case *ssa.TypeAssert:
					it, ok := in.X.Type().Underlying().(*types.Interface)
					if ok && it.Empty() && !types.IsInterface(in.AssertedType) {
						byName[in.AssertedType.String()] = in.AssertedType
					}
				case ssa.CallInstruction:
					walk(in.Common().StaticCallee(), depth+1)
				}
			}
		}
		for _, a := range f.AnonFuncs {
			walk(a, depth)
		}
	}
	walk(fn, 0)
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(names) > maxAsserted {
		names = names[:maxAsserted]
	}
	out := make([]types.Type, len(names))
	for i, n := range names {
		out[i] = byName[n]
	}
	return out
}

// reflectedTypes returns, when fn or a function of its package it calls
// looks at an interface through reflect (TypeOf, ValueOf), the dynamic
// types of f's empty interface parameters that reflect tells apart by
// kind: pointers, slices, arrays and maps, which no type switch names.
// spf13/cast's indirect follows pointers and ToBoolSliceE reads any
// slice; the search gave them only what their callers assert.
func reflectedTypes(fn *ssa.Function, f *ir.Func) []types.Type {
	if !callsReflect(fn, map[*ssa.Function]bool{}, 0) {
		return nil
	}
	var out []types.Type
	for _, it := range emptyIfaceParams(f) {
		for _, im := range it.Impls {
			t, ok := im.Src.(types.Type)
			if !ok {
				continue
			}
			switch t.Underlying().(type) {
			case *types.Pointer, *types.Slice, *types.Array, *types.Map:
				if !slices.ContainsFunc(out, func(u types.Type) bool { return types.Identical(t, u) }) {
					out = append(out, t)
				}
			}
		}
	}
	return out[:min(len(out), maxAsserted)]
}

// callsReflect reports whether fn, or a function of its package it
// calls a few levels deep, calls reflect.TypeOf or reflect.ValueOf.
func callsReflect(fn *ssa.Function, seen map[*ssa.Function]bool, depth int) bool {
	if fn == nil || seen[fn] || depth > 3 {
		return false
	}
	seen[fn] = true
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			c, ok := in.(ssa.CallInstruction)
			if !ok {
				continue
			}
			callee := c.Common().StaticCallee()
			if callee == nil {
				continue
			}
			if callee.Pkg != nil && callee.Pkg.Pkg.Path() == "reflect" && (callee.Name() == "TypeOf" || callee.Name() == "ValueOf") {
				return true
			}
			if callee.Pkg == fn.Pkg && callsReflect(callee, seen, depth+1) {
				return true
			}
		}
	}
	for _, a := range fn.AnonFuncs {
		if callsReflect(a, seen, depth) {
			return true
		}
	}
	return false
}

// packageVars returns the names of the variables of the package of fns,
// sorted: the driver restores them before each function's search
// (pbccRestoreGlobals).
func packageVars(fns []*ir.Func) []string {
	var pkg *ssa.Package
	for _, f := range fns {
		if fn, ok := f.Src.(*ssa.Function); ok && fn.Pkg != nil {
			pkg = fn.Pkg
			break
		}
	}
	if pkg == nil {
		return nil
	}
	var names []string
	for name, m := range pkg.Members {
		g, ok := m.(*ssa.Global)
		if !ok || name == "_" || g.Object() == nil || strings.HasPrefix(name, "init$") || strings.HasPrefix(name, "pbcc") || strings.HasPrefix(name, "_pbcc") {
			continue
		}
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// heldByParam reports whether an interface parameter of f may hold a
// value of type t in the model (t is among its Impls): the cases of the
// search are read back in the model's types, and an input holding
// another type would be dropped (spf13/cast's ToStringMapInt, whose
// interface{} holds what its callee asserts, lost its only case).
func heldByParam(f *ir.Func, t types.Type) bool {
	for _, it := range emptyIfaceParams(f) {
		for _, im := range it.Impls {
			if src, ok := im.Src.(types.Type); ok && types.Identical(src, t) {
				return true
			}
		}
	}
	return false
}

// emptyIfaceParams returns the types of f's parameters that are empty
// interfaces: the values the search makes for them (Anys) must be ones
// they hold, not ones another parameter's io.Writer does (kr/pretty's
// Fdiff was given a *bytes.Buffer for its a and b, which no case could
// then be read back with).
func emptyIfaceParams(f *ir.Func) []*ir.Interface {
	var out []*ir.Interface
	for _, p := range f.Params {
		it, ok := p.T.(*ir.Interface)
		if !ok {
			continue
		}
		if src, ok := it.Src.(types.Type); ok {
			if u, ok := src.Underlying().(*types.Interface); ok && u.Empty() {
				out = append(out, it)
			}
		}
	}
	return out
}
