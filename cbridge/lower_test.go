package cbridge

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbcc/pbcc/gen/ir"
)

var update = flag.Bool("update", false, "rewrite golden files")

// dump prints every function of f and every error, with the directory of
// the file removed so that the goldens do not depend on the checkout.
func dump(f *File) string {
	var b strings.Builder
	for _, g := range f.Globals {
		fmt.Fprintf(&b, "global %s %s", g.Name(), g.T)
		if g.Input {
			b.WriteString(" input")
		}
		if g.Init != nil {
			fmt.Fprintf(&b, " = %s", g.Init)
		}
		b.WriteString("\n")
	}
	if len(f.Globals) > 0 {
		b.WriteString("\n")
	}
	for _, fn := range f.Funcs {
		b.WriteString(fn.String())
		b.WriteString("\n")
	}
	for _, e := range f.Errors {
		b.WriteString("error: " + e.Error() + "\n")
	}
	return strings.ReplaceAll(b.String(), filepath.Dir(f.Path)+string(filepath.Separator), "")
}

// TestGolden lowers each C program of testdata/c and compares the printed
// IR with testdata/<name>.ir.golden (go test -update rewrites them).
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("../testdata/c/*.c")
	if err != nil || len(files) == 0 {
		t.Fatalf("no C testdata: %v", err)
	}
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), ".c")
		t.Run(name, func(t *testing.T) {
			f, err := Load(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, fn := range f.Funcs {
				if err := ir.Check(fn); err != nil {
					t.Errorf("%s: %v", fn.Name, err)
				}
			}
			got := dump(f)
			golden := filepath.Join("testdata", name+".ir.golden")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if got != string(want) {
				t.Errorf("IR of %s differs from %s (go test -update rewrites it):\n%s", path, golden, got)
			}
		})
	}
}

