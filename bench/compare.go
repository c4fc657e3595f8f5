//go:build ignore

// compare runs pbcc and the fuzzer a user would pick instead (go test -fuzz
// for Go, AFL++ for C) on the same functions, each fuzzer with a fixed time
// budget, measures the branch coverage each reached on the real code with
// pbcc's own measurement (ssaexec/cover for Go, cbridge.Measure's gcov for C)
// and prints a table. See bench/README.md.
//
//	go run bench/compare.go [-budget 60s] [-go] [-c] [-keep] [targets...]
//
// A target argument selects the targets whose name (pkg.Func, or file.c:func)
// contains it. Without -go or -c, both languages run.
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/pbcc/pbcc/ssaexec/cover"
)

// goTarget is one Go function to compare on. Params are the fuzz
// arguments' Go types (types go test -fuzz accepts: integers, floats, bool,
// string, []byte), named p0, p1, … in Call; Call is the statement(s) that
// call the function with them (default Func(p0, p1, …)).
type goTarget struct {
	Dir    string // package directory, relative to the module root; copied alone, so it may import the standard library only
	Func   string // F, or T.M for a method (then Call is required)
	Params []string
	Call   string
}

// cTarget is one C function to compare on. Params are the C types the AFL
// and replay harnesses read from the input bytes, in order, named p0, p1, …
// in Call: integer types ("int", "unsigned char", "long", …) copied from
// sizeof(T) bytes (zero when the input is shorter), arrays "T[N]", and
// "char*" (only last: the rest of the input, NUL-terminated). Globals are
// the unit's global variables that are inputs of the function, "T name"
// (T an integer type or "T[N]"), filled from the input bytes in order after
// the parameters (before a char*), the way pbcc takes globals as inputs.
// Call is an expression or statements using them (default Func(p0, p1, …)).
type cTarget struct {
	File    string // relative to the module root
	Func    string
	Params  []string
	Globals []string
	Call    string
}

// tcasGlobals are the inputs of the Siemens suite's tcas (its main sets
// them from argv; initialize sets Positive_RA_Alt_Thresh).
var tcasGlobals = []string{
	"int Cur_Vertical_Sep", "int High_Confidence", "int Two_of_Three_Reports_Valid",
	"int Own_Tracked_Alt", "int Own_Tracked_Alt_Rate", "int Other_Tracked_Alt",
	"int Alt_Layer_Value", "int[4] Positive_RA_Alt_Thresh", "int Up_Separation",
	"int Down_Separation", "int Other_RAC", "int Other_Capability", "int Climb_Inhibit",
}

var goTargets = []goTarget{
	{Dir: "testdata/go/trityp", Func: "Trityp", Params: []string{"int", "int", "int"}},
	{Dir: "testdata/go/pathcrawler", Func: "F", Params: []string{"int", "int", "int", "int"}, Call: "F([2]int{p0, p1}, p2, p3)"},
	{Dir: "testdata/go/nonlinear", Func: "Answer", Params: []string{"int", "int"}},
	{Dir: "testdata/go/wrap", Func: "Overflows", Params: []string{"int8"}},
	{Dir: "testdata/go/bittrick", Func: "IsPowerOfTwo", Params: []string{"uint32"}},
	{Dir: "testdata/go/bittrick", Func: "HasBit", Params: []string{"uint64", "uint8"}},
	{Dir: "testdata/go/bittrick", Func: "LowByte", Params: []string{"uint32"}},
	{Dir: "testdata/go/bittrick", Func: "Log2", Params: []string{"uint16"}},
	{Dir: "testdata/go/switchcase", Func: "Kind", Params: []string{"int"}},
	{Dir: "testdata/go/recursion", Func: "Fact", Params: []string{"int"}},
	// Real code (testdata/bench/go: copies of functions of Go's standard
	// library and golang.org/x/mod, each file says what was adapted).
	{Dir: "testdata/bench/go/pathclean", Func: "Clean", Params: []string{"string"}},
	{Dir: "testdata/bench/go/pathcleanorig", Func: "Clean", Params: []string{"string"}},
	{Dir: "testdata/bench/go/hexdec", Func: "Decode", Params: []string{"[]byte"}, Call: "Decode(make([]byte, len(p0)/2+1), p0)"},
	{Dir: "testdata/bench/go/urlesc", Func: "shouldEscape", Params: []string{"byte", "uint8"}, Call: "shouldEscape(p0, encoding(p1))"},
	{Dir: "testdata/bench/go/urlesc", Func: "unescape", Params: []string{"string", "uint8"}, Call: "unescape(p0, encoding(p1))"},
	{Dir: "testdata/bench/go/utf8valid", Func: "ValidString", Params: []string{"string"}},
	{Dir: "testdata/bench/go/semver", Func: "parse", Params: []string{"string"}},
	{Dir: "testdata/bench/go/semver", Func: "comparePrerelease", Params: []string{"string", "string"}},
	{Dir: "testdata/bench/go/netipv4", Func: "parseIPv4Fields", Params: []string{"string"}, Call: "parseIPv4Fields(p0, 0, len(p0), make([]uint8, 4))"},
	{Dir: "testdata/bench/go/strconvx", Func: "ParseBool", Params: []string{"string"}},
	{Dir: "testdata/bench/go/strconvx", Func: "Atoi", Params: []string{"string"}},
	{Dir: "testdata/bench/go/strconvx", Func: "underscoreOK", Params: []string{"string"}},
}

