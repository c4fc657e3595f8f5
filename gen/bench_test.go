package gen_test

import (
	"context"
	"testing"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/solve"
	"github.com/pbcc/pbcc/ssaexec"
)

// BenchmarkGenerate measures the search for every Go testdata function:
// wall time per function, and, as metrics, the solver calls, the goals
// (unconstrained edges) and the branch edges, whose ratio is the UE
// reduction.
func BenchmarkGenerate(b *testing.B) {
	pkgs, err := ssaexec.Load("..", "./testdata/go/...")
	if err != nil {
		b.Fatal(err)
	}
	for _, p := range pkgs {
		for _, f := range p.Funcs {
			b.Run(f.IR.Name, func(b *testing.B) {
				var r *gen.Result
				for b.Loop() {
					s := solve.New(0)
					r, err = gen.Generate(context.Background(), f.IR, s, gen.DefaultOptions)
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
