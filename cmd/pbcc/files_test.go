package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestFilesConfined: functions that read and write files by name (as
// godotenv's Load and Write do) get tables, searched with each call in a
// new empty directory and tested in t.TempDir, the files they read
// inputs like their parameters; an input that names a
// file outside that directory is never run: Save's branch for
// "../escaped", a constant the search tries, stays uncovered, no case
// names it, and nothing is written beside the package's sources; a read
// of the machine's files (xid's /etc/machine-id) is still run.
func TestFilesConfined(t *testing.T) {
	t.Parallel() // processes and directories of its own
	if testing.Short() {
		t.Skip("runs go test")
	}
	src := `package inc

import (
	"errors"
	"os"
)

// Save writes text to the file name, refusing an empty text.
func Save(name, text string) error {
	if text == "" {
		return errors.New("empty text")
	}
	if name == "../escaped" {
		return os.WriteFile(name, []byte("escaped"), 0o644)
	}
	return os.WriteFile(name, []byte(text), 0o644)
}

// Size returns the size of the file name, or -1 when it cannot be read.
func Size(name string) int {
	data, err := os.ReadFile(name)
	if err != nil {
		return -1
	}
	return len(data)
}

// Machine reads the machine's files: it is run (its tests do not check
// what it gives), as a write there never is.
func Machine() int {
	if _, err := os.Stat("/etc"); err != nil {
		return 0
	}
	return 1
}
`
	dir, _, tests := incModule(t, src)
	before := dirNames(t, dir)
	code, stdout, stderr := pbcc(t, dir, "gen", "-json", "./inc")
	if code != 0 {
		t.Fatalf("pbcc gen exited %d:\n%s%s", code, stdout, stderr)
	}
	data, err := os.ReadFile(tests)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"func TestSavePBCC(", "func TestSizePBCC(", "func TestMachinePBCC(", "os.Chdir(t.TempDir())"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the tests do not contain %q:\n%s", want, data)
		}
	}
	if strings.Contains(string(data), "../escaped\", text") || strings.Contains(string(data), `name: "../escaped"`) {
		t.Errorf("a case names a file outside its directory:\n%s", data)
	}
	if !strings.Contains(stdout, `"func":"inc.Save","file":"inc/inc.go","branches":4,"covered":3,`) {
		t.Errorf("Save: want 3 of its 4 branches covered (not name == \"../escaped\" true):\n%s", stdout)
	}
	// Size reads a file its input names: the search makes it, with
	// contents of its own, and the case writes it before the call.
	if !strings.Contains(stdout, `"func":"inc.Size","file":"inc/inc.go","branches":2,"covered":2,`) {
		t.Errorf("Size: want both branches covered:\n%s", stdout)
	}
	if !strings.Contains(string(data), "files: map[string]string{") {
		t.Errorf("no case of Size makes a file:\n%s", data)
	}
	after := dirNames(t, dir)
	for _, n := range after {
		if !slices.Contains(before, n) && n != "go.sum" && n != filepath.Join("inc", "inc_pbcc_test.go") {
			t.Errorf("pbcc gen left %s in the module", n)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "escaped")); err == nil {
		t.Errorf("a call wrote ../escaped")
	}
	if out, err := goTest(dir, "./inc"); err != nil {
		t.Errorf("go test: %v\n%s", err, out)
	}
	if out, err := goVet(dir, "./inc"); err != nil {
		t.Errorf("go vet: %v\n%s", err, out)
	}
	for _, n := range dirNames(t, dir) {
		if !slices.Contains(after, n) {
			t.Errorf("go test left %s in the module", n)
		}
	}
}

// dirNames returns the names of the files under dir, relative to it.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	var names []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(dir, path)
			names = append(names, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// TestActsStopped: a function that runs a program (godotenv's Exec) gets
// a table of the paths before it acts: an input whose call gets to
// exec.Command is stopped there (ssaexec.Stops), neither run on nor
// kept. The program would leave a file where the test can see it.
func TestActsStopped(t *testing.T) {
	t.Parallel() // processes and directories of its own
	if testing.Short() {
		t.Skip("runs go test")
	}
	marker := filepath.Join(t.TempDir(), "ran")
	src := `package inc

import (
	"errors"
	"os/exec"
	"strings"
)

// Run runs the shell on script, refusing an empty or commented one.
func Run(script string) error {
	if script == "" {
		return errors.New("empty script")
	}
	if strings.HasPrefix(script, "#") {
		return errors.New("a comment")
	}
	return exec.Command("sh", "-c", "touch ` + marker + `; "+script).Run()
}
`
	dir, _, tests := incModule(t, src)
	code, stdout, stderr := pbcc(t, dir, "gen", "-json", "./inc")
	if code != 0 {
		t.Fatalf("pbcc gen exited %d:\n%s%s", code, stdout, stderr)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Errorf("pbcc gen ran the program")
	}
	if !strings.Contains(stdout, `"func":"inc.Run","file":"inc/inc.go","branches":4,"covered":3,`) {
		t.Errorf("Run: want 3 of its 4 branches covered (all but the one that runs the program):\n%s%s", stdout, stderr)
	}
	data, err := os.ReadFile(tests)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"empty script"`) || !strings.Contains(string(data), `"a comment"`) {
		t.Errorf("the table lacks the cases before the program runs:\n%s", data)
	}
	if out, err := goTest(dir, "./inc"); err != nil {
		t.Errorf("go test: %v\n%s", err, out)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Errorf("the tests ran the program")
	}
}

// TestProgramMain: a program's main gets a table whose inputs are its
// command line: its flags (one of the package's variables, one of main's
// own), the usage it prints and exits 2 with, a log.Fatal (exit 1); each
// case runs in a process of its own, its flags parsed anew.
func TestProgramMain(t *testing.T) {
	t.Parallel() // processes and directories of its own
	if testing.Short() {
		t.Skip("runs go test")
	}
	src := `package main

import (
	"flag"
	"fmt"
	"log"
	"os"
)

var verbose = flag.Bool("v", false, "say more")

func main() {
	var n int
	flag.IntVar(&n, "n", 1, "how many")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Println("usage: prog [-v] [-n N] word")
		os.Exit(2)
	}
	if n < 0 {
		log.Fatal("negative count")
	}
	for i := 0; i < n; i++ {
		fmt.Println(flag.Arg(0))
	}
	if *verbose {
		fmt.Println("done")
	}
}
`
	dir, _, tests := incModule(t, src)
	code, stdout, stderr := pbcc(t, dir, "gen", "-json", "./inc")
	if code != 0 {
		t.Fatalf("pbcc gen exited %d:\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, `"func":"main.main","file":"inc/inc.go","branches":8,"covered":8,`) {
		t.Errorf("main: want its 8 branches covered:\n%s%s", stdout, stderr)
	}
	data, err := os.ReadFile(tests)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`args: []string{"-v", `, `args: []string{"-n", "-1", `, "wantExit: 1", "wantExit: 2", "flag.CommandLine = "} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the tests do not contain %q:\n%s", want, data)
		}
	}
	if out, err := goTest(dir, "./inc"); err != nil {
		t.Errorf("go test: %v\n%s", err, out)
	}
	if out, err := goVet(dir, "./inc"); err != nil {
		t.Errorf("go vet: %v\n%s", err, out)
	}
}
