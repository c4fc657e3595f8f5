package main

import (
	"bytes"
	"os"
	"os/exec"
	"testing"

	"github.com/pbcc/pbcc/internal/goroot"
	"github.com/pbcc/pbcc/internal/testenv"
)

// TestMain lets a test run pbcc in a process of its own (pbccProcess):
// with PBCC_TEST_AS_PBCC=1, the test binary is pbcc.
func TestMain(m *testing.M) {
	if os.Getenv("PBCC_TEST_AS_PBCC") == "1" {
		os.Exit(runInterruptible(os.Args[1:], os.Stdout, os.Stderr))
	}
	testenv.TrimPaths()
	goroot.SetDefault()
	code := m.Run()
	for _, d := range tempDirs {
		os.RemoveAll(d)
	}
	os.Exit(code)
}

// pbccProcess runs pbcc in dir in a process of its own, for the runs that
// leave a search behind (it would go on spinning in the test binary), and
// returns its exit status and output.
func pbccProcess(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PBCC_TEST_AS_PBCC=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatal(err)
	}
	return cmd.ProcessState.ExitCode(), stdout.String(), stderr.String()
}
