package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/ir"
)

// progress tells the person waiting what gen is doing: a line on stderr
// per function as its search ends (so that a long run is never silent),
// and, when stderr is a terminal, a live line below them that says which
// function of how many is being searched and for how long. stdout is left
// to the summary and -json. A nil *progress says nothing.
type progress struct {
	w     io.Writer
	live  bool // w is a terminal: redraw the live line
	start time.Time

	mu      sync.Mutex
	n, done int                    // functions of the current batch, and those finished
	running map[*ir.Func]time.Time // being searched, since when
	shown   bool                   // the live line is on the screen
	stop    chan struct{}
	ticker  sync.WaitGroup
}

func newProgress(w io.Writer) *progress {
	return &progress{w: w, live: isTerminal(w), start: time.Now(), running: map[*ir.Func]time.Time{}}
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// begin starts a batch of n functions (a package, a C file).
func (p *progress) begin(n int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	p.n, p.done = n, 0
	p.mu.Unlock()
	if p.live {
		p.stop = make(chan struct{})
		p.ticker.Add(1)
		go p.tick(p.stop)
	}
}

// tick redraws the live line every second until stop is closed.
func (p *progress) tick(stop chan struct{}) {
	defer p.ticker.Done()
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			p.mu.Lock()
			p.redraw()
			p.mu.Unlock()
		}
	}
}

// started records that the search of f began.
func (p *progress) started(f *ir.Func) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.running[f] = time.Now()
	p.redraw()
}

// stopped records that the search of f stopped; its line comes with
// finished.
func (p *progress) stopped(f *ir.Func) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.running, f)
}

// finished prints the line of a function whose search ended.
func (p *progress) finished(f *ir.Func, fr *funcResult) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	p.clear()
	delete(p.running, f)
	fmt.Fprintf(p.w, "pbcc: [%d/%d] %s\n", p.done, p.n, progressLine(f, fr))
	if p.done < p.n {
		p.redraw()
	}
}

// end ends the batch: the live line goes away.
func (p *progress) end() {
	if p == nil {
		return
	}
	if p.stop != nil {
		close(p.stop)
		p.ticker.Wait()
		p.stop = nil
	}
	p.mu.Lock()
	p.clear()
	clear(p.running)
	p.mu.Unlock()
}

// redraw writes the live line; p.mu is held.
func (p *progress) redraw() {
	if !p.live || p.n == 0 || p.done >= p.n {
		return
	}
	var names []string
	for f, since := range p.running {
		names = append(names, fmt.Sprintf("%s %s", shortName(f), time.Since(since).Round(time.Second)))
	}
	slices.Sort(names)
	line := fmt.Sprintf("pbcc: function %d of %d, %s elapsed", min(p.done+1, p.n), p.n, time.Since(p.start).Round(time.Second))
	if len(names) > 0 {
		line += "; searching " + strings.Join(names, ", ")
	}
	fmt.Fprintf(p.w, "\r\033[K%s", line)
	p.shown = true
}

// clear erases the live line; p.mu is held.
func (p *progress) clear() {
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
		p.shown = false
	}
}

// progressLine says what the search of one function found: the replay's
// count, before the coverage tool confirms it.
func progressLine(f *ir.Func, fr *funcResult) string {
	if fr.err != nil || fr.r == nil {
		return fmt.Sprintf("%s: %v", rel(fr.file), fr.err) // the error names the function
	}
	r := fr.r
	s := fmt.Sprintf("%s  %d/%d branches by the search", r.Func.Name, r.Count(gen.Covered), len(r.Edges))
	if n := r.Count(gen.Unreachable); n > 0 {
		s += fmt.Sprintf(", %d unreachable", n)
	}
	// Timeout is any search left unfinished; say which bound ended it,
	// not "out of time" for a query the solver's work budget ended.
	var undecided, outOfTime, work int
	for _, e := range r.Edges {
		if e.Outcome != gen.Timeout {
			continue
		}
		switch e.Detail {
		case "time budget spent":
			outOfTime++
		case gen.ErrWorkBudget.Error(), gen.ErrMemoryBudget.Error():
			work++
		default:
			undecided++
		}
	}
	if outOfTime > 0 {
		s += fmt.Sprintf(", %d out of time", outOfTime)
	}
	if work > 0 {
		s += fmt.Sprintf(", %d past the work or memory budget", work)
	}
	if undecided > 0 {
		s += fmt.Sprintf(", %d undecided", undecided)
	}
	s += fmt.Sprintf("  %d cases", len(r.Cases))
	if len(r.Cases) == 0 && r.NoCase != "" {
		s += " (" + r.NoCase + ")"
	}
	return s + fmt.Sprintf("  %.2fs", roundSeconds(r.Duration))
}
