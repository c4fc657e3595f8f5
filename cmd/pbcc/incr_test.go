package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pbcc/pbcc/ssaexec"
	"github.com/pbcc/pbcc/ssaexec/emit"
)

// incSrc is a small package whose functions depend on each other: Area
// calls clamp, which reads the constant limit; Area takes a Box.
const incSrc = `package inc

const limit = 10

// Box is a rectangle.
type Box struct{ W, H int }

func clamp(x int) int {
	if x > limit {
		return limit
	}
	return x
}

// Area is the area of b, each side clamped.
func Area(b Box) int {
	if b.W < 0 || b.H < 0 {
		return 0
	}
	return clamp(b.W) * clamp(b.H)
}

func Sign(x int) int {
	if x > 0 {
		return 1
	}
	if x < 0 {
		return -1
	}
	return 0
}

// Dead has a branch no input takes.
func Dead(x int) int {
	if x > 5 {
		if x < 3 {
			return -1
		}
		return 1
	}
	return 0
}

func Even(x int) bool {
	if x%2 == 0 {
		return true
	}
	return false
}
`

// incModule makes a module with package inc (src) and returns its
// directory and the paths of inc.go and of its generated tests.
func incModule(t *testing.T, src string) (dir, source, tests string) {
	t.Helper()
	dir = newModule(t)
	if err := os.MkdirAll(filepath.Join(dir, "inc"), 0o755); err != nil {
		t.Fatal(err)
	}
	source = filepath.Join(dir, "inc", "inc.go")
	if err := os.WriteFile(source, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, source, filepath.Join(dir, "inc", "inc_pbcc_test.go")
}

// genJSON runs pbcc gen -json with args on ./inc and returns, by
// function ("Area", "Celsius.State"), whether its summary says it was
// unchanged, and stderr.
func genJSON(t *testing.T, dir string, args ...string) (map[string]bool, string) {
	t.Helper()
	code, stdout, stderr := pbccProcess(t, dir, append(append([]string{"gen", "-json"}, args...), "./inc")...)
	if code != 0 {
		t.Fatalf("pbcc gen %s exited %d:\n%s%s", strings.Join(args, " "), code, stdout, stderr)
	}
	unchanged := map[string]bool{}
	sc := bufio.NewScanner(strings.NewReader(stdout))
	for sc.Scan() {
		var s funcSummary
		if err := json.Unmarshal(sc.Bytes(), &s); err != nil {
			t.Fatalf("bad JSON line %q: %v", sc.Text(), err)
		}
		name := strings.TrimPrefix(s.Func, "inc.")
		if _, dup := unchanged[name]; dup {
			t.Errorf("two summaries of %s:\n%s", name, stdout)
		}
		unchanged[name] = s.Unchanged
	}
	return unchanged, stderr
}

func readGen(t *testing.T, path string) ([]byte, *genFile) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	gf, err := parseGenFile(path, data)
	if err != nil {
		t.Fatal(err)
	}
	return data, gf
}

