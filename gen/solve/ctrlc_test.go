package solve

import (
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/pbcc/pbcc/gen/term"
)

// sigintFlags returns the flags of the SIGINT handler in force, as the
// kernel has them (struct kernel_sigaction on linux/amd64).
func sigintFlags(t *testing.T) uint64 {
	var sa struct{ handler, flags, restorer, mask uint64 }
	if _, _, e := syscall.RawSyscall6(syscall.SYS_RT_SIGACTION, uintptr(syscall.SIGINT), 0, uintptr(unsafe.Pointer(&sa)), 8, 0, 0); e != 0 {
		t.Fatalf("rt_sigaction: %v", e)
	}
	return sa.flags
}

const saOnStack = 0x08000000

// TestSIGINTAfterCheck: a Z3 check leaves the Go runtime's SIGINT
// handler as it was, and a SIGINT then reaches the program. With Z3's
// own ctrl_c handling (noZ3CtrlC false), the check put the handler back
// with signal(2), without SA_ONSTACK, and the next SIGINT on a thread
// running Go code killed pbcc with "non-Go code set up signal handler
// without SA_ONSTACK flag" (issue 9).
func TestSIGINTAfterCheck(t *testing.T) {
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skip("reads the kernel's sigaction of linux/amd64")
	}
	// The signal goes to this thread, running Go code on a goroutine's
	// stack: where a handler without SA_ONSTACK is fatal.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt)
	defer signal.Stop(sigs)
	if sigintFlags(t)&saOnStack == 0 {
		t.Fatal("the Go runtime's SIGINT handler has no SA_ONSTACK to begin with")
	}
	s := New(0)
	defer s.Close()
	a, b := term.Var("a", 64), term.Var("b", 64)
	ins := []Input{{Var: a, Signed: true}, {Var: b, Signed: true}}
	for i := range 2 {
		// A product the concrete stages do not find: Z3 is called.
		st, _, err := s.CheckSmall(term.Eq(term.Mul(a, term.BV(12345, 64)), term.Add(b, term.BV(1<<40+uint64(i), 64))), ins)
		if err != nil || st != Sat || s.Calls == 0 {
			t.Fatalf("check %d: %v %v, %d Z3 calls", i, st, err, s.Calls)
		}
		if sigintFlags(t)&saOnStack == 0 {
			t.Fatalf("after Z3 check %d, the SIGINT handler lost SA_ONSTACK", i)
		}
		if err := syscall.Tgkill(os.Getpid(), syscall.Gettid(), syscall.SIGINT); err != nil {
			t.Fatal(err)
		}
		select {
		case <-sigs:
		case <-time.After(5 * time.Second):
			t.Fatalf("SIGINT after check %d did not reach the program", i)
		}
	}
}
