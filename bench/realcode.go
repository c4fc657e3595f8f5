//go:build ignore

// realcode measures pbcc on code nobody here wrote (issue 8, "Must show
// 1"): open-source modules fetched through the Go module proxy and
// standard-library functions copied into standalone packages, all listed in
// bench/realcode.txt. For each unit it runs pbcc gen with the unit's own
// tests set aside, measures what pbcc's tests alone reach, then removes
// pbcc's files, puts the unit's own tests back and measures those alone,
// and prints a markdown table. See bench/README.md, "Real code".
//
//	go run bench/realcode.go [-only NAME] [-timeout 45s] [-keep] [-v]
//
// pbcc is built from revision -rev (default HEAD) of the git checkout named
// by $PBCC_SRC (default /work/main), or taken from -pbcc. Units run one
// after another.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

var (
	listFile = flag.String("list", "", "the list of units (default bench/realcode.txt of the module this runs in)")
	only     = flag.String("only", "", "run only the units whose name contains this (comma-separated: any of them)")
	timeout  = flag.Duration("timeout", 45*time.Second, "pbcc gen -timeout of each unit")
	grace    = flag.Duration("grace", 90*time.Second, "how long past -timeout pbcc may run before it is killed (pbcc does not always stop at its -timeout)")
	pbccBin  = flag.String("pbcc", "", "use this pbcc binary instead of building one")
	rev      = flag.String("rev", "HEAD", "build pbcc from this revision of the git checkout $PBCC_SRC (default /work/main)")
	keep     = flag.Bool("keep", false, "keep the temporary directory (its path is printed)")
	verbose  = flag.Bool("v", false, "print the commands' output")
	jsonOut  = flag.Bool("json", false, "also print one JSON object per unit")
	top      = flag.Int("top", 10, "how many reasons of each kind to print")
	render   = flag.String("render", "", "run nothing: print the table and the reasons from the JSON lines of earlier -json runs in this `file` (a later line for a unit replaces an earlier one)")
	fresh    = flag.Bool("fresh", false, "leave go.mod as the unit has it; default: require github.com/google/go-cmp first, as pbcc's first run does")
)

// unit is one line of the list: a module at a version, or a directory of
// this repository copied into a module of its own.
type unit struct {
	Kind     string   // "mod" or "std"
	Name     string   // short name, the table's first column
	Source   string   // MODULE@VERSION, or a directory relative to the module root
	Patterns []string // the packages pbcc and go test run on
}

// result is one row of the table.
type result struct {
	Name   string `json:"name"`
	Source string `json:"source"`
	// Funcs counts the declared functions and methods with a body in the
	// packages measured (go/ast, the files go list selects).
	Funcs int `json:"funcs"`
	// Tables counts the test functions in pbcc's files (one per function).
	Tables int `json:"tables"`
	// Skipped counts the functions pbcc says it wrote no tests for
	// ("pbcc: file.go: pos: F: no tests: why"; before 865ef0d, every
	// "pkg.F: unsupported: ..." line), with its lines in Messages.
	Skipped  int      `json:"skipped"`
	Messages []string `json:"messages,omitempty"`
	// Unmodelled counts the functions with a construct pbcc's model
	// cannot express, "searched on the real code instead".
	Unmodelled     int      `json:"unmodelled"`
	UnmodelledMsgs []string `json:"unmodelled_messages,omitempty"`
	// LeftOut counts the cases pbcc left out (they failed on the real code).
	LeftOut int `json:"cases_left_out"`
	// NoTable names the functions of pbcc gen -json's lines with no test
	// (a mismatch with Funcs-Tables means pbcc printed no line for some).
	NoTable []string `json:"no_table,omitempty"`
	// Branches and Covered are the sums of pbcc gen -json's lines.
	Branches int `json:"branches"`
	Covered  int `json:"covered"`
	Mismatch int `json:"model_mismatch"`
	// Cases sums the tests of pbcc gen -json's lines, ForMutants those
	// kept for mutants rather than for a branch.
	Cases      int `json:"cases"`
	ForMutants int `json:"for_mutants"`
	// Statement coverage (go test -coverprofile) and branch coverage (pbcc
	// check -min 0: every branch of the packages) of pbcc's tests alone and
	// of the unit's own tests alone.
	PbccStmt   cov `json:"pbcc_stmt"`
	PbccBranch cov `json:"pbcc_branch"`
	OwnStmt    cov `json:"own_stmt"`
	OwnBranch  cov `json:"own_branch"`
	OwnTests   int `json:"own_test_files"`
	// What became of pbcc's files.
	Files    int      `json:"pbcc_files"`
	Compiles string   `json:"compiles"` // yes, no, or "-" when there is no file
	Passes   string   `json:"passes"`
	VetClean string   `json:"vet_clean"`
	Failing  int      `json:"failing_tests"` // failing top-level tests and subtests of pbcc's files
	Seconds  float64  `json:"pbcc_seconds"`  // wall time of pbcc gen
	Exit     int      `json:"pbcc_exit"`
	Killed   bool     `json:"pbcc_killed"`
	Notes    []string `json:"notes,omitempty"`
	Pbcc     string   `json:"pbcc"` // which pbcc
}

