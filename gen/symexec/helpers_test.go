package symexec_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/symexec"
	"github.com/pbcc/pbcc/ssaexec"
)

var (
	loadOnce sync.Once
	loaded   []*ssaexec.Package
	loadErr  error
)

// testdata returns the functions of the module's testdata/go packages,
// loaded once for all the tests of the package.
func testdata(t *testing.T) []*ir.Func {
	t.Helper()
	loadOnce.Do(func() { loaded, loadErr = ssaexec.Load("../..", "./testdata/go/...") })
	if loadErr != nil {
		t.Fatalf("ssaexec.Load: %v", loadErr)
	}
	var fs []*ir.Func
	for _, p := range loaded {
		for _, f := range p.Funcs {
			fs = append(fs, f.IR)
		}
	}
	if len(fs) == 0 {
		t.Fatal("no testdata functions")
	}
	return fs
}

// fn returns the testdata function called name, e.g. "trityp.Trityp".
func fn(t *testing.T, name string) *ir.Func {
	t.Helper()
	for _, f := range testdata(t) {
		if f.Name == name {
			return f
		}
	}
	t.Fatalf("no testdata function %s", name)
	return nil
}

// lit returns the literal of type t for v: an int64, a bool, a string,
// or a slice of those for an array or a struct.
func lit(t *testing.T, typ ir.Type, v any) ir.Literal {
	t.Helper()
	switch typ := typ.(type) {
	case ir.Int:
		return ir.Literal{T: typ, Bits: uint64(v.(int)) & typ.Mask()}
	case ir.Bool:
		if v.(bool) {
			return ir.Literal{T: typ, Bits: 1}
		}
		return ir.Literal{T: typ}
	case ir.Array:
		vs := v.([]any)
		if len(vs) != typ.Len {
			t.Fatalf("%d elements for %s", len(vs), typ)
		}
		l := ir.Literal{T: typ}
		for _, e := range vs {
			l.Elems = append(l.Elems, lit(t, typ.Elem, e))
		}
		return l
	case ir.String:
		return ir.Literal{T: typ, Str: v.(string)}
	case *ir.Struct:
		vs := v.([]any)
		if len(vs) != len(typ.Fields) {
			t.Fatalf("%d fields for %s", len(vs), typ)
		}
		l := ir.Literal{T: typ}
		for i, e := range vs {
			l.Elems = append(l.Elems, lit(t, typ.Fields[i].T, e))
		}
		return l
	}
	t.Fatalf("no literal of type %s", typ)
	return ir.Literal{}
}

// args returns the arguments of f for vs, one per parameter.
func args(t *testing.T, f *ir.Func, vs ...any) symexec.Args {
	t.Helper()
	if len(vs) != len(f.Params) {
		t.Fatalf("%s: %d arguments for %d parameters", f.Name, len(vs), len(f.Params))
	}
	ls := make([]ir.Literal, len(vs))
	for i, v := range vs {
		ls[i] = lit(t, f.Params[i].T, v)
	}
	return symexec.Args{Params: ls}
}

// params is the Args of the parameter literals ls.
func params(ls ...ir.Literal) symexec.Args { return symexec.Args{Params: ls} }

// inputs returns the input model of f, with the default bounds.
func inputs(t *testing.T, f *ir.Func) *symexec.InputModel {
	t.Helper()
	in, err := symexec.NewInputs(f, symexec.DefaultBounds)
	if err != nil {
		t.Fatalf("NewInputs(%s): %v", f.Name, err)
	}
	return in
}

// show prints literals separated by spaces.
func show(ls []ir.Literal) string {
	s := make([]string, len(ls))
	for i, l := range ls {
		s[i] = l.String()
	}
	return strings.Join(s, " ")
}

// edgeName is "func b1->b2" for an edge.
func edgeName(e ir.Edge) string { return fmt.Sprintf("%s %s", e.From.Func.Name, e) }

// took reports whether edges holds e.
func took(edges []ir.Edge, e ir.Edge) bool {
	for _, x := range edges {
		if x == e {
			return true
		}
	}
	return false
}

// builder helps to build IR by hand.
type builder struct {
	f   *ir.Func
	pos int
}

func newFunc(name string, lang ir.Lang, results []ir.Type, params ...*ir.Param) *builder {
	return &builder{f: &ir.Func{Name: name, Lang: lang, Params: params, Results: results}}
}

// cond returns an If on c, with a fresh source position.
func (b *builder) cond(c ir.Value, text string) *ir.If {
	b.pos++
	t := &ir.If{Cond: c, Text: text}
	t.Pos = ir.Pos{File: "hand.go", Line: b.pos, Col: 1}
	return t
}

// done renumbers and checks the function.
func (b *builder) done(t *testing.T) *ir.Func {
	t.Helper()
	b.f.Renumber()
	if err := ir.Check(b.f); err != nil {
		t.Fatalf("hand-built IR: %v\n%s", err, b.f)
	}
	return b.f
}

var (
	i64 = ir.Int{Bits: 64, Signed: true}
	i32 = ir.Int{Bits: 32, Signed: true}
)

func c64(v int64) *ir.Const { return ir.IntConst(i64, v) }
