// Package stdmore calls the standard library the way everyday code does:
// methods of strings.Builder and bytes.Buffer, functions taking or giving
// []string (strings.Split, Join), function-typed parameters
// (strings.IndexFunc, TrimFunc, slices.ContainsFunc with a closure),
// generic functions (slices.Contains, slices.Index), strings.Cut with
// strconv.ParseInt, strings.Fields, strings.Compare, fmt.Sprintf, and
// sorting (sort.Ints, sort.Strings, slices.Sort, slices.Clone), and the
// float predicates of math.
package stdmore

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// SplitRecord splits a comma-separated record of at most three fields
// and counts the ones that are not empty; more fields are an error.
func SplitRecord(line string) (int, bool) {
	fields := strings.Split(line, ",")
	if len(fields) > 3 {
		return 0, false
	}
	n := 0
	for _, f := range fields {
		if f != "" {
			n++
		}
	}
	return n, true
}

// Blank reports whether a field holds only white space, and whether it
// had any around its text.
func Blank(field string) (blank, padded bool) {
	t := strings.TrimFunc(field, unicode.IsSpace)
	if t == "" {
		return true, field != ""
	}
	return false, t != field
}

// Slug makes a URL slug of a title: letters and digits lowered, runs of
// anything else turned into one '-', "untitled" when nothing is left.
func Slug(title string) string {
	var b strings.Builder
	dash := false
	for _, r := range title {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(unicode.ToLower(r))
		default:
			dash = true
		}
	}
	if b.Len() == 0 {
		return "untitled"
	}
	return b.String()
}

// ParseFlag parses "-name=value" with a non-negative integer value.
func ParseFlag(arg string) (name string, n int64, ok bool) {
	rest, dashed := strings.CutPrefix(arg, "-")
	if !dashed {
		return "", 0, false
	}
	name, val, found := strings.Cut(rest, "=")
	if !found || name == "" {
		return name, 0, false
	}
	n, err := strconv.ParseInt(val, 10, 64)
	if err != nil {
		return name, 0, false
	}
	if n < 0 {
		return name, 0, false
	}
	return name, n, true
}

// Allowed reports whether every port is a well-known one or above min.
func Allowed(ports []int, min int) bool {
	if slices.ContainsFunc(ports, func(p int) bool {
		return p != 80 && p != 443 && p <= min
	}) {
		return false
	}
	return true
}

// Method classifies an HTTP method by its place in a list of known ones.
func Method(m string) string {
	known := []string{"GET", "POST"}
	if !slices.Contains(known, m) {
		return "unknown"
	}
	if slices.Index(known, m) < 1 {
		return "safe"
	}
	return "unsafe"
}

// Version returns the index of the first digit of a version tag ("1.2",
// "v1.2" or "V1.2"), or -1 when something else comes before it.
func Version(tag string) int {
	i := strings.IndexFunc(tag, unicode.IsDigit)
	if i < 0 {
		return -1
	}
	switch strings.ToLower(tag[:i]) {
	case "":
		return 0
	case "v":
		return i
	}
	return -1
}

// Path joins the non-empty parts of a path with '/'; a part holding ".."
// is rejected.
func Path(parts []string) (string, bool) {
	var kept []string
	for _, p := range parts {
		if p == ".." {
			return "", false
		}
		if p != "" {
			kept = append(kept, p)
		}
	}
	s := strings.Join(kept, "/")
	if len(s) > 8 {
		return s[:8], true
	}
	return s, true
}

// Quote writes the bytes of s into a bytes.Buffer between quotes,
// escaping quotes; it reports how long the result is.
func Quote(s string) (string, int) {
	var buf bytes.Buffer
	buf.WriteByte('"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			buf.WriteString(`\"`)
			continue
		}
		buf.WriteByte(s[i])
	}
	buf.WriteByte('"')
	if buf.Len() > 6 {
		return "long", buf.Len()
	}
	return buf.String(), buf.Len()
}

// Command splits a command line into its verb and arguments; an
// argument is an error.
func Command(line string) (verb string, args int) {
	words := strings.Fields(line)
	if len(words) == 0 {
		return "", 0
	}
	if len(words) > 1 {
		return words[0], -1
	}
	return words[0], len(words) - 1
}

// Label formats a key and a count for a log line, cut to 6 bytes.
func Label(key string, n int) string {
	s := fmt.Sprintf("%s=%d", key, n)
	if len(s) > 6 {
		return s[:6]
	}
	return s
}

// Newer orders two release names, falling back to their byte order when
// their lengths are equal.
func Newer(a, b string) bool {
	if len(a) != len(b) {
		return len(a) > len(b)
	}
	switch strings.Compare(a, b) {
	case 1:
		return true
	case 0:
		return false
	}
	return false
}

// Median returns the middle one of three readings, capped at 100.
func Median(a, b, c int) int {
	xs := []int{a, b, c}
	sort.Ints(xs)
	if xs[1] > 100 {
		return 100
	}
	return xs[1]
}

// FirstUser returns the first of the names in byte order, "" when there
// are none; the caller's slice is left as it is.
func FirstUser(names []string) string {
	if len(names) == 0 {
		return ""
	}
	sorted := slices.Clone(names)
	sort.Strings(sorted)
	if sorted[0] == "admin" {
		return "root"
	}
	return sorted[0]
}

// Lowest sorts the readings in place and reports whether the lowest is
// below -5.
func Lowest(xs []int) bool {
	slices.Sort(xs)
	return len(xs) > 0 && xs[0] < -5
}

// Reading classifies a sensor reading: missing (NaN), out of range
// (infinite or beyond ±1000), negative, or fine.
func Reading(x float64) string {
	if math.IsNaN(x) {
		return "missing"
	}
	if math.IsInf(x, 0) || math.Abs(x) > 1000 {
		return "out of range"
	}
	if math.Signbit(x) {
		return "negative"
	}
	return "ok"
}
