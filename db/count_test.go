package db_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"pencilbox"
)

// TestCountBudget: a page counts its matches exactly when it has the time
// (Filter.CountBy), else says "more than N" with N below the true count,
// and its rows are the same either way. The count cap and the big-search
// walk's step are lowered so the fixtures' 90 puzzles take every path: a
// plain count, and a text search over SmallSet (here 0) walked step by
// step beside a big rest. No case depends on how fast the machine is: the
// budgets are a minute ahead or already past.
func TestCountBudget(t *testing.T) {
	ctx := context.Background()
	lib := newLibrary(t)
	defer lib.d.SetPlanLimits(0, 3)()
	defer lib.d.SetCountLimits(3, 2)()
	for _, tc := range []struct {
		name string
		f    pencilbox.Filter
	}{
		{"all", pencilbox.Filter{}},
		{"rank", pencilbox.Filter{RankMin: 2}},
		{"big search and big rest", pencilbox.Filter{Q: "note", RankMin: 2}},
		{"big search alone", pencilbox.Filter{Q: "word"}},
		{"big search, by clues", pencilbox.Filter{Q: "note", CluesMin: 18, Sort: pencilbox.SortClues}},
		{"rank range by rank", pencilbox.Filter{RankMin: 2, Sort: pencilbox.SortRank, Desc: true}},
		{"big search, rank range by rank", pencilbox.Filter{Q: "note", RankMin: 2, RankMax: 7, Sort: pencilbox.SortRank}},
	} {
		want := lib.want(tc.f)
		if len(want) <= 10 {
			t.Fatalf("%s: %d matches; the case needs more than a page", tc.name, len(want))
		}
		for _, budget := range []struct {
			name  string
			by    time.Time
			exact bool
		}{
			{"no budget", time.Time{}, false},
			{"budget past", time.Now().Add(-time.Second), false},
			{"a minute", time.Now().Add(time.Minute), true},
		} {
			t.Run(tc.name+"/"+budget.name, func(t *testing.T) {
				lib.d.ForgetPlans()
				f := tc.f
				f.Limit, f.CountBy = 10, budget.by
				var got []int64
				var first pencilbox.Page
				for i := 0; ; i++ {
					pg, err := lib.d.Puzzles(ctx, f)
					if err != nil {
						t.Fatal(err)
					}
					if i == 0 {
						first = pg
					}
					for _, p := range pg.Rows {
						got = append(got, p.ID)
					}
					if pg.Next == "" {
						break
					}
					f.After = pg.Next
				}
				if !slices.Equal(got, want) {
					t.Errorf("ids %v\nwant %v", got, want)
				}
				switch {
				case budget.exact && (first.More || first.Total != len(want)):
					t.Errorf("Total %d More %v, want %d exact", first.Total, first.More, len(want))
				case !budget.exact && (!first.More || first.Total >= len(want) || first.Total < 3):
					t.Errorf("Total %d More %v, want more than 3 to %d", first.Total, first.More, len(want)-1)
				}
			})
		}
	}
}

// TestCountKept: the exact count a page made is the next pages' too,
// even those asked without a budget.
func TestCountKept(t *testing.T) {
	ctx := context.Background()
	lib := newLibrary(t)
	defer lib.d.SetCountLimits(3, 2)()
	want := len(lib.want(pencilbox.Filter{}))
	pg, err := lib.d.Puzzles(ctx, pencilbox.Filter{Limit: 10, CountBy: time.Now().Add(time.Minute)})
	if err != nil || pg.Total != want || pg.More {
		t.Fatalf("first page: Total %d More %v %v, want %d", pg.Total, pg.More, err, want)
	}
	pg, err = lib.d.Puzzles(ctx, pencilbox.Filter{Limit: 10, After: pg.Next})
	if err != nil || pg.Total != want || pg.More {
		t.Errorf("next page: Total %d More %v %v, want %d", pg.Total, pg.More, err, want)
	}
}

// TestCountOutOfTimeWalksSortIndex: a filter bounding its own sort key
// (a rank range by rank) beside a big text search, whose count (a probe
// per row of a small rest) has no time left, is still paged right, its
// count a lower bound; with no budget given it is counted in full.
func TestCountOutOfTimeWalksSortIndex(t *testing.T) {
	ctx := context.Background()
	lib := newLibrary(t)
	defer lib.d.SetPlanLimits(0, pencilbox.CountCap)()
	defer lib.d.SetCountLimits(1000, 2)() // every rest is small
	f := pencilbox.Filter{Q: "note", RankMin: 2, Sort: pencilbox.SortRank}
	want := lib.want(f)
	if len(want) <= 10 {
		t.Fatalf("%d matches; the case needs more than a page", len(want))
	}
	for _, by := range []time.Time{{}, time.Now().Add(-time.Second)} {
		lib.d.ForgetPlans()
		g := f
		g.Limit, g.CountBy = 10, by
		var got []int64
		var first pencilbox.Page
		for i := 0; ; i++ {
			pg, err := lib.d.Puzzles(ctx, g)
			if err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				first = pg
			}
			for _, p := range pg.Rows {
				got = append(got, p.ID)
			}
			if pg.Next == "" {
				break
			}
			g.After = pg.Next
		}
		if !slices.Equal(got, want) {
			t.Errorf("CountBy %v: ids %v\nwant %v", by, got, want)
		}
		exact := by.IsZero()
		if exact && (first.More || first.Total != len(want)) || !exact && (!first.More || first.Total >= len(want)) {
			t.Errorf("CountBy %v: Total %d More %v, want %d matches counted: %v", by, first.Total, first.More, len(want), exact)
		}
	}
}
