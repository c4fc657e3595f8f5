package main

import (
	"strings"
	"testing"
)

// TestUnmodelledParameters: a function whose parameter the model cannot
// hold (a map with struct keys, a reflect.Value) still gets a table that
// passes, from the search on the real code: the map is written as a
// literal with struct keys, the reflect.Value as reflect.ValueOf of a
// value (kr/pretty's diffPrinter, keyEqual and nonzero had none).
func TestUnmodelledParameters(t *testing.T) {
	stdout, stderr, data := genInc(t, `package inc

import "reflect"

type point struct{ x, y int }

// Seen counts the points of a path already visited.
func Seen(visited map[point]int, x, y int) string {
	n, ok := visited[point{x, y}]
	if !ok {
		return "new"
	}
	if n > 2 {
		return "often"
	}
	return "again"
}

// Kind names the kind of v.
func Kind(v reflect.Value) string {
	switch v.Kind() {
	case reflect.Invalid:
		return "nothing"
	case reflect.Int:
		if v.Int() < 0 {
			return "negative"
		}
		return "int"
	case reflect.String:
		return "string " + v.String()
	}
	return "other"
}
`)
	for _, want := range []string{"func TestSeenPBCC(", "func TestKindPBCC(", "map[point]int{", "reflect.ValueOf(", "reflect.Value{}"} {
		if !strings.Contains(data, want) {
			t.Errorf("the tests have no %s:\n%s\n%s", want, data, stderr)
		}
	}
	for _, want := range []string{"Seen  4/4 branches", "Kind  8/8 branches"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("pbcc does not report %q:\n%s\n%s", want, stdout, stderr)
		}
	}
}

// TestChannelFields: a method of a struct holding a channel, and a
// function taking options that are funcs of a pointer to it, get tables
// from the search on the real code (robfig/cron: 21 of 52 functions had
// none, for Cron's five channels); the channel is left nil, and a func
// of a named type that implements an interface is written converted
// (FuncJob(func() {}) as a Job: before, the table did not compile and
// was left out).
func TestChannelFields(t *testing.T) {
	stdout, stderr, data := genInc(t, `package inc

type Job interface{ Run() }

type FuncJob func()

func (f FuncJob) Run() { f() }

type Sched struct {
	jobs    []Job
	running bool
	stop    chan struct{}
}

type Option func(*Sched)

// Add adds a job while the scheduler is not running.
func (s *Sched) Add(j Job) int {
	if j == nil {
		return -1
	}
	if s.running {
		return 0
	}
	s.jobs = append(s.jobs, j)
	return len(s.jobs)
}

// Runs runs j when it is a FuncJob that is not nil.
func Runs(j Job) int {
	if f, ok := j.(FuncJob); ok && f != nil {
		f()
		return 1
	}
	return 0
}

// Apply applies the options.
func (s *Sched) Apply(opts ...Option) int {
	n := 0
	for _, o := range opts {
		if o != nil {
			o(s)
			n++
		}
	}
	return n
}
`)
	for _, want := range []string{"func TestSched_AddPBCC(", "func TestSched_ApplyPBCC(", "FuncJob(func() {})"} {
		if !strings.Contains(data, want) {
			t.Errorf("the tests have no %s:\n%s\n%s", want, data, stderr)
		}
	}
	for _, want := range []string{"Add  4/4 branches", "Apply  4/4 branches", "Runs  4/4 branches"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("pbcc does not report %q:\n%s\n%s", want, stdout, stderr)
		}
	}
	if strings.Contains(stderr, "channels are not modelled") && !strings.Contains(stderr, "searched on the real code instead") {
		t.Errorf("a function was left without a search:\n%s", stderr)
	}
}

// TestBufioReaders: a lexer that holds a bufio.Reader (google/shlex's
// Tokenizer) and a function reading a *bufio.Reader are searched on the
// real code with readers of texts (a zero one gets an empty text), which
// the tests write as
// bufio.NewReader(strings.NewReader(text)). A zero reader returns no rune
// and no error forever: before, every search of shlex's lexer hung on
// it, and its tables covered 23 of 60 branches.
func TestBufioReaders(t *testing.T) {
	stdout, stderr, data := genInc(t, `package inc

import (
	"bufio"
	"io"
)

type Lexer struct {
	in    bufio.Reader
	depth int
}

// Next returns the kind of the next token: 0 at the end, 1 a word, 2 a
// quoted string, 3 a closing quote missing.
func (l *Lexer) Next() (int, error) {
	for {
		r, _, err := l.in.ReadRune()
		if err == io.EOF {
			return 0, nil
		}
		if err != nil {
			return 0, err
		}
		switch r {
		case ' ':
			continue
		case '"':
			for {
				q, _, err := l.in.ReadRune()
				if err != nil {
					return 3, nil
				}
				if q == '"' {
					return 2, nil
				}
			}
		default:
			return 1, nil
		}
	}
}

// Header reads a line and says whether it starts with "#!".
func Header(r *bufio.Reader) bool {
	line, err := r.ReadString('\n')
	if err != nil && line == "" {
		return false
	}
	return len(line) > 1 && line[0] == '#' && line[1] == '!'
}
`)
	for _, want := range []string{"bufio.NewReader(strings.NewReader("} {
		if !strings.Contains(data, want) {
			t.Errorf("the tests have no %s:\n%s\n%s", want, data, stderr)
		}
	}
	for _, want := range []string{"Lexer.Next  11/12 branches", "Header  8/8 branches"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("pbcc does not report %q:\n%s\n%s", want, stdout, stderr)
		}
	}
}
