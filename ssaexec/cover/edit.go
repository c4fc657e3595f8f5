package cover

import "sort"

// An editor rewrites one source file as a set of edits over byte ranges of
// the original text. Edits must nest or be disjoint (a laminar family): a
// wrap of an expression may hold wraps of its subexpressions. Text outside
// the edits is copied, so line numbers survive whenever the edits add no
// newline.
type editor struct {
	src   []byte
	edits []*edit
}

// An edit either wraps src[start:end] in pre and post, or replaces it with
// fragments (replace).
type edit struct {
	start, end int
	pre, post  string
	replace    bool
	with       []frag
	seq        int
}

// A frag is literal text, or (ref) the rewritten text of src[from:to], which
// lets an edit move source, its own edits included, elsewhere.
type frag struct {
	text     string
	ref      bool
	from, to int
}

func lit(s string) frag     { return frag{text: s} }
func ref(from, to int) frag { return frag{ref: true, from: from, to: to} }
func (e *editor) wrap(start, end int, pre, post string) {
	e.edits = append(e.edits, &edit{start: start, end: end, pre: pre, post: post, seq: len(e.edits)})
}
func (e *editor) replace(start, end int, with ...frag) {
	e.edits = append(e.edits, &edit{start: start, end: end, replace: true, with: with, seq: len(e.edits)})
}

// bytes returns the rewritten file.
func (e *editor) bytes() []byte {
	sort.SliceStable(e.edits, func(i, j int) bool {
		a, b := e.edits[i], e.edits[j]
		if a.start != b.start {
			return a.start < b.start
		}
		if a.end != b.end {
			return a.end > b.end // the outer first
		}
		return a.seq < b.seq
	})
	return e.render(nil, 0, len(e.src), e.edits, true)
}

// render appends src[lo:hi] rewritten by those of list (sorted) that lie
// within it. An insertion at hi belongs to [lo, hi) only at the top.
func (e *editor) render(out []byte, lo, hi int, list []*edit, top bool) []byte {
	cur := lo
	for i, d := range list {
		if d.start < cur || d.end > hi {
			continue // inside an edit already rendered, or outside [lo, hi)
		}
		if d.start == hi && d.end == hi && lo < hi && !top {
			continue // an insertion just after [lo, hi) belongs outside it
		}
		out = append(out, e.src[cur:d.start]...)
		if d.replace {
			for _, f := range d.with {
				if f.ref {
					out = e.render(out, f.from, f.to, e.edits, false)
				} else {
					out = append(out, f.text...)
				}
			}
		} else {
			out = append(out, d.pre...)
			out = e.render(out, d.start, d.end, list[i+1:], false)
			out = append(out, d.post...)
		}
		cur = d.end
	}
	return append(out, e.src[cur:hi]...)
}
