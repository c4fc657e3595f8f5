package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/pbcc/pbcc/cbridge"
	"github.com/pbcc/pbcc/internal/cmutate"
)

// cUnits lists the C testdata units (not harnesses, not the file of
// unsupported constructs, which TestCUnsupported covers).
func cUnits(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(repoRoot(t), "testdata", "c", "*.c"))
	if err != nil {
		t.Fatal(err)
	}
	var units []string
	for _, f := range files {
		base := filepath.Base(f)
		if cbridge.IsHarness(base) || base == "unsupported.c" {
			continue
		}
		units = append(units, base)
	}
	return units
}

// copyC copies the named C testdata files into a fresh directory.
func copyC(t *testing.T, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join(repoRoot(t), "testdata", "c", n))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, n), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestCTestdata runs pbcc gen on every C testdata unit and checks what
// issue 4 asks: the harness passes (pbcc gen exits 0 only then), gcov
// sees every branch taken but those proved unreachable, the summary and
// the unconstrained edges match their golden files.
func TestCTestdata(t *testing.T) {
	t.Parallel() // processes of its own: beside the other long tests
	if testing.Short() {
		t.Skip("compiles and runs C harnesses")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc")
	}
	// Each unit in a directory of its own, as a parallel subtest: the
	// units' runs fill both cores while one of them waits for gcc.
	for _, u := range cUnits(t) {
		t.Run(u, func(t *testing.T) {
			t.Parallel()
			testCUnit(t, u)
		})
	}
}

// testCUnit is TestCTestdata on the unit u.
func testCUnit(t *testing.T, u string) {
	dir := copyC(t, u)
	code, stdout, stderr := pbccProcess(t, dir, "gen", "-json", u)
	if code != 0 {
		t.Fatalf("pbcc gen %s exited %d:\n%s", u, code, stderr)
	}
	var lines []string
	sc := bufio.NewScanner(strings.NewReader(stdout))
	for sc.Scan() {
		var s funcSummary
		if err := json.Unmarshal(sc.Bytes(), &s); err != nil {
			t.Fatalf("%s: bad JSON line %q: %v", u, sc.Text(), err)
		}
		otherUnit := 0 // reached only through a function another unit defines: no case can
		for _, nc := range s.NotCovered {
			if strings.Contains(nc.Reason, "which another unit defines") {
				otherUnit++
			}
		}
		if s.Covered+s.Unreachable+otherUnit < s.Branches {
			t.Errorf("%s %s: %d branches (gcov), %d covered, %d unreachable: %+v", u, s.Func, s.Branches, s.Covered, s.Unreachable, s.NotCovered)
		}
		// Time varies, and so may the inputs the solver picks to
		// trigger a finding; its site and kind must not.
		s.Seconds = 0
		s.SolverCalls = 0 // effort, like time: measured by the benchmarks
		for i := range s.Findings {
			if s.Findings[i].Inputs == "" {
				t.Errorf("%s %s: a finding without inputs: %+v", u, s.Func, s.Findings[i])
			}
			s.Findings[i].Inputs = ""
		}
		line, _ := json.Marshal(s)
		lines = append(lines, string(line))
	}
	base := strings.TrimSuffix(u, ".c")
	compareGolden(t, filepath.Join(repoRoot(t), "testdata", "c", base+".summary.golden"), []byte(strings.Join(lines, "\n")+"\n"))

	checkHarnessWarnings(t, dir, cbridge.TestFileName(u))
	// That a second run writes the same harness is TestCDeterminism's
	// to show, on a few units, with 1 and 4 workers.
}

// checkHarnessWarnings compiles the harness named name in dir as C89
// with GNU extensions (legacy code bases) and as C11, with -Wall -Wextra:
// gcc may warn about the unit, which is not pbcc's, but not about a line
// of the harness.
func checkHarnessWarnings(t *testing.T, dir, name string) {
	t.Helper()
	for _, std := range []string{"-std=gnu89", "-std=c11"} {
		out, _ := exec.Command("gcc", std, "-Wall", "-Wextra", "-fsyntax-only", "-iquote", dir, filepath.Join(dir, name)).CombinedOutput()
		for _, l := range strings.Split(string(out), "\n") {
			if strings.Contains(l, name+":") && (strings.Contains(l, "warning:") || strings.Contains(l, "error:")) {
				t.Errorf("gcc %s: %s", std, l)
			}
		}
	}
}

