package cbridge

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"text/template"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/templates"
	"modernc.org/cc/v4"
)

// harnessData is what templates/c_test.tmpl renders.
type harnessData struct {
	Command  string          // the command line that generated the file
	Claims   []string        // per function: the coverage generation claims
	Findings []string        // per finding: "file:line: kind in func: inputs"
	Unit     string          // the unit's file name, as #included
	Weak     []string        // functions the unit uses but does not define (unitInfo.undefined)
	WeakVars []string        // definitions of the variables it uses but only declares (unitInfo.undefinedVars)
	LeftOut  []string        // per function left out: "f: why"
	Stdin    bool            // some case feeds standard input: emit pbcc_stdin
	Files    bool            // some case opens a FILE * parameter's contents: emit pbcc_open
	Fork     bool            // some case runs in a child: emit pbcc_fork and pbcc_wait
	Exit     bool            // some case expects exit or abort: emit pbcc_on_abort
	Table    bool            // some function has a table of inputs: main loops over it
	Runs     bool            // some function has a function per case: emit pbcc_run
	Uses     map[string]bool // the check helpers the cases call (pbcc_int, ...): emitted
	Funcs    []harnessFunc
}

// A harnessFunc is the test of one function: a table of cases when its
// parameters and result are integers and it reads neither globals nor
// standard input, or one C function per case (Code) that builds the
// inputs (objects for pointers, globals, standard input), calls, and
// checks the result and the memory the pointer parameters point to.
type harnessFunc struct {
	Name   string // the C function
	Call   string // the call of case i, e.g. "trityp(trityp_cases[i].a, ...)"
	Fields []harnessField
	Result string     // the C result type; "" for void
	Check  string     // the helper checking the result: pbcc_int or pbcc_uint
	Sets   []string   // the statements setting the input globals from case i
	Cases  []string   // each case's initializer, without braces
	Code   []caseCode // instead of Fields and Cases
}

// caseCode is one case as a C function returning 1 when it passes.
type caseCode struct {
	Fn    string   // its C name
	Title string   // the case name, for the comment above it
	Lines []string // its body
}

type harnessField struct{ Type, Name string }

// Decl spells the field's declaration: "int a", "const char *s"; a
// field without a Name has its declaration in Type ("int t[4]").
func (f harnessField) Decl() string {
	if f.Name == "" {
		return f.Type
	}
	if strings.HasSuffix(f.Type, "*") {
		return f.Type + f.Name
	}
	return f.Type + " " + f.Name
}

// A Rendered harness is the text of a <src>_pbcc_test.c file, with what
// could not go into it.
type Rendered struct {
	Content []byte
	Funcs   int     // the functions the harness tests
	LeftOut []error // per function left out: "file:line:col: f: why"
}

// ErrNothing is Render's error when no function of the unit has a case to
// write: an empty harness would pass and test nothing.
var ErrNothing = errors.New("no function could be generated: no harness written")

// Harness renders the harness of the unit at unitPath as Render does,
// and fails when a function had to be left out.
func Harness(unitPath string, results []*gen.Result, cmd string) ([]byte, error) {
	h, err := Render(unitPath, results, cmd)
	if err != nil {
		return nil, err
	}
	if len(h.LeftOut) > 0 {
		return nil, h.LeftOut[0]
	}
	return h.Content, nil
}