// loadSource writes src to a temporary unit.c and loads it.
func loadSource(t *testing.T, src string) *File {
	t.Helper()
	path := filepath.Join(t.TempDir(), "unit.c")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestLowering checks the C semantics the lowering must make explicit:
// widths, signedness, promotions, conversions, _Bool, comparisons as int.
func TestLowering(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string // lines (trimmed) the printed IR must contain, in order
	}{
		{"char is signed 8, promoted to int",
			"int f(char c) { return c + 1; }",
			[]string{"func f(c i8) (i32)", "t2 = convert i32 <- t1", "t3 = t2 + 1:i32", "return t3"}},
		{"unsigned char arithmetic wraps on the store",
			"unsigned char f(unsigned char a, unsigned char b) { unsigned char c = a * b; return c; }",
			[]string{"t4 = convert i32 <- t3", "t6 = convert i32 <- t5", "t7 = t4 * t6", "t8 = convert u8 <- t7", "store t2 <- t8"}},
		{"signed vs unsigned compares unsigned",
			"int f(int a, unsigned b) { return a < b; }",
			[]string{"t3 = convert u32 <- t2", "t5 = t3 < t4", "t6 = convert i32 <- t5", "return t6"}},
		{"short and unsigned short promote to int",
			"int f(short a, unsigned short b) { return a == b; }",
			[]string{"convert i32 <- t", "convert i32 <- t", "== ", "convert i32 <- t"}},
		{"long long is 64 bits, int converts to it",
			"long long f(long long a, int b) { return a - b; }",
			[]string{"func f(a i64, b i32) (i64)", "t4 = convert i64 <- t3", "t5 = t2 - t4"}},
		{"unsigned long mixed with long is unsigned long",
			"unsigned long f(unsigned long a, long b) { return a / b; }",
			[]string{"func f(a u64, b i64) (u64)", "t4 = convert u64 <- t3", "t5 = t2 / t4"}},
		{"conversion to _Bool compares with zero",
			"_Bool f(int x) { _Bool b = x; return b; }",
			[]string{"func f(x i32) (u8)", "t3 = t2 != 0:i32", "t4 = convert u8 <- t3", "store t1 <- t4"}},
		{"shift: the count is promoted on its own",
			"long f(long a, char n) { return a << n; }",
			[]string{"t4 = convert i32 <- t3", "t5 = t2 << t4"}},
		{"compound assignment computes in the common type",
			"int f(int a, unsigned b) { a += b; return a; }",
			[]string{"t4 = convert u32 <- t3", "t5 = t4 + t2", "t6 = convert i32 <- t5", "store t0 <- t6"}},
		{"post-increment yields the old value",
			"int f(int a) { int b = a++; return b; }",
			[]string{"t2 = load t0", "t3 = t2 + 1:i32", "store t0 <- t3", "store t1 <- t2"}},
		{"pre-decrement of a char wraps through int",
			"char f(char c) { return --c; }",
			[]string{"t2 = convert i32 <- t1", "t3 = t2 - 1:i32", "t4 = convert i8 <- t3", "store t0 <- t4", "return t4"}},
		{"! as a value is == 0 without a branch",
			"int f(int a) { return !a; }",
			[]string{"t2 = t1 == 0:i32", "t3 = convert i32 <- t2", "return t3"}},
		{"! in a condition swaps the successors",
			"int f(int a) { if (!a) return 1; return 0; }",
			[]string{"t2 = t1 != 0:i32", "if t2 goto b2 else b1", `"a"`}},
		{"constant conditions jump",
			"int f(int a) { while (1) { if (a > 3) break; a++; } do a--; while (0); return a; }",
			[]string{"b1: while.loop", "jump b2", "b2: while.body", "if t", "b6: do.body", "b7: do.cond", "jump b8"}},
		{"INT_MIN and enumerators fold to constants",
			"#include <limits.h>\nenum { K = 7 };\nint f(int a) { if (a == INT_MIN) return K; return sizeof(long); }",
			[]string{"== -2147483648:i32", `"a == INT_MIN"`, "return 7:i32", "return 8:i32"}},
		{"&& as a value joins 1 and 0 in a phi",
			"int f(int a, int b) { int c = a && b; return c; }",
			[]string{"b1: cond.true", "b2: cond.false", "b3: cond.done", "phi [b1: 1:i32, b2: 0:i32]"}},
		{"two-dimensional local array",
			"int f(int i, int j) { int m[2][3] = {{1, 2, 3}, {4}}; return m[i][j]; }",
			[]string{"alloc [2][3]i32", "store t", "<- 4:i32", "<- 0:i32", "t13 = &t2[t12]", "t16 = &t13[t15]", "t17 = load t16"}},
		{"switch cases take the promoted tag type",
			"int f(unsigned char c) { switch (c) { case 1: return 1; case 'x': return 2; } return 0; }",
			[]string{"convert i32 <- t", "switch t2 [1: b1] [120: b2] default b3", `"c"`}},
		{"void function returns nothing, call as statement",
			"void g(int x) { if (x) return; }\nint f(int a) { g(a); return a; }",
			[]string{"func g(x i32) ()", "return", "call g(t"}},
		{"main falling off its end returns no value: the harness calls it as an ordinary function",
			"int main(void) { }",
			[]string{"func main() (i32)", "(no return)", "return\n"}},
		{"an output call's arguments that read memory are evaluated",
			"#include <stdio.h>\nvoid f(char *s, int i) { putchar(s[i]); printf(\"%d\", i); }",
			[]string{"t4 = convert i64 <- t3", "t5 = t2 + t4", "t6 = load t5", "return"}},
		{"the unit is read as -std=c11: it may define getline",
			"#include <stdio.h>\nint getline(char *s, int n) { return n > 0; }",
			[]string{"func getline(s *i8, n i32) (i32)"}},
		{"falling off a non-void function returns no value",
			"int f(int a) { if (a) return 1; }",
			[]string{"(no return)", "return\n"}},
		{"K&R definition: declarations, implicit int, promoted short",
			"int g();\ncount(s, c) char *s; short c; { return *s == c; }\nint h(x) { return;	}\nint k() { return g(1); }\nint g(a) long a; { return a > 2; }",
			[]string{"func count(s *i8, c i16) (i32)", "func h(x i32) (i32)", "return\n", "func k() (i32)", "call g(1:i64)", "func g(a i64) (i32)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := loadSource(t, tt.src)
			if len(f.Errors) > 0 {
				t.Fatalf("errors: %v", f.Errors)
			}
			got := dump(f)
			rest := got
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("missing %q (in order) in\n%s", w, got)
				}
				rest = rest[i+len(w):]
			}
		})
	}
}

