package main

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// TestNoModelCaseSearchedOnRealCode: a function the model runs but finds
// no case for (here every path makes an array too large for it) gets its
// cases from the search on the real code, as a function the model cannot
// lower at all; the model says so at once rather than spending the
// function's budget on the array's stores (go-runewidth's CreateLUT).
func TestNoModelCaseSearchedOnRealCode(t *testing.T) {
	t.Parallel() // processes and directories of its own
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir, _, tests := incModule(t, `package inc

// Fill fills a table of 1<<17 entries and reads one back.
func Fill(n int) int {
	var lut [1 << 17]int32
	for i := range lut {
		lut[i] = int32(i % 7)
	}
	if n < 0 || n >= len(lut) {
		return -1
	}
	return int(lut[n])
}
`)
	code, _, stderr := pbcc(t, dir, "gen", "./inc")
	if code != 0 {
		t.Fatalf("pbcc gen exited %d:\n%s", code, stderr)
	}
	if strings.Contains(stderr, "out of time") {
		t.Errorf("the model did not give up on the array at once:\n%s", stderr)
	}
	data, err := os.ReadFile(tests)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "func TestFillPBCC(") || !strings.Contains(string(data), "want: -1") {
		t.Errorf("no table for Fill, or no case of its n < 0 branch:\n%s", data)
	}
	if out, err := goTest(dir, "./inc"); err != nil {
		t.Fatalf("the generated tests fail on the real code: %v\n%s", err, out)
	}
}

// TestMachineState: a function that reads the machine's state (the
// user's id) gets a table whose cases check only that the call does not
// panic, since another user would get other results (google/uuid's
// NewDCEPerson, NewV6); one that acts on the machine (changes the
// process's working directory) gets the cases of its paths before the
// act, and no input that gets to it is run on (TestActsStopped). (One
// that removes a file by name is run in a directory of its own:
// TestFilesConfined.)
func TestMachineState(t *testing.T) {
	_, stderr, data := genInc(t, `package inc

import "os"

// Owner says whether the process runs as root, or as the user given.
func Owner(uid int) string {
	switch os.Getuid() {
	case 0:
		return "root"
	case uid:
		return "you"
	}
	return "other"
}

// Clean makes dir the working directory when told to.
func Clean(dir string, really bool) error {
	if !really {
		return nil
	}
	return os.Chdir(dir)
}
`)
	if !strings.Contains(data, "func TestOwnerPBCC(") || !strings.Contains(data, "unstable: true") {
		t.Errorf("no table for Owner, or its cases check its machine-dependent results:\n%s", data)
	}
	if !strings.Contains(data, "func TestCleanPBCC(") || !strings.Contains(data, `{name: "!really", dir: "", really: false`) {
		t.Errorf("no table for Clean, or not its case before os.Chdir:\n%s\n%s", data, stderr)
	}
	if strings.Contains(data, "really: true") {
		t.Errorf("a case of Clean changes the working directory:\n%s", data)
	}
}

// TestLongCallWithoutParameters: a function without parameters whose
// one call runs for long once instrumented (go-runewidth's CreateLUT:
// 550 million branch executions, 6 s) is not taken for a loop without
// exit after the second a search's call gets: its one input is its
// whole search, and it gets a table.
func TestLongCallWithoutParameters(t *testing.T) {
	// Not in parallel: beside two searches of other tests, the one call
	// took more than its function's whole budget.
	_, stderr, data := genIncHere(t, `package inc

var thirds int

// Count counts the multiples of 3 below 1<<25, once.
func Count() {
	if thirds > 0 {
		return
	}
	n := 0
	for i := 0; i < 1<<25; i++ {
		if i%3 == 0 {
			n++
		}
	}
	thirds = n
}
`)
	if !strings.Contains(data, "func TestCountPBCC(") {
		t.Errorf("no table for Count:\n%s\n%s", data, stderr)
	}
}

