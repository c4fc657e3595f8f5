package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/ssaexec"
	"github.com/pbcc/pbcc/ssaexec/emit"
)

// tableFormat is the part of every function's content hash that stands
// for pbcc itself: bump it when a change in pbcc changes the tables it
// writes for unchanged code (a new kind of case, another layout), so that
// the next run regenerates them instead of keeping the old ones. A
// release build adds its module version (pbccVersion).
const tableFormat = "pbcc-tables-1"

// hashPrefix starts the header line that records a function's content
// hash, after its summary line:
//
//	// pbcc: Trityp: 22 branches, 7 cases, 6 goals (unconstrained edges); all covered.
//	// pbcc:hash Trityp 3f2a9c1b0e4d5a67
//
// emit.ReadClaims skips it ("// pbcc: " has a space where it has "h").
const hashPrefix = "// pbcc:hash "

var hashLineRE = regexp.MustCompile(`^// pbcc:hash ([^ ]+) ([0-9a-f]+)$`)

// pbccVersion is the version pbcc was released as, or "" for a build
// from a checkout (go build stamps a pseudo-version that changes with
// every commit: it would make every table stale).
func pbccVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	if regexp.MustCompile(`^v\d+\.\d+\.\d+$`).MatchString(bi.Main.Version) {
		return bi.Main.Version
	}
	return ""
}

// optionsKey is what of cfg changes the tables of unchanged code, in a
// fixed form: the bounds and -globals. The time budgets are not in it: a
// table made under a shorter one is kept (-force searches again).
func optionsKey(cfg *genConfig) string {
	return fmt.Sprintf("%s %s k=%d maxk=%d len=%d globals=%t", tableFormat, pbccVersion(), cfg.opts.K, cfg.opts.MaxK, cfg.opts.Bounds.Len, cfg.globals)
}

// A codeHasher computes the content hashes of the functions of one
// package: what decides a function's table. That is its own code and
// that of every function of the module it calls or refers to,
// transitively (their source text, which gives the case names, and
// their go/ssa form, which has the constants' values and the types), the
// declarations of the module's types and package-level variables they
// use (with a type's implicitMethods, all its methods where it becomes an
// interface value, every method of the module a call through an
// interface may reach, and for a variable the package's
// initialisation), for a function-valued parameter the package's other functions
// (its candidates), and pbcc's options (optionsKey). Positions are not
// in it: adding lines above a function leaves its hash as it was.
type codeHasher struct {
	fset    *token.FileSet
	modRoot string // the module's directory; "" when unknown
	options string
	files   map[string]*srcFile        // parsed source files, by name
	text    map[*ssa.Function][]byte   // a function's own part, computed once
	methods map[string][]*ssa.Function // the module's methods by name, for calls through interfaces
	pkgs    []*ssa.Package             // of the module, for methods
	sibling map[*ssa.Function][]*ssa.Function
	prog    *ssa.Program
}

type srcFile struct {
	src  []byte
	file *ast.File
	tf   *token.File // in the program's file set
	own  *token.File // file's, in a file set of its own
}

func newCodeHasher(p *ssaexec.Package, options string) *codeHasher {
	h := &codeHasher{options: options, files: map[string]*srcFile{}, text: map[*ssa.Function][]byte{}}
	h.modRoot = moduleRoot(p.Dir)
	var fns []*ssa.Function
	for _, f := range p.Funcs {
		fns = append(fns, f.SSA)
	}
	for _, s := range p.Skipped {
		fns = append(fns, s.SSA)
	}
	if len(fns) > 0 {
		h.prog = fns[0].Prog
		h.fset = h.prog.Fset
	}
	h.sibling = map[*ssa.Function][]*ssa.Function{}
	for _, fn := range fns {
		h.sibling[fn] = fns
	}
	return h
}

// moduleRoot returns the directory of the go.mod above dir, or "".
func moduleRoot(dir string) string {
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		up := filepath.Dir(d)
		if up == d {
			return ""
		}
		d = up
	}
}

// inModule reports whether pos is in a source file of the module.
func (h *codeHasher) inModule(pos token.Pos) bool {
	if h.fset == nil || !pos.IsValid() {
		return false
	}
	name := h.fset.Position(pos).Filename
	return h.modRoot != "" && strings.HasPrefix(name, h.modRoot+string(filepath.Separator))
}

