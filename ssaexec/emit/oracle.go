package emit

import "github.com/pbcc/pbcc/gen"

// Oracle renders the file File would write for the same results, with
// each test recording what its call does instead of checking it: each
// case calls pbccRecord(test, case, returned, recovered, results,
// params-after-the-call), a function the caller supplies in another file
// of the package (ssaexec/oracle). Running it on the package compiled by
// the Go toolchain gives the expected values the real file then checks.
// Imports only the checks need are left out.
// It also returns which case each (test, case name) pair of the records
// is.
func Oracle(pkgName string, results []*gen.Result) ([]byte, map[[2]string]CaseRef, error) {
	g := &generator{imports: map[string]string{}, oracle: true}
	out, err := renderFile(g, pkgName, results, "")
	return out, g.refs, err
}

// FileRefs is File, and which result each test function checks and which
// case each (test, case name) pair is: how a failure go test reports is
// traced back to what pbcc found.
func FileRefs(pkgName string, results []*gen.Result, cmd string) ([]byte, map[string]*gen.Result, map[[2]string]CaseRef, error) {
	g := &generator{imports: map[string]string{}, record: true}
	out, err := renderFile(g, pkgName, results, cmd)
	return out, g.tests, g.refs, err
}

// A CaseRef is one case of a result.
type CaseRef struct {
	Result *gen.Result
	Index  int // in Result.Cases
}
