package emit

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/ir"
)

var update = flag.Bool("update", false, "rewrite golden files")

// A goldenCase is a source snippet and the results the core could have
// found for its functions; its rendering is compared with
// testdata/<name>.golden and, in TestEndToEnd, compiled and run.
type goldenCase struct {
	name    string // also the package name
	src     string
	results func(p *pkg) []*gen.Result
}

var goldenCases = []goldenCase{
	{
		name: "tri",
		src: `package tri

func Trityp(a, b, c int) int {
	if a <= 0 || b <= 0 || c <= 0 {
		return 4
	}
	if a+b <= c || a+c <= b || b+c <= a {
		return 4
	}
	if a == b && b == c {
		return 1
	}
	if a == b || b == c || a == c {
		return 2
	}
	return 3
}

func Dead(x int) int {
	if x > 10 {
		if x < 5 {
			return 1
		}
		return 2
	}
	return 3
}
`,
		results: func(p *pkg) []*gen.Result {
			tri := p.result("Trityp", 3,
				branch{4, 5, "a <= 0", gen.Covered, ""}, branch{4, 15, "b <= 0", gen.Covered, ""},
				branch{10, 5, "a == b", gen.Covered, ""}, branch{13, 26, "a == c", gen.Covered, ""})
			tri.Goals = tri.Goals[:3]
			tri.Cases = []gen.Case{
				{Name: "L4_a<=0_true", Inputs: ints(0, 0, 0), Outputs: ints(4)},
				{Name: "L4_c<=0_true", Inputs: ints(1, 1, 0), Outputs: ints(4)},
				{Name: "L7_b+c<=a_true", Inputs: ints(3, 1, 1), Outputs: ints(4)},
				{Name: "L10_true", Inputs: ints(1, 1, 1), Outputs: ints(1)},
				{Name: "L13_a==c_true", Inputs: ints(2, 3, 2), Outputs: ints(2)},
				{Name: "L13_false", Inputs: ints(3, 4, 5), Outputs: ints(3)},
				{Name: "L13_false", Inputs: ints(-3, 4, 5), Outputs: ints(4)},
			}
			dead := p.result("Dead", 3,
				branch{21, 5, "x > 10", gen.Covered, ""}, branch{21, 5, "x > 10", gen.Covered, ""},
				branch{22, 6, "x < 5", gen.Unreachable, ""}, branch{22, 6, "x < 5", gen.Timeout, "solver said (unknown"})
			dead.Cases = []gen.Case{
				{Name: "L21_x>10_true", Inputs: ints(11), Outputs: ints(2)},
				{Name: "L21_x>10_false", Inputs: ints(-9223372036854775808), Outputs: ints(3)},
			}
			return []*gen.Result{tri, dead}
		},
	},
	{
		name: "temp",
		src: `package temp

type Celsius int

func (c Celsius) Abs() Celsius {
	if c < 0 {
		return -c
	}
	return c
}

func (c Celsius) Add(d Celsius) Celsius { return c + d }

func (Celsius) Zero() bool { return true }
`,
		results: func(p *pkg) []*gen.Result {
			abs := p.result("Celsius.Abs", 0, branch{6, 5, "c < 0", gen.Covered, ""}, branch{6, 5, "c < 0", gen.Covered, ""})
			abs.Cases = []gen.Case{
				{Name: "L6_c<0_true", Inputs: ints(-40), Outputs: ints(40)},
				{Name: "L6_c<0_false", Inputs: ints(100), Outputs: ints(100)},
			}
			add := p.result("Celsius.Add", 0)
			add.Cases = []gen.Case{{Name: "L12_call", Inputs: ints(1, 2), Outputs: ints(3)}}
			zero := p.result("Celsius.Zero", 0)
			zero.Cases = []gen.Case{{Name: "L14_call", Inputs: ints(7), Outputs: []ir.Literal{boolLit(true)}}}
			return []*gen.Result{abs, add, zero}
		},
	},
	{
		name: "multi",
		src: `package multi

func DivMod(a, b int) (q, r int) {
	if b == 0 {
		return 0, 0
	}
	return a / b, a % b
}

func MinMax(a, b int) (int, int) {
	if a < b {
		return a, b
	}
	return b, a
}

func Sign(x int8) (neg bool, abs uint8) {
	if x < 0 {
		return true, uint8(-x)
	}
	return false, uint8(x)
}
`,
		results: func(p *pkg) []*gen.Result {
			dm := p.result("DivMod", 1, branch{4, 5, "b == 0", gen.Covered, ""}, branch{4, 5, "b == 0", gen.Covered, ""})
			dm.Cases = []gen.Case{
				{Name: "L4_b==0_true", Inputs: ints(1, 0), Outputs: ints(0, 0)},
				{Name: "L4_b==0_false", Inputs: ints(-7, 2), Outputs: ints(-3, -1)},
			}
			mm := p.result("MinMax", 1, branch{11, 5, "a < b", gen.Covered, ""}, branch{11, 5, "a < b", gen.Covered, ""})
			mm.Cases = []gen.Case{
				{Name: "L11_a<b_true", Inputs: ints(1, 2), Outputs: ints(1, 2)},
				{Name: "L11_a<b_false", Inputs: ints(2, 1), Outputs: ints(1, 2)},
			}
			sg := p.result("Sign", 1, branch{18, 5, "x < 0", gen.Covered, ""}, branch{18, 5, "x < 0", gen.Covered, ""})
			sg.Cases = []gen.Case{
				{Name: "L18_x<0_true", Inputs: []ir.Literal{intLit(8, true, -128)}, Outputs: []ir.Literal{boolLit(true), intLit(8, false, 128)}},
				{Name: "L18_x<0_false", Inputs: []ir.Literal{intLit(8, true, 5)}, Outputs: []ir.Literal{boolLit(false), intLit(8, false, 5)}},
			}
			return []*gen.Result{dm, mm, sg}
		},
	},
	{
		name: "arrays",
		src: `package arrays

type Vec [2]int

func Sum(v [3]int) int {
	s := 0
	for _, x := range v {
		s += x
	}
	return s
}

func Swap(v Vec) Vec {
	if v[0] > v[1] {
		return Vec{v[1], v[0]}
	}
	return v
}

func Diag(g [2][2]int8) [2]int8 { return [2]int8{g[0][0], g[1][1]} }

func Spike(i int) [10]int {
	var a [10]int
	if i >= 0 && i < 10 {
		a[i] = 1
	}
	return a
}
`,
		results: func(p *pkg) []*gen.Result {
			sum := p.result("Sum", 2, branch{7, 2, "range v", gen.Covered, ""}, branch{7, 2, "range v", gen.Covered, ""})
			sum.Cases = []gen.Case{
				{Name: "L7_rangev_true", Inputs: []ir.Literal{arr(ints(1, -2, 3)...)}, Outputs: ints(2)},
				{Name: "L7_rangev_false", Inputs: []ir.Literal{arr(ints(0, 0, 0)...)}, Outputs: ints(0)},
			}
			swap := p.result("Swap", 0, branch{14, 5, "v[0] > v[1]", gen.Covered, ""}, branch{14, 5, "v[0] > v[1]", gen.Covered, ""})
			swap.Cases = []gen.Case{
				{Name: "L14_v[0]>v[1]_true", Inputs: []ir.Literal{arr(ints(2, 1)...)}, Outputs: []ir.Literal{arr(ints(1, 2)...)}},
				{Name: "L14_v[0]>v[1]_false", Inputs: []ir.Literal{arr(ints(1, 2)...)}, Outputs: []ir.Literal{arr(ints(1, 2)...)}},
			}
			i8 := func(v int64) ir.Literal { return intLit(8, true, v) }
			diag := p.result("Diag", 0)
			diag.Cases = []gen.Case{{Name: "L20_call",
				Inputs:  []ir.Literal{arr(arr(i8(1), i8(2)), arr(i8(-3), i8(4)))},
				Outputs: []ir.Literal{arr(i8(1), i8(4))}}}
			spike := p.result("Spike", 0, branch{24, 5, "i >= 0", gen.Covered, ""}, branch{24, 5, "i >= 0", gen.Covered, ""})
			spike.Cases = []gen.Case{
				{Name: "L24_i>=0_true", Inputs: ints(3), Outputs: []ir.Literal{arr(ints(0, 0, 0, 1, 0, 0, 0, 0, 0, 0)...)}},
				{Name: "L24_i>=0_false", Inputs: ints(-1), Outputs: []ir.Literal{arr(ints(0, 0, 0, 0, 0, 0, 0, 0, 0, 0)...)}},
			}
			return []*gen.Result{sum, swap, diag, spike}
		},
	},
	{
		name: "noresult",
		src: `package noresult

var Count int

func Bump(n int, up bool) {
	if up {
		Count += n
	}
}
`,
		results: func(p *pkg) []*gen.Result {
			r := p.result("Bump", 0, branch{6, 5, "up", gen.Covered, ""}, branch{6, 5, "up", gen.Covered, ""})
			r.Cases = []gen.Case{
				{Name: "L6_up_true", Inputs: []ir.Literal{intLit(64, true, 2), boolLit(true)}},
				{Name: "L6_up_false", Inputs: []ir.Literal{intLit(64, true, 2), boolLit(false)}},
			}
			return []*gen.Result{r}
		},
	},
	{
		name: "nocases",
		src: `package nocases

func Loop(n int) int {
	for {
		if n > 0 {
			return n
		}
	}
}
`,
		results: func(p *pkg) []*gen.Result {
			r := p.result("Loop", 2,
				branch{5, 6, "n > 0", gen.Mismatch, ""}, branch{5, 6, "n > 0", gen.Unsupported, "infinite loop: (no exit)"})
			return []*gen.Result{r}
		},
	},
	{
		name: "lower",
		src: `package lower

func trityp(a, b, c int) int {
	if a == b {
		return 1
	}
	return 0
}

type celsius int

func (c celsius) abs() celsius {
	if c < 0 {
		return -c
	}
	return c
}

type Mixed int

func (m Mixed) lower() int { return int(m) }
`,
		results: func(p *pkg) []*gen.Result {
			tri := p.result("trityp", 0, branch{4, 5, "a == b", gen.Covered, ""}, branch{4, 5, "a == b", gen.Covered, ""})
			tri.Cases = []gen.Case{
				{Name: "L4_a==b_true", Inputs: ints(0, 0, 1), Outputs: ints(1)},
				{Name: "L4_a==b_false", Inputs: ints(0, 1, 0), Outputs: ints(0)},
			}
			abs := p.result("celsius.abs", 0, branch{13, 5, "c < 0", gen.Covered, ""}, branch{13, 5, "c < 0", gen.Covered, ""})
			abs.Cases = []gen.Case{
				{Name: "L13_c<0_true", Inputs: ints(-1), Outputs: ints(1)},
				{Name: "L13_c<0_false", Inputs: ints(0), Outputs: ints(0)},
			}
			low := p.result("Mixed.lower", 0)
			low.Cases = []gen.Case{{Name: "L21_call", Inputs: ints(5), Outputs: ints(5)}}
			return []*gen.Result{tri, abs, low}
		},
	},
	{
		name: "clash",
		src: `package clash

var tt = 1

func cmp(a, b int) int { return a - b }

func Pick(name, want int, tt int, got bool) (int, int) {
	if got {
		return name, want + tt
	}
	return want, name
}

func Blank(_ int, b int) int { return b }

func Unnamed(int, bool) int { return 0 }

type T int

func (T) M() int { return 1 }

func T_M() int { return 2 }
`,
		results: func(p *pkg) []*gen.Result {
			pick := p.result("Pick", 0, branch{8, 5, "got", gen.Covered, ""}, branch{8, 5, "got", gen.Covered, ""})
			pick.Cases = []gen.Case{
				{Name: "L8_got_true", Inputs: []ir.Literal{intLit(64, true, 1), intLit(64, true, 2), intLit(64, true, 3), boolLit(true)}, Outputs: ints(1, 5)},
				{Name: "L8_got_false", Inputs: []ir.Literal{intLit(64, true, 1), intLit(64, true, 2), intLit(64, true, 3), boolLit(false)}, Outputs: ints(2, 1)},
			}
			blank := p.result("Blank", 0)
			blank.Cases = []gen.Case{{Name: "L14_call", Inputs: ints(1, 2), Outputs: ints(2)}}
			unnamed := p.result("Unnamed", 0)
			unnamed.Cases = []gen.Case{{Name: "L16_call", Inputs: []ir.Literal{intLit(64, true, 1), boolLit(true)}, Outputs: ints(0)}}
			m := p.result("T.M", 0)
			m.Cases = []gen.Case{{Name: "L20_call", Inputs: ints(0), Outputs: ints(1)}}
			tm := p.result("T_M", 0)
			tm.Cases = []gen.Case{{Name: "L22_call", Outputs: ints(2)}}
			return []*gen.Result{pick, blank, unnamed, m, tm}
		},
	},
	{
		name: "imported",
		src: `package imported

import "time"

func Weekend(d time.Weekday) bool {
	switch d {
	case time.Saturday, time.Sunday:
		return true
	}
	return false
}

func Days(m time.Month) [2]time.Month { return [2]time.Month{m, m + 1} }
`,
		results: func(p *pkg) []*gen.Result {
			we := p.result("Weekend", 1, branch{7, 7, "d == time.Saturday", gen.Covered, ""}, branch{7, 7, "d == time.Saturday", gen.Covered, ""})
			we.Cases = []gen.Case{
				{Name: "L7_d==time.Saturday_true", Inputs: ints(6), Outputs: []ir.Literal{boolLit(true)}},
				{Name: "L7_d==time.Saturday_false", Inputs: ints(1), Outputs: []ir.Literal{boolLit(false)}},
			}
			days := p.result("Days", 0)
			days.Cases = []gen.Case{{Name: "L13_call", Inputs: ints(3), Outputs: []ir.Literal{arr(ints(3, 4)...)}}}
			return []*gen.Result{we, days}
		},
	},
	{
		// Results equal to a constant the function returns by name are
		// written as it; a constant it only compares with (limit, 3
		// like Scalene) is not, nor an input.
		name: "consts",
		src: `package consts

const (
	Equilateral  = 1
	Scalene      = 3
	NotATriangle = 4
	limit        = 3
)

const Low int8 = 1

func Kind(a, b int) int {
	if a <= 0 {
		return NotATriangle
	}
	if a == b {
		return Equilateral
	}
	if a > limit {
		return 0
	}
	return Scalene
}

func Level(n int8) (l int8) {
	if n < 0 {
		l = Low
		return
	}
	return 1 + n
}
`,
		results: func(p *pkg) []*gen.Result {
			k := p.result("Kind", 0)
			k.Cases = []gen.Case{
				{Name: "a<=0", Inputs: ints(0, 0), Outputs: ints(4)},
				{Name: "a==b", Inputs: ints(1, 1), Outputs: ints(1)},
				{Name: "a>limit", Inputs: ints(4, 1), Outputs: ints(0)},
				{Name: "a==limit", Inputs: ints(3, 1), Outputs: ints(3)},
			}
			l := p.result("Level", 0)
			l.Cases = []gen.Case{
				{Name: "n<0", Inputs: []ir.Literal{intLit(8, true, -1)}, Outputs: []ir.Literal{intLit(8, true, 1)}},
				{Name: "n==0", Inputs: []ir.Literal{intLit(8, true, 0)}, Outputs: []ir.Literal{intLit(8, true, 1)}},
			}
			return []*gen.Result{k, l}
		},
	},
	{
		name: "text",
		src: `package text

import "strings"

func Count(s string, sep byte) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == sep {
			n++
		}
	}
	return n
}

func Upper(b []byte) []byte {
	if b == nil {
		return nil
	}
	return []byte(strings.ToUpper(string(b)))
}

func IsVowel(r rune) bool { return strings.ContainsRune("aeiou", r) }

func Fields(s string) []string { return strings.Fields(s) }

func Path(dir, file string) string { return dir + ` + "`\\`" + ` + file }
`,
		results: func(p *pkg) []*gen.Result {
			count := p.result("Count", 1, branch{8, 6, "s[i] == sep", gen.Covered, ""}, branch{8, 6, "s[i] == sep", gen.Covered, ""})
			count.Cases = []gen.Case{
				{Name: "L8_s[i]==sep_true", Inputs: []ir.Literal{strLit("a\tb,c"), byteLit(',')}, Outputs: ints(1)},
				{Name: "L8_s[i]==sep_true_2", Inputs: []ir.Literal{strLit(`say "hi"`), byteLit('"')}, Outputs: ints(2)},
				{Name: "L8_s[i]==sep_false", Inputs: []ir.Literal{strLit(""), byteLit(0)}, Outputs: ints(0)},
			}
			byteT := ir.Int{Bits: 8}
			upper := p.result("Upper", 0, branch{16, 5, "b == nil", gen.Covered, ""}, branch{16, 5, "b == nil", gen.Covered, ""})
			upper.Cases = []gen.Case{
				{Name: "L16_b==nil_true", Inputs: []ir.Literal{nilSlice(byteT)}, Outputs: []ir.Literal{nilSlice(byteT)}},
				{Name: "L16_b==nil_false", Inputs: []ir.Literal{bytesLit('x', 'y')}, Outputs: []ir.Literal{bytesLit('X', 'Y')}},
				{Name: "L16_b==nil_false_binary", Inputs: []ir.Literal{bytesLit(0, 'a')}, Outputs: []ir.Literal{bytesLit(0, 'A')}},
				{Name: "L16_b==nil_false_empty", Inputs: []ir.Literal{bytesLit()}, Outputs: []ir.Literal{bytesLit()}},
			}
			vowel := p.result("IsVowel", 0)
			vowel.Cases = []gen.Case{
				{Name: "a", Inputs: []ir.Literal{runeLit('a')}, Outputs: []ir.Literal{boolLit(true)}},
				{Name: "accented", Inputs: []ir.Literal{runeLit('é')}, Outputs: []ir.Literal{boolLit(false)}},
				{Name: "newline", Inputs: []ir.Literal{runeLit('\n')}, Outputs: []ir.Literal{boolLit(false)}},
				{Name: "delete", Inputs: []ir.Literal{runeLit(0x7f)}, Outputs: []ir.Literal{boolLit(false)}},
			}
			fields := p.result("Fields", 0)
			fields.Cases = []gen.Case{
				{Name: "words", Inputs: strs("  a b "), Outputs: []ir.Literal{sliceOf(ir.String{}, strs("a", "b")...)}},
				{Name: "empty", Inputs: strs(""), Outputs: []ir.Literal{sliceOf(ir.String{})}},
			}
			path := p.result("Path", 0)
			path.Cases = []gen.Case{{Name: "call", Inputs: strs("C:", "x.go"), Outputs: strs(`C:\x.go`)}}
			return []*gen.Result{count, upper, vowel, fields, path}
		},
	},
	{
		name: "floats",
		src: `package floats

import "math"

func Div(a, b float64) float64 { return a / b }

func Half(x float32) float32 { return x / 2 }

func Classify(x float64) string {
	switch {
	case math.IsNaN(x):
		return "nan"
	case math.IsInf(x, 0):
		return "inf"
	case x == 0 && math.Signbit(x):
		return "-0"
	}
	return "finite"
}

type Celsius float64

func (c Celsius) Warm() bool { return c > 20.5 }
`,
		results: func(p *pkg) []*gen.Result {
			nan := math.NaN()
			div := p.result("Div", 0)
			div.Cases = []gen.Case{
				{Name: "inf", Inputs: []ir.Literal{f64(1), f64(0)}, Outputs: []ir.Literal{f64(math.Inf(1))}},
				{Name: "nan", Inputs: []ir.Literal{f64(0), f64(0)}, Outputs: []ir.Literal{f64(nan)}},
				{Name: "negative_zero", Inputs: []ir.Literal{f64(0), f64(-1)}, Outputs: []ir.Literal{f64(math.Copysign(0, -1))}},
				{Name: "third", Inputs: []ir.Literal{f64(1), f64(3)}, Outputs: []ir.Literal{f64(1.0 / 3)}},
				{Name: "large", Inputs: []ir.Literal{f64(1e300), f64(-1e-10)}, Outputs: []ir.Literal{f64(math.Inf(-1))}},
			}
			half := p.result("Half", 0)
			half.Cases = []gen.Case{
				{Name: "tenth", Inputs: []ir.Literal{f32(0.1)}, Outputs: []ir.Literal{f32(float32(0.1) / 2)}},
				{Name: "nan", Inputs: []ir.Literal{f32(float32(nan))}, Outputs: []ir.Literal{f32(float32(nan))}},
			}
			cl := p.result("Classify", 0)
			cl.Cases = []gen.Case{
				{Name: "nan", Inputs: []ir.Literal{f64(nan)}, Outputs: strs("nan")},
				{Name: "inf", Inputs: []ir.Literal{f64(math.Inf(-1))}, Outputs: strs("inf")},
				{Name: "negative_zero", Inputs: []ir.Literal{f64(math.Copysign(0, -1))}, Outputs: strs("-0")},
				{Name: "finite", Inputs: []ir.Literal{f64(2.5)}, Outputs: strs("finite")},
			}
			warm := p.result("Celsius.Warm", 0)
			warm.Cases = []gen.Case{
				{Name: "warm", Inputs: []ir.Literal{f64(21)}, Outputs: []ir.Literal{boolLit(true)}},
				{Name: "nan", Inputs: []ir.Literal{f64(nan)}, Outputs: []ir.Literal{boolLit(false)}},
			}
			return []*gen.Result{div, half, cl, warm}
		},
	},
	{
		name: "shapes",
		src: `package shapes

type Point struct {
	X, Y  int
	label string
}

type Rect struct {
	Min, Max Point
	Tags     []string
}

func Area(r Rect) int { return (r.Max.X - r.Min.X) * (r.Max.Y - r.Min.Y) }

func Mid(p *Point) *Point {
	if p == nil {
		return nil
	}
	return &Point{X: p.X / 2, Y: p.Y / 2, label: "mid"}
}

func Origin() Point { return Point{label: "o"} }

func Sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

func Grow(xs []int) []int {
	if xs == nil {
		return []int{}
	}
	return append(xs, 0)
}

func Inc(p *int8) int8 {
	*p++
	return *p
}
`,
		results: func(p *pkg) []*gen.Result {
			pointT, rectT := p.irOf("Point"), p.irOf("Rect")
			point := func(x, y int64, label string) ir.Literal {
				return rec(pointT, intLit(64, true, x), intLit(64, true, y), strLit(label))
			}
			i64 := ir.Int{Bits: 64, Signed: true}
			area := p.result("Area", 0)
			area.Cases = []gen.Case{
				{Name: "call", Inputs: []ir.Literal{rec(rectT, point(1, 0, ""), point(3, 2, ""), sliceOf(ir.String{}, strs("a")...))}, Outputs: ints(4)},
				{Name: "zero", Inputs: []ir.Literal{rec(rectT, point(0, 0, ""), point(0, 0, ""), nilSlice(ir.String{}))}, Outputs: ints(0)},
			}
			mid := p.result("Mid", 0, branch{16, 5, "p == nil", gen.Covered, ""}, branch{16, 5, "p == nil", gen.Covered, ""})
			mid.Cases = []gen.Case{
				{Name: "L16_p==nil_true", Inputs: []ir.Literal{nilPtr(pointT)}, Outputs: []ir.Literal{nilPtr(pointT)}},
				{Name: "L16_p==nil_false", Inputs: []ir.Literal{ptr(point(4, -2, "p"))}, Outputs: []ir.Literal{ptr(point(2, -1, "mid"))}},
			}
			origin := p.result("Origin", 0)
			origin.Cases = []gen.Case{{Name: "call", Outputs: []ir.Literal{point(0, 0, "o")}}}
			sum := p.result("Sum", 0)
			sum.Cases = []gen.Case{
				{Name: "nil", Inputs: []ir.Literal{nilSlice(i64)}, Outputs: ints(0)},
				{Name: "empty", Inputs: []ir.Literal{sliceOf(i64)}, Outputs: ints(0)},
				{Name: "two", Inputs: []ir.Literal{sliceOf(i64, ints(1, 2)...)}, Outputs: ints(3)},
			}
			grow := p.result("Grow", 0, branch{33, 5, "xs == nil", gen.Covered, ""}, branch{33, 5, "xs == nil", gen.Covered, ""})
			grow.Cases = []gen.Case{
				{Name: "L33_xs==nil_true", Inputs: []ir.Literal{nilSlice(i64)}, Outputs: []ir.Literal{sliceOf(i64)}},
				{Name: "L33_xs==nil_false", Inputs: []ir.Literal{sliceOf(i64, ints(1)...)}, Outputs: []ir.Literal{sliceOf(i64, ints(1, 0)...)}},
			}
			inc := p.result("Inc", 0)
			inc.Cases = []gen.Case{
				// After: what the call leaves in *p, checked by the test.
				{Name: "five", Inputs: []ir.Literal{ptr(intLit(8, true, 5))}, Outputs: []ir.Literal{intLit(8, true, 6)},
					After: []ir.Literal{ptr(intLit(8, true, 6))}},
				{Name: "zero", Inputs: []ir.Literal{ptr(intLit(8, true, 0))}, Outputs: []ir.Literal{intLit(8, true, 1)},
					After: []ir.Literal{ptr(intLit(8, true, 1))}},
			}
			return []*gen.Result{area, mid, origin, sum, grow, inc}
		},
	},
	{
		name: "list",
		src: `package list

type Node struct {
	Val  int
	Next *Node
}

type Pair struct{ L, R *Node }

func Same(a, b *Node) bool { return a == b }

func Shared(p Pair) bool { return p.L != nil && p.L == p.R }

func Loops(n *Node) bool {
	slow, fast := n, n
	for fast != nil && fast.Next != nil {
		slow, fast = slow.Next, fast.Next.Next
		if slow == fast {
			return true
		}
	}
	return false
}

func Next(n *Node) *Node {
	if n == nil {
		return nil
	}
	return n.Next
}
`,
		results: func(p *pkg) []*gen.Result {
			nodeT, pairT := p.irOf("Node"), p.irOf("Pair")
			node := func(v int64, next ir.Literal) *ir.Literal {
				return &ir.Literal{T: nodeT, Elems: []ir.Literal{intLit(64, true, v), next}}
			}
			none := nilPtr(nodeT)
			// cycle returns the head of a cyclic list holding vals.
			cycle := func(vals ...int64) *ir.Literal {
				nodes := make([]*ir.Literal, len(vals))
				for i, v := range vals {
					nodes[i] = node(v, none)
				}
				for i, n := range nodes {
					n.Elems[1] = ref(nodes[(i+1)%len(nodes)])
				}
				return nodes[0]
			}
			x := node(1, none)
			same := p.result("Same", 0)
			same.Cases = []gen.Case{
				{Name: "alias", Inputs: []ir.Literal{ref(x), ref(x)}, Outputs: []ir.Literal{boolLit(true)}},
				{Name: "distinct", Inputs: []ir.Literal{ref(node(1, none)), ref(node(1, none))}, Outputs: []ir.Literal{boolLit(false)}},
			}
			y := node(2, none)
			shared := p.result("Shared", 0)
			shared.Cases = []gen.Case{
				{Name: "alias", Inputs: []ir.Literal{rec(pairT, ref(y), ref(y))}, Outputs: []ir.Literal{boolLit(true)}},
				{Name: "one", Inputs: []ir.Literal{rec(pairT, ref(node(0, none)), none)}, Outputs: []ir.Literal{boolLit(false)}},
			}
			loops := p.result("Loops", 2, branch{17, 6, "slow == fast", gen.Covered, ""}, branch{17, 6, "slow == fast", gen.Covered, ""})
			loops.Cases = []gen.Case{
				{Name: "L17_slow==fast_true", Inputs: []ir.Literal{ref(cycle(1))}, Outputs: []ir.Literal{boolLit(true)}},
				{Name: "L17_slow==fast_true_3", Inputs: []ir.Literal{ref(cycle(1, 2, 3))}, Outputs: []ir.Literal{boolLit(true)}},
				{Name: "L17_slow==fast_false", Inputs: []ir.Literal{ref(node(1, ref(node(2, ref(node(3, none))))))}, Outputs: []ir.Literal{boolLit(false)}},
				{Name: "nil", Inputs: []ir.Literal{none}, Outputs: []ir.Literal{boolLit(false)}},
			}
			next := p.result("Next", 0, branch{25, 5, "n == nil", gen.Covered, ""}, branch{25, 5, "n == nil", gen.Covered, ""})
			in, out := cycle(1, 2), cycle(2, 1)
			next.Cases = []gen.Case{
				{Name: "L25_n==nil_true", Inputs: []ir.Literal{none}, Outputs: []ir.Literal{none}},
				{Name: "L25_n==nil_false", Inputs: []ir.Literal{ref(node(1, ref(node(2, none))))}, Outputs: []ir.Literal{ref(node(2, none))}},
				{Name: "L25_n==nil_false_cycle", Inputs: []ir.Literal{ref(in)}, Outputs: []ir.Literal{ref(out)}},
			}
			return []*gen.Result{same, shared, loops, next}
		},
	},
	{
		name: "state",
		src: `package state

import (
	"errors"
	"strconv"
	"strings"
)

var limit = 10

var Prefix string

func Clamp(x int) int {
	if x > limit {
		return limit
	}
	return x
}

func Describe(x int) string {
	if x > limit {
		return Prefix + "big"
	}
	return Prefix + "small"
}

func Parse(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, errors.New("not a number: " + strconv.Quote(s))
	}
	if n > limit {
		return limit, nil
	}
	return n, nil
}

func Div(a, b int) int { return a / b }

func At(xs []int, i int) int { return xs[i] }

func Must(err error) {
	if err != nil {
		panic(err)
	}
}

func Check(n int) int {
	if n < 0 {
		panic("negative: " + strconv.Itoa(n))
	}
	return n
}

func Apply(f func(string) string, s string) string {
	if f == nil {
		return s
	}
	return f(s)
}

func Shout(s string) string { return strings.ToUpper(s) + "!" }
`,
		results: func(p *pkg) []*gen.Result {
			limit, prefix := p.global("limit"), p.global("Prefix")
			i64 := ir.Int{Bits: 64, Signed: true}
			lim := func(n int64) []gen.GlobalValue { return []gen.GlobalValue{{G: limit, Value: intLit(64, true, n)}} }
			clamp := p.result("Clamp", 0, branch{14, 5, "x > limit", gen.Covered, ""}, branch{14, 5, "x > limit", gen.Covered, ""})
			clamp.Cases = []gen.Case{
				{Name: "L14_x>limit_true", Inputs: ints(5), Globals: lim(3), Outputs: ints(3)},
				{Name: "L14_x>limit_false", Inputs: ints(5), Globals: lim(10), Outputs: ints(5)},
			}
			desc := p.result("Describe", 0, branch{21, 5, "x > limit", gen.Covered, ""}, branch{21, 5, "x > limit", gen.Covered, ""})
			desc.Cases = []gen.Case{
				{Name: "L21_x>limit_true", Inputs: ints(2), Globals: append(lim(1), gen.GlobalValue{G: prefix, Value: strLit("#")}), Outputs: strs("#big")},
				{Name: "L21_x>limit_false", Inputs: ints(0), Globals: lim(0), Outputs: strs("small")},
			}
			parse := p.result("Parse", 0, branch{29, 5, "err != nil", gen.Covered, ""}, branch{29, 5, "err != nil", gen.Covered, ""})
			parse.Cases = []gen.Case{
				{Name: "L29_err!=nil_true", Inputs: strs("x"), Outputs: []ir.Literal{intLit(64, true, 0), errLit(`not a number: "x"`)}},
				{Name: "L29_err!=nil_false", Inputs: strs("12"), Globals: lim(10), Outputs: []ir.Literal{intLit(64, true, 10), nilErr()}},
				{Name: "L32_n>limit_false", Inputs: strs("7"), Globals: lim(10), Outputs: []ir.Literal{intLit(64, true, 7), nilErr()}},
			}
			div := p.result("Div", 0)
			div.Cases = []gen.Case{
				{Name: "call", Inputs: ints(7, 2), Outputs: ints(3)},
				{Name: "divide_by_zero", Inputs: ints(1, 0), Panic: ir.CheckDivide.String()},
			}
			at := p.result("At", 0)
			at.Cases = []gen.Case{
				{Name: "call", Inputs: []ir.Literal{sliceOf(i64, ints(1, 2)...), intLit(64, true, 1)}, Outputs: ints(2)},
				{Name: "out_of_range", Inputs: []ir.Literal{sliceOf(i64, ints(1)...), intLit(64, true, 5)}, Panic: ir.CheckIndex.String()},
			}
			must := p.result("Must", 0, branch{44, 5, "err != nil", gen.Covered, ""}, branch{44, 5, "err != nil", gen.Covered, ""})
			must.Cases = []gen.Case{
				{Name: "L44_err!=nil_true", Inputs: []ir.Literal{errLit("boom")}, Panic: "boom"},
				{Name: "L44_err!=nil_false", Inputs: []ir.Literal{nilErr()}},
			}
			check := p.result("Check", 0, branch{50, 5, "n < 0", gen.Covered, ""}, branch{50, 5, "n < 0", gen.Covered, ""})
			check.Cases = []gen.Case{
				{Name: "L50_n<0_true", Inputs: ints(-1), Outputs: ints(0), Panic: "negative: -1"},
				{Name: "L50_n<0_false", Inputs: ints(2), Outputs: ints(2)},
			}
			fnLit := func(name string) ir.Literal {
				return ir.Literal{T: irType(p.t, p.function("Shout").Signature), Func: &ir.Func{Name: name}}
			}
			apply := p.result("Apply", 0, branch{57, 5, "f == nil", gen.Covered, ""}, branch{57, 5, "f == nil", gen.Covered, ""})
			apply.Cases = []gen.Case{
				{Name: "L57_f==nil_true", Inputs: []ir.Literal{{T: irType(p.t, p.function("Shout").Signature)}, strLit("a")}, Outputs: strs("a")},
				{Name: "L57_f==nil_false", Inputs: []ir.Literal{fnLit("state.Shout"), strLit("hi")}, Outputs: strs("HI!")},
				{Name: "L57_f==nil_false_std", Inputs: []ir.Literal{fnLit("strings.ToUpper"), strLit("go")}, Outputs: strs("GO")},
			}
			return []*gen.Result{clamp, desc, parse, div, at, must, check, apply}
		},
	},
	{
		// No case needs math or time: the file must not import them
		// (an unused import does not compile).
		name: "plain",
		src: `package plain

import "time"

type Job struct {
	Name string
	Wait time.Duration
}

func Late(x float64) int {
	if x > 3.14 {
		return 1
	}
	return 0
}

func Slow(j Job) bool { return j.Wait > 5 }

var hits int

var seen = map[string]bool{}

var last = []int{0}

// Hit changes three variables: each case starts from the package's values.
func Hit(k string) int {
	hits++
	seen[k] = true
	last[0] = hits
	return hits + len(seen)
}
`,
		results: func(p *pkg) []*gen.Result {
			late := p.result("Late", 0, branch{11, 5, "x > 3.14", gen.Covered, ""}, branch{11, 5, "x > 3.14", gen.Covered, ""})
			late.Cases = []gen.Case{
				{Name: "x>3.14", Inputs: []ir.Literal{f64(10)}, Outputs: ints(1)},
				{Name: "x<=3.14", Inputs: []ir.Literal{f64(0)}, Outputs: ints(0)},
			}
			slow := p.result("Slow", 0)
			slow.Cases = []gen.Case{
				{Name: "call", Inputs: []ir.Literal{rec(p.irOf("Job"), strLit("a"), intLit(64, true, 5))}, Outputs: []ir.Literal{boolLit(false)}},
			}
			hit := p.result("Hit", 0)
			hit.Cases = []gen.Case{
				{Name: "a", Inputs: strs("a"), Outputs: ints(2)},
				{Name: "b", Inputs: strs("b"), Outputs: ints(2)},
			}
			return []*gen.Result{late, slow, hit}
		},
	},
	{
		// What cannot be written is left out, with a comment, and the
		// rest is written: results holding functions are not compared, a
		// case whose input is a method value is left out, a table whose
		// fields cannot be named is left out.
		name: "funcs",
		src: `package funcs

type T struct{ k int }

func (t T) Scale(x int) int { return t.k * x }

func Adder(n int) func(int) int {
	if n > 0 {
		return func(x int) int { return x + n }
	}
	return nil
}

func Pair(n int) (f func(int) int, m int) {
	if n > 2 {
		return nil, n
	}
	return func(x int) int { return x }, 0
}

func Apply(f func(int) int, x int) int {
	if f == nil {
		return -1
	}
	return f(x)
}

var lim = 3

func Over(x int) bool { return x > lim }
`,
		results: func(p *pkg) []*gen.Result {
			intFunc := irType(p.t, p.function("Apply").Signature.Params().At(0).Type())
			fn := func(name string) ir.Literal { return ir.Literal{T: intFunc, Func: &ir.Func{Name: name}} }
			adder := p.result("Adder", 0, branch{8, 5, "n > 0", gen.Covered, ""}, branch{8, 5, "n > 0", gen.Covered, ""})
			adder.Cases = []gen.Case{
				{Name: "n>0", Inputs: ints(1), Outputs: []ir.Literal{fn("funcs.Adder$1")}},
				{Name: "n<=0", Inputs: ints(0), Outputs: []ir.Literal{{T: intFunc}}},
			}
			pair := p.result("Pair", 0, branch{15, 5, "n > 2", gen.Covered, ""}, branch{15, 5, "n > 2", gen.Covered, ""})
			pair.Cases = []gen.Case{
				{Name: "n>2", Inputs: ints(3), Outputs: []ir.Literal{{T: intFunc}, intLit(64, true, 3)}},
				{Name: "n<=2", Inputs: ints(0), Outputs: []ir.Literal{fn("funcs.Pair$1"), intLit(64, true, 0)}},
			}
			apply := p.result("Apply", 0, branch{22, 5, "f == nil", gen.Covered, ""}, branch{22, 5, "f == nil", gen.Covered, ""})
			apply.Cases = []gen.Case{
				{Name: "f==nil", Goal: apply.Goals[0], Covers: apply.Goals[:1], Inputs: []ir.Literal{{T: intFunc}, intLit(64, true, 3)}, Outputs: ints(-1)},
				{Name: "f!=nil", Goal: apply.Goals[1], Covers: apply.Goals[1:], Inputs: []ir.Literal{fn("funcs.T.Scale$bound"), intLit(64, true, 3)}, Outputs: ints(6)},
			}
			over := p.result("Over", 0)
			over.Cases = []gen.Case{
				{Name: "call", Inputs: ints(4), Globals: []gen.GlobalValue{{G: ir.NewGlobal("nosuch", ir.Int{Bits: 64, Signed: true}), Value: intLit(64, true, 1)}}, Outputs: []ir.Literal{boolLit(true)}},
			}
			return []*gen.Result{adder, pair, apply, over}
		},
	},
}

