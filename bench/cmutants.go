//go:build ignore

// cmutants runs pbcc gen on mutants of C units (issue 11, must-show 2):
// lines deleted or duplicated, tokens swapped or deleted, stray tokens,
// files cut short (internal/cmutate), and checks what a user would see:
// pbcc never crashes nor reports a bug of its own, exits 0 or 2, writes a
// harness only when it exits 0 and exits 0 without one only when it says
// there was nothing to test, and every harness it writes builds with gcc
// and passes; a run stays within twice its -timeout.
//
//	go run bench/cmutants.go [-n 20] [-seed 1] [-pbcc BIN] [-timeout 20s] [unit ...]
//
// The units are the C files of testdata/c by default, or programs of
// bench/cbench.txt by name (tcas, replace, bc_number, ...), taken from the
// repository cache cbench.go reads ($PBCC_CBENCH_CACHE, else /work/.mirror)
// with the headers beside them (pbcc gen -I .). It prints one line per
// problem, the mutant kept under -keep, then the counts. The seed fixes
// the mutants: a rerun with the same flags runs the same files.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/pbcc/pbcc/internal/cmutate"
)

var (
	perUnit = flag.Int("n", 20, "mutants per unit")
	seed    = flag.Int64("seed", 1, "seed of the mutants")
	pbccBin = flag.String("pbcc", "", "pbcc binary (default: built from this checkout)")
	timeout = flag.Duration("timeout", 20*time.Second, "pbcc gen -timeout of each run")
	keep    = flag.String("keep", "", "directory to keep the mutants with a problem in (default: a temporary one, printed)")
)

// unit is a C file and the headers it needs, by name.
type unit struct {
	name  string
	files map[string][]byte // base name -> contents; name+".c" is the unit
}

func main() {
	flag.Parse()
	bin := *pbccBin
	if bin == "" {
		bin = filepath.Join(os.TempDir(), "pbcc-cmutants")
		if out, err := exec.Command("go", "build", "-o", bin, "./cmd/pbcc").CombinedOutput(); err != nil {
			fail("building pbcc: %v\n%s", err, out)
		}
	}
	units, err := load(flag.Args())
	if err != nil {
		fail("%v", err)
	}
	if *keep == "" {
		*keep, _ = os.MkdirTemp("", "cmutants-kept")
	}
	rng := rand.New(rand.NewSource(*seed))
	var runs, problems, harnesses, refused int
	start := time.Now()
	for _, u := range units {
		src := u.files[u.name+".c"]
		for k := 0; k < *perUnit; k++ {
			m := cmutate.Mutate(src, rng)
			if bytes.Equal(m, src) {
				continue
			}
			runs++
			p, wrote, code := check(bin, u, m)
			if wrote {
				harnesses++
			}
			if code == 2 && !wrote {
				refused++
			}
			if p != "" {
				problems++
				kept := filepath.Join(*keep, fmt.Sprintf("%s-%d-%d.c", u.name, *seed, k))
				os.WriteFile(kept, m, 0o644)
				fmt.Printf("%s: %s\n", kept, p)
			}
		}
	}
	fmt.Printf("%d units, %d mutants (seed %d): %d harnesses written, built and passed; %d refused with exit 2 and no harness; %d problems; %s\n",
		len(units), runs, *seed, harnesses, refused, problems, time.Since(start).Round(time.Second))
	if problems > 0 {
		os.Exit(1)
	}
}

