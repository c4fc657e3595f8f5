package pbccrt

import (
	pbccbufio "bufio"
	pbccjson "encoding/json"
	pbccerrors "errors"
	pbccfmt "fmt"
	pbccmath "math"
	pbccos "os"
	pbccreflect "reflect"
	pbccsort "sort"
	pbccstrconv "strconv"
	pbccsync "sync"
	pbcctime "time"
	pbccutf8 "unicode/utf8"
	pbccunsafe "unsafe"
)

// pbccNode is a value as the real run left it.
type pbccNode struct {
	K  string      `json:"k"`           // b i u f s nil slice array struct ptr ref map err iface func opaque
	V  string      `json:"v,omitempty"` // scalars; err: the message (in B when not UTF-8); iface: the dynamic type
	T  string      `json:"t,omitempty"` // in an err's typed value: the reflect kind; err: "self" when the error is its typed value
	B  []byte      `json:"b,omitempty"` // s: the string's bytes; err: the message's, when not UTF-8
	E  []*pbccNode `json:"e,omitempty"`
	ID int         `json:"id,omitempty"` // ptr, ref: the object's number
}

type pbccRecordLine struct {
	Test  string      `json:"test"`
	Case  string      `json:"case"`
	Done  bool        `json:"done"`
	Panic string      `json:"panic,omitempty"`
	Got   []*pbccNode `json:"got"`
	After []*pbccNode `json:"after"`
	Hits  []int       `json:"hits,omitempty"`
	Hung  bool        `json:"hung,omitempty"`
	// Stopped: the call was stopped before it acted on the machine, or
	// wrote outside its directory (pbccOutside).
	Stopped bool `json:"stopped,omitempty"`
}

var (
	pbccHitsMu pbccsync.Mutex
	pbccHits   map[int]bool
)

// Start begins a case: with the package instrumented, the branch
// sites its call reaches are recorded with it. It reports whether the
// case is to be skipped: its call did not return in an earlier process,
// or, for the search on the real code, the oracle left it out
// ($PBCC_ORACLE_SKIP). A call that does not return within
// $PBCC_ORACLE_CASE_LIMIT is recorded as hung and ends the process: its
// goroutine would spin on, with whatever it holds, and the oracle runs
// the other cases again in a new one.
func Start(test, name string) bool {
	pbccSkipOnce.Do(pbccReadSkip)
	if pbccSkip[[2]string{test, name}] {
		return true
	}
	if pbccSeedHook != nil {
		// The search takes the case's parameters: its own hook sees the
		// hits, and it bounds its calls.
		return false
	}
	if pbccCaseLimit > 0 {
		pbccTimer = pbcctime.AfterFunc(pbccCaseLimit, func() {
			pbccAppend("PBCC_ORACLE_OUT", pbccRecordLine{Test: test, Case: name, Hung: true})
			pbccos.Exit(pbccHungExit)
		})
	}
	if pbccLocal == nil {
		return false // the package is not instrumented
	}
	pbccHitsMu.Lock()
	pbccHits = map[int]bool{}
	pbccHitsMu.Unlock()
	*pbccLocal = func(k int) {
		pbccHitsMu.Lock()
		if pbccHits != nil {
			pbccHits[k] = true
		}
		pbccHitsMu.Unlock()
	}
	return false
}

var (
	pbccSkipOnce  pbccsync.Once
	pbccSkip      map[[2]string]bool
	pbccCaseLimit pbcctime.Duration
	pbccTimer     *pbcctime.Timer // the running case's limit
)

// pbccReadSkip reads the cases to skip (a JSON list of [test, case]
// pairs) and the limit of a call, in nanoseconds, from the environment.
func pbccReadSkip() {
	var pairs [][2]string
	if s := pbccos.Getenv("PBCC_ORACLE_SKIP"); s != "" {
		if err := pbccjson.Unmarshal([]byte(s), &pairs); err != nil {
			panic(err)
		}
	}
	pbccSkip = map[[2]string]bool{}
	for _, p := range pairs {
		pbccSkip[p] = true
	}
	n, _ := pbccstrconv.ParseInt(pbccos.Getenv("PBCC_ORACLE_CASE_LIMIT"), 10, 64)
	pbccCaseLimit = pbcctime.Duration(n)
}

var pbccMu pbccsync.Mutex

// pbccSeedHook, when set (by the search on the real code), takes each
// case's parameters instead of the record: the cases seed the search.
var pbccSeedHook func(after []interface{})