// hash returns the content hash of fn: 16 hexadecimal digits.
func (h *codeHasher) hash(fn *ssa.Function) string {
	parts := map[string][]byte{} // by a key that sorts them
	seen := map[*ssa.Function]bool{}
	var visit func(*ssa.Function)
	// methods visits the methods of t, a type of the module: all of
	// them, or those the tests and the formatting call on a value
	// without naming them (Error gives an error's message, go-cmp calls
	// Equal).
	methods := func(t *types.Named, all bool) {
		for _, typ := range []types.Type{t, types.NewPointer(t)} {
			ms := h.prog.MethodSets.MethodSet(typ)
			for i := range ms.Len() {
				if !all && !implicitMethods[ms.At(i).Obj().Name()] {
					continue
				}
				if m := h.prog.MethodValue(ms.At(i)); m != nil && h.inModule(m.Pos()) {
					visit(m)
				}
			}
		}
	}
	typesOf := func(t types.Type) { h.types(t, parts, func(t *types.Named) { methods(t, false) }) }
	visit = func(f *ssa.Function) {
		if f == nil || seen[f] {
			return
		}
		seen[f] = true
		if f != fn && f.Synthetic == "" && !h.inModule(f.Pos()) {
			return // the standard library or another module: not followed
		}
		parts["func "+f.String()] = h.funcText(f)
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if c, ok := instr.(ssa.CallInstruction); ok && c.Common().IsInvoke() {
					for _, m := range h.methodsNamed(c.Common().Method.Name()) {
						visit(m)
					}
				}
				if mi, ok := instr.(*ssa.MakeInterface); ok {
					// The interface value may go where any of its
					// methods is called (sort.Sort calls Less).
					t := mi.X.Type()
					if p, ok := t.(*types.Pointer); ok {
						t = p.Elem()
					}
					if n, ok := types.Unalias(t).(*types.Named); ok && h.inModule(n.Obj().Pos()) {
						methods(n, true)
					}
				}
				for _, op := range instr.Operands(nil) {
					switch v := (*op).(type) {
					case *ssa.Function:
						visit(v)
					case *ssa.Global:
						if h.inModule(v.Pos()) {
							parts["var "+v.String()] = h.declText(v.Pos())
							// Its initial value may come from a
							// function: the package's initialisation
							// calls them all.
							visit(v.Pkg.Func("init"))
						}
					}
					if *op != nil {
						typesOf((*op).Type())
					}
				}
			}
		}
		for _, p := range f.Params {
			typesOf(p.Type())
		}
		if f == fn && hasFuncParam(f.Signature) {
			// A function value is an input: the package's functions
			// are its candidates.
			for _, s := range h.sibling[fn] {
				visit(s)
			}
		}
	}
	visit(fn)
	keys := make([]string, 0, len(parts))
	for k := range parts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	sum := sha256.New()
	fmt.Fprintf(sum, "%s\n", h.options)
	for _, k := range keys {
		fmt.Fprintf(sum, "%s\n%d\n", k, len(parts[k]))
		sum.Write(parts[k])
	}
	return hex.EncodeToString(sum.Sum(nil))[:16]
}

// implicitMethods are the methods called on a value without being named
// in the code: by go-cmp (Equal), by errors' and fmt's formatting.
var implicitMethods = map[string]bool{"Error": true, "String": true, "Equal": true, "Format": true, "GoString": true}

// funcText is f's own part of a hash: its source text (the conditions'
// text names the cases) and its go/ssa form without the lines that hold
// positions.
func (h *codeHasher) funcText(f *ssa.Function) []byte {
	if t, ok := h.text[f]; ok {
		return t
	}
	var b bytes.Buffer
	if syn := f.Syntax(); syn != nil && h.fset != nil {
		start, end := syn.Pos(), syn.End()
		if fd, ok := syn.(*ast.FuncDecl); ok {
			start = fd.Type.Pos() // not the doc comment
		}
		b.Write(h.source(start, end))
		b.WriteString("\n")
	}
	var s bytes.Buffer
	ssa.WriteFunction(&s, f)
	for _, line := range strings.Split(s.String(), "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "# Location:") || strings.HasPrefix(t, "; ") {
			continue // positions: "# Location: f.go:3:6", "; x @ 3:6 is t0"
		}
		b.WriteString(line + "\n")
	}
	h.text[f] = b.Bytes()
	return b.Bytes()
}