// Render renders the C harness <src>_pbcc_test.c for the unit at unitPath
// from the cases generation found: one table of cases per function (inputs
// and the expected return value), and a main that runs them all, prints
// "FAIL fn/case: got X, want Y" for each mismatch, then "N passed, N
// failed", and exits non-zero on a failure. The harness #includes the unit
// by its base name (it is written beside it) with the unit's own main
// renamed to pbcc_unit_main. cmd is the command line recorded in the
// header. Functions without cases are left out; so is, with a comment
// in the harness and an entry in LeftOut, a function whose cases cannot
// be written in C. When no function is left, Render returns ErrNothing.
func Render(unitPath string, results []*gen.Result, cmd string) (*Rendered, error) {
	data := harnessData{
		Command: strings.ReplaceAll(cmd, "*/", "* /"),
		Unit:    filepath.Base(unitPath),
	}
	var leftOut []error
	for _, r := range results {
		f := r.Func
		if len(r.Edges) > 0 {
			// "unreachable" counts only the branches proved so for any
			// bound: pbcc check excuses them, and a branch unreachable
			// within the bounds alone may be reachable.
			data.Claims = append(data.Claims, fmt.Sprintf("%s: %d branches, %d covered, %d unreachable; %d goals, %d cases",
				f.Name, len(r.Edges), r.Count(gen.Covered), r.ProvedUnreachable(), len(r.Goals), len(r.Cases)))
		}
		for _, fd := range r.Findings {
			if t := findingText(f, fd); !slices.Contains(data.Findings, t) {
				data.Findings = append(data.Findings, t)
			}
		}
		if len(r.Cases) == 0 {
			continue
		}
		r = uniqueCaseNames(r)
		hf, err := harnessFunction(r)
		if err == nil && !tableOK(r) {
			if info, ok := f.Src.(*FuncInfo); ok && info.Stream != NoStream {
				data.Stdin = data.Stdin || !info.Files
			}
			if info, ok := f.Src.(*FuncInfo); ok {
				// A stream it only writes to (fprintf(fp, ...)) is
				// opened by pbcc_open too.
				data.Files = data.Files || info.Files
			}
		}
		if err != nil {
			err = fmt.Errorf("%s: %s: left out of the harness: %w", f.Pos, f.Name, err)
			leftOut = append(leftOut, err)
			data.LeftOut = append(data.LeftOut, strings.ReplaceAll(fmt.Sprintf("%s: %v", f.Name, errors.Unwrap(err)), "*/", "* /"))
			continue
		}
		for _, c := range r.Cases {
			data.Exit = data.Exit || c.Panic != "" && hf.Code != nil
		}
		if info, ok := f.Src.(*FuncInfo); ok && info.Static && hf.Code != nil {
			data.Fork = true // each case runs in a child (inChild)
		}
		data.Fork = data.Fork || data.Exit
		data.Table = data.Table || hf.Code == nil
		data.Runs = data.Runs || hf.Code != nil
		data.Funcs = append(data.Funcs, hf)
	}
	for _, r := range results {
		if info, ok := r.Func.Src.(*FuncInfo); ok && info.unit != nil {
			for name := range info.unit.undefined {
				if !slices.Contains(data.Weak, name) {
					data.Weak = append(data.Weak, name)
				}
			}
			for name, unsized := range info.unit.undefinedVars {
				// __typeof__ spells the declared type; an array of
				// unknown size gets one element (no case uses it:
				// the functions that do are unsupported).
				def := fmt.Sprintf("__attribute__((weak)) __typeof__(%s) %s;", name, name)
				if unsized {
					def = fmt.Sprintf("__attribute__((weak)) __typeof__(%s[0]) %s[1];", name, name)
				}
				if !slices.Contains(data.WeakVars, def) {
					data.WeakVars = append(data.WeakVars, def)
				}
			}
		}
	}
	// The order the sites were found in may vary; the file must not.
	slices.Sort(data.Findings)
	slices.Sort(data.Weak)
	slices.Sort(data.WeakVars)
	data.Uses = helpersUsed(data.Funcs)
	tmpl, err := template.New(templates.CTest).Funcs(template.FuncMap{"cstring": cString}).ParseFS(templates.FS, templates.CTest)
	if err != nil {
		return nil, err
	}
	if len(data.Funcs) == 0 {
		return &Rendered{LeftOut: leftOut}, fmt.Errorf("%s: %w", unitPath, ErrNothing)
	}
	var out bytes.Buffer
	if err := tmpl.Execute(&out, data); err != nil {
		return nil, fmt.Errorf("%s: rendering the harness: %w", unitPath, err)
	}
	return &Rendered{Content: out.Bytes(), Funcs: len(data.Funcs), LeftOut: leftOut}, nil
}

// checkHelpers are the functions of the harness that check a value and
// print a FAIL line: the template emits those the cases call.
var checkHelpers = []string{"pbcc_int", "pbcc_uint", "pbcc_float", "pbcc_near", "pbcc_null", "pbcc_nonnull", "pbcc_array"}

// helpersUsed returns the check helpers the functions' cases call.
func helpersUsed(funcs []harnessFunc) map[string]bool {
	uses := map[string]bool{}
	for _, hf := range funcs {
		if hf.Check != "" {
			uses[hf.Check] = true
		}
		for _, c := range hf.Code {
			for _, l := range c.Lines {
				for _, h := range checkHelpers {
					if strings.Contains(l, h+"(") {
						uses[h] = true
					}
				}
			}
		}
	}
	return uses
}

