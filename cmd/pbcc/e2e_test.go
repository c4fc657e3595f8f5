package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/ssaexec"
)

var update = flag.Bool("update", false, "rewrite golden files")

// root is the module root, two levels up from this package, taken before
// any test changes directory.
var root, rootErr = filepath.Abs("../..")

func repoRoot(t *testing.T) string {
	t.Helper()
	if rootErr != nil {
		t.Fatal(rootErr)
	}
	return root
}

// A testdataRun is pbcc gen -json ./... on every Go testdata program:
// TestTestdata checks it, and TestDeterminism takes it for its first run
// (the longest run of this package: once, not twice). The programs are
// split between two modules, searched at once, so that the run keeps both
// cores busy while one of them waits for go test.
type testdataRun struct {
	dirs           []string // the modules
	code           int      // the first nonzero exit status, else 0
	stdout, stderr string
	err            error
}

var (
	testdataOnce sync.Once
	testdataRes  testdataRun
	// tempDirs are removed by TestMain, after every test.
	tempDirs []string
)

// runTestdata returns the testdata run, made by the first test that asks.
func runTestdata(t *testing.T) testdataRun {
	t.Helper()
	testdataOnce.Do(func() {
		testdataRes = makeTestdataRun(testdataPackages(t))
	})
	if testdataRes.err != nil {
		t.Fatal(testdataRes.err)
	}
	return testdataRes
}

func makeTestdataRun(pkgs []string) testdataRun {
	var run testdataRun
	halves := make([][]string, 2)
	for i, p := range pkgs {
		halves[i%2] = append(halves[i%2], p)
	}
	cmds := make([]*exec.Cmd, len(halves))
	outs := make([]*bytes.Buffer, 2*len(halves))
	for i, half := range halves {
		dir, err := os.MkdirTemp("", "pbcc-testdata-")
		if err != nil {
			return testdataRun{err: err}
		}
		tempDirs = append(tempDirs, dir)
		if err := fillModule(dir, half...); err != nil {
			return testdataRun{err: err}
		}
		run.dirs = append(run.dirs, dir)
		cmds[i] = exec.Command(os.Args[0], "gen", "-json", "-timeout", "30m", "./...")
		cmds[i].Dir = dir
		cmds[i].Env = append(os.Environ(), "PBCC_TEST_AS_PBCC=1")
		outs[2*i], outs[2*i+1] = new(bytes.Buffer), new(bytes.Buffer)
		cmds[i].Stdout, cmds[i].Stderr = outs[2*i], outs[2*i+1]
		if err := cmds[i].Start(); err != nil {
			return testdataRun{err: err}
		}
	}
	var stdout, stderr strings.Builder
	for i, cmd := range cmds {
		err := cmd.Wait()
		if _, ok := err.(*exec.ExitError); err != nil && !ok && run.err == nil {
			run.err = err
		}
		if c := cmd.ProcessState.ExitCode(); c != 0 && run.code == 0 {
			run.code = c
		}
		stdout.WriteString(outs[2*i].String())
		stderr.WriteString(outs[2*i+1].String())
	}
	run.stdout, run.stderr = stdout.String(), stderr.String()
	return run
}

// files returns the generated test files of the run, by their path
// relative to their module.
func (r testdataRun) files(t *testing.T) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	for _, dir := range r.dirs {
		for path, data := range generated(t, dir) {
			rel, err := filepath.Rel(dir, path)
			if err != nil {
				t.Fatal(err)
			}
			files[rel] = data
		}
	}
	return files
}

// newModule copies the Go testdata programs into a fresh module that
// already requires go-cmp (so no network is needed), and returns its
// directory.
func newModule(t *testing.T, pkgs ...string) string {
	t.Helper()
	dir := t.TempDir()
	if err := fillModule(dir, pkgs...); err != nil {
		t.Fatal(err)
	}
	return dir
}

