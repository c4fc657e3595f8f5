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
// result, or strings a const char * points to (stringParam), no globals,
// no standard input.
func tableOK(r *gen.Result) bool {
	scalar := func(t ir.Type) bool {
		switch t.(type) {
		case ir.Int, ir.Bool:
			return true
		}
		return false
	}
	info, _ := r.Func.Src.(*FuncInfo)
	for i, p := range r.Func.Params {
		if !scalar(p.T) && !stringParam(info, i) {
			return false
		}
	}
	for _, t := range r.Func.Results {
		if !scalar(t) {
			return false
		}
	}
	if info != nil && (info.Stream != NoStream || info.Static) {
		return false
	}
	if tableGlobals(r) == nil {
		return false
	}
	for _, c := range r.Cases {
		if c.Panic != "" || len(c.Outputs) != len(r.Func.Results) || len(c.Inputs) != len(r.Func.Params) {
			return false
		}
		refs := map[*ir.Literal]bool{}
		for i, in := range c.Inputs {
			if !stringParam(info, i) || in.Ref == nil {
				continue
			}
			if _, ok := tableString(in, c); !ok || refs[in.Ref] {
				return false // two parameters pointing to one string: one object
			}
			refs[in.Ref] = true
		}
	}
	return true
}

// tableGlobals returns the C types of the globals every case of r sets,
// in the order the cases list them, when they fit a table's columns:
// integers, floats and arrays of them, the same globals in every case; an
// empty slice when no case sets one, nil when they do not fit.
func tableGlobals(r *gen.Result) []cc.Type {
	info, _ := r.Func.Src.(*FuncInfo)
	types := []cc.Type{}
	if len(r.Cases) == 0 || len(r.Cases[0].Globals) == 0 {
		for _, c := range r.Cases {
			if len(c.Globals) > 0 {
				return nil
			}
		}
		return types
	}
	if info == nil || info.unit == nil {
		return nil
	}
	scalar := func(t cc.Type) bool {
		return isIntKind(t) || t.Kind() == cc.Float || t.Kind() == cc.Double
	}
	for _, gv := range r.Cases[0].Globals {
		t, ok := info.unit.ctypes[gv.G]
		if !ok || info.unit.hidden[gv.G] {
			return nil
		}
		if at, isArr := t.(*cc.ArrayType); !scalar(t) && (!isArr || !scalar(at.Elem())) {
			return nil
		}
		types = append(types, t)
	}
	for _, c := range r.Cases[1:] {
		if len(c.Globals) != len(r.Cases[0].Globals) {
			return nil
		}
		for k, gv := range c.Globals {
			if gv.G != r.Cases[0].Globals[k].G {
				return nil
			}
		}
	}
	return types
}

// stringParam reports whether parameter i of the function of info is a
// const char *: the function reads a string through it, which a table
// gives as a string literal.
func stringParam(info *FuncInfo, i int) bool {
	if info == nil || i >= len(info.params) || !constPointee(info.params[i]) {
		return false
	}
	return info.params[i].(*cc.PointerType).Elem().Kind() == cc.Char
}

// tableString returns the string literal of in, a pointer to the start
// of a char array holding a string, NUL-terminated by the harness as
// needsNUL says, with no byte after its NUL (a string literal has none).
func tableString(in ir.Literal, c gen.Case) (string, bool) {
	if in.Ref == nil || in.Offset != 0 {
		return "", false
	}
	if _, ok := in.Ref.T.(ir.Array); !ok {
		return "", false
	}
	var bounds []int64
	for _, x := range c.Inputs {
		if _, ok := x.T.(ir.Int); ok {
			bounds = append(bounds, x.Int64())
		}
	}
	elems := in.Ref.Elems
	if needsNUL(elems, cc.Char, 0, bounds) {
		elems = append(append([]ir.Literal{}, elems...), ir.Literal{T: elems[0].T})
	}
	s, ok := stringText(elems, cc.Char)
	if !ok || len(s)+1 != len(elems) {
		return "", false
	}
	return cString(s), true
}

