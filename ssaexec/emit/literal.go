package emit

import (
	"cmp"
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"go/version"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/ssaexec"
)

// Literal returns the Go source of the value l of type t, written as a
// person would write it in a test table:
//
//   - integers in decimal (-3), or the name of a constant of the literal's
//     named type (time.Saturday); a value of type exactly rune or byte
//     that is printable as a character literal ('a', '\n'), else decimal
//     (rune) or hexadecimal (byte: 0xff); true and false;
//   - floats in their shortest form (0.1, 1e+21), math.NaN(), math.Inf(1),
//     math.Inf(-1), math.Copysign(0, -1) for -0, converted when the type
//     is not float64 (float32(math.NaN()));
//   - strings quoted ("a\tb"), or in backquotes when they hold quotes or
//     backslashes and nothing a backquoted string cannot show (`say "hi"`);
//   - arrays, slices, structs and maps as composite literals, with the
//     types of nested literals elided ([2][2]int{{1, 2}, {3, 4}},
//     []Point{{X: 1}}), struct fields by name with zero fields left out
//     (Point{X: 1}), long arrays keyed when mostly zero ([10]int{3: 7}),
//     map entries sorted by key; a nil slice or map is nil, an empty one
//     []int{}; a byte slice that is printable text is []byte("xy"),
//     otherwise []byte{0x00, 0xff};
//   - pointers as &T{...}, new(5) or new(int8(5)) (Go 1.26; before it
//     func() *int { v := int(5); return &v }()), or nil; a pointer to a
//     slice written as a conversion or a call as new([]byte("xy"))
//     (before Go 1.26 func() *[]byte { v := []byte("xy"); return &v }());
//     a bytes.Buffer as bytes.NewBufferString("unread bytes") (a value:
//     *bytes.NewBufferString(...)), a *strings.Builder with what it holds
//     written into a new one; a big.Int as big.NewInt(n) (a value:
//     *big.NewInt(n); past 64 bits parsed from its digits); a time.Time
//     in UTC as time.Unix(sec, nsec).UTC();
//   - function values by their name (Trityp, strings.ToUpper), a method
//     of the package as a method expression ((*V).Less), a stub as a func
//     literal returning its values (func(int) int { return 3 }), or nil;
//   - error values as errors.New("message"), or nil;
//   - other interface values as the value they hold, written with its
//     type (Circle{R: 2}, &Square{}, int(3)), or nil (see iface.go);
//   - a reflect.Value (an interface literal of the values it may hold:
//     ssaexec/lowersig.go) as reflect.ValueOf(visit{v: 2}), or
//     reflect.Value{} for the zero Value.
//
// The literal is meant for a place whose type is already t (a field of a
// test table, an element of an array), so constants are left untyped. qual
// qualifies the names of types and packages as types.TypeString does; a
// package it leaves unqualified that is not the one of the type (math,
// errors) keeps its own name.
//
// A pointer graph in which an object is pointed to twice, or which has a
// cycle, is not one expression: Literal fails on it (see the tests'
// constructors, in emit.go). It fails, naming the type, for a type it
// cannot write and for a literal that does not fit t.
//
// Literal reads a map as Nil (nil map) or Elems holding one {key, value}
// pair (a Literal whose Elems are the two) per entry, and an error value
// as Nil or, when T is nil and Str is empty, as nil; otherwise as an
// error whose message is Str. An interface value is Nil, or Bits the tag
// of its dynamic type in T (an *ir.Interface) and Elems[0] the value.
func Literal(t types.Type, l ir.Literal, qual types.Qualifier) (string, error) {
	o := newObjects()
	o.walk(t, l)
	if len(o.shared()) > 0 {
		return "", fmt.Errorf("cannot write a literal of type %s as one expression: an object is pointed to twice or in a cycle",
			types.TypeString(t, qual))
	}
	w := &litWriter{qual: qual}
	return w.literal(t, l)
}

// A litWriter writes the literals of one table.
type litWriter struct {
	qual types.Qualifier
	pkg  *types.Package // the package under test; nil when unknown
	// state is the name of the file's fmt.State type (state.go); ""
	// when unknown.
	state string
	// returned are the constants the function returns by name: a result
	// equal to one of them is written as it (returnedConst).
	returned []*types.Const

	// names are the objects that are declared as variables before the
	// table; declared says which are declared so far. A pointer to a
	// named object not yet declared is written nil and set afterwards by
	// one of fixups.
	names    map[*ir.Literal]string
	declared map[*ir.Literal]bool
	fixups   []string

	// compared says that the values written are ones cmp.Diff compares
	// (results, parameters after the call), not inputs.
	compared bool
}

func (w *litWriter) literal(t types.Type, l ir.Literal) (string, error) {
	var b strings.Builder
	if err := w.write(&b, t, l, false, place{}); err != nil {
		return "", err
	}
	return b.String(), nil
}

// A place is where a value being written lives, as an expression that can
// be assigned to, for the fixups: expr (ok set), or *inner when deref is
// set (a value pointed to). The zero place is not addressable.
type place struct {
	expr, inner string
	ok, deref   bool
}

func (p place) String() string {
	if p.deref {
		return "*" + p.inner
	}
	return p.expr
}

// field returns the place of field name of the struct at p.
func (p place) field(name string) place {
	switch {
	case p.deref:
		return place{expr: p.inner + "." + name, ok: true}
	case p.ok:
		return place{expr: p.expr + "." + name, ok: true}
	}
	return place{}
}

// index returns the place of element i of the array (or slice) at p.
func (p place) index(i int, slice bool) place {
	switch {
	case p.deref && slice:
		return place{expr: "(*" + p.inner + ")[" + strconv.Itoa(i) + "]", ok: true}
	case p.deref:
		return place{expr: p.inner + "[" + strconv.Itoa(i) + "]", ok: true}
	case p.ok:
		return place{expr: p.expr + "[" + strconv.Itoa(i) + "]", ok: true}
	}
	return place{}
}

// pointee returns the place of what the pointer at p points to.
func (p place) pointee() place {
	if !p.ok && !p.deref {
		return place{}
	}
	return place{inner: p.String(), deref: true}
}