// editSource replaces old by new in the file at path.
func editSource(t *testing.T, path, old, new string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s has no %q", path, old)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// incFuncs are the functions of incSrc.
var incFuncs = []string{"clamp", "Area", "Sign", "Dead", "Even"}

// wantUnchanged checks that a run reported the functions funcs and no
// other, searched those of searched and kept the others.
func wantUnchanged(t *testing.T, step string, got map[string]bool, funcs []string, searched ...string) {
	t.Helper()
	for _, name := range funcs {
		want := !slices.Contains(searched, name)
		if u, ok := got[name]; !ok || u != want {
			t.Errorf("%s: %s: unchanged = %v (reported: %v), want %v", step, name, u, ok, want)
		}
	}
	if len(got) != len(funcs) {
		t.Errorf("%s: reported %v, want %v", step, got, funcs)
	}
}

// TestIncremental: a rerun on unchanged code searches nothing, runs no
// test and leaves the file as it is; a change regenerates the functions
// it touches (the function, its callers, the users of a type or constant
// changed) and keeps every other table byte for byte; lines added above
// functions change nothing but the positions the header gives; -force
// searches everything again, to the same bytes.
func TestIncremental(t *testing.T) {
	t.Parallel() // processes of its own: beside the other long tests
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir, source, tests := incModule(t, incSrc)
	got, _ := genJSON(t, dir)
	wantUnchanged(t, "first run", got, incFuncs, incFuncs...)
	first, firstGen := readGen(t, tests)
	for _, name := range firstGen.names {
		if !strings.Contains(firstGen.tables[name].claim, "\n"+hashPrefix+name+" ") {
			t.Errorf("no hash line for %s:\n%s", name, firstGen.tables[name].claim)
		}
	}

	// Nothing changed.
	got, stderr := genJSON(t, dir)
	wantUnchanged(t, "no-op rerun", got, incFuncs)
	if !strings.Contains(stderr, "5 functions unchanged") || !strings.Contains(stderr, "nothing searched, the tests not run again") {
		t.Errorf("the no-op rerun does not say the functions were unchanged and not searched:\n%s", stderr)
	}
	if strings.Contains(stderr, "[1/") {
		t.Errorf("the no-op rerun searched:\n%s", stderr)
	}
	if again, _ := readGen(t, tests); !bytes.Equal(again, first) {
		t.Errorf("the no-op rerun changed the file:\n--- before\n%s\n--- after\n%s", first, again)
	}

	// A constant read by a callee: clamp and its caller Area.
	editSource(t, source, "const limit = 10", "const limit = 12")
	got, _ = genJSON(t, dir)
	wantUnchanged(t, "limit changed", got, incFuncs, "clamp", "Area")
	_, afterLimit := readGen(t, tests)
	sameTables(t, "limit changed", firstGen, afterLimit, "Sign", "Dead", "Even")
	if afterLimit.tables["clamp"].test == firstGen.tables["clamp"].test {
		t.Errorf("clamp's table did not change with limit:\n%s", afterLimit.tables["clamp"].test)
	}

	// A type: Area takes a Box.
	editSource(t, source, "type Box struct{ W, H int }", "type Box struct{ H, W int }")
	got, _ = genJSON(t, dir)
	wantUnchanged(t, "Box changed", got, incFuncs, "Area")
	_, afterBox := readGen(t, tests)
	sameTables(t, "Box changed", afterLimit, afterBox, "clamp", "Sign", "Dead", "Even")

	// Lines above the functions, and above Dead's unreachable branch.
	before, beforeGen := readGen(t, tests)
	editSource(t, source, "package inc\n", "// Package inc is small.\n//\n// It has five functions.\npackage inc\n")
	editSource(t, source, "// Dead has", "// The lines above Dead\n// move it down.\n//\n// Dead has")
	got, stderr = genJSON(t, dir)
	wantUnchanged(t, "lines added", got, incFuncs)
	if strings.Contains(stderr, "[1/") {
		t.Errorf("lines added above the functions made them searched again:\n%s", stderr)
	}
	after, afterGen := readGen(t, tests)
	sameTables(t, "lines added", beforeGen, afterGen, "clamp", "Area", "Sign", "Even")
	if afterGen.tables["Dead"].test != beforeGen.tables["Dead"].test {
		t.Errorf("lines added: Dead's test changed")
	}
	// The header gives the unreachable branch where it is now: what
	// pbcc check matches the measured branches with.
	data, err := os.ReadFile(source)
	if err != nil {
		t.Fatal(err)
	}
	line := 1 + bytes.Count(data[:bytes.Index(data, []byte("if x < 3"))], []byte("\n"))
	cs, err := emit.ReadClaims(tests)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if c.Func == "Dead" && (len(c.NotCovered) != 1 || c.NotCovered[0].Line != line) {
			t.Errorf("Dead's branch not covered: %+v, want line %d", c.NotCovered, line)
		}
	}
	wantDiff := strings.Replace(string(before), fmt.Sprintf("inc.go:%d:", line-6), fmt.Sprintf("inc.go:%d:", line), 1)
	if string(after) != wantDiff {
		t.Errorf("lines added changed more than Dead's branch position:\n--- before\n%s\n--- after\n%s", before, after)
	}
	if code, stdout, stderr := pbccProcess(t, dir, "check", "./inc"); code != 0 {
		t.Errorf("pbcc check after the lines were added exited %d:\n%s%s", code, stdout, stderr)
	}

	// A function gone: its table goes, nothing is searched.
	editSource(t, source, "func Even(x int) bool {\n\tif x%2 == 0 {\n\t\treturn true\n\t}\n\treturn false\n}\n", "")
	got, stderr = genJSON(t, dir)
	left := incFuncs[:4]
	wantUnchanged(t, "Even removed", got, left)
	if strings.Contains(stderr, "[1/") {
		t.Errorf("removing a function made others searched again:\n%s", stderr)
	}
	after, afterGen = readGen(t, tests)
	if _, ok := afterGen.tables["Even"]; ok || strings.Contains(string(after), "Even") {
		t.Errorf("Even's table is still there:\n%s", after)
	}
	sameTables(t, "Even removed", beforeGen, afterGen, "clamp", "Area", "Sign")

	// -force searches everything again, and finds the same.
	got, _ = genJSON(t, dir, "-force")
	wantUnchanged(t, "-force", got, left, left...)
	if forced, _ := readGen(t, tests); !bytes.Equal(forced, after) {
		t.Errorf("-force wrote other bytes than the incremental runs:\n--- incremental\n%s\n--- forced\n%s", after, forced)
	}
}

