package cbridge

import (
	_ "embed"
	"fmt"

	"github.com/pbcc/pbcc/gen/ir"
	"modernc.org/cc/v4"
)

// libcPath names the library models in positions and messages.
const libcPath = "pbcc/libc.c"

// libcSource holds the models of the C library functions a unit may call
// (string.h, ctype.h, abs, atoi), in plain C: libc/libc.c.
//
//go:embed libc/libc.c
var libcSource string

// loadLibc lowers the library models with the same front end as the
// units, into IR functions marked Library, by name. Each Load gets its own
// (the IR is not shared between files). Their globals (the ctype table)
// are never inputs: the harness cannot set them.
func loadLibc(cfg *cc.Config) (map[string]*ir.Func, error) {
	ast, err := cc.Translate(cfg, []cc.Source{
		{Name: "<predefined>", Value: cfg.Predefined},
		{Name: "<builtin>", Value: cc.Builtin},
		{Name: libcPath, Value: libcSource},
	})
	if err != nil {
		return nil, fmt.Errorf("the C library models: %w", err)
	}
	file := &File{Path: libcPath}
	lowerAll(file, ast, libcPath, []byte(libcSource), map[string]bool{}, nil)
	if len(file.Errors) > 0 {
		return nil, fmt.Errorf("the C library models: %w", file.Errors[0])
	}
	lib := map[string]*ir.Func{}
	for _, f := range file.Funcs {
		f.Library = true
		f.Siblings = nil
		lib[f.Name] = f
	}
	for _, g := range file.Globals {
		g.Input = false
	}
	return lib, nil
}