// types adds to parts the declarations of the module's named types in t,
// and calls named with each of them, once.
func (h *codeHasher) types(t types.Type, parts map[string][]byte, named func(*types.Named)) {
	var walk func(types.Type)
	seen := map[types.Type]bool{}
	walk = func(t types.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		switch t := t.(type) {
		case *types.Named:
			obj := t.Obj()
			if h.inModule(obj.Pos()) {
				key := "type " + obj.Pkg().Path() + "." + obj.Name()
				if _, ok := parts[key]; !ok {
					parts[key] = h.declText(obj.Pos())
					named(t)
				}
			}
			if targs := t.TypeArgs(); targs != nil {
				for i := range targs.Len() {
					walk(targs.At(i))
				}
			}
			walk(t.Underlying())
		case *types.Alias:
			walk(types.Unalias(t))
		case *types.Pointer:
			walk(t.Elem())
		case *types.Slice:
			walk(t.Elem())
		case *types.Array:
			walk(t.Elem())
		case *types.Map:
			walk(t.Key())
			walk(t.Elem())
		case *types.Chan:
			walk(t.Elem())
		case *types.Struct:
			for i := range t.NumFields() {
				walk(t.Field(i).Type())
			}
		case *types.Tuple:
			for i := range t.Len() {
				walk(t.At(i).Type())
			}
		case *types.Signature:
			walk(t.Params())
			walk(t.Results())
		case *types.Interface:
			for i := range t.NumMethods() {
				walk(t.Method(i).Type())
			}
		}
	}
	walk(t)
}

// hasFuncParam reports whether a parameter of sig holds a function value.
func hasFuncParam(sig *types.Signature) bool {
	for i := range sig.Params().Len() {
		if emit.HasFunc(sig.Params().At(i).Type()) {
			return true
		}
	}
	return sig.Recv() != nil && emit.HasFunc(sig.Recv().Type())
}

// methodsNamed returns the methods of the module's types named name:
// the functions a call through an interface may reach.
func (h *codeHasher) methodsNamed(name string) []*ssa.Function {
	if h.methods == nil {
		h.methods = map[string][]*ssa.Function{}
		if h.fset == nil {
			return nil
		}
		prog := h.prog
		for _, pkg := range prog.AllPackages() {
			for _, m := range pkg.Members {
				t, ok := m.(*ssa.Type)
				if !ok || !h.inModule(t.Pos()) {
					continue
				}
				for _, typ := range []types.Type{t.Type(), types.NewPointer(t.Type())} {
					ms := prog.MethodSets.MethodSet(typ)
					for i := range ms.Len() {
						if f := prog.MethodValue(ms.At(i)); f != nil && h.inModule(f.Pos()) {
							h.methods[f.Name()] = append(h.methods[f.Name()], f)
						}
					}
				}
			}
		}
		for k, fs := range h.methods {
			slices.SortFunc(fs, func(a, b *ssa.Function) int { return strings.Compare(a.String(), b.String()) })
			h.methods[k] = slices.Compact(fs)
		}
	}
	return h.methods[name]
}

// declText returns the source text of the declaration at pos (a type, a
// variable: the spec that declares it, without its comments), or nil
// when the source cannot be read.
func (h *codeHasher) declText(pos token.Pos) []byte {
	sf := h.file(pos)
	if sf == nil {
		return nil
	}
	off := sf.tf.Offset(pos)
	in := func(n ast.Node) bool {
		return sf.own.Offset(n.Pos()) <= off && off < sf.own.Offset(n.End())
	}
	text := func(n ast.Node) []byte { return sf.src[sf.own.Offset(n.Pos()):sf.own.Offset(n.End())] }
	for _, d := range sf.file.Decls {
		if !in(d) {
			continue
		}
		if gd, ok := d.(*ast.GenDecl); ok {
			for _, s := range gd.Specs {
				if in(s) {
					return append([]byte(gd.Tok.String()+" "), text(s)...)
				}
			}
		}
		return text(d)
	}
	return nil
}

// source returns the bytes of the source between two positions of one file.
func (h *codeHasher) source(start, end token.Pos) []byte {
	sf := h.file(start)
	if sf == nil {
		return nil
	}
	i, j := sf.tf.Offset(start), sf.tf.Offset(end)
	if i < 0 || j > len(sf.src) || i > j {
		return nil
	}
	return sf.src[i:j]
}

