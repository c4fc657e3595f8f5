// Package stdcalls calls the standard library the way parsers and
// validators do: the calls pbcc models (strings.IndexByte, HasPrefix,
// unicode.IsDigit, utf8.DecodeRuneInString) and calls whose results it
// learns by replaying the real function (strconv.Itoa, strconv.Atoi).
package stdcalls

import (
	"bytes"
	"fmt"
	"path"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// SplitPair splits "key=value" at its first '='. A pair without '=' or
// with an empty key is rejected.
func SplitPair(s string) (key, value string, ok bool) {
	i := strings.IndexByte(s, '=')
	if i < 0 {
		return "", "", false
	}
	if i == 0 {
		return "", s[1:], false
	}
	return s[:i], s[i+1:], true
}

// Ident reports whether s is an identifier: a letter or '_', then
// letters, digits and '_'.
func Ident(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_' || unicode.IsLetter(r):
		case unicode.IsDigit(r):
			if i == 0 {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// Scheme returns the scheme of a URL it knows, "" for others.
func Scheme(url string) string {
	switch {
	case strings.HasPrefix(url, "https://"):
		return "https"
	case strings.HasPrefix(url, "http://"):
		return "http"
	case strings.Contains(url, "://"):
		return "other"
	}
	return ""
}

// Width returns the columns n takes when printed, at most 6.
func Width(n int) int {
	s := strconv.Itoa(n)
	if len(s) > 6 {
		return 6
	}
	return len(s)
}

// Port parses a TCP port number.
func Port(s string) (int, bool) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, false
	}
	if n <= 0 || n > 65535 {
		return 0, false
	}
	return n, true
}

// CountRunes counts the runes of s, and how many of them are ASCII,
// decoding them one by one.
func CountRunes(s string) (runes, ascii int) {
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		if r == utf8.RuneError && size == 1 {
			return -1, -1 // invalid UTF-8
		}
		if size == 1 {
			ascii++
		}
		runes++
		s = s[size:]
	}
	return runes, ascii
}

// Spaces counts the leading blanks of s.
func Spaces(s string) int {
	n := 0
	for _, r := range s {
		if !unicode.IsSpace(r) {
			break
		}
		n++
	}
	return n
}

// Fits reports whether n, printed, fits in width columns.
func Fits(n, width int) bool {
	s := strconv.Itoa(n)
	if len(s) > width {
		return false
	}
	return true
}

// Magic names the format of a file from its first bytes.
func Magic(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte("\x89PNG")):
		return "png"
	case bytes.HasPrefix(head, []byte("GIF8")):
		return "gif"
	case bytes.IndexByte(head, 0) >= 0:
		return "binary"
	}
	return "text"
}

// EncodedLen returns the bytes runes take in UTF-8, or -1 when one of
// them has no encoding.
func EncodedLen(rs []rune) int {
	n := 0
	for _, r := range rs {
		k := utf8.RuneLen(r)
		if k < 0 {
			return -1
		}
		n += k
	}
	return n
}

// SameEnds reports whether n, a number of two digits or more, begins and
// ends with the same digit, as 121 does.
func SameEnds(n int) bool {
	if n < 10 {
		return false
	}
	s := strconv.Itoa(n)
	if s[0] != s[len(s)-1] {
		return false
	}
	return true
}

// Verb parses a request verb, ignoring case and surrounding blanks.
func Verb(s string) int {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "get":
		return 1
	case "put":
		return 2
	}
	return 0
}

// Kind names the kind of a file from its extension.
func Kind(name string) string {
	switch path.Ext(name) {
	case ".go":
		return "go"
	case ".c", ".h":
		return "c"
	}
	return "other"
}

// InBase writes n in base b, with a 0x prefix in base 16.
func InBase(n int64, base int) string {
	if base == 16 {
		return "0x" + strconv.FormatInt(n, 16)
	}
	return strconv.FormatInt(n, base)
}

// Setting writes a configuration line: a number as it is, anything else
// quoted. Its two fmt.Sprintf calls take different operands (an int, a
// string): what a replay teaches about one says nothing of the other.
func Setting(key, value string) string {
	if n, err := strconv.Atoi(value); err == nil {
		return fmt.Sprintf("%s=%d", key, n)
	}
	return fmt.Sprintf("%s=%q", key, value)
}
