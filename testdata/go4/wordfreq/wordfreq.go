// Package wordfreq counts the words of a text: maps with string keys,
// range over the runes of a string, errors for empty input.
package wordfreq

import "errors"

// ErrEmpty is returned for an empty text.
var ErrEmpty = errors.New("empty input")

// Count returns how many times each word of s occurs; a word is a run of
// ASCII letters.
//
// Interesting branches: the empty input, the range over runes, letters
// against other runes, a word at the end, no word at all.
func Count(s string) (map[string]int, error) {
	if len(s) == 0 {
		return nil, ErrEmpty
	}
	m := map[string]int{}
	start := -1
	for i, r := range s {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			m[s[start:i]]++
			start = -1
		}
	}
	if start >= 0 {
		m[s[start:]]++
	}
	if len(m) == 0 {
		return nil, errors.New("no words")
	}
	return m, nil
}

// Top returns the most frequent word of counts and its count; ties go to
// the smaller word.
//
// Interesting branches: the range over a map, the comparisons of counts
// and of words.
func Top(counts map[string]int) (string, int) {
	best, n := "", 0
	for w, c := range counts {
		if c > n || c == n && w < best {
			best, n = w, c
		}
	}
	return best, n
}

// Has reports whether word occurs at least atLeast times.
//
// Interesting branches: the comma-ok lookup, the count.
func Has(counts map[string]int, word string, atLeast int) bool {
	c, ok := counts[word]
	if !ok {
		return false
	}
	return c >= atLeast
}

// Remove deletes word from counts and returns how many words are left.
//
// Interesting branch: the nil map.
func Remove(counts map[string]int, word string) int {
	if counts == nil {
		return 0
	}
	delete(counts, word)
	return len(counts)
}

// Positive counts the positive keys of a set.
//
// Interesting branches: a key-only range over a map with int keys.
func Positive(set map[int]bool) int {
	n := 0
	for k := range set {
		if k > 0 {
			n++
		}
	}
	return n
}
