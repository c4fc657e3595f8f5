package ir

import "fmt"

// This file holds the IR of Go values and builtins beyond those of
// mem.go: maps, errors, runes of strings, and the builtins cap, copy,
// min and max.

// Map is a Go map with keys of a comparable scalar type (integers, bools,
// strings). A map value refers to a table, as Go's does: a function that
// updates a map its caller passed updates the caller's.
type Map struct{ Key, Elem Type }

// Error is Go's error interface, modelled as nil or an error made at a
// place of the program (errors.New, fmt.Errorf, errors.Join, a sentinel
// global, a call of the standard library, an input): a message, the place
// that made it, which tells sentinel errors apart, and the errors it
// wraps (errors.go).
type Error struct{}

func (Map) isType()          {}
func (Error) isType()        {}
func (t Map) String() string { return fmt.Sprintf("map[%s]%s", t.Key, t.Elem) }
func (Error) String() string { return "error" }

// Cap is the capacity of slice X.
type Cap struct {
	aValue
	X Value
}

// Copy copies min(len(Dst), len(Src)) elements from the slice (or string)
// Src to the slice Dst and yields that count (an int).
type Copy struct {
	aValue
	Dst, Src Value
}

// Select is X when Cond holds, else Y, without a branch (min, max).
type Select struct {
	aValue
	Cond, X, Y Value
}

// DecodeRune decodes the UTF-8 sequence of string S at byte index I
// (I < len(S)) as `for i, r := range s` does: it yields a Tuple of the
// rune (i32) and the number of bytes it takes (i64); an invalid sequence
// is U+FFFD, one byte.
type DecodeRune struct {
	aValue
	S, I Value
}

// MakeMap is a new empty map.
type MakeMap struct{ aValue }

// MapLookup is M[Key]: the element (its zero when absent), or with
// CommaOk a Tuple of the element and whether the key was there.
type MapLookup struct {
	aValue
	M, Key  Value
	CommaOk bool
}

// MapUpdate sets M[Key] = Val. Updating a nil map is a run-time error.
type MapUpdate struct {
	anInstr
	M, Key, Val Value
}

// MapDelete removes Key from M.
type MapDelete struct {
	anInstr
	M, Key Value
}

// MapEntry is entry I (0 ≤ I < len(M)) of map M, in the executor's
// order, as a Tuple of key and element: `for k, v := range m`. Go gives
// no order, so a test whose outcome depends on it is not stable.
type MapEntry struct {
	aValue
	M, I Value
}

// MakeError is an error with message Msg (a String), made at its own
// place: errors.New(msg).
type MakeError struct {
	aValue
	Msg Value
}

// ErrorMessage is the message of error X: X.Error(). X must not be nil.
type ErrorMessage struct {
	aValue
	X Value
}

func (i *Cap) Operands() []Value          { return []Value{i.X} }
func (i *Copy) Operands() []Value         { return []Value{i.Dst, i.Src} }
func (i *Select) Operands() []Value       { return []Value{i.Cond, i.X, i.Y} }
func (i *DecodeRune) Operands() []Value   { return []Value{i.S, i.I} }
func (i *MakeMap) Operands() []Value      { return nil }
func (i *MapLookup) Operands() []Value    { return []Value{i.M, i.Key} }
func (i *MapUpdate) Operands() []Value    { return []Value{i.M, i.Key, i.Val} }
func (i *MapDelete) Operands() []Value    { return []Value{i.M, i.Key} }
func (i *MapEntry) Operands() []Value     { return []Value{i.M, i.I} }
func (i *MakeError) Operands() []Value    { return []Value{i.Msg} }
func (i *ErrorMessage) Operands() []Value { return []Value{i.X} }

