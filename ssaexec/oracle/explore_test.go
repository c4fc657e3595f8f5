package oracle

import (
	"context"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/ssaexec"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// TestSideEffect checks that the search on the real code leaves alone
// the functions that would act on the machine, directly or through a
// callee, even after a call that only reads its state; that it tells
// those that read the machine's state (their cases check only that the
// call does not panic), and runs the others. An environment variable read
// by a constant name is an input the tests set, not the machine's state,
// and a call of os.Exit in the package is the outcome of a call
// (ir.Func.Exits: cover makes it the search's), not an act.
func TestSideEffect(t *testing.T) {
	pkg := buildPackage(t, sideEffectSrc)
	type want struct {
		call string
		acts bool
	}
	for name, w := range map[string]want{
		"Clean": {"os.RemoveAll", true}, "viaCallee": {"os.RemoveAll", true}, "Later": {"", false},
		"Home": {"", false}, "Var": {"os.Getenv", false}, "Owner": {"os.Getuid", false}, "ReadThenRemove": {"os.Remove", true},
		"Pure": {"", false}, "NotFound": {"", false}, "MachineID": {"os.ReadFile", false},
	} {
		if call, acts := sideEffect(pkg.Func(name), false, nil); call != w.call || acts != w.acts {
			t.Errorf("sideEffect(%s) = %q, %v; want %q, %v", name, call, acts, w.call, w.acts)
		}
	}
}

// TestDictionaryReadsGlobals checks that the words the search splices
// into strings include the constants the package stores into the
// variables the function reads (a map literal's keys, a slice literal's
// elements), not those of variables it does not read, and the digits of
// an overflow bound.
func TestDictionaryReadsGlobals(t *testing.T) {
	pkg := buildPackage(t, `package p

var unitMap = map[string]uint64{"ms": 1e6, "h": 36e11}
var names = []string{"zero", "one"}
var unread = map[string]int{"elsewhere": 1}
var ops map[string]int

func init() {
	ops = map[string]int{"~>": 1}
}

func Parse(s string) (uint64, bool) {
	var x uint64
	for _, c := range []byte(s) {
		if x > 1<<63/10 {
			return 0, false
		}
		x = x*10 + uint64(c-'0')
	}
	if names[0] == s {
		return 0, true
	}
	u, ok := unitMap[s]
	return x * u * uint64(ops[s]), ok
}
`)
	d := dictionary(pkg.Func("Parse"), false)
	for _, w := range []string{`"ms"`, `"h"`, `"zero"`, `"one"`, `"~>"`, `"922337203685477580"`} {
		if !slices.Contains(d.strs, w) {
			t.Errorf("the dictionary's words %v lack %s", d.strs, w)
		}
	}
	if slices.Contains(d.strs, `"elsewhere"`) {
		t.Errorf("the dictionary's words %v have a constant of a variable Parse does not read", d.strs)
	}
}

// TestDictionaryCalleeGlobals: a function that reads the environment
// gets the constants of the variables its callees read too (runewidth's
// IsEastAsian reads $LC_ALL; isEastAsian looks the locale up in
// mblenTable): without them no locale of its search was East Asian, and
// its tables only ever wanted false.
func TestDictionaryCalleeGlobals(t *testing.T) {
	pkg := buildPackage(t, `package p

import "os"

var mblen = map[string]int{"eucjp": 3, "utf8": 6}

func wide(locale string) bool { return mblen[locale] > 1 }

func East() bool { return wide(os.Getenv("LC_ALL")) }
`)
	d := dictionary(pkg.Func("East"), true)
	for _, w := range []string{`"eucjp"`, `"utf8"`, `"LC_ALL"`} {
		if !slices.Contains(d.strs, w) {
			t.Errorf("the dictionary's words %v lack %s", d.strs, w)
		}
	}
}

// TestDictionaryLengths: the constants a function compares a length
// with (a switch on len(b), len(s) < 3, 3 > len(s)) are the lengths the
// search gives strings and slices; a constant compared with a value that
// is not a length, or past 128, is not one.
func TestDictionaryLengths(t *testing.T) {
	pkg := buildPackage(t, `package p

func ParseBytes(b []byte, s string, n int) int {
	switch len(b) {
	case 36:
		return 1
	case 36 + 9:
		return 2
	case 32:
		return 3
	}
	if len(s) < 3 || 8 > len(s) || len(s) == 100 || len(s) == 200 {
		return 4
	}
	if n == 7 {
		return 5
	}
	return 0
}

func Plain(n int) bool { return n > 12 }
`)
	if got, want := dictionary(pkg.Func("ParseBytes"), false).lens, []string{"3", "8", "32", "36", "45", "100"}; !slices.Equal(got, want) {
		t.Errorf("ParseBytes: lengths %v, want %v", got, want)
	}
	if got := dictionary(pkg.Func("Plain"), false).lens; len(got) != 0 {
		t.Errorf("Plain: lengths %v, want none (n is not a length)", got)
	}
}

const sideEffectSrc = `package p

import "os"

func Clean(dir string) error { return os.RemoveAll(dir) }
func viaCallee(dir string) error { return Clean(dir + "/x") }
func Home() string { return os.Getenv("HOME") }
func Var(name string) string { return os.Getenv(name) }
func Pure(n int) int { if n > 0 { return n }; return -n }
func Later() func() { return func() { os.Exit(1) } }
func Owner() int { return os.Getuid() + 1 }
func ReadThenRemove() { if os.Getenv("X") != "" { os.Remove("x") } }
func NotFound(err error) bool { return os.IsNotExist(err) }
func MachineID() string { b, _ := os.ReadFile("/etc/machine-id"); return string(b) }
`

// buildPackage builds the SSA form of one file's package p.
func buildPackage(t *testing.T, src string) *ssa.Package {
	t.Helper()

	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset,
		types.NewPackage("p", "p"), []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

// TestExploreBytesUseDictionary: a function of a []byte gets its
// dictionary's words as bytes, as a function of a string does: its magic
// prefix, which random bytes do not make, is reached (google/uuid's
// ParseBytes, xxhash's UnmarshalBinary).
func TestExploreBytesUseDictionary(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module magic\n\ngo 1.21\n",
		"magic.go": `package magic

import "bytes"

type blob []byte

func Kind(b blob) int {
	if bytes.HasPrefix(b, []byte("PBCC\x01")) {
		return 1
	}
	return 0
}

const magic = "xxh\x06"

// State wants the magic prefix and a length of 76 at once (xxhash's
// UnmarshalBinary).
func State(b []byte) int {
	if len(b) < len(magic) || string(b[:len(magic)]) != magic {
		return 0
	}
	if len(b) != len(magic)+72 {
		return 1
	}
	return 2
}
`,
	}
	targets := writeTargets(t, dir, files)
	ex, err := Explore(context.Background(), dir, "magic", targets, DefaultExplore)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int64{"magic.Kind": 1, "magic.State": 2}
	for _, e := range ex {
		name := e.Result.Func.Name
		var found *gen.Case
		for i, c := range e.Result.Cases {
			if len(c.Outputs) == 1 && c.Outputs[0].Int64() == want[name] {
				found = &e.Result.Cases[i]
			}
		}
		if found == nil {
			t.Errorf("no case of %s returns %d: the magic prefix, or its length, was not made", name, want[name])
			continue
		}
		// The shrinker zeroes what follows the prefix.
		if in := found.Inputs[0]; name == "magic.State" && slices.ContainsFunc(in.Elems[4:], func(l ir.Literal) bool { return l.Bits != 0 }) {
			t.Errorf("%s: the case's input %s has more than the magic prefix and zeros", name, in)
		}
	}
}

// TestExploreInputToState: a format of six groups (ParseMAC's
// 00:00:5e:00:53:01) is made by the search on the real code: each run
// that goes through the loop once more than any before is kept, and the
// value a comparison wanted (':' where s[8] held 'a') is put where the
// input held the value it read. Before, the loop's exit, its return 3,
// was never reached.
func TestExploreInputToState(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := t.TempDir()
	targets := writeTargets(t, dir, map[string]string{
		"go.mod": "module groups\n\ngo 1.21\n",
		"groups.go": `package groups

func Groups(s string) int {
	if len(s) != 17 {
		return 0
	}
	for i := 0; i < 6; i++ {
		if !hex(s[3*i]) || !hex(s[3*i+1]) {
			return 1
		}
		if i < 5 && s[3*i+2] != ':' {
			return 2
		}
	}
	return 3
}

func hex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' }
`,
	})
	ex, err := Explore(context.Background(), dir, "groups", targets, DefaultExplore)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ex {
		if e.Result.Func.Name != "groups.Groups" {
			continue
		}
		for _, c := range e.Result.Cases {
			if len(c.Outputs) == 1 && c.Outputs[0].Int64() == 3 {
				return
			}
		}
		t.Fatalf("no case of Groups returns 3 (six groups): %d cases", len(e.Result.Cases))
	}
	t.Fatal("Groups was not searched")
}

// writeTargets writes files into dir, loads its package and returns its
// functions as targets of Explore: those the model lowers, then those
// it skips.
func writeTargets(t *testing.T, dir string, files map[string]string) []Target {
	t.Helper()
	pkgs := writeLoad(t, dir, files)
	var targets []Target
	for _, f := range pkgs[0].Funcs {
		targets = append(targets, Target{Func: f.IR})
	}
	for _, s := range pkgs[0].Skipped {
		targets = append(targets, Target{Func: s.IR})
	}
	return targets
}

// writeLoad writes files into dir and loads its package.
func writeLoad(t *testing.T, dir string, files map[string]string) []*ssaexec.Package {
	t.Helper()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pkgs, err := ssaexec.Load(dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// TestExploreSpecialFloats: the search on the real code gives floats NaN
// and the infinities, which a float's special cases test (go-humanize's
// FormatFloat).
func TestExploreSpecialFloats(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := t.TempDir()
	targets := writeTargets(t, dir, map[string]string{
		"go.mod": "module fl\n\ngo 1.21\n",
		"fl.go": `package fl

import "math"

func Class(x float64) int {
	if math.IsNaN(x) {
		return 1
	}
	if x > math.MaxFloat64 {
		return 2
	}
	if x < -math.MaxFloat64 {
		return 3
	}
	return 0
}
`,
	})
	ex, err := Explore(context.Background(), dir, "fl", targets, DefaultExplore)
	if err != nil {
		t.Fatal(err)
	}
	got := map[int64]bool{}
	for _, e := range ex {
		for _, c := range e.Result.Cases {
			if len(c.Outputs) == 1 {
				got[c.Outputs[0].Int64()] = true
			}
		}
	}
	for _, want := range []int64{0, 1, 2, 3} {
		if !got[want] {
			t.Errorf("no case of Class returns %d (results: %v)", want, got)
		}
	}
}

// scanSrc compares bytes with characters its search's alphabet does not
// have ('{', '}', '[', '*'): a JSON scanner's or a glob matcher's
// (tidwall/match's Allowable, buger/jsonparser's searchKeys).
const scanSrc = `package p

func Scan(s string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			if depth == 0 {
				return -1
			}
			depth--
		case '*':
			if i > 0 && s[i-1] == '[' {
				return 7
			}
		}
	}
	return depth
}

func Wide(r rune, n int) bool { return r == 'é' || r == '?' || n == 64 }
`

func TestDictionaryChars(t *testing.T) {
	pkg := buildPackage(t, scanSrc)
	for fn, want := range map[string]string{"Scan": "*[{}", "Wide": "?"} {
		if got := dictionary(pkg.Func(fn), false).chars; got != want {
			t.Errorf("%s: chars %q, want %q (bytes and ASCII runes compared with, not other ints)", fn, got, want)
		}
	}
}

// TestDictionaryRegexpChars: the characters of the regular expressions
// a function matches with, compiled into a package variable it reads or
// in its body, are the dictionary's characters (godotenv's
// expandVariables: no input of its search had a '$', and its closure's
// 8 branches were none covered).
func TestDictionaryRegexpChars(t *testing.T) {
	pkg := buildPackage(t, `package p

import "regexp"

var varRe = regexp.MustCompile(`+"`"+`(\\)?\$\{?[A-Z_]+`+"`"+`)

func Expand(s string) string {
	return varRe.ReplaceAllStringFunc(s, func(m string) string { return "<" + m + ">" })
}

func Dots(s string) bool { return regexp.MustCompile("a.b|c").MatchString(s) }
`)
	for fn, want := range map[string]string{"Expand": "$A\\_{", "Dots": "abc"} {
		if got := dictionary(pkg.Func(fn), false).chars; got != want {
			t.Errorf("%s: chars %q, want %q", fn, got, want)
		}
	}
}

// TestExploreChars: the search on the real code makes strings of the
// characters the function compares with, so that "[*" and an unmatched
// "}" are reached.
func TestExploreChars(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	ex := exploreP(t, scanSrc, 1)
	got := map[int64]bool{}
	for _, c := range ex[0].Result.Cases {
		if len(c.Outputs) == 1 {
			got[c.Outputs[0].Int64()] = true
		}
	}
	if !got[7] || !got[-1] {
		t.Errorf("Scan's cases return %v; want 7 (\"[*\") and -1 (\"}\") among them", slices.Sorted(maps.Keys(got)))
	}
}

// TestExploreCross: a lookup wants a key its data holds (jsonparser's
// Get(data, keys...)): the search takes words of one argument's text for
// another.
func TestExploreCross(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	ex := exploreP(t, `package p

import "bytes"

func Has(data []byte, keys ...string) int {
	for _, k := range keys {
		if len(k) >= 4 && bytes.Contains(data, []byte(k)) {
			return 1
		}
	}
	return 0
}
`, 0)
	found := false
	for _, c := range ex[0].Result.Cases {
		found = found || len(c.Outputs) == 1 && c.Outputs[0].Int64() == 1
	}
	if !found {
		t.Errorf("no case of Has returns 1: no key of 4 bytes or more taken from the data")
	}
}

// TestShrinkToLetters: the bytes of a case's text that its branch does
// not need are shrunk to letters, in a []byte as in a string, every one
// of them and not only the first: []byte("a{a"), not []byte{0x00, 0x7b,
// 0x06}.
func TestShrinkToLetters(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	ex := exploreP(t, `package p

func Brace(b []byte) int {
	if len(b) > 4 && b[1] == '{' {
		return 1
	}
	return 0
}

func Quote(s string) int {
	if len(s) > 4 && s[1] == '"' {
		return 1
	}
	return 0
}
`, 0)
	for _, e := range ex {
		found := false
		for _, c := range e.Result.Cases {
			if len(c.Outputs) != 1 || c.Outputs[0].Int64() != 1 {
				continue
			}
			found = true
			var text []byte
			if in := c.Inputs[0]; in.T.String() == "string" {
				text = []byte(in.Str)
			} else {
				for _, el := range in.Elems {
					text = append(text, byte(el.Bits))
				}
			}
			for i, b := range text {
				if i != 1 && b != 0 && !(b >= 'a' && b <= 'z' || b >= '0' && b <= '9') {
					t.Errorf("%s: case input %q: byte %d is %q, not shrunk to a letter", e.Result.Func.Name, text, i, b)
				}
			}
		}
		if !found {
			t.Errorf("%s: no case returns 1", e.Result.Func.Name)
		}
	}
}

// anySrc switches an empty interface on types of the package, of other
// packages and built-in ones (spf13/cast's ToIntE), and takes a map with
// any keys, which a map held by an any would not hash in.
const anySrc = `package p

import (
	"encoding/json"
	"strconv"
	"time"
)

type Celsius float64

type hidden struct{ n int }

func Kind(i interface{}) int {
	switch s := i.(type) {
	case int8:
		return 1
	case uint16:
		return 2
	case json.Number:
		if _, err := s.Int64(); err == nil {
			return 3
		}
	case time.Duration:
		return 4
	case Celsius:
		return 5
	case []string:
		return 6
	case map[string]string:
		return 7
	case hidden:
		return 8
	case []byte:
		return 10
	case error:
		return 9
	}
	return weight(i)
}

func weight(i interface{}) int {
	if s, ok := i.(string); ok {
		n, _ := strconv.Atoi(s)
		return n
	}
	return 0
}

// Outer's interface{} holds what Kind asserts; its own cases must read
// back (spf13/cast's ToStringMapInt lost its only one).
func Outer(i interface{}) int { return Kind(i) + 1 }

func Keys(m map[interface{}]int) int {
	for k := range m {
		if _, ok := k.(map[string]string); ok {
			return 1
		}
	}
	return len(m)
}
`

func TestAssertedTypes(t *testing.T) {
	pkg := buildPackage(t, anySrc)
	var got []string
	for _, at := range assertedTypes(pkg.Func("Kind")) {
		got = append(got, at.String())
	}
	// Interfaces (error) are not listed: they have no value of their own.
	want := []string{"[]byte", "[]string", "encoding/json.Number", "int8", "map[string]string", "p.Celsius", "p.hidden", "string", "time.Duration", "uint16"}
	if !slices.Equal(got, want) {
		t.Errorf("assertedTypes(Kind) = %v, want %v (the callee's string included)", got, want)
	}
	n := &typeNamer{own: pkg.Pkg}
	for _, at := range assertedTypes(pkg.Func("Kind")) {
		if _, ok := n.expr(at); !ok {
			t.Errorf("the driver cannot name %s", at)
		}
	}
	// The glue imports bytes, reflect and testing itself, the others
	// once each.
	want = []string{`pbccimp0 "encoding/json"`, `pbccimp1 "time"`}
	var imps []string
	for _, imp := range n.imports {
		imps = append(imps, imp.Alias+" "+imp.Path)
	}
	if !slices.Equal(imps, want) {
		t.Errorf("imports %q, want %q", imps, want)
	}
}

// TestExploreAnyTypes: an any parameter holds the types the function
// switches it to, so that each case of the switch is reached, and a
// map with any keys is filled without a panic of the search.
func TestExploreAnyTypes(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	ex := exploreP(t, anySrc, 0)
	for _, e := range ex {
		if e.Stop != "" && e.Stop != "time budget" {
			t.Errorf("%s: the search stopped: %s", e.Result.Func.Name, e.Stop)
		}
		if e.Result.Func.Name == "p.Outer" && len(e.Result.Cases) == 0 {
			t.Errorf("Outer has no case: its inputs could not be read back")
		}
		if e.Result.Func.Name != "p.Kind" {
			continue
		}
		got := map[int64]bool{}
		for _, c := range e.Result.Cases {
			if len(c.Outputs) == 1 {
				got[c.Outputs[0].Int64()] = true
			}
		}
		for _, k := range []int64{1, 2, 3, 4, 5, 6, 7, 8, 10} {
			if !got[k] {
				t.Errorf("no case of Kind returns %d (its type switch's case %d): %v", k, k, slices.Sorted(maps.Keys(got)))
			}
		}
	}
}

// TestExploreGlobalsRestored: each function is searched from the
// package's variables as its initialisation leaves them, not as the
// search of the functions before it left them: Register's search fills
// the registry, and Lookup's cases, which its tests run in a new
// process, must not read what it stored (iancoleman/strcase's
// ConfigureAcronym and ToCamel).
func TestExploreGlobalsRestored(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	ex := exploreP(t, `package p

var registry = map[string]string{"known": "yes"}

func Register(k, v string) { registry[k] = v }

func Lookup(k string) string {
	if v, ok := registry[k]; ok {
		return v
	}
	return "none"
}
`, 0)
	for _, e := range ex {
		if e.Result.Func.Name != "p.Lookup" {
			continue
		}
		for _, c := range e.Result.Cases {
			if got := c.Outputs[0].Str; got != "none" && got != "yes" {
				t.Errorf("Lookup(%q) = %q: a value Register's search stored", c.Inputs[0].Str, got)
			}
		}
	}
}

// exploreP searches, on the real code, the first n functions of package
// p of source src (all of them when n is 0), in a module of its own.
func exploreP(t *testing.T, src string, n int) []*Explored {
	t.Helper()
	dir := t.TempDir()
	targets := writeTargets(t, dir, map[string]string{"go.mod": "module p\n\ngo 1.21\n", "p.go": src})
	if n > 0 {
		targets = targets[:n]
	}
	ex, err := Explore(context.Background(), dir, "p", targets, DefaultExplore)
	if err != nil {
		t.Fatal(err)
	}
	return ex
}

// TestExploreTableLength: a length compared with an entry of a table
// the package fills (len(s) != e.n, e from sizes: almerlucke/go-iban's
// countries) is reached: an input whose length was compared with a
// number is made that long, cut or padded with its last byte.
func TestExploreTableLength(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	ex := exploreP(t, `package p

type size struct{ n int }

var sizes = map[string]size{"QX": {n: 27}, "ZW": {n: 41}}

func Check(s string) int {
	if len(s) < 2 {
		return 0
	}
	e, ok := sizes[s[:2]]
	if !ok {
		return 1
	}
	if len(s) != e.n {
		return 2
	}
	return 3
}

// Odd's length is in no table: the comparison tells it.
func Odd(s string) int {
	if len(s) < 2 {
		return 0
	}
	e, ok := sizes[s[:2]]
	if !ok {
		return 1
	}
	if len(s) != 2*e.n+1 {
		return 2
	}
	return 3
}
`, 0)
	for _, e := range ex {
		got := map[int64]bool{}
		for _, c := range e.Result.Cases {
			if len(c.Outputs) == 1 {
				got[c.Outputs[0].Int64()] = true
			}
		}
		if !got[2] || !got[3] {
			t.Errorf("results of %s's cases: %v, want 2 and 3 (a string of the length it wants)", e.Result.Func.Name, slices.Sorted(maps.Keys(got)))
		}
	}
}

// TestExploreReflectKinds: the search gives an empty interface the
// pointers and slices that a function looking at it through reflect
// tells apart by kind (spf13/cast's indirect), and the cases it finds
// holding a map[string]interface{} are read back, not dropped (reflect
// names the type "map[string]interface {}").
func TestExploreReflectKinds(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := t.TempDir()
	targets := writeTargets(t, dir, map[string]string{
		"go.mod": "module kinds\n\ngo 1.26\n",
		"kinds.go": `package kinds

import (
	"fmt"
	"reflect"
)

func Kind(a interface{}) int {
	if a == nil {
		return 0
	}
	switch reflect.TypeOf(a).Kind() {
	case reflect.Ptr:
		return 1
	case reflect.Slice:
		return 2
	}
	return 3
}

func Map(a interface{}) int {
	switch a.(type) {
	case map[string]interface{}:
		return 1
	case string:
		return 2
	}
	return 0
}

// Conversions to interface{}: the types the model's any may hold.
func Show(p *int, s []string, m map[string]interface{}) string {
	return fmt.Sprint(p, s, m)
}
`,
	})
	byName := exploredByName(t, dir, "kinds", targets, DefaultExplore)
	results := map[string]map[int64]bool{}
	for _, name := range []string{"kinds.Kind", "kinds.Map"} {
		e := byName[name]
		if e == nil {
			t.Fatalf("%s: not searched", name)
		}
		results[name] = map[int64]bool{}
		for _, c := range e.Result.Cases {
			if len(c.Outputs) == 1 {
				results[name][int64(c.Outputs[0].Bits)] = true
			}
		}
	}
	for name, want := range map[string][]int64{"kinds.Kind": {0, 1, 2, 3}, "kinds.Map": {0, 1, 2}} {
		for _, r := range want {
			if !results[name][r] {
				t.Errorf("%s: no case returning %d (cases return %v)", name, r, results[name])
			}
		}
	}
}

// TestPackageCallees checks which callees' branches a branchless
// wrapper's cases are for: the unexported functions of its package it
// calls, through one-block unexported wrappers too, not the exported ones
// (they have tables of their own), not other packages' functions, and not
// the callees of a callee with branches (its own table's business).
func TestPackageCallees(t *testing.T) {
	pkg := buildPackage(t, `package p

import "strings"

type V struct{ n int }

func New(s string) *V { return build(s, 3) }

func build(s string, k int) *V {
	if len(s) > k {
		return nil
	}
	return &V{n: deep(len(s))}
}

func deep(n int) int {
	if n > 1 {
		return 2
	}
	return 1
}

func Wrap(s string) *V { return relay(s) }

func relay(s string) *V { return build(strings.TrimSpace(s), 2) }

func Exported(s string) int { return (&V{}).Other(s) }

func (v *V) Other(s string) int {
	if s == "" {
		return 0
	}
	return v.n
}
`)
	for name, want := range map[string][]string{
		"New":      {"p.build"},
		"Wrap":     {"p.build", "p.relay"},
		"Exported": nil,
	} {
		got := slices.Sorted(maps.Keys(packageCallees(pkg.Func(name))))
		if !slices.Equal(got, want) {
			t.Errorf("packageCallees(%s) = %q, want %q", name, got, want)
		}
	}
}