// readRows reads the JSON rows of -json runs, the last one of each unit
// kept in the order units first appear, and says which pbcc made them.
func readRows(file string) ([]result, string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, "", err
	}
	var rows []result
	at := map[string]int{}
	descs := map[string]bool{}
	var desc []string
	for _, line := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(line, "{") {
			continue
		}
		var r result
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			return nil, "", fmt.Errorf("%s: %v", file, err)
		}
		if i, ok := at[r.Name]; ok {
			rows[i] = r
		} else {
			at[r.Name] = len(rows)
			rows = append(rows, r)
		}
	}
	for _, r := range rows {
		if !descs[r.Pbcc] {
			descs[r.Pbcc] = true
			desc = append(desc, r.Pbcc)
		}
	}
	return rows, strings.Join(desc, ", "), nil
}

// cov is a coverage fraction; N == 0 means not measured.
type cov struct {
	Covered int `json:"covered"`
	N       int `json:"n"`
}

func (c cov) String() string {
	if c.N == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(c.Covered)/float64(c.N))
}

var root string // the pbcc module's root (where the list and std directories are)

func main() {
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: go run bench/realcode.go [-only NAME] [-timeout 45s] [-keep] [-v] [-json]")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *render != "" {
		rows, desc, err := readRows(*render)
		if err != nil {
			fatalf("%v", err)
		}
		printTable(os.Stdout, rows, desc)
		printReasons(os.Stdout, rows)
		return
	}
	out, err := exec.Command("go", "env", "GOMOD").Output()
	gomod := strings.TrimSpace(string(out))
	if err != nil || gomod == "" || gomod == os.DevNull {
		fatalf("run from inside the pbcc module: go env GOMOD: %v", err)
	}
	root = filepath.Dir(gomod)
	if *listFile == "" {
		*listFile = filepath.Join(root, "bench", "realcode.txt")
	}
	units, err := readList(*listFile)
	if err != nil {
		fatalf("%v", err)
	}
	work, err := os.MkdirTemp("", "pbcc-realcode-")
	if err != nil {
		fatalf("%v", err)
	}
	if *keep {
		fmt.Fprintln(os.Stderr, "work directory:", work)
	} else {
		defer os.RemoveAll(work)
	}
	ctx := context.Background()
	pbcc, desc, err := buildPbcc(ctx, work)
	if err != nil {
		fatalf("%v", err)
	}
	fmt.Fprintln(os.Stderr, "pbcc:", desc)

	var rows []result
	start := time.Now()
	for _, u := range units {
		if !selected(u.Name) {
			continue
		}
		fmt.Fprintf(os.Stderr, "== %s (%s) at %s\n", u.Name, u.Source, time.Since(start).Round(time.Second))
		r := measureUnit(ctx, work, pbcc, u)
		fmt.Fprintf(os.Stderr, "   %d funcs, %d tables, %d no tests, %d unmodelled, pbcc %.0fs, pbcc stmt %s, own stmt %s\n",
			r.Funcs, r.Tables, r.Skipped, r.Unmodelled, r.Seconds, r.PbccStmt, r.OwnStmt)
		for _, n := range r.Notes {
			fmt.Fprintf(os.Stderr, "   note: %s\n", n)
		}
		r.Pbcc = desc
		rows = append(rows, r)
	}
	fmt.Fprintf(os.Stderr, "all units: %s\n", time.Since(start).Round(time.Second))
	printTable(os.Stdout, rows, desc)
	printReasons(os.Stdout, rows)
	if *jsonOut {
		enc := json.NewEncoder(os.Stdout)
		for _, r := range rows {
			enc.Encode(r)
		}
	}
}

func selected(name string) bool {
	if *only == "" {
		return true
	}
	for _, s := range strings.Split(*only, ",") {
		if s != "" && strings.Contains(name, s) {
			return true
		}
	}
	return false
}

