// Package errs parses a small configuration format and classifies the
// errors of a client: errors wrapped with fmt.Errorf and %w, errors.Is
// against the package's sentinels and the standard library's, errors.Unwrap
// and errors.Join.
package errs

import (
	"errors"
	"fmt"
	"io"
	"strconv"
)

// The errors of ParsePort and ParseLine.
var (
	ErrEmpty    = errors.New("empty value")
	ErrNotDigit = errors.New("not a digit")
	ErrRange    = errors.New("out of range")
	ErrTimeout  = errors.New("timeout")
	ErrNoKey    = errors.New("missing key")
)

// ParsePort parses a TCP port number, in decimal, without sign.
//
// Interesting branches: the empty string, a byte that is not a digit
// (reported with its offset, wrapping ErrNotDigit), a value past 65535
// (wrapping ErrRange with the value), port 0.
func ParsePort(s string) (int, error) {
	if s == "" {
		return 0, ErrEmpty
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, fmt.Errorf("port %q: offset %d: %w", s, i, ErrNotDigit)
		}
		n = n*10 + int(c-'0')
		if n > 65535 {
			return 0, fmt.Errorf("port %d: %w", n, ErrRange)
		}
	}
	if n == 0 {
		return 0, fmt.Errorf("port 0 is reserved")
	}
	return n, nil
}

// ParseLine parses "key=port" and wraps ParsePort's errors with the key.
//
// Interesting branches: no '=', an empty key, an error of ParsePort
// (wrapped again: errors.Is still sees the sentinel), a good line.
func ParseLine(line string) (string, int, error) {
	eq := -1
	for i := 0; i < len(line); i++ {
		if line[i] == '=' {
			eq = i
			break
		}
	}
	if eq < 0 {
		return "", 0, fmt.Errorf("line %q: %w", line, ErrNoKey)
	}
	if eq == 0 {
		return "", 0, fmt.Errorf("line %q: empty key: %w", line, ErrNoKey)
	}
	key := line[:eq]
	port, err := ParsePort(line[eq+1:])
	if err != nil {
		return "", 0, fmt.Errorf("key %s: %w", key, err)
	}
	return key, port, nil
}

// Explain tells a user what went wrong with a line.
//
// Interesting branches: every sentinel errors.Is finds through two
// levels of wrapping, an error wrapping none of them, a good line.
func Explain(line string) string {
	_, _, err := ParseLine(line)
	switch {
	case err == nil:
		return "ok"
	case errors.Is(err, ErrNoKey):
		return "write key=port"
	case errors.Is(err, ErrEmpty):
		return "the port is missing"
	case errors.Is(err, ErrNotDigit):
		return "the port is a number"
	case errors.Is(err, ErrRange):
		return "the port is at most 65535"
	}
	return "error: " + err.Error()
}

// Retryable classifies an error a client got: timeouts and a connection
// cut short (io.ErrUnexpectedEOF, io.EOF) are worth a retry, up to
// attempts tries.
//
// Interesting branches: nil, each sentinel (bare or wrapped by the
// caller), the attempts left, an unknown error.
func Retryable(err error, attempts int) bool {
	if err == nil {
		return false
	}
	if attempts >= 3 {
		return false
	}
	if errors.Is(err, ErrTimeout) {
		return true
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return attempts < 2
	}
	return false
}

// Fetch stands for a call that may fail: it fails with a timeout on odd
// tries below limit, and with a cut connection on even ones.
func Fetch(try, limit int) error {
	if try >= limit {
		return nil
	}
	if try%2 == 1 {
		return fmt.Errorf("fetch try %d: %w", try, ErrTimeout)
	}
	return fmt.Errorf("fetch try %d: %w", try, io.ErrUnexpectedEOF)
}

// Cause returns the innermost error of a chain of single wrappings, and
// how many wrappings it went through.
//
// Interesting branches: nil, an error that wraps nothing, one that wraps
// another.
func Cause(err error) (error, int) {
	depth := 0
	for {
		inner := errors.Unwrap(err)
		if inner == nil {
			return err, depth
		}
		err = inner
		depth++
	}
}

// Validate checks a range of ports and reports every problem at once.
//
// Interesting branches: each check failing alone and together (errors.Join
// of nils is nil), a range that passes, errors.Is through the join.
func Validate(lo, hi int) (bool, error) {
	var errLo, errHi error
	if lo < 1 {
		errLo = fmt.Errorf("low port %d: %w", lo, ErrRange)
	}
	if hi > 65535 {
		errHi = fmt.Errorf("high port %d: %w", hi, ErrRange)
	}
	err := errors.Join(errLo, errHi)
	if err == nil && lo > hi {
		err = fmt.Errorf("empty range %d..%d", lo, hi)
	}
	return errors.Is(err, ErrRange), err
}

// Count parses a count the way the rest of the program expects: a
// syntax error of strconv (a *strconv.NumError that wraps
// strconv.ErrSyntax) is told apart from a negative count.
//
// Interesting branches: a number, a negative number, not a number.
func Count(s string) (int, string) {
	n, err := strconv.Atoi(s)
	if errors.Is(err, strconv.ErrSyntax) {
		return 0, "not a number"
	}
	if n < 0 {
		return 0, "negative"
	}
	return n, ""
}

// Origin tells which store a failed lookup of key came from, by the
// message of the error the lookup layer wraps it in.
//
// Interesting branches: the message of an error made by fmt.Errorf from
// the input (exact in the PBCC: "%s: %w" concatenates), nil.
func Origin(store string, err error) string {
	if err == nil {
		return "none"
	}
	wrapped := fmt.Errorf("%s: %w", store, err)
	if wrapped.Error() == "cache: expired" {
		return "cache miss"
	}
	return "failure in " + store
}

// Verbosity parses a verbosity level that fits an int8. strconv.ParseInt
// has no model: its results, and which sentinel its error wraps, are
// learnt from real calls.
//
// Interesting branches: a number past 127 (strconv.ErrRange), not a
// number (strconv.ErrSyntax), a level.
func Verbosity(s string) (int8, string) {
	n, err := strconv.ParseInt(s, 10, 8)
	if errors.Is(err, strconv.ErrRange) {
		return 0, "out of range"
	}
	if err != nil {
		return 0, "not a number"
	}
	return int8(n), ""
}

// ErrMissingPort is the error of Lookup for an unknown key: it wraps
// ErrNoKey, so that callers may test either.
var ErrMissingPort = fmt.Errorf("port: %w", ErrNoKey)

// Lookup returns the port of a well-known service.
//
// Interesting branches: each service, the empty name, another one.
func Lookup(service string) (int, error) {
	switch service {
	case "http":
		return 80, nil
	case "https":
		return 443, nil
	case "":
		return 0, ErrNoKey
	}
	return 0, ErrMissingPort
}

// Known reports whether Lookup knows service, telling a missing name
// from an unknown one.
//
// Interesting branches: errors.Is sees ErrNoKey through the package's
// own wrapped sentinel ErrMissingPort, and ErrMissingPort itself.
func Known(service string) string {
	_, err := Lookup(service)
	if errors.Is(err, ErrNoKey) {
		if errors.Is(err, ErrMissingPort) {
			return "unknown service"
		}
		return "no service"
	}
	return "known"
}