// TestFloatMapKeys: a map with float keys is an input like any other
// map (go-humanize's revfmap had no tests), its keys compared as Go
// compares floats.
func TestFloatMapKeys(t *testing.T) {
	stdout, stderr, data := genInc(t, `package inc

// Rate looks up a rate.
func Rate(rates map[float64]string, x float64) string {
	if r, ok := rates[x]; ok {
		if x > 0.5 {
			return "high " + r
		}
		return r
	}
	return "none"
}
`)
	if !strings.Contains(stdout, "Rate  4/4 branches") {
		t.Errorf("Rate's branches not all covered:\n%s\n%s", stdout, stderr)
	}
	if !strings.Contains(data, "map[float64]string{") {
		t.Errorf("no case with a map of float keys:\n%s", data)
	}
}

// TestDeferInModel: `mu.Lock(); defer mu.Unlock()` and deferred calls
// that change a named result are in pbcc's model (no search on the real
// code only, no mismatch with the real run: google/uuid's ten functions
// with a defer statement were searched on the real code only).
func TestDeferInModel(t *testing.T) {
	stdout, stderr, data := genInc(t, `package inc

import "sync"

var mu sync.Mutex

// Size says whether n is big, under the lock.
func Size(n int) string {
	mu.Lock()
	defer mu.Unlock()
	if n > 10 {
		return "big"
	}
	return "small"
}

// Trace lists n and then the deferred calls, the last deferred first.
func Trace(n int) (out []int) {
	record := func(i int) { out = append(out, i) }
	defer record(1)
	defer record(n + 2)
	if n > 0 {
		return []int{n}
	}
	return nil
}
`, "-json")
	if strings.Contains(stderr, "unsupported") || strings.Contains(stdout, "approximation") {
		t.Errorf("a function with defer was not searched by the model:\n%s\n%s", stderr, stdout)
	}
	if strings.Contains(stderr, "disagrees") || !strings.Contains(stdout, `"model_mismatch":0`) || mismatched.MatchString(stdout) {
		t.Errorf("the model's deferred calls disagree with the real run:\n%s\n%s", stderr, stdout)
	}
	if !strings.Contains(data, "func TestSizePBCC(") || !strings.Contains(data, "func TestTracePBCC(") {
		t.Errorf("no table for Size or Trace:\n%s", data)
	}
}

// TestBuilderParameter: a *strings.Builder the function writes to points
// to itself afterwards; the search on the real code clones such values
// (it died of a stack overflow on huandu/xstrings), and the model agrees
// with the real run on what the call leaves in the builder's addr.
func TestBuilderParameter(t *testing.T) {
	_, stderr, _ := genInc(t, `package inc

import "strings"

// Put writes s, in upper case when told to, as huandu/xstrings' toLower.
func Put(b *strings.Builder, s string, upper bool) {
	b.Grow(len(s))
	if !upper {
		b.WriteString(s)
		return
	}
	for _, r := range s {
		if r >= 'a' && r <= 'z' {
			r -= 'a' - 'A'
		}
		b.WriteRune(r)
	}
}
`)
	if strings.Contains(stderr, "the search on the real code") {
		t.Errorf("the search on the real code failed:\n%s", stderr)
	}
	if strings.Contains(stderr, "addr") {
		t.Errorf("the model disagrees with the real run on the builder's addr:\n%s", stderr)
	}
}

// TestAppendInPlace: an append within its slice's capacity writes into
// the backing array that other slices of it see, in pbcc's model as in
// Go (huandu/xstrings' Reverse: the model said "\x00" where the real
// code gives the reversed string).
func TestAppendInPlace(t *testing.T) {
	stdout, stderr, _ := genInc(t, `package inc

import "unicode/utf8"

// Reverse reverses str rune by rune, as huandu/xstrings does.
func Reverse(str string) string {
	var size int
	tail := len(str)
	buf := make([]byte, tail)
	s := buf
	for len(str) > 0 {
		_, size = utf8.DecodeRuneInString(str)
		tail -= size
		s = append(s[:tail], []byte(str[:size])...)
		str = str[size:]
	}
	return string(buf)
}
`, "-json")
	if strings.Contains(stderr, "disagrees") || mismatched.MatchString(stdout) {
		t.Errorf("the model's append disagrees with the real run:\n%s\n%s", stderr, stdout)
	}
}