// readList parses realcode.txt: "mod NAME MODULE@VERSION [PATTERN...]" and
// "std NAME DIR"; # starts a comment.
func readList(file string) ([]unit, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var us []unit
	for i, line := range strings.Split(string(data), "\n") {
		if j := strings.Index(line, "#"); j >= 0 {
			line = line[:j]
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if len(f) < 3 || (f[0] != "mod" && f[0] != "std") || (f[0] == "std" && len(f) != 3) {
			return nil, fmt.Errorf("%s:%d: want \"mod NAME MODULE@VERSION [PATTERN...]\" or \"std NAME DIR\"", file, i+1)
		}
		if f[0] == "mod" && !strings.Contains(f[2], "@") {
			return nil, fmt.Errorf("%s:%d: %s: pin a version (MODULE@VERSION)", file, i+1, f[2])
		}
		u := unit{Kind: f[0], Name: f[1], Source: f[2], Patterns: f[3:]}
		if len(u.Patterns) == 0 {
			u.Patterns = []string{"./..."}
		}
		us = append(us, u)
	}
	return us, nil
}

// buildPbcc builds pbcc from revision -rev of the git checkout $PBCC_SRC
// (default /work/main), through git archive so that uncommitted changes
// there do not leak in, or returns -pbcc.
func buildPbcc(ctx context.Context, work string) (bin, desc string, err error) {
	if *pbccBin != "" {
		bin, err = filepath.Abs(*pbccBin)
		return bin, "binary " + bin, err
	}
	src := os.Getenv("PBCC_SRC")
	if src == "" {
		src = "/work/main"
	}
	id, err := exec.Command("git", "-C", src, "rev-parse", "--short", *rev).Output()
	if err != nil {
		return "", "", fmt.Errorf("git -C %s rev-parse %s (set $PBCC_SRC or -pbcc): %v", src, *rev, err)
	}
	commit := strings.TrimSpace(string(id))
	tree := filepath.Join(work, "pbcc-src")
	if err := os.MkdirAll(tree, 0o755); err != nil {
		return "", "", err
	}
	if out, err := runCmd(ctx, "", 5*time.Minute, "sh", "-c", `git -C "$1" archive --format=tar "$2" | tar -x -C "$3"`, "sh", src, commit, tree); err != nil {
		return "", "", fmt.Errorf("git archive %s of %s: %v: %s", commit, src, err, firstLines(out, 3))
	}
	bin = filepath.Join(work, "pbcc")
	if out, err := runCmd(ctx, tree, 10*time.Minute, "go", "build", "-o", bin, "./cmd/pbcc"); err != nil {
		return "", "", fmt.Errorf("building pbcc at %s: %v: %s", commit, err, firstLines(out, 5))
	}
	return bin, "built from " + src + " at " + commit, nil
}

// measureUnit does the whole measurement of one unit; what fails is noted
// in the row and the rest goes on.
func measureUnit(ctx context.Context, work, pbcc string, u unit) result {
	r := result{Name: u.Name, Source: u.Source, Compiles: "–", Passes: "–", VetClean: "–"}
	note := func(format string, args ...any) { r.Notes = append(r.Notes, fmt.Sprintf(format, args...)) }
	dir := filepath.Join(work, u.Name)
	if err := prepare(ctx, u, dir); err != nil {
		note("preparing: %v", err)
		return r
	}
	pkgs, err := listPackages(ctx, dir, u.Patterns)
	if err != nil {
		note("go list: %v", err)
		return r
	}
	for _, p := range pkgs {
		n, err := countFuncs(p)
		if err != nil {
			note("%v", err)
		}
		r.Funcs += n
	}

	// The unit's own tests go aside while pbcc runs and is measured.
	aside := filepath.Join(work, u.Name+".owntests")
	moved, err := moveTests(dir, aside, pkgs)
	if err != nil {
		note("setting the own tests aside: %v", err)
		return r
	}
	r.OwnTests = len(moved)

	// pbcc gen, killed -grace after its own -timeout.
	start := time.Now()
	stdout, stderr, exit, killed := runPbcc(ctx, dir, pbcc, u.Patterns)
	r.Seconds = time.Since(start).Seconds()
	r.Exit, r.Killed = exit, killed
	if killed {
		note("pbcc gen killed after %.0fs (its -timeout is %v)", r.Seconds, *timeout)
	}
	os.WriteFile(filepath.Join(work, u.Name+".pbcc.stdout"), stdout, 0o644)
	os.WriteFile(filepath.Join(work, u.Name+".pbcc.stderr"), stderr, 0o644)
	if *verbose {
		os.Stderr.Write(stderr)
	}
	for _, line := range strings.Split(string(stderr), "\n") {
		switch kind := classify(line); kind {
		case "skipped":
			r.Skipped++
			r.Messages = append(r.Messages, line)
		case "unmodelled":
			r.Unmodelled++
			r.UnmodelledMsgs = append(r.UnmodelledMsgs, line)
		case "leftout":
			r.LeftOut++
			note("%s", line)
		case "other":
			note("%s", line)
		}
	}
	sc := bufio.NewScanner(bytes.NewReader(stdout))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var s struct {
			Func              string
			Tests             *int
			Branches, Covered int
			ModelMismatch     int `json:"model_mismatch"`
			ForMutants        int `json:"for_mutants"`
		}
		if json.Unmarshal(sc.Bytes(), &s) != nil {
			continue
		}
		if s.Func != "" && s.Tests != nil && *s.Tests == 0 {
			r.NoTable = append(r.NoTable, s.Func)
		}
		r.Branches += s.Branches
		r.Covered += s.Covered
		r.Mismatch += s.ModelMismatch
		if s.Tests != nil {
			r.Cases += *s.Tests
		}
		r.ForMutants += s.ForMutants
	}

	// pbcc's files: how many tables, do they build, pass, vet clean, and
	// what do they cover alone.
	var gen []string
	for _, p := range pkgs {
		fs, _ := filepath.Glob(filepath.Join(p.Dir, "*_pbcc_test.go"))
		gen = append(gen, fs...)
	}
	r.Files = len(gen)
	for _, f := range gen {
		r.Tables += countTests(f)
	}
	if len(gen) > 0 {
		// -vet=off: go test's vet would fail the build on the unit's own
		// code where a raised go directive turns on newer checks
		// (pkg/errors, go-version: non-constant format strings); vet is
		// judged below, on pbcc's files.
		out, err := runCmd(ctx, dir, 10*time.Minute, "go", append([]string{"test", "-count=1", "-vet=off", "-coverprofile=" + filepath.Join(work, u.Name+".pbcc.cover")}, u.Patterns...)...)
		os.WriteFile(filepath.Join(work, u.Name+".pbcc.gotest"), out, 0o644)
		r.Compiles, r.Passes = "yes", "yes"
		if bytes.Contains(out, []byte("[build failed]")) || bytes.Contains(out, []byte("[setup failed]")) {
			r.Compiles, r.Passes = "no", "–"
			note("pbcc's tests do not build: %s", firstLines(out, 3))
		} else if err != nil {
			r.Passes = "no"
			r.Failing = bytes.Count(out, []byte("--- FAIL"))
			note("pbcc's tests fail: %s", firstLines(grepLines(out, "--- FAIL"), 5))
		}
		if r.Compiles == "yes" {
			r.PbccStmt, _ = profileCoverage(filepath.Join(work, u.Name+".pbcc.cover"))
			r.PbccBranch = checkBranches(ctx, dir, pbcc, u.Patterns, &r)
		}
		vout, verr := runCmd(ctx, dir, 10*time.Minute, "go", append([]string{"vet"}, u.Patterns...)...)
		os.WriteFile(filepath.Join(work, u.Name+".pbcc.vet"), vout, 0o644)
		if diag := grepLines(vout, "_pbcc_test.go"); len(diag) > 0 {
			r.VetClean = "no"
			note("go vet on pbcc's files: %s", firstLines(diag, 3))
		} else if verr != nil && r.Compiles == "yes" {
			r.VetClean = "yes"
			note("go vet fails on the unit's own code (not pbcc's files): %s", firstLines(vout, 2))
		} else if r.Compiles == "yes" {
			r.VetClean = "yes"
		} else {
			r.VetClean = "no"
		}
	}

	// pbcc's files out, the own tests back.
	for _, f := range gen {
		os.Remove(f)
	}
	if err := restoreTests(moved); err != nil {
		note("restoring the own tests: %v", err)
		return r
	}
	if len(moved) > 0 {
		out, err := runCmd(ctx, dir, 10*time.Minute, "go", append([]string{"test", "-count=1", "-vet=off", "-coverprofile=" + filepath.Join(work, u.Name+".own.cover")}, u.Patterns...)...)
		os.WriteFile(filepath.Join(work, u.Name+".own.gotest"), out, 0o644)
		if err != nil {
			note("the unit's own tests fail: %s", firstLines(out, 3))
		}
		r.OwnStmt, _ = profileCoverage(filepath.Join(work, u.Name+".own.cover"))
		r.OwnBranch = checkBranches(ctx, dir, pbcc, u.Patterns, &r)
	}
	return r
}

