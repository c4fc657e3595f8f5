package term

// Arrays. A read at a symbolic index of a bounded sequence (a slice, a
// string, a C buffer) is one Select term over the sequence's elements,
// which the solve stage gives Z3 as an array-theory select from the
// array storing them (a constant array of zeros with one store per
// element), so that the solver decides the index. A read at a constant
// index folds to the element itself.

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