func (i *Cap) String() string { return fmt.Sprintf("%s = cap %s", i.Name(), i.X.Name()) }
func (i *Copy) String() string {
	return fmt.Sprintf("%s = copy %s <- %s", i.Name(), i.Dst.Name(), i.Src.Name())
}
func (i *Select) String() string {
	return fmt.Sprintf("%s = select %s ? %s : %s", i.Name(), i.Cond.Name(), i.X.Name(), i.Y.Name())
}
func (i *DecodeRune) String() string {
	return fmt.Sprintf("%s = decoderune %s[%s]", i.Name(), i.S.Name(), i.I.Name())
}
func (i *MakeMap) String() string { return fmt.Sprintf("%s = make %s", i.Name(), i.T) }
func (i *MapLookup) String() string {
	ok := ""
	if i.CommaOk {
		ok = ",ok"
	}
	return fmt.Sprintf("%s = %s[%s]%s", i.Name(), i.M.Name(), i.Key.Name(), ok)
}
func (i *MapUpdate) String() string {
	return fmt.Sprintf("%s[%s] = %s", i.M.Name(), i.Key.Name(), i.Val.Name())
}
func (i *MapDelete) String() string { return fmt.Sprintf("delete %s[%s]", i.M.Name(), i.Key.Name()) }
func (i *MapEntry) String() string {
	return fmt.Sprintf("%s = entry %s #%s", i.Name(), i.M.Name(), i.I.Name())
}
func (i *MakeError) String() string { return fmt.Sprintf("%s = error %s", i.Name(), i.Msg.Name()) }
func (i *ErrorMessage) String() string {
	return fmt.Sprintf("%s = %s.Error()", i.Name(), i.X.Name())
}

// NewCap returns cap(x), of type t (the language's int).
func NewCap(x Value, t Int) *Cap { return &Cap{aValue: aValue{T: t}, X: x} }

// NewCopy returns copy(dst, src), of type t.
func NewCopy(dst, src Value, t Int) *Copy { return &Copy{aValue: aValue{T: t}, Dst: dst, Src: src} }

// NewSelect returns "cond ? x : y".
func NewSelect(cond, x, y Value) *Select {
	return &Select{aValue: aValue{T: x.Type()}, Cond: cond, X: x, Y: y}
}

// NewDecodeRune returns the rune of s at byte i and its size.
func NewDecodeRune(s, i Value) *DecodeRune {
	return &DecodeRune{aValue: aValue{T: Tuple{Elems: []Type{Int{Bits: 32, Signed: true}, Int{Bits: 64, Signed: true}}}}, S: s, I: i}
}

// NewMakeMap returns a new map of type t.
func NewMakeMap(t Map) *MakeMap { return &MakeMap{aValue: aValue{T: t}} }

// NewMapLookup returns m[key], or (m[key], ok) with commaOk.
func NewMapLookup(m, key Value, commaOk bool) *MapLookup {
	var t Type = m.Type().(Map).Elem
	if commaOk {
		t = Tuple{Elems: []Type{t, Bool{}}}
	}
	return &MapLookup{aValue: aValue{T: t}, M: m, Key: key, CommaOk: commaOk}
}

// NewMapUpdate returns m[key] = val.
func NewMapUpdate(m, key, val Value) *MapUpdate { return &MapUpdate{M: m, Key: key, Val: val} }

// NewMapDelete returns delete(m, key).
func NewMapDelete(m, key Value) *MapDelete { return &MapDelete{M: m, Key: key} }

// NewMapEntry returns entry i of m as (key, element).
func NewMapEntry(m, i Value) *MapEntry {
	t := m.Type().(Map)
	return &MapEntry{aValue: aValue{T: Tuple{Elems: []Type{t.Key, t.Elem}}}, M: m, I: i}
}

// NewMakeError returns errors.New(msg).
func NewMakeError(msg Value) *MakeError { return &MakeError{aValue: aValue{T: Error{}}, Msg: msg} }

// NewErrorMessage returns x.Error().
func NewErrorMessage(x Value) *ErrorMessage {
	return &ErrorMessage{aValue: aValue{T: String{}}, X: x}
}