// harnessFunction writes the test of one function: a table, or one C
// function per case. A panic, a bug of pbcc's, is returned as an error:
// the function is left out, the others are still written.
func harnessFunction(r *gen.Result) (hf harnessFunc, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error (a bug of pbcc): %v", p)
		}
	}()
	if tableOK(r) {
		return harnessFor(r)
	}
	return codeFor(r)
}

// harnessFor lays out the table and the call of one function.
func harnessFor(r *gen.Result) (harnessFunc, error) {
	f := r.Func
	paramTypes := make([]string, len(f.Params))
	for i, p := range f.Params {
		paramTypes[i] = cTypeName(p.T)
	}
	result := ""
	if len(f.Results) == 1 {
		result = cTypeName(f.Results[0])
	} else if len(f.Results) > 1 {
		return harnessFunc{}, fmt.Errorf("%d results", len(f.Results))
	}
	if info, ok := f.Src.(*FuncInfo); ok && len(info.ParamTypes) == len(f.Params) {
		paramTypes = info.ParamTypes
		if result != "" {
			result = info.ResultType
		}
	}
	hf := harnessFunc{Name: f.Name, Result: result, Check: "pbcc_int"}
	if strings.HasPrefix(result, "unsigned") {
		hf.Check = "pbcc_uint"
	}
	info, _ := f.Src.(*FuncInfo)
	for i := range f.Params {
		if stringParam(info, i) {
			paramTypes[i] = "const char *"
		}
	}
	used := map[string]bool{"name": true, "want": true}
	var args []string
	for i, p := range f.Params {
		name := p.Name()
		for used[name] {
			name += "_"
		}
		used[name] = true
		hf.Fields = append(hf.Fields, harnessField{Type: paramTypes[i], Name: name})
		args = append(args, fmt.Sprintf("%s_cases[i].%s", f.Name, name))
	}
	// The input globals: a column each, set before the call.
	globals := tableGlobals(r)
	var gfields []string
	if len(globals) > 0 {
		for k, gv := range r.Cases[0].Globals {
			g := gv.G.Ident()
			name := g
			for used[name] {
				name += "_"
			}
			used[name] = true
			gfields = append(gfields, name)
			hf.Fields = append(hf.Fields, harnessField{Type: cDecl(globals[k], name)})
			if globals[k].Kind() == cc.Array {
				hf.Sets = append(hf.Sets, fmt.Sprintf("memcpy(%s, %s_cases[i].%s, sizeof %s);", g, f.Name, name, g))
			} else {
				hf.Sets = append(hf.Sets, fmt.Sprintf("%s = %s_cases[i].%s;", g, f.Name, name))
			}
		}
	}
	callee := f.Name
	if callee == "main" {
		callee = "pbcc_unit_main"
	}
	hf.Call = fmt.Sprintf("%s(%s)", callee, strings.Join(args, ", "))
	for _, c := range r.Cases {
		if len(c.Inputs) != len(f.Params) {
			return harnessFunc{}, fmt.Errorf("case %s: %d inputs for %d parameters", c.Name, len(c.Inputs), len(f.Params))
		}
		vals := []string{cString(c.Name)}
		for i, in := range c.Inputs {
			if stringParam(info, i) {
				lit, ok := tableString(in, c)
				if in.Ref == nil {
					lit, ok = "NULL", true
				}
				if !ok {
					return harnessFunc{}, fmt.Errorf("case %s: %s: not a string", c.Name, f.Params[i].Name())
				}
				vals = append(vals, lit)
				continue
			}
			lit, err := CLiteral(in, paramTypes[i])
			if err != nil {
				return harnessFunc{}, fmt.Errorf("case %s: %s: %w", c.Name, f.Params[i].Name(), err)
			}
			vals = append(vals, lit)
		}
		for k, gv := range c.Globals {
			if k < len(globals) {
				vals = append(vals, tableValue(gv.Value, globals[k]))
			}
		}
		if result != "" {
			if len(c.Outputs) != 1 {
				return harnessFunc{}, fmt.Errorf("case %s: %d outputs for 1 result", c.Name, len(c.Outputs))
			}
			lit, err := CLiteral(c.Outputs[0], result)
			if err != nil {
				return harnessFunc{}, fmt.Errorf("case %s: result: %w", c.Name, err)
			}
			vals = append(vals, lit)
		}
		hf.Cases = append(hf.Cases, strings.Join(vals, ", "))
	}
	return hf, nil
}

