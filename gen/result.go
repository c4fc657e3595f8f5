package gen

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/pbcc/pbcc/gen/ir"
)

// Outcome says how the search for one branch edge ended.
type Outcome int

const (
	// Pending: no goal has been tried for the edge yet.
	Pending Outcome = iota
	// Covered: a case's replay took the edge.
	Covered
	// Unreachable: the PBCC was unsatisfiable for every bound up to k.
	Unreachable
	// Timeout: the solver answered unknown or ran out of time.
	Timeout
	// TooLarge: the execution tree outgrew its budget.
	TooLarge
	// Mismatch: the solver's inputs did not take the edge when replayed.
	Mismatch
	// Unsupported: the path needs a construct the executor cannot model.
	Unsupported
	// Faults: every input found that takes the edge then fails: a panic,
	// a run-time error, undefined behaviour in C.
	Faults
)

var outcomeNames = [...]string{"pending", "covered", "unreachable", "timeout", "too large", "replay mismatch", "unsupported", "faults"}

func (o Outcome) String() string { return outcomeNames[o] }

// A Case is one test case: inputs found for a goal and the outputs the
// function gave on them.
type Case struct {
	// Name tells which branch the case was made for, e.g. "a<=0" (see
	// CaseName).
	Name   string
	Goal   ir.Edge
	Inputs []ir.Literal // one per Func.Params, the receiver first
	// Globals are the values the globals the function reads must hold at
	// the call (ir.Global.Input), in the order of their first use.
	Globals []GlobalValue
	// Stream is the input stream the function reads (C: standard input),
	// in order; a C char stream holds i8/i32 characters, scanf("%d") reads
	// i32 numbers.
	Stream []ir.Literal
	// Env holds the values of Func.Env, in order, the case sets before
	// the call; nil is every variable empty.
	Env []string
	// Files are the files, by name relative to the directory the call
	// runs in, and their contents, that the case makes before the call
	// of a function that reads files (Func.Files); nil for none.
	Files map[string]string
	// Args is the command line after the program's name that the case
	// runs a program's main with (Func.Args); nil for none.
	Args    []string
	Outputs []ir.Literal // one per Func.Results
	// Stdout is what the call writes to standard output (Func.Stdout),
	// as the real code ran it; nil when not known (the model's cases:
	// the model does not print), and then not checked.
	Stdout *string
	// Stderr is what the call writes to standard error, and Exit the
	// status it ends the process with (0 when it returns), for a
	// function that may end the process (Func.Exits), as the real code
	// ran it; Stderr nil when not known.
	Stderr *string
	Exit   int
	// After holds, one per parameter, the parameters' values after the
	// call: what pointer parameters point to then (the memory a C harness
	// compares). It is nil when no parameter points to memory.
	After []ir.Literal
	// Panic, when not empty, says the call panics (Go) with this value or
	// run-time error, or ends the program (C: "exit(1)", "abort()"); the
	// test expects it.
	Panic  string
	Covers []ir.Edge // the branch edges its replay took
	// Unstable says the real code does not give the same results twice
	// for these inputs (the clock, randomness, map order): the test
	// checks only that the call returns, without panicking, and not
	// what it returns.
	Unstable bool
	// Varies lists the results that differ from call to call on these
	// inputs when the others do not: the test checks only the others.
	Varies []int
	// ForMutant says the case was kept because it tells the code from a
	// mutant of it (a comparison's boundary, an arithmetic result its
	// mutant would change, a mutant whose outcome differs), not for a
	// branch edge: the cases beyond a branch-covering table.
	ForMutant bool
}

// A GlobalValue is a global and the value it holds.
type GlobalValue struct {
	G     *ir.Global
	Value ir.Literal
}

// A Finding is a feasible path to a run-time error that a test must not
// rely on (C undefined behaviour), with the inputs that trigger it.
type Finding struct {
	Pos  ir.Pos
	Kind ir.CheckKind
	Case Case // the triggering inputs; Outputs is empty
}

// EdgeStatus is the outcome of one branch edge.
type EdgeStatus struct {
	Edge    ir.Edge
	Outcome Outcome
	K       int    // the bound the outcome was reached at
	Detail  string // for Unsupported, Timeout: what happened
}

