package cover

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestRelationHits runs the instrumented package (Instrument) on chosen
// inputs and checks the relation and arith hits each call records: x > 10
// at 10 is "equal", at 11 "one above"; a * b tells itself from a / b with
// b = 2 or b = 0, not with b = 1; -x with x = 2, not 0. The corners of
// compileFiles (generics, a named boolean made of comparisons) still
// compile with the relations recorded.
func TestRelationHits(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	files := map[string]string{}
	for k, v := range compileFiles {
		files[k] = v
	}
	files["r.go"] = `package m

func Big(x int) bool {
	if x > 10 {
		return true
	}
	return false
}

func Mul(a, b int) int { return a * b }

func Neg(x float64) float64 { return -x }

type Code string

func (c Code) Error() string { return string(c) }

const ErrShort Code = "short"

func Sep(s string, err error) int {
	switch s {
	case "ab":
		return 1
	}
	if err != ErrShort && s[1] != ':' && len(s) < 3 {
		return 2
	}
	return 0
}
`
	files["r_test.go"] = `package m

import (
	"fmt"
	tos "os" // the package declares os
	"sort"
	"strings"
	"testing"
)

func TestHits(t *testing.T) {
	var out []string
	call := func(name string, f func()) {
		hits := map[int]bool{}
		_pbccLocal = func(k int) { hits[k] = true }
		f()
		_pbccLocal = nil
		var ks []string
		for k := range hits {
			ks = append(ks, fmt.Sprint(k))
		}
		sort.Strings(ks)
		out = append(out, fmt.Sprintf("%q: [%s]", name, strings.Join(ks, ", ")))
	}
	call("Big(10)", func() { Big(10) })
	call("Big(11)", func() { Big(11) })
	call("Big(12)", func() { Big(12) })
	call("Mul(3,1)", func() { Mul(3, 1) })
	call("Mul(3,2)", func() { Mul(3, 2) })
	call("Mul(3,0)", func() { Mul(3, 0) })
	call("Neg(0)", func() { Neg(0) })
	call("Neg(2)", func() { Neg(2) })
	if err := tos.WriteFile(tos.Getenv("HITS_OUT"), []byte("{"+strings.Join(out, ", ")+"}"), 0o644); err != nil {
		t.Fatal(err)
	}
	var cmps []string
	_pbccCmp = func(a, b interface{}) { cmps = append(cmps, fmt.Sprintf("%T %v %v", a, a, b)) }
	Sep("xy", nil)
	_pbccCmp = nil
	if err := tos.WriteFile(tos.Getenv("CMP_OUT"), []byte(strings.Join(cmps, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
}
`
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
	out := filepath.Join(tmp, "hits.json")
	cmd := exec.Command("go", "test", "-count=1", "-overlay="+filepath.Join(tmp, "overlay.json"), ".")
	cmd.Dir = dir
	cmpOut := filepath.Join(tmp, "cmp.txt")
	cmd.Env = append(os.Environ(), "HITS_OUT="+out, "CMP_OUT="+cmpOut)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test on the instrumented package: %v\n%s", err, b)
	}
	// The search sees what the comparisons of numbers and strings read
	// (the switch's tag and case, s[1] and ':', len(s) and 3), not the
	// comparison of an error with a value of the package's error type.
	data, err := os.ReadFile(cmpOut)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(data), "string xy ab\nuint8 121 58\nint 2 3"; got != want {
		t.Errorf("Sep(\"xy\", nil) showed the comparisons\n%s\nwant\n%s", got, want)
	}
	data, err = os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var hits map[string][]int
	if err := json.Unmarshal(data, &hits); err != nil {
		t.Fatalf("%v: %s", err, data)
	}
	site := slices.IndexFunc(in.Sites, func(s Site) bool { return s.Text == "x > 10" })
	arith := func(text string) int {
		i := slices.IndexFunc(in.Ariths, func(a Arith) bool { return a.Text == text })
		if i < 0 {
			t.Fatalf("no arith %q among %v", text, in.Ariths)
		}
		return in.ArithHit(i)
	}
	if site < 0 || in.Sites[site].Op != ">" || !in.Sites[site].Integer || in.Sites[site].X != "x" || in.Sites[site].Y != "10" {
		t.Fatalf("site x > 10: %+v", in.Sites)
	}
	for _, c := range []struct {
		call     string
		hit      int
		recorded bool
	}{
		{"Big(10)", in.RelationHit(site, RelEqual), true},
		{"Big(10)", in.RelationHit(site, RelAbove), false},
		{"Big(11)", in.RelationHit(site, RelAbove), true},
		{"Big(12)", in.RelationHit(site, RelGreater), true},
		{"Big(12)", in.RelationHit(site, RelAbove), false},
		{"Mul(3,1)", arith("a * b"), false},
		{"Mul(3,2)", arith("a * b"), true},
		{"Mul(3,0)", arith("a * b"), true}, // a / b would panic
		{"Neg(0)", arith("-x"), false},
		{"Neg(2)", arith("-x"), true},
	} {
		if got := slices.Contains(hits[c.call], c.hit); got != c.recorded {
			t.Errorf("%s: hit %d recorded %v, want %v (hits %v)", c.call, c.hit, got, c.recorded, hits[c.call])
		}
	}
	if !strings.Contains(string(in.Files[filepath.Join(dir, "a.go")]), "Flag(_pbccRec(") {
		t.Errorf("a < b in a Flag is not recorded:\n%s", in.Files[filepath.Join(dir, "a.go")])
	}
}
