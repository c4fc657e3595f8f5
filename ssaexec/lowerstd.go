package ssaexec

import (
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/stdlib"
)

// ---- Calls into the standard library ----

// A call of a function of the standard library that package stdlib can
// call (a pure function of integers, floats, bools, strings and byte
// slices: strings.IndexByte, strconv.Itoa, unicode.IsDigit, ...) is not
// followed into its body: it becomes
//
//	t3 = extern strings.IndexByte(s, 61:u8)
//
// The executor models the common ones and treats the results of the
// others as unknowns the replay learns (see package symexec). A call of
// any other function outside the module stops the lowering, naming it.

// externName returns the name ("unicode/utf8.RuneLen") under which the
// executor can call fn, or false when it cannot.
func externName(fn *ssa.Function) (string, bool) {
	name := stdFunc(fn)
	if name == "" || fn.TypeParams().Len() > 0 || fn.Origin() != nil {
		return "", false
	}
	if _, ok := stdlib.Lookup(name); !ok {
		return "", false
	}
	return name, true
}

// externCall lowers a call of a function of stdlib's table: CallExtern.
// It returns false for other functions.
func (l *fnLowering) externCall(fn *ssa.Function, common *ssa.CallCommon, pos token.Pos) (ir.Value, bool) {
	name, ok := externName(fn)
	if !ok {
		return nil, false
	}
	results, why := l.lw.types(fn.Signature.Results())
	if why != "" {
		l.unsupported(pos, "call of %s: %s", name, why)
	}
	args := make([]ir.Value, len(common.Args))
	for i, a := range common.Args {
		l.valueType(a, pos)
		args[i] = l.value(a, pos)
	}
	return l.emit(ir.NewCallExtern(name, args, results)), true
}

// stdPackage reports whether p belongs to the standard library: its path
// does not start with a domain name.
func stdPackage(p *ssa.Package) bool {
	return p != nil && !strings.Contains(strings.Split(p.Pkg.Path(), "/")[0], ".")
}

// stdUnmodelled says why a call of fn, a function of the standard
// library outside stdlib's table, cannot be lowered.
func stdUnmodelled(fn *ssa.Function) string {
	return "call of " + fn.String() + " (not in pbcc's table of standard library functions: " +
		"pure functions of numbers, bools, strings and byte slices)"
}