// A Result is what generation found for one function.
type Result struct {
	Func        *ir.Func
	Goals       []ir.Edge    // the unconstrained edges
	Edges       []EdgeStatus // every branch edge, of Func and its literals, in BranchEdges order
	Cases       []Case
	Findings    []Finding
	K           int // the largest bound tried
	SolverCalls int
	Duration    time.Duration

	// Extern lists the calls of external functions the executor does not
	// model exactly, whose results the replays taught.
	Extern []ExternCall

	// Approximation, when set, says how the cases were found without the
	// model, and why: "searched on the real code only: ...". Edges and
	// Goals are then empty.
	Approximation string

	// NoCase, when set, says why a function without branch edges has no
	// case: its call does not end (NoExitReason, StepsReason).
	NoCase string
}

// The reasons of Result.NoCase: the replay of the call found a loop
// without exit (symexec.ErrNoExit), or ran past its step budget.
const (
	NoExitReason = "its call does not end: a loop without exit"
	StepsReason  = "its call does not end within the step budget (a loop without exit?)"
)

// Count returns the number of branch edges with outcome o.
func (r *Result) Count(o Outcome) int {
	n := 0
	for _, e := range r.Edges {
		if e.Outcome == o {
			n++
		}
	}
	return n
}

// ProvedUnreachable counts the edges proved unreachable for any bound:
// not those unreachable only within the iteration bound or the bound on
// input lengths, which a larger bound may reach.
func (r *Result) ProvedUnreachable() int {
	n := 0
	for _, e := range r.Edges {
		if e.Outcome == Unreachable && e.Detail == ForAnyBound {
			n++
		}
	}
	return n
}

// ForAnyBound is the Detail of an edge proved unreachable whatever the
// bounds.
const ForAnyBound = "for any bound"

// CaseName is the name of the case made for goal e: a short description
// of the branch it takes, from the condition's text. A true edge is the
// condition ("a<=0", "ok"), a false edge its negation ("a>0", "!ok",
// "not_x>0&&y"), a loop's "range_s" and "range_s_done", a switch case
// "c==97" and its default "c_default". A function without branches has
// one case, made for no edge: "call".
//
// Names carry no line number, so that they stay put when code moves, and
// they need no quoting where people select them: no spaces, no quotes, no
// slash and no regular expression metacharacter (Name), so that
// go test -run 'TestX/name' selects exactly the case, and go test prints
// it unchanged. Names are not unique: a table numbers the ones that
// collide.
func CaseName(e ir.Edge) string {
	if e.From == nil || !e.IsBranch() {
		return "call"
	}
	cond := strings.TrimSpace(e.Cond())
	label := e.Label()
	switch {
	case strings.HasPrefix(label, "case "):
		if cond == "" {
			return Name(label)
		}
		return Name(cond + " == " + strings.TrimPrefix(label, "case "))
	case label == "default":
		return Name(cond + " default")
	case cond == "":
		return label
	case strings.HasPrefix(cond, "range ") && label == "true":
		return Name(cond)
	case strings.HasPrefix(cond, "range "):
		return Name(cond + " done")
	case label == "false":
		return Name(negate(cond))
	}
	return Name(cond)
}

// CondName names a case made for one outcome of a condition whose source
// text is cond, as CaseName names an edge's: "a<=0" for true, "a>0" for
// false. The search on the real code, which has no edges, uses it.
func CondName(cond string, outcome bool) string {
	if outcome {
		return Name(cond)
	}
	return Name(negate(cond))
}

// maxName bounds the length of a name made from a condition: a longer one
// leaves out the arguments of its calls, then is cut.
const maxName = 40

// Name turns s, a condition's text or any other description, into a case
// name: spaces between words become "_", quotes are left out, characters
// that are regular expression metacharacters (and "/", which go test -run
// reads as a separator) become words ("a+b" is "a_plus_b", "x.y" is
// "x_y", "f(x)" is "f_x", "a||b" is "a_or_b"); "<", "=", "!", "&", "-"
// stay. A long one leaves out the arguments of its calls
// ("Trityp(int(a),int(b),int(c))==NotATriangle" is
// "Trityp==NotATriangle"), then is cut at maxName.
func Name(s string) string {
	toks := tokenize(s)
	out := render(toks, false)
	if len(out) > maxName {
		out = render(toks, true)
	}
	if len(out) > maxName {
		out = cut(out, maxName)
	}
	if out == "" {
		return "case"
	}
	return out
}

