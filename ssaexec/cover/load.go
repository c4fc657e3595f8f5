package cover

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/build/constraint"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/pbcc/pbcc/internal/proc"
)

// A pkg is the package under measurement: its non-test, non-cgo Go files
// parsed and type-checked.
type pkg struct {
	Name       string
	ImportPath string
	Dir        string
	GoVersion  string // of the module, e.g. "1.26"; "" outside a module
	Fset       *token.FileSet
	Files      []*ast.File // in Paths order
	Paths      []string    // absolute
	Srcs       [][]byte    // in Paths order
	Info       *types.Info
	CgoFiles   []string // absolute; left alone
	// stops are the full names (types.Func.FullName) of the functions
	// of other packages whose calls the instrumentation stops (Instrument).
	stops map[string]bool
}

// listed is the part of `go list -json` that load reads.
type listed struct {
	ImportPath string
	Name       string
	Dir        string
	GoFiles    []string
	CgoFiles   []string
	Export     string
	ImportMap  map[string]string
	DepOnly    bool
	Module     *struct{ GoVersion string }
	Error      *struct{ Err string }
}

// goEnv returns the environment of the go commands: the process's, then extra.
func goEnv(extra []string) []string {
	return append(os.Environ(), extra...)
}

// load lists, parses and type-checks the package in dir.
func load(ctx context.Context, dir string, env []string) (*pkg, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("cover: %w", err)
	}
	cmd := proc.Command(ctx, "go", "list", "-e", "-export", "-deps",
		"-json=ImportPath,Name,Dir,GoFiles,CgoFiles,Export,ImportMap,DepOnly,Module,Error", ".")
	cmd.Dir = abs
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("cover: go list in %s: %v\n%s", abs, err, stderr.Bytes())
	}
	export := map[string]string{}
	var target *listed
	dec := json.NewDecoder(&stdout)
	for {
		var p listed
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("cover: go list in %s: %w", abs, err)
		}
		if p.Export != "" {
			export[p.ImportPath] = p.Export
		}
		if !p.DepOnly {
			q := p
			target = &q
		}
	}
	if target == nil {
		return nil, fmt.Errorf("cover: no Go package in %s", abs)
	}
	if target.Error != nil {
		return nil, fmt.Errorf("cover: package in %s: %s", abs, target.Error.Err)
	}
	p := &pkg{
		Name:       target.Name,
		ImportPath: target.ImportPath,
		Dir:        target.Dir,
		Fset:       token.NewFileSet(),
	}
	if target.Module != nil {
		p.GoVersion = target.Module.GoVersion
		if p.GoVersion == "" {
			p.GoVersion = "1.16" // a go.mod without a go line, as the go command reads it
		}
	}
	for _, f := range target.CgoFiles {
		p.CgoFiles = append(p.CgoFiles, filepath.Join(target.Dir, f))
	}
	for _, name := range target.GoFiles {
		path := filepath.Join(target.Dir, name)
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("cover: %w", err)
		}
		f, err := parser.ParseFile(p.Fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("cover: %w", err)
		}
		p.Files = append(p.Files, f)
		p.Paths = append(p.Paths, path)
		p.Srcs = append(p.Srcs, src)
	}

	lookup := func(path string) (io.ReadCloser, error) {
		if m, ok := target.ImportMap[path]; ok {
			path = m
		}
		file, ok := export[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %q", path)
		}
		return os.Open(file)
	}
	var typeErrs []error
	conf := types.Config{
		Importer: importer.ForCompiler(p.Fset, "gc", lookup),
		Sizes:    types.SizesFor("gc", goarch(env)),
		Error:    func(err error) { typeErrs = append(typeErrs, err) },
	}
	if p.GoVersion != "" {
		conf.GoVersion = "go" + p.GoVersion
	}
	p.Info = &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{},
		Defs:  map[*ast.Ident]types.Object{},
		Uses:  map[*ast.Ident]types.Object{},
	}
	conf.Check(p.ImportPath, p.Fset, p.Files, p.Info) // errors are in typeErrs
	if len(typeErrs) > 0 && len(p.CgoFiles) == 0 {
		return nil, fmt.Errorf("cover: type-checking %s: %w", p.ImportPath, errors.Join(typeErrs...))
	}
	return p, nil
}

// goarch is the GOARCH the go command will build for under env.
func goarch(env []string) string {
	arch := runtime.GOARCH
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "GOARCH="); ok && v != "" {
			arch = v
		}
	}
	return arch
}

// goVersionAtLeast reports whether the module's language version v
// ("1.22", "1.22.3", "" for unknown = newest) is at least 1.minor.
func goVersionAtLeast(v string, minor int) bool {
	if v == "" {
		return true
	}
	var major, min int
	if _, err := fmt.Sscanf(v, "%d.%d", &major, &min); err != nil {
		return true
	}
	return major > 1 || min >= minor
}

// instrumentedLang is the language version the files pbcc rewrites are
// compiled at, when the module's is older: the recorders range over
// functions (Go 1.23). A file's //go:build goN line sets its version
// above the module's (go/types: max(file, go1.21)), so only the rewritten
// files move. In a module older than Go 1.22 those files get a variable
// per loop iteration, which changes only code whose closures keep a
// loop variable past its iteration; the expected values taken from these
// runs are checked on the real code before a test is written.
const instrumentedLang = "1.23"

// lang is the language version the rewritten files are compiled at.
func (p *pkg) lang() string {
	if goVersionAtLeast(p.GoVersion, 23) {
		return p.GoVersion
	}
	return instrumentedLang
}

// upgraded returns src, the rewritten file i of p, to be compiled at
// p.lang(): its //go:build line, if any, replaced in place (the file is
// already in the build: its constraint holds), else one added above it and
// a //line directive restoring its line numbers. Files of a module at Go
// 1.23 or later are returned as they are.
func (p *pkg) upgraded(src []byte, i int) []byte {
	if goVersionAtLeast(p.GoVersion, 23) {
		return src
	}
	tag := "//go:build go" + instrumentedLang
	f := p.Files[i]
	// The rewrites are all below the package clause: what is above it is
	// where it is in the source.
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		for _, c := range g.List {
			if constraint.IsGoBuild(c.Text) {
				from, to := p.offset(c.Pos()), p.offset(c.End())
				out := append([]byte{}, src[:from]...)
				out = append(out, tag...)
				return append(out, src[to:]...)
			}
		}
	}
	return append([]byte(tag+"\n\n//line "+p.Paths[i]+":1\n"), src...)
}
