package pbccrt

import (
	pbccbufio "bufio"
	pbccbytes "bytes"
	pbccjson "encoding/json"
	pbccerrors "errors"
	pbccflag "flag"
	pbccfmt "fmt"
	pbccio "io"
	pbcclog "log"
	pbccmath "math"
	pbccbig "math/big"
	pbccrand "math/rand/v2"
	pbccos "os"
	pbccfilepath "path/filepath"
	pbccreflect "reflect"
	pbccruntime "runtime"
	pbccsort "sort"
	pbccstrconv "strconv"
	pbccstrings "strings"
	pbccsync "sync"
	pbccatomic "sync/atomic"
	pbcctesting "testing"
	pbcctime "time"
	pbccunsafe "unsafe"
)

// A Target is one function the search runs on, as the glue of the
// package under test describes it (oracle.newSearchDriver).
type Target struct {
	Fn      interface{}
	Seed    func(*pbcctesting.T) // the oracle's test of the function's cases, or nil
	Sites   []int                // the hits of the function's own branch sites
	Rels    []int                // the relations of its comparisons cases should reach (cover.Relation)
	covered []int                // those cases already reach
	first   bool                 // keep the first input even when it reaches no new site
	Muts    []Mut                // the mutants of its code (ssaexec/cover's mutant schemata)
	After   bool                 // a test compares its parameters after the call
	Key     uint64               // the seed of its random inputs: a hash of its name, not its place in the run (-func, -shard)
	Ints    []int64
	Floats  []float64
	Strs    []string
	// lens are the constants the function compares a length with
	// (switch len(s) { case 32: ... case 36: ... }), 1 to 128: a string
	// or slice the search makes has one of these lengths a quarter of
	// the time, which neither random lengths nor edits of one byte reach.
	Lens []int
	// chars are the bytes the function compares with (pattern[i] ==
	// '*'): strings are made of them half the time.
	Chars string
	// anys are the types the function asserts an empty interface to
	// (a type switch's cases): an any parameter holds one of them half
	// the time.
	Anys []pbccreflect.Type
	// scales are the function's constants above 2 that pbccScale
	// multiplies numbers by, made once (scaled) from ints and floats.
	scales []int64
	scaled bool
	// env names the environment variables the function reads: inputs
	// the search sets before each call (pbccWithEnv).
	Env []string
	// stdout says the function prints: what it writes to os.Stdout is a
	// result of its calls (pbccWithStdout).
	Stdout bool
	// exits says the function may end the process (os.Exit, which the
	// package calls as _pbccExit): the status, and what it wrote to
	// os.Stderr, are results of its calls too (pbccWithStdout).
	Exits bool
	// Files says the function reads or writes files by name: each call
	// runs in an empty directory, its writes confined to it, the files
	// it reads inputs (pbccInDir).
	Files bool
	// Args says the function is a program's main: its command line is an
	// input (pbccWithArgs).
	Args bool
}

// pbccImplTypes are the dynamic types an interface parameter may hold
// (the model's implementations of the targets' interfaces, the stock
// ones aside): pbccFill puts one that implements the interface in it.
var pbccImplTypes []pbccreflect.Type

// pbccIfaceImpls are, by named interface, the dynamic types the model
// gives it (the stock ones too): a value of another type could not be
// read back, nor written in a test.
var pbccIfaceImpls map[string][]pbccreflect.Type

// pbccStockTypes are the values of interfaces the package does not
// implement, in the model's order (ssaexec/lowerstock.go).
var pbccStockTypes []pbccreflect.Type

var (
	pbccStateType  pbccreflect.Type // the glue's pbccState: the emitted tests declare it again
	pbccBufferType = pbccreflect.TypeOf(pbccbytes.Buffer{})
)

var pbccTargets []Target

type pbccExploreLine struct {
	Func     int         `json:"func"`
	Args     []*pbccNode `json:"args"`
	Done     bool        `json:"done"`
	Panic    string      `json:"panic,omitempty"`
	Got      []*pbccNode `json:"got"`
	After    []*pbccNode `json:"after"`
	New      []int       `json:"new"`
	Unstable bool        `json:"unstable,omitempty"`
	Varies   []int       `json:"varies,omitempty"`
	Kill     bool        `json:"kill,omitempty"`
	Stop     string      `json:"stop,omitempty"`
	// Files names the files the call found with the input's contents
	// (pbccInDir), sorted: the case makes them before its call.
	Files []string `json:"files,omitempty"`
	// Begin marks the start of a function's search: a process that
	// crashes (out of memory) is known to have crashed in the last one.
	Begin bool `json:"begin,omitempty"`
	// Fresh: the process ends before this function's search, to leave
	// the goroutines the calls before left (pbccFreshExit).
	Fresh bool `json:"fresh,omitempty"`
}

// pbccFreshExit is the status a search's process ends with before a
// function's search when the calls of the functions before it left too
// many goroutines (blocked for good, or waiting on what will not come):
// each would slow the next function's search (pbccParkedForGood reads
// their stacks) or disturb it. The line it writes first (Fresh) has
// ssaexec/oracle's Explore start the search again from that function in
// a new process.
const pbccFreshExit = 96

// pbccGoroutinesMax is how many goroutines a process may have before a
// function's search and still search it.
const pbccGoroutinesMax = 256

// pbccRunTarget is what the search learns at run time of a function
// (oracle.runTarget): whether it is searched, the sites its cases
// already reach, whether its first input is kept whatever it reaches.
type pbccRunTarget struct {
	Run     bool  `json:"run"`
	Covered []int `json:"covered"`
	First   bool  `json:"first"`
}

// pbccBudget is the time each function's search may take, at most;
// pbccCallTimeout how long a call may take before it counts as not
// returning ($PBCC_EXPLORE_BUDGET, $PBCC_EXPLORE_CALL_TIMEOUT, in
// nanoseconds).
var pbccBudget, pbccCallTimeout pbcctime.Duration

// pbccOneCall is how long the one call of a function without parameters
// may take ($PBCC_EXPLORE_ONE_CALL): at least its budget, more when the
// run has time (go-runewidth's CreateLUT takes 6 s instrumented).
var pbccOneCall pbcctime.Duration

// Explore is the glue's TestPBCCExplore: the search of the targets
// $PBCC_EXPLORE_TARGETS says to run.
func Explore(t *pbcctesting.T) {
	from, _ := pbccstrconv.Atoi(pbccos.Getenv("PBCC_EXPLORE_FROM"))
	budget, _ := pbccstrconv.ParseInt(pbccos.Getenv("PBCC_EXPLORE_BUDGET"), 10, 64)
	callTimeout, _ := pbccstrconv.ParseInt(pbccos.Getenv("PBCC_EXPLORE_CALL_TIMEOUT"), 10, 64)
	pbccBudget, pbccCallTimeout = pbcctime.Duration(budget), pbcctime.Duration(callTimeout)
	oneCall, _ := pbccstrconv.ParseInt(pbccos.Getenv("PBCC_EXPLORE_ONE_CALL"), 10, 64)
	// (Not max: the driver builds under the module's go line.)
	pbccOneCall = pbcctime.Duration(oneCall)
	if pbccOneCall < pbccBudget {
		pbccOneCall = pbccBudget
	}
	var run []pbccRunTarget
	data, err := pbccos.ReadFile(pbccos.Getenv("PBCC_EXPLORE_TARGETS"))
	if err == nil {
		err = pbccjson.Unmarshal(data, &run)
	}
	if err != nil || len(run) != len(pbccTargets) {
		t.Fatalf("the targets of the search ($PBCC_EXPLORE_TARGETS): %v (%d for %d)", err, len(run), len(pbccTargets))
	}
	initial := pbccSaveGlobals()
	for i, tg := range pbccTargets {
		if i < from || !run[i].Run {
			continue
		}
		tg.covered, tg.first = append([]int(nil), run[i].Covered...), run[i].First
		pbccRestoreGlobals(initial)
		pbccHangs = 0
		if i == from {
			// A search started again after calls that did not return:
			// another seed, and the sites its first attempts reached.
			pbccHangs, _ = pbccstrconv.Atoi(pbccos.Getenv("PBCC_EXPLORE_HANGS"))
			for _, f := range pbccstrings.Fields(pbccos.Getenv("PBCC_EXPLORE_COVERED")) {
				if k, err := pbccstrconv.Atoi(f); err == nil {
					tg.covered = append(tg.covered, k)
				}
			}
		}
		if i > from && pbccruntime.NumGoroutine() > pbccGoroutinesMax {
			pbccWrite(pbccExploreLine{Func: i, Fresh: true})
			pbccos.Exit(pbccFreshExit)
		}
		pbccWrite(pbccExploreLine{Func: i, Begin: true})
		pbccExploreOne(t, i, tg)
	}
}

// pbccGlobals are the package's variables: each function is searched
// from the values the package's initialisation gives them, as its tests
// run in a new process, not from what the search of the functions
// before it left (iancoleman/strcase: ConfigureAcronym's search stored
// acronyms that ToCamel's cases then read, and they were left unchecked
// as results that vary).
var pbccGlobals []pbccreflect.Value

// pbccSaveGlobals returns a copy of the package's variables, nil for one
// reflection cannot copy; the objects they share stay shared.
func pbccSaveGlobals() []pbccreflect.Value {
	seen := map[pbccPtrKey]pbccreflect.Value{}
	saved := make([]pbccreflect.Value, len(pbccGlobals))
	for i, g := range pbccGlobals {
		func() {
			defer func() {
				if recover() != nil {
					saved[i] = pbccreflect.Value{}
				}
			}()
			saved[i] = pbccCloneIn(g, seen)
		}()
	}
	return saved
}

// pbccRestoreGlobals sets the package's variables to a copy of saved.
func pbccRestoreGlobals(saved []pbccreflect.Value) {
	seen := map[pbccPtrKey]pbccreflect.Value{}
	for i, g := range pbccGlobals {
		if !saved[i].IsValid() {
			continue
		}
		func() {
			defer func() { _ = recover() }()
			c := pbccCloneIn(saved[i], seen)
			if g.Kind() == pbccreflect.Pointer && !g.IsNil() && !c.IsNil() {
				// Into what it points to: others may hold the pointer
				// (var verbose = flag.Bool("v", ...): the flag's value).
				g.Elem().Set(c.Elem())
				return
			}
			g.Set(c)
		}()
	}
}

// pbccHung ends the process after a call that did not return: its
// goroutine would run on, taking a core and calling the coverage hook
// while other inputs are tried. The exit status tells Explore to start
// again in a new process: the same function with another seed, up to 3
// times, then the next one.
func pbccHung() {
	pbccHangs++
	pbccWrite(pbccExploreLine{Func: pbccCurrent, Stop: pbccfmt.Sprintf("%d call(s) did not return in time (a loop without exit?): their inputs are left out", pbccHangs)})
	pbccos.Exit(pbccHungExit)
}

// pbccHangs counts the calls of the function being searched that did not
// return in time, in this process and the ones before it; pbccCurrent is
// that function's index.
var pbccHangs, pbccCurrent int

// pbccSteps counts the branch executions of the calls of the search's
// current phase (the coverage hook sees each), pbccStepsAll those of the
// phases before; pbccCalls counts the calls (PBCC_EXPLORE_LOG).
var pbccSteps, pbccStepsAll int64
var pbccCalls int

// pbccSeeds runs the oracle's test of tg's cases and returns their
// parameters (as the calls left them) that have the function's types.
func pbccSeeds(t *pbcctesting.T, tg Target, ft pbccreflect.Type) (seeds [][]pbccreflect.Value) {
	if tg.Seed == nil {
		return nil
	}
	defer func() {
		pbccSeedHook = nil
		if recover() != nil {
			seeds = nil
		}
	}()
	pbccSeedHook = func(after []interface{}) {
		n := len(tg.Env)
		if tg.Files {
			n += 2 // no files (pbccInDir): the seed's own are not known here
		}
		if n+len(after) != ft.NumIn() {
			return
		}
		// The oracle's test set the environment for the call.
		args := make([]pbccreflect.Value, n+len(after))
		for i, k := range tg.Env {
			args[i] = pbccreflect.ValueOf(pbccos.Getenv(k))
		}
		if tg.Files {
			args[len(tg.Env)], args[len(tg.Env)+1] = pbccreflect.ValueOf(false), pbccreflect.ValueOf("")
		}
		for i, a := range after {
			v := pbccreflect.ValueOf(a)
			if v.Kind() != pbccreflect.Pointer || v.Elem().Type() != ft.In(n+i) {
				return
			}
			args[n+i] = v.Elem()
		}
		seeds = append(seeds, pbccSafeClone(args))
	}
	tg.Seed(t)
	return seeds
}

// pbccWithEnv returns fv as a function of the environment variables env
// too: its first parameters are their values, set (os.Setenv) before fv
// is called with the others. The search then makes, shrinks and keeps
// them as it does the parameters.
func pbccWithEnv(fv pbccreflect.Value, env []string) pbccreflect.Value {
	ft := fv.Type()
	first := make([]pbccreflect.Type, len(env))
	for i := range first {
		first[i] = pbccreflect.TypeOf("")
	}
	return pbccreflect.MakeFunc(pbccWrapped(ft, first, nil), func(args []pbccreflect.Value) []pbccreflect.Value {
		for i, k := range env {
			pbccos.Setenv(k, args[i].String())
		}
		return pbccInvoke(fv, args[len(env):])
	})
}

