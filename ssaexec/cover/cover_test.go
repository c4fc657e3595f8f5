package cover

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

const goMod = "module example.com/m\n\ngo 1.26\n"

// writeModule writes files (name → text) into a new temporary module.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	if _, ok := files["go.mod"]; !ok {
		files["go.mod"] = goMod
	}
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// show prints branches one per line: line:col func [text] outcome +|- by.
func show(bs []Branch) string {
	var b strings.Builder
	for _, br := range bs {
		mark := "-"
		if br.Covered {
			mark = "+"
		}
		by := ""
		if br.By != "" {
			by = " " + br.By
		}
		fmt.Fprintf(&b, "%d:%d %s [%s] %s %s%s\n", br.Pos.Line, br.Pos.Col, br.Func, br.Text, br.Outcome, mark, by)
	}
	return b.String()
}

// trim removes the indentation of a want block.
func trim(s string) string {
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(s), "\n") {
		b.WriteString(strings.TrimSpace(line) + "\n")
	}
	return b.String()
}

// crossCheck fails t when the profile and the instrumented run disagree
// on a decision the profile made.
func crossCheck(t *testing.T, m *measurement) {
	t.Helper()
	if m.prof == nil || m.hits == nil {
		t.Fatalf("missing measurement: profile %v, hits %v", m.prof != nil, m.hits != nil)
	}
	n := 0
	for _, s := range m.sites {
		pt, pf, ok := m.pkg.ifDecision(m.prof, s)
		if !ok {
			continue
		}
		n++
		it, iF := m.hits[2*s.ID], m.hits[2*s.ID+1]
		if pt != it || pf != iF {
			t.Errorf("%s %s: profile says true %v false %v, instrumented run says %v %v",
				m.pkg.Fset.Position(s.Pos), s.Text, pt, pf, it, iF)
		}
	}
	if n == 0 && hasSingleLeafIf(m.sites) {
		t.Errorf("the profile decided no if")
	}
}

func hasSingleLeafIf(sites []*site) bool {
	for _, s := range sites {
		if s.If != nil {
			return true
		}
	}
	return false
}