// genInc writes src as package inc of a new module, runs pbcc gen with
// args on it, which must succeed, then go test on the tests it wrote,
// which must pass; it returns pbcc's stdout and stderr and the test
// file.
func genInc(t *testing.T, src string, args ...string) (stdout, stderr, tests string) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs go test")
	}
	// Only subprocesses and directories of its own: it runs beside the
	// other parallel tests.
	t.Parallel()
	return genIncHere(t, src, args...)
}

// genIncHere is genInc without t.Parallel, for a test whose outcome
// depends on the time a call takes: it runs before the parallel tests,
// with fewer processes beside it.
func genIncHere(t *testing.T, src string, args ...string) (stdout, stderr, tests string) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs go test")
	}
	_, _, stdout, stderr, tests = genIncModule(t, src, args...)
	return stdout, stderr, tests
}

// genIncModule is genIncHere, and returns the module's directory and the
// path of inc's source too.
func genIncModule(t *testing.T, src string, args ...string) (dir, source, stdout, stderr, tests string) {
	t.Helper()
	dir, source, path := incModule(t, src)
	code, stdout, stderr := pbccProcess(t, dir, append(append([]string{"gen"}, args...), "./inc")...)
	if code != 0 {
		t.Fatalf("pbcc gen exited %d:\n%s", code, stderr)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if out, err := goTest(dir, "./inc"); err != nil {
		t.Fatalf("the generated tests fail on the real code: %v\n%s", err, out)
	}
	return dir, source, stdout, stderr, string(data)
}

// mutantsFail writes each mutant of src (its first text m[0] replaced by
// m[1]) as inc's source in turn, and wants the tests in dir to fail on it.
func mutantsFail(t *testing.T, dir, source, src string, mutants [][2]string) {
	t.Helper()
	for _, m := range mutants {
		if err := os.WriteFile(source, []byte(strings.Replace(src, m[0], m[1], 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := goTest(dir, "./inc"); err == nil {
			t.Errorf("%s → %s: the tests still pass\n%s", m[0], m[1], out)
		}
	}
}

// TestEnvironmentInputs: the environment variables a function reads by a
// constant name are inputs its tests set (t.Setenv), searched like its
// parameters: every branch of a locale check is covered, the results are
// checked (not left unstable as the machine's state), and the tests pass
// whatever the environment of the machine that runs them.
func TestEnvironmentInputs(t *testing.T) {
	const src = `package inc

import (
	"os"
	"strings"
)

func eastAsian() bool {
	locale := os.Getenv("LC_ALL")
	if locale == "" {
		locale = os.Getenv("LANG")
	}
	if locale == "POSIX" || locale == "C" {
		return false
	}
	return strings.HasPrefix(locale, "ja") || strings.HasPrefix(locale, "zh")
}

// Width calls eastAsian: its tests set the variables too.
func Width(r rune) int {
	if r >= 0x80 && eastAsian() {
		return 2
	}
	return 1
}
`
	if testing.Short() {
		t.Skip("runs go test")
	}
	t.Parallel()
	dir, _, stdout, _, tests := genIncModule(t, src)
	for _, want := range []string{`t.Setenv("LANG", tt.envLANG)`, `t.Setenv("LC_ALL", tt.envLC_ALL)`} {
		if strings.Count(tests, want) != 2 {
			t.Errorf("want %s in both tests:\n%s", want, tests)
		}
	}
	if strings.Contains(tests, "unstable") {
		t.Errorf("results left unchecked:\n%s", tests)
	}
	for _, fn := range []string{"eastAsian", "Width"} {
		if !regexp.MustCompile(`(?m)^inc/inc\.go  ` + fn + `  (\d+)/(\d+) branches \(100\.0%\)`).MatchString(stdout) {
			t.Errorf("%s: not every branch covered:\n%s", fn, stdout)
		}
	}
	// A rerun keeps the tables; the functions searched on the real code
	// only have no branch count of their own until the tests run.
	code, stdout, stderr := pbccProcess(t, dir, "gen", "./inc")
	if code != 0 || strings.Count(stdout, "0/0 branches (not measured)") != 2 || strings.Contains(stdout, "100.0%") {
		t.Errorf("rerun: exit %d, want both tables kept, not measured:\n%s%s", code, stdout, stderr)
	}
	for _, env := range [][]string{{"LC_ALL=ja_JP.UTF-8"}, {"LC_ALL=", "LANG=C"}, {"LANG=zh_CN"}} {
		cmd := exec.Command("go", "test", "-count=1", "./inc")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("with %v the generated tests fail: %v\n%s", env, err, out)
		}
	}
}

// TestVaryingResult: a result that differs from call to call (the time)
// is not checked, and the function's other results still are in every
// case, the one that varies included: its error is nil.
func TestVaryingResult(t *testing.T) {
	_, _, tests := genInc(t, `package inc

import (
	"errors"
	"time"
)

func Stamp(qty int) (time.Time, error) {
	if qty <= 0 {
		return time.Time{}, errors.New("inc: quantity must be positive")
	}
	return time.Now(), nil
}
`)
	for _, want := range []string{
		"// Result 0 (time.Time) is not checked: it differs from call to call",
		`wantErr: ""}`, `_, err := Stamp(tt.qty)`,
	} {
		if !strings.Contains(tests, want) {
			t.Errorf("want %q in the tests:\n%s", want, tests)
		}
	}
	if strings.Contains(tests, "unstable") {
		t.Errorf("a case left unchecked:\n%s", tests)
	}
}

// TestOpaqueMessageNoMismatch: an error fmt.Errorf formats as only Go
// can (%T of an any) has a message the model does not know; the real
// one is the test's, and it is no disagreement between the model and
// the real code (google/uuid's Scan: "unable to scan type %T").
func TestOpaqueMessageNoMismatch(t *testing.T) {
	stdout, stderr, data := genInc(t, `package inc

import "fmt"

func Scan(src interface{}) error {
	switch src.(type) {
	case nil, string:
		return nil
	}
	return fmt.Errorf("Scan: unable to scan type %T", src)
}
`, "-json")
	if strings.Contains(stderr, "disagrees") || !strings.Contains(stdout, `"model_mismatch":0`) {
		t.Errorf("the unknown message counted as a mismatch:\n%s\n%s", stdout, stderr)
	}
	if !strings.Contains(data, `wantErr: "Scan: unable to scan type `) {
		t.Errorf("no case checks the real message:\n%s", data)
	}
}

// TestPrintedOutput: what a function prints (fmt.Println, os.Stdout.Write,
// fmt.Fprintln(os.Stdout)) is checked by its tests, as a result: a
// change of what it prints fails them, and so does printing when it
// should not. What shows the local time is left unchecked: the tests
// pass in any time zone. Issue 8: a function writing to os.Stdout had
// no table ("acts on the machine"); one calling fmt.Println had a table
// that checked nothing.
func TestPrintedOutput(t *testing.T) {
	const src = `package inc

import (
	"fmt"
	"os"
	"time"
)

// Sum returns a+b, and says so when it is large.
func Sum(a, b int) int {
	s := a + b
	if s > 100 {
		fmt.Fprintln(os.Stdout, "big")
	}
	return s
}

// Greet prints a greeting.
func Greet(name string) {
	if name == "" {
		fmt.Println("hello, world")
		return
	}
	fmt.Printf("hello, %s\n", name)
}

// Raw writes b to standard output.
func Raw(b []byte) {
	if len(b) > 2 {
		os.Stdout.Write(b[:2])
	}
}

// When prints a time in the local zone.
func When(sec int64) {
	fmt.Println(time.Unix(sec, 0))
}
`
	if testing.Short() {
		t.Skip("runs go test")
	}
	t.Parallel()
	dir, source, stdout, _, tests := genIncModule(t, src)
	for _, want := range []string{`wantStdout: "big\n"`, `wantStdout: "hello, world\n"`, `func TestRawPBCC`, `printed mismatch`} {
		if !strings.Contains(tests, want) {
			t.Errorf("no %s in the tests:\n%s", want, tests)
		}
	}
	if n := strings.Count(tests, "unstable: true"); n != 1 {
		t.Errorf("%d cases unchecked, want 1 (When's: the local time):\n%s", n, tests)
	}
	for _, fn := range []string{"Sum", "Greet", "Raw"} {
		if !regexp.MustCompile(`(?m)^inc/inc\.go  ` + fn + `  (\d+)/(\d+) branches \(100\.0%\)`).MatchString(stdout) {
			t.Errorf("%s: not every branch covered:\n%s", fn, stdout)
		}
	}
	for _, tz := range []string{"TZ=UTC", "TZ=Asia/Tokyo"} {
		cmd := exec.Command("go", "test", "-count=1", "./inc")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), tz)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("with %s the generated tests fail: %v\n%s", tz, err, out)
		}
	}
	// Mutants of what is printed: each must fail the tests.
	mutantsFail(t, dir, source, src, [][2]string{{`"big"`, `"large"`}, {`"hello, %s\n"`, `"hello %s\n"`}, {`b[:2]`, `b[:1]`}, {`s > 100`, `s >= 100`}})
}

