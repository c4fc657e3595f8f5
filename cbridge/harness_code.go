package cbridge

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/ir"
	"modernc.org/cc/v4"
)

// tableOK reports whether r's cases fit a table: integer parameters and
// result, no globals, no standard input.
func tableOK(r *gen.Result) bool {
	scalar := func(t ir.Type) bool {
		switch t.(type) {
		case ir.Int, ir.Bool:
			return true
		}
		return false
	}
	for _, p := range r.Func.Params {
		if !scalar(p.T) {
			return false
		}
	}
	for _, t := range r.Func.Results {
		if !scalar(t) {
			return false
		}
	}
	if info, ok := r.Func.Src.(*FuncInfo); ok && (info.Stream != NoStream || info.Static) {
		return false
	}
	for _, c := range r.Cases {
		if len(c.Globals) > 0 || c.Panic != "" || len(c.Outputs) != len(r.Func.Results) {
			return false
		}
	}
	return true
}

// codeFor writes one C function per case of r (see caseWriter).
func codeFor(r *gen.Result) (harnessFunc, error) {
	f := r.Func
	info, ok := f.Src.(*FuncInfo)
	if !ok || len(info.params) != len(f.Params) {
		return harnessFunc{}, fmt.Errorf("no C types for the parameters")
	}
	hf := harnessFunc{Name: f.Name}
	for i, c := range r.Cases {
		w := &caseWriter{info: info, fn: f.Name, kase: c.Name, objs: map[*ir.Literal]object{}, seen: map[*ir.Literal]bool{}}
		lines, err := w.write(f, c)
		if err != nil {
			return harnessFunc{}, fmt.Errorf("case %s: %w", c.Name, err)
		}
		hf.Code = append(hf.Code, caseCode{Fn: fmt.Sprintf("pbcc_%s_%d", f.Name, i), Title: c.Name, Lines: lines})
	}
	return hf, nil
}

// An object is a variable the harness declares for an object a pointer
// input points to.
type object struct {
	name  string
	array bool    // an array of elem, the pointer designating one element
	elem  cc.Type // the C type of the object, or of its elements
}

// A caseWriter writes the body of one case:
//
//	T pbcc_oN = ...;          one variable per object the inputs point to
//	                          (an array of T when the object is an array;
//	                          two pointers to the same object share it)
//	pbcc_oN.next = &pbcc_oM;  the pointers inside objects, once all exist
//	g = ...;                  the input globals
//	pbcc_stdin("...", n);     the standard input
//	R got = f(args);          the call; a pointer argument is &pbcc_oN[k]
//	pbcc_stdin_restore();
//	if (got != want) ...      the result
//	if (pbcc_oN[k] != v) ...  the memory pointer parameters point to
//	return ok;
type caseWriter struct {
	info   *FuncInfo
	fn     string
	kase   string
	objs   map[*ir.Literal]object
	decls  []string
	fixups []string
	checks []string
	seen   map[*ir.Literal]bool // the objects whose content after the call is checked
	err    error
}

func (w *caseWriter) fail(format string, args ...any) {
	if w.err == nil {
		w.err = fmt.Errorf(format, args...)
	}
}

