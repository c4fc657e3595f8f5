package gen

import (
	"context"
	"errors"
	"math"
	"slices"
	"strings"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/solve"
	"github.com/pbcc/pbcc/gen/symexec"
	"github.com/pbcc/pbcc/gen/term"
)

// Budgets of the mutation search (mutate): at most mutateRuns replays per
// function, mutateChildren of them from each corpus entry in turn; the
// corpus holds at most maxCorpus entries (past it, only inputs taking an
// edge never taken before are kept). The search ends after
// mutatePlateau runs in a row that added nothing to the corpus: it has
// stopped finding new paths (makesub of replace spent 9 s on 20000 runs
// for an edge needing a pattern of 100 bytes), and ending on a count
// rather than on the clock keeps its cases the same from run to run.
const (
	mutateRuns     = 20000
	mutateChildren = 24
	maxCorpus      = 400
	mutatePlateau  = 5000
)

// Each replay of a concrete search (sample, mutate) enters at most
// searchSteps blocks (opts.MaxSteps if smaller): a random or mutated input
// easily makes a loop that never ends (amatch of replace on a pattern
// "%*", the closure of a pattern that matches the empty string), and each
// one costs the whole step budget; a search gives up after
// maxSearchSpins of them.
const (
	searchSteps    = 50_000
	maxSearchSpins = 64
)

// searchStepBudget returns the step budget of one replay of a concrete
// search.
func (g *generation) searchStepBudget() int {
	if g.opts.MaxSteps > 0 {
		return min(searchSteps, g.opts.MaxSteps)
	}
	return searchSteps
}

// A seed is a solution found by an earlier stage: an assignment of the
// variables of the input space spaces[space].
type seed struct {
	space int
	m     solve.Model
}

// keepSeed records m, a solution over the inputs of sp, as a seed of the
// mutation search. Seeds are the inputs that went deep already: the
// solutions of trees, guided trees and partial trees, and the samples
// that made a case.
func (g *generation) keepSeed(sp inputSpace, m solve.Model) {
	for i, s := range g.spaces {
		if s.in == sp.in {
			g.seeds = append(g.seeds, seed{space: i, m: m})
			return
		}
	}
}

// A textInput is a string, byte slice, C buffer or input stream among
// the inputs: its length variable and its bytes in order; or an array of
// bytes (a C char array in a struct), without a length variable.
type textInput struct {
	length     string // "" for an array
	bytes      []string
	terminated bool // a C string: its text ends at the first NUL
}

// A mutLayout is how the mutation search sees the variables of one input
// space: the texts, whose bytes move together with their length, and the
// other variables, each mutated alone.
type mutLayout struct {
	sp     inputSpace
	domain *term.Term
	texts  []textInput
	others []solve.Input // numbers, floats, choices, bytes outside a text
}

func newMutLayout(sp inputSpace) *mutLayout {
	l := &mutLayout{sp: sp, domain: sp.in.Domain()}
	text := map[string]int{} // by the text's name: "s" of "s.len"
	for _, in := range sp.vars {
		if in.Kind == solve.Length {
			text[strings.TrimSuffix(in.Var.Name, ".len")] = len(l.texts)
			l.texts = append(l.texts, textInput{length: in.Var.Name})
		}
	}
	var arrays []string // the names of the arrays of bytes, in order
	array := map[string][]solve.Input{}
	for _, in := range sp.vars {
		switch in.Kind {
		case solve.Length, solve.Room:
			continue // a length moves with its text; room stays as found
		case solve.Text:
			if i := strings.LastIndex(in.Var.Name, "["); i > 0 {
				name := in.Var.Name[:i]
				if t, ok := text[name]; ok {
					l.texts[t].bytes = append(l.texts[t].bytes, in.Var.Name)
					l.texts[t].terminated = l.texts[t].terminated || in.Terminated
					continue
				}
				if array[name] == nil {
					arrays = append(arrays, name)
				}
				array[name] = append(array[name], in)
				continue
			}
		}
		l.others = append(l.others, in)
	}
	for _, name := range arrays {
		if bs := array[name]; len(bs) == 1 {
			l.others = append(l.others, bs[0])
		} else {
			t := textInput{}
			for _, in := range bs {
				t.bytes = append(t.bytes, in.Var.Name)
				t.terminated = t.terminated || in.Terminated
			}
			l.texts = append(l.texts, t)
		}
	}
	return l
}