// Record records one case; got and after hold pointers to the
// results and to the parameters.
func Record(test, name string, done bool, r interface{}, got, after []interface{}) {
	if pbccSeedHook != nil {
		pbccSeedHook(after)
		return
	}
	if pbccTimer != nil && !pbccTimer.Stop() {
		select {} // the limit passed as the call returned: the process is ending
	}
	pbccTimer = nil
	line := pbccRecordLine{Test: test, Case: name, Done: done}
	pbccHitsMu.Lock()
	for k := range pbccHits {
		line.Hits = append(line.Hits, k)
	}
	pbccHits = nil
	pbccHitsMu.Unlock()
	pbccsort.Ints(line.Hits)
	if !done {
		line.Panic = pbccfmt.Sprint(r)
		_, line.Stopped = r.(pbccOutside)
	}
	seen := map[uintptr]int{}
	for _, v := range got {
		if v == nil { // a result the test does not compare
			line.Got = append(line.Got, &pbccNode{K: "opaque"})
			continue
		}
		line.Got = append(line.Got, pbccEncode(pbccreflect.ValueOf(v).Elem(), seen, 0))
	}
	for _, v := range after {
		line.After = append(line.After, pbccEncode(pbccreflect.ValueOf(v).Elem(), seen, 0))
	}
	pbccAppend("PBCC_ORACLE_OUT", line)
}

// pbccAppend appends line, in JSON, to the file named by $env. It panics
// when it cannot: the run that reads the file then fails, saying why.
func pbccAppend(env string, line interface{}) {
	data, err := pbccjson.Marshal(line)
	if err != nil {
		panic(err)
	}
	pbccMu.Lock()
	defer pbccMu.Unlock()
	f, err := pbccos.OpenFile(pbccos.Getenv(env), pbccos.O_APPEND|pbccos.O_CREATE|pbccos.O_WRONLY, 0o644)
	if err != nil {
		panic(err)
	}
	defer f.Close()
	if _, err := f.Write(append(data, '\n')); err != nil {
		panic(err)
	}
}

var pbccErrorType = pbccreflect.TypeOf((*error)(nil)).Elem()

// pbccErrorStringType is the type of the errors errors.New makes.
var pbccErrorStringType = pbccreflect.TypeOf(pbccerrors.New(""))

// pbccStubOf, set by the search on the real code, returns the results of
// a function value it made (a stub returning fixed values), if v is one.
var pbccStubOf func(v pbccreflect.Value) ([]pbccreflect.Value, bool)

