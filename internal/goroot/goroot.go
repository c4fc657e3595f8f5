// Package goroot says where the Go installation is. A binary built with
// -trimpath (pbcc installed by a release tool, or the tests under make
// test) does not record it: runtime.GOROOT and go/build's
// Default.GOROOT are then empty, and go/importer finds no standard
// library. The go command on the PATH, which pbcc runs anyway, knows.
package goroot

import (
	"go/build"
	"os/exec"
	"strings"
	"sync"
)

// Dir returns the root of the Go installation: go/build's when the
// binary knows it, else what `go env GOROOT` prints; "" when neither
// says.
var Dir = sync.OnceValue(func() string {
	if build.Default.GOROOT != "" {
		return build.Default.GOROOT
	}
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
})

// SetDefault makes go/build's Default.GOROOT Dir when it is empty, for
// go/importer. It is meant for the start of a program or a TestMain,
// before anything reads build.Default.
func SetDefault() {
	if build.Default.GOROOT == "" {
		build.Default.GOROOT = Dir()
	}
}