// codeFor writes one C function per case of r (see caseWriter).
func codeFor(r *gen.Result) (harnessFunc, error) {
	f := r.Func
	info, ok := f.Src.(*FuncInfo)
	if !ok || len(info.params) != len(f.Params) {
		return harnessFunc{}, fmt.Errorf("no C types for the parameters")
	}
	hf := harnessFunc{Name: f.Name}
	scope := fileScope(info)
	for i, c := range r.Cases {
		w := &caseWriter{info: info, fn: f.Name, kase: c.Name, scope: scope,
			objs: map[*ir.Literal]object{}, seen: map[*ir.Literal]bool{}, names: map[string]bool{}}
		lines, err := w.write(f, c)
		if err != nil {
			return harnessFunc{}, fmt.Errorf("case %s: %w", c.Name, err)
		}
		hf.Code = append(hf.Code, caseCode{Fn: fmt.Sprintf("pbcc_%s_%d", f.Name, i), Title: c.Name, Lines: lines})
	}
	return hf, nil
}

// fileScope returns the names declared at file scope in the unit of
// info (its own and those of the headers it includes), or nil.
func fileScope(info *FuncInfo) map[string][]cc.Node {
	if info.Def == nil || info.Def.Declarator == nil {
		return nil
	}
	s := info.Def.Declarator.LexicalScope()
	if s == nil {
		return nil
	}
	for s.Parent != nil {
		s = s.Parent
	}
	return s.Nodes
}

// An object is a variable the harness declares for an object a pointer
// input points to.
type object struct {
	name  string
	array bool    // an array of elem, the pointer designating one element
	elem  cc.Type // the C type of the object, or of its elements
	n     int     // an array's length as declared: with the NUL the harness adds to a string
	// single says that the object is an array of one element that is
	// not a character, declared as a variable of its element type: int
	// n = 3, passed as &n (C treats a variable as an array of one).
	single bool
}

// A caseWriter writes the body of one case:
//
//	char s[] = "abc";          one variable per object the inputs point to,
//	                           named after the parameter when it can be
//	                           (an array of T when the object is an array;
//	                           two pointers to the same object share it)
//	l.next = &pbcc_o2;         the pointers inside objects, once all exist
//	g = ...;                   the input globals
//	pbcc_stdin("...", n);      the standard input
//	R got = f(args);           the call; a pointer argument is &s[k]
//	pbcc_stdin_restore();
//	int ok = pbcc_int("result", got, 3);       the result
//	ok &= pbcc_array("s", s, s_after, ...);    what the function may have
//	                                           changed: not a const pointee
//	return ok;
//
// A case with one check returns it directly: return pbcc_int("result",
// f(args), 3).
type caseWriter struct {
	info   *FuncInfo
	fn     string
	kase   string
	scope  map[string][]cc.Node // the unit's file-scope names: a local must not hide one
	objs   map[*ir.Literal]object
	names  map[string]bool // the local names taken
	hint   string          // the parameter whose object is declared next: its name
	bounds []int64         // the integer inputs of the case (see terminate)
	decls  []string
	fixups []string
	checks []string
	depth  int                  // the NULL guards open in checks
	seen   map[*ir.Literal]bool // the objects whose content after the call is checked
	file   bool                 // the case opens its stream as a FILE * (pbcc_f)
	err    error
}

func (w *caseWriter) fail(format string, args ...any) {
	if w.err == nil {
		w.err = fmt.Errorf(format, args...)
	}
}

// harnessNames are identifiers a case's body uses or its headers define
// as macros: a local must not take them.
var harnessNames = map[string]bool{
	"got": true, "ok": true, "main": true, "stdin": true, "stdout": true, "stderr": true,
	"errno": true, "exit": true, "fork": true, "signal": true, "fclose": true,
	"waitpid": true, "printf": true, "memcmp": true, "pid_t": true, "size_t": true,
}

