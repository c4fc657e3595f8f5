//go:build ignore

// cbench measures pbcc on classic C programs nobody here wrote, unchanged
// (the Siemens suite as SIR distributes it, with its fault macros all
// off), against AFL++ and random testing. It is built together with
// compare.go, whose flags, pbcc build, AFL++ harness and gcov measurement it
// uses:
//
//	go run bench/compare.go bench/cbench.go [-budget 30s] [-det] [-list bench/cbench.txt] [-cache DIR] [units...]
//
// Units (tcas, print_tokens, print_tokens2, replace, schedule, tot_info,
// wordplay, gzip_util, bc_number) are selected by their exact names; none:
// all.
//
// The programs' sources are not in this repository: bench/cbench.txt names,
// per program, the public GitHub repository, commit and paths they are
// taken from, and cbench reads them from a cache of bare git repositories
// (-cache, default $PBCC_CBENCH_CACHE or /work/.mirror), one per
// repository, at <cache>/<owner>+<name>/repo (the layout of the sessions'
// fetch tool) or <cache>/<owner>+<name>.git; with -clone, a missing one is
// cloned there from github.com. See bench/README.md, "Classic C programs".
//
// Per unit (a set of functions of one program), it measures gcov branch
// coverage of the unit's functions, summed, for:
//
//   - pbcc: pbcc gen -json -func '^(f1|f2|…)$' prog.c in a copy of the
//     program; the harness it wrote (prog_pbcc_test.c) is measured again
//     with compare.go's gcovMeasure, so that the three columns count the
//     same branches the same way;
//   - AFL++: compare.go's harness (afl-cc -O0, persistent mode) around
//     the unit's drivers, afl-fuzz -V budget, its queue replayed and
//     measured with gcovMeasure;
//   - random: the same drivers, fed uniformly random inputs (fixed seed)
//     for the same budget, in the gcov build itself.
//
// A unit's drivers are the calls a fuzzer makes (cTarget: parameters
// decoded from the input bytes, globals, a call); with several drivers the
// input's first byte picks one.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
)

var (
	cbenchList  = flag.String("list", "bench/cbench.txt", "cbench: the programs' sources (repository, commit, paths), relative to the module root")
	cbenchCache = flag.String("cache", "", "cbench: directory of bare git repositories <owner>+<name>/repo or <owner>+<name>.git (default $PBCC_CBENCH_CACHE, else /work/.mirror)")
	cbenchClone = flag.Bool("clone", false, "cbench: git clone --bare a repository missing from the cache from github.com")
	cbenchNoAFL = flag.Bool("noafl", false, "cbench: leave AFL++ out (pbcc and random only)")
	cbenchDet   = flag.Bool("det", false, "cbench: run pbcc twice more, PBCC_WORKERS=1 and 4, and compare the harnesses byte for byte with the first run's")
)

func init() { subcommand = cbenchMain }

// benchUnit is a set of functions of one program measured together.
type benchUnit struct {
	Program string   // a program of the list (its directory)
	Name    string   // the unit's name in the table
	Funcs   []string // the functions whose branches count; pbcc generates for these
	Drivers []cTarget
	// CPath: the program includes its own headers as <config.h>, which
	// gcc finds with -I: pbcc gets -I . (its run is in the program's
	// copy), gcc and afl-cc the program's directory through CPATH.
	CPath bool
	// Defs are file-scope definitions the drivers' harnesses add after
	// the unit: what the program's other units define (gzip.c's
	// globals for util.c). pbcc's harness makes its own.
	Defs string
}

// withDefs inserts the unit's Defs after the unit's #include in a
// harness made from compare.go's cPrologue.
func withDefs(h []byte, defs string) []byte {
	if defs == "" {
		return h
	}
	return []byte(strings.Replace(string(h), "#undef main\n", "#undef main\n\n"+defs+"\n", 1))
}

