package cover

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/pbcc/pbcc/gen/ir"
	"github.com/pbcc/pbcc/internal/proc"
)

// A Branch is one outcome of one source boolean decision.
type Branch struct {
	Func    string // e.g. "m.F", "m.T.M", "m.F$1"
	Pos     ir.Pos // of the leaf or case value, or of the for keyword of a range; File absolute
	Text    string // source text of the leaf, whitespace runs collapsed
	Outcome string // "true" | "false"
	Covered bool
	By      string // "profile" or "instrumented": which measurement decided Covered; "" from Branches
}

// Who decided a branch.
const (
	ByProfile      = "profile"
	ByInstrumented = "instrumented"
)

// Options tune Measure.
type Options struct {
	// CoverProfile, if set, names a `go test -covermode=count|set|atomic
	// -coverprofile` file of the same package produced elsewhere (CI); it
	// replaces the go test -coverprofile run of Measure.
	CoverProfile string
	// NoProfile, when CoverProfile is not set, leaves out the go test
	// -coverprofile run: the instrumented run decides every branch (it
	// sees them all), and the tests are built once instead of twice.
	NoProfile bool
	// Env is added to the environment of the go commands (GOFLAGS=-race,
	// GOOS, ...).
	Env []string
	// Stdout and Stderr, if set, receive the output of the test runs.
	Stdout, Stderr io.Writer
}

// Branches lists the branches of the non-test Go files of the package in
// dir, without running anything but `go list`: the same keys, in the same
// order, as Measure gives.
func Branches(dir string) (_ []Branch, err error) {
	defer catch(&err)
	p, err := load(context.Background(), dir, goEnv(nil))
	if err != nil {
		return nil, err
	}
	return branches(p, findSites(p), nil), nil
}

// decided is what a measurement says of one site.
type decided struct {
	True, False bool
	By          string
}

// branches turns sites into sorted branches, with the decisions of dec (by
// site id) when dec is not nil.
func branches(p *pkg, sites []*site, dec []decided) []Branch {
	var out []Branch
	for _, s := range sites {
		pos := p.pos(s.Pos)
		for _, outcome := range []string{"true", "false"} {
			b := Branch{Func: s.Func, Pos: pos, Text: s.Text, Outcome: outcome}
			if dec != nil {
				d := dec[s.ID]
				b.Covered = d.True
				if outcome == "false" {
					b.Covered = d.False
				}
				b.By = d.By
			}
			out = append(out, b)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].Pos, out[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Col != b.Col {
			return a.Col < b.Col
		}
		return out[i].Outcome == "true" && out[j].Outcome == "false"
	})
	return out
}

// Measure runs the tests of the package in dir twice, once with
// `go test -coverprofile` (unless opts.CoverProfile is given, or
// opts.NoProfile) and once on
// an instrumented copy made with `go test -overlay`, and returns every
// branch with whether the tests took it. When the tests fail, the error
// holds their output, and the branches measured are still returned.
func Measure(ctx context.Context, dir string, opts Options) (_ []Branch, err error) {
	defer catch(&err)
	m, err := measure(ctx, dir, opts)
	if m == nil {
		return nil, err
	}
	return branches(m.pkg, m.sites, m.decisions()), err
}

// A measurement holds both measurements of a package's sites.
type measurement struct {
	pkg   *pkg
	sites []*site
	prof  *profile     // nil if there is none
	hits  map[int]bool // of the instrumented run; nil if it did not run
}

// decisions decides each site: a single-leaf if by the profile when it
// tells, everything else by the instrumented run.
func (m *measurement) decisions() []decided {
	dec := make([]decided, len(m.sites))
	for _, s := range m.sites {
		if m.prof != nil && s.If != nil {
			if t, f, ok := m.pkg.ifDecision(m.prof, s); ok {
				dec[s.ID] = decided{t, f, ByProfile}
				continue
			}
		}
		dec[s.ID] = decided{m.hits[2*s.ID], m.hits[2*s.ID+1], ByInstrumented}
	}
	return dec
}

// measure runs both measurements. It returns a nil measurement only when
// neither could be made.
func measure(ctx context.Context, dir string, opts Options) (*measurement, error) {
	env := goEnv(opts.Env)
	p, err := load(ctx, dir, env)
	if err != nil {
		return nil, err
	}
	m := &measurement{pkg: p, sites: findSites(p)}
	tmp, err := os.MkdirTemp("", "pbcc-cover-")
	if err != nil {
		return nil, fmt.Errorf("cover: %w", err)
	}
	defer os.RemoveAll(tmp)

	var errs []error
	profName := opts.CoverProfile
	if profName == "" && !opts.NoProfile {
		profName = filepath.Join(tmp, "cover.out")
		mode := ProfileMode(env)
		// Without vet: the package's own code may not be vet-clean (a
		// format string, an assembly file), which is no test's doing.
		if err := goTest(ctx, p.Dir, env, opts, "-vet=off", "-covermode="+mode, "-coverprofile="+profName); err != nil {
			errs = append(errs, err)
		}
	}
	if profName != "" { // else NoProfile: the instrumented run decides
		if data, err := os.ReadFile(profName); err == nil {
			m.prof, err = parseProfile(bytes.NewReader(data), profName)
			if err != nil {
				errs = append(errs, err)
			}
		} else if opts.CoverProfile != "" || len(errs) == 0 {
			errs = append(errs, fmt.Errorf("cover: %w", err))
		}
	}

	m.hits, err = runInstrumented(ctx, p, m.sites, tmp, env, opts)
	if err != nil {
		errs = append(errs, err)
	}
	if m.hits == nil && m.prof == nil {
		return nil, errors.Join(errs...)
	}
	return m, errors.Join(errs...)
}

