package gen

import (
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// TestName: a condition's text becomes a name people can read and select
// with go test -run: no spaces, quotes, slashes or regexp metacharacters.
func TestName(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"a <= 0", "a<=0"},
		{"range n", "range_n"},
		{"c == ' '", "c==space"},
		{`s == "a b"`, "s==a_space_b"},
		{`s == ""`, "s==empty"},
		{`c == '\''`, "c==apostrophe"},
		{`c == '\n'`, "c==newline"},
		{`*p != '\0'`, "p!=nul"},
		{"x > 0 && y", "x>0&&y"},
		{"x > 0 || y", "x>0_or_y"},
		{"a+b <= c", "a_plus_b<=c"},
		{"a + b*c <= 2*d", "a_plus_b_times_c<=2_times_d"},
		{"x > 3.14", "x>3_14"},
		{"-0x1p-1022 < x", "-0x1p-1022<x"},
		{"1e+21 < x", "1e21<x"},
		{"v[0] > v[1]", "v_0>v_1"},
		{"b.Len() == 0", "b_Len==0"},
		{"acc->backer->frozen", "acc->backer->frozen"},
		{"d == time.Saturday", "d==time_Saturday"},
		{"x / 2 > y", "x_div_2>y"},
		{"Trityp(int(a), int(b), int(c)) == NotATriangle", "Trityp_int_a_int_b_int_c==NotATriangle"},
		{"Trityp(int(a), int(b), int(c)) == NotATriangleAtAll", "Trityp==NotATriangleAtAll"},
		{"slices.ContainsFunc(ports, func(p int) bool { return p != 80 && p != 443 && p <= min })", "slices_ContainsFunc"},
		{`bytes.HasPrefix(head, []byte("\x89PNG"))`, "bytes_HasPrefix_head_byte_u0089_PNG"},
		{"acc->backer->balance >= amount - acc->balance", "acc->backer->balance>=amount-acc"},
		{"", "case"},
	} {
		got := Name(tt.in)
		if got != tt.want {
			t.Errorf("Name(%q) = %q, want %q", tt.in, got, tt.want)
		}
		checkName(t, got)
	}
}

// checkName fails unless name is what go test -run selects as it is: no
// regexp metacharacters, no slash (a separator of -run), no spaces and
// nothing go test rewrites (it rewrites spaces and unprintable runes), no
// quotes (a shell's), at most maxName bytes.
func checkName(t *testing.T, name string) {
	t.Helper()
	if regexp.QuoteMeta(name) != name || strings.ContainsAny(name, "/ \t\"'`#") || len(name) > maxName || name == "" {
		t.Errorf("name %q cannot be selected as it is", name)
	}
	for _, r := range name {
		if !unicode.IsPrint(r) {
			t.Errorf("name %q holds the unprintable %U", name, r)
		}
	}
}

// TestNegate: a false edge is named after the negation of its condition.
func TestNegate(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"a <= 0", "a > 0"},
		{"a == b", "a != b"},
		{"x < 5", "x >= 5"},
		{"ok", "!ok"},
		{"!ok", "ok"},
		{"!x == 0", "!x != 0"},
		{"a > 0 && b > 0", "not a > 0 && b > 0"},
		{"f(a < b)", "!f(a < b)"},
		{"x & 1", "not x & 1"},
	} {
		if got := negate(tt.in); got != tt.want {
			t.Errorf("negate(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
