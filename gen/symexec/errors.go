package symexec

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/term"
)

// Error wrapping: fmt.Errorf with arguments, errors.Is, errors.Unwrap,
// errors.Join (see gen/ir/errors.go).
//
// An error value (see gomore.go) has its tag t, its message msg, and in
// elems the errors it wraps: [w] for fmt.Errorf with a single %w (what
// errors.Unwrap returns), [nil, w1, w2, ...] for several %w and for
// errors.Join (errors.Unwrap returns nil, errors.Is looks at each). The
// tree is as deep as the program made it, which the bound on iterations
// bounds. errors.Is compares tags at every level, as it compares errors
// with ==.
//
// The message of fmt.Errorf and errors.Join is computed by the real
// functions when the arguments are concrete, as in a replay. Otherwise
// the message of fmt.Errorf is exact when it is a concatenation: every
// symbolic argument a string or an error met by a plain %s, %v or %w
// ("key %s: %w"); in the other cases it is an unknown string that nothing
// ties to the arguments (programs rarely branch on messages; the replay
// gives the real one, which the tests expect).

// execErrors executes the instructions of gen/ir/errors.go.
func (m *machine) execErrors(st *state, fr *frame, in ir.Instr) ([]check, bool) {
	switch in := in.(type) {
	case *ir.Errorf:
		args := make([]value, len(in.Args))
		for i, a := range in.Args {
			args[i] = fr.value(a)
		}
		var msg value
		ok := false
		if !in.Opaque {
			msg, ok = errorfMessage(st, in, args)
			if !ok {
				msg, ok = errorfConcat(st, in, args)
			}
		}
		if !ok {
			msg = m.unknownMessage("errorf")
		}
		var kids []value
		for _, w := range in.Wraps {
			kids = append(kids, args[w])
		}
		if len(kids) > 1 {
			kids = append([]value{nilError()}, kids...)
		}
		fr.set(in, value{t: placeTag(in.Pos), msg: &msg, elems: kids})
	case *ir.JoinErrors:
		errs := make([]value, len(in.Errs))
		anySet := term.False
		for i, e := range in.Errs {
			errs[i] = fr.value(e)
			anySet = term.Or(anySet, term.Not(isNilError(errs[i])))
		}
		msg, ok := joinMessage(errs)
		if !ok {
			msg = m.unknownMessage("join")
		}
		v := value{t: term.Ite(anySet, placeTag(in.Pos), term.BV(0, errTagBits)), msg: &msg,
			elems: append([]value{nilError()}, errs...)}
		fr.set(in, ite(anySet, v, nilError()))
	case *ir.ErrorIs:
		x, target := fr.value(in.X), fr.value(in.Target)
		fr.set(in, value{t: term.Ite(isNilError(target), isNilError(x), errorIs(x, target.t))})
	case *ir.ErrorUnwrap:
		x := fr.value(in.X)
		if len(x.elems) == 0 {
			fr.set(in, nilError())
		} else {
			fr.set(in, ite(isNilError(x), nilError(), x.elems[0]))
		}
	default:
		return nil, false
	}
	return nil, true
}

// isNilError returns the condition under which error e is nil.
func isNilError(e value) *term.Term { return term.Eq(e.t, term.BV(0, errTagBits)) }

// errorIs returns the condition under which e, or an error it wraps, has
// tag target (not 0). The errors a nil error holds (those of a branch
// not taken) do not count.
func errorIs(e value, target *term.Term) *term.Term {
	var kids []*term.Term
	for _, k := range e.elems {
		kids = append(kids, errorIs(k, target))
	}
	r := term.Eq(e.t, target)
	if len(kids) > 0 {
		r = term.Or(r, term.And(term.Not(isNilError(e)), term.Or(kids...)))
	}
	return r
}

// errKid returns the i-th error e wraps, nil past the last.
func errKid(e value, i int) value {
	if i < len(e.elems) {
		return e.elems[i]
	}
	return nilError()
}

// iteError returns "if c then x else y" for two errors.
func iteError(c *term.Term, x, y value) value {
	m := ite(c, msgOf(x), msgOf(y))
	r := value{t: term.Ite(c, x.t, y.t), msg: &m}
	if k := max(len(x.elems), len(y.elems)); k > 0 {
		r.elems = make([]value, k)
		for i := range r.elems {
			r.elems[i] = ite(c, errKid(x, i), errKid(y, i))
		}
	}
	return r
}

// unknownMessage returns a fresh string of unknown bytes and length
// (within the bound on lengths), named after what made it.
// unknownMsg reports whether the message msg may be one unknownMessage
// made (its length is one of those unknowns): the model does not know
// it, and the real run's is no disagreement.
func unknownMsg(msg value) bool {
	if msg.n == nil {
		return false
	}
	for _, v := range term.Vars(msg.n) {
		if strings.HasSuffix(v.Name, unknownMsgSuffix) {
			return true
		}
	}
	return false
}