var cTargets = []cTarget{
	{File: "testdata/c/trityp.c", Func: "trityp", Params: []string{"int", "int", "int"}},
	{File: "testdata/c/pathcrawler.c", Func: "f", Params: []string{"int", "int", "int", "int"}},
	{File: "testdata/c/switch_fall.c", Func: "score", Params: []string{"unsigned char"}},
	{File: "testdata/c/switch_fall.c", Func: "days", Params: []string{"int", "int"}},
	{File: "testdata/c/goto.c", Func: "collatz", Params: []string{"int"}},
	// Classic benchmark code (testdata/bench/c: the Siemens suite's tcas
	// and print_tokens2 classifiers, K&R and textbook array and string
	// kernels).
	{File: "testdata/bench/c/tcas.c", Func: "alt_sep_test", Globals: tcasGlobals},
	{File: "testdata/bench/c/tcas.c", Func: "Non_Crossing_Biased_Climb", Globals: tcasGlobals},
	{File: "testdata/bench/c/print_tokens.c", Func: "token_type", Params: []string{"char*"}},
	{File: "testdata/bench/c/print_tokens.c", Func: "is_keyword", Params: []string{"char*"}},
	{File: "testdata/bench/c/sortsearch.c", Func: "bubble_sort", Params: []string{"int[8]", "unsigned char"}, Call: "bubble_sort(p0, p1 % 9)"},
	{File: "testdata/bench/c/sortsearch.c", Func: "binsearch", Params: []string{"int", "int[8]", "unsigned char"}, Call: "binsearch(p0, p1, p2 % 9)"},
	{File: "testdata/bench/c/kr_strings.c", Func: "strindex", Params: []string{"char[8]", "char*"}, Call: "p0[7] = 0; (void)strindex(p0, p1);"},
	{File: "testdata/bench/c/kr_strings.c", Func: "luhn", Params: []string{"char*"}},
}

var (
	budget  = flag.Duration("budget", 60*time.Second, "time budget of each fuzzer run")
	onlyGo  = flag.Bool("go", false, "Go targets only")
	onlyC   = flag.Bool("c", false, "C targets only")
	keep    = flag.Bool("keep", false, "keep the temporary directories (their paths are printed)")
	verbose = flag.Bool("v", false, "print the commands' output")
	jsonOut = flag.Bool("json", false, "also print one JSON object per row")
	pbccBin = flag.String("pbcc", "", "use this pbcc binary instead of building ./cmd/pbcc")
	cmplog  = flag.Bool("cmplog", false, "run AFL++ with a CmpLog binary (-c), which solves comparisons with constants; off: plain afl-fuzz")
	rev     = flag.String("rev", "", "build pbcc from this git revision (git archive) instead of the working tree")
	workers = flag.Int("parallel", 0, "go test -fuzz workers (-test.parallel); 0: GOMAXPROCS, one per core")
)

// row is one line of the table.
type row struct {
	Lang        string  `json:"lang"`
	Func        string  `json:"func"`
	Branches    int     `json:"branches"`
	PbccCovered int     `json:"pbcc_covered"`
	PbccWall    float64 `json:"pbcc_wall_seconds"` // the whole pbcc gen run: generation, test build, measurement
	PbccGen     float64 `json:"pbcc_seconds"`      // pbcc's own "seconds" (generation)
	FuzzCovered int     `json:"fuzz_covered"`
	FuzzBudget  float64 `json:"fuzz_budget_seconds"`
	FuzzInputs  int     `json:"fuzz_inputs"`           // corpus / queue entries replayed (seed included)
	FuzzLastNew float64 `json:"fuzz_last_new_seconds"` // when the fuzzer last saved a new input, from its start
	FuzzExecs   int64   `json:"fuzz_execs,omitempty"`
	Err         string  `json:"error,omitempty"`
}

var root string // module root

// subcommand, when set (by bench/cbench.go, built with this file), runs
// instead of the comparison, with this file's flags, work directory and
// pbcc binary.
var subcommand func(ctx context.Context, work, pbcc string)

func main() {
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: go run bench/compare.go [-budget 60s] [-go] [-c] [-keep] [-v] [-json] [targets...]")
		flag.PrintDefaults()
	}
	flag.Parse()
	if !*onlyGo && !*onlyC {
		*onlyGo, *onlyC = true, true
	}
	ctx := context.Background()
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil || strings.TrimSpace(string(out)) == "" || strings.TrimSpace(string(out)) == os.DevNull {
		fatalf("run from inside the pbcc module: go env GOMOD: %v", err)
	}
	root = filepath.Dir(strings.TrimSpace(string(out)))

	work, err := os.MkdirTemp("", "pbcc-bench-")
	if err != nil {
		fatalf("%v", err)
	}
	if *keep {
		fmt.Fprintln(os.Stderr, "work directory:", work)
	} else {
		defer os.RemoveAll(work)
	}
	pbcc, err := buildPbcc(ctx, work)
	if err != nil {
		fatalf("%v", err)
	}
	if subcommand != nil {
		subcommand(ctx, work, pbcc)
		return
	}

	var rows []row
	if *onlyGo {
		for _, t := range goTargets {
			name := pkgName(t.Dir) + "." + t.Func
			if !selected(name) {
				continue
			}
			fmt.Fprintf(os.Stderr, "== %s (go test -fuzz, %v)\n", name, *budget)
			r, err := compareGo(ctx, work, pbcc, t)
			r.Lang, r.Func = "go", name
			if err != nil {
				r.Err = err.Error()
				fmt.Fprintf(os.Stderr, "%s: %v\n", name, err)
			}
			rows = append(rows, r)
		}
	}
	if *onlyC {
		if len(selectedC()) > 0 {
			if err := ensureAFL(ctx); err != nil {
				fatalf("%v", err)
			}
		}
		for _, t := range selectedC() {
			name := filepath.Base(t.File) + ":" + t.Func
			fmt.Fprintf(os.Stderr, "== %s (AFL++, %v)\n", name, *budget)
			r, err := compareC(ctx, work, pbcc, t)
			r.Lang, r.Func = "c", name
			if err != nil {
				r.Err = err.Error()
				fmt.Fprintf(os.Stderr, "%s: %v\n", name, err)
			}
			rows = append(rows, r)
		}
	}
	printTable(os.Stdout, rows)
	if *jsonOut {
		enc := json.NewEncoder(os.Stdout)
		for _, r := range rows {
			enc.Encode(r)
		}
	}
}

