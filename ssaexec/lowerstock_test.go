package ssaexec

import (
	"testing"

	"github.com/pbcc/pbcc/gen/ir"
)

// TestLowerStockImplementations: an interface no type of the module
// implements gets one stock implementation, the first that fits
// (*bytes.Buffer for io.Writer and fmt.Stringer, pbcc's state for
// fmt.State); one the module implements keeps only the module's; a
// fmt.State passed on as an io.Writer does not make the state an
// io.Writer's value.
func TestLowerStockImplementations(t *testing.T) {
	dir := writeModule(t, map[string]string{"m.go": `package m

import (
	"fmt"
	"io"
)

func Write(w io.Writer) { io.WriteString(w, "x") }

func Format(s fmt.State) { Write(s) }

func Name(s fmt.Stringer) string { return s.String() }

type Celsius int

func (c Celsius) String() string { return "C" }

type Named interface{ String() string }

func Own(n Named) string { return n.String() }
`})
	pkgs, err := Load(dir, ".")
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	params := map[string]ir.Type{}
	for _, f := range pkgs[0].Funcs {
		params[f.IR.Name] = f.IR.Params[0].T
	}
	for _, s := range pkgs[0].Skipped {
		params[s.IR.Name] = s.IR.Params[0].T
	}
	for name, want := range map[string]string{
		"m.Write":  "*bytes.Buffer",
		"m.Format": StateName,
		"m.Name":   "Celsius *Celsius", // fmt.Stringer: the module's Celsius, no stock
		"m.Own":    "Celsius *Celsius",
	} {
		it, ok := params[name].(*ir.Interface)
		if !ok {
			t.Errorf("%s: parameter of type %v, want an interface", name, params[name])
			continue
		}
		if got := impls(it); got != want {
			t.Errorf("%s: implementations %q, want %q", name, got, want)
		}
	}
}