const testCmd = "pbcc gen -k 3 ./..."

func TestGolden(t *testing.T) {
	for _, gc := range goldenCases {
		t.Run(gc.name, func(t *testing.T) {
			got := render(t, gc)
			golden := filepath.Join("testdata", gc.name+".golden")
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("%s mismatch (-want +got):\n%s", golden, diff)
			}
			if again := render(t, gc); !bytes.Equal(got, again) {
				t.Errorf("two renderings differ:\n%s", cmp.Diff(string(got), string(again)))
			}
			typeCheck(t, gc, got)
		})
	}
}

// cmpStubs are the parts of go-cmp the generated tests use, for
// typeCheck, which does not read the module cache.
var cmpStubs = map[string]string{
	"github.com/google/go-cmp/cmp": `package cmp
type Option interface{ option() }
func Diff(x, y any, opts ...Option) string { return "" }
func AllowUnexported(types ...any) Option { return nil }
`,
	"github.com/google/go-cmp/cmp/cmpopts": `package cmpopts
import "github.com/google/go-cmp/cmp"
func EquateNaNs() cmp.Option { return nil }
`,
}

// stubImporter imports go-cmp from cmpStubs, the rest from export data.
type stubImporter struct {
	fset *token.FileSet
	std  types.Importer
	pkgs map[string]*types.Package
}

