package cover

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const profileSrc = `package m

func F(x int) int {
	if x > 0 {
		return 1
	}
	if x == -1 {
		return 2
	} else {
		return 3
	}
}

func G(a, b bool) bool { return a && b }
`

const profileTest = `package m

import "testing"

func TestA(t *testing.T) { F(1); G(true, true) }

func TestB(t *testing.T) { F(-5) }
`

// TestCoverProfileOption passes a profile made by a run of TestA alone:
// the if decisions then come from it (TestB is not in it), the rest from
// the instrumented run of all the tests.
func TestCoverProfileOption(t *testing.T) {
	for _, tt := range []struct {
		mode, want string
	}{
		{"count", `
			4:5 m.F [x > 0] true + profile
			4:5 m.F [x > 0] false - profile
			7:5 m.F [x == -1] true - profile
			7:5 m.F [x == -1] false - profile
			14:33 m.G [a] true + instrumented
			14:33 m.G [a] false - instrumented`},
		// In set mode the false outcome of an if without else is unknown
		// to the profile: the instrumented run decides.
		{"set", `
			4:5 m.F [x > 0] true + instrumented
			4:5 m.F [x > 0] false + instrumented
			7:5 m.F [x == -1] true - profile
			7:5 m.F [x == -1] false - profile
			14:33 m.G [a] true + instrumented
			14:33 m.G [a] false - instrumented`},
	} {
		t.Run(tt.mode, func(t *testing.T) {
			t.Parallel()
			dir := writeModule(t, map[string]string{"m.go": profileSrc, "m_test.go": profileTest})
			prof := filepath.Join(t.TempDir(), "cover.out")
			cmd := exec.Command("go", "test", "-count=1", "-run=TestA", "-covermode="+tt.mode, "-coverprofile="+prof, ".")
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			bs, err := Measure(context.Background(), dir, Options{CoverProfile: prof})
			if err != nil {
				t.Fatal(err)
			}
			if got, want := show(bs), trim(tt.want); got != want {
				t.Errorf("got:\n%swant:\n%s", got, want)
			}
		})
	}
}

func TestCoverProfileMissing(t *testing.T) {
	t.Parallel()
	dir := writeModule(t, map[string]string{"m.go": profileSrc, "m_test.go": profileTest})
	bs, err := Measure(context.Background(), dir, Options{CoverProfile: filepath.Join(dir, "nope.out")})
	if err == nil || !strings.Contains(err.Error(), "nope.out") {
		t.Errorf("err = %v, want one naming the missing profile", err)
	}
	if len(bs) != 6 || bs[0].By != ByInstrumented || !bs[0].Covered {
		t.Errorf("want the instrumented measurement still, got:\n%s", show(bs))
	}
}

// TestFailingTests: the error carries the test output, and the branches
// are still measured.
func TestFailingTests(t *testing.T) {
	t.Parallel()
	dir := writeModule(t, map[string]string{
		"m.go": profileSrc,
		"m_test.go": `package m

import "testing"

func TestBad(t *testing.T) {
	if F(1) != 1 {
		return
	}
	t.Fatal("deliberate failure")
}
`,
	})
	bs, err := Measure(context.Background(), dir, Options{})
	if err == nil || !strings.Contains(err.Error(), "deliberate failure") {
		t.Fatalf("err = %v, want the test output", err)
	}
	want := trim(`
		4:5 m.F [x > 0] true + profile
		4:5 m.F [x > 0] false - profile
		7:5 m.F [x == -1] true - profile
		7:5 m.F [x == -1] false - profile
		14:33 m.G [a] true - instrumented
		14:33 m.G [a] false - instrumented`)
	if got := show(bs); got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}

func TestParseProfile(t *testing.T) {
	for _, tt := range []struct{ in, err string }{
		{"mode: count\nexample.com/m/m.go:3.4,6.7 x 2\n", "bad line"},
		{"mode: count\nno colon here\n", "bad line"},
		{"example.com/m/m.go:3.4,6.7 1 2\n", "no mode"},
		{"", "empty profile"},
		{"mode: set\nmode: count\n", "mode count after mode set"},
	} {
		_, err := parseProfile(strings.NewReader(tt.in), "p.out")
		if err == nil || !strings.Contains(err.Error(), tt.err) || !strings.Contains(err.Error(), "p.out") {
			t.Errorf("parseProfile(%q) = %v, want an error with %q", tt.in, err, tt.err)
		}
	}
	p, err := parseProfile(strings.NewReader("mode: count\nexample.com/m/a.go:3.4,6.7 1 2\nexample.com/m/a.go:3.4,6.7 1 5\n"), "p.out")
	if err != nil {
		t.Fatal(err)
	}
	if n, ok := p.count("example.com/m/a.go", lc{3, 4}, false); !ok || n != 7 {
		t.Errorf("count by start = %d, %v; want 7 (duplicates add up)", n, ok)
	}
	if n, ok := p.count("example.com/m/a.go", lc{6, 7}, true); !ok || n != 7 {
		t.Errorf("count by end = %d, %v; want 7", n, ok)
	}
}

// TestOriginalsUntouched: Measure leaves the package as it found it.
func TestOriginalsUntouched(t *testing.T) {
	t.Parallel()
	dir := writeModule(t, map[string]string{"m.go": profileSrc, "m_test.go": profileTest})
	before, _ := os.ReadDir(dir)
	if _, err := Measure(context.Background(), dir, Options{}); err != nil {
		t.Fatal(err)
	}
	after, _ := os.ReadDir(dir)
	if len(before) != len(after) {
		t.Errorf("files before %v, after %v", before, after)
	}
	if src, _ := os.ReadFile(filepath.Join(dir, "m.go")); string(src) != profileSrc {
		t.Errorf("m.go changed:\n%s", src)
	}
}