// buildPbcc returns the pbcc binary to compare: -pbcc, or built from -rev,
// or from the working tree.
func buildPbcc(ctx context.Context, work string) (string, error) {
	if *pbccBin != "" {
		return filepath.Abs(*pbccBin)
	}
	bin := filepath.Join(work, "pbcc")
	src := root
	desc := "working tree"
	if *rev != "" {
		src = filepath.Join(work, "pbcc-src")
		if err := os.MkdirAll(src, 0o755); err != nil {
			return "", err
		}
		cmd := exec.CommandContext(ctx, "sh", "-c", "git archive --format=tar \"$1\" | tar -x -C \"$2\"", "sh", *rev, src)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("git archive %s: %v\n%s", *rev, err, out)
		}
		id, _ := exec.Command("git", "-C", root, "rev-parse", "--short", *rev).Output()
		desc = "revision " + strings.TrimSpace(string(id))
	}
	if err := run(ctx, src, nil, "go", "build", "-o", bin, "./cmd/pbcc"); err != nil {
		return "", fmt.Errorf("building pbcc from the %s (try -rev HEAD or -pbcc): %v", desc, err)
	}
	fmt.Fprintln(os.Stderr, "pbcc built from the", desc)
	return bin, nil
}

func selected(name string) bool {
	if flag.NArg() == 0 {
		return true
	}
	for _, a := range flag.Args() {
		if strings.Contains(name, a) {
			return true
		}
	}
	return false
}

func selectedC() []cTarget {
	var ts []cTarget
	for _, t := range cTargets {
		if selected(filepath.Base(t.File) + ":" + t.Func) {
			ts = append(ts, t)
		}
	}
	return ts
}

// ---------------------------------------------------------------- Go