// file returns the source file that holds pos, read and parsed once.
func (h *codeHasher) file(pos token.Pos) *srcFile {
	if h.fset == nil || !pos.IsValid() {
		return nil
	}
	tf := h.fset.File(pos)
	if tf == nil {
		return nil
	}
	if sf, ok := h.files[tf.Name()]; ok {
		return sf
	}
	var sf *srcFile
	if src, err := os.ReadFile(tf.Name()); err == nil && len(src) == tf.Size() {
		// A file set of its own: offsets relate its positions to tf's.
		fset := token.NewFileSet()
		if f, err := parser.ParseFile(fset, tf.Name(), src, parser.SkipObjectResolution); err == nil {
			sf = &srcFile{src: src, file: f, tf: tf, own: fset.File(f.Pos())}
		}
	}
	h.files[tf.Name()] = sf
	return sf
}

// funcHashes returns the content hash of each function of p (and of
// each skipped one, searched on the real code), by name ("F", "T.M").
func funcHashes(cfg *genConfig, p *ssaexec.Package) map[string]string {
	h := newCodeHasher(p, optionsKey(cfg))
	out := map[string]string{}
	for _, f := range p.Funcs {
		out[shortName(f.IR)] = h.hash(f.SSA)
	}
	for _, s := range p.Skipped {
		out[shortName(s.IR)] = h.hash(s.SSA)
	}
	return out
}

// readHashes returns the content hashes the header of a generated file
// records, by function.
func readHashes(data []byte) map[string]string {
	out := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(line, "//") {
			break
		}
		if m := hashLineRE.FindStringSubmatch(line); m != nil {
			out[m[1]] = m[2]
		}
	}
	return out
}

// stampHashes adds, after each function's summary lines in the header of
// the generated file src, the line that records its content hash.
func stampHashes(src []byte, hashes map[string]string) []byte {
	lines := strings.SplitAfter(string(src), "\n")
	var b strings.Builder
	pending := "" // the hash line of the last summary line seen
	i := 0
	for ; i < len(lines); i++ {
		line := strings.TrimSuffix(lines[i], "\n")
		if !strings.HasPrefix(line, "//") {
			break
		}
		if m := claimHead.FindStringSubmatch(line); m != nil {
			b.WriteString(pending)
			pending = ""
			if h, ok := hashes[m[1]]; ok {
				pending = hashPrefix + m[1] + " " + h + "\n"
			}
		} else if strings.HasPrefix(line, hashPrefix) {
			continue // an old one: replaced
		}
		b.WriteString(lines[i])
	}
	b.WriteString(pending)
	for ; i < len(lines); i++ {
		b.WriteString(lines[i])
	}
	return []byte(b.String())
}

// relHeaderPaths makes the absolute paths in the header of the
// generated file src relative: to the package's directory dir, else to
// the module's root (a reason or an approximation may quote an error
// that names file:line:col). The file is then the same in every
// checkout of the module, wherever it is.
func relHeaderPaths(src []byte, dir string) []byte {
	lines := strings.SplitAfter(string(src), "\n")
	prefixes := []string{dir + string(filepath.Separator)}
	if root := moduleRoot(dir); root != "" && root != dir {
		prefixes = append(prefixes, root+string(filepath.Separator))
	}
	for i, l := range lines {
		if !strings.HasPrefix(l, "//") {
			break
		}
		for _, p := range prefixes {
			l = strings.ReplaceAll(l, p, "")
		}
		lines[i] = l
	}
	return []byte(strings.Join(lines, ""))
}

// A keptFunc is a function whose table the generated file already has
// and whose content hash did not change: it is not searched again.
type keptFunc struct {
	name, file string // short name, source file
	claim      emit.Claim
	// moved maps the positions the header gives the function's branches
	// not covered to where they are now, when lines were added or taken
	// away above them ("f.go:12:5" -> "f.go:14:5").
	moved map[string]string
}