func (w *caseWriter) write(f *ir.Func, c gen.Case) ([]string, error) {
	if len(c.Inputs) != len(f.Params) {
		return nil, fmt.Errorf("%d inputs for %d parameters", len(c.Inputs), len(f.Params))
	}
	var args []string
	file := false // the case opens its stream as a FILE *
	for i, in := range c.Inputs {
		t := w.info.params[i]
		if w.info.Files && isFile(t) {
			if in.Ref == nil {
				args = append(args, "NULL")
			} else {
				args = append(args, "pbcc_f")
				file = true
			}
			continue
		}
		if t.Kind() == cc.Struct {
			// a struct by value: a variable, whose pointers are fixed up
			name := fmt.Sprintf("pbcc_arg%d", i)
			w.decls = append(w.decls, cDecl(t, name)+" = "+w.value(in, t, name)+";")
			args = append(args, name)
			continue
		}
		args = append(args, w.value(in, t, ""))
	}
	var set []string
	for _, gv := range c.Globals {
		t, ok := w.info.unit.ctypes[gv.G]
		if !ok || w.info.unit.hidden[gv.G] {
			w.fail("global %s cannot be set by the harness", gv.G.Ident())
			continue
		}
		set = append(set, w.assign(gv.Value, t, gv.G.Ident())...)
	}
	callee := f.Name
	if callee == "main" {
		callee = "pbcc_unit_main"
	}
	call := fmt.Sprintf("%s(%s)", callee, strings.Join(args, ", "))
	var lines []string
	lines = append(lines, w.decls...)
	lines = append(lines, w.fixups...)
	lines = append(lines, set...)
	data := streamBytes(c.Stream, w.info.Stream)
	if w.info.Files {
		// The contents of the FILE * parameters (NULL ones aside).
		if file {
			lines = append(lines, fmt.Sprintf("FILE *pbcc_f = pbcc_open(%s, %d);", cString(string(data)), len(data)))
		}
	} else if w.info.Stream != NoStream {
		lines = append(lines, fmt.Sprintf("pbcc_stdin(%s, %d);", cString(string(data)), len(data)))
	}
	rt := w.info.result
	if c.Panic != "" {
		return append(lines, w.exitCase(c, call)...), w.err
	}
	noValue := len(c.Outputs) == 0 // a bare "return;" or the end of a non-void function
	if rt == nil || rt.Kind() == cc.Void || noValue {
		lines = append(lines, call+";")
	} else {
		lines = append(lines, cDecl(rt, "got")+" = "+call+";")
	}
	if file {
		lines = append(lines, "fclose(pbcc_f);")
	} else if w.info.Stream != NoStream && !w.info.Files {
		lines = append(lines, "pbcc_stdin_restore();")
	}
	lines = append(lines, "int ok = 1;")
	if noValue && rt != nil && rt.Kind() != cc.Void {
		// The call returns no value ("return;", or the end of the
		// function): C leaves the result indeterminate, so it is not
		// checked (reading it would be undefined only in a caller that
		// uses it).
		lines = append(lines, "/* returns no value: the result is not checked */")
	} else if rt != nil && rt.Kind() != cc.Void {
		if len(c.Outputs) != 1 {
			return nil, fmt.Errorf("%d outputs for 1 result", len(c.Outputs))
		}
		w.check(c.Outputs[0], rt, "got", "result")
	}
	checked := map[*ir.Literal]bool{}
	for i := range f.Params {
		if i >= len(c.After) || c.After[i].Ref == nil || c.Inputs[i].Ref == nil {
			continue
		}
		obj, ok := w.objs[c.Inputs[i].Ref]
		if !ok || checked[c.Inputs[i].Ref] {
			continue
		}
		checked[c.Inputs[i].Ref] = true
		w.seen[c.After[i].Ref] = true
		name := f.Params[i].Name()
		after := *c.After[i].Ref
		if obj.array {
			for k, e := range after.Elems {
				w.check(e, obj.elem, fmt.Sprintf("%s[%d]", obj.name, k), fmt.Sprintf("%s[%d]", name, k-c.Inputs[i].Offset))
			}
			continue
		}
		show := "*" + name
		if obj.elem.Kind() == cc.Struct {
			show = name + "->"
		}
		w.check(after, obj.elem, obj.name, show)
	}
	lines = append(lines, w.checks...)
	if w.info.Static {
		return inChild(lines), w.err
	}
	lines = append(lines, "return ok;")
	return lines, w.err
}

