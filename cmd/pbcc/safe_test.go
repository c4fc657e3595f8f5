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
// run's budget leaves it less (and says how far past the budget it went,
// if it did), keeps the run's context when enough is left or there is no
// deadline, and still ends on an interruption.
func TestCheckContext(t *testing.T) {
	long, cancelLong := context.WithTimeout(context.Background(), time.Hour)
	defer cancelLong()
	short, cancelShort := context.WithTimeout(context.Background(), time.Second)
	defer cancelShort()
	spent, cancelSpent := context.WithTimeout(context.Background(), 0)
	defer cancelSpent()
	for _, tc := range []struct {
		name           string
		ctx            context.Context
		extended, past bool
	}{
		{"no deadline", context.Background(), false, false},
		{"an hour left", long, false, false},
		{"a second left", short, true, false},
		{"spent", spent, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stderr bytes.Buffer
			ctx, cancel := checkContext(tc.ctx, "pkg", &stderr)
			defer func() {
				cancel()
				if said := strings.Contains(stderr.String(), "pkg: the generated tests were checked before writing "); said != tc.past {
					t.Errorf("said it went past the budget: %v, want %v (stderr %q)", said, tc.past, stderr.String())
				}
			}()
			if (ctx != tc.ctx) != tc.extended {
				t.Fatalf("extended: %v, want %v", ctx != tc.ctx, tc.extended)
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
