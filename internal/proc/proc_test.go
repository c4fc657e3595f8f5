package proc

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestCommandStopsGroup: when the context ends, what the command started
// ends too (a go test's test binary, here a shell's sleep), and the
// command gets SIGINT first, which it may handle (the go command removes
// its work directory).
func TestCommandStopsGroup(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	trapped := filepath.Join(dir, "trapped")
	ctx, cancel := context.WithCancel(context.Background())
	script := "trap 'touch " + trapped + "; exit 1' INT; sleep 60 & echo $! > " + pidFile + "; wait"
	cmd := Command(ctx, "sh", "-c", script)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var pid int
	for start := time.Now(); time.Since(start) < 10*time.Second; time.Sleep(20 * time.Millisecond) {
		data, err := os.ReadFile(pidFile)
		if err == nil && strings.HasSuffix(string(data), "\n") {
			pid = atoi(t, strings.TrimSpace(string(data)))
			break
		}
	}
	if pid == 0 {
		t.Fatal("the shell did not start its child")
	}
	cancel()
	start := time.Now()
	cmd.Wait()
	if took := time.Since(start); took > WaitDelay+time.Second {
		t.Errorf("the command took %v to stop", took)
	}
	if _, err := os.Stat(trapped); err != nil {
		t.Error("the command did not get SIGINT")
	}
	for start := time.Now(); ; time.Sleep(20 * time.Millisecond) {
		if err := syscall.Kill(pid, 0); err == syscall.ESRCH {
			break
		}
		if time.Since(start) > 5*time.Second {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatal("the command's child outlived it")
		}
	}
}

func atoi(t *testing.T, s string) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			t.Fatalf("not a pid: %q", s)
		}
		n = n*10 + int(c-'0')
	}
	return n
}
