// Command testprogress runs go test -json and says, while it runs, what it
// is doing: a line per package as it finishes (as go test does), a line
// per test that took a while, every failing test's output, and, when
// nothing has finished for a while, which tests are still running. It
// exits with go test's status.
//
// Usage (from the Makefile):
//
//	go run ./.ci/testprogress.go [go test flags] [packages]
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"
	"sync"
	"time"
)

// slow is the time above which a finished top-level test gets a line.
const slow = 5 * time.Second

// quiet is how long without news before the running tests are listed.
const quiet = 30 * time.Second

type event struct {
	Time       time.Time
	Action     string
	Package    string
	ImportPath string // of build-output and build-fail
	Test       string
	Elapsed    float64
	Output     string
}

func main() {
	args := append([]string{"test", "-json"}, os.Args[1:]...)
	cmd := exec.Command("go", args...)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		fmt.Fprintln(os.Stderr, "testprogress:", err)
		os.Exit(2)
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "testprogress:", err)
		os.Exit(2)
	}
	fmt.Printf("go %s\n", strings.Join(args, " "))

	var mu sync.Mutex
	running := map[string]time.Time{} // "pkg TestX" -> since
	last := time.Now()
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(5 * time.Second)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				mu.Lock()
				if time.Since(last) >= quiet && len(running) > 0 {
					var names []string
					for n, since := range running {
						names = append(names, fmt.Sprintf("%s (%s)", n, time.Since(since).Round(time.Second)))
					}
					sort.Strings(names)
					fmt.Printf("  %s: still running: %s\n", time.Since(start).Round(time.Second), strings.Join(names, ", "))
					last = time.Now()
				} else if time.Since(last) >= quiet {
					// Before the first test starts, go test compiles
					// (Z3's cgo bindings take a while): say so.
					fmt.Printf("  %s: building the test binaries, no test running yet\n", time.Since(start).Round(time.Second))
					last = time.Now()
				}
				mu.Unlock()
			}
		}
	}()

	outputs := map[string][]string{} // test output, kept until it passes
	failed := false
	passed, failures := 0, 0 // top-level tests
	sc := bufio.NewScanner(out)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			fmt.Println(sc.Text()) // not JSON: go test's own words
			continue
		}
		if e.Package == "" {
			e.Package = e.ImportPath
		}
		key := e.Package
		if e.Test != "" {
			key += " " + e.Test
		}
		top := e.Test != "" && !strings.Contains(e.Test, "/")
		mu.Lock()
		switch e.Action {
		case "run":
			if top {
				running[key] = time.Now()
			}
		case "output", "build-output":
			outputs[key] = append(outputs[key], e.Output)
		case "pass", "skip":
			if top && e.Action == "pass" {
				passed++
			}
			delete(running, key)
			if top && e.Action == "pass" && e.Elapsed >= slow.Seconds() {
				fmt.Printf("  %-36s %-40s %6.1fs\n", e.Package, e.Test, e.Elapsed)
				last = time.Now()
			}
			if e.Test == "" && e.Action == "pass" {
				fmt.Printf("ok   %-36s %6.1fs\n", e.Package, e.Elapsed)
				last = time.Now()
			} else if e.Test == "" {
				fmt.Printf("?    %-36s (no test files)\n", e.Package)
			}
			delete(outputs, key)
		case "fail", "build-fail":
			failed = true
			if top {
				failures++
			}
			delete(running, key)
			if e.Test != "" {
				fmt.Printf("--- FAIL: %s %s (%.1fs)\n%s", e.Package, e.Test, e.Elapsed, strings.Join(outputs[key], ""))
			} else {
				fmt.Printf("FAIL %-36s %6.1fs\n%s", e.Package, e.Elapsed, strings.Join(outputs[key], ""))
			}
			delete(outputs, key)
			last = time.Now()
		}
		mu.Unlock()
	}
	close(done)
	err = cmd.Wait()
	fmt.Printf("go test: %s in all\n", time.Since(start).Round(time.Second))
	// The plain closing line CI reads: top-level tests, as go test counts them.
	fmt.Printf("%d passed, %d failed\n", passed, failures)
	if err != nil || failed {
		if ee, ok := err.(*exec.ExitError); ok {
			os.Exit(ee.ExitCode())
		}
		os.Exit(1)
	}
}
