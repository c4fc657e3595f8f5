package oracle

import (
	"bytes"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"go/version"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"golang.org/x/mod/modfile"

	"github.com/pbcc/pbcc/internal/proc"
)

// rtSource is package pbccrt: the recorder and the search on the real
// code, the same in every package (see its doc comment).
//
//go:embed pbccrt/*.go
var rtSource embed.FS

// rtModule is the path of pbccrt's module when the oracle's builds
// require it (.invalid: no proxy serves it, no user module is it).
const rtModule = "pbcc.invalid/oraclert"

// A runtime is how the oracle's binary gets package pbccrt: as a module
// of its own, written once in the user's cache directory and required
// through -modfile, so that the build cache compiles it once for every
// package and module (a third of the CPU of a small package's run went
// to compiling it anew); or, where a module cannot be added that way,
// as files of the package under test.
type runtime struct {
	// P is how the glue names pbccrt's exported names: "pbccrt." for
	// the module, "pbccrt" for the files in the package.
	P string
	// Import is the import line of the module (alias and path), ""
	// inline.
	Import string
	// flags are go test's flags for the module (-modfile).
	flags []string
	// files are pbccrt's files added to the package, by path, inline.
	files map[string][]byte
	// why says why the runtime is inline; "" for the module.
	why string
}

// runtimeFor returns how the binary of package pkgName in dir gets pbccrt;
// tmp is the binary's temporary directory, where the module file goes.
// It does not fail: whatever keeps the module out makes it inline.
func runtimeFor(ctx context.Context, dir, pkgName, tmp string) (*runtime, error) {
	rt, why := moduleRuntime(ctx, dir, tmp)
	if rt != nil {
		return rt, nil
	}
	files, err := inlineRuntime(dir, pkgName)
	if err != nil {
		return nil, err
	}
	return &runtime{P: "pbccrt", files: files, why: why}, nil
}

// moduleRuntime returns the runtime as a module, or nil and why not.
func moduleRuntime(ctx context.Context, dir, tmp string) (*runtime, string) {
	cmd := proc.Command(ctx, "go", "env", "-json", "GOMOD", "GOWORK", "GOFLAGS")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Sprintf("go env: %v", err)
	}
	var env struct{ GOMOD, GOWORK, GOFLAGS string }
	if err := json.Unmarshal(out, &env); err != nil {
		return nil, fmt.Sprintf("go env: %v", err)
	}
	switch {
	case env.GOMOD == "" || env.GOMOD == os.DevNull:
		return nil, "not in a module"
	case env.GOWORK != "":
		return nil, "in a workspace (" + env.GOWORK + ")"
	case setsModFlag(env.GOFLAGS):
		return nil, "GOFLAGS sets -modfile or -mod=vendor"
	case fileExists(filepath.Join(filepath.Dir(env.GOMOD), "vendor", "modules.txt")):
		return nil, "the module is vendored"
	}
	data, err := os.ReadFile(env.GOMOD)
	if err != nil {
		return nil, err.Error()
	}
	mf, err := modfile.ParseLax(env.GOMOD, data, nil)
	if err != nil {
		return nil, err.Error()
	}
	// A module may not require one whose go line is newer than its own:
	// pbccrt has go 1.22's loop variables where the module has them, and
	// no go line (go 1.16) otherwise.
	goLine := ""
	if mf.Go != nil && version.Compare("go"+mf.Go.Version, "go1.22") >= 0 {
		goLine = "1.22"
	}
	rtDir, err := rtModuleDir(goLine)
	if err != nil {
		return nil, err.Error()
	}
	mod := append(bytes.TrimRight(data, "\n"), fmt.Sprintf("\n\nrequire %s v0.0.0\n\nreplace %s => %s\n", rtModule, rtModule, rtDir)...)
	modPath := filepath.Join(tmp, "pbccrt.mod")
	if err := os.WriteFile(modPath, mod, 0o644); err != nil {
		return nil, err.Error()
	}
	if sum, err := os.ReadFile(strings.TrimSuffix(env.GOMOD, ".mod") + ".sum"); err == nil {
		if err := os.WriteFile(filepath.Join(tmp, "pbccrt.sum"), sum, 0o644); err != nil {
			return nil, err.Error()
		}
	}
	return &runtime{P: "pbccrt.", Import: `pbccrt "` + rtModule + `"`, flags: []string{"-modfile=" + modPath}}, ""
}

