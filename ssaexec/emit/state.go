package emit

import (
	"fmt"
	"go/types"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/ssaexec"
)

// The fmt.State of Format methods.
//
// A parameter of type fmt.State (or of another interface only it
// implements) holds pbcc's stock implementation (ssaexec/lowerstock.go):
// the test file declares it once, named after the source file
// (stack.go: stackState), and writes its values as
//
//	&stackState{flags: "+", width: 3, widthSet: true}
//
// with, after the call, what the method wrote in out, compared with cmp:
//
//	wantS: &stackState{flags: "+", out: "x=1 y=2"},

// stateDecl is the declaration of the state type NAME, added to a file
// that uses it; its fields are ssaexec.StateFields.
const stateDecl = `
// NAME is the fmt.State the tests give Format methods: the flags, width
// and precision of the verb, and what the method wrote (out).
type NAME struct {
	flags                  string
	width, precision       int
	widthSet, precisionSet bool
	out                    string
}

func (s *NAME) Write(b []byte) (int, error) { s.out += string(b); return len(b), nil }
func (s *NAME) Width() (int, bool)          { return s.width, s.widthSet }
func (s *NAME) Precision() (int, bool)      { return s.precision, s.precisionSet }
func (s *NAME) Flag(c int) bool {
	for _, f := range s.flags {
		if int(f) == c {
			return true
		}
	}
	return false
}
`

// stateName returns the name of the state type of the test file of the
// source file src: its base name in lower camel case and State
// ("stack.go": stackState), unless the package has that name already.
func stateName(src string, pkg *types.Package) string {
	base := strings.TrimSuffix(filepath.Base(src), ".go")
	var b strings.Builder
	up := false
	for _, r := range base {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			up = b.Len() > 0
		case up:
			b.WriteRune(unicode.ToUpper(r))
			up = false
		case b.Len() == 0 && unicode.IsDigit(r):
			b.WriteString("f")
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	name := b.String() + "State"
	if len(name) > 0 {
		name = strings.ToLower(name[:1]) + name[1:]
	}
	for pkg != nil && pkg.Scope().Lookup(name) != nil {
		name += "PBCC"
	}
	return name
}

// addStateDecl appends the declaration of the state type name to src
// when src uses it.
func addStateDecl(src []byte, name string) []byte {
	if name == "" || !regexp.MustCompile(`\b`+regexp.QuoteMeta(name)+`\b`).Match(src) {
		return src
	}
	return append(src, strings.ReplaceAll(stateDecl, "NAME", name)...)
}

// writeState writes a pointer to a state, l (ir.Pointer) its value.
func (w *litWriter) writeState(b *strings.Builder, l ir.Literal) error {
	if w.state == "" {
		return fmt.Errorf("cannot write a fmt.State here: no type declared for it")
	}
	if l.Ref == nil {
		fmt.Fprintf(b, "(*%s)(nil)", w.state)
		return nil
	}
	v := *l.Ref
	if len(v.Elems) != len(ssaexec.StateFields) {
		return fmt.Errorf("cannot write a fmt.State of %d fields", len(v.Elems))
	}
	var fields []string
	for i, name := range ssaexec.StateFields {
		e := v.Elems[i]
		var s string
		switch e.T.(type) {
		case ir.String:
			if e.Str != "" {
				s = quote(e.Str)
			}
		case ir.Bool:
			if e.Bits != 0 {
				s = "true"
			}
		case ir.Int:
			if n := e.Int64(); n != 0 {
				s = strconv.FormatInt(n, 10)
			}
		default:
			return fmt.Errorf("cannot write field %s of a fmt.State: %s", name, e)
		}
		if s != "" {
			fields = append(fields, name+": "+s)
		}
	}
	fmt.Fprintf(b, "&%s{%s}", w.state, strings.Join(fields, ", "))
	return nil
}

// heldOptions adds to opts the options of cmp.Diff for the dynamic types
// parameter i of f holds in its cases before or after the call: a
// buffer's comparer, cmp.AllowUnexported of the state type.
func (g *generator) heldOptions(f *function, i int, opts []string) ([]string, error) {
	have := map[string]bool{}
	for _, o := range opts {
		have[o] = true
	}
	seen := map[string]bool{}
	for _, c := range f.r.Cases {
		for _, l := range [][]ir.Literal{c.Inputs, c.After} {
			if i >= len(l) {
				continue
			}
			t, _, ok, err := ifaceImpl(l[i])
			if err != nil || !ok || seen[t.String()] {
				continue
			}
			seen[t.String()] = true
			var more []string
			if ssaexec.IsState(t) {
				more = []string{g.use(cmpPath) + ".AllowUnexported(" + g.state + "{})"}
			} else if more, err = g.cmpOptions(t); err != nil {
				return nil, err
			}
			for _, o := range more {
				if !have[o] {
					have[o] = true
					opts = append(opts, o)
				}
			}
		}
	}
	return opts, nil
}
