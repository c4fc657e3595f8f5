package oracle

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/ir"
)

// TestHungCaseLeftOut gives the oracle a case whose call never returns
// on the real code (x > 3 loops for ever, as a model that bounds the loop
// would not see): the run ends within seconds, well before go test's own
// limit, the case is left out and named in the verdict, and the cases
// after it in the run are still checked.
func TestHungCaseLeftOut(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := t.TempDir()
	pkgs := writeLoad(t, dir, map[string]string{
		"go.mod": "module hang\n\ngo 1.26\n",
		"hang.go": `package hang

func F(x int) int {
	if x > 3 {
		for {
		}
	}
	return x
}

func G(x int) int { return x + 1 }
`,
	})
	byName := map[string]*ir.Func{}
	for _, f := range pkgs[0].Funcs {
		byName[f.IR.Name] = f.IR
	}
	intLit := func(f *ir.Func, v uint64) ir.Literal { return ir.Literal{T: f.Params[0].T, Bits: v} }
	caseOf := func(f *ir.Func, name string, in, out uint64) gen.Case {
		return gen.Case{Name: name, Inputs: []ir.Literal{intLit(f, in)}, Outputs: []ir.Literal{intLit(f, out)}}
	}
	fn, g := byName["hang.F"], byName["hang.G"]
	if fn == nil || g == nil {
		t.Fatalf("functions loaded: %v", byName)
	}
	rf := &gen.Result{Func: fn, Cases: []gen.Case{caseOf(fn, "x<=3", 1, 1), caseOf(fn, "x>3", 5, 0), caseOf(fn, "x==3", 3, 3)}}
	rg := &gen.Result{Func: g, Cases: []gen.Case{caseOf(g, "call", 1, 7)}} // the model was wrong: the real run says 2
	defer func(d time.Duration) { defaultCaseLimit = d }(defaultCaseLimit)
	defaultCaseLimit = 300 * time.Millisecond
	start := time.Now()
	verdicts, err := Run(context.Background(), dir, "hang", []File{{Src: filepath.Join(dir, "hang.go"), Results: []*gen.Result{rf, rg}}})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("Run took %v: the hung call was not cut short", d)
	}
	vf, vg := verdicts[rf], verdicts[rg]
	if !slices.Equal(vf.Hung, []string{"x>3"}) {
		t.Errorf("F: hung cases %q, want [x>3]", vf.Hung)
	}
	var names []string
	for _, c := range rf.Cases {
		names = append(names, c.Name)
	}
	if !slices.Equal(names, []string{"x<=3", "x==3"}) || vf.Checked != 2 {
		t.Errorf("F: cases %q, %d checked; want x<=3 and x==3, both checked", names, vf.Checked)
	}
	if vg.Checked != 1 || vg.Mismatch != 1 || rg.Cases[0].Outputs[0].Int64() != 2 {
		t.Errorf("G: %+v, output %v: want its case checked and corrected to 2", vg, rg.Cases[0].Outputs)
	}
}

