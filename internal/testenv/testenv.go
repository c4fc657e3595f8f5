// Package testenv sets up the environment of the tests that run the go
// command on modules they write in new temporary directories.
package testenv

import (
	"os"
	"strings"
	"testing"

	"github.com/pbcc/pbcc/internal/goroot"
)

// TrimPaths adds -trimpath to GOFLAGS for the go commands the test
// process starts (pbcc's runs on the real code, its checks before
// writing, its measurements). A compiled package records the directory
// of its files, so that without -trimpath nothing compiled in one
// test's temporary module is reused from the build cache by another
// test's, or by the next run of the tests: with it, the same package
// text compiles once. What pbcc writes does not change (the goldens
// say so); go test's own run of the tests is not affected, so its
// cached results still depend on where the checkout is.
func TrimPaths() {
	flags := os.Getenv("GOFLAGS")
	for _, f := range strings.Fields(flags) {
		if f == "-trimpath" || strings.HasPrefix(f, "-trimpath=") {
			return
		}
	}
	os.Setenv("GOFLAGS", strings.TrimSpace(flags+" -trimpath"))
}

// Main is a TestMain that calls TrimPaths and goroot.SetDefault (the
// test binary may be built with -trimpath: make test does) and runs the
// tests.
func Main(m *testing.M) {
	TrimPaths()
	goroot.SetDefault()
	os.Exit(m.Run())
}