// pbccInDir returns fv as a function of two inputs more, first: whether
// the files the call names exist, and their contents. Each call runs in
// an empty directory, made in $PBCC_EXPLORE_DIR (the oracle's temporary
// directory) and emptied after it, with the environment the call may
// have changed restored: a function that reads and writes files by name
// (ir.Func.Files), its names confined to that directory by
// pbccCheckPath. When the files exist, each name the call gives os.Open,
// os.ReadFile... that is not yet a file is made one, with the contents,
// before that call (pbccFilesMade names them): the search then makes,
// shrinks and keeps the contents as it does the parameters, without
// knowing beforehand the names the function reads. The directory is
// made once (a call costs 0.6 ms with one made and removed each time).
func pbccInDir(fv pbccreflect.Value) pbccreflect.Value {
	ft := fv.Type()
	dir := ""
	first := []pbccreflect.Type{pbccreflect.TypeOf(false), pbccreflect.TypeOf("")}
	return pbccreflect.MakeFunc(pbccWrapped(ft, first, nil), func(args []pbccreflect.Value) []pbccreflect.Value {
		wd, err := pbccos.Getwd()
		if err != nil {
			panic(pbccOutside{})
		}
		if dir == "" {
			if dir, err = pbccos.MkdirTemp(pbccos.Getenv("PBCC_EXPLORE_DIR"), "call"); err != nil {
				dir = ""
				panic(pbccOutside{})
			}
		}
		env := pbccos.Environ()
		pbccFilesMade, pbccFilesText, pbccFilesOn, pbccReadOutside = nil, args[1].String(), args[0].Bool(), false
		defer func() {
			pbccFilesOn = false
			pbccos.Chdir(wd)
			if es, err := pbccos.ReadDir(dir); err != nil || len(es) > 0 {
				pbccos.RemoveAll(dir)
				dir = ""
			}
			if now := pbccos.Environ(); !pbccSameStrings(now, env) {
				pbccRestoreEnv(env)
			}
		}()
		if pbccos.Chdir(dir) != nil {
			panic(pbccOutside{})
		}
		return pbccInvoke(fv, args[2:])
	})
}

// The files of the call running (pbccInDir): whether they exist, their
// contents, the names made.
var (
	pbccFilesOn   bool
	pbccFilesText string
	pbccFilesMade []string
	// pbccReadOutside says the call read a file outside its directory:
	// its results are the machine's.
	pbccReadOutside bool
)

// pbccSameStrings reports whether a and b hold the same strings in the
// same order.
func pbccSameStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// pbccRestoreEnv sets the process's environment back to env.
func pbccRestoreEnv(env []string) {
	pbccos.Clearenv()
	for _, kv := range env {
		if i := pbccstrings.IndexByte(kv, '='); i > 0 {
			pbccos.Setenv(kv[:i], kv[i+1:])
		}
	}
}

// pbccOutside is the panic of pbccCheckPath: the call's input names a
// file outside its directory, and is neither run nor kept.
type pbccOutside struct{}

// pbccWithArgs wraps fv, a program's main, in a function whose first
// parameter is its command line after the program's name: each call runs
// with os.Args set to it and a new flag.CommandLine, which holds the
// flags the package's initialisation defined, at their defaults, and
// panics where flag.ExitOnError would end the process; that becomes the
// exit the emitted tests see (status 0 for -h, 2 for a wrong flag).
func pbccWithArgs(fv pbccreflect.Value) pbccreflect.Value {
	ft := fv.Type()
	init := pbccflag.CommandLine
	return pbccreflect.MakeFunc(pbccWrapped(ft, []pbccreflect.Type{pbccreflect.TypeOf([]string(nil))}, nil), func(args []pbccreflect.Value) (res []pbccreflect.Value) {
		oldArgs, oldFlags := pbccos.Args, pbccflag.CommandLine
		pbccos.Args = append([]string{"prog"}, args[0].Interface().([]string)...)
		fs := pbccflag.NewFlagSet("prog", pbccflag.PanicOnError)
		init.VisitAll(func(f *pbccflag.Flag) {
			if !pbccstrings.HasPrefix(f.Name, "test.") {
				f.Value.Set(f.DefValue)
				fs.Var(f.Value, f.Name, f.Usage)
			}
		})
		parsing := false
		fs.Usage = func() {
			parsing = true // the flags were wrong, or -h asked for help
			pbccflag.Usage()
		}
		pbccflag.CommandLine = fs
		defer func() {
			pbccos.Args, pbccflag.CommandLine = oldArgs, oldFlags
			if r := recover(); r != nil {
				err, isErr := r.(error)
				switch {
				case !isErr || !parsing:
					panic(r)
				case err == pbccflag.ErrHelp:
					panic(pbccExited(0))
				default:
					panic(pbccExited(2))
				}
			}
		}()
		return pbccInvoke(fv, args[1:])
	})
}

// pbccCommandLines are the first inputs of a program's main (its
// command line the first parameter, pbccWithArgs): a word alone, then
// each flag of its dictionary ("-v") before a word, alone and with a
// value (a number, a word, a negative number), which a search that
// changes one element at a time seldom puts together.
func pbccCommandLines(ft pbccreflect.Type, tg *Target) [][]pbccreflect.Value {
	input := func(words ...string) []pbccreflect.Value {
		in := make([]pbccreflect.Value, ft.NumIn())
		for i := range in {
			in[i] = pbccreflect.New(ft.In(i)).Elem()
		}
		in[0] = pbccreflect.ValueOf(words)
		return in
	}
	out := [][]pbccreflect.Value{input("a")}
	for _, s := range tg.Strs {
		if len(s) < 2 || s[0] != '-' {
			continue
		}
		out = append(out, input(s, "a"), input(s, "1", "a"), input(s, "-1", "a"), input(s, "a", "a"))
	}
	return out
}

// pbccCheckPath is the instrumented package's _pbccPathHook in the
// search and the oracle's runs: it rejects the write of a file whose
// name is absolute or has a ".." element (the file would be another
// directory's, the machine's); such a read is run, and the call's
// results depend on the machine (pbccReadOutside).
func pbccCheckPath(name string, write bool) {
	outside := pbccfilepath.IsAbs(name) || pbccfilepath.VolumeName(name) != ""
	for _, e := range pbccstrings.FieldsFunc(name, func(r rune) bool { return r == '/' || r == pbccfilepath.Separator }) {
		outside = outside || e == ".."
	}
	if outside && write {
		panic(pbccOutside{})
	}
	if outside {
		pbccReadOutside = true
		return
	}
	if !pbccFilesOn || name == "" || pbccstrings.HasSuffix(name, "/") || len(pbccFilesMade) >= 8 {
		return
	}
	if _, err := pbccos.Lstat(name); err == nil {
		return
	}
	clean := pbccfilepath.ToSlash(pbccfilepath.Clean(name))
	if pbccos.MkdirAll(pbccfilepath.Dir(clean), 0o755) != nil || pbccos.WriteFile(clean, []byte(pbccFilesText), 0o644) != nil {
		return
	}
	pbccFilesMade = append(pbccFilesMade, clean)
	pbccsort.Strings(pbccFilesMade)
}

// pbccWrapped is the type of a function wrapping one of type ft: the
// parameters first, then ft's, ft's results, then the results last.
func pbccWrapped(ft pbccreflect.Type, first, last []pbccreflect.Type) pbccreflect.Type {
	in := append([]pbccreflect.Type(nil), first...)
	for i := 0; i < ft.NumIn(); i++ {
		in = append(in, ft.In(i))
	}
	var out []pbccreflect.Type
	for i := 0; i < ft.NumOut(); i++ {
		out = append(out, ft.Out(i))
	}
	return pbccreflect.FuncOf(in, append(out, last...), ft.IsVariadic())
}

// pbccInvoke calls fv with args, its last one the variadic slice when fv
// is variadic.
func pbccInvoke(fv pbccreflect.Value, args []pbccreflect.Value) []pbccreflect.Value {
	if fv.Type().IsVariadic() {
		return fv.CallSlice(args)
	}
	return fv.Call(args)
}

// pbccWithStdout returns fv with one more result: what the call writes to
// os.Stdout, which is a file of the driver's during the call. The search
// then compares it, and keeps inputs for it, as it does the results. With
// exits, two more: what it writes to os.Stderr, and the status it ends
// the process with (os.Exit, seen through _pbccExitHook; 0 when it
// returns), its results then zero; os.Args is then just "prog", as the
// tests' process of the call has it.
func pbccWithStdout(fv pbccreflect.Value, exits bool) pbccreflect.Value {
	ft := fv.Type()
	last := []pbccreflect.Type{pbccreflect.TypeOf("")}
	if exits {
		last = append(last, pbccreflect.TypeOf(""), pbccreflect.TypeOf(0))
	}
	return pbccreflect.MakeFunc(pbccWrapped(ft, nil, last), func(args []pbccreflect.Value) []pbccreflect.Value {
		stdout, stderr := pbccOutFile(&pbccStdout), (*pbccos.File)(nil)
		if exits {
			stderr = pbccOutFile(&pbccStderr)
		}
		for _, f := range []*pbccos.File{stdout, stderr} {
			if f != nil { // what the call before wrote
				f.Truncate(0)
				f.Seek(0, 0)
			}
		}
		oldOut, oldErr, oldArgs := pbccos.Stdout, pbccos.Stderr, pbccos.Args
		if stdout != nil {
			pbccos.Stdout = stdout
		}
		if stderr != nil {
			// The standard logger writes to the os.Stderr of the
			// package's start, which a test's process captures.
			pbccos.Stderr = stderr
			oldLog := pbcclog.Writer()
			pbcclog.SetOutput(stderr)
			defer pbcclog.SetOutput(oldLog)
		}
		if exits {
			pbccos.Args = []string{"prog"}
		}
		defer func() { pbccos.Stdout, pbccos.Stderr, pbccos.Args = oldOut, oldErr, oldArgs }()
		var res []pbccreflect.Value
		exit := 0
		func() {
			if exits {
				defer func() {
					if r := recover(); r != nil {
						e, ok := r.(pbccExited)
						if !ok {
							panic(r)
						}
						exit = int(e)
					}
				}()
			}
			res = pbccInvoke(fv, args)
		}()
		if res == nil {
			for i := 0; i < ft.NumOut(); i++ {
				res = append(res, pbccreflect.Zero(ft.Out(i)))
			}
		}
		res = append(res, pbccreflect.ValueOf(pbccPrinted(stdout)))
		if exits {
			res = append(res, pbccreflect.ValueOf(pbccPrinted(stderr)), pbccreflect.ValueOf(exit))
		}
		return res
	})
}

// pbccExited is the panic of a call of os.Exit in the package
// (_pbccExitHook), which pbccWithStdout recovers.
type pbccExited int

// pbccPrinted returns what the call wrote to f (emptied before it);
// "" for a nil f.
func pbccPrinted(f *pbccos.File) string {
	if f == nil {
		return ""
	}
	f.Seek(0, 0)
	b, _ := pbccio.ReadAll(pbccio.LimitReader(f, pbccMaxPrinted+1))
	return string(b)
}

// pbccMaxPrinted is how much of what a call prints the search reads: when
// a case prints more, its table does not check what its cases print (a
// literal of kilobytes is no test a reviewer reads).
const pbccMaxPrinted = 2048

var pbccStdout, pbccStderr *pbccos.File

// pbccOutFile returns *f, made empty the first time: the file os.Stdout
// (os.Stderr) is during the calls of functions that print (that exit), or
// nil when none can be made (what they print is then "").
func pbccOutFile(f **pbccos.File) *pbccos.File {
	if *f == nil {
		t, err := pbccos.CreateTemp("", "pbcc-out-")
		if err != nil {
			return nil
		}
		pbccos.Remove(t.Name()) // open, it stays readable
		*f = t
	}
	return *f
}

// pbccExploreOne searches inputs of target idx: for its branches, then
// for the relations and ariths its cases miss (pbccSearch), then for
// inputs that kill its mutants (pbccKill).
func pbccExploreOne(t *pbcctesting.T, idx int, tg Target) {
	fv := pbccreflect.ValueOf(tg.Fn)
	if tg.Files {
		fv = pbccInDir(fv)
	}
	if len(tg.Env) > 0 {
		fv = pbccWithEnv(fv, tg.Env)
	}
	if tg.Args {
		fv = pbccWithArgs(fv)
	}
	if tg.Stdout || tg.Exits {
		fv = pbccWithStdout(fv, tg.Exits)
	}
	ft := fv.Type()
	pbccCurrent = idx
	var stop string // why the branch phase ended early
	if log := pbccos.Getenv("PBCC_EXPLORE_LOG"); log != "" {
		began := pbcctime.Now()
		defer func() {
			if f, err := pbccos.OpenFile(log, pbccos.O_WRONLY|pbccos.O_APPEND|pbccos.O_CREATE, 0o644); err == nil {
				pbccfmt.Fprintf(f, "%d %d %d %.3f %q %s\n", idx, pbccCalls, pbccStepsAll+pbccSteps, pbcctime.Since(began).Seconds(), stop, pbccKillLog)
				f.Close()
			}
		}()
	}
	pbccCalls, pbccStepsAll, pbccSteps, pbccKillLog = 0, 0, 0, ""
	// A panic of the search itself (not of the function: pbccCall
	// recovers those) ends this function's search, keeping the cases
	// written, and not the others' (spf13/cast: an unhashable map key
	// lost the search of all 67 functions).
	defer func() {
		if r := recover(); r != nil {
			pbccWrite(pbccExploreLine{Func: idx, Stop: pbccfmt.Sprintf("the search failed: %v", r)})
		}
	}()
	pbccGoPanics, pbccGoPanicFirst, pbccBlocked = 0, "", 0
	cases, pool := pbccSearch(t, idx, tg, fv, ft, &stop)
	if pbccHangs == 0 {
		// After calls that did not return, the search starts again
		// without this phase: what it kept is written already.
		pbccKill(idx, tg, fv, ft, cases, pool)
	}
	var left []string
	if pbccGoPanics > 0 {
		left = append(left, pbccfmt.Sprintf("%d input(s) left out: a goroutine their call started %s", pbccGoPanics, pbccGoPanicFirst))
	}
	if pbccBlocked > 0 {
		left = append(left, pbccfmt.Sprintf("%d input(s) left out: their call blocks for good (on a nil channel)", pbccBlocked))
	}
	if len(left) > 0 && stop == "" {
		pbccWrite(pbccExploreLine{Func: idx, Stop: pbccstrings.Join(left, "; ")})
	}
}