// prepare puts the unit's code in dir, a module of its own, writable.
func prepare(ctx context.Context, u unit, dir string) error {
	switch u.Kind {
	case "mod":
		out, err := runCmd(ctx, "", 5*time.Minute, "go", "mod", "download", "-json", u.Source)
		if err != nil {
			return fmt.Errorf("go mod download %s: %v", u.Source, err)
		}
		var m struct{ Dir, Error string }
		if err := json.Unmarshal(out, &m); err != nil || m.Dir == "" {
			return fmt.Errorf("go mod download %s: %s %v", u.Source, m.Error, err)
		}
		if err := copyTree(m.Dir, dir); err != nil {
			return err
		}
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
			// A module from before modules: go mod init, as its user would.
			path, _, _ := strings.Cut(u.Source, "@")
			if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module "+path+"\n\ngo 1.26\n"), 0o644); err != nil {
				return err
			}
		}
		// go.sum for the module's requirements and its tests'.
		if _, err := runCmd(ctx, dir, 5*time.Minute, "go", "mod", "tidy"); err != nil {
			return fmt.Errorf("go mod tidy: %v", err)
		}
	case "std":
		src := filepath.Join(root, u.Source)
		if err := copyTree(src, dir); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module pbccbench/"+u.Name+"\n\ngo 1.26\n"), 0o644); err != nil {
			return err
		}
	default:
		return fmt.Errorf("unknown kind %q", u.Kind)
	}
	if *fresh {
		return nil
	}
	// pbcc's tests use go-cmp, and pbcc adds it to go.mod (go get, which
	// also raises a go directive below go-cmp's 1.21) — but at 865ef0d only
	// after its real-code steps (oracle, verification) ran, and those fail
	// on a fresh module (go-cmp missing; a module without a go directive
	// is go 1.16, and pbcc's drivers use generics). Required here first,
	// the unit is as pbcc's first run leaves it; -fresh measures it as is.
	if out, err := runCmd(ctx, dir, 5*time.Minute, "go", "get", "github.com/google/go-cmp@v0.7.0"); err != nil {
		return fmt.Errorf("go get github.com/google/go-cmp@v0.7.0: %v: %s", err, firstLines(out, 3))
	}
	return nil
}

