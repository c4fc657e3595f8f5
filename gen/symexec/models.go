package symexec

import (
	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/term"
)

// Models of external functions: their results as terms of their
// arguments, so that the solver reasons about them instead of guessing.
// An exact model agrees with the real function on every argument (the
// tests check it against the real function); a partial one is exact on
// part of the domain (ASCII for the unicode predicates) and gives the
// unknown results elsewhere.

// A model computes the results of a call from its arguments; unknown(i)
// is an unknown of the type of result i.
type model struct {
	exact bool
	fn    func(st *state, call *ir.CallExtern, args []value, unknown func(int) value) []value
}

var models = map[string]model{
	"strings.IndexByte": {true, func(_ *state, c *ir.CallExtern, a []value, _ func(int) value) []value {
		return []value{intResult(c, 0, indexOf(a[0], byteString(a[1].t)))}
	}},
	"bytes.IndexByte": {true, func(st *state, c *ir.CallExtern, a []value, _ func(int) value) []value {
		return []value{intResult(c, 0, indexOf(bytesOf(st, a[0]), byteString(a[1].t)))}
	}},
	"strings.Index": {true, func(_ *state, c *ir.CallExtern, a []value, _ func(int) value) []value {
		return []value{intResult(c, 0, indexOf(a[0], a[1]))}
	}},
	"bytes.Index": {true, func(st *state, c *ir.CallExtern, a []value, _ func(int) value) []value {
		return []value{intResult(c, 0, indexOf(bytesOf(st, a[0]), bytesOf(st, a[1])))}
	}},
	"strings.Contains": {true, func(_ *state, c *ir.CallExtern, a []value, _ func(int) value) []value {
		return []value{{t: contains(a[0], a[1])}}
	}},
	"bytes.Contains": {true, func(st *state, c *ir.CallExtern, a []value, _ func(int) value) []value {
		return []value{{t: contains(bytesOf(st, a[0]), bytesOf(st, a[1]))}}
	}},
	"strings.HasPrefix": {true, func(_ *state, _ *ir.CallExtern, a []value, _ func(int) value) []value {
		return []value{{t: matchAt(a[0], a[1], bv64(0))}}
	}},
	"bytes.HasPrefix": {true, func(st *state, _ *ir.CallExtern, a []value, _ func(int) value) []value {
		return []value{{t: matchAt(bytesOf(st, a[0]), bytesOf(st, a[1]), bv64(0))}}
	}},
	"strings.HasSuffix": {true, func(_ *state, _ *ir.CallExtern, a []value, _ func(int) value) []value {
		return []value{{t: hasSuffix(a[0], a[1])}}
	}},
	"bytes.HasSuffix": {true, func(st *state, _ *ir.CallExtern, a []value, _ func(int) value) []value {
		return []value{{t: hasSuffix(bytesOf(st, a[0]), bytesOf(st, a[1]))}}
	}},
	"bytes.Equal": {true, func(st *state, _ *ir.CallExtern, a []value, _ func(int) value) []value {
		return []value{{t: stringEq(bytesOf(st, a[0]), bytesOf(st, a[1]))}}
	}},
	"unicode/utf8.DecodeRuneInString": {true, func(_ *state, c *ir.CallExtern, a []value, _ func(int) value) []value {
		return decodeFirst(c, a[0])
	}},
	"unicode/utf8.DecodeRune": {true, func(st *state, c *ir.CallExtern, a []value, _ func(int) value) []value {
		return decodeFirst(c, bytesOf(st, a[0]))
	}},
	"unicode/utf8.RuneLen": {true, func(_ *state, c *ir.CallExtern, a []value, _ func(int) value) []value {
		r := a[0].t
		n := term.Ite(term.SLT(r, r32(0)), i64c(-1),
			term.Ite(term.SLT(r, r32(0x80)), i64c(1),
				term.Ite(term.SLT(r, r32(0x800)), i64c(2),
					term.Ite(inRange32(r, 0xD800, 0xDFFF), i64c(-1),
						term.Ite(term.SLT(r, r32(0x10000)), i64c(3),
							term.Ite(term.SLE(r, r32(0x10FFFF)), i64c(4), i64c(-1)))))))
		return []value{intResult(c, 0, n)}
	}},
	"unicode/utf8.RuneStart": {true, func(_ *state, _ *ir.CallExtern, a []value, _ func(int) value) []value {
		return []value{{t: term.Not(term.Eq(term.BAnd(a[0].t, term.BV(0xC0, 8)), term.BV(0x80, 8)))}}
	}},
	"unicode/utf8.ValidRune": {true, func(_ *state, _ *ir.CallExtern, a []value, _ func(int) value) []value {
		r := a[0].t
		return []value{{t: term.Or(inRange32(r, 0, 0xD7FF), inRange32(r, 0xE000, 0x10FFFF))}}
	}},
	"strconv.Atoi":     {false, atoi},
	"strconv.Itoa":     {false, itoa},
	"unicode.IsDigit":  asciiPredicate(func(r *term.Term) *term.Term { return inRange32(r, '0', '9') }),
	"unicode.IsNumber": asciiPredicate(func(r *term.Term) *term.Term { return inRange32(r, '0', '9') }),
	"unicode.IsLetter": asciiPredicate(func(r *term.Term) *term.Term {
		return term.Or(inRange32(r, 'a', 'z'), inRange32(r, 'A', 'Z'))
	}),
	"unicode.IsUpper": asciiPredicate(func(r *term.Term) *term.Term { return inRange32(r, 'A', 'Z') }),
	"unicode.IsLower": asciiPredicate(func(r *term.Term) *term.Term { return inRange32(r, 'a', 'z') }),
	"unicode.IsSpace": asciiPredicate(func(r *term.Term) *term.Term {
		return term.Or(inRange32(r, '\t', '\r'), term.Eq(r, r32(' ')))
	}),
	"unicode.IsControl": asciiPredicate(func(r *term.Term) *term.Term {
		return term.Or(inRange32(r, 0, 0x1F), term.Eq(r, r32(0x7F)))
	}),
	"unicode.ToUpper": asciiMap(func(r *term.Term) *term.Term {
		return term.Ite(inRange32(r, 'a', 'z'), term.Sub(r, r32('a'-'A')), r)
	}),
	"unicode.ToLower": asciiMap(func(r *term.Term) *term.Term {
		return term.Ite(inRange32(r, 'A', 'Z'), term.Add(r, r32('a'-'A')), r)
	}),
}

