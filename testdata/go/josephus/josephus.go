// Package josephus is the Josephus program of paper 003 (figure 1) in Go:
// a circular singly-linked list of n nodes is built, then every m-th node
// is removed until one is left.
package josephus

type node struct {
	key  int
	next *node
}

// Survivor returns the key of the last node left when every m-th of n
// nodes in a circle is removed, or 0 when n or m is not positive.
//
// Interesting branches: the loop conditions of the three loops (while1
// builds the circle, while2 removes nodes, while3 walks m-1 steps), each
// of which must be entered and left.
func Survivor(n, m int) int {
	if n <= 0 || m <= 0 {
		return 0
	}
	t := &node{key: 1}
	x := t
	for i := 2; i <= n; i++ { // while1
		t.next = &node{key: i}
		t = t.next
	}
	t.next = x
	for t != t.next { // while2
		for i := 1; i <= m-1; i++ { // while3
			t = t.next
		}
		t.next = t.next.next
	}
	return t.key
}
