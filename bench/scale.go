//go:build ignore

// scale measures how pbcc gen runs grow: (a) the first run on the Go
// testdata against a rerun with nothing changed, (b) a generated package
// of -n functions (renamed copies of testdata functions) with
// PBCC_WORKERS=1, 2 and all cores, checking that the files are
// byte-identical, with wall time and peak memory per 1,000 functions,
// (c) each shard of -shards against the whole run, checking that the
// shards together write the same files. It prints a table; the numbers
// are a shared machine's. See bench/README.md.
//
//	go run bench/scale.go [-n 1000] [-shards 2] [-parts a,b,c] [-keep]
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// scalePkgs are the testdata packages the big package copies: they import
// nothing and are searched quickly.
var scalePkgs = []string{"trityp", "dead", "minmax", "bittrick", "switchcase", "loop", "counter", "array", "recursion", "callcond", "strval"}

var (
	n      = flag.Int("n", 1000, "at least this many functions in the generated package")
	shards = flag.Int("shards", 2, "shards of part (c)")
	parts  = flag.String("parts", "a,b,c", "which measurements: a (no-op rerun), b (workers), c (shards)")
	keep   = flag.Bool("keep", false, "keep the temporary directory")
)

func main() {
	flag.Parse()
	root := moduleRoot()
	tmp, err := os.MkdirTemp("", "pbcc-scale-*")
	check(err)
	if *keep {
		fmt.Fprintf(os.Stderr, "scale: working in %s\n", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	pbcc := filepath.Join(tmp, "pbcc")
	build := exec.Command("go", "build", "-o", pbcc, "./cmd/pbcc")
	build.Dir, build.Stderr = root, os.Stderr
	check(build.Run())
	fmt.Printf("machine: %d cores (shared: figures are noisy), %s/%s, %s\n", runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version())

	if strings.Contains(*parts, "a") {
		// (a) the testdata: a first run, then one with nothing changed.
		dir := filepath.Join(tmp, "testdata")
		var pkgs []string
		entries, err := os.ReadDir(filepath.Join(root, "testdata", "go"))
		check(err)
		for _, e := range entries {
			if e.IsDir() {
				pkgs = append(pkgs, e.Name())
				copyGo(filepath.Join(root, "testdata", "go", e.Name()), filepath.Join(dir, e.Name()))
			}
		}
		writeModule(root, dir)
		one := []string{"PBCC_WORKERS=1"}
		first := runPBCC(pbcc, dir, one, "gen", "-timeout", "60m", "./...")
		files := generated(dir)
		second := runPBCC(pbcc, dir, one, "gen", "-timeout", "60m", "./...")
		same := sameFiles(files, generated(dir))
		fmt.Printf("\n(a) Go testdata, %d packages, %d functions, PBCC_WORKERS=1\n", len(pkgs), first.funcs)
		fmt.Printf("  first run        %8.1f s  (searches %5.1f s summed)  peak %6.0f MB\n", first.wall.Seconds(), first.search.Seconds(), first.peakMB)
		fmt.Printf("  no-op rerun      %8.1f s  peak %6.0f MB  (%.1f%% of the first; %d functions unchanged; files identical: %v)\n",
			second.wall.Seconds(), second.peakMB, 100*second.wall.Seconds()/first.wall.Seconds(), second.unchanged, same)
	}

	var whole map[string][]byte
	if strings.Contains(*parts, "b") || strings.Contains(*parts, "c") {
		src := filepath.Join(tmp, "scale-src")
		funcs := makeScale(root, src, *n)
		fmt.Printf("\n(b) a generated package of %d functions (renamed copies of testdata/go/{%s})\n", funcs, strings.Join(scalePkgs, ","))
		workers := []string{"1", "2"}
		if runtime.NumCPU() != 2 {
			workers = append(workers, strconv.Itoa(runtime.NumCPU())) // all cores
		} else {
			fmt.Printf("  (all cores is 2 here: the PBCC_WORKERS=2 line)\n")
		}
		if !strings.Contains(*parts, "b") {
			workers = workers[:1]
		}
		for _, w := range workers {
			dir := filepath.Join(tmp, "scale-w"+w)
			copyTree(src, dir)
			r := runPBCC(pbcc, dir, []string{"PBCC_WORKERS=" + w}, "gen", "-timeout", "600m", "./...")
			files := generated(dir)
			note := "reference"
			if whole == nil {
				whole = files
			} else {
				note = fmt.Sprintf("files identical to 1 worker's: %v", sameFiles(whole, files))
			}
			per := 1000 / float64(max(r.funcs, 1))
			fmt.Printf("  PBCC_WORKERS=%-3s %8.1f s  %6.1f s/1000 functions  (searches %5.1f s summed)  peak %6.0f MB  status %d  %s\n",
				w, r.wall.Seconds(), r.wall.Seconds()*per, r.search.Seconds(), r.peakMB, r.status, note)
			if w == "1" {
				// The same package again, nothing changed.
				re := runPBCC(pbcc, dir, []string{"PBCC_WORKERS=1"}, "gen", "-timeout", "600m", "./...")
				fmt.Printf("  no-op rerun      %8.1f s  %6.1f s/1000 functions  peak %6.0f MB  status %d  %d functions unchanged, files identical: %v\n",
					re.wall.Seconds(), re.wall.Seconds()*per, re.peakMB, re.status, re.unchanged, sameFiles(files, generated(dir)))
			}
			check(os.RemoveAll(dir))
		}
		if strings.Contains(*parts, "c") {
			// (c) the shards, one after the other on one copy.
			dir := filepath.Join(tmp, "scale-shards")
			copyTree(src, dir)
			fmt.Printf("\n(c) the same package in %d shards, one after the other, PBCC_WORKERS=1\n", *shards)
			var total time.Duration
			for i := 1; i <= *shards; i++ {
				r := runPBCC(pbcc, dir, []string{"PBCC_WORKERS=1"}, "gen", "-timeout", "600m", "-shard", fmt.Sprintf("%d/%d", i, *shards), "./...")
				total += r.wall
				fmt.Printf("  -shard %d/%d      %8.1f s  %5d functions  (searches %5.1f s summed)  peak %6.0f MB  status %d\n", i, *shards, r.wall.Seconds(), r.funcs, r.search.Seconds(), r.peakMB, r.status)
			}
			fmt.Printf("  all shards       %8.1f s  files identical to the unsharded run's: %v\n", total.Seconds(), sameFiles(whole, generated(dir)))
		}
	}
}

// A result is one pbcc run's figures.
type result struct {
	wall      time.Duration
	peakMB    float64 // the largest resident set of pbcc or of a process it waited for (go test, the compiler)
	status    int
	funcs     int           // summary lines on stdout
	unchanged int           // of which kept unchanged
	search    time.Duration // the searches' own times, summed (pbcc's progress lines): the rest is loading, go test builds and runs
}

func runPBCC(pbcc, dir string, env []string, args ...string) result {
	cmd := exec.Command(pbcc, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	r := result{wall: time.Since(start)}
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		check(err)
	}
	r.status = cmd.ProcessState.ExitCode()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.peakMB = float64(ru.Maxrss) / 1024 // kilobytes on Linux
	}
	for _, l := range strings.Split(stdout.String(), "\n") {
		if strings.Contains(l, " branches (") {
			r.funcs++
			if strings.HasSuffix(l, "unchanged: table kept") {
				r.unchanged++
			}
		}
	}
	for _, l := range strings.Split(stderr.String(), "\n") {
		// "pbcc: [3/18] p.F  2/2 branches by the search  1 cases  0.86s"
		if f := strings.Fields(l); len(f) > 2 && strings.HasPrefix(f[1], "[") && strings.HasSuffix(l, "s") {
			if d, err := time.ParseDuration(f[len(f)-1]); err == nil {
				r.search += d
			}
		}
	}
	if r.status != 0 {
		fmt.Fprintf(os.Stderr, "scale: pbcc %s in %s exited %d:\n%s\n", strings.Join(args, " "), dir, r.status, lastLines(stderr.String(), 20))
	}
	return r
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// makeScale writes into dir a module with one package, scale, holding
// renamed copies of scalePkgs until it has at least n functions, and
// returns how many it has.
func makeScale(root, dir string, n int) int {
	pkgDir := filepath.Join(dir, "scale")
	check(os.MkdirAll(pkgDir, 0o755))
	writeModule(root, dir)
	funcs := 0
	for copyN := 0; funcs < n; copyN++ {
		for _, p := range scalePkgs {
			funcs += renamedCopy(filepath.Join(root, "testdata", "go", p), pkgDir, p, copyN)
		}
	}
	return funcs
}

// renamedCopy writes the package in src into dst as package scale, every
// package-level name suffixed with _<pkg><copyN>, one file per file, and
// returns the number of functions and methods it declares.
func renamedCopy(src, dst, pkg string, copyN int) int {
	fset := token.NewFileSet()
	matches, err := filepath.Glob(filepath.Join(src, "*.go"))
	check(err)
	sort.Strings(matches)
	var files []*ast.File
	for _, m := range matches {
		if strings.HasSuffix(m, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, m, nil, parser.ParseComments)
		check(err)
		files = append(files, f)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.Default()}
	tp, err := conf.Check(pkg, fset, files, info)
	check(err)
	suffix := fmt.Sprintf("_%s%d", pkg, copyN)
	rename := func(id *ast.Ident, obj types.Object) {
		if obj != nil && obj.Pkg() == tp && obj.Parent() == tp.Scope() && id.Name != "_" && id.Name != "init" {
			id.Name += suffix
		}
	}
	for id, obj := range info.Defs {
		rename(id, obj)
	}
	for id, obj := range info.Uses {
		rename(id, obj)
	}
	funcs := 0
	for i, f := range files {
		f.Name.Name = "scale"
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && fd.Name.Name != "init" {
				funcs++
			}
		}
		var b bytes.Buffer
		check(format.Node(&b, fset, f))
		name := fmt.Sprintf("%s%d_%s", pkg, copyN, filepath.Base(matches[i]))
		check(os.WriteFile(filepath.Join(dst, name), b.Bytes(), 0o644))
	}
	return funcs
}

// writeModule makes dir a module that requires go-cmp, with go.sum lines
// taken from the repository's (no network needed).
func writeModule(root, dir string) {
	check(os.MkdirAll(dir, 0o755))
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	check(err)
	var lines []string
	for _, l := range strings.Split(string(sum), "\n") {
		if strings.HasPrefix(l, "github.com/google/go-cmp ") {
			lines = append(lines, l)
		}
	}
	check(os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/scale\n\ngo 1.26\n\nrequire github.com/google/go-cmp v0.7.0\n"), 0o644))
	check(os.WriteFile(filepath.Join(dir, "go.sum"), []byte(strings.Join(lines, "\n")+"\n"), 0o644))
}

// copyGo copies the .go files of src into dst.
func copyGo(src, dst string) {
	check(os.MkdirAll(dst, 0o755))
	matches, err := filepath.Glob(filepath.Join(src, "*.go"))
	check(err)
	for _, m := range matches {
		data, err := os.ReadFile(m)
		check(err)
		check(os.WriteFile(filepath.Join(dst, filepath.Base(m)), data, 0o644))
	}
}

// copyTree copies the regular files below src into dst.
func copyTree(src, dst string) {
	check(filepath.Walk(src, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if info.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	}))
}

// generated returns the pbcc test files below dir by relative path.
func generated(dir string) map[string][]byte {
	out := map[string][]byte{}
	check(filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err == nil && strings.HasSuffix(path, "_pbcc_test.go") {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(dir, path)
			out[rel] = data
		}
		return err
	}))
	return out
}

// sameFiles reports whether a and b hold the same files with the same
// bytes, naming the first difference on stderr.
func sameFiles(a, b map[string][]byte) bool {
	if len(a) != len(b) {
		fmt.Fprintf(os.Stderr, "scale: %d files and %d files\n", len(a), len(b))
		return false
	}
	for path, data := range a {
		if !bytes.Equal(data, b[path]) {
			fmt.Fprintf(os.Stderr, "scale: %s differs\n", path)
			return false
		}
	}
	return true
}

func moduleRoot() string {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	check(err)
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		check(fmt.Errorf("run scale from inside the pbcc module"))
	}
	return filepath.Dir(mod)
}

func check(err error) {
	if err != nil {
		fmt.Fprintf(os.Stderr, "scale: %v\n", err)
		os.Exit(2)
	}
}
