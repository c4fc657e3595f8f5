package proc

import (
	"os/exec"
	"syscall"
	"unsafe"
)

// LimitData bounds the data segment of cmd's process, started already,
// to bytes (prlimit's RLIMIT_DATA, which counts the heap Go's runtime
// maps): past it an allocation fails, and a Go program ends with "fatal
// error: runtime: out of memory" instead of taking the machine's memory.
// What the process started before the call is not bounded.
func LimitData(cmd *exec.Cmd, bytes int64) error {
	if cmd.Process == nil || bytes <= 0 {
		return nil
	}
	lim := syscall.Rlimit{Cur: uint64(bytes), Max: uint64(bytes)}
	_, _, errno := syscall.RawSyscall6(syscall.SYS_PRLIMIT64, uintptr(cmd.Process.Pid), syscall.RLIMIT_DATA,
		uintptr(unsafe.Pointer(&lim)), 0, 0, 0)
	if errno != 0 {
		return errno
	}
	return nil
}
