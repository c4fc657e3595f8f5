package main

import (
	"bytes"
	"context"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestCheckContext: the check before writing gets checkGrace when the
// run's budget leaves it less (and says so), keeps the run's context
// when enough is left or there is no deadline, and still ends on an
// interruption.
func TestCheckContext(t *testing.T) {
	long, cancelLong := context.WithTimeout(context.Background(), time.Hour)
	defer cancelLong()
	short, cancelShort := context.WithTimeout(context.Background(), time.Second)
	defer cancelShort()
	spent, cancelSpent := context.WithTimeout(context.Background(), 0)
	defer cancelSpent()
	for _, tc := range []struct {
		name     string
		ctx      context.Context
		extended bool
	}{
		{"no deadline", context.Background(), false},
		{"an hour left", long, false},
		{"a second left", short, true},
		{"spent", spent, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stderr bytes.Buffer
			ctx, cancel := checkContext(tc.ctx, "pkg", &stderr)
			defer cancel()
			said := strings.Contains(stderr.String(), "pkg: the run's time budget is (nearly) spent")
			if said != tc.extended || (ctx != tc.ctx) != tc.extended {
				t.Fatalf("extended: said %v, new context %v; want %v (stderr %q)", said, ctx != tc.ctx, tc.extended, stderr.String())
			}
			if !tc.extended {
				return
			}
			if ctx.Err() != nil {
				t.Fatalf("the check's context is done: %v", ctx.Err())
			}
			if dl, _ := ctx.Deadline(); time.Until(dl) < checkGrace-time.Second || time.Until(dl) > checkGrace {
				t.Errorf("the check's deadline is %v away, want %v", time.Until(dl), checkGrace)
			}
		})
	}
	// An interruption ends the check, however much time it has.
	run, interrupt := context.WithCancelCause(context.Background())
	deadline, cancelDeadline := context.WithTimeout(run, time.Second)
	defer cancelDeadline()
	ctx, cancel := checkContext(deadline, "pkg", new(bytes.Buffer))
	defer cancel()
	interrupt(&interruption{syscall.SIGINT})
	select {
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the check's context did not end on an interruption")
	}
	// Once interrupted, there is no grace.
	if ctx2, cancel2 := checkContext(deadline, "pkg", new(bytes.Buffer)); ctx2 != deadline {
		cancel2()
		t.Error("an interrupted run's check got a grace")
	}
}