// local returns a fresh local name: want when it hides nothing the case
// uses (a file-scope name of the unit, a name of the harness's, an
// all-capitals name that may be a macro), else pbcc_oN.
func (w *caseWriter) local(want string) string {
	ok := want != "" && !strings.HasPrefix(want, "pbcc_") && !harnessNames[want] && !w.names[want] &&
		strings.ToUpper(want) != want
	if _, global := w.scope[want]; global {
		ok = false
	}
	if ok {
		w.names[want] = true
		return want
	}
	for k := len(w.names) + 1; ; k++ {
		name := fmt.Sprintf("pbcc_o%d", k)
		if !w.names[name] {
			w.names[name] = true
			return name
		}
	}
}

// addCheck adds a statement of the checks, inside the NULL guards open.
func (w *caseWriter) addCheck(s string) {
	w.checks = append(w.checks, strings.Repeat("\t", w.depth)+s)
}

func (w *caseWriter) write(f *ir.Func, c gen.Case) ([]string, error) {
	if len(c.Inputs) != len(f.Params) {
		return nil, fmt.Errorf("%d inputs for %d parameters", len(c.Inputs), len(f.Params))
	}
	for _, in := range c.Inputs {
		if _, ok := in.T.(ir.Int); ok {
			w.bounds = append(w.bounds, in.Int64())
		}
	}
	refs := map[*ir.Literal]int{} // the pointers to each object
	for _, in := range c.Inputs {
		countRefs(in, refs)
	}
	for _, gv := range c.Globals {
		countRefs(gv.Value, refs)
	}
	var args []string
	for i, in := range c.Inputs {
		t := w.info.params[i]
		w.hint = f.Params[i].Name()
		if w.info.Files && isFile(t) {
			if in.Ref == nil {
				args = append(args, "NULL")
			} else {
				args = append(args, "pbcc_f")
				w.file = true
			}
			continue
		}
		if lit, ok := tableString(in, c); ok && stringParam(w.info, i) && refs[in.Ref] == 1 {
			// a const char * to a string nothing else points to
			args = append(args, lit)
			continue
		}
		if t.Kind() == cc.Struct {
			// a struct by value: a variable, whose pointers are fixed up
			name := w.local(w.hint)
			w.hint = ""
			w.decls = append(w.decls, cDecl(t, name)+" = "+w.value(in, t, name)+";")
			args = append(args, name)
			continue
		}
		args = append(args, w.value(in, t, ""))
	}
	w.hint = ""
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
	data := streamBytes(c.Stream, w.info.Stream)
	if w.info.Files && w.file {
		// The contents of the FILE * parameters and members (NULL ones
		// aside), opened first: the objects holding a FILE * point to it.
		lines = append(lines, fmt.Sprintf("FILE *pbcc_f = pbcc_open(%s, %d);", cString(string(data)), len(data)))
	}
	lines = append(lines, w.decls...)
	lines = append(lines, w.fixups...)
	lines = append(lines, set...)
	if !w.info.Files && w.info.Stream != NoStream {
		lines = append(lines, fmt.Sprintf("pbcc_stdin(%s, %d);", cString(string(data)), len(data)))
	}
	rt := w.info.result
	if c.Panic != "" {
		return append(lines, w.exitCase(c, call)...), w.err
	}
	noValue := len(c.Outputs) == 0 // a bare "return;" or the end of a non-void function
	hasResult := rt != nil && rt.Kind() != cc.Void && !noValue
	if hasResult {
		if len(c.Outputs) != 1 {
			return nil, fmt.Errorf("%d outputs for 1 result", len(c.Outputs))
		}
		w.check(c.Outputs[0], rt, "got", "result", false)
	}
	resultChecks := len(w.checks)
	w.checkAfter(f, c)
	for w.depth > 0 {
		w.depth--
		w.addCheck("}")
	}
	// One check of a scalar result and nothing else: the call goes
	// into it.
	if hasResult && resultChecks == 1 && len(w.checks) == 1 && !w.file && w.info.Stream == NoStream && !w.info.Static {
		e := strings.TrimSuffix(strings.TrimPrefix(w.checks[0], "ok &= "), ";")
		if e != w.checks[0] && strings.Count(e, "got") == 1 {
			return append(lines, "return "+strings.Replace(e, "got", call, 1)+";"), w.err
		}
	}
	if hasResult {
		lines = append(lines, cDecl(rt, "got")+" = "+call+";")
	} else {
		lines = append(lines, call+";")
	}
	if w.file {
		lines = append(lines, "fclose(pbcc_f);")
	} else if w.info.Stream != NoStream && !w.info.Files {
		lines = append(lines, "pbcc_stdin_restore();")
	}
	if rt != nil && rt.Kind() != cc.Void && noValue {
		// The call returns no value ("return;", or the end of the
		// function): C leaves the result indeterminate, so it is not
		// checked (reading it would be undefined only in a caller that
		// uses it).
		lines = append(lines, "/* returns no value: the result is not checked */")
	}
	if len(w.checks) > 0 && strings.HasPrefix(w.checks[0], "ok &= ") {
		lines = append(lines, "int ok = "+strings.TrimPrefix(w.checks[0], "ok &= "))
		lines = append(lines, w.checks[1:]...)
	} else {
		lines = append(lines, "int ok = 1;")
		lines = append(lines, w.checks...)
	}
	if w.info.Static {
		return inChild(lines), w.err
	}
	if len(w.checks) == 0 {
		return append(lines[:len(lines)-1], "return 1;"), w.err
	}
	return append(lines, "return ok;"), w.err
}

