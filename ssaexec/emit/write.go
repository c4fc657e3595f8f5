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

// The go-cmp module the generated tests import.
const goCmpModule = "github.com/google/go-cmp"

// goCmpVersions are the go-cmp versions pbcc may add, newest first, each
// with the go line of its go.mod: pbcc adds the newest one whose go line
// is not above the module's, so that the module's own go line, and with
// it the language version its code is compiled with, stays as it is.
// (v0.5.7 and v0.5.8 are left out: v0.5.6 has the same API and an older
// go line.)
var goCmpVersions = []struct{ version, goLine string }{
	{"v0.7.0", "1.21"},
	{"v0.6.0", "1.13"},
	{"v0.5.6", "1.8"},
}

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
// not yet (see AddGoCmp), and reports whether it added the requirement.
func EnsureGoCmp(dir string) (added bool, err error) {
	c, err := AddGoCmp(dir)
	return c != nil, err
}

// A GoCmpChange is what AddGoCmp changed in a module.
type GoCmpChange struct {
	GoMod   string // the go.mod file
	Version string // of go-cmp, now required
	GoLine  string // the module's go line ("" when it has none), left as it was
	CmpGo   string // the go line of go-cmp's go.mod at Version
	GoSum   int    // lines added to go.sum
	// Required says the module required go-cmp already: only its
	// checksums were missing from go.sum.
	Required bool
}

func (c *GoCmpChange) String() string {
	if c.Required {
		return fmt.Sprintf("%s: requires %s %s, whose checksums go.sum lacked (the generated tests would not build): added %d lines to go.sum; nothing else changed",
			c.GoMod, goCmpModule, c.Version, c.GoSum)
	}
	goLine := "go " + c.GoLine
	if c.GoLine == "" {
		goLine = "no go line (go 1.16 for the go command)"
	}
	return fmt.Sprintf("%s: added require %s %s (the generated tests use it; the newest go-cmp whose go line, %s, the module's %s allows); added %d lines to go.sum; nothing else changed",
		c.GoMod, goCmpModule, c.Version, c.CmpGo, goLine, c.GoSum)
}

// AddGoCmp makes the module containing dir require go-cmp, when it does
// not yet, at the newest version whose go line the module's allows
// (goCmpVersions), and returns what it changed: nil when the module
// already requires go-cmp, at any version. It changes nothing else: the
// requirement is added with go mod edit, which never touches the go line
// (go get would raise it to go-cmp's), and the checksums of go-cmp and of
// the go.mod files it requires are appended to go.sum as the module
// proxy gives them (go mod download, run outside the module).
func AddGoCmp(dir string) (*GoCmpChange, error) {
	gomod, err := goCommand(dir, "env", "GOMOD")
	if err != nil {
		return nil, err
	}
	gomod = strings.TrimSpace(gomod)
	if gomod == "" || gomod == os.DevNull {
		return nil, fmt.Errorf("%s: not inside a Go module (no go.mod found)", dir)
	}
	root := filepath.Dir(gomod)
	out, err := goCommand(root, "mod", "edit", "-json")
	if err != nil {
		return nil, err
	}
	var mod struct {
		Go      string
		Require []struct{ Path, Version string }
	}
	if err := json.Unmarshal([]byte(out), &mod); err != nil {
		return nil, fmt.Errorf("%s: reading go mod edit -json: %w", gomod, err)
	}
	for _, r := range mod.Require {
		if r.Path == goCmpModule {
			return sumGoCmp(gomod, r.Version)
		}
	}
	goLine := mod.Go
	if goLine == "" {
		goLine = "1.16" // what the go command assumes of a go.mod without one
	}
	c := &GoCmpChange{GoMod: gomod, GoLine: mod.Go}
	for _, v := range goCmpVersions {
		if goVersionLE(v.goLine, goLine) {
			c.Version, c.CmpGo = v.version, v.goLine
			break
		}
	}
	if c.Version == "" {
		return nil, fmt.Errorf("%s: go %s is older than every go-cmp's go line; add a go-cmp requirement by hand", gomod, mod.Go)
	}
	sums, err := moduleSums(goCmpModule, c.Version)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", gomod, err)
	}
	if _, err := goCommand(root, "mod", "edit", "-require="+goCmpModule+"@"+c.Version); err != nil {
		return nil, err
	}
	c.GoSum, err = appendSums(filepath.Join(root, "go.sum"), sums)
	return c, err
}

