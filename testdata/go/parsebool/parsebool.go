// Package parsebool parses configuration values: sentinel errors,
// errors.New and fmt.Errorf, err.Error(), errors in structs and maps of
// strings.
package parsebool

import (
	"errors"
	"fmt"
)

// The errors of ParseBool and Get.
var (
	ErrEmpty    = errors.New("empty value")
	ErrSyntax   = errors.New("invalid syntax")
	ErrNotFound = errors.New("not found")
)

// ParseBool returns the boolean value s spells, as strconv.ParseBool.
//
// Interesting branches: each case of the switch, the empty string.
func ParseBool(s string) (bool, error) {
	switch s {
	case "1", "t", "T", "true", "TRUE", "True":
		return true, nil
	case "0", "f", "F", "false", "FALSE", "False":
		return false, nil
	case "":
		return false, ErrEmpty
	}
	return false, ErrSyntax
}

// Describe says what ParseBool makes of s.
//
// Interesting branches: the comparison with a sentinel, with nil, the
// value.
func Describe(s string) string {
	v, err := ParseBool(s)
	if err == ErrEmpty {
		return "empty"
	}
	if err != nil {
		return "error: " + err.Error()
	}
	if v {
		return "yes"
	}
	return "no"
}

// Sign returns an error for numbers that are not positive.
//
// Interesting branches: two errors made in place, nil.
func Sign(n int) error {
	if n < 0 {
		return fmt.Errorf("negative")
	}
	if n == 0 {
		return errors.New("zero")
	}
	return nil
}

// Setting is a named value and the error met reading it.
type Setting struct {
	Name string
	Err  error
}

// Valid reports whether the setting was read without error and has a
// name.
//
// Interesting branches: an error field against nil, the name.
func Valid(s Setting) bool {
	if s.Err != nil {
		return false
	}
	return s.Name != ""
}

// Get returns the boolean value of key in cfg.
//
// Interesting branches: the comma-ok lookup, the error of ParseBool.
func Get(cfg map[string]string, key string) (bool, error) {
	v, ok := cfg[key]
	if !ok {
		return false, ErrNotFound
	}
	b, err := ParseBool(v)
	if err != nil {
		return false, err
	}
	return b, nil
}
