// Package stdlib calls real functions of the Go standard library on
// concrete values.
//
// The Go lowering does not follow calls into the standard library: it
// emits an external call (ir.CallExtern) naming the function,
// "strings.IndexByte" or "unicode/utf8.RuneLen". The symbolic executor
// treats the results of such a call as unknowns, constrained only by the
// branches that follow (or by a model of the function), and the concrete
// replay, which must tell what the real code does, calls the real
// function through this package: pbcc is itself a Go program.
//
// The table holds pure functions (no state, no I/O, bounded work) whose
// parameters and results are of the kinds the IR models: integers of any
// width, bool, float32 and float64, string, []byte and, for results,
// error; fmt.Sprint, Sprintf and Sprintln take such values as their ...any
// arguments. Lookup gives a function by name; Func.Call converts its
// arguments from the few Go types the executor hands over (int64 or uint64
// for every integer, float64 or float32, bool, string, []byte) and
// returns the results as the function gives them.
package stdlib

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"math/bits"
	"net/url"
	"path"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// funcs maps "import/path.Name" to the function. Functions whose work
// grows with an integer argument rather than with their inputs' sizes
// (strings.Repeat, bytes.Repeat) are left out: a replay must not be able
// to exhaust memory.
var funcs = map[string]any{
	// strings
	"strings.Compare":       strings.Compare,
	"strings.Contains":      strings.Contains,
	"strings.ContainsAny":   strings.ContainsAny,
	"strings.ContainsRune":  strings.ContainsRune,
	"strings.Count":         strings.Count,
	"strings.Cut":           strings.Cut,
	"strings.CutPrefix":     strings.CutPrefix,
	"strings.CutSuffix":     strings.CutSuffix,
	"strings.EqualFold":     strings.EqualFold,
	"strings.HasPrefix":     strings.HasPrefix,
	"strings.HasSuffix":     strings.HasSuffix,
	"strings.Index":         strings.Index,
	"strings.IndexAny":      strings.IndexAny,
	"strings.IndexByte":     strings.IndexByte,
	"strings.IndexRune":     strings.IndexRune,
	"strings.LastIndex":     strings.LastIndex,
	"strings.LastIndexAny":  strings.LastIndexAny,
	"strings.LastIndexByte": strings.LastIndexByte,
	"strings.Replace":       strings.Replace,
	"strings.ReplaceAll":    strings.ReplaceAll,
	"strings.ToLower":       strings.ToLower,
	"strings.ToTitle":       strings.ToTitle,
	"strings.ToUpper":       strings.ToUpper,
	"strings.ToValidUTF8":   strings.ToValidUTF8,
	"strings.Trim":          strings.Trim,
	"strings.TrimLeft":      strings.TrimLeft,
	"strings.TrimPrefix":    strings.TrimPrefix,
	"strings.TrimRight":     strings.TrimRight,
	"strings.TrimSpace":     strings.TrimSpace,
	"strings.TrimSuffix":    strings.TrimSuffix,

	// bytes
	"bytes.Compare":       bytes.Compare,
	"bytes.Contains":      bytes.Contains,
	"bytes.ContainsAny":   bytes.ContainsAny,
	"bytes.ContainsRune":  bytes.ContainsRune,
	"bytes.Cut":           bytes.Cut,
	"bytes.CutPrefix":     bytes.CutPrefix,
	"bytes.CutSuffix":     bytes.CutSuffix,
	"bytes.IndexAny":      bytes.IndexAny,
	"bytes.LastIndexAny":  bytes.LastIndexAny,
	"bytes.Replace":       bytes.Replace,
	"bytes.ReplaceAll":    bytes.ReplaceAll,
	"bytes.ToTitle":       bytes.ToTitle,
	"bytes.ToValidUTF8":   bytes.ToValidUTF8,
	"bytes.Trim":          bytes.Trim,
	"bytes.TrimLeft":      bytes.TrimLeft,
	"bytes.TrimPrefix":    bytes.TrimPrefix,
	"bytes.TrimRight":     bytes.TrimRight,
	"bytes.TrimSuffix":    bytes.TrimSuffix,
	"bytes.Count":         bytes.Count,
	"bytes.Equal":         bytes.Equal,
	"bytes.EqualFold":     bytes.EqualFold,
	"bytes.HasPrefix":     bytes.HasPrefix,
	"bytes.HasSuffix":     bytes.HasSuffix,
	"bytes.Index":         bytes.Index,
	"bytes.IndexByte":     bytes.IndexByte,
	"bytes.IndexRune":     bytes.IndexRune,
	"bytes.LastIndex":     bytes.LastIndex,
	"bytes.LastIndexByte": bytes.LastIndexByte,
	"bytes.ToLower":       bytes.ToLower,
	"bytes.ToUpper":       bytes.ToUpper,
	"bytes.TrimSpace":     bytes.TrimSpace,

	// strconv
	"strconv.AppendBool":  strconv.AppendBool,
	"strconv.AppendInt":   strconv.AppendInt,
	"strconv.AppendQuote": strconv.AppendQuote,
	"strconv.AppendUint":  strconv.AppendUint,
	"strconv.Atoi":        strconv.Atoi,
	"strconv.FormatBool":  strconv.FormatBool,
	"strconv.FormatFloat": strconv.FormatFloat,
	"strconv.FormatInt":   strconv.FormatInt,
	"strconv.FormatUint":  strconv.FormatUint,
	"strconv.Itoa":        strconv.Itoa,
	"strconv.ParseBool":   strconv.ParseBool,
	"strconv.ParseFloat":  strconv.ParseFloat,
	"strconv.ParseInt":    strconv.ParseInt,
	"strconv.ParseUint":   strconv.ParseUint,
	"strconv.Quote":       strconv.Quote,
	"strconv.QuoteRune":   strconv.QuoteRune,
	"strconv.Unquote":     strconv.Unquote,

	// unicode
	"unicode.IsControl":  unicode.IsControl,
	"unicode.IsDigit":    unicode.IsDigit,
	"unicode.IsGraphic":  unicode.IsGraphic,
	"unicode.IsLetter":   unicode.IsLetter,
	"unicode.IsLower":    unicode.IsLower,
	"unicode.IsMark":     unicode.IsMark,
	"unicode.IsNumber":   unicode.IsNumber,
	"unicode.IsPrint":    unicode.IsPrint,
	"unicode.IsPunct":    unicode.IsPunct,
	"unicode.IsSpace":    unicode.IsSpace,
	"unicode.IsSymbol":   unicode.IsSymbol,
	"unicode.IsTitle":    unicode.IsTitle,
	"unicode.IsUpper":    unicode.IsUpper,
	"unicode.SimpleFold": unicode.SimpleFold,
	"unicode.ToLower":    unicode.ToLower,
	"unicode.ToTitle":    unicode.ToTitle,
	"unicode.ToUpper":    unicode.ToUpper,

	"unicode/utf16.IsSurrogate": utf16.IsSurrogate,

	// unicode/utf8
	"unicode/utf8.DecodeLastRune":         utf8.DecodeLastRune,
	"unicode/utf8.DecodeLastRuneInString": utf8.DecodeLastRuneInString,
	"unicode/utf8.DecodeRune":             utf8.DecodeRune,
	"unicode/utf8.DecodeRuneInString":     utf8.DecodeRuneInString,
	"unicode/utf8.FullRune":               utf8.FullRune,
	"unicode/utf8.FullRuneInString":       utf8.FullRuneInString,
	"unicode/utf8.RuneCount":              utf8.RuneCount,
	"unicode/utf8.RuneCountInString":      utf8.RuneCountInString,
	"unicode/utf8.RuneLen":                utf8.RuneLen,
	"unicode/utf8.RuneStart":              utf8.RuneStart,
	"unicode/utf8.Valid":                  utf8.Valid,
	"unicode/utf8.ValidRune":              utf8.ValidRune,
	"unicode/utf8.ValidString":            utf8.ValidString,

	// math
	"math.Abs":             math.Abs,
	"math.Cbrt":            math.Cbrt,
	"math.Ceil":            math.Ceil,
	"math.Copysign":        math.Copysign,
	"math.Cos":             math.Cos,
	"math.Exp":             math.Exp,
	"math.Float32bits":     math.Float32bits,
	"math.Float32frombits": math.Float32frombits,
	"math.Float64bits":     math.Float64bits,
	"math.Float64frombits": math.Float64frombits,
	"math.Floor":           math.Floor,
	"math.Hypot":           math.Hypot,
	"math.Inf":             math.Inf,
	"math.IsInf":           math.IsInf,
	"math.IsNaN":           math.IsNaN,
	"math.Log":             math.Log,
	"math.Log10":           math.Log10,
	"math.Log2":            math.Log2,
	"math.Max":             math.Max,
	"math.Min":             math.Min,
	"math.Mod":             math.Mod,
	"math.NaN":             math.NaN,
	"math.Pow":             math.Pow,
	"math.Round":           math.Round,
	"math.RoundToEven":     math.RoundToEven,
	"math.Signbit":         math.Signbit,
	"math.Sin":             math.Sin,
	"math.Sqrt":            math.Sqrt,
	"math.Trunc":           math.Trunc,

	// math/bits
	"math/bits.Add64":           bits.Add64,
	"math/bits.LeadingZeros":    bits.LeadingZeros,
	"math/bits.LeadingZeros16":  bits.LeadingZeros16,
	"math/bits.LeadingZeros32":  bits.LeadingZeros32,
	"math/bits.LeadingZeros64":  bits.LeadingZeros64,
	"math/bits.LeadingZeros8":   bits.LeadingZeros8,
	"math/bits.Len":             bits.Len,
	"math/bits.Len16":           bits.Len16,
	"math/bits.Len32":           bits.Len32,
	"math/bits.Len64":           bits.Len64,
	"math/bits.Len8":            bits.Len8,
	"math/bits.Mul64":           bits.Mul64,
	"math/bits.OnesCount":       bits.OnesCount,
	"math/bits.OnesCount16":     bits.OnesCount16,
	"math/bits.OnesCount32":     bits.OnesCount32,
	"math/bits.OnesCount64":     bits.OnesCount64,
	"math/bits.OnesCount8":      bits.OnesCount8,
	"math/bits.Reverse":         bits.Reverse,
	"math/bits.Reverse16":       bits.Reverse16,
	"math/bits.Reverse32":       bits.Reverse32,
	"math/bits.Reverse64":       bits.Reverse64,
	"math/bits.Reverse8":        bits.Reverse8,
	"math/bits.ReverseBytes":    bits.ReverseBytes,
	"math/bits.ReverseBytes16":  bits.ReverseBytes16,
	"math/bits.ReverseBytes32":  bits.ReverseBytes32,
	"math/bits.ReverseBytes64":  bits.ReverseBytes64,
	"math/bits.RotateLeft":      bits.RotateLeft,
	"math/bits.RotateLeft16":    bits.RotateLeft16,
	"math/bits.RotateLeft32":    bits.RotateLeft32,
	"math/bits.RotateLeft64":    bits.RotateLeft64,
	"math/bits.RotateLeft8":     bits.RotateLeft8,
	"math/bits.Sub64":           bits.Sub64,
	"math/bits.TrailingZeros":   bits.TrailingZeros,
	"math/bits.TrailingZeros16": bits.TrailingZeros16,
	"math/bits.TrailingZeros32": bits.TrailingZeros32,
	"math/bits.TrailingZeros64": bits.TrailingZeros64,
	"math/bits.TrailingZeros8":  bits.TrailingZeros8,

	// path (slash-separated, the same on every system; path/filepath is not)
	"path.Base":  path.Base,
	"path.Clean": path.Clean,
	"path.Dir":   path.Dir,
	"path.Ext":   path.Ext,
	"path.IsAbs": path.IsAbs,
	"path.Match": path.Match,

	// html, net/url: escaping
	"html.EscapeString":     html.EscapeString,
	"html.UnescapeString":   html.UnescapeString,
	"net/url.PathEscape":    url.PathEscape,
	"net/url.QueryEscape":   url.QueryEscape,
	"net/url.PathUnescape":  url.PathUnescape,
	"net/url.QueryUnescape": url.QueryUnescape,

	// fmt: formatting of integers, floats, bools and strings, passed on
	// as the ...any arguments (the lowering lets no other values through)
	"fmt.Sprint":   fmt.Sprint,
	"fmt.Sprintf":  fmt.Sprintf,
	"fmt.Sprintln": fmt.Sprintln,
}