// inChild returns the lines of a case (declarations, call, checks setting
// ok) run in a child process, whose exit status says whether it passed:
// the function keeps state in a static local, which the child's call
// changes and the cases after it do not see.
func inChild(lines []string) []string {
	out := []string{
		"fflush(stdout);",
		"pid_t pbcc_pid = fork();",
		"if (pbcc_pid == 0) {",
	}
	for _, l := range lines {
		out = append(out, "\t"+l)
	}
	return append(out,
		"\tfflush(stdout);",
		"\texit(ok ? 0 : 1);",
		"}",
		"int pbcc_status;",
		"if (pbcc_pid < 0 || waitpid(pbcc_pid, &pbcc_status, 0) != pbcc_pid) {",
		"\tperror(\"pbcc: fork\");",
		"\treturn 0;",
		"}",
		"return WIFEXITED(pbcc_status) && WEXITSTATUS(pbcc_status) == 0;",
	)
}

// value returns the C expression of literal l of C type t as an
// argument or an initializer; path is the lvalue it initializes inside an
// object ("" for an argument), where a pointer is set by a fixup once all
// objects are declared.
func (w *caseWriter) value(l ir.Literal, t cc.Type, path string) string {
	switch t.Kind() {
	case cc.Ptr:
		if isFunctionPointer(t) {
			if l.Func == nil {
				return "NULL"
			}
			return l.Func.Name
		}
		if l.Ref == nil {
			return "NULL"
		}
		if path != "" {
			w.fixups = append(w.fixups, fmt.Sprintf("%s = %s;", path, w.pointer(l, t)))
			return "NULL"
		}
		return w.pointer(l, t)
	case cc.Array:
		at := t.(*cc.ArrayType)
		if s, ok := charString(l, at.Elem()); ok {
			return s
		}
		var es []string
		for k, e := range l.Elems {
			es = append(es, w.value(e, at.Elem(), fmt.Sprintf("%s[%d]", path, k)))
		}
		return "{" + strings.Join(es, ", ") + "}"
	case cc.Struct:
		st := t.(*cc.StructType)
		var fs []string
		for k, e := range l.Elems {
			fl := st.FieldByIndex(k)
			if fl == nil {
				w.fail("struct %s has no field %d", t, k)
				break
			}
			fs = append(fs, "."+fl.Name()+" = "+w.value(e, fl.Type(), path+"."+fl.Name()))
		}
		return "{" + strings.Join(fs, ", ") + "}"
	}
	return w.scalar(l, t)
}

// scalar spells an integer or float literal as a C constant.
func (w *caseWriter) scalar(l ir.Literal, t cc.Type) string {
	if _, ok := l.T.(ir.Float); ok {
		return cFloat(l)
	}
	s, err := CLiteral(l, cType(t))
	if err != nil {
		w.fail("%v", err)
	}
	return s
}

// pointer returns the address a pointer literal holds: its object,
// declared on first use, and the element Offset designates.
func (w *caseWriter) pointer(l ir.Literal, t cc.Type) string {
	pt, ok := t.(*cc.PointerType)
	if !ok {
		w.fail("pointer literal for %s", t)
		return "NULL"
	}
	obj := w.object(l.Ref, pt.Elem())
	cast := ""
	if pt.Elem().Kind() == cc.Void {
		cast = "(void *)"
	}
	switch {
	case obj.array && l.Offset == 0:
		return cast + obj.name
	case obj.array:
		return fmt.Sprintf("%s&%s[%d]", cast, obj.name, l.Offset)
	}
	return cast + "&" + obj.name
}

