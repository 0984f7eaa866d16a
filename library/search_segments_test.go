package library_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/library"
)

// searchSegments is how many segments the library's text-search index
// holds: a search probed per row opens each at every probe.
func searchSegments(t *testing.T, d *db.DB) int {
	t.Helper()
	var n int
	if err := d.R.QueryRow(`SELECT count(DISTINCT segid) FROM search_idx`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestImportLeavesOneSearchSegment: however small, an import leaves the
// text-search index in one segment, as a new puzzle, a new source of a
// stored one and a tagged re-import each write rows in their own
// transactions; searches find the same puzzles.
func TestImportLeavesOneSearchSegment(t *testing.T) {
	ctx := context.Background()
	d := MustOpen(t)
	for _, step := range []struct {
		name, file, text string
		tags             []string
		q                string
		want             int // puzzles the search finds
	}{
		{"first puzzle", "first.sdm", hard + "\n", nil, "first", 1},
		{"a second puzzle", "second.sdm", empty + "\n", nil, "second", 1},
		{"the first again from another file", "again.sdm", image(t) + "\n", nil, "again first", 1},
		{"both again, tagged", "both.sdm", hard + "\n" + empty + "\n", []string{"weekend"}, "weekend", 2},
	} {
		t.Run(step.name, func(t *testing.T) {
			_, err := library.Import(ctx, d, registry(), []library.Input{{Name: step.file, R: strings.NewReader(step.text)}},
				library.Options{Tags: step.tags, Jobs: 1})
			if err != nil {
				t.Fatal(err)
			}
			if n := searchSegments(t, d); n != 1 {
				t.Errorf("the search index holds %d segments after the import, want 1", n)
			}
			pg, err := d.Puzzles(ctx, pencilbox.Filter{Q: step.q})
			if err != nil {
				t.Fatal(err)
			}
			if len(pg.Rows) != step.want {
				t.Errorf("search %q finds %d puzzles, want %d", step.q, len(pg.Rows), step.want)
			}
			for _, p := range pg.Rows {
				if step.tags != nil && !slices.Contains(p.Tags, step.tags[0]) {
					t.Errorf("puzzle %d found by %q has tags %v", p.ID, step.q, p.Tags)
				}
			}
		})
	}
}