var measureTests = []struct {
	name string
	src  string // m.go
	test string // body of TestM
	want string
}{
	{
		name: "if else-if chains",
		src: `package m

func Chain(x int) string {
	if x < 0 {
		return "neg"
	} else if x == 0 {
		return "zero"
	} else if y := x * 2; y > 100 {
		return "big"
	} else {
		return "pos"
	}
}

func NoElse(x int) int {
	r := 0
	if !(x > 5) {
		r = 1
	}
	if x == 7 {}
	if x == 8 {
	} else {
	}
	if x == 9 { // comment
		r = 2
	} /* else? */ else { r = 3 }
	if x == 3 {
		r++
	} else if x == 4 {} else {}
	return r
}
`,
		test: `Chain(-1); Chain(5); Chain(60); NoElse(7); NoElse(3)`,
		want: `
			4:5 m.Chain [x < 0] true + profile
			4:5 m.Chain [x < 0] false + profile
			6:12 m.Chain [x == 0] true - profile
			6:12 m.Chain [x == 0] false + profile
			8:24 m.Chain [y > 100] true + profile
			8:24 m.Chain [y > 100] false + profile
			17:7 m.NoElse [x > 5] true + profile
			17:7 m.NoElse [x > 5] false + profile
			20:5 m.NoElse [x == 7] true + profile
			20:5 m.NoElse [x == 7] false + profile
			21:5 m.NoElse [x == 8] true - profile
			21:5 m.NoElse [x == 8] false + profile
			24:5 m.NoElse [x == 9] true - profile
			24:5 m.NoElse [x == 9] false + profile
			27:5 m.NoElse [x == 3] true + profile
			27:5 m.NoElse [x == 3] false + profile
			29:12 m.NoElse [x == 4] true - profile
			29:12 m.NoElse [x == 4] false + profile
		`,
	},
	{
		name: "and or not",
		src: `package m

func L(a, b, c bool) bool {
	if a && !(b || c) {
		return true
	}
	x := !a || b
	return x
}
`,
		test: `L(true, false, false); L(false, true, true)`,
		want: `
			4:5 m.L [a] true + instrumented
			4:5 m.L [a] false + instrumented
			4:12 m.L [b] true - instrumented
			4:12 m.L [b] false + instrumented
			4:17 m.L [c] true - instrumented
			4:17 m.L [c] false + instrumented
			7:8 m.L [a] true - instrumented
			7:8 m.L [a] false + instrumented
		`,
	},
	{
		name: "switches",
		src: `package m

func S(x int) (r int) {
	switch x {
	case 1, 2:
		r = 1
		fallthrough
	case 3:
		r += 10
	case 4:
		r = 4
	default:
		r = -1
	}
	return
}

func Tagless(x int) string {
	switch y := x % 3; {
	case y == 0:
		return "zero"
	case y == 1 || x > 100:
		return "one"
	}
	return "two"
}

func Labeled(xs []int) (n int) {
L:
	switch k := len(xs); k {
	case 0:
		break L
	default:
		n = k
	}
	return
}
`,
		test: `
	if S(2) != 11 || S(3) != 10 || S(9) != -1 {
		t.Error("S")
	}
	Tagless(3); Tagless(4); Tagless(5)
	if Labeled(nil) != 0 {
		t.Error("Labeled")
	}`,
		want: `
			5:7 m.S [1] true - instrumented
			5:7 m.S [1] false + instrumented
			5:10 m.S [2] true + instrumented
			5:10 m.S [2] false + instrumented
			8:7 m.S [3] true + instrumented
			8:7 m.S [3] false + instrumented
			10:7 m.S [4] true - instrumented
			10:7 m.S [4] false + instrumented
			20:7 m.Tagless [y == 0] true + instrumented
			20:7 m.Tagless [y == 0] false + instrumented
			22:7 m.Tagless [y == 1] true + instrumented
			22:7 m.Tagless [y == 1] false + instrumented
			22:17 m.Tagless [x > 100] true - instrumented
			22:17 m.Tagless [x > 100] false + instrumented
			31:7 m.Labeled [0] true + instrumented
			31:7 m.Labeled [0] false - instrumented
		`,
	},
	{
		name: "loops",
		src: `package m

func Sum(n int, xs []int, m map[string]int, s string) (t int) {
	for i := 0; i < n; i++ {
		t += i
	}
	for i := range n {
		if i == 2 {
			break
		}
		t++
	}
	for _, x := range xs {
		t += x
	}
	for k := range m {
		t += len(k)
	}
	for range s {
		t++
	}
	var arr [2]int
	for i := range arr {
		t += i
	}
	return
}
`,
		test: `Sum(1, nil, map[string]int{"a": 1}, ""); Sum(3, nil, nil, "")`,
		want: `
			4:14 m.Sum [i < n] true + instrumented
			4:14 m.Sum [i < n] false + instrumented
			7:2 m.Sum [for i := range n] true + instrumented
			7:2 m.Sum [for i := range n] false + instrumented
			8:6 m.Sum [i == 2] true + profile
			8:6 m.Sum [i == 2] false + profile
			13:2 m.Sum [for _, x := range xs] true - instrumented
			13:2 m.Sum [for _, x := range xs] false + instrumented
			16:2 m.Sum [for k := range m] true + instrumented
			16:2 m.Sum [for k := range m] false + instrumented
			19:2 m.Sum [for range s] true - instrumented
			19:2 m.Sum [for range s] false + instrumented
			23:2 m.Sum [for i := range arr] true + instrumented
			23:2 m.Sum [for i := range arr] false + instrumented
		`,
	},
	{
		name: "ranges over arrays",
		src: `package m

type Grid [2][2]int8

func Arrays(g Grid, p *[3]int, stop bool) (t int) {
	for i := range g {
		for _, v := range g[i] {
			if stop {
				return
			}
			t += int(v)
		}
	}
	for i, v := range p {
		t += i * v
	}
	for i := range p {
		t += i
	}
	return
}
`,
		test: `Arrays(Grid{}, &[3]int{}, false); Arrays(Grid{{1, 2}}, &[3]int{}, true)`,
		want: `
			6:2 m.Arrays [for i := range g] true + instrumented
			6:2 m.Arrays [for i := range g] false + instrumented
			7:3 m.Arrays [for _, v := range g[i]] true + instrumented
			7:3 m.Arrays [for _, v := range g[i]] false + instrumented
			8:7 m.Arrays [stop] true + profile
			8:7 m.Arrays [stop] false + profile
			14:2 m.Arrays [for i, v := range p] true + instrumented
			14:2 m.Arrays [for i, v := range p] false + instrumented
			17:2 m.Arrays [for i := range p] true + instrumented
			17:2 m.Arrays [for i := range p] false + instrumented
		`,
	},
	{
		name: "methods and closures",
		src: `package m

type C struct{ n int }

func (c C) Big() bool { if c.n > 10 { return true }; return false }

func (c *C) Add(d int) {
	if d < 0 {
		d = -d
	}
	c.n += d
}

func Apply(xs []int) int {
	f := func(x int) bool { return x > 0 && x < 10 }
	g := func(x int) int {
		h := func() bool { return x%2 == 0 || x == 1 }
		if h() {
			return 1
		}
		return 0
	}
	n := 0
	for _, x := range xs {
		if f(x) {
			n += g(x)
		}
	}
	return n
}

func Never(x int) bool { return x > 1 || x < -1 }
`,
		test: `C{20}.Big(); (&C{}).Add(3); Apply([]int{2, -1, 3})`,
		want: `
			5:28 m.C.Big [c.n > 10] true + profile
			5:28 m.C.Big [c.n > 10] false - profile
			8:5 m.C.Add [d < 0] true - profile
			8:5 m.C.Add [d < 0] false + profile
			15:33 m.Apply$1 [x > 0] true + instrumented
			15:33 m.Apply$1 [x > 0] false + instrumented
			17:29 m.Apply$2$1 [x%2 == 0] true + instrumented
			17:29 m.Apply$2$1 [x%2 == 0] false + instrumented
			18:6 m.Apply$2 [h()] true + profile
			18:6 m.Apply$2 [h()] false + profile
			24:2 m.Apply [for _, x := range xs] true + instrumented
			24:2 m.Apply [for _, x := range xs] false + instrumented
			25:6 m.Apply [f(x)] true + profile
			25:6 m.Apply [f(x)] false + profile
			32:33 m.Never [x > 1] true - instrumented
			32:33 m.Never [x > 1] false - instrumented
		`,
	},
}

func TestMeasure(t *testing.T) {
	for _, tt := range measureTests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := writeModule(t, map[string]string{
				"m.go":      tt.src,
				"m_test.go": "package m\n\nimport \"testing\"\n\nfunc TestM(t *testing.T) {\n" + tt.test + "\n}\n",
			})
			m, err := measure(context.Background(), dir, Options{})
			if err != nil {
				t.Fatal(err)
			}
			crossCheck(t, m)
			got := show(branches(m.pkg, m.sites, m.decisions()))
			if want := trim(tt.want); got != want {
				t.Errorf("got:\n%swant:\n%s", got, want)
			}
		})
	}
}
