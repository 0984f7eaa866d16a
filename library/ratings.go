package library

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"pencilbox"
	"pencilbox/engine"
)

// MaxRatingsLine bounds one line of a ratings file (`pencilbox rate
// --er`'s output: a puzzle's notation and a few columns). A longer line
// refuses its file, named with its line: it is no rater's output.
const MaxRatingsLine = 256 << 10

// RatingsCheckShare: one line in this many of a ratings file, and at
// least one per file, is rated again here; a disagreement refuses the
// whole file (a runner with another engine version, a file edited by
// hand), so a wrong figure never reaches the library from it.
const RatingsCheckShare = 50

// RatingsOptions tune ImportRatings.
type RatingsOptions struct {
	// Errors receives each refused line as "FILE:LINE: reason" and each
	// refused file as "FILE: reason" (nil = discard).
	Errors io.Writer
	// Seed picks the lines rated again (0 = a random seed).
	Seed uint64
	// Share overrides RatingsCheckShare (tests: 1 rates every line again).
	Share int
}

// RatingsReport is what ImportRatings did.
type RatingsReport struct {
	Stored   int // puzzles given their second rating from the files
	Refused  int // lines refused: malformed, or a puzzle the library does not hold
	Checked  int // lines rated again (and agreeing, in the files stored)
	BadFiles int // files refused whole: unreadable, or a line rated again disagreed
}

// ErrRatingsRefused is wrapped by ImportRatings' error when some line or
// file was refused (each is named in Errors).
var ErrRatingsRefused = errors.New("some ratings were refused")

// ratingLine is one line of a ratings file, read.
type ratingLine struct {
	line   int
	givens string
	p      pencilbox.Puzzle // ID, Kind and the rating
	ep     engine.Puzzle
	cols   []string // the scale columns and the note, as written
}

// ImportRatings stores the second ratings of ratings files: the lines
// `pencilbox rate --er` prints (PUZZLE, STATUS, RANK, SCORE, VERDICT,
// PROFILE, one column per declared scale, the note; "-" where none), made
// by any job runner from `export --KEY pending --format line` split into
// files. Each line's puzzle must be one the library holds (by its
// canonical form); a line that is not, or is malformed, is refused and
// named. A random share of each file (RatingsCheckShare) is rated again
// with the thorough rater `rate --er` uses: a disagreement refuses the
// whole file. The rest is stored in batches, marked rated, whatever
// pending it was.
func ImportRatings(ctx context.Context, store pencilbox.LibraryStore, kinds engine.Registry, second engine.SecondRaters, inputs []Input, opts RatingsOptions) (RatingsReport, error) {
	var rep RatingsReport
	if opts.Errors == nil {
		opts.Errors = io.Discard
	}
	share := opts.Share
	if share <= 0 {
		share = RatingsCheckShare
	}
	seed := opts.Seed
	if seed == 0 {
		seed = rand.Uint64()
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	for _, in := range inputs {
		if in.Err != nil {
			fmt.Fprintf(opts.Errors, "%s: %v\n", in.Name, in.Err)
			rep.BadFiles++
			continue
		}
		lines, refused, err := readRatings(ctx, store, kinds, second, in, opts.Errors)
		rep.Refused += refused
		if err != nil {
			if ctx.Err() != nil {
				return rep, ctx.Err()
			}
			var fe *fileError
			if !errors.As(err, &fe) {
				return rep, err
			}
			fmt.Fprintf(opts.Errors, "%s\n", fe.msg)
			rep.BadFiles++
			continue
		}
		checked, bad := checkRatings(lines, second, rng, share)
		rep.Checked += checked
		if bad != "" {
			fmt.Fprintf(opts.Errors, "%s: %s; the file is refused, none of its %d lines stored\n", in.Name, bad, len(lines))
			rep.BadFiles++
			continue
		}
		for i := 0; i < len(lines); i += 1000 {
			batch := make([]pencilbox.Puzzle, 0, 1000)
			for _, l := range lines[i:min(i+1000, len(lines))] {
				batch = append(batch, l.p)
			}
			if err := store.SetSecond(ctx, batch); err != nil {
				return rep, err
			}
			rep.Stored += len(batch)
		}
	}
	if rep.Refused > 0 || rep.BadFiles > 0 {
		return rep, fmt.Errorf("%d lines and %d files refused: %w", rep.Refused, rep.BadFiles, ErrRatingsRefused)
	}
	return rep, nil
}

// fileError refuses a whole ratings file.
type fileError struct{ msg string }

func (e *fileError) Error() string { return e.msg }

// readRatings reads one file's lines: the good ones, and how many it
// refused (each named in errs).
func readRatings(ctx context.Context, store pencilbox.LibraryStore, kinds engine.Registry, second engine.SecondRaters, in Input, errs io.Writer) ([]ratingLine, int, error) {
	sc := bufio.NewScanner(in.R)
	sc.Buffer(make([]byte, 0, 64<<10), MaxRatingsLine)
	var out []ratingLine
	refused, n := 0, 0
	for sc.Scan() {
		n++
		if n%1000 == 0 && ctx.Err() != nil {
			return nil, refused, ctx.Err()
		}
		text := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		l, err := parseRating(ctx, store, kinds, second, text)
		if err != nil {
			if ctx.Err() != nil {
				return nil, refused, ctx.Err()
			}
			fmt.Fprintf(errs, "%s:%d: %v\n", in.Name, n, err)
			refused++
			continue
		}
		l.line = n
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, refused, &fileError{fmt.Sprintf("%s:%d: a line over %d KiB (library.MaxRatingsLine): not a ratings file; the file is refused", in.Name, n+1, MaxRatingsLine>>10)}
		}
		return nil, refused, &fileError{fmt.Sprintf("%s: %v; the file is refused", in.Name, err)}
	}
	return out, refused, nil
}