// tcasInputs are tcas's inputs as its main reads them (argv → the twelve
// globals; initialize sets Positive_RA_Alt_Thresh).
var tcasInputs = []string{
	"int Cur_Vertical_Sep", "int High_Confidence", "int Two_of_Three_Reports_Valid",
	"int Own_Tracked_Alt", "int Own_Tracked_Alt_Rate", "int Other_Tracked_Alt",
	"int Alt_Layer_Value", "int Up_Separation", "int Down_Separation",
	"int Other_RAC", "int Other_Capability", "int Climb_Inhibit",
}

// benchUnits: the functions below each program's main. The drivers do what
// main does with its input, minus reading files and argv: the
// fuzzer's input bytes stand for the program's input.
var benchUnits = []benchUnit{
	{
		Program: "tcas", Name: "tcas",
		Funcs: []string{"initialize", "ALIM", "Inhibit_Biased_Climb", "Non_Crossing_Biased_Climb",
			"Non_Crossing_Biased_Descend", "Own_Below_Threat", "Own_Above_Threat", "alt_sep_test"},
		Drivers: []cTarget{{Func: "alt_sep_test", Globals: tcasInputs, Call: "initialize(); (void)alt_sep_test();"}},
	},
	{
		// The classifiers of print_tokens2, each called on a token; and
		// the lexer over a stream (fmemopen), as main runs it.
		Program: "print_tokens2", Name: "print_tokens2",
		Funcs: []string{"get_char", "unget_char", "get_token", "is_token_end", "token_type", "print_token",
			"is_eof_token", "is_comment", "is_keyword", "is_char_constant", "is_num_constant",
			"is_str_constant", "is_identifier", "unget_error", "print_spec_symbol", "is_spec_symbol"},
		Drivers: []cTarget{
			{Func: "print_token", Params: []string{"char*"}, Call: "(void)print_token(p0);"},
			{Func: "get_token", Params: []string{"char*"}, Call: `FILE *f = fmemopen(p0, strlen(p0) + 1, "r");
	if (f) {
		for (int k = 0; k < 32; k++) {
			token t = get_token(f);
			if (is_eof_token(t))
				break;
			(void)print_token(t);
		}
		fclose(f);
	};`},
		},
	},
	{
		// print_tokens: the table-driven lexer on a stream built as
		// open_character_stream builds it, fmemopen for fopen.
		Program: "print_tokens", Name: "print_tokens",
		Funcs: []string{"get_char", "is_end_of_character_stream", "unget_char", "get_token", "numeric_case",
			"error_or_eof_case", "check_delimiter", "keyword", "special", "skip", "constant", "next_state",
			"is_eof_token", "print_token", "get_actual_token"},
		Drivers: []cTarget{{Func: "get_token", Params: []string{"char*"}, Call: `FILE *f = fmemopen(p0, strlen(p0) + 1, "r");
	if (f) {
		character_stream cs = (character_stream)malloc(sizeof(struct stream_type));
		cs->stream_ind = START;
		cs->stream[START] = '\0';
		cs->fp = f;
		token_stream ts = (token_stream)malloc(sizeof(struct token_stream_type));
		ts->ch_stream = cs;
		for (int k = 0; k < 32; k++) {
			token t = get_token(ts);
			if (is_eof_token(t)) { free(t); break; }
			(void)print_token(t);
			free(t);
		}
		fclose(f);
		free(cs);
		free(ts);
	};`}},
	},
	{
		// replace: main's pattern and substitution, then subline on a
		// line (change reads lines from stdin and calls subline).
		Program: "replace", Name: "replace",
		Funcs: []string{"addstr", "esc", "dodash", "getccl", "stclose", "in_set_2", "in_pat_set", "makepat",
			"getpat", "makesub", "getsub", "locate", "omatch", "patsize", "amatch", "putsub", "subline"},
		Drivers: []cTarget{{Func: "subline", Params: []string{"char[16]", "char[16]", "char[32]"}, Call: `p0[15] = 0; p1[15] = 0; p2[31] = 0;
	string pat, sub;
	if (getpat(p0, pat) && getsub(p1, sub))
		subline(p2, pat, sub);`}},
	},
	{
		// tot_info: main's work on one table, r and c from 1 to 5 (main
		// reads them, then r*c counts), InfoTbl then QChiSq on its
		// result, as main does. (Not the names x, f, r, c: tot_info's
		// macro and statics.)
		Program: "tot_info", Name: "tot_info",
		Funcs: []string{"LGamma", "gser", "gcf", "QGamma", "QChiSq", "InfoTbl"},
		Drivers: []cTarget{{Func: "InfoTbl", Params: []string{"unsigned char[2]", "signed char[25]"}, Call: `int nr = 1 + p0[0] % 5, nc = 1 + p0[1] % 5;
	long tbl[25];
	for (int k = 0; k < 25; k++)
		tbl[k] = p1[k];
	int df = 0;
	double info = InfoTbl(nr, nc, tbl, &df);
	if (info >= 0.0)
		(void)QChiSq(info, df);`}},
	},
	{
		// wordplay: the string helpers main applies to the phrase and
		// to each candidate word (anagramr7 needs main's word index;
		// left out). The phrase is cut at 100 bytes: main reads it
		// from argv into buffers of MAX_WORD_LENGTH.
		Program: "wordplay", Name: "wordplay",
		Funcs: []string{"uppercase", "alphabetic", "numvowels", "extract", "intmask"},
		Drivers: []cTarget{{Func: "extract", Params: []string{"char[16]", "char*"}, Call: `p0[15] = 0;
	if (strlen(p1) > 100)
		p1[100] = 0;
	char s[130], w[130];
	strcpy(s, uppercase(alphabetic(p1)));
	strcpy(w, uppercase(p0));
	(void)numvowels(s);
	(void)intmask(s);
	(void)extract(s, w);`}},
	},
	{
		// gzip 1.3's util.c (K&R, GNU): the helpers that need no file
		// descriptor, as gzip applies them to a name and to data;
		// quiet and exit_code are gzip.c's globals.
		Program: "gzip_util", Name: "gzip_util", CPath: true,
		Defs: `uch inbuf[INBUFSIZ + INBUF_EXTRA], outbuf[OUTBUFSIZ + OUTBUF_EXTRA], window[2L * WSIZE];
unsigned insize, inptr, outcnt;
off_t bytes_in, bytes_out;
int ifd, ofd, exit_code, quiet, test;
char ifname[1024], ofname[1024], *progname = "gzip";
RETSIGTYPE abort_gzip() { exit(1); }`,
		Funcs: []string{"updcrc", "strlwr", "base_name", "make_simple_name", "warning", "display_ratio", "fprint_off"},
		Drivers: []cTarget{{Func: "updcrc", Params: []string{"unsigned char[2]", "long[2]", "int", "char*"}, Call: `static FILE *devnull;
	if (!devnull)
		devnull = fopen("/dev/null", "w");
	quiet = p0[0] & 1;
	exit_code = p0[1] % 3;
	if (strlen(p3) > 200)
		p3[200] = 0;
	(void)updcrc(NULL, 0);
	(void)updcrc((uch *)p3, (unsigned)strlen(p3));
	char name[256];
	strcpy(name, p3);
	make_simple_name(name);
	strcpy(name, p3);
	(void)base_name(name);
	strcpy(name, p3);
	(void)strlwr(name);
	warning(p3);
	display_ratio(p1[0], p1[1], devnull);
	fprint_off(devnull, p1[0], p2 % 64);`}},
	},
	{
		// GNU bc 1.06's number.c (Philip A. Nelson, K&R): the
		// arbitrary-precision arithmetic, as bc's interpreter uses it:
		// two numbers parsed from the input (bc_str2num), one operation
		// on them, the result printed to a string. out_of_memory,
		// rt_warn and rt_error are bc's other units'.
		Program: "bc_number", Name: "bc_number", CPath: true,
		Defs: `void out_of_memory(void) { abort(); }
void rt_warn(char *mesg, ...) { (void)mesg; }
void rt_error(char *mesg, ...) { (void)mesg; }`,
		Funcs: []string{"bc_new_num", "bc_free_num", "bc_copy_num", "bc_init_num", "_bc_rm_leading_zeros",
			"_bc_do_compare", "bc_compare", "bc_is_neg", "bc_is_zero", "bc_is_near_zero", "_bc_do_add", "_bc_do_sub",
			"bc_sub", "bc_add", "new_sub_num", "_bc_simp_mul", "_bc_shift_addsub", "_bc_rec_mul", "bc_multiply",
			"_one_mult", "bc_divide", "bc_divmod", "bc_modulo", "bc_raise", "bc_sqrt", "bc_num2long", "bc_int2num",
			"num2str", "bc_str2num"},
		Drivers: []cTarget{{Func: "bc_add", Params: []string{"unsigned char[4]", "char*"}, Call: `static int inited;
	if (!inited) {
		bc_init_numbers();
		inited = 1;
	}
	if (strlen(p1) > 60)
		p1[60] = 0;
	char *sp = strchr(p1, ' ');
	char *s2 = sp ? sp + 1 : "1";
	if (sp)
		*sp = 0;
	bc_num a, b, r;
	bc_init_num(&a);
	bc_init_num(&b);
	bc_init_num(&r);
	bc_str2num(&a, p1, p0[0] % 10);
	bc_str2num(&b, s2, p0[1] % 10);
	int sc = p0[2] % 10;
	long e;
	switch (p0[3] % 8) {
	case 0: bc_add(a, b, &r, sc); break;
	case 1: bc_sub(a, b, &r, sc); break;
	case 2: bc_multiply(a, b, &r, sc); break;
	case 3: (void)bc_divide(a, b, &r, sc); break;
	case 4: (void)bc_modulo(a, b, &r, sc); break;
	case 5:
		e = bc_num2long(b);
		if (e > -20 && e < 20)
			bc_raise(a, b, &r, sc);
		break;
	case 6:
		bc_free_num(&r);
		r = bc_copy_num(a);
		(void)bc_sqrt(&r, sc);
		break;
	case 7:
		(void)bc_compare(a, b);
		(void)bc_is_near_zero(a, sc);
		(void)bc_int2num(&r, (int)bc_num2long(a));
		break;
	}
	(void)bc_num2long(r);
	free(num2str(r));
	bc_free_num(&a);
	bc_free_num(&b);
	bc_free_num(&r);`}},
	},
	{
		// schedule: main's command loop, the commands and their
		// arguments from the input.
		Program: "schedule", Name: "schedule",
		Funcs: []string{"new_ele", "new_list", "append_ele", "find_nth", "del_ele", "free_ele", "finish_process",
			"finish_all_processes", "schedule", "upgrade_process_prio", "unblock_process", "quantum_expire",
			"block_process", "new_process", "add_process", "init_prio_queue", "initialize"},
		Drivers: []cTarget{{Func: "schedule", Params: []string{"unsigned char[3]", "unsigned char[24]"}, Call: `block_queue = NULL;
	initialize();
	for (int pr = MAXPRIO; pr >= 1; pr--)
		init_prio_queue(pr, p0[pr - 1] % 4);
	for (int k = 0; k + 2 < 24; k += 3) {
		int a = p1[k + 1] % 5;
		float r = p1[k + 2] / 255.0f;
		switch (p1[k] % 8) {
		case FINISH: finish_process(); break;
		case BLOCK: block_process(); break;
		case QUANTUM_EXPIRE: quantum_expire(); break;
		case UNBLOCK: unblock_process(r); break;
		case UPGRADE_PRIO: if (a >= 1 && a <= MAXPRIO) upgrade_process_prio(a, r); break;
		case NEW_JOB: if (a >= 1 && a <= MAXPRIO) add_process(a); break;
		case FLUSH: finish_all_processes(); break;
		}
	};`}},
	},
}