// size returns the number of bytes t holds in m: its length, or for an
// array all of them.
func (t textInput) size(m solve.Model) int {
	if t.length == "" {
		return len(t.bytes)
	}
	return min(int(m[t.length]), len(t.bytes))
}

// A rng is the fixed sequence of draws of the mutation search: the same
// seed gives the same search, whatever the machine and its load.
type rng uint64

func (r *rng) next() uint64 {
	*r = *r*6364136223846793005 + 1442695040888963407
	x := uint64(*r)
	return x ^ x>>29
}

// n returns a draw in [0, n), n > 0.
func (r *rng) n(n int) int { return int(r.next() % uint64(n)) }

// A mutator makes the candidate inputs of the mutation search.
type mutator struct {
	r     rng
	words []string // the function's string constants and bytes (dictionary)
	ints  []uint64 // the function's integer constants, sign-extended
}

// intConstants returns the integer constants f and its callees use, each
// sign-extended to 64 bits when its type is signed, in a fixed order.
func intConstants(f *ir.Func) []uint64 {
	seen := map[uint64]bool{}
	var cs []uint64
	f.Walk(func(in ir.Instr) {
		for _, v := range in.Operands() {
			c, ok := v.(*ir.Const)
			if !ok {
				continue
			}
			t, ok := c.T.(ir.Int)
			if !ok {
				continue
			}
			x := c.Bits
			if t.Signed && t.Bits < 64 && x>>(t.Bits-1)&1 == 1 {
				x |= ^t.Mask()
			}
			if !seen[x] {
				seen[x] = true
				cs = append(cs, x)
			}
		}
	})
	slices.Sort(cs)
	return cs
}

// content returns the text of t in m: its bytes up to its length, and
// for a C string up to its first NUL.
func (t textInput) content(m solve.Model) []byte {
	n := t.size(m)
	var b []byte
	for _, name := range t.bytes[:n] {
		c := byte(m[name])
		if c == 0 && t.terminated {
			break
		}
		b = append(b, c)
	}
	return b
}

// setContent writes text b into t in m, cut to what the bound holds. A C
// string gets its NUL, and its buffer stays at least as long as it was
// (the function may write to it); other texts' length is b's.
func (t textInput) setContent(m solve.Model, b []byte) {
	room := len(t.bytes)
	if t.terminated {
		room--
	}
	if len(b) > room {
		b = b[:max(room, 0)]
	}
	for i, c := range b {
		m[t.bytes[i]] = uint64(c)
	}
	n := len(b)
	switch {
	case t.length == "" && t.terminated:
		if n < len(t.bytes) {
			m[t.bytes[n]] = 0
		}
	case t.length == "":
		for _, name := range t.bytes[n:] {
			m[name] = 0 // an array keeps its size: zeros after the text
		}
	case t.terminated:
		if n < len(t.bytes) {
			m[t.bytes[n]] = 0
		}
		m[t.length] = uint64(max(int(m[t.length]), n+1))
	default:
		m[t.length] = uint64(n)
	}
}

// mutate returns a new candidate made from parent: a splice with other
// (another corpus entry of the same space, may be nil), then one to eight
// changes, each of one variable or one text.
func (mu *mutator) mutate(l *mutLayout, parent, other solve.Model) solve.Model {
	m := l.full(parent)
	if other != nil && mu.r.n(4) == 0 {
		mu.splice(l, m, other)
	}
	for n := 1 << mu.r.n(4); n > 0; n-- {
		if len(l.texts) > 0 && (len(l.others) == 0 || mu.r.n(3) > 0) {
			t := l.texts[mu.r.n(len(l.texts))]
			var o []byte
			if other != nil {
				o = t.content(other)
			}
			mu.mutateText(t, m, o)
			continue
		}
		if len(l.others) > 0 {
			in := l.others[mu.r.n(len(l.others))]
			if in.Kind == solve.Choice && mu.r.n(4) > 0 {
				// A nil pointer or another choice mostly fails at once:
				// choices change less often than values.
				in = l.others[mu.r.n(len(l.others))]
			}
			mu.mutateVar(l, m, in)
		}
	}
	return m
}

