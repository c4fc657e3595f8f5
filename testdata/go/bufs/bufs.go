// Package bufs takes buffers, big numbers, times and a mutex as inputs:
// pbcc writes them with their constructors (bytes.NewBufferString,
// big.NewInt, time.Unix) rather than leaving cases out.
package bufs

import (
	"bytes"
	"strings"
	"sync"
)

// Flush returns what buf holds followed by s when it holds more than 3
// bytes; otherwise it adds s to buf.
func Flush(s string, buf *bytes.Buffer) string {
	if buf.Len() > 3 {
		return buf.String() + s
	}
	buf.WriteString(s)
	return ""
}

// Grow appends s to b unless b already holds more than 4 bytes.
func Grow(b *strings.Builder, s string) int {
	if b.Len() > 4 {
		return -1
	}
	b.WriteString(s)
	return b.Len()
}

// Counter counts under a lock.
type Counter struct {
	mu sync.Mutex
	n  int
}

// Add adds d; a negative d is refused.
func (c *Counter) Add(d int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if d < 0 {
		return false
	}
	c.n += d
	return true
}
