package symexec_test

import (
	"strings"
	"testing"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/gen/solve"
	"github.com/pbcc/pbcc/gen/symexec"
	"github.com/pbcc/pbcc/gen/term"
)

// itoaIs3 builds
//
//	func f(n u8) i64 { if n < 4 { if strconv.Itoa(int(n)) == "3" { return 1 } }; return 0 }
//
// whose goal needs the real result of strconv.Itoa, which the executor
// does not model.
func itoaIs3(t *testing.T) (*ir.Func, ir.Edge) {
	n := ir.NewParam("n", ir.Int{Bits: 8})
	b := newFunc("f", ir.Go, []ir.Type{i64}, n)
	entry, call, yes, no := b.f.NewBlock("entry"), b.f.NewBlock("call"), b.f.NewBlock("yes"), b.f.NewBlock("no")
	small := entry.Emit(ir.NewBinOp(ir.Lt, n, ir.IntConst(ir.Int{Bits: 8}, 4))).(ir.Value)
	entry.SetTerm(b.cond(small, "n < 4"), call, no)
	wide := call.Emit(ir.NewConvert(n, i64)).(ir.Value)
	s := call.Emit(ir.NewCallExtern("strconv.Itoa", []ir.Value{wide}, []ir.Type{ir.String{}})).(ir.Value)
	is3 := call.Emit(ir.NewBinOp(ir.Eq, s, ir.StringConst("3"))).(ir.Value)
	call.SetTerm(b.cond(is3, `strconv.Itoa(int(n)) == "3"`), yes, no)
	yes.SetTerm(&ir.Return{Results: []ir.Value{c64(1)}})
	no.SetTerm(&ir.Return{Results: []ir.Value{c64(0)}})
	f := b.done(t)
	return f, ir.Edge{From: call, Index: 0}
}

