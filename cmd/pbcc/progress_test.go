package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/ir"
)

// TestProgressStreams: each function's line is written when its search
// ends, not when the batch does; on a terminal a live line says which
// function of how many is being searched.
func TestProgressStreams(t *testing.T) {
	f1, f2 := &ir.Func{Name: "p.F"}, &ir.Func{Name: "p.T.M"}
	var buf bytes.Buffer
	p := newProgress(&buf)
	p.begin(2)
	p.started(f1)
	p.started(f2)
	p.finished(f1, &funcResult{file: "p/f.go", r: &gen.Result{Func: f1, Duration: 1500 * time.Millisecond}})
	if got, want := buf.String(), "pbcc: [1/2] p.F  0/0 branches by the search  0 cases  1.50s\n"; got != want {
		t.Fatalf("after the first function: %q, want %q", got, want)
	}
	p.finished(f2, &funcResult{file: "p/f.go", err: errTest})
	p.end()
	if got := buf.String(); !strings.HasSuffix(got, "pbcc: [2/2] p/f.go: boom\n") {
		t.Errorf("after the second function: %q", got)
	}

	buf.Reset()
	p = newProgress(&buf)
	p.live = true
	p.begin(3)
	p.started(f1)
	if got := buf.String(); !strings.Contains(got, "\r\033[Kpbcc: function 1 of 3, 0s elapsed; searching F 0s") {
		t.Errorf("live line: %q", got)
	}
	p.finished(f1, &funcResult{file: "p/f.go", r: &gen.Result{Func: f1}})
	p.end()
	if got := buf.String(); !strings.HasSuffix(got, "\r\033[K") || !strings.Contains(got, "\r\033[Kpbcc: [1/3] p.F") {
		t.Errorf("the live line is not cleared around the function's line: %q", got)
	}

	var nilp *progress // gen's callers that want no progress
	nilp.begin(1)
	nilp.started(f1)
	nilp.finished(f1, &funcResult{})
	nilp.end()
}

type testError string

func (e testError) Error() string { return string(e) }

const errTest = testError("boom")

// TestProgressLineSaysWhichBound: a branch left open is "out of time" only
// when time ended its search; one the solver could not decide within its
// work budget says so.
func TestProgressLineSaysWhichBound(t *testing.T) {
	f := &ir.Func{Name: "p.F"}
	edges := func(details ...string) []gen.EdgeStatus {
		es := []gen.EdgeStatus{{Outcome: gen.Covered}}
		for _, d := range details {
			es = append(es, gen.EdgeStatus{Outcome: gen.Timeout, Detail: d})
		}
		return es
	}
	for _, tc := range []struct {
		details []string
		want    string
	}{
		{nil, "p.F  1/1 branches by the search  0 cases  0.00s"},
		{[]string{"time budget spent"}, "p.F  1/2 branches by the search, 1 out of time  0 cases  0.00s"},
		{[]string{"solver limit (work or time)", "solver limit (work or time)"}, "p.F  1/3 branches by the search, 2 undecided  0 cases  0.00s"},
		{[]string{gen.ErrWorkBudget.Error(), "time budget spent"}, "p.F  1/3 branches by the search, 1 out of time, 1 past the work or memory budget  0 cases  0.00s"},
	} {
		got := progressLine(f, &funcResult{r: &gen.Result{Func: f, Edges: edges(tc.details...)}})
		if got != tc.want {
			t.Errorf("%v:\n got %q\nwant %q", tc.details, got, tc.want)
		}
	}
}