// benchSource is one line of the list: files of a program taken from a
// repository at a commit, each path optionally renamed (path=name).
type benchSource struct {
	Program, Repo, Commit string
	Files                 []string
}

func readBenchList(path string) ([]benchSource, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var srcs []benchSource
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Fields(line)
		if len(fs) < 4 || len(fs[2]) != 40 {
			return nil, fmt.Errorf("%s:%d: want: program owner/name commit(40 hex) path[=name]...", path, n)
		}
		srcs = append(srcs, benchSource{Program: fs[0], Repo: fs[1], Commit: fs[2], Files: fs[3:]})
	}
	return srcs, sc.Err()
}

// gitDir finds (or with -clone makes) the bare repository of repo in the
// cache.
func gitDir(ctx context.Context, cache, repo string) (string, error) {
	key := strings.ReplaceAll(repo, "/", "+")
	for _, d := range []string{filepath.Join(cache, key, "repo"), filepath.Join(cache, key+".git")} {
		if _, err := os.Stat(filepath.Join(d, "HEAD")); err == nil {
			return d, nil
		}
	}
	if !*cbenchClone {
		return "", fmt.Errorf("%s is not in the cache %s (want %s/%s/repo or %s/%s.git, a bare git repository): fetch it, or rerun with -clone to git clone --bare https://github.com/%s",
			repo, cache, cache, key, cache, key, repo)
	}
	d := filepath.Join(cache, key+".git")
	if err := run(ctx, cache, nil, "git", "clone", "--bare", "https://github.com/"+repo, d); err != nil {
		return "", err
	}
	return d, nil
}