// sameTables checks that the functions names have the same header lines
// and tests in a and b.
func sameTables(t *testing.T, step string, a, b *genFile, names ...string) {
	t.Helper()
	for _, name := range names {
		if a.tables[name].claim != b.tables[name].claim || a.tables[name].test != b.tables[name].test {
			t.Errorf("%s: the table of %s changed:\n--- before\n%s\n%s\n--- after\n%s\n%s", step, name,
				a.tables[name].claim, a.tables[name].test, b.tables[name].claim, b.tables[name].test)
		}
	}
}

// TestShardUnion: the shards 1/2 and 2/2, run one after the other, write
// the file the run without -shard writes, each searching only its own
// functions.
func TestShardUnion(t *testing.T) {
	t.Parallel() // processes of its own: beside the other long tests
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir, _, tests := incModule(t, incSrc)
	genJSON(t, dir)
	whole, _ := readGen(t, tests)

	dir, _, tests = incModule(t, incSrc)
	var shards [2][]string
	for i := range shards {
		got, _ := genJSON(t, dir, "-shard", fmt.Sprintf("%d/2", i+1))
		for name, unchanged := range got {
			if unchanged {
				t.Errorf("shard %d/2 reports %s, of the other shard", i+1, name)
			}
			shards[i] = append(shards[i], name)
			if s := shardOf("example.com/td/inc."+name, 2); s != i+1 {
				t.Errorf("shard %d/2 searched %s, of shard %d", i+1, name, s)
			}
		}
		slices.Sort(shards[i])
		if len(shards[i]) == 0 {
			t.Fatalf("shard %d/2 has no function: the test needs both shards to have some", i+1)
		}
		if i == 0 {
			_, gf := readGen(t, tests)
			if names := slices.Sorted(slices.Values(gf.names)); !slices.Equal(names, shards[0]) {
				t.Errorf("after shard 1/2 the file has tables for %v, want %v", names, shards[0])
			}
		}
	}
	if n := len(shards[0]) + len(shards[1]); n != 5 {
		t.Errorf("the shards searched %v and %v: %d functions, want 5", shards[0], shards[1], n)
	}
	if union, _ := readGen(t, tests); !bytes.Equal(union, whole) {
		t.Errorf("shards 1/2 then 2/2 wrote other bytes than one run:\n--- one run\n%s\n--- shards\n%s", whole, union)
	}
}

func TestParseShard(t *testing.T) {
	for _, s := range []string{"1/1", "2/4", "4/4"} {
		if _, _, err := parseShard(s); err != nil {
			t.Errorf("parseShard(%q): %v", s, err)
		}
	}
	for _, s := range []string{"", "0/2", "3/2", "1/0", "a/b", "1", "1/2/3", "-1/2"} {
		if _, _, err := parseShard(s); err == nil {
			t.Errorf("parseShard(%q) accepted", s)
		}
	}
	// Every function is in exactly one shard, whatever n.
	for n := 1; n <= 5; n++ {
		for _, name := range []string{"p.A", "p.B", "p.T.M", "q.A"} {
			if s := shardOf(name, n); s < 1 || s > n {
				t.Errorf("shardOf(%q, %d) = %d", name, n, s)
			}
		}
	}
}