// pbccEncode encodes v; an interface holding an error is its message.
func pbccEncode(v pbccreflect.Value, seen map[uintptr]int, depth int) *pbccNode {
	if depth > 64 {
		return &pbccNode{K: "opaque", V: "too deep"}
	}
	if v.Type() == pbccReflectValueType {
		return pbccEncodeReflect(v, seen, depth)
	}
	if v.Type() == pbccBufioReaderType {
		v = pbccUnreadOnly(v)
	}
	switch v.Kind() {
	case pbccreflect.Bool:
		return &pbccNode{K: "b", V: pbccfmt.Sprint(v.Bool())}
	case pbccreflect.Int, pbccreflect.Int8, pbccreflect.Int16, pbccreflect.Int32, pbccreflect.Int64:
		return &pbccNode{K: "i", V: pbccfmt.Sprint(v.Int())}
	case pbccreflect.Uint, pbccreflect.Uint8, pbccreflect.Uint16, pbccreflect.Uint32, pbccreflect.Uint64, pbccreflect.Uintptr:
		return &pbccNode{K: "u", V: pbccfmt.Sprint(v.Uint())}
	case pbccreflect.Float32:
		return &pbccNode{K: "f", V: pbccfmt.Sprint(uint64(pbccmath.Float32bits(float32(v.Float()))))}
	case pbccreflect.Float64:
		return &pbccNode{K: "f", V: pbccfmt.Sprint(pbccmath.Float64bits(v.Float()))}
	case pbccreflect.String:
		return &pbccNode{K: "s", B: []byte(v.String())}
	case pbccreflect.Slice:
		if v.IsNil() {
			return &pbccNode{K: "nil"}
		}
		n := &pbccNode{K: "slice", E: []*pbccNode{}}
		for i := 0; i < v.Len(); i++ {
			n.E = append(n.E, pbccEncode(v.Index(i), seen, depth+1))
		}
		return n
	case pbccreflect.Array:
		n := &pbccNode{K: "array"}
		for i := 0; i < v.Len(); i++ {
			n.E = append(n.E, pbccEncode(v.Index(i), seen, depth+1))
		}
		return n
	case pbccreflect.Struct:
		n := &pbccNode{K: "struct"}
		for i := 0; i < v.NumField(); i++ {
			n.E = append(n.E, pbccEncode(v.Field(i), seen, depth+1))
		}
		return n
	case pbccreflect.Pointer:
		if v.IsNil() {
			return &pbccNode{K: "nil"}
		}
		if id, ok := seen[v.Pointer()]; ok {
			return &pbccNode{K: "ref", ID: id}
		}
		id := len(seen) + 1
		seen[v.Pointer()] = id
		return &pbccNode{K: "ptr", ID: id, E: []*pbccNode{pbccEncode(v.Elem(), seen, depth+1)}}
	case pbccreflect.Map:
		if v.IsNil() {
			return &pbccNode{K: "nil"}
		}
		n := &pbccNode{K: "map"}
		type entry struct {
			key  string
			k, e *pbccNode
		}
		var es []entry
		it := v.MapRange()
		for it.Next() {
			k := pbccEncode(it.Key(), seen, depth+1)
			data, _ := pbccjson.Marshal(k)
			es = append(es, entry{string(data), k, pbccEncode(it.Value(), seen, depth+1)})
		}
		pbccsort.Slice(es, func(i, j int) bool { return es[i].key < es[j].key })
		for _, e := range es {
			n.E = append(n.E, &pbccNode{K: "entry", E: []*pbccNode{e.k, e.e}})
		}
		return n
	case pbccreflect.Interface:
		if v.IsNil() {
			return &pbccNode{K: "nil"}
		}
		if !v.CanInterface() && v.CanAddr() {
			// An unexported field (pkg/errors' withStack embeds its
			// error): its error is still one.
			v = pbccreflect.NewAt(v.Type(), pbccunsafe.Pointer(v.UnsafeAddr())).Elem()
		}
		if v.Type().Implements(pbccErrorType) && v.CanInterface() {
			if err, ok := v.Interface().(error); ok {
				n := pbccErrNode(pbccErrorText(err))
				if as := pbccAsNode(err, 0); as != nil {
					n.E = []*pbccNode{as}
					if as.V == v.Elem().Type().String() {
						// The error is that value itself, not one it
						// wraps: a test can write it (&ParseError{...}).
						n.T = "self"
					}
				}
				return n
			}
		}
		return &pbccNode{K: "iface", V: v.Elem().Type().String(), E: []*pbccNode{pbccEncode(v.Elem(), seen, depth+1)}}
	case pbccreflect.Chan:
		if v.IsNil() {
			return &pbccNode{K: "nil"}
		}
	case pbccreflect.Func:
		if v.IsNil() {
			return &pbccNode{K: "nil"}
		}
		if pbccStubOf != nil {
			if res, ok := pbccStubOf(v); ok {
				// A function the search made: the results it returns.
				n := &pbccNode{K: "func", V: "stub"}
				for _, r := range res {
					n.E = append(n.E, pbccEncode(r, seen, depth+1))
				}
				return n
			}
		}
		return &pbccNode{K: "func"}
	}
	return &pbccNode{K: "opaque", V: v.Kind().String()}
}

// pbccBufioReaderType is bufio.Reader, whose buffer (4096 bytes) is
// encoded as its unread part only: a test writes the reader as one of
// its text (ssaexec/emit).
var pbccBufioReaderType = pbccreflect.TypeOf(pbccbufio.Reader{})

// pbccUnreadOnly returns a copy of the bufio.Reader v whose buffer holds
// only the bytes not read yet.
func pbccUnreadOnly(v pbccreflect.Value) pbccreflect.Value {
	c := pbccreflect.New(v.Type()).Elem()
	if v.CanInterface() {
		c.Set(v)
	} else if v.CanAddr() {
		c.Set(pbccreflect.NewAt(v.Type(), pbccunsafe.Pointer(v.UnsafeAddr())).Elem())
	} else {
		return v
	}
	field := func(name string) pbccreflect.Value {
		f := c.FieldByName(name)
		return pbccreflect.NewAt(f.Type(), pbccunsafe.Pointer(f.UnsafeAddr())).Elem()
	}
	buf, r, w := field("buf"), field("r"), field("w")
	if !buf.IsValid() || r.Kind() != pbccreflect.Int || w.Kind() != pbccreflect.Int || r.Int() < 0 || r.Int() > w.Int() || int(w.Int()) > buf.Len() {
		return v
	}
	unread := append([]byte(nil), buf.Bytes()[r.Int():w.Int()]...)
	buf.SetBytes(unread)
	r.SetInt(0)
	w.SetInt(int64(len(unread)))
	return c
}

var pbccReflectValueType = pbccreflect.TypeOf(pbccreflect.Value{})

// pbccEncodeReflect encodes the reflect.Value v as the interface value
// it holds (ssaexec/lowersig.go): nil for the zero Value.
func pbccEncodeReflect(v pbccreflect.Value, seen map[uintptr]int, depth int) *pbccNode {
	if !v.CanInterface() && v.CanAddr() {
		v = pbccreflect.NewAt(v.Type(), pbccunsafe.Pointer(v.UnsafeAddr())).Elem()
	}
	if !v.CanInterface() {
		return &pbccNode{K: "opaque", V: "reflect.Value"}
	}
	rv := v.Interface().(pbccreflect.Value)
	if !rv.IsValid() {
		return &pbccNode{K: "nil"}
	}
	if !rv.CanInterface() {
		return &pbccNode{K: "opaque", V: "reflect.Value"}
	}
	return &pbccNode{K: "iface", V: rv.Type().String(), E: []*pbccNode{pbccEncode(rv, seen, depth+1)}}
}

