package cbridge

import "github.com/pbcc/pbcc/gen/ir"

// A writeSet is what a function, or a function it calls, may store into
// or free, besides its own memory (its Allocs and Mallocs, the globals):
// what its pointer parameters point to (params, by index), or memory it
// cannot name (unknown: through a pointer loaded from memory or returned by
// a call, or in a function pbcc cannot see into). The harness checks after
// the call only what a parameter the function may write through points to.
type writeSet struct {
	params  map[int]bool
	unknown bool
}

func (s *writeSet) add(c addrClass) {
	s.unknown = s.unknown || c.unknown
	for k := range c.params {
		s.params[k] = true
	}
}

// An addrClass says where an address may point: into the parameters it
// derives from (by index) or elsewhere than the function's own memory.
type addrClass struct {
	params  map[int]bool
	unknown bool
}

func (c *addrClass) union(d addrClass) {
	c.unknown = c.unknown || d.unknown
	for k := range d.params {
		if c.params == nil {
			c.params = map[int]bool{}
		}
		c.params[k] = true
	}
}

// writesThrough returns the writeSet of f. memo holds the sets computed,
// and nil for a function being computed: a recursive call writes unknown
// memory (the analysis does not iterate to a fixed point).
func writesThrough(f *ir.Func, memo map[*ir.Func]*writeSet) *writeSet {
	if s, ok := memo[f]; ok {
		if s == nil {
			return &writeSet{params: map[int]bool{}, unknown: true}
		}
		return s
	}
	memo[f] = nil
	if len(f.Blocks) == 0 {
		// No body known (File.Unlowered): it may write anywhere.
		s := &writeSet{params: map[int]bool{}, unknown: true}
		memo[f] = s
		return s
	}
	a := newAddrAnalysis(f)
	s := &writeSet{params: map[int]bool{}}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			switch i := in.(type) {
			case *ir.Store:
				s.add(a.class(i.Ptr))
			case *ir.Free:
				s.add(a.class(i.Ptr))
			case *ir.Call:
				if i.Callee == nil || len(i.Callee.Blocks) == 0 {
					s.unknown = true
					continue
				}
				cs := writesThrough(i.Callee, memo)
				s.unknown = s.unknown || cs.unknown
				for k := range cs.params {
					if k < len(i.Args) {
						s.add(a.class(i.Args[k]))
					}
				}
			case *ir.CallIndirect:
				s.unknown = true
			case *ir.CallExtern:
				for _, arg := range i.Args {
					if _, ok := arg.Type().(ir.Pointer); ok {
						s.add(a.class(arg))
					}
				}
			}
		}
	}
	memo[f] = s
	return s
}

// addrAnalysis classifies the addresses of one function (class). A local
// variable (an Alloc only loaded from and stored to) holding a pointer
// points where the values stored into it do: the C front end keeps every
// parameter in one.
type addrAnalysis struct {
	params  map[ir.Value]int
	stores  map[*ir.Alloc][]ir.Value
	escaped map[*ir.Alloc]bool // its address is used otherwise than to load or store
	doing   map[ir.Value]bool
}

func newAddrAnalysis(f *ir.Func) *addrAnalysis {
	a := &addrAnalysis{params: map[ir.Value]int{}, stores: map[*ir.Alloc][]ir.Value{},
		escaped: map[*ir.Alloc]bool{}, doing: map[ir.Value]bool{}}
	for k, p := range f.Params {
		a.params[p] = k
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			switch i := in.(type) {
			case *ir.Store:
				if al, ok := i.Ptr.(*ir.Alloc); ok {
					a.stores[al] = append(a.stores[al], i.Val)
				}
				if al, ok := i.Val.(*ir.Alloc); ok {
					a.escaped[al] = true
				}
				continue
			case *ir.Load:
				continue
			}
			for _, op := range in.Operands() {
				if al, ok := op.(*ir.Alloc); ok {
					a.escaped[al] = true
				}
			}
		}
	}
	return a
}

// class returns where the address v may point, the function's own memory
// left out.
func (a *addrAnalysis) class(v ir.Value) addrClass {
	if a.doing[v] {
		return addrClass{} // a cycle of phis or locals: the other operands decide
	}
	a.doing[v] = true
	defer delete(a.doing, v)
	if k, ok := a.params[v]; ok {
		return addrClass{params: map[int]bool{k: true}}
	}
	switch x := v.(type) {
	case *ir.Alloc, *ir.Malloc, *ir.Global, *ir.Const:
		return addrClass{} // own memory, or NULL
	case *ir.IndexAddr:
		return a.class(x.Ptr)
	case *ir.FieldAddr:
		return a.class(x.Ptr)
	case *ir.PtrAdd:
		return a.class(x.Ptr)
	case *ir.Convert:
		return a.class(x.X)
	case *ir.Phi:
		var c addrClass
		for _, e := range x.Edges {
			c.union(a.class(e))
		}
		return c
	case *ir.Load:
		al, ok := x.Ptr.(*ir.Alloc)
		if !ok || a.escaped[al] {
			return addrClass{unknown: true}
		}
		var c addrClass
		for _, s := range a.stores[al] {
			c.union(a.class(s))
		}
		return c
	}
	return addrClass{unknown: true}
}