// TestStampAndMoveHeader: the hash lines go after each function's
// summary (and the lines that follow it), an old one is replaced, and
// moved positions are rewritten all at once.
func TestStampAndMoveHeader(t *testing.T) {
	src := `// Code generated by pbcc. DO NOT EDIT.
// pbcc gen .
//
// pbcc: A: 2 branches, 0 cases, 2 goals (unconstrained edges); all covered.
//	searched on the real code only: pbcc's model does not support x.
// pbcc: B: 4 branches, 0 cases, 1 goal (unconstrained edges); not covered: b.go:5:6 "x < 3" true (unreachable), b.go:7:6 "y" false (unreachable).
// pbcc:hash B 0000000000000000

package p
`
	got := string(stampHashes([]byte(src), map[string]string{"A": "1111111111111111", "B": "2222222222222222"}))
	want := strings.Replace(strings.Replace(src, "support x.\n", "support x.\n// pbcc:hash A 1111111111111111\n", 1),
		"// pbcc:hash B 0000000000000000", "// pbcc:hash B 2222222222222222", 1)
	if got != want {
		t.Errorf("stampHashes:\n%s\nwant:\n%s", got, want)
	}
	moved := string(moveClaims([]byte(got), []keptFunc{{name: "B", moved: map[string]string{"b.go:5:6": "b.go:7:6", "b.go:7:6": "b.go:9:6"}}}))
	want = strings.Replace(got, `b.go:5:6 "x < 3" true (unreachable), b.go:7:6 "y"`, `b.go:7:6 "x < 3" true (unreachable), b.go:9:6 "y"`, 1)
	if moved != want {
		t.Errorf("moveClaims:\n%s\nwant:\n%s", moved, want)
	}
	abs := "// pbcc: F: 2 branches, 0 cases, 1 goal (unconstrained edges); not covered: f.go:3:5 \"x\" true (faults: the inputs found then reach a panic at /m/p/f.go:4:3, /m/q/g.go:1:1).\n\npackage p // /m/p/f.go\n"
	if got, want := string(relHeaderPaths([]byte(abs), "/m/p")), strings.Replace(strings.Replace(abs, "/m/p/f.go:4", "f.go:4", 1), "/m/q/", "/m/q/", 1); got != want {
		t.Errorf("relHeaderPaths:\n%s\nwant:\n%s", got, want)
	}
	gf, err := parseGenFile("p_pbcc_test.go", []byte(got))
	if err != nil {
		t.Fatal(err)
	}
	if want := "// pbcc: A: 2 branches, 0 cases, 2 goals (unconstrained edges); all covered.\n//\tsearched on the real code only: pbcc's model does not support x.\n// pbcc:hash A 1111111111111111"; gf.tables["A"].claim != want {
		t.Errorf("A's header lines: %q, want %q", gf.tables["A"].claim, want)
	}
}

// hashSrc has a dependency of each kind the content hash follows.
const hashSrc = `package h

const limit = 10

type Box struct{ W, H int }

func (b Box) Area() int { return b.W * b.H }

type Shape interface{ Area() int }

type Err struct{ Code int }

func (e *Err) Error() string { return "code" }

var table = build()

func build() []int { return []int{1, 2, 3} }

var errBad = &Err{-1}

func clamp(x int) int {
	if x > limit {
		return limit
	}
	return x
}

// Callee calls clamp.
func Callee(x int) int { return clamp(x) + 1 }

func TypeUser(b Box) int {
	if b.W > 0 {
		return 1
	}
	return 0
}

// Wrap makes a Box an interface value: whatever receives it may call
// any of its methods.
func Wrap(b Box) Shape { return b }

func Iface(s Shape) int {
	if s.Area() > 3 {
		return 1
	}
	return 0
}

func Fails(x int) error {
	if x > 0 {
		return &Err{x}
	}
	return errBad
}

func Global(i int) int {
	if i >= 0 && i < len(table) {
		return table[i]
	}
	return -1
}

func Apply(f func(int) int, x int) int { return f(x) }

func Alone(x int) int {
	if x > 2 {
		return 1
	}
	return 0
}
`

// hashesOf loads package h with src and returns its functions' hashes.
func hashesOf(t *testing.T, dir, src string, cfg *genConfig) map[string]string {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, "h", "h.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	pkgs, err := ssaexec.LoadWith(dir, ssaexec.Options{Globals: cfg.globals}, "./h")
	if err != nil {
		t.Fatal(err)
	}
	return funcHashes(cfg, pkgs[0])
}

