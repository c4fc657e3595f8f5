package emit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/pbcc/pbcc/internal/genfile"
)

// The go-cmp module the generated tests import, and the version added to a
// module that does not require it yet.
const (
	goCmpModule  = "github.com/google/go-cmp"
	goCmpVersion = "v0.7.0"
)

// TestFileName returns the name of the test file generated for the Go
// source file src: "<dir>/<base>_pbcc_test.go" for "<dir>/<base>.go".
func TestFileName(src string) string {
	return strings.TrimSuffix(src, ".go") + "_pbcc_test.go"
}

// Write writes content, which must begin with Header, to path atomically:
// to a temporary file in the same directory, then renamed over path. It
// refuses, with an error naming path, to overwrite a file that does not
// begin with Header. An existing file keeps its permissions; a new one is
// made 0644.
func Write(path string, content []byte) error { return genfile.Write(path, content, Header) }

// EnsureGoCmp makes the module containing dir require
// github.com/google/go-cmp, which the generated tests import, when it does
// not yet: it runs `go get github.com/google/go-cmp@v0.7.0` in the module's
// root (which may use the network or the module cache). It reports whether
// it added the requirement. A requirement already there, at any version,
// is left alone.
func EnsureGoCmp(dir string) (added bool, err error) {
	gomod, err := goCommand(dir, "env", "GOMOD")
	if err != nil {
		return false, err
	}
	gomod = strings.TrimSpace(gomod)
	if gomod == "" || gomod == os.DevNull {
		return false, fmt.Errorf("%s: not inside a Go module (no go.mod found)", dir)
	}
	root := filepath.Dir(gomod)
	out, err := goCommand(root, "mod", "edit", "-json")
	if err != nil {
		return false, err
	}
	var mod struct {
		Require []struct{ Path, Version string }
	}
	if err := json.Unmarshal([]byte(out), &mod); err != nil {
		return false, fmt.Errorf("%s: reading go mod edit -json: %w", gomod, err)
	}
	for _, r := range mod.Require {
		if r.Path == goCmpModule {
			return false, nil
		}
	}
	if _, err := goCommand(root, "get", goCmpModule+"@"+goCmpVersion); err != nil {
		return false, err
	}
	// go get marks the requirement "// indirect" when no package of the
	// module imports go-cmp yet outside tests; the generated tests do, so
	// state it as a direct requirement, as go mod tidy would.
	if _, err := goCommand(root, "mod", "edit", "-droprequire="+goCmpModule, "-require="+goCmpModule+"@"+goCmpVersion); err != nil {
		return false, err
	}
	return true, nil
}

// goCommand runs the go command in dir and returns its standard output.
func goCommand(dir string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return "", fmt.Errorf("%s: go %s: %s", dir, strings.Join(args, " "), msg)
	}
	return stdout.String(), nil
}
