package emit

import (
	"fmt"
	"go/types"
	"sort"
	"strings"

	"github.com/pbcc/pbcc/gen/ir"
)

// Expected errors. An error result is compared by its message (the
// string field wantErr); when the error of some case wraps a sentinel the
// test can name (a variable of the package under test, or one of the
// standard library's, ir.StdSentinel), the table has a second field,
// wantErrIs, set on those cases, and the check adds
//
//	if tt.wantErrIs != nil && !errors.Is(err, tt.wantErrIs) { ... }
//
// which is what a reviewer expects of code that wraps errors: the
// message says what happened, errors.Is what callers may rely on.

// wrapsSentinel reports whether result i of f is, in some case that
// returns, an error that is or wraps a sentinel the test can name.
func (g *generator) wrapsSentinel(f *function, i int) bool {
	w := &litWriter{qual: g.qual, pkg: g.pkg}
	for _, c := range f.r.Cases {
		if c.Panic != "" || i >= len(c.Outputs) {
			continue
		}
		if _, ok := w.wrappedSentinel(c.Outputs[i]); ok {
			return true
		}
	}
	return false
}

// wrappedSentinel returns how the test names the sentinel error l is or
// wraps (see ir.Literal), when it can.
func (w *litWriter) wrappedSentinel(l ir.Literal) (string, bool) {
	for !l.Nil {
		if l.Global != nil {
			return w.sentinel(l.Global)
		}
		if len(l.Elems) == 0 {
			break
		}
		l = l.Elems[0]
	}
	return "", false
}

// Errors of the package's own types. When the real code returned, in
// some case, an error of a type the package declares (or one wrapping
// it, at any depth), ssaexec/oracle records its value (ir.Literal: Ref
// of an error); the table then has, per such type, a field holding the
// expected value, set on those cases, and the check adds
//
//	if tt.wantErrAs != nil {
//		var target *QtyError
//		if !errors.As(err, &target) { ... }
//		else if diff := cmp.Diff(tt.wantErrAs, target); diff != "" { ... }
//	}
//
// so that a wrong field (a quantity off by one) fails the test even when
// the message does not show it. The message stays checked as well.

// An asField is the table's field of one error type of the package.
type asField struct {
	impl  string     // the type as the recorder names it: "*QtyError", "Code"
	t     types.Type // the type itself
	col   types.Type // the field's type: t for a pointer type, else *t (nil in a row: no such error)
	field string     // the field's name
	opts  []string   // cmp.Diff's options for t
}

// asTypes returns the error types of the package that errors.As finds in
// result i of f in some case, sorted by name; types the package scope
// does not name (generic ones, local ones) are left to the message.
func (g *generator) asTypes(f *function, i int) []asField {
	if g.pkg == nil {
		return nil
	}
	seen := map[string]bool{}
	var out []asField
	for _, c := range f.r.Cases {
		if c.Panic != "" || i >= len(c.Outputs) {
			continue
		}
		impl, _, ok := typedError(c.Outputs[i])
		if !ok || seen[impl] {
			continue
		}
		seen[impl] = true
		tn, ok := g.pkg.Scope().Lookup(strings.TrimPrefix(impl, "*")).(*types.TypeName)
		if !ok {
			continue
		}
		t := tn.Type()
		if strings.HasPrefix(impl, "*") {
			t = types.NewPointer(t)
		}
		if !types.Implements(t, errorType) {
			continue
		}
		col := t
		if _, ok := t.Underlying().(*types.Pointer); !ok {
			col = types.NewPointer(t)
		}
		opts, err := g.cmpOptions(t)
		if err != nil {
			continue
		}
		out = append(out, asField{impl: impl, t: t, col: col, opts: opts})
	}
	sort.Slice(out, func(a, b int) bool { return out[a].impl < out[b].impl })
	return out
}

var errorType = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// typedError returns the type's name and the value of the error of the
// package's type errors.As finds in error literal l, when the real run
// recorded one.
func typedError(l ir.Literal) (string, ir.Literal, bool) {
	if l.Nil || l.Ref == nil {
		return "", ir.Literal{}, false
	}
	it, ok := l.Ref.T.(*ir.Interface)
	if !ok || len(it.Impls) != 1 || len(l.Ref.Elems) != 1 {
		return "", ir.Literal{}, false
	}
	return it.Impls[0].Name, l.Ref.Elems[0], true
}

// literal writes the expected value of field a for error literal l:
// "" when l holds no error of a's type.
func (a asField) literal(w *litWriter, l ir.Literal) (string, error) {
	impl, v, ok := typedError(l)
	if !ok || impl != a.impl {
		return "", nil
	}
	if a.col != a.t {
		// A value type: the field points to a copy.
		obj := v
		v = ir.Literal{T: ir.Pointer{Elem: obj.T}, Ref: &obj}
	}
	return w.literal(a.col, v)
}

// writeTypedError writes the error l, a value of a type of the package
// under test (l.Bits is 1): &ParseError{Line: 3}, timeout{}.
func (w *litWriter) writeTypedError(b *strings.Builder, l ir.Literal) error {
	impl, v, ok := typedError(l)
	if !ok || w.pkg == nil {
		return fmt.Errorf("cannot write the error %q of a type of the package here", l.Str)
	}
	name, ptr := strings.CutPrefix(impl, "*")
	tn, ok := w.pkg.Scope().Lookup(name).(*types.TypeName)
	if !ok {
		return fmt.Errorf("cannot write the error %q: no type %s in package %s", l.Str, name, w.pkg.Name())
	}
	t := tn.Type()
	if ptr {
		t = types.NewPointer(t)
		if p, isPtr := v.T.(ir.Pointer); !isPtr || v.Ref == nil {
			return fmt.Errorf("cannot write the error %q of type %s: %v", l.Str, impl, p)
		}
	}
	return w.write(b, t, v, false, place{})
}
