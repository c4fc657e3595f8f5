package main

import (
	"context"
	"fmt"
	"io"
	"sort"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/ssaexec"
	"github.com/pbcc/pbcc/ssaexec/oracle"
)

// afterSearch, when set (by tests only), sees the search's results
// before they are replayed on the real code: a test breaks the model's
// expected values there to show that the real run corrects them.
var afterSearch func([]*funcResult)

// afterReplay, when set (by tests only), sees the results once the real
// run has corrected them: a test breaks them there to show that a case
// failing on the real code is never written.
var afterReplay func([]*funcResult)

// replayReal runs the cases of p's results on the package compiled by the
// Go toolchain and makes the real outputs, panics and pointees their
// expected values (ssaexec/oracle). A result whose cases could not be run
// keeps the model's values; the error says why, on stderr.
func replayReal(ctx context.Context, p *ssaexec.Package, results []*funcResult, stderr io.Writer) {
	byFile := map[string][]*gen.Result{}
	byResult := map[*gen.Result]*funcResult{}
	for _, fr := range results {
		if fr.err != nil || fr.r == nil {
			continue
		}
		fr.verdict = &oracle.Verdict{}
		if len(fr.r.Cases) == 0 {
			continue
		}
		byFile[fr.file] = append(byFile[fr.file], fr.r)
		byResult[fr.r] = fr
	}
	if len(byFile) == 0 {
		return
	}
	var files []oracle.File
	for f, rs := range byFile {
		files = append(files, oracle.File{Src: f, Results: rs})
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Src < files[j].Src })
	verdicts, err := oracle.Run(ctx, p.Dir, p.Name, files)
	if err != nil {
		fmt.Fprintf(stderr, "pbcc: %s: the cases could not all be run on the real code; those kept pbcc's own expected values: %v\n", rel(p.Dir), err)
	}
	for r, v := range verdicts {
		fr := byResult[r]
		fr.verdict = v
		for _, m := range v.Mismatches {
			fmt.Fprintf(stderr, "pbcc: %s: %s: the real code disagrees with pbcc's model, the real run is kept: %s\n", rel(fr.file), shortName(r.Func), m)
		}
	}
}