// pkgName returns the name a package is referred to by in the file.
func (w *litWriter) pkgName(path, name string) string {
	if q := w.qual(types.NewPackage(path, name)); q != "" {
		return q
	}
	return name
}

// write writes l to b. When elide is set, the composite literal is an
// element of another one and its type is left out; at is where the value
// lives (for the fixups of pointers to objects declared later).
func (w *litWriter) write(b *strings.Builder, t types.Type, l ir.Literal, elide bool, at place) error {
	if isError(t) {
		return w.writeError(b, t, l)
	}
	if isIface(t) {
		return w.writeIface(b, t, l, at)
	}
	if ssaexec.IsReflectValue(t) {
		return w.writeReflectValue(b, t, l)
	}
	if sec, nsec, utc, ok := unixTime(t, l); ok && !isZero(t, l) && (utc || w.compared) {
		// A time.Time: its fields are not exported. One in the Local
		// location is written only where cmp.Diff compares it, with its
		// Equal method, whatever the zone of the machine the test runs
		// on: a function given it could depend on that zone.
		fmt.Fprintf(b, "%s.Unix(%d, %d)", w.pkgName("time", "time"), sec, nsec)
		if utc {
			b.WriteString(".UTC()")
		}
		return nil
	}
	if n, ok := bigInt(t, l); ok {
		// A big.Int: its fields are not exported; a copy of a new one
		// holds the same number.
		b.WriteString("*")
		w.writeBigInt(b, n)
		return nil
	}
	if text, ok := bufioReader(t, l); ok {
		// Its fields are bufio's; a copy of a new one reads the same.
		w.writeBufioReader(b, text, true)
		return nil
	}
	if text, kind, ok := stdBuffer(t, l); ok {
		// A buffer of the standard library: its fields are not
		// exported, its constructor is.
		if isZero(t, l) {
			b.WriteString(types.TypeString(t, w.qual) + "{}")
			return nil
		}
		if kind == "strings.Builder" {
			// Copying a Builder that holds bytes makes its next write panic.
			return fmt.Errorf("cannot write a literal of type %s holding %q (a Builder must not be copied)", types.TypeString(t, w.qual), text)
		}
		fmt.Fprintf(b, "*%s.NewBufferString(%s)", w.pkgName("bytes", "bytes"), quote(text))
		return nil
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		s, _, err := w.scalar(t, u, l)
		if err != nil {
			return err
		}
		b.WriteString(s)
		return nil
	case *types.Array:
		if _, ok := l.T.(ir.Array); (!ok && l.T != nil) || int64(len(l.Elems)) != u.Len() {
			return mismatch(t, l, w.qual)
		}
		if !elide {
			b.WriteString(types.TypeString(t, w.qual))
		}
		b.WriteByte('{')
		if isZero(t, l) {
			b.WriteByte('}')
			return nil
		}
		// Long arrays with few non-zero elements are written keyed:
		// [16]int{3: 7}.
		nonZero := 0
		for _, e := range l.Elems {
			if !isZero(u.Elem(), e) {
				nonZero++
			}
		}
		keyed := len(l.Elems) > 8 && 2*nonZero < len(l.Elems)
		first := true
		for i, e := range l.Elems {
			if keyed && isZero(u.Elem(), e) {
				continue
			}
			if !first {
				b.WriteString(", ")
			}
			first = false
			if keyed {
				fmt.Fprintf(b, "%d: ", i)
			}
			if err := w.write(b, u.Elem(), e, true, at.index(i, false)); err != nil {
				return err
			}
		}
		b.WriteByte('}')
		return nil
	case *types.Slice:
		if _, ok := l.T.(ir.Slice); !ok && l.T != nil {
			return mismatch(t, l, w.qual)
		}
		if l.Nil {
			b.WriteString("nil")
			return nil
		}
		if l.Cap > len(l.Elems) {
			// Room past the length is part of the input: an empty slice
			// of that capacity, with the elements appended.
			if len(l.Elems) == 0 {
				fmt.Fprintf(b, "make(%s, 0, %d)", types.TypeString(t, w.qual), l.Cap)
				return nil
			}
			fmt.Fprintf(b, "append(make(%s, 0, %d), ", types.TypeString(t, w.qual), l.Cap)
			short := l
			short.Cap = 0
			if err := w.write(b, t, short, false, at); err != nil {
				return err
			}
			b.WriteString("...)")
			return nil
		}
		if s, ok := byteString(u, l); ok {
			// A conversion cannot be elided, nor can make.
			if len(s) >= longBytes && strings.Count(s, "\x00") == len(s) {
				fmt.Fprintf(b, "make(%s, %d)", types.TypeString(t, w.qual), len(s))
				return nil
			}
			// A prefix, then zeros (a magic number and a zero state):
			// the zeros made, not spelt.
			if head := strings.TrimRight(s, "\x00"); len(s)-len(head) >= longBytes && types.Identical(t, types.NewSlice(types.Typ[types.Byte])) {
				fmt.Fprintf(b, "append([]byte(%s), make([]byte, %d)...)", quote(head), len(s)-len(head))
				return nil
			}
			fmt.Fprintf(b, "%s(%s)", types.TypeString(t, w.qual), quote(s))
			return nil
		}
		if !elide {
			b.WriteString(types.TypeString(t, w.qual))
		}
		b.WriteByte('{')
		bin := isByte(u.Elem())
		for i, e := range l.Elems {
			if i > 0 {
				b.WriteString(", ")
			}
			if _, ok := e.T.(ir.Int); bin && ok {
				// Binary data: every byte in hexadecimal.
				fmt.Fprintf(b, "0x%02x", byte(e.Bits))
				continue
			}
			if err := w.write(b, u.Elem(), e, true, at.index(i, true)); err != nil {
				return err
			}
		}
		b.WriteByte('}')
		return nil
	case *types.Struct:
		if _, ok := l.T.(*ir.Struct); (!ok && l.T != nil) || len(l.Elems) != u.NumFields() {
			return mismatch(t, l, w.qual)
		}
		if !elide {
			b.WriteString(types.TypeString(t, w.qual))
		}
		b.WriteByte('{')
		first := true
		for i := range u.NumFields() {
			f := u.Field(i)
			if isZero(f.Type(), l.Elems[i]) {
				continue
			}
			var fb strings.Builder
			if err := w.write(&fb, f.Type(), l.Elems[i], false, at.field(f.Name())); err != nil {
				return err
			}
			if fb.String() == "nil" {
				continue // set by a fixup
			}
			if !f.Exported() && w.qual(f.Pkg()) != "" {
				return fmt.Errorf("cannot write a literal of type %s: its field %s is not exported",
					types.TypeString(t, w.qual), f.Name())
			}
			if !first {
				b.WriteString(", ")
			}
			first = false
			b.WriteString(f.Name() + ": " + fb.String())
		}
		b.WriteByte('}')
		return nil
	case *types.Pointer:
		return w.writePointer(b, t, u, l, elide, at)
	case *types.Map:
		return w.writeMap(b, t, u, l, elide)
	case *types.Signature:
		return w.writeFunc(b, t, l)
	case *types.Chan:
		// ssaexec's signature type of a channel: nil, the only value
		// the search on the real code gives it.
		if _, ok := l.T.(ir.Pointer); ok && l.Ref == nil {
			b.WriteString("nil")
			return nil
		}
	}
	return fmt.Errorf("cannot write a literal of type %s yet", types.TypeString(t, w.qual))
}

