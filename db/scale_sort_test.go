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

// TestScaleSortGroups (issue 34): a sort on the first scale lists the
// rated by their figure, then the pending (the queue has not rated them),
// then those without a figure (nothing to rate, the rater gave up,
// another kind), whichever the direction, the two last in id order in
// it: pending is never mixed with "no figure". It holds page by page by
// the cursor (pages of 1, 3 and 50, every boundary between groups), at
// every numbered offset, for Each and for IDs (a page's ids and the
// whole sort), on both plans, for a kind chosen and for none, and with
// a filter beside the sort.
func TestScaleSortGroups(t *testing.T) {
	ctx := context.Background()
	d := MustOpen(t)
	var es []pencilbox.Entry
	src := func(i int) pencilbox.Source { return pencilbox.Source{Label: "s", File: "f", Line: i + 1} }
	group := map[int64]int{} // 0 rated, 1 pending, 2 none
	fig := map[int64]float64{}
	for i := range 40 {
		p := pencilbox.Puzzle{Kind: "sudoku", Canonical: fmt.Sprint("c", i), Status: engine.Unique, Rank: 1 + i%4, Note: fmt.Sprint("n", i%2)}
		g := []int{0, 1, 0, 2, 1, 0, 1}[i%7]
		switch {
		case i%10 == 9:
			p.Kind, g = "akari", 2 // another kind: its flag is 0, never pending
		case g == 0:
			er := float64(10+(i*7)%50) / 10 // ties on purpose
			p.Scales, p.ScaleNote, p.ScaleRated = [engine.ScaleSlots]float64{er, 1, 1}, "t", true
			fig[int64(i+1)] = er
		case g == 2:
			p.ScaleRated = true // nothing to rate
			if i%2 == 0 {
				p.Status = engine.Multiple
			}
		}
		group[int64(i+1)] = g
		es = append(es, pencilbox.Entry{Puzzle: p, Source: src(i)})
	}
	if _, err := d.AddBatch(ctx, es, nil); err != nil {
		t.Fatal(err)
	}
	want := func(f pencilbox.Filter) []int64 {
		var ids []int64
		for id := int64(1); id <= int64(len(es)); id++ {
			p := es[id-1].Puzzle
			if f.Kind != "" && p.Kind != f.Kind || f.Q != "" && p.Note != f.Q || f.RankMin > 0 && p.Rank < f.RankMin {
				continue
			}
			ids = append(ids, id)
		}
		slices.SortStableFunc(ids, func(a, b int64) int {
			if group[a] != group[b] {
				return group[a] - group[b]
			}
			c := 0
			switch {
			case fig[a] < fig[b]:
				c = -1
			case fig[a] > fig[b]:
				c = 1
			case a < b:
				c = -1
			case a > b:
				c = 1
			}
			if f.Desc {
				c = -c
			}
			return c
		})
		return ids
	}
	for _, limits := range [][2]int{{db.SmallSet, pencilbox.CountCap}, {0, 0}, {2, 3}} {
		restore := d.SetPlanLimits(limits[0], limits[1])
		for _, base := range []pencilbox.Filter{{}, {Kind: "sudoku"}, {Q: "n1"}, {Kind: "sudoku", RankMin: 2}} {
			for _, desc := range []bool{false, true} {
				f := base
				f.Sort, f.Desc, f.SortKinds = pencilbox.SortScale, desc, []string{"sudoku"}
				w := want(f)
				name := fmt.Sprintf("limits %v kind %q q %q rank %d desc %v", limits, f.Kind, f.Q, f.RankMin, desc)
				for _, limit := range []int{1, 3, 50} {
					if got := walk(t, d, f, limit); !slices.Equal(got, w) {
						t.Errorf("%s, pages of %d:\n got %v\nwant %v", name, limit, got, w)
					}
				}
				for off := 0; off <= len(w); off++ {
					g := f
					g.Offset, g.Limit = off, 3
					pg, err := d.Puzzles(ctx, g)
					if err != nil {
						t.Fatal(err)
					}
					var got []int64
					for _, p := range pg.Rows {
						got = append(got, p.ID)
					}
					if end := min(off+3, len(w)); !slices.Equal(got, w[off:end]) {
						t.Errorf("%s, offset %d: %v, want %v", name, off, got, w[off:end])
					}
				}
				var each []int64
				if err := d.Each(ctx, f, func(p pencilbox.Puzzle) error { each = append(each, p.ID); return nil }); err != nil || !slices.Equal(each, w) {
					t.Errorf("%s, Each: %v (%v)\nwant %v", name, each, err, w)
				}
				for _, limit := range []int{5, 0} {
					ids, err := d.IDs(ctx, f, limit)
					wl := w
					if limit > 0 {
						wl = w[:min(limit, len(w))]
					}
					if err != nil || !slices.Equal(ids, wl) {
						t.Errorf("%s, IDs up to %d: %v (%v)\nwant %v", name, limit, ids, err, wl)
					}
				}
			}
		}
		restore()
	}
}