// pbccKillLog says, for PBCC_EXPLORE_LOG, how many mutants the function
// has, how many its cases kill, and how many live at the end.
var pbccKillLog string

// pbccPoolMax bounds the inputs the search keeps for the mutant phase:
// the first ones to reach a set of hits no earlier input reached.
const pbccPoolMax = 256

// pbccSearch is the search for branches, then relations and ariths. It
// returns the function's cases (the oracle's, then the inputs it kept, as
// written) and a pool of other inputs it tried, the first to reach each
// new set of hits.
func pbccSearch(t *pbcctesting.T, idx int, tg Target, fv pbccreflect.Value, ft pbccreflect.Type, stop *string) (cases, pool [][]pbccreflect.Value) {
	own, branch := map[int]bool{}, map[int]bool{}
	for _, s := range tg.Sites {
		own[s], branch[s] = true, true
	}
	for _, s := range tg.Rels {
		own[s] = true
	}
	covered := map[int]bool{}
	branches := 0 // of the branch sites covered
	for _, k := range tg.covered {
		if own[k] && !covered[k] {
			covered[k] = true
			if branch[k] {
				branches++
			}
		}
	}
	// The inputs kept, as they were before their call; first the cases',
	// whose neighbours are tried first.
	corpus := pbccSeeds(t, tg, ft)
	cases = append(cases, corpus...)
	if len(covered) == len(own) && !tg.first {
		return cases, nil
	}
	// First the branches, as if there were no relations to reach (the
	// inputs kept for a relation would change what the search tries),
	// with all the calls and time; then the relations, from all the
	// inputs kept, with what is left, at least a quarter more.
	branchPhase := branches < len(branch)
	rng := pbccrand.New(pbccrand.NewPCG(tg.Key, 0x9e3779b97f4a7c15+uint64(pbccHangs)))
	start := pbcctime.Now()
	// A loop without exit on some inputs: they are left out and the
	// search goes on around them, a few times; then, as their goroutines
	// spin on, the process ends and the search starts again with the
	// next function.
	// The calls and the branch executions in them (pbccSteps) bound the
	// search: the same inputs are tried on an idle machine as on a
	// loaded one. The time budget is a safety net a normal run does
	// not reach.
	calls, steps, budget := pbccCallsMax, pbccStepsMax, pbccBudget
	calls0, steps0, budget0 := calls, steps, budget
	// Without parameters, the calls differ only by the state earlier
	// ones left: a few tell it (counter.Next reaches its limit on the
	// 4th, after the repeats of the stability check).
	lastCall := -1
	if ft.NumIn() == 0 {
		lastCall = 16
	}
	signatures := map[string]bool{}
	// The (site, hit-count bucket) pairs the calls reached, and the inputs
	// input-to-state made, tried before any other.
	counts := map[int]bool{}
	var queue [][]pbccreflect.Value
	pbccSlot, pbccNCounted = make([]int32, pbccSites), 0
	for k := range pbccSlot {
		if branch[k] {
			pbccSlot[k] = int32(pbccNCounted)
			pbccNCounted++
		} else {
			pbccSlot[k] = -1
		}
	}
	defer func() { pbccSlot, pbccCounts = nil, nil }()
	if tg.Args {
		queue = pbccCommandLines(ft, &tg)
	}
	for it, from := 0, 0; ; it++ {
		// Each goroutine parked makes the next look slower
		// (pbccParkedForGood reads all their stacks).
		blocked := pbccBlocked >= pbccBlockedMax
		if branchPhase && (branches == len(branch) || it >= calls || pbccSteps >= steps || pbcctime.Since(start) > budget || it == lastCall || blocked) {
			if pbcctime.Since(start) > budget {
				*stop = "time budget"
			}
			branchPhase = false
			// What is left, at least a quarter (no builtin max: the
			// driver compiles at the module's go line, go 1.16 for
			// go-humanize).
			if calls -= it; calls < calls0/4 {
				calls = calls0 / 4
			}
			if steps -= pbccSteps; steps < steps0/4 {
				steps = steps0 / 4
			}
			if budget -= pbcctime.Since(start); budget < budget0/4 {
				budget = budget0 / 4
			}
			from, start = it, pbcctime.Now()
			pbccStepsAll += pbccSteps
			pbccSteps = 0
		}
		if !branchPhase && (it-from >= calls || pbccSteps >= steps || pbcctime.Since(start) > budget || it == lastCall || blocked) {
			if blocked {
				*stop = pbccfmt.Sprintf("%d inputs blocked for good (on a nil channel): the search ended there", pbccBlocked)
			}
			if *stop != "" && branches < len(branch) {
				pbccWrite(pbccExploreLine{Func: idx, Stop: *stop})
			}
			return cases, pool
		}
		var args []pbccreflect.Value
		switch {
		case len(queue) > 0:
			args, queue = queue[0], queue[1:]
		case len(corpus) > 0 && ft.NumIn() > 0 && rng.IntN(8) == 0:
			// This iteration's call logs the comparisons of an input
			// kept; the next ones try what they suggest.
			queue = pbccInputToState(rng, fv, ft, corpus)
			continue
		default:
			args = pbccNextInput(rng, corpus, ft, &tg)
		}
		pristine := pbccSafeClone(args) // the call may change args
		hits := map[int]bool{}
		_, done, _, ok := pbccCall(fv, ft, args, hits)
		if !ok {
			continue
		}
		more := pbccNewCounts(counts)
		if len(pool) < pbccPoolMax && len(tg.Muts) > 0 {
			if sig := pbccSignature(hits); !signatures[sig] {
				signatures[sig] = true
				pool = append(pool, pristine)
			}
		}
		var fresh []int
		for k := range hits {
			if own[k] && !covered[k] && (branch[k] || !branchPhase) {
				fresh = append(fresh, k)
			}
		}
		if len(fresh) == 0 && (it > 0 || !tg.first) {
			if more && len(corpus) < pbccCorpusMax {
				corpus = append(corpus, pristine)
			}
			continue
		}
		pbccsort.Ints(fresh)
		for _, k := range fresh {
			covered[k] = true
			if branch[k] {
				branches++
			}
		}
		corpus = append(corpus, pristine)
		// The smallest inputs that still reach the new sites, the same
		// way (returning or panicking), are what a reader sees.
		want := fresh
		if len(fresh) == 0 {
			// The first input of a function without sites of its own
			// to reach: it keeps what it reaches in the functions it
			// calls (kr/pretty's Fdiff, shrunk to nils, printed
			// nothing).
			want = nil
			for k := range hits {
				want = append(want, k)
			}
			pbccsort.Ints(want)
		}
		if small := pbccShrink(fv, ft, pristine, want, done); small != nil {
			pristine = small
		}
		finalHits, written := pbccKeep(idx, fv, ft, pristine, fresh, false, start)
		// What the case written reaches is covered, the relations it
		// reaches in passing too: no later input is kept for them.
		for k := range finalHits {
			if own[k] && !covered[k] {
				covered[k] = true
				if branch[k] {
					branches++
				}
			}
		}
		if written {
			cases = append(cases, pristine)
		}
		if len(covered) == len(own) && len(own) > 0 {
			return cases, pool
		}
	}
}

// pbccCorpusMax bounds the inputs a search keeps for mutation.
const pbccCorpusMax = 512

// pbccNewCounts reports whether the last call reached one of the sites
// it counts a number of times no call before did (counted in buckets:
// exactly up to 16, then by powers of two), and adds what it reached to
// seen.
func pbccNewCounts(seen map[int]bool) bool {
	more := false
	for k, c := range pbccCounts {
		if c == 0 {
			continue
		}
		bucket := int(c)
		if c > 16 {
			for bucket = 16; c > 16; c >>= 1 {
				bucket++
			}
		}
		if key := k*64 + bucket; !seen[key] {
			seen[key] = true
			more = true
		}
	}
	return more
}

// pbccInputToState runs an input kept (the newest half the time) with
// its comparisons logged, and returns inputs made from it by putting, in
// place of a value a comparison read, the value it was compared with
// (and back): for the last comparison of the run (often the one that
// ended the path: s[8] != ':') and for one drawn at random, each
// occurrence in turn, at most 32 inputs. A byte compared with a byte
// stands for that byte in strings and byte slices.
func pbccInputToState(rng *pbccrand.Rand, fv pbccreflect.Value, ft pbccreflect.Type, corpus [][]pbccreflect.Value) (out [][]pbccreflect.Value) {
	from := corpus[len(corpus)-1]
	if rng.IntN(2) == 0 {
		from = corpus[rng.IntN(len(corpus))]
	}
	pbccLogCmp = true
	_, _, _, ok := pbccCall(fv, ft, pbccSafeClone(from), map[int]bool{})
	pbccLogCmp = false
	if !ok || len(pbccCmpPairs) == 0 {
		return nil
	}
	last, drawn := pbccCmpPairs[len(pbccCmpPairs)-1], pbccCmpPairs[rng.IntN(len(pbccCmpPairs))]
	pairs := [][2]interface{}{last}
	if drawn != last {
		pairs = append(pairs, drawn)
	}
	for _, p := range pairs {
		if p[0] == p[1] {
			continue
		}
		for dir := 0; dir < 2; dir++ {
			for j := 0; j < 16 && len(out) < 32; j++ {
				args := pbccSafeClone(from)
				n, done := j, false
				for i := range args {
					if done = pbccSubst(args[i], p[dir], p[1-dir], &n, 0); done {
						break
					}
				}
				if !done {
					break
				}
				out = append(out, args)
			}
		}
	}
	return out
}

// pbccSubst replaces the *n-th occurrence (counting down *n) of a in v by
// b and reports whether it did: a number equal to a, a string or byte
// slice holding a (a string, or a byte when a is a number under 256; b a
// string, a byte under 256, or a rune written in UTF-8).
func pbccSubst(v pbccreflect.Value, a, b interface{}, n *int, depth int) bool {
	if depth > 4 || !v.IsValid() {
		return false
	}
	if !v.CanSet() {
		if !v.CanAddr() {
			return false
		}
		v = pbccreflect.NewAt(v.Type(), pbccunsafe.Pointer(v.UnsafeAddr())).Elem()
	}
	av, bv := pbccreflect.ValueOf(a), pbccreflect.ValueOf(b)
	switch v.Kind() {
	case pbccreflect.Int, pbccreflect.Int8, pbccreflect.Int16, pbccreflect.Int32, pbccreflect.Int64:
		x, ok1 := pbccAsInt(av)
		y, ok2 := pbccAsInt(bv)
		if ok1 && ok2 && v.Int() == x && !v.OverflowInt(y) {
			if *n == 0 {
				v.SetInt(y)
				return true
			}
			*n--
		}
	case pbccreflect.Uint, pbccreflect.Uint8, pbccreflect.Uint16, pbccreflect.Uint32, pbccreflect.Uint64, pbccreflect.Uintptr:
		x, ok1 := pbccAsInt(av)
		y, ok2 := pbccAsInt(bv)
		if ok1 && ok2 && int64(v.Uint()) == x && y >= 0 && !v.OverflowUint(uint64(y)) {
			if *n == 0 {
				v.SetUint(uint64(y))
				return true
			}
			*n--
		}
	case pbccreflect.Float32, pbccreflect.Float64:
		if av.CanFloat() && bv.CanFloat() && v.Float() == av.Float() {
			if *n == 0 {
				v.SetFloat(bv.Float())
				return true
			}
			*n--
		}
	case pbccreflect.String:
		if s, ok := pbccSubstText(v.String(), av, bv, n); ok {
			v.SetString(s)
			return true
		}
		if s, ok := pbccResize(v.String(), av, bv, n); ok {
			v.SetString(s)
			return true
		}
	case pbccreflect.Slice:
		if pbccBytes(v.Type()) {
			if s, ok := pbccSubstText(string(v.Bytes()), av, bv, n); ok {
				v.Set(pbccreflect.ValueOf([]byte(s)).Convert(v.Type()))
				return true
			}
			if s, ok := pbccResize(string(v.Bytes()), av, bv, n); ok {
				v.Set(pbccreflect.ValueOf([]byte(s)).Convert(v.Type()))
				return true
			}
			return false
		}
		for i := 0; i < v.Len() && i < 16; i++ {
			if pbccSubst(v.Index(i), a, b, n, depth+1) {
				return true
			}
		}
	case pbccreflect.Array:
		for i := 0; i < v.Len() && i < 16; i++ {
			if pbccSubst(v.Index(i), a, b, n, depth+1) {
				return true
			}
		}
	case pbccreflect.Pointer:
		if !v.IsNil() {
			return pbccSubst(v.Elem(), a, b, n, depth+1)
		}
	case pbccreflect.Struct:
		t := v.Type()
		if t == pbccTimeType || t == pbccBigIntType {
			return false
		}
		for i := 0; i < t.NumField(); i++ {
			if (t.PkgPath() == pbccOwnPath || t.Field(i).IsExported()) && pbccSubst(v.Field(i), a, b, n, depth+1) {
				return true
			}
		}
	}
	return false
}

// pbccResize is pbccSubst on the length of text s: when s is a long and
// b a length up to 128, it returns s cut to b bytes or made b long with
// copies of its last byte (digits stay digits: a check of len(s) against
// a table's entry, len(s) != cs.Length, is then passed by the input that
// reached it), or false (counting *n down).
func pbccResize(s string, a, b pbccreflect.Value, n *int) (string, bool) {
	x, ok1 := pbccAsInt(a)
	y, ok2 := pbccAsInt(b)
	if !ok1 || !ok2 || int64(len(s)) != x || y < 0 || y > 128 || y == x {
		return "", false
	}
	if *n > 0 {
		*n--
		return "", false
	}
	if y < x {
		return s[:y], true
	}
	pad := byte('0')
	if len(s) > 0 {
		pad = s[len(s)-1]
	}
	return s + pbccstrings.Repeat(string(pad), int(y-x)), true
}

