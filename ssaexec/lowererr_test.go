package ssaexec

import "testing"

// TestFormatVerbs checks which verb each argument of fmt.Errorf meets,
// which decides the arguments %w wraps.
func TestFormatVerbs(t *testing.T) {
	for _, tc := range []struct {
		format, want, why string
	}{
		{"plain", "", ""},
		{"%d: %w", "dw", ""},
		{"100%% %s", "s", ""},
		{"%-8.3f|%+v|%#x|% d|%08b", "fvxdb", ""},
		{"%w and %w", "ww", ""},
		{"%é", "é", ""},
		{"trailing %", "", ""},
		{"%[2]d %[1]d", "", "explicit argument indexes and * widths are not modelled"},
		{"%*d", "", "explicit argument indexes and * widths are not modelled"},
	} {
		verbs, why := formatVerbs(tc.format)
		if string(verbs) != tc.want || why != tc.why {
			t.Errorf("formatVerbs(%q) = %q, %q; want %q, %q", tc.format, string(verbs), why, tc.want, tc.why)
		}
	}
}
