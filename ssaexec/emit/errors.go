package emit

import (
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
