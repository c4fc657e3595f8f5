package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// stdIfaceSrc has parameters of interfaces of the standard library that
// the package does not implement: an io.Reader, an io.Writer, a fmt.State
// and a fmt.Stringer. They were nil in every case: the model said the
// branches behind their first method call unreachable, and every case of
// a Format method panicked (pkg/errors' Format methods: 70.8% of its
// statements).
const stdIfaceSrc = `package inc

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// Count counts the lines r holds, and fails past max.
func Count(r io.Reader, max int) (int, error) {
	buf := make([]byte, 64)
	n := 0
	for {
		k, err := r.Read(buf)
		for _, c := range buf[:k] {
			if c == '\n' {
				n++
			}
		}
		if n > max {
			return n, errors.New("too many lines")
		}
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return n, err
		}
	}
}

// Greet writes a greeting to w.
func Greet(w io.Writer, name string) error {
	if name == "" {
		return errors.New("no name")
	}
	if strings.HasPrefix(name, "Dr") {
		_, err := io.WriteString(w, "Dear "+name)
		return err
	}
	_, err := fmt.Fprintf(w, "Hi %s", name)
	return err
}

// Point is a point.
type Point struct{ X, Y int }

// Format writes p as (x, y), or with names under %+v.
func (p Point) Format(s fmt.State, verb rune) {
	switch verb {
	case 'v':
		if s.Flag('+') {
			fmt.Fprintf(s, "x=%d y=%d", p.X, p.Y)
			return
		}
		fallthrough
	case 's':
		io.WriteString(s, "(")
		fmt.Fprint(s, p.X)
		io.WriteString(s, ", ")
		fmt.Fprint(s, p.Y)
		io.WriteString(s, ")")
	case 'q':
		if w, ok := s.Width(); ok && w > 10 {
			io.WriteString(s, "wide")
			return
		}
		fmt.Fprintf(s, "%q", "point")
	}
}

// Name says what s names.
func Name(s fmt.Stringer) string {
	if s == nil {
		return "nothing"
	}
	if len(s.String()) > 3 {
		return "long"
	}
	return "short"
}
`

// TestStdInterfaceParams: such parameters get real values (a
// *bytes.Buffer, a fmt.State the test file declares), written as a
// reviewer would (bytes.NewBufferString("..."), &incState{flags: "+"}),
// and what the call writes to them is checked after it; every branch is
// covered, none is said unreachable.
func TestStdInterfaceParams(t *testing.T) {
	stdout, _, data := genInc(t, stdIfaceSrc, "-json")
	for _, want := range []string{
		"w: bytes.NewBufferString(",         // a writer
		`wantW: bytes.NewBufferString("Hi `, // what Greet wrote
		"r: bytes.NewBufferString(",         // a reader
		"s: &incState{",                     // a fmt.State
		`flags: "+", out: "x=`,              // what Format wrote under %+v
		"type incState struct",              // declared once
		"cmp.AllowUnexported(incState{})",   // and compared
		`s: bytes.NewBufferString("`,        // a fmt.Stringer
	} {
		if !strings.Contains(data, want) {
			t.Errorf("the tests lack %q:\n%s", want, data)
		}
	}
	if n := strings.Count(data, "type incState struct"); n != 1 {
		t.Errorf("incState declared %d times", n)
	}
	if strings.Contains(stdout, `"reason":"unreachable"`) {
		t.Errorf("a branch behind an interface parameter is said unreachable:\n%s", stdout)
	}
	for _, line := range strings.Split(stdout, "\n") {
		if m := regexp.MustCompile(`"func":"inc\.(\w+(?:\.\w+)?)".*"branches":(\d+),"covered":(\d+)`).FindStringSubmatch(line); m != nil && m[1] != "Count" && m[2] != m[3] {
			t.Errorf("%s: %s of %s branches covered:\n%s", m[1], m[3], m[2], line)
		}
	}
}