func (im *stubImporter) Import(path string) (*types.Package, error) {
	if p, ok := im.pkgs[path]; ok {
		return p, nil
	}
	src, ok := cmpStubs[path]
	if !ok {
		return im.std.Import(path)
	}
	f, err := parser.ParseFile(im.fset, path+"/stub.go", src, 0)
	if err != nil {
		return nil, err
	}
	p, err := (&types.Config{Importer: im}).Check(path, im.fset, []*ast.File{f}, nil)
	if err != nil {
		return nil, err
	}
	im.pkgs[path] = p
	return p, nil
}

// typeCheck type-checks the generated tests out with the source of gc, as
// go test would compile them (an unused import, a wrong type fail).
func typeCheck(t *testing.T, gc goldenCase, out []byte) {
	t.Helper()
	fset := token.NewFileSet()
	var files []*ast.File
	for name, src := range map[string][]byte{gc.name + ".go": []byte(gc.src), gc.name + "_pbcc_test.go": out} {
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		files = append(files, f)
	}
	var errs []string
	conf := &types.Config{
		Importer: &stubImporter{fset: fset, std: importer.Default(), pkgs: map[string]*types.Package{}},
		Error:    func(err error) { errs = append(errs, err.Error()) },
	}
	conf.Check("example.com/m/"+gc.name, fset, files, nil)
	if len(errs) > 0 {
		t.Errorf("the generated tests do not compile:\n%s\n%s", strings.Join(errs, "\n"), out)
	}
}

