package main

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"maps"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/ssaexec"
	"github.com/pbcc/pbcc/ssaexec/cover"
	"github.com/pbcc/pbcc/ssaexec/emit"
	"github.com/pbcc/pbcc/ssaexec/oracle"
)

// anyCases reports whether some function of results has a case to write.
func anyCases(results []*funcResult) bool {
	for _, fr := range results {
		if fr.err == nil && fr.r != nil && len(fr.r.Cases) > 0 {
			return true
		}
	}
	return false
}

// checkRounds bounds the checks of verifiedFiles. Each round takes out
// one kind of failure (a table that does not compile, a case that fails,
// then, made unchecked, fails still: BurntSushi/toml took all three of
// three, and the whole files were lost).
const checkRounds = 5

// checkGrace is the least time the check before writing is given, past
// the run's budget if need be: a file written without the check may fail
// (robfig/cron under -timeout 45s, on a loaded machine: the search took
// the budget, and a table whose goroutine panics later was written).
const checkGrace = 30 * time.Second

// checkContext returns the context of the check of dir's tests before
// writing: ctx, or, when less than checkGrace is left of it and pbcc was
// not interrupted, one that ends checkGrace from now, which an
// interruption still ends. Its cancel function says on stderr how far
// past the run's budget the check went, if it did.
func checkContext(ctx context.Context, dir string, stderr io.Writer) (context.Context, context.CancelFunc) {
	dl, ok := ctx.Deadline()
	if _, stopped := interrupted(ctx); !ok || stopped || time.Until(dl) >= checkGrace {
		return ctx, func() {}
	}
	cctx, cancel := context.WithTimeoutCause(context.WithoutCancel(ctx), checkGrace, context.DeadlineExceeded)
	stop := context.AfterFunc(ctx, func() {
		if _, stopped := interrupted(ctx); stopped {
			cancel()
		}
	})
	return cctx, func() {
		stop()
		cancel()
		if past := time.Since(dl); past > 0 {
			fmt.Fprintf(stderr, "pbcc: %s: the generated tests were checked before writing %v past the run's time budget (-timeout), which the searches had taken\n", dir, past.Round(100*time.Millisecond))
		}
	}
}

