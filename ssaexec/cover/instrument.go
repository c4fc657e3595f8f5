package cover

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"strings"
	"text/template"

	"github.com/pbcc/pbcc/ssaexec"
)

// recorderFile is the name of the recorder file the overlay adds to the
// package directory.
const recorderFile = "zz_pbcc_cover_recorder.go"

// outEnv names the file the instrumented package appends its hits to.
const outEnv = "PBCC_COVER_OUT"

// instrument returns the instrumented text of each file of p that has
// sites, by index in p.Paths, and the recorder file. With relations, each
// ordered comparison leaf (see comparison) also records how its operands
// compare (the hits from relationBase(len(sites)) on: see Relation).
func instrument(p *pkg, sites []*site, relations bool) (map[int][]byte, []byte, error) {
	return instrumentAll(p, sites, relations, nil)
}

// instrumentAll is instrument, and each arith of ariths records a run
// that tells it from its mutant (hit arithBase(len(sites)) + its index);
// ariths needs relations.
func instrumentAll(p *pkg, sites []*site, relations bool, ariths []*arith) (map[int][]byte, []byte, error) {
	eds := map[int]*editor{}
	ed := func(i int) *editor {
		if eds[i] == nil {
			eds[i] = &editor{src: p.Srcs[i]}
		}
		return eds[i]
	}
	labels := map[ast.Stmt]*ast.LabeledStmt{}
	for _, f := range p.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if l, ok := n.(*ast.LabeledStmt); ok {
				labels[l.Stmt] = l
			}
			return true
		})
	}
	switches := map[*ast.SwitchStmt][]*site{}
	var order []*ast.SwitchStmt
	typeSwitches := map[*ast.TypeSwitchStmt][]*site{}
	var typeOrder []*ast.TypeSwitchStmt
	for _, s := range sites {
		e := ed(s.File)
		off := p.offset
		switch s.Kind {
		case leafSite:
			x := s.Node.(ast.Expr)
			conv := p.boolConversion(s.File, x)
			pre, post := fmt.Sprintf("_pbccRec(%d, ", s.ID), ")"
			if !goVersionAtLeast(p.lang(), 18) {
				// No generics before Go 1.18: the recorder takes a bool.
				pre, post = fmt.Sprintf("_pbccRec(%d, bool(", s.ID), "))"
			}
			if c, ok := p.comparison(s); ok && relations && goVersionAtLeast(p.lang(), 18) {
				// a < b  →  _pbccLT_int[T](base, a, b): the same value, and
				// the relation of a and b recorded.
				be := c.expr
				pre += fmt.Sprintf("_pbcc%s_%s[%s](%d, ", cmpFuncs[be.Op], c.kind(), c.typ, relationBase(len(sites))+relations5*s.ID)
				post = ")" + post
				e.replace(off(be.OpPos), off(be.OpPos)+len(be.Op.String()), lit(", "))
			} else if c, ok := p.equality(s); ok && relations && goVersionAtLeast(p.lang(), 18) {
				// a == b  →  _pbccEQ[T](a, b): the same value, the
				// operands shown to the search (_pbccCmp).
				be := c.expr
				name := "EQ"
				if be.Op == token.NEQ {
					name = "NE"
				}
				pre += fmt.Sprintf("_pbcc%s[%s](", name, c.typ)
				post = ")" + post
				e.replace(off(be.OpPos), off(be.OpPos)+len(be.Op.String()), lit(", "))
			}
			if conv != "" {
				pre, post = conv+"("+pre, post+")"
			}
			e.wrap(off(x.Pos()), off(x.End()), pre, post)
		case rangeSite:
			r := s.Node.(*ast.RangeStmt)
			pre, post, ok := p.rangeWrap(s, r)
			if ok {
				e.wrap(off(r.X.Pos()), off(r.X.End()), pre, post)
			}
		case caseSite:
			sw := switchOf(p, s)
			if sw == nil {
				return nil, nil, fmt.Errorf("cover: %s: case value outside a switch", p.Fset.Position(s.Pos))
			}
			if switches[sw] == nil {
				order = append(order, sw)
			}
			switches[sw] = append(switches[sw], s)
		case typeCaseSite:
			sw := typeSwitchOf(p, s)
			if sw == nil {
				return nil, nil, fmt.Errorf("cover: %s: type case outside a type switch", p.Fset.Position(s.Pos))
			}
			if typeSwitches[sw] == nil {
				typeOrder = append(typeOrder, sw)
			}
			typeSwitches[sw] = append(typeSwitches[sw], s)
		}
	}
	for _, sw := range typeOrder {
		ss := typeSwitches[sw]
		p.instrumentTypeSwitch(ed(ss[0].File), ss[0].File, sw, ss)
	}
	for _, sw := range order {
		ss := switches[sw]
		e := ed(ss[0].File)
		off := p.offset
		tmp := fmt.Sprintf("_pbccT%d", ss[0].ID)
		if sw.Init == nil {
			// switch tag {  →  switch tmp := tag; {
			e.wrap(off(sw.Tag.Pos()), off(sw.Tag.End()), tmp+" := ", "; ")
		} else {
			// L: switch init; tag { … }  →  { init; tmp := tag; L: switch { … } }
			start := ast.Stmt(sw)
			for labels[start] != nil {
				start = labels[start]
			}
			e.replace(off(start.Pos()), off(start.Pos()),
				lit("{ "), ref(off(sw.Init.Pos()), off(sw.Init.End())),
				lit("; "+tmp+" := "), ref(off(sw.Tag.Pos()), off(sw.Tag.End())), lit("; "))
			e.replace(off(sw.Init.Pos()), off(sw.Tag.End()))
			e.replace(off(sw.End()), off(sw.End()), lit(" }"))
		}
		eq := tmp + " == ("
		if typ, ok := p.basicTag(ss[0].File, sw, ss); ok && relations && goVersionAtLeast(p.lang(), 18) {
			// The tag and each case value shown to the search.
			eq = fmt.Sprintf("_pbccEQ[%s](%s, (", typ, tmp)
		}
		for _, s := range ss {
			v := s.Node.(ast.Expr)
			e.wrap(off(v.Pos()), off(v.End()), fmt.Sprintf("_pbccRec(%d, %s", s.ID, eq), strings.Repeat(")", strings.Count(eq, "("))+")")
		}
		for _, c := range sw.Body.List {
			cc := c.(*ast.CaseClause)
			for i := 1; i < len(cc.List); i++ {
				comma := findComma(e.src, off(cc.List[i-1].End()), off(cc.List[i].Pos()))
				if comma < 0 {
					return nil, nil, fmt.Errorf("cover: %s: no comma between case values", p.Fset.Position(cc.List[i].Pos()))
				}
				e.replace(comma, comma+1, lit("||"))
			}
		}
	}
	if relations && goVersionAtLeast(p.lang(), 18) {
		base := arithBase(len(sites))
		for i, a := range ariths {
			e := ed(a.File)
			off := p.offset
			switch a.mut {
			case ArithIncDec:
				// x++  →  x += _pbccInc_num[T](hit): x evaluated once, and
				// its mutant (hit+1) adds -1.
				st := a.incdec
				op := " += "
				if st.Tok == token.DEC {
					op = " -= "
				}
				e.replace(off(st.TokPos), off(st.TokPos)+2, lit(fmt.Sprintf("%s_pbccInc_num[%s](%d)", op, a.typ, base+i)))
				continue
			case ArithBoundary:
				// a < b  →  _pbccVLT_int[T](hit, a, b): hit when a == b,
				// hit+1 (the negation's arith, next) when evaluated.
				x := a.Node.(*ast.BinaryExpr)
				pre, post := fmt.Sprintf("_pbccV%s_%s[%s](%d, ", cmpFuncs[x.Op], a.kind, a.typ, base+i), ")"
				if conv := p.boolConversion(a.File, x); conv != "" {
					pre, post = conv+"("+pre, post+")"
				}
				e.wrap(off(x.Pos()), off(x.End()), pre, post)
				e.replace(off(x.OpPos), off(x.OpPos)+len(x.Op.String()), lit(", "))
				continue
			case ArithReplace:
				continue // written with its first mutant: _pbccMul_*'s hit+1
			case ArithAssign, ArithSelf:
				// x += y  →  x = _pbccAsgAdd_num[T](hit, x, y): the
				// reversed update's hit, then the dropped one's (hit+1),
				// written with the first; a string's dropped update alone
				// (_pbccAsgCat).
				st := a.assign
				fn := fmt.Sprintf("_pbccAsg%s_num", assignFuncs[st.Tok])
				switch {
				case a.kind == "str":
					fn = "_pbccAsgCat"
				case selfFuncs[st.Tok] != "":
					fn = fmt.Sprintf("_pbccAsg%s_int", selfFuncs[st.Tok])
				case a.mut == ArithSelf:
					continue
				}
				lhs, rhs := st.Lhs[0], st.Rhs[0]
				e.replace(off(st.TokPos), off(st.TokPos)+len(st.Tok.String()), lit("="))
				e.wrap(off(rhs.Pos()), off(rhs.End()), fmt.Sprintf("%s[%s](%d, %s, ", fn, a.typ, base+i, p.Srcs[a.File][off(lhs.Pos()):off(lhs.End())]), ")")
				continue
			case ArithNegation:
				continue // written with its boundary or its equality
			case ArithEqual:
				// a == b  →  _pbccVEq[T](hit, false, a, b), a != b  →
				// _pbccVEq[T](hit, true, a, b): hit when a == b, hit+1
				// (the negation's arith, next) when evaluated.
				x := a.Node.(*ast.BinaryExpr)
				pre, post := fmt.Sprintf("_pbccVEq[%s](%d, %v, ", a.typ, base+i, x.Op == token.NEQ), ")"
				if conv := p.boolConversion(a.File, x); conv != "" {
					pre, post = conv+"("+pre, post+")"
				}
				e.wrap(off(x.Pos()), off(x.End()), pre, post)
				e.replace(off(x.OpPos), off(x.OpPos)+len(x.Op.String()), lit(", "))
				continue
			}
			switch x := a.Node.(type) {
			case *ast.BinaryExpr:
				// a + b  →  _pbccAdd_int[T](hit, a, b)
				e.wrap(off(x.Pos()), off(x.End()), fmt.Sprintf("_pbcc%s_%s[%s](%d, ", arithFuncs[x.Op], a.kind, a.typ, base+i), ")")
				e.replace(off(x.OpPos), off(x.OpPos)+len(x.Op.String()), lit(", "))
			case *ast.UnaryExpr:
				// -x  →  _pbccNeg_int[T](hit, x)
				e.wrap(off(x.Pos()), off(x.End()), fmt.Sprintf("_pbccNeg_%s[%s](%d, ", a.kind, a.typ, base+i), ")")
				e.replace(off(x.OpPos), off(x.OpPos)+1)
			}
		}
	}
	// os.Exit(code) → _pbccOsExitOf(os.Exit)(code), which calls
	// _pbccExit(code): pbcc's search on the real code
	// (_pbccExitHook) sees the exit as the outcome of the call it makes
	// instead of ending; anywhere else it is os.Exit.
	for i, f := range p.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			// go f(x) → go _pbccGo(f)(x): a panic of the goroutine is seen
			// by pbcc's search on the real code (_pbccGoHook) and ends the
			// goroutine, not the search's process.
			if g, ok := n.(*ast.GoStmt); ok && p.goWrappable(g.Call) {
				ed(i).wrap(p.offset(g.Call.Fun.Pos()), p.offset(g.Call.Fun.End()), "_pbccGo(", ")")
			}
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if !ok {
				return true
			}
			fn, ok := p.Info.Uses[sel.Sel].(*types.Func)
			if !ok {
				return true
			}
			// log.Fatal(v) → _pbccLogFatalOf(log.Fatal)(v), which logs,
			// then calls _pbccExit(1). (Through a function of it: the
			// import stays used.)
			if ssaexec.ExitFunc(fn) {
				ed(i).wrap(p.offset(sel.Pos()), p.offset(sel.End()), "_pbcc"+strings.ToUpper(fn.Pkg().Name()[:1])+fn.Pkg().Name()[1:]+fn.Name()+"Of(", ")")
			}
			// exec.Command(args) → _pbccAct(exec.Command)(args): the
			// search (_pbccActHook) neither runs on nor keeps an input
			// whose call gets to an act on the machine.
			if ssaexec.Stops(fn) || p.stops[fn.FullName()] {
				ed(i).wrap(p.offset(call.Fun.Pos()), p.offset(call.Fun.End()), "_pbccAct(", ")")
			}
			// os.Open(name) → os.Open(_pbccPath(name)): the search
			// (_pbccPathHook) rejects the inputs that name a file
			// outside the directory it runs the call in.
			if idx, write, ok := ssaexec.PathArgs(fn); ok && call.Ellipsis == token.NoPos {
				for _, k := range idx {
					if k < len(call.Args) {
						ed(i).wrap(p.offset(call.Args[k].Pos()), p.offset(call.Args[k].End()), "_pbccPath(", fmt.Sprintf(", %v)", write))
					}
				}
			}
			return true
		})
	}
	out := map[int][]byte{}
	for i, e := range eds {
		src := e.bytes()
		if _, err := format.Source(src); err != nil {
			// The rewrite must stay valid Go; say where it did not.
			return nil, nil, fmt.Errorf("cover: instrumenting %s: %w", p.Paths[i], err)
		}
		out[i] = p.upgraded(src, i)
	}
	var rec bytes.Buffer
	n := 2 * len(sites)
	if relations {
		n = arithBase(len(sites)) + len(ariths)
	}
	upgrade := ""
	if p.lang() != p.GoVersion {
		upgrade = p.lang()
	}
	if err := recorderTmpl.Execute(&rec, struct {
		Pkg             string
		N               int
		Generic, Ranges bool
		CmpKinds        map[string]string
		CmpOps          map[string][2]string
		Upgrade         string // the //go:build version of the recorder, if it needs one
	}{p.Name, n, goVersionAtLeast(p.lang(), 18), goVersionAtLeast(p.lang(), 23),
		map[string]string{"int": "_pbccCmpInt", "ord": "_pbccCmpOrd"},
		// Each operator and its boundary mutant.
		map[string][2]string{"LT": {"<", "<="}, "LE": {"<=", "<"}, "GT": {">", ">="}, "GE": {">=", ">"}}, upgrade}); err != nil {
		return nil, nil, fmt.Errorf("cover: recorder: %w", err)
	}
	return out, rec.Bytes(), nil
}

