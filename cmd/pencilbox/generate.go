package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/engine"
	"pencilbox/library"
)

// genFlags are the parsed options of `pencilbox generate`.
type genFlags struct {
	kind     engine.Kind
	gen      engine.Generator
	opt      engine.GenOptions
	count    int
	seed     uint64
	jobs     int
	limit    time.Duration
	dbPath   string
	out      string
	tags     []string
	set      string
	optsText string // the options as given, kept in each source text
	// second: the kind's second rater (ER), used when -o writes its
	// columns or --er filters on it (erLo-erHi; erHi 0: open above).
	second     engine.SecondRater
	erLo, erHi float64
	erTarget   bool
}

// runGenerate is `pencilbox generate`: new puzzles to a target, written as
// `rate` lines (-o) or stored in the library as an import (--db). Exit
// status: 0 when --count puzzles were made, 1 when --time or Ctrl-C
// stopped it first (what was made is kept), 2 bad options, a target known
// to be impossible, or output that could not be written.
func runGenerate(e *env, args []string) int {
	g, code := parseGenerate(e, args)
	if code >= 0 {
		return code
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if g.limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, g.limit, &pencilbox.JobStop{State: pencilbox.JobStopped,
			Reason: fmt.Sprintf("Stopped at its time limit, %s (generate --time), before it made all %d puzzles asked. What it made is stored.", g.limit, g.count)})
		defer cancel()
	}
	return generate(ctx, e, g)
}

func parseGenerate(e *env, args []string) (*genFlags, int) {
	fs := flag.NewFlagSet("generate", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	kind := fs.String("kind", "", "puzzle kind ("+generatorKinds(e)+")")
	count := fs.Int("count", 1, "puzzles to make")
	rank := fs.String("rank", "", "star rank, or a range: 4, 5-7 (default any)")
	er := fs.String("er", "", "second rating (Sudoku Explainer's ER) range: 6.0-7.5, 7.0, 7-, -4.5")
	params := genParamFlags(e, fs)
	seed := fs.String("seed", "", "random seed (default: from the clock, printed); with --jobs 1 the same seed and options give the same puzzles")
	jobs := fs.Int("jobs", runtime.GOMAXPROCS(0), "generating workers")
	limit := fs.Duration("time", 0, "stop after this long, keeping what was made (e.g. 10m; default no limit)")
	dbPath := fs.String("db", "", "store the puzzles in this library database")
	out := fs.String("o", "", "write the puzzles to FILE (- for stdout) in the columns of rate")
	var tags stringList
	fs.Var(&tags, "tag", "tag every stored puzzle (repeatable; with --db)")
	set := fs.String("set", "", "add the stored puzzles to this set, made when missing (with --db)")
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "usage: pencilbox generate --kind K --count N [--rank R | --rank A-B] [--er A-B] "+params.usage()+" [--seed S] [--jobs N] [--time D] (--db PATH [--tag T]... [--set NAME] | -o FILE|-)")
		fmt.Fprint(e.stderr, `
Makes new puzzles, each with exactly one solution, the asked rank on the
kind's ladder and the kind's asked parameters (the flags after --er; each
says which kinds take it), and not already in the library nor earlier in
the run.
With -o each puzzle is a line in the columns of rate (and of rate --er
where the kind has a second rating); with --db they are
stored as an import is (source label "generated", the seed and options in
the source text). A target known to be impossible is refused; --time or
Ctrl-C stops cleanly, keeping what was made. The summary on stderr gives,
per rank, how many puzzles were made and how many candidates were tried.
Exit status: 0 all made, 1 stopped first, 2 bad options or a failure.
`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return nil, 2
	}
	fail := func(format string, a ...any) (*genFlags, int) {
		fmt.Fprintf(e.stderr, "pencilbox generate: "+format+"\n", a...)
		return nil, 2
	}
	if fs.NArg() > 0 {
		return fail("unexpected argument %q", fs.Arg(0))
	}
	g := &genFlags{count: *count, jobs: *jobs, limit: *limit, dbPath: *dbPath, out: *out, tags: tags, set: *set}
	if *kind == "" {
		return fail("--kind is required (%s)", generatorKinds(e))
	}
	k, err := e.kinds.Lookup(*kind)
	if err != nil {
		return fail("%v", err)
	}
	gen, ok := k.(engine.Generator)
	if !ok {
		return fail("kind %s has no generator (kinds that have: %s)", k.Name(), generatorKinds(e))
	}
	g.kind, g.gen = k, gen
	if sr, ok := e.second[k.Name()]; ok && (*er != "" || *out != "") {
		g.second = sr
	}
	if *er != "" {
		if g.second == nil {
			return fail("--er: kind %s has no second rating (kinds that have: %s)", k.Name(), strings.Join(e.second.Kinds(), ", "))
		}
		if g.erLo, g.erHi, err = pencilbox.ParseScaleRange(*er, "--er"); err != nil {
			return fail("%v", err)
		}
		g.erTarget = true
	}
	if (g.dbPath == "") == (g.out == "") {
		return fail("give exactly one of --db PATH or -o FILE|-")
	}
	if g.dbPath == "" && (len(g.tags) > 0 || g.set != "") {
		return fail("--tag and --set need --db")
	}
	if g.count < 1 {
		return fail("--count %d: want at least 1", g.count)
	}
	if g.jobs < 1 {
		return fail("--jobs %d: want at least 1", g.jobs)
	}
	if g.opt.MinRank, g.opt.MaxRank, err = parseRange(*rank); err != nil {
		return fail("--rank: %v", err)
	}
	if g.erTarget {
		what := "--er " + *er
		if *rank != "" {
			what = "--rank " + *rank + " " + what
		}
		if err := engine.CheckSecondTarget(k, g.second, g.opt.MinRank, g.opt.MaxRank, g.erLo, g.erHi, what); err != nil {
			return fail("%v", err)
		}
	}
	if g.opt.Params, err = params.values(fs, gen); err != nil {
		return fail("%v", err)
	}
	if *seed == "" {
		g.seed = uint64(time.Now().UnixNano())
	} else if g.seed, err = strconv.ParseUint(*seed, 10, 64); err != nil {
		return fail("--seed %q: want a whole number", *seed)
	}
	// Refuse a target known to be impossible before anything is opened.
	if _, err := gen.NewSource(g.opt, rand.New(rand.NewPCG(g.seed, 0))); err != nil {
		var pe *engine.GenParamError
		if errors.As(err, &pe) {
			return fail("--%s: %v", pe.Param, pe.Err)
		}
		return fail("%v", err)
	}
	var parts []string
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "kind", "db", "o", "tag", "set", "jobs", "time", "seed", "count":
			return
		}
		parts = append(parts, "--"+f.Name+"="+f.Value.String())
	})
	g.optsText = strings.Join(parts, " ")
	return g, -1
}