// parseRating reads one line of `rate --er` and finds its puzzle.
func parseRating(ctx context.Context, store pencilbox.LibraryStore, kinds engine.Registry, second engine.SecondRaters, text string) (ratingLine, error) {
	f := strings.Split(text, "\t")
	k := kinds.Detect(f[0])
	sr, ok := second[k.Name()]
	if !ok {
		return ratingLine{}, fmt.Errorf("a %s puzzle: its kind has no second scale", k.Name())
	}
	scales := sr.Scales()
	if want := 6 + len(scales) + 1; len(f) != want {
		return ratingLine{}, fmt.Errorf("%d tab-separated columns, want %d (the lines of pencilbox rate --er)", len(f), want)
	}
	ep, err := k.Parse(f[0])
	if err != nil {
		return ratingLine{}, fmt.Errorf("not a %s puzzle: %v", k.Name(), err)
	}
	id, ok, err := store.PuzzleID(ctx, k.Name(), ep.Canonical())
	if err != nil {
		return ratingLine{}, err
	}
	if !ok {
		return ratingLine{}, fmt.Errorf("a puzzle the library does not hold (import it first)")
	}
	l := ratingLine{givens: f[0], ep: ep, cols: f[6:], p: pencilbox.Puzzle{ID: id, Kind: k.Name(), ScaleRated: true}}
	unique := f[1] == engine.Unique.String()
	if _, err := engine.ParseStatus(f[1]); err != nil {
		return ratingLine{}, fmt.Errorf("status %q: %v", f[1], err)
	}
	none := true
	for _, c := range l.cols {
		if c != "-" {
			none = false
		}
	}
	if none {
		return l, nil // rated, no figure: not unique, or the rater gave up
	}
	if !unique {
		return ratingLine{}, fmt.Errorf("figures for a puzzle of status %s", f[1])
	}
	for i, sc := range scales {
		v, err := strconv.ParseFloat(l.cols[i], 64)
		if err != nil || v < sc.Min || v > sc.Max || sc.Format(v) != l.cols[i] {
			return ratingLine{}, fmt.Errorf("%s %q: want a figure from %s to %s with %d decimals", sc.Short, l.cols[i], sc.Format(sc.Min), sc.Format(sc.Max), sc.Decimals)
		}
		l.p.Scales[i] = sc.Round(v)
	}
	if l.p.Scales[0] <= 0 {
		return ratingLine{}, fmt.Errorf("%s %q: a rating is above 0", scales[0].Short, l.cols[0])
	}
	l.p.ScaleNote = l.cols[len(scales)]
	return l, nil
}

// checkRatings rates again one line in share of lines (at least one) with
// the thorough rater and says the first disagreement ("" when none), and
// how many it rated.
func checkRatings(lines []ratingLine, second engine.SecondRaters, rng *rand.Rand, share int) (int, string) {
	if len(lines) == 0 {
		return 0, ""
	}
	pick := map[int]bool{rng.IntN(len(lines)): true}
	for i := range lines {
		if rng.IntN(share) == 0 {
			pick[i] = true
		}
	}
	checked := 0
	for i, l := range lines {
		if !pick[i] {
			continue
		}
		checked++
		sr := engine.Thorough(second[l.p.Kind])
		scales := sr.Scales()
		want := make([]string, 0, len(scales)+1)
		if r := l.ep.Rate(false); r.Status == engine.Unique {
			sec := sr.RateSecond(l.ep, false)
			for j, sc := range scales {
				if sec.Rated() {
					want = append(want, sc.Format(sec.Values[j]))
				} else {
					want = append(want, "-")
				}
			}
			want = append(want, map[bool]string{true: sec.Note, false: "-"}[sec.Rated()])
		} else {
			for range len(scales) + 1 {
				want = append(want, "-")
			}
		}
		if got := strings.Join(l.cols, "\t"); got != strings.Join(want, "\t") {
			return checked, fmt.Sprintf("line %d rated again here gives %q, the file says %q", l.line, strings.Join(want, " "), strings.Join(l.cols, " "))
		}
	}
	return checked, ""
}
