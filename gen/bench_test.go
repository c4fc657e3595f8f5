package gen_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/pbcc/pbcc/cbridge"
	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/solve"
	"github.com/pbcc/pbcc/ssaexec"
)

// BenchmarkGenerate measures the search for every Go and C testdata
// function: wall time per function, and, as metrics, the solver calls,
// the goals (unconstrained edges) and the branch edges, whose ratio is
// the UE reduction.
func BenchmarkGenerate(b *testing.B) {
	pkgs, err := ssaexec.Load("..", "./testdata/go/...")
	if err != nil {
		b.Fatal(err)
	}
	var funcs []*ir.Func
	for _, p := range pkgs {
		for _, f := range p.Funcs {
			funcs = append(funcs, f.IR)
		}
	}
	units, _ := filepath.Glob("../testdata/c/*.c")
	for _, u := range units {
		if cbridge.IsHarness(u) {
			continue
		}
		cf, err := cbridge.Load(u)
		if err != nil {
			b.Fatal(err)
		}
		funcs = append(funcs, cf.Funcs...)
	}
	for _, f := range funcs {
		name := f.Name
		if f.Lang == ir.C {
			name = "c." + filepath.Base(f.Pos.File) + "." + f.Name
		}
		{
			b.Run(name, func(b *testing.B) {
				var r *gen.Result
				for b.Loop() {
					s := solve.New(0)
					r, err = gen.Generate(context.Background(), f, s, gen.DefaultOptions)
					s.Close()
					if err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(r.SolverCalls), "calls/op")
				b.ReportMetric(float64(len(r.Goals)), "goals")
				b.ReportMetric(float64(len(r.Edges)), "edges")
			})
		}
	}
}