// copyTree copies the regular files of src into dst, writable (the module
// cache is read-only).
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
}

type pkg struct {
	Dir        string
	ImportPath string
	GoFiles    []string
}

func listPackages(ctx context.Context, dir string, patterns []string) ([]pkg, error) {
	out, err := runCmd(ctx, dir, 5*time.Minute, "go", append([]string{"list", "-json=Dir,ImportPath,GoFiles"}, patterns...)...)
	if err != nil {
		return nil, fmt.Errorf("%v: %s", err, firstLines(out, 3))
	}
	var ps []pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, err
		}
		ps = append(ps, p)
	}
	return ps, nil
}

// countFuncs counts the function and method declarations with a body in
// the package's files (those the build selects), but for init functions
// and functions named _ (stringer's compile-time checks).
func countFuncs(p pkg) (int, error) {
	fset := token.NewFileSet()
	n := 0
	for _, f := range p.GoFiles {
		file, err := parser.ParseFile(fset, filepath.Join(p.Dir, f), nil, parser.SkipObjectResolution)
		if err != nil {
			return n, err
		}
		for _, d := range file.Decls {
			// init and _ functions are not counted: no test can call them.
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && !(fd.Recv == nil && fd.Name.Name == "init") && fd.Name.Name != "_" {
				n++
			}
		}
	}
	return n, nil
}

// countTests counts the top-level Test functions of a pbcc file: one per
// function it wrote a table for.
func countTests(file string) int {
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.SkipObjectResolution)
	if err != nil {
		// An unparsable file: count by text.
		data, _ := os.ReadFile(file)
		return len(regexp.MustCompile(`(?m)^func Test`).FindAll(data, -1))
	}
	n := 0
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && strings.HasPrefix(fd.Name.Name, "Test") {
			n++
		}
	}
	return n
}

type movedFile struct{ from, to string }

