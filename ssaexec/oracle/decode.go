package oracle

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/pbcc/pbcc/gen"
	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/ssaexec"
	"github.com/pbcc/pbcc/ssaexec/emit"
)

// node and record mirror the recorder's pbccNode and pbccRecordLine.
type node struct {
	K  string  `json:"k"`
	V  string  `json:"v"`
	T  string  `json:"t"`
	B  []byte  `json:"b"`
	E  []*node `json:"e"`
	ID int     `json:"id"`
}

type record struct {
	Test  string  `json:"test"`
	Case  string  `json:"case"`
	Done  bool    `json:"done"`
	Panic string  `json:"panic"`
	Got   []*node `json:"got"`
	After []*node `json:"after"`
	Hits  []int   `json:"hits"`
	Hung  bool    `json:"hung"` // the call did not return within the limit
	// Stopped: the call was stopped before it acted on the machine
	// (ssaexec.Stops) or wrote outside its directory: no test can have it.
	Stopped bool `json:"stopped"`
}

// correct makes c say what the real run l did. It returns what differed
// from the model ("" when nothing did) and false when the record cannot
// be read back into the case's types: c is then left as it was.
func correct(f *ir.Func, c *gen.Case, l *record, pkgName string) (string, bool) {
	if !l.Done {
		if c.Panic != "" && strings.HasPrefix(l.Panic, emit.PanicText(c.Panic)) {
			return "", true
		}
		what := fmt.Sprintf("panics with %q", l.Panic)
		if c.Panic != "" {
			what = fmt.Sprintf("panics with %q, not %q", l.Panic, c.Panic)
		} else {
			what += ", the model returned"
		}
		c.Panic, c.Outputs, c.After = l.Panic, nil, nil
		return what, true
	}
	if len(l.Got) != len(f.Results) {
		return "", false
	}
	d := &decoder{pkg: pkgName, objs: map[int]*ir.Literal{}}
	outs := make([]ir.Literal, len(f.Results))
	for i, t := range f.Results {
		if _, ok := t.(*ir.Signature); ok && l.Got[i] != nil && l.Got[i].K == "opaque" {
			// A function result the test does not compare: the model's
			// stays, for what it is worth.
			if i < len(c.Outputs) {
				outs[i] = c.Outputs[i]
			}
			continue
		}
		lit, ok := d.decode(l.Got[i], t)
		if !ok {
			return "", false
		}
		outs[i] = lit
	}
	var after []ir.Literal
	// A case of the search on the real code comes without the pointees
	// after the call: the real run gives them, with nothing to compare.
	fill := c.After == nil && pointsToMemory(f)
	if c.After != nil || fill {
		if len(l.After) != len(f.Params) {
			return "", false
		}
		after = make([]ir.Literal, len(f.Params))
		for i, p := range f.Params {
			lit, ok := d.decode(l.After[i], p.T)
			if !ok && fill {
				// A parameter that cannot be read back (a function):
				// the case keeps its results, not the parameters.
				after, fill = nil, false
				break
			}
			if !ok {
				return "", false
			}
			after[i] = lit
		}
	}
	var diffs []string
	if c.Panic != "" {
		diffs = append(diffs, fmt.Sprintf("returns, the model panicked with %q", c.Panic))
		c.Panic = ""
		c.Outputs = make([]ir.Literal, len(outs))
	}
	for i := range outs {
		if !same(c.Outputs[i], outs[i], f.Results[i], map[[2]*ir.Literal]bool{}) {
			diffs = append(diffs, fmt.Sprintf("result %d is %s, the model said %s", i, outs[i], c.Outputs[i]))
			c.Outputs[i] = outs[i]
		} else if _, ok := f.Results[i].(ir.Error); ok {
			if c.Outputs[i].Unknown {
				// A message the model could not format: the real one.
				c.Outputs[i].Str, c.Outputs[i].Unknown = outs[i].Str, false
			}
			if outs[i].Ref != nil {
				// Same message: the error's typed value, which the
				// model does not give, is the real run's.
				c.Outputs[i].Ref = outs[i].Ref
			}
		}
	}
	if fill {
		c.After = after
		after = nil
	}
	for i := range after {
		if i < len(c.After) && !same(c.After[i], after[i], f.Params[i].T, map[[2]*ir.Literal]bool{}) {
			diffs = append(diffs, fmt.Sprintf("parameter %d is left %s, the model said %s", i, after[i], c.After[i]))
			c.After[i] = after[i]
		}
	}
	return strings.Join(diffs, "; "), true
}

