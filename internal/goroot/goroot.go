// Package goroot says where the Go installation is. A binary built with
// -trimpath (pbcc installed by a release tool, or the tests under make
// test) does not record it: runtime.GOROOT and go/build's
// Default.GOROOT are then empty, and go/importer finds no standard
// library. The go command on the PATH, which pbcc runs anyway, knows,
// and it is its standard library that pbcc loads.
package goroot

import (
	"go/build"
	"os/exec"
	"strings"
	"sync"
)

// Dir returns the root of the Go installation of the go command on the
// PATH, whose standard library go list gives pbcc's loads (it may not be
// the one pbcc was built with); go/build's when the go command cannot
// say; "" when neither knows.
var Dir = sync.OnceValue(func() string {
	if out, err := exec.Command("go", "env", "GOROOT").Output(); err == nil {
		if dir := strings.TrimSpace(string(out)); dir != "" {
			return dir
		}
	}
	return build.Default.GOROOT
})

// SetDefault makes go/build's Default.GOROOT Dir when it is empty, for
// go/importer. It is meant for the start of a program or a TestMain,
// before anything reads build.Default.
func SetDefault() {
	if build.Default.GOROOT == "" {
		build.Default.GOROOT = Dir()
	}
}
