package cover

import (
	"context"
	"path/filepath"
)

// An Instrumentation is the package of a directory with a recording call
// on every branch site, as an overlay for go build -overlay: nothing is
// written to the package. A hit is numbered 2*site for the true outcome,
// 2*site+1 for the false one; a test file of the package that sets the
// recorder's _pbccLocal func(int) sees each hit as it happens.
type Instrumentation struct {
	Files map[string][]byte // replacement text by absolute path; the recorder too
	Sites []Site            // by site number
}

// A Site is one branch site of the instrumented package.
type Site struct {
	Func string // as Branch.Func: "m.F", "m.T.M", "m.F$1"
	Text string // the condition's source text
}

// Instrument instruments the package in dir.
func Instrument(ctx context.Context, dir string) (_ *Instrumentation, err error) {
	defer catch(&err)
	p, err := load(ctx, dir, goEnv(nil))
	if err != nil {
		return nil, err
	}
	sites := findSites(p)
	files, rec, err := instrument(p, sites)
	if err != nil {
		return nil, err
	}
	in := &Instrumentation{Files: map[string][]byte{}}
	for i, data := range files {
		in.Files[p.Paths[i]] = data
	}
	in.Files[filepath.Join(p.Dir, recorderFile)] = rec
	for _, s := range sites {
		in.Sites = append(in.Sites, Site{Func: s.Func, Text: s.Text})
	}
	return in, nil
}
