package cbridge

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/pbcc/pbcc/internal/proc"
)

// FuncCoverage is the branch coverage gcov measured for one function.
type FuncCoverage struct {
	Branches  int      // branch outcomes gcc instrumented in the function
	Taken     int      // those taken at least once
	Uncovered []Branch // the others, by line then index
}

// A Branch names one branch outcome as gcov lists it: its line, and its
// index among the outcomes of that line. gcov's "fallthrough" flag does not
// say reliably which outcome is the true one, so none is claimed.
type Branch struct {
	Line  int
	Index int
}

// CFlags are the flags pbcc compiles a harness with (Build, Measure),
// and LinkFlags those it links it with: the unit may call libm.
var (
	CFlags    = []string{"-std=c11", "-Wall", "-Wextra"}
	LinkFlags = []string{"-lm"}
)

// IncludeDirs are the directories searched for #include "..." and
// #include <...> before the system's, as gcc's -I (pbcc gen -I): a GNU
// program's units include <config.h> from their own directory. Load reads
// the unit with them, and pbcc's builds pass them to gcc. Absolute paths.
var IncludeDirs []string

// compileFlags returns CFlags and, for gcc 14 and later, -fpermissive:
// gcc 14 made errors of what legacy C relies on and older gccs warn about
// (implicit int, calls of undeclared functions, "return;" in an int
// function, pointers mixed with integers), and -fpermissive makes them
// warnings again. Older gccs take -fpermissive for a C++ option and warn.
func compileFlags(ctx context.Context) []string {
	gccMajorOnce.Do(func() {
		out, err := proc.Command(ctx, "gcc", "-dumpversion").Output()
		if err == nil {
			major, _, _ := strings.Cut(strings.TrimSpace(string(out)), ".")
			gccMajor, _ = strconv.Atoi(major)
		}
	})
	flags := append([]string{}, CFlags...)
	for _, d := range IncludeDirs {
		flags = append(flags, "-I", d)
	}
	if gccMajor >= 14 {
		flags = append(flags, "-fpermissive")
	}
	return flags
}

var (
	gccMajorOnce sync.Once
	gccMajor     int // gcc's major version, 0 if unknown
)

