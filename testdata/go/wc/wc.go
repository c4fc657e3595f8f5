// Package wc is WordCount, the running example of paper 001 (annex C,
// figure 1), in Go: it counts the lines, words and characters of its
// input, which the C original reads from standard input with getc.
package wc

// Wc returns the number of newlines, words and bytes of in. A word is a
// maximal run of bytes other than newline, tab and space.
//
// Interesting branches: the three operands of the separator test, and
// "inword == 0", whose true edge needs a word to start after a separator.
func Wc(in []byte) (nl, nw, nc int) {
	inword := 0
	for _, c := range in {
		nc = nc + 1
		if c == '\n' {
			nl = nl + 1
		}
		if c == '\n' || c == '\t' || c == ' ' {
			inword = 0
		} else if inword == 0 {
			inword = 1
			nw = nw + 1
		}
	}
	return nl, nw, nc
}