// TestLoweringMemory checks the lowering of pointers, structs, the heap,
// function pointers, globals, floats and standard input.
func TestLoweringMemory(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string // lines (trimmed) the printed IR must contain, in order
	}{
		{"p[i] is a load through PtrAdd by an i64 index; p[0] is *p",
			"int f(int *p, int i) { return p[i] + *(p + 1) + p[0]; }",
			[]string{"func f(p *i32, i i32) (i32)", "t4 = convert i64 <- t3", "t5 = t2 + t4", "t6 = load t5", "t8 = t7 + 1:i64", "t9 = load t8", "t11 = load t0", "t12 = load t11"}},
		{"an array parameter is a pointer",
			"int f(int a[], int n) { return a[n - 1]; }",
			[]string{"func f(a *i32, n i32) (i32)", "= t2 + t"}},
		{"p++ and p -= 2 move by elements; comparisons with NULL use nil",
			"int f(int *p) { int *q = p; q++; q -= 2; return q == p || p != 0; }",
			[]string{"t4 = t3 + 1:i64", "t6 = t5 + -2:i64", "t9 = t7 == t8", "t12 = t11 != nil:*i32"}},
		{"a local array decays to a pointer to its first element",
			"int f(int i) { int a[3] = {1, 2, 3}; int *p = a; return p[i] + *a; }",
			[]string{"t6 = &t1[0:i64]", "store t2 <- t6", "t10 = t7 + t9", "t12 = &t1[0:i64]", "t13 = load t12"}},
		{"-> and . are FieldAddr; a struct is copied by a load and a store; one *Struct per type",
			"struct P { int x; struct P *next; };\nint f(struct P *p) { struct P s = *p; s.x = 3; return p->next->x + s.x; }",
			[]string{"func f(p *struct P) (i32)", "t1 = alloc struct P", "t3 = load t2", "store t1 <- t3", "t4 = &t1.x", "t6 = &t5.next", "t7 = load t6", "t8 = &t7.x"}},
		{"a member of a struct value is FieldOf",
			"struct S { int a, b; };\nstruct S mk(int x) { struct S s = {x, 2}; return s; }\nint f(int x) { return mk(x).b; }",
			[]string{"func mk(x i32) (struct S)", "t2 = &t1.a", "t4 = &t1.b", "store t4 <- 2:i32", "func f(x i32) (i32)", "t2 = call mk(t1)", "t3 = t2.b"}},
		{"malloc(n * sizeof(T)) and calloc(n, sizeof *p) allocate n elements; free",
			"#include <stdlib.h>\nint f(int n) { int *a = malloc(n * sizeof(int)); double *d = calloc(n, sizeof *d); char *c = malloc(n); a[0] = 1; free(a); free(d); free(c); return 0; }",
			[]string{"t6 = malloc i32 x t5", "t9 = calloc f64 x t8", "t12 = malloc i8 x t11", "store t13 <- 1:i32", "free t14", "free t15", "free t16"}},
		{"free((pointer)p) frees p: a cast to a generic pointer is stripped (tot_info's InfoTbl)",
			"#include <stdlib.h>\ntypedef void *pointer;\nint f(int n) { double *d = malloc(n * sizeof(double)); free((pointer)d); free((char *)(d)); return 0; }",
			[]string{"t4 = malloc f64 x t3", "free t5", "free t6"}},
		{"a function is a FuncRef value; calls through pointers are CallIndirect",
			"static int sq(int x) { return x * x; }\nint f(int (*g)(int), int a) { int (*h)(int) = sq; if (g == 0) g = &sq; return g(a) + (*h)(a); }",
			[]string{"func f(g func(i32) (i32), a i32) (i32)", "store t2 <- &sq", "t4 = t3 == nil:func(i32) (i32)", "store t0 <- &sq", "t7 = call t5(t6)", "t10 = call t8(t9)"}},
		{"floats: conversions, float arithmetic without promotion to double, IEEE constants",
			"double f(int a, float b) { double d = a; if (b > 0.5f) d += b; return -d / 3; }",
			[]string{"func f(a i32, b f32) (f64)", "t4 = convert f64 <- t3", "t6 = t5 > 0.5:f32", "t9 = convert f64 <- t7", "t10 = t8 + t9", "t12 = -t11", "t13 = t12 / 3:f64"}},
		{"a float condition compares with 0.0; a cast to int converts",
			"int f(double x) { if (x) return (int)x; return !x; }",
			[]string{"t2 = t1 != 0:f64", "t4 = convert i32 <- t3", "t6 = t5 == 0:f64"}},
		{"getchar() and fgetc(stdin) read the input stream",
			"#include <stdio.h>\nint f(void) { int c = getchar(); if (c == EOF) return 0; return fgetc(stdin); }",
			[]string{"t1 = input i32", "t3 = t2 == -1:i32", "t4 = input i32", "return t4"}},
		{"scanf(\"%d\", &x) reads a number into x and yields 1, or EOF at the end",
			"#include <stdio.h>\nint f(void) { int x = 0; if (scanf(\"%d\", &x) != 1) return -1; return x; }",
			[]string{"t1 = input i32", "store t0 <- t1", "t2 = t1 != -1:i32", "t3 = convert i32 <- t2", "t4 = t3 + t3", "t5 = t4 - 1:i32", "t6 = t5 != 1:i32"}},
		{"globals: Init from the initializer, Input when read and not const; static locals and strings are globals",
			"int g = 3;\nint arr[3] = {1, 2};\nconst int k = 2;\nconst char *msg = \"hi\";\nint f(int i) { static int n = 4; n++; g = arr[i] + k; return msg[0] + n + \"ab\"[i]; }",
			[]string{"global @f.n i32 = 4", "global @arr [3]i32 input = {1, 2, 0}", "global @k i32 = 2", "global @g i32 = 3", "global @msg *i8 input = &{104, 105, 0}", "global @str.1 [3]i8 = {97, 98, 0}",
				"store @f.n <- t2", "t5 = &@arr[t4]", "load @k", "store @g <-", "load @msg", "&@str.1[t"}},
		{"printf as a statement is left out, its arguments evaluated",
			"#include <stdio.h>\nint f(int a) { printf(\"%d\\n\", a++); return a; }",
			[]string{"t2 = t1 + 1:i32", "store t0 <- t2", "t3 = load t0", "return t3"}},
		{"fprintf to a FILE * parameter loads it (NULL is a finding), and a branch in its arguments is lowered (gzip's display_ratio)",
			"#include <stdio.h>\nvoid f(FILE *fp, long n, long d) { fprintf(fp, \"%ld\", d == 0 ? 0 : n / d); }",
			[]string{"t3 = load t0", "t4 = load t3", "t6 = t5 == 0:i64", "if t6 goto b1 else b2", "t9 = t7 / t8"}},
		{"a call of a function another unit defines ends the path (bc's out_of_memory); a failing assert aborts",
			"#include <assert.h>\n#include <stdlib.h>\nvoid oom(void);\nint *f(int n) { int *p = malloc(n * sizeof(int)); if (p == NULL) oom(); assert(n > 0); return p; }",
			[]string{"if t6 goto b1 else b2", "b1: if.then", "unknown call oom", "t8 = t7 > 0:i32", "b4: cond.else", "abort", "return t9"}},
		{"main(void) is a unit",
			"#include <stdio.h>\nint main(void) { return getchar() == 'y'; }",
			[]string{"func main() (i32)", "t0 = input i32", "t1 = t0 == 121:i32"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := loadSource(t, tt.src)
			if len(f.Errors) > 0 {
				t.Fatalf("errors: %v", f.Errors)
			}
			for _, fn := range f.Funcs {
				if err := ir.Check(fn); err != nil {
					t.Fatal(err)
				}
			}
			got := dump(f)
			rest := got
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("missing %q (in order) in\n%s", w, got)
				}
				rest = rest[i+len(w):]
			}
		})
	}
}

