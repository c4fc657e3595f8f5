// Package errtypes returns errors of its own types, plain and wrapped:
// the tests check them with errors.As and their fields, not only their
// messages.
package errtypes

import (
	"errors"
	"fmt"
	"strconv"
	"sync"
)

// A ParseError says where a line could not be read.
type ParseError struct {
	Line int
	Msg  string
}

func (e *ParseError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// A Code is a status an order is refused with.
type Code int

func (c Code) Error() string { return "code " + strconv.Itoa(int(c)) }

// ParseQty reads the quantity on line n of an order.
func ParseQty(n int, s string) (int, error) {
	q, err := strconv.Atoi(s)
	if err != nil {
		return 0, &ParseError{Line: n, Msg: "not a number"}
	}
	return CheckQty(n, q)
}

// CheckQty checks the quantity q on line n of an order; an error past
// the limit is wrapped, and names the line after.
func CheckQty(n, q int) (int, error) {
	if q <= 0 {
		return 0, &ParseError{Line: n, Msg: "not positive"}
	}
	if q > 100 {
		return 0, fmt.Errorf("order: %w", &ParseError{Line: n + 1, Msg: "too many"})
	}
	return q, nil
}

// Check refuses an order of total cents over the limit.
func Check(total, limit int) error {
	if limit < 0 {
		return fmt.Errorf("limit %d: %w", limit, Code(400))
	}
	if total > limit {
		return Code(402)
	}
	return nil
}

// A BusyError holds a mutex, which a test cannot write: the test checks
// its message only.
type BusyError struct {
	mu   sync.Mutex
	Left int
}

func (e *BusyError) Error() string { return "busy, " + strconv.Itoa(e.Left) + " left" }

// Reserve refuses more than the stock.
func Reserve(stock, q int) error {
	if q > stock {
		return &BusyError{Left: stock}
	}
	return nil
}

// CheckAll checks the quantities of two lines; errors.As finds the first
// line's error in the joined ones.
func CheckAll(a, b int) error {
	_, errA := CheckQty(1, a)
	_, errB := CheckQty(2, b)
	return errors.Join(errA, errB)
}
