package cover

import (
	"context"
	"os/exec"
	"testing"
)

// compileFiles is a package that tries the corners of the rewrite: several
// files, init functions, build tags, an existing TestMain, package-level
// names that the recorder's imports would clash with, named boolean, string,
// slice and map types, generics, package-level initializers, switches with
// init statements, labels, comments between case values, constants.
var compileFiles = map[string]string{
	"a.go": `package m

import "strings"

var os, sync, iter, atomic, strconv = 1, 2, 3, 4, 5

type Flag bool

type Names []string

type Set map[string]bool

type Word string

const debug = false

const both = debug && true

var ready = len(strings.TrimSpace(" x ")) == 1 && func() bool { return os < sync }()

var count int

func init() { count = 1 }

func init() {
	if count == 1 || debug {
		count++
	}
}

func Pick[T comparable](xs []T, x T) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return -1
}

func Flags(a, b int) Flag {
	var f Flag = a < b && Flag(a > 0)
	return f || a == b
}
`,
	"b.go": `//go:build !nope

package m

func Kinds(n Names, s Set, w Word, v any) (k int) {
	for range n {
		k++
	}
	for name := range s {
		k += len(name)
	}
	for _, r := range w {
		k += int(r)
	}
	var i uint8
	for i = range 3 {
		k += int(i)
	}
	switch v {
	case nil:
		k = -k
	case 1, /* one, or */
		2:
		k *= 2
	}
Outer:
	for j := 0; j < 3; j++ {
		switch x := j * 2; x {
		case 2:
			continue Outer
		case 4:
			break Outer
		}
	}
	return k
}
`,
	"c_excluded.go": `//go:build nope

package m

func Excluded(x int) bool { return x > 0 && x < 3 }
`,
	"m_test.go": `package m

import "testing"

func TestAll(t *testing.T) {
	t.Parallel()
	if !ready || count != 2 {
		t.Fatal("init")
	}
	if Pick([]string{"a", "b"}, "b") != 1 || Pick([]int{1}, 2) != -1 {
		t.Fatal("Pick")
	}
	Flags(1, 2)
	Flags(-1, 2)
	Flags(3, 2)
	Flags(2, 2)
	Kinds(Names{"x"}, Set{"y": true}, "é", nil)
	Kinds(nil, nil, "", 1)
	Kinds(nil, nil, "", 3)
}
`,
	"ext_test.go": `package m_test

import (
	"os"
	"testing"

	"example.com/m"
)

func TestMain(tm *testing.M) {
	os.Exit(tm.Run())
}

func TestExt(t *testing.T) {
	t.Parallel()
	if m.Flags(0, 0) != true {
		t.Fatal("Flags")
	}
}
`,
}

func TestInstrumentedCompiles(t *testing.T) {
	for _, race := range []bool{false, true} {
		name := "plain"
		if race {
			name = "race"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			files := map[string]string{}
			for k, v := range compileFiles {
				files[k] = v
			}
			dir := writeModule(t, files)
			var opts Options
			if race {
				if err := exec.Command("go", "env", "CC").Run(); err != nil {
					t.Skip("no C compiler for -race")
				}
				opts.Env = []string{"GOFLAGS=-race", "CGO_ENABLED=1"}
			}
			m, err := measure(context.Background(), dir, opts)
			if err != nil {
				t.Fatal(err)
			}
			crossCheck(t, m)
			got := show(branches(m.pkg, m.sites, m.decisions()))
			if got != compileWant {
				t.Errorf("got:\n%swant:\n%s", got, compileWant)
			}
		})
	}
}

// compileWant: the file excluded by its build tag has no branch; the range
// over 3 assigned to a uint8 is not measured.
const compileWant = `19:13 m.init [len(strings.TrimSpace(" x ")) == 1] true + instrumented
19:13 m.init [len(strings.TrimSpace(" x ")) == 1] false - instrumented
26:5 m.init#2 [count == 1] true + instrumented
26:5 m.init#2 [count == 1] false - instrumented
26:19 m.init#2 [debug] true - instrumented
26:19 m.init#2 [debug] false - instrumented
32:2 m.Pick [for i, y := range xs] true + instrumented
32:2 m.Pick [for i, y := range xs] false + instrumented
33:6 m.Pick [y == x] true + profile
33:6 m.Pick [y == x] false + profile
41:15 m.Flags [a < b] true + instrumented
41:15 m.Flags [a < b] false + instrumented
42:9 m.Flags [f] true + instrumented
42:9 m.Flags [f] false + instrumented
6:2 m.Kinds [for range n] true + instrumented
6:2 m.Kinds [for range n] false + instrumented
9:2 m.Kinds [for name := range s] true + instrumented
9:2 m.Kinds [for name := range s] false + instrumented
12:2 m.Kinds [for _, r := range w] true + instrumented
12:2 m.Kinds [for _, r := range w] false + instrumented
20:7 m.Kinds [nil] true + instrumented
20:7 m.Kinds [nil] false + instrumented
22:7 m.Kinds [1] true + instrumented
22:7 m.Kinds [1] false + instrumented
23:3 m.Kinds [2] true - instrumented
23:3 m.Kinds [2] false + instrumented
27:14 m.Kinds [j < 3] true + instrumented
27:14 m.Kinds [j < 3] false - instrumented
29:8 m.Kinds [2] true + instrumented
29:8 m.Kinds [2] false + instrumented
31:8 m.Kinds [4] true + instrumented
31:8 m.Kinds [4] false + instrumented
`