// verifiedFiles renders the test file of each source file of p in files
// and checks them on the real package before anything is written: they
// must compile, be vet-clean and pass (oracle.Verify, through an overlay).
// A table that does not compile is left out and its function named, a case
// that fails is left out, and the files are checked again, up to checkRounds
// rounds. A file that still fails gets an error and must not be written.
//
// taken, when not nil, are the branches of the package the tests of the
// files returned took in the check, which they all passed.
func verifiedFiles(ctx context.Context, cfg *genConfig, p *ssaexec.Package, byFile map[string][]*gen.Result,
	files []string, stderr io.Writer) (_ map[string][]byte, _ map[string]error, _ map[string]*emit.OmittedError, taken []cover.Branch) {
	contents := map[string][]byte{}
	errs := map[string]error{}
	omitted := map[string]*emit.OmittedError{} // what the files leave out, with a comment
	srcOf := map[string]string{}               // test file -> source file
	for _, f := range files {
		srcOf[emit.TestFileName(f)] = f
	}
	bisected := map[string]bool{} // source files whose tables were checked one by one
	ctx, cancel := checkContext(ctx, rel(p.Dir), stderr)
	defer cancel()
	for round := 0; ; round++ {
		tests := map[string]*gen.Result{}
		cases := map[[2]string]emit.CaseRef{}
		overlay := map[string][]byte{}
		for _, f := range files {
			if errs[f] != nil {
				continue
			}
			content, ts, cs, err := emit.FileRefs(p.Name, byFile[f], cfg.cmdLine)
			omitted[f] = nil
			if o := (*emit.OmittedError)(nil); errors.As(err, &o) {
				omitted[f], err = o, nil
			}
			if err != nil {
				errs[f] = err
				continue
			}
			contents[f] = content
			overlay[emit.TestFileName(f)] = content
			for name, r := range ts {
				tests[name] = r
			}
			for k, ref := range cs {
				cases[[2]string{k[0], oracle.SubtestName(k[1])}] = ref
			}
		}
		if len(overlay) == 0 {
			return contents, errs, omitted, nil
		}
		names := make([]string, 0, len(tests))
		for n := range tests {
			names = append(names, n)
		}
		sort.Strings(names)
		fails, err := oracle.Verify(ctx, p.Dir, overlay, names)
		if err != nil {
			// Not checked (the run was cut short): the files are written
			// all the same, since losing the cases found would be worse.
			fmt.Fprintf(stderr, "pbcc: %s: the generated tests were not checked before writing: %v\n", rel(p.Dir), err)
			return contents, errs, omitted, nil
		}
		if fails.OK() {
			return contents, errs, omitted, fails.Branches
		}
		if round == checkRounds-2 && len(fails.Build) == 0 {
			// The last round but one: the tables whose tests still fail
			// go whole, so that the others are written (one function
			// of reflect.Value inputs lost BurntSushi/toml's files).
			names := append(slices.Sorted(maps.Keys(fails.Tests)), append(fails.Hung, fails.Crashed...)...)
			left := false
			for _, name := range names {
				test, _, _ := strings.Cut(name, "/")
				if r := tests[test]; r != nil && len(r.Cases) > 0 {
					fmt.Fprintf(stderr, "pbcc: %s: %s: its test still fails on the real code after leaving out what failed; the table is left out\n", rel(r.Func.Pos.String()), shortName(r.Func))
					leaveOut(r, "its test fails on the real code")
					left = true
				}
			}
			if left {
				continue
			}
		}
		if round == checkRounds-1 {
			// When every test ran (no build failure, none stopped or
			// crashing the process), a file none of whose tests failed
			// passed: it is written. The others keep their previous file.
			failing := map[string]bool{} // source files
			complete := len(fails.Build) == 0 && len(fails.Hung) == 0 && len(fails.Crashed) == 0 && fails.Output == ""
			for name := range fails.Tests {
				test, _, _ := strings.Cut(name, "/")
				r := tests[test]
				for _, f := range files {
					if r == nil || slices.Contains(byFile[f], r) {
						failing[f] = true
					}
				}
			}
			for _, f := range files {
				if complete && !failing[f] {
					continue
				}
				if errs[f] == nil && contents[f] != nil {
					errs[f] = fmt.Errorf("%s: the generated tests still fail after leaving out what failed; the previous file is kept:\n%s",
						rel(emit.TestFileName(f)), describe(fails))
				}
			}
			return contents, errs, omitted, nil
		}
		changed := false
		for _, d := range fails.Build {
			src := srcOf[d.File]
			r := tests[testAt(contents[src], d.Line)]
			if r == nil {
				// Outside any table (an import, say): each table is
				// checked alone to find those that bring it.
				if bisected[src] {
					if errs[src] == nil {
						errs[src] = fmt.Errorf("%s:%d: internal error: the generated file does not compile: %s; the previous file is kept", rel(d.File), d.Line, d.Msg)
					}
					continue
				}
				bisected[src] = true
				for _, r := range byFile[src] {
					if len(r.Cases) == 0 {
						continue
					}
					content, _, _, err := emit.FileRefs(p.Name, []*gen.Result{r}, cfg.cmdLine)
					if o := (*emit.OmittedError)(nil); errors.As(err, &o) {
						err = nil
					}
					var alone *oracle.Failures
					if err == nil {
						alone, err = oracle.Verify(ctx, p.Dir, map[string][]byte{d.File: content}, nil)
					}
					if err == nil && len(alone.Build) == 0 {
						continue
					}
					why := fmt.Sprint(err)
					if err == nil {
						why = fmt.Sprintf("%s:%d: %s", rel(alone.Build[0].File), alone.Build[0].Line, alone.Build[0].Msg)
					}
					fmt.Fprintf(stderr, "pbcc: %s: %s: internal error: its table does not compile (%s); the table is left out\n",
						rel(r.Func.Pos.String()), shortName(r.Func), why)
					leaveOut(r, "its table does not compile")
					changed = true
				}
				continue
			}
			if len(r.Cases) > 0 {
				fmt.Fprintf(stderr, "pbcc: %s: %s: internal error: its table does not compile (%s:%d: %s); the table is left out\n",
					rel(r.Func.Pos.String()), shortName(r.Func), rel(d.File), d.Line, d.Msg)
				leaveOut(r, "its table does not compile")
				changed = true
			}
		}
		// A test that did not end in time: its case (the call does not
		// return on the real code) is left out, or its table when the
		// case is not known. The run stopped there, so that what failed
		// besides (the test stopped, its parents) says nothing.
		// A test that crashed the test process (a goroutine its call
		// started panicked) is handled the same way.
		hung := map[*gen.Result][]int{}
		for _, stop := range []struct {
			names             []string
			caseWhy, tableWhy string
		}{
			{fails.Hung, "its call does not return on the real code (a loop without exit?)", "its test does not end on the real code"},
			{fails.Crashed, "on the real code, the test process ends during or after its call (a panic in a goroutine it started, or a fatal error)",
				"its test ends the test process on the real code (a panic in a goroutine, or a fatal error)"},
		} {
			for _, name := range stop.names {
				test, sub, _ := strings.Cut(name, "/")
				delete(fails.Tests, name)
				delete(fails.Tests, test)
				if ref, ok := cases[[2]string{test, sub}]; ok {
					r := ref.Result
					fmt.Fprintf(stderr, "pbcc: %s: %s: case %s left out: %s\n",
						rel(r.Func.Pos.String()), shortName(r.Func), r.Cases[ref.Index].Name, stop.caseWhy)
					hung[r] = append(hung[r], ref.Index)
					changed = true
				} else if r := tests[test]; r != nil && len(r.Cases) > 0 {
					fmt.Fprintf(stderr, "pbcc: %s: %s: %s; the table is left out\n", rel(r.Func.Pos.String()), shortName(r.Func), stop.tableWhy)
					leaveOut(r, stop.tableWhy)
					changed = true
				}
			}
		}
		for r, idx := range hung {
			slices.Sort(idx)
			for _, i := range slices.Backward(slices.Compact(idx)) {
				r.Cases = slices.Delete(r.Cases, i, i+1)
			}
		}
		if len(fails.Hung) > 0 || len(fails.Crashed) > 0 {
			continue // the tests after the one stopped did not run: again
		}
		// In name order, and the tables in file order below, so that what
		// is said on stderr is the same from run to run.
		failed := slices.Sorted(maps.Keys(fails.Tests))
		drop := map[*gen.Result]map[int]bool{}
		for _, name := range failed {
			test, sub, ok := strings.Cut(name, "/")
			if !ok {
				continue // its failing subtests say which cases
			}
			ref, ok := cases[[2]string{test, sub}]
			if !ok {
				continue
			}
			if drop[ref.Result] == nil {
				drop[ref.Result] = map[int]bool{}
			}
			drop[ref.Result][ref.Index] = true
		}
		for _, name := range failed {
			if r := tests[name]; r != nil && drop[r] == nil && len(r.Cases) > 0 {
				// The test failed outside its cases: its table goes.
				fmt.Fprintf(stderr, "pbcc: %s: %s: its test fails on the real code; the table is left out\n", rel(r.Func.Pos.String()), shortName(r.Func))
				leaveOut(r, "its test fails on the real code")
				changed = true
			}
		}
		for _, f := range files {
			for _, r := range byFile[f] {
				idx := drop[r]
				if idx == nil {
					continue
				}
				var kept []gen.Case
				for i, c := range r.Cases {
					if idx[i] && c.Panic == "" && !c.Unstable {
						// The results were recorded from one real run and
						// differ in another (the clock, randomness, map
						// order): the case stays, checking only that the
						// call does not panic.
						fmt.Fprintf(stderr, "pbcc: %s: %s: case %s gives other results on the real code from run to run; kept, checking only that the call does not panic\n",
							rel(r.Func.Pos.String()), shortName(r.Func), c.Name)
						c.Unstable = true
					} else if idx[i] {
						fmt.Fprintf(stderr, "pbcc: %s: %s: case %s fails on the real code (its function does not give the same result twice?); left out\n",
							rel(r.Func.Pos.String()), shortName(r.Func), c.Name)
						continue
					}
					kept = append(kept, c)
				}
				r.Cases = kept
				changed = true
			}
		}
		if !changed && len(fails.Build) == 0 && len(fails.Tests) == 0 {
			// Nothing of the generated files failed: the package's own
			// tests may not build or pass. Then the generated tests
			// cannot be checked, which is not their doing: they are
			// written, and the measurement will say it could not run.
			own, err := oracle.Verify(ctx, p.Dir, nil, nil)
			if err == nil && !own.OK() {
				fmt.Fprintf(stderr, "pbcc: %s: the generated tests were not checked before writing: the package's own tests fail without them:\n%s\n", rel(p.Dir), describe(own))
				return contents, errs, omitted, nil
			}
		}
		if !changed {
			for _, f := range files {
				if errs[f] == nil && contents[f] != nil {
					errs[f] = fmt.Errorf("%s: the generated tests fail; the previous file is kept:\n%s", rel(emit.TestFileName(f)), describe(fails))
				}
			}
			return contents, errs, omitted, nil
		}
	}
}

