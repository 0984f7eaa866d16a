package export

import (
	"context"
	"errors"
	"math/rand/v2"

	"pencilbox"
	"pencilbox/db"
)

// FilterSource exports the puzzles of a filter, in its order; Limit caps
// the count, and Shuffle (when set) picks Limit puzzles at random with
// that seed, reproducibly, in the shuffled order.
type FilterSource struct {
	DB      *db.DB
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

// chunk is how many puzzles travel together (one sources query each).
const chunk = 500

// Each streams the puzzles, attaching their sources when asked.
func (s FilterSource) Each(ctx context.Context, want Want, fn func(pencilbox.Puzzle) error) error {
	if s.Shuffle != nil {
		return s.shuffled(ctx, want, fn)
	}
	if s.ByRank {
		return s.byRank(ctx, want, fn)
	}
	// A large share of the library in id order is read in spans, on
	// several connections at once; the rest pages through the indexes.
	err := s.DB.Bulk(ctx, s.Filter, s.Limit, db.BulkOptions{Sources: want.Sources, Full: want.Full}, func(ps []pencilbox.Puzzle) error {
		for _, p := range ps {
			if err := fn(p); err != nil {
				return err
			}
		}
		return nil
	})
	if !errors.Is(err, db.ErrNotBulk) {
		return err
	}
	f := s.Filter
	f.After, f.Limit = "", s.Limit
	// Two stages on two cores: this goroutine reads the puzzles in
	// chunks; the other attaches their sources and writes them. SQLite's
	// decoding is most of an export's time, the sources a third of it.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	chunks := make(chan []pencilbox.Puzzle, 2)
	done := make(chan error, 1)
	go func() {
		var err error
		for buf := range chunks {
			if err != nil {
				continue // drain after a failure
			}
			if err = attach(ctx, s.DB, buf, want.Sources); err != nil {
				cancel()
				continue
			}
			for _, p := range buf {
				if err = fn(p); err != nil {
					cancel()
					break
				}
			}
		}
		done <- err
	}()
	buf := make([]pencilbox.Puzzle, 0, chunk)
	err = s.DB.Each(ctx, f, func(p pencilbox.Puzzle) error {
		buf = append(buf, p)
		if len(buf) == chunk {
			select {
			case chunks <- buf:
			case <-ctx.Done():
				return ctx.Err()
			}
			buf = make([]pencilbox.Puzzle, 0, chunk)
		}
		return nil
	})
	if err == nil && len(buf) > 0 {
		chunks <- buf
	}
	close(chunks)
	// The writer's error comes first: it is why the reader was cancelled.
	if werr := <-done; werr != nil {
		return werr
	}
	return err
}

// byRank yields the filter's puzzles rank by rank, each rank by score,
// Limit in all. Only puzzles with a unique solution are read this way;
// of those, a full grid needs no technique and has rank 0.
func (s FilterSource) byRank(ctx context.Context, want Want, fn func(pencilbox.Puzzle) error) error {
	lo, hi := max(1, s.Filter.RankMin), s.Filter.RankMax
	if hi == 0 {
		hi = db.MaxRank
	}
	left := s.Limit
	if s.Filter.RankMin == 0 {
		// Rank 0 is no filter bound: walk the rank order until the
		// first ranked puzzle.
		g := s
		g.ByRank, g.Limit = false, 0
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
	f.After, f.Limit, f.Sort, f.Desc = "", 0, pencilbox.SortID, false
	var ids []int64
	if err := s.DB.Each(ctx, f, func(p pencilbox.Puzzle) error { ids = append(ids, p.ID); return nil }); err != nil {
		return err
	}
	r := rand.New(rand.NewPCG(*s.Shuffle, 0x9e3779b97f4a7c15))
	r.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	if s.Limit > 0 && len(ids) > s.Limit {
		ids = ids[:s.Limit]
	}
	return byIDs(ctx, s.DB, ids, want, fn)
}

// SetSource exports a set's puzzles in the set's order (Limit caps them).
type SetSource struct {
	DB    *db.DB
	IDs   []int64 // the set's puzzle ids in order
	Limit int
}

func (s SetSource) Each(ctx context.Context, want Want, fn func(pencilbox.Puzzle) error) error {
	ids := s.IDs
	if s.Limit > 0 && len(ids) > s.Limit {
		ids = ids[:s.Limit]
	}
	return byIDs(ctx, s.DB, ids, want, fn)
}

// byIDs yields the puzzles of ids in that order (missing ids skipped).
func byIDs(ctx context.Context, d *db.DB, ids []int64, want Want, fn func(pencilbox.Puzzle) error) error {
	for len(ids) > 0 {
		part := ids[:min(len(ids), chunk)]
		ids = ids[len(part):]
		got := map[int64]pencilbox.Puzzle{}
		err := d.Each(ctx, pencilbox.Filter{IDs: part}, func(p pencilbox.Puzzle) error { got[p.ID] = p; return nil })
		if err != nil {
			return err
		}
		ordered := make([]pencilbox.Puzzle, 0, len(part))
		for _, id := range part {
			if p, ok := got[id]; ok {
				ordered = append(ordered, p)
			}
		}
		if err := attach(ctx, d, ordered, want.Sources); err != nil {
			return err
		}
		for _, p := range ordered {
			if err := fn(p); err != nil {
				return err
			}
		}
	}
	return nil
}

func attach(ctx context.Context, d *db.DB, ps []pencilbox.Puzzle, withSources bool) error {
	if !withSources || len(ps) == 0 {
		return nil
	}
	ids := make([]int64, len(ps))
	for i, p := range ps {
		ids[i] = p.ID
	}
	srcs, err := d.SourcesOf(ctx, ids)
	if err != nil {
		return err
	}
	for i := range ps {
		ps[i].Sources = srcs[ps[i].ID]
	}
	return nil
}
