package db_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"pencilbox"
)

// TestOffset: a page with an Offset holds the matches from that position
// of the filter's order, under each plan (the per-rank merge included:
// "probes+dense" with a rank range sorted by score, clues or date), and
// its Next cursor goes on from there.
func TestOffset(t *testing.T) {
	for _, pl := range planLimits {
		t.Run(pl.name, func(t *testing.T) {
			testOffset(t, pl)
		})
	}
}

func testOffset(t *testing.T, pl planLimit) {
	ctx := context.Background()
	lib := newLibrary(t)
	defer lib.d.SetPlanLimits(pl.small, pl.dense)()
	const limit = 7
	for _, tc := range filterCases {
		for _, s := range sorts {
			for _, desc := range []bool{false, true} {
				fl := tc.f
				fl.Sort, fl.Desc, fl.Limit = s, desc, limit
				want := lib.want(fl)
				for _, off := range []int{0, 1, limit, len(want) - 1, len(want), len(want) + 3} {
					if off < 0 {
						continue
					}
					name := fmt.Sprintf("%s sort=%q desc=%v offset=%d", tc.name, s, desc, off)
					fl.Offset = off
					pg, err := lib.d.Puzzles(ctx, fl)
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					w := want[min(off, len(want)):min(off+limit, len(want))]
					if got := pageIDs(pg.Rows); !slices.Equal(got, w) {
						t.Errorf("%s:\n got %v\nwant %v", name, got, w)
					}
					if pg.Total != len(want) {
						t.Errorf("%s: Total %d, want %d", name, pg.Total, len(want))
					}
					if (pg.Next != "") != (off+limit < len(want)) {
						t.Errorf("%s: Next %q with %d matches", name, pg.Next, len(want))
					}
					if pg.Next == "" {
						continue
					}
					// the cursor goes on after the page, the offset not applied again
					next := fl
					next.Offset, next.After = 0, pg.Next
					pg, err = lib.d.Puzzles(ctx, next)
					if err != nil {
						t.Fatalf("%s: next page: %v", name, err)
					}
					w = want[off+limit : min(off+2*limit, len(want))]
					if got := pageIDs(pg.Rows); !slices.Equal(got, w) {
						t.Errorf("%s: next page:\n got %v\nwant %v", name, got, w)
					}
				}
			}
		}
	}
}

// TestEachOffset: Each skips Offset matches once, at the start.
func TestEachOffset(t *testing.T) {
	ctx := context.Background()
	lib := newLibrary(t)
	for _, f := range []pencilbox.Filter{
		{Offset: 10},
		{Sort: pencilbox.SortScore, Desc: true, Offset: 25, Limit: 20},
		{Kind: "akari", Sort: pencilbox.SortClues, Offset: 3},
		{Kind: "akari", Offset: nFixtures},
	} {
		var got []int64
		if err := lib.d.Each(ctx, f, func(p pencilbox.Puzzle) error { got = append(got, p.ID); return nil }); err != nil {
			t.Fatal(err)
		}
		want := lib.want(f)
		want = want[min(f.Offset, len(want)):]
		if f.Limit > 0 {
			want = want[:min(f.Limit, len(want))]
		}
		if !slices.Equal(got, want) {
			t.Errorf("Each(%+v):\n got %v\nwant %v", f, got, want)
		}
	}
}

func pageIDs(ps []pencilbox.Puzzle) []int64 {
	out := []int64{}
	for _, p := range ps {
		out = append(out, p.ID)
	}
	return out
}