// goWrappable reports whether the function value of call, the call of a
// go statement, can be passed to _pbccGo: a function value, not a
// built-in nor a generic function whose type arguments are inferred.
func (p *pkg) goWrappable(call *ast.CallExpr) bool {
	tv, ok := p.Info.Types[call.Fun]
	if !ok || tv.IsBuiltin() || !tv.IsValue() {
		return false
	}
	if _, ok := tv.Type.Underlying().(*types.Signature); !ok {
		return false
	}
	var id *ast.Ident
	switch x := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	}
	if id != nil {
		if _, generic := p.Info.Instances[id]; generic {
			return false
		}
	}
	return true
}

// basicTag returns the type, as file spells it, of the tag of sw when it
// is a number or a string and the values of its case sites ss are
// untyped constants or of its type.
func (p *pkg) basicTag(file int, sw *ast.SwitchStmt, ss []*site) (string, bool) {
	tv, ok := p.Info.Types[sw.Tag]
	if !ok || tv.Type == nil {
		return "", false
	}
	for _, s := range ss {
		vt, ok := p.Info.Types[s.Node.(ast.Expr)]
		if !ok || vt.Type == nil {
			return "", false
		}
		if b, ok := vt.Type.(*types.Basic); !(ok && b.Info()&types.IsUntyped != 0) && !types.Identical(vt.Type, tv.Type) {
			return "", false
		}
	}
	text, _, ok := p.orderedText(file, tv.Type)
	return text, ok
}