// TestExitingFunctions: a function that may end the process (os.Exit, in
// it or a function of its package it calls) gets a table whose cases run
// in a process of their own and check its exit status, what it printed
// and what it wrote to standard error; its branches taken in those
// processes are measured. Mutants of the status, of the condition and of
// the message fail the tests. Issue 8: such functions had no table ("it
// calls os.Exit, which acts on the machine").
func TestExitingFunctions(t *testing.T) {
	const src = `package inc

import (
	"fmt"
	"os"
	"strconv"
)

// Run prints arg stars; a bad count ends the process with status 2,
// too many with status 1.
func Run(arg string) {
	n, err := strconv.Atoi(arg)
	if err != nil {
		fmt.Fprintf(os.Stderr, "bad count %q\n", arg)
		os.Exit(2)
	}
	if n > 5 {
		fail("too many")
	}
	for i := 0; i < n; i++ {
		fmt.Print("*")
	}
	fmt.Println()
}

func fail(msg string) {
	fmt.Fprintln(os.Stderr, msg)
	os.Exit(1)
}
`
	if testing.Short() {
		t.Skip("runs go test")
	}
	t.Parallel()
	dir, source, stdout, _, tests := genIncModule(t, src)
	for _, want := range []string{`wantExit: 2, wantStderr: "bad count \"\"\n"`, `wantExit: 1, wantStderr: "too many\n"`, `wantStdout: "*****\n"`, `func Test_fail_PBCC`} {
		if !strings.Contains(tests, want) {
			t.Errorf("no %s in the tests:\n%s", want, tests)
		}
	}
	if !regexp.MustCompile(`(?m)^inc/inc\.go  Run  6/6 branches \(100\.0%\)`).MatchString(stdout) {
		t.Errorf("Run: not every branch measured as covered:\n%s", stdout)
	}
	mutantsFail(t, dir, source, src, [][2]string{{`os.Exit(2)`, `os.Exit(3)`}, {`n > 5`, `n >= 5`}, {`"too many"`, `"too much"`}, {`fmt.Println()`, `fmt.Print()`}})
}

