package cover

import "testing"

func TestEditor(t *testing.T) {
	//           0123456789012345678
	src := []byte("switch a; b && c {}")
	e := &editor{src: src}
	e.wrap(10, 11, "R(1, ", ")")  // b
	e.wrap(15, 16, "R(2, ", ")")  // c
	e.wrap(10, 16, "T := ", "; ") // b && c, around the leaves
	e.replace(0, 0, lit("{ "), ref(7, 8), lit("; "), ref(10, 16), lit("; "))
	e.replace(7, 16)             // the moved text leaves its place
	e.replace(19, 19, lit(" }")) // after the statement, not inside
	e.wrap(17, 19, "", "")       // an empty wrap ending where the insertion is
	want := "{ a; T := R(1, b) && R(2, c); ; switch  {} }"
	if got := string(e.bytes()); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestFindComma(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want int
	}{
		{" , ", 1},
		{" /* , */ ,", 9},
		{" // a, b\n\t,", 10},
		{"  ", -1},
		{" /* ,", -1},
	} {
		if got := findComma([]byte(tt.src), 0, len(tt.src)); got != tt.want {
			t.Errorf("findComma(%q) = %d, want %d", tt.src, got, tt.want)
		}
	}
}