// pbccAsNode encodes the first error of err's chain, in the order
// errors.As looks (err, then what Unwrap returns, depth first), whose type
// the package under test declares: an iface node of the dynamic type and
// its value, each node of which says its kind, so that the test can check
// it with errors.As and its fields. It returns nil when there is none, or
// when its value is not plain (see pbccPlain): the message is then all
// the test checks.
func pbccAsNode(err error, depth int) *pbccNode {
	if err == nil || depth > 32 {
		return nil
	}
	v := pbccreflect.ValueOf(err)
	named := v.Type()
	if named.Kind() == pbccreflect.Pointer {
		named = named.Elem()
	}
	if named.PkgPath() == pbccOwnPath && named.Name() != "" {
		if n, ok := pbccPlain(v, 0); ok {
			return &pbccNode{K: "iface", V: v.Type().String(), E: []*pbccNode{n}}
		}
		return nil
	}
	switch u := err.(type) {
	case interface{ Unwrap() error }:
		return pbccAsNode(u.Unwrap(), depth+1)
	case interface{ Unwrap() []error }:
		for _, e := range u.Unwrap() {
			if n := pbccAsNode(e, depth+1); n != nil {
				return n
			}
		}
	}
	return nil
}

// pbccPlain encodes v, with each node's kind, when it is plain: a bool,
// number or string, an error field holding nil or an error of errors.New,
// a struct of plain fields (the package's or unnamed), or (at the top) a
// non-nil pointer to one. A test writes such a value as
// a literal and compares it with cmp; others (slices, maps, nested
// pointers) it does not.
func pbccPlain(v pbccreflect.Value, depth int) (*pbccNode, bool) {
	if depth > 8 {
		return nil, false
	}
	switch k := v.Kind(); k {
	case pbccreflect.Bool, pbccreflect.String,
		pbccreflect.Int, pbccreflect.Int8, pbccreflect.Int16, pbccreflect.Int32, pbccreflect.Int64,
		pbccreflect.Uint, pbccreflect.Uint8, pbccreflect.Uint16, pbccreflect.Uint32, pbccreflect.Uint64, pbccreflect.Uintptr,
		pbccreflect.Float32, pbccreflect.Float64:
		n := pbccEncode(v, nil, depth)
		n.T = k.String()
		return n, true
	case pbccreflect.Interface:
		// An error field (a cause) holding nil or an error of
		// errors.New: the test writes it errors.New("message").
		if v.Type() != pbccErrorType || depth == 0 {
			return nil, false
		}
		if v.IsNil() {
			return &pbccNode{K: "nil", T: "error"}, true
		}
		if v.Elem().Type() != pbccErrorStringType || !v.CanInterface() {
			return nil, false
		}
		n := pbccErrNode(pbccErrorText(v.Interface().(error)))
		n.T = "error"
		return n, true
	case pbccreflect.Pointer:
		if depth > 0 || v.IsNil() {
			return nil, false
		}
		e, ok := pbccPlain(v.Elem(), depth+1)
		return &pbccNode{K: "ptr", T: "ptr", E: []*pbccNode{e}}, ok
	case pbccreflect.Struct:
		if t := v.Type(); t.Name() != "" && t.PkgPath() != pbccOwnPath {
			// Another package's struct (a mutex, say): its fields are
			// not the test's to write.
			return nil, false
		}
		n := &pbccNode{K: "struct", T: "struct"}
		for i := 0; i < v.NumField(); i++ {
			e, ok := pbccPlain(v.Field(i), depth+1)
			if !ok {
				return nil, false
			}
			n.E = append(n.E, e)
		}
		return n, true
	}
	return nil, false
}

// pbccErrorText is an error's message, or the panic its Error method
// raised (a nil pointer of an error type, say), as the test would see it.
// pbccErrNode returns the node of an error with message msg: in V, or,
// when msg is not UTF-8 (JSON would replace its bytes with U+FFFD: robfig/cron's
// "too many slashes: \xb0\x80//"), in B.
func pbccErrNode(msg string) *pbccNode {
	if pbccutf8.ValidString(msg) {
		return &pbccNode{K: "err", V: msg}
	}
	return &pbccNode{K: "err", B: []byte(msg)}
}

func pbccErrorText(err error) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = "pbcc: Error panicked: " + pbccfmt.Sprint(r)
		}
	}()
	return err.Error()
}