// A decoder turns the recorder's nodes into literals of IR types; the
// objects pointers designate are shared by number, as in the real run.
type decoder struct {
	pkg  string
	objs map[int]*ir.Literal
	// opaque: a function the real run made (not a stub) is decoded as
	// a non-nil function no test can write. Only for results: a test
	// does not compare them (emit's uncomparable), where it must write
	// an input.
	opaque bool
}

func (d *decoder) decode(n *node, t ir.Type) (ir.Literal, bool) {
	if n == nil {
		return ir.Literal{}, false
	}
	switch t := t.(type) {
	case ir.Bool:
		if n.K != "b" {
			return ir.Literal{}, false
		}
		return ir.Literal{T: t, Bits: uint64(btoi(n.V == "true"))}, true
	case ir.Int:
		var x uint64
		var err error
		switch n.K {
		case "i":
			var v int64
			v, err = strconv.ParseInt(n.V, 10, 64)
			x = uint64(v)
		case "u":
			x, err = strconv.ParseUint(n.V, 10, 64)
		default:
			return ir.Literal{}, false
		}
		if err != nil {
			return ir.Literal{}, false
		}
		return ir.Literal{T: t, Bits: x & t.Mask()}, true
	case ir.Float:
		if n.K != "f" {
			return ir.Literal{}, false
		}
		x, err := strconv.ParseUint(n.V, 10, 64)
		return ir.Literal{T: t, Bits: x}, err == nil
	case ir.String:
		if n.K != "s" {
			return ir.Literal{}, false
		}
		return ir.Literal{T: t, Str: string(n.B)}, true
	case ir.Slice:
		switch n.K {
		case "nil":
			return ir.Literal{T: t, Nil: true}, true
		case "slice":
			return d.elems(n, t, func(int) ir.Type { return t.Elem }, len(n.E))
		}
	case ir.Array:
		if n.K == "array" && len(n.E) == t.Len {
			return d.elems(n, t, func(int) ir.Type { return t.Elem }, t.Len)
		}
	case *ir.Struct:
		if n.K == "struct" && len(n.E) == len(t.Fields) {
			return d.elems(n, t, func(i int) ir.Type { return t.Fields[i].T }, len(t.Fields))
		}
	case ir.Pointer:
		switch n.K {
		case "nil":
			return ir.Literal{T: t}, true
		case "ref":
			if obj, ok := d.objs[n.ID]; ok {
				return ir.Literal{T: t, Ref: obj}, true
			}
		case "ptr":
			if len(n.E) == 1 {
				obj := &ir.Literal{}
				d.objs[n.ID] = obj
				v, ok := d.decode(n.E[0], t.Elem)
				*obj = v
				return ir.Literal{T: t, Ref: obj}, ok
			}
		}
	case ir.Map:
		switch n.K {
		case "nil":
			return ir.Literal{T: t, Nil: true}, true
		case "map":
			l := ir.Literal{T: t, Elems: []ir.Literal{}}
			for _, e := range n.E {
				if len(e.E) != 2 {
					return ir.Literal{}, false
				}
				k, ok1 := d.decode(e.E[0], t.Key)
				v, ok2 := d.decode(e.E[1], t.Elem)
				if !ok1 || !ok2 {
					return ir.Literal{}, false
				}
				l.Elems = append(l.Elems, ir.Literal{T: ir.Tuple{Elems: []ir.Type{t.Key, t.Elem}}, Elems: []ir.Literal{k, v}})
			}
			return l, true
		}
	case ir.Error:
		switch n.K {
		case "nil":
			return ir.Literal{T: t, Nil: true}, true
		case "err":
			l := ir.Literal{T: t, Str: n.V}
			if n.B != nil {
				l.Str = string(n.B) // not UTF-8
			}
			if len(n.E) == 1 {
				l.Ref = d.typedError(n.E[0])
				if l.Ref != nil && n.T == "self" {
					l.Bits = 1 // the error is that value (ir.Literal)
				}
			}
			return l, true
		}
	case *ir.Interface:
		switch n.K {
		case "nil":
			return ir.Literal{T: t, Nil: true}, true
		case "iface":
			name := sourceName(strings.ReplaceAll(n.V, d.pkg+".", ""))
			for i, im := range t.Impls {
				// The fmt.State is pbccState in the driver, and the
				// test file's own in an oracle run (emit: stackState).
				state := im.Name == ssaexec.StateName && strings.HasPrefix(name, "*") && strings.HasSuffix(name, "State") && !strings.Contains(name, ".")
				if (sourceName(im.Name) == name || state) && len(n.E) == 1 {
					v, ok := d.decode(n.E[0], im.T)
					return ir.Literal{T: t, Bits: uint64(i + 1), Elems: []ir.Literal{v}}, ok
				}
			}
		}
	case *ir.Signature:
		if n.K == "nil" {
			return ir.Literal{T: t}, true
		}
		if n.K == "func" && n.V != "stub" && d.opaque {
			return ir.Literal{T: t, Func: ir.NewStub(t)}, true
		}
		if n.K == "func" && n.V == "stub" && len(n.E) == len(t.Results) {
			// A function the search on the real code made, returning
			// fixed values: a test writes it as a func literal.
			l := ir.Literal{T: t, Func: ir.NewStub(t)}
			for i, e := range n.E {
				v, ok := d.decode(e, t.Results[i])
				if !ok {
					return ir.Literal{}, false
				}
				l.Elems = append(l.Elems, v)
			}
			return l, true
		}
	}
	return ir.Literal{}, false
}