// scalar returns the literal of a boolean, number or string, and whether
// the expression is typed (a named constant or a conversion) rather than
// an untyped constant.
func (w *litWriter) scalar(t types.Type, u *types.Basic, l ir.Literal) (string, bool, error) {
	info := u.Info()
	switch {
	case info&types.IsBoolean != 0:
		if _, ok := l.T.(ir.Bool); !ok {
			return "", false, mismatch(t, l, w.qual)
		}
		return strconv.FormatBool(l.Bool()), false, nil
	case info&types.IsInteger != 0:
		it, ok := l.T.(ir.Int)
		if !ok {
			return "", false, mismatch(t, l, w.qual)
		}
		s, err := intLiteral(u, it, l.Bits)
		if err != nil {
			return "", false, fmt.Errorf("literal of type %s: %w", types.TypeString(t, w.qual), err)
		}
		if name, ok := constName(t, constant.MakeFromLiteral(s, token.INT, 0), w.qual); ok {
			return name, true, nil
		}
		if name, typed, ok := w.returnedConst(t, constant.MakeFromLiteral(s, token.INT, 0)); ok {
			return name, typed, nil
		}
		if c, ok := charLiteral(t, it, l.Bits); ok {
			return c, false, nil
		}
		return s, false, nil
	case info&types.IsFloat != 0:
		ft, ok := l.T.(ir.Float)
		if !ok {
			return "", false, mismatch(t, l, w.qual)
		}
		return w.floatLiteral(t, u, ft, l)
	case info&types.IsString != 0:
		if _, ok := l.T.(ir.String); !ok && l.T != nil {
			return "", false, mismatch(t, l, w.qual)
		}
		if name, ok := constName(t, constant.MakeString(l.Str), w.qual); ok {
			return name, true, nil
		}
		if name, typed, ok := w.returnedConst(t, constant.MakeString(l.Str)); ok {
			return name, typed, nil
		}
		return quote(l.Str), false, nil
	}
	return "", false, fmt.Errorf("cannot write a literal of type %s yet", types.TypeString(t, w.qual))
}

// floatLiteral writes a float: the shortest decimal form that reads back
// as the same value, or a call of package math for what no constant is.
func (w *litWriter) floatLiteral(t types.Type, u *types.Basic, ft ir.Float, l ir.Literal) (string, bool, error) {
	size := 64
	if u.Kind() == types.Float32 {
		size = 32
	}
	if ft.Bits != size {
		return "", false, mismatch(t, l, w.qual)
	}
	f := l.Float64()
	var call string
	// Package math is named (and so imported) only when a call of it is
	// written: an import the file does not use does not compile.
	m := func() string { return w.pkgName("math", "math") }
	switch {
	case math.IsNaN(f):
		call = m() + ".NaN()"
	case math.IsInf(f, 1):
		call = m() + ".Inf(1)"
	case math.IsInf(f, -1):
		call = m() + ".Inf(-1)"
	case f == 0 && math.Signbit(f):
		call = m() + ".Copysign(0, -1)"
	default:
		s := strconv.FormatFloat(f, 'g', -1, size)
		if name, ok := constName(t, constant.MakeFromLiteral(s, token.FLOAT, 0), w.qual); ok {
			return name, true, nil
		}
		return s, false, nil
	}
	if types.Identical(t, types.Typ[types.Float64]) {
		return call, true, nil
	}
	return types.TypeString(t, w.qual) + "(" + call + ")", true, nil
}

// charLiteral returns the character literal of x when t is exactly rune
// or byte: 'a', '\n'; a non-printable byte is written in hexadecimal.
func charLiteral(t types.Type, it ir.Int, x uint64) (string, bool) {
	b, ok := types.Unalias(t).(*types.Basic)
	if !ok || (b.Name() != "rune" && b.Name() != "byte") {
		return "", false
	}
	r := rune(ir.SignExtend(x&it.Mask(), it.Bits))
	if b.Name() == "byte" {
		r = rune(x & 0xff)
	}
	if printable(r) && (b.Name() == "rune" || r < utf8.RuneSelf) {
		return strconv.QuoteRune(r), true
	}
	if b.Name() == "byte" {
		return fmt.Sprintf("0x%02x", r), true
	}
	return "", false
}

// printable reports whether r reads well inside a quoted literal.
func printable(r rune) bool {
	return r == '\t' || r == '\n' || r == '\r' || (utf8.ValidRune(r) && unicode.IsPrint(r))
}