func render(t *testing.T, gc goldenCase) []byte {
	t.Helper()
	p := build(t, gc.name, gc.src)
	out, err := File(gc.name, gc.results(p), testCmd)
	var omitted *OmittedError
	if err != nil && (!errors.As(err, &omitted) || gc.name != "funcs") {
		t.Fatal(err)
	}
	return out
}

// TestOmitted: File reports what it left out of the file, each function
// and case with the function's position.
func TestOmitted(t *testing.T) {
	var gc goldenCase
	for _, c := range goldenCases {
		if c.name == "funcs" {
			gc = c
		}
	}
	p := build(t, gc.name, gc.src)
	out, err := File(gc.name, gc.results(p), testCmd)
	var omitted *OmittedError
	if !errors.As(err, &omitted) || out == nil {
		t.Fatalf("File = %d bytes, %v; want the file and an *OmittedError", len(out), err)
	}
	var got []string
	for _, o := range omitted.Omitted {
		got = append(got, o.String())
	}
	want := []string{
		`funcs.go:21: Apply: case f!=nil left out: f: cannot write the function value funcs.T.Scale$bound of type func(int) int: not a package-level function`,
		`funcs.go:30: Over: no tests written: no package-level variable nosuch the test can set`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("omissions mismatch (-want +got):\n%s", diff)
	}
}