func compareGo(ctx context.Context, work, pbcc string, t goTarget) (row, error) {
	var r row
	pkg := pkgName(t.Dir)
	if pkg == "" {
		return r, fmt.Errorf("%s: no Go package", t.Dir)
	}
	full := pkg + "." + t.Func
	tag := sanitize(full)

	// (a) pbcc.
	pdir := filepath.Join(work, "go-pbcc-"+tag)
	modPath := fmt.Sprintf("pbccbench%d/%s", time.Now().UnixNano(), pkg)
	if err := copyPackage(t.Dir, pdir, modPath); err != nil {
		return r, err
	}
	start := time.Now()
	out, err := output(ctx, pdir, pbcc, "gen", "-json", "-func", "^"+regexp.QuoteMeta(t.Func)+"$", ".")
	r.PbccWall = time.Since(start).Seconds()
	if err != nil {
		return r, fmt.Errorf("pbcc gen: %v\n%s", err, out)
	}
	res, err := pbccResult(out, full)
	if err != nil {
		return r, err
	}
	r.Branches, r.PbccCovered, r.PbccGen = res.Branches, res.Covered, res.Seconds
	// The same measurement run again here, as for the fuzzer's corpus; the
	// table shows it, so that both columns are measured the same way.
	if n, cov, err := measureGo(ctx, pdir, full); err != nil {
		return r, fmt.Errorf("re-measuring pbcc's tests: %v", err)
	} else if n != r.Branches || cov != r.PbccCovered {
		fmt.Fprintf(os.Stderr, "%s: warning: pbcc reports %d/%d, cover.Measure %d/%d (the table shows the latter)\n", full, r.PbccCovered, r.Branches, cov, n)
		r.Branches, r.PbccCovered = n, cov
	}

	// (b) go test -fuzz.
	fdir := filepath.Join(work, "go-fuzz-"+tag)
	modPath = fmt.Sprintf("pbccbench%d/%s", time.Now().UnixNano(), pkg)
	if err := copyPackage(t.Dir, fdir, modPath); err != nil {
		return r, err
	}
	src, err := goFuzzTest(pkg, t)
	if err != nil {
		return r, err
	}
	if err := os.WriteFile(filepath.Join(fdir, "pbccbench_fuzz_test.go"), src, 0o644); err != nil {
		return r, err
	}
	// The test binary is built first, so that the budget is fuzzing time
	// only, and run with its own cache directory: the engine keeps the
	// inputs that found new coverage there (testdata/fuzz holds only
	// failures), and they are moved below to where go test replays them.
	if err := run(ctx, fdir, nil, "go", "test", "-c", "-fuzz=^FuzzPBCCBench$", "-o", "fuzz.test", "."); err != nil {
		return r, fmt.Errorf("go test -c: %v", err)
	}
	cacheDir := filepath.Join(fdir, "fuzzcache")
	fuzzStart := time.Now()
	fuzzArgs := []string{"-test.run=^$", "-test.fuzz=^FuzzPBCCBench$",
		"-test.fuzztime=" + budget.String(), "-test.fuzzcachedir=" + cacheDir}
	if *workers > 0 {
		fuzzArgs = append(fuzzArgs, "-test.parallel="+strconv.Itoa(*workers))
	}
	out, err = output(ctx, fdir, "./fuzz.test", fuzzArgs...)
	if err != nil {
		return r, fmt.Errorf("fuzzing: %v\n%s", err, lastLines(out, 30))
	}
	os.Remove(filepath.Join(fdir, "fuzz.test"))
	r.FuzzBudget = budget.Seconds()
	if m := regexp.MustCompile(`execs: (\d+)`).FindAllStringSubmatch(out, -1); len(m) > 0 {
		r.FuzzExecs, _ = strconv.ParseInt(m[len(m)-1][1], 10, 64)
	}
	corpus := filepath.Join(fdir, "testdata", "fuzz", "FuzzPBCCBench")
	if err := os.MkdirAll(corpus, 0o755); err != nil {
		return r, err
	}
	entries, _ := os.ReadDir(filepath.Join(cacheDir, "FuzzPBCCBench"))
	for _, e := range entries {
		p := filepath.Join(cacheDir, "FuzzPBCCBench", e.Name())
		if fi, err := os.Stat(p); err == nil {
			if d := fi.ModTime().Sub(fuzzStart).Seconds(); d > r.FuzzLastNew {
				r.FuzzLastNew = d
			}
		}
		if err := os.Rename(p, filepath.Join(corpus, e.Name())); err != nil {
			return r, err
		}
	}
	os.RemoveAll(cacheDir)
	r.FuzzInputs = len(entries) + 1 // + the f.Add seed
	n, cov, err := measureGo(ctx, fdir, full)
	if err != nil {
		return r, fmt.Errorf("measuring the fuzz corpus: %v", err)
	}
	if n != r.Branches {
		fmt.Fprintf(os.Stderr, "%s: warning: %d branches for pbcc, %d for the fuzz copy\n", full, r.Branches, n)
	}
	r.FuzzCovered = cov
	return r, nil
}

// measureGo runs cover.Measure, pbcc's own check stage, on the package in
// dir and counts the branches of function fn (closures included).
func measureGo(ctx context.Context, dir, fn string) (n, covered int, err error) {
	opts := cover.Options{}
	if *verbose {
		opts.Stdout, opts.Stderr = os.Stderr, os.Stderr
	}
	bs, err := cover.Measure(ctx, dir, opts)
	if err != nil {
		return 0, 0, err
	}
	for _, b := range bs {
		if b.Func == fn || strings.HasPrefix(b.Func, fn+"$") {
			n++
			if b.Covered {
				covered++
			}
		}
	}
	if n == 0 {
		return 0, 0, fmt.Errorf("no branch of %s measured", fn)
	}
	return n, covered, nil
}

// goFuzzTest is the fuzz test of a Go target: one f.Add of zero values, and
// a call that recovers from panics so that they do not stop the fuzzer.
func goFuzzTest(pkg string, t goTarget) ([]byte, error) {
	var zeros, params, args []string
	for i, p := range t.Params {
		z, err := goZero(p)
		if err != nil {
			return nil, fmt.Errorf("%s.%s: %v", pkg, t.Func, err)
		}
		zeros = append(zeros, z)
		params = append(params, fmt.Sprintf("p%d %s", i, p))
		args = append(args, fmt.Sprintf("p%d", i))
	}
	call := t.Call
	if call == "" {
		if strings.Contains(t.Func, ".") {
			return nil, fmt.Errorf("%s.%s: a method needs Call", pkg, t.Func)
		}
		call = t.Func + "(" + strings.Join(args, ", ") + ")"
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "package %s\n\nimport \"testing\"\n\n", pkg)
	fmt.Fprintf(&b, "func FuzzPBCCBench(f *testing.F) {\n\tf.Add(%s)\n", strings.Join(zeros, ", "))
	fmt.Fprintf(&b, "\tf.Fuzz(func(t *testing.T, %s) {\n", strings.Join(params, ", "))
	fmt.Fprintf(&b, "\t\tdefer func() { _ = recover() }()\n\t\t%s\n\t})\n}\n", call)
	return b.Bytes(), nil
}

func goZero(typ string) (string, error) {
	switch typ {
	case "string":
		return `""`, nil
	case "[]byte":
		return "[]byte{}", nil
	case "bool":
		return "false", nil
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64",
		"byte", "rune", "float32", "float64":
		return typ + "(0)", nil
	}
	return "", fmt.Errorf("go test -fuzz takes no argument of type %s", typ)
}