// setsModFlag reports whether goflags sets -modfile or -mod=vendor, which
// the module's -modfile would override or contradict (-mod=mod and
// -mod=readonly apply to pbcc's copy of go.mod as to the module's own;
// -modcacherw, which many CI setups have, is not -mod).
func setsModFlag(goflags string) bool {
	for _, f := range strings.Fields(goflags) {
		name, value, _ := strings.Cut(strings.TrimLeft(f, "-"), "=")
		if name == "modfile" || name == "mod" && value == "vendor" {
			return true
		}
	}
	return false
}

// rtModuleDir returns the directory of pbccrt's module with go line
// goLine ("" for none), written if it is not there yet. Its name is a
// hash of its files: a pbcc of another version has its own, and a
// directory once written never changes, so that several pbcc runs may
// share it.
func rtModuleDir(goLine string) (string, error) {
	src, err := rtFiles()
	if err != nil {
		return "", err
	}
	files := map[string][]byte{}
	h := sha256.New()
	for _, f := range src {
		files[f.name] = f.data
		fmt.Fprintf(h, "%s %d\n", f.name, len(f.data))
		h.Write(f.data)
	}
	mod := "module " + rtModule + "\n"
	if goLine != "" {
		mod += "\ngo " + goLine + "\n"
	}
	files["go.mod"] = []byte(mod)
	h.Write([]byte(mod))
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	parent := filepath.Join(cache, "pbcc")
	dir := filepath.Join(parent, "oraclert-"+hex.EncodeToString(h.Sum(nil))[:16])
	if fileExists(filepath.Join(dir, "go.mod")) {
		return dir, nil
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", err
	}
	// Written aside and renamed: another run may be writing it too, and
	// none must see it half written.
	part, err := os.MkdirTemp(parent, "oraclert-part-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(part)
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(part, name), data, 0o644); err != nil {
			return "", err
		}
	}
	if err := os.Rename(part, dir); err != nil && !fileExists(filepath.Join(dir, "go.mod")) {
		return "", err
	}
	return dir, nil
}

// An rtFile is one of pbccrt's files: its base name and its text.
type rtFile struct {
	name string
	data []byte
}

// rtFiles returns pbccrt's files, in name order, read once per process.
var rtFiles = sync.OnceValues(func() ([]rtFile, error) {
	names, err := fs.Glob(rtSource, "pbccrt/*.go")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var files []rtFile
	for _, name := range names {
		data, err := rtSource.ReadFile(name)
		if err != nil {
			return nil, err
		}
		files = append(files, rtFile{name: path.Base(name), data: data})
	}
	return files, nil
})

// rtExported are pbccrt's exported names, which its files added to a
// package have prefixed by pbccrt.
var rtExported = map[string]bool{"HungExit": true, "Hooks": true, "Setup": true, "Search": true, "SetupSearch": true,
	"Target": true, "Mut": true, "Start": true, "Record": true, "Explore": true}

// inlineRuntime returns pbccrt's files as test files of the package in
// dir, by path: in its package, with its exported names prefixed.
func inlineRuntime(dir, pkgName string) (map[string][]byte, error) {
	src, err := rtFiles()
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	for _, sf := range src {
		name := sf.name
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, name, sf.data, parser.ParseComments)
		if err != nil {
			return nil, fmt.Errorf("oracle: %s: %w", name, err)
		}
		// The package clause is the package's own: the glue, in the
		// same package, names pbccrt's names with the prefix.
		f.Name.Name = pkgName
		var clash string
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				// x.Name is a field or method, never one of the names.
				ast.Inspect(n.X, func(m ast.Node) bool {
					if id, ok := m.(*ast.Ident); ok && rtExported[id.Name] {
						id.Name = "pbccrt" + id.Name
					}
					return true
				})
				return false
			case *ast.Field:
				for _, id := range n.Names {
					if rtExported[id.Name] {
						clash = id.Name
					}
				}
			case *ast.Ident:
				if rtExported[n.Name] {
					n.Name = "pbccrt" + n.Name
				}
			}
			return true
		})
		if clash != "" {
			return nil, fmt.Errorf("oracle: %s: the field or parameter %s has the name of an exported name of pbccrt", name, clash)
		}
		var b bytes.Buffer
		if err := printer.Fprint(&b, fset, f); err != nil {
			return nil, fmt.Errorf("oracle: %s: %w", name, err)
		}
		out := filepath.Join(dir, "pbccrt_"+strings.TrimSuffix(name, ".go")+"_test.go")
		if fileExists(out) {
			return nil, fmt.Errorf("oracle: %s exists; it is the name of a file pbcc adds for its runs", out)
		}
		files[out] = b.Bytes()
	}
	return files, nil
}