// quote returns s as a Go string literal: interpreted ("a\tb"), or raw
// (`C:\dir`, `say "hi"`) when s holds a quote or a backslash and a raw
// string shows it unchanged on one line.
func quote(s string) string {
	if strings.ContainsAny(s, `"\`) && strconv.CanBackquote(s) && !strings.Contains(s, "\t") {
		return "`" + s + "`"
	}
	return strconv.Quote(s)
}

// isByte reports whether t is exactly byte.
func isByte(t types.Type) bool {
	b, ok := types.Unalias(t).(*types.Basic)
	return ok && b.Name() == "byte"
}

// longBytes is the length from which a byte slice that is not printable
// text is still written as a string ([]byte("\x01\xff...")), or, all
// zeros, as make([]byte, n): shorter than a list of numbers, one per
// element (google/uuid's 16-byte and 36-byte inputs).
const longBytes = 8

// sliceCall reports whether write writes l, a literal of slice type u,
// as a call or a conversion rather than a composite literal: with room
// past its length (make, append), or as a string ([]byte("xy")).
func sliceCall(u *types.Slice, l ir.Literal) bool {
	if l.Nil {
		return false
	}
	if l.Cap > len(l.Elems) {
		return true
	}
	_, ok := byteString(u, l)
	return ok
}

// byteString returns the text of a byte slice (its elements exactly of
// type byte) when it is non-empty printable UTF-8, or longBytes long or
// more.
func byteString(u *types.Slice, l ir.Literal) (string, bool) {
	if !isByte(u.Elem()) || len(l.Elems) == 0 {
		return "", false
	}
	bs := make([]byte, len(l.Elems))
	for i, e := range l.Elems {
		if _, ok := e.T.(ir.Int); !ok {
			return "", false
		}
		bs[i] = byte(e.Bits)
	}
	if len(bs) >= longBytes {
		return string(bs), true
	}
	if !utf8.Valid(bs) {
		return "", false
	}
	for _, r := range string(bs) {
		if !printable(r) {
			return "", false
		}
	}
	return string(bs), true
}

// writePointer writes a pointer: nil, the name of a declared object,
// &T{...} or new(v).
func (w *litWriter) writePointer(b *strings.Builder, t types.Type, u *types.Pointer, l ir.Literal, elide bool, at place) error {
	if _, ok := l.T.(ir.Pointer); !ok && l.T != nil {
		return mismatch(t, l, w.qual)
	}
	if l.Ref == nil {
		b.WriteString("nil")
		return nil
	}
	if l.Offset != 0 {
		return fmt.Errorf("cannot write a pointer of type %s to element %d of an array", types.TypeString(t, w.qual), l.Offset)
	}
	if name, ok := w.names[l.Ref]; ok {
		if w.declared[l.Ref] {
			b.WriteString(name)
			return nil
		}
		if !at.ok && !at.deref {
			return fmt.Errorf("cannot write a pointer of type %s to an object declared later from here", types.TypeString(t, w.qual))
		}
		w.fixups = append(w.fixups, at.String()+" = "+name)
		b.WriteString("nil")
		return nil
	}
	if n, ok := bigInt(u.Elem(), *l.Ref); ok {
		w.writeBigInt(b, n)
		return nil
	}
	if text, ok := bufioReader(u.Elem(), *l.Ref); ok {
		w.writeBufioReader(b, text, false)
		return nil
	}
	if text, kind, ok := stdBuffer(u.Elem(), *l.Ref); ok {
		switch kind {
		case "bytes.Buffer":
			fmt.Fprintf(b, "%s.NewBufferString(%s)", w.pkgName("bytes", "bytes"), quote(text))
			return nil
		case "strings.Builder":
			sb := w.pkgName("strings", "strings")
			if text == "" {
				fmt.Fprintf(b, "new(%s.Builder)", sb)
				return nil
			}
			fmt.Fprintf(b, "func() *%s.Builder { b := new(%s.Builder); b.WriteString(%s); return b }()", sb, sb, quote(text))
			return nil
		}
	}
	return w.writeObject(b, u.Elem(), *l.Ref, elide, at.pointee())
}

// unixTime returns the Unix time, seconds and nanoseconds, that l holds
// when t is time.Time without a monotonic clock reading, in UTC (a nil
// location: what time.Unix(sec, nsec).UTC() makes) or in the Local
// location (what time.Unix(sec, nsec) makes); a time in another zone is
// not ok.
func unixTime(t types.Type, l ir.Literal) (sec, nsec int64, utc, ok bool) {
	if !isTime(t) {
		return 0, 0, false, false
	}
	st, isStruct := t.Underlying().(*types.Struct)
	if !isStruct || len(l.Elems) != st.NumFields() {
		return 0, 0, false, false
	}
	var wall uint64
	var ext int64
	utc = true
	for i := range st.NumFields() {
		e := l.Elems[i]
		switch f := st.Field(i); f.Name() {
		case "wall":
			wall = e.Bits
		case "ext":
			ext = int64(e.Bits)
		case "loc":
			if e.Ref != nil {
				if !localLocation(f.Type(), *e.Ref) {
					return 0, 0, false, false // another zone
				}
				utc = false
			}
		}
	}
	const hasMonotonic, nsecMask, unixToInternal = 1 << 63, 1<<30 - 1, 62135596800
	if wall&hasMonotonic != 0 {
		return 0, 0, false, false
	}
	return ext - unixToInternal, int64(wall & nsecMask), utc, true
}

// isTime reports whether t is time.Time.
func isTime(t types.Type) bool { return isPkgType(t, "time", "Time") }

// isPkgType reports whether t is the named type name of the package of
// import path path.
func isPkgType(t types.Type, path, name string) bool {
	n, isNamed := types.Unalias(t).(*types.Named)
	return isNamed && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

// localLocation reports whether l, of the type of time.Time's loc
// (*time.Location), is the location time.Local points to: named
// "Local" once the time package has read the machine's zone, and with no
// name and no zones before (it reads it when first asked).
func localLocation(t types.Type, l ir.Literal) bool {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	if !ok || len(l.Elems) != st.NumFields() {
		return false
	}
	var name string
	zones := false
	for i := range st.NumFields() {
		switch st.Field(i).Name() {
		case "name":
			name = l.Elems[i].Str
		case "zone":
			zones = len(l.Elems[i].Elems) > 0
		}
	}
	return name == "Local" || name == "" && !zones
}

// bigInt returns the number l holds when t is math/big.Int (whose fields,
// neg and abs, a test cannot write), read from its words.
func bigInt(t types.Type, l ir.Literal) (*big.Int, bool) {
	if !isPkgType(t, "math/big", "Int") {
		return nil, false
	}
	st, isStruct := t.Underlying().(*types.Struct)
	if !isStruct || len(l.Elems) != st.NumFields() {
		return nil, false
	}
	x, neg := new(big.Int), false
	for i := range st.NumFields() {
		e := l.Elems[i]
		switch st.Field(i).Name() {
		case "neg":
			neg = e.Bits != 0
		case "abs":
			for j := len(e.Elems) - 1; j >= 0; j-- { // least significant word first
				w, isInt := e.Elems[j].T.(ir.Int)
				if !isInt {
					return nil, false
				}
				x.Lsh(x, uint(w.Bits))
				x.Or(x, new(big.Int).SetUint64(e.Elems[j].Bits))
			}
		}
	}
	if neg {
		x.Neg(x)
	}
	return x, true
}

// writeBigInt writes a *big.Int holding n: big.NewInt(n), or the number
// parsed from its decimal digits when it does not fit an int64.
func (w *litWriter) writeBigInt(b *strings.Builder, n *big.Int) {
	pkg := w.pkgName("math/big", "big")
	if n.IsInt64() {
		fmt.Fprintf(b, "%s.NewInt(%d)", pkg, n.Int64())
		return
	}
	fmt.Fprintf(b, "func() *%s.Int { n, _ := new(%s.Int).SetString(%q, 10); return n }()", pkg, pkg, n.String())
}

// stdBuffer returns, when t is bytes.Buffer or strings.Builder (whose
// fields a test cannot write), the type's name and what l holds (a
// Buffer's unread bytes, a Builder's bytes); ok is false when t is
// neither or l does not hold what pbcc reads (its fields missing).
func stdBuffer(t types.Type, l ir.Literal) (text, kind string, ok bool) {
	n, isNamed := types.Unalias(t).(*types.Named)
	if !isNamed || n.Obj().Pkg() == nil {
		return "", "", false
	}
	switch path, name := n.Obj().Pkg().Path(), n.Obj().Name(); {
	case path == "bytes" && name == "Buffer", path == "strings" && name == "Builder":
		kind = path + "." + name
	default:
		return "", "", false
	}
	st, isStruct := n.Underlying().(*types.Struct)
	if !isStruct || len(l.Elems) != st.NumFields() {
		return "", kind, false
	}
	text, _, ok = unread(func(i int) string { return st.Field(i).Name() }, l.Elems)
	return text, kind, ok
}

// unread returns what a buffer's fields hold (named by name, their
// values elems) from its read offset on: the bytes of field buf (nil:
// none) after the offset in field off (none: 0). fields counts which of
// the two it has; ok is false when they hold something else.
func unread(name func(i int) string, elems []ir.Literal) (text string, fields int, ok bool) {
	var buf []byte
	var off int64
	for i, e := range elems {
		switch name(i) {
		case "buf":
			fields++
			if buf, ok = literalBytes(e); !ok {
				return "", fields, false
			}
		case "off":
			fields++
			off = e.Int64()
		}
	}
	if off < 0 || off > int64(len(buf)) {
		return "", fields, false
	}
	return string(buf[off:]), fields, true
}

// literalBytes returns the bytes of l, a []byte literal (none for nil),
// or false when an element is not an integer.
func literalBytes(l ir.Literal) ([]byte, bool) {
	var b []byte
	for _, x := range l.Elems {
		if _, isInt := x.T.(ir.Int); !isInt {
			return nil, false
		}
		b = append(b, byte(x.Bits))
	}
	return b, true
}

// bufioReader returns, when t is bufio.Reader (whose fields a test
// cannot write), the text a read of l gives: its buffered bytes, then
// what is left in the reader under it, which the search on the real
// code makes a *bytes.Buffer (ssaexec/oracle's driver). ok is false
// when t is another type or l holds a reader of another kind. A test
// writes such a reader bufio.NewReader(strings.NewReader(text)): the
// same text, read the same way.
func bufioReader(t types.Type, l ir.Literal) (text string, ok bool) {
	st, isStruct := t.Underlying().(*types.Struct)
	if !isPkgType(t, "bufio", "Reader") || !isStruct || len(l.Elems) != st.NumFields() {
		return "", false
	}
	var buf []byte
	var r, w int64
	var under string
	for i := range st.NumFields() {
		e := l.Elems[i]
		switch st.Field(i).Name() {
		case "buf":
			var isBytes bool
			if buf, isBytes = literalBytes(e); !isBytes {
				return "", false
			}
		case "r":
			r = e.Int64()
		case "w":
			w = e.Int64()
		case "rd":
			if e.Nil || e.Bits == 0 {
				continue // no reader under it: the buffered bytes only
			}
			if len(e.Elems) != 1 || e.Elems[0].Ref == nil {
				return "", false
			}
			text, isBuffer := BufferText(*e.Elems[0].Ref)
			if !isBuffer {
				return "", false
			}
			under = text
		}
	}
	if r < 0 || r > w || w > int64(len(buf)) {
		return "", false
	}
	return string(buf[r:w]) + under, true
}

// BufferText returns the unread bytes of l, a bytes.Buffer's value as
// the model types it (no types.Type at hand: the dynamic value of an
// interface), or false when l is not one. A test writes and compares a
// buffer by these bytes alone: a nil and an empty buf read the same.
func BufferText(l ir.Literal) (string, bool) {
	st, isStruct := l.T.(*ir.Struct)
	if !isStruct || st.Name != "Buffer" || len(st.Fields) != len(l.Elems) {
		return "", false
	}
	text, fields, ok := unread(func(i int) string { return st.Fields[i].Name }, l.Elems)
	return text, ok && fields == 2
}

// writeBufioReader writes a *bufio.Reader (or, deref, a bufio.Reader)
// reading text.
func (w *litWriter) writeBufioReader(b *strings.Builder, text string, deref bool) {
	if deref {
		b.WriteByte('*')
	}
	fmt.Fprintf(b, "%s.NewReader(%s.NewReader(%s))", w.pkgName("bufio", "bufio"), w.pkgName("strings", "strings"), quote(text))
}

// writeObject writes a pointer to a new object of type t holding l: &T{}
// for composite types (T elided when elide is set), new(v) otherwise, and
// for a slice written as a call or a conversion ([]byte("aaa"), make,
// append), which & cannot take the address of.
func (w *litWriter) writeObject(b *strings.Builder, t types.Type, l ir.Literal, elide bool, at place) error {
	u, isSlice := t.Underlying().(*types.Slice)
	switch t.Underlying().(type) {
	case *types.Struct, *types.Array, *types.Slice, *types.Map:
		if isSlice && sliceCall(u, l) || isTime(t) {
			break // a call: time.Unix(...)
		}
		// A pointer to a nil slice or map: &T(nil) does not compile
		// (pkg/errors' (*stack).StackTrace), and new(T) also stands
		// where a composite literal's & is elided.
		switch t.Underlying().(type) {
		case *types.Slice, *types.Map:
			if l.Nil {
				fmt.Fprintf(b, "new(%s)", types.TypeString(t, w.qual))
				return nil
			}
		}
		if !elide {
			b.WriteByte('&')
		}
		return w.write(b, t, l, elide, at)
	}
	if isZero(t, l) {
		fmt.Fprintf(b, "new(%s)", types.TypeString(t, w.qual))
		return nil
	}
	var vb strings.Builder
	if err := w.write(&vb, t, l, false, at); err != nil {
		return err
	}
	v := vb.String()
	if v == "nil" {
		// Set by a fixup.
		fmt.Fprintf(b, "new(%s)", types.TypeString(t, w.qual))
		return nil
	}
	if !w.newOfValue() {
		// new(v) needs Go 1.26; before it, a function literal gives the
		// pointer in one expression.
		ts := types.TypeString(t, w.qual)
		if isSlice || isTime(t) {
			// Typed already: []byte("aaa"), time.Unix(0, 0).
			fmt.Fprintf(b, "func() *%s { v := %s; return &v }()", ts, v)
			return nil
		}
		fmt.Fprintf(b, "func() *%s { v := %s(%s); return &v }()", ts, ts, v)
		return nil
	}
	if bu, ok := t.Underlying().(*types.Basic); ok && !defaultTyped(t, bu, v) {
		v = types.TypeString(t, w.qual) + "(" + v + ")"
	}
	fmt.Fprintf(b, "new(%s)", v)
	return nil
}

// newOfValue reports whether the test file may write new(v) with v a
// value: Go 1.26 and later, or a package whose language version is not
// known (the toolchain's then applies).
func (w *litWriter) newOfValue() bool {
	if w.pkg == nil || w.pkg.GoVersion() == "" {
		return true
	}
	return version.Compare(w.pkg.GoVersion(), "go1.26") >= 0
}

// defaultTyped reports whether v, the literal of a value of type t, has
// type t as the operand of new: a typed expression, or an untyped
// constant whose default type is t.
func defaultTyped(t types.Type, u *types.Basic, v string) bool {
	switch {
	case strings.HasPrefix(v, "'"):
		return t == types.Universe.Lookup("rune").Type()
	case strings.HasPrefix(v, `"`), strings.HasPrefix(v, "`"):
		return t == types.Typ[types.String]
	case v == "true" || v == "false":
		return t == types.Typ[types.Bool]
	case strings.HasSuffix(v, ")"):
		return true // math.NaN(), float32(...): typed already
	case !token.IsIdentifier(v) && !strings.Contains(v, "."): // a number
		if u.Info()&types.IsFloat != 0 {
			return t == types.Typ[types.Float64] && strings.ContainsAny(v, ".e")
		}
		return t == types.Typ[types.Int]
	}
	return true // a named constant
}

// writeMap writes a map literal, its entries sorted by key.
func (w *litWriter) writeMap(b *strings.Builder, t types.Type, u *types.Map, l ir.Literal, elide bool) error {
	if l.Nil {
		b.WriteString("nil")
		return nil
	}
	type entry struct {
		key, val string
		k        ir.Literal
	}
	entries := make([]entry, len(l.Elems))
	for i, e := range l.Elems {
		if len(e.Elems) != 2 {
			return mismatch(t, l, w.qual)
		}
		var kb, vb strings.Builder
		if err := w.write(&kb, u.Key(), e.Elems[0], true, place{}); err != nil {
			return err
		}
		if err := w.write(&vb, u.Elem(), e.Elems[1], true, place{}); err != nil {
			return err
		}
		entries[i] = entry{kb.String(), vb.String(), e.Elems[0]}
	}
	slices.SortStableFunc(entries, func(a, b entry) int { return compareKeys(u.Key(), a.k, b.k, a.key, b.key) })
	if !elide {
		b.WriteString(types.TypeString(t, w.qual))
	}
	b.WriteByte('{')
	for i, e := range entries {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(e.key + ": " + e.val)
	}
	b.WriteByte('}')
	return nil
}

// compareKeys orders map keys: numbers by value, strings and the rest by
// their text.
func compareKeys(t types.Type, a, b ir.Literal, as, bs string) int {
	if u, ok := t.Underlying().(*types.Basic); ok {
		switch info := u.Info(); {
		case info&types.IsFloat != 0:
			return cmp.Compare(a.Float64(), b.Float64())
		case info&types.IsUnsigned != 0:
			return cmp.Compare(a.Bits, b.Bits)
		case info&types.IsInteger != 0:
			return cmp.Compare(a.Int64(), b.Int64())
		case info&types.IsString != 0:
			return strings.Compare(a.Str, b.Str)
		}
	}
	return strings.Compare(as, bs)
}

// writeFunc writes a function value: its name, qualified when it is
// declared in another package than the one under test.
func (w *litWriter) writeFunc(b *strings.Builder, t types.Type, l ir.Literal) error {
	if _, ok := l.T.(*ir.Signature); !ok && l.T != nil {
		return mismatch(t, l, w.qual)
	}
	if l.Func == nil {
		b.WriteString("nil")
		return nil
	}
	if l.Func.IsStub() {
		return w.writeStub(b, t, l)
	}
	pkgName, name, ok := strings.Cut(l.Func.Name, ".")
	if ok && w.pkg != nil && pkgName == w.pkg.Name() {
		if expr, ok := w.methodExpr(t, name); ok {
			b.WriteString(expr)
			return nil
		}
	}
	if !ok || !token.IsIdentifier(name) {
		return fmt.Errorf("cannot write the function value %s of type %s: not a package-level function", l.Func.Name, types.TypeString(t, w.qual))
	}
	if w.pkg == nil || pkgName == w.pkg.Name() {
		if w.pkg != nil {
			if _, ok := w.pkg.Scope().Lookup(name).(*types.Func); !ok {
				return fmt.Errorf("cannot write the function value %s: no function %s in package %s", l.Func.Name, name, w.pkg.Path())
			}
		}
		b.WriteString(name)
		return nil
	}
	for _, imp := range w.pkg.Imports() {
		if imp.Name() != pkgName {
			continue
		}
		if f, ok := imp.Scope().Lookup(name).(*types.Func); ok && f.Exported() {
			b.WriteString(w.pkgName(imp.Path(), imp.Name()) + "." + name)
			return nil
		}
	}
	return fmt.Errorf("cannot write the function value %s: not a function the test can refer to", l.Func.Name)
}

// methodExpr returns the method expression, T.M or (*T).M, that writes
// the method "T.M" of the package as a value of type t: the model takes a
// method of the package, its receiver first, for a function parameter
// of the same signature.
func (w *litWriter) methodExpr(t types.Type, name string) (string, bool) {
	tname, mname, ok := strings.Cut(name, ".")
	if !ok || !token.IsIdentifier(tname) || !token.IsIdentifier(mname) {
		return "", false
	}
	tn, ok := w.pkg.Scope().Lookup(tname).(*types.TypeName)
	if !ok {
		return "", false
	}
	named, ok := tn.Type().(*types.Named)
	if !ok || named.TypeParams().Len() > 0 {
		return "", false
	}
	for m := range named.Methods() {
		if m.Name() != mname {
			continue
		}
		sig := m.Signature()
		vars := []*types.Var{sig.Recv()}
		for v := range sig.Params().Variables() {
			vars = append(vars, v)
		}
		expr := types.NewSignatureType(nil, nil, nil, types.NewTuple(vars...), sig.Results(), sig.Variadic())
		if !types.AssignableTo(expr, t) {
			return "", false
		}
		if _, ptr := sig.Recv().Type().(*types.Pointer); ptr {
			return "(*" + tname + ")." + mname, true
		}
		return tname + "." + mname, true
	}
	return "", false
}

// isError reports whether t is the error interface.
func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// errorIsNil reports whether l, a value of type error, is nil.
func errorIsNil(l ir.Literal) bool { return l.Nil || (l.T == nil && l.Str == "") }

// writeStub writes a stub function value (ir.NewStub) as the literal a
// person writes: func(int) bool { return true }.
func (w *litWriter) writeStub(b *strings.Builder, t types.Type, l ir.Literal) error {
	sig := t.Underlying().(*types.Signature)
	if sig.Results().Len() != len(l.Elems) {
		return fmt.Errorf("stub of type %s with %d results", types.TypeString(t, w.qual), len(l.Elems))
	}
	b.WriteString("func(")
	for i := range sig.Params().Len() {
		if i > 0 {
			b.WriteString(", ")
		}
		p := sig.Params().At(i).Type()
		if sig.Variadic() && i == sig.Params().Len()-1 {
			b.WriteString("..." + types.TypeString(p.(*types.Slice).Elem(), w.qual))
			continue
		}
		b.WriteString(types.TypeString(p, w.qual))
	}
	b.WriteString(")")
	switch n := sig.Results().Len(); {
	case n == 1:
		b.WriteString(" " + types.TypeString(sig.Results().At(0).Type(), w.qual))
	case n > 1:
		rs := make([]string, n)
		for i := range rs {
			rs[i] = types.TypeString(sig.Results().At(i).Type(), w.qual)
		}
		b.WriteString(" (" + strings.Join(rs, ", ") + ")")
	}
	if len(l.Elems) == 0 {
		b.WriteString(" {}")
		return nil
	}
	b.WriteString(" { return ")
	for i, r := range l.Elems {
		if i > 0 {
			b.WriteString(", ")
		}
		if err := w.write(b, sig.Results().At(i).Type(), r, false, place{}); err != nil {
			return err
		}
	}
	b.WriteString(" }")
	return nil
}

// writeError writes an error value: nil, the sentinel it is (ErrX,
// io.EOF), fmt.Errorf("ctx: %w", inner) for an error that wraps another,
// or errors.New("message").
func (w *litWriter) writeError(b *strings.Builder, t types.Type, l ir.Literal) error {
	if errorIsNil(l) {
		b.WriteString("nil")
		return nil
	}
	if l.Global != nil {
		if s, ok := w.sentinel(l.Global); ok {
			b.WriteString(s)
			return nil
		}
	}
	if l.Bits == 1 {
		// An error of the package's type, itself (ir.Literal).
		return w.writeTypedError(b, l)
	}
	if len(l.Elems) > 0 && strings.HasSuffix(l.Str, l.Elems[0].Str) {
		ctx := strings.TrimSuffix(l.Str, l.Elems[0].Str)
		fmt.Fprintf(b, "%s.Errorf(%s, ", w.pkgName("fmt", "fmt"), quote(strings.ReplaceAll(ctx, "%", "%%")+"%w"))
		if err := w.writeError(b, t, l.Elems[0]); err != nil {
			return err
		}
		b.WriteString(")")
		return nil
	}
	fmt.Fprintf(b, "%s.New(%s)", w.pkgName("errors", "errors"), quote(l.Str))
	return nil
}

// sentinel returns how the test refers to sentinel error g: by its name
// when the package under test declares it, qualified by its package for
// one of the standard library (ir.StdSentinel). It returns false for
// others, which are then written by their message.
func (w *litWriter) sentinel(g *ir.Global) (string, bool) {
	name := g.Ident()
	if path, ok := ir.StdSentinelPath(g); ok {
		pkg, n, _ := strings.Cut(name, ".")
		return w.pkgName(path, pkg) + "." + n, true
	}
	if w.pkg == nil {
		return "", false
	}
	if v, ok := w.pkg.Scope().Lookup(name).(*types.Var); ok && isError(v.Type()) {
		return name, true
	}
	return "", false
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
// value is v, as in time.Saturday or Red, when t's package declares one
// the test can refer to (the first declared, if several).
func constName(t types.Type, v constant.Value, qual types.Qualifier) (string, bool) {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || v.Kind() == constant.Unknown {
		return "", false
	}
	pkg := named.Obj().Pkg()
	// The best constant of any name and the best exported one; the
	// package is qualified (and so imported) only once one is found: an
	// import the file does not use does not compile.
	var best, exported *types.Const
	for _, name := range pkg.Scope().Names() {
		c, ok := pkg.Scope().Lookup(name).(*types.Const)
		if !ok || name == "_" || !types.Identical(c.Type(), t) ||
			c.Val().Kind() == constant.Unknown || !sameKind(c.Val(), v) || !constant.Compare(c.Val(), token.EQL, v) {
			continue
		}
		if best == nil || c.Pos() < best.Pos() {
			best = c
		}
		if c.Exported() && (exported == nil || c.Pos() < exported.Pos()) {
			exported = c
		}
	}
	if best == nil {
		return "", false
	}
	q := qual(pkg)
	if q == "" {
		return best.Name(), true
	}
	if exported == nil {
		return "", false
	}
	return q + "." + exported.Name(), true
}

func sameKind(a, b constant.Value) bool {
	num := func(k constant.Kind) bool { return k == constant.Int || k == constant.Float }
	return a.Kind() == b.Kind() || (num(a.Kind()) && num(b.Kind()))
}

// isZero reports whether l is the zero value of type t.
func isZero(t types.Type, l ir.Literal) bool {
	if isPkgType(t, "bufio", "Reader") {
		// Written bufio.NewReader of its text, even an empty one: a
		// zero Reader reads nothing, without an error, forever, and
		// the search on the real code gives it an empty text instead.
		return false
	}
	if isError(t) {
		return errorIsNil(l)
	}
	if isIface(t) || ssaexec.IsReflectValue(t) {
		return ifaceIsZero(l)
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			return l.Str == ""
		}
		return l.Bits == 0
	case *types.Pointer:
		return l.Ref == nil
	case *types.Slice, *types.Map:
		return l.Nil
	case *types.Signature:
		return l.Func == nil
	case *types.Array:
		for _, e := range l.Elems {
			if !isZero(u.Elem(), e) {
				return false
			}
		}
		return true
	case *types.Struct:
		for i, e := range l.Elems {
			if i < u.NumFields() && !isZero(u.Field(i).Type(), e) {
				return false
			}
		}
		return true
	}
	return l.Bits == 0 && l.Str == "" && l.Ref == nil && l.Func == nil && len(l.Elems) == 0
}

// ---- Pointer graphs ----

// objects finds, in values of the given types, the objects pointers point
// to, and how many pointers point to each.
type objects struct {
	refs  map[*ir.Literal]int
	types map[*ir.Literal]types.Type
	post  []*ir.Literal // in the order their walk ended: what they point to first
}

func newObjects() *objects {
	return &objects{refs: map[*ir.Literal]int{}, types: map[*ir.Literal]types.Type{}}
}

func (o *objects) walk(t types.Type, l ir.Literal) {
	if isError(t) || isTime(t) {
		// A time.Time is written as time.Unix(...): its location is
		// not an object of the test's.
		return
	}
	if isIface(t) || ssaexec.IsReflectValue(t) {
		o.walkIface(l)
		return
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		if l.Ref == nil {
			return
		}
		o.refs[l.Ref]++
		if o.refs[l.Ref] > 1 {
			return
		}
		o.types[l.Ref] = u.Elem()
		o.walk(u.Elem(), *l.Ref)
		o.post = append(o.post, l.Ref)
	case *types.Struct:
		for i, e := range l.Elems {
			if i < u.NumFields() {
				o.walk(u.Field(i).Type(), e)
			}
		}
	case *types.Array:
		for _, e := range l.Elems {
			o.walk(u.Elem(), e)
		}
	case *types.Slice:
		for _, e := range l.Elems {
			o.walk(u.Elem(), e)
		}
	case *types.Map:
		for _, e := range l.Elems {
			if len(e.Elems) == 2 {
				o.walk(u.Key(), e.Elems[0])
				o.walk(u.Elem(), e.Elems[1])
			}
		}
	}
}

// shared returns the objects pointed to more than once (which includes
// one object of every cycle), what they point to first.
func (o *objects) shared() []*ir.Literal {
	var s []*ir.Literal
	for _, obj := range o.post {
		if o.refs[obj] > 1 {
			s = append(s, obj)
		}
	}
	return s
}

// declare returns the statements that make the shared objects, given
// their names: one declaration each, in order, then the assignments that
// close the references to objects declared later (cycles).
func (w *litWriter) declare(o *objects, shared []*ir.Literal) ([]string, error) {
	if w.declared == nil {
		w.declared = map[*ir.Literal]bool{}
	}
	var stmts []string
	w.fixups = nil
	for _, obj := range shared {
		name := w.names[obj]
		var b strings.Builder
		if err := w.writeObject(&b, o.types[obj], *obj, false, place{inner: name, deref: true}); err != nil {
			return nil, err
		}
		w.declared[obj] = true
		stmts = append(stmts, name+" := "+b.String())
	}
	stmts = append(stmts, w.fixups...)
	w.fixups = nil
	return stmts, nil
}

// varBase returns the base of the names of variables holding objects of
// type t: node for Node, v for unnamed types.
func varBase(t types.Type) string {
	if n, ok := types.Unalias(t).(*types.Named); ok {
		name := n.Obj().Name()
		r, size := utf8.DecodeRuneInString(name)
		return string(unicode.ToLower(r)) + name[size:]
	}
	return "v"
}