// pbccSubstText is pbccSubst on text s: it returns s with the *n-th
// occurrence of a replaced by b, or false (counting *n down).
func pbccSubstText(s string, a, b pbccreflect.Value, n *int) (string, bool) {
	from, ok1 := pbccAsText(a)
	to, ok2 := pbccAsText(b)
	if !ok1 || !ok2 || from == "" {
		return "", false
	}
	for i := 0; i+len(from) <= len(s); {
		j := pbccstrings.Index(s[i:], from)
		if j < 0 {
			break
		}
		if *n == 0 {
			return s[:i+j] + to + s[i+j+len(from):], true
		}
		*n--
		i += j + 1
	}
	return "", false
}

// pbccAsInt is the value of an integer of any kind.
func pbccAsInt(v pbccreflect.Value) (int64, bool) {
	switch {
	case v.CanInt():
		return v.Int(), true
	case v.CanUint():
		return int64(v.Uint()), true
	}
	return 0, false
}

// pbccAsText is what a compared value stands for in text: a string
// itself, a number under 256 one byte, a larger rune its UTF-8.
func pbccAsText(v pbccreflect.Value) (string, bool) {
	if v.Kind() == pbccreflect.String {
		return v.String(), true
	}
	x, ok := pbccAsInt(v)
	switch {
	case !ok || x < 0 || x > 0x10ffff:
		return "", false
	case x < 256:
		return string([]byte{byte(x)}), true
	}
	return string(rune(x)), true
}

// pbccKeep writes the case of input pristine of target idx, kept for the
// hits fresh (a mutant's kill, kill set: the hit of the run that infects
// it): its results, panic and parameters after the call, and whether they
// are the same from call to call. It returns the hits of the call and whether
// the case was written (a call that returns in one run and panics in
// another is not). start is when the search's phase began (its time
// budget bounds the repeats).
func pbccKeep(idx int, fv pbccreflect.Value, ft pbccreflect.Type, pristine []pbccreflect.Value, fresh []int, kill bool, start pbcctime.Time) (map[int]bool, bool) {
	var enc []*pbccNode
	seen := map[uintptr]int{}
	for _, a := range pristine {
		enc = append(enc, pbccEncode(a, seen, 0))
	}
	final := pbccSafeClone(pristine)
	began := pbcctime.Now()
	finalHits := map[int]bool{}
	res, done, msg, ok := pbccCall(fv, ft, final, finalHits)
	if !ok {
		return nil, false
	}
	took := pbcctime.Since(began)
	line := pbccExploreLine{Func: idx, Args: enc, Done: done, Panic: msg, New: fresh, Kill: kill, Files: pbccFilesMade}
	readOutside := pbccReadOutside // the repeats below set it again
	seen = map[uintptr]int{}
	for _, a := range final {
		line.After = append(line.After, pbccEncode(a, seen, 0))
	}
	if done {
		seen = map[uintptr]int{}
		for _, r := range res {
			line.Got = append(line.Got, pbccEncode(r, seen, 0))
		}
	}
	// The clock, randomness or map order may make the results differ
	// from call to call: such a case is kept, its results not
	// checked. One that returns in one call and panics in another (or
	// panics differently) has no test that passes every time: left out.
	// A slow call is repeated once, none past the time budget (the
	// check before writing still catches what this one misses).
	// Each result apart: those that differ are not checked, the others
	// are (the error of a constructor that stamps the time).
	want := make([]string, len(line.Got))
	for i, g := range line.Got {
		b, _ := pbccjson.Marshal(g)
		want[i] = string(b)
	}
	flaky := false
	varies := map[int]bool{}
	again := 3
	if took > 10*pbcctime.Millisecond {
		again = 1
	}
	// The repeats do not count: how many there are depends on time.
	counted, ncalls := pbccSteps, pbccCalls
	for k := 0; k < again && !flaky && pbcctime.Since(start) < pbccBudget; k++ {
		// What a function prints may show the local time (ksuid's
		// printTime): the first repeat runs it in another time zone, and
		// what it prints then is checked on a machine in any zone only
		// if it did not change.
		zoned := k == 0 && (pbccTargets[idx].Stdout || pbccTargets[idx].Exits)
		printed := 1 // the results of pbccWithStdout
		if pbccTargets[idx].Exits {
			printed = 3
		}
		local := pbcctime.Local
		if zoned {
			pbcctime.Local = pbcctime.FixedZone("PBCC", 5*3600+1800)
		}
		res2, d, m, ok := pbccCall(fv, ft, pbccSafeClone(pristine), map[int]bool{})
		pbcctime.Local = local
		if !ok || d != done || !d && m != msg {
			flaky = true
			break
		}
		if !d {
			continue
		}
		seen = map[uintptr]int{}
		for i, r := range res2 {
			if zoned && i < len(res2)-printed {
				continue // compared in the other repeats
			}
			got, _ := pbccjson.Marshal(pbccEncode(r, seen, 0))
			if i < len(want) && string(got) != want[i] {
				varies[i] = true
			}
		}
	}
	// (Not slices.Contains: the driver builds under the module's go
	// line, which may predate generics.)
	for i := range line.Got {
		if varies[i] {
			line.Varies = append(line.Varies, i)
		}
	}
	line.Unstable = readOutside || len(line.Varies) > 0 && len(line.Varies) == len(line.Got)
	pbccSteps, pbccCalls = counted, ncalls
	if flaky {
		return finalHits, false
	}
	pbccWrite(line)
	return finalHits, true
}

// pbccCounts are how many times the last call that returned reached
// each branch site of the function searched (pbccCounts[pbccSlot[k]] for
// hit k, pbccSlot[k] -1 for the others; pbccNCounted sites): an input
// that runs a loop of the function more times than any before is kept
// for mutation (its next iteration may differ), as fuzzers do with their
// hit-count buckets. Only the function's sites: counting every hit of
// the package made each call a third slower (spf13/cast's 900 branches).
var (
	pbccCounts   []uint32
	pbccSlot     []int32
	pbccNCounted int
)

// pbccLogCmp, when set, has the next call list in pbccCmpPairs the
// operands of the package's comparisons of numbers and strings, in the
// order they were evaluated (at most 256).
var (
	pbccLogCmp   bool
	pbccCmpPairs [][2]interface{}
)

// pbccStepCap, when not 0, bounds the branch executions of a call: the
// call of a mutant that loops (i < n become i <= n, i + 1 become i - 1)
// is stopped by a panic of the coverage hook, and pbccCapped says so.
var (
	pbccStepCap int64
	pbccCapped  bool
)

type pbccCapPanic struct{}

func pbccCall(fv pbccreflect.Value, ft pbccreflect.Type, args []pbccreflect.Value, hits map[int]bool) (res []pbccreflect.Value, done bool, msg string, ok bool) {
	pbccCalls++
	id := pbccCallNo.Add(1)
	for i, a := range args {
		if i < ft.NumIn() && pbccHoldsReader(ft.In(i), 0) {
			pbccFixReaders(a, 0)
		}
	}
	// The hook runs at every branch execution (go-runewidth's CreateLUT:
	// tens of millions in one call): a slice and an atomic counter, not
	// a lock and a map. The writes of goroutines the call starts race
	// only on setting a flag to true.
	seen := make([]bool, pbccSites)
	slot := pbccSlot
	var cnt []uint32
	if slot != nil {
		cnt = make([]uint32, pbccNCounted)
	}
	// A function without parameters has one input: its one call may take
	// the function's budget (go-runewidth's CreateLUT builds a table of
	// all runes, 6 s instrumented, 20 ms compiled).
	timeout := pbccCallTimeout
	if ft.NumIn() == 0 {
		timeout = pbccOneCall
	}
	var n pbccatomic.Int64
	outside := false
	capAt := pbccStepCap
	pbccCapped = false
	*pbccLocal = func(k int) {
		if !seen[k] {
			seen[k] = true
		}
		if slot != nil && slot[k] >= 0 {
			pbccatomic.AddUint32(&cnt[slot[k]], 1)
		}
		if c := n.Add(1); capAt > 0 && c > capAt {
			pbccCapped = true
			panic(pbccCapPanic{})
		}
	}
	if pbccLogCmp {
		pbccCmpPairs = pbccCmpPairs[:0]
		var mu pbccsync.Mutex
		*pbccCmp = func(a, b interface{}) {
			mu.Lock()
			if len(pbccCmpPairs) < 256 {
				pbccCmpPairs = append(pbccCmpPairs, [2]interface{}{a, b})
			}
			mu.Unlock()
		}
	}
	ch := make(chan struct{})
	go func() {
		defer close(ch)
		defer func() {
			r := recover()
			if _, ok := r.(pbccOutside); ok {
				outside = true
			} else if !done {
				msg = pbccfmt.Sprint(r)
			}
		}()
		pbccRunCall(func() { res = pbccInvoke(fv, args) })
		done = true
	}()
	hung := pbcctime.NewTimer(timeout)
	defer hung.Stop()
	// A call blocked for good (a send on a nil channel: cron's Stop of a
	// Cron running without its channel) is told apart from one that runs
	// on: left out at once, its goroutine parked, and the search goes on
	// in this process.
	// First soon (a blocked input is a case of its own in a search of
	// thousands of calls), then less often.
	poll := pbcctime.NewTimer(pbcctime.Millisecond)
	defer poll.Stop()
wait:
	for {
		select {
		case <-ch:
			break wait
		case <-poll.C:
			if why := pbccGoPanicOf(id); why != "" {
				// The call waits for a goroutine that panicked: on the
				// real code the process ends there.
				*pbccLocal, *pbccCmp = nil, nil
				pbccLeftGo(why)
				return nil, false, "", false
			}
			if pbccParkedForGood() {
				*pbccLocal, *pbccCmp = nil, nil
				pbccBlocked++
				return nil, false, "", false
			}
			poll.Reset(20 * pbcctime.Millisecond)
		case <-hung.C:
			// Whichever call it was (the search's, the shrinking's, a
			// repeat), its goroutine would run on, with whatever it holds.
			pbccHung()
			return nil, false, "", false
		}
	}
	*pbccLocal, *pbccCmp = nil, nil
	if why := pbccGoWait(id); why != "" {
		// A goroutine the call started panicked: a test of the input
		// would crash. Neither run on nor kept.
		pbccLeftGo(why)
		return nil, false, "", false
	}
	if outside {
		// An input that names a file outside the call's directory:
		// neither run nor kept.
		return nil, false, "", false
	}
	for k, s := range seen {
		if s {
			hits[k] = true
		}
	}
	pbccCounts = cnt
	pbccSteps += n.Load()
	return res, done, msg, true
}

// pbccRunCall runs the call of pbccCall: its goroutine's stack names it
// (pbccParkedForGood).
//
//go:noinline
func pbccRunCall(f func()) { f() }

// pbccParked are the goroutines, by number, that pbccParkedForGood found
// blocked for good; pbccBlocked counts the inputs of the function
// searched left out for it.
var (
	pbccParked  = map[string]bool{}
	pbccBlocked int
)

// pbccBlockedMax bounds the inputs of a function found blocked for good.
const pbccBlockedMax = 64

