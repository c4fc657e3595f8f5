package emit

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// TestHoldsLock: a variable whose copy go vet's copylocks rejects (a
// mutex held by value, at any depth of structs and arrays) is told
// apart from one that only points to a lock, or holds none.
func TestHoldsLock(t *testing.T) {
	src := `package p

import "sync"

type guarded struct {
	sync.RWMutex
	m map[string]int
}

type counter struct{ n int }

var (
	cache    struct{ sync.RWMutex; m map[int]int }
	named    guarded
	nested   struct{ inner [2]struct{ mu sync.Mutex } }
	once     sync.Once
	pointer  *guarded
	plain    counter
	table    map[string]int
	lockable sync.Locker
)
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]bool{
		"cache": true, "named": true, "nested": true, "once": true,
		"pointer": false, "plain": false, "table": false, "lockable": false,
	} {
		v := pkg.Scope().Lookup(name)
		if got := holdsLock(v.Type(), 0); got != want {
			t.Errorf("holdsLock(%s %s) = %v, want %v", name, v.Type(), got, want)
		}
	}
}