var anyType = reflect.TypeFor[any]()

// variadicAny reports whether t is variadic with a final ...any
// parameter, whose arguments Call passes on as they are.
func variadicAny(t reflect.Type) bool {
	return t.IsVariadic() && t.In(t.NumIn()-1).Elem() == anyType
}

// A Func is a function of the table.
type Func struct {
	Name string
	fn   reflect.Value
}

// Lookup returns the function called name ("strings.IndexByte",
// "unicode/utf8.RuneLen"), or false when the table has none.
func Lookup(name string) (*Func, bool) {
	f, ok := funcs[name]
	if !ok {
		return nil, false
	}
	return &Func{Name: name, fn: reflect.ValueOf(f)}, true
}

// Names returns the names of the table's functions, sorted.
func Names() []string {
	names := make([]string, 0, len(funcs))
	for n := range funcs {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Type returns the function's type.
func (f *Func) Type() reflect.Type { return f.fn.Type() }

var (
	bytesType = reflect.TypeFor[[]byte]()
	errorType = reflect.TypeFor[error]()
)

// Supported reports whether values of t can cross the bridge: integers,
// bool, floats, string and []byte; error too for a result.
func Supported(t reflect.Type, result bool) bool {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Bool, reflect.Float32, reflect.Float64, reflect.String:
		return true
	case reflect.Slice:
		return t == bytesType
	case reflect.Interface:
		return result && t == errorType
	}
	return false
}

// class groups the kinds that convert into each other without changing
// what a value means: Go converts an integer to a string too, as a rune.
func class(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return "int"
	case reflect.Float32, reflect.Float64:
		return "float"
	}
	return t.String()
}

