// Package list has a singly linked list of structs.
package list

// Node is a list cell.
type Node struct {
	Val  int
	Next *Node
}

// Len returns the length of the list l.
//
// Interesting branch: n != nil, on a structure that points to itself.
func Len(l *Node) int {
	n := 0
	for ; l != nil; l = l.Next {
		n++
	}
	return n
}

// Push returns a new list with v in front of l.
func Push(l *Node, v int) *Node {
	return &Node{Val: v, Next: l}
}

// Point is a plain struct passed by value.
type Point struct{ X, Y int32 }

// Quadrant returns the quadrant (1 to 4) of p, 0 on an axis.
//
// Interesting branches: p.X and p.Y, fields of a struct value.
func Quadrant(p Point) int {
	switch {
	case p.X == 0 || p.Y == 0:
		return 0
	case p.X > 0 && p.Y > 0:
		return 1
	case p.X < 0 && p.Y > 0:
		return 2
	case p.X < 0:
		return 3
	}
	return 4
}

// Same reports whether a and b are the same point: a struct comparison.
func Same(a, b Point) bool {
	if a == b {
		return true
	}
	return false
}

// Move adds d to the point p points to; a nil p is left alone.
//
// Interesting branch: p == nil; the stores go through FieldAddr.
func Move(p *Point, d Point) bool {
	if p == nil {
		return false
	}
	p.X += d.X
	p.Y += d.Y
	return true
}