// pbccParkedForGood reports whether the goroutine of a call (its stack
// has pbccRunCall), not one found before, waits on what nothing can end:
// a send or receive on a nil channel, a select without cases.
func pbccParkedForGood() bool {
	buf := make([]byte, 1<<16)
	for {
		n := pbccruntime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	for _, g := range pbccbytes.Split(buf, []byte("\n\n")) {
		head, _, _ := pbccbytes.Cut(g, []byte("\n"))
		if !pbccbytes.Contains(head, []byte("(nil chan)")) && !pbccbytes.Contains(head, []byte("[select (no cases)")) {
			continue
		}
		if !pbccbytes.Contains(g, []byte("pbccRunCall(")) {
			continue
		}
		id, _, _ := pbccbytes.Cut(pbccbytes.TrimPrefix(head, []byte("goroutine ")), []byte(" "))
		if pbccParked[string(id)] {
			continue
		}
		pbccParked[string(id)] = true
		return true
	}
	return false
}

// The goroutines the package starts (its _pbccGo) are counted by the
// call that was running when they started (pbccCallNo): pbccGoLive are
// those still running, pbccGoPanic the first panic of one.
var (
	pbccCallNo  pbccatomic.Int64
	pbccGoMu    pbccsync.Mutex
	pbccGoLive  = map[int64]int{}
	pbccGoPanic = map[int64]string{}
	// pbccGoPanics counts the inputs of the function searched left out
	// because a goroutine their call started panicked; pbccGoPanicFirst
	// is the first such panic.
	pbccGoPanics     int
	pbccGoPanicFirst string
)

// pbccGoStarted is the instrumented package's _pbccGoHook in the search.
func pbccGoStarted() func(interface{}) {
	id := pbccCallNo.Load()
	pbccGoMu.Lock()
	pbccGoLive[id]++
	pbccGoMu.Unlock()
	return func(r interface{}) {
		pbccGoMu.Lock()
		defer pbccGoMu.Unlock()
		if pbccGoLive[id]--; pbccGoLive[id] == 0 {
			delete(pbccGoLive, id)
		}
		if r != nil && pbccGoPanic[id] == "" {
			if _, ok := r.(pbccOutside); ok {
				pbccGoPanic[id] = "got to an act on the machine, or to a write outside its directory, where pbcc stops it"
			} else {
				pbccGoPanic[id] = "panicked (" + pbccfmt.Sprint(r) + ")"
			}
		}
	}
}

// pbccLeftGo counts an input left out for the panic why of a goroutine
// its call started.
func pbccLeftGo(why string) {
	pbccGoPanics++
	if pbccGoPanicFirst == "" {
		pbccGoPanicFirst = why
	}
}

// pbccGoPanicOf returns the panic of a goroutine call id started, if one
// panicked yet.
func pbccGoPanicOf(id int64) string {
	pbccGoMu.Lock()
	defer pbccGoMu.Unlock()
	return pbccGoPanic[id]
}

// pbccGoWait returns the panic of a goroutine call id started, "" when
// none panicked. The goroutines still running get a moment to get to it
// (cron's Start: its scheduler's first line, on a Cron without a
// logger); one that panics later, after a timer, crashes the check
// before writing, which leaves its case out.
func pbccGoWait(id int64) string {
	for k := 0; ; k++ {
		pbccGoMu.Lock()
		live, why := pbccGoLive[id], pbccGoPanic[id]
		delete(pbccGoPanic, id)
		pbccGoMu.Unlock()
		if why != "" || live == 0 || k == 4 {
			return why
		}
		if k < 3 {
			pbccruntime.Gosched()
		} else {
			pbcctime.Sleep(pbcctime.Millisecond)
		}
	}
}

// Mut is a mutant of a target's code (ssaexec/cover's mutant
// schemata): id selects it (_pbccMutant); infect are the hits of a run
// in which the mutated expression has another value than the original
// (the comparison at its boundary, the arith where its mutant differs):
// a run without one of them cannot kill it.
type Mut struct {
	ID     int
	Infect []int
}

// pbccTriesMax bounds the inputs tried on one mutant: one that lives
// through as many may be equivalent to the code, and its runs would take
// the calls of the others.
const pbccTriesMax = 64

// pbccKill is the search's last phase, strong mutation: the mutants of
// target idx that no case kills (cases: the oracle's and those the search
// kept) are run, one at a time, on inputs that infect them: first pool
// (inputs the search tried), then inputs made as the search makes them.
// An input on which a mutant's outcome (results, panic, parameters after
// the call: what a test compares) differs from the code's is kept, made
// smaller while it still kills every mutant it killed, and every mutant
// its case kills is marked. A parameter after the call is compared only when some
// case kept, or the input tried, changes it: the emitted table compares
// no other (ssaexec/emit's afters), and a mutant only such a parameter
// tells apart lives through the table (uuid's NullUUID.UnmarshalJSON,
// whose one case left *nu as it was: nu.Valid = err != nil lived). Half
// the search's calls and branch executions bound it: the same inputs are
// tried on an idle machine as on a loaded one.
func pbccKill(idx int, tg Target, fv pbccreflect.Value, ft pbccreflect.Type, cases, pool [][]pbccreflect.Value) {
	if len(tg.Muts) == 0 {
		return
	}
	live := make([]bool, len(tg.Muts))
	for i := range live {
		live[i] = true
	}
	nlive := len(tg.Muts)
	// How many inputs each mutant was tried on. Not once per path (set
	// of hits): a mutant's outcome may differ on one value of a path and
	// not on others (r < 128 && table[r] negated, for r a token).
	tries := make([]int, len(tg.Muts))
	// changed are the parameters some case kept changes: those the
	// table compares after the call.
	changed := make([]bool, ft.NumIn())
	// kills runs args as the code is, then the live mutants the run
	// infects (only the mutant only, when it is not -1; up to the first
	// killed, counting tries, when first), and returns those whose outcome
	// differs (in the parameters changed or that the code's run changes),
	// with the hits of the code's run and the parameters it changes.
	kills := func(args []pbccreflect.Value, first bool, only int) ([]int, map[int]bool, []bool) {
		hits := map[int]bool{}
		want, n, ok := pbccOutcome(fv, ft, tg, args, 0, 0, hits)
		if !ok {
			return nil, hits, nil
		}
		cmp := append([]bool(nil), changed...)
		for i, m := range want.moved {
			cmp[i] = cmp[i] || m
		}
		capAt := 10*n + 10000
		var out []int
		for i, m := range tg.Muts {
			if !live[i] || only >= 0 && i != only || !pbccInfects(m, hits) {
				continue
			}
			if first {
				if tries[i] >= pbccTriesMax {
					continue
				}
				tries[i]++
			}
			got, _, ok := pbccOutcome(fv, ft, tg, args, m.ID, capAt, map[int]bool{})
			if ok && got.differs(want, cmp) {
				out = append(out, i)
				if first {
					break
				}
			}
		}
		if len(out) > 0 {
			// An outcome that varies from call to call (the clock, the
			// order of a map) tells no mutant apart.
			if again, _, ok := pbccOutcome(fv, ft, tg, args, 0, 0, map[int]bool{}); !ok || again.differs(want, cmp) {
				return nil, hits, want.moved
			}
		}
		return out, hits, want.moved
	}
	mark := func(ks []int) {
		for _, i := range ks {
			if live[i] {
				live[i] = false
				nlive--
			}
		}
	}
	// grow adds the parameters a case changes to changed, and reports
	// whether it added one: the cases kept are then run again, as the
	// table compares that parameter in every case.
	grow := func(moved []bool) bool {
		grew := false
		for i, m := range moved {
			if m && !changed[i] {
				changed[i], grew = true, true
			}
		}
		return grew
	}
	kept := append([][]pbccreflect.Value(nil), cases...)
	rerun := func() {
		for _, c := range kept {
			ks, _, _ := kills(c, false, -1)
			mark(ks)
		}
	}
	grew := false
	for _, c := range cases {
		ks, _, moved := kills(c, false, -1)
		mark(ks)
		grew = grow(moved) || grew
	}
	if grew {
		rerun()
	}
	byCases := len(tg.Muts) - nlive
	defer func() {
		pbccKillLog = pbccfmt.Sprintf("mutants %d killed by the cases %d live %d", len(tg.Muts), byCases, nlive)
	}()
	calls, steps, budget := pbccCallsMax/2, pbccStepsMax/2, pbccBudget/2
	pbccStepsAll += pbccSteps
	pbccSteps = 0
	from := pbccCalls
	start := pbcctime.Now()
	rng := pbccrand.New(pbccrand.NewPCG(tg.Key, 0x2545f4914f6cdd1d))
	corpus := append(append([][]pbccreflect.Value(nil), cases...), pool...)
	for it := 0; nlive > 0 && pbccCalls-from < calls && pbccSteps < steps && pbcctime.Since(start) < budget && pbccBlocked < pbccBlockedMax; it++ {
		var args []pbccreflect.Value
		switch {
		case it < len(pool):
			args = pbccSafeClone(pool[it])
		case ft.NumIn() == 0:
			if it > len(pool) || len(cases) > 0 {
				return // the one input there is
			}
			args = []pbccreflect.Value{}
		default:
			args = pbccNextInput(rng, corpus, ft, &tg)
		}
		ks, _, _ := kills(args, true, -1)
		if len(ks) == 0 {
			continue
		}
		// Shrunk, the input still kills every mutant it kills as found:
		// one case for several, and no operand left at the 0 or 1 that
		// makes a computation vanish (w * h at h = 0) where another
		// mutant needs it not to.
		all, _, _ := kills(args, false, -1)
		if len(all) == 0 {
			all = ks
		}
		if small := pbccShrinkBy(args, func(cand []pbccreflect.Value) bool {
			for _, m := range all {
				if ks, _, _ := kills(cand, false, m); len(ks) == 0 {
					return false
				}
			}
			return true
		}); small != nil {
			args = small
		}
		ks, hits, moved := kills(args, false, -1)
		if len(ks) == 0 {
			continue
		}
		// The case is named after the run that infects the first mutant
		// it kills: the boundary reached, the condition's outcome, the
		// arith.
		var fresh []int
		for _, k := range tg.Muts[ks[0]].Infect {
			if hits[k] {
				fresh = []int{k}
				break
			}
		}
		if _, written := pbccKeep(idx, fv, ft, args, fresh, true, start); !written {
			continue
		}
		mark(ks)
		corpus = append(corpus, args)
		kept = append(kept, args)
		if grow(moved) {
			rerun()
		}
	}
}

// pbccInfects reports whether a run with hits infects m.
func pbccInfects(m Mut, hits map[int]bool) bool {
	for _, k := range m.Infect {
		if hits[k] {
			return true
		}
	}
	return false
}

// pbccOutcome calls the target on a copy of args with mutant m selected
// (0: the code as it is) and encodes what a test of the call may compare:
// the results, or the panic's message (a run-time error's up to its
// values: a test may name only its kind), and the parameters after the
// call when a test may compare them. It returns the branch executions the
// call took, and false when capAt (if not 0) stopped it.
func pbccOutcome(fv pbccreflect.Value, ft pbccreflect.Type, tg Target, args []pbccreflect.Value, m int, capAt int64, hits map[int]bool) (pbccOut, int64, bool) {
	a := pbccSafeClone(args)
	var before []string
	if m == 0 && tg.After {
		before = pbccEncodeEach(a)
	}
	*pbccMutant, pbccStepCap = m, capAt
	start := pbccSteps
	res, done, msg, called := pbccCall(fv, ft, a, hits)
	*pbccMutant, pbccStepCap = 0, 0
	steps := pbccSteps - start
	if !called || pbccCapped {
		return pbccOut{}, steps, false
	}
	var o struct {
		Done  bool
		Panic string
		Got   []*pbccNode
	}
	var out pbccOut
	o.Done = done
	if !done {
		o.Panic = msg
		if i := pbccstrings.IndexByte(msg, '['); i >= 0 && pbccstrings.HasPrefix(msg, "runtime error") {
			o.Panic = msg[:i]
		}
	} else {
		seen := map[uintptr]int{}
		for _, r := range res {
			o.Got = append(o.Got, pbccEncode(r, seen, 0))
		}
		if tg.After {
			out.after = pbccEncodeEach(a)
			if before != nil {
				out.moved = make([]bool, len(a))
				for i := range a {
					out.moved[i] = pbccInPlace(ft, i) && before[i] != out.after[i]
				}
			}
		}
	}
	data, _ := pbccjson.Marshal(o)
	out.head = string(data)
	return out, steps, true
}

// pbccOut is the outcome of a call (pbccOutcome): head encodes its
// results or panic, after each parameter after the call (when the call
// returned and a test may compare them), and moved, for the code's own
// call, which of those the call changed.
type pbccOut struct {
	head  string
	after []string
	moved []bool
}

// differs reports whether outcomes o and p differ in what a test
// compares: the results or panic, and parameter i after the call where
// cmp[i] (the parameters some case changes: those the emitted table
// compares, ssaexec/emit's afters).
func (o pbccOut) differs(p pbccOut, cmp []bool) bool {
	if o.head != p.head {
		return true
	}
	for i := range cmp {
		if cmp[i] && i < len(o.after) && i < len(p.after) && o.after[i] != p.after[i] {
			return true
		}
	}
	return false
}

// pbccInPlace reports whether a test compares parameter i of ft after
// the call when some call changes it: a pointer, slice or map, or an
// interface other than error (ssaexec/emit's afters).
func pbccInPlace(ft pbccreflect.Type, i int) bool {
	switch t := ft.In(i); t.Kind() {
	case pbccreflect.Ptr, pbccreflect.Slice, pbccreflect.Map:
		return true
	case pbccreflect.Interface:
		return t != pbccErrorType
	}
	return false
}

// pbccEncodeEach encodes each of vs apart, as JSON.
func pbccEncodeEach(vs []pbccreflect.Value) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		b, _ := pbccjson.Marshal(pbccEncode(v, map[uintptr]int{}, 0))
		out[i] = string(b)
	}
	return out
}

// pbccSignature is the set of hits of a run, as a key.
func pbccSignature(hits map[int]bool) string {
	ks := make([]int, 0, len(hits))
	for k := range hits {
		ks = append(ks, k)
	}
	pbccsort.Ints(ks)
	return pbccfmt.Sprint(ks)
}