// reusable splits the selected functions of p into those whose tables
// are kept (hash and table in the generated file) and those to search.
// fileOf gives a function's source file. With -force, every function
// is searched.
func reusable(cfg *genConfig, hashes map[string]string, sel []*ir.Func, skipped []*ssaexec.Skipped,
	fileOf func(*ir.Func) string) (kept []keptFunc, todo []*ir.Func, todoSkipped []*ssaexec.Skipped) {
	if cfg.force {
		return nil, sel, skipped
	}
	type genInfo struct {
		hashes map[string]string
		claims map[string]emit.Claim
	}
	infos := map[string]*genInfo{}
	info := func(src string) *genInfo {
		if gi, ok := infos[src]; ok {
			return gi
		}
		var gi *genInfo
		path := emit.TestFileName(src)
		if data, err := os.ReadFile(path); err == nil && emit.IsGenerated(data) {
			if _, err := parseGenFile(path, data); err == nil {
				if cs, err := emit.ReadClaims(path); err == nil {
					gi = &genInfo{hashes: readHashes(data), claims: map[string]emit.Claim{}}
					for _, c := range cs {
						gi.claims[c.Func] = c
					}
				}
			}
		}
		infos[src] = gi
		return gi
	}
	try := func(f *ir.Func, src string, edges []ir.Edge) bool {
		name := shortName(f)
		gi := info(src)
		if gi == nil || gi.hashes[name] == "" || gi.hashes[name] != hashes[name] {
			return false
		}
		c, ok := gi.claims[name]
		if !ok {
			return false
		}
		moved, ok := movedBranches(c, edges)
		if !ok {
			return false // its branches cannot be found again: search it
		}
		kept = append(kept, keptFunc{name: name, file: src, claim: c, moved: moved})
		return true
	}
	for _, f := range sel {
		if !try(f, fileOf(f), gen.BranchEdges(f)) {
			todo = append(todo, f)
		}
	}
	for _, s := range skipped {
		if !try(s.IR, s.File, nil) {
			todoSkipped = append(todoSkipped, s)
		}
	}
	return kept, todo, todoSkipped
}

// movedBranches finds each branch the claim says is not covered among
// the function's branch edges now, and returns the positions that
// changed. The code is the same (its hash is), so each is there, maybe
// on another line; ok is false when one cannot be told apart.
func movedBranches(c emit.Claim, edges []ir.Edge) (map[string]string, bool) {
	moved := map[string]string{}
	for _, u := range c.NotCovered {
		if u.File == "" {
			continue
		}
		var lines []int
		for _, e := range edges {
			p := e.Pos()
			if filepath.Base(p.File) == u.File && p.Col == u.Col && e.Cond() == u.Text &&
				strings.Join(strings.Fields(e.Label()), " ") == u.Outcome && !slices.Contains(lines, p.Line) {
				lines = append(lines, p.Line)
			}
		}
		switch {
		case len(lines) == 0 && edges == nil:
			continue // searched on the real code: no edges to follow
		case len(lines) == 0:
			return nil, false
		case slices.Contains(lines, u.Line):
			continue
		case len(lines) > 1:
			return nil, false
		}
		moved[fmt.Sprintf("%s:%d:%d", u.File, u.Line, u.Col)] = fmt.Sprintf("%s:%d:%d", u.File, lines[0], u.Col)
	}
	return moved, true
}

// moveClaims rewrites the positions of the header lines of the kept
// functions that moved. It changes nothing else.
func moveClaims(data []byte, kept []keptFunc) []byte {
	byName := map[string]map[string]string{}
	for _, k := range kept {
		if len(k.moved) > 0 {
			byName[k.name] = k.moved
		}
	}
	if len(byName) == 0 {
		return data
	}
	lines := strings.SplitAfter(string(data), "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "//") {
			break
		}
		m := claimHead.FindStringSubmatch(strings.TrimSuffix(l, "\n"))
		if m == nil || byName[m[1]] == nil {
			continue
		}
		// A position follows a space and precedes the quoted condition;
		// a replacer moves them all at once (5 -> 7 and 7 -> 9 do not
		// make 5 -> 9).
		var pairs []string
		for from, to := range byName[m[1]] {
			pairs = append(pairs, " "+from+" \"", " "+to+" \"")
		}
		lines[i] = strings.NewReplacer(pairs...).Replace(l)
	}
	return []byte(strings.Join(lines, ""))
}

// shardOf returns the shard, from 1 to n, of the function named name
// ("pkg/path.F", "pkg/path.T.M"): a hash of the name, so that a function
// stays in its shard when others are added or removed.
func shardOf(name string, n int) int {
	h := fnv.New32a()
	h.Write([]byte(name))
	return int(h.Sum32()%uint32(n)) + 1
}