// asciiPredicate models a unicode predicate exactly on ASCII (0 ≤ r <
// 0x80), where it is ascii(r); elsewhere its result is unknown.
func asciiPredicate(ascii func(r *term.Term) *term.Term) model {
	return model{false, func(_ *state, _ *ir.CallExtern, a []value, unknown func(int) value) []value {
		r := a[0].t
		return []value{{t: term.Ite(isASCII(r), ascii(r), unknown(0).t)}}
	}}
}

// asciiMap models a rune mapping exactly on ASCII.
func asciiMap(ascii func(r *term.Term) *term.Term) model {
	return model{false, func(_ *state, _ *ir.CallExtern, a []value, unknown func(int) value) []value {
		r := a[0].t
		return []value{{t: term.Ite(isASCII(r), ascii(r), unknown(0).t)}}
	}}
}

func isASCII(r *term.Term) *term.Term { return term.ULT(r, r32(0x80)) }

func r32(v int64) *term.Term  { return term.BV(uint64(v), 32) }
func i64c(v int64) *term.Term { return term.BV(uint64(v), 64) }

// inRange32 reports lo ≤ r ≤ hi for a rune r (signed).
func inRange32(r *term.Term, lo, hi int64) *term.Term {
	return term.And(term.SLE(r32(lo), r), term.SLE(r, r32(hi)))
}

// intResult returns the 64-bit signed n as result i of c, resized to its
// type.
func intResult(c *ir.CallExtern, i int, n *term.Term) value {
	return value{t: term.Resize(n, c.Results[i].(ir.Int).Bits, true)}
}

// byteString returns the one-byte string of byte b.
func byteString(b *term.Term) value {
	return value{elems: []value{{t: b}}, n: bv64(1)}
}

