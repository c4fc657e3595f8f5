package cover

import (
	"context"
	"strings"
	"testing"
)

// TestOldGoLine measures range loops and comparisons in modules whose go
// line predates range-over-func (and generics, and a go line at all): the
// rewritten files are compiled at Go 1.23, whatever //go:build line they
// have.
func TestOldGoLine(t *testing.T) {
	src := `package m

func Count(xs []int, limit int) int {
	n := 0
	for _, x := range xs {
		if x > limit {
			n++
		}
	}
	return n
}
`
	want := trim(`
		5:2 m.Count [for _, x := range xs] true + instrumented
		5:2 m.Count [for _, x := range xs] false + instrumented
		6:6 m.Count [x > limit] true - profile
		6:6 m.Count [x > limit] false + profile
	`)
	for _, tt := range []struct{ name, goMod, build string }{
		{"go1.21", "module m\n\ngo 1.21\n", ""},
		{"go1.12", "module m\n\ngo 1.12\n", ""},
		{"no go line", "module m\n", ""},
		{"go:build", "module m\n\ngo 1.20\n", "// A file with a constraint.\n\n//go:build !pbccnever\n\n"},
		{"go1.23", "module m\n\ngo 1.23\n", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			text := tt.build + src
			dir := writeModule(t, map[string]string{
				"go.mod":    tt.goMod,
				"m.go":      text,
				"m_test.go": "package m\n\nimport \"testing\"\n\nfunc TestM(t *testing.T) {\n\tCount(nil, 0)\n\tCount([]int{0}, 0)\n}\n",
			})
			m, err := measure(context.Background(), dir, Options{})
			if err != nil {
				t.Fatal(err)
			}
			got := show(branches(m.pkg, m.sites, m.decisions()))
			want := want
			if tt.build != "" {
				want = strings.NewReplacer("5:2", "9:2", "6:6", "10:6").Replace(want)
			}
			if got != want {
				t.Errorf("got:\n%swant:\n%s", got, want)
			}
		})
	}
}

// TestOwnCodeNotVetClean: the package's own code failing the vet checks
// go test runs (a non-constant format string, as go-version's) does not
// stop the measurement: that is no test's doing.
func TestOwnCodeNotVetClean(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"go.mod": "module m\n\ngo 1.26\n",
		"m.go": `package m

import "fmt"

func Say(s string) string {
	if s == "" {
		return fmt.Sprintf(s)
	}
	return s
}
`,
		"m_test.go": "package m\n\nimport \"testing\"\n\nfunc TestM(t *testing.T) {\n\tSay(\"\")\n}\n",
	})
	m, err := measure(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := show(branches(m.pkg, m.sites, m.decisions()))
	want := trim(`
		6:5 m.Say [s == ""] true + profile
		6:5 m.Say [s == ""] false - profile
	`)
	if got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
