package cover

import (
	"context"
	"testing"
)

// TestMeasureTypeSwitch: each type of a case of a type switch is a
// branch, true when the value has it, false when it was tried and the
// value has not; the types after the matching one are not tried.
func TestMeasureTypeSwitch(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"m.go": `package m

type S interface{ M() int }

type A struct{}

func (A) M() int { return 1 }

type B struct{}

func (*B) M() int { return 2 }

func Kind(s S) int {
	switch v := s.(type) {
	case nil:
		return 0
	case A, *B:
		return v.M()
	default:
		return -1
	}
}

func Any(v any) int {
	switch v.(type) {
	case int:
		return 1
	case string:
		return 2
	}
	return 0
}
`,
		"m_test.go": "package m\n\nimport \"testing\"\n\nfunc TestM(t *testing.T) {\n\tKind(nil); Kind(&B{}); Any(\"x\")\n}\n",
	})
	m, err := measure(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := show(branches(m.pkg, m.sites, m.decisions()))
	want := trim(`
			15:7 m.Kind [s == nil] true + instrumented
			15:7 m.Kind [s == nil] false + instrumented
			17:7 m.Kind [s.(A)] true - instrumented
			17:7 m.Kind [s.(A)] false + instrumented
			17:10 m.Kind [s.(*B)] true + instrumented
			17:10 m.Kind [s.(*B)] false - instrumented
			26:7 m.Any [v.(int)] true - instrumented
			26:7 m.Any [v.(int)] false + instrumented
			28:7 m.Any [v.(string)] true + instrumented
			28:7 m.Any [v.(string)] false - instrumented
		`)
	if got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