// sumGoCmp adds to go.sum the checksums of go-cmp at version, which the
// module requires already, when go.sum has none for it: without them no
// generated test builds ("missing go.sum entry"), and every table would
// be left out. It returns nil when go.sum had them, or when the go
// command cannot give them (the build then says what is missing).
func sumGoCmp(gomod, version string) (*GoCmpChange, error) {
	path := filepath.Join(filepath.Dir(gomod), "go.sum")
	data, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return nil, err
	}
	if strings.Contains(string(data), goCmpModule+" "+version+" ") {
		return nil, nil
	}
	sums, err := moduleSums(goCmpModule, version)
	if err != nil {
		return nil, nil
	}
	n, err := appendSums(path, sums)
	if n == 0 || err != nil {
		return nil, err
	}
	return &GoCmpChange{GoMod: gomod, Version: version, GoSum: n, Required: true}, nil
}

// goVersionLE reports whether the go version a ("1.13", "1.21.3") is not
// after b.
func goVersionLE(a, b string) bool {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	num := func(p []string, i int) int {
		if i >= len(p) {
			return 0
		}
		n := 0
		for _, r := range p[i] { // the leading digits: "21" of "21rc1"
			if r < '0' || r > '9' {
				break
			}
			n = 10*n + int(r-'0')
		}
		return n
	}
	for i := 0; i < max(len(pa), len(pb)); i++ {
		if x, y := num(pa, i), num(pb, i); x != y {
			return x < y
		}
	}
	return true
}

// moduleSums returns the go.sum lines of path@version and of the go.mod
// files of its requirements, from go mod download run in an empty
// directory, so that no module of the user's is read or written.
func moduleSums(path, version string) ([]string, error) {
	tmp, err := os.MkdirTemp("", "pbcc-gocmp-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	download := func(mv string) (sum, goModSum, goMod string, err error) {
		out, err := goCommandEnv(tmp, []string{"GO111MODULE=on", "GOFLAGS=-mod=mod", "GOWORK=off"}, "mod", "download", "-json", mv)
		if err != nil {
			return "", "", "", err
		}
		var d struct{ Sum, GoModSum, GoMod, Error string }
		if err := json.Unmarshal([]byte(out), &d); err != nil {
			return "", "", "", fmt.Errorf("go mod download -json %s: %w", mv, err)
		}
		if d.Error != "" {
			return "", "", "", fmt.Errorf("go mod download %s: %s", mv, d.Error)
		}
		return d.Sum, d.GoModSum, d.GoMod, nil
	}
	sum, goModSum, goModPath, err := download(path + "@" + version)
	if err != nil {
		return nil, err
	}
	lines := []string{path + " " + version + " " + sum, path + " " + version + "/go.mod " + goModSum}
	goMod, err := os.ReadFile(goModPath)
	if err != nil {
		return nil, err
	}
	for _, req := range requires(string(goMod)) {
		_, s, _, err := download(req[0] + "@" + req[1])
		if err != nil {
			return nil, err
		}
		lines = append(lines, req[0]+" "+req[1]+"/go.mod "+s)
	}
	return lines, nil
}

// requires returns the path and version of each requirement of a go.mod
// file (go-cmp's have at most one, on one line).
func requires(goMod string) [][2]string {
	var out [][2]string
	block := false
	for _, l := range strings.Split(goMod, "\n") {
		f := strings.Fields(strings.TrimSpace(strings.Split(l, "//")[0]))
		switch {
		case len(f) == 2 && f[0] == "require" && f[1] == "(":
			block = true
		case block && len(f) == 1 && f[0] == ")":
			block = false
		case block && len(f) == 2:
			out = append(out, [2]string{f[0], f[1]})
		case len(f) == 3 && f[0] == "require":
			out = append(out, [2]string{f[1], f[2]})
		}
	}
	return out
}

// appendSums adds to the go.sum file at path the lines it lacks, and
// returns how many it added.
func appendSums(path string, lines []string) (int, error) {
	data, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return 0, err
	}
	have := map[string]bool{}
	for _, l := range strings.Split(string(data), "\n") {
		have[strings.TrimSpace(l)] = true
	}
	var add []byte
	if len(data) > 0 && data[len(data)-1] != '\n' {
		add = append(add, '\n')
	}
	n := 0
	for _, l := range lines {
		if !have[l] {
			add = append(add, l+"\n"...)
			n++
		}
	}
	if n == 0 {
		return 0, nil
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return 0, err
	}
	_, err = f.Write(add)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return n, err
}

// goCommand runs the go command in dir and returns its standard output.
func goCommand(dir string, args ...string) (string, error) {
	return goCommandEnv(dir, nil, args...)
}

// goCommandEnv is goCommand with env added to the environment.
func goCommandEnv(dir string, env []string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
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
