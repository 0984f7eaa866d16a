package db_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"pencilbox"
	"pencilbox/engine"
)

// TestRanksAboveSixteen: a kind whose ladder is longer than any built in
// is listed whole. A rank range open above ("rank=15-"), sorted by score,
// finds its puzzles of rank 17 and 30 under every plan (the dense plan
// merges one walk per rank up to the highest stored).
func TestRanksAboveSixteen(t *testing.T) {
	ranks := []int{3, 15, 16, 17, 30}
	for _, pl := range planLimits {
		t.Run(pl.name, func(t *testing.T) {
			ctx := context.Background()
			d := MustOpen(t)
			defer d.SetPlanLimits(pl.small, pl.dense)()
			var entries []pencilbox.Entry
			for i, r := range ranks {
				entries = append(entries, pencilbox.Entry{Puzzle: pencilbox.Puzzle{Kind: "long", Givens: fmt.Sprint("g", i),
					Canonical: fmt.Sprint("c", i), Status: engine.Unique, Solution: "s", Rank: r, Score: float64(100 - r), Width: 1, Height: 1},
					Source: pencilbox.Source{Label: "t", File: "t.txt", Line: i + 1}})
			}
			if _, err := d.AddBatch(ctx, entries, nil); err != nil {
				t.Fatal(err)
			}
			for _, tc := range []struct {
				f    pencilbox.Filter
				want []int // ranks, in the page's order
			}{
				{pencilbox.Filter{RankMin: 15, Sort: pencilbox.SortScore}, []int{30, 17, 16, 15}},
				{pencilbox.Filter{RankMin: 17, Sort: pencilbox.SortClues, Desc: true}, []int{30, 17}}, // equal clues: by id, highest first
				{pencilbox.Filter{RankMin: 31, Sort: pencilbox.SortScore}, []int{}},
				{pencilbox.Filter{RankMax: 16, Sort: pencilbox.SortScore}, []int{16, 15, 3}},
			} {
				tc.f.Limit = 10
				pg, err := d.Puzzles(ctx, tc.f)
				if err != nil {
					t.Fatal(err)
				}
				got := []int{}
				for _, p := range pg.Rows {
					got = append(got, p.Rank)
				}
				if !slices.Equal(got, tc.want) {
					t.Errorf("%+v: ranks %v, want %v", tc.f, got, tc.want)
				}
			}
		})
	}
}
