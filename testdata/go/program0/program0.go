// Package program0 is program0 of paper 001 (annex B, figure 1): a C++
// class A with one int field a and a method f, and a main that reads a
// and calls f. The class becomes a named integer type whose value is the
// field a.
package program0

// A is the state of program0's class A: the value of its field a.
type A int

// F is A::f: while a < 10, increment a when a < 5. The C++ original loops
// for ever when 5 <= a < 10 (a < 5 false leaves a unchanged); here that
// edge adds 2 instead, so that every input terminates and the branches
// stay those of the paper. F returns the final state.
//
// Interesting branches: the paper's unconstrained edges are "a < 5" true
// and false and, in Main, the call itself.
func (a A) F() A {
	for a < 10 {
		if a < 5 {
			a++
		} else {
			a += 2
		}
	}
	return a
}

// Main is program0's main: it stores the input in an A and runs f on it,
// returning the final field value.
func Main(in int) int {
	v := A(in)
	return int(v.F())
}
