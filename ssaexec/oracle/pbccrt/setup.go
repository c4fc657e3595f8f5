// Package pbccrt is the part of pbcc's runs on the real code that is the
// same in every package: the recorder of what each case's call did
// (Start, Record) and the search on the real code (Explore). pbcc adds to
// the package under test, through an overlay, its oracle test files and
// a small file of glue that hands this package what is the package's own:
// its path, the hooks of its instrumentation (ssaexec/cover), the
// functions to search and their dictionaries, its variables, the types
// its interfaces take.
//
// pbcc builds it as a module of its own, written once in the user's cache
// directory and required through go test's -modfile, so that the build
// cache compiles it once for every package and module; where a module
// cannot be added that way (a workspace, a vendored module, GOPATH), its
// files are added to the package itself, with the names below prefixed
// by pbccrt (ssaexec/oracle's runtime.go).
//
// It is written for the oldest Go it may be built with (go 1.16: no
// generics), as its module has no go line when the module under test is
// older than go 1.22; its own names start with pbcc, so that, added to a
// package, they keep clear of the package's own.
package pbccrt

import (
	pbccbytes "bytes"
	pbccreflect "reflect"
)

// HungExit is the status a process ends with after a call that did not
// return in time (ssaexec/oracle's hungExit).
const HungExit = 97

const pbccHungExit = HungExit

// Hooks are the variables of the instrumented package (ssaexec/cover)
// that the recorder and the search set.
type Hooks struct {
	Local    *func(k int)              // _pbccLocal: sees every hit
	Cmp      *func(a, b interface{})   // _pbccCmp: sees the operands of comparisons
	Mutant   *int                      // _pbccMutant: the mutant that runs
	ExitHook *func(code int)           // _pbccExitHook: called instead of os.Exit
	PathHook *func(string, bool)       // _pbccPathHook: sees the file names of os.Open, os.Create...
	ActHook  *func()                   // _pbccActHook: called before the package acts on the machine
	GoHook   *func() func(interface{}) // _pbccGoHook: sees the goroutines the package starts end
	Sites    int                       // len(_pbccSeen): the number of hits
}

// Setup is called by the recorder's glue: path is the import path of the
// package under test (reflect's PkgPath of a type of its own); hooks are
// nil when the package is not instrumented.
func Setup(path string, hooks *Hooks) {
	pbccOwnPath = path
	if hooks != nil {
		pbccLocal, pbccCmp, pbccMutant, pbccSites = hooks.Local, hooks.Cmp, hooks.Mutant, hooks.Sites
		pbccExitHook = hooks.ExitHook
		if hooks.PathHook != nil {
			*hooks.PathHook = pbccCheckPath
		}
		if hooks.ActHook != nil {
			// An input that gets to an act (ssaexec.Stops) is left out,
			// as one that writes outside its directory is.
			*hooks.ActHook = func() { panic(pbccOutside{}) }
		}
	}
}

// A Search is what the search's glue tells of the package.
type Search struct {
	Path       string
	Hook       Hooks
	Targets    []Target
	Impls      []pbccreflect.Type            // the model's implementations of the targets' interfaces
	IfaceImpls map[string][]pbccreflect.Type // by named interface, the dynamic types the model gives it
	Globals    []pbccreflect.Value           // the package's variables
	State      pbccreflect.Type              // the glue's pbccState, the fmt.State of a Format method's search
	Calls      int                           // the calls each function's search may make
	Steps      int64                         // the branch executions it may take
}

// SetupSearch is called by the search's glue.
func SetupSearch(s Search) {
	Setup(s.Path, &s.Hook)
	pbccTargets, pbccImplTypes, pbccIfaceImpls, pbccGlobals = s.Targets, s.Impls, s.IfaceImpls, s.Globals
	pbccStateType = s.State
	pbccStockTypes = []pbccreflect.Type{pbccreflect.TypeOf((*pbccbytes.Buffer)(nil)), pbccreflect.PtrTo(s.State)}
	pbccCallsMax, pbccStepsMax = s.Calls, s.Steps
	*pbccExitHook = func(code int) { panic(pbccExited(code)) }
	if s.Hook.GoHook != nil {
		*s.Hook.GoHook = pbccGoStarted
	}
}

var (
	// pbccOwnPath is the import path of the package under test.
	pbccOwnPath string
	// The hooks of the instrumented package; pbccLocal is nil when it is
	// not instrumented.
	pbccLocal    *func(k int)
	pbccCmp      *func(a, b interface{})
	pbccMutant   *int
	pbccExitHook *func(code int)
	pbccSites    int
	// pbccCallsMax and pbccStepsMax bound each function's search.
	pbccCallsMax int
	pbccStepsMax int64
)