// pbccMutate edits v in place, a little: a string gets a token of the
// function's, a digit or a letter inserted, or loses or changes a byte; a
// number moves by one, doubles or becomes a constant of the function; a
// collection gets an element more, or one of its elements is edited.
func pbccMutate(v pbccreflect.Value, r *pbccrand.Rand, tg *Target, depth int) {
	if !v.CanSet() {
		if !v.CanAddr() {
			return
		}
		v = pbccreflect.NewAt(v.Type(), pbccunsafe.Pointer(v.UnsafeAddr())).Elem()
	}
	t := v.Type()
	if depth > 4 {
		return
	}
	if t == pbccBigIntType || t == pbccBufferType || t == pbccBufioReaderType || t == pbccStateType {
		pbccFill(v, r, tg, depth)
		return
	}
	if t == pbccReflectValueType {
		// What it holds, edited, or a value made anew.
		held := pbccReflectHeld(v)
		if !held.IsValid() || r.IntN(3) == 0 {
			pbccFill(v, r, tg, depth)
			return
		}
		x := pbccClone(held)
		pbccMutate(x, r, tg, depth+1)
		v.Set(pbccreflect.ValueOf(pbccreflect.ValueOf(x.Interface())))
		return
	}
	if t.Kind() == pbccreflect.Interface && t != pbccErrorType && !v.IsNil() && r.IntN(2) == 0 {
		// The value held, edited (a reader's text, an any's number).
		x := pbccClone(v.Elem())
		pbccMutate(x, r, tg, depth+1)
		v.Set(x)
		return
	}
	if t == pbccTimeType {
		// A nanosecond, a millisecond, an hour, a day or a year later or
		// earlier, or made anew: the fractions of a second are what a
		// conversion to milliseconds divides (t.Nanosecond() / 1e6).
		tm := v.Interface().(pbcctime.Time)
		steps := []pbcctime.Duration{pbcctime.Nanosecond, pbcctime.Millisecond, pbcctime.Second, pbcctime.Hour, 24 * pbcctime.Hour, 365 * 24 * pbcctime.Hour}
		d := steps[r.IntN(len(steps))]
		switch r.IntN(3) {
		case 0:
			v.Set(pbccreflect.ValueOf(tm.Add(d)))
		case 1:
			v.Set(pbccreflect.ValueOf(tm.Add(-d)))
		default:
			pbccFill(v, r, tg, depth)
		}
		return
	}
	switch t.Kind() {
	case pbccreflect.Bool:
		v.SetBool(!v.Bool())
	case pbccreflect.Int, pbccreflect.Int8, pbccreflect.Int16, pbccreflect.Int32, pbccreflect.Int64:
		switch n := v.Int(); r.IntN(4) {
		case 0:
			v.SetInt(n + 1)
		case 1:
			v.SetInt(n - 1)
		case 2:
			v.SetInt(n * pbccScale(r, tg))
		default:
			v.SetInt(pbccInt(r, tg))
		}
	case pbccreflect.Uint, pbccreflect.Uint8, pbccreflect.Uint16, pbccreflect.Uint32, pbccreflect.Uint64, pbccreflect.Uintptr:
		switch n := v.Uint(); r.IntN(4) {
		case 0:
			v.SetUint(n + 1)
		case 1:
			v.SetUint(n - 1)
		case 2:
			// A byte is more often a character than a count.
			if t.Kind() == pbccreflect.Uint8 {
				v.SetUint(n * 2)
			} else {
				v.SetUint(n * uint64(pbccScale(r, tg)))
			}
		default:
			v.SetUint(uint64(pbccInt(r, tg)))
		}
	case pbccreflect.Float32, pbccreflect.Float64:
		switch r.IntN(4) {
		case 0, 1:
			v.SetFloat(v.Float() + float64(r.IntN(3)-1))
		case 2:
			v.SetFloat(v.Float() * float64(pbccScale(r, tg)))
		default:
			v.SetFloat(pbccFloat(r, tg))
		}
	case pbccreflect.String:
		s := v.String()
		i := 0
		if len(s) > 0 {
			i = r.IntN(len(s) + 1)
		}
		switch r.IntN(5) {
		case 0, 1:
			tok := pbccString(r, tg)
			if len(tg.Strs) > 0 && r.IntN(2) == 0 {
				tok = tg.Strs[r.IntN(len(tg.Strs))]
			}
			s = s[:i] + tok + s[i:]
		case 2:
			s = s[:i] + string("0123456789"[r.IntN(10)]) + s[i:]
		case 3:
			if i < len(s) {
				s = s[:i] + s[i+1:]
			}
		default:
			if i < len(s) {
				s = s[:i] + string(pbccChar(r, tg)) + s[i+1:]
			}
		}
		v.SetString(s)
	case pbccreflect.Slice:
		if pbccBytes(t) && len(tg.Strs) > 0 && r.IntN(3) == 0 {
			b := v.Bytes()
			i := r.IntN(len(b) + 1)
			tok := tg.Strs[r.IntN(len(tg.Strs))]
			nb := append(append(append([]byte{}, b[:i]...), tok...), b[i:]...)
			v.Set(pbccreflect.ValueOf(nb).Convert(t))
			return
		}
		if v.Len() == 0 || r.IntN(3) == 0 {
			var e pbccreflect.Value
			if v.Len() > 0 && !pbccNumber(t.Elem()) && r.IntN(2) == 0 {
				// A copy of an element: equal neighbours, which a
				// sortedness or duplicate check compares (ksuid's
				// IsSorted: bytes.Compare(min[:], id[:]) > 0 at 0
				// tells > from >=), and which filling alone hardly
				// ever makes of 20-byte arrays. Not of numbers: a
				// byte slice is text to parse, and copies of its
				// bytes made jsonparser's search reach 12 branches
				// fewer.
				e = pbccClone(v.Index(r.IntN(v.Len())))
			} else {
				e = pbccreflect.New(t.Elem()).Elem()
				pbccFill(e, r, tg, depth+1)
			}
			v.Set(pbccreflect.Append(v, e))
			return
		}
		pbccMutate(v.Index(r.IntN(v.Len())), r, tg, depth+1)
	case pbccreflect.Array:
		if v.Len() > 0 {
			pbccMutate(v.Index(r.IntN(v.Len())), r, tg, depth+1)
		}
	case pbccreflect.Pointer:
		if v.IsNil() {
			p := pbccreflect.New(t.Elem())
			pbccFill(p.Elem(), r, tg, depth+1)
			v.Set(p)
			return
		}
		pbccMutate(v.Elem(), r, tg, depth+1)
	case pbccreflect.Struct:
		if n := t.NumField(); n > 0 {
			i := r.IntN(n)
			if t.PkgPath() == pbccOwnPath || t.Field(i).IsExported() {
				pbccMutate(v.Field(i), r, tg, depth+1)
			}
		}
	default:
		pbccFill(v, r, tg, depth)
	}
}

// pbccShrink returns simpler inputs than args that still reach every
// site of want, the call still returning (done) or still panicking; nil
// when none is found. Each round tries, argument by argument, the
// simplifications pbccSimpler lists and keeps the first that works for
// that argument.
func pbccShrink(fv pbccreflect.Value, ft pbccreflect.Type, args []pbccreflect.Value, want []int, done bool) []pbccreflect.Value {
	return pbccShrinkBy(args, func(cand []pbccreflect.Value) bool {
		hits := map[int]bool{}
		_, d, _, ok := pbccCall(fv, ft, pbccCloneAll(cand), hits)
		if !ok || d != done {
			return false
		}
		for _, k := range want {
			if !hits[k] {
				return false
			}
		}
		return true
	})
}

// pbccShrinkBy returns simpler inputs than args for which works still
// holds, nil when none is found (see pbccShrink).
func pbccShrinkBy(args []pbccreflect.Value, works func([]pbccreflect.Value) bool) (best []pbccreflect.Value) {
	// A value reflection cannot copy ends the shrinking, not the search.
	defer func() {
		if recover() != nil {
			best = nil
		}
	}()
	base := args
	budget := 400
	for changed := true; changed && budget > 0; {
		changed = false
		for i := range base {
			for _, s := range pbccSimpler(base[i], 0) {
				if budget == 0 {
					break
				}
				budget--
				cand := append([]pbccreflect.Value(nil), base...)
				cand[i] = s
				if works(cand) {
					base, best, changed = cand, cand, true
					break
				}
			}
			// One step per argument, then the next: a step of one can
			// make room for the others (a bound the next one sets).
		}
	}
	return best
}

// pbccPlainFrom reports whether the elements of v from i on are bytes a
// reader reads plainly (letters, digits, zeros): zeroing them would make
// a literal no plainer, and undo what pbccSimpler's letters did.
func pbccPlainFrom(v pbccreflect.Value, i int) bool {
	if !pbccBytes(v.Type()) {
		return false
	}
	for ; i < v.Len(); i++ {
		if c := v.Index(i).Uint(); c != 0 && !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// pbccZeroFrom reports whether the elements of slice v from i on are zero.
func pbccZeroFrom(v pbccreflect.Value, i int) bool {
	for ; i < v.Len(); i++ {
		if !v.Index(i).IsZero() {
			return false
		}
	}
	return true
}

// pbccSimpler lists values simpler than v, of its type, simplest first:
// zero, then smaller numbers, shorter strings and collections, simpler
// elements and fields.
func pbccSimpler(v pbccreflect.Value, depth int) []pbccreflect.Value {
	t := v.Type()
	// -0 is zero to reflect, not to a reader: 0 is simpler.
	negZero := (t.Kind() == pbccreflect.Float32 || t.Kind() == pbccreflect.Float64) && pbccmath.Signbit(v.Float())
	if v.IsZero() && !negZero || depth > 4 {
		return nil
	}
	var out []pbccreflect.Value
	add := func(x pbccreflect.Value) { out = append(out, x) }
	add(pbccreflect.Zero(t))
	if t == pbccReflectValueType {
		// Simpler values of what it holds, not of its fields.
		if held := pbccReflectHeld(v); held.IsValid() {
			for _, e := range pbccSimpler(held, depth+1) {
				add(pbccreflect.ValueOf(pbccreflect.ValueOf(e.Interface())))
			}
		}
		return out
	}
	with := func(f func(x pbccreflect.Value)) {
		x := pbccClone(v)
		if !x.CanSet() {
			x = pbccreflect.NewAt(t, pbccunsafe.Pointer(x.UnsafeAddr())).Elem()
		}
		f(x)
		add(x)
	}
	switch t.Kind() {
	case pbccreflect.Int, pbccreflect.Int8, pbccreflect.Int16, pbccreflect.Int32, pbccreflect.Int64:
		n := v.Int()
		mag := func(x int64) uint64 {
			if x < 0 {
				return uint64(-x)
			}
			return uint64(x)
		}
		step := int64(1)
		if n < 0 {
			step = -1
		}
		for _, c := range []int64{1, -1, n / 2, n - step, -n} {
			if mag(c) < mag(n) || mag(c) == mag(n) && c > n {
				with(func(x pbccreflect.Value) { x.SetInt(c) })
			}
		}
	case pbccreflect.Uint, pbccreflect.Uint8, pbccreflect.Uint16, pbccreflect.Uint32, pbccreflect.Uint64, pbccreflect.Uintptr:
		n := v.Uint()
		for _, c := range []uint64{1, n / 2, n - 1} {
			if c < n {
				with(func(x pbccreflect.Value) { x.SetUint(c) })
			}
		}
	case pbccreflect.Float32, pbccreflect.Float64:
		f := v.Float()
		for _, c := range []float64{1, -1, float64(int64(f))} {
			if c != f && c*c < f*f {
				with(func(x pbccreflect.Value) { x.SetFloat(c) })
			}
		}
	case pbccreflect.String:
		s := v.String()
		cands := []string{s[:len(s)/2], s[1:], s[:len(s)-1]}
		for i, k := 0, 0; i < len(s) && k < 4; i++ {
			if c := s[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
				cands = append(cands, s[:i]+"a"+s[i+1:])
				k++
			}
		}
		for _, c := range cands {
			if c != s {
				with(func(x pbccreflect.Value) { x.SetString(c) })
			}
		}
	case pbccreflect.Slice:
		n := v.Len()
		if n > 0 {
			with(func(x pbccreflect.Value) { x.Set(x.Slice(0, n-1)) })
			with(func(x pbccreflect.Value) { x.Set(x.Slice(1, n)) })
			if n > 2 {
				with(func(x pbccreflect.Value) { x.Set(x.Slice(0, n/2)) })
			}
			// Its elements from i on zero, for i = 1, 2, 4, ...: the
			// length may be what the function checks, and a prefix (a
			// magic number) too, the rest its filler; zeroing it one
			// element at a time would take the whole budget.
			for i := 1; i < n; i *= 2 {
				if !pbccZeroFrom(v, i) && !pbccPlainFrom(v, i) {
					with(func(x pbccreflect.Value) {
						z := pbccreflect.Zero(t.Elem())
						for j := i; j < n; j++ {
							x.Index(j).Set(z)
						}
					})
				}
			}
		} else {
			add(pbccreflect.Zero(t))
		}
		if pbccBytes(t) {
			// Bytes are text to a reader, as a string's are: a
			// punctuation or control byte becomes a letter, not 0x00,
			// which no []byte("...") literal shows plainly.
			// Each such byte in turn (a few): the first may be one
			// the branch needs ('[').
			for i, k := 0, 0; i < n && k < 4; i++ {
				if c := v.Index(i).Uint(); c != 0 && !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
					with(func(x pbccreflect.Value) { x.Index(i).SetUint('a') })
					k++
				}
			}
			break
		}
		for i := 0; i < n; i++ {
			for _, e := range pbccSimpler(v.Index(i), depth+1) {
				with(func(x pbccreflect.Value) { x.Index(i).Set(e) })
			}
		}
	case pbccreflect.Array:
		for i := 0; i < v.Len(); i++ {
			for _, e := range pbccSimpler(v.Index(i), depth+1) {
				with(func(x pbccreflect.Value) { x.Index(i).Set(e) })
			}
		}
	case pbccreflect.Map:
		keys := v.MapKeys()
		pbccsort.Slice(keys, func(i, j int) bool { return pbccfmt.Sprint(keys[i]) < pbccfmt.Sprint(keys[j]) })
		for _, k := range keys {
			with(func(x pbccreflect.Value) { x.SetMapIndex(k, pbccreflect.Value{}) })
		}
	case pbccreflect.Pointer:
		for _, e := range pbccSimpler(v.Elem(), depth+1) {
			p := pbccreflect.New(t.Elem())
			p.Elem().Set(e)
			add(p)
		}
	case pbccreflect.Interface:
		// A simpler value of the same dynamic type (a shorter text, a
		// smaller width); not an error of another package's (an
		// errors.New("") a test cannot tell from nil by its message).
		named := v.Elem().Type()
		if named.Kind() == pbccreflect.Pointer {
			named = named.Elem()
		}
		if t == pbccErrorType && named.PkgPath() != pbccOwnPath {
			break
		}
		for _, e := range pbccSimpler(v.Elem(), depth+1) {
			if e.IsZero() && e.Kind() == pbccreflect.Pointer {
				continue
			}
			x := pbccreflect.New(t).Elem()
			x.Set(e)
			add(x)
		}
	case pbccreflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if t.PkgPath() != pbccOwnPath && !t.Field(i).IsExported() {
				continue
			}
			for _, e := range pbccSimpler(v.Field(i), depth+1) {
				with(func(x pbccreflect.Value) {
					f := x.Field(i)
					if !f.CanSet() {
						f = pbccreflect.NewAt(f.Type(), pbccunsafe.Pointer(f.UnsafeAddr())).Elem()
					}
					f.Set(e)
				})
			}
		}
	}
	return out
}

