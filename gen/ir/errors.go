package ir

import (
	"fmt"
	"strconv"
	"strings"
)

// This file holds the IR of Go's error wrapping: fmt.Errorf with
// arguments (and its %w verbs), errors.Is, errors.Unwrap and errors.Join.
// An error (type Error) is nil or an error made at a place of the
// program (MakeError, Errorf, JoinErrors, a sentinel global, a standard
// library call, an input), with a message, and the errors it wraps.
//
// Nothing here is used by the C front end.

// Errorf is fmt.Errorf(Format, Args...): an error whose message is the
// real fmt.Errorf's, made at its own place. The arguments are integers,
// bools, floats, strings or errors; an error argument of a %w verb
// (Wraps lists their indexes in Args) is wrapped: errors.Is sees through
// it, and errors.Unwrap returns it when it is the only one.
type Errorf struct {
	aValue
	Format string
	Args   []Value
	Wraps  []int
	// Opaque says that the message is not modelled: an argument is
	// formatted as only Go's fmt can (an interface's dynamic value, %T,
	// a String method); Args then holds the wrapped errors alone, each
	// in Wraps. The executor takes the message for an unknown, which
	// the real run gives.
	Opaque bool
}

// ErrorIs is errors.Is(X, Target): whether X, or an error X wraps
// (transitively), is Target; with a nil Target, whether X is nil.
type ErrorIs struct {
	aValue
	X, Target Value
}

// ErrorUnwrap is errors.Unwrap(X): the error X wraps when X was made by
// fmt.Errorf with a single %w verb, nil otherwise (nil X included).
type ErrorUnwrap struct {
	aValue
	X Value
}

// JoinErrors is errors.Join(Errs...): nil when every one of Errs is nil,
// otherwise an error made at its own place that wraps the non-nil ones
// and whose message is theirs joined by newlines.
type JoinErrors struct {
	aValue
	Errs []Value
}

func (i *Errorf) Operands() []Value      { return i.Args }
func (i *ErrorIs) Operands() []Value     { return []Value{i.X, i.Target} }
func (i *ErrorUnwrap) Operands() []Value { return []Value{i.X} }
func (i *JoinErrors) Operands() []Value  { return i.Errs }

func (i *Errorf) String() string {
	s := fmt.Sprintf("%s = errorf %s", i.Name(), strconv.Quote(i.Format))
	if len(i.Args) > 0 {
		s += ", " + names(i.Args)
	}
	if len(i.Wraps) > 0 {
		s += fmt.Sprintf(" wraps %v", i.Wraps)
	}
	if i.Opaque {
		s += " (message not modelled)"
	}
	return s
}
func (i *ErrorIs) String() string {
	return fmt.Sprintf("%s = errors.Is(%s, %s)", i.Name(), i.X.Name(), i.Target.Name())
}
func (i *ErrorUnwrap) String() string {
	return fmt.Sprintf("%s = errors.Unwrap(%s)", i.Name(), i.X.Name())
}
func (i *JoinErrors) String() string {
	return fmt.Sprintf("%s = errors.Join(%s)", i.Name(), names(i.Errs))
}

// NewErrorf returns fmt.Errorf(format, args...), wrapping args[w] for
// each w of wraps.
func NewErrorf(format string, args []Value, wraps []int) *Errorf {
	return &Errorf{aValue: aValue{T: Error{}}, Format: format, Args: args, Wraps: wraps}
}

// NewErrorIs returns errors.Is(x, target).
func NewErrorIs(x, target Value) *ErrorIs {
	return &ErrorIs{aValue: aValue{T: Bool{}}, X: x, Target: target}
}

// NewErrorUnwrap returns errors.Unwrap(x).
func NewErrorUnwrap(x Value) *ErrorUnwrap {
	return &ErrorUnwrap{aValue: aValue{T: Error{}}, X: x}
}

// NewJoinErrors returns errors.Join(errs...).
func NewJoinErrors(errs []Value) *JoinErrors {
	return &JoinErrors{aValue: aValue{T: Error{}}, Errs: errs}
}

// stdSentinels are the sentinel errors of the standard library a program
// may compare errors with, and their messages. os.ErrNotExist and the
// others of os are those of io/fs, as in Go.
var stdSentinels = []struct{ name, msg string }{
	{"io.EOF", "EOF"},
	{"io.ErrUnexpectedEOF", "unexpected EOF"},
	{"io.ErrShortWrite", "short write"},
	{"io.ErrShortBuffer", "short buffer"},
	{"strconv.ErrSyntax", "invalid syntax"},
	{"strconv.ErrRange", "value out of range"},
	{"io/fs.ErrNotExist", "file does not exist"},
	{"io/fs.ErrExist", "file already exists"},
	{"io/fs.ErrPermission", "permission denied"},
	{"context.Canceled", "context canceled"},
	{"errors.ErrUnsupported", "unsupported operation"},
}

var stdGlobals = func() map[string]*Global {
	m := map[string]*Global{}
	for i, s := range stdSentinels {
		dot := strings.LastIndexByte(s.name, '.')
		path := s.name[:dot]
		g := NewGlobal(path[strings.LastIndexByte(path, '/')+1:]+s.name[dot:], Error{})
		// A made-up position, file "<path>", line its index + 1, column
		// 0, which no variable of a program has, so that the executor
		// gives it a tag of its own.
		g.Pos = Pos{File: "<" + path + ">", Line: i + 1}
		g.Init = &Literal{T: Error{}, Str: s.msg}
		m[s.name] = g
	}
	return m
}()

// StdSentinel returns the global of the standard library's sentinel
// error called name ("io.EOF", "strconv.ErrSyntax", "os.ErrNotExist"):
// one *Global per error for every function, of Ident "io.EOF" (the last
// element of the package's path, a dot, the name), or nil when it is not
// one pbcc knows.
func StdSentinel(name string) *Global {
	if rest, ok := strings.CutPrefix(name, "os.Err"); ok {
		name = "io/fs.Err" + rest
	}
	return stdGlobals[name]
}

// StdSentinelPath returns the import path of the package of g when g is
// one of the standard library's sentinel errors (StdSentinel).
func StdSentinelPath(g *Global) (string, bool) {
	for name, s := range stdGlobals {
		if s == g {
			return name[:strings.LastIndexByte(name, '.')], true
		}
	}
	return "", false
}

// StdSentinelNames returns the names StdSentinel knows, in a fixed order.
func StdSentinelNames() []string {
	names := make([]string, len(stdSentinels))
	for i, s := range stdSentinels {
		names[i] = s.name
	}
	return names
}