// object declares the variable of the object ref, of C type elem (or an
// array of elem when ref is an array and elem is not), once.
func (w *caseWriter) object(ref *ir.Literal, elem cc.Type) object {
	if o, ok := w.objs[ref]; ok {
		return o
	}
	if elem.Kind() == cc.Void {
		// void * is a pointer to bytes (unit.irType): the object is
		// unsigned chars.
		elem = w.info.unit.uchar
	}
	o := object{name: fmt.Sprintf("pbcc_o%d", len(w.objs)+1), elem: elem}
	_, isArr := ref.T.(ir.Array)
	if isArr && (elem == nil || elem.Kind() != cc.Array) {
		o.array = true
	}
	w.objs[ref] = o
	if o.elem == nil {
		w.fail("object of type %s behind a void pointer", ref.T)
		return o
	}
	slot := len(w.decls) // declared in the order first used
	w.decls = append(w.decls, "")
	if !o.array {
		w.decls[slot] = cDecl(elem, o.name) + " = " + w.value(*ref, elem, o.name) + ";"
		return o
	}
	n := len(ref.Elems)
	var init string
	if s, ok := charString(*ref, elem); ok {
		init = s
	} else {
		var es []string
		for k, e := range ref.Elems {
			es = append(es, w.value(e, elem, fmt.Sprintf("%s[%d]", o.name, k)))
		}
		init = "{" + strings.Join(es, ", ") + "}"
	}
	if n == 0 {
		n, init = 1, "{0}" // C has no empty arrays: one element nobody may read
	}
	w.decls[slot] = cDecl(elem, fmt.Sprintf("%s[%d]", o.name, n)) + " = " + init + ";"
	return o
}

// assign returns the statements that set the global lvalue lv of C type
// t to l: an array element by element, a struct member by member.
func (w *caseWriter) assign(l ir.Literal, t cc.Type, lv string) []string {
	switch t.Kind() {
	case cc.Array:
		at := t.(*cc.ArrayType)
		var ss []string
		for k, e := range l.Elems {
			ss = append(ss, w.assign(e, at.Elem(), fmt.Sprintf("%s[%d]", lv, k))...)
		}
		return ss
	case cc.Struct:
		st := t.(*cc.StructType)
		var ss []string
		for k, e := range l.Elems {
			if fl := st.FieldByIndex(k); fl != nil {
				ss = append(ss, w.assign(e, fl.Type(), lv+"."+fl.Name())...)
			}
		}
		return ss
	}
	return []string{fmt.Sprintf("%s = %s;", lv, w.value(l, t, ""))}
}

// check adds the comparisons of lvalue lv, of C type t, with the value
// recorded in want; show names it in a FAIL line.
func (w *caseWriter) check(want ir.Literal, t cc.Type, lv, show string) {
	switch t.Kind() {
	case cc.Array:
		at := t.(*cc.ArrayType)
		for k, e := range want.Elems {
			w.check(e, at.Elem(), fmt.Sprintf("%s[%d]", lv, k), fmt.Sprintf("%s[%d]", show, k))
		}
		return
	case cc.Struct:
		st := t.(*cc.StructType)
		sep := "."
		if strings.HasSuffix(show, "->") {
			sep = ""
		}
		dot := "."
		if strings.HasSuffix(lv, "->") {
			dot = ""
		}
		for k, e := range want.Elems {
			if fl := st.FieldByIndex(k); fl != nil {
				w.check(e, fl.Type(), lv+dot+fl.Name(), show+sep+fl.Name())
			}
		}
		return
	case cc.Ptr:
		if isFunctionPointer(t) {
			return
		}
		if want.Ref == nil {
			w.fail1(fmt.Sprintf("%s != NULL", lv), show, "%p", "NULL", "(void *)"+lv, "")
			return
		}
		// Follow the pointer in memory as it is after the call, once per
		// object (a list may be cyclic), the case ending at a NULL.
		if w.seen[want.Ref] {
			return
		}
		w.seen[want.Ref] = true
		elem := t.(*cc.PointerType).Elem()
		if elem.Kind() == cc.Void {
			return
		}
		w.fail1(fmt.Sprintf("%s == NULL", lv), show, "%p", "non-NULL", "(void *)"+lv, "")
		w.checks = append(w.checks[:len(w.checks)-1], "\treturn ok;", "}")
		target := *want.Ref
		if _, isArr := target.T.(ir.Array); isArr && elem.Kind() != cc.Array {
			for k, e := range target.Elems {
				w.check(e, elem, fmt.Sprintf("(%s)[%d]", lv, k-want.Offset), fmt.Sprintf("%s[%d]", show, k-want.Offset))
			}
			return
		}
		if elem.Kind() == cc.Struct {
			w.check(target, elem, lv+"->", show+"->")
			return
		}
		w.check(target, elem, "*"+lv, "*"+show)
		return
	}
	if _, ok := want.T.(ir.Float); ok {
		v := cFloat(want)
		same := "pbcc_same_float"
		if w.info.Inexact {
			same = "pbcc_near_float" // libm's log, exp, ...: within an ulp or so
		}
		w.fail1(fmt.Sprintf("!%s(%s, %s)", same, lv, v), show, "%a", "%a", lv, v)
		return
	}
	v := w.scalar(want, t)
	format := printfFormat(cType(t))
	w.fail1(fmt.Sprintf("%s != %s", lv, v), show, format, format, lv, v)
}

