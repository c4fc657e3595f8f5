package cbridge

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/ir"
)

// TestHarnessText: text in char arrays is written as string and character
// literals, strings are NUL-terminated unless the case hands the function
// the buffer's length, a function whose parameters are integers and const
// char * gets a table of string literals, a const pointee is not checked
// after the call, a writable array is compared in one memcmp that names
// the first element differing, and the harness builds without a warning
// as C89 with GNU extensions and as C11.
func TestHarnessText(t *testing.T) {
	i8 := ir.Int{Bits: 8, Signed: true}
	pc := func(l ir.Literal) ir.Literal { return ptrTo(i8, &l, 0) }
	bytes := func(s string) ir.Literal { // a char array holding s, no NUL
		var vs []int64
		for _, c := range []byte(s) {
			vs = append(vs, int64(int8(c)))
		}
		return ints(i8, vs...)
	}
	words := &gen.Result{Func: unitFunc(t, "strings.c", "count_words"), Cases: []gen.Case{
		{Name: "unterminated", Inputs: []ir.Literal{pc(bytes("ab cd"))}, Outputs: []ir.Literal{lit(i32, 2)}},
		{Name: "quote", Inputs: []ir.Literal{pc(str(`"x"`))}, Outputs: []ir.Literal{lit(i32, 1)}},
	}}
	up := &gen.Result{Func: unitFunc(t, "strings.c", "upcase"), Cases: []gen.Case{
		{Name: "up", Inputs: []ir.Literal{pc(str("ab"))}, Outputs: []ir.Literal{lit(i32, 2)},
			After: []ir.Literal{pc(str("AB"))}},
		{Name: "wrong", Inputs: []ir.Literal{pc(str("ab"))}, Outputs: []ir.Literal{lit(i32, 2)},
			After: []ir.Literal{pc(str("AC"))}},
	}}
	dir, file := str("d"), str("f")
	join := &gen.Result{Func: unitFunc(t, "strings.c", "join"), Cases: []gen.Case{
		{Name: "join", Inputs: []ir.Literal{pc(ints(i8, 0, 0, 0, 0)), lit(i32, 4), ptrTo(i8, &dir, 0), ptrTo(i8, &file, 0)},
			Outputs: []ir.Literal{lit(i32, 3)},
			After:   []ir.Literal{pc(str("d/f")), lit(i32, 4), ptrTo(i8, &dir, 0), ptrTo(i8, &file, 0)}},
	}}
	src, out, err := runHarness(t, "strings.c", []*gen.Result{words, up, join})
	if err == nil || !strings.Contains(out, "FAIL upcase/wrong: s[1] = 66, want 67") || !strings.Contains(out, "4 passed, 1 failed") {
		t.Fatalf("run: %v\n%s\n%s", err, out, src)
	}
	for _, want := range []string{
		`{"unterminated", "ab cd", 2},`, // terminated: no length goes with it
		`{"quote", "\"x\"", 1},`,
		`char s[] = "ab";`,
		`const char s_after[] = "AB";`,
		`ok &= pbcc_array("s", s, s_after, sizeof s_after, sizeof s_after[0], 1);`,
		`char dst[4] = "";`,
		`const char dst_after[] = "d/f";`,
		`int got = join(dst, 4, "d", "f");`, // const char *: literals
	} {
		if !strings.Contains(src, want) {
			t.Errorf("harness lacks %q:\n%s", want, src)
		}
	}
	for _, unwanted := range []string{"dir_after", "file_after", "pbcc_o"} {
		if strings.Contains(src, unwanted) {
			t.Errorf("harness has %q:\n%s", unwanted, src)
		}
	}
	noWarnings(t, "strings.c", src)

	// count_fields(buf, n) is given the length of its buffer: a case
	// without a NUL keeps it, text as characters, other bytes as numbers.
	cnt := &gen.Result{Func: unitFunc(t, "buffer.c", "count_fields"), Cases: []gen.Case{
		{Name: "bound", Inputs: []ir.Literal{pc(bytes("a,")), lit(i32, 2)}, Outputs: []ir.Literal{lit(i32, 2)}},
		{Name: "control", Inputs: []ir.Literal{pc(ints(i8, 1, '\n', -1, 0)), lit(i32, 9)}, Outputs: []ir.Literal{lit(i32, 1)}},
	}}
	src, out, err = runHarness(t, "buffer.c", []*gen.Result{cnt})
	if err != nil || !strings.Contains(out, "2 passed, 0 failed") {
		t.Fatalf("run: %v\n%s\n%s", err, out, src)
	}
	for _, want := range []string{`char buf[] = {'a', ','};`, `char buf[] = {1, '\n', -1, '\0'};`} {
		if !strings.Contains(src, want) {
			t.Errorf("harness lacks %q:\n%s", want, src)
		}
	}
	if strings.Contains(src, "buf_after") {
		t.Errorf("the const buffer is checked after the call:\n%s", src)
	}
	noWarnings(t, "buffer.c", src)
}

