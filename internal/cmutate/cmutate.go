// Package cmutate changes C sources as careless edits and truncated copies
// do, for the tests and the bench that check pbcc's C front end and
// harness on code that is broken or unusual (issue 11's mutants): it takes
// a source and a random source and gives one mutant.
package cmutate

import (
	"math/rand"
	"strings"
)

// stray are the tokens Mutate inserts: the ones whose misplacement C's
// grammar and pbcc's lowering react to most (blocks, statements,
// declarations, a goto to no label).
var stray = []string{"{", "}", ";", "(", ")", "*", "static", "0", "int", "return;", "&&", "=", "goto x;"}

// Mutate returns src changed in one way: a line deleted or duplicated,
// two tokens of a line swapped, a token deleted, a stray token appended
// to a line, or the file cut short. The same rng state gives the same
// mutant.
func Mutate(src []byte, rng *rand.Rand) []byte {
	lines := strings.Split(string(src), "\n")
	i := rng.Intn(len(lines))
	switch rng.Intn(6) {
	case 0:
		lines = append(lines[:i], lines[i+1:]...)
	case 1:
		lines = append(lines[:i+1], lines[i:]...)
	case 2, 3:
		f := strings.Fields(lines[i])
		if len(f) < 2 {
			return Mutate(src, rng)
		}
		k := rng.Intn(len(f) - 1)
		if rng.Intn(2) == 0 {
			f[k], f[k+1] = f[k+1], f[k]
		} else {
			f = append(f[:k], f[k+1:]...)
		}
		lines[i] = strings.Join(f, " ")
	case 4:
		lines[i] += " " + stray[rng.Intn(len(stray))]
	case 5:
		return src[:rng.Intn(len(src))]
	}
	return []byte(strings.Join(lines, "\n"))
}