// A Recording is the package of a directory with every branch site
// recording its outcomes, as Measure's instrumented run builds it: run the
// package's tests with Files as a go build overlay and OutEnv(path) in
// their environment, and Branches(path) says which branches they took.
// Nothing is written to the package.
type Recording struct {
	Files map[string][]byte // replacement text by absolute path; the recorder too
	pkg   *pkg
	sites []*site
}

// Record instruments the package in dir for a Recording; env is added to
// the environment of go list.
func Record(ctx context.Context, dir string, env []string) (_ *Recording, err error) {
	defer catch(&err)
	p, err := load(ctx, dir, goEnv(env))
	if err != nil {
		return nil, err
	}
	return record(p, findSites(p))
}

func record(p *pkg, sites []*site) (*Recording, error) {
	files, rec, err := instrument(p, sites, false)
	if err != nil {
		return nil, err
	}
	recPath := filepath.Join(p.Dir, recorderFile)
	if _, err := os.Stat(recPath); err == nil {
		return nil, fmt.Errorf("cover: %s exists; it is the name of pbcc's recorder", recPath)
	}
	r := &Recording{Files: map[string][]byte{recPath: rec}, pkg: p, sites: sites}
	for i, data := range files {
		r.Files[p.Paths[i]] = data
	}
	return r, nil
}

// OutEnv is the environment variable that makes the recording package
// append what it records to the file path.
func (r *Recording) OutEnv(path string) string { return outEnv + "=" + path }

// Branches returns every branch of the package, each taken if a run
// recorded it in the file path (written through OutEnv; a file that
// does not exist is runs that took no branch).
func (r *Recording) Branches(path string) ([]Branch, error) {
	hits, err := r.hits(path)
	if err != nil {
		return nil, err
	}
	m := &measurement{pkg: r.pkg, sites: r.sites, hits: hits}
	return branches(r.pkg, r.sites, m.decisions()), nil
}

func (r *Recording) hits(path string) (map[int]bool, error) {
	data, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return nil, fmt.Errorf("cover: %w", err)
	}
	return readHits(data, 2*len(r.sites))
}

// runInstrumented runs the tests on the instrumented package and returns
// the hits of the recorder (nil when it could not run at all).
func runInstrumented(ctx context.Context, p *pkg, sites []*site, tmp string, env []string, opts Options) (map[int]bool, error) {
	r, err := record(p, sites)
	if err != nil {
		return nil, err
	}
	overlay := map[string]string{}
	srcDir := filepath.Join(tmp, "src")
	if err := os.Mkdir(srcDir, 0o755); err != nil {
		return nil, fmt.Errorf("cover: %w", err)
	}
	for orig, data := range r.Files {
		path := filepath.Join(srcDir, fmt.Sprintf("%d_%s", len(overlay), filepath.Base(orig)))
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return nil, fmt.Errorf("cover: %w", err)
		}
		overlay[orig] = path
	}
	js, err := json.Marshal(map[string]any{"Replace": overlay})
	if err != nil {
		return nil, fmt.Errorf("cover: %w", err)
	}
	overlayPath := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(overlayPath, js, 0o644); err != nil {
		return nil, fmt.Errorf("cover: %w", err)
	}
	out := filepath.Join(tmp, "hits")
	testErr := goTest(ctx, p.Dir, append(env, r.OutEnv(out)), opts, "-vet=off", "-overlay="+overlayPath)
	hits, err := r.hits(out)
	if err != nil {
		return nil, errors.Join(testErr, err)
	}
	return hits, testErr
}

// goTest runs go test -count=1 args . in dir, its output going to opts'
// writers and, on failure, into the error.
func goTest(ctx context.Context, dir string, env []string, opts Options, args ...string) error {
	args = append(append([]string{"test", "-count=1"}, args...), ".")
	cmd := proc.Command(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if opts.Stdout != nil {
		cmd.Stdout = io.MultiWriter(&out, opts.Stdout)
	}
	if opts.Stderr != nil {
		cmd.Stderr = io.MultiWriter(&out, opts.Stderr)
	}
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("cover: go %s in %s: %v\n%s", strings.Join(args, " "), dir, err, out.Bytes())
	}
	return nil
}

// raceOn reports whether GOFLAGS in env asks for the race detector.
// ProfileMode is the -covermode of a profile Measure can read whatever
// the run's environment env (os.Environ() when nil): count, or atomic
// when GOFLAGS asks for -race (go test refuses count with -race).
func ProfileMode(env []string) string {
	if env == nil {
		env = os.Environ()
	}
	if raceOn(env) {
		return "atomic"
	}
	return "count"
}

func raceOn(env []string) bool {
	flags := ""
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "GOFLAGS="); ok {
			flags = v
		}
	}
	for _, f := range strings.Fields(flags) {
		if f == "-race" || f == "-race=true" || f == "--race" {
			return true
		}
	}
	return false
}

// catch turns a panic into an error, so that none crosses the package
// boundary.
func catch(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("cover: internal error: %v", r)
	}
}
