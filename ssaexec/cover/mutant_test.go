package cover

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
)

// TestMutantSchemata runs the instrumented package (Instrument) with each
// mutant selected in turn (_pbccMutant) and checks what the calls return:
// x > 10 at 10 gives true with its boundary mutant (x >= 10) and its
// negation (x <= 10), at 11 true and false; a == b negated, and its true
// outcome dropped (ArithEqual); a + b as
// a - b, a * b as a / b (a panic on b = 0, as the compiled mutant's), a %
// b as a * b, a / b as a * b (no panic on b = 0), -x as x; operands with
// effects are evaluated once, in order. Comparisons that are values (not
// branch sites) are mutated too (== and != of pointers and interfaces too:
// err == nil), and x++ becomes x--. The code's own
// values with no mutant. a * b also becomes a + b; x op= y becomes x
// invop= y and x = y (s += t on strings: s = t; x |= y and the other
// integer ones: x = y) where x is pure.
func TestMutantSchemata(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	files := map[string]string{
		"go.mod": "module m\n\ngo 1.26\n",
		"m.go": `package m

func Big(x int) bool {
	if x > 10 {
		return true
	}
	return false
}

func Same(a, b string) bool {
	if a == b {
		return true
	}
	return false
}

func Add(a, b int) int { return a + b }
func Mul(a, b int) int { return a * b }
func Rem(a, b int) int { return a % b }
func Quo(a, b int) int { return a / b }
func Neg(x float64) float64 { return -x }

var n int

func next() int { n++; return n }

// Twice is next() - next() from a fresh counter.
func Twice() int { n = 0; return next() - next() }

func Less(a, b uint8) bool { return a < b }
func Is(a, b string) bool  { return a == b }

type Count uint

func Up(c Count) Count {
	c++
	return c
}

func Down(xs []float64) float64 {
	xs[1]--
	return xs[1]
}

func Ok(err error) bool { return err == nil }

type Node struct{ next *Node }

func More(n *Node) bool { return n.next != nil }

type myErr struct{}

func (*myErr) Error() string { return "mine" }

var errMine = &myErr{}

// Mine compares an error with a *myErr: no mutant (the recorder takes
// one type), and the instrumented file still compiles.
func Mine(err error) bool { return err == errMine }

func AddTo(x, y int) int { x += y; return x }
func SubFrom(x, y int) int { x -= y; return x }
func MulBy(x, y int) int { x *= y; return x }
func DivBy(x, y float64) float64 { x /= y; return x }
func Cat(s, t string) string { s += t; return s }

// Shift updates an element at an index computed in place.
func Shift(xs []int, i int) int { xs[i+1] += 10; return xs[i+1] }

// Flags sets bits.
func Flags(f, g uint8) uint8 { f |= g; return f }

// AddNext adds what a call returns.
func AddNext(x int) int { n = 0; x += next(); return x }

// Bump's element is not pure (a call picks it): no mutant.
func Bump(xs []int) int { xs[next()] += 1; return xs[1] }
`,
		"m_test.go": `package m

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"
)

func TestMutants(t *testing.T) {
	out := map[int]map[string]string{}
	for m := 0; m < len(_pbccSeen)+1; m++ {
		_pbccMutant = m
		got := map[string]string{}
		call := func(name string, f func() any) {
			defer func() {
				if r := recover(); r != nil {
					got[name] = fmt.Sprint("panic: ", r)
				}
			}()
			got[name] = fmt.Sprint(f())
		}
		call("Big(10)", func() any { return Big(10) })
		call("Big(11)", func() any { return Big(11) })
		call("Same(x,x)", func() any { return Same("x", "x") })
		call("Add(3,2)", func() any { return Add(3, 2) })
		call("Mul(6,2)", func() any { return Mul(6, 2) })
		call("Mul(3,0)", func() any { return Mul(3, 0) })
		call("Rem(7,3)", func() any { return Rem(7, 3) })
		call("Quo(6,0)", func() any { return Quo(6, 0) })
		call("Neg(2)", func() any { return Neg(2) })
		call("Twice()", func() any { return fmt.Sprint(Twice(), " ", n) })
		call("Less(3,3)", func() any { return Less(3, 3) })
		call("Less(2,3)", func() any { return Less(2, 3) })
		call("Is(a,a)", func() any { return Is("a", "a") })
		call("Is(a,b)", func() any { return Is("a", "b") })
		call("Up(0)", func() any { return Up(0) })
		call("Down(1,2)", func() any { return Down([]float64{1, 2}) })
		call("Ok(nil)", func() any { return Ok(nil) })
		call("More(end)", func() any { return More(&Node{}) })
		call("Mine(mine)", func() any { return Mine(errMine) })
		call("AddTo(5,2)", func() any { return AddTo(5, 2) })
		call("SubFrom(5,2)", func() any { return SubFrom(5, 2) })
		call("MulBy(6,2)", func() any { return MulBy(6, 2) })
		call("MulBy(6,0)", func() any { return MulBy(6, 0) })
		call("DivBy(6,2)", func() any { return DivBy(6, 2) })
		call("Cat(a,b)", func() any { return Cat("a", "b") })
		call("Shift(1,2,3)", func() any { return Shift([]int{1, 2, 3}, 0) })
		call("Bump(1,2)", func() any { n = 0; return Bump([]int{1, 2}) })
		call("AddNext(5)", func() any { return AddNext(5) })
		call("Flags(1,2)", func() any { return Flags(1, 2) })
		out[m] = got
	}
	_pbccMutant = 0
	data, _ := json.Marshal(out)
	if err := os.WriteFile(os.Getenv("MUTANTS_OUT"), data, 0o644); err != nil {
		t.Fatal(err)
	}
}
`,
	}
	dir := writeModule(t, files)
	in, err := Instrument(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	replace := map[string]string{}
	i := 0
	for path, data := range in.Files {
		cp := filepath.Join(tmp, strconv.Itoa(i)+"_"+filepath.Base(path))
		i++
		if err := os.WriteFile(cp, data, 0o644); err != nil {
			t.Fatal(err)
		}
		replace[path] = cp
	}
	overlay, _ := json.Marshal(map[string]any{"Replace": replace})
	if err := os.WriteFile(filepath.Join(tmp, "overlay.json"), overlay, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(tmp, "mutants.json")
	cmd := exec.Command("go", "test", "-count=1", "-overlay="+filepath.Join(tmp, "overlay.json"), ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "MUTANTS_OUT="+out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test on the instrumented package: %v\n%s", err, b)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var got map[int]map[string]string
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatalf("%v: %s", err, data)
	}
	site := func(text string) int {
		i := slices.IndexFunc(in.Sites, func(s Site) bool { return s.Text == text })
		if i < 0 || !in.Sites[i].Negatable {
			t.Fatalf("no negatable site %q among %+v", text, in.Sites)
		}
		return i
	}
	arith := func(text string) int {
		i := slices.IndexFunc(in.Ariths, func(a Arith) bool { return a.Text == text })
		if i < 0 {
			t.Fatalf("no arith %q among %v", text, in.Ariths)
		}
		return in.ArithMutant(i)
	}
	kind := func(text, kind string) int {
		i := slices.IndexFunc(in.Ariths, func(a Arith) bool { return a.Text == text && a.Kind == kind })
		if i < 0 {
			t.Fatalf("no arith %q of kind %q among %v", text, kind, in.Ariths)
		}
		return in.ArithMutant(i)
	}
	big, same := site("x > 10"), site("a == b")
	if slices.ContainsFunc(in.Ariths, func(a Arith) bool { return a.Text == "err == errMine" }) {
		t.Errorf("err == errMine (an error and a *myErr) has a mutant")
	}
	if slices.ContainsFunc(in.Ariths, func(a Arith) bool { return a.Text == "xs[next()] += 1" }) {
		t.Errorf("xs[next()] += 1 (an element a call picks) has a mutant")
	}
	const divZero = "panic: runtime error: integer divide by zero"
	for _, c := range []struct {
		mutant int
		call   string
		want   string
	}{
		{0, "Big(10)", "false"},
		{0, "Big(11)", "true"},
		{0, "Same(x,x)", "true"},
		{0, "Add(3,2)", "5"},
		{0, "Mul(3,0)", "0"},
		{0, "Quo(6,0)", divZero},
		{0, "Twice()", "-1 2"},
		{in.BoundaryMutant(big), "Big(10)", "true"},
		{in.BoundaryMutant(big), "Big(11)", "true"},
		{in.NegationMutant(big), "Big(10)", "true"},
		{in.NegationMutant(big), "Big(11)", "false"},
		{in.NegationMutant(same), "Same(x,x)", "false"},
		{in.NegationMutant(same), "Big(10)", "false"}, // one mutant at a time
		{arith("a + b"), "Add(3,2)", "1"},
		{arith("a * b"), "Mul(6,2)", "3"},
		{arith("a * b"), "Mul(3,0)", divZero},
		{arith("a % b"), "Rem(7,3)", "21"},
		{arith("a / b"), "Quo(6,0)", "0"},
		{arith("-x"), "Neg(2)", "2"},
		{arith("next() - next()"), "Twice()", "3 2"},
		{0, "Less(3,3)", "false"},
		{0, "Up(0)", "1"},
		{0, "Down(1,2)", "1"},
		{kind("a == b", ArithBoundary), "Less(3,3)", "true"}, // a <= b
		{kind("a == b", ArithBoundary), "Less(2,3)", "true"},
		{kind("a < b", ArithNegation), "Less(3,3)", "true"}, // a >= b
		{kind("a < b", ArithNegation), "Less(2,3)", "false"},
		{kind("a == b", ArithNegation), "Is(a,a)", "false"},
		{kind("a == b", ArithNegation), "Less(3,3)", "false"},
		{kind("a == b", ArithEqual), "Is(a,a)", "false"}, // its true outcome dropped
		{kind("a == b", ArithEqual), "Is(a,b)", "false"},
		{kind("n.next == nil", ArithEqual), "More(end)", "true"},    // !=: its false outcome dropped
		{kind("c++", ArithIncDec), "Up(0)", "18446744073709551615"}, // c-- on a uint
		{kind("xs[1]--", ArithIncDec), "Down(1,2)", "3"},
		{0, "Ok(nil)", "true"},
		{0, "More(end)", "false"},
		{0, "Mine(mine)", "true"},
		{kind("err == nil", ArithNegation), "Ok(nil)", "false"},     // an interface
		{kind("n.next != nil", ArithNegation), "More(end)", "true"}, // a pointer
		{kind("a * b", ArithReplace), "Mul(6,2)", "8"},              // a + b
		{kind("a * b", ArithReplace), "Mul(3,0)", "3"},
		{0, "AddTo(5,2)", "7"},
		{kind("x += y", ArithAssign), "AddTo(5,2)", "3"},
		{kind("x += y", ArithSelf), "AddTo(5,2)", "2"},
		{kind("x -= y", ArithAssign), "SubFrom(5,2)", "7"},
		{kind("x -= y", ArithSelf), "SubFrom(5,2)", "2"},
		{0, "MulBy(6,0)", "0"},
		{kind("x *= y", ArithAssign), "MulBy(6,2)", "3"},
		{kind("x *= y", ArithAssign), "MulBy(6,0)", divZero},
		{kind("x *= y", ArithSelf), "MulBy(6,2)", "2"},
		{kind("x /= y", ArithAssign), "DivBy(6,2)", "12"},
		{kind("x /= y", ArithSelf), "DivBy(6,2)", "2"},
		{0, "Cat(a,b)", "ab"},
		{kind("s += t", ArithSelf), "Cat(a,b)", "b"},
		{0, "Shift(1,2,3)", "12"},
		{kind("xs[i+1] += 10", ArithSelf), "Shift(1,2,3)", "10"},
		{0, "Bump(1,2)", "3"},
		{0, "AddNext(5)", "6"},
		{kind("x += next()", ArithAssign), "AddNext(5)", "4"},
		{kind("x += next()", ArithSelf), "AddNext(5)", "1"},
		{0, "Flags(1,2)", "3"},
		{kind("f |= g", ArithSelf), "Flags(1,2)", "2"},
	} {
		if g := got[c.mutant][c.call]; g != c.want {
			t.Errorf("mutant %d: %s = %q, want %q", c.mutant, c.call, g, c.want)
		}
	}
}
