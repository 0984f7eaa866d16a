package db_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/engine"
)

// nearlyAll is the size of commonTagLibrary: 400 puzzles, ids 1..400.
const nearlyAll = 400

// commonTagLibrary holds nearlyAll puzzles, every one tagged "common"
// except ids 7, 130, 250 and 381-400, and every sixth also "few". The
// blocks of 64 ids holding a puzzle without "common" (0, 2, 3, 5, 6) hold
// 271 puzzles. Ranks,
// scores, clues, dates and ER repeat, so every order has ties.
func commonTagLibrary(t *testing.T) *db.DB {
	t.Helper()
	ctx := context.Background()
	d := MustOpen(t)
	without := map[int]bool{7: true, 130: true, 250: true}
	for id := 381; id <= nearlyAll; id++ {
		without[id] = true
	}
	var es []pencilbox.Entry
	for i := range nearlyAll {
		id := i + 1
		p := pencilbox.Puzzle{Kind: "sudoku", Givens: fmt.Sprintf("g%d", id), Canonical: fmt.Sprintf("c%d", id),
			Status: engine.Unique, Solution: "s", Rank: 1 + i%8, Score: float64(i*37%50) / 4, Clues: 17 + i%9,
			Width: 9, Height: 9}
		if i%4 == 3 {
			p.Kind = "akari"
		}
		if i%3 != 0 {
			p.Scales[0], p.ScaleRated = float64(10+i*7%80)/10, true
		}
		var tags []string
		if !without[id] {
			tags = append(tags, "common")
		}
		if i%6 == 0 {
			tags = append(tags, "few")
		}
		es = append(es, pencilbox.Entry{Puzzle: p, Tags: tags,
			Source: pencilbox.Source{Label: "lib", File: "lib.txt", Line: id, Text: p.Givens}})
	}
	res, err := d.AddBatch(ctx, es, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Imported != nearlyAll {
		t.Fatalf("imported %d puzzles, want %d", res.Imported, nearlyAll)
	}
	for id := 1; id <= nearlyAll; id++ {
		if _, err := d.W.ExecContext(ctx, `UPDATE puzzles SET created = ? WHERE id = ?`, 1700000000+int64(id*11%30), id); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

// plainExcluding lists the ids of f's matches in f's order with the plain
// query: a NOT EXISTS per puzzle for each excluded tag, nothing planned.
// f may hold a kind, a rank and an ER range, a tag and excluded tags.
func plainExcluding(t *testing.T, d *db.DB, f pencilbox.Filter) []int64 {
	t.Helper()
	conds := []string{"1"}
	var args []any
	for _, tag := range f.TagNot {
		conds = append(conds, `NOT EXISTS (SELECT 1 FROM tags t WHERE t.puzzle_id = p.id AND t.tag = ?)`)
		args = append(args, tag)
	}
	if f.Tag != "" {
		conds = append(conds, `EXISTS (SELECT 1 FROM tags t WHERE t.puzzle_id = p.id AND t.tag = ?)`)
		args = append(args, f.Tag)
	}
	if f.Kind != "" {
		conds, args = append(conds, "p.kind = ?"), append(args, f.Kind)
	}
	if f.RankMin > 0 {
		conds, args = append(conds, "p.rank >= ?"), append(args, f.RankMin)
	}
	if f.RankMax > 0 {
		conds, args = append(conds, "p.rank <= ?"), append(args, f.RankMax)
	}
	if f.ScaleMin > 0 || f.ScaleMax > 0 {
		conds, args = append(conds, "coalesce(p.scale1, 0) >= ?"), append(args, max(f.ScaleMin, 0.05))
	}
	if f.ScaleMax > 0 {
		conds, args = append(conds, "coalesce(p.scale1, 0) <= ?"), append(args, f.ScaleMax)
	}
	dir := "ASC"
	if f.Desc {
		dir = "DESC"
	}
	col := map[string]string{pencilbox.SortID: "p.id", pencilbox.SortRank: "p.rank", pencilbox.SortScore: "p.score",
		pencilbox.SortClues: "p.clues", pencilbox.SortCreated: "p.created", pencilbox.SortScale: "coalesce(p.scale1, 0)"}[f.Sort]
	if f.Sort == pencilbox.SortScale {
		// the rated first whichever the direction (no kind named: none
		// pending), then those without a figure
		col = "(coalesce(p.scale1, 0) = 0) ASC, coalesce(p.scale1, 0)"
	}
	rows, err := d.R.Query(`SELECT p.id FROM puzzles p WHERE `+strings.Join(conds, " AND ")+
		` ORDER BY `+col+` `+dir+`, p.id `+dir, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return ids
}

// TestExcludeCommonTag: excluding a tag nearly every puzzle carries lists
// exactly the puzzles the plain query lists, in every order, from every
// offset and cursor, alone and with a kind, rank and ER range and other
// tags; the counts are theirs. Under "blocks" the planner reads the
// puzzles without the tag from the id blocks holding them
// (db/planner_except.go), also after tags change.
func TestExcludeCommonTag(t *testing.T) {
	for _, pl := range []struct {
		name         string
		small, dense int
		blocks       bool // the puzzles without "common" read from their blocks
	}{
		{"default", db.SmallSet, pencilbox.CountCap, false}, // the tag is small here: counted by subtraction
		{"blocks", 350, pencilbox.CountCap, true},
		{"blocks+dense", 350, 5, true},
		{"probes", 100, pencilbox.CountCap, false}, // the blocks hold too many: a probe per puzzle
		{"probes+dense", 0, 0, false},
	} {
		t.Run(pl.name, func(t *testing.T) {
			ctx := context.Background()
			d := commonTagLibrary(t)
			defer d.SetPlanLimits(pl.small, pl.dense)()
			check := func(stage string) {
				for _, tc := range []struct {
					name string
					f    pencilbox.Filter
				}{
					{"without common", pencilbox.Filter{TagNot: []string{"common"}}},
					{"without common or few", pencilbox.Filter{TagNot: []string{"common", "few"}}},
					{"few without common", pencilbox.Filter{Tag: "few", TagNot: []string{"common"}}},
					{"without common, sudoku", pencilbox.Filter{Kind: "sudoku", TagNot: []string{"common"}}},
					{"without common, rank 3-6", pencilbox.Filter{RankMin: 3, RankMax: 6, TagNot: []string{"common"}}},
					{"without common, rank 5", pencilbox.Filter{RankMin: 5, RankMax: 5, TagNot: []string{"common"}}},
					{"without common, rank 7-", pencilbox.Filter{RankMin: 7, TagNot: []string{"common"}}},
					{"without common, ER 2-6", pencilbox.Filter{ScaleMin: 2, ScaleMax: 6, TagNot: []string{"common"}}},
					{"without common, ER 5-", pencilbox.Filter{ScaleMin: 5, TagNot: []string{"common"}}},
					{"without common, sudoku rank 2-8 ER 1.5-", pencilbox.Filter{Kind: "sudoku", RankMin: 2, RankMax: 8, ScaleMin: 1.5, TagNot: []string{"common"}}},
					{"without few (a small tag)", pencilbox.Filter{TagNot: []string{"few"}}},
				} {
					if slices.Contains(tc.f.TagNot, "common") {
						by, err := d.ExcludesByBlocks(ctx, tc.f)
						if err != nil || by != pl.blocks {
							t.Errorf("%s %s: read from the blocks = %v, %v; want %v", stage, tc.name, by, err, pl.blocks)
						}
					}
					for _, s := range append(slices.Clone(sorts), pencilbox.SortScale) {
						for _, desc := range []bool{false, true} {
							f := tc.f
							f.Sort, f.Desc = s, desc
							name := fmt.Sprintf("%s %s sort=%q desc=%v", stage, tc.name, s, desc)
							checkExcluding(t, d, name, f, plainExcluding(t, d, f))
						}
					}
				}
			}
			check("as imported")
			// Tags change: a new puzzle without "common" in a block that had
			// none (300), another where there were (40), one given it back (390).
			for _, c := range []struct {
				id   int64
				tags []string
			}{{300, nil}, {40, []string{"few"}}, {390, []string{"common"}}} {
				if err := d.SetTags(ctx, c.id, c.tags); err != nil {
					t.Fatal(err)
				}
			}
			check("after tags changed")
		})
	}
}

// checkExcluding checks f's pages (from several offsets, and on by their
// cursors) and counts against want, the plain query's ids.
func checkExcluding(t *testing.T, d *db.DB, name string, f pencilbox.Filter, want []int64) {
	t.Helper()
	ctx := context.Background()
	const limit = 7
	f.Limit = limit
	for _, off := range []int{0, 1, limit, len(want) - 1, len(want), len(want) + 3} {
		if off < 0 {
			continue
		}
		fo := f
		fo.Offset = off
		pg, err := d.Puzzles(ctx, fo)
		if err != nil {
			t.Fatalf("%s offset %d: %v", name, off, err)
		}
		if got, w := pageIDs(pg.Rows), want[min(off, len(want)):min(off+limit, len(want))]; !slices.Equal(got, w) {
			t.Errorf("%s offset %d:\n got %v\nwant %v", name, off, got, w)
		}
		if pg.Total != len(want) || pg.More {
			t.Errorf("%s offset %d: Total %d (more %v), want %d", name, off, pg.Total, pg.More, len(want))
		}
	}
	if got := walk(t, d, f, limit); !slices.Equal(got, want) && len(got)+len(want) > 0 {
		t.Errorf("%s by cursor:\n got %v\nwant %v", name, got, want)
	}
	// A page with a count budget, as the list asks it.
	fb := f
	fb.CountBy = time.Now().Add(time.Minute)
	if pg, err := d.Puzzles(ctx, fb); err != nil || pg.Total != len(want) || pg.More {
		t.Errorf("%s with a count budget: Total %d (more %v), %v; want %d", name, pg.Total, pg.More, err, len(want))
	}
	for _, limit := range []int{0, 3} {
		w := len(want)
		if limit > 0 {
			w = min(w, limit+1)
		}
		if n, err := d.Count(ctx, f, limit); err != nil || n != w {
			t.Errorf("%s: Count(limit %d) = %d, %v; want %d", name, limit, n, err, w)
		}
	}
	ids, err := d.IDs(ctx, f, 0)
	if err != nil || !slices.Equal(ids, want) && len(ids)+len(want) > 0 {
		t.Errorf("%s: IDs = %v, %v; want %v", name, ids, err, want)
	}
}

// TestExcludeCommonTagCount: read from the blocks, a filter with more
// matches than the count cap says "more than" the cap on its pages, and
// the exact count when the page is given time to count (the list's
// "count them").
func TestExcludeCommonTagCount(t *testing.T) {
	ctx := context.Background()
	d := commonTagLibrary(t)
	defer d.SetPlanLimits(350, pencilbox.CountCap)()
	defer d.SetCountLimits(5, 8192)()
	for _, tc := range []struct {
		name string
		f    pencilbox.Filter
	}{
		{"without common", pencilbox.Filter{TagNot: []string{"common"}}},
		{"without common by score", pencilbox.Filter{TagNot: []string{"common"}, Sort: pencilbox.SortScore, Desc: true}},
		{"without common, rank 1-6", pencilbox.Filter{TagNot: []string{"common"}, RankMin: 1, RankMax: 6}},
	} {
		want := plainExcluding(t, d, tc.f)
		if len(want) <= 6 {
			t.Fatalf("%s: %d matches, the test needs more than the cap", tc.name, len(want))
		}
		if by, err := d.ExcludesByBlocks(ctx, tc.f); err != nil || !by {
			t.Fatalf("%s: read from the blocks = %v, %v", tc.name, by, err)
		}
		f := tc.f
		f.Limit = 3
		d.ForgetPlans() // a count kept from the case before
		pg, err := d.Puzzles(ctx, f)
		if err != nil || !pg.More || pg.Total != 5 || !slices.Equal(pageIDs(pg.Rows), want[:3]) {
			t.Errorf("%s: rows %v, Total %d, More %v, %v; want %v, more than 5", tc.name, pageIDs(pg.Rows), pg.Total, pg.More, err, want[:3])
		}
		f.CountBy = time.Now().Add(time.Minute)
		d.ForgetPlans()
		pg, err = d.Puzzles(ctx, f)
		if err != nil || pg.More || pg.Total != len(want) {
			t.Errorf("%s counted: Total %d, More %v, %v; want %d", tc.name, pg.Total, pg.More, err, len(want))
		}
	}
}
