package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestOldGoLine: in a module whose go line is before 1.26, a pointer to
// a value is not written new(11), which needs Go 1.26 and made the table
// fail to compile, so that each such function lost its table (and the
// header still said "all covered" of it).
func TestOldGoLine(t *testing.T) {
	t.Parallel() // processes and directories of its own
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir, _, tests := incModule(t, `package inc

// Size says how large *p is.
func Size(p *int) string {
	if p == nil {
		return "none"
	}
	if *p > 10 {
		return "big"
	}
	return "small"
}

// Is says whether *s is "x".
func Is(s *string) bool {
	if s != nil && *s == "x" {
		return true
	}
	return false
}
`)
	gomod := filepath.Join(dir, "go.mod")
	data, err := os.ReadFile(gomod)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(gomod, []byte(strings.Replace(string(data), "go 1.26", "go 1.21", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := pbcc(t, dir, "gen", "./inc")
	if code != 0 {
		t.Fatalf("pbcc gen exited %d:\n%s", code, stderr)
	}
	if strings.Contains(stderr, "left out") {
		t.Errorf("a table was left out:\n%s", stderr)
	}
	out, err := os.ReadFile(tests)
	if err != nil {
		t.Fatal(err)
	}
	src := string(out)
	for _, want := range []string{
		`func\(\) \*int \{ v := int\(1[01]\); return &v \}\(\)`,
		`func\(\) \*string \{ v := string\("x"\); return &v \}\(\)`,
		`// pbcc: Size: 4 branches, [1-9]\d* cases`,
		`// pbcc: Is: 4 branches, [1-9]\d* cases`,
	} {
		if !regexp.MustCompile(want).MatchString(src) {
			t.Errorf("the file does not match %s:\n%s", want, src)
		}
	}
	if regexp.MustCompile(`new\([^a-zA-Z]`).MatchString(src) {
		t.Errorf("new of a value (Go 1.26) in a go 1.21 module:\n%s", src)
	}
	if out, err := goTest(dir, "./inc"); err != nil {
		t.Fatalf("the generated tests fail: %v\n%s", err, out)
	}
}

// TestUnwritableResult: a result no literal can write (a
// *strings.Reader: its fields are not exported) is left unchecked, with a
// comment, and the cases are kept: before, each case was left out, and
// the function had a table of none.
func TestUnwritableResult(t *testing.T) {
	_, stderr, src := genInc(t, `package inc

import "strings"

// Rest reads s past its first three bytes.
func Rest(s string) *strings.Reader {
	if len(s) > 3 {
		return strings.NewReader(s[3:])
	}
	return strings.NewReader(s)
}
`)
	if strings.Contains(stderr, "left out") {
		t.Errorf("cases were left out:\n%s", stderr)
	}
	if !strings.Contains(src, "// The result (*strings.Reader) is not checked: no literal can say what it holds") {
		t.Errorf("no comment says the result is not checked:\n%s", src)
	}
	if n := strings.Count(src, "{name: "); n < 2 {
		t.Errorf("%d cases, want one per branch at least:\n%s", n, src)
	}
}

// TestTimeResults: a time.Time result in the Local location (what
// time.Unix and time.UnixMilli return) is checked, written as
// time.Unix(sec, nsec), which cmp.Diff compares with Time.Equal, so that
// the tests pass in any zone; a pointer to one too. Before, such a result
// was left unchecked, and a function returning a time and a pointer to
// it lost its table (a location declared and not used).
func TestTimeResults(t *testing.T) {
	t.Parallel() // processes and directories of its own
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir, _, path := incModule(t, `package inc

import "time"

// At is the time ms milliseconds after the epoch.
func At(ms int64) time.Time {
	if ms < 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms)
}

// Pair returns a time and a pointer to it.
func Pair(s int64) (time.Time, *time.Time) {
	t := time.Unix(s, 0)
	if s > 100 {
		t = t.Add(time.Hour)
	}
	return t, &t
}
`)
	code, _, stderr := pbccProcess(t, dir, "gen", "./inc")
	if code != 0 {
		t.Fatalf("pbcc gen exited %d:\n%s", code, stderr)
	}
	if strings.Contains(stderr, "left out") || strings.Contains(stderr, "internal error") {
		t.Errorf("a table or cases were left out:\n%s", stderr)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
	if strings.Contains(src, "is not checked") {
		t.Errorf("a result is not checked:\n%s", src)
	}
	for _, re := range []string{`want: time\.Unix\(\d+, \d+\)}`, `want0: time\.Unix\(\d+, 0\), want1: (func\(\) \*time\.Time \{ v := time\.Unix\(\d+, 0\); return &v \}\(\)|new\(time\.Unix\(\d+, 0\)\))}`} {
		if !regexp.MustCompile(re).MatchString(src) {
			t.Errorf("no case matches %s:\n%s", re, src)
		}
	}
	for _, tz := range []string{"UTC", "America/New_York", "Asia/Kolkata"} {
		cmd := exec.Command("go", "test", "-count=1", "./inc")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "TZ="+tz)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("TZ=%s: the generated tests fail: %v\n%s", tz, err, out)
		}
	}
}