// byteAt returns byte j of string value s, 0 past its capacity.
func byteAt(s value, j uint64) *term.Term {
	if j < uint64(len(s.elems)) {
		return s.elems[j].t
	}
	return term.BV(0, 8)
}

// matchAt returns the condition under which sub occurs in s at byte i.
// Past s's capacity the bytes read are never compared: i+len(sub) ≤
// len(s) excludes them.
func matchAt(s, sub value, i *term.Term) *term.Term {
	conds := []*term.Term{term.ULE(term.Add(i, sub.n), s.n)}
	for j := range sub.elems {
		var b *term.Term
		if i.IsConst() {
			b = byteAt(s, i.Val+uint64(j))
		} else {
			b = sel(s, term.Add(i, bv64(j))).t
		}
		conds = append(conds, term.Implies(term.ULT(bv64(j), sub.n), term.Eq(b, sub.elems[j].t)))
	}
	return term.And(conds...)
}

// indexOf returns the index of the first occurrence of sub in s, or -1,
// as a 64-bit term.
func indexOf(s, sub value) *term.Term {
	r := i64c(-1)
	for i := len(s.elems); i >= 0; i-- {
		r = term.Ite(matchAt(s, sub, bv64(i)), bv64(i), r)
	}
	return r
}

// contains returns the condition under which sub occurs in s.
func contains(s, sub value) *term.Term {
	var alts []*term.Term
	for i := 0; i <= len(s.elems); i++ {
		alts = append(alts, matchAt(s, sub, bv64(i)))
	}
	return term.Or(alts...)
}

// hasSuffix returns the condition under which s ends with suf.
func hasSuffix(s, suf value) *term.Term {
	return term.And(term.ULE(suf.n, s.n), matchAt(s, suf, term.Sub(s.n, suf.n)))
}

// decodeFirst returns the rune and size utf8.DecodeRune gives for the
// bytes of s: (RuneError, 0) when s is empty.
func decodeFirst(c *ir.CallExtern, s value) []value {
	if len(s.elems) == 0 {
		return []value{{t: r32(0xFFFD)}, intResult(c, 1, bv64(0))}
	}
	r, size := decodeRune(s, bv64(0))
	empty := term.Eq(s.n, bv64(0))
	return []value{{t: term.Ite(empty, r32(0xFFFD), r)}, intResult(c, 1, term.Ite(empty, bv64(0), size))}
}

// atoi models strconv.Atoi on strings shorter than 19 bytes, which Go
// parses on its fast path: an optional sign, then at least one digit and
// nothing else; no overflow is possible. The value and whether the error
// is nil are exact; the error (a *strconv.NumError) wraps
// strconv.ErrSyntax, and its message is unknown. Longer strings (a
// bound on lengths of 19 or more) get unknown results.
func atoi(_ *state, c *ir.CallExtern, a []value, unknown func(int) value) []value {
	s := a[0]
	if len(s.elems) >= 19 {
		return []value{unknown(0), unknown(1)}
	}
	minus := term.Eq(byteAt(s, 0), term.BV('-', 8))
	sign := term.Or(minus, term.Eq(byteAt(s, 0), term.BV('+', 8)))
	start := term.Ite(sign, bv64(1), bv64(0))
	valid := []*term.Term{term.ULT(start, s.n)}
	n := bv64(0)
	for j := range s.elems {
		in := term.And(term.ULE(start, bv64(j)), term.ULT(bv64(j), s.n))
		d := term.Sub(byteAt(s, uint64(j)), term.BV('0', 8))
		valid = append(valid, term.Implies(in, term.ULE(d, term.BV(9, 8))))
		n = term.Ite(in, term.Add(term.Mul(n, bv64(10)), term.ZExt(d, 64)), n)
	}
	ok := term.And(valid...)
	n = term.Ite(ok, term.Ite(minus, term.Neg(n), n), bv64(0))
	msg := *unknown(1).msg
	err := value{t: term.Ite(ok, term.BV(0, errTagBits), placeTag(c.Pos)), msg: &msg,
		elems: []value{sentinelValue(ir.StdSentinel("strconv.ErrSyntax"))}}
	return []value{intResult(c, 0, n), err}
}