// typedError decodes the recorder's value of an error of the package's
// type (pbccAsNode): the interface literal of one implementation, the
// type's name as the package writes it ("*ParseError") and its value,
// which the test checks with errors.As (see ir.Literal). It returns nil
// when n is not such a value: the error's message stays what is checked.
func (d *decoder) typedError(n *node) *ir.Literal {
	if n.K != "iface" || len(n.E) != 1 {
		return nil
	}
	v, vt, ok := d.plain(n.E[0])
	if !ok {
		return nil
	}
	name := strings.ReplaceAll(n.V, d.pkg+".", "")
	it := &ir.Interface{Impls: []ir.Impl{{Name: name, T: vt}}}
	return &ir.Literal{T: it, Bits: 1, Elems: []ir.Literal{v}}
}

// plain decodes a node of pbccPlain, which says its kind, into a literal
// and its type.
func (d *decoder) plain(n *node) (ir.Literal, ir.Type, bool) {
	var t ir.Type
	switch n.T {
	case "bool":
		t = ir.Bool{}
	case "string":
		t = ir.String{}
	case "int", "int64":
		t = ir.Int{Bits: 64, Signed: true}
	case "int8", "int16", "int32":
		bits, _ := strconv.Atoi(strings.TrimPrefix(n.T, "int"))
		t = ir.Int{Bits: bits, Signed: true}
	case "uint", "uint64", "uintptr":
		t = ir.Int{Bits: 64}
	case "uint8", "uint16", "uint32":
		bits, _ := strconv.Atoi(strings.TrimPrefix(n.T, "uint"))
		t = ir.Int{Bits: bits}
	case "float32":
		t = ir.Float{Bits: 32}
	case "float64":
		t = ir.Float{Bits: 64}
	case "struct":
		st := &ir.Struct{}
		l := ir.Literal{T: st}
		for _, e := range n.E {
			v, vt, ok := d.plain(e)
			if !ok {
				return ir.Literal{}, nil, false
			}
			st.Fields = append(st.Fields, ir.Field{T: vt})
			l.Elems = append(l.Elems, v)
		}
		return l, st, true
	case "ptr":
		if len(n.E) != 1 {
			return ir.Literal{}, nil, false
		}
		v, vt, ok := d.plain(n.E[0])
		if !ok {
			return ir.Literal{}, nil, false
		}
		pt := ir.Pointer{Elem: vt}
		return ir.Literal{T: pt, Ref: &v}, pt, true
	case "error":
		// An error field holding nil or an error of errors.New.
		t = ir.Error{}
	default:
		return ir.Literal{}, nil, false
	}
	v, ok := d.decode(n, t)
	return v, t, ok
}

