package ir

import "fmt"

// CallExtern calls a function outside the program, known only by its
// name ("strings.IndexByte", "unicode/utf8.RuneLen"): a function of the
// Go standard library that the front end does not follow. Its type is the
// single result's type, a Tuple for several results.
//
// The executor models some such functions exactly or in part; the
// results of the others are unknowns that only the branches after the
// call constrain, and the replay learns their real values by calling the
// real function.
//
// Example printed form:
//
//	t3 = extern strings.IndexByte(s, 61:u8)
type CallExtern struct {
	aValue
	Func    string
	Args    []Value
	Results []Type
}

// NewCallExtern returns a call of the external function name with args,
// whose results have types results.
func NewCallExtern(name string, args []Value, results []Type) *CallExtern {
	var t Type = Tuple{Elems: results}
	if len(results) == 1 {
		t = results[0]
	}
	return &CallExtern{aValue: aValue{T: t}, Func: name, Args: args, Results: results}
}

func (i *CallExtern) Operands() []Value { return i.Args }

func (i *CallExtern) String() string {
	return fmt.Sprintf("%s = extern %s(%s)", i.Name(), i.Func, names(i.Args))
}