// splice takes, from a point on in the order of the variables, the
// values of other; and for a text picked at random, its text before a
// point and other's after another point.
func (mu *mutator) splice(l *mutLayout, m, other solve.Model) {
	if len(l.others) > 0 {
		for _, in := range l.others[mu.r.n(len(l.others)):] {
			m[in.Var.Name] = other[in.Var.Name]
		}
	}
	if len(l.texts) > 0 {
		t := l.texts[mu.r.n(len(l.texts))]
		a, b := t.content(m), t.content(other)
		i, j := mu.r.n(len(a)+1), mu.r.n(len(b)+1)
		t.setContent(m, append(a[:i:i], b[j:]...))
	}
}

// mutateText changes the text of t in m: a byte replaced, a word of the
// dictionary inserted or written over, bytes deleted or repeated, the
// length changed, or (with other, the same text in another corpus entry)
// a part of other inserted.
func (mu *mutator) mutateText(t textInput, m solve.Model, other []byte) {
	b := t.content(m)
	word := func() []byte {
		if len(mu.words) == 0 || mu.r.n(8) == 0 {
			return []byte{byte(' ' + mu.r.n(95))}
		}
		return []byte(mu.words[mu.r.n(len(mu.words))])
	}
	at := mu.r.n(len(b) + 1)
	switch op := mu.r.n(8); {
	case op == 0 && len(b) > 0: // a byte replaced
		at = mu.r.n(len(b))
		switch mu.r.n(3) {
		case 0:
			b[at] = word()[0]
		case 1:
			b[at] += byte(1 - 2*mu.r.n(2))
		default:
			b[at] = byte(mu.r.next())
			if b[at] == 0 && t.terminated {
				b[at] = 'a'
			}
		}
	case op <= 2: // a word inserted
		b = slices.Insert(b, at, word()...)
	case op == 3: // a word written over
		w := word()
		b = append(b[:at:at], append(w, b[min(at+len(w), len(b)):]...)...)
	case op == 4 && len(b) > 0: // bytes deleted
		at = mu.r.n(len(b))
		b = slices.Delete(b, at, min(at+1+mu.r.n(4), len(b)))
	case op == 5 && len(b) > 0: // bytes repeated
		i := mu.r.n(len(b))
		j := i + 1 + mu.r.n(len(b)-i)
		b = slices.Insert(b, at, slices.Clone(b[i:j])...)
	case op == 6 && len(other) > 0: // a part of another entry's text
		i := mu.r.n(len(other))
		j := i + 1 + mu.r.n(len(other)-i)
		b = slices.Insert(b, at, other[i:j]...)
	case t.length == "": // an array: a byte written at any place
		m[t.bytes[mu.r.n(len(t.bytes))]] = uint64(word()[0])
		return
	default: // the length changed, the bytes as they are
		n := mu.r.n(len(t.bytes) + 1)
		m[t.length] = uint64(n)
		for i := len(b); i < n; i++ {
			if m[t.bytes[i]] == 0 && (!t.terminated || i < n-1) {
				m[t.bytes[i]] = uint64(word()[0])
			}
		}
		return
	}
	t.setContent(m, b)
}

