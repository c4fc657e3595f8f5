package ssaexec

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/pbcc/pbcc/internal/goroot"
)

// The lowering follows the bodies of the module's functions and of the
// few standard library functions in followed; every other function of
// the standard library is a call it models, learns from real runs or
// leaves unknown, by its name and type. Type-checking the bodies of the
// standard library's packages (go/packages does it for every dependency
// when the syntax of all is loaded) was most of the work of a Load: a
// package importing fmt and strings pulls in some fifty. parseFile
// leaves those bodies out, as the compiler's export data would.

// followedDirs are the directories of the packages of followed.
var followedDirs = sync.OnceValue(func() map[string]bool {
	root := filepath.Join(goroot.Dir(), "src")
	dirs := map[string]bool{}
	for key := range followed {
		k := strings.TrimPrefix(key, "(") // "(encoding/binary.bigEndian).Uint16"
		if i := strings.Index(k, ")"); i >= 0 {
			k = k[:i]
		}
		slash := strings.LastIndex(k, "/")
		path := k[:slash+1+strings.Index(k[slash+1:], ".")]
		dirs[filepath.Join(root, filepath.FromSlash(path))] = true
	}
	return dirs
})

// stdBodiesUnused reports whether filename is a file of a standard
// library package none of whose bodies the lowering follows.
func stdBodiesUnused(filename string) bool {
	root := goroot.Dir()
	if root == "" {
		return false
	}
	src := filepath.Join(root, "src") + string(filepath.Separator)
	return strings.HasPrefix(filename, src) && !followedDirs()[filepath.Dir(filename)]
}

// parseFile is go/packages' parser (its ParseFile), which leaves out the
// function bodies of stdBodiesUnused's files. An import only the bodies
// used becomes a blank one, which go/types does not find unused (an
// error there would make every package that imports it ill-typed).
func parseFile(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
	if !stdBodiesUnused(filename) {
		return parser.ParseFile(fset, filename, src, parser.AllErrors|parser.ParseComments)
	}
	f, err := parser.ParseFile(fset, filename, src, parser.AllErrors|parser.SkipObjectResolution)
	if f == nil {
		return f, err
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		switch {
		case !ok || fd.Body == nil || genericDecl(fd):
			// A generic function must have a body (go/types says so).
		case fd.Name.Name == "init" && fd.Recv == nil:
			fd.Body = &ast.BlockStmt{Lbrace: fd.Body.Lbrace, Rbrace: fd.Body.Rbrace}
		default:
			fd.Body = nil
		}
	}
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	for _, imp := range f.Imports {
		path, err := strconv.Unquote(imp.Path.Value)
		if err != nil || path == "C" {
			continue
		}
		name := stdPackageName(path)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		if name == "_" || name == "." || used[name] {
			continue
		}
		imp.Name = &ast.Ident{NamePos: imp.Path.Pos(), Name: "_"}
	}
	return f, err
}

// genericDecl reports whether fd declares a generic function or a method of
// a generic type.
func genericDecl(fd *ast.FuncDecl) bool {
	if fd.Type.TypeParams != nil {
		return true
	}
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return false
	}
	t := fd.Recv.List[0].Type
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	switch t.(type) {
	case *ast.IndexExpr, *ast.IndexListExpr:
		return true
	}
	return false
}

// stdPackageName is the name of the standard library package at path:
// its last element, or the one before a major version ("math/rand/v2").
func stdPackageName(path string) string {
	elems := strings.Split(path, "/")
	name := elems[len(elems)-1]
	if len(elems) > 1 && len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" {
		name = elems[len(elems)-2]
	}
	return name
}
