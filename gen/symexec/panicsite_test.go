package symexec

import (
	"strings"
	"testing"
)

//go:noinline
func derefForTest(p *int) int { return *p }

// TestInternalErrorNamesSite: a panic inside the model becomes an error
// naming where it happened, the same from run to run (no goroutine
// numbers, no addresses: it goes into a generated file's header).
func TestInternalErrorNamesSite(t *testing.T) {
	run := func() (err error) {
		defer recoverUnsupported(&err)
		derefForTest(nil)
		return nil
	}
	first, second := run(), run()
	if first == nil {
		t.Fatal("the panic was not turned into an error")
	}
	msg := first.Error()
	for _, want := range []string{"internal error: runtime error: invalid memory address", "in gen/symexec.derefForTest at panicsite_test.go:"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not contain %q", msg, want)
		}
	}
	if strings.Contains(msg, "goroutine") || strings.Contains(msg, "0x") {
		t.Errorf("error %q holds a stack trace", msg)
	}
	if second == nil || second.Error() != msg {
		t.Errorf("two panics at the same site gave %q and %v", msg, second)
	}
}