// fillModule makes dir such a module.
func fillModule(dir string, pkgs ...string) error {
	if rootErr != nil {
		return rootErr
	}
	for _, p := range pkgs {
		src := filepath.Join(root, "testdata", "go", p)
		entries, err := os.ReadDir(src)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(dir, p), 0o755); err != nil {
			return err
		}
		for _, e := range entries {
			if !strings.HasSuffix(e.Name(), ".go") {
				continue
			}
			data, err := os.ReadFile(filepath.Join(src, e.Name()))
			if err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(dir, p, e.Name()), data, 0o644); err != nil {
				return err
			}
		}
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return err
	}
	var cmpSum []string
	for _, l := range strings.Split(string(sum), "\n") {
		if strings.HasPrefix(l, "github.com/google/go-cmp ") {
			cmpSum = append(cmpSum, l)
		}
	}
	mod := "module example.com/td\n\ngo 1.26\n\nrequire github.com/google/go-cmp v0.7.0\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "go.sum"), []byte(strings.Join(cmpSum, "\n")+"\n"), 0o644)
}

// testdataPackages lists the directories of testdata/go.
func testdataPackages(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(repoRoot(t), "testdata", "go"))
	if err != nil {
		t.Fatal(err)
	}
	var pkgs []string
	for _, e := range entries {
		if e.IsDir() {
			pkgs = append(pkgs, e.Name())
		}
	}
	return pkgs
}

// pbcc runs the command in dir, in a process of its own (so that the
// tests that run it can run in parallel), and returns its exit status and
// output.
func pbcc(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	return pbccProcess(t, dir, args...)
}