// TestContentHash: a function's hash changes when what decides its
// table changes (its code, a callee's, a constant, a type, a method of
// it an interface value may call, a method an interface call may reach,
// a global's initial value, a
// candidate of a function-valued parameter, an option), not with
// comments, lines added above, or the code of what it does not use (a
// method of a type it takes but neither calls nor makes an interface).
func TestContentHash(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "h"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/hh\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, _, err := parseGen([]string{"."}, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	base := hashesOf(t, dir, hashSrc, cfg)
	all := []string{"Box.Area", "Err.Error", "build", "clamp", "Callee", "TypeUser", "Wrap", "Iface", "Fails", "Global", "Apply", "Alone"}
	for _, name := range all {
		if len(base[name]) != 16 {
			t.Fatalf("no hash for %s: %v", name, base)
		}
	}
	// Each variant makes edits whose effects do not overlap, but for
	// Apply: every function of the package is a candidate of its
	// function-valued parameter. A function reading a package-level
	// variable depends on the package's initialisation as a whole
	// (Fails reads errBad, Global table).
	for _, c := range []struct {
		what    string
		edits   []string // old, new, ...
		changed []string
	}{
		{"comments, lines above, a callee's constant", []string{
			"// Callee calls clamp.", "// Callee calls clamp,\n// and adds one.",
			"package h\n", "// Package h.\n\npackage h\n\n",
			"const limit = 10", "const limit = 11",
		}, []string{"clamp", "Callee", "Apply"}},
		{"a type, an error's message", []string{
			"type Box struct{ W, H int }", "type Box struct{ W, H, D int }",
			`return "code"`, `return "the code"`,
		}, []string{"Box.Area", "TypeUser", "Wrap", "Iface", "Err.Error", "Fails", "Global", "Apply"}},
		{"a method an interface call reaches, a global's initial value", []string{
			"return b.W * b.H", "return b.W + b.H",
			"return []int{1, 2, 3}", "return []int{1, 2, 4}",
		}, []string{"Box.Area", "Wrap", "Iface", "build", "Global", "Fails", "Apply"}},
		{"a function's code, a candidate of a function value", []string{
			"return clamp(x) + 1", "return clamp(x) + 2",
			"if x > 2 {", "if x > 3 {",
		}, []string{"Callee", "Alone", "Apply"}},
	} {
		src := hashSrc
		for i := 0; i < len(c.edits); i += 2 {
			if !strings.Contains(src, c.edits[i]) {
				t.Fatalf("%s: no %q", c.what, c.edits[i])
			}
			src = strings.Replace(src, c.edits[i], c.edits[i+1], 1)
		}
		got := hashesOf(t, dir, src, cfg)
		for _, name := range all {
			if want := slices.Contains(c.changed, name); (got[name] != base[name]) != want {
				t.Errorf("%s: %s's hash changed: %v, want %v", c.what, name, !want, want)
			}
		}
	}
	for _, flag := range []string{"-globals", "-k=5", "-len=16"} {
		other, _, err := parseGen([]string{flag, "."}, os.Stderr)
		if err != nil {
			t.Fatal(err)
		}
		if optionsKey(other) == optionsKey(cfg) {
			t.Errorf("%s does not change the hashes", flag)
		}
	}
}

// TestCIncremental: a C unit whose text, headers and options did not
// change keeps its harness and is not searched, built or run; a change
// regenerates it; -shard splits the units, and the shards together
// write what one run writes.
func TestCIncremental(t *testing.T) {
	t.Parallel() // processes and directories of its own
	if testing.Short() {
		t.Skip("compiles C")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc")
	}
	units := map[string]string{
		"one.c": "int one(int x)\n{\n\tif (x > 2)\n\t\treturn 1;\n\treturn 0;\n}\n",
		"two.c": "int two(int x, int y)\n{\n\tif (x < y)\n\t\treturn y;\n\treturn x;\n}\n",
	}
	setup := func() string {
		dir := t.TempDir()
		for name, src := range units {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	gen := func(dir string, args ...string) (string, string) {
		t.Helper()
		code, stdout, stderr := pbcc(t, dir, append([]string{"gen", "-json"}, args...)...)
		if code != 0 {
			t.Fatalf("pbcc gen %s exited %d:\n%s%s", strings.Join(args, " "), code, stdout, stderr)
		}
		return stdout, stderr
	}
	read := func(dir, name string) []byte {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}

	dir := setup()
	gen(dir, "one.c", "two.c")
	whole := [][]byte{read(dir, "one_pbcc_test.c"), read(dir, "two_pbcc_test.c")}
	stdout, stderr := gen(dir, "one.c", "two.c")
	if strings.Count(stdout, `"unchanged":true`) != 2 || strings.Count(stderr, "nothing searched, built or run") != 2 {
		t.Errorf("the no-op rerun does not say both units were kept:\n%s%s", stdout, stderr)
	}
	if !bytes.Equal(read(dir, "one_pbcc_test.c"), whole[0]) || !bytes.Equal(read(dir, "two_pbcc_test.c"), whole[1]) {
		t.Errorf("the no-op rerun changed a harness")
	}
	if err := os.WriteFile(filepath.Join(dir, "one.c"), []byte(strings.Replace(units["one.c"], "x > 2", "x > 3", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, _ = gen(dir, "one.c", "two.c")
	kept := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(stdout), "\n") {
		var s funcSummary
		if err := json.Unmarshal([]byte(l), &s); err != nil {
			t.Fatalf("bad JSON line %q: %v", l, err)
		}
		kept[s.Func] = s.Unchanged
	}
	if k, ok := kept["one"]; !ok || k || !kept["two"] {
		t.Errorf("after one.c changed, want one searched again and two kept: %v\n%s", kept, stdout)
	}
	if bytes.Equal(read(dir, "one_pbcc_test.c"), whole[0]) {
		t.Errorf("one's harness was not regenerated:\n%s", whole[0])
	}

	dir = setup()
	shardOfUnit := map[string]int{}
	for i := 1; i <= 2; i++ {
		stdout, _ := gen(dir, "-shard", fmt.Sprintf("%d/2", i), "one.c", "two.c")
		for _, u := range []string{"one", "two"} {
			if strings.Contains(stdout, `"func":"`+u+`"`) {
				shardOfUnit[u] = i
			}
		}
	}
	if len(shardOfUnit) != 2 {
		t.Errorf("the shards searched %v, want each unit once", shardOfUnit)
	}
	if !bytes.Equal(read(dir, "one_pbcc_test.c"), whole[0]) || !bytes.Equal(read(dir, "two_pbcc_test.c"), whole[1]) {
		t.Errorf("the shards wrote other harnesses than one run")
	}
}

// TestMovedReasonsStay: the header quotes no line of the code in its
// reasons (a branch whose inputs then panic with a value pbcc does not
// know), so a table kept while its function moves down says what a new
// search says, byte for byte, and pbcc check still passes.
func TestMovedReasonsStay(t *testing.T) {
	t.Parallel() // processes and directories of its own
	if testing.Short() {
		t.Skip("runs go test")
	}
	const src = "package inc\n\ntype E struct{ n int }\n\nfunc F(x int) int {\n\tif x > 3 {\n\t\tpanic(E{x})\n\t}\n\treturn x\n}\n"
	dir, source, tests := incModule(t, src)
	genJSON(t, dir)
	first, _ := readGen(t, tests)
	if !strings.Contains(string(first), `"x > 3" true (faults: the inputs found then reach a panic whose value pbcc's model does not know)`) {
		t.Fatalf("F's branch to the panic is not reported as expected:\n%s", first)
	}
	editSource(t, source, "package inc\n", "// Package inc\n// moves F down.\npackage inc\n")
	got, _ := genJSON(t, dir)
	wantUnchanged(t, "lines added", got, []string{"F"})
	kept, _ := readGen(t, tests)
	genJSON(t, dir, "-force")
	searched, _ := readGen(t, tests)
	if !bytes.Equal(kept, searched) {
		t.Errorf("the kept table's header differs from a new search's:\n--- kept\n%s\n--- searched\n%s", kept, searched)
	}
	if code, stdout, stderr := pbcc(t, dir, "check", "./inc"); code != 0 {
		t.Errorf("pbcc check after the lines were added exited %d:\n%s%s", code, stdout, stderr)
	}
}