// parseShard reads -shard's "i/n".
func parseShard(s string) (i, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	if ok {
		i, err = strconv.Atoi(a)
		if err == nil {
			n, err = strconv.Atoi(b)
		}
	}
	if !ok || err != nil || n < 1 || i < 1 || i > n {
		return 0, 0, fmt.Errorf("pbcc gen: -shard %q: want i/n with 1 <= i <= n, as 2/4", s)
	}
	return i, n, nil
}

// funcOrder returns the functions of each source file of p, in source
// order: those lowered and those searched on the real code only.
func funcOrder(p *ssaexec.Package) map[string][]string {
	type decl struct {
		pos  ir.Pos
		name string
	}
	byFile := map[string][]decl{}
	for _, f := range p.Funcs {
		byFile[f.File] = append(byFile[f.File], decl{f.IR.Pos, shortName(f.IR)})
	}
	for _, s := range p.Skipped {
		byFile[s.File] = append(byFile[s.File], decl{s.IR.Pos, shortName(s.IR)})
	}
	order := map[string][]string{}
	for f, ds := range byFile {
		sort.SliceStable(ds, func(i, j int) bool {
			return ds[i].pos.Line < ds[j].pos.Line || ds[i].pos.Line == ds[j].pos.Line && ds[i].pos.Col < ds[j].pos.Col
		})
		for _, d := range ds {
			order[f] = append(order[f], d.name)
		}
	}
	return order
}

// refreshFiles brings the generated files of p up to date where no
// search is needed: the kept functions' branches that moved get their
// new positions in the header (pbcc check matches branches by
// position), and the tables of functions no longer in their source file
// go. A file with nothing to change is not touched. pinned are source
// files that had functions now pinned (pin.go): their tables go too,
// even when no function of theirs is left.
func refreshFiles(p *ssaexec.Package, kept []keptFunc, pinned []string) error {
	order := funcOrder(p)
	files := make([]string, 0, len(order))
	for f := range order {
		files = append(files, f)
	}
	for _, f := range pinned {
		if _, ok := order[f]; !ok {
			files = append(files, f)
		}
	}
	sort.Strings(files)
	files = slices.Compact(files)
	for _, f := range files {
		path := emit.TestFileName(f)
		data, err := os.ReadFile(path)
		if err != nil || !emit.IsGenerated(data) {
			continue
		}
		var here []keptFunc
		for _, k := range kept {
			if k.file == f {
				here = append(here, k)
			}
		}
		out := moveClaims(data, here)
		gf, err := parseGenFile(path, out)
		if err != nil {
			continue // said when its tables are merged, if they are
		}
		if slices.ContainsFunc(gf.names, func(n string) bool { return !slices.Contains(order[f], n) }) {
			var tables []genTable
			for _, n := range order[f] {
				if t, ok := gf.tables[n]; ok {
					tables = append(tables, t)
				}
			}
			if out, err = assemble(gf.preamble, gf.pkg, tables, gf.usedHelpers(tables)); err != nil {
				return fmt.Errorf("%s: taking out the tables of functions gone: %w", path, err)
			}
		}
		if bytes.Equal(out, data) {
			continue
		}
		if err := emit.Write(path, out); err != nil {
			return err
		}
	}
	return nil
}

// reportKept prints the summary of each kept function, from what its
// table's header says.
func reportKept(cfg *genConfig, p *ssaexec.Package, kept []keptFunc, stdout io.Writer) {
	enc := json.NewEncoder(stdout)
	for _, k := range kept {
		c := k.claim
		s := funcSummary{Func: p.Name + "." + k.name, File: rel(k.file), Branches: c.Branches, Covered: c.Branches - len(c.NotCovered),
			UE: c.Goals, Tests: c.Cases, ForMutants: c.ForMutants, Unchanged: true, NoCase: c.NoCase}
		if c.RealOnly {
			// Its branches are the measurement's, which a kept table
			// does not run: not "0/0 branches (100%)".
			s.NotMeasured = "searched on the real code only, and its tests were not run again (pbcc check measures them)"
		}
		for _, u := range c.NotCovered {
			pos := "-"
			if u.File != "" {
				pos = fmt.Sprintf("%s:%d:%d", u.File, u.Line, u.Col)
				if to, ok := k.moved[pos]; ok {
					pos = to
				}
				pos = rel(filepath.Join(filepath.Dir(k.file), pos))
			}
			if strings.HasPrefix(u.Reason, "unreachable") {
				s.Unreachable++
			}
			s.NotCovered = append(s.NotCovered, notCovered{Pos: pos, Cond: u.Text, Outcome: u.Outcome, Reason: u.Reason})
		}
		s.Unknown = s.Branches - s.Covered - s.Unreachable
		printSummary(cfg, s, stdout, enc)
	}
}

