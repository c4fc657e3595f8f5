package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pbcc/pbcc/cbridge"
)

// TestSearchOrder: the searches start with the functions whose code,
// with their callees', has the fewest blocks, ties in the file's order:
// in the file's order, GNU bc's number.c gave its run to its arithmetic
// and bc_str2num, num2str and bc_int2num, last, got no time.
func TestSearchOrder(t *testing.T) {
	src := `int big(int x) {
	if (x > 1) x++;
	if (x > 2) x++;
	if (x > 3) x++;
	return x;
}

int calls(int x) {
	return big(x) + 1;
}

int small(int x) {
	return x + 1;
}

int small2(int x) {
	return x + 2;
}
`
	path := filepath.Join(t.TempDir(), "order.c")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := cbridge.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, i := range searchOrder(f.Funcs) {
		got = append(got, f.Funcs[i].Name)
	}
	want := []string{"small", "small2", "big", "calls"}
	if len(got) != len(want) {
		t.Fatalf("order %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("order %v, want %v", got, want)
		}
	}
}