// TestPositions checks that each If is positioned at its leaf condition
// and each switch at its tag, with case positions at the labels.
func TestPositions(t *testing.T) {
	f := loadSource(t, "int f(int a, int b)\n{\n\tif (a > 0 &&\n\t    (b < 2 || a == b))\n\t\treturn 1;\n\tswitch (a + b) {\n\tcase 1:\n\t\treturn 2;\n\tdefault:\n\tcase 3:\n\t\tbreak;\n\t}\n\treturn 0;\n}\n")
	if len(f.Errors) > 0 || len(f.Funcs) != 1 {
		t.Fatalf("errors: %v", f.Errors)
	}
	var got []string
	for _, e := range f.Funcs[0].BranchEdges() {
		p := e.Pos()
		got = append(got, strings.Join([]string{itoa(p.Line) + ":" + itoa(p.Col), e.Cond(), e.Label()}, " "))
	}
	want := []string{
		"3:6 a > 0 true", "3:6 a > 0 false",
		"7:2 a + b case 1", "10:2 a + b case 3", "6:10 a + b default",
		"4:7 b < 2 true", "4:7 b < 2 false",
		"4:16 a == b true", "4:16 a == b false",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("branch edges:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func itoa(i int) string {
	s := ""
	if i == 0 {
		return "0"
	}
	for ; i > 0; i /= 10 {
		s = string(rune('0'+i%10)) + s
	}
	return s
}

// TestUnsupported checks that each construct the lowering leaves out is named
// with its position and function, and that the other functions are lowered.
func TestUnsupported(t *testing.T) {
	tests := []struct{ src, want string }{
		{"union U { int i; float f; };\nint f(union U u) { return u.i; }", "unit.c:2:15: f: unsupported: parameter u of union type"},
		{"long f(int *p, long *q) { return (long *)p == q; }", "unit.c:1:34: f: unsupported: pointer conversion from pointer to int to pointer to long"},
		{"int f(int *p) { char *c = (char *)p; return *c; }", "unit.c:1:27: f: unsupported: pointer conversion from pointer to int to pointer to char"},
		{"int f(long double d) { return d > 1; }", "f: unsupported: parameter d of floating-point type long double"},
		{"struct B { int x : 3; };\nint f(struct B *b) { return b->x; }", "f: unsupported: parameter b of type pointer to struct B"},
		{"#include <stdlib.h>\nint f(char *s) { return system(s); }", "unit.c:2:25: f: unsupported: call to system, which is not defined in this file"},
		{"#include <string.h>\nint f(int *a, int *b) { return memcmp(a, b, 4); }", "unit.c:2:39: f: unsupported: pointer conversion from pointer to int to pointer to const void"},
		{"#include <stdio.h>\nFILE *in;\nint f(void) { return fgetc(in); }", "unit.c:3:22: f: unsupported: fgetc from a FILE * other than stdin, a parameter or a member"},
		{"#include <stdio.h>\nint f(FILE *fp) { return fgetc(fp) + getchar(); }", "f: unsupported: reading both standard input and a FILE *"},
		{"#include <stdio.h>\nint f(void) { char s[8]; return scanf(\"%s\", s); }", "f: unsupported: scanf other than scanf(\"%d\", &x)"},
		{"#include <stdio.h>\nint f(void) { return printf(\"x\"); }", "unit.c:2:22: f: unsupported: call to printf, which is not defined in this file"},
		{"#include <stdio.h>\nint f(void) { int n = 0; scanf(\"%d\", &n); return getchar() + n; }", "f: unsupported: reading standard input both by characters and with scanf"},
		{"int f(int a, ...) { return a; }", "f: unsupported: variadic function"},
		{"int h(long double x) { return x > 0; }\nint f(int a) { return a; }\nint g(int a) { return h(0) + f(a); }", "unit.c:3:23: g: unsupported: call to h, which could not be lowered"},
		{"int h(long double x) { return x > 0; }\nint (*fp)(long double) = h;\nint g(int a) { return fp(a); }", "g: unsupported: global variable fp of"},
	}
	for _, tt := range tests {
		f := loadSource(t, tt.src+"\nint ok(int x) { return x; }\n")
		var msgs []string
		for _, e := range f.Errors {
			msgs = append(msgs, strings.TrimPrefix(e.Error(), filepath.Dir(f.Path)+"/"))
		}
		all := strings.Join(msgs, "\n")
		if !strings.Contains(all, tt.want) {
			t.Errorf("%s\nerrors:\n%s\nwant one containing %q", tt.src, all, tt.want)
		}
		found := false
		for _, fn := range f.Funcs {
			found = found || fn.Name == "ok"
		}
		if !found {
			t.Errorf("%s: function ok was not lowered", tt.src)
		}
	}
}

// TestSyntaxError checks that an error in one function body is reported
// with file:line and that the rest of the file is still lowered.
func TestSyntaxError(t *testing.T) {
	f := loadSource(t, "int good1(int a) { return a; }\n\nint bad(int a) {\n\treturn a +* ;\n}\n\nint typo(int a) { return a + undeclared; }\n\nint good2(int a) { return good1(a) + 1; }\n")
	var names []string
	for _, fn := range f.Funcs {
		names = append(names, fn.Name)
	}
	if strings.Join(names, " ") != "good1 good2" {
		t.Errorf("lowered %v, want good1 good2; errors %v", names, f.Errors)
	}
	if len(f.Errors) != 2 {
		t.Fatalf("errors %v, want 2", f.Errors)
	}
	for i, want := range []string{"unit.c:4:", "unit.c:7:"} {
		if msg := f.Errors[i].Error(); !strings.Contains(msg, want) {
			t.Errorf("error %q does not name %s", msg, want)
		}
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing.c")); err == nil {
		t.Error("Load of a missing file: no error")
	}
	path := filepath.Join(t.TempDir(), "broken.c")
	os.WriteFile(path, []byte("int x = ;\n"), 0o644)
	if _, err := Load(path); err == nil || !strings.Contains(err.Error(), "broken.c:1:") {
		t.Errorf("Load of a file broken at file scope: %v, want an error naming broken.c:1", err)
	}
	// A truncated file: cc cannot place the end of file ("-:"), pbcc
	// places it at the end, once per message.
	path = filepath.Join(t.TempDir(), "truncated.c")
	os.WriteFile(path, []byte("#include <stdio.h>\nint f(int x) {\n if (x > 2) return 1;\n return"), 0o644)
	_, err := Load(path)
	if err == nil || strings.Contains(err.Error(), "-:") || !strings.Contains(err.Error(), "truncated.c:4:8: unexpected <EOF>") {
		t.Errorf("Load of a truncated file: %v, want errors naming truncated.c:4:8", err)
	}
}
