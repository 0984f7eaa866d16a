package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/export"
	"pencilbox/internal/stale"
)

// runExport is `pencilbox export`: the puzzles of a filter or a set as a
// PDF booklet or a text format. The file appears under its name only when
// complete. Exit status: 0 written, 1 a bad request (no puzzles match, an
// unknown set, a file that cannot be written), 2 bad flags or no database.
func runExport(e *env, args []string) int {
	fs := newFlags(e, "export")
	dbPath := fs.String("db", db.DefaultPath(e.getenv), "library database (default $PENCILBOX_DB or ./pencilbox.db)")
	format := fs.String("format", "", e.exportFormatNames()+" (required)")
	out := fs.String("o", "", "output file ('-' = stdout; required)")
	ff := addFilterFlags(e, fs, true)
	fs.Lookup("status").Usage += " (pdf: unique unless given)"
	fs.Lookup("sort").Usage = "order: rank, score, clues, created, er (default import order; pdf: rank then score)"
	set := fs.String("set", "", "export this set, in its order (filters are ignored)")
	limit := fs.Int("limit", 0, "at most N puzzles (pdf: the first N by rank then score)")
	shuffle := fs.String("shuffle", "", "pick at random with this seed (a number), reproducibly")
	var opt export.Options
	fs.StringVar(&opt.Paper, "paper", "A4", "pdf: A4 or Letter")
	fs.IntVar(&opt.PerPage, "per-page", 4, "pdf: puzzles a page (1, 2, 4 or 6)")
	fs.StringVar(&opt.Title, "title", "", "pdf: a title page with this title")
	fs.BoolVar(&opt.ShowIDs, "ids", false, "pdf: captions show the puzzle id and source")
	fs.BoolVar(&opt.Solutions, "solutions", true, "pdf: solutions at the back")
	fs.StringVar(&opt.Caption, "caption", export.CaptionStars, "pdf: captions rate by stars, er, both or none (the number alone)")
	images := fs.String("images", "", "pdf of a --set: \"printed\" prints its puzzles as the random images its newest publication printed (set publish --images), a date (YYYY-MM-DD) those of that day's; default as stored")
	labelFrom := fs.String("label-from", "", "pdf: label the puzzles with days from this date (2026-12-01: \"Tuesday 1 December\", then the next day...)")
	labels := fs.String("labels", "", "pdf: a file of labels, one line a puzzle in booklet order (an empty line: the --label-from day, or none)")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the export to this file")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(code int, err error) int {
		fmt.Fprintln(e.stderr, "pencilbox export:", err)
		return code
	}
	if fs.NArg() != 0 || *format == "" || *out == "" {
		fs.Usage()
		return 2
	}
	opt.Format = *format
	f, err := ff.filter()
	if err != nil {
		return fail(2, err)
	}
	if err := bookletLabels(&opt, *labelFrom, *labels); err != nil {
		return fail(2, err)
	}
	if v := e.getenv("SOURCE_DATE_EPOCH"); v != "" {
		// a reproducible booklet: the date the build system gives
		var sec int64
		if _, err := fmt.Sscan(v, &sec); err != nil {
			return fail(2, fmt.Errorf("SOURCE_DATE_EPOCH %q: want seconds since 1970", v))
		}
		opt.Created = time.Unix(sec, 0).UTC()
	}
	if *set != "" {
		// a set's booklet keeps the set's order unless --sort asks
		switch f.Sort {
		case "":
		case "rank", "score":
			opt.ByRank = true
		case pencilbox.SortScale:
			opt.ByScale = true
		default:
			return fail(2, fmt.Errorf("--sort %q with --set: a set's booklet is in the set's order, or by rank or a scale's key", f.Sort))
		}
	}
	if err := export.CheckPrintable(opt.Title); err != nil {
		return fail(2, fmt.Errorf("--title: %w", err))
	}
	if err := opt.Check(e.exports); err != nil {
		return fail(2, err)
	}
	if *limit < 0 {
		return fail(2, fmt.Errorf("--limit %d: want a count of puzzles (0 = no limit)", *limit))
	}
	if *images != "" && (*set == "" || opt.Format != "pdf") {
		return fail(2, fmt.Errorf("--images %q: only a set's booklet (--set NAME --format pdf) prints its publication's images", *images))
	}
	if ef, _ := e.exports.Lookup(opt.Format); *set == "" {
		if err := ef.CheckKind(f.Kind); err != nil {
			return fail(2, err)
		}
	}
	if _, err := os.Stat(*dbPath); err != nil {
		return fail(2, fmt.Errorf("no library at %s: %w", *dbPath, err))
	}
	store, err := db.Open(*dbPath, db.ScanReads())
	if err != nil {
		return fail(2, errors.New(describe(err, *dbPath)))
	}
	defer store.Close()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	// An export keeps a few parts of puzzles live while it allocates
	// every row's strings: at the default GOGC the collector runs all the
	// time; at 400 an export is faster for some more memory (figures in
	// docs/BENCHMARKS.md, Export).
	if e.getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(400))
	}
	var src export.Source
	if *set != "" {
		sets := db.SetStore{DB: store.W, R: store.R}
		si, ids, err := sets.ByName(ctx, *set)
		if err != nil {
			return fail(1, err)
		}
		if opt.Image, err = printedImages(ctx, sets, si, *images); err != nil {
			return fail(1, err)
		}
		src = export.SetSource{DB: store, IDs: ids, Limit: *limit}
	} else {
		fs := export.FilterSource{DB: store, Filter: f, Limit: *limit}
		if *shuffle != "" {
			var seed uint64
			if _, err := fmt.Sscan(*shuffle, &seed); err != nil {
				return fail(2, fmt.Errorf("--shuffle %q: want a number", *shuffle))
			}
			fs.Shuffle = &seed
		}
		src = fs
		opt.ByRank = f.Sort == "" && *shuffle == ""
	}
	if *cpuprofile != "" {
		stop, err := startProfile(*cpuprofile)
		if err != nil {
			return fail(2, err)
		}
		defer stop()
	}
	start := time.Now()
	n, err := writeAtomic(*out, e.stdout, func(w io.Writer) (int, error) {
		return export.Write(ctx, w, src, e.exports, opt)
	})
	if errors.Is(err, export.ErrNoPuzzles) {
		return fail(1, fmt.Errorf("no puzzles match; nothing written"))
	}
	if err != nil {
		return fail(1, errors.New(describe(err, *dbPath)))
	}
	// the audit log names every export, as the web's downloads
	detail := fmt.Sprintf("%s, %d puzzles, to %s (pencilbox export %s)", opt.Format, n, *out, strings.Join(args, " "))
	if err := (db.AuditStore{W: store.W}).Add(cliActor(ctx, e), db.ActionExport, detail); err != nil {
		return fail(1, fmt.Errorf("the export was written but not recorded in the audit log: %w", err))
	}
	if *out != "-" {
		fmt.Fprintf(e.stdout, "wrote %d puzzles to %s (%s) in %.1f s\n", n, *out, opt.Format, time.Since(start).Seconds())
	}
	return 0
}