// copyPackage copies the non-test Go files of the package in src (relative
// to the module root) into a new module at dst.
func copyPackage(src, dst, modPath string) error {
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	ents, err := os.ReadDir(filepath.Join(root, src))
	if err != nil {
		return err
	}
	for _, e := range ents {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		if err := copyFile(filepath.Join(root, src, n), filepath.Join(dst, n)); err != nil {
			return err
		}
	}
	return os.WriteFile(filepath.Join(dst, "go.mod"), []byte("module "+modPath+"\n\ngo 1.26\n"), 0o644)
}

func pkgName(dir string) string {
	fset := token.NewFileSet()
	ents, _ := os.ReadDir(filepath.Join(root, dir))
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(root, dir, e.Name()), nil, parser.PackageClauseOnly)
		if err == nil {
			return f.Name.Name
		}
	}
	return ""
}

// ---------------------------------------------------------------- C

func ensureAFL(ctx context.Context) error {
	if _, err := exec.LookPath("afl-fuzz"); err == nil {
		return nil
	}
	fmt.Fprintln(os.Stderr, "afl-fuzz not found: installing afl++ with apt-get")
	env := []string{"DEBIAN_FRONTEND=noninteractive"}
	if err := run(ctx, root, env, "apt-get", "install", "-y", "afl++"); err != nil {
		if err := run(ctx, root, env, "apt-get", "update"); err != nil {
			return fmt.Errorf("apt-get update: %v", err)
		}
		if err := run(ctx, root, env, "apt-get", "install", "-y", "afl++"); err != nil {
			return fmt.Errorf("apt-get install afl++: %v", err)
		}
	}
	return nil
}

func compareC(ctx context.Context, work, pbcc string, t cTarget) (row, error) {
	var r row
	tag := sanitize(filepath.Base(t.File) + "-" + t.Func)
	unit := filepath.Base(t.File)

	// (a) pbcc.
	pdir := filepath.Join(work, "c-pbcc-"+tag)
	if err := os.MkdirAll(pdir, 0o755); err != nil {
		return r, err
	}
	if err := copyFile(filepath.Join(root, t.File), filepath.Join(pdir, unit)); err != nil {
		return r, err
	}
	start := time.Now()
	out, err := output(ctx, pdir, pbcc, "gen", "-json", "-func", "^"+regexp.QuoteMeta(t.Func)+"$", unit)
	r.PbccWall = time.Since(start).Seconds()
	if err != nil {
		return r, fmt.Errorf("pbcc gen: %v\n%s", err, out)
	}
	res, err := pbccResult(out, t.Func)
	if err != nil {
		return r, err
	}
	r.Branches, r.PbccCovered, r.PbccGen = res.Branches, res.Covered, res.Seconds

	// (b) AFL++.
	fdir := filepath.Join(work, "c-afl-"+tag)
	if err := os.MkdirAll(filepath.Join(fdir, "in"), 0o755); err != nil {
		return r, err
	}
	if err := copyFile(filepath.Join(root, t.File), filepath.Join(fdir, unit)); err != nil {
		return r, err
	}
	h, seedLen, err := cHarness(unit, t)
	if err != nil {
		return r, err
	}
	if err := os.WriteFile(filepath.Join(fdir, "afl_harness.c"), h, 0o644); err != nil {
		return r, err
	}
	if err := os.WriteFile(filepath.Join(fdir, "in", "zero"), make([]byte, max(seedLen, 1)), 0o644); err != nil {
		return r, err
	}
	// Without optimization, as gcov measures: at -O2 (afl-cc's default)
	// clang turns the short-circuit conditions into selects, and AFL++'s
	// edge coverage no longer sees the branches it should steer by.
	cc := []string{"AFL_QUIET=1", "AFL_DONT_OPTIMIZE=1"}
	if err := run(ctx, fdir, cc, "afl-cc", "-O0", "-w", "-o", "fuzzme", "afl_harness.c"); err != nil {
		return r, fmt.Errorf("afl-cc: %v", err)
	}
	aflArgs := []string{"-V", "", "-i", "in", "-o", "out"}
	if *cmplog {
		if err := run(ctx, fdir, append(cc, "AFL_LLVM_CMPLOG=1"), "afl-cc", "-O0", "-w", "-o", "fuzzme.cmplog", "afl_harness.c"); err != nil {
			return r, fmt.Errorf("afl-cc (cmplog): %v", err)
		}
		aflArgs = append(aflArgs, "-c", "./fuzzme.cmplog")
	}
	env := []string{
		"AFL_NO_UI=1", "AFL_SKIP_CPUFREQ=1", "AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1",
		"AFL_NO_AFFINITY=1",
	}
	secs := int(budget.Seconds())
	if secs < 1 {
		secs = 1
	}
	fuzzStart := time.Now()
	aflArgs[1] = strconv.Itoa(secs)
	if err := run(ctx, fdir, env, "afl-fuzz", append(aflArgs, "--", "./fuzzme")...); err != nil {
		return r, fmt.Errorf("afl-fuzz: %v", err)
	}
	r.FuzzBudget = float64(secs)
	stats := readAFLStats(filepath.Join(fdir, "out", "default", "fuzzer_stats"))
	r.FuzzExecs, _ = strconv.ParseInt(stats["execs_done"], 10, 64)
	if st, err := strconv.ParseInt(stats["start_time"], 10, 64); err == nil {
		fuzzStart = time.Unix(st, 0)
	}
	if lf, err := strconv.ParseInt(stats["last_find"], 10, 64); err == nil && lf > 0 {
		r.FuzzLastNew = time.Unix(lf, 0).Sub(fuzzStart).Seconds()
	}
	dirs := []string{filepath.Join(fdir, "out", "default", "queue"), filepath.Join(fdir, "out", "default", "crashes")}
	for _, d := range dirs {
		ents, _ := os.ReadDir(d)
		for _, e := range ents {
			if !e.IsDir() && strings.HasPrefix(e.Name(), "id:") {
				r.FuzzInputs++
			}
		}
	}

	// Replay every queue entry (and crash) through the unit built with gcc
	// --coverage, measured by gcov as pbcc's own harness is.
	rh, _, err := cReplayHarness(unit, t, dirs)
	if err != nil {
		return r, err
	}
	replay := filepath.Join(fdir, "replay_"+strings.TrimSuffix(unit, ".c")+".c")
	if err := os.WriteFile(replay, rh, 0o644); err != nil {
		return r, err
	}
	cov, mout, err := gcovMeasure(ctx, replay)
	if *verbose {
		fmt.Fprint(os.Stderr, mout)
	}
	if err != nil {
		return r, fmt.Errorf("replaying the AFL queue: %v\n%s", err, mout)
	}
	fc, ok := cov[t.Func]
	if !ok {
		return r, fmt.Errorf("gcov measured no function %s", t.Func)
	}
	if fc.Branches != r.Branches {
		fmt.Fprintf(os.Stderr, "%s: warning: %d branches for pbcc, %d in the replay\n", t.Func, r.Branches, fc.Branches)
	}
	r.FuzzCovered = fc.Taken
	return r, nil
}

