// Package strval validates and transforms strings byte by byte.
package strval

// IsIdent reports whether s is a Go-like identifier of ASCII letters,
// digits and underscores, not starting with a digit.
//
// Interesting branches: len(s) == 0, and the byte tests on s[i] at a
// symbolic index.
func IsIdent(s string) bool {
	if len(s) == 0 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' {
			continue
		}
		if i > 0 && '0' <= c && c <= '9' {
			continue
		}
		return false
	}
	return true
}

// TrimPrefix returns s without the prefix p when s starts with it.
//
// Interesting branch: the comparison of a slice of s with p.
func TrimPrefix(s, p string) string {
	if len(s) >= len(p) && s[:len(p)] == p {
		return s[len(p):]
	}
	return s
}

// Greet returns a greeting for name, or panics on the empty name.
//
// Interesting branches: a string comparison with a constant, an explicit
// panic with a constant string.
func Greet(name string) string {
	if name == "" {
		panic("empty name")
	}
	if name < "m" {
		return "hello, " + name
	}
	return "hi, " + name
}

// Upper returns s with its ASCII letters in upper case.
//
// Interesting branch: the byte test inside a loop over []byte(s).
func Upper(s string) []byte {
	b := []byte(s)
	for i := range b {
		if 'a' <= b[i] && b[i] <= 'z' {
			b[i] -= 'a' - 'A'
		}
	}
	return b
}