// Build compiles and links content, the harness of a unit in unitDir,
// as Measure would, without writing it beside the unit: pbcc checks that
// gcc accepts a harness before it replaces the previous one. It returns
// what gcc printed, and an error when gcc rejects the harness.
func Build(ctx context.Context, unitDir, harnessName string, content []byte) (string, error) {
	unitDir, err := filepath.Abs(unitDir)
	if err != nil {
		return "", err
	}
	dir, err := os.MkdirTemp("", "pbcc-build-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	src := filepath.Join(dir, harnessName)
	if err := os.WriteFile(src, content, 0o644); err != nil {
		return "", err
	}
	args := append(compileFlags(ctx), "-iquote", unitDir, src, "-o", filepath.Join(dir, "harness"))
	args = append(args, LinkFlags...)
	cmd := proc.Command(ctx, "gcc", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	text := strings.ReplaceAll(string(out), src, harnessName)
	if err != nil {
		return text, fmt.Errorf("gcc rejects the harness: %w", err)
	}
	return text, nil
}

// Measure builds the harness at harnessPath with gcc --coverage (compiled
// with -c, then linked, so the notes are named after the source), runs it
// in a temporary directory and reads gcov's JSON report (gcov -j -b). It
// returns, per function of the unit the harness includes (the harness's
// own main left out; a unit's main under its own name), the branches gcc
// instrumented and those taken at least once. output holds what the
// compiler and the harness printed. When the harness fails (a case
// mismatch), the coverage is still returned with an error saying so.
func Measure(ctx context.Context, harnessPath string) (map[string]FuncCoverage, string, error) {
	abs, err := filepath.Abs(harnessPath)
	if err != nil {
		return nil, "", err
	}
	dir, err := os.MkdirTemp("", "pbcc-gcov-")
	if err != nil {
		return nil, "", err
	}
	defer os.RemoveAll(dir)
	base := strings.TrimSuffix(filepath.Base(abs), filepath.Ext(abs))
	obj, bin := base+".o", base
	var out bytes.Buffer
	run := func(name string, args ...string) error {
		cmd := proc.Command(ctx, name, args...)
		cmd.Dir = dir
		cmd.Stdout = &out
		cmd.Stderr = &out
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("%s: %s %s: %w", harnessPath, name, strings.Join(args, " "), err)
		}
		return nil
	}
	if err := run("gcc", append(compileFlags(ctx), "--coverage", "-c", abs, "-o", obj)...); err != nil {
		return nil, out.String(), err
	}
	if err := run("gcc", append([]string{"--coverage", obj, "-o", bin}, LinkFlags...)...); err != nil {
		return nil, out.String(), err
	}
	runErr := run(filepath.Join(dir, bin))
	if ctx.Err() != nil {
		return nil, out.String(), runErr
	}
	var gcovOut bytes.Buffer
	cmd := proc.Command(ctx, "gcov", "-j", "-b", obj)
	cmd.Dir = dir
	cmd.Stdout = &gcovOut
	cmd.Stderr = &gcovOut
	if err := cmd.Run(); err != nil {
		return nil, out.String(), fmt.Errorf("%s: gcov: %w\n%s", harnessPath, err, gcovOut.String())
	}
	data, err := os.ReadFile(filepath.Join(dir, base+".gcov.json.gz"))
	if err != nil {
		return nil, out.String(), fmt.Errorf("%s: gcov wrote no JSON report: %w", harnessPath, err)
	}
	cov, err := parseGcovJSON(data, abs)
	if err != nil {
		return nil, out.String(), fmt.Errorf("%s: %w", harnessPath, err)
	}
	return cov, out.String(), runErr
}

// gcovReport is the part of gcov's JSON intermediate format pbcc reads.
type gcovReport struct {
	Files []struct {
		File      string `json:"file"`
		Functions []struct {
			Name      string `json:"name"`
			StartLine int    `json:"start_line"`
			EndLine   int    `json:"end_line"`
		} `json:"functions"`
		Lines []struct {
			LineNumber int `json:"line_number"`
			Branches   []struct {
				Count int64 `json:"count"`
			} `json:"branches"`
		} `json:"lines"`
	} `json:"files"`
}

// parseGcovJSON sums gcov's per-line branches into the functions whose
// line range holds them, for every file but the harness.
func parseGcovJSON(gz []byte, harness string) (map[string]FuncCoverage, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, fmt.Errorf("reading gcov's report: %w", err)
	}
	var rep gcovReport
	if err := json.NewDecoder(zr).Decode(&rep); err != nil {
		return nil, fmt.Errorf("decoding gcov's report: %w", err)
	}
	cov := map[string]FuncCoverage{}
	for _, f := range rep.Files {
		if f.File == harness || filepath.Base(f.File) == filepath.Base(harness) {
			continue
		}
		fns := f.Functions
		sort.Slice(fns, func(i, j int) bool { return fns[i].StartLine < fns[j].StartLine })
		for _, fn := range fns {
			name := fn.Name
			if name == "pbcc_unit_main" {
				name = "main"
			}
			c := cov[name]
			for _, l := range f.Lines {
				if l.LineNumber < fn.StartLine || l.LineNumber > fn.EndLine {
					continue
				}
				for i, br := range l.Branches {
					c.Branches++
					if br.Count > 0 {
						c.Taken++
					} else {
						c.Uncovered = append(c.Uncovered, Branch{Line: l.LineNumber, Index: i})
					}
				}
			}
			sort.Slice(c.Uncovered, func(i, j int) bool {
				a, b := c.Uncovered[i], c.Uncovered[j]
				return a.Line < b.Line || a.Line == b.Line && a.Index < b.Index
			})
			cov[name] = c
		}
	}
	return cov, nil
}
