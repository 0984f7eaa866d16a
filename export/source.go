package export

import (
	"context"
	"errors"
	"math/rand/v2"

	"pencilbox"
)

// FilterSource exports the puzzles of a filter, in its order; Limit caps
// the count, and Shuffle (when set) picks Limit puzzles at random with
// that seed, reproducibly, in the shuffled order.
type FilterSource struct {
	DB      pencilbox.BulkReader
	Filter  pencilbox.Filter
	Limit   int
	Shuffle *uint64
	// ByRank reads the filter rank by rank, each by score: the booklet
	// order, so Limit keeps the easiest puzzles, not the first ids.
	ByRank bool
}

// BookletFilter is the filter a PDF booklet reads for f: a booklet is for
// solving, so without a status asked it takes the puzzles with a unique
// solution. (The admin counts it before exporting.)
func BookletFilter(f pencilbox.Filter) pencilbox.Filter {
	if f.Status == "" {
		f.Status = "unique"
	}
	return f
}

// forBooklet is the source of a PDF booklet: BookletFilter's puzzles, in
// rank then score order when byRank.
func (s FilterSource) forBooklet(byRank bool) Source {
	s.Filter = BookletFilter(s.Filter)
	s.ByRank = byRank && s.Shuffle == nil && s.Filter.Status == "unique"
	return s
}

// Each streams the puzzles (BulkReader.Bulk: read in parts on several
// connections, in order).
func (s FilterSource) Each(ctx context.Context, want Want, fn func(pencilbox.Puzzle) error) error {
	if s.Shuffle != nil {
		return s.shuffled(ctx, want, fn)
	}
	if s.ByRank {
		return s.byRank(ctx, want, fn)
	}
	return s.DB.Bulk(ctx, s.Filter, s.Limit, want, each(fn))
}

// each calls fn for every puzzle of a part.
func each(fn func(pencilbox.Puzzle) error) func([]pencilbox.Puzzle) error {
	return func(ps []pencilbox.Puzzle) error {
		for _, p := range ps {
			if err := fn(p); err != nil {
				return err
			}
		}
		return nil
	}
}

// byRank yields the filter's puzzles rank by rank, each rank by score,
// Limit in all. Only puzzles with a unique solution are read this way;
// of those, a full grid needs no technique and has rank 0.
func (s FilterSource) byRank(ctx context.Context, want Want, fn func(pencilbox.Puzzle) error) error {
	lo, hi := max(1, s.Filter.RankMin), s.Filter.RankMax
	if hi == 0 {
		top, err := s.DB.TopRank(ctx)
		if err != nil {
			return err
		}
		hi = top
	}
	left := s.Limit
	if s.Filter.RankMin == 0 {
		// Rank 0 is no filter bound: walk the rank order until the
		// first ranked puzzle (the limit, kept, bounds the ids read).
		g := s
		g.ByRank = false
		g.Filter.Sort, g.Filter.Desc = pencilbox.SortRank, false
		err := g.Each(ctx, want, func(p pencilbox.Puzzle) error {
			if p.Rank > 0 || s.Limit > 0 && left == 0 {
				return errRanked
			}
			left--
			return fn(p)
		})
		if err != nil && !errors.Is(err, errRanked) {
			return err
		}
		if s.Limit > 0 && left <= 0 {
			return nil
		}
	}
	for r := lo; r <= hi; r++ {
		g := s
		g.ByRank = false
		g.Filter.RankMin, g.Filter.RankMax = r, r
		g.Filter.Sort, g.Filter.Desc = pencilbox.SortScore, false
		g.Limit = left
		n := 0
		if err := g.Each(ctx, want, func(p pencilbox.Puzzle) error { n++; return fn(p) }); err != nil {
			return err
		}
		if s.Limit > 0 {
			if left -= n; left <= 0 {
				return nil
			}
		}
	}
	return nil
}

// errRanked ends byRank's walk of the unranked puzzles.
var errRanked = errors.New("ranked puzzles reached")

// shuffled reads the matching ids (8 bytes each), shuffles them with the
// seed, keeps Limit and fetches those puzzles in the shuffled order.
func (s FilterSource) shuffled(ctx context.Context, want Want, fn func(pencilbox.Puzzle) error) error {
	f := s.Filter
	f.Sort, f.Desc = pencilbox.SortID, false
	ids, err := s.DB.IDs(ctx, f, 0)
	if err != nil {
		return err
	}
	r := rand.New(rand.NewPCG(*s.Shuffle, 0x9e3779b97f4a7c15))
	r.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	if s.Limit > 0 && len(ids) > s.Limit {
		ids = ids[:s.Limit]
	}
	return s.DB.BulkIDs(ctx, ids, want, each(fn))
}

// SetSource exports a set's puzzles in the set's order (Limit caps them).
type SetSource struct {
	DB    pencilbox.BulkReader
	IDs   []int64 // the set's puzzle ids in order
	Limit int
}

func (s SetSource) Each(ctx context.Context, want Want, fn func(pencilbox.Puzzle) error) error {
	ids := s.IDs
	if s.Limit > 0 && len(ids) > s.Limit {
		ids = ids[:s.Limit]
	}
	return s.DB.BulkIDs(ctx, ids, want, each(fn))
}
