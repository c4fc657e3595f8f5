package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pbcc/pbcc/gen"
)

// The memory ceiling (-mem): the searches degrade rather than grow without
// bound. A watch reads the process's resident memory (Go's heap and Z3's,
// which the Go runtime does not see) a few times a second; past the
// ceiling it ends the searches running then, as their time budget would:
// they keep the cases found so far, and their open branches are reported
// "memory budget spent". The next functions start afresh, once Go has
// given back what it can.

// defaultMem is the ceiling when -mem is not given: half the machine's
// memory, at most 8 GiB.
func defaultMem() int64 {
	const max = 8 << 30
	total := totalMemory()
	if total <= 0 {
		return max
	}
	return min(total/2, max)
}

// totalMemory returns the machine's memory in bytes, from
// /proc/meminfo; 0 when it cannot tell.
func totalMemory() int64 {
	data, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "MemTotal:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}

// residentMemory returns the process's resident set size in bytes, from
// /proc/self/statm; 0 when it cannot tell.
func residentMemory() int64 {
	data, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := bytes.Fields(data)
	if len(f) < 2 {
		return 0
	}
	pages, _ := strconv.ParseInt(string(f[1]), 10, 64)
	return pages * int64(os.Getpagesize())
}

// parseSize reads a size such as 4GiB, 512MiB, 2GB or 1000000 (bytes).
func parseSize(s string) (int64, error) {
	units := []struct {
		suffix string
		n      int64
	}{
		{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
		{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12},
		{"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"B", 1},
	}
	num, mul := strings.TrimSpace(s), int64(1)
	for _, u := range units {
		if strings.HasSuffix(num, u.suffix) {
			num, mul = strings.TrimSpace(strings.TrimSuffix(num, u.suffix)), u.n
			break
		}
	}
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || v <= 0 || v*float64(mul) > 1<<62 {
		return 0, fmt.Errorf("%q is not a size (say 4GiB, 512MiB or a number of bytes, more than 0)", s)
	}
	return int64(v * float64(mul)), nil
}

// memWatch ends the searches running when the process's memory passes
// limit. Searches register the cancel of their context while they run.
type memWatch struct {
	limit int64
	mu    sync.Mutex
	next  int
	live  map[int]context.CancelCauseFunc
	hits  int // how many times the ceiling was passed
}

// gcPercent is the collector's target (GOGC) while a watch with a
// ceiling runs, unless GOGC is set.
const gcPercent = 400

// watchMemory starts a watch of limit bytes; stop ends it. A limit of 0
// or less watches nothing.
func watchMemory(limit int64) (w *memWatch, stop func()) {
	w = &memWatch{limit: limit, live: map[int]context.CancelCauseFunc{}}
	if limit <= 0 {
		return w, func() {}
	}
	// Go's own heap stays well below the ceiling: Z3 needs the rest. (A
	// ceiling too low for that only ends searches: a heap held under a
	// few hundred MiB would have the collector run all the time.)
	old := debug.SetMemoryLimit(-1)
	oldGC := -2 // GOGC's, unless changed here
	if limit/2 >= 256<<20 {
		debug.SetMemoryLimit(limit / 2)
		if os.Getenv("GOGC") == "" {
			// The soft limit bounds the heap: the collector may run
			// less often below it. A search allocates fast while its
			// live heap is small (states, replays): at the default
			// 100, a third of replace's makepat's CPU was the
			// collector's (when Z3 values still had finalizers); at
			// 400, a tenth.
			oldGC = debug.SetGCPercent(gcPercent)
		}
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				if residentMemory() > w.limit {
					w.cancelAll()
					debug.FreeOSMemory()
				}
			}
		}
	}()
	return w, func() {
		close(done)
		wg.Wait()
		debug.SetMemoryLimit(old)
		if oldGC != -2 {
			debug.SetGCPercent(oldGC)
		}
	}
}

// track returns ctx, cancelled when the memory passes the ceiling, and
// the function that ends the tracking.
func (w *memWatch) track(ctx context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(ctx)
	w.mu.Lock()
	id := w.next
	w.next++
	w.live[id] = cancel
	w.mu.Unlock()
	// Past the ceiling already (what Go gave back did not suffice): the
	// search does not start.
	if w.limit > 0 && residentMemory() > w.limit {
		w.cancelAll()
	}
	return ctx, func() {
		w.mu.Lock()
		delete(w.live, id)
		w.mu.Unlock()
		cancel(nil)
	}
}

func (w *memWatch) cancelAll() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.live) > 0 {
		w.hits++
	}
	for id, cancel := range w.live {
		cancel(gen.ErrMemoryBudget)
		delete(w.live, id)
	}
}

// passed reports how many times the ceiling ended searches.
func (w *memWatch) passed() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.hits
}

// saidMemory says on stderr, once per package or unit, that the memory
// ceiling ended searches.
func saidMemory(cfg *genConfig, where string, stderr io.Writer) {
	if cfg.memPassed == 0 {
		return
	}
	fmt.Fprintf(stderr, "pbcc: %s: the run passed its memory ceiling (-mem %s) %d time(s): the searches running then ended, keeping the cases they had found (branches left open: memory budget spent)\n",
		where, sizeString(cfg.mem), cfg.memPassed)
	cfg.memPassed = 0
}

// sizeString writes n bytes in the largest binary unit that divides it.
func sizeString(n int64) string {
	for _, u := range []struct {
		suffix string
		n      int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n%u.n == 0 {
			return fmt.Sprintf("%d%s", n/u.n, u.suffix)
		}
	}
	return fmt.Sprintf("%dB", n)
}