// noWarnings compiles src, the harness of testdata/c/<unit>, with
// -std=gnu89 and -std=c11, -Wall -Wextra, and fails on a diagnostic.
func noWarnings(t *testing.T, unit, src string) {
	t.Helper()
	dir := t.TempDir()
	data, _ := os.ReadFile("../testdata/c/" + unit)
	os.WriteFile(filepath.Join(dir, unit), data, 0o644)
	path := filepath.Join(dir, TestFileName(unit))
	os.WriteFile(path, []byte(src), 0o644)
	for _, std := range []string{"-std=gnu89", "-std=c11"} {
		if out, err := exec.Command("gcc", std, "-Wall", "-Wextra", "-Werror", "-fsyntax-only", path).CombinedOutput(); err != nil {
			t.Errorf("gcc %s: %v\n%s", std, err, out)
		}
	}
}

// TestWritesThrough: the harness checks the memory a function's pointers point
// to after the call only when the function, or one it calls, may store
// into memory it did not allocate.
func TestWritesThrough(t *testing.T) {
	for _, c := range []struct {
		file, fn string
		want     bool
	}{
		{"shapes.c", "marker", false}, // reads through a void *
		{"buffer.c", "count_fields", false},
		{"strings.c", "count_words", false},
		{"strings.c", "field", false}, // writes its own local array only
		{"strings.c", "upcase", true},
		{"strings.c", "join", true}, // through strcpy and strcat
		{"buffer.c", "reverse", true},
		{"account.c", "withdraw", true},
		{"quicksort.c", "partition", true},
	} {
		if s := writesThrough(unitFunc(t, c.file, c.fn), map[*ir.Func]*writeSet{}); (s.unknown || len(s.params) > 0) != c.want {
			t.Errorf("writesThrough(%s) = %+v, want writes %v", c.fn, s, c.want)
		}
	}
	// marker reads the bytes at p, not const: they are not checked.
	i8 := ir.Int{Bits: 8}
	b := ints(i8, 'a', 0xff)
	r := &gen.Result{Func: unitFunc(t, "shapes.c", "marker"), Cases: []gen.Case{
		{Name: "ff", Inputs: []ir.Literal{ptrTo(i8, &b, 0), {T: ir.Int{Bits: 64}, Bits: 3}}, Outputs: []ir.Literal{lit(i32, 1)},
			After: []ir.Literal{ptrTo(i8, &b, 0), {T: ir.Int{Bits: 64}, Bits: 3}}},
	}}
	// (shapes.c has gcc warnings of its own: the harness is only read.)
	h, err := Harness("../testdata/c/shapes.c", []*gen.Result{r}, "pbcc gen shapes.c")
	if err != nil {
		t.Fatal(err)
	}
	src := string(h)
	if !strings.Contains(src, `unsigned char p[] = {'a', 255};`) || strings.Contains(src, "p_after") {
		t.Errorf("marker's bytes are not written as text, or are checked after the call:\n%s", src)
	}
}
