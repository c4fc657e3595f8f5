package ssaexec

import (
	"strings"
	"testing"

	"github.com/pbcc/pbcc/gen/ir"
)

// convInitSrc declares package-level variables initialised by
// conversions of constants, which go/ssa leaves as Convert instructions
// in init (jsonparser's trueLiteral = []byte("true")).
const convInitSrc = `package m

import "bytes"

type Bytes []byte

type Name string

var trueLiteral = []byte("true")
var empty = []byte("")
var runes = []rune("hé\xff")
var named = Bytes("ab")
var assigned Bytes = []byte("c")
var fromBytes = string([]byte{'h', 'i'})
var fromRunes = Name([]rune{'h', 0xe9, -1})
var nameBytes = []byte(Name("x"))
var byteLit = []byte{'a', 'b'}

func ParseBoolean(b []byte) (bool, bool) {
	switch {
	case bytes.Equal(b, trueLiteral):
		return true, true
	case bytes.Equal(b, byteLit):
		return false, true
	}
	return false, false
}

func All() ([]byte, []rune, Bytes, Bytes, string, Name, []byte) {
	return empty, runes, named, assigned, fromBytes, fromRunes, nameBytes
}
`

// TestGlobalConversions checks that the initial value of a package-level
// variable converted from a constant (a string to a byte or rune slice,
// a slice literal of constants to a string, named types of these) is
// that literal, so that the functions reading it are lowered.
func TestGlobalConversions(t *testing.T) {
	dir := writeModule(t, map[string]string{"m.go": convInitSrc})
	pkgs, err := Load(dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range pkgs[0].Errors {
		t.Errorf("unsupported: %v", e)
	}
	globals := map[string]*ir.Global{}
	for _, f := range pkgs[0].Funcs {
		for _, ld := range instrs[*ir.Load](f.IR) {
			if g, ok := ld.Ptr.(*ir.Global); ok {
				globals[g.Ident()] = g
			}
		}
	}
	bytes := func(s string) string {
		var b []string
		for _, c := range []byte(s) {
			b = append(b, ir.Literal{T: ir.Int{Bits: 8}, Bits: uint64(c)}.String())
		}
		return "{" + strings.Join(b, ", ") + "}"
	}
	for name, want := range map[string]string{
		"trueLiteral": bytes("true"),
		"empty":       "{}",
		"runes":       "{104, 233, 65533}",
		"named":       bytes("ab"),
		"assigned":    bytes("c"),
		"fromBytes":   `"hi"`,
		"fromRunes":   "\"hé\uFFFD\"",
		"nameBytes":   bytes("x"),
		"byteLit":     bytes("ab"),
	} {
		g := globals[name]
		if g == nil {
			t.Errorf("%s not loaded", name)
			continue
		}
		got := "<nil>"
		if g.Init != nil {
			got = g.Init.String()
			if name == "empty" && g.Init.Nil {
				t.Errorf("empty.Init is a nil slice, want an empty one")
			}
		}
		if got != want {
			t.Errorf("%s.Init = %s, want %s", name, got, want)
		}
	}
}