// cParams declares p0, p1, … and reads them from buf[0:n]; it returns the
// declarations and the number of bytes a complete input has.
func cParams(t cTarget) (string, int, error) {
	sizes := map[string]int{
		"char": 1, "signed char": 1, "unsigned char": 1, "short": 2, "unsigned short": 2,
		"int": 4, "unsigned": 4, "unsigned int": 4, "long": 8, "unsigned long": 8,
		"long long": 8, "unsigned long long": 8,
	}
	var b strings.Builder
	total := 0
	b.WriteString("\tsize_t off = 0;\n\t(void)off;\n")
	// Globals are read after the integer and array parameters, before a
	// trailing char*, which takes the rest of the input.
	tail := len(t.Params) > 0 && strings.TrimSpace(t.Params[len(t.Params)-1]) == "char*"
	readGlobals := func() error {
		for _, g := range t.Globals {
			g = strings.TrimSpace(g)
			k := strings.LastIndexAny(g, " \t]")
			if k < 0 {
				return fmt.Errorf("%s: global %q: want \"T name\"", t.Func, g)
			}
			typ, name := strings.TrimSpace(g[:k+1]), strings.TrimSpace(g[k+1:])
			elem, cnt := typ, 1
			if strings.HasSuffix(typ, "]") {
				j := strings.LastIndex(typ, "[")
				c, err := strconv.Atoi(typ[j+1 : len(typ)-1])
				if err != nil || c <= 0 {
					return fmt.Errorf("%s: unsupported global type %q", t.Func, typ)
				}
				elem, cnt = strings.TrimSpace(typ[:j]), c
			}
			if sizes[elem] == 0 || name == "" {
				return fmt.Errorf("%s: unsupported global %q", t.Func, g)
			}
			fmt.Fprintf(&b, "\tpbcc_bench_read(&%s, sizeof %s, buf, n, &off);\n", name, name)
			total += sizes[elem] * cnt
		}
		return nil
	}
	for i, p := range t.Params {
		p = strings.TrimSpace(p)
		switch {
		case p == "char*":
			if err := readGlobals(); err != nil {
				return "", 0, err
			}
			if i != len(t.Params)-1 {
				return "", 0, fmt.Errorf("%s: char* must be the last parameter", t.Func)
			}
			fmt.Fprintf(&b, "\tchar p%d[4097];\n\tsize_t l%d = off < n ? n - off : 0;\n\tif (l%d > 4096) l%d = 4096;\n", i, i, i, i)
			fmt.Fprintf(&b, "\tif (l%d) memcpy(p%d, buf + off, l%d);\n\tp%d[l%d] = 0;\n", i, i, i, i, i)
			total += 4
		case strings.HasSuffix(p, "]"):
			k := strings.LastIndex(p, "[")
			elem := strings.TrimSpace(p[:k])
			cnt, err := strconv.Atoi(p[k+1 : len(p)-1])
			if err != nil || sizes[elem] == 0 || cnt <= 0 {
				return "", 0, fmt.Errorf("%s: unsupported parameter type %q", t.Func, p)
			}
			fmt.Fprintf(&b, "\t%s p%d[%d];\n\tpbcc_bench_read(p%d, sizeof p%d, buf, n, &off);\n", elem, i, cnt, i, i)
			total += sizes[elem] * cnt
		default:
			if sizes[p] == 0 {
				return "", 0, fmt.Errorf("%s: unsupported parameter type %q", t.Func, p)
			}
			fmt.Fprintf(&b, "\t%s p%d;\n\tpbcc_bench_read(&p%d, sizeof p%d, buf, n, &off);\n", p, i, i, i)
			total += sizes[p]
		}
	}
	if !tail {
		if err := readGlobals(); err != nil {
			return "", 0, err
		}
	}
	call := t.Call
	if call == "" {
		var args []string
		for i := range t.Params {
			args = append(args, fmt.Sprintf("p%d", i))
		}
		call = t.Func + "(" + strings.Join(args, ", ") + ")"
	}
	if !strings.HasSuffix(strings.TrimSpace(call), ";") {
		call = "(void)" + call + ";"
	}
	fmt.Fprintf(&b, "\t%s\n", call)
	return b.String(), total, nil
}