// generatorKinds names the registered kinds that can generate.
func generatorKinds(e *env) string {
	var names []string
	for _, k := range e.kinds {
		if _, ok := k.(engine.Generator); ok {
			names = append(names, k.Name())
		}
	}
	return strings.Join(names, ", ")
}

// parseRange reads "", "N" or "A-B".
func parseRange(s string) (int, int, error) {
	if s == "" {
		return 0, 0, nil
	}
	a, b, isRange := strings.Cut(s, "-")
	lo, err := strconv.Atoi(strings.TrimSpace(a))
	if err != nil {
		return 0, 0, fmt.Errorf("%q: want N or A-B", s)
	}
	hi := lo
	if isRange {
		if hi, err = strconv.Atoi(strings.TrimSpace(b)); err != nil {
			return 0, 0, fmt.Errorf("%q: want N or A-B", s)
		}
	}
	if lo < 1 || hi < lo {
		return 0, 0, fmt.Errorf("%q: want 1 <= A <= B", s)
	}
	return lo, hi, nil
}

func generate(ctx context.Context, e *env, g *genFlags) int {
	fmt.Fprintf(e.stderr, "seed %d\n", g.seed)
	o := library.GenerateOptions{Kind: g.kind, Opt: g.opt, Count: g.count, Jobs: g.jobs, Seed: g.seed,
		Second: g.second, Scale: g.erTarget, ScaleLo: g.erLo, ScaleHi: g.erHi, Set: g.set,
		Note: fmt.Sprintf("pencilbox generate --kind %s --seed %d %s", g.kind.Name(), g.seed, g.optsText)}
	var out *fileSink
	var store *db.DB
	if g.dbPath != "" {
		var err error
		if store, err = db.Open(g.dbPath); err != nil {
			fmt.Fprintln(e.stderr, "pencilbox generate:", err)
			return 2
		}
		defer store.Close()
	} else {
		w := e.stdout
		var f *os.File
		if g.out != "-" {
			var err error
			if f, err = os.Create(g.out); err != nil {
				fmt.Fprintln(e.stderr, "pencilbox generate:", err)
				return 2
			}
			w = f
		}
		out = &fileSink{w: bufio.NewWriter(w), f: f}
		if g.second != nil {
			out.scales = g.second.Scales()
		}
	}

	var bar *progressbar.ProgressBar
	if e.isTerminal != nil && e.isTerminal(e.stderr) {
		bar = progressbar.NewOptions(g.count,
			progressbar.OptionSetWriter(e.stderr),
			progressbar.OptionSetDescription("generating"),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString("puzzles"),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(200*time.Millisecond),
			progressbar.OptionClearOnFinish())
	}
	var last library.GenProgress
	o.Progress = func(p library.GenProgress) {
		if bar != nil {
			bar.Describe("generating " + rankLine(p.ByRank, p.Tried))
			_ = bar.Add(p.Made - last.Made)
		}
		last = p
	}
	start := time.Now()
	var err error
	stored := 0
	if store != nil {
		// The library's run: an import of source "generated" (the audit
		// log names it a generator run), then the set.
		var job pencilbox.Job
		job, err = library.Generate(db.AsGenerator(cliActor(ctx, e)), store, e.formats, o,
			library.Options{Tags: g.tags, Jobs: 1, Errors: e.stderr, Second: e.second})
		stored = job.Imported
		err = stoppedIsNil(ctx, err)
	} else {
		_, err = library.Make(ctx, nil, o, out.put)
		err = errors.Join(stoppedIsNil(ctx, err), out.close())
	}
	if bar != nil {
		_ = bar.Finish()
	}
	elapsed := time.Since(start)
	fmt.Fprintf(e.stderr, "made %d of %d in %.1f s (%.1f/s), %d repeats of known puzzles skipped\n",
		last.Made, g.count, elapsed.Seconds(), float64(last.Made)/elapsed.Seconds(), last.Repeats)
	fmt.Fprintf(e.stderr, "by rank (made/tried): %s\n", rankLine(last.ByRank, last.Tried))
	if g.erTarget {
		fmt.Fprintf(e.stderr, "ER %s: %d of %d candidates rated in range\n", pencilbox.FormatScaleRange(g.erLo, g.erHi), last.SecondInRange, last.SecondRated)
	}
	if store != nil {
		fmt.Fprintf(e.stderr, "stored %d in %s\n", stored, g.dbPath)
	}
	switch {
	case err != nil:
		fmt.Fprintln(e.stderr, "pencilbox generate:", err)
		return 2
	case last.Made < g.count:
		why := "interrupted"
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			why = fmt.Sprintf("--time %s reached", g.limit)
		}
		fmt.Fprintf(e.stderr, "stopped: %s before %d puzzles; no more candidates met the target (%s) in that time\n",
			why, g.count, targetText(g))
		return 1
	}
	return 0
}