// TestCUEGolden keeps each C unit's branch edges and goals.
func TestCUEGolden(t *testing.T) {
	t.Parallel() // processes and directories of its own
	for _, u := range cUnits(t) {
		f, err := cbridge.Load(filepath.Join(repoRoot(t), "testdata", "c", u))
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, fn := range f.Funcs {
			writeUE(&b, fn)
		}
		base := strings.TrimSuffix(u, ".c")
		compareGolden(t, filepath.Join(repoRoot(t), "testdata", "c", base+".ue.golden"), []byte(b.String()))
	}
}

// TestCErrors: a C file with an unsupported construct or a syntax error
// gets a message naming file:line and the construct, and the other
// functions are still generated; pbcc check gates a C unit with -min.
func TestCErrors(t *testing.T) {
	t.Parallel() // processes and directories of its own
	if testing.Short() {
		t.Skip("compiles C")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc")
	}
	dir := copyC(t, "unsupported.c", "trityp.c")
	code, stdout, stderr := pbcc(t, dir, "gen", "unsupported.c")
	if code != 0 {
		t.Errorf("pbcc gen unsupported.c exited %d:\n%s", code, stderr)
	}
	if !strings.Contains(stderr, "unsupported.c:18:9: shell: unsupported: call to system") {
		t.Errorf("no message naming the unsupported construct:\n%s", stderr)
	}
	if !strings.Contains(stdout, "abs3") {
		t.Errorf("the supported function was not generated:\n%s", stdout)
	}

	bad := "int ok(int x)\n{\n\tif (x > 2)\n\t\treturn 1;\n\treturn 0;\n}\n\nint broken(int x)\n{\n\treturn x +;\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "bad.c"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = pbcc(t, dir, "gen", "bad.c")
	if code != 2 || !strings.Contains(stderr, "bad.c:10:12: broken: unexpected ';'") {
		t.Errorf("exit %d; the syntax error is not named with its line:\n%s", code, stderr)
	}
	// The unit cannot compile, so its harness cannot be measured; the
	// other function is generated all the same, and the summary says so.
	if !strings.Contains(stdout, "ok  2/2 branches") || !strings.Contains(stdout, "not measured") {
		t.Errorf("the other function was not generated, or not reported as unmeasured:\n%s%s", stdout, stderr)
	}

	if code, _, _ := pbcc(t, dir, "gen", "trityp.c"); code != 0 {
		t.Fatal("pbcc gen trityp.c failed")
	}
	if code, stdout, _ := pbcc(t, dir, "check", "-min", "100", "trityp.c"); code != 0 {
		t.Errorf("pbcc check -min 100 trityp.c exited %d:\n%s", code, stdout)
	}
	// Drop every case but the first: coverage falls, the gate closes.
	harness := filepath.Join(dir, "trityp_pbcc_test.c")
	data, err := os.ReadFile(harness)
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	inTable, rows := false, 0
	for _, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, "_cases[] = {") {
			inTable = true
		} else if inTable && strings.HasPrefix(strings.TrimSpace(l), "};") {
			inTable = false
		} else if inTable && strings.HasPrefix(strings.TrimSpace(l), "{") {
			rows++
			if rows > 1 {
				continue
			}
		}
		kept = append(kept, l)
	}
	if err := os.WriteFile(harness, []byte(strings.Join(kept, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, _ = pbcc(t, dir, "check", "-min", "100", "trityp.c")
	if code != 1 || !strings.Contains(stdout, "not taken") {
		t.Errorf("pbcc check on a reduced harness: exit %d, want 1 naming the branches:\n%s", code, stdout)
	}
}

// TestCHarnessAlwaysBuilds: pbcc writes a harness only when gcc accepts
// it, keeps the previous one otherwise, and never writes an empty one.
func TestCHarnessAlwaysBuilds(t *testing.T) {
	t.Parallel() // processes and directories of its own
	if testing.Short() {
		t.Skip("compiles C")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc")
	}
	dir := t.TempDir()
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Nothing pbcc can test: exit 2, no harness.
	write("none.c", "int f(long double x) { return x > 1; }\n")
	code, _, stderr := pbcc(t, dir, "gen", "none.c")
	if code != 2 || !strings.Contains(stderr, "none.c: no function could be generated") {
		t.Errorf("pbcc gen none.c: exit %d, want 2 saying nothing was generated:\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "none_pbcc_test.c")); err == nil {
		t.Error("an empty harness was written")
	}
	// A unit that compiles: its harness is written. Then it is broken:
	// gcc rejects the new harness, the previous one stays.
	good := "int ok(int x)\n{\n\tif (x > 2)\n\t\treturn 1;\n\treturn 0;\n}\n"
	write("unit.c", good)
	if code, _, stderr := pbcc(t, dir, "gen", "unit.c"); code != 0 {
		t.Fatalf("pbcc gen unit.c: exit %d\n%s", code, stderr)
	}
	harness := filepath.Join(dir, "unit_pbcc_test.c")
	before, err := os.ReadFile(harness)
	if err != nil {
		t.Fatal(err)
	}
	write("unit.c", good+"\nint broken(int x)\n{\n\treturn x +;\n}\n")
	code, _, stderr = pbcc(t, dir, "gen", "unit.c")
	if code != 2 || !strings.Contains(stderr, "gcc rejects the harness") || !strings.Contains(stderr, "the previous one is kept") {
		t.Errorf("pbcc gen on a unit gcc rejects: exit %d, want 2 naming gcc's refusal:\n%s", code, stderr)
	}
	if after, _ := os.ReadFile(harness); !bytes.Equal(before, after) {
		t.Error("the previous harness was replaced by one gcc rejects")
	}
}

// TestCHarnessModelSlip: a harness whose cases the real run fails (the
// model's expected values broken on purpose, as a slip of pbcc's C
// executor would) loses them; when none is left, what was written goes:
// the previous harness comes back, or no harness stays. Before, the
// harness of failing cases stayed on disk (a mutant of wc.c whose main
// fell off its end).
func TestCHarnessModelSlip(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles C")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc")
	}
	dir := t.TempDir()
	unit := filepath.Join(dir, "unit.c")
	harness := filepath.Join(dir, "unit_pbcc_test.c")
	src := "int ok(int x)\n{\n\tif (x > 2)\n\t\treturn 1;\n\treturn 0;\n}\n"
	if err := os.WriteFile(unit, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	broken := 0
	breakResults := func(rs []*funcResult) {
		for _, fr := range rs {
			for i := range fr.r.Cases {
				if c := &fr.r.Cases[i]; len(c.Outputs) == 1 {
					c.Outputs[0].Bits += 7
					broken++
				}
			}
		}
	}
	afterSearch = breakResults
	t.Cleanup(func() { afterSearch = nil })
	// No harness before: none after.
	code, _, stderr := pbccHere(t, dir, "gen", "unit.c")
	if code != 2 || broken == 0 || !strings.Contains(stderr, "left out, as the real run does not pass them") || !strings.Contains(stderr, "no harness stays") {
		t.Errorf("pbcc gen with every expected value wrong: exit %d (%d broken), want 2 saying the cases were left out and no harness written:\n%s", code, broken, stderr)
	}
	if _, err := os.Stat(harness); err == nil {
		t.Errorf("a harness of failing cases stays on disk")
	}
	// A harness before: it comes back.
	afterSearch = nil
	if code, _, stderr := pbccHere(t, dir, "gen", "unit.c"); code != 0 {
		t.Fatalf("pbcc gen unit.c: exit %d\n%s", code, stderr)
	}
	before, err := os.ReadFile(harness)
	if err != nil {
		t.Fatal(err)
	}
	afterSearch = breakResults
	code, _, stderr = pbccHere(t, dir, "gen", "-force", "unit.c")
	if code != 2 || !strings.Contains(stderr, "the previous harness is put back") {
		t.Errorf("pbcc gen -force with every expected value wrong: exit %d, want 2 putting the previous harness back:\n%s", code, stderr)
	}
	if after, _ := os.ReadFile(harness); !bytes.Equal(before, after) {
		t.Errorf("the previous harness was not put back:\n%s", lineDiff(before, after))
	}
}

// TestCMainFallsOff: a main that falls off its end (K&R style, no
// return) returns 0 in a C99 program, but the harness calls it as
// pbcc_unit_main, an ordinary function whose result is then whatever the
// last call left: its cases do not check the result. Before, they
// expected 0 and got printf's count, and the real run failed all of them.
func TestCMainFallsOff(t *testing.T) {
	t.Parallel() // processes and directories of its own
	if testing.Short() {
		t.Skip("compiles and runs C harnesses")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc")
	}
	dir := copyC(t, "wc.c")
	path := filepath.Join(dir, "wc.c")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cut := strings.Replace(string(src), "\treturn nw;\n", "", 1)
	if cut == string(src) {
		t.Fatal("wc.c has no return nw; to cut")
	}
	if err := os.WriteFile(path, []byte(cut), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := pbcc(t, dir, "gen", "wc.c")
	if code != 0 || strings.Contains(stderr, "left out") {
		t.Fatalf("pbcc gen on wc.c without its return: exit %d, want 0 with no case left out:\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "12/12 branches") {
		t.Errorf("main's branches not all covered by the harness:\n%s", stdout)
	}
}

// TestCDeterminism: the same C units give byte-identical harnesses from
// run to run, with one worker and with four (Z3's models vary with its
// allocation history; the C inputs are made canonical). The three runs
// start from scratch (no harness there to keep) and go at once, each in
// a directory of its own.
func TestCDeterminism(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs C harnesses")
	}
	// Only subprocesses and directories of its own: it runs beside the
	// other parallel tests, after the others.
	t.Parallel()
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc")
	}
	// Strings and stdin, loops and arrays, structs and pointers, globals.
	units := []string{"strings.c", "kr.c", "shapes.c", "account.c"}
	workers := []string{"1", "4", "1"}
	dirs := make([]string, len(workers))
	outs := make([]string, len(workers))
	codes := make([]int, len(workers))
	for i := range workers {
		dirs[i] = copyC(t, units...)
	}
	var wg sync.WaitGroup
	for i, w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(os.Args[0], append([]string{"gen", "-json"}, units...)...)
			cmd.Dir = dirs[i]
			cmd.Env = append(os.Environ(), "PBCC_TEST_AS_PBCC=1", "PBCC_WORKERS="+w)
			out, _ := cmd.CombinedOutput()
			outs[i], codes[i] = string(out), cmd.ProcessState.ExitCode()
		}()
	}
	wg.Wait()
	for i := range workers {
		if codes[i] != 0 {
			t.Fatalf("run %d (PBCC_WORKERS=%s) exited %d:\n%s", i+1, workers[i], codes[i], outs[i])
		}
	}
	for _, u := range units {
		var first []byte
		for i, w := range workers {
			got, err := os.ReadFile(filepath.Join(dirs[i], cbridge.TestFileName(u)))
			if err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				first = got
			} else if !bytes.Equal(first, got) {
				t.Errorf("%s: run %d (PBCC_WORKERS=%s) wrote another harness than run 1:\n%s", u, i+1, w, lineDiff(first, got))
			}
		}
	}
}