// fail1 adds "if (cond) { ok = 0; printf(FAIL line); }"; the FAIL line
// reads "FAIL fn/case: show = got, want want", wantFmt being a printf
// conversion or plain text (then want is unused).
func (w *caseWriter) fail1(cond, show, gotFmt, wantFmt, got, want string) {
	esc := func(s string) string { return strings.ReplaceAll(s, "%", "%%") }
	format := esc(fmt.Sprintf("FAIL %s/%s: %s = ", w.fn, w.kase, show)) + gotFmt + ", want "
	args := []string{got}
	if strings.HasPrefix(wantFmt, "%") {
		format += wantFmt
		args = append(args, want)
	} else {
		format += esc(wantFmt)
	}
	printf := fmt.Sprintf("printf(%s, %s);", cString(format+"\n"), strings.Join(args, ", "))
	w.checks = append(w.checks, fmt.Sprintf("if (%s) {", cond), "\tok = 0;", "\t"+printf, "}")
}

// charString returns a char array literal as a C string when it is text
// ending in NUL: "abc" for {97, 98, 99, 0}.
func charString(l ir.Literal, elem cc.Type) (string, bool) {
	if elem.Kind() != cc.Char || len(l.Elems) == 0 || l.Elems[len(l.Elems)-1].Bits != 0 {
		return "", false
	}
	var b []byte
	for _, e := range l.Elems[:len(l.Elems)-1] {
		c := byte(e.Bits)
		if c == 0 {
			return "", false
		}
		b = append(b, c)
	}
	return cString(string(b)), true
}

// streamBytes renders the input stream as the bytes standard input holds:
// the characters up to the first -1 (EOF) for a character stream, the
// numbers up to the first -1, one per line, for scanf("%d").
func streamBytes(stream []ir.Literal, kind StreamKind) []byte {
	var b []byte
	for _, l := range stream {
		v := l.Int64()
		if t, ok := l.T.(ir.Int); ok && t.Bits == 8 {
			v = int64(l.Bits & 0xff) // a byte: no EOF in it
		}
		if v == -1 {
			break
		}
		if kind == NumberStream {
			b = append(b, strconv.FormatInt(v, 10)...)
			b = append(b, '\n')
			continue
		}
		b = append(b, byte(v))
	}
	return b
}

// cFloat spells a float literal exactly: a hexadecimal floating constant
// (f suffix for a float), or a builtin for infinities and NaN.
func cFloat(l ir.Literal) string {
	t := l.T.(ir.Float)
	x := l.Float64()
	suffix := ""
	if t.Bits == 32 {
		suffix = "f"
	}
	switch {
	case math.IsNaN(x):
		return "__builtin_nan" + suffix + "(\"\")"
	case math.IsInf(x, 1):
		return "__builtin_inf" + suffix + "()"
	case math.IsInf(x, -1):
		return "(-__builtin_inf" + suffix + "())"
	}
	s := strconv.FormatFloat(x, 'x', -1, t.Bits)
	if strings.HasPrefix(s, "-") {
		return "(" + s + suffix + ")"
	}
	return s + suffix
}

