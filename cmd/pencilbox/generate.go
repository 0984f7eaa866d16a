package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/engine"
	"pencilbox/importers"
	"pencilbox/library"
)

// genSourceLabel is the source label of every generated puzzle.
const genSourceLabel = "generated"

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
		ctx, cancel = context.WithTimeout(ctx, g.limit)
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
	sym := fs.String("symmetry", "none", "symmetry of the givens or black cells: none, rot180, rot90, mirror, diagonal, full")
	clues := fs.String("clues", "", "clue count or range, e.g. 22-26 (default any)")
	minimal := fs.Bool("minimal", true, "only puzzles with no removable clue (Akari: nor droppable clue number)")
	size := fs.String("size", "", "grid size WxH where the kind has a choice (Akari, default 10x10)")
	black := fs.String("black", "", "share of black cells where the kind has them, e.g. 20% (Akari)")
	seed := fs.String("seed", "", "random seed (default: from the clock, printed); with --jobs 1 the same seed and options give the same puzzles")
	jobs := fs.Int("jobs", runtime.GOMAXPROCS(0), "generating workers")
	limit := fs.Duration("time", 0, "stop after this long, keeping what was made (e.g. 10m; default no limit)")
	dbPath := fs.String("db", "", "store the puzzles in this library database")
	out := fs.String("o", "", "write the puzzles to FILE (- for stdout) in the columns of rate")
	var tags stringList
	fs.Var(&tags, "tag", "tag every stored puzzle (repeatable; with --db)")
	set := fs.String("set", "", "add the stored puzzles to this set, made when missing (with --db)")
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "usage: pencilbox generate --kind K --count N [--rank R | --rank A-B] [--er A-B] [--symmetry S] [--clues A-B] [--minimal=true] [--size WxH] [--black P%] [--seed S] [--jobs N] [--time D] (--db PATH [--tag T]... [--set NAME] | -o FILE|-)")
		fmt.Fprint(e.stderr, `
Makes new puzzles, each with exactly one solution, the asked rank on the
kind's ladder, the asked symmetry and clue count, minimal unless
--minimal=false, and not already in the library nor earlier in the run.
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
		if g.erLo, g.erHi, err = pencilbox.ParseERRange(*er, "--er"); err != nil {
			return fail("%v", err)
		}
		g.erTarget = true
		if sc, ok := g.second.(engine.SecondScale); ok {
			lo, hi := sc.ScaleRange()
			if g.erLo > hi || (g.erHi != 0 && g.erHi < lo) {
				return fail("--er %s: %v: the scale's ratings run from %s to %s",
					*er, engine.ErrImpossible, engine.FormatTenths(lo), engine.FormatTenths(hi))
			}
		}
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
	if g.opt.MinClues, g.opt.MaxClues, err = parseRange(*clues); err != nil {
		return fail("--clues: %v", err)
	}
	if g.opt.Symmetry, err = engine.ParseSymmetry(*sym); err != nil {
		return fail("--symmetry: %v", err)
	}
	g.opt.NotMinimal = !*minimal
	if *size != "" {
		w, h, ok := strings.Cut(strings.ToLower(*size), "x")
		g.opt.Width, err = strconv.Atoi(w)
		if err == nil {
			g.opt.Height, err = strconv.Atoi(h)
		}
		if !ok || err != nil || g.opt.Width < 1 || g.opt.Height < 1 {
			return fail("--size %q: want WxH, e.g. 12x12", *size)
		}
	}
	if *black != "" {
		v, pct := strings.CutSuffix(*black, "%")
		f, err := strconv.ParseFloat(v, 64)
		if pct {
			f /= 100
		}
		if err != nil || f <= 0 || f >= 1 {
			return fail("--black %q: want a share between 0 and 100%%, e.g. 20%%", *black)
		}
		g.opt.Black = f
	}
	if *seed == "" {
		g.seed = uint64(time.Now().UnixNano())
	} else if g.seed, err = strconv.ParseUint(*seed, 10, 64); err != nil {
		return fail("--seed %q: want a whole number", *seed)
	}
	// Refuse a target known to be impossible before anything is opened.
	if _, err := gen.NewSource(g.opt, rand.New(rand.NewPCG(g.seed, 0))); err != nil {
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

// genTick is how often a worker reports its tallies while it searches.
const genTick = 250 * time.Millisecond

// genResult is one puzzle a worker made (nil for a tally only), with its
// source's tallies then.
type genResult struct {
	job    int
	puzzle engine.Puzzle
	rating engine.Rating
	second *engine.SecondRating // when the run has a second rater
	tried  []int
	// secondTried: the candidates given a second rating, and of them
	// those in the --er range.
	secondTried [2]int
}

// sink takes the accepted puzzles: a rate-columns file or the library.
type sink interface {
	put(res genResult, text string) error
	// close finishes the output; stored reports what was kept.
	close() (stored int, err error)
}

func generate(ctx context.Context, e *env, g *genFlags) int {
	fmt.Fprintf(e.stderr, "seed %d\n", g.seed)
	var store *db.DB
	var out sink
	if g.dbPath != "" {
		var err error
		if store, err = db.Open(g.dbPath); err != nil {
			fmt.Fprintln(e.stderr, "pencilbox generate:", err)
			return 2
		}
		defer store.Close()
		out = newLibrarySink(store, e, g)
	} else {
		w := e.stdout
		var f *os.File
		if g.out != "-" {
			var err error
			if f, err = os.Create(g.out); err != nil {
				fmt.Fprintln(e.stderr, "pencilbox generate:", err)
				return 2
			}
		}
		if f != nil {
			w = f
		}
		out = &fileSink{w: bufio.NewWriter(w), f: f}
	}

	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make(chan genResult)
	var wg sync.WaitGroup
	for j := range g.jobs {
		src, err := g.gen.NewSource(g.opt, rand.New(rand.NewPCG(g.seed, uint64(j))))
		if err != nil {
			fmt.Fprintln(e.stderr, "pencilbox generate:", err)
			return 2
		}
		var ss *engine.SecondSource
		if g.second != nil {
			ss = &engine.SecondSource{Source: src, Rater: g.second, Filter: g.erTarget, Lo: g.erLo, Hi: g.erHi}
			src = ss
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				// Next is asked again every tick, so the tallies reach
				// the progress bar while a rare target finds nothing. A
				// source checks its context only between candidates, so
				// the ticks do not change what it makes.
				tick, stop := context.WithTimeout(wctx, genTick)
				p, r, err := src.Next(tick)
				stop()
				res := genResult{job: j, tried: src.Tried()}
				if err == nil {
					res.puzzle, res.rating = p, r
					if ss != nil {
						sr := ss.Last()
						res.second = &sr
					}
				}
				if ss != nil {
					res.secondTried[0], res.secondTried[1] = ss.SecondTried()
				}
				results <- res // the collector drains until every worker ends
				if wctx.Err() != nil {
					return
				}
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()

	levels := len(g.kind.Ladder())
	for _, t := range g.kind.Ladder() {
		levels = max(levels, t.Level)
	}
	made := make([]int, levels+1)
	tried := make([][]int, g.jobs)
	secondTried := make([][2]int, g.jobs)
	seen := map[string]bool{}
	dups, total := 0, 0
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
	start := time.Now()
	var werr error
	for res := range results {
		tried[res.job] = res.tried
		secondTried[res.job] = res.secondTried
		if res.puzzle == nil || total >= g.count || werr != nil || ctx.Err() != nil {
			if bar != nil {
				bar.Describe("generating " + rankLine(made, sumTried(tried, levels)))
			}
			continue // a tally, or draining after the stop
		}
		c := res.puzzle.Canonical()
		if seen[c] {
			dups++
			continue
		}
		seen[c] = true
		if store != nil {
			if _, _, known, err := store.Known(context.WithoutCancel(ctx), g.kind.Name(), c); err != nil {
				werr = err
				cancel()
				continue
			} else if known {
				dups++
				continue
			}
		}
		text := genText(g, res, total+1)
		if err := out.put(res, text); err != nil {
			werr = err
			cancel()
			continue
		}
		total++
		made[res.rating.Rank]++
		if bar != nil {
			bar.Describe("generating " + rankLine(made, sumTried(tried, levels)))
			_ = bar.Add(1)
		}
		if total >= g.count {
			cancel()
		}
	}
	if bar != nil {
		_ = bar.Finish()
	}
	stored, cerr := out.close()
	if werr == nil {
		werr = cerr
	}
	elapsed := time.Since(start)
	fmt.Fprintf(e.stderr, "made %d of %d in %.1f s (%.1f/s), %d repeats of known puzzles skipped\n",
		total, g.count, elapsed.Seconds(), float64(total)/elapsed.Seconds(), dups)
	fmt.Fprintf(e.stderr, "by rank (made/tried): %s\n", rankLine(made, sumTried(tried, levels)))
	if g.erTarget {
		rated, kept := 0, 0
		for _, t := range secondTried {
			rated, kept = rated+t[0], kept+t[1]
		}
		fmt.Fprintf(e.stderr, "ER %s: %d of %d candidates rated in range\n", pencilbox.FormatERRange(g.erLo, g.erHi), kept, rated)
	}
	if store != nil {
		fmt.Fprintf(e.stderr, "stored %d in %s\n", stored, g.dbPath)
	}
	switch {
	case werr != nil:
		fmt.Fprintln(e.stderr, "pencilbox generate:", werr)
		return 2
	case total < g.count:
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

// sumTried adds up the workers' tallies.
func sumTried(tried [][]int, levels int) []int {
	sum := make([]int, levels+1)
	for _, t := range tried {
		for r, n := range t {
			if r < len(sum) {
				sum[r] += n
			}
		}
	}
	return sum
}

// rankLine is "1: 0/12, 2: 3/40, ..." over the ranks tried; candidates
// outside the other limits (index 0) are counted as "other".
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

// targetText says the target in words, for the stop message.
func targetText(g *genFlags) string {
	o := g.opt
	var parts []string
	if g.erTarget {
		parts = append(parts, "ER "+pencilbox.FormatERRange(g.erLo, g.erHi))
	}
	if o.MinRank > 0 {
		parts = append(parts, fmt.Sprintf("rank %d-%d", o.MinRank, o.MaxRank))
	}
	if o.MinClues > 0 || o.MaxClues > 0 {
		parts = append(parts, fmt.Sprintf("clues %d-%d", o.MinClues, o.MaxClues))
	}
	parts = append(parts, "symmetry "+string(o.Symmetry))
	return strings.Join(parts, ", ")
}

// genText is what a stored puzzle's source text records: how to make it
// again.
func genText(g *genFlags, res genResult, n int) string {
	return fmt.Sprintf("pencilbox generate --kind %s --seed %d %s (job %d, puzzle %d)",
		g.kind.Name(), g.seed, g.optsText, res.job, n)
}

// fileSink writes `rate` lines.
type fileSink struct {
	w *bufio.Writer
	f *os.File
}

func (s *fileSink) put(res genResult, _ string) error {
	line := formatRating(res.puzzle, res.rating, false)
	if sr := res.second; sr != nil {
		// The columns of rate --er: ER, EP, ED, technique ("-" when unrated).
		cols := "-\t-\t-\t-"
		if sr.Rated() {
			cols = engine.FormatTenths(sr.ER) + "\t" + engine.FormatTenths(sr.EP) + "\t" +
				engine.FormatTenths(sr.ED) + "\t" + sr.Technique
		}
		line = strings.TrimSuffix(line, "\n") + "\t" + cols + "\n"
	}
	if _, err := s.w.WriteString(line); err != nil {
		return err
	}
	// Flushed per puzzle: an interrupted run keeps every line made.
	return s.w.Flush()
}

func (s *fileSink) close() (int, error) {
	err := s.w.Flush()
	if s.f != nil {
		// Only a regular file is synced: -o /dev/null or a pipe cannot be.
		if fi, serr := s.f.Stat(); serr == nil && fi.Mode().IsRegular() {
			err = errors.Join(err, s.f.Sync())
		}
		err = errors.Join(err, s.f.Close())
	}
	return 0, err
}

// librarySink streams the puzzles as JSON Lines through the library's
// import pipeline, which rates, deduplicates and stores them in batches
// like any import (the job is listed with the others).
type librarySink struct {
	store   *db.DB
	g       *genFlags
	pw      *io.PipeWriter
	done    chan struct{}
	job     pencilbox.Job
	err     error
	canon   []string
	e       *env
	started time.Time
}

func newLibrarySink(store *db.DB, e *env, g *genFlags) *librarySink {
	pr, pw := io.Pipe()
	s := &librarySink{store: store, g: g, pw: pw, done: make(chan struct{}), e: e, started: time.Now()}
	go func() {
		defer close(s.done)
		// Not the command's context: what was made is stored even after
		// Ctrl-C or --time; the pipe's end finishes the import.
		opts := library.Options{Source: genSourceLabel, Format: "json", Tags: g.tags, Jobs: 1, Errors: e.stderr, Second: e.second}
		s.job, s.err = library.Import(db.AsGenerator(cliActor(context.Background(), e)), store, e.formats, []library.Input{{Name: "generate", R: pr}}, opts)
		pr.CloseWithError(s.err) // unblocks the writer if the import stopped early
	}()
	return s
}

func (s *librarySink) put(res genResult, text string) error {
	p := res.puzzle
	rec := importers.JSONRecord{Kind: p.Kind().Name(), Puzzle: p.Givens(), Note: text}
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	if _, err := s.pw.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	s.canon = append(s.canon, p.Canonical())
	return nil
}

func (s *librarySink) close() (int, error) {
	s.pw.Close()
	<-s.done
	if s.err != nil {
		return s.job.Imported, fmt.Errorf("store: %w", s.err)
	}
	if s.g.set == "" {
		return s.job.Imported, nil
	}
	ctx := cliActor(context.Background(), s.e) // the set gets what was stored, even after Ctrl-C
	var ids []int64
	for _, c := range s.canon {
		id, ok, err := s.store.PuzzleID(ctx, s.g.kind.Name(), c)
		if err != nil {
			return s.job.Imported, err
		}
		if ok {
			ids = append(ids, id)
		}
	}
	return s.job.Imported, s.store.AddToNamedSet(ctx, s.g.set, "generated", ids)
}