// unknownMsgSuffix ends the name of an unknown message's length.
const unknownMsgSuffix = ".msg.len"

func (m *machine) unknownMessage(what string) value {
	m.ext.unknowns++
	name := fmt.Sprintf("%s#%d.msg", what, m.ext.unknowns)
	strLen := DefaultBounds.Len
	es := make([]value, strLen)
	for j := range es {
		es[j] = value{t: term.Var(fmt.Sprintf("%s[%d]", name, j), 8)}
	}
	n := term.Var(name+".len", 64) // name + unknownMsgSuffix
	n = term.Ite(term.ULE(n, bv64(strLen)), n, bv64(strLen))
	return value{elems: es, n: n}
}

// msgError is an error argument of fmt.Errorf in a replay: its message.
type msgError string

func (e msgError) Error() string { return string(e) }

// errorfMessage returns the message of fmt.Errorf(in.Format, args...)
// when every argument is concrete: the real function's.
func errorfMessage(st *state, in *ir.Errorf, args []value) (value, bool) {
	goArgs := make([]any, len(args))
	for i, a := range args {
		t := in.Args[i].Type()
		if _, ok := t.(ir.Error); ok {
			if !a.t.IsConst() {
				return value{}, false
			}
			if a.t.Val == 0 {
				goArgs[i] = error(nil)
				continue
			}
			s, _, err := goValue(st, ir.String{}, msgOf(a))
			if err != nil {
				return value{}, false
			}
			goArgs[i] = msgError(s.(string))
			continue
		}
		x, _, err := goValue(st, t, a)
		if err != nil {
			return value{}, false
		}
		goArgs[i] = x
	}
	return stringValue(fmt.Errorf(in.Format, goArgs...).Error()), true
}

// joinMessage returns the message of errors.Join(errs...) when the
// errors and their messages are concrete.
func joinMessage(errs []value) (value, bool) {
	var msgs []string
	for _, e := range errs {
		if !e.t.IsConst() {
			return value{}, false
		}
		if e.t.Val == 0 {
			continue
		}
		s, _, err := goValue(nil, ir.String{}, msgOf(e))
		if err != nil {
			return value{}, false
		}
		msgs = append(msgs, s.(string))
	}
	if len(msgs) == 0 {
		return stringValue(""), true // the join is nil
	}
	return stringValue(errors.Join(msgErrors(msgs)...).Error()), true
}

// msgErrors returns one error per message.
func msgErrors(msgs []string) []error {
	errs := make([]error, len(msgs))
	for i, s := range msgs {
		errs[i] = msgError(s)
	}
	return errs
}

// sentinelTags returns the sentinel errors f may use by tag.
func sentinelTags(f *ir.Func) map[uint64]*ir.Global {
	m := map[uint64]*ir.Global{}
	for _, g := range errSentinels(f) {
		m[placeTag(g.Pos).Val] = g
	}
	return m
}

// errorLiteral returns the literal of error v: nil, a sentinel, an
// input error wrapping another (see inputError), or a message.
func (c *concretizer) errorLiteral(t ir.Type, v value) ir.Literal {
	tag := c.eval(v.t)
	if tag == 0 {
		return ir.Literal{T: t, Nil: true}
	}
	l := ir.Literal{T: t, Str: c.literal(ir.String{}, msgOf(v)).Str, Unknown: unknownMsg(msgOf(v))}
	if g := c.sentinels[tag]; g != nil {
		l.Global, l.Str = g, g.Init.Str
		return l
	}
	if tag == inputTag && len(v.elems) > 0 && c.eval(v.elems[0].t) != 0 {
		// fmt.Errorf("ctx: %w", inner): its message is already the
		// whole.
		l.Elems = []ir.Literal{c.errorLiteral(t, v.elems[0])}
		return l
	}
	// An error the program made: name the first sentinel it wraps, for
	// the tests to check it with errors.Is.
	if g := c.wrappedSentinel(v); g != nil {
		l.Elems = []ir.Literal{{T: t, Str: g.Init.Str, Global: g}}
	}
	return l
}

// wrappedSentinel returns the first sentinel error e wraps, depth first,
// or nil.
func (c *concretizer) wrappedSentinel(e value) *ir.Global {
	for _, k := range e.elems {
		tag := c.eval(k.t)
		if tag == 0 {
			continue
		}
		if g := c.sentinels[tag]; g != nil {
			return g
		}
		if g := c.wrappedSentinel(k); g != nil {
			return g
		}
	}
	return nil
}

// errorOfLiteral returns the value of error literal l; valueOf gives
// that of the literal it wraps.
func errorOfLiteral(l ir.Literal, valueOf func(ir.Literal) value) value {
	if l.Nil {
		return nilError()
	}
	msg := stringValue(l.Str)
	if l.Global != nil {
		return value{t: placeTag(l.Global.Pos), msg: &msg}
	}
	v := value{t: term.BV(inputTag, errTagBits), msg: &msg}
	if len(l.Elems) > 0 {
		v.elems = []value{valueOf(l.Elems[0])}
	}
	return v
}

