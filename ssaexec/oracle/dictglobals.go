package oracle

import (
	"go/constant"
	"regexp/syntax"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// globalConsts returns the constants the package's initialisation stores
// into the package-level variables fn (and its function literals) read:
// the keys and values of a map literal, the elements of a slice or array
// literal, a plain constant. time.ParseDuration looks its units up in
// unitMap; without "ms" and "h" among the words the search splices in, no
// input it made got past the unit, and every case was an error.
//
// The patterns of the regular expressions compiled into those variables
// (var expandVarRegex = regexp.MustCompile(`(\\)?(\$)...`)) are returned
// too: the characters they match are what an input needs to match them.
func globalConsts(fn *ssa.Function) (consts []*ssa.Const, patterns []string) {
	read := map[*ssa.Global]bool{}
	var walk func(f *ssa.Function)
	walk = func(f *ssa.Function) {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				for _, op := range in.Operands(nil) {
					if g, ok := (*op).(*ssa.Global); ok {
						read[g] = true
					}
				}
			}
		}
		for _, a := range f.AnonFuncs {
			walk(a)
		}
	}
	walk(fn)
	if len(read) == 0 || fn.Pkg == nil {
		return nil, nil
	}
	init := fn.Pkg.Func("init")
	if init == nil {
		return nil, nil
	}
	// The package's init runs the variables' initialisers, then each
	// init function of the source (init#1, ...), which may fill them.
	inits := []*ssa.Function{init}
	for _, b := range init.Blocks {
		for _, in := range b.Instrs {
			if c, ok := in.(*ssa.Call); ok {
				if f := c.Call.StaticCallee(); f != nil && f.Pkg == fn.Pkg && strings.HasPrefix(f.Name(), "init#") {
					inits = append(inits, f)
				}
			}
		}
	}
	// The values that become (part of) a variable read: what is stored
	// into it, and, going back, the maps, slices and arrays built for
	// that. Two passes reach an array behind a slice behind a store.
	into := map[ssa.Value]bool{}
	for g := range read {
		into[g] = true
	}
	var out []*ssa.Const
	seen := map[ssa.Instruction]bool{}
	add := func(v ssa.Value) {
		if c, ok := v.(*ssa.Const); ok && c.Value != nil {
			out = append(out, c)
		}
	}
	for changed := true; changed; {
		changed = false
		mark := func(v ssa.Value) {
			if v != nil && !into[v] {
				into[v] = true
				changed = true
			}
		}
		for _, b := range blocks(inits) {
			for _, in := range b.Instrs {
				switch in := in.(type) {
				case *ssa.Store:
					if !into[in.Addr] && !into[base(in.Addr)] {
						continue
					}
					mark(in.Val)
					if !seen[in] {
						seen[in] = true
						add(in.Val)
					}
				case *ssa.MapUpdate:
					if into[in.Map] && !seen[in] {
						seen[in] = true
						add(in.Key)
						add(in.Value)
					}
				case *ssa.Slice:
					if into[in] {
						mark(in.X)
					}
				case *ssa.MakeInterface:
					if into[in] {
						mark(in.X)
					}
				case *ssa.Call:
					if pat, ok := regexpPattern(in.Common()); ok && into[in] && !seen[in] {
						seen[in] = true
						patterns = append(patterns, pat)
					}
				}
			}
		}
	}
	return out, patterns
}

// regexpPattern returns the pattern of call, when it is regexp.Compile,
// MustCompile, CompilePOSIX or MustCompilePOSIX of a constant.
func regexpPattern(call *ssa.CallCommon) (string, bool) {
	callee := call.StaticCallee()
	if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg.Path() != "regexp" || callee.Signature.Recv() != nil || len(call.Args) != 1 {
		return "", false
	}
	switch callee.Name() {
	case "Compile", "MustCompile", "CompilePOSIX", "MustCompilePOSIX":
	default:
		return "", false
	}
	c, ok := call.Args[0].(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(c.Value), true
}

// regexpChars returns the ASCII characters a regular expression's
// literals and classes match (the first of each range of a class), in
// the order they appear: \$, {, ( and A of `(\\)?(\$)(\()?\{?([A-Z0-9_]+)?`.
func regexpChars(pattern string) []byte {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil
	}
	var out []byte
	var walk func(re *syntax.Regexp)
	walk = func(re *syntax.Regexp) {
		switch re.Op {
		case syntax.OpLiteral:
			for _, r := range re.Rune {
				if r > 0 && r < 0x80 {
					out = append(out, byte(r))
				}
			}
		case syntax.OpCharClass:
			for i := 0; i+1 < len(re.Rune); i += 2 {
				if r := re.Rune[i]; r > 0 && r < 0x80 {
					out = append(out, byte(r))
				}
			}
		}
		for _, sub := range re.Sub {
			walk(sub)
		}
	}
	walk(re)
	return out
}

// blocks returns the blocks of fns, in order.
func blocks(fns []*ssa.Function) []*ssa.BasicBlock {
	var bs []*ssa.BasicBlock
	for _, f := range fns {
		bs = append(bs, f.Blocks...)
	}
	return bs
}

// base returns the array, slice or struct an element or field address
// points into, or nil.
func base(addr ssa.Value) ssa.Value {
	switch a := addr.(type) {
	case *ssa.IndexAddr:
		return a.X
	case *ssa.FieldAddr:
		return a.X
	}
	return nil
}