// pbccHere runs the command in dir in this process, for the tests that
// set a hook of the pipeline (afterSearch, afterReplay): they cannot run
// in parallel (t.Chdir).
func pbccHere(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// generated returns the contents of the pbcc test files below dir.
func generated(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err == nil && strings.HasSuffix(path, "_pbcc_test.go") {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			files[path] = data
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func compareGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(want, got) {
		t.Errorf("%s differs from what pbcc gives now:\n--- want\n%s\n--- got\n%s", path, want, got)
	}
}

// TestTestdata runs pbcc gen on every Go testdata program and checks what
// issue 2 asks of it: the tests cover every feasible branch on the real
// code, infeasible ones are reported unreachable, the summary matches its
// golden file and the files pass go vet.
func TestTestdata(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test on every testdata package")
	}
	// A subprocess in a directory of its own: it runs beside the other
	// parallel tests (TestDeterminism, TestSignals, ...), after the
	// serial ones, rather than before them all (the longest test here:
	// make test's time is this package's).
	t.Parallel()
	pkgs := testdataPackages(t)
	run := runTestdata(t)
	code, stdout, stderr := run.code, run.stdout, run.stderr
	if code != 0 {
		t.Fatalf("pbcc gen exited %d:\n%s", code, stderr)
	}
	byPkg := map[string][]string{}
	sc := bufio.NewScanner(strings.NewReader(stdout))
	for sc.Scan() {
		var s funcSummary
		if err := json.Unmarshal(sc.Bytes(), &s); err != nil {
			t.Fatalf("bad JSON line %q: %v", sc.Text(), err)
		}
		if s.Unknown != 0 || s.Covered+s.Unreachable != s.Branches {
			t.Errorf("%s: %d branches, %d covered, %d unreachable, %d unknown: %+v",
				s.Func, s.Branches, s.Covered, s.Unreachable, s.Unknown, s.NotCovered)
		}
		// Time and effort vary from run to run; the rest must not.
		s.Seconds = 0
		s.SolverCalls = 0 // effort, like time: measured by the benchmarks
		pkg := strings.Split(s.File, "/")[0]
		for i, u := range s.Unmodelled {
			if !strings.HasPrefix(u.Pos, pkg+"/") {
				// A call inside the standard library: its line depends
				// on the Go release, the file does not.
				s.Unmodelled[i].Pos = strings.Split(u.Pos, ":")[0]
			}
		}
		line, _ := json.Marshal(s)
		byPkg[pkg] = append(byPkg[pkg], string(line))
	}
	for _, p := range pkgs {
		got := strings.Join(byPkg[p], "\n") + "\n"
		compareGolden(t, filepath.Join(repoRoot(t), "testdata", "go", p, "summary.golden"), []byte(got))
	}

	for _, dir := range run.dirs {
		if out, err := goVet(dir, "./..."); err != nil {
			t.Errorf("go vet on the generated tests: %v\n%s", err, out)
		}
	}

	// That a second run writes the same bytes is TestDeterminism's to
	// show (three runs from scratch, 1 and 4 workers, on a few packages):
	// a second run of every package here doubled the time of make test.
	if len(run.files(t)) == 0 {
		t.Fatal("no test files generated")
	}
}

// TestUEGolden keeps, for each testdata function, its branch edges and its
// unconstrained edges (the goals), so that a change in the lowering or in
// the UE computation shows.
func TestUEGolden(t *testing.T) {
	t.Parallel() // processes and directories of its own
	root := repoRoot(t)
	// One load for every package: loading them one by one took four
	// times as long (the standard library type-checked 30 times).
	var patterns []string
	for _, p := range testdataPackages(t) {
		patterns = append(patterns, "./testdata/go/"+p)
	}
	pkgs, err := ssaexec.Load(root, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	ue := map[string]*strings.Builder{}
	for _, lp := range pkgs {
		b := ue[filepath.Base(lp.Dir)]
		if b == nil {
			b = &strings.Builder{}
			ue[filepath.Base(lp.Dir)] = b
		}
		for _, f := range lp.Funcs {
			writeUE(b, f.IR)
		}
	}
	for _, p := range testdataPackages(t) {
		var got string
		if b := ue[p]; b != nil {
			got = b.String()
		}
		compareGolden(t, filepath.Join(root, "testdata", "go", p, "ue.golden"), []byte(got))
	}
}

// writeUE writes a function's branch edges, its goals and the reduction
// from one to the other, for the UE golden files.
func writeUE(b *strings.Builder, f *ir.Func) {
	edges := gen.BranchEdges(f)
	goals := gen.Goals(f)
	fmt.Fprintf(b, "%s: %d branch edges, %d goals", f.Name, len(edges), len(goals))
	if len(edges) > 0 {
		fmt.Fprintf(b, " (%.0f%% fewer)", 100*(1-float64(len(goals))/float64(len(edges))))
	}
	b.WriteString("\n")
	for _, g := range goals {
		pos := g.Pos()
		fmt.Fprintf(b, "\t%s:%d:%d %s %s\n", filepath.Base(pos.File), pos.Line, pos.Col, g.Cond(), g.Label())
	}
}

// TestCheckNamesRemovedCase: removing a case from an emitted table makes
// pbcc check fail, naming the branch only that case covered.
func TestCheckNamesRemovedCase(t *testing.T) {
	t.Parallel() // processes and directories of its own
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := newModule(t, "trityp")
	if code, _, stderr := pbcc(t, dir, "gen", "./trityp"); code != 0 {
		t.Fatalf("pbcc gen exited %d:\n%s", code, stderr)
	}
	if code, stdout, stderr := pbcc(t, dir, "check", "./trityp"); code != 0 {
		t.Fatalf("pbcc check on the generated tests exited %d:\n%s%s", code, stdout, stderr)
	}
	// The scalene case is the only one to take "a == c" false (line 20).
	path := filepath.Join(dir, "trityp", "trityp_pbcc_test.go")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	removed := false
	for _, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, `name: "a!=c"`) {
			removed = true
			continue
		}
		kept = append(kept, l)
	}
	if !removed {
		t.Fatalf("no a!=c case in\n%s", data)
	}
	if err := os.WriteFile(path, []byte(strings.Join(kept, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := pbcc(t, dir, "check", "./trityp")
	if code != 1 {
		t.Fatalf("pbcc check exited %d, want 1:\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "trityp/trityp.go:20:") || !strings.Contains(stdout, "a == c false: not covered") {
		t.Errorf("pbcc check does not name the uncovered branch:\n%s", stdout)
	}
	if code, stdout, _ := pbcc(t, dir, "check", "-min", "90", "./trityp"); code != 0 {
		t.Errorf("pbcc check -min 90 exited %d:\n%s", code, stdout)
	}
}

// TestNeverOverwrites: a test file without pbcc's header is left alone, the
// run says so and exits 2, and the other packages are still generated.
func TestNeverOverwrites(t *testing.T) {
	t.Parallel() // processes and directories of its own
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := newModule(t, "wrap", "nonlinear")
	mine := filepath.Join(dir, "wrap", "wrap_pbcc_test.go")
	hand := []byte("package wrap\n\n// Written by hand.\n")
	if err := os.WriteFile(mine, hand, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := pbcc(t, dir, "gen", "./...")
	if code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	if !strings.Contains(stderr, "wrap_pbcc_test.go") || !strings.Contains(stderr, "not overwriting") {
		t.Errorf("stderr does not name the file it refused:\n%s", stderr)
	}
	if data, _ := os.ReadFile(mine); !bytes.Equal(data, hand) {
		t.Errorf("the hand-written file changed:\n%s", data)
	}
	if _, err := os.Stat(filepath.Join(dir, "nonlinear", "nonlinear_pbcc_test.go")); err != nil {
		t.Errorf("the other package was not generated: %v", err)
	}
}

// TestUsageErrors: bad flags and packages that do not compile exit 2 with
// a message naming the problem.
func TestUsageErrors(t *testing.T) {
	t.Parallel() // processes and directories of its own
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/bad\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "bad.go"), []byte("package bad\n\nfunc F(x int) int {\n\treturn x +\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{}, "usage"},
		{[]string{"frobnicate"}, "unknown command"},
		{[]string{"gen"}, "no packages"},
		{[]string{"gen", "-k", "-1", "."}, "at least 0"},
		{[]string{"gen", "-func", "(", "."}, "-func"},
		{[]string{"gen", "."}, "bad.go:5:1"},
		{[]string{"check", "-min", "150", "."}, "between 0 and 100"},
		{[]string{"check", "-min", "-1", "."}, "between 0 and 100"},
		{[]string{"check", "-min", "NaN", "."}, "between 0 and 100"},
		{[]string{"check", "-min", "-1", "x.c"}, "between 0 and 100"},
		{[]string{"check", "-min", "NaN", "x.c"}, "between 0 and 100"},
		{[]string{"check", "-min", "101", "x.c"}, "between 0 and 100"},
		{[]string{"gen", "-timeout", "0", "."}, "must be positive"},
		{[]string{"gen", "-timeout", "-1s", "."}, "must be positive"},
	}
	for _, tt := range tests {
		code, _, stderr := pbcc(t, dir, tt.args...)
		if code != 2 || !strings.Contains(stderr, tt.want) {
			t.Errorf("pbcc %s: exit %d, stderr %q; want exit 2 and %q", strings.Join(tt.args, " "), code, stderr, tt.want)
		}
	}
}

// TestNothingToDo: a package without functions, a -func that selects
// none, an empty C file: gen says that nothing was written and why, and
// exits 0 (nothing to do is no error); check says there is nothing to
// check, and passes.
func TestNothingToDo(t *testing.T) {
	t.Parallel() // processes and directories of its own
	dir := newModule(t)
	for path, src := range map[string]string{"none/none.go": "package none\n\nvar X = 1\n", "one/one.go": "package one\n\nfunc F() int { return 1 }\n", "empty.c": ""} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, path)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, path), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"gen", "./none"}, "pbcc: none: no function or method to test; nothing written"},
		{[]string{"gen", "-func", "Nope", "./one"}, "pbcc: one: -func Nope does not select its one function; nothing written"},
		{[]string{"gen", "empty.c"}, "pbcc: empty.c: no function or method to test; nothing written"},
		// Nor does the gate fail on them (pbcc check ./... in CI).
		{[]string{"check", "./none"}, "pbcc check: ./none: no function to check"},
		{[]string{"check", "empty.c"}, "pbcc check: empty.c: no function to check"},
	}
	for _, tt := range tests {
		code, stdout, stderr := pbcc(t, dir, tt.args...)
		if code != 0 || !strings.Contains(stderr, tt.want) || stdout != "" {
			t.Errorf("pbcc %s: exit %d, stdout %q, stderr %q; want exit 0 and %q", strings.Join(tt.args, " "), code, stdout, stderr, tt.want)
		}
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*", "*_pbcc_test.*")); len(m) > 0 {
		t.Errorf("files written: %v", m)
	}
	if _, err := os.Stat(filepath.Join(dir, "empty_pbcc_test.c")); err == nil {
		t.Error("a harness was written for an empty C file")
	}
}

