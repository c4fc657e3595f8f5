package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// An interruption is the cause of the command's context when SIGINT or
// SIGTERM stops it.
type interruption struct{ sig syscall.Signal }

func (e *interruption) Error() string { return "interrupted by " + signalName(e.sig) }

func signalName(s syscall.Signal) string {
	switch s {
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return s.String()
}

// interrupted returns the signal that stopped the command, if one did.
func interrupted(ctx context.Context) (*interruption, bool) {
	var in *interruption
	ok := errors.As(context.Cause(ctx), &in)
	return in, ok
}

// runInterruptible is run under a context that the first SIGINT or
// SIGTERM cancels: the searches stop, the child processes (go test, gcc,
// the harness) are killed, the temporary files and directories are
// removed as each stage returns, no test file is written after the
// signal, and the exit status is 128 plus the signal's number (130 for
// SIGINT, 143 for SIGTERM). A second signal ends pbcc at once.
func runInterruptible(args []string, stdout, stderr io.Writer) int {
	// The go commands pbcc runs make their work directories (go-build*)
	// in one of pbcc's, removed at the end: a go command stopped while
	// it builds leaves its own behind.
	if dir, err := os.MkdirTemp(os.Getenv("GOTMPDIR"), "pbcc-go-"); err == nil {
		defer os.RemoveAll(dir)
		if prev, ok := os.LookupEnv("GOTMPDIR"); ok {
			defer os.Setenv("GOTMPDIR", prev)
		} else {
			defer os.Unsetenv("GOTMPDIR")
		}
		os.Setenv("GOTMPDIR", dir)
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM)
	defer signal.Stop(sigs)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-sigs:
			signal.Stop(sigs) // the next one has the default effect: the end
			cancel(&interruption{s.(syscall.Signal)})
		case <-done:
		}
	}()
	code := runContext(ctx, args, stdout, stderr)
	close(done)
	if in, ok := interrupted(ctx); ok {
		fmt.Fprintf(stderr, "pbcc: stopped: %v\n", in)
		return 128 + int(in.sig)
	}
	return code
}
