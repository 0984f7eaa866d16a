package db_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/engine"
)

// erLibrary stores 30 Sudoku with second ratings 1.0, 1.5, ... (two of
// each, one of them rank 3 and one rank 5), two without one (not rated,
// ER NULL) and an Akari, and returns the ratings by id.
func erLibrary(t *testing.T) (*db.DB, map[int64]float64) {
	t.Helper()
	d := MustOpen(t)
	var es []pencilbox.Entry
	for i := range 30 {
		er := float64(10+5*(i/2)) / 10
		es = append(es, pencilbox.Entry{Puzzle: pencilbox.Puzzle{Kind: "sudoku", Canonical: fmt.Sprint("c", i), Status: engine.Unique,
			Rank: 3 + 2*(i%2), Score: float64(i), Scales: [engine.ScaleSlots]float64{er, er, 1.0}, ScaleNote: "t", ScaleRated: true},
			Source: pencilbox.Source{Label: "s", File: "f", Line: i + 1}})
	}
	es = append(es,
		pencilbox.Entry{Puzzle: pencilbox.Puzzle{Kind: "sudoku", Canonical: "none1", Status: engine.Unique, Rank: 3, ScaleRated: true}, Source: pencilbox.Source{Label: "s", File: "f", Line: 31}},
		pencilbox.Entry{Puzzle: pencilbox.Puzzle{Kind: "sudoku", Canonical: "none2", Status: engine.Multiple, ScaleRated: true}, Source: pencilbox.Source{Label: "s", File: "f", Line: 32}},
		pencilbox.Entry{Puzzle: pencilbox.Puzzle{Kind: "akari", Canonical: "a", Status: engine.Unique, Rank: 3}, Source: pencilbox.Source{Label: "s", File: "f", Line: 33}})
	res, err := d.AddBatch(context.Background(), es, nil)
	if err != nil {
		t.Fatal(err)
	}
	ers := map[int64]float64{}
	for i, id := range res.IDs {
		ers[id] = es[i].Puzzle.Scales[0]
	}
	return d, ers
}

// TestERFilterAndSort: the ER range filter keeps exactly the puzzles in
// range (none without a rating), and the ER sort pages through every
// match in order by the cursor, on both plans (few matches sorted, many
// walked on the ER indexes, per rank too).
func TestERFilterAndSort(t *testing.T) {
	ctx := context.Background()
	d, ers := erLibrary(t)
	for _, dense := range []bool{false, true} {
		if dense {
			defer d.SetPlanLimits(1, 2)()
		}
		for _, tc := range []struct {
			name   string
			f      pencilbox.Filter
			lo, hi float64 // 0 = open
			all    bool    // unrated puzzles match too
		}{
			{name: "6.5-7.5", f: pencilbox.Filter{ScaleMin: 6.5, ScaleMax: 7.5}, lo: 6.5, hi: 7.5},
			{name: "7.0", f: pencilbox.Filter{ScaleMin: 7, ScaleMax: 7}, lo: 7, hi: 7},
			{name: "7-", f: pencilbox.Filter{ScaleMin: 7}, lo: 7},
			{name: "-4.5", f: pencilbox.Filter{ScaleMax: 4.5}, hi: 4.5},
			{name: "-4.5 rank 5 by score", f: pencilbox.Filter{ScaleMax: 4.5, RankMin: 5, RankMax: 5, Sort: pencilbox.SortScore}, hi: 4.5},
			{name: "sorted by er", f: pencilbox.Filter{Sort: pencilbox.SortScale}, all: true},
			{name: "sorted by er, desc", f: pencilbox.Filter{Sort: pencilbox.SortScale, Desc: true}, all: true},
			{name: "sudoku by er, 3-6", f: pencilbox.Filter{Kind: "sudoku", Sort: pencilbox.SortScale, ScaleMin: 3, ScaleMax: 6}, lo: 3, hi: 6},
			{name: "rank 3-5 by er desc", f: pencilbox.Filter{RankMin: 3, RankMax: 5, Sort: pencilbox.SortScale, Desc: true}, all: true},
		} {
			t.Run(fmt.Sprintf("%s dense=%v", tc.name, dense), func(t *testing.T) {
				f := tc.f
				f.Limit = 4
				var got []int64
				for {
					pg, err := d.Puzzles(ctx, f)
					if err != nil {
						t.Fatal(err)
					}
					for _, p := range pg.Rows {
						got = append(got, p.ID)
						if p.Scales[0] != ers[p.ID] {
							t.Errorf("puzzle %d read with ER %v, stored %v", p.ID, p.Scales[0], ers[p.ID])
						}
					}
					if pg.Next == "" {
						break
					}
					f.After = pg.Next
				}
				var want []int64
				for id := int64(1); id <= int64(len(ers)); id++ {
					er := ers[id]
					p, err := d.Puzzle(ctx, id)
					if err != nil {
						t.Fatal(err)
					}
					if tc.f.Kind != "" && p.Kind != tc.f.Kind || tc.f.RankMin > 0 && (p.Rank < tc.f.RankMin || p.Rank > tc.f.RankMax) {
						continue
					}
					if !tc.all && (er == 0 || tc.lo > 0 && er < tc.lo || tc.hi > 0 && er > tc.hi) {
						continue
					}
					want = append(want, id)
				}
				key := func(id int64) float64 {
					if tc.f.Sort == pencilbox.SortScale {
						return ers[id]
					}
					if tc.f.Sort == pencilbox.SortScore {
						p, _ := d.Puzzle(ctx, id)
						return p.Score
					}
					return 0
				}
				slices.SortStableFunc(want, func(a, b int64) int {
					// by ER: the rated first whichever the direction
					if ra, rb := ers[a] > 0, ers[b] > 0; tc.f.Sort == pencilbox.SortScale && ra != rb {
						if ra {
							return -1
						}
						return 1
					}
					c := 0
					switch ka, kb := key(a), key(b); {
					case ka < kb:
						c = -1
					case ka > kb:
						c = 1
					case a < b:
						c = -1
					case a > b:
						c = 1
					}
					if tc.f.Desc {
						c = -c
					}
					return c
				})
				if !slices.Equal(got, want) {
					t.Errorf("got %v\nwant %v", got, want)
				}
			})
		}
	}
}

// TestSecondHistogram: half-point bins of the stored ratings, none for the
// puzzles without one.
func TestSecondHistogram(t *testing.T) {
	d, _ := erLibrary(t)
	bins, err := d.SecondHistogram(context.Background(), "sudoku")
	if err != nil {
		t.Fatal(err)
	}
	// ratings 1.0, 1.5, ..., 8.0, two each: bins 2..16, two each.
	if len(bins) != 15 {
		t.Errorf("%d bins, want 15: %v", len(bins), bins)
	}
	for b := 2; b <= 16; b++ {
		if bins[b] != 2 {
			t.Errorf("bin %d (ER %.1f-): %d, want 2", b, float64(b)/2, bins[b])
		}
	}
}