// TestVerifyStopsHungTest checks the files about to be written with a
// subtest whose call never returns: Verify stops the run within seconds
// and names that subtest, not go test's own limit of minutes.
func TestVerifyStopsHungTest(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := t.TempDir()
	for name, text := range map[string]string{
		"go.mod":  "module hang\n\ngo 1.26\n",
		"hang.go": "package hang\n\nfunc F(x int) int {\n\tif x > 3 {\n\t\tfor {\n\t\t}\n\t}\n\treturn x\n}\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	test := `package hang

import "testing"

func TestF(t *testing.T) {
	for _, tt := range []struct {
		name string
		x    int
	}{{"x<=3", 1}, {"x>3", 5}} {
		t.Run(tt.name, func(t *testing.T) {
			if got := F(tt.x); got != tt.x {
				t.Errorf("F(%d) = %d", tt.x, got)
			}
		})
	}
}
`
	defer func(d time.Duration) { defaultCaseLimit = d }(defaultCaseLimit)
	defaultCaseLimit = 200 * time.Millisecond
	start := time.Now()
	fails, err := Verify(context.Background(), dir, map[string][]byte{filepath.Join(dir, "hang_test.go"): []byte(test)}, []string{"TestF"})
	if err != nil {
		t.Fatalf("Verify: %v", err)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("Verify took %v: the hung test was not stopped", d)
	}
	if !slices.Equal(fails.Hung, []string{"TestF/x>3"}) || fails.OK() {
		t.Errorf("Verify: hung %q (OK %v), want [TestF/x>3]", fails.Hung, fails.OK())
	}
}

// TestWatchCountsFromSubtests: a test whose subtests keep starting and
// ending is alive however long it has run; one silent for longer than
// the limit is hung.
func TestWatchCountsFromSubtests(t *testing.T) {
	w := &testWatch{running: map[string]time.Time{}}
	w.Write([]byte(`{"Action":"run","Test":"TestF"}` + "\n"))
	w.running["TestF"] = time.Now().Add(-time.Hour) // began long ago
	w.Write([]byte(`{"Action":"run","Test":"TestF/a"}` + "\n" + `{"Action":"pass","Test":"TestF/a"}` + "\n"))
	watchFor := func(d time.Duration) (stopped bool) {
		done := make(chan struct{})
		time.AfterFunc(d, func() { close(done) })
		w.watch(time.Second, func() { stopped = true }, done)
		return stopped
	}
	if watchFor(400*time.Millisecond) || len(w.hungTests()) > 0 {
		t.Errorf("TestF, whose subtest just ended, was taken for hung: %q", w.hungTests())
	}
	w.running["TestF"] = time.Now().Add(-time.Hour) // silent since
	if !watchFor(5*time.Second) || !slices.Equal(w.hungTests(), []string{"TestF"}) {
		t.Errorf("TestF, silent for an hour, was not taken for hung: %q", w.hungTests())
	}
}

// TestExploreRunBudget: when the search's time budget (ctx) ends while
// the search on the real code is still running, the driver is stopped
// (by ctx, or by go test's -timeout with a goroutine dump and exit
// status 2). Explore says that the budget ended, not "exit status 2" and the end of a dump (seen on
// segmentio/ksuid under pbcc gen -timeout 45s), and keeps the cases the
// search found before.
func TestExploreRunBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := t.TempDir()
	targets := writeTargets(t, dir, map[string]string{
		"go.mod": "module slow\n\ngo 1.26\n",
		"slow.go": `package slow

import "time"

func Slow(x int) int {
	time.Sleep(5 * time.Millisecond)
	if x < 0 {
		return -1
	}
	if x*x == 7 {
		return 1
	}
	return 0
}
`,
	})
	b := Compile(context.Background(), dir, "slow", nil, targets, DefaultExplore)
	defer b.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	ex, err := b.Explore(ctx, targets, time.Minute)
	if err == nil || !strings.Contains(err.Error(), "its time budget ended before it was done") || strings.Contains(err.Error(), "goroutine") {
		t.Fatalf("Explore: %v, want the time budget named", err)
	}
	if len(ex) != 1 || len(ex[0].Result.Cases) == 0 {
		t.Errorf("the cases found before the budget ended are lost: %+v", ex)
	}
}

// TestExploreCrash: a call that crashes the search's process (a fatal
// error the function cannot recover from: a goroutine that panics, which
// a timer of the function started) ends its function's search, with a message that says why, and
// the functions after it are still searched. Seen on segmentio/ksuid:
// "fatal error: out of memory" in the search of one function lost the
// package's search ("exit status 2"), and 4 functions had no table.
func TestExploreCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := t.TempDir()
	targets := writeTargets(t, dir, map[string]string{
		"go.mod": "module crash\n\ngo 1.26\n",
		"crash.go": `package crash

import "time"

func Crash(x int) int {
	if x > 10 {
		done := make(chan bool)
		// A goroutine the package does not start with a go statement
		// (those are seen by the search: TestExploreGoroutinePanic).
		time.AfterFunc(0, func() {
			var m map[int]int
			m[x] = 1 // a panic no caller recovers
			done <- true
		})
		<-done
	}
	return x
}

func After(x int) int {
	if x > 3 {
		return 1
	}
	return 0
}
`,
	})
	searchedAfterCrash(t, dir, "crash", targets, DefaultExplore, "crash.Crash", "panic: assignment to entry in nil map", false)
}

// TestExploreGoroutinePanic: an input whose call starts a goroutine
// that panics (cron's Start, on a Cron without a logger), or that blocks
// for good (its Stop, sending on a nil channel), is left out, and the
// search goes on in the same process: the function's other branches get
// their cases, and the function after it is searched.
func TestExploreGoroutinePanic(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := t.TempDir()
	targets := writeTargets(t, dir, map[string]string{
		"go.mod": "module gopanic\n\ngo 1.26\n",
		"gopanic.go": `package gopanic

func Start(x int) int {
	if x > 10 {
		go func() {
			var m map[int]int
			m[x] = 1
		}()
		return 1
	}
	if x < -10 {
		done := make(chan bool)
		go func() {
			var m map[int]int
			m[x] = 1
			done <- true
		}()
		<-done // waits for a goroutine that panicked
	}
	return 0
}

func Block(x int) int {
	if x > 10 {
		var c chan int
		c <- x
	}
	return x
}

func After(x int) int {
	if x > 3 {
		return 1
	}
	return 0
}
`,
	})
	byName := exploredByName(t, dir, "gopanic", targets, DefaultExplore)
	for name, why := range map[string]string{"gopanic.Start": "a goroutine their call started panicked (assignment to entry in nil map)", "gopanic.Block": "blocked for good"} {
		e := byName[name]
		if e == nil || !strings.Contains(e.Stop, why) || strings.Contains(e.Stop, "crashed") || strings.Contains(e.Stop, "did not return") {
			t.Errorf("%s: stopped by %+v, want %q", name, e, why)
			continue
		}
		if len(e.Result.Cases) == 0 {
			t.Errorf("%s: no case kept", name)
		}
		for _, c := range e.Result.Cases {
			if x := int64(c.Inputs[0].Bits); x > 10 || x < -10 {
				t.Errorf("%s: case %s kept, with x = %d", name, c.Name, x)
			}
		}
	}
	if e := byName["gopanic.After"]; e == nil || len(e.Result.Cases) < 2 {
		t.Errorf("After: not searched: %+v", e)
	}
}

// exploredByName searches targets, the functions of package pkg in dir,
// 10 s each at most, and returns what it gives by function name.
func exploredByName(t *testing.T, dir, pkg string, targets []Target, opts ExploreOptions) map[string]*Explored {
	t.Helper()
	b := Compile(context.Background(), dir, pkg, nil, targets, opts)
	defer b.Close()
	ex, err := b.Explore(context.Background(), targets, 10*time.Second)
	if err != nil {
		t.Fatalf("Explore: %v", err)
	}
	byName := map[string]*Explored{}
	for _, e := range ex {
		byName[e.Result.Func.Name] = e
	}
	return byName
}

// searchedAfterCrash searches targets, the functions of package pkg in
// dir, and checks that the search of crash ended on a crash of the
// search's process, with why named, after crashRetries more searches
// when retried (out of memory) and at once otherwise (a panic in a
// goroutine, which crashes the process at a time that varies), and that
// pkg.After, the function after it, was still searched.
func searchedAfterCrash(t *testing.T, dir, pkg string, targets []Target, opts ExploreOptions, crash, why string, retried bool) {
	t.Helper()
	byName := exploredByName(t, dir, pkg, targets, opts)
	if e := byName[crash]; e == nil || !strings.Contains(e.Stop, "crashed the search's process (") || !strings.Contains(e.Stop, why) {
		t.Errorf("%s: stopped by %+v, want the crash and %q named", crash, e, why)
	} else if want := fmt.Sprintf("%d times with other seeds", crashRetries+1); strings.Contains(e.Stop, want) != retried {
		t.Errorf("%s: stopped by %q: started again after the crash (%q): %v, want %v", crash, e.Stop, want, !retried, retried)
	}
	if e := byName[pkg+".After"]; e == nil || len(e.Result.Cases) < 2 {
		t.Errorf("After: not searched after the crash: %+v", e)
	}
}

// TestExploreMemoryBound: a call that allocates without end (seen on
// gobwas/glob: a pattern that expands; its search's process reached 7
// GB) crashes the search's process at ExploreOptions.Memory, with "out
// of memory" named, and the functions after it are still searched.
func TestExploreMemoryBound(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := t.TempDir()
	targets := writeTargets(t, dir, map[string]string{
		"go.mod": "module grow\n\ngo 1.26\n",
		"grow.go": `package grow

var kept [][]byte

func Grow(x int) int {
	if x > 10 {
		for {
			kept = append(kept, make([]byte, 1<<20))
			kept[len(kept)-1][0] = 1
		}
	}
	return x
}

func After(x int) int {
	if x > 3 {
		return 1
	}
	return 0
}
`,
	})
	opts := DefaultExplore
	opts.Memory = 256 << 20
	// Go says "runtime: out of memory" or "out of memory allocating
	// heap arena metadata", as the failed allocation goes.
	searchedAfterCrash(t, dir, "grow", targets, opts, "grow.Grow", "out of memory", true)
}