// countRefs counts in refs the pointers to each object reachable from l.
func countRefs(l ir.Literal, refs map[*ir.Literal]int) {
	for _, e := range l.Elems {
		countRefs(e, refs)
	}
	if l.Ref == nil {
		return
	}
	refs[l.Ref]++
	if refs[l.Ref] == 1 {
		countRefs(*l.Ref, refs)
	}
}

// checkAfter adds the checks of the memory the pointer parameters point
// to after the call, once per object. An object the function cannot
// change, a const pointee without pointers in it, is not checked; a
// writable array of integers is compared with its expected contents in
// one memcmp.
func (w *caseWriter) checkAfter(f *ir.Func, c gen.Case) {
	writes := writesThrough(f, map[*ir.Func]*writeSet{})
	checked := map[*ir.Literal]bool{}
	for i := range f.Params {
		if i >= len(c.After) || c.After[i].Ref == nil || c.Inputs[i].Ref == nil {
			continue
		}
		obj, ok := w.objs[c.Inputs[i].Ref]
		if !ok || checked[c.Inputs[i].Ref] || obj.elem == nil {
			continue
		}
		ro := constPointee(w.info.params[i])
		if ro && !hasPointers(obj.elem) || !writes.unknown && !writes.params[i] {
			continue // another parameter may point to it and change it
		}
		checked[c.Inputs[i].Ref] = true
		w.seen[c.After[i].Ref] = true
		name := f.Params[i].Name()
		after := *c.After[i].Ref
		if obj.array {
			if !ro && isIntKind(obj.elem) && len(after.Elems) > 0 {
				w.checkArray(obj, after.Elems)
				continue
			}
			for k, e := range after.Elems {
				w.check(e, obj.elem, fmt.Sprintf("%s[%d]", obj.name, k), fmt.Sprintf("%s[%d]", name, k-c.Inputs[i].Offset), ro)
			}
			continue
		}
		show := "*" + name
		if obj.elem.Kind() == cc.Struct {
			show = name + "->"
		}
		if obj.single {
			if len(after.Elems) != 1 {
				w.fail("%s: %d elements after the call, 1 before", name, len(after.Elems))
				continue
			}
			after = after.Elems[0]
		}
		w.check(after, obj.elem, obj.name, show, ro)
	}
}