const cPrologue = `/* Generated by bench/compare.go. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define main pbcc_unit_main
#include "%s"
#undef main

static void pbcc_bench_read(void *dst, size_t size, const unsigned char *buf, size_t n, size_t *off)
{
	memset(dst, 0, size);
	if (*off < n)
		memcpy(dst, buf + *off, n - *off < size ? n - *off : size);
	*off += size;
}

static void pbcc_bench_run(const unsigned char *buf, size_t n)
{
%s}
`

// cHarness is the AFL++ harness: persistent mode when afl-cc provides it,
// else one input from stdin per process.
func cHarness(unit string, t cTarget) ([]byte, int, error) {
	body, size, err := cParams(t)
	if err != nil {
		return nil, 0, err
	}
	return cHarnessOf(unit, body), size, nil
}

// cHarnessOf is cHarness for a body that reads the input (buf, n) and
// makes the calls.
func cHarnessOf(unit, body string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, cPrologue, unit, body)
	b.WriteString(`
#ifdef __AFL_FUZZ_TESTCASE_LEN
__AFL_FUZZ_INIT();
int main(void)
{
	__AFL_INIT();
	unsigned char *buf = __AFL_FUZZ_TESTCASE_BUF;
	while (__AFL_LOOP(100000))
		pbcc_bench_run(buf, (size_t)__AFL_FUZZ_TESTCASE_LEN);
	return 0;
}
#else
int main(void)
{
	static unsigned char buf[1 << 16];
	size_t n = fread(buf, 1, sizeof buf, stdin);
	pbcc_bench_run(buf, n);
	return 0;
}
#endif
`)
	return b.Bytes()
}

// cReplayHarness runs every file of dirs through the unit, recovering from
// crashing inputs (SIGSEGV, SIGFPE, …) so that the counters survive.
func cReplayHarness(unit string, t cTarget, dirs []string) ([]byte, int, error) {
	body, size, err := cParams(t)
	if err != nil {
		return nil, 0, err
	}
	return cReplayHarnessOf(unit, body, dirs), size, nil
}

// cReplayHarnessOf is cReplayHarness for a body that reads the input (buf,
// n) and makes the calls.
func cReplayHarnessOf(unit, body string, dirs []string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, cPrologue, unit, body)
	b.WriteString("\n#include <dirent.h>\n#include <setjmp.h>\n#include <signal.h>\n\nstatic const char *pbcc_bench_dirs[] = {")
	for _, d := range dirs {
		fmt.Fprintf(&b, "%s, ", strconv.Quote(d))
	}
	b.WriteString(`NULL};
static sigjmp_buf pbcc_bench_jmp;

static void pbcc_bench_sig(int sig)
{
	siglongjmp(pbcc_bench_jmp, sig);
}

int main(void)
{
	static unsigned char buf[1 << 16];
	int sigs[] = {SIGSEGV, SIGFPE, SIGBUS, SIGILL, SIGABRT};
	int inputs = 0, crashes = 0;
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = pbcc_bench_sig;
		sa.sa_flags = SA_NODEFER;
		sigaction(sigs[i], &sa, NULL);
	}
	for (const char **d = pbcc_bench_dirs; *d; d++) {
		DIR *dir = opendir(*d);
		if (!dir)
			continue;
		struct dirent *e;
		while ((e = readdir(dir)) != NULL) {
			if (strncmp(e->d_name, "id:", 3) != 0)
				continue;
			char path[4096];
			snprintf(path, sizeof path, "%s/%s", *d, e->d_name);
			FILE *f = fopen(path, "rb");
			if (!f)
				continue;
			size_t n = fread(buf, 1, sizeof buf, f);
			fclose(f);
			inputs++;
			if (sigsetjmp(pbcc_bench_jmp, 1) == 0)
				pbcc_bench_run(buf, n);
			else
				crashes++;
		}
		closedir(dir);
	}
	printf("%d inputs replayed, %d crashed\n", inputs, crashes);
	return 0;
}
`)
	return b.Bytes()
}

// funcCoverage is what gcov measured of one function.
type funcCoverage struct{ Branches, Taken int }

