package library

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"

	"pencilbox"
	"pencilbox/engine"
	"pencilbox/internal/ordered"
)

// CheckOptions tune Check.
type CheckOptions struct {
	Jobs   int       // workers (0 = all cores)
	Fix    bool      // write the engine's analysis over mismatching rows
	Report io.Writer // each mismatch, as "puzzle ID: ..." (the first MaxReported)
	// Second are the kinds' second raters: their stored ratings are
	// checked too, and with Fix the puzzles not yet rated are filled
	// first (FillSecond), with a progress bar on Progress when not nil.
	Second   engine.SecondRaters
	Progress io.Writer
	// Queue, when set, is the rating queue Fix fills through (a pass of
	// it, under its lease: none while another process works the queue,
	// whose pending are left to it, CheckReport.QueueHeld); nil = a
	// fill of its own (FillSecond).
	Queue *RateQueue
}

// MaxReported is how many mismatches Check writes out; the rest are counted.
const MaxReported = 20

// CheckReport is what Check found.
type CheckReport struct {
	Integrity  string // PRAGMA integrity_check's verdict ("ok")
	Checked    int
	Mismatches int
	Fixed      int
	Filled     int // puzzles given their second rating before the check (Fix)
	// Pending counts the puzzles whose second rating the rating queue
	// has not given yet: not a mismatch (nothing stored is wrong), said
	// beside the count.
	Pending int
	// QueueHeld is the lease of the process that works the rating queue
	// when Fix left the pending to it (Holder "" when it did not).
	QueueHeld pencilbox.QueueLease
}

// Check verifies the database (integrity_check) and every stored analysis
// against the engine: status, solution, rank, score and profile, as after
// an engine change. It streams the library (memory bounded), rates on
// opts.Jobs workers, and with opts.Fix stores the engine's answers.
func Check(ctx context.Context, store pencilbox.LibraryStore, kinds engine.Registry, opts CheckOptions) (CheckReport, error) {
	var rep CheckReport
	var err error
	if rep.Integrity, err = store.IntegrityCheck(ctx); err != nil {
		return rep, err
	}
	if opts.Jobs <= 0 {
		opts.Jobs = runtime.GOMAXPROCS(0)
	}
	if opts.Report == nil {
		opts.Report = io.Discard
	}
	switch {
	case opts.Fix && opts.Queue != nil:
		var held *QueueHeldError
		rep.Filled, err = opts.Queue.Pass(ctx)
		if errors.As(err, &held) {
			rep.QueueHeld, err = held.Lease, nil
		}
	case opts.Fix:
		rep.Filled, err = FillSecond(ctx, store, kinds, opts.Second, FillOptions{Jobs: opts.Jobs, Progress: opts.Progress})
	}
	if err != nil {
		return rep, err
	}
	type result struct {
		fixed   pencilbox.Puzzle
		diff    string
		pending bool
	}
	var fixes []pencilbox.Puzzle
	var fixErr error
	// The mismatches are reported in id order, whatever the workers.
	err = ordered.Run(ctx, opts.Jobs, 8*opts.Jobs,
		func(push func(pencilbox.Puzzle) error) error {
			return store.Each(ctx, pencilbox.Filter{}, push)
		},
		func(_ context.Context, p pencilbox.Puzzle) result {
			fixed, diff := recheck(kinds, opts.Second, p)
			_, scaled := opts.Second[p.Kind]
			return result{fixed, diff, scaled && !p.ScaleRated}
		},
		func(r result) error {
			rep.Checked++
			if r.pending {
				rep.Pending++
			}
			if r.diff == "" {
				return nil
			}
			rep.Mismatches++
			if rep.Mismatches <= MaxReported {
				fmt.Fprintln(opts.Report, r.diff)
			}
			if opts.Fix && r.fixed.ID != 0 && fixErr == nil {
				fixes = append(fixes, r.fixed)
				if len(fixes) == 500 {
					fixErr = store.SetAnalysis(ctx, fixes)
					rep.Fixed += len(fixes)
					fixes = fixes[:0]
				}
			}
			return nil
		})
	if err != nil {
		return rep, err
	}
	if fixErr == nil && len(fixes) > 0 {
		fixErr = store.SetAnalysis(ctx, fixes)
		rep.Fixed += len(fixes)
	}
	if rep.Mismatches > MaxReported {
		fmt.Fprintf(opts.Report, "... and %d more mismatches\n", rep.Mismatches-MaxReported)
	}
	return rep, fixErr
}