// itoa models strconv.Itoa in part: the length of the result is exact (a
// sign, then as many digits as the magnitude has), and so are its being
// digits, without a leading zero, after a '-' for a negative number; which
// digits they are is unknown, for the facts to tell (exact digits would
// need a division per digit).
func itoa(_ *state, c *ir.CallExtern, a []value, unknown func(int) value) []value {
	n := term.Resize(a[0].t, 64, true)
	neg := term.SLT(n, bv64(0))
	mag := term.Ite(neg, term.Neg(n), n) // unsigned: MinInt64 too
	digits := bv64(1)
	p := uint64(1)
	for k := 1; k <= 19; k++ {
		p *= 10
		digits = term.Ite(term.ULE(term.BV(p, 64), mag), bv64(k+1), digits)
	}
	sign := term.Ite(neg, bv64(1), bv64(0))
	raw := unknown(0)
	es := make([]value, len(raw.elems))
	for j := range es {
		b := raw.elems[j].t
		first := term.Eq(bv64(j), sign) // the leading digit
		lo := term.Ite(term.And(first, term.ULT(bv64(1), digits)), term.BV('1', 8), term.BV('0', 8))
		digit := term.Ite(term.And(term.ULE(lo, b), term.ULE(b, term.BV('9', 8))), b, lo)
		if j == 0 {
			digit = term.Ite(neg, term.BV('-', 8), digit)
		}
		es[j] = value{t: digit}
	}
	return []value{{elems: es, n: term.Add(digits, sign)}}
}

// Models of string transformations, exact on ASCII strings (every byte
// below 0x80: their Unicode rules are then the ASCII ones) and unknown
// otherwise, and exact byte-level ones (TrimPrefix, TrimSuffix).

// allASCII returns the condition under which the bytes of s are ASCII.
func allASCII(s value) *term.Term {
	conds := make([]*term.Term, len(s.elems))
	for j, e := range s.elems {
		conds[j] = term.Implies(term.ULT(bv64(j), s.n), term.ULT(e.t, term.BV(0x80, 8)))
	}
	return term.And(conds...)
}

// substring returns s[lo:hi] as a string value of s's capacity (lo ≤ hi
// ≤ len(s)).
func substring(s value, lo, hi *term.Term) value {
	es := make([]value, len(s.elems))
	for k := range es {
		if lo.IsConst() {
			es[k] = value{t: byteAt(s, lo.Val+uint64(k))}
		} else {
			es[k] = value{t: sel(s, term.Add(lo, bv64(k))).t}
		}
	}
	return value{elems: es, n: term.Sub(hi, lo)}
}

// mapBytes returns s with each byte b replaced by f(b).
func mapBytes(s value, f func(b *term.Term) *term.Term) value {
	es := make([]value, len(s.elems))
	for j, e := range s.elems {
		es[j] = value{t: f(e.t)}
	}
	return value{elems: es, n: s.n}
}

func inRange8(b *term.Term, lo, hi byte) *term.Term {
	return term.And(term.ULE(term.BV(uint64(lo), 8), b), term.ULE(b, term.BV(uint64(hi), 8)))
}

// asciiString models a function of one string exactly on ASCII strings.
func asciiString(ascii func(s value) value) model {
	return model{false, func(_ *state, _ *ir.CallExtern, a []value, unknown func(int) value) []value {
		return []value{ite(allASCII(a[0]), ascii(a[0]), unknown(0))}
	}}
}

func toLower(s value) value {
	return mapBytes(s, func(b *term.Term) *term.Term {
		return term.Ite(inRange8(b, 'A', 'Z'), term.Add(b, term.BV('a'-'A', 8)), b)
	})
}

func toUpper(s value) value {
	return mapBytes(s, func(b *term.Term) *term.Term {
		return term.Ite(inRange8(b, 'a', 'z'), term.Sub(b, term.BV('a'-'A', 8)), b)
	})
}