// tableValue spells a global's value in a table row: a constant, or an
// initializer of an array of them.
func tableValue(l ir.Literal, t cc.Type) string {
	w := &caseWriter{}
	if at, ok := t.(*cc.ArrayType); ok {
		return w.arrayInit(l.Elems, at.Elem())
	}
	return w.scalar(l, t)
}

// CLiteral spells the integer literal l as a C constant of type ctype
// (a name as cType gives it: "int", "unsigned long", ...), valid without
// a warning: unsigned constants get a U suffix, long ones L or LL, and the
// most negative value of a type is written as a difference, because
// -2147483648 is the negation of a constant too large for int.
func CLiteral(l ir.Literal, ctype string) (string, error) {
	it, ok := l.T.(ir.Int)
	if !ok {
		if _, ok := l.T.(ir.Bool); ok {
			return fmt.Sprint(l.Bits & 1), nil
		}
		return "", fmt.Errorf("literal of type %s in a C harness", l.T)
	}
	suffix := map[string]string{
		"unsigned int": "U", "long": "L", "unsigned long": "UL",
		"long long": "LL", "unsigned long long": "ULL",
	}[ctype]
	if !it.Signed {
		return fmt.Sprintf("%d%s", l.Bits&it.Mask(), suffix), nil
	}
	v := l.Int64()
	if it.Bits >= 32 && v == -1<<(it.Bits-1) {
		return fmt.Sprintf("(-%d%s - 1)", uint64(1)<<(it.Bits-1)-1, suffix), nil
	}
	return fmt.Sprintf("%d%s", v, suffix), nil
}

// cString quotes s as a C string literal: quotes, backslashes and bytes
// outside printable ASCII are escaped (\n and \t by name, the others in
// octal), and so is a "?" after another, which
// would start a trigraph.
func cString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '?' && i > 0 && s[i-1] == '?':
			b.WriteString(`\?`)
		case c < 0x20 || c >= 0x7f:
			fmt.Fprintf(&b, `\%03o`, c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// uniqueCaseNames returns r with its cases named apart: two goals may have
// the same name (bc's MAX(a, MAX(b, c)): two conditions "MAX"), and a FAIL
// line must say which case failed. A repeated name gets " (2)", " (3)"...
func uniqueCaseNames(r *gen.Result) *gen.Result {
	seen := map[string]int{}
	var cases []gen.Case
	for i, c := range r.Cases {
		seen[c.Name]++
		if n := seen[c.Name]; n > 1 {
			if cases == nil {
				cases = slices.Clone(r.Cases)
			}
			cases[i].Name = fmt.Sprintf("%s (%d)", c.Name, n)
		}
	}
	if cases == nil {
		return r
	}
	r2 := *r
	r2.Cases = cases
	return &r2
}

// failLine matches a FAIL line of a harness: the function and the case.
var failLine = regexp.MustCompile(`(?m)^FAIL ([A-Za-z_][A-Za-z0-9_]*)/(.*?): `)

// DropFailing removes from results the cases whose FAIL lines output, what
// a harness rendered from them printed, holds (a case the real run does
// not pass, however it was made: the harness pbcc writes must pass). It
// returns the cases removed, as "fn/case".
func DropFailing(results []*gen.Result, output string) []string {
	failed := map[[2]string]bool{}
	for _, m := range failLine.FindAllStringSubmatch(output, -1) {
		failed[[2]string{m[1], m[2]}] = true
	}
	if len(failed) == 0 {
		return nil
	}
	var dropped []string
	for _, r := range results {
		named := uniqueCaseNames(r) // the names the FAIL lines print
		var keep []gen.Case
		for i, c := range r.Cases {
			name := named.Cases[i].Name
			if failed[[2]string{r.Func.Name, name}] {
				dropped = append(dropped, r.Func.Name+"/"+name)
				continue
			}
			keep = append(keep, c)
		}
		r.Cases = keep
	}
	return dropped
}