// materialize writes every program's files into work/src/<program>.
func materialize(ctx context.Context, srcs []benchSource, cache, work string) error {
	for _, s := range srcs {
		gd, err := gitDir(ctx, cache, s.Repo)
		if err != nil {
			return err
		}
		dir := filepath.Join(work, "src", s.Program)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		for _, f := range s.Files {
			path, name, ok := strings.Cut(f, "=")
			if !ok {
				name = filepath.Base(path)
			}
			data, err := exec.CommandContext(ctx, "git", "--git-dir", gd, "show", s.Commit+":"+path).Output()
			if err != nil {
				return fmt.Errorf("git show %s:%s in %s: %v", s.Commit, path, gd, err)
			}
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// benchRow is one line of the table.
type benchRow struct {
	Unit      string  `json:"unit"`
	Funcs     int     `json:"funcs"`
	Branches  int     `json:"branches"`
	Pbcc      int     `json:"pbcc_covered"`
	PbccWall  float64 `json:"pbcc_wall_seconds"`
	PbccCases int     `json:"pbcc_cases"`
	AFL       int     `json:"afl_covered"`
	AFLExecs  int64   `json:"afl_execs"`
	Random    int     `json:"random_covered"`
	RandExecs int64   `json:"random_execs"`
	Budget    float64 `json:"budget_seconds"`
	Det       string  `json:"deterministic,omitempty"` // -det: "yes", or which run differed
	Err       string  `json:"error,omitempty"`
}

func cbenchMain(ctx context.Context, work, pbcc string) {
	cache := *cbenchCache
	if cache == "" {
		cache = os.Getenv("PBCC_CBENCH_CACHE")
	}
	if cache == "" {
		cache = "/work/.mirror"
	}
	srcs, err := readBenchList(filepath.Join(root, *cbenchList))
	if err != nil {
		fatalf("%v", err)
	}
	if err := materialize(ctx, srcs, cache, work); err != nil {
		fatalf("%v", err)
	}
	if !*cbenchNoAFL {
		if err := ensureAFL(ctx); err != nil {
			fatalf("%v", err)
		}
	}
	var rows []benchRow
	for _, u := range benchUnits {
		if flag.NArg() > 0 && !slices.Contains(flag.Args(), u.Name) {
			continue // units are selected by their exact names
		}
		fmt.Fprintf(os.Stderr, "== %s (%d functions; AFL++ and random %v)\n", u.Name, len(u.Funcs), *budget)
		r, err := benchOne(ctx, work, pbcc, u)
		r.Unit, r.Funcs = u.Name, len(u.Funcs)
		if err != nil {
			r.Err = err.Error()
			fmt.Fprintf(os.Stderr, "%s: %v\n", u.Name, err)
		}
		rows = append(rows, r)
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "unit\tfuncs\tbranches\tpbcc\tAFL++\trandom\tpbcc s\tpbcc cases\tbudget s\tAFL++ execs\trandom execs\tsame harness\t")
	pct := func(c, n int) string {
		if n == 0 {
			return "-"
		}
		return fmt.Sprintf("%d %5.1f%%", c, 100*float64(c)/float64(n))
	}
	for _, r := range rows {
		afl := pct(r.AFL, r.Branches)
		if *cbenchNoAFL {
			afl = "-"
		}
		if r.Err != "" {
			afl += " (error)"
		}
		det := r.Det
		if det == "" {
			det = "-"
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%s\t%s\t%.1f\t%d\t%.0f\t%d\t%d\t%s\t\n", r.Unit, r.Funcs, r.Branches,
			pct(r.Pbcc, r.Branches), afl, pct(r.Random, r.Branches), r.PbccWall, r.PbccCases, r.Budget, r.AFLExecs, r.RandExecs, det)
	}
	tw.Flush()
	if *jsonOut {
		enc := json.NewEncoder(os.Stdout)
		for _, r := range rows {
			enc.Encode(r)
		}
	}
}

// unitCoverage sums the coverage of the unit's functions; an error names a
// function gcov did not see.
func unitCoverage(cov map[string]funcCoverage, funcs []string) (branches, taken int, err error) {
	for _, f := range funcs {
		c, ok := cov[f]
		if !ok {
			return 0, 0, fmt.Errorf("gcov measured no function %s", f)
		}
		branches += c.Branches
		taken += c.Taken
	}
	return branches, taken, nil
}

func benchOne(ctx context.Context, work, pbcc string, u benchUnit) (benchRow, error) {
	r := benchRow{Budget: budget.Seconds()}
	src := filepath.Join(work, "src", u.Program)
	unit := u.Program + ".c"
	copyDir := func(dst string) error {
		if err := os.MkdirAll(dst, 0o755); err != nil {
			return err
		}
		ents, err := os.ReadDir(src)
		if err != nil {
			return err
		}
		for _, e := range ents {
			if err := copyFile(filepath.Join(src, e.Name()), filepath.Join(dst, e.Name())); err != nil {
				return err
			}
		}
		return nil
	}

	if u.CPath {
		os.Setenv("CPATH", src)
		defer os.Unsetenv("CPATH")
	}

	// (a) pbcc, with its defaults.
	pdir := filepath.Join(work, "pbcc-"+u.Name)
	if err := copyDir(pdir); err != nil {
		return r, err
	}
	var quoted []string
	for _, f := range u.Funcs {
		quoted = append(quoted, regexp.QuoteMeta(f))
	}
	genArgs := []string{"gen", "-json", "-func", "^(" + strings.Join(quoted, "|") + ")$"}
	if u.CPath {
		genArgs = append(genArgs, "-I", ".")
	}
	genArgs = append(genArgs, unit)
	start := time.Now()
	out, err := output(ctx, pdir, pbcc, genArgs...)
	r.PbccWall = time.Since(start).Seconds()
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: pbcc gen: %v\n%s\n", u.Name, err, lastLines(out, 20))
	}
	for _, l := range strings.Split(out, "\n") {
		var j struct {
			Func  string `json:"func"`
			Tests int    `json:"tests"`
		}
		if json.Unmarshal([]byte(l), &j) == nil && j.Func != "" {
			r.PbccCases += j.Tests
		}
	}
	harness := filepath.Join(pdir, strings.TrimSuffix(unit, ".c")+"_pbcc_test.c")
	if _, err := os.Stat(harness); err != nil {
		return r, fmt.Errorf("pbcc wrote no harness: %v\n%s", err, lastLines(out, 20))
	}
	cov, mout, err := gcovMeasure(ctx, harness)
	if err != nil {
		return r, fmt.Errorf("measuring pbcc's harness: %v\n%s", err, lastLines(mout, 20))
	}
	if r.Branches, r.Pbcc, err = unitCoverage(cov, u.Funcs); err != nil {
		return r, fmt.Errorf("pbcc's harness: %v", err)
	}

	if *cbenchDet {
		first, err := os.ReadFile(harness)
		if err != nil {
			return r, err
		}
		r.Det = "yes"
		for _, workers := range []string{"1", "4"} {
			ddir := filepath.Join(work, "pbcc-"+u.Name+"-workers"+workers)
			if err := copyDir(ddir); err != nil {
				return r, err
			}
			cmd := exec.CommandContext(ctx, pbcc, genArgs...)
			cmd.Dir, cmd.Env = ddir, append(os.Environ(), "PBCC_WORKERS="+workers)
			_ = cmd.Run() // its exit status is the first run's to judge; the harness is compared
			again, err := os.ReadFile(filepath.Join(ddir, filepath.Base(harness)))
			if err != nil || string(again) != string(first) {
				r.Det = "no (PBCC_WORKERS=" + workers + ")"
				break
			}
		}
	}

	body, seedLen, err := driverBody(u)
	if err != nil {
		return r, err
	}

	// (b) random testing: the drivers in the gcov build, random inputs.
	rdir := filepath.Join(work, "random-"+u.Name)
	if err := copyDir(rdir); err != nil {
		return r, err
	}
	rh := filepath.Join(rdir, "random_"+u.Program+".c")
	if err := os.WriteFile(rh, withDefs(randomHarness(unit, body, seedLen, *budget), u.Defs), 0o644); err != nil {
		return r, err
	}
	cov, mout, err = gcovMeasure(ctx, rh)
	if err != nil {
		return r, fmt.Errorf("random testing: %v\n%s", err, lastLines(mout, 20))
	}
	if m := regexp.MustCompile(`(?m)^random inputs: (\d+)$`).FindStringSubmatch(mout); m != nil {
		fmt.Sscanf(m[1], "%d", &r.RandExecs)
	}
	b, taken, err := unitCoverage(cov, u.Funcs)
	if err != nil {
		return r, fmt.Errorf("random testing: %v", err)
	}
	if b != r.Branches {
		fmt.Fprintf(os.Stderr, "%s: warning: %d branches in pbcc's harness, %d in the random one\n", u.Name, r.Branches, b)
	}
	r.Random = taken

	// (c) AFL++: compare.go's harness and replay.
	if *cbenchNoAFL {
		return r, nil
	}
	fdir := filepath.Join(work, "afl-"+u.Name)
	if err := copyDir(fdir); err != nil {
		return r, err
	}
	if err := os.MkdirAll(filepath.Join(fdir, "in"), 0o755); err != nil {
		return r, err
	}
	if err := os.WriteFile(filepath.Join(fdir, "afl_harness.c"), withDefs(cHarnessOf(unit, body), u.Defs), 0o644); err != nil {
		return r, err
	}
	if err := os.WriteFile(filepath.Join(fdir, "in", "zero"), make([]byte, max(seedLen, 1)), 0o644); err != nil {
		return r, err
	}
	// clang (afl-cc) makes an error of "return;" in an int function,
	// which K&R code does (print_tokens, schedule); gcc warns.
	cc := []string{"AFL_QUIET=1", "AFL_DONT_OPTIMIZE=1"}
	if err := run(ctx, fdir, cc, "afl-cc", "-O0", "-w", "-Wno-error=return-type", "-o", "fuzzme", "afl_harness.c", "-lm"); err != nil {
		return r, fmt.Errorf("afl-cc: %v", err)
	}
	aflArgs := []string{"-V", fmt.Sprint(max(int(budget.Seconds()), 1)), "-i", "in", "-o", "out"}
	if *cmplog {
		if err := run(ctx, fdir, append(cc, "AFL_LLVM_CMPLOG=1"), "afl-cc", "-O0", "-w", "-Wno-error=return-type", "-o", "fuzzme.cmplog", "afl_harness.c", "-lm"); err != nil {
			return r, fmt.Errorf("afl-cc (cmplog): %v", err)
		}
		aflArgs = append(aflArgs, "-c", "./fuzzme.cmplog")
	}
	env := []string{"AFL_NO_UI=1", "AFL_SKIP_CPUFREQ=1", "AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1", "AFL_NO_AFFINITY=1"}
	if err := run(ctx, fdir, env, "afl-fuzz", append(aflArgs, "--", "./fuzzme")...); err != nil {
		return r, fmt.Errorf("afl-fuzz: %v", err)
	}
	stats := readAFLStats(filepath.Join(fdir, "out", "default", "fuzzer_stats"))
	fmt.Sscanf(stats["execs_done"], "%d", &r.AFLExecs)
	dirs := []string{filepath.Join(fdir, "out", "default", "queue"), filepath.Join(fdir, "out", "default", "crashes")}
	replay := filepath.Join(fdir, "replay_"+u.Program+".c")
	if err := os.WriteFile(replay, withDefs(cReplayHarnessOf(unit, body, dirs), u.Defs), 0o644); err != nil {
		return r, err
	}
	cov, mout, err = gcovMeasure(ctx, replay)
	if err != nil {
		return r, fmt.Errorf("replaying the AFL++ queue: %v\n%s", err, lastLines(mout, 20))
	}
	if _, r.AFL, err = unitCoverage(cov, u.Funcs); err != nil {
		return r, fmt.Errorf("AFL++ replay: %v", err)
	}
	return r, nil
}

// driverBody is the body of pbcc_bench_run (compare.go's prologue) for the
// unit's drivers: with one driver, its decoding and call; with several,
// the first input byte picks one. It returns the length of a complete
// input, the seed's.
func driverBody(u benchUnit) (string, int, error) {
	if len(u.Drivers) == 1 {
		return cParams(u.Drivers[0])
	}
	var b strings.Builder
	size := 0
	fmt.Fprintf(&b, "\tif (n == 0)\n\t\treturn;\n\tunsigned pbcc_bench_sel = buf[0] %% %d;\n\tbuf++;\n\tn--;\n\tswitch (pbcc_bench_sel) {\n", len(u.Drivers))
	for i, d := range u.Drivers {
		body, n, err := cParams(d)
		if err != nil {
			return "", 0, err
		}
		size = max(size, n)
		fmt.Fprintf(&b, "\tcase %d: {\n%s\t\tbreak;\n\t}\n", i, body)
	}
	b.WriteString("\t}\n")
	return b.String(), size + 1, nil
}

// randomHarness runs the drivers on random inputs for the budget: lengths
// uniform in 0..2*seedLen+16, bytes uniform, a fixed seed; a crashing
// input (signal) or one that runs over a second (SIGALRM) is abandoned and
// counted. It prints the number of inputs run on stderr.
func randomHarness(unit, body string, seedLen int, budget time.Duration) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, cPrologue, unit, body)
	fmt.Fprintf(&b, `
#include <setjmp.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

static sigjmp_buf pbcc_bench_jmp;

static void pbcc_bench_sig(int sig)
{
	siglongjmp(pbcc_bench_jmp, sig);
}

static unsigned long long pbcc_bench_state = 0x9E3779B97F4A7C15ULL;

static unsigned long long pbcc_bench_next(void)
{
	unsigned long long x = pbcc_bench_state;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return pbcc_bench_state = x;
}

int main(void)
{
	static unsigned char buf[%d];
	int sigs[] = {SIGSEGV, SIGFPE, SIGBUS, SIGILL, SIGABRT, SIGALRM};
	long long inputs = 0, crashes = 0;
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = pbcc_bench_sig;
		sa.sa_flags = SA_NODEFER;
		sigaction(sigs[i], &sa, NULL);
	}
	if (!freopen("/dev/null", "w", stdout))
		return 1;
	struct timespec t0, t;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		if ((inputs & 63) == 0) {
			clock_gettime(CLOCK_MONOTONIC, &t);
			if ((t.tv_sec - t0.tv_sec) + (t.tv_nsec - t0.tv_nsec) / 1e9 >= %g)
				break;
		}
		size_t n = pbcc_bench_next() %% sizeof buf;
		for (size_t i = 0; i < n; i++)
			buf[i] = (unsigned char)pbcc_bench_next();
		inputs++;
		if (sigsetjmp(pbcc_bench_jmp, 1) == 0) {
			alarm(1);
			pbcc_bench_run(buf, n);
			alarm(0);
		} else {
			alarm(0);
			crashes++;
		}
	}
	fprintf(stderr, "random inputs: %%lld\nrandom inputs that crashed or ran over 1 s: %%lld\n", inputs, crashes);
	return 0;
}
`, 2*seedLen+16, budget.Seconds())
	return []byte(b.String())
}