// A PanicError is the panic of a real function called with arguments it
// rejects.
type PanicError struct {
	Name  string
	Value any
}

func (e *PanicError) Error() string { return fmt.Sprintf("%s panicked: %v", e.Name, e.Value) }

// Call calls f with args, each an int64 or uint64 for an integer
// parameter (any width: the bits are converted), a float64 or float32, a
// bool, a string or a []byte, and returns its results. It fails when an
// argument does not convert, and returns a *PanicError when f panics.
func (f *Func) Call(args []any) (results []any, err error) {
	t := f.fn.Type()
	fixed := t.NumIn()
	if variadicAny(t) {
		fixed--
	}
	if t.IsVariadic() && !variadicAny(t) || len(args) < fixed || !t.IsVariadic() && len(args) != fixed {
		return nil, fmt.Errorf("call of %s with %d arguments for %s", f.Name, len(args), t)
	}
	in := make([]reflect.Value, len(args))
	for i, a := range args {
		v := reflect.ValueOf(a)
		if i >= fixed {
			// An argument of ...any: an int64, uint64, float, bool or
			// string, which fmt prints as the module's value of any width.
			if !v.IsValid() || !Supported(v.Type(), false) {
				return nil, fmt.Errorf("call of %s: argument %d: %T cannot be passed as any", f.Name, i, a)
			}
			in[i] = reflect.ValueOf(&a).Elem()
			continue
		}
		pt := t.In(i)
		if !v.IsValid() || class(v.Type()) != class(pt) || !Supported(pt, false) {
			return nil, fmt.Errorf("call of %s: argument %d: %T does not convert to %s", f.Name, i, a, pt)
		}
		in[i] = v.Convert(pt)
	}
	defer func() {
		if r := recover(); r != nil {
			results, err = nil, &PanicError{Name: f.Name, Value: r}
		}
	}()
	out := f.fn.Call(in)
	results = make([]any, len(out))
	for i, v := range out {
		results[i] = v.Interface()
	}
	return results, nil
}
