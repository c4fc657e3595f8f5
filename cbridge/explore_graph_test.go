package cbridge

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tapeSrc holds functions over a tape of characters, a doubly linked
// list as SIR's space reads its input into, which pbcc's model does not
// lower (strtol, strcoll): number reads digits and says where it
// stopped through a struct **, take moves a struct ** along, word
// compares the tape's text with keywords.
const tapeSrc = `#include <stdlib.h>
#include <string.h>
struct cell { char info; int line; struct cell *prev; struct cell *next; };

int number(struct cell *p, struct cell **end)
{
	char buf[16];
	int n = 0;
	while (p != NULL && n < 15 && strchr("0123456789+-", p->info) != NULL && p->info != 0) {
		buf[n++] = p->info;
		p = p->next;
	}
	buf[n] = 0;
	*end = p;
	if (n == 0)
		return -1;
	if (strtol(buf, NULL, 10) > 99)
		return 2;
	return 1;
}

char take(struct cell **tp)
{
	char ch = (char)strtol("0", NULL, 10);
	if (*tp != NULL) {
		ch = (*tp)->info;
		*tp = (*tp)->next;
	}
	return ch;
}

int word(const struct cell *p)
{
	char w[8];
	int i = 0;
	for (; p != NULL && i < 7; p = p->next)
		w[i++] = p->info;
	w[i] = 0;
	if (strcoll(w, "GRID") == 0)
		return 1;
	if (strncmp(w, "EN", 2) == 0 && p == NULL)
		return 2;
	return 0;
}
`

// TestExploreGraph: the search on the real code makes lists of structs
// and pointers to pointers to structs; the harness declares them, links
// them, passes, takes every branch of the three functions (gcov), and a
// second search writes the same harness.
func TestExploreGraph(t *testing.T) {
	needGCC(t)
	if testing.Short() {
		t.Skip("builds and runs C")
	}
	search := func() (string, []byte) {
		dir := t.TempDir()
		unit := filepath.Join(dir, "tape.c")
		os.WriteFile(unit, []byte(tapeSrc), 0o644)
		f, err := Load(unit)
		if err != nil {
			t.Fatal(err)
		}
		if len(f.Unlowered) != 3 {
			t.Fatalf("%d functions unlowered, want 3: %v", len(f.Unlowered), f.Errors)
		}
		rs, err := Explore(context.Background(), unit, f.Unlowered, DefaultExplore)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rs {
			if len(r.Cases) == 0 {
				t.Errorf("%s: no case: %s", r.Func.Name, r.NoCase)
			}
		}
		h, err := Render(unit, rs, "pbcc gen tape.c")
		if err != nil {
			t.Fatal(err)
		}
		return dir, h.Content
	}
	dir, src := search()
	path := filepath.Join(dir, "tape_pbcc_test.c")
	os.WriteFile(path, src, 0o644)
	cov, out, err := Measure(context.Background(), path)
	if err != nil {
		t.Fatalf("the harness fails: %v\n%s\n%s", err, out, src)
	}
	for _, name := range []string{"number", "take", "word"} {
		c := cov[name]
		if c.Branches == 0 || c.Taken != c.Branches {
			t.Errorf("%s: %d of %d branches taken (gcov): %v\n%s", name, c.Taken, c.Branches, c.Uncovered, src)
		}
	}
	// a list spelt GRID, linked after its objects are declared
	for _, want := range []string{".info = 'G'", ".next = &", "struct cell *tp = NULL;", `pbcc_null("*tp", tp)`} {
		if !strings.Contains(string(src), want) {
			t.Errorf("the harness has no %q:\n%s", want, src)
		}
	}
	words := string(src)[strings.Index(string(src), "static int pbcc_word_0"):strings.Index(string(src), "word_cases[]")]
	if strings.Contains(words, `"p->next->info"`) {
		t.Errorf("word's const list is compared after the call:\n%s", src)
	}
	if _, again := search(); !bytes.Equal(src, again) {
		t.Errorf("two searches wrote different harnesses:\n%s\n----\n%s", src, again)
	}
}

// TestCompactAndChain: a graph keeps the objects its first one leads to,
// in order; a chain spells a text along next, with prev linked back.
func TestCompactAndChain(t *testing.T) {
	// struct cell as objectOf would make it: char, int, prev, next
	cell := &objectShape{size: 24}
	cell.leaves = []leaf{{off: 0, size: 1, signed: true}, {off: 4, size: 4, signed: true},
		{off: 8, size: 8, ptr: true, target: cell}, {off: 16, size: 8, ptr: true, target: cell}}
	c, ok := chainOf(cell)
	if !ok || c.next.off != 16 || c.prev.off != 8 || !c.hasPrev || c.char.off != 0 {
		t.Fatalf("chainOf: %+v %v", c, ok)
	}
	ns := setChain(zeroGraph(cell), 0, c, []byte("GRID"))
	text, objs := chainText(ns, 0, c)
	if string(text) != "GRID" || len(ns) != 4 || len(objs) != 4 {
		t.Fatalf("chain %q over %d objects (%v)", text, len(ns), objs)
	}
	for k := 1; k < 4; k++ {
		if getLink(ns[k].buf, c.prev) != uint64(k) {
			t.Errorf("object %d: prev %d, want %d", k, getLink(ns[k].buf, c.prev), k)
		}
	}
	// cut after "GR": the others are dropped
	putLink(ns[1].buf, c.next, 0)
	ns = compact(ns)
	if text, _ := chainText(ns, 0, c); string(text) != "GR" || len(ns) != 2 {
		t.Errorf("after the cut: %q over %d objects", text, len(ns))
	}
	// a cycle is kept, once
	putLink(ns[1].buf, c.next, 1)
	if ns = compact(ns); len(ns) != 2 {
		t.Errorf("a cycle of 2: %d objects", len(ns))
	}
	if text, _ := chainText(ns, 0, c); string(text) != "GR" {
		t.Errorf("a cycle read as %q", text)
	}
}
