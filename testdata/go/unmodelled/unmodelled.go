// Package unmodelled uses what pbcc's model did not express (time, a
// generic callee; its defer, mutex and fmt.Fprintf into a strings.Builder
// are modelled now): those functions are searched on the real code.
package unmodelled

import (
	"fmt"
	"strings"
	"sync"
	"time"
)

type QtyError struct {
	Item string
	Qty  int
}

func (e *QtyError) Error() string { return fmt.Sprintf("%s: bad quantity %d", e.Item, e.Qty) }

type Cart struct {
	mu    sync.Mutex
	Items map[string]int
	Total int
}

func (c *Cart) Add(item string, qty int) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if qty <= 0 || qty > 99 {
		return &QtyError{Item: item, Qty: qty}
	}
	if c.Items == nil {
		c.Items = map[string]int{}
	}
	c.Items[item] += qty
	c.Total += qty
	return nil
}

func Describe(name string, age int) string {
	var b strings.Builder
	if age < 0 {
		fmt.Fprintf(&b, "%s: invalid", name)
		return b.String()
	}
	if age >= 18 {
		fmt.Fprintf(&b, "%s (adult, %d)", name, age)
	} else {
		fmt.Fprintf(&b, "%s (minor)", name)
	}
	return b.String()
}

func Elapsed(start time.Time, limit time.Duration) bool {
	if limit <= 0 {
		return true
	}
	return time.Since(start) > limit
}

func Max[T int | float64](a, b T) T {
	if a > b {
		return a
	}
	return b
}

func Bigger(a, b int) int {
	if Max(a, b) == a {
		return 1
	}
	return 2
}
