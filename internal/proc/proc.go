// Package proc starts the commands pbcc runs (go test, go list, gcc, a
// C harness) so that stopping them stops all they started too.
//
// exec.CommandContext kills only the process it started, with SIGKILL,
// when its context ends: a go test killed so leaves its test binary
// running (a case that loops for ever spins on until the binary's own
// -timeout) and its work directory (go-build*) in the temporary
// directory. Command puts the command in a process group of its own
// and, when the context ends, sends SIGINT to the whole group, which
// the go command answers by removing its work directory; whatever of the
// group is still running a second later is killed.
package proc

import (
	"context"
	"os/exec"
	"syscall"
	"time"
)

// interruptGrace is how long the group has, after SIGINT, before every
// process of it is killed.
const interruptGrace = time.Second

// WaitDelay is how long a command has, after its context ends and its
// group got SIGINT, before it is killed.
const WaitDelay = 5 * time.Second

// Command is exec.CommandContext(ctx, name, args...), stopped as the
// package comment says.
func Command(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		// The group's id is the leader's pid (Setpgid).
		group := -cmd.Process.Pid
		if err := syscall.Kill(group, syscall.SIGINT); err == syscall.ESRCH {
			return nil // every process of the group has ended already
		} else if err != nil {
			return err
		}
		// What ignores SIGINT (a shell's background job) is killed. The
		// leader, once it exits, stays a zombie until Wait: the group
		// is only empty after that, so the wait is bounded.
		for start := time.Now(); time.Since(start) < interruptGrace; time.Sleep(10 * time.Millisecond) {
			if syscall.Kill(group, 0) == syscall.ESRCH {
				return nil
			}
		}
		syscall.Kill(group, syscall.SIGKILL)
		return nil
	}
	cmd.WaitDelay = WaitDelay
	return cmd
}