// count says "1 function", "3 functions".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// cHashLine records a C unit's content hash in its harness's header,
// after the command line.
var cHashLine = regexp.MustCompile(`^/\* pbcc:hash ([0-9a-f]+) \*/$`)

// cClaimHead reads a C harness's summary line of one function.
var cClaimHead = regexp.MustCompile(`^/\* pbcc: (\S+): (\d+) branches, (\d+) covered, (\d+) unreachable; (\d+) goals, (\d+) cases \*/$`)

// cUnitHash returns the content hash of the C unit at abs: a C harness
// is written whole, so its hash covers what decides any of its tables:
// the unit's text, the headers beside it (what #include "..." may read),
// -func and the options.
func cUnitHash(cfg *genConfig, abs string) (string, error) {
	src, err := os.ReadFile(abs)
	if err != nil {
		return "", err
	}
	sum := sha256.New()
	fmt.Fprintf(sum, "%s\nfunc=%v\n%d\n", optionsKey(cfg), cfg.funcRE, len(src))
	if len(cfg.includes) > 0 {
		// As given, not absolute: the same unit copied elsewhere
		// (another checkout, a CI runner) has the same hash.
		fmt.Fprintf(sum, "I=%q\n", cfg.includes)
	}
	sum.Write(src)
	headers, err := filepath.Glob(filepath.Join(filepath.Dir(abs), "*.h"))
	if err != nil {
		return "", err
	}
	sort.Strings(headers)
	for _, h := range headers {
		data, err := os.ReadFile(h)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(sum, "%s\n%d\n", filepath.Base(h), len(data))
		sum.Write(data)
	}
	return hex.EncodeToString(sum.Sum(nil))[:16], nil
}

// stampCHash adds the unit's hash line to the header of a C harness,
// after its first comments (the generated mark, the command).
func stampCHash(content []byte, hash string) []byte {
	lines := strings.SplitAfter(string(content), "\n")
	at := 0
	for at < len(lines) && at < 2 && strings.HasPrefix(lines[at], "/* ") && strings.HasSuffix(lines[at], "*/\n") {
		at++
	}
	line := "/* pbcc:hash " + hash + " */\n"
	return []byte(strings.Join(lines[:at], "") + line + strings.Join(lines[at:], ""))
}

// keptC reports whether the harness of the C unit at abs was made from
// the unit as it is (its hash line says hash), and if so prints the
// summaries its header records: the unit is not searched, built or run.
func keptC(cfg *genConfig, abs, harness, hash string, stdout, stderr io.Writer) bool {
	if cfg.force {
		return false
	}
	data, err := os.ReadFile(harness)
	if err != nil || !bytes.HasPrefix(data, []byte("/* Code generated by pbcc. DO NOT EDIT. */")) {
		return false
	}
	var sums []funcSummary
	recorded := ""
	for _, l := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(l, "/*") {
			break
		}
		if m := cHashLine.FindStringSubmatch(l); m != nil {
			recorded = m[1]
		}
		if m := cClaimHead.FindStringSubmatch(l); m != nil {
			var n [5]int
			for i := range n {
				n[i], _ = strconv.Atoi(m[2+i])
			}
			sums = append(sums, funcSummary{Func: m[1], File: rel(abs), Branches: n[0], Covered: n[1], Unreachable: n[2],
				Unknown: max(0, n[0]-n[1]-n[2]), UE: n[3], Tests: n[4], Unchanged: true})
		}
	}
	if recorded != hash {
		return false
	}
	fmt.Fprintf(stderr, "pbcc: %s: unchanged (the unit, the headers beside it, options) since %s was made: kept; nothing searched, built or run (-force searches it again)\n",
		rel(abs), rel(harness))
	enc := json.NewEncoder(stdout)
	for _, s := range sums {
		printSummary(cfg, s, stdout, enc)
	}
	return true
}