// trimSpace is strings.TrimSpace of an ASCII string: without its leading
// and trailing '\t', '\n', '\v', '\f', '\r' and ' '.
func trimSpace(s value) value {
	space := func(b *term.Term) *term.Term { return term.Or(inRange8(b, '\t', '\r'), term.Eq(b, term.BV(' ', 8))) }
	lo, hi := s.n, bv64(0)
	for i := len(s.elems) - 1; i >= 0; i-- {
		keep := term.And(term.ULT(bv64(i), s.n), term.Not(space(s.elems[i].t)))
		lo = term.Ite(keep, bv64(i), lo)
	}
	for i := range s.elems {
		keep := term.And(term.ULT(bv64(i), s.n), term.Not(space(s.elems[i].t)))
		hi = term.Ite(keep, bv64(i+1), hi)
	}
	r := substring(s, lo, term.Ite(term.ULT(hi, lo), lo, hi))
	return r
}

func init() {
	models["strings.ToLower"] = asciiString(toLower)
	models["strings.ToUpper"] = asciiString(toUpper)
	models["strings.TrimSpace"] = asciiString(trimSpace)
	models["strings.TrimPrefix"] = model{true, func(_ *state, _ *ir.CallExtern, a []value, _ func(int) value) []value {
		s, p := a[0], a[1]
		return []value{ite(matchAt(s, p, bv64(0)), substring(s, p.n, s.n), s)}
	}}
	models["strings.TrimSuffix"] = model{true, func(_ *state, _ *ir.CallExtern, a []value, _ func(int) value) []value {
		s, p := a[0], a[1]
		return []value{ite(hasSuffix(s, p), substring(s, bv64(0), term.Sub(s.n, p.n)), s)}
	}}
}

// Models of strings.Cut, CutPrefix, CutSuffix (exact, from Index,
// HasPrefix and HasSuffix), strings.Compare (exact) and of
// strconv.ParseInt in base 10 (Atoi's).
func init() {
	models["strings.Cut"] = model{true, func(_ *state, _ *ir.CallExtern, a []value, _ func(int) value) []value {
		s, sep := a[0], a[1]
		i := indexOf(s, sep)
		found := term.Not(term.Eq(i, i64c(-1)))
		before := substring(s, bv64(0), term.Ite(found, i, s.n))
		after := substring(s, term.Ite(found, term.Add(i, sep.n), s.n), s.n)
		return []value{before, after, {t: found}}
	}}
	models["strings.CutPrefix"] = model{true, func(_ *state, _ *ir.CallExtern, a []value, _ func(int) value) []value {
		s, p := a[0], a[1]
		ok := matchAt(s, p, bv64(0))
		return []value{substring(s, term.Ite(ok, p.n, bv64(0)), s.n), {t: ok}}
	}}
	models["strings.CutSuffix"] = model{true, func(_ *state, _ *ir.CallExtern, a []value, _ func(int) value) []value {
		s, p := a[0], a[1]
		ok := hasSuffix(s, p)
		return []value{substring(s, bv64(0), term.Ite(ok, term.Sub(s.n, p.n), s.n)), {t: ok}}
	}}
	models["strconv.ParseInt"] = model{false, parseInt}
	models["strings.Compare"] = model{true, func(_ *state, c *ir.CallExtern, a []value, _ func(int) value) []value {
		return []value{intResult(c, 0, compareStrings(a[0], a[1]))}
	}}
}

// compareStrings returns -1, 0 or +1 as s sorts before, with or after t
// byte by byte, as a 64-bit term: the first differing byte decides, else
// the shorter string sorts first.
func compareStrings(s, t value) *term.Term {
	r := term.Ite(term.Eq(s.n, t.n), i64c(0), term.Ite(term.ULT(s.n, t.n), i64c(-1), i64c(1)))
	for j := min(len(s.elems), len(t.elems)) - 1; j >= 0; j-- {
		a, b := s.elems[j].t, t.elems[j].t
		differ := term.And(term.ULT(bv64(j), s.n), term.ULT(bv64(j), t.n), term.Not(term.Eq(a, b)))
		r = term.Ite(differ, term.Ite(term.ULT(a, b), i64c(-1), i64c(1)), r)
	}
	return r
}