// TestGlobalsFlag: package-level variables keep the values the package
// gives them, and the tests never set them (they restore what a call
// changes); -globals makes them inputs the tests set.
func TestGlobalsFlag(t *testing.T) {
	t.Parallel() // processes and directories of its own
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := newModule(t, "counter")
	path := filepath.Join(dir, "counter", "counter_pbcc_test.go")
	code, stdout, stderr := pbcc(t, dir, "gen", "-json", "./counter")
	if code != 0 {
		t.Fatalf("pbcc gen exited %d:\n%s", code, stderr)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"count = tt.", "limit = tt.", "limit :=", "oldLimit"} {
		if strings.Contains(string(data), bad) {
			t.Errorf("without -globals the tests set a variable (%q):\n%s", bad, data)
		}
	}
	if !strings.Contains(string(data), "t.Cleanup(func() { count = oldCount })") {
		t.Errorf("Next changes count, the tests do not restore it:\n%s", data)
	}
	// count is 0 and limit 3 at every call: Next cannot return true.
	if !strings.Contains(stdout, `"func":"counter.Next","file":"counter/counter.go","branches":2,"covered":1,"unreachable":1`) {
		t.Errorf("Next without -globals:\n%s", stdout)
	}
	for range 2 { // twice: a second run of the tests sees the same state
		if out, err := goTest(dir, "./counter"); err != nil {
			t.Errorf("go test: %v\n%s", err, out)
		}
	}

	code, stdout, stderr = pbcc(t, dir, "gen", "-json", "-globals", "./counter")
	if code != 0 {
		t.Fatalf("pbcc gen -globals exited %d:\n%s", code, stderr)
	}
	if data, err = os.ReadFile(path); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"// pbcc gen -globals ./counter", "count = tt.count", "limit = tt.limit"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("with -globals the tests do not contain %q:\n%s", want, data)
		}
	}
	if !strings.Contains(stdout, `"func":"counter.Next","file":"counter/counter.go","branches":2,"covered":2,"unreachable":0`) {
		t.Errorf("Next with -globals:\n%s", stdout)
	}
}