// TestEndToEnd writes every golden case's snippet and generated test into
// a module, then runs go vet and go test on it: the tests must compile,
// be vet-clean and pass. A case with a wrong expected value must fail.
func TestEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is unavailable")
	}
	dir := t.TempDir()
	writeModule(t, dir)
	for _, gc := range goldenCases {
		pdir := filepath.Join(dir, gc.name)
		if err := os.Mkdir(pdir, 0o755); err != nil {
			t.Fatal(err)
		}
		src := filepath.Join(pdir, gc.name+".go")
		if err := os.WriteFile(src, []byte(gc.src), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := Write(TestFileName(src), render(t, gc)); err != nil {
			t.Fatal(err)
		}
	}
	var names []string // every case's name, as its test calls it
	for _, gc := range goldenCases {
		data, err := os.ReadFile(filepath.Join(dir, gc.name, gc.name+"_pbcc_test.go"))
		if err != nil {
			t.Fatal(err)
		}
		test := ""
		for _, l := range strings.Split(string(data), "\n") {
			if n, ok := strings.CutPrefix(l, "func Test"); ok {
				test = "Test" + n[:strings.IndexByte(n, '(')]
			}
			if _, rest, ok := strings.Cut(l, `{name: "`); ok {
				names = append(names, test+"/"+rest[:strings.IndexByte(rest, '"')])
			}
		}
	}
	for _, args := range [][]string{{"vet", "./..."}, {"test", "-count=1", "-v", "./..."}} {
		out, err := goRun(dir, args...)
		if err != nil {
			t.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		if args[0] != "test" {
			continue
		}
		// go test runs and prints every case under its own name: it
		// rewrites none (spaces, unprintable runes).
		for _, n := range names {
			if !strings.Contains(out, "--- PASS: "+n+" ") {
				t.Errorf("go test -v does not show the case %s as it is named", n)
			}
		}
	}
	// go test -run selects a case by its name, quoted as it is.
	sel := "TestCountPBCC/^L8_s_i==sep_true$"
	out, err := goRun(dir, "test", "-count=1", "-v", "-run", sel, "./text")
	if err != nil || strings.Count(out, "--- PASS: TestCountPBCC/") != 1 || !strings.Contains(out, "--- PASS: TestCountPBCC/L8_s_i==sep_true ") {
		t.Errorf("go test -run %s does not select exactly that case: %v\n%s", sel, err, out)
	}

	// A wrong expectation must make the generated test fail.
	gc := goldenCases[0]
	wrong := gc
	wrong.results = func(p *pkg) []*gen.Result {
		rs := gc.results(p)
		rs[0].Cases[3].Outputs = ints(2) // Trityp(1, 1, 1) is 1
		return rs
	}
	if err := os.WriteFile(filepath.Join(dir, gc.name, gc.name+"_pbcc_test.go"), render(t, wrong), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = goRun(dir, "test", "-count=1", "./"+gc.name)
	if err == nil {
		t.Fatalf("go test passed with a wrong expected value:\n%s", out)
	}
	if want := "Trityp(1, 1, 1) mismatch (-want +got):"; !strings.Contains(out, want) {
		t.Errorf("go test output does not contain %q:\n%s", want, out)
	}

	// So must a panic that does not happen, or another panic than the
	// one expected, and the test must not crash.
	for _, gc := range goldenCases {
		if gc.name != "state" {
			continue
		}
		wrong := gc
		wrong.results = func(p *pkg) []*gen.Result {
			rs := gc.results(p)
			rs[3].Cases[0] = gen.Case{Name: "no_panic", Inputs: ints(1, 1), Panic: ir.CheckDivide.String()}
			rs[6].Cases[0].Panic = "negative: -2"
			return rs
		}
		if err := os.WriteFile(filepath.Join(dir, gc.name, gc.name+"_pbcc_test.go"), render(t, wrong), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := goRun(dir, "test", "-count=1", "./"+gc.name)
		if err == nil {
			t.Fatalf("go test passed with wrong expected panics:\n%s", out)
		}
		for _, want := range []string{
			`Div(1, 1) did not panic, want a panic "runtime error: integer divide by zero"`,
			`Check(-1) panic = "negative: -1", want "negative: -2"`,
		} {
			if !strings.Contains(out, want) {
				t.Errorf("go test output does not contain %q:\n%s", want, out)
			}
		}
		if strings.Contains(out, "goroutine ") {
			t.Errorf("a generated test crashed:\n%s", out)
		}
	}
}

func writeModule(t *testing.T, dir string) {
	t.Helper()
	sum, err := os.ReadFile("../../go.sum")
	if err != nil {
		t.Fatal(err)
	}
	var cmpSum strings.Builder
	for _, l := range strings.SplitAfter(string(sum), "\n") {
		if strings.HasPrefix(l, "github.com/google/go-cmp ") {
			cmpSum.WriteString(l)
		}
	}
	mod := "module example.com/m\n\ngo 1.26\n\nrequire github.com/google/go-cmp v0.7.0\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), []byte(cmpSum.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

func goRun(dir string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func TestReadClaims(t *testing.T) {
	dir := t.TempDir()
	for _, gc := range goldenCases {
		t.Run(gc.name, func(t *testing.T) {
			p := build(t, gc.name, gc.src)
			results := gc.results(p)
			out, err := File(gc.name, results, testCmd)
			var omitted *OmittedError
			if err != nil && !errors.As(err, &omitted) {
				t.Fatal(err)
			}
			path := filepath.Join(dir, gc.name+"_pbcc_test.go")
			if err := Write(path, out); err != nil {
				t.Fatal(err)
			}
			got, err := ReadClaims(path)
			if err != nil {
				t.Fatal(err)
			}
			if omitted != nil {
				// The claims are of what was written (the golden file
				// shows them): they must read back.
				if len(got) != len(results) {
					t.Errorf("%d claims, want %d", len(got), len(results))
				}
				return
			}
			var want []Claim
			for _, r := range results {
				want = append(want, wantClaim(r))
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("ReadClaims mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// wantClaim is what the header should say of r, worked out apart from
// claimLine.
func wantClaim(r *gen.Result) Claim {
	fn := r.Func.Src.(*ssa.Function)
	name := fn.Name()
	if recv := fn.Signature.Recv(); recv != nil {
		name = recv.Type().(*types.Named).Obj().Name() + "." + name
	}
	c := Claim{Func: name, Branches: len(r.Edges), Cases: len(r.Cases), Goals: len(r.Goals)}
	for _, k := range r.Cases {
		if k.ForMutant {
			c.ForMutants++
		}
	}
	for _, s := range r.Edges {
		if s.Outcome == gen.Covered {
			continue
		}
		pos := s.Edge.Pos()
		u := Uncovered{File: filepath.Base(pos.File), Line: pos.Line, Col: pos.Col, Text: s.Edge.Cond(), Outcome: s.Edge.Label()}
		switch s.Outcome {
		case gen.Unreachable:
			u.Reason = fmt.Sprintf("unreachable within k=%d", r.K)
		default:
			u.Reason = s.Outcome.String()
			if s.Detail != "" {
				u.Reason += ": " + s.Detail
			}
		}
		// Unbalanced parentheses are turned into brackets.
		if strings.Count(u.Reason, "(") != strings.Count(u.Reason, ")") {
			u.Reason = strings.NewReplacer("(", "[", ")", "]").Replace(u.Reason)
		}
		c.NotCovered = append(c.NotCovered, u)
	}
	return c
}

func TestParseClaimErrors(t *testing.T) {
	for _, line := range []string{
		`// pbcc: F: 2 branches, 1 case, 1 goal; all covered.`,
		`// pbcc: F: 2 branches, 1 case, 1 goal (unconstrained edges); some covered.`,
		`// pbcc: F: 2 branches, 1 case, 1 goal (unconstrained edges); not covered: f.go:1 "x" true (timeout).`,
		`// pbcc: F: 2 branches, 1 case, 1 goal (unconstrained edges); not covered: f.go:1:2 x true (timeout).`,
		`// pbcc: F: 2 branches, 1 case, 1 goal (unconstrained edges); not covered: f.go:1:2 "x" true (timeout.`,
		`// pbcc: F: 2 branches, 1 case, 1 goal (unconstrained edges); not covered: f.go:1:2 "x" true (timeout) f.go:1:2 "x" false (timeout).`,
	} {
		if c, err := parseClaim(line); err == nil {
			t.Errorf("parseClaim(%q) = %+v, want an error", line, c)
		}
	}
	c, err := parseClaim(`// pbcc: F: 1 branch, 1 case, 1 goal (unconstrained edges); not covered: - "" default (pending).`)
	if err != nil {
		t.Fatal(err)
	}
	want := Claim{Func: "F", Branches: 1, Cases: 1, Goals: 1, NotCovered: []Uncovered{{Outcome: "default", Reason: "pending"}}}
	if diff := cmp.Diff(want, c); diff != "" {
		t.Errorf("parseClaim mismatch (-want +got):\n%s", diff)
	}
}

// TestClaimForMutants writes and reads back the count of the cases kept
// for mutants, and reads a claim without one (a file of an older pbcc).
func TestClaimForMutants(t *testing.T) {
	for _, tc := range []struct {
		cases []gen.Case
		want  string
	}{
		{[]gen.Case{{}, {ForMutant: true}, {}, {ForMutant: true}}, "// pbcc: F: 0 branches, 4 cases (2 for mutants), 0 goals (unconstrained edges); all covered."},
		{[]gen.Case{{}, {}}, "// pbcc: F: 0 branches, 2 cases, 0 goals (unconstrained edges); all covered."},
	} {
		line, err := claimLine("F", &gen.Result{Func: &ir.Func{Name: "p.F"}, Cases: tc.cases})
		if err != nil {
			t.Fatal(err)
		}
		if line != tc.want {
			t.Errorf("claimLine = %q, want %q", line, tc.want)
		}
		c, err := parseClaim(line)
		if err != nil {
			t.Fatal(err)
		}
		want := Claim{Func: "F", Cases: len(tc.cases), ForMutants: forMutants(tc.cases)}
		if diff := cmp.Diff(want, c); diff != "" {
			t.Errorf("parseClaim(%q) mismatch (-want +got):\n%s", line, diff)
		}
	}
}

// TestClaimSwitch reads back the claim of a switch's edges.
func TestClaimSwitch(t *testing.T) {
	f := &ir.Func{Name: "p.F"}
	b := f.NewBlock("switch")
	sw := &ir.Switch{
		X:       ir.NewParam("x", ir.Int{Bits: 64, Signed: true}),
		Cases:   []*ir.Const{ir.IntConst(ir.Int{Bits: 64, Signed: true}, -3), ir.IntConst(ir.Int{Bits: 64, Signed: true}, 7)},
		CasePos: []ir.Pos{{File: "/a/s.go", Line: 4, Col: 7}, {}},
		Text:    "x",
	}
	sw.SetPosition(ir.Pos{File: "/a/s.go", Line: 3, Col: 9})
	b.SetTerm(sw, f.NewBlock("case"), f.NewBlock("case"), f.NewBlock("default"))
	r := &gen.Result{Func: f, K: 2, Edges: []gen.EdgeStatus{
		{Edge: ir.Edge{From: b, Index: 0}, Outcome: gen.Unreachable},
		{Edge: ir.Edge{From: b, Index: 1}, Outcome: gen.Covered},
		{Edge: ir.Edge{From: b, Index: 2}, Outcome: gen.Unsupported, Detail: "a \"quoted\" (detail), with commas"},
	}}
	line, err := claimLine("F", r)
	if err != nil {
		t.Fatal(err)
	}
	const wantLine = `// pbcc: F: 3 branches, 0 cases, 0 goals (unconstrained edges); not covered: s.go:4:7 "x" case -3 (unreachable within k=2), s.go:3:9 "x" default (unsupported: a "quoted" (detail), with commas).`
	if line != wantLine {
		t.Errorf("claimLine =\n%s\nwant\n%s", line, wantLine)
	}
	c, err := parseClaim(line)
	if err != nil {
		t.Fatal(err)
	}
	want := Claim{Func: "F", Branches: 3, NotCovered: []Uncovered{
		{File: "s.go", Line: 4, Col: 7, Text: "x", Outcome: "case -3", Reason: "unreachable within k=2"},
		{File: "s.go", Line: 3, Col: 9, Text: "x", Outcome: "default", Reason: `unsupported: a "quoted" (detail), with commas`},
	}}
	if diff := cmp.Diff(want, c); diff != "" {
		t.Errorf("parseClaim mismatch (-want +got):\n%s", diff)
	}
}

func TestReadClaimsNotGenerated(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x_test.go")
	if err := os.WriteFile(path, []byte("// pbcc: F: 1 branch, 1 case, 1 goal (unconstrained edges); all covered.\npackage x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadClaims(path); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("ReadClaims of a hand-written file: err = %v, want an error naming %s", err, path)
	}
}

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	gen1 := []byte(Header + "\n\npackage x\n")
	gen2 := []byte(Header + "\n// pbcc gen .\n\npackage x\n")

	// A new file.
	path := filepath.Join(dir, "x_pbcc_test.go")
	if err := Write(path, gen1); err != nil {
		t.Fatal(err)
	}
	checkFile(t, path, gen1)
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("new file: mode %v, %v; want 0644", fi.Mode(), err)
	}

	// Over a pbcc file.
	if err := Write(path, gen2); err != nil {
		t.Fatal(err)
	}
	checkFile(t, path, gen2)

	// Over a hand-written file: refused, the file unchanged.
	hand := filepath.Join(dir, "y_pbcc_test.go")
	mine := []byte("// My own tests.\n\npackage x\n")
	if err := os.WriteFile(hand, mine, 0o644); err != nil {
		t.Fatal(err)
	}
	err := Write(hand, gen1)
	if err == nil || !strings.Contains(err.Error(), hand) {
		t.Errorf("Write over a hand-written file: err = %v, want an error naming %s", err, hand)
	}
	checkFile(t, hand, mine)

	// Content without the header: refused.
	if err := Write(path, mine); err == nil {
		t.Error("Write of content without the header succeeded")
	}
	checkFile(t, path, gen2)

	// Into a missing directory: an error, nothing left behind.
	if err := Write(filepath.Join(dir, "missing", "z_pbcc_test.go"), gen1); err == nil {
		t.Error("Write into a missing directory succeeded")
	}

	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if diff := cmp.Diff([]string{"x_pbcc_test.go", "y_pbcc_test.go"}, names); diff != "" {
		t.Errorf("files left in the directory (-want +got):\n%s", diff)
	}
}

func checkFile(t *testing.T, path string, want []byte) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s = %q, want %q", path, got, want)
	}
}

func TestIsGenerated(t *testing.T) {
	for data, want := range map[string]bool{
		Header:                                   true,
		Header + "\n":                            true,
		Header + "\r\npackage x":                 true,
		Header + " More.\n":                      false,
		"\n" + Header + "\n":                     false,
		"// Code generated by x. DO NOT EDIT.\n": false,
	} {
		if got := IsGenerated([]byte(data)); got != want {
			t.Errorf("IsGenerated(%q) = %v, want %v", data, got, want)
		}
	}
}

func TestTestFileName(t *testing.T) {
	for src, want := range map[string]string{
		"tri/trityp.go": "tri/trityp_pbcc_test.go",
		"/a/b/c.go":     "/a/b/c_pbcc_test.go",
		"main.go":       "main_pbcc_test.go",
		"dir.go/x.go":   "dir.go/x_pbcc_test.go",
	} {
		if got := TestFileName(src); got != want {
			t.Errorf("TestFileName(%q) = %q, want %q", src, got, want)
		}
	}
}

func TestEnsureGoCmp(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is unavailable")
	}
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/x\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	added, err := EnsureGoCmp(sub)
	if err != nil {
		t.Fatal(err)
	}
	if !added {
		t.Error("EnsureGoCmp on a module without go-cmp: added = false")
	}
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(mod), "github.com/google/go-cmp v0.7.0") || strings.Contains(string(mod), "indirect") {
		t.Errorf("go.mod does not require go-cmp directly:\n%s", mod)
	}
	if added, err := EnsureGoCmp(dir); err != nil || added {
		t.Errorf("EnsureGoCmp again = %v, %v; want false, nil", added, err)
	}

	outside := t.TempDir()
	t.Setenv("GO111MODULE", "on")
	if _, err := EnsureGoCmp(outside); err == nil || !strings.Contains(err.Error(), outside) {
		t.Errorf("EnsureGoCmp outside a module: err = %v, want an error naming %s", err, outside)
	}
}

func TestLiteral(t *testing.T) {
	p := build(t, "lit", `package lit

type Vec [2]int
type Flag bool
type Small int8

type Color uint8

type Mode string

const Fast Mode = "fast"

type Point struct{ X, Y int }

type Meters float32

type Cell struct{ Next *Cell }

const (
	Red Color = iota
	Green
	Crimson = Red
	blue    = Color(9)
	Five    = 5
)
`)
	named := func(n string) types.Type { return p.ssa.Pkg.Scope().Lookup(n).Type() }
	qual := func(*types.Package) string { return "" }
	i64 := types.Typ[types.Int]
	for _, tc := range []struct {
		t    types.Type
		l    ir.Literal
		want string
	}{
		{i64, intLit(64, true, -3), "-3"},
		{types.Typ[types.Uint64], intLit(64, false, -1), "18446744073709551615"},
		{types.Typ[types.Int8], intLit(8, true, -128), "-128"},
		{types.Typ[types.Uint8], intLit(8, false, 255), "255"},
		{types.Typ[types.Bool], boolLit(true), "true"},
		{named("Flag"), boolLit(false), "false"},
		{named("Small"), intLit(8, true, -1), "-1"},
		{named("Vec"), arr(ints(1, 2)...), "Vec{1, 2}"},
		{named("Vec"), arr(ints(0, 0)...), "Vec{}"},
		{types.NewArray(named("Vec"), 2), arr(arr(ints(1, 2)...), arr(ints(0, 0)...)), "[2]Vec{{1, 2}, {}}"},
		{types.NewArray(types.NewArray(i64, 2), 2), arr(arr(ints(1, 2)...), arr(ints(3, 4)...)), "[2][2]int{{1, 2}, {3, 4}}"},
		{types.NewArray(i64, 10), arr(ints(0, 0, 0, 7, 0, 0, 0, 0, 0, -1)...), "[10]int{3: 7, 9: -1}"},
		{types.NewArray(i64, 10), arr(ints(1, 2, 3, 4, 5, 6, 0, 0, 0, 0)...), "[10]int{1, 2, 3, 4, 5, 6, 0, 0, 0, 0}"},
		{types.NewArray(types.Typ[types.Bool], 2), arr(boolLit(true), boolLit(false)), "[2]bool{true, false}"},
		{named("Color"), intLit(8, false, 0), "Red"},
		{named("Color"), intLit(8, false, 1), "Green"},
		{named("Color"), intLit(8, false, 9), "blue"},
		{named("Color"), intLit(8, false, 5), "5"},
		{types.NewArray(named("Color"), 3), arr(intLit(8, false, 1), intLit(8, false, 0), intLit(8, false, 2)), "[3]Color{Green, Red, 2}"},
		{types.Typ[types.String], strLit("a\tb"), `"a\tb"`},
		{types.Typ[types.String], strLit(`say "hi"`), "`say \"hi\"`"},
		{types.Typ[types.String], strLit("tab\t\"q\""), `"tab\t\"q\""`},
		{types.Typ[types.String], strLit("\xff"), `"\xff"`},
		{named("Mode"), strLit("fast"), "Fast"},
		{named("Mode"), strLit("slow"), `"slow"`},
		{types.Universe.Lookup("byte").Type(), byteLit('a'), "'a'"},
		{types.Typ[types.Uint8], byteLit('a'), "97"},
		{types.Universe.Lookup("rune").Type(), runeLit('é'), "'é'"},
		{types.Typ[types.Int32], runeLit('a'), "97"},
		{types.Typ[types.Float64], f64(1e21), "1e+21"},
		{types.Typ[types.Float64], f64(-2.5), "-2.5"},
		{types.Typ[types.Float32], f32(float32(math.Inf(1))), "float32(math.Inf(1))"},
		{named("Meters"), f32(float32(math.Copysign(0, -1))), "Meters(math.Copysign(0, -1))"},
		{types.NewSlice(types.Universe.Lookup("byte").Type()), bytesLit('x', '\n'), `[]byte("x\n")`},
		{types.NewSlice(types.Universe.Lookup("byte").Type()), bytesLit(0xff), "[]byte{0xff}"},
		{types.NewSlice(types.Universe.Lookup("byte").Type()), withCap(bytesLit('a', 'b'), 4), `append(make([]byte, 0, 4), []byte("ab")...)`},
		{types.NewSlice(i64), withCap(ir.Literal{T: ir.Slice{Elem: ir.Int{Bits: 64, Signed: true}}}, 3), "make([]int, 0, 3)"},
		{types.NewSlice(named("Point")), sliceOf(p.irOf("Point"), rec(p.irOf("Point"), ints(1, 0)...), rec(p.irOf("Point"), ints(0, 0)...)), "[]Point{{X: 1}, {}}"},
		{types.NewSlice(types.NewPointer(named("Point"))), sliceOf(ir.Pointer{Elem: p.irOf("Point")}, ptr(rec(p.irOf("Point"), ints(0, 2)...)), nilPtr(p.irOf("Point"))), "[]*Point{{Y: 2}, nil}"},
		{types.NewSlice(types.NewSlice(i64)), sliceOf(ir.Slice{Elem: ir.Int{Bits: 64, Signed: true}}, nilSlice(ir.Int{Bits: 64, Signed: true}), sliceOf(ir.Int{Bits: 64, Signed: true})), "[][]int{nil, {}}"},
		{types.NewPointer(i64), ptr(intLit(64, true, 3)), "new(3)"},
		{types.NewPointer(i64), ptr(intLit(64, true, 0)), "new(int)"},
		{types.NewPointer(types.Typ[types.Int8]), ptr(intLit(8, true, -3)), "new(int8(-3))"},
		{types.NewPointer(named("Color")), ptr(intLit(8, false, 1)), "new(Green)"},
		{types.NewPointer(types.Typ[types.Float64]), ptr(f64(2)), "new(float64(2))"},
		{types.NewPointer(types.Typ[types.Float64]), ptr(f64(0.5)), "new(0.5)"},
		{types.NewPointer(types.NewSlice(i64)), ptr(sliceOf(ir.Int{Bits: 64, Signed: true}, ints(1)...)), "&[]int{1}"},
		{types.NewPointer(types.NewPointer(named("Point"))), ptr(ptr(rec(p.irOf("Point"), ints(1, 2)...))), "new(&Point{X: 1, Y: 2})"},
		{types.NewMap(types.Typ[types.String], i64), ir.Literal{Elems: []ir.Literal{{Elems: []ir.Literal{strLit("b"), intLit(64, true, 2)}}, {Elems: []ir.Literal{strLit("a"), intLit(64, true, 1)}}}}, `map[string]int{"a": 1, "b": 2}`},
		{types.NewMap(i64, named("Point")), ir.Literal{Elems: []ir.Literal{{Elems: []ir.Literal{intLit(64, true, 10), rec(p.irOf("Point"), ints(1, 1)...)}}, {Elems: []ir.Literal{intLit(64, true, -1), rec(p.irOf("Point"), ints(0, 0)...)}}}}, `map[int]Point{-1: {}, 10: {X: 1, Y: 1}}`},
		{types.NewMap(i64, i64), ir.Literal{Nil: true}, "nil"},
		{types.Universe.Lookup("error").Type(), errLit("boom"), `errors.New("boom")`},
		{types.Universe.Lookup("error").Type(), nilErr(), "nil"},
	} {
		got, err := Literal(tc.t, tc.l, qual)
		if err != nil || got != tc.want {
			t.Errorf("Literal(%s, %v) = %q, %v; want %q", tc.t, tc.l, got, err, tc.want)
		}
	}

	for _, tc := range []struct {
		t types.Type
		l ir.Literal
	}{
		{types.Typ[types.String], intLit(64, true, 1)},
		{types.Typ[types.Float64], intLit(64, true, 1)},
		{i64, boolLit(true)},
		{types.Typ[types.Bool], intLit(64, true, 1)},
		{types.Typ[types.Int8], intLit(64, true, 200)},
		{types.Typ[types.Uint8], intLit(64, false, 256)},
		{named("Vec"), arr(ints(1, 2, 3)...)},
		{named("Vec"), intLit(64, true, 1)},
		{types.NewPointer(i64), intLit(64, true, 1)},
		{types.Typ[types.Float32], f64(1)},
		{types.Typ[types.String], f64(1)},
		{types.NewSlice(i64), strLit("x")},
		{named("Point"), rec(p.irOf("Point"), ints(1)...)},
		{types.NewChan(types.SendRecv, i64), intLit(64, true, 1)},
		{types.NewPointer(named("Cell")), selfCell(p.irOf("Cell"))},
	} {
		if got, err := Literal(tc.t, tc.l, qual); err == nil {
			t.Errorf("Literal(%s, %v) = %q, want an error", tc.t, tc.l, got)
		}
	}
}

func TestFileErrors(t *testing.T) {
	gc := goldenCases[0]
	p := build(t, gc.name, gc.src)
	for name, mutate := range map[string]func([]*gen.Result) []*gen.Result{
		"wrong package": nil,
		"nil result":    func(rs []*gen.Result) []*gen.Result { return append(rs, nil) },
		"no ssa": func(rs []*gen.Result) []*gen.Result {
			rs[0].Func.Src = "Trityp"
			return rs
		},
		"inputs": func(rs []*gen.Result) []*gen.Result {
			rs[0].Cases[0].Inputs = ints(1)
			return rs
		},
		"literal": func(rs []*gen.Result) []*gen.Result {
			rs[0].Cases[0].Inputs[0] = boolLit(true)
			return rs
		},
	} {
		pkgName := gc.name
		rs := gc.results(p)
		if mutate == nil {
			pkgName = "other"
		} else {
			rs = mutate(rs)
		}
		out, err := File(pkgName, rs, testCmd)
		var omitted *OmittedError
		switch name {
		case "inputs", "literal":
			// A case that cannot be written is left out, not the file.
			if !errors.As(err, &omitted) || out == nil || len(omitted.Omitted) != 1 || omitted.Omitted[0].Case == "" {
				t.Errorf("%s: File = %d bytes, %v; want the file and the case left out", name, len(out), err)
			}
		default:
			if err == nil || errors.As(err, &omitted) || out != nil {
				t.Errorf("%s: File = %v, want an error and no file:\n%s", name, err, out)
			}
		}
	}
}

// ---- Building the inputs ----

// pkg is a snippet built into SSA.
type pkg struct {
	t   *testing.T
	ssa *ssa.Package
}

func build(t *testing.T, name, src string) *pkg {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name+".go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	conf := &types.Config{Importer: importer.Default()}
	p, _, err := ssautil.BuildPackage(conf, fset, types.NewPackage("example.com/m/"+name, name), []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	return &pkg{t: t, ssa: p}
}

// function returns the function called name, or "T.M" for a method.
func (p *pkg) function(name string) *ssa.Function {
	p.t.Helper()
	if typ, method, ok := strings.Cut(name, "."); ok {
		T := p.ssa.Pkg.Scope().Lookup(typ).Type()
		sel := p.ssa.Prog.MethodSets.MethodSet(T).Lookup(p.ssa.Pkg, method)
		if sel == nil {
			p.t.Fatalf("no method %s", name)
		}
		return p.ssa.Prog.MethodValue(sel)
	}
	fn := p.ssa.Func(name)
	if fn == nil {
		p.t.Fatalf("no function %s", name)
	}
	return fn
}

// branch is one If of a result, with the outcome of one of its edges.
type branch struct {
	line, col int
	text      string
	outcome   gen.Outcome
	detail    string
}

// result returns a Result for the function called name whose IR holds,
// for each pair of branches, one If (first of the pair: its true edge,
// second: its false edge); every edge is also a goal.
func (p *pkg) result(name string, k int, branches ...branch) *gen.Result {
	p.t.Helper()
	fn := p.function(name)
	f := &ir.Func{Name: p.ssa.Pkg.Name() + "." + name, Src: fn}
	for _, v := range fn.Params {
		f.Params = append(f.Params, ir.NewParam(v.Name(), irType(p.t, v.Type())))
	}
	for v := range fn.Signature.Results().Variables() {
		f.Results = append(f.Results, irType(p.t, v.Type()))
	}
	r := &gen.Result{Func: f, K: k}
	for i := 0; i+1 < len(branches); i += 2 {
		b := branches[i]
		blk := f.NewBlock("if")
		term := &ir.If{Cond: ir.BoolConst(true), Text: b.text}
		term.SetPosition(ir.Pos{File: "/src/" + p.ssa.Pkg.Name() + ".go", Line: b.line, Col: b.col})
		blk.SetTerm(term, f.NewBlock("if.then"), f.NewBlock("if.else"))
		for j := range 2 {
			e := ir.Edge{From: blk, Index: j}
			s := branches[i+j]
			r.Edges = append(r.Edges, gen.EdgeStatus{Edge: e, Outcome: s.outcome, K: k, Detail: s.detail})
			r.Goals = append(r.Goals, e)
		}
	}
	return r
}

// irStructs holds the IR struct of each Go struct type, made once so that
// a struct may point to itself.
var irStructs = map[types.Type]*ir.Struct{}

func irType(t *testing.T, typ types.Type) ir.Type {
	if isError(typ) {
		return nil // the IR has no interface type
	}
	switch u := typ.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return ir.Bool{}
		case u.Info()&types.IsFloat != 0:
			return ir.Float{Bits: 8 * int(types.SizesFor("gc", "amd64").Sizeof(u))}
		case u.Info()&types.IsString != 0:
			return ir.String{}
		}
		return ir.Int{Bits: goIntBits(u.Kind()), Signed: u.Info()&types.IsUnsigned == 0}
	case *types.Array:
		return ir.Array{Elem: irType(t, u.Elem()), Len: int(u.Len())}
	case *types.Slice:
		return ir.Slice{Elem: irType(t, u.Elem())}
	case *types.Pointer:
		return ir.Pointer{Elem: irType(t, u.Elem())}
	case *types.Struct:
		if st, ok := irStructs[typ]; ok {
			return st
		}
		st := &ir.Struct{Name: typ.String()}
		irStructs[typ] = st
		for i := range u.NumFields() {
			st.Fields = append(st.Fields, ir.Field{Name: u.Field(i).Name(), T: irType(t, u.Field(i).Type())})
		}
		return st
	case *types.Signature:
		sig := &ir.Signature{}
		for v := range u.Params().Variables() {
			sig.Params = append(sig.Params, irType(t, v.Type()))
		}
		for v := range u.Results().Variables() {
			sig.Results = append(sig.Results, irType(t, v.Type()))
		}
		return sig
	case *types.Map:
		return nil // the IR has no map type
	}
	t.Fatalf("no IR type for %s", typ)
	return nil
}

// irOf returns the IR type of the package-level type called name.
func (p *pkg) irOf(name string) ir.Type {
	return irType(p.t, p.ssa.Pkg.Scope().Lookup(name).Type())
}

// global returns the IR global of the package-level variable called name.
func (p *pkg) global(name string) *ir.Global {
	return ir.NewGlobal(name, irType(p.t, p.ssa.Pkg.Scope().Lookup(name).Type()))
}

// selfCell returns a pointer to a Cell that points to itself.
func selfCell(t ir.Type) ir.Literal {
	c := &ir.Literal{T: t, Elems: []ir.Literal{{}}}
	c.Elems[0] = ref(c)
	return ref(c)
}

func strLit(s string) ir.Literal { return ir.Literal{T: ir.String{}, Str: s} }

func strs(ss ...string) []ir.Literal {
	ls := make([]ir.Literal, len(ss))
	for i, s := range ss {
		ls[i] = strLit(s)
	}
	return ls
}

func f64(v float64) ir.Literal { return ir.Literal{T: ir.Float{Bits: 64}, Bits: math.Float64bits(v)} }

func f32(v float32) ir.Literal {
	return ir.Literal{T: ir.Float{Bits: 32}, Bits: uint64(math.Float32bits(v))}
}

func byteLit(b byte) ir.Literal { return intLit(8, false, int64(b)) }

func bytesLit(bs ...byte) ir.Literal {
	l := ir.Literal{T: ir.Slice{Elem: ir.Int{Bits: 8}}, Elems: []ir.Literal{}}
	for _, b := range bs {
		l.Elems = append(l.Elems, byteLit(b))
	}
	return l
}

func runeLit(r rune) ir.Literal { return intLit(32, true, int64(r)) }

// sliceOf returns the slice of element type elem holding elems; nilSlice
// is the nil one.
func sliceOf(elem ir.Type, elems ...ir.Literal) ir.Literal {
	return ir.Literal{T: ir.Slice{Elem: elem}, Elems: append([]ir.Literal{}, elems...)}
}

func nilSlice(elem ir.Type) ir.Literal { return ir.Literal{T: ir.Slice{Elem: elem}, Nil: true} }

func rec(t ir.Type, fields ...ir.Literal) ir.Literal { return ir.Literal{T: t, Elems: fields} }

// ref returns a pointer to obj; two refs of one obj alias.
func ref(obj *ir.Literal) ir.Literal { return ir.Literal{T: ir.Pointer{Elem: obj.T}, Ref: obj} }

func ptr(obj ir.Literal) ir.Literal { return ref(&obj) }

func nilPtr(elem ir.Type) ir.Literal { return ir.Literal{T: ir.Pointer{Elem: elem}} }

func errLit(msg string) ir.Literal { return ir.Literal{Str: msg} }

func nilErr() ir.Literal { return ir.Literal{Nil: true} }

func intLit(bits int, signed bool, v int64) ir.Literal {
	t := ir.Int{Bits: bits, Signed: signed}
	return ir.Literal{T: t, Bits: uint64(v) & t.Mask()}
}

func ints(vs ...int64) []ir.Literal {
	ls := make([]ir.Literal, len(vs))
	for i, v := range vs {
		ls[i] = intLit(64, true, v)
	}
	return ls
}

func boolLit(v bool) ir.Literal {
	if v {
		return ir.Literal{T: ir.Bool{}, Bits: 1}
	}
	return ir.Literal{T: ir.Bool{}}
}

func arr(elems ...ir.Literal) ir.Literal {
	return ir.Literal{T: ir.Array{Elem: elems[0].T, Len: len(elems)}, Elems: elems}
}

// withCap gives a slice literal room past its length.
func withCap(l ir.Literal, c int) ir.Literal {
	l.Cap = c
	return l
}

// TestDropUnusedImports: an import the rendered file does not use is
// removed, whatever recorded it; the others stay, named ones included.
func TestDropUnusedImports(t *testing.T) {
	src := "package p\n\nimport (\n\t\"math\"\n\t\"testing\"\n\n\tgocmp \"github.com/google/go-cmp/cmp\"\n\t\"github.com/google/go-cmp/cmp/cmpopts\"\n)\n\nfunc TestX(t *testing.T) { _ = gocmp.Diff(1, 1) }\n"
	want := "package p\n\nimport (\n\t\"testing\"\n\n\tgocmp \"github.com/google/go-cmp/cmp\"\n)\n\nfunc TestX(t *testing.T) { _ = gocmp.Diff(1, 1) }\n"
	got, err := dropUnusedImports([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("dropUnusedImports mismatch (-want +got):\n%s", diff)
	}
}

// TestRealOnlyClaim: the header of a function searched on the real code
// only does not say "all covered" of the branches the model never saw,
// and reads back as such.
func TestRealOnlyClaim(t *testing.T) {
	r := &gen.Result{Cases: make([]gen.Case, 4), Approximation: "searched on the real code only: pbcc's model does not support call of io.WriteString"}
	line, err := claimLine("fundamental.Format", r)
	if err != nil {
		t.Fatal(err)
	}
	if want := "// pbcc: fundamental.Format: 0 branches, 4 cases, 0 goals (unconstrained edges); searched on the real code only; its branches are measured there."; line != want {
		t.Errorf("claimLine = %q, want %q", line, want)
	}
	c, err := parseClaim(line)
	if err != nil {
		t.Fatal(err)
	}
	if want := (Claim{Func: "fundamental.Format", Cases: 4, RealOnly: true}); !cmp.Equal(c, want) {
		t.Errorf("parseClaim = %+v, want %+v", c, want)
	}
	// A branchless function the model searched is all covered.
	line, err = claimLine("F", &gen.Result{Cases: make([]gen.Case, 1)})
	if err != nil || !strings.HasSuffix(line, "; all covered.") {
		t.Errorf("claimLine of a branchless function = %q, %v", line, err)
	}
}
