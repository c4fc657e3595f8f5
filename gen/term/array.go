package term

// Arrays. A read at a symbolic index of a bounded sequence (a slice, a
// string, a C buffer) is one Select term over the sequence's elements,
// so that the solver decides the index; the term stays one node however
// long the sequence, and Eval reads only the element chosen. A read at a
// constant index folds to the element itself. (The solve stage gives Z3
// an if-then-else chain: an array-theory select from stores was measured
// several times slower.)

// OpSelect is element Args[0] (a 64-bit index) of the array whose
// elements are Args[1:], zero past its end.
const OpSelect Op = 200

func init() { opNames[OpSelect] = "select" }

// Select returns elems[i], i a 64-bit index, and zero when i is past the
// end. The elements are bit-vectors of one width.
func Select(i *Term, elems []*Term) *Term {
	if len(elems) == 0 {
		panic("term: Select of no elements")
	}
	bits := elems[0].Bits
	for _, e := range elems {
		sameWidth("Select", elems[0], e)
	}
	if i.Bits != 64 {
		panic("term: Select index of width other than 64")
	}
	if i.IsConst() {
		if i.Val < uint64(len(elems)) {
			return elems[i.Val]
		}
		return BV(0, bits)
	}
	zeros := true
	for _, e := range elems {
		zeros = zeros && e.IsConst() && e.Val == 0
	}
	if zeros {
		return elems[0]
	}
	return &Term{Op: OpSelect, Bits: bits, Args: append([]*Term{i}, elems...)}
}