// moveTests moves the _test.go files of the packages' directories under
// aside, keeping their paths.
func moveTests(dir, aside string, pkgs []pkg) ([]movedFile, error) {
	var moved []movedFile
	for _, p := range pkgs {
		fs, _ := filepath.Glob(filepath.Join(p.Dir, "*_test.go"))
		for _, f := range fs {
			rel, _ := filepath.Rel(dir, f)
			to := filepath.Join(aside, rel)
			if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
				return moved, err
			}
			if err := os.Rename(f, to); err != nil {
				return moved, err
			}
			moved = append(moved, movedFile{f, to})
		}
	}
	return moved, nil
}

func restoreTests(moved []movedFile) error {
	for _, m := range moved {
		if err := os.Rename(m.to, m.from); err != nil {
			return err
		}
	}
	return nil
}

// runPbcc runs pbcc gen -json -timeout T in dir, killing its process group
// -grace after T.
func runPbcc(ctx context.Context, dir, pbcc string, patterns []string) (stdout, stderr []byte, exit int, killed bool) {
	ctx, cancel := context.WithTimeout(ctx, *timeout+*grace)
	defer cancel()
	args := append([]string{"gen", "-json", "-timeout", timeout.String()}, patterns...)
	cmd := exec.CommandContext(ctx, pbcc, args...)
	cmd.Dir = dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	exit = cmd.ProcessState.ExitCode()
	killed = ctx.Err() != nil
	if err != nil && !killed && exit < 0 {
		fmt.Fprintf(&e, "pbcc-bench: running pbcc: %v\n", err)
	}
	return o.Bytes(), e.Bytes(), exit, killed
}

// checkBranches runs pbcc check -min 0 -json on the packages: the branch
// coverage of whatever tests are there, over every branch of the packages.
func checkBranches(ctx context.Context, dir, pbcc string, patterns []string, r *result) cov {
	out, err := runCmd(ctx, dir, 10*time.Minute, pbcc, append([]string{"check", "-min", "0", "-json"}, patterns...)...)
	var c cov
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var v struct {
			Package           string
			Branches, Covered int
		}
		if json.Unmarshal(sc.Bytes(), &v) == nil && v.Package != "" {
			c.N += v.Branches
			c.Covered += v.Covered
		}
	}
	if err != nil && c.N == 0 {
		r.Notes = append(r.Notes, fmt.Sprintf("pbcc check: %v: %s", err, firstLines(out, 2)))
	}
	return c
}

// profileCoverage is the statement coverage of a go test -coverprofile
// file: statements of the blocks with a non-zero count over all statements
// (a block listed twice counts once).
func profileCoverage(file string) (cov, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return cov{}, err
	}
	type block struct{ stmts, count int }
	blocks := map[string]block{}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) != 3 || strings.HasPrefix(line, "mode:") {
			continue
		}
		n, err1 := strconv.Atoi(f[1])
		c, err2 := strconv.Atoi(f[2])
		if err1 != nil || err2 != nil {
			continue
		}
		b := blocks[f[0]]
		b.stmts = n
		b.count += c
		blocks[f[0]] = b
	}
	var r cov
	for _, b := range blocks {
		r.N += b.stmts
		if b.count > 0 {
			r.Covered += b.stmts
		}
	}
	return r, nil
}

// runCmd runs a command in dir with a time limit and returns its combined
// output.
func runCmd(ctx context.Context, dir string, limit time.Duration, name string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.WaitDelay = 10 * time.Second
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if name == "go" && len(args) > 0 && args[0] == "mod" && args[1] == "download" {
		cmd.Stderr = io.Discard // its -json goes to stdout
	}
	err := cmd.Run()
	if *verbose {
		fmt.Fprintf(os.Stderr, "$ (cd %s; %s %s)\n%s", dir, name, strings.Join(args, " "), out.Bytes())
	}
	if err != nil && ctx.Err() != nil {
		err = fmt.Errorf("%s %s: killed after %v", name, strings.Join(args, " "), limit)
	}
	return out.Bytes(), err
}

func grepLines(out []byte, s string) []byte {
	var b bytes.Buffer
	for _, l := range strings.Split(string(out), "\n") {
		if strings.Contains(l, s) {
			b.WriteString(l + "\n")
		}
	}
	return b.Bytes()
}

func firstLines(out []byte, n int) string {
	ls := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(ls) > n {
		ls = append(ls[:n], fmt.Sprintf("… (%d more lines)", len(ls)-n))
	}
	return strings.Join(ls, " | ")
}

