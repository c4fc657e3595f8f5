package emit

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/pbcc/pbcc/gen/ir"
)

// Literal returns the Go source of the value l of type t, written as a
// person would write it in a test table: decimal integers (-3), or the
// name of a constant of the literal's named type (time.Saturday), true and
// false, arrays as composite literals ([2]int{1, 2}, Vec{1, 2}, with the
// element types elided in nested ones: [2][2]int{{1, 2}, {3, 4}}).
//
// The literal is meant for a place whose type is already t (a field of a
// test table, an element of an array), so constants are left untyped. qual
// qualifies the names of types as types.TypeString does.
//
// It fails, naming the type, for a type it cannot write yet and for a
// literal that does not fit t.
func Literal(t types.Type, l ir.Literal, qual types.Qualifier) (string, error) {
	var b strings.Builder
	if err := writeLiteral(&b, t, l, qual, false); err != nil {
		return "", err
	}
	return b.String(), nil
}

// writeLiteral writes l to b. When elide is set, the composite literal is
// an element of another one and its type is left out.
func writeLiteral(b *strings.Builder, t types.Type, l ir.Literal, qual types.Qualifier, elide bool) error {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		info := u.Info()
		switch {
		case info&types.IsBoolean != 0:
			if _, ok := l.T.(ir.Bool); !ok {
				return mismatch(t, l, qual)
			}
			b.WriteString(strconv.FormatBool(l.Bool()))
			return nil
		case info&types.IsInteger != 0:
			it, ok := l.T.(ir.Int)
			if !ok {
				return mismatch(t, l, qual)
			}
			s, err := intLiteral(u, it, l.Bits)
			if err != nil {
				return fmt.Errorf("literal of type %s: %w", types.TypeString(t, qual), err)
			}
			if name, ok := constName(t, s, qual); ok {
				s = name
			}
			b.WriteString(s)
			return nil
		}
	case *types.Array:
		at, ok := l.T.(ir.Array)
		if !ok || int64(at.Len) != u.Len() || int64(len(l.Elems)) != u.Len() {
			return mismatch(t, l, qual)
		}
		if !elide {
			b.WriteString(types.TypeString(t, qual))
		}
		b.WriteByte('{')
		if isZero(l) {
			b.WriteByte('}')
			return nil
		}
		// Long arrays with few non-zero elements are written keyed:
		// [16]int{3: 7}.
		nonZero := 0
		for _, e := range l.Elems {
			if !isZero(e) {
				nonZero++
			}
		}
		keyed := len(l.Elems) > 8 && 2*nonZero < len(l.Elems)
		first := true
		for i, e := range l.Elems {
			if keyed && isZero(e) {
				continue
			}
			if !first {
				b.WriteString(", ")
			}
			first = false
			if keyed {
				fmt.Fprintf(b, "%d: ", i)
			}
			if err := writeLiteral(b, u.Elem(), e, qual, true); err != nil {
				return err
			}
		}
		b.WriteByte('}')
		return nil
	}
	return fmt.Errorf("cannot write a literal of type %s yet", types.TypeString(t, qual))
}

func mismatch(t types.Type, l ir.Literal, qual types.Qualifier) error {
	var lt string
	if l.T != nil {
		lt = l.T.String()
	}
	return fmt.Errorf("literal %v of IR type %q does not fit Go type %s", l, lt, types.TypeString(t, qual))
}

// intLiteral returns the decimal form of the integer held in x (of IR type
// it), checking that it fits the Go type u.
func intLiteral(u *types.Basic, it ir.Int, x uint64) (string, error) {
	size := goIntBits(u.Kind())
	if u.Info()&types.IsUnsigned != 0 {
		x &= it.Mask()
		if size < 64 && x>>uint(size) != 0 {
			return "", fmt.Errorf("%d overflows %d bits", x, size)
		}
		return strconv.FormatUint(x, 10), nil
	}
	v := ir.SignExtend(x&it.Mask(), it.Bits)
	if size < 64 {
		lo, hi := -int64(1)<<uint(size-1), int64(1)<<uint(size-1)-1
		if v < lo || v > hi {
			return "", fmt.Errorf("%d overflows %d bits", v, size)
		}
	}
	return strconv.FormatInt(v, 10), nil
}

// goIntBits returns the width of an integer kind; int, uint and uintptr
// are taken as 64 bits, as pbcc's Go lowering does.
func goIntBits(k types.BasicKind) int {
	switch k {
	case types.Int8, types.Uint8:
		return 8
	case types.Int16, types.Uint16:
		return 16
	case types.Int32, types.Uint32:
		return 32
	}
	return 64
}

// constName returns the name of the constant of the named type t whose
// value is the decimal dec, as in time.Saturday or Red, when t's package
// declares one the test can refer to (the first declared, if several).
func constName(t types.Type, dec string, qual types.Qualifier) (string, bool) {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return "", false
	}
	pkg := named.Obj().Pkg()
	prefix := ""
	if q := qual(pkg); q != "" {
		prefix = q + "."
	}
	v := constant.MakeFromLiteral(dec, token.INT, 0)
	var best *types.Const
	for _, name := range pkg.Scope().Names() {
		c, ok := pkg.Scope().Lookup(name).(*types.Const)
		if !ok || (prefix != "" && !c.Exported()) || name == "_" || !types.Identical(c.Type(), t) ||
			!constant.Compare(c.Val(), token.EQL, v) {
			continue
		}
		if best == nil || c.Pos() < best.Pos() {
			best = c
		}
	}
	if best == nil {
		return "", false
	}
	return prefix + best.Name(), true
}

// isZero reports whether l is the zero value of its type.
func isZero(l ir.Literal) bool {
	if l.Bits != 0 {
		return false
	}
	for _, e := range l.Elems {
		if !isZero(e) {
			return false
		}
	}
	return true
}