// TestStdInterfaceMerge: a table made again alone (-func) is merged
// with the others, and the fmt.State declaration stays, once.
func TestStdInterfaceMerge(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	t.Parallel()
	dir, _, path := incModule(t, stdIfaceSrc)
	for _, args := range [][]string{{"gen", "./inc"}, {"gen", "-force", "-func", "Greet", "./inc"}} {
		if code, _, stderr := pbccProcess(t, dir, args...); code != 0 {
			t.Fatalf("pbcc %v exited %d:\n%s", args, code, stderr)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "type incState struct"); n != 1 || !strings.Contains(string(data), "s: &incState{") {
		t.Errorf("after -func Greet, incState is declared %d times (want 1) or no longer used:\n%s", n, data)
	}
	if out, err := goTest(dir, "./inc"); err != nil {
		t.Fatalf("the merged tests fail: %v\n%s", err, out)
	}
}

// TestErrorParamOfPackageType: an error parameter holds values of the
// package's error types too, written as they are (&NotFound{Name: "t"},
// timeout{}, &withMessage{cause: errors.New("x")}), so that errors.As, a
// type switch and an assertion on it take their branches; it held only
// errors.New's (7 of Classify's 12 branches, 3 of Cause's 4).
func TestErrorParamOfPackageType(t *testing.T) {
	stdout, _, data := genInc(t, `package inc

import "errors"

// NotFound says a name is missing.
type NotFound struct{ Name string }

func (e *NotFound) Error() string { return e.Name + " not found" }

// Temporary is an error that may go away.
type Temporary interface{ Temporary() bool }

type timeout struct{}

func (timeout) Error() string   { return "timeout" }
func (timeout) Temporary() bool { return true }

// Classify says what err is.
func Classify(err error) string {
	var nf *NotFound
	if errors.As(err, &nf) {
		if nf.Name == "" {
			return "anonymous"
		}
		return "missing " + nf.Name
	}
	switch e := err.(type) {
	case nil:
		return "ok"
	case timeout:
		return "timeout"
	case Temporary:
		if e.Temporary() {
			return "temporary"
		}
	}
	return "other"
}

// withMessage annotates its cause, as pkg/errors' does.
type withMessage struct {
	cause error
	msg   string
}

func (w *withMessage) Error() string { return w.msg + ": " + w.cause.Error() }
func (w *withMessage) Cause() error  { return w.cause }

// Cause returns the innermost cause of err, as pkg/errors does.
func Cause(err error) error {
	type causer interface {
		Cause() error
	}
	for err != nil {
		cause, ok := err.(causer)
		if !ok {
			break
		}
		err = cause.Cause()
	}
	return err
}
`, "-json")
	for _, want := range []string{`err: &NotFound{Name: "`, `want: "missing `, "err: &NotFound{}", "err: timeout{}", `want: "timeout"`,
		"err: &withMessage{", // a cause, for Cause's ok
	} {
		if !strings.Contains(data, want) {
			t.Errorf("the tests lack %q:\n%s", want, data)
		}
	}
	// Every branch but e.Temporary() false: no type of the package says
	// false.
	if !strings.Contains(stdout, `"func":"inc.Classify","file":"inc/inc.go","branches":12,"covered":11`) {
		t.Errorf("Classify: not 11 of its 12 branches covered:\n%s", stdout)
	}
	if !strings.Contains(stdout, `"func":"inc.Cause","file":"inc/inc.go","branches":4,"covered":4`) {
		t.Errorf("Cause: not all its 4 branches covered:\n%s", stdout)
	}
	if strings.Contains(data, `errors.New("")`) {
		t.Errorf("an error with an empty message, which a test cannot tell from nil by its message:\n%s", data)
	}
}

// TestEmbeddedErrorField: an error in an unexported field (embedded, as
// pkg/errors' withStack has it) is recorded as an error, so that the
// cases that set it are kept (they were dropped: their inputs could not
// be read back, and withStack.Format's 'q' branch was not covered).
func TestEmbeddedErrorField(t *testing.T) {
	stdout, _, data := genInc(t, `package inc

import "io"

type annotated struct {
	error
	note string
}

// Note writes the note and the error to w.
func (a *annotated) Note(w io.Writer) {
	if a.error == nil {
		io.WriteString(w, a.note)
		return
	}
	if a.note == "" {
		io.WriteString(w, a.Error())
		return
	}
	io.WriteString(w, a.note+": "+a.Error())
}
`, "-json")
	if !strings.Contains(data, "error: errors.New(") {
		t.Errorf("no case sets the error field:\n%s", data)
	}
	if !strings.Contains(stdout, `"func":"inc.annotated.Note","file":"inc/inc.go","branches":4,"covered":4`) {
		t.Errorf("Note: not all its 4 branches covered:\n%s", stdout)
	}
}
