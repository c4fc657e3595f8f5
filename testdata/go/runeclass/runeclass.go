// Package runeclass classifies the runes of strings: range over strings,
// the byte index and the rune of each iteration.
package runeclass

// Classify counts the letters, digits, spaces and other runes of s.
//
// Interesting branches: each class of rune, including runes of several
// bytes.
func Classify(s string) (letters, digits, spaces, others int) {
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
			letters++
		case r >= '0' && r <= '9':
			digits++
		case r == ' ' || r == '\t' || r == '\n':
			spaces++
		default:
			others++
		}
	}
	return
}

// FirstNonASCII returns the byte index of the first rune of s that is not
// ASCII, or -1.
//
// Interesting branches: the range, the rune's value.
func FirstNonASCII(s string) int {
	for i, r := range s {
		if r >= 0x80 {
			return i
		}
	}
	return -1
}

// Runes returns the number of runes in s.
//
// Interesting branch: the range without variables.
func Runes(s string) int {
	n := 0
	for range s {
		n++
	}
	return n
}

// First returns the first rune of s, or -1 for the empty string; its loop
// never loops back.
//
// Interesting branch: the range.
func First(s string) rune {
	for _, r := range s {
		return r
	}
	return -1
}

// Invalid reports whether s holds an invalid UTF-8 sequence (decoded as
// U+FFFD, one byte) or an encoded U+FFFD.
//
// Interesting branches: the rune, the width of the step between indexes.
func Invalid(s string) bool {
	prev := -1
	for i, r := range s {
		if prev >= 0 && i-prev > 1 {
			prev = i
			continue
		}
		if r == 0xFFFD {
			return true
		}
		prev = i
	}
	return false
}

// Palindrome reports whether s reads the same backwards, rune by rune,
// and how many runes it has.
func Palindrome(s string) (bool, int) {
	rs := []rune(s)
	for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
		if rs[i] != rs[j] {
			return false, len(rs)
		}
	}
	return true, len(rs)
}

// Reverse returns s with its runes in reverse order, and "" when that is
// s itself.
func Reverse(s string) string {
	rs := []rune(s)
	for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
		rs[i], rs[j] = rs[j], rs[i]
	}
	if r := string(rs); r != s {
		return r
	}
	return ""
}
