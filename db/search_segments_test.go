package db_test

import (
	"context"
	"database/sql"
	"slices"
	"testing"

	"pencilbox"
)

// TestUpgradeMergesSearchSegments: a library whose text-search index was
// written by several transactions (a big import, then small imports and
// tag edits) is upgraded to an index of one segment, which a search
// probed per row opens once per probe instead of each segment's; searches
// find the same puzzles.
func TestUpgradeMergesSearchSegments(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name   string
		writes []string // each its own transaction, after oldLibrary's
		q      string
		want   []int64
	}{
		{"one write", nil, "book", []int64{1, 2}},
		{"a tag edit and a small import after", []string{
			`DELETE FROM search WHERE rowid = 2`,
			`DELETE FROM search WHERE rowid = 3`,
			`INSERT INTO search(rowid, body) VALUES(2, 'old book book.sdm weekend')`,
			`INSERT INTO search(rowid, body) VALUES(3, 'janko janko.tsv kids weekend')`,
		}, "weekend", []int64{2, 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := oldLibrary(t, 8)
			w, err := sql.Open("sqlite", "file:"+path)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range tc.writes {
				if _, err := w.ExecContext(ctx, s); err != nil {
					t.Fatalf("%s: %v", s, err)
				}
			}
			if n := segments(t, w); len(tc.writes) > 0 && n < 2 {
				t.Fatalf("the old library's index holds %d segment, want several (the case tests nothing)", n)
			}
			w.Close()
			d := mustOpenAt(t, path)
			if n := segments(t, d.R); n != 1 {
				t.Errorf("after the upgrade the index holds %d segments, want 1", n)
			}
			pg, err := d.Puzzles(ctx, pencilbox.Filter{Q: tc.q})
			if err != nil {
				t.Fatal(err)
			}
			var got []int64
			for _, p := range pg.Rows {
				got = append(got, p.ID)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("search %q: %v, want %v", tc.q, got, tc.want)
			}
		})
	}
}

// segments counts the text-search index's segments.
func segments(t *testing.T, r *sql.DB) int {
	t.Helper()
	var n int
	if err := r.QueryRow(`SELECT count(DISTINCT segid) FROM search_idx`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