// TestAppendNothing: appending nothing gives the slice appended to, nil
// when it is nil (spf13/cast's ToSliceE: append(s, v...) with s nil and
// v empty is nil; the model said empty, and the real run disagreed).
func TestAppendNothing(t *testing.T) {
	stdout, stderr, data := genInc(t, `package inc

// Flatten copies v into a new slice.
func Flatten(v []int, more bool) []int {
	var s []int
	s = append(s, v...)
	if more {
		s = append(s, 1)
	}
	return s
}
`, "-json")
	if strings.Contains(stderr, "disagrees") || !strings.Contains(stdout, `"model_mismatch":0`) {
		t.Errorf("the model's append disagrees with the real run:\n%s\n%s", stderr, stdout)
	}
	if !strings.Contains(data, "want: nil") {
		t.Errorf("no case appending nothing to nil:\n%s", data)
	}
}

// TestMapKeys: maps keyed by structs, arrays and interfaces are in the
// model (spf13/cast's map[interface{}]interface{} cases were searched on
// the real code only), and it agrees with the real run on them.
func TestMapKeys(t *testing.T) {
	stdout, stderr, data := genInc(t, `package inc

type point struct{ x, y int }

// Visits counts a visit of (x, y) and says whether the origin was seen twice.
func Visits(seen map[point]int, x, y int) bool {
	seen[point{x, y}]++
	return seen[point{0, 0}] == 2
}

// Named looks k up among names keyed by anything.
func Named(names map[interface{}]string, k interface{}) string {
	if s, ok := names[k]; ok {
		return "found " + s
	}
	if _, ok := k.(int); ok {
		return "int"
	}
	return "none"
}

// Cell reads a grid keyed by pairs.
func Cell(grid map[[2]int]bool, r int) int {
	if grid[[2]int{r, r + 1}] {
		return 1
	}
	return 0
}
`, "-json")
	if strings.Contains(stderr, "unsupported") || strings.Contains(stdout, "approximation") {
		t.Errorf("a map with struct, array or interface keys was not searched by the model:\n%s\n%s", stderr, stdout)
	}
	if strings.Contains(stderr, "disagrees") || mismatched.MatchString(stdout) {
		t.Errorf("the model's map keys disagree with the real run:\n%s\n%s", stderr, stdout)
	}
	for _, fn := range []string{"Visits", "Named", "Cell"} {
		if !strings.Contains(data, "func Test"+fn+"PBCC(") {
			t.Errorf("no table for %s:\n%s", fn, data)
		}
	}
	if n := strings.Count(stdout, `"covered":`); n != 3 || strings.Contains(stdout, `"not_covered"`) {
		t.Errorf("not every branch covered:\n%s", stdout)
	}
}