// recheck rates p again and says how the stored analysis differs ("" if
// it does not); fixed carries the engine's analysis.
func recheck(kinds engine.Registry, second engine.SecondRaters, p pencilbox.Puzzle) (pencilbox.Puzzle, string) {
	k, err := kinds.Lookup(p.Kind)
	if err != nil {
		return pencilbox.Puzzle{}, fmt.Sprintf("puzzle %d: %v", p.ID, err)
	}
	ep, err := k.Parse(p.Givens)
	if err != nil {
		return pencilbox.Puzzle{}, fmt.Sprintf("puzzle %d: the stored givens no longer parse: %v", p.ID, err)
	}
	r := ep.Rate(false)
	fixed := p
	fixed.Status, fixed.Solution, fixed.Rank, fixed.Score, fixed.Verdict, fixed.Profile = r.Status, r.Solution, r.Rank, r.Score, r.Verdict, r.Profile
	var diffs []string
	if p.Status != r.Status {
		diffs = append(diffs, fmt.Sprintf("status stored %s, engine %s", p.Status, r.Status))
	}
	if p.Solution != r.Solution {
		diffs = append(diffs, "solution differs")
	}
	if p.Rank != r.Rank {
		diffs = append(diffs, fmt.Sprintf("rank stored %d, engine %d", p.Rank, r.Rank))
	}
	if p.Score != r.Score {
		diffs = append(diffs, fmt.Sprintf("score stored %g, engine %g", p.Score, r.Score))
	}
	if p.Verdict != r.Verdict {
		diffs = append(diffs, fmt.Sprintf("verdict stored %s, engine %s", p.Verdict, r.Verdict))
	}
	if a, b := engine.ProfileString(p.Profile), engine.ProfileString(r.Profile); a != b {
		diffs = append(diffs, fmt.Sprintf("profile stored %q, engine %q", a, b))
	}
	if sr, ok := second[p.Kind]; ok && p.ScaleRated {
		// a pending puzzle has nothing stored to check (CheckReport.Pending)
		rateSecond(sr, ep, &fixed)
		diffs = append(diffs, secondDiffs(sr.Scales(), p, fixed)...)
	}
	if len(diffs) == 0 {
		return fixed, ""
	}
	s := fmt.Sprintf("puzzle %d:", p.ID)
	for i, d := range diffs {
		if i > 0 {
			s += ";"
		}
		s += " " + d
	}
	return fixed, s
}

// secondDiffs says how the stored second rating of p differs from the
// rater's, in want, naming each figure by its declared scale.
func secondDiffs(scales []engine.Scale, p, want pencilbox.Puzzle) []string {
	var out []string
	for i, sc := range scales {
		show := func(v float64) string {
			if v == 0 {
				return "none"
			}
			return sc.Format(v)
		}
		if p.Scales[i] != want.Scales[i] {
			out = append(out, fmt.Sprintf("%s stored %s, engine %s", sc.Short, show(p.Scales[i]), show(want.Scales[i])))
		}
	}
	if p.ScaleNote != want.ScaleNote {
		note := "note"
		if len(scales) > 0 && scales[0].NoteName != "" {
			note = strings.ToLower(scales[0].NoteName)
		}
		out = append(out, fmt.Sprintf("%s stored %q, engine %q", note, p.ScaleNote, want.ScaleNote))
	}
	return out
}
