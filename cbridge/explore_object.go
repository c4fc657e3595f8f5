package cbridge

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/pbcc/pbcc/gen/ir"
	"modernc.org/cc/v4"
)

// An object is what the search on the real code makes of a struct a
// parameter points to: its bytes, laid out as gcc lays them out, its
// scalars (leaves) mutated in place, its pointers NULL.
type objectShape struct {
	t      cc.Type // the struct
	it     ir.Type // its IR type
	size   int
	leaves []leaf
	made   map[ir.Type]*objectShape // the shapes made with it, by IR type
}

// maxShapes bounds the struct types a graph's objects are of.
const maxShapes = 16

// A leaf is a scalar of an object at an offset: an integer or a float,
// or a pointer, which the search keeps NULL unless it points to a
// struct it can make (target: see explore_graph.go).
type leaf struct {
	off, size int
	signed    bool
	float     bool
	ptr       bool
	target    *objectShape
}

// objectOf returns the object shape of a struct of C type t, or why
// the search cannot make one (a union, a bit-field, a flexible array).
// Its pointers to structs the search can make get their shapes as
// targets, a struct pointing to its own type (a list) to itself.
func objectOf(t cc.Type, it ir.Type) (*objectShape, error) {
	return objectIn(map[ir.Type]*objectShape{}, t, it)
}

func objectIn(made map[ir.Type]*objectShape, t cc.Type, it ir.Type) (*objectShape, error) {
	if o, ok := made[it]; ok {
		return o, nil
	}
	o := &objectShape{t: t, it: it, size: int(t.Size()), made: made}
	made[it] = o
	if err := o.walk(t, it, 0); err != nil {
		delete(made, it)
		return nil, err
	}
	return o, nil
}

func (o *objectShape) walk(t cc.Type, it ir.Type, off int) error {
	switch it := it.(type) {
	case ir.Int:
		o.leaves = append(o.leaves, leaf{off: off, size: it.Bits / 8, signed: it.Signed})
	case ir.Float:
		o.leaves = append(o.leaves, leaf{off: off, size: it.Bits / 8, float: true})
	case ir.Pointer:
		l := leaf{off: off, size: int(t.Size()), ptr: true}
		if pt, ok := t.(*cc.PointerType); ok && pt.Elem().Kind() == cc.Struct && l.size == 8 {
			if _, ok := it.Elem.(*ir.Struct); ok && len(o.made) < maxShapes {
				// a shape the search cannot make stays NULL
				l.target, _ = objectIn(o.made, pt.Elem(), it.Elem)
			}
		}
		o.leaves = append(o.leaves, l)
	case *ir.Signature:
		o.leaves = append(o.leaves, leaf{off: off, size: int(t.Size()), ptr: true})
	case ir.Array:
		at, ok := t.(*cc.ArrayType)
		if !ok {
			return fmt.Errorf("an array of %s", kindName(t))
		}
		es := int(at.Elem().Size())
		for i := 0; i < it.Len; i++ {
			if err := o.walk(at.Elem(), it.Elem, off+i*es); err != nil {
				return err
			}
		}
	case *ir.Struct:
		st, ok := t.(*cc.StructType)
		if !ok {
			return fmt.Errorf("a struct of %s", kindName(t))
		}
		for i, f := range it.Fields {
			cf := st.FieldByIndex(i)
			if cf == nil || cf.IsBitfield() {
				return fmt.Errorf("a struct with bit-fields")
			}
			if err := o.walk(cf.Type(), f.T, off+int(cf.Offset())); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("a pointer to %s", kindName(t))
	}
	return nil
}

// clean keeps the object's pointers NULL.
func (o *objectShape) clean(b []byte) {
	for _, l := range o.leaves {
		if l.ptr && l.off+l.size <= len(b) {
			clear(b[l.off : l.off+l.size])
		}
	}
}

// pointersSet reports whether a pointer of the object b holds is not NULL
// (the call made it point somewhere the harness cannot name).
func (o *objectShape) pointersSet(b []byte) bool {
	for _, l := range o.leaves {
		if l.ptr && l.off+l.size <= len(b) && slices.ContainsFunc(b[l.off:l.off+l.size], func(c byte) bool { return c != 0 }) {
			return true
		}
	}
	return false
}

// leafShape is the shape the search mutates a leaf as.
func (l leaf) shape() shape {
	if l.float {
		return shape{kind: shapeFloat, bits: l.size * 8}
	}
	return shape{kind: shapeInt, bits: l.size * 8, signed: l.signed}
}

func (l leaf) get(b []byte) uint64 {
	x := binary.LittleEndian.Uint64(append(slices.Clone(b[l.off:l.off+l.size]), make([]byte, 8-l.size)...))
	if l.float {
		return x
	}
	return mask(x, l.shape())
}

func (l leaf) put(b []byte, x uint64) {
	var w [8]byte
	binary.LittleEndian.PutUint64(w[:], x)
	copy(b[l.off:l.off+l.size], w[:l.size])
}

// scalars returns the leaves the search changes: not the pointers.
func (o *objectShape) scalars() []leaf {
	var out []leaf
	for _, l := range o.leaves {
		if !l.ptr {
			out = append(out, l)
		}
	}
	return out
}

// literal decodes the object's bytes b into a literal of its IR type.
func (o *objectShape) literal(b []byte) ir.Literal {
	return decodeObject(o.t, o.it, b, nil)
}

// decodeObject decodes the bytes b of an object of C type t, IR type it;
// link, if not nil, gives the literal a pointer's bytes designate.
func decodeObject(t cc.Type, it ir.Type, b []byte, link func([]byte) *ir.Literal) ir.Literal {
	switch it := it.(type) {
	case ir.Int:
		l := leaf{size: it.Bits / 8}
		x := l.get(b)
		if it.Bits < 64 {
			x &= 1<<it.Bits - 1
		}
		return ir.Literal{T: it, Bits: x}
	case ir.Float:
		return ir.Literal{T: it, Bits: leaf{size: it.Bits / 8, float: true}.get(b)}
	case ir.Array:
		at := t.(*cc.ArrayType)
		es := int(at.Elem().Size())
		lit := ir.Literal{T: it}
		for i := 0; i < it.Len; i++ {
			lit.Elems = append(lit.Elems, decodeObject(at.Elem(), it.Elem, b[i*es:], link))
		}
		return lit
	case *ir.Struct:
		st := t.(*cc.StructType)
		lit := ir.Literal{T: it}
		for i, f := range it.Fields {
			cf := st.FieldByIndex(i)
			lit.Elems = append(lit.Elems, decodeObject(cf.Type(), f.T, b[cf.Offset():], link))
		}
		return lit
	case ir.Pointer:
		if link != nil && len(b) >= 8 {
			return ir.Literal{T: it, Ref: link(b[:8])}
		}
	}
	return ir.Literal{T: it} // a pointer: NULL
}

// mutateObject changes one scalar of the object b.
func (s *search) mutateObject(b []byte, o *objectShape) {
	ls := o.scalars()
	if len(ls) == 0 {
		return
	}
	l := ls[s.rng.IntN(len(ls))]
	if l.float {
		l.put(b, s.mutateFloat(l.get(b), l.shape()))
	} else {
		l.put(b, s.mutateInt(l.get(b), l.shape()))
	}
}
