package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestErrorTypesChecked: errors of the package's own types
// (testdata/go/errtypes: *ParseError, Code, wrapped by fmt.Errorf or
// errors.Join) are checked with errors.As and their values, and a wrong
// field in the expected value fails the test even where the message
// stays right.
func TestErrorTypesChecked(t *testing.T) {
	t.Parallel() // processes and directories of its own
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := newModule(t, "errtypes")
	if code, _, stderr := pbcc(t, dir, "gen", "./errtypes"); code != 0 {
		t.Fatalf("pbcc gen exited %d:\n%s", code, stderr)
	}
	path := filepath.Join(dir, "errtypes", "errtypes_pbcc_test.go")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
	for _, want := range []string{
		// CheckQty's error past the limit wraps the *ParseError.
		`wantErr: "order: line 1: too many", wantErrAs: &ParseError{Line: 1, Msg: "too many"}`,
		`wantErrAs: new(Code(402))`, // Code is a value type
		// CheckAll joins two: errors.As finds the first.
		`wantErr: "line 1: not positive\nline 2: not positive", wantErrAs: &ParseError{Line: 1, Msg: "not positive"}`,
		"errors.As(err, &target)",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("the generated file lacks %q:\n%s", want, src)
		}
	}
	if out, err := goTest(dir, "./errtypes"); err != nil {
		t.Fatalf("the generated tests fail on the real code: %v\n%s", err, out)
	}
	// A field changed in an expected value, its message left as it is:
	// only the errors.As check sees it, and its test must fail.
	for _, tc := range []struct{ from, to, fails string }{
		{`&ParseError{Line: 1, Msg: "too many"}`, `&ParseError{Line: 2, Msg: "too many"}`, "error's *ParseError mismatch"},
		{`new(Code(402))`, `new(Code(403))`, "error's Code mismatch"},
	} {
		if err := os.WriteFile(path, []byte(strings.Replace(src, tc.from, tc.to, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := goTest(dir, "./errtypes")
		if err == nil || !strings.Contains(out, tc.fails) {
			t.Errorf("with %s for %s, go test: %v, want a failure %q:\n%s", tc.to, tc.from, err, tc.fails, out)
		}
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	// A change of the code a message check misses: the same message, but
	// not the type callers match with errors.As.
	code := filepath.Join(dir, "errtypes", "errtypes.go")
	orig, err := os.ReadFile(code)
	if err != nil {
		t.Fatal(err)
	}
	from, to := `return 0, &ParseError{Line: n, Msg: "not positive"}`, `return 0, fmt.Errorf("line %d: not positive", n)`
	if !strings.Contains(string(orig), from) {
		t.Fatalf("errtypes.go lacks %q", from)
	}
	if err := os.WriteFile(code, []byte(strings.Replace(string(orig), from, to, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := goTest(dir, "./errtypes")
	if want := "want an error of type *ParseError"; err == nil || !strings.Contains(out, want) {
		t.Errorf("with %s for %s in the code, go test: %v, want a failure %q:\n%s", to, from, err, want, out)
	}
}
