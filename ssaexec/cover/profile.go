package cover

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"io"
	"path/filepath"
	"strconv"
	"strings"
)

// A profile is a parsed `go test -coverprofile` file.
type profile struct {
	Mode   string                  // set, count or atomic
	Blocks map[string][]profBlock  // by file name as the profile spells it: importpath/base.go
	index  map[string]map[lc][]int // by file, block start → indexes in Blocks
	ends   map[string]map[lc][]int // by file, block end → indexes
}

// lc is a line and a byte column, both 1-based.
type lc struct{ Line, Col int }

// A profBlock is one counter of cmd/cover: the source from Start up to End
// (exclusive) and how many times it was entered (or 0/1 in set mode).
type profBlock struct {
	Start, End lc
	Count      int64
}

// parseProfile reads a cover profile; name is for errors.
func parseProfile(r io.Reader, name string) (*profile, error) {
	p := &profile{Blocks: map[string][]profBlock{}, index: map[string]map[lc][]int{}, ends: map[string]map[lc][]int{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		if m, ok := strings.CutPrefix(text, "mode: "); ok {
			if p.Mode != "" && p.Mode != m {
				return nil, fmt.Errorf("cover: %s:%d: mode %s after mode %s", name, line, m, p.Mode)
			}
			p.Mode = m
			continue
		}
		if p.Mode == "" {
			return nil, fmt.Errorf("cover: %s:%d: no mode line", name, line)
		}
		// file:l0.c0,l1.c1 nstmt count
		colon := strings.LastIndex(text, ":")
		if colon < 0 {
			return nil, fmt.Errorf("cover: %s:%d: bad line %q", name, line, text)
		}
		file := text[:colon]
		var b profBlock
		var nstmt int
		if _, err := fmt.Sscanf(text[colon+1:], "%d.%d,%d.%d %d %d",
			&b.Start.Line, &b.Start.Col, &b.End.Line, &b.End.Col, &nstmt, &b.Count); err != nil {
			return nil, fmt.Errorf("cover: %s:%d: bad line %q: %v", name, line, text, err)
		}
		i := len(p.Blocks[file])
		p.Blocks[file] = append(p.Blocks[file], b)
		if p.index[file] == nil {
			p.index[file], p.ends[file] = map[lc][]int{}, map[lc][]int{}
		}
		p.index[file][b.Start] = append(p.index[file][b.Start], i)
		p.ends[file][b.End] = append(p.ends[file][b.End], i)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("cover: reading %s: %w", name, err)
	}
	if p.Mode == "" {
		return nil, fmt.Errorf("cover: %s: empty profile", name)
	}
	return p, nil
}

// count sums the counts of the blocks of file that start (or, with end,
// end) at at; ok is false when there is none. Duplicate lines, as a merged
// profile has, add up (set mode: any 1 makes 1).
func (p *profile) count(file string, at lc, end bool) (n int64, ok bool) {
	idx := p.index[file]
	if end {
		idx = p.ends[file]
	}
	for _, i := range idx[at] {
		n += p.Blocks[file][i].Count
		ok = true
	}
	return n, ok
}

// ifDecision tells from prof the outcomes of the single-leaf condition of
// s.If: whether the leaf was seen true and seen false. ok is false when the
// profile cannot tell (blocks not found, a function literal in the header,
// or set mode with no else).
//
// cmd/cover's layout, for `if init; cond { then } else { els }` inside a
// statement list: the block holding the if statement ends at the then
// body's `{`; the then body's first block starts at that `{` (at `{`+1 when
// the body is empty); the else body's first block starts just after the
// `else` keyword (`else`+4; +5 when the body is empty). For `else if`,
// cmd/cover adds a hidden block around the inner if, starting at `else`+4
// and ending at the inner if's `{`: it is both the outer if's else block and
// the inner if's reach block.
func (p *pkg) ifDecision(prof *profile, s *site) (sawTrue, sawFalse, ok bool) {
	ifs := s.If
	if ifs == nil || hasFuncLit(ifs.Init) || hasFuncLit(ifs.Cond) {
		return false, false, false
	}
	file := p.ImportPath + "/" + filepath.Base(p.Paths[s.File])
	if prof.Blocks[file] == nil {
		return false, false, false
	}
	lbrace := p.lc(ifs.Body.Lbrace)
	then, ok := prof.count(file, lbrace, false)
	if !ok {
		then, ok = prof.count(file, lc{lbrace.Line, lbrace.Col + 1}, false)
	}
	if !ok {
		return false, false, false
	}
	var els int64
	if ifs.Else != nil {
		off := findElse(p.Srcs[s.File], p.offset(ifs.Body.End()))
		if off < 0 {
			return false, false, false
		}
		at := p.lc(p.Fset.File(ifs.Pos()).Pos(off + 4))
		els, ok = prof.count(file, at, false)
		if !ok {
			els, ok = prof.count(file, lc{at.Line, at.Col + 1}, false)
		}
		if !ok {
			return false, false, false
		}
	} else {
		if prof.Mode == "set" {
			return false, false, false
		}
		reach, ok := prof.count(file, lbrace, true)
		if !ok {
			return false, false, false
		}
		els = reach - then
	}
	sawTrue, sawFalse = then > 0, els > 0
	if s.Negated {
		sawTrue, sawFalse = sawFalse, sawTrue
	}
	return sawTrue, sawFalse, true
}

func (p *pkg) lc(pos token.Pos) lc {
	q := p.Fset.PositionFor(pos, false)
	return lc{q.Line, q.Column}
}

// findElse returns the offset of the else keyword at or after off,
// skipping comments, as cmd/cover's findText does; -1 if there is none.
func findElse(src []byte, off int) int {
	for i := off; i < len(src); i++ {
		switch {
		case bytes.HasPrefix(src[i:], []byte("else")):
			return i
		case bytes.HasPrefix(src[i:], []byte("//")):
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case bytes.HasPrefix(src[i:], []byte("/*")):
			j := bytes.Index(src[i+2:], []byte("*/"))
			if j < 0 {
				return -1
			}
			i += 2 + j + 1
		}
	}
	return -1
}

// hasFuncLit reports whether n holds a function literal (which makes
// cmd/cover end the enclosing block early).
func hasFuncLit(n ast.Node) bool {
	if n == nil {
		return false
	}
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			found = true
		}
		return !found
	})
	return found
}

// readHits parses the recorder's output: one hit number per line.
func readHits(data []byte, n int) (map[int]bool, error) {
	hits := map[int]bool{}
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" {
			continue
		}
		k, err := strconv.Atoi(line)
		if err != nil || k < 0 || k >= n {
			return nil, fmt.Errorf("cover: recorder output line %d: bad hit %q", i+1, line)
		}
		hits[k] = true
	}
	return hits, nil
}