// checkArray compares the array object obj with elems, its expected
// contents, in one memcmp (pbcc_array names the first element that
// differs).
func (w *caseWriter) checkArray(obj object, elems []ir.Literal) {
	elems = padded(elems, obj.n)
	want := w.local(obj.name + "_after")
	size := "[]"
	if initLen(elems, obj.elem) != len(elems) {
		size = fmt.Sprintf("[%d]", len(elems))
	}
	w.addCheck("const " + cDecl(obj.elem, want+size) + " = " + w.arrayInit(elems, obj.elem) + ";")
	sign := 0
	if it, ok := elems[0].T.(ir.Int); ok && it.Signed {
		sign = 1
	}
	w.addCheck(fmt.Sprintf("ok &= pbcc_array(%s, %s, %s, sizeof %s, sizeof %s[0], %d);", cString(obj.name), obj.name, want, want, want, sign))
}

// padded returns elems with zeros up to n elements: the NUL the harness
// added to a string is in the object after the call too.
func padded(elems []ir.Literal, n int) []ir.Literal {
	if len(elems) >= n || len(elems) == 0 {
		return elems
	}
	out := append([]ir.Literal{}, elems...)
	for len(out) < n {
		out = append(out, ir.Literal{T: elems[0].T})
	}
	return out
}

// constPointee reports whether t is a pointer to a const object: the
// function cannot change it through t.
func constPointee(t cc.Type) bool {
	pt, ok := t.(*cc.PointerType)
	return ok && pt.Elem().Attributes().IsConst()
}

// hasPointers reports whether an object of C type t holds a pointer,
// through which a function given a const t may still change memory.
func hasPointers(t cc.Type) bool {
	switch t.Kind() {
	case cc.Ptr:
		return true
	case cc.Array:
		return hasPointers(t.(*cc.ArrayType).Elem())
	case cc.Struct:
		st := t.(*cc.StructType)
		for k := 0; k < st.NumFields(); k++ {
			if fl := st.FieldByIndex(k); fl != nil && hasPointers(fl.Type()) {
				return true
			}
		}
	}
	return false
}

// isIntKind reports whether t is an integer type: arrays of them compare
// with memcmp (no padding, one representation per value).
func isIntKind(t cc.Type) bool {
	switch t.Kind() {
	case cc.Bool, cc.Char, cc.SChar, cc.UChar, cc.Short, cc.UShort, cc.Int, cc.UInt,
		cc.Long, cc.ULong, cc.LongLong, cc.ULongLong, cc.Enum:
		return true
	}
	return false
}

// isCharKind reports whether t is a character type, whose arrays the
// harness writes as strings or character constants.
func isCharKind(t cc.Type) bool {
	switch t.Kind() {
	case cc.Char, cc.SChar, cc.UChar:
		return true
	}
	return false
}