// A token of a condition's text.
type token struct {
	text  string
	kind  byte // 'w' word or number, 's' string, 'c' character, 'o' operator or punctuation
	space bool // preceded by a space
}

// tokenize splits a Go or C expression into tokens. It never fails: a
// character it does not know is a token of its own.
func tokenize(s string) []token {
	var toks []token
	space := false
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			space = true
			i++
			continue
		case isWord(c):
			j := i + 1
			for j < len(s) && (isWord(s[j]) || s[j] == '.' && isDigit(s[i])) {
				if isDigit(s[i]) && strings.ContainsRune("eEpP", rune(s[j])) && j+1 < len(s) && (s[j+1] == '+' || s[j+1] == '-') {
					j++ // an exponent's sign: 1e+21, 0x1p-1022
				}
				j++
			}
			toks = append(toks, token{text: s[i:j], kind: 'w', space: space})
			i = j
		case c == '"' || c == '\'' || c == '`':
			j := i + 1
			for j < len(s) && s[j] != c {
				if s[j] == '\\' && c != '`' {
					j++
				}
				j++
			}
			lit := s[i:min(j+1, len(s))]
			kind := byte('s')
			if c == '\'' {
				kind = 'c'
			}
			toks = append(toks, token{text: lit, kind: kind, space: space})
			i = j + 1
		default:
			n := 1
			for _, op := range []string{"...", "&&", "||", "==", "!=", "<=", ">=", "<<", ">>", "->", "&^", "++", "--", ":="} {
				if strings.HasPrefix(s[i:], op) {
					n = len(op)
					break
				}
			}
			toks = append(toks, token{text: s[i : i+n], kind: 'o', space: space})
			i += n
		}
		space = false
	}
	return toks
}

// opWords are the operators and punctuation written otherwise in a name;
// the others ("<", "==", "!", "&&", "-", "->", "%") stay.
var opWords = map[string]string{
	"+": "_plus_", "++": "_inc", "--": "_dec", "*": "_times_", "/": "_div_", "|": "_bor_", "||": "_or_",
	"^": "_xor_", "&^": "_andnot_", "?": "_then_", ".": "_", ",": "_", "(": "_", ")": "_", "[": "_", "]": "_",
	"{": "_", "}": "_", "...": "", "$": "_", "\\": "_", "#": "_", "@": "_", "`": "_", "\"": "_", "'": "_",
}

// charWords name the characters of literals that are not letters or
// digits.
var charWords = map[rune]string{
	' ': "space", '\n': "newline", '\t': "tab", '\r': "return", 0: "nul", ',': "comma", '.': "dot",
	':': "colon", ';': "semicolon", '-': "dash", '_': "underscore", '/': "slash", '\\': "backslash",
	'"': "quote", '\'': "apostrophe", '(': "lparen", ')': "rparen", '[': "lbracket", ']': "rbracket",
	'{': "lbrace", '}': "rbrace", '+': "plus", '*': "star", '=': "equals", '<': "less", '>': "greater",
	'!': "bang", '?': "question", '#': "hash", '%': "percent", '&': "amp", '|': "pipe", '^': "caret",
	'~': "tilde", '@': "at", '$': "dollar", '`': "backquote",
}

// render writes the tokens as a name; with elide, the arguments of calls
// and the bodies of function literals are left out.
func render(toks []token, elide bool) string {
	var b strings.Builder
	prevWord := false // the last token written was a word or a literal
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if elide && t.kind == 'o' && (t.text == "(" || t.text == "{") && i > 0 && (toks[i-1].kind == 'w' || toks[i-1].text == ")") {
			i = closing(toks, i)
			continue
		}
		switch t.kind {
		case 'w':
			if prevWord && t.space {
				b.WriteByte('_')
			}
			w := strings.NewReplacer(".", "_", "+", "").Replace(t.text)
			b.WriteString(w)
			prevWord = true
			continue
		case 's', 'c':
			if prevWord {
				b.WriteByte('_')
			}
			b.WriteString(literalWords(t))
			prevWord = true
			continue
		}
		prevWord = false
		if w, ok := opWords[t.text]; ok {
			if t.text == "*" && (i == 0 || toks[i-1].kind == 'o' && toks[i-1].text != ")" && toks[i-1].text != "]") {
				w = "" // a dereference: *p is p
			}
			b.WriteString(w)
			continue
		}
		for _, r := range t.text {
			if unicode.IsPrint(r) && r < utf8.RuneSelf {
				b.WriteRune(r)
			} else {
				b.WriteByte('_')
			}
		}
	}
	return tidy(b.String())
}