// stdErrors are the real sentinel errors of ir.StdSentinel, by name.
var stdErrors = map[string]error{
	"io.EOF":                io.EOF,
	"io.ErrUnexpectedEOF":   io.ErrUnexpectedEOF,
	"io.ErrShortWrite":      io.ErrShortWrite,
	"io.ErrShortBuffer":     io.ErrShortBuffer,
	"strconv.ErrSyntax":     strconv.ErrSyntax,
	"strconv.ErrRange":      strconv.ErrRange,
	"io/fs.ErrNotExist":     fs.ErrNotExist,
	"io/fs.ErrExist":        fs.ErrExist,
	"io/fs.ErrPermission":   fs.ErrPermission,
	"context.Canceled":      context.Canceled,
	"errors.ErrUnsupported": errors.ErrUnsupported,
}

// errorLiteralOfGo returns the literal of a non-nil error a real
// function returned: a sentinel of the standard library, an error that
// wraps one (a *strconv.NumError wraps strconv.ErrSyntax), or a message.
func errorLiteralOfGo(t ir.Type, err error) ir.Literal {
	l := ir.Literal{T: t, Str: err.Error()}
	for _, name := range ir.StdSentinelNames() {
		s := stdErrors[name]
		switch {
		case err == s:
			l.Global = ir.StdSentinel(name)
			return l
		case errors.Is(err, s):
			l.Elems = []ir.Literal{{T: t, Str: s.Error(), Global: ir.StdSentinel(name)}}
			return l
		}
	}
	return l
}

// externError returns the value of error literal lit that call
// returned: a sentinel, or an error made at the call's place that may
// wrap one.
func externError(call *ir.CallExtern, lit ir.Literal) value {
	var inner func(ir.Literal) value
	inner = func(l ir.Literal) value { return errorOfLiteral(l, inner) }
	v := errorOfLiteral(lit, inner)
	if lit.Global == nil {
		v.t = placeTag(call.Pos)
	}
	return v
}

// errorfConcat returns the message of fmt.Errorf(in.Format, args...) as
// a concatenation of the format's text, the concrete arguments formatted
// by fmt and the symbolic ones (strings, and messages of errors) met by a
// plain %s, %v or %w. It returns false for other formats.
func errorfConcat(st *state, in *ir.Errorf, args []value) (value, bool) {
	msg := stringValue("")
	f, argi := in.Format, 0
	text := ""
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			text += f[i : i+1]
			continue
		}
		if i+1 < len(f) && f[i+1] == '%' {
			text += "%"
			i++
			continue
		}
		if i+1 == len(f) || argi >= len(args) || !strings.ContainsRune("svw", rune(f[i+1])) {
			return value{}, false // flags, widths, other verbs: not a plain concatenation
		}
		verb := f[i+1]
		i++
		a, t := args[argi], in.Args[argi].Type()
		argi++
		var part value
		switch t.(type) {
		case ir.String:
			if verb == 'w' {
				return value{}, false
			}
			part = a
		case ir.Error:
			// As fmt prints a nil error.
			none := map[byte]string{'s': "%!s(<nil>)", 'v': "<nil>", 'w': "%!w(<nil>)"}[verb]
			part = ite(isNilError(a), stringValue(none), msgOf(a))
		default:
			x, _, err := goValue(st, t, a)
			if err != nil || verb == 'w' {
				return value{}, false
			}
			part = stringValue(fmt.Sprintf("%"+string(verb), x))
		}
		msg = concat(msg, concat(stringValue(text), part))
		text = ""
	}
	if argi != len(args) {
		return value{}, false // extra arguments: fmt appends them
	}
	return concat(msg, stringValue(text)), true
}

// unknownWrapped returns the error an unknown error result of an
// external call (called name) wraps: any error at all, for the solver to
// choose, so that errors.Is on the result is never decided false
// without a fact (strconv.ParseInt's errors wrap strconv.ErrRange or
// strconv.ErrSyntax); the facts of replays tell which it is (eqWrapped).
func unknownWrapped(name string, fresh func() value) value {
	msg := fresh()
	return value{t: term.Var(name+".wraps", errTagBits), msg: &msg}
}

// eqWrapped returns the condition under which the error v, a result of
// an external call, wraps what the error literal l of a fact wraps: the
// sentinel it is or wraps (errorLiteralOfGo), nothing otherwise.
func eqWrapped(v value, l ir.Literal) *term.Term {
	if len(v.elems) == 0 {
		return term.True
	}
	tag := term.BV(0, errTagBits)
	switch {
	case l.Global != nil:
		tag = placeTag(l.Global.Pos)
	case len(l.Elems) > 0 && l.Elems[0].Global != nil:
		tag = placeTag(l.Elems[0].Global.Pos)
	}
	return term.Eq(v.elems[0].t, tag)
}
