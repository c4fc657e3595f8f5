package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/ssaexec"
)

// TestVerifyLeavesOutHungCase: a case whose call does not return on the
// real code that reaches the check before writing (the oracle did not
// run it) stops that check within seconds, not at go test's limit; the
// case is left out, said on stderr, and the file written without it.
func TestVerifyLeavesOutHungCase(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir, src := moduleWithA(t, "package a\n\nfunc F(x int) int {\n\tif x > 3 {\n\t\tfor {\n\t\t}\n\t}\n\treturn x\n}\n")
	pkgs, err := ssaexec.Load(dir, "./a")
	if err != nil {
		t.Fatal(err)
	}
	p := pkgs[0]
	f := p.Funcs[0].IR
	lit := func(v uint64) []ir.Literal { return []ir.Literal{{T: f.Params[0].T, Bits: v}} }
	r := &gen.Result{Func: f, Cases: []gen.Case{
		{Name: "x<=3", Inputs: lit(1), Outputs: lit(1)},
		{Name: "x>3", Inputs: lit(5), Outputs: lit(0)}, // the model's word: the real code loops
	}}
	var stderr bytes.Buffer
	start := time.Now()
	contents, errs, _, _ := verifiedFiles(context.Background(), &genConfig{cmdLine: "pbcc gen ./a"}, p,
		map[string][]*gen.Result{src: {r}}, []string{src}, &stderr)
	if d := time.Since(start); d > 60*time.Second {
		t.Errorf("the check took %v", d)
	}
	if errs[src] != nil {
		t.Fatalf("the file is not written: %v\n%s", errs[src], stderr.String())
	}
	if len(r.Cases) != 1 || r.Cases[0].Name != "x<=3" || strings.Contains(string(contents[src]), `"x>3"`) {
		t.Errorf("cases %v, file:\n%s\nwant only x<=3", r.Cases, contents[src])
	}
	if !strings.Contains(stderr.String(), "F: case x>3 left out: its call does not return on the real code") {
		t.Errorf("stderr does not name the case:\n%s", stderr.String())
	}
}

// TestCNoCase: a C function without branches whose call never returns
// has no case, and the summary says why rather than 100%.
func TestCNoCase(t *testing.T) {
	t.Parallel() // processes and directories of its own
	if testing.Short() {
		t.Skip("runs gcc")
	}
	dir := t.TempDir()
	src := "void spin(void) {\n\tfor (;;) {\n\t}\n}\n\nint sign(int x) {\n\tif (x > 0)\n\t\treturn 1;\n\treturn 0;\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "s.c"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := pbcc(t, dir, "gen", "-json", "s.c")
	if code != 0 {
		t.Fatalf("pbcc gen exited %d:\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, `"func":"spin"`) || !strings.Contains(stdout, `"no_case":"its call does not end: a loop without exit"`) {
		t.Errorf("spin's summary does not say why it has no case:\n%s", stdout)
	}
}

// TestVerifyBlamesCrashingCase: a case whose call starts a goroutine
// that panics after the call returned ends the test process while
// another test runs (here Other's, which sleeps); the check finds the
// case by running the tests alone, leaves it out and writes the rest,
// where it used to keep the previous file of the whole package (seen on
// robfig/cron's startJob).
func TestVerifyBlamesCrashingCase(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir, src := moduleWithA(t, `package a

import "time"

func Start(n int) int {
	if n > 3 {
		go func() {
			time.Sleep(20 * time.Millisecond)
			panic("boom")
		}()
	}
	return n
}

func Other(x int) int {
	if x > 0 {
		time.Sleep(100 * time.Millisecond)
		return 1
	}
	return 0
}
`)
	pkgs, err := ssaexec.Load(dir, "./a")
	if err != nil {
		t.Fatal(err)
	}
	p := pkgs[0]
	var fs []*ir.Func
	for _, fn := range p.Funcs {
		fs = append(fs, fn.IR)
	}
	for _, fn := range p.Skipped { // the go statement, time.Sleep
		fs = append(fs, fn.IR)
	}
	if len(fs) != 2 {
		t.Fatalf("%d functions, want Start and Other", len(fs))
	}
	var rs []*gen.Result
	for _, f := range fs {
		lit := func(v uint64) []ir.Literal { return []ir.Literal{{T: f.Params[0].T, Bits: v}} }
		r := &gen.Result{Func: f}
		if strings.HasSuffix(f.Name, "Start") {
			r.Cases = []gen.Case{{Name: "n<=3", Inputs: lit(1), Outputs: lit(1)}, {Name: "n>3", Inputs: lit(5), Outputs: lit(5)}}
		} else {
			r.Cases = []gen.Case{{Name: "x<=0", Inputs: lit(0), Outputs: lit(0)}, {Name: "x>0", Inputs: lit(1), Outputs: lit(1)}}
		}
		rs = append(rs, r)
	}
	var stderr bytes.Buffer
	contents, errs, _, _ := verifiedFiles(context.Background(), &genConfig{cmdLine: "pbcc gen ./a"}, p,
		map[string][]*gen.Result{src: rs}, []string{src}, &stderr)
	if errs[src] != nil {
		t.Fatalf("the file is not written: %v\n%s", errs[src], stderr.String())
	}
	got := string(contents[src])
	for _, name := range []string{`"n<=3"`, `"x<=0"`, `"x>0"`} {
		if !strings.Contains(got, name) {
			t.Errorf("case %s lost; file:\n%s", name, got)
		}
	}
	if strings.Contains(got, `"n>3"`) {
		t.Errorf("the crashing case n>3 is still in the file:\n%s", got)
	}
	if !strings.Contains(stderr.String(), "Start: case n>3 left out: on the real code, the test process ends during or after its call") {
		t.Errorf("stderr does not name the case:\n%s", stderr.String())
	}
}

// moduleWithA returns a new module with a package a of one file, src,
// and that file's path.
func moduleWithA(t *testing.T, src string) (dir, path string) {
	t.Helper()
	dir = newModule(t)
	path = filepath.Join(dir, "a", "a.go")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, path
}