// closing returns the index of the token that closes the bracket at
// toks[i], or the last index.
func closing(toks []token, i int) int {
	depth := 0
	for j := i; j < len(toks); j++ {
		if toks[j].kind != 'o' {
			continue
		}
		switch toks[j].text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return len(toks) - 1
}

// literalWords writes a string or character literal without its quotes:
// letters and digits as they are, other characters by name ('\n' is
// "newline"), "" is "empty".
func literalWords(t token) string {
	text := t.text
	if t.kind == 'c' && len(text) >= 4 && text[1] == '\\' && isDigit(text[2]) {
		// A C octal escape: '\0', '\12'.
		if n, err := strconv.ParseUint(strings.Trim(text[2:], "'"), 8, 8); err == nil {
			text = strconv.QuoteRune(rune(n))
		}
	}
	v, err := strconv.Unquote(text)
	if err != nil {
		v = strings.Trim(t.text, "\"'`")
	}
	if v == "" {
		return "empty"
	}
	runes := []rune(v)
	if !utf8.ValidString(v) {
		runes = runes[:0] // bytes, as "\x89PNG" holds
		for i := 0; i < len(v); i++ {
			runes = append(runes, rune(v[i]))
		}
	}
	var parts []string
	word := ""
	for _, r := range runes {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			word += string(r)
			continue
		}
		if word != "" {
			parts, word = append(parts, word), ""
		}
		if w, ok := charWords[r]; ok {
			parts = append(parts, w)
		} else {
			parts = append(parts, fmt.Sprintf("u%04x", r))
		}
	}
	if word != "" {
		parts = append(parts, word)
	}
	return strings.Join(parts, "_")
}

// tidy removes the underscores that separate nothing: doubled, at the
// ends, and beside an operator that already separates.
func tidy(s string) string {
	for strings.Contains(s, "__") {
		s = strings.ReplaceAll(s, "__", "_")
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '_' && (i == 0 || i == len(s)-1 || !isWord(s[i-1]) || !isWord(s[i+1])) {
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// cut shortens a name to at most n bytes, at a boundary between words,
// without a trailing operator.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[:n]
	for len(s) > 0 && !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	if i := strings.LastIndexFunc(s, func(r rune) bool { return r < utf8.RuneSelf && !isWord(byte(r)) }); i > n/2 {
		s = s[:i]
	}
	return strings.TrimRightFunc(s, func(r rune) bool { return r < utf8.RuneSelf && !isWord(byte(r)) })
}

// negate returns the text of the condition's negation: a comparison
// flipped ("a <= 0" is "a > 0"), "!x" is "x", otherwise "!x" for a single
// operand and "not x" for the rest.
func negate(cond string) string {
	toks := tokenize(cond)
	depth, cmp, cmpAt, logical := 0, 0, -1, false
	flip := map[string]string{"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
	binary := false
	for i, t := range toks {
		if t.kind != 'o' {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		}
		if depth != 0 {
			continue
		}
		if _, ok := flip[t.text]; ok {
			cmp++
			cmpAt = i
		}
		switch t.text {
		case "&&", "||":
			logical = true
		case "+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "&^", "?", ":":
			binary = binary || i > 0
		}
	}
	switch {
	case cmp == 1 && !logical:
		var b strings.Builder
		for i, t := range toks {
			if t.space {
				b.WriteByte(' ')
			}
			if i == cmpAt {
				b.WriteString(flip[t.text])
			} else {
				b.WriteString(t.text)
			}
		}
		return b.String()
	case cmp > 0 || logical || binary:
		return "not " + cond
	case strings.HasPrefix(cond, "!"):
		return strings.TrimPrefix(cond, "!")
	}
	return "!" + cond
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isWord(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}
