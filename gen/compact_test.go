package gen

import "testing"

func TestCompact(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"a <= 0", "a<=0"},
		{"range n", "range_n"},
		{"c == ' '", "c==' '"},
		{`s == "a b"`, `s=="a b"`},
		{`c == '\''`, `c=='\''`},
		{"x > 0 && y", "x>0&&y"},
	} {
		if got := compact(tt.in); got != tt.want {
			t.Errorf("compact(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