// cDecl spells the declaration of name with C type t: "int *p",
// "int (*f)(int, int)", "struct node n", "double a[3]". Qualifiers are
// left out: the harness builds the objects it passes.
func cDecl(t cc.Type, name string) string {
	switch t.Kind() {
	case cc.Ptr:
		e := t.(*cc.PointerType).Elem()
		if e.Kind() == cc.Array || e.Kind() == cc.Function {
			return cDecl(e, "(*"+name+")")
		}
		return cDecl(e, "*"+name)
	case cc.Array:
		at := t.(*cc.ArrayType)
		return cDecl(at.Elem(), fmt.Sprintf("%s[%d]", name, at.Len()))
	case cc.Function:
		ft := t.(*cc.FunctionType)
		var ps []string
		for _, p := range params(ft) {
			ps = append(ps, strings.TrimSpace(cDecl(p.Type(), "")))
		}
		if len(ps) == 0 {
			ps = []string{"void"}
		}
		return cDecl(ft.Result(), name+"("+strings.Join(ps, ", ")+")")
	case cc.Struct:
		_, n := structKey(t.(*cc.StructType))
		return strings.TrimSpace(n + " " + name)
	case cc.Float:
		return strings.TrimSpace("float " + name)
	case cc.Double:
		return strings.TrimSpace("double " + name)
	}
	return strings.TrimSpace(cType(t) + " " + name)
}

// findingText describes a finding for the harness's comment block.
func findingText(f *ir.Func, fd gen.Finding) string {
	// The triggering inputs are in pbcc gen's summary and JSON: the solver
	// may pick other ones from run to run, and the harness must not change
	// when its cases do not.
	s := fmt.Sprintf("%s:%d: %s in %s", filepath.Base(fd.Pos.File), fd.Pos.Line, fd.Kind, f.Name)
	return strings.ReplaceAll(s, "*/", "* /")
}

// exitCase returns the lines that run the call of a case expecting exit
// or abort (Case.Panic "exit(N)" or "abort()") in a child process, which
// the parent waits for and checks: exited with status N & 0xff, or
// aborted. The child turns SIGABRT into exit(pbcc_aborted), so that its
// coverage is written (gcov's counters are dumped at exit and merged into
// the same files) and abort is told from exit(253) only by that status. A
// child whose call returns exits with pbcc_returned, which the parent
// reports.
func (w *caseWriter) exitCase(c gen.Case, call string) []string {
	want := "WIFEXITED(pbcc_status) && WEXITSTATUS(pbcc_status) == pbcc_aborted"
	if c.Panic != "abort()" {
		var n int64
		if _, err := fmt.Sscanf(c.Panic, "exit(%d)", &n); err != nil {
			w.fail("an expected end %q that is neither exit nor abort", c.Panic)
		}
		want = fmt.Sprintf("WIFEXITED(pbcc_status) && WEXITSTATUS(pbcc_status) == %d", n&0xff)
	}
	lines := []string{
		"fflush(stdout);",
		"pid_t pbcc_pid = fork();",
		"if (pbcc_pid == 0) {",
		"\tsignal(SIGABRT, pbcc_on_abort);",
	}
	if w.info.Stream != NoStream && !w.info.Files {
		data := streamBytes(c.Stream, w.info.Stream)
		lines = append(lines, fmt.Sprintf("\tpbcc_stdin(%s, %d);", cString(string(data)), len(data)))
	}
	lines = append(lines,
		"\t(void)"+call+";",
		"\texit(pbcc_returned);",
		"}",
		"int pbcc_status;",
		"if (pbcc_pid < 0 || waitpid(pbcc_pid, &pbcc_status, 0) != pbcc_pid) {",
		"\tperror(\"pbcc: fork\");",
		"\treturn 0;",
		"}",
		"if ("+want+")",
		"\treturn 1;",
		fmt.Sprintf("printf(\"FAIL %%s/%%s: %%s, want %%s\\n\", %s, %s, pbcc_how(pbcc_status), %s);", cString(w.fn), cString(c.Name), cString(c.Panic)),
		"return 0;",
	)
	return lines
}