// printTable prints the markdown table.
func printTable(w io.Writer, rows []result, desc string) {
	if *render == "" {
		fmt.Fprintf(w, "pbcc %s; gen -timeout %v per unit, killed %v later\n\n", desc, *timeout, *grace)
	} else {
		fmt.Fprintf(w, "pbcc %s\n\n", desc)
	}
	fmt.Fprintln(w, "| unit | source | funcs | with table | no tests | unmodelled | cases left out | cases (for mutants) | pbcc stmt | pbcc branch | pbcc branch (gen -json) | builds | passes | vet clean | pbcc s | own stmt | own branch |")
	fmt.Fprintln(w, "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|---|---|--:|--:|--:|")
	var t result
	for _, r := range rows {
		secs := fmt.Sprintf("%.0f", r.Seconds)
		if r.Killed {
			secs += " (killed)"
		}
		genBr := "–"
		if r.Branches > 0 {
			genBr = fmt.Sprintf("%d/%d", r.Covered, r.Branches)
		}
		passes := r.Passes
		if r.Failing > 0 {
			passes = fmt.Sprintf("no (%d FAIL)", r.Failing)
		}
		own := r.OwnStmt.String()
		if r.OwnTests == 0 {
			own = "no tests"
		}
		fmt.Fprintf(w, "| %s | %s | %d | %d | %d | %d | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
			r.Name, r.Source, r.Funcs, r.Tables, r.Skipped, r.Unmodelled, r.LeftOut, casesText(r), r.PbccStmt, r.PbccBranch, genBr,
			r.Compiles, passes, r.VetClean, secs, own, r.OwnBranch)
		t.Funcs += r.Funcs
		t.Tables += r.Tables
		t.Skipped += r.Skipped
		t.Unmodelled += r.Unmodelled
		t.LeftOut += r.LeftOut
		t.Cases += r.Cases
		t.ForMutants += r.ForMutants
		t.Seconds += r.Seconds
		t.PbccStmt.add(r.PbccStmt)
		t.PbccBranch.add(r.PbccBranch)
		t.OwnStmt.add(r.OwnStmt)
		t.OwnBranch.add(r.OwnBranch)
		t.Covered += r.Covered
		t.Branches += r.Branches
	}
	fmt.Fprintf(w, "| **all** | | %d | %d | %d | %d | %d | %s | %s | %s | %d/%d | | | | %.0f | %s | %s |\n",
		t.Funcs, t.Tables, t.Skipped, t.Unmodelled, t.LeftOut, casesText(t), t.PbccStmt, t.PbccBranch, t.Covered, t.Branches, t.Seconds, t.OwnStmt, t.OwnBranch)
	for _, r := range rows {
		for _, n := range r.Notes {
			fmt.Fprintf(w, "\n- %s: %s", r.Name, n)
		}
	}
	fmt.Fprintln(w)
}

// casesText is a row's cases and, in parentheses, those for mutants
// ("–" for runs before pbcc counted them).
func casesText(r result) string {
	if r.Cases == 0 {
		return "–"
	}
	return fmt.Sprintf("%d (%d)", r.Cases, r.ForMutants)
}

func (c *cov) add(d cov) { c.Covered += d.Covered; c.N += d.N }

// progressRE matches pbcc's progress lines ("pbcc: [3/11] pkg.F ...",
// since 923fba2).
var progressRE = regexp.MustCompile(`^pbcc: \[\d+/\d+\] `)

// funcLineRE matches pbcc's stderr lines about one function.
var funcLineRE = regexp.MustCompile(`^pbcc: \S+\.go:\d+(:\d+)?: [\w.()*\[\]]+: `)

// classify sorts pbcc's stderr lines: "skipped" (a function left without
// tests), "unmodelled" (a construct the model cannot express, the function
// searched on the real code instead), "leftout" (a case left out), "other"
// (any other pbcc: line), "" (not pbcc's, or the go.mod notice).
func classify(line string) string {
	switch {
	case !strings.HasPrefix(line, "pbcc:") || strings.Contains(line, "added github.com/google/go-cmp"),
		progressRE.MatchString(line):
		return ""
	case strings.Contains(line, ": no tests: "):
		return "skipped"
	case strings.Contains(line, "searched on the real code instead"):
		return "unmodelled"
	case strings.Contains(line, "; left out"):
		return "leftout"
	case funcLineRE.MatchString(line) && strings.Contains(line, ": unsupported: "):
		return "skipped" // pbcc before the real-code search
	}
	return "other"
}