// offset is the byte offset of pos in its file.
func (p *pkg) offset(pos token.Pos) int { return p.Fset.File(pos).Offset(pos) }

// switchOf finds the switch statement a case site belongs to.
func switchOf(p *pkg, s *site) *ast.SwitchStmt {
	var found *ast.SwitchStmt
	ast.Inspect(p.Files[s.File], func(n ast.Node) bool {
		if found != nil || n == nil || n.Pos() > s.Pos || n.End() <= s.Pos {
			return false
		}
		if sw, ok := n.(*ast.SwitchStmt); ok && sw.Tag != nil {
			for _, c := range sw.Body.List {
				for _, v := range c.(*ast.CaseClause).List {
					if v == s.Node {
						found = sw
						return false
					}
				}
			}
		}
		return true
	})
	return found
}

// findComma returns the offset of the comma in src[from:to], which holds
// only blanks, comments and one comma; -1 if there is none.
func findComma(src []byte, from, to int) int {
	for i := from; i < to; i++ {
		switch {
		case src[i] == ',':
			return i
		case bytes.HasPrefix(src[i:], []byte("//")):
			for i < to && src[i] != '\n' {
				i++
			}
		case bytes.HasPrefix(src[i:], []byte("/*")):
			j := bytes.Index(src[i+2:to], []byte("*/"))
			if j < 0 {
				return -1
			}
			i += 2 + j + 1
		}
	}
	return -1
}

