package ssaexec

import (
	"testing"

	"github.com/pbcc/pbcc/gen/ir"
)

// TestSkippedSignatureTypes: a function whose parameter or result the
// model cannot hold (a map with pointer keys, a reflect.Value, a struct
// holding one) is skipped with its error, but its signature lowers with
// an approximate type, so that it is searched on the real code; the
// model's own struct type is left without it.
func TestSkippedSignatureTypes(t *testing.T) {
	dir := writeModule(t, map[string]string{"m.go": `package m

import "reflect"

type key struct{ a, b int }

type holder struct {
	seen map[*key]int
	n    int
}

func Seen(m map[*key]int, a int) bool { _, ok := m[&key{a, a}]; return ok }

func Kind(v reflect.Value) string { return v.Kind().String() }

func (h *holder) Reset() *holder { h.n = 0; return h }

func Field(v reflect.Value, i int) reflect.Value { return v.Field(i) }

func Plain(k key) int { return k.a + k.b }
`})
	pkgs, err := Load(dir, ".")
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	skipped := map[string]*Skipped{}
	for _, s := range pkgs[0].Skipped {
		skipped[s.IR.Name] = s
	}
	seen := skipped["m.Seen"]
	if seen == nil {
		t.Fatalf("m.Seen not skipped with its signature: %v", pkgs[0].Errors)
	}
	if m, ok := seen.IR.Params[0].T.(ir.Map); !ok {
		t.Errorf("m.Seen's map is %v, want an ir.Map", seen.IR.Params[0].T)
	} else if p, ok := m.Key.(ir.Pointer); !ok {
		t.Errorf("m.Seen's map key is %v, want a pointer to the struct key", m.Key)
	} else if s, ok := p.Elem.(*ir.Struct); !ok || len(s.Fields) != 2 {
		t.Errorf("m.Seen's map key points to %v, want the struct key", p.Elem)
	}
	for _, name := range []string{"m.Kind", "m.Field"} {
		s := skipped[name]
		if s == nil {
			t.Fatalf("%s not skipped with its signature: %v", name, pkgs[0].Errors)
		}
		rv, ok := s.IR.Params[0].T.(*ir.Interface)
		if !ok || rv.Name != "reflect.Value" || rv.Tag("int") == 0 || rv.Tag("key") == 0 || rv.Tag("*key") == 0 {
			t.Errorf("%s's reflect.Value is %v, want an interface of int, key, *key...", name, s.IR.Params[0].T)
		}
	}
	if r := skipped["m.Field"].IR.Results; len(r) != 1 || r[0] == nil {
		t.Errorf("m.Field's result is %v, want the reflect.Value", r)
	}
	reset := skipped["m.holder.Reset"]
	if reset == nil {
		t.Fatalf("m.holder.Reset not skipped with its signature: %v", pkgs[0].Errors)
	}
	if p, ok := reset.IR.Params[0].T.(ir.Pointer); !ok {
		t.Errorf("the receiver is %v, want a pointer", reset.IR.Params[0].T)
	} else if s, ok := p.Elem.(*ir.Struct); !ok || len(s.Fields) != 2 {
		t.Errorf("the receiver points to %v, want holder", p.Elem)
	}
	// Plain's key is the model's own struct, run by the model.
	var plain bool
	for _, f := range pkgs[0].Funcs {
		plain = plain || f.IR.Name == "m.Plain"
	}
	if !plain {
		t.Errorf("m.Plain is not modelled: %v", pkgs[0].Errors)
	}
}
