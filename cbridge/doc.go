// Package cbridge is pbcc's C front end: it parses and type-checks a C file
// with modernc.org/cc/v4 (pure Go; system headers through the host
// compiler's configuration), lowers each function definition to the common
// IR of package gen/ir, and drives gcc and gcov to measure the branch
// coverage of the harness pbcc emits.
//
// # Lowering
//
// Load lowers the functions of one file. The builder follows go/ssa's: one
// method per construct, each documented with a sketch of the blocks it
// emits, blocks named after their role ("if.then", "for.body",
// "switch.case", "cond.or", "label.again").
//
//   - Parameters and locals are ir.Alloc cells of the entry block; each
//     parameter is stored into its cell on entry; reads are Loads and writes
//     Stores, so no phis are needed for variables. Only a value-context
//     &&, || or ?: joins its arms with a phi.
//   - Integer types have their host widths and signedness (char is i8,
//     short i16, int i32, long and long long i64, the unsigned variants
//     u8..u64; _Bool is u8 holding 0 or 1; an enum has its underlying
//     type). The integer promotions and the usual arithmetic conversions
//     are explicit Converts; a conversion to _Bool compares with zero.
//     Comparisons yield a bool, converted to int where C uses the value.
//   - float is ir.Float{32}, double ir.Float{64}; arithmetic and
//     comparisons are BinOps on floats (a float operation stays in float,
//     as gcc does on x86-64), int <-> float and float <-> double are
//     Converts, constants are ir.FloatConst with their IEEE bits. A float
//     or pointer condition compares with 0.0 or nil.
//   - In a condition, &&, ||, ! and ?: become branches; each leaf ends its
//     block in an If whose Pos is the start of the leaf and whose Text is
//     its source text. A constant condition jumps. A switch becomes an
//     ir.Switch on the promoted tag, with one case per label in source
//     order, CasePos at each "case", and fall-through between the case
//     blocks. goto, labels, break, continue and return are jumps.
//
// # Memory
//
//   - T *p is ir.Pointer{T}; void * is Pointer{u8}. An array parameter
//     (int a[]) is the pointer C makes of it. p[i] and *(p + i) are
//     Load(PtrAdd(p, i)) with i converted to i64; p[0] and *p are Load(p);
//     p++, p += n, p - n are PtrAdds (by elements). Pointers compare with
//     BinOps (Eq, Ne, Lt, ...); NULL, 0 and (void *)0 are ir.NilConst of
//     the other operand's type. p - q of two pointers of one type is
//     ir.NewPtrDiff (elements, i64; pointers into different objects are
//     undefined), converted to the expression's type. A cast between
//     pointers to integers of one width ((unsigned char *)s on a char
//     buffer, char * passed as void *) is a Convert that reads the same
//     cells; other pointer casts are unsupported.
//   - A fixed-size array object (local, global, struct member) is of
//     ir.Array type; a[i] is IndexAddr, and the array decays to
//     IndexAddr(a, 0) where C uses it as a pointer.
//   - One *ir.Struct per C struct type (keyed by tag), registered before
//     its members are typed, so a struct may hold a pointer to itself.
//     s.f is FieldAddr(&s, f), p->f FieldAddr(p, f), f().x FieldOf. A
//     struct is copied by a Load and a Store; struct parameters and
//     results are values. Unions, bit-fields and flexible array members
//     are unsupported.
//   - malloc(n * sizeof(T)), malloc(sizeof(T)) and calloc(n, sizeof(T))
//     are ir.Malloc{Elem: T, Count: n or 1 (i64), Zero for calloc}; a
//     malloc(n) without sizeof allocates n bytes and is accepted when the
//     pointer receiving it has byte elements. free(p) is ir.Free;
//     free(NULL) does nothing. realloc is unsupported. Reading an
//     element of malloc'd memory before writing it is undefined (a
//     finding) for arrays of scalars; calloc's memory and malloc'd
//     structs read as zeros.
//   - A function used as a value is an *ir.FuncRef (its type a fresh
//     *ir.Signature: compare signatures by String, not identity); a
//     pointer to a function is *ir.Signature; a call through one is
//     ir.CallIndirect. Functions used as values count as callees: one that
//     cannot be lowered makes its user unsupported. Func.Siblings lists
//     the file's lowered functions: the candidates for an input function
//     pointer.
//   - A file-scope variable is one *ir.Global (File.Globals), made on its
//     first use, with its constant initializer as Init (numbers, NULL,
//     functions for tables of function pointers, strings: a char array's
//     content or a char pointer to a fresh array object). Input is set on
//     every global that some lowered function uses otherwise than as the
//     direct target of a store and that is not const-qualified; const
//     globals keep Init. A static local n of f is the global "f.n" and a
//     string literal the global "str.N" holding its characters and NUL;
//     neither is an input (the harness cannot reach them).
//
// # Standard input
//
// getc(stdin), fgetc(stdin) and getchar() are ir.ReadInput of type i32:
// a character 0..255, or -1 (EOF) at the end of the stream (the executor
// must keep a character in that range and EOF sticky). scanf("%d", &x)
// is
//
//	v = input i32;  store &x <- v;  value (v != -1) + (v != -1) - 1
//
// that is 1, or EOF (-1) when the stream has ended: the stream holds the
// numbers read and -1 marks its end, so the number -1 cannot be an input
// and at the end x receives -1 where C leaves it unchanged. FuncInfo.Stream
// says which kind a function (with its callees) reads; mixing both is
// unsupported. getc(fp) and fgetc(fp) on a FILE * parameter read the
// same character stream (FuncInfo.Files): FILE * is an opaque pointer,
// NULL or not, and reading through NULL is a nil dereference; the harness
// writes the stream to a temporary file and passes it to each FILE *
// parameter that is not NULL. fgets(s, n, stdin) and fgets(s, n, fp) on
// such a parameter call libc.c's models pbcc_fgets_stdin and
// pbcc_fgets_file, which read the stream with getchar and getc. A FILE *
// member of a struct (s->fp, as a stream type built on FILE * keeps it)
// is read the same way: the harness opens the stream first and makes
// every non-NULL FILE * of the inputs, parameter or member, that stream.
// stdin, stdout and stderr as values (fp = stdin) are non-NULL streams
// no case sets. fopen is libc.c's model, which opens no file: the names
// a case gives are made up by the search ("" and the like) and name no
// file where the harness runs. Reading both stdin and a FILE * is
// unsupported. printf, puts, putchar and the like, called as statements,
// are left out (their arguments evaluated): the harness does not check
// output. main(void) is a unit like any other.
//
// # The C library
//
// exit(n), _Exit(n) and abort() end the path with an ir.Panic marked
// Exit: the case made for such a path expects the exit status (or the
// abort), and the harness runs it in a forked child.
//
// strlen, strcmp, strncmp, strcpy, strncpy, strcat, strncat, strchr,
// strrchr, memcpy, memset, memcmp, the ctype functions (isdigit, ...,
// toupper, tolower, and the __ctype_b_loc table <ctype.h>'s macros
// read), abs, labs and atoi are modelled in plain C (libc/libc.c, glibc's
// results in the C locale), lowered by this front end into functions
// marked ir.Func.Library, and called like the unit's own: their undefined
// behaviours (strlen of an unterminated buffer, strcpy past the end of
// its destination, isdigit(1000)) are findings at the call. memcpy,
// memset and memcmp take byte buffers: a pointer to wider elements
// cannot become a void * (the memory model has no bytes of an int).
//
// sqrt, fabs, floor, ceil, trunc, round, fmod, copysign, log, log10,
// log2, exp, sin, cos, pow, hypot and cbrt (on doubles) are
// ir.CallExtern of the Go function that computes them (math.Sqrt, ...):
// the solver picks their results freely, the replays call them for real
// and teach the results (gen/extern.go). Go's log, exp, sin... may differ
// from glibc's in the last bits: the harness compares a double result of
// a function that calls them within a relative 1e-9
// (FuncInfo.Inexact); the harness and pbcc's builds link -lm.
//
// # Legacy C
//
// Old-style (K&R) definitions and declarations, implicit int results and
// parameters and empty parameter lists f() are lowered as their
// prototyped equivalents (cc/v4 gives the parameters their declared
// types). A bare "return;" in a non-void function, and falling off its
// end, return no value (main's too: C99 makes it return 0, but the
// harness renames it pbcc_unit_main, an ordinary function): the case
// made for such a path does not check the result, and a caller that uses the missing result is a finding
// (ir.CheckNoResult, at the call). A static local that is not const is
// state kept between calls (FuncInfo.Static): each case of a function
// that has or calls one runs in a forked child, so that it starts from
// the initial state generation assumed. A function the file uses but does
// not define (declared, or implicitly by a call), when no system header
// declares it, is defined in another unit of the program: the functions
// calling it are unsupported, and the harness declares it weak (#pragma
// weak) so that it links without it.
//
// Anything else (unions, long double, complex, variadic functions, casts
// between pointers to different types, library calls other than the
// above, realloc, computed goto, VLAs) makes the function unsupported: File.Errors gets
// "file:line:col: func: unsupported: what", and the other functions are
// still lowered. A function calling an unsupported one is unsupported too.
// Such a function, when its parameters and result have IR types, is in
// File.Unlowered, without blocks: Explore searches it on the real code.
//
// # The search on the real code
//
// Explore compiles the unit with gcc's -fsanitize-coverage=trace-pc and
// trace-cmp (AddressSanitizer too where the host has it) beside
// explore/rt.c, a fork server answering one call at a time on two pipes,
// each call in a worker forked from a process that never calls the unit.
// Integers, floats, strings and buffers of them, pointers to structs of
// those (laid out as gcc lays them out, their pointers NULL), and an argv
// (char **, main's argc tied to it), are the parameters it can make, and standard
// input for a function that reads it (a memfd as descriptor 0); the inputs are mutated (the body's constants and the operands of
// the comparisons the calls make as a dictionary, integers tied to a
// buffer's length), those that take new edges kept, the ones a table
// needs chosen greedily, shrunk and run again in a fresh worker: the
// cases' expected values are the real run's. A call that crashes, hangs
// or that the sanitizer stops is left out and counted in the result's
// Approximation.
// A syntax or type error inside a function body is reported against that
// function and its body is set aside (the prototype kept) so that cc can
// check the rest of the file.
//
// A lowered function prints as (testdata/c/loop.c):
//
//	func loop(a i32) (i32)  // C loop.c:3:5
//	b0: entry  preds []
//		t0 = alloc i32
//		t1 = alloc i32
//		store t0 <- a
//		store t1 <- 0:i32
//		jump b1
//	b1: while.loop  preds [b0 b2]
//		t2 = load t0
//		t3 = load t1
//		t4 = t2 > t3
//		if t4 goto b2 else b3  // loop.c:7:9 "a > i"
//	...
//
// # Harness and coverage
//
// Harness renders templates/c_test.tmpl into the <src>_pbcc_test.c file,
// written to be read and kept by a C team (issue 10): it includes the unit
// (its main renamed), and for each function either a table of cases
// (integer parameters and result, or const char * parameters given as
// string literals; no globals, no standard input) looped over by main, or
// one short C function per case, listed in a table of struct pbcc_case
// {name, run} that pbcc_run runs. A case function builds the inputs:
//
//   - an object each input pointer's Literal.Ref designates, as a local
//     variable named after the parameter when that hides nothing (else
//     pbcc_oN): an array (T s[]) when Ref is an array literal and the
//     pointer points to elements, the pointer being &s[Offset]; a struct or
//     a scalar otherwise (&s), an array of one non-character element too.
//     Character arrays are string literals ("abc") when they hold a string,
//     else character constants ('a', '\n') with numbers for the bytes that
//     are not text; a plain char array without a NUL gets one unless an
//     integer input equals its length (the case is about a buffer that has
//     none), which changes nothing the function does, since it never reads
//     past the array. A const char * to a string nothing else points to is
//     passed as a string literal. Pointers that share a Ref share the
//     object (aliasing); a nil Ref is NULL. Pointers inside objects are set
//     once all objects are declared, so lists may be cyclic. A struct
//     passed by value is a variable too; a function pointer is the
//     function's name.
//   - the input globals (Case.Globals), assigned member by member;
//   - standard input (Case.Stream), written to a tmpfile() that becomes
//     stdin for the call (glibc lets a program assign stdin): the
//     characters up to the first -1, or the numbers one per line.
//
// then calls the unit and checks, through shared helpers that print
// "FAIL fn/case: what = got, want want" (pbcc_int, pbcc_uint; pbcc_float
// with NaN equal to NaN and exact hexadecimal constants; pbcc_null,
// pbcc_nonnull), its result and, from Case.After, the memory the pointer
// parameters point to after the call, following pointers (once per
// object). What the function cannot change is not checked: a const
// pointee without pointers in it, and whatever a parameter points to when
// neither the function nor a function it calls may write through it
// (writesThrough). A writable integer array is compared with its expected
// contents in one memcmp (pbcc_array, which names the first element that
// differs). Findings (Result.Findings) are listed in a comment at the top,
// not as cases. A case expecting exit or abort (Case.Panic "exit(1)",
// "abort()") runs the call in a forked child (pbcc_fork, pbcc_wait) and
// checks how it ended; the child turns SIGABRT into an exit so that gcov's
// counters are written. The harness prints "N passed, N failed" and exits
// non-zero on a failure. It compiles without a warning of its own with
// gcc -std=gnu89 and -std=c11, -Wall -Wextra.
// A function whose cases cannot be written in C is left out of the
// harness with a comment (Render's LeftOut); with no function left,
// Render writes nothing (ErrNothing). Build compiles and links a harness
// before pbcc writes it over the previous one.
// Measure compiles it with gcc --coverage (-c, then link, so the
// notes are named after the source), runs it, and reads gcov's JSON
// (gcov -j -b) to count, per function of the unit, the branches and those
// taken at least once.
package cbridge