// mutateVar changes the value of variable in in m: a boolean flipped, a
// choice moved, a number moved by a little, set to a boundary or to a
// constant of the function, a bit flipped, or copied from another
// variable of the same width.
func (mu *mutator) mutateVar(l *mutLayout, m solve.Model, in solve.Input) {
	v := in.Var
	x := m[v.Name]
	if v.IsBool() {
		m[v.Name] = x ^ 1
		return
	}
	mask := ^uint64(0)
	if v.Bits < 64 {
		mask = 1<<uint(v.Bits) - 1
	}
	switch in.Kind {
	case solve.Choice:
		m[v.Name] = uint64(mu.r.n(4))
		return
	case solve.Float:
		m[v.Name] = mu.mutateFloat(x, v.Bits)
		return
	}
	switch mu.r.n(8) {
	case 0, 1:
		d := uint64(1 + mu.r.n(16))
		if mu.r.n(2) == 0 {
			x += d
		} else {
			x -= d
		}
	case 2:
		bounds := []uint64{0, 1, mask, mask >> 1, mask>>1 + 1}
		x = bounds[mu.r.n(len(bounds))]
	case 3, 4:
		if len(mu.ints) > 0 {
			x = mu.ints[mu.r.n(len(mu.ints))] + uint64(mu.r.n(3)) - 1
		}
	case 5:
		x ^= 1 << uint(mu.r.n(max(v.Bits, 1)))
	case 6: // the same as another variable of the same width: a == b
		o := l.others[mu.r.n(len(l.others))]
		if o.Var.Bits == v.Bits {
			x = m[o.Var.Name]
		}
	default:
		x = uint64(mu.r.n(256))
		if in.Signed && mu.r.n(2) == 0 {
			x = -x
		}
	}
	m[v.Name] = x & mask
}

// mutateFloat returns a float near x (its IEEE bits, of the given width)
// or a special one.
func (mu *mutator) mutateFloat(x uint64, bits int) uint64 {
	f := math.Float64frombits(x)
	if bits == 32 {
		f = float64(math.Float32frombits(uint32(x)))
	}
	switch mu.r.n(6) {
	case 0:
		f++
	case 1:
		f--
	case 2:
		f = -f
	case 3:
		f *= 2
	case 4:
		f /= 2
	default:
		f = []float64{0, 1, -1, 0.5, math.Inf(1), math.NaN()}[mu.r.n(6)]
	}
	if bits == 32 {
		return uint64(math.Float32bits(float32(f)))
	}
	return math.Float64bits(f)
}

// A coverage is what the corpus's runs took: for each edge, the counts
// of times taken (in AFL's buckets: 1, 2, 3, 4-7, 8-15, 16-31, 32-127,
// 128 and more) seen in one run.
type coverage map[ir.Edge]uint8

// bucket returns the bit of AFL's hit-count bucket of n > 0.
func bucket(n int) uint8 {
	switch {
	case n <= 3:
		return 1 << (n - 1)
	case n <= 7:
		return 1 << 3
	case n <= 15:
		return 1 << 4
	case n <= 31:
		return 1 << 5
	case n <= 127:
		return 1 << 6
	}
	return 1 << 7
}

// add records the edges of tr and reports whether it took an edge never
// taken before (newEdge) or an edge a number of times never seen
// (newCount).
func (c coverage) add(tr *symexec.Trace) (newEdge, newCount bool) {
	counts := map[ir.Edge]int{}
	for _, e := range tr.Edges {
		counts[e]++
	}
	for _, e := range tr.Edges {
		n, ok := counts[e]
		if !ok {
			continue
		}
		delete(counts, e) // each edge once, in the order first taken
		b := bucket(n)
		seen, had := c[e]
		newEdge = newEdge || !had
		newCount = newCount || seen&b == 0
		c[e] = seen | b
	}
	return newEdge, newCount
}