// inChild returns the lines of a case (declarations, call, checks setting
// ok) run in a child process, whose exit status says whether it passed:
// the function keeps state in a static local, which the child's call
// changes and the cases after it do not see.
func inChild(lines []string) []string {
	out := []string{
		"pid_t pbcc_pid = pbcc_fork();",
		"if (pbcc_pid == 0) {",
	}
	for _, l := range lines {
		out = append(out, "\t"+l)
	}
	return append(out,
		"\texit(ok ? 0 : 1);",
		"}",
		"return pbcc_wait(pbcc_pid, 0, NULL);",
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
		if isCharKind(at.Elem()) {
			return charInit(l.Elems, at.Elem())
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

// scalar spells an integer or float literal as a C constant: a character
// constant for a printable char.
func (w *caseWriter) scalar(l ir.Literal, t cc.Type) string {
	if _, ok := l.T.(ir.Float); ok {
		return cFloat(l)
	}
	if isCharKind(t) {
		if c := byte(l.Bits); uint64(c) == l.Bits&0xff && textByte(c) && l.Int64() == int64(c) {
			return cChar(c)
		}
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
	if isFile(t) && w.info.Files {
		// A FILE * the unit reads (a member of a stream type): the
		// case's stream, whatever object the search gave it.
		w.file = true
		return "pbcc_f"
	}
	obj := w.object(l.Ref, pt.Elem(), l.Offset)
	cast := ""
	if pt.Elem().Kind() == cc.Void {
		cast = "(void *)"
	}
	switch {
	case obj.array && l.Offset == 0:
		return cast + obj.name
	case obj.array:
		return fmt.Sprintf("%s&%s[%d]", cast, obj.name, l.Offset)
	case obj.single && l.Offset != 0:
		return fmt.Sprintf("%s(&%s + %d)", cast, obj.name, l.Offset)
	}
	return cast + "&" + obj.name
}

// object declares the variable of the object ref, of C type elem (or an
// array of elem when ref is an array and elem is not), once; offset is
// the element the first pointer to it designates.
func (w *caseWriter) object(ref *ir.Literal, elem cc.Type, offset int) object {
	if o, ok := w.objs[ref]; ok {
		return o
	}
	if elem.Kind() == cc.Void {
		// void * is a pointer to bytes (unit.irType): the object is
		// unsigned chars.
		elem = w.info.unit.uchar
	}
	o := object{name: w.local(w.hint), elem: elem}
	w.hint = "" // the objects it points to are named pbcc_oN
	_, isArr := ref.T.(ir.Array)
	if isArr && (elem == nil || elem.Kind() != cc.Array) {
		o.array = true
	}
	if o.elem == nil {
		w.objs[ref] = o
		w.fail("object of type %s behind a void pointer", ref.T)
		return o
	}
	elems := ref.Elems
	if o.array && w.terminate(elems, elem, offset) {
		elems = append(append([]ir.Literal{}, elems...), ir.Literal{T: elems[0].T})
	}
	o.n = len(elems)
	if o.array && len(elems) == 1 && !isCharKind(elem) {
		o.array, o.single = false, true
	}
	w.objs[ref] = o
	slot := len(w.decls) // declared in the order first used
	w.decls = append(w.decls, "")
	if o.single {
		w.decls[slot] = cDecl(elem, o.name) + " = " + w.value(elems[0], elem, o.name) + ";"
		return o
	}
	if !o.array {
		w.decls[slot] = cDecl(elem, o.name) + " = " + w.value(*ref, elem, o.name) + ";"
		return o
	}
	if len(elems) == 0 {
		// C has no empty arrays: one element nobody may read
		w.decls[slot] = cDecl(elem, o.name+"[1]") + " = {0};"
		return o
	}
	var init string
	if isCharKind(elem) {
		init = charInit(elems, elem)
	} else {
		var es []string
		for k, e := range elems {
			es = append(es, w.value(e, elem, fmt.Sprintf("%s[%d]", o.name, k)))
		}
		init = "{" + strings.Join(es, ", ") + "}"
	}
	size := "[]"
	if initLen(elems, elem) != len(elems) {
		size = fmt.Sprintf("[%d]", len(elems))
	}
	w.decls[slot] = cDecl(elem, o.name+size) + " = " + init + ";"
	return o
}

// arrayInit spells the initializer of an array of elem holding elems (no
// pointers in them).
func (w *caseWriter) arrayInit(elems []ir.Literal, elem cc.Type) string {
	if isCharKind(elem) {
		return charInit(elems, elem)
	}
	var es []string
	for _, e := range elems {
		es = append(es, w.scalar(e, elem))
	}
	return "{" + strings.Join(es, ", ") + "}"
}

// terminate reports whether the harness adds a NUL to the char array
// elems that a pointer designates at element offset (see needsNUL).
func (w *caseWriter) terminate(elems []ir.Literal, elem cc.Type, offset int) bool {
	return needsNUL(elems, elem.Kind(), offset, w.bounds)
}

// needsNUL reports whether the harness adds a NUL to the char array elems
// that a pointer designates at element offset: a plain char array without
// one is a string passed unterminated, which no caller writes, unless the
// case gives the function the array's length (one of bounds, the case's
// integer inputs, equals the elements from offset on): then the case is
// about a buffer without a terminator. The function never reads past the
// array (the model would have reported it), so the NUL changes nothing it
// does.
func needsNUL(elems []ir.Literal, kind cc.Kind, offset int, bounds []int64) bool {
	if kind != cc.Char || len(elems) == 0 {
		return false
	}
	for _, e := range elems {
		if byte(e.Bits) == 0 {
			return false
		}
	}
	for _, b := range bounds {
		if b == int64(len(elems)-offset) {
			return false
		}
	}
	return true
}

// textByte reports whether c reads as text in a C literal.
func textByte(c byte) bool {
	return c >= 0x20 && c < 0x7f || c == '\n' || c == '\t'
}

// cChar spells the character constant of c, a text byte.
func cChar(c byte) string {
	switch c {
	case '\'', '\\':
		return `'\` + string(c) + `'`
	case '\n':
		return `'\n'`
	case '\t':
		return `'\t'`
	case 0:
		return `'\0'`
	}
	return "'" + string(c) + "'"
}

// stringText returns the text of a char array that is a string: text
// bytes up to a NUL, then NULs only (no array of unsigned char, which
// holds bytes).
func stringText(elems []ir.Literal, kind cc.Kind) (string, bool) {
	if kind == cc.UChar || len(elems) == 0 {
		return "", false
	}
	var b []byte
	end := -1
	for k, e := range elems {
		c := byte(e.Bits)
		if end >= 0 {
			if c != 0 {
				return "", false
			}
			continue
		}
		if c == 0 {
			end = k
			continue
		}
		if !textByte(c) {
			return "", false
		}
		b = append(b, c)
	}
	return string(b), end >= 0
}

// charInit spells the initializer of a character array: a string literal
// when it holds a string ("abc" for {97, 98, 99, 0}, the array's size
// giving the NULs after it), else character constants for the text bytes
// and numbers for the others ({'a', 'b', 255}).
func charInit(elems []ir.Literal, elem cc.Type) string {
	if s, ok := stringText(elems, elem.Kind()); ok {
		return cString(s)
	}
	var es []string
	for _, e := range elems {
		c := byte(e.Bits)
		switch {
		case c == 0 && elem.Kind() != cc.UChar:
			es = append(es, `'\0'`)
		case textByte(c):
			es = append(es, cChar(c))
		default:
			s, _ := CLiteral(e, cType(elem))
			es = append(es, s)
		}
	}
	return "{" + strings.Join(es, ", ") + "}"
}

// initLen returns the length of an array of elem that charInit or a list
// of elems initializes when the size is left out.
func initLen(elems []ir.Literal, elem cc.Type) int {
	if isCharKind(elem) {
		if s, ok := stringText(elems, elem.Kind()); ok {
			return len(s) + 1
		}
	}
	return len(elems)
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
// recorded in want; show names it in a FAIL line. ro says that lv cannot
// change (a const pointee): only what its pointers point to is checked.
func (w *caseWriter) check(want ir.Literal, t cc.Type, lv, show string, ro bool) {
	ro = ro || t.Attributes().IsConst()
	switch t.Kind() {
	case cc.Array:
		at := t.(*cc.ArrayType)
		for k, e := range want.Elems {
			w.check(e, at.Elem(), fmt.Sprintf("%s[%d]", lv, k), fmt.Sprintf("%s[%d]", show, k), ro)
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
				w.check(e, fl.Type(), lv+dot+fl.Name(), show+sep+fl.Name(), ro)
			}
		}
		return
	case cc.Ptr:
		if isFunctionPointer(t) {
			return
		}
		if want.Ref == nil {
			if !ro {
				w.addCheck(fmt.Sprintf("ok &= pbcc_null(%s, %s);", cString(show), lv))
			}
			return
		}
		if isFile(t) {
			// A stream: opaque, its state is libc's.
			if !ro {
				w.addCheck(fmt.Sprintf("ok &= pbcc_nonnull(%s, %s);", cString(show), lv))
			}
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
		ero := elem.Attributes().IsConst()
		if ero && !hasPointers(elem) {
			return
		}
		if !ro {
			w.addCheck(fmt.Sprintf("ok &= pbcc_nonnull(%s, %s);", cString(show), lv))
		}
		w.addCheck(fmt.Sprintf("if (%s != NULL) {", lv))
		w.depth++
		target := *want.Ref
		if _, isArr := target.T.(ir.Array); isArr && elem.Kind() != cc.Array {
			for k, e := range target.Elems {
				w.check(e, elem, fmt.Sprintf("(%s)[%d]", lv, k-want.Offset), fmt.Sprintf("%s[%d]", show, k-want.Offset), ero)
			}
			return
		}
		if elem.Kind() == cc.Struct {
			w.check(target, elem, lv+"->", show+"->", ero)
			return
		}
		w.check(target, elem, "*"+lv, "*"+show, ero)
		return
	}
	if ro {
		return
	}
	if _, ok := want.T.(ir.Float); ok {
		same := "pbcc_float"
		if w.info.Inexact {
			same = "pbcc_near" // libm's log, exp, ...: within an ulp or so
		}
		w.addCheck(fmt.Sprintf("ok &= %s(%s, %s, %s);", same, cString(show), lv, cFloat(want)))
		return
	}
	helper := "pbcc_int"
	if it, ok := want.T.(ir.Int); ok && !it.Signed {
		helper = "pbcc_uint"
	}
	if it, ok := want.T.(ir.Int); ok && it.Signed && t.Kind() == cc.Enum {
		// gcc gives an enum without negative constants an unsigned
		// type where the model reads it as int: bc's sign field set to
		// -2 read back as 4294967294. Compared as the model's type.
		lv = "(" + cTypeName(it) + ")" + lv
	}
	w.addCheck(fmt.Sprintf("ok &= %s(%s, %s, %s);", helper, cString(show), lv, w.scalar(want, t)))
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
// the parent waits for and checks (pbcc_wait): exited with status N &
// 0xff, or aborted. The child turns SIGABRT into exit(pbcc_aborted), so
// that its coverage is written (gcov's counters are dumped at exit and
// merged into the same files) and abort is told from exit(253) only by
// that status. A child whose call returns exits with pbcc_returned, which
// the parent reports.
func (w *caseWriter) exitCase(c gen.Case, call string) []string {
	want := "pbcc_aborted"
	if c.Panic != "abort()" {
		var n int64
		if _, err := fmt.Sscanf(c.Panic, "exit(%d)", &n); err != nil {
			w.fail("an expected end %q that is neither exit nor abort", c.Panic)
		}
		want = strconv.FormatInt(n&0xff, 10)
	}
	lines := []string{
		"pid_t pbcc_pid = pbcc_fork();",
		"if (pbcc_pid == 0) {",
		"\tsignal(SIGABRT, pbcc_on_abort);",
	}
	if w.info.Stream != NoStream && !w.info.Files {
		data := streamBytes(c.Stream, w.info.Stream)
		lines = append(lines, fmt.Sprintf("\tpbcc_stdin(%s, %d);", cString(string(data)), len(data)))
	}
	return append(lines,
		"\t(void)"+call+";",
		"\texit(pbcc_returned);",
		"}",
		fmt.Sprintf("return pbcc_wait(pbcc_pid, %s, %s);", want, cString(c.Panic)),
	)
}