// TestCDeterminismGC: the garbage collector does not change the solver's
// checks. go-z3 drops a Z3 reference when the collector finalizes its Go
// value; Z3's simplifiers look at reference counts, so Go values of Z3
// terms given up between checks (a select's chain of if-then-else made
// for one check) made the next checks count other resource units, and
// reach the work bounds at another point, at a time the load decided
// (replace's dodash). strings.c's
// count_words, run with collections as rare as can be (GOGC=off) and as
// frequent (GOGC=1), must make the same checks (PBCC_SOLVE_LOG: units,
// answer, formula); before solve.Solver kept its terms, the two logs
// differed from the eighth check on.
func TestCDeterminismGC(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs C harnesses")
	}
	t.Parallel()
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc")
	}
	var logs [2]string
	for i, gogc := range []string{"off", "1"} {
		dir := copyC(t, "strings.c")
		log := filepath.Join(dir, "solve.log")
		cmd := exec.Command(os.Args[0], "gen", "-json", "-func", "^count_words$", "strings.c")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "PBCC_TEST_AS_PBCC=1", "PBCC_WORKERS=1", "GOGC="+gogc, "PBCC_SOLVE_LOG="+log)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("GOGC=%s: %v\n%s", gogc, err, out)
		}
		data, err := os.ReadFile(log)
		if err != nil {
			t.Fatal(err)
		}
		// Units, limit, answer, formula's hash, terms: not the seconds,
		// nor the "# func" line's.
		var lines []string
		for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			if f := strings.Fields(l); len(f) == 6 {
				lines = append(lines, strings.Join(append(f[:2:2], f[3:]...), " "))
			}
		}
		if len(lines) < 8 {
			t.Fatalf("GOGC=%s: %d checks logged, want at least 8:\n%s", gogc, len(lines), data)
		}
		logs[i] = strings.Join(lines, "\n")
	}
	if logs[0] != logs[1] {
		t.Errorf("the checks differ with GOGC=1 from GOGC=off:\n%s", lineDiff([]byte(logs[0]), []byte(logs[1])))
	}
}