// gcovMeasure is cbridge.Measure's measurement, repeated here so that the
// benchmark does not link the generator (it would then not build while the
// generator is being changed): the harness, which includes the unit, is
// compiled with gcc -std=c11 --coverage -c then linked, run in a temporary
// directory, and gcov -j -b's per-line branches are summed into the unit's
// functions by their line ranges, the harness's own lines left out.
func gcovMeasure(ctx context.Context, harness string) (map[string]funcCoverage, string, error) {
	dir, err := os.MkdirTemp("", "pbcc-bench-gcov-")
	if err != nil {
		return nil, "", err
	}
	defer os.RemoveAll(dir)
	base := strings.TrimSuffix(filepath.Base(harness), ".c")
	var out bytes.Buffer
	sh := func(name string, args ...string) error {
		cmd := exec.CommandContext(ctx, name, args...)
		cmd.Dir, cmd.Stdout, cmd.Stderr = dir, &out, &out
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("%s %s: %v", name, strings.Join(args, " "), err)
		}
		return nil
	}
	if err := sh("gcc", "-std=c11", "-Wall", "-Wextra", "--coverage", "-c", harness, "-o", base+".o"); err != nil {
		return nil, out.String(), err
	}
	if err := sh("gcc", "--coverage", base+".o", "-o", base, "-lm"); err != nil { // the unit may call libm (tot_info)
		return nil, out.String(), err
	}
	if err := sh(filepath.Join(dir, base)); err != nil {
		return nil, out.String(), err
	}
	if err := sh("gcov", "-j", "-b", base+".o"); err != nil {
		return nil, out.String(), err
	}
	f, err := os.Open(filepath.Join(dir, base+".gcov.json.gz"))
	if err != nil {
		return nil, out.String(), err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, out.String(), err
	}
	var rep struct {
		Files []struct {
			File      string
			Functions []struct {
				Name      string
				StartLine int `json:"start_line"`
				EndLine   int `json:"end_line"`
			}
			Lines []struct {
				LineNumber int `json:"line_number"`
				Branches   []struct{ Count int64 }
			}
		}
	}
	if err := json.NewDecoder(zr).Decode(&rep); err != nil {
		return nil, out.String(), fmt.Errorf("gcov JSON: %v", err)
	}
	cov := map[string]funcCoverage{}
	for _, fl := range rep.Files {
		if filepath.Base(fl.File) == filepath.Base(harness) {
			continue
		}
		for _, fn := range fl.Functions {
			c := cov[fn.Name]
			for _, l := range fl.Lines {
				if l.LineNumber < fn.StartLine || l.LineNumber > fn.EndLine {
					continue
				}
				for _, br := range l.Branches {
					c.Branches++
					if br.Count > 0 {
						c.Taken++
					}
				}
			}
			cov[fn.Name] = c
		}
	}
	return cov, out.String(), nil
}

func readAFLStats(path string) map[string]string {
	m := map[string]string{}
	f, err := os.Open(path)
	if err != nil {
		return m
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok {
			m[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	return m
}

// ---------------------------------------------------------------- common

type pbccJSON struct {
	Func     string  `json:"func"`
	Branches int     `json:"branches"`
	Covered  int     `json:"covered"`
	Seconds  float64 `json:"seconds"`
}

// pbccResult picks function fn's line from pbcc gen -json's output.
func pbccResult(out, fn string) (pbccJSON, error) {
	for _, l := range strings.Split(out, "\n") {
		var j pbccJSON
		if json.Unmarshal([]byte(l), &j) == nil && j.Func == fn {
			return j, nil
		}
	}
	return pbccJSON{}, fmt.Errorf("pbcc gen -json printed no line for %s:\n%s", fn, out)
}

func printTable(w io.Writer, rows []row) {
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Lang > rows[j].Lang })
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "lang\tfunction\tbranches\tpbcc cov\tpbcc s\t(gen s)\tfuzz cov\tfuzz s\tfuzz inputs\tfuzz last new s\tfuzz execs\tpbcc s / fuzz s\t")
	pct := func(c, n int) string {
		if n == 0 {
			return "-"
		}
		return fmt.Sprintf("%d/%d %5.1f%%", c, n, 100*float64(c)/float64(n))
	}
	for _, r := range rows {
		if r.Err != "" && r.Branches == 0 {
			fmt.Fprintf(tw, "%s\t%s\terror\t\t\t\t\t\t\t\t\t\t\n", r.Lang, r.Func)
			continue
		}
		fuzz := pct(r.FuzzCovered, r.Branches)
		if r.Err != "" {
			fuzz = "error"
		}
		ratio := "-"
		if r.FuzzBudget > 0 {
			ratio = fmt.Sprintf("%.3f", r.PbccWall/r.FuzzBudget)
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%.2f\t%.2f\t%s\t%.0f\t%d\t%.1f\t%d\t%s\t\n",
			r.Lang, r.Func, r.Branches, pct(r.PbccCovered, r.Branches), r.PbccWall, r.PbccGen,
			fuzz, r.FuzzBudget, r.FuzzInputs, r.FuzzLastNew, r.FuzzExecs, ratio)
	}
	tw.Flush()
}

func sanitize(s string) string {
	return regexp.MustCompile(`[^A-Za-z0-9_.-]`).ReplaceAllString(s, "_")
}

func copyFile(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o644)
}

// run runs a command in dir with env added; its output goes to stderr
// with -v, and is returned in the error otherwise.
func run(ctx context.Context, dir string, env []string, name string, args ...string) error {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var buf bytes.Buffer
	if *verbose {
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	} else {
		cmd.Stdout, cmd.Stderr = &buf, &buf
	}
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, lastLines(buf.String(), 30))
	}
	return nil
}

// output runs a command in dir and returns its combined output.
func output(ctx context.Context, dir string, name string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	err := cmd.Run()
	if *verbose {
		fmt.Fprint(os.Stderr, buf.String())
	}
	return buf.String(), err
}

func lastLines(s string, n int) string {
	ls := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(ls) > n {
		ls = ls[len(ls)-n:]
	}
	return strings.Join(ls, "\n")
}

func fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "compare: "+format+"\n", args...)
	os.Exit(2)
}