// mismatched finds a function whose cases the real run corrected.
var mismatched = regexp.MustCompile(`"model_mismatch":[1-9]`)

// TestSortsInModel: slices.SortFunc, sort.Slice, slices.Sort of runes
// and sort.Stable are in the model as insertion sorts, Go's own for short slices (they
// were searched on the real code only), found in a fraction of a second
// rather than a minute (a sort walked as a library function merges the
// paths of every order of its elements), and agree with the real run.
func TestSortsInModel(t *testing.T) {
	stdout, stderr, data := genInc(t, `package inc

import (
	"slices"
	"sort"
)

type person struct {
	name string
	age  int
}

// Youngest names the youngest of ps, when it is "x".
func Youngest(ps []person) string {
	slices.SortFunc(ps, func(a, b person) int { return a.age - b.age })
	if len(ps) > 1 && ps[0].name == "x" {
		return "x first"
	}
	return "other"
}

// Second returns the second smallest of xs when it is above 10.
func Second(xs []int8) int8 {
	sort.Slice(xs, func(i, j int) bool { return xs[i] < xs[j] })
	if len(xs) > 2 && xs[1] > 10 {
		return xs[1]
	}
	return 0
}

// AZ says whether the smallest runes of rs are 'a' then 'z'.
func AZ(rs []rune) bool {
	slices.Sort(rs)
	return len(rs) > 1 && rs[0] == 'a' && rs[1] == 'z'
}

type byScore []person

func (a byScore) Len() int           { return len(a) }
func (a byScore) Swap(i, j int)      { a[i], a[j] = a[j], a[i] }
func (a byScore) Less(i, j int) bool { return a[i].age >= a[j].age }

// Best names the oldest of ps when it is over 10 and "b" comes second.
func Best(ps []person) string {
	sort.Stable(byScore(ps))
	if len(ps) > 1 && ps[0].age > 10 && ps[1].name == "b" {
		return "b second"
	}
	return ""
}
`, "-json")
	if strings.Contains(stderr, "unsupported") || strings.Contains(stdout, "approximation") ||
		regexp.MustCompile(`"func":"inc\.(Youngest|Second|AZ|Best)".*"solver_calls":0`).MatchString(stdout) {
		t.Errorf("a sort was not searched by the model:\n%s\n%s", stderr, stdout)
	}
	if strings.Contains(stderr, "disagrees") || mismatched.MatchString(stdout) {
		t.Errorf("the model's sorts disagree with the real run:\n%s\n%s", stderr, stdout)
	}
	for _, fn := range []string{"Youngest", "Second", "AZ", "Best"} {
		if !strings.Contains(data, "func Test"+fn+"PBCC(") {
			t.Errorf("no table for %s:\n%s", fn, data)
		}
	}
	if n := strings.Count(stdout, `"covered":`); n != 7 || strings.Contains(stdout, `"not_covered"`) {
		t.Errorf("not every branch covered:\n%s", stdout)
	}
}