// check runs pbcc gen on the mutant m of u in a directory of its own and
// says what is wrong ("" when nothing), whether a harness was written,
// and pbcc's exit code.
func check(bin string, u unit, m []byte) (problem string, wrote bool, code int) {
	dir, err := os.MkdirTemp("", "cmutant")
	if err != nil {
		fail("%v", err)
	}
	defer os.RemoveAll(dir)
	for name, data := range u.files {
		if name == u.name+".c" {
			data = m
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			fail("%v", err)
		}
	}
	cmd := exec.Command(bin, "gen", "-I", ".", "-timeout", timeout.String(), u.name+".c")
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	t0 := time.Now()
	err = cmd.Run()
	took := time.Since(t0)
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		fail("%v", err)
	}
	o := out.String()
	var ps []string
	if strings.Contains(o, "panic:") || strings.Contains(o, "goroutine ") || strings.Contains(o, "a bug of pbcc") || code != 0 && code != 2 {
		ps = append(ps, fmt.Sprintf("crash (exit %d): %s", code, tail(o)))
	}
	if took > 2**timeout {
		ps = append(ps, fmt.Sprintf("took %s under -timeout %s", took.Round(time.Second), *timeout))
	}
	harness := filepath.Join(dir, u.name+"_pbcc_test.c")
	if _, err := os.Stat(harness); err == nil {
		wrote = true
		if code != 0 {
			ps = append(ps, fmt.Sprintf("a harness written, yet exit %d: %s", code, tail(o)))
		}
		exe := filepath.Join(dir, "harness")
		b := exec.Command("gcc", "-w", "-I", ".", "-o", exe, harness, "-lm")
		b.Dir = dir
		if bo, err := b.CombinedOutput(); err != nil {
			ps = append(ps, "gcc rejects the harness: "+firstError(string(bo)))
		} else {
			r := exec.Command(exe)
			r.Dir = dir
			if ro, err := r.CombinedOutput(); err != nil {
				ps = append(ps, "the harness fails: "+tail(string(ro)))
			}
		}
	} else if code == 0 && !strings.Contains(o, "nothing written") {
		// A unit with no function left (a cut before the first) is
		// nothing to do, as for a Go package, said so, exit 0.
		ps = append(ps, "exit 0 and no harness: "+tail(o))
	}
	return strings.Join(ps, "; "), wrote, code
}

// load returns the units named (testdata/c's files when none).
func load(names []string) ([]unit, error) {
	if len(names) == 0 {
		paths, _ := filepath.Glob("testdata/c/*.c")
		if len(paths) == 0 {
			return nil, fmt.Errorf("no testdata/c/*.c here: run from the module's root")
		}
		var us []unit
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				return nil, err
			}
			name := strings.TrimSuffix(filepath.Base(p), ".c")
			us = append(us, unit{name: name, files: map[string][]byte{name + ".c": data}})
		}
		return us, nil
	}
	listed, err := cbenchUnits()
	if err != nil {
		return nil, err
	}
	var us []unit
	for _, n := range names {
		u, ok := listed[n]
		if !ok {
			return nil, fmt.Errorf("%s: not a program of bench/cbench.txt", n)
		}
		us = append(us, u)
	}
	return us, nil
}

// cbenchUnits reads bench/cbench.txt's programs from the repository
// cache, as cexplore.sh does.
func cbenchUnits() (map[string]unit, error) {
	cache := os.Getenv("PBCC_CBENCH_CACHE")
	if cache == "" {
		cache = "/work/.mirror"
	}
	f, err := os.Open("bench/cbench.txt")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	us := map[string]unit{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 4 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		prog, repo, commit := fs[0], fs[1], fs[2]
		gd := filepath.Join(cache, strings.ReplaceAll(repo, "/", "+"), "repo")
		if _, err := os.Stat(gd); err != nil {
			gd = filepath.Join(cache, strings.ReplaceAll(repo, "/", "+")+".git")
		}
		u, ok := us[prog]
		if !ok {
			u = unit{name: prog, files: map[string][]byte{}}
		}
		for _, p := range fs[3:] {
			src, name, found := strings.Cut(p, "=")
			if !found {
				name = filepath.Base(p)
			}
			data, err := exec.Command("git", "--git-dir", gd, "show", commit+":"+src).Output()
			if err != nil {
				return nil, fmt.Errorf("%s: git show %s:%s in %s: %v (fetch %s into the cache first)", prog, commit, src, gd, err, repo)
			}
			u.files[name] = data
		}
		us[prog] = u
	}
	return us, sc.Err()
}

func tail(s string) string {
	ls := strings.Split(strings.TrimSpace(s), "\n")
	if len(ls) > 3 {
		ls = ls[len(ls)-3:]
	}
	return strings.Join(ls, " | ")
}

func firstError(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, "error") {
			return l
		}
	}
	return tail(s)
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "cmutants: "+format+"\n", args...)
	os.Exit(2)
}
