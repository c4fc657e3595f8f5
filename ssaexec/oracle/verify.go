package oracle

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/pbcc/pbcc/internal/proc"
)

// Failures is what go test and go vet found wrong with test files about to
// be written.
type Failures struct {
	Build []Diag          // compile and vet diagnostics in the files
	Tests map[string]bool // the tests and subtests ("TestX/name") that failed
	// Output is go test's own text when it failed for a reason not shown
	// in Build or Tests (empty otherwise).
	Output string
}

// A Diag is a compiler or vet message at a line of one of the files.
type Diag struct {
	File string // the file's path, as given to Verify
	Line int
	Msg  string
}

// OK reports whether nothing failed.
func (f *Failures) OK() bool { return len(f.Build) == 0 && len(f.Tests) == 0 && f.Output == "" }

var diagRE = regexp.MustCompile(`([^\s:]+\.go):(\d+)(?::\d+)?: (.*)`)

// Verify compiles, vets (every analyzer) and runs the tests named in
// tests, of the files given by path and content overlaid on the package in
// dir: nothing is written there. It returns what failed; an error says go
// test could not be run at all.
func Verify(ctx context.Context, dir string, files map[string][]byte, tests []string) (*Failures, error) {
	tmp, err := os.MkdirTemp("", "pbcc-verify-")
	if err != nil {
		return nil, fmt.Errorf("oracle: %w", err)
	}
	if os.Getenv("PBCC_KEEP") == "" {
		defer os.RemoveAll(tmp)
	}
	overlayPath, byBase, err := writeOverlay(tmp, "overlay", files)
	if err != nil {
		return nil, err
	}
	for path := range files {
		byBase[filepath.Base(path)] = path // and by its own name
	}
	quoted := make([]string, len(tests))
	for i, t := range tests {
		quoted[i] = regexp.QuoteMeta(t)
	}
	run := "^$"
	if len(tests) > 0 {
		run = "^(" + strings.Join(quoted, "|") + ")$"
	}
	f, err := verifyRun(ctx, dir, overlayPath, run, "all", byBase)
	if err == nil && f.Output != "" {
		// Nothing wrong in the files, and yet go test failed: the
		// package's own code may not be vet-clean (an assembly file, a
		// format string). That is not the tests' doing: without vet.
		if g, gerr := verifyRun(ctx, dir, overlayPath, run, "off", byBase); gerr == nil && g.OK() {
			return g, nil
		}
	}
	return f, err
}

// verifyRuns is how many times Verify runs each test.
const verifyRuns = 8

// verifyRun runs go test with -vet=vet and reads what failed.
func verifyRun(ctx context.Context, dir, overlayPath, run, vet string, byBase map[string]string) (*Failures, error) {
	// Several runs: a case whose outcome varies (the order of a map)
	// fails in some, and is left out, if the oracle's runs missed it (the
	// cases of the search on the real code have no oracle run).
	cmd := proc.Command(ctx, "go", "test", fmt.Sprintf("-count=%d", verifyRuns), "-json", "-vet="+vet, "-overlay="+overlayPath,
		"-run", run, "-timeout", timeout(ctx).String(), ".")
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	if ctx.Err() != nil {
		return nil, fmt.Errorf("oracle: verifying the tests in %s: %w", dir, ctx.Err())
	}
	f := &Failures{Tests: map[string]bool{}}
	// Diagnostics are read from the build's output only: a failing
	// test's own messages also start with file:line.
	var text, build strings.Builder
	text.Write(stderr.Bytes())
	build.Write(stderr.Bytes())
	sc := bufio.NewScanner(&stdout)
	sc.Buffer(nil, 1<<26)
	for sc.Scan() {
		var ev struct{ Action, Test, Output string }
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			text.Write(sc.Bytes())
			text.WriteByte('\n')
			continue
		}
		switch ev.Action {
		case "fail":
			if ev.Test != "" {
				f.Tests[ev.Test] = true
			}
		case "output":
			text.WriteString(ev.Output)
		case "build-output":
			text.WriteString(ev.Output)
			build.WriteString(ev.Output)
		}
	}
	for _, m := range diagRE.FindAllStringSubmatch(build.String(), -1) {
		path, ok := byBase[filepath.Base(m[1])]
		if !ok {
			continue
		}
		line, _ := strconv.Atoi(m[2])
		f.Build = append(f.Build, Diag{File: path, Line: line, Msg: m[3]})
	}
	if runErr != nil && f.OK() {
		f.Output = string(tail([]byte(text.String())))
		if f.Output == "" {
			f.Output = runErr.Error()
		}
	}
	return f, nil
}

// SubtestName is the name go test gives a subtest run as
// t.Run(name, ...): spaces become underscores, unprintable runes escapes.
func SubtestName(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case r == ' ':
			b.WriteByte('_')
		case !strconv.IsPrint(r):
			s := strconv.QuoteRune(r)
			b.WriteString(s[1 : len(s)-1])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