// bookletLabels reads --label-from (a date) and --labels (a file of one
// label a line) into opt.
func bookletLabels(opt *export.Options, from, file string) error {
	if from != "" {
		t, err := time.Parse(time.DateOnly, from)
		if err != nil {
			return fmt.Errorf("--label-from %q: want a date as 2026-12-01", from)
		}
		opt.LabelFrom = t
	}
	if file == "" {
		return nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return fmt.Errorf("--labels: %w", err)
	}
	text := strings.TrimRight(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n")
	for i, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		if n := utf8.RuneCountInString(l); n > export.MaxLabel {
			return fmt.Errorf("%s line %d: a label of %d characters, at most %d fit a caption", file, i+1, n, export.MaxLabel)
		}
		if err := export.CheckPrintable(l); err != nil {
			return fmt.Errorf("%s line %d: %w", file, i+1, err)
		}
		opt.Labels = append(opt.Labels, l)
	}
	return nil
}

// writeAtomic writes to a temporary file beside path and renames it to
// path only when write succeeds, so a failed export never leaves a half
// file under the name. "-" writes to stdout.
func writeAtomic(path string, stdout io.Writer, write func(io.Writer) (int, error)) (int, error) {
	if path == "-" {
		return write(stdout)
	}
	dir := filepath.Dir(path)
	// The temporary file is named after this process: a run killed
	// (kill -9) before its rename leaves it behind, and the next export
	// to the same name removes it once its process is gone (or it is an
	// hour old).
	prefix := "." + filepath.Base(path) + "."
	_, _ = stale.Clean(dir, prefix, ".part", time.Now())
	tmp, err := os.CreateTemp(dir, stale.Pattern(prefix, ".part"))
	if err != nil {
		return 0, fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
	}
	n, err := write(tmp)
	if err == nil {
		// CreateTemp makes the file private; an export is an ordinary file
		err = tmp.Chmod(0o644)
	}
	if err == nil {
		// On disk before it takes the name: a crash after the rename
		// must not leave an empty or partial file there.
		if err = tmp.Sync(); err != nil {
			err = fmt.Errorf("write %s: %w", path, err)
		}
	}
	if cerr := tmp.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("write %s: %w", path, cerr)
	}
	if err == nil {
		if err = os.Rename(tmp.Name(), path); err != nil {
			err = fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
		}
	}
	if err != nil {
		os.Remove(tmp.Name())
		return n, err
	}
	return n, nil
}

// unwrapPath drops the temporary name from a path error.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// printedImages is the number that chose the random images of set si's
// publication named by which ("printed": the newest printed as images; a
// date: that day's), or 0 for "" and "stored".
func printedImages(ctx context.Context, sets db.SetStore, si pencilbox.Set, which string) (uint64, error) {
	if which == "" || which == "stored" {
		return 0, nil
	}
	pubs, err := sets.Publications(ctx, si.ID)
	if err != nil {
		return 0, err
	}
	for _, p := range slices.Backward(pubs) {
		if p.Image != 0 && (which == "printed" || which == p.Date) {
			return p.Image, nil
		}
	}
	if which == "printed" {
		return 0, fmt.Errorf("--images printed: set %q was never published as random images (set publish --images)", si.Name)
	}
	return 0, fmt.Errorf("--images %q: set %q has no publication on that day printed as random images (want printed, stored or a date it was published as images)", which, si.Name)
}