// pbccNextInput makes the next input to try: mostly a kept input with one
// argument changed (made anew, or edited: a token of the function's own
// inserted in a string, a number moved, an element added), else one made
// anew. The search and the kill phase draw theirs so.
func pbccNextInput(rng *pbccrand.Rand, corpus [][]pbccreflect.Value, ft pbccreflect.Type, tg *Target) []pbccreflect.Value {
	if len(corpus) > 0 && ft.NumIn() > 0 && rng.IntN(4) > 0 {
		args := pbccSafeClone(corpus[rng.IntN(len(corpus))])
		i := rng.IntN(len(args))
		if len(args) > 1 && rng.IntN(5) == 0 && pbccCross(rng, args, i) {
			return args
		}
		if rng.IntN(3) == 0 {
			args[i] = pbccreflect.New(ft.In(i)).Elem()
			pbccFill(args[i], rng, tg, 0)
		} else {
			pbccMutate(args[i], rng, tg, 0)
		}
		return args
	}
	args := make([]pbccreflect.Value, ft.NumIn())
	for i := range args {
		args[i] = pbccreflect.New(ft.In(i)).Elem()
		pbccFill(args[i], rng, tg, 0)
	}
	return args
}

// pbccSafeClone is pbccCloneAll, or vs itself when reflection cannot
// copy them.
func pbccSafeClone(vs []pbccreflect.Value) (out []pbccreflect.Value) {
	defer func() {
		if recover() != nil {
			out = vs
		}
	}()
	return pbccCloneAll(vs)
}

func pbccCloneAll(vs []pbccreflect.Value) []pbccreflect.Value {
	out := make([]pbccreflect.Value, len(vs))
	for i, v := range vs {
		out[i] = pbccClone(v)
	}
	return out
}

// pbccNumber reports whether t is a number or a bool.
func pbccNumber(t pbccreflect.Type) bool {
	k := t.Kind()
	return k == pbccreflect.Bool || k >= pbccreflect.Int && k <= pbccreflect.Complex128
}

// pbccClone returns a deep copy of v, settable: pointers, slices and maps
// are copied, not shared (aliasing between arguments is not kept).
func pbccClone(v pbccreflect.Value) pbccreflect.Value {
	return pbccCloneIn(v, map[pbccPtrKey]pbccreflect.Value{})
}

// pbccPtrKey is a pointer pbccCloneIn met, with its type.
type pbccPtrKey struct {
	p uintptr
	t pbccreflect.Type
}

// pbccCloneIn clones v; seen maps the pointers met to their clones, so
// that a cycle (a strings.Builder points to itself) ends and pointers
// that alias still do.
func pbccCloneIn(v pbccreflect.Value, seen map[pbccPtrKey]pbccreflect.Value) pbccreflect.Value {
	t := v.Type()
	x := pbccreflect.New(t).Elem()
	if t == pbccReflectValueType {
		// What it holds is copied, not its fields: they point to the
		// run-time's type descriptors.
		x.Set(pbccreflect.ValueOf(pbccReflectOf(pbccReflectHeld(v), seen)))
		return x
	}
	switch t.Kind() {
	case pbccreflect.Pointer:
		if !v.IsNil() {
			k := pbccPtrKey{v.Pointer(), t}
			if c, ok := seen[k]; ok {
				x.Set(c)
				break
			}
			p := pbccreflect.New(t.Elem())
			seen[k] = p
			p.Elem().Set(pbccCloneIn(v.Elem(), seen))
			x.Set(p)
		}
	case pbccreflect.Slice:
		if !v.IsNil() {
			s := pbccreflect.MakeSlice(t, v.Len(), v.Len())
			for i := 0; i < v.Len(); i++ {
				s.Index(i).Set(pbccCloneIn(v.Index(i), seen))
			}
			x.Set(s)
		}
	case pbccreflect.Map:
		if !v.IsNil() {
			m := pbccreflect.MakeMapWithSize(t, v.Len())
			it := v.MapRange()
			for it.Next() {
				m.SetMapIndex(pbccCloneIn(it.Key(), seen), pbccCloneIn(it.Value(), seen))
			}
			x.Set(m)
		}
	case pbccreflect.Array:
		for i := 0; i < v.Len(); i++ {
			x.Index(i).Set(pbccCloneIn(v.Index(i), seen))
		}
	case pbccreflect.Interface:
		// What it holds is copied too: a buffer a call writes to is
		// not the one of the input kept.
		if !v.IsNil() {
			e := v.Elem()
			if !e.CanInterface() && v.CanAddr() {
				e = pbccreflect.NewAt(t, pbccunsafe.Pointer(v.UnsafeAddr())).Elem().Elem()
			}
			x.Set(pbccCloneIn(e, seen))
		}
	case pbccreflect.Struct:
		if !v.CanAddr() && v.CanInterface() {
			// A map's key (a struct of unexported fields): a copy whose
			// fields can be read.
			c := pbccreflect.New(t).Elem()
			c.Set(v)
			v = c
		}
		for i := 0; i < v.NumField(); i++ {
			f := x.Field(i)
			if !f.CanSet() {
				f = pbccreflect.NewAt(f.Type(), pbccunsafe.Pointer(f.UnsafeAddr())).Elem()
			}
			src := v.Field(i)
			if !src.CanInterface() && src.CanAddr() {
				src = pbccreflect.NewAt(src.Type(), pbccunsafe.Pointer(src.UnsafeAddr())).Elem()
			}
			f.Set(pbccCloneIn(src, seen))
		}
	default:
		if !v.CanInterface() && v.CanAddr() {
			v = pbccreflect.NewAt(t, pbccunsafe.Pointer(v.UnsafeAddr())).Elem()
		}
		x.Set(v)
	}
	return x
}

// pbccReflectHeld returns the value the reflect.Value v holds: the zero
// Value for none, or one reflection may not read.
func pbccReflectHeld(v pbccreflect.Value) pbccreflect.Value {
	if !v.CanInterface() && v.CanAddr() {
		v = pbccreflect.NewAt(v.Type(), pbccunsafe.Pointer(v.UnsafeAddr())).Elem()
	}
	if !v.CanInterface() {
		return pbccreflect.Value{}
	}
	rv := v.Interface().(pbccreflect.Value)
	if !rv.IsValid() || !rv.CanInterface() {
		return pbccreflect.Value{}
	}
	return rv
}

// pbccReflectOf returns reflect.ValueOf of a copy of held, as a test
// writes it; the zero Value for none.
func pbccReflectOf(held pbccreflect.Value, seen map[pbccPtrKey]pbccreflect.Value) pbccreflect.Value {
	if !held.IsValid() {
		return pbccreflect.Value{}
	}
	return pbccreflect.ValueOf(pbccCloneIn(held, seen).Interface())
}

// pbccReaderTypes caches pbccHoldsReader.
var pbccReaderTypes = map[pbccreflect.Type]bool{}

// pbccHoldsReader reports whether a value of type t may hold a
// bufio.Reader (in a field, behind a pointer, in a slice's elements),
// looking depth levels down at most.
func pbccHoldsReader(t pbccreflect.Type, depth int) bool {
	if held, ok := pbccReaderTypes[t]; ok {
		return held
	}
	if depth > 6 {
		return false
	}
	pbccReaderTypes[t] = false // a type that holds itself
	held := t == pbccBufioReaderType
	switch t.Kind() {
	case pbccreflect.Pointer, pbccreflect.Slice, pbccreflect.Array:
		held = pbccHoldsReader(t.Elem(), depth+1)
	case pbccreflect.Struct:
		for i := 0; i < t.NumField() && !held; i++ {
			held = pbccHoldsReader(t.Field(i).Type, depth+1)
		}
	}
	pbccReaderTypes[t] = held
	return held
}

// pbccFixReaders gives each zero bufio.Reader in v nothing to read: a
// zero one returns no rune and no error, forever (a lexer's loop over
// its runes then never ends), where a test's bufio.NewReader of an empty
// text (ssaexec/emit writes it so) returns io.EOF.
func pbccFixReaders(v pbccreflect.Value, depth int) {
	if depth > 6 || !v.IsValid() || !pbccHoldsReader(v.Type(), 0) {
		return
	}
	switch v.Kind() {
	case pbccreflect.Pointer:
		if !v.IsNil() {
			pbccFixReaders(v.Elem(), depth+1)
		}
	case pbccreflect.Slice, pbccreflect.Array:
		for i := 0; i < v.Len(); i++ {
			pbccFixReaders(v.Index(i), depth+1)
		}
	case pbccreflect.Struct:
		if v.Type() == pbccBufioReaderType {
			if v.CanAddr() && v.IsZero() {
				x := pbccreflect.NewAt(v.Type(), pbccunsafe.Pointer(v.UnsafeAddr())).Elem()
				x.Set(pbccreflect.ValueOf(pbccbufio.NewReader(pbccbytes.NewBufferString(""))).Elem())
			}
			return
		}
		for i := 0; i < v.NumField(); i++ {
			pbccFixReaders(v.Field(i), depth+1)
		}
	}
}

var pbccBigIntType = pbccreflect.TypeOf(pbccbig.Int{})

var pbccTimeType = pbccreflect.TypeOf(pbcctime.Time{})