// parseInt models strconv.ParseInt(s, 10, 64) (or bit size 0, int being
// 64 bits wide) as atoi: on strings shorter than 19 bytes neither
// overflows, and both take an optional sign then decimal digits. Other
// bases and bit sizes get unknown results.
func parseInt(st *state, c *ir.CallExtern, a []value, unknown func(int) value) []value {
	base, bits := a[1].t, a[2].t
	is := func(t *term.Term, vs ...uint64) bool {
		if !t.IsConst() {
			return false
		}
		for _, v := range vs {
			if term.Resize(t, 64, true).Val == v {
				return true
			}
		}
		return false
	}
	if !is(base, 10) || !is(bits, 0, 64) {
		return []value{unknown(0), unknown(1)}
	}
	return atoi(st, c, a[:1], unknown)
}

// Exact models of the functions of package math that only look at or
// move the bits of a float: its sign, whether it is NaN or infinite, and
// the conversions between a float and its bits.
func init() {
	identity := model{true, func(_ *state, _ *ir.CallExtern, a []value, _ func(int) value) []value {
		return []value{{t: a[0].t}}
	}}
	for _, name := range []string{"math.Float64bits", "math.Float64frombits", "math.Float32bits", "math.Float32frombits"} {
		models[name] = identity
	}
	models["math.Abs"] = model{true, func(_ *state, _ *ir.CallExtern, a []value, _ func(int) value) []value {
		return []value{{t: term.BAnd(a[0].t, term.BV(1<<63-1, 64))}}
	}}
	models["math.Signbit"] = model{true, func(_ *state, _ *ir.CallExtern, a []value, _ func(int) value) []value {
		return []value{{t: signbit(a[0].t)}}
	}}
	models["math.Copysign"] = model{true, func(_ *state, _ *ir.CallExtern, a []value, _ func(int) value) []value {
		sign := term.BV(1<<63, 64)
		return []value{{t: term.BOr(term.BAnd(a[0].t, term.BNot(sign)), term.BAnd(a[1].t, sign))}}
	}}
	models["math.IsNaN"] = model{true, func(_ *state, _ *ir.CallExtern, a []value, _ func(int) value) []value {
		x := a[0].t
		exp, mant := term.BV(0x7FF<<52, 64), term.BV(1<<52-1, 64)
		return []value{{t: term.And(term.Eq(term.BAnd(x, exp), exp), term.Not(term.Eq(term.BAnd(x, mant), term.BV(0, 64))))}}
	}}
	models["math.IsInf"] = model{true, func(_ *state, _ *ir.CallExtern, a []value, _ func(int) value) []value {
		x, sign := a[0].t, term.Resize(a[1].t, 64, true)
		inf := term.Eq(term.BAnd(x, term.BV(1<<63-1, 64)), term.BV(0x7FF<<52, 64))
		pos := term.And(inf, term.Not(signbit(x)))
		neg := term.And(inf, signbit(x))
		return []value{{t: term.Ite(term.SLT(bv64(0), sign), pos, term.Ite(term.SLT(sign, bv64(0)), neg, inf))}}
	}}
}

// signbit returns the condition under which the float64 x has its sign
// bit set.
func signbit(x *term.Term) *term.Term {
	return term.Not(term.Eq(term.BAnd(x, term.BV(1<<63, 64)), term.BV(0, 64)))
}

// Partial models of unicode/utf8's counting and validation: exact on
// ASCII strings (one rune per byte, all valid), unknown otherwise.
func init() {
	count := func(bytes bool) model {
		return model{false, func(st *state, c *ir.CallExtern, a []value, unknown func(int) value) []value {
			s := a[0]
			if bytes {
				s = bytesOf(st, s)
			}
			u := unknown(0)
			return []value{{t: term.Ite(allASCII(s), term.Resize(s.n, u.t.Bits, true), u.t)}}
		}}
	}
	valid := func(bytes bool) model {
		return model{false, func(st *state, c *ir.CallExtern, a []value, unknown func(int) value) []value {
			s := a[0]
			if bytes {
				s = bytesOf(st, s)
			}
			return []value{{t: term.Or(allASCII(s), unknown(0).t)}}
		}}
	}
	models["unicode/utf8.RuneCountInString"] = count(false)
	models["unicode/utf8.RuneCount"] = count(true)
	models["unicode/utf8.ValidString"] = valid(false)
	models["unicode/utf8.Valid"] = valid(true)
}