// boolConversion returns the name of the type to convert a recorded leaf
// back to when its type is a defined boolean type other than bool (the
// recorder would give an untyped comparison the type bool), or "".
func (p *pkg) boolConversion(file int, x ast.Expr) string {
	tv, ok := p.Info.Types[x]
	if !ok || tv.Type == nil {
		return ""
	}
	t := types.Unalias(tv.Type)
	if b, ok := t.(*types.Basic); ok && (b.Kind() == types.Bool || b.Kind() == types.UntypedBool) {
		return ""
	}
	name, _ := p.typeText(file, t)
	return name
}

// rangeWrap returns the text to put around a range expression so that the
// loop goes through a recording iterator with the same semantics. An
// array (or a pointer to one) ranged over by index alone is not evaluated
// by Go (its length is a constant): the loop ranges over its length. With
// a value variable, an array is copied first, as Go does, by slicing a
// one-element array literal holding it; a pointer to an array is sliced
// in place. It reports false when the array's type cannot be written in
// the file (a type of a package the file does not import).
func (p *pkg) rangeWrap(s *site, r *ast.RangeStmt) (pre, post string, ok bool) {
	byIndex := r.Value == nil || isBlank(r.Value)
	switch {
	case (s.Range == "array" || s.Range == "arrayptr") && byIndex:
		return fmt.Sprintf("_pbccRange_int(%d, len(", s.ID), "))", true
	case s.Range == "arrayptr":
		return fmt.Sprintf("_pbccRange_slice(%d, (", s.ID), ")[:])", true
	case s.Range == "array":
		t, ok := p.typeText(s.File, types.Unalias(p.Info.Types[r.X].Type))
		if !ok {
			return "", "", false
		}
		return fmt.Sprintf("_pbccRange_slice(%d, (&[1]%s{", s.ID, t), "})[0][:])", true
	}
	return fmt.Sprintf("_pbccRange_%s(%d, ", s.Range, s.ID), ")", true
}

