package ssaexec

import "go/types"

// ConcreteTypes returns the named types declared in pkg that a value can
// have: no alias, no generic type, no interface; in the scope's order.
func ConcreteTypes(pkg *types.Package) []*types.Named {
	var out []*types.Named
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		n, ok := tn.Type().(*types.Named)
		if !ok || n.TypeParams().Len() > 0 || types.IsInterface(n) {
			continue
		}
		out = append(out, n)
	}
	return out
}