var (
	posRE    = regexp.MustCompile(`[\w./@+-]*\.go(:\d+)*:?`)
	quotedRE = regexp.MustCompile("\"[^\"]*\"|`[^`]*`")
	numRE    = regexp.MustCompile(`\b\d+\b`)
)

// reasonKey makes a skipped or unmodelled line into the key it is grouped
// under: the reason alone (for a call of a function that cannot be
// lowered, the callee's innermost reason), positions, quoted strings and
// numbers taken out.
func reasonKey(line string) string {
	s := strings.TrimPrefix(line, "pbcc:")
	if i := strings.Index(s, ": no tests: "); i >= 0 {
		s = s[i+len(": no tests: "):]
	} else if i := strings.Index(s, ": unsupported: "); i >= 0 {
		s = s[i+len(": unsupported: "):]
	}
	s = strings.TrimSuffix(s, "; searched on the real code instead")
	if i := strings.Index(s, ", which cannot be lowered"); i >= 0 {
		// The callee's own line says why: keep "call of a function
		// that cannot be lowered", drop the callee and the nested reason.
		if !strings.HasPrefix(s, "pbcc's model") {
			// Grouped under the callee's own reason, the innermost: the
			// construct that costs the function its model.
			if j := strings.LastIndex(s, ": unsupported: "); j >= 0 {
				inner := s[j+len(": unsupported: "):]
				// Drop the closing parentheses of the outer messages.
				for strings.HasSuffix(inner, ")") && strings.Count(inner, ")") > strings.Count(inner, "(") {
					inner = inner[:len(inner)-1]
				}
				return reasonKey("pbcc: x.go:1:1: f: unsupported: " + inner)
			}
			return "call of a function of the package that cannot be lowered"
		}
		rest := s[i+len(", which cannot be lowered"):]
		if strings.HasPrefix(rest, " (") {
			depth := 0
			for j, c := range rest {
				if c == '(' {
					depth++
				} else if c == ')' {
					depth--
					if depth == 0 {
						rest = rest[j+1:]
						break
					}
				}
			}
		}
		s = "pbcc's model does not support a call of a function that cannot be lowered" + rest
	}
	s = posRE.ReplaceAllString(s, "")
	s = strings.ReplaceAll(s, " at ,", ",")
	s = strings.ReplaceAll(s, "not in pbcc's table of standard library functions: pure functions of numbers, bools, strings and byte slices", "not in pbcc's table of standard library functions")
	s = quotedRE.ReplaceAllString(s, `"…"`)
	s = numRE.ReplaceAllString(s, "N")
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 220 {
		s = s[:220] + "…"
	}
	return s
}

// printReasons prints the most frequent reasons of the skipped functions
// and the most frequent constructs the model could not express.
func printReasons(w io.Writer, rows []result) {
	skipped := map[string][]string{}
	unmodelled := map[string][]string{}
	for _, r := range rows {
		skipped[r.Name] = r.Messages
		unmodelled[r.Name] = r.UnmodelledMsgs
	}
	printGroups(w, skipped, "functions pbcc wrote no tests for")
	printGroups(w, unmodelled, "functions with a construct pbcc's model cannot express (searched on the real code instead)")
}

func printGroups(w io.Writer, lines map[string][]string, what string) {
	count := map[string]int{}
	units := map[string]map[string]bool{}
	total := 0
	for name, ms := range lines {
		for _, m := range ms {
			k := reasonKey(m)
			count[k]++
			if units[k] == nil {
				units[k] = map[string]bool{}
			}
			units[k][name] = true
			total++
		}
	}
	if total == 0 {
		return
	}
	keys := make([]string, 0, len(count))
	for k := range count {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if count[keys[i]] != count[keys[j]] {
			return count[keys[i]] > count[keys[j]]
		}
		return keys[i] < keys[j]
	})
	n := min(*top, len(keys))
	fmt.Fprintf(w, "\n%d %s, %d kinds of reason; the %d most frequent:\n\n", total, what, len(keys), n)
	fmt.Fprintln(w, "| functions | units | reason (positions, quoted text, numbers taken out) |")
	fmt.Fprintln(w, "|--:|---|---|")
	for _, k := range keys[:n] {
		var us []string
		for u := range units[k] {
			us = append(us, u)
		}
		sort.Strings(us)
		fmt.Fprintf(w, "| %d | %s | %s |\n", count[k], strings.Join(us, ", "), strings.ReplaceAll(k, "|", `\|`))
	}
}

func fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "realcode: "+format+"\n", args...)
	os.Exit(2)
}