// TestErrorNotUTF8: an error message that is not UTF-8 comes back from
// the real run byte for byte (robfig/cron's getRange: JSON had replaced
// its bytes with U+FFFD, the model was "corrected", and the cases were
// then taken as giving other results from run to run).
func TestErrorNotUTF8(t *testing.T) {
	stdout, stderr, data := genInc(t, `package inc

import "errors"

// Check refuses a string that starts with a byte past ASCII.
func Check(s string) error {
	if len(s) > 0 && s[0] >= 0x80 {
		return errors.New("bad byte: " + s)
	}
	return nil
}
`, "-json")
	if strings.Contains(stderr, "disagrees") || mismatched.MatchString(stdout) || strings.Contains(stderr, "run to run") {
		t.Errorf("the real run's message was not read back as it is:\n%s\n%s", stderr, stdout)
	}
	if !regexp.MustCompile(`"bad byte: \\x[89a-f][0-9a-f]`).MatchString(data) {
		t.Errorf("no case with the message's bytes:\n%s", data)
	}
}

// TestClearInModel: the builtin clear of a slice is in the model (gobwas
// glob's allocPath and resetCheckpoints were searched on the real code
// only), and the slice it zeroes is compared after the call.
func TestClearInModel(t *testing.T) {
	stdout, stderr, data := genInc(t, `package inc

// Reset zeroes the first k elements of xs and says whether a 5 went.
func Reset(xs []int, k int) int {
	if k < 0 || k >= len(xs) {
		return -1
	}
	x := xs[0]
	clear(xs[:k])
	if x == 5 && xs[0] == 0 {
		return 1
	}
	return 0
}
`, "-json")
	if strings.Contains(stderr, "unsupported") || strings.Contains(stdout, "approximation") || strings.Contains(stdout, `"solver_calls":0`) {
		t.Errorf("clear was not searched by the model:\n%s\n%s", stderr, stdout)
	}
	if strings.Contains(stderr, "disagrees") || mismatched.MatchString(stdout) {
		t.Errorf("the model's clear disagrees with the real run:\n%s\n%s", stderr, stdout)
	}
	if strings.Contains(stdout, `"not_covered"`) || !regexp.MustCompile(`xs: +\[\]int\{5[,}].*wantXs: +\[\]int\{0[,}]`).MatchString(data) {
		t.Errorf("no case zeroing a 5, or a branch not covered:\n%s\n%s", stdout, data)
	}
}

// TestEqualNeighbours: the search on the real code appends copies of a
// slice's elements, so that a sortedness check meets two equal arrays in
// a row: the case at IsSorted's boundary, bytes.Compare(...) == 0, which
// tells > from >= (segmentio/ksuid's IsSorted; the model's cases start
// from arrays that differ, and filling hardly ever makes two 20-byte
// arrays equal).
func TestEqualNeighbours(t *testing.T) {
	_, _, tests := genInc(t, `package inc

import "bytes"

// ID is a 20-byte identifier.
type ID [20]byte

// IsSorted reports whether ids are in ascending order.
func IsSorted(ids []ID) bool {
	if len(ids) != 0 {
		min := ids[0]
		for _, id := range ids[1:] {
			if bytes.Compare(min[:], id[:]) > 0 {
				return false
			}
			min = id
		}
	}
	return true
}
`)
	if !strings.Contains(tests, `{name: "bytes_Compare_min:id:==0"`) {
		t.Errorf("no case at the boundary bytes.Compare(min[:], id[:]) == 0:\n%s", tests)
	}
}