// TestCMutants runs pbcc gen on a few mutants of C testdata units (lines
// deleted or duplicated, tokens swapped, stray tokens, files cut short:
// cmutate; cbridge's TestLoadMutants and FuzzLoad load many more, and
// bench/cmutants.go runs thousands): pbcc exits 0 or
// 2, never crashes nor reports a bug of its own, and a harness it writes
// builds with gcc and passes.
func TestCMutants(t *testing.T) {
	t.Parallel() // processes and directories of its own
	if testing.Short() {
		t.Skip("compiles and runs C harnesses")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc")
	}
	units := []string{"kr.c", "shapes.c", "trityp.c", "wc.c", "legacy.c", "switch_fall.c"}
	dir := copyC(t, units...)
	rng := rand.New(rand.NewSource(4))
	for i := range 2 * len(units) {
		u := units[i%len(units)]
		src, err := os.ReadFile(filepath.Join(dir, u))
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("m%d_%s", i, u)
		mutant := string(cmutate.Mutate(src, rng))
		if err := os.WriteFile(filepath.Join(dir, name), []byte(mutant), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, stderr := pbcc(t, dir, "gen", "-timeout", "60s", name)
		if code != 0 && code != 2 || strings.Contains(stderr, "a bug of pbcc") || strings.Contains(stderr, "panic:") {
			t.Errorf("pbcc gen on a mutant of %s: exit %d\n%s\nmutant:\n%s", u, code, stderr, mutant)
		}
		t.Logf("%s: exit %d", name, code)
		harness := filepath.Join(dir, cbridge.TestFileName(name))
		if _, err := os.Stat(harness); err == nil {
			if out, err := exec.Command("gcc", "-std=c11", "-w", "-I", dir, harness, "-o", filepath.Join(dir, "a.out"), "-lm").CombinedOutput(); err != nil {
				t.Errorf("gcc rejects the harness of a mutant of %s: %v\n%s", u, err, out)
			} else if out, err := exec.Command(filepath.Join(dir, "a.out")).CombinedOutput(); err != nil {
				t.Errorf("the harness of a mutant of %s fails: %v\n%s", u, err, out)
			}
		}
	}
}

// TestCOtherUnitGlobals: a unit of a larger program (gzip 1.3's util.c,
// in K&R C) declares in a header beside it the globals and functions
// another unit defines, and prints to a FILE * parameter. Before, the
// harness did not link (the globals were undefined, the function declared
// in the header was not made weak), so nothing was written; a case passed
// a NULL stream to fprintf and crashed the measurement; a branch inside a
// printf argument was not searched.
func TestCOtherUnitGlobals(t *testing.T) {
	t.Parallel() // processes and directories of its own
	if testing.Short() {
		t.Skip("compiles C")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc")
	}
	dir := t.TempDir()
	files := map[string]string{
		"prog.h": "extern int quiet;\nextern unsigned char window[];\nvoid abort_prog();\n",
		"prog.c": `#include <stdio.h>
#include "prog.h"

int level(x)
	int x;
{
	if (quiet)
		return 0;
	return x > 2;
}

void ratio(num, den, file)
	long num, den;
	FILE *file;
{
	fprintf(file, "%ld", den == 0 ? 0 : num / den);
}

void bail()
{
	abort_prog();
}

int first()
{
	return window[0];
}
`,
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, stdout, stderr := pbcc(t, dir, "gen", "-json", "prog.c")
	if code != 0 {
		t.Fatalf("pbcc gen prog.c: exit %d\n%s", code, stderr)
	}
	got := map[string]funcSummary{}
	for _, l := range strings.Split(strings.TrimSpace(stdout), "\n") {
		var s funcSummary
		if err := json.Unmarshal([]byte(l), &s); err != nil {
			t.Fatalf("bad JSON line %q: %v", l, err)
		}
		got[s.Func] = s
	}
	for _, f := range []string{"level", "ratio"} {
		s, ok := got[f]
		if !ok || s.Branches != 2 || s.Covered != 2 {
			t.Errorf("%s: %+v, want 2 of 2 branches covered\n%s", f, s, stderr)
		}
	}
	harness, err := os.ReadFile(filepath.Join(dir, "prog_pbcc_test.c"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"#pragma weak abort_prog", "__attribute__((weak)) __typeof__(quiet) quiet;",
		"__attribute__((weak)) __typeof__(window[0]) window[1];"} {
		if !strings.Contains(string(harness), want) {
			t.Errorf("harness lacks %q:\n%s", want, harness)
		}
	}
	checkHarnessWarnings(t, dir, "prog_pbcc_test.c")
}

// TestCIncludeDirs: a GNU program's unit includes <config.h> from its own
// directory, which gcc finds with -I (gzip's util.c, bc's number.c);
// pbcc gen -I does the same for its front end and its builds, and the
// harness's command line records it for pbcc check -I.
func TestCIncludeDirs(t *testing.T) {
	t.Parallel() // processes and directories of its own
	if testing.Short() {
		t.Skip("compiles C")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc")
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "config.h"), []byte("#define LIMIT 3\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "unit.c"), []byte("#include <config.h>\n\nint over(int x)\n{\n\treturn x > LIMIT;\n}\n"), 0o644)
	code, _, stderr := pbcc(t, dir, "gen", "unit.c")
	if code != 2 || !strings.Contains(stderr, "unit.c:1:10: include file not found: <config.h>") {
		t.Errorf("pbcc gen unit.c without -I: exit %d, want 2 naming the include\n%s", code, stderr)
	}
	if code, _, stderr := pbcc(t, dir, "gen", "-I", ".", "unit.c"); code != 0 {
		t.Fatalf("pbcc gen -I . unit.c: exit %d\n%s", code, stderr)
	}
	harness, err := os.ReadFile(filepath.Join(dir, "unit_pbcc_test.c"))
	if err != nil || !strings.Contains(string(harness), "/* pbcc gen -I . unit.c */") {
		t.Errorf("harness (%v) does not record -I:\n%s", err, harness)
	}
	if code, stdout, stderr := pbcc(t, dir, "check", "-I", ".", "unit.c"); code != 0 {
		t.Errorf("pbcc check -I . unit.c: exit %d\n%s%s", code, stdout, stderr)
	}
	// The same unit elsewhere gets the same harness, hash line included
	// (-I's absolute path is not in it).
	other := t.TempDir()
	for _, n := range []string{"config.h", "unit.c"} {
		data, _ := os.ReadFile(filepath.Join(dir, n))
		os.WriteFile(filepath.Join(other, n), data, 0o644)
	}
	if code, _, stderr := pbcc(t, other, "gen", "-I", ".", "unit.c"); code != 0 {
		t.Fatalf("pbcc gen -I . unit.c elsewhere: exit %d\n%s", code, stderr)
	}
	if again, _ := os.ReadFile(filepath.Join(other, "unit_pbcc_test.c")); !bytes.Equal(again, harness) {
		t.Errorf("the same unit in another directory gets another harness:\n%s\n---\n%s", harness, again)
	}
}

// TestCExploreBudget: a run whose budget ends during the search on the
// real code still writes the cases found, and every function says why it
// has none (libcalls.c: no function of it lowers).
func TestCExploreBudget(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("compiles and runs C")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc")
	}
	dir := copyC(t, "libcalls.c")
	code, stdout, stderr := pbccProcess(t, dir, "gen", "-json", "-timeout", "6s", "libcalls.c")
	if code != 0 && !strings.Contains(stderr, "no function could be generated") {
		t.Fatalf("pbcc gen -timeout 6s exited %d:\n%s", code, stderr)
	}
	tests := 0
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		var s funcSummary
		if err := json.Unmarshal([]byte(line), &s); err != nil {
			t.Fatalf("bad JSON line %q: %v", line, err)
		}
		tests += s.Tests
		if s.Tests == 0 && s.NoCase == "" {
			t.Errorf("%s: no case and no reason: %s", s.Func, line)
		}
	}
	_, err := os.Stat(filepath.Join(dir, "libcalls_pbcc_test.c"))
	if tests > 0 && err != nil {
		t.Errorf("%d cases found, no harness written: %v\n%s", tests, err, stderr)
	}
}
