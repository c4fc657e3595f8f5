package cbridge

import (
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/symexec"
)

// libcCases are calls of the modelled library functions on constant
// arguments, each the body of a function of no parameters returning int.
var libcCases = []string{
	`return strlen("hello");`,
	`return strlen("");`,
	`return strcmp("abc", "abd");`,
	`return strcmp("abd", "abc");`,
	`return strcmp("ab", "abc");`,
	`return strcmp("abc", "abc");`,
	`char s[3] = {'a', (char)0xe9, 0}; return strcmp(s, "ab");`,
	`return strncmp("abcx", "abcy", 3);`,
	`return strncmp("abcx", "abcy", 4);`,
	`return strncmp("a", "ab", 5);`,
	`char d[8]; strcpy(d, "xyz"); return d[2] + 10 * strlen(d);`,
	`char d[8]; strncpy(d, "ab", 5); return d[0] + d[1] + d[4];`,
	`char d[8] = "ab"; strcat(d, "cd"); return strlen(d) * 1000 + d[3];`,
	`char d[8] = "ab"; strncat(d, "cdef", 2); return strlen(d) * 1000 + d[3];`,
	`const char *s = "a/b/c"; return strchr(s, '/') - s;`,
	`const char *s = "a/b/c"; return strrchr(s, '/') - s;`,
	`return strchr("abc", 'z') == 0;`,
	`const char *s = "abc"; return strrchr(s, 0) - s + 10 * (strchr(s, 0) - s);`,
	`char d[4]; memset(d, 'q', 4); return d[0] + d[3];`,
	`char d[4]; memcpy(d, "wxyz", 4); return d[1] * 256 + d[3];`,
	`return memcmp("abc", "abz", 3);`,
	`return memcmp("abc", "abz", 2);`,
	`return isdigit('7') + isalpha('q') + isspace('\t') + isupper('Q') + islower('Q');`,
	`return isalnum('_') + ispunct('_') + isxdigit('F') + iscntrl(127) + isprint(' ') + isgraph(' ');`,
	`return isdigit(-1) + isalpha(200) + isspace(-128);`,
	`return toupper('a') * 1000 + tolower('Q') + toupper('1') + tolower(-1);`,
	`return abs(-5) + labs(-7L) + abs(3);`,
	`return atoi("  -42x") + atoi("+17") + atoi("z") + atoi("\n 3");`,
	`int *p = malloc(2 * sizeof(int)); p[0] = 1; p[1] = 2; int r = p[0] + p[1]; free(p); return r;`,
	`int *p = calloc(2, sizeof(int)); int r = p[1]; free(p); return r;`,
	`char *s = malloc(4); memset(s, 'x', 3); s[3] = 0; int r = strlen(s); free(s); return r;`,
}

// TestLibcModels runs each case with the executor, on the models of
// libc/libc.c, and compiled with gcc against the real C library: the
// results must agree.
func TestLibcModels(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles C")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc")
	}
	var src strings.Builder
	src.WriteString("#include <ctype.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n")
	for i, c := range libcCases {
		src.WriteString("int t" + strconv.Itoa(i) + "(void) { " + c + " }\n")
	}
	f := loadSource(t, src.String())
	for _, e := range f.Errors {
		t.Errorf("%v", e)
	}
	// The real library's results.
	main := src.String() + "int main(void) {\n"
	for i := range libcCases {
		main += "\tprintf(\"%d\\n\", t" + strconv.Itoa(i) + "());\n"
	}
	main += "\treturn 0;\n}\n"
	dir := t.TempDir()
	prog := filepath.Join(dir, "real")
	cmd := exec.Command("gcc", "-O0", "-fno-builtin", "-w", "-x", "c", "-o", prog, "-")
	cmd.Stdin = strings.NewReader(main)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	out, err := exec.Command(prog).Output()
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Fields(string(out))
	funcs := map[string]*ir.Func{}
	for _, fn := range f.Funcs {
		funcs[fn.Name] = fn
	}
	for i, c := range libcCases {
		fn := funcs["t"+strconv.Itoa(i)]
		if fn == nil {
			continue // reported above
		}
		tr, err := symexec.Run(fn, symexec.Args{}, 100000)
		if err != nil || tr.Panicked || len(tr.Outputs) != 1 {
			t.Errorf("%s: run: %v, panicked %v (%s)", c, err, tr != nil && tr.Panicked, tr.Reason)
			continue
		}
		got := strconv.FormatInt(tr.Outputs[0].Int64(), 10)
		if got != want[i] {
			t.Errorf("%s: the model gives %s, the C library %s", c, got, want[i])
		}
	}
}

// TestLibcUndefined: the undefined behaviours of library calls are run-time
// errors of the executor, reported at the call.
func TestLibcUndefined(t *testing.T) {
	tests := []struct {
		body string
		kind ir.CheckKind
	}{
		{`char b[3] = {'a', 'b', 'c'}; return strlen(b);`, ir.CheckIndex},
		{`char d[3]; strcpy(d, "abc"); return d[0];`, ir.CheckIndex},
		{`char d[4] = "ab"; strcat(d, "cd"); return d[0];`, ir.CheckIndex},
		{`return strlen(0);`, ir.CheckNil},
		{`return isdigit(1000);`, ir.CheckIndex},
		{`return abs(-2147483647 - 1);`, ir.CheckOverflow},
		{`char a[4], b[4]; return &a[1] - &b[0];`, ir.CheckPtrDiff},
		{`int *p = malloc(2 * sizeof(int)); p[0] = 1; return p[1];`, ir.CheckUninit},
		{`char *s = malloc(4); s[0] = 'a'; return strlen(s);`, ir.CheckUninit},
	}
	for _, tt := range tests {
		src := "#include <ctype.h>\n#include <stdlib.h>\n#include <string.h>\nint f(void) { " + tt.body + " }\n"
		f := loadSource(t, src)
		if len(f.Funcs) != 1 {
			t.Errorf("%s: not lowered: %v", tt.body, f.Errors)
			continue
		}
		tr, err := symexec.Run(f.Funcs[0], symexec.Args{}, 100000)
		if err != nil || !tr.Panicked || tr.Kind != tt.kind || tr.Pos.Line != 4 || tr.Pos.File != f.Path {
			t.Errorf("%s: got error %v, panicked %v, kind %v at %v; want %v at line 4 of the unit", tt.body, err, tr != nil && tr.Panicked, tr.Kind, tr.Pos, tt.kind)
		}
	}
}