// TestExternLearnLoop runs the loop the generation runs: solve the goal's
// PBCC, replay the solution (which calls the real strconv.Itoa and
// reports the call), add the call to the facts, solve again. Each fact
// excludes the guess it refutes, so the loop ends with n = 3 within as
// many rounds as there are candidates.
func TestExternLearnLoop(t *testing.T) {
	f, goal := itoaIs3(t)
	in := inputs(t, f)
	s := solve.New(0)
	defer s.Close()
	var facts []symexec.Fact
	for round := 0; ; round++ {
		if round == 5 {
			t.Fatalf("goal not taken after %d rounds; facts %v", round, facts)
		}
		form, err := symexec.PBCC(in, goal, 0, symexec.Options{Facts: facts})
		if err != nil {
			t.Fatal(err)
		}
		st, model, err := s.CheckSmall(form.F, solverInputs(in))
		if err != nil || st != solve.Sat {
			t.Fatalf("round %d: %v %v", round, st, err)
		}
		args := in.Literals(model)
		tr, err := symexec.Run(f, args, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(tr.Calls) != 1 || tr.Calls[0].Func != "strconv.Itoa" {
			t.Fatalf("round %d: calls %+v, want one of strconv.Itoa", round, tr.Calls)
		}
		c := tr.Calls[0]
		if got, want := c.Results[0].Str, []string{"0", "1", "2", "3"}[args.Params[0].Bits]; got != want {
			t.Fatalf("replay: strconv.Itoa(%d) = %q, want %q", c.Args[0].Bits, got, want)
		}
		if took(tr.Edges, goal) {
			if args.Params[0].Bits != 3 {
				t.Fatalf("goal taken with n = %d", args.Params[0].Bits)
			}
			t.Logf("goal taken in round %d", round)
			return
		}
		// The refuted guess is excluded once the fact is known.
		facts = append(facts, c)
		form, err = symexec.PBCC(in, goal, 0, symexec.Options{Facts: facts})
		if err != nil {
			t.Fatal(err)
		}
		same := term.Eq(term.Var(in.Vars()[0].Var.Name, 8), term.BV(args.Params[0].Bits, 8))
		if st, _, _ := s.CheckSmall(term.And(form.F, same), solverInputs(in)); st != solve.Unsat {
			t.Fatalf("round %d: n = %d still satisfies the PBCC after the fact %+v", round, args.Params[0].Bits, c)
		}
	}
}

// TestExternModelled: a modelled call (strings.IndexByte) is decided by
// the solver at once, and its replay calls the real function.
func TestExternModelled(t *testing.T) {
	sp := ir.NewParam("s", ir.String{})
	b := newFunc("g", ir.Go, []ir.Type{i64}, sp)
	entry, yes, no := b.f.NewBlock("entry"), b.f.NewBlock("yes"), b.f.NewBlock("no")
	i := entry.Emit(ir.NewCallExtern("strings.IndexByte", []ir.Value{sp, ir.IntConst(ir.Int{Bits: 8}, '=')}, []ir.Type{i64})).(ir.Value)
	at2 := entry.Emit(ir.NewBinOp(ir.Eq, i, c64(2))).(ir.Value)
	entry.SetTerm(b.cond(at2, `strings.IndexByte(s, '=') == 2`), yes, no)
	yes.SetTerm(&ir.Return{Results: []ir.Value{i}})
	no.SetTerm(&ir.Return{Results: []ir.Value{c64(0)}})
	f := b.done(t)
	in := inputs(t, f)
	s := solve.New(0)
	defer s.Close()
	form, err := symexec.PBCC(in, ir.Edge{From: entry, Index: 0}, 0, symexec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st, model, err := s.CheckSmall(form.F, solverInputs(in))
	if err != nil || st != solve.Sat {
		t.Fatalf("%v %v", st, err)
	}
	args := in.Literals(model)
	tr, err := symexec.Run(f, args, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !took(tr.Edges, ir.Edge{From: entry, Index: 0}) || show(tr.Outputs) != "2" {
		t.Errorf("s = %q: edges %v, outputs %s", args.Params[0].Str, tr.Edges, show(tr.Outputs))
	}
	if symexec.ModelOf("strings.IndexByte") != "exact" || symexec.ModelOf("strconv.Quote") != "" ||
		symexec.ModelOf("unicode.IsDigit") != "partial" {
		t.Errorf("ModelOf disagrees with the models")
	}
}

// TestExternRunNotInTable: a replay of a call the table cannot make fails
// with a message naming the function.
func TestExternRunNotInTable(t *testing.T) {
	b := newFunc("h", ir.Go, []ir.Type{ir.String{}})
	entry := b.f.NewBlock("entry")
	v := entry.Emit(ir.NewCallExtern("os.Getenv", []ir.Value{ir.StringConst("HOME")}, []ir.Type{ir.String{}})).(ir.Value)
	entry.SetTerm(&ir.Return{Results: []ir.Value{v}})
	f := b.done(t)
	_, err := symexec.Run(f, symexec.Args{}, 0)
	if err == nil || !strings.Contains(err.Error(), "os.Getenv") {
		t.Errorf("Run: err = %v, want one naming os.Getenv", err)
	}
}

// guesses reports whether f or a callee calls an external function that
// the executor does not model exactly: the solver guesses its results,
// and the contract of TestPBCCSoundness holds only once facts are known.
func guesses(f *ir.Func) bool {
	guessed := false
	f.Walk(func(in ir.Instr) {
		if c, ok := in.(*ir.CallExtern); ok && symexec.ModelOf(c.Func) != "exact" {
			guessed = true
		}
	})
	return guessed
}

func TestModelDecides(t *testing.T) {
	r32 := func(r rune) ir.Literal { return ir.Literal{T: i32, Bits: uint64(uint32(r))} }
	b := func(v bool) ir.Literal {
		if v {
			return ir.Literal{T: ir.Bool{}, Bits: 1}
		}
		return ir.Literal{T: ir.Bool{}}
	}
	str := func(s string) ir.Literal { return ir.Literal{T: ir.String{}, Str: s} }
	i64l := func(v int64) ir.Literal { return ir.Literal{T: i64, Bits: uint64(v)} }
	errl := func(msg string) ir.Literal { return ir.Literal{T: ir.Error{}, Str: msg} }
	for _, tc := range []struct {
		f    symexec.Fact
		want bool
	}{
		{symexec.Fact{Func: "unicode.IsDigit", Args: []ir.Literal{r32('7')}, Results: []ir.Literal{b(true)}}, true},
		{symexec.Fact{Func: "unicode.IsDigit", Args: []ir.Literal{r32('٣')}, Results: []ir.Literal{b(true)}}, false},
		{symexec.Fact{Func: "strconv.Itoa", Args: []ir.Literal{i64l(7)}, Results: []ir.Literal{str("7")}}, false},
		{symexec.Fact{Func: "strings.IndexByte", Args: []ir.Literal{str("a=b"), {T: ir.Int{Bits: 8}, Bits: '='}}, Results: []ir.Literal{i64l(1)}}, true},
		{symexec.Fact{Func: "strconv.Atoi", Args: []ir.Literal{str("x")}, Results: []ir.Literal{i64l(0), errl(`strconv.Atoi: parsing "x": invalid syntax`)}}, true},
	} {
		if got := symexec.ModelDecides(tc.f); got != tc.want {
			t.Errorf("ModelDecides(%s%v) = %v, want %v", tc.f.Func, tc.f.Args, got, tc.want)
		}
	}
}

// TestExternRunPanics: a real function that panics on its arguments makes
// the replay panic with the function's panic value, which the test
// emitted for the case then expects.
func TestExternRunPanics(t *testing.T) {
	base := ir.NewParam("base", i64)
	b := newFunc("k", ir.Go, []ir.Type{ir.String{}}, base)
	entry := b.f.NewBlock("entry")
	v := entry.Emit(ir.NewCallExtern("strconv.FormatInt", []ir.Value{c64(255), base}, []ir.Type{ir.String{}})).(ir.Value)
	entry.SetTerm(&ir.Return{Results: []ir.Value{v}})
	f := b.done(t)
	for _, tc := range []struct {
		base     int
		out, why string
	}{
		{16, "ff", ""},
		{1, "", "strconv: illegal AppendInt/FormatInt base"},
	} {
		tr, err := symexec.Run(f, args(t, f, tc.base), 0)
		if err != nil {
			t.Fatal(err)
		}
		if tr.Panicked != (tc.why != "") || tr.Reason != tc.why || tc.why == "" && show(tr.Outputs) != `"`+tc.out+`"` {
			t.Errorf("FormatInt(255, %d): panicked %v (%q), outputs %s", tc.base, tr.Panicked, tr.Reason, show(tr.Outputs))
		}
	}
}

// TestExternClosedWorld: in the closed world, a call without a model
// takes the arguments of a fact; without facts no path passes it.
func TestExternClosedWorld(t *testing.T) {
	sp := ir.NewParam("s", ir.String{})
	b := newFunc("base", ir.Go, []ir.Type{i64}, sp)
	entry, yes, no := b.f.NewBlock("entry"), b.f.NewBlock("yes"), b.f.NewBlock("no")
	v := entry.Emit(ir.NewCallExtern("path.Base", []ir.Value{sp}, []ir.Type{ir.String{}})).(ir.Value)
	isB := entry.Emit(ir.NewBinOp(ir.Eq, v, ir.StringConst("b"))).(ir.Value)
	entry.SetTerm(b.cond(isB, `path.Base(s) == "b"`), yes, no)
	yes.SetTerm(&ir.Return{Results: []ir.Value{c64(1)}})
	no.SetTerm(&ir.Return{Results: []ir.Value{c64(0)}})
	f := b.done(t)
	in := inputs(t, f)
	goal := ir.Edge{From: entry, Index: 0}
	s := solve.New(0)
	defer s.Close()
	str := func(x string) ir.Literal { return ir.Literal{T: ir.String{}, Str: x} }
	var facts []symexec.Fact
	for _, arg := range []string{"a/c", "a/b/"} {
		fc, err := symexec.CallReal("path.Base", []ir.Literal{str(arg)}, []ir.Type{ir.String{}})
		if err != nil {
			t.Fatal(err)
		}
		facts = append(facts, fc)
	}
	for _, tc := range []struct {
		facts []symexec.Fact
		want  solve.Status
		s     string
	}{
		{nil, solve.Unsat, ""},
		{facts[:1], solve.Unsat, ""}, // path.Base("a/c") = "c"
		{facts, solve.Sat, "a/b/"},   // path.Base("a/b/") = "b"
	} {
		form, err := symexec.PBCC(in, goal, 0, symexec.Options{Facts: tc.facts, ClosedWorld: true})
		if err != nil {
			t.Fatal(err)
		}
		st, model, err := s.CheckSmall(form.F, solverInputs(in))
		if err != nil || st != tc.want {
			t.Fatalf("%d facts: %v %v, want %v", len(tc.facts), st, err, tc.want)
		}
		if st == solve.Sat {
			if got := in.Literals(model).Params[0].Str; got != tc.s {
				t.Errorf("%d facts: s = %q, want %q", len(tc.facts), got, tc.s)
			}
		}
	}
}
