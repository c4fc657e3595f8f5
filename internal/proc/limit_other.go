//go:build !linux

package proc

import "os/exec"

// LimitData does nothing here: only Linux's prlimit is used.
func LimitData(cmd *exec.Cmd, bytes int64) error { return nil }