func (d *decoder) elems(n *node, t ir.Type, elem func(int) ir.Type, count int) (ir.Literal, bool) {
	l := ir.Literal{T: t, Elems: make([]ir.Literal, count)}
	for i := range count {
		v, ok := d.decode(n.E[i], elem(i))
		if !ok {
			return ir.Literal{}, false
		}
		l.Elems[i] = v
	}
	return l, true
}

// sameEntries reports whether the map entries ms and rs (key, value
// tuples of t) hold the same keys with the same values, in any order.
func sameEntries(ms, rs []ir.Literal, t ir.Map, seen map[[2]*ir.Literal]bool) bool {
	used := make([]bool, len(rs))
	for _, me := range ms {
		found := false
		for j, re := range rs {
			if !used[j] && len(me.Elems) == 2 && len(re.Elems) == 2 && same(me.Elems[0], re.Elems[0], t.Key, seen) {
				if !same(me.Elems[1], re.Elems[1], t.Elem, seen) {
					return false
				}
				used[j], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// same reports whether the model's literal m and the real run's r are the
// same value of type t, as the emitted test compares them: errors by
// message, floats by bits (any NaN equal to any NaN), slices by nil-ness
// and elements, not capacity.
func same(m, r ir.Literal, t ir.Type, seen map[[2]*ir.Literal]bool) bool {
	switch t := t.(type) {
	case ir.Float:
		if isNaN(m.Bits, t.Bits) && isNaN(r.Bits, t.Bits) {
			return true
		}
		return m.Bits == r.Bits
	case ir.Int, ir.Bool:
		return m.Bits == r.Bits
	case ir.String:
		return m.Str == r.Str
	case ir.Error:
		mn, rn := m.Nil || (m.T == nil && m.Str == ""), r.Nil
		if mn != rn || (!mn && m.Str != r.Str && !m.Unknown) {
			return false
		}
		// The value of the package's error type errors.As finds: the
		// model knows none (nil), the real run's is kept (correct).
		if m.Ref == nil || r.Ref == nil {
			return true
		}
		mi, ok1 := m.Ref.T.(*ir.Interface)
		ri, ok2 := r.Ref.T.(*ir.Interface)
		return ok1 && ok2 && len(mi.Impls) == 1 && len(ri.Impls) == 1 && mi.Impls[0].Name == ri.Impls[0].Name &&
			len(m.Ref.Elems) == 1 && len(r.Ref.Elems) == 1 && same(m.Ref.Elems[0], r.Ref.Elems[0], ri.Impls[0].T, seen)
	case ir.Slice, ir.Map:
		if m.Nil != r.Nil || len(m.Elems) != len(r.Elems) {
			return false
		}
		if mt, ok := t.(ir.Map); ok {
			// In any order, as cmp compares maps: the real run's
			// entries come sorted, the model's as they were set
			// (google/shlex's newDefaultClassifier).
			return sameEntries(m.Elems, r.Elems, mt, seen)
		}
		et := t.(ir.Slice).Elem
		for i := range m.Elems {
			if !same(m.Elems[i], r.Elems[i], et, seen) {
				return false
			}
		}
		return true
	case ir.Tuple:
		for i := range t.Elems {
			if i >= len(m.Elems) || i >= len(r.Elems) || !same(m.Elems[i], r.Elems[i], t.Elems[i], seen) {
				return false
			}
		}
		return true
	case ir.Array:
		for i := range t.Len {
			if i >= len(m.Elems) || i >= len(r.Elems) || !same(m.Elems[i], r.Elems[i], t.Elem, seen) {
				return false
			}
		}
		return true
	case *ir.Struct:
		// A buffer is compared by its unread bytes, as a test does: a
		// buf the model leaves nil the real NewBufferString("") makes
		// empty (bufs.Flush).
		m.T, r.T = t, t
		if mt, ok := emit.BufferText(m); ok {
			if rt, ok := emit.BufferText(r); ok {
				return mt == rt
			}
		}
		for i, fl := range t.Fields {
			if i >= len(m.Elems) || i >= len(r.Elems) || !same(m.Elems[i], r.Elems[i], fl.T, seen) {
				return false
			}
		}
		return true
	case ir.Pointer:
		if (m.Ref == nil) != (r.Ref == nil) {
			return false
		}
		if m.Ref == nil || seen[[2]*ir.Literal{m.Ref, r.Ref}] {
			return true
		}
		seen[[2]*ir.Literal{m.Ref, r.Ref}] = true
		return m.Offset == r.Offset && same(*m.Ref, *r.Ref, t.Elem, seen)
	case *ir.Interface:
		if m.Nil != r.Nil || m.Bits != r.Bits {
			return false
		}
		if m.Nil || len(m.Elems) == 0 || len(r.Elems) == 0 || int(m.Bits) < 1 || int(m.Bits) > len(t.Impls) {
			return m.Nil
		}
		return same(m.Elems[0], r.Elems[0], t.Impls[m.Bits-1].T, seen)
	case *ir.Signature:
		// The same function of the package, whichever *ir.Func the model
		// and the decoder made for it (blang/semver's rangeFunc$1).
		if m.Func == nil || r.Func == nil {
			return m.Func == nil && r.Func == nil
		}
		return m.Func.Name == r.Func.Name && len(m.Elems) == 0 && len(r.Elems) == 0
	}
	return false
}

func isNaN(bits uint64, width int) bool {
	if width == 32 {
		return bits&0x7f800000 == 0x7f800000 && bits&0x7fffff != 0
	}
	return bits&0x7ff0000000000000 == 0x7ff0000000000000 && bits&0xfffffffffffff != 0
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// pointsToMemory reports whether a parameter of f is a pointer, whose
// pointee a call may change.
func pointsToMemory(f *ir.Func) bool {
	for _, p := range f.Params {
		switch p.T.(type) {
		case ir.Pointer, ir.Slice, ir.Map, *ir.Interface:
			// An interface may hold a pointer: a writer the call fills.
			return true
		}
	}
	return false
}

// reflectAliases are the names reflect prints for byte and rune.
var reflectAliases = regexp.MustCompile(`\b(byte|rune)\b`)

// sourceName writes a type's name as reflect does, byte as uint8 and
// rune as int32 ([]byte is "[]uint8" to reflect, "[]byte" in source),
// and the empty interface and struct as go/types does ("interface {}"
// to reflect), so that the two can be compared: spf13/cast's cases of
// a map[string]interface{} were found and then dropped, unread.
func sourceName(name string) string {
	name = strings.NewReplacer("interface {", "interface{", "struct {", "struct{").Replace(name)
	return reflectAliases.ReplaceAllStringFunc(name, func(s string) string {
		if s == "byte" {
			return "uint8"
		}
		return "int32"
	})
}
