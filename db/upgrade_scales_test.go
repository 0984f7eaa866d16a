package db_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/engine"
)

// TestUpgradeToScaleSlots builds, with plain SQL, a library as the binary
// before migration 00010 left it (every other migration applied, Sudoku's
// ER, EP, ED, technique and hypothesis in er, ep, ed, er_technique,
// er_rated and hypothesis: rated puzzles, a rated puzzle without an ER, an
// unrated one, an Akari without a scale, each verdict), opens it, and
// checks that every value is where the kind-neutral slots say and that the
// list's filters, sorts and the rating queue find them on the renamed
// indexes.
func TestUpgradeToScaleSlots(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	w, err := sql.Open("sqlite", "file:"+path+"?_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)")
	if err != nil {
		t.Fatal(err)
	}
	// 00160 reads the slots 00010 makes: a library without 00010 had it
	// neither.
	if err := db.MigrateAllBut(ctx, w, 10, 160); err != nil {
		t.Fatal(err)
	}
	type row struct {
		id         int64
		kind       string
		hyp        int
		er, ep, ed any
		tech       any
		rated      int
	}
	rows := []row{
		{1, "sudoku", 1, 7.2, 7.1, 2.6, "Forcing Chains", 1},
		{2, "sudoku", 2, 1.5, 1.5, 1.2, "Hidden Single", 1},
		{3, "sudoku", 0, nil, nil, nil, nil, 1}, // rated: gave up, no figures
		{4, "sudoku", 2, nil, nil, nil, nil, 0}, // not yet rated
		{5, "akari", 0, nil, nil, nil, nil, 1},
		{6, "sudoku", 1, 11.9, 11.9, 11.4, "Dynamic Forcing Chains (+)", 1},
		{7, "sudoku", 1, 2.0, 1.2, 1.2, "Naked Pair", 1},
	}
	for _, r := range rows {
		if _, err := w.ExecContext(ctx, `INSERT INTO puzzles(id, kind, givens, canonical, status, solution, rank, score, hypothesis,
			clues, width, height, note, meta, profile, created, er, ep, ed, er_technique, er_rated)
			VALUES(?, ?, ?, ?, 1, 's', ?, 1.5, ?, 20, 9, 9, '', '{}', '', 1600000000, ?, ?, ?, ?, ?)`,
			r.id, r.kind, "g", r.kind+string(rune('a'+r.id)), 1+r.id%7, r.hyp, r.er, r.ep, r.ed, r.tech, r.rated); err != nil {
			t.Fatal(err)
		}
	}
	w.Close()

	d := mustOpenAt(t, path)
	if s, err := d.IntegrityCheck(ctx); err != nil || s != "ok" {
		t.Fatalf("integrity_check = %q, %v", s, err)
	}
	f := func(v any) float64 {
		if v == nil {
			return 0
		}
		return v.(float64)
	}
	for _, r := range rows {
		p, err := d.Puzzle(ctx, r.id)
		if err != nil {
			t.Fatal(err)
		}
		tech, _ := r.tech.(string)
		want := [engine.ScaleSlots]float64{f(r.er), f(r.ep), f(r.ed)}
		if p.Scales != want || p.ScaleNote != tech || p.ScaleRated != (r.rated == 1) || p.Verdict != engine.Tri(r.hyp) {
			t.Errorf("puzzle %d after the upgrade: scales %v note %q rated %t verdict %v; it held %v/%v/%v %v rated %d hypothesis %d",
				r.id, p.Scales, p.ScaleNote, p.ScaleRated, p.Verdict, r.er, r.ep, r.ed, r.tech, r.rated, r.hyp)
		}
	}
	// NULL stays NULL: none became 0, which a bound would treat as a figure.
	var nulls int
	if err := d.R.QueryRowContext(ctx, `SELECT count(*) FROM puzzles WHERE scale1 IS NULL AND scale2 IS NULL AND scale3 IS NULL AND scale_note IS NULL`).Scan(&nulls); err != nil || nulls != 3 {
		t.Errorf("%d rows with every slot NULL (%v), want 3", nulls, err)
	}
	ids := func(fl pencilbox.Filter) []int64 {
		t.Helper()
		pg, err := d.Puzzles(ctx, fl)
		if err != nil {
			t.Fatal(err)
		}
		var out []int64
		for _, p := range pg.Rows {
			out = append(out, p.ID)
		}
		return out
	}
	for _, tc := range []struct {
		what string
		f    pencilbox.Filter
		want []int64
	}{
		{"scale 2.0-8", pencilbox.Filter{ScaleMin: 2, ScaleMax: 8}, []int64{1, 7}},
		{"scale 7- by scale desc", pencilbox.Filter{ScaleMin: 7, Sort: pencilbox.SortScale, Desc: true}, []int64{6, 1}},
		// the rated, then the pending (4), then those without a figure
		{"sudoku by scale", pencilbox.Filter{Kind: "sudoku", Sort: pencilbox.SortScale, SortKinds: []string{"sudoku"}}, []int64{2, 7, 1, 6, 4, 3}},
		{"verdict no", pencilbox.Filter{Verdict: engine.No}, []int64{2, 4}},
		{"verdict yes, scale -3", pencilbox.Filter{Verdict: engine.Yes, ScaleMax: 3}, []int64{7}},
	} {
		if got := ids(tc.f); !equalIDs(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.what, got, tc.want)
		}
	}
	if todo, err := d.Unrated(ctx, []string{"sudoku", "akari"}, 0, 10); err != nil || len(todo) != 1 || todo[0].ID != 4 {
		t.Errorf("unrated after the upgrade: %v, %v; want puzzle 4", todo, err)
	}
	// The old names are gone; the slots' indexes are there.
	for _, name := range []string{"puzzles_er", "puzzles_er_todo", "puzzles_hyp", "puzzles_er_score"} {
		var n int
		if err := d.R.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema WHERE name = ?`, name).Scan(&n); err != nil || n != 0 {
			t.Errorf("index %s after the upgrade: %d (%v)", name, n, err)
		}
	}
	for _, name := range []string{"puzzles_scale", "puzzles_scale_all", "puzzles_rank_scale", "puzzles_rank_scale_all",
		"puzzles_scale_score", "puzzles_scale_clues", "puzzles_scale_created", "puzzles_scale_todo", "puzzles_verdict"} {
		var n int
		if err := d.R.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name = ?`, name).Scan(&n); err != nil || n != 1 {
			t.Errorf("index %s after the upgrade: %d (%v)", name, n, err)
		}
	}
}

func equalIDs(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
