package main

import (
	"strings"
	"testing"
)

// TestUnmodelledParameters: a function whose parameter the model cannot
// hold (a map with struct keys, a reflect.Value) still gets a table that
// passes, from the search on the real code: the map is written as a
// literal with struct keys, the reflect.Value as reflect.ValueOf of a
// value (kr/pretty's diffPrinter, keyEqual and nonzero had none).
func TestUnmodelledParameters(t *testing.T) {
	stdout, stderr, data := genInc(t, `package inc

import "reflect"

type point struct{ x, y int }

// Seen counts the points of a path already visited.
func Seen(visited map[point]int, x, y int) string {
	n, ok := visited[point{x, y}]
	if !ok {
		return "new"
	}
	if n > 2 {
		return "often"
	}
	return "again"
}

// Kind names the kind of v.
func Kind(v reflect.Value) string {
	switch v.Kind() {
	case reflect.Invalid:
		return "nothing"
	case reflect.Int:
		if v.Int() < 0 {
			return "negative"
		}
		return "int"
	case reflect.String:
		return "string " + v.String()
	}
	return "other"
}
`)
	for _, want := range []string{"func TestSeenPBCC(", "func TestKindPBCC(", "map[point]int{", "reflect.ValueOf(", "reflect.Value{}"} {
		if !strings.Contains(data, want) {
			t.Errorf("the tests have no %s:\n%s\n%s", want, data, stderr)
		}
	}
	for _, want := range []string{"Seen  4/4 branches", "Kind  8/8 branches"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("pbcc does not report %q:\n%s\n%s", want, stdout, stderr)
		}
	}
}