// describe is what failed, for a message.
func describe(f *oracle.Failures) string {
	var lines []string
	for _, d := range f.Build {
		lines = append(lines, fmt.Sprintf("%s:%d: %s", rel(d.File), d.Line, d.Msg))
	}
	var ts []string
	for t := range f.Tests {
		ts = append(ts, t)
	}
	sort.Strings(ts)
	for _, t := range ts {
		lines = append(lines, "failed: "+t)
	}
	for _, t := range f.Hung {
		lines = append(lines, "did not end in time: "+t)
	}
	for _, t := range f.Crashed {
		lines = append(lines, "ended the test process: "+t)
	}
	if f.Output != "" {
		lines = append(lines, f.Output)
	}
	return strings.Join(lines, "\n")
}

// testAt returns the name of the function of the Go source src that
// spans line, or "".
func testAt(src []byte, line int) string {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "", src, parser.SkipObjectResolution)
	if err != nil {
		return ""
	}
	for _, d := range file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fset.Position(fd.Pos()).Line <= line && line <= fset.Position(fd.End()).Line {
			return fd.Name.Name
		}
	}
	return ""
}

// leaveOut drops r's table, and says so of the edges its cases covered,
// so that the header does not claim "all covered" for a function left
// without a case.
func leaveOut(r *gen.Result, why string) {
	r.Cases = nil
	for i := range r.Edges {
		if st := &r.Edges[i]; st.Outcome == gen.Covered {
			st.Outcome, st.Detail = gen.Unsupported, "the table is left out: "+why
		}
	}
}