func pbccFill(v pbccreflect.Value, r *pbccrand.Rand, tg *Target, depth int) {
	if !v.CanSet() {
		v = pbccreflect.NewAt(v.Type(), pbccunsafe.Pointer(v.UnsafeAddr())).Elem()
	}
	t := v.Type()
	if t == pbccTimeType {
		// In UTC, so that a test writes it as time.Unix(s, ns).UTC():
		// around the epoch, today, or seconds of the function's own.
		secs := []int64{0, 1, -1, 86400, 951782400, 1700000000, 4102444800}
		s := secs[r.IntN(len(secs))]
		if r.IntN(3) == 0 {
			s = pbccInt(r, tg)
		}
		v.Set(pbccreflect.ValueOf(pbcctime.Unix(s, 0).UTC()))
		return
	}
	if t == pbccBufferType {
		// A reader's text, or an empty writer.
		if r.IntN(3) == 0 {
			v.Set(pbccreflect.ValueOf(pbccbytes.Buffer{}))
			return
		}
		v.Set(pbccreflect.ValueOf(pbccbytes.NewBufferString(pbccString(r, tg))).Elem())
		return
	}
	if t == pbccBufioReaderType {
		// A reader of a text, made as a test makes it (its fields are
		// bufio's; ssaexec/emit writes it with bufio.NewReader). Zero,
		// it would read nothing, without an error, forever.
		v.Set(pbccreflect.ValueOf(pbccbufio.NewReader(pbccbytes.NewBufferString(pbccString(r, tg)))).Elem())
		return
	}
	if t == pbccStateType {
		// The flags of fmt's verbs, a width and a precision sometimes;
		// nothing written yet.
		flags := []string{"", "", "+", "#", "-", " ", "0", "+#"}
		// The glue's pbccState: flags, width, precision, widthSet,
		// precisionSet, out (ssaexec's StateFields, in that order).
		s := pbccreflect.New(pbccStateType).Elem()
		pbccSetField(s, 0, flags[r.IntN(len(flags))])
		if r.IntN(3) == 0 {
			pbccSetField(s, 1, int(pbccInt(r, tg)))
			pbccSetField(s, 3, true)
		}
		if r.IntN(3) == 0 {
			pbccSetField(s, 2, int(pbccInt(r, tg)))
			pbccSetField(s, 4, true)
		}
		v.Set(s)
		return
	}
	if t == pbccReflectValueType {
		// The value of one of the types the model gives it
		// (ssaexec/lowersig.go), made as a test makes it: reflect.ValueOf.
		list := pbccIfaceImpls["reflect.Value"]
		if len(list) == 0 || r.IntN(8) == 0 || depth > 3 {
			v.Set(pbccreflect.ValueOf(pbccreflect.Value{}))
			return
		}
		c := list[r.IntN(len(list))]
		x := pbccreflect.New(c).Elem()
		if c.Kind() == pbccreflect.Pointer {
			x.Set(pbccreflect.New(c.Elem()))
			pbccFill(x.Elem(), r, tg, depth+1)
		} else {
			pbccFill(x, r, tg, depth+1)
		}
		v.Set(pbccreflect.ValueOf(pbccreflect.ValueOf(x.Interface())))
		return
	}
	if t == pbccBigIntType {
		// Its fields are math/big's own: a number is made, sometimes
		// past 64 bits.
		n := pbccbig.NewInt(pbccInt(r, tg))
		if r.IntN(4) == 0 {
			n.Lsh(n, uint(r.IntN(130)))
		}
		v.Set(pbccreflect.ValueOf(n).Elem())
		return
	}
	switch t.Kind() {
	case pbccreflect.Bool:
		v.SetBool(r.IntN(2) == 1)
	case pbccreflect.Int, pbccreflect.Int8, pbccreflect.Int16, pbccreflect.Int32, pbccreflect.Int64:
		v.SetInt(pbccInt(r, tg))
	case pbccreflect.Uint, pbccreflect.Uint8, pbccreflect.Uint16, pbccreflect.Uint32, pbccreflect.Uint64, pbccreflect.Uintptr:
		v.SetUint(uint64(pbccInt(r, tg)))
	case pbccreflect.Float32, pbccreflect.Float64:
		v.SetFloat(pbccFloat(r, tg))
	case pbccreflect.String:
		if len(tg.Lens) > 0 && r.IntN(4) == 0 {
			v.SetString(string(pbccSized(r, tg, tg.Lens[r.IntN(len(tg.Lens))])))
			return
		}
		v.SetString(pbccString(r, tg))
	case pbccreflect.Slice:
		if r.IntN(8) == 0 || depth > 3 {
			return
		}
		if pbccBytes(t) && len(tg.Strs) > 0 && r.IntN(2) == 0 {
			// A parser of bytes wants the words of its dictionary as
			// much as one of strings (google/uuid's ParseBytes).
			v.Set(pbccreflect.ValueOf([]byte(pbccString(r, tg))).Convert(t))
			return
		}
		n := r.IntN(5)
		if len(tg.Lens) > 0 && r.IntN(4) == 0 {
			n = tg.Lens[r.IntN(len(tg.Lens))]
			if pbccBytes(t) {
				v.Set(pbccreflect.ValueOf(pbccSized(r, tg, n)).Convert(t))
				return
			}
		}
		s := pbccreflect.MakeSlice(t, n, n)
		for i := 0; i < n; i++ {
			pbccFill(s.Index(i), r, tg, depth+1)
		}
		v.Set(s)
	case pbccreflect.Array:
		for i := 0; i < v.Len(); i++ {
			pbccFill(v.Index(i), r, tg, depth+1)
		}
	case pbccreflect.Map:
		if r.IntN(5) == 0 || depth > 3 {
			return
		}
		m := pbccreflect.MakeMap(t)
		for n := r.IntN(4); n > 0; n-- {
			k := pbccreflect.New(t.Key()).Elem()
			pbccFill(k, r, tg, depth+1)
			e := pbccreflect.New(t.Elem()).Elem()
			pbccFill(e, r, tg, depth+1)
			if k.Kind() == pbccreflect.Interface && !k.IsNil() && !k.Elem().Type().Comparable() {
				continue // an any key holding a map: no hash
			}
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case pbccreflect.Pointer:
		if r.IntN(5) == 0 || depth > 3 {
			return
		}
		p := pbccreflect.New(t.Elem())
		pbccFill(p.Elem(), r, tg, depth+1)
		v.Set(p)
	case pbccreflect.Struct:
		// Another package's unexported fields hold its invariants (a
		// mutex's state, a time's location): left zero.
		own := t.PkgPath() == pbccOwnPath
		for i := 0; i < t.NumField(); i++ {
			if own || t.Field(i).IsExported() {
				pbccFill(v.Field(i), r, tg, depth+1)
			}
		}
	case pbccreflect.Func:
		// A stub: it returns values made here, whatever its arguments
		// (a test writes it as func(int) int { return 3 }).
		if r.IntN(4) == 0 || depth > 3 {
			return
		}
		res := make([]pbccreflect.Value, t.NumOut())
		for i := range res {
			res[i] = pbccreflect.New(t.Out(i)).Elem()
			pbccFill(res[i], r, tg, depth+1)
		}
		f := pbccreflect.MakeFunc(t, func([]pbccreflect.Value) []pbccreflect.Value { return pbccSafeClone(res) })
		pbccStubsMu.Lock()
		pbccStubs[pbccFuncKey(f)] = res
		pbccStubsMu.Unlock()
		v.Set(f)
	case pbccreflect.Interface:
		switch {
		case t.NumMethod() > 0 && t != pbccErrorType && r.IntN(8) > 0 && pbccFillImpl(v, r, tg, depth):
			// A value of a type that implements it, mostly: a nil
			// writer or state only panics.
		case t.NumMethod() == 0 && len(tg.Anys) > 0 && r.IntN(2) == 0:
			// One of the types the function asserts it to.
			x := pbccreflect.New(tg.Anys[r.IntN(len(tg.Anys))]).Elem()
			pbccFill(x, r, tg, depth+1)
			v.Set(x)
		case r.IntN(3) == 0:
		case t == pbccErrorType && r.IntN(2) == 0 && pbccFillError(v, r, tg, depth):
			// A value of one of the package's error types.
		case t == pbccErrorType:
			// Not "": a test tells an error from nil by its message
			// (wantErr).
			msg := pbccString(r, tg)
			if msg == "" {
				msg = "error"
			}
			v.Set(pbccreflect.ValueOf(pbccerrors.New(msg)))
		case t.NumMethod() == 0 && r.IntN(2) == 0:
			v.Set(pbccreflect.ValueOf(int(pbccInt(r, tg))))
		case t.NumMethod() == 0:
			v.Set(pbccreflect.ValueOf(pbccString(r, tg)))
		}
	}
}

// pbccFillError sets the error v to a value of one of the package's
// error types (pbccImplTypes) that a test can write as a literal
// (pbccPlain: &ParseError{Line: 3}), and reports whether it did.
func pbccFillError(v pbccreflect.Value, r *pbccrand.Rand, tg *Target, depth int) bool {
	var cands []pbccreflect.Type
	for _, c := range pbccImplTypes {
		if c.Implements(pbccErrorType) {
			cands = append(cands, c)
		}
	}
	if len(cands) == 0 || depth > 3 {
		return false
	}
	c := cands[r.IntN(len(cands))]
	x := pbccreflect.New(c).Elem()
	if c.Kind() == pbccreflect.Pointer {
		x.Set(pbccreflect.New(c.Elem()))
		pbccFill(x.Elem(), r, tg, depth+1)
	} else {
		pbccFill(x, r, tg, depth+1)
	}
	if _, ok := pbccPlain(x, 0); !ok {
		return false
	}
	v.Set(x)
	return true
}

// pbccFillImpl sets the interface v to a value of one of pbccImplTypes
// that implements it, and reports whether there was one.
func pbccFillImpl(v pbccreflect.Value, r *pbccrand.Rand, tg *Target, depth int) bool {
	var cands []pbccreflect.Type
	list, listed := pbccIfaceImpls[v.Type().String()]
	if !listed {
		list = pbccImplTypes
	}
	for _, c := range list {
		if c.Implements(v.Type()) {
			cands = append(cands, c)
		}
	}
	if len(cands) == 0 && !listed {
		// As the model does (ssaexec/lowerstock.go): the first stock
		// type that implements it, when the package has none.
		for _, c := range pbccStockTypes {
			if c.Implements(v.Type()) {
				cands = append(cands, c)
				break
			}
		}
	}
	if len(cands) == 0 || depth > 3 {
		return false
	}
	c := cands[r.IntN(len(cands))]
	x := pbccreflect.New(c).Elem()
	if c.Kind() == pbccreflect.Pointer {
		// Not nil: a nil pointer in an interface is rare.
		x.Set(pbccreflect.New(c.Elem()))
		pbccFill(x.Elem(), r, tg, depth+1)
	} else {
		pbccFill(x, r, tg, depth+1)
	}
	v.Set(x)
	return true
}

func pbccInt(r *pbccrand.Rand, tg *Target) int64 {
	switch r.IntN(4) {
	case 0:
		if len(tg.Ints) > 0 {
			return tg.Ints[r.IntN(len(tg.Ints))] + int64(r.IntN(3)) - 1
		}
		fallthrough
	case 1:
		return int64(r.IntN(13)) - 2
	case 2:
		b := []int64{0, 1, -1, 127, 128, 255, 256, 1<<15 - 1, 1 << 15, 1<<16 - 1, 1<<31 - 1, -1 << 31, 1<<32 - 1, 1<<63 - 1, -1 << 63}
		return b[r.IntN(len(b))]
	}
	return r.Int64N(2000) - 1000
}

// pbccScale is a factor to scale a number by: 2, or a constant of the
// function above 1 (1000 in x >= 1000 makes a million of a thousand, the
// next step of a loop that divides by it).
func pbccScale(r *pbccrand.Rand, tg *Target) int64 {
	if !tg.scaled {
		tg.scaled = true
		for _, c := range tg.Ints {
			if c > 2 {
				tg.scales = append(tg.scales, c)
			}
		}
		for _, f := range tg.Floats {
			if f > 2 && f < 1<<31 && f == pbccmath.Trunc(f) {
				tg.scales = append(tg.scales, int64(f))
			}
		}
	}
	if r.IntN(2) == 0 && len(tg.scales) > 0 {
		return tg.scales[r.IntN(len(tg.scales))]
	}
	return 2
}

// pbccSpecialFloats are the values a float's special cases test: NaN,
// the infinities, the largest and the smallest magnitudes.
var pbccSpecialFloats = []float64{pbccmath.NaN(), pbccmath.Inf(1), pbccmath.Inf(-1), pbccmath.MaxFloat64,
	-pbccmath.MaxFloat64, pbccmath.SmallestNonzeroFloat64, pbccmath.Copysign(0, -1)}

func pbccFloat(r *pbccrand.Rand, tg *Target) float64 {
	if r.IntN(16) == 0 {
		return pbccSpecialFloats[r.IntN(len(pbccSpecialFloats))]
	}
	switch r.IntN(4) {
	case 0:
		if len(tg.Floats) > 0 {
			return tg.Floats[r.IntN(len(tg.Floats))]
		}
		fallthrough
	case 1:
		return float64(pbccInt(r, tg))
	case 2:
		return float64(r.IntN(200)-100) / 4
	}
	return r.NormFloat64() * 100
}

var pbccByteType = pbccreflect.TypeOf(byte(0))

// pbccBytes reports whether t is a slice of bytes ([]byte or a type of
// it), which a word of the dictionary converts to.
func pbccBytes(t pbccreflect.Type) bool {
	return t.Kind() == pbccreflect.Slice && t.Elem() == pbccByteType
}

const pbccAlphabet = "abcxyzABZ019 .,-_/:=%@\\\"'\t\n"

// pbccSized makes n bytes of the alphabet, half the time beginning with
// a word of the dictionary: a format checked by its length and its
// prefix (a magic number, then a fixed-size state: xxhash's
// UnmarshalBinary) wants both at once.
func pbccSized(r *pbccrand.Rand, tg *Target, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = pbccChar(r, tg)
	}
	if len(tg.Strs) > 0 && r.IntN(2) == 0 {
		copy(b, tg.Strs[r.IntN(len(tg.Strs))])
	}
	return b
}

func pbccString(r *pbccrand.Rand, tg *Target) string {
	switch r.IntN(5) {
	case 0, 1:
		if len(tg.Strs) > 0 {
			s := tg.Strs[r.IntN(len(tg.Strs))]
			switch r.IntN(4) {
			case 0:
				return s + tg.Strs[r.IntN(len(tg.Strs))]
			case 1:
				return pbccString(r, tg) + s
			}
			return s
		}
	case 2:
		return ""
	}
	b := make([]byte, r.IntN(9))
	for i := range b {
		b[i] = pbccChar(r, tg)
	}
	return string(b)
}

// pbccCross sets text argument i (a string, a []byte, or an element of a
// []string) to a word of another argument's text, or inserts the word in
// it, and reports whether it did. A lookup wants a key its data holds
// (jsonparser's Get(data, keys...): a key of the JSON text), which
// neither argument's own mutations make.
func pbccCross(r *pbccrand.Rand, args []pbccreflect.Value, i int) bool {
	var texts []string
	for j, a := range args {
		if j == i {
			continue
		}
		switch {
		case a.Kind() == pbccreflect.String:
			texts = append(texts, a.String())
		case pbccBytes(a.Type()):
			texts = append(texts, string(a.Bytes()))
		case a.Kind() == pbccreflect.Slice && a.Type().Elem().Kind() == pbccreflect.String:
			for k := 0; k < a.Len(); k++ {
				texts = append(texts, a.Index(k).String())
			}
		}
	}
	var words []string
	for _, text := range texts {
		words = append(words, pbccstrings.FieldsFunc(text, func(c rune) bool {
			return !(c == '_' || c == '-' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80)
		})...)
	}
	if len(words) == 0 {
		return false
	}
	w := words[r.IntN(len(words))]
	v := args[i]
	if !v.CanSet() {
		return false
	}
	switch {
	case v.Kind() == pbccreflect.String:
		s := v.String()
		if r.IntN(2) == 0 || s == "" {
			v.SetString(w)
		} else {
			k := r.IntN(len(s) + 1)
			v.SetString(s[:k] + w + s[k:])
		}
	case pbccBytes(v.Type()):
		b := v.Bytes()
		k := r.IntN(len(b) + 1)
		nb := append(append(append([]byte{}, b[:k]...), w...), b[k:]...)
		v.Set(pbccreflect.ValueOf(nb).Convert(v.Type()))
	case v.Kind() == pbccreflect.Slice && v.Type().Elem().Kind() == pbccreflect.String:
		e := pbccreflect.New(v.Type().Elem()).Elem()
		e.SetString(w)
		if v.Len() > 0 && r.IntN(2) == 0 {
			n := pbccreflect.MakeSlice(v.Type(), v.Len(), v.Len())
			pbccreflect.Copy(n, v)
			n.Index(r.IntN(n.Len())).Set(e)
			v.Set(n)
		} else {
			v.Set(pbccreflect.Append(v, e))
		}
	default:
		return false
	}
	return true
}

// pbccChar returns a byte of the alphabet or, half the time, one the
// function compares with (tidwall/match's '*' and '?', a JSON parser's
// '{' and '"'): its branches on characters want those.
func pbccChar(r *pbccrand.Rand, tg *Target) byte {
	if len(tg.Chars) > 0 && r.IntN(2) == 0 {
		return tg.Chars[r.IntN(len(tg.Chars))]
	}
	return pbccAlphabet[r.IntN(len(pbccAlphabet))]
}

func pbccWrite(line pbccExploreLine) { pbccAppend("PBCC_EXPLORE_OUT", line) }

// pbccStubs are the function values pbccFill made, by their closure, with
// the results each returns.
var (
	pbccStubsMu pbccsync.Mutex
	pbccStubs   = map[pbccunsafe.Pointer][]pbccreflect.Value{}
)

// pbccFuncKey identifies a function value: its closure pointer, the data
// word of the interface holding it (reflect's Pointer gives the code,
// the same for every function MakeFunc makes).
func pbccFuncKey(v pbccreflect.Value) pbccunsafe.Pointer {
	if !v.CanInterface() {
		return nil
	}
	i := v.Interface()
	return (*[2]pbccunsafe.Pointer)(pbccunsafe.Pointer(&i))[1]
}

func init() {
	pbccStubOf = func(v pbccreflect.Value) ([]pbccreflect.Value, bool) {
		k := pbccFuncKey(v)
		if k == nil {
			return nil, false
		}
		pbccStubsMu.Lock()
		defer pbccStubsMu.Unlock()
		res, ok := pbccStubs[k]
		return res, ok
	}
}

// pbccSetField sets field i of the struct s, exported or not, to x.
func pbccSetField(s pbccreflect.Value, i int, x interface{}) {
	f := s.Field(i)
	pbccreflect.NewAt(f.Type(), pbccunsafe.Pointer(f.UnsafeAddr())).Elem().Set(pbccreflect.ValueOf(x))
}
