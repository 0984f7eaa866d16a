package library

import (
	"context"
	"fmt"
	"strings"

	"pencilbox"
	"pencilbox/engine"
	"pencilbox/importers"
)

// analyse rates the record's puzzle and fills its entry, or says why the
// record is rejected.
func analyse(ctx context.Context, store pencilbox.LibraryStore, it *item, tags []string, second secondPass, solKeys bool) {
	if it.unreadable != "" {
		return
	}
	rec := it.rec
	if rec.Err != nil {
		it.bad = rec.Err.Error()
		return
	}
	if rec.Puzzle == nil {
		it.bad = "no puzzle in record"
		return
	}
	// The record's own tags (a tags column, a "# tags:" comment, a JSON
	// list) keep the limits the admin's tag form keeps.
	if len(rec.Tags) > 0 {
		if err := pencilbox.CheckTags(append(append([]string(nil), tags...), rec.Tags...)); err != nil {
			it.bad = err.Error()
			return
		}
	}
	p := rec.Puzzle
	canon := p.Canonical()
	var r engine.Rating
	known := false
	// A puzzle already in the library only needs its source recorded: the
	// writer counts it as a duplicate, so skip the rating. (Not when the
	// record gives a solution to check: the stored solution may belong to
	// another symmetric image of the puzzle.)
	if status, sol, ok, err := store.Known(ctx, p.Kind().Name(), canon); err == nil && ok && rec.Solution == "" {
		r = engine.Rating{Status: status, Solution: sol}
		known = true
	} else {
		r = p.Rate(false)
	}
	if rec.Solution != "" && r.Status == engine.Unique && clean(rec.Solution) != clean(r.Solution) {
		it.bad = fmt.Sprintf("the solution given does not match the puzzle's solution %s", r.Solution)
		return
	}
	if rec.Solution != "" && r.Status == engine.None {
		it.bad = "the source gives a solution but the puzzle has none"
		return
	}
	if r.Err != nil {
		it.gaveUp = fmt.Sprintf("%s (status %v, stored)", engine.GaveUp(r.Err), r.Status)
	}
	note := rec.Note
	if rec.Warning != "" {
		if note != "" {
			note += "; "
		}
		note += rec.Warning
	}
	it.entry = pencilbox.Entry{
		Puzzle: pencilbox.Puzzle{
			Kind:      p.Kind().Name(),
			Givens:    p.Givens(),
			Canonical: canon,
			Status:    r.Status,
			Solution:  r.Solution,
			Rank:      r.Rank,
			Score:     r.Score,
			Verdict:   r.Verdict,
			Clues:     p.Clues(),
			Width:     p.Width(),
			Height:    p.Height(),
			Note:      pencilbox.CutNote(note),
			Meta:      rec.Meta,
			Profile:   r.Profile,
		},
		Source: pencilbox.Source{Label: it.label, File: it.file, Line: rec.Line, Text: rec.Text},
		Tags:   tags,
	}
	if rs, ok := p.Kind().(engine.Resembler); ok && solKeys && !known && r.Status == engine.Unique {
		// A key that cannot be made leaves the puzzle without one: it is
		// stored all the same, only a generator cannot tell it is near.
		if k, err := rs.SolutionKey(p, r.Solution); err == nil {
			it.entry.SolutionKey = k
		}
	}
	if !known {
		second.rate(p, &it.entry.Puzzle)
	}
	if len(rec.Tags) > 0 {
		it.entry.Tags = append(append([]string(nil), tags...), rec.Tags...)
	}
	for _, s := range rec.Sources {
		it.entry.Origins = append(it.entry.Origins, pencilbox.Source{Label: s.Label, File: s.File, Line: s.Line, Text: s.Text})
	}
	it.rec = importers.Record{Line: rec.Line} // drop the parsed puzzle early
}

func clean(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '\r' || r == '\n' {
			return -1
		}
		return r
	}, s)
}