// stoppedIsNil is err, or nil when err is ctx's own: --time or Ctrl-C
// stopped the run, which keeps what was made and says why (exit 1).
func stoppedIsNil(ctx context.Context, err error) error {
	if ctx.Err() != nil && err == ctx.Err() {
		return nil
	}
	return err
}

// rankLine is "1: 0/12, 2: 3/40, ..." over the ranks tried; candidates
// outside the other limits (index 0) are counted as "outside limits: N".
func rankLine(made, tried []int) string {
	var parts []string
	for r := 1; r < len(tried); r++ {
		if tried[r] > 0 || made[r] > 0 {
			parts = append(parts, fmt.Sprintf("%d: %d/%d", r, made[r], tried[r]))
		}
	}
	if tried[0] > 0 {
		parts = append(parts, fmt.Sprintf("outside limits: %d", tried[0]))
	}
	if len(parts) == 0 {
		return "none yet"
	}
	return strings.Join(parts, ", ")
}

// targetText says the target in words, for the stop message: the ranks,
// the second rating's range and the kind's parameters given.
func targetText(g *genFlags) string {
	o := g.opt
	var parts []string
	if g.erTarget {
		parts = append(parts, "ER "+pencilbox.FormatScaleRange(g.erLo, g.erHi))
	}
	if o.MinRank > 0 {
		parts = append(parts, fmt.Sprintf("rank %d-%d", o.MinRank, o.MaxRank))
	}
	for _, p := range g.gen.GenParams() {
		if v, ok := o.Params[p.Name]; ok {
			parts = append(parts, p.Name+" "+v)
		}
	}
	if len(parts) == 0 {
		return "any puzzle"
	}
	return strings.Join(parts, ", ")
}

// fileSink writes `rate` lines.
type fileSink struct {
	w      *bufio.Writer
	f      *os.File
	scales []engine.Scale // the second rater's, for its columns
}

func (s *fileSink) put(g library.Generated) error {
	line := formatRating(g.Puzzle, g.Rating, false)
	if sr := g.Second; sr != nil {
		line = strings.TrimSuffix(line, "\n") + "\t" + secondColumns(s.scales, *sr) + "\n"
	}
	if _, err := s.w.WriteString(line); err != nil {
		return err
	}
	// Flushed per puzzle: an interrupted run keeps every line made.
	return s.w.Flush()
}

func (s *fileSink) close() error {
	err := s.w.Flush()
	if s.f != nil {
		// Only a regular file is synced: -o /dev/null or a pipe cannot be.
		if fi, serr := s.f.Stat(); serr == nil && fi.Mode().IsRegular() {
			err = errors.Join(err, s.f.Sync())
		}
		err = errors.Join(err, s.f.Close())
	}
	return err
}
