// Package mutate holds the functions of gen's tests of the mutation
// search (gen/mutate_test.go).
package mutate

// Magic returns how many bytes of the word "magic!" s starts with, in a
// chain of branches each of which needs the one before: uniform draws,
// even of the function's own bytes, almost never spell the word, while
// changing an input that spells a part of it a byte at a time does.
func Magic(s string) int {
	if len(s) < 6 || s[0] != 'm' {
		return 0
	}
	if s[1] != 'a' {
		return 1
	}
	if s[2] != 'g' {
		return 2
	}
	if s[3] != 'i' {
		return 3
	}
	if s[4] != 'c' {
		return 4
	}
	if s[5] != '!' {
		return 5
	}
	return 6
}