// TestWritesWhatItCan: a float parameter that needs no NaN (no unused
// import math), a function returning a function value (not compared), a
// function whose table cannot be written: the file compiles, passes, and
// holds the other functions' tables.
func TestWritesWhatItCan(t *testing.T) {
	t.Parallel() // processes and directories of its own
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := newModule(t)
	src := `package odd

func F(x float64) int {
	if x > 3.14 {
		return 1
	}
	return 0
}

func Adder(n int) func(int) int {
	if n > 0 {
		return func(x int) int { return x + n }
	}
	return nil
}

func Plain(x int) int {
	if x > 3 {
		return 1
	}
	return 0
}
`
	if err := os.MkdirAll(filepath.Join(dir, "odd"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "odd", "odd.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := pbcc(t, dir, "gen", "./odd")
	if code != 0 {
		t.Fatalf("pbcc gen exited %d:\n%s%s", code, stdout, stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, "odd", "odd_pbcc_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"func TestFPBCC(", "func TestAdderPBCC(", "func TestPlainPBCC(", "is not checked: a function cannot be compared"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the tests do not contain %q:\n%s", want, data)
		}
	}
	if out, err := goTest(dir, "./odd"); err != nil {
		t.Errorf("go test: %v\n%s", err, out)
	}
	if out, err := goVet(dir, "./odd"); err != nil {
		t.Errorf("go vet: %v\n%s", err, out)
	}
}

// goVet runs go vet on args in dir.
func goVet(dir string, args ...string) (string, error) {
	cmd := exec.Command("go", append([]string{"vet"}, args...)...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func goTest(dir string, args ...string) (string, error) {
	cmd := exec.Command("go", append([]string{"test", "-count=1"}, args...)...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestNamesStable: moving a function down (lines added above it) changes
// nothing in the generated file: names hold no line number.
func TestNamesStable(t *testing.T) {
	t.Parallel() // processes and directories of its own
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := newModule(t, "trityp")
	test := filepath.Join(dir, "trityp", "trityp_pbcc_test.go")
	if code, _, stderr := pbcc(t, dir, "gen", "./trityp"); code != 0 {
		t.Fatalf("pbcc gen exited %d:\n%s", code, stderr)
	}
	before, err := os.ReadFile(test)
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(dir, "trityp", "trityp.go")
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	shifted := strings.Replace(string(data), "\nfunc ", "\n// Three lines\n// added above\n// the function.\nfunc ", 1)
	if err := os.WriteFile(src, []byte(shifted), 0o644); err != nil {
		t.Fatal(err)
	}
	// -force: searched again, not kept as unchanged (incr.go).
	if code, _, stderr := pbcc(t, dir, "gen", "-force", "./trityp"); code != 0 {
		t.Fatalf("pbcc gen exited %d:\n%s", code, stderr)
	}
	after, err := os.ReadFile(test)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Errorf("lines added above the function changed its tests:\n--- before\n%s\n--- after\n%s", before, after)
	}
}