// mutate is the coverage-guided mutation search, AFL's way, on the
// replay: for the edges still undecided, it changes the inputs of the
// cases found so far (the seeds, and the zero input) a little at a time,
// a corpus entry after the other, and runs each candidate through the
// replay (symexec.Run). A candidate whose run takes an edge, or an edge a
// number of times, that no corpus entry's run took joins the corpus:
// inputs that went deep are changed further. One that takes a wanted edge
// becomes the case made for it. The draws come from a fixed sequence and
// the corpus is kept in order: the same seeds give the same cases. At
// most mutateRuns runs; the search stops early after mutatePlateau runs
// that added nothing to the corpus, after maxSearchSpins runs past their
// step budget, when no edge is wanted, or when ctx is done.
//
// The inputs are those of the largest input space of a seed (a goal
// needed longer inputs): the variables of a smaller space are among its
// own, so that every seed is one of its inputs. Not a larger one: the
// longer the inputs, the slower the replays, and most mutants of a short
// input stay short.
func (g *generation) mutate(ctx context.Context) error {
	want := g.undecided()
	if len(want) == 0 {
		return nil
	}
	space := 0
	for _, s := range g.seeds {
		space = max(space, s.space)
	}
	l := newMutLayout(g.spaces[space])
	mu := &mutator{r: rng(11), words: dictionary(g.f), ints: intConstants(g.f)}
	cov := coverage{}
	var corpus []solve.Model
	runs, grew := 0, 0        // replays made; when the corpus last grew
	own := map[ir.Edge]bool{} // the function's own edges the runs took
	edged := 0                // when a run last took one of them first
	// plateau reports whether the search stopped finding: for C, also
	// when no run took an edge of the function itself for the first
	// time in mutatePlateau runs, even if new edges in its callees still
	// grow the corpus (print_tokens' numeric_case: 13,500 runs, 606,000
	// blocks, its own edges all taken in the first runs, a callee's new
	// edge at the 8,530th).
	plateau := func() bool {
		return runs-grew >= mutatePlateau || g.f.Lang == ir.C && runs-edged >= mutatePlateau
	}
	spins := 0
	steps := g.searchStepBudget()
	// try runs m and adds it to the corpus when its run is new.
	try := func(m solve.Model) error {
		if term.Eval(l.domain, m) != 1 {
			return nil
		}
		args := l.sp.in.Literals(m)
		tr, err := g.runWithin(args, steps)
		if errors.Is(err, symexec.ErrHugeAlloc) {
			return nil // ended at once: not a run that spent its steps
		}
		if errors.Is(err, symexec.ErrSteps) {
			spins++
			return nil
		}
		if err != nil || tr.Panicked && !tr.Exit {
			return nil // undefined behaviour or a panic: no case rests on it
		}
		newEdge, newCount := cov.add(tr)
		if newEdge || newCount && len(corpus) < maxCorpus {
			corpus = append(corpus, m)
			grew = runs
		}
		for _, e := range tr.Edges {
			if e.From.Func == g.f && !own[e] {
				own[e] = true
				edged = runs
			}
		}
		for _, e := range tr.Edges {
			if want[e] && g.status[e].Outcome != Covered {
				if err := g.addCase(e, args); err != nil {
					return err
				}
				for x := range want {
					if g.status[x].Outcome == Covered {
						delete(want, x)
					}
				}
				break
			}
		}
		return nil
	}
	// The zero input, its lengths 1 where the domain wants a byte (a C
	// buffer).
	zero := solve.Model{}
	if term.Eval(l.domain, l.full(zero)) != 1 {
		for _, in := range l.sp.vars {
			if in.Kind == solve.Length {
				zero[in.Var.Name] = 1
			}
		}
	}
	for _, s := range append([]seed{{m: zero}}, g.seeds...) {
		if ctx.Err() != nil || len(want) == 0 || spins >= maxSearchSpins {
			return nil
		}
		runs++
		if err := try(l.full(s.m)); err != nil {
			return err
		}
	}
	for cursor := 0; runs < mutateRuns && !plateau() && len(corpus) > 0; cursor = (cursor + 1) % len(corpus) {
		parent := corpus[cursor]
		for child := 0; child < mutateChildren && runs < mutateRuns && !plateau(); child++ {
			if ctx.Err() != nil || len(want) == 0 || spins >= maxSearchSpins {
				return nil
			}
			other := corpus[mu.r.n(len(corpus))]
			runs++
			if err := try(mu.mutate(l, parent, other)); err != nil {
				return err
			}
		}
	}
	return nil
}

// full returns m with a value for every variable of l, 0 where m has
// none (a seed of a smaller input space).
func (l *mutLayout) full(m solve.Model) solve.Model {
	f := make(solve.Model, len(l.sp.vars))
	for _, in := range l.sp.vars {
		f[in.Var.Name] = m[in.Var.Name]
	}
	return f
}