func isBlank(x ast.Expr) bool {
	id, ok := x.(*ast.Ident)
	return ok && id.Name == "_"
}

// typeText writes t as it can be spelled in the given file: its own
// package's names unqualified, others by the file's import names. It
// reports false when t names a package the file does not import.
func (p *pkg) typeText(file int, t types.Type) (string, bool) {
	ok := true
	name := types.TypeString(t, func(q *types.Package) string {
		if q.Path() == p.ImportPath {
			return ""
		}
		for _, im := range p.Files[file].Imports {
			if im.Path.Value[1:len(im.Path.Value)-1] == q.Path() {
				if im.Name != nil {
					return im.Name.Name
				}
				return q.Name()
			}
		}
		ok = false
		return q.Name()
	})
	return name, ok
}

var recorderTmpl = template.Must(template.New("rec").Parse(`{{if .Upgrade}}//go:build go{{.Upgrade}}

{{end}}// Code generated by pbcc cover. DO NOT EDIT.

package {{.Pkg}}

import (
{{- if .Ranges}}
	_pbcciter "iter"
{{- end}}
	_pbccfmt "fmt"
	_pbcclog "log"
	_pbccos "os"
	_pbccreflect "reflect"
	_pbccstrconv "strconv"
	_pbccsync "sync"
	_pbccatomic "sync/atomic"
)

var (
	_pbccSeen [{{.N}}]_pbccatomic.Bool
	_pbccMu   _pbccsync.Mutex
	_pbccOut  *_pbccos.File
	_pbccErr  error
	// _pbccLocal, when set, sees every hit: pbcc's search on the real
	// code (ssaexec/explore) sets it around each call it makes.
	_pbccLocal func(k int)
	// _pbccCmp, when set, sees the operands of the package's
	// comparisons of numbers and strings as they are evaluated: pbcc's
	// search on the real code puts in its inputs the values they were
	// compared with (input-to-state).
	_pbccCmp func(a, b interface{})
	// _pbccMutant, when not 0, selects one mutant of the package's code
	// (mutant schemata): the negation of leaf site i is 2i+1, the
	// boundary mutant of the comparison whose relations start at hit
	// base is base+1, the mutant of the arith of hit h is h+1. The
	// search on the real code sets it around a call to tell which
	// mutants an input kills.
	_pbccMutant int
)

// _pbccExitHook, when set (pbcc's search on the real code sets it), is
// called instead of os.Exit by the package's calls of it, which call
// _pbccExit instead.
var _pbccExitHook func(code int)

// _pbccPathHook, when set (pbcc's search on the real code and its
// oracle set it), sees each file name the package's calls of os.Open,
// os.ReadFile, os.Create... are given (ssaexec.PathArgs), before the
// call, and whether the call writes: it panics on a write outside the
// call's directory.
var _pbccPathHook func(name string, write bool)

func _pbccPath(name string, write bool) string {
	if _pbccPathHook != nil {
		_pbccPathHook(name, write)
	}
	return name
}

// _pbccActHook, when set (pbcc's search on the real code and its oracle
// set it), is called before each call of the package's code that acts on
// the machine (ssaexec.Stops): it panics, and the input is neither run on
// nor kept.
var _pbccActHook func()

func _pbccAct[F any](f F) F {
	if _pbccActHook != nil {
		_pbccActHook()
	}
	return f
}

// _pbccGoHook, when set (pbcc's search on the real code sets it), is
// called as the package starts a goroutine; the function it returns is
// called as the goroutine ends, with the value it panicked with (nil
// when it returned). The panic then ends the goroutine, not the process:
// the search leaves out the input whose call started it.
var _pbccGoHook func() func(r interface{})

func _pbccGo[F any](f F) F {
	h := _pbccGoHook
	v := _pbccreflect.ValueOf(f)
	if h == nil || v.Kind() != _pbccreflect.Func || v.IsNil() {
		return f
	}
	ended := h()
	t := v.Type()
	return _pbccreflect.MakeFunc(t, func(args []_pbccreflect.Value) (out []_pbccreflect.Value) {
		defer func() {
			r := recover()
			if r != nil {
				out = make([]_pbccreflect.Value, t.NumOut())
				for i := range out {
					out[i] = _pbccreflect.Zero(t.Out(i))
				}
			}
			ended(r)
		}()
		if t.IsVariadic() {
			return v.CallSlice(args)
		}
		return v.Call(args)
	}).Interface().(F)
}

func _pbccLogFatal(v ...interface{}) {
	_pbcclog.Output(2, _pbccfmt.Sprint(v...))
	_pbccExit(1)
}

func _pbccLogFatalf(format string, v ...interface{}) {
	_pbcclog.Output(2, _pbccfmt.Sprintf(format, v...))
	_pbccExit(1)
}

func _pbccLogFatalln(v ...interface{}) {
	_pbcclog.Output(2, _pbccfmt.Sprintln(v...))
	_pbccExit(1)
}

func _pbccOsExitOf(func(int)) func(int) { return _pbccExit }

func _pbccLogFatalOf(func(...interface{})) func(...interface{}) { return _pbccLogFatal }

func _pbccLogFatallnOf(func(...interface{})) func(...interface{}) { return _pbccLogFatalln }

func _pbccLogFatalfOf(func(string, ...interface{})) func(string, ...interface{}) {
	return _pbccLogFatalf
}

func _pbccExit(code int) {
	if _pbccExitHook != nil {
		_pbccExitHook(code)
	}
	_pbccos.Exit(code)
}

// _pbccHit appends k to the file named by ` + outEnv + ` the first time k is seen.
func _pbccHit(k int) {
	if _pbccLocal != nil {
		_pbccLocal(k)
	}
	if _pbccSeen[k].Load() {
		return
	}
	_pbccMu.Lock()
	defer _pbccMu.Unlock()
	if _pbccSeen[k].Load() || _pbccErr != nil {
		return
	}
	if _pbccOut == nil {
		_pbccOut, _pbccErr = _pbccos.OpenFile(_pbccos.Getenv("` + outEnv + `"), _pbccos.O_WRONLY|_pbccos.O_APPEND|_pbccos.O_CREATE, 0o644)
		if _pbccErr != nil {
			return
		}
	}
	if _, _pbccErr = _pbccOut.WriteString(_pbccstrconv.Itoa(k) + "\n"); _pbccErr != nil {
		return
	}
	_pbccSeen[k].Store(true)
}

{{if .Generic -}}
func _pbccRec[B ~bool](id int, b B) B {
{{- else -}}
func _pbccRec(id int, b bool) bool {
{{- end}}
	if _pbccMutant == 2*id+1 {
		b = !b
	}
	if b {
		_pbccHit(2 * id)
	} else {
		_pbccHit(2*id + 1)
	}
	return b
}
{{- if .Generic}}

type _pbccCmpInt interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

type _pbccCmpOrd interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr | ~float32 | ~float64 | ~string
}

// _pbccRelInt records how a compares with b: hit base+0 below b-1, +1 at
// b-1, +2 at b, +3 at b+1, +4 above.
func _pbccRelInt[T _pbccCmpInt](base int, a, b T) {
	if _pbccCmp != nil {
		_pbccCmp(a, b)
	}
	switch {
	case a == b:
		_pbccHit(base + 2)
	case a < b && a+1 == b:
		_pbccHit(base + 1)
	case a < b:
		_pbccHit(base)
	case b+1 == a:
		_pbccHit(base + 3)
	default:
		_pbccHit(base + 4)
	}
}

// _pbccRelOrd records how a compares with b: hit base+0 below, +2 equal,
// +4 above (none for a NaN).
func _pbccRelOrd[T _pbccCmpOrd](base int, a, b T) {
	if _pbccCmp != nil {
		_pbccCmp(a, b)
	}
	switch {
	case a < b:
		_pbccHit(base)
	case a == b:
		_pbccHit(base + 2)
	case a > b:
		_pbccHit(base + 4)
	}
}
type _pbccArithNum interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr | ~float32 | ~float64
}

// The arithmetic operators: each records hit when its value differs from
// its mutant's (a - b for a + b, a / b for a * b, ...), and gives the
// mutant's value when _pbccMutant selects it (hit+1): the operands were
// evaluated once, in order, and a / b panics on b == 0 as the mutant
// compiled would.

func _pbccAdd_int[T _pbccCmpInt](hit int, a, b T) T {
	if _pbccMutant == hit+1 {
		return a - b
	}
	if a+b != a-b {
		_pbccHit(hit)
	}
	return a + b
}

func _pbccSub_int[T _pbccCmpInt](hit int, a, b T) T {
	if _pbccMutant == hit+1 {
		return a + b
	}
	if a-b != a+b {
		_pbccHit(hit)
	}
	return a - b
}

// _pbccMul_* also have a second mutant, a + b (ArithReplace): hit+1
// when a * b differs from it, mutant hit+2.

func _pbccMul_int[T _pbccCmpInt](hit int, a, b T) T {
	switch _pbccMutant {
	case hit + 1:
		return a / b
	case hit + 2:
		return a + b
	}
	if b == 0 || a*b != a/b {
		_pbccHit(hit)
	}
	if a*b != a+b {
		_pbccHit(hit + 1)
	}
	return a * b
}

func _pbccQuo_int[T _pbccCmpInt](hit int, a, b T) T {
	if _pbccMutant == hit+1 {
		return a * b
	}
	r := a / b
	if r != a*b {
		_pbccHit(hit)
	}
	return r
}

func _pbccRem_int[T _pbccCmpInt](hit int, a, b T) T {
	if _pbccMutant == hit+1 {
		return a * b
	}
	r := a % b
	if r != a*b {
		_pbccHit(hit)
	}
	return r
}

func _pbccNeg_int[T _pbccCmpInt](hit int, x T) T {
	if _pbccMutant == hit+1 {
		return x
	}
	if -x != x {
		_pbccHit(hit)
	}
	return -x
}

func _pbccAdd_float[T _pbccArithNum](hit int, a, b T) T {
	if _pbccMutant == hit+1 {
		return a - b
	}
	if a+b != a-b {
		_pbccHit(hit)
	}
	return a + b
}

func _pbccSub_float[T _pbccArithNum](hit int, a, b T) T {
	if _pbccMutant == hit+1 {
		return a + b
	}
	if a-b != a+b {
		_pbccHit(hit)
	}
	return a - b
}

func _pbccMul_float[T _pbccArithNum](hit int, a, b T) T {
	switch _pbccMutant {
	case hit + 1:
		return a / b
	case hit + 2:
		return a + b
	}
	if a*b != a/b {
		_pbccHit(hit)
	}
	if a*b != a+b {
		_pbccHit(hit + 1)
	}
	return a * b
}

func _pbccQuo_float[T _pbccArithNum](hit int, a, b T) T {
	if _pbccMutant == hit+1 {
		return a * b
	}
	r := a / b
	if r != a*b {
		_pbccHit(hit)
	}
	return r
}

func _pbccNeg_float[T _pbccArithNum](hit int, x T) T {
	if _pbccMutant == hit+1 {
		return x
	}
	if -x != x {
		_pbccHit(hit)
	}
	return -x
}

// The assignment operators: x op= y is x = _pbccAsg<Op>_num(hit, x, y),
// which records hit when its value differs from x invop y's (mutant
// hit+1: the update reversed) and hit+1 when it differs from y's (mutant
// hit+2: the update dropped). Where an operand is NaN every value differs.

func _pbccAsgAdd_num[T _pbccArithNum](hit int, x, y T) T {
	switch _pbccMutant {
	case hit + 1:
		return x - y
	case hit + 2:
		return y
	}
	if x+y != x-y {
		_pbccHit(hit)
	}
	if x+y != y {
		_pbccHit(hit + 1)
	}
	return x + y
}

func _pbccAsgSub_num[T _pbccArithNum](hit int, x, y T) T {
	switch _pbccMutant {
	case hit + 1:
		return x + y
	case hit + 2:
		return y
	}
	if x-y != x+y {
		_pbccHit(hit)
	}
	if x-y != y {
		_pbccHit(hit + 1)
	}
	return x - y
}

// _pbccAsgMul_num: on integers, x / y panics where y == 0, which tells
// the reversed update apart.
func _pbccAsgMul_num[T _pbccArithNum](hit int, x, y T) T {
	switch _pbccMutant {
	case hit + 1:
		return x / y
	case hit + 2:
		return y
	}
	if y == 0 || x*y != x/y {
		_pbccHit(hit)
	}
	if x*y != y {
		_pbccHit(hit + 1)
	}
	return x * y
}

func _pbccAsgQuo_num[T _pbccArithNum](hit int, x, y T) T {
	switch _pbccMutant {
	case hit + 1:
		return x * y
	case hit + 2:
		return y
	}
	r := x / y
	if r != x*y {
		_pbccHit(hit)
	}
	if r != y {
		_pbccHit(hit + 1)
	}
	return r
}

// _pbccAsgCat is s += t: hit when s is not empty, which the dropped
// update (mutant hit+1: s = t) loses.
func _pbccAsgCat[T ~string](hit int, x, y T) T {
	if _pbccMutant == hit+1 {
		return y
	}
	if x != "" {
		_pbccHit(hit)
	}
	return x + y
}

// The integer assignment operators that only drop (x %= y, x &= y, x |=
// y, x ^= y, x &^= y): hit when the value differs from y, which mutant
// hit+1 gives.

func _pbccAsgRem_int[T _pbccCmpInt](hit int, x, y T) T {
	r := x % y
	if _pbccMutant == hit+1 {
		return y
	}
	if r != y {
		_pbccHit(hit)
	}
	return r
}

func _pbccAsgAnd_int[T _pbccCmpInt](hit int, x, y T) T {
	if _pbccMutant == hit+1 {
		return y
	}
	if x&y != y {
		_pbccHit(hit)
	}
	return x & y
}

func _pbccAsgOr_int[T _pbccCmpInt](hit int, x, y T) T {
	if _pbccMutant == hit+1 {
		return y
	}
	if x|y != y {
		_pbccHit(hit)
	}
	return x | y
}

func _pbccAsgXor_int[T _pbccCmpInt](hit int, x, y T) T {
	if _pbccMutant == hit+1 {
		return y
	}
	if x^y != y {
		_pbccHit(hit)
	}
	return x ^ y
}

func _pbccAsgAndNot_int[T _pbccCmpInt](hit int, x, y T) T {
	if _pbccMutant == hit+1 {
		return y
	}
	if x&^y != y {
		_pbccHit(hit)
	}
	return x &^ y
}

// _pbccInc_num is the 1 that x++ adds (x-- subtracts), with hit when
// reached; its mutant (hit+1) gives -1: x-- for x++ and back.
func _pbccInc_num[T _pbccArithNum](hit int) T {
	_pbccHit(hit)
	var one T = 1
	if _pbccMutant == hit+1 {
		return -one
	}
	return one
}

// _pbccEQ and _pbccNE are a leaf's == and != on numbers or strings: the
// operands are shown to _pbccCmp.

func _pbccEQ[T _pbccCmpOrd](a, b T) bool {
	if _pbccCmp != nil {
		_pbccCmp(a, b)
	}
	return a == b
}

func _pbccNE[T _pbccCmpOrd](a, b T) bool {
	if _pbccCmp != nil {
		_pbccCmp(a, b)
	}
	return a != b
}

// The comparisons that are values (no branch site): == and != record hit
// when evaluated and are negated by mutant hit+1.

// _pbccVEq is a == b, or a != b when ne; it records hit when a == b and
// hit+1 when evaluated; mutant hit+1 drops the outcome a == b gives,
// hit+2 negates it.
func _pbccVEq[T comparable](hit int, ne bool, a, b T) bool {
	if a == b {
		_pbccHit(hit)
	}
	_pbccHit(hit + 1)
	switch _pbccMutant {
	case hit + 1:
		return ne
	case hit + 2:
		return (a == b) == ne
	}
	return (a == b) != ne
}
{{range $k, $c := .CmpKinds}}{{range $op, $sym := $.CmpOps}}
// _pbccV{{$op}}_{{$k}} records hit when a == b and hit+1 when evaluated;
// mutant hit+1 moves its boundary, hit+2 negates it.
func _pbccV{{$op}}_{{$k}}[T {{$c}}](hit int, a, b T) bool {
	if a == b {
		_pbccHit(hit)
	}
	_pbccHit(hit + 1)
	switch _pbccMutant {
	case hit + 1:
		return a {{index $sym 1}} b
	case hit + 2:
		return !(a {{index $sym 0}} b)
	}
	return a {{index $sym 0}} b
}

func _pbcc{{$op}}_{{$k}}[T {{$c}}](base int, a, b T) bool {
	_pbccRel{{if eq $k "int"}}Int{{else}}Ord{{end}}(base, a, b)
	if _pbccMutant == base+1 {
		return a {{index $sym 1}} b
	}
	return a {{index $sym 0}} b
}
{{end}}{{end}}
{{- end}}
{{- if .Ranges}}

type _pbccInteger interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

func _pbccRange_int[T _pbccInteger](id int, n T) _pbcciter.Seq[T] {
	return func(yield func(T) bool) {
		for i := T(0); i < n; i++ {
			_pbccHit(2 * id)
			if !yield(i) {
				return
			}
		}
		_pbccHit(2*id + 1)
	}
}

func _pbccRange_slice[S ~[]E, E any](id int, s S) _pbcciter.Seq2[int, E] {
	return func(yield func(int, E) bool) {
		for i, v := range s {
			_pbccHit(2 * id)
			if !yield(i, v) {
				return
			}
		}
		_pbccHit(2*id + 1)
	}
}

func _pbccRange_string[S ~string](id int, s S) _pbcciter.Seq2[int, rune] {
	return func(yield func(int, rune) bool) {
		for i, r := range s {
			_pbccHit(2 * id)
			if !yield(i, r) {
				return
			}
		}
		_pbccHit(2*id + 1)
	}
}

func _pbccRange_map[M ~map[K]V, K comparable, V any](id int, m M) _pbcciter.Seq2[K, V] {
	return func(yield func(K, V) bool) {
		for k, v := range m {
			_pbccHit(2 * id)
			if !yield(k, v) {
				return
			}
		}
		_pbccHit(2*id + 1)
	}
}
{{- end}}
`))
