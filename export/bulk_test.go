package export_test

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/export"
)

// large is a library big enough for exports to read it in bulk: the
// sample library's puzzles stored again and again (each copy its own
// puzzle by a made-up canonical form), some with tags and a second
// source, all created in the same second.
func large(t *testing.T, n int) *db.DB {
	t.Helper()
	ctx := context.Background()
	src := seeded(t)
	var base []pencilbox.Puzzle
	if err := src.Each(ctx, pencilbox.Filter{}, func(p pencilbox.Puzzle) error { base = append(base, p); return nil }); err != nil {
		t.Fatal(err)
	}
	d := MustOpen(t)
	var batch []pencilbox.Entry
	for i := range n {
		p := base[i%len(base)]
		p.Canonical = fmt.Sprintf("%s#%d", p.Canonical, i)
		e := pencilbox.Entry{Puzzle: p, Tags: p.Tags,
			Source: pencilbox.Source{Label: fmt.Sprintf("file%d.txt", i%3), File: "x/file.txt", Line: i + 1, Text: p.Givens}}
		batch = append(batch, e)
		if i%7 == 0 { // a second source, listed after the first
			e.Source.Label, e.Source.Line = "again, \"quoted\"", i+2
			batch = append(batch, e)
		}
		if len(batch) >= 1000 || i == n-1 {
			if _, err := d.AddBatch(ctx, batch, nil); err != nil {
				t.Fatal(err)
			}
			batch = batch[:0]
		}
	}
	if _, err := d.W.ExecContext(ctx, `UPDATE puzzles SET created = 1700000000`); err != nil {
		t.Fatal(err)
	}
	return d
}

// TestBulkExport: a large export, read in spans on several connections,
// writes the same file, byte for byte, as the same puzzles read page by
// page (sorted by date, all equal, so in id order too), in every text
// format and with a limit.
func TestBulkExport(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a library of 25,000 puzzles")
	}
	ctx := context.Background()
	d := large(t, 25000)
	for _, tc := range []struct {
		format string
		kind   string
		limit  int
	}{
		{"csv", "sudoku", 0}, {"json", "", 0}, {"line", "sudoku", 0}, {"grid", "sudoku", 0},
		// url holds sudoku and akari, not killer: one kind each
		{"url", "sudoku", 0}, {"url", "akari", 0}, {"tatham", "akari", 0}, {"tatham", "killer", 0},
		{"cages", "killer", 0}, {"csv", "sudoku", 21000},
	} {
		t.Run(fmt.Sprintf("%s limit %d", tc.format, tc.limit), func(t *testing.T) {
			write := func(sort string) []byte {
				var buf bytes.Buffer
				f := pencilbox.Filter{Kind: tc.kind, Sort: sort}
				if _, err := export.Write(ctx, &buf, export.FilterSource{DB: d, Filter: f, Limit: tc.limit}, kinds, export.Options{Format: tc.format}); err != nil {
					t.Fatal(err)
				}
				return buf.Bytes()
			}
			bulk, paged := write(""), write(pencilbox.SortCreated)
			if !bytes.Equal(bulk, paged) {
				i := 0
				for i < min(len(bulk), len(paged)) && bulk[i] == paged[i] {
					i++
				}
				t.Fatalf("%d bytes in bulk, %d paged; first difference at %d:\n bulk %q\npaged %q", len(bulk), len(paged), i,
					bulk[max(0, i-80):min(len(bulk), i+80)], paged[max(0, i-80):min(len(paged), i+80)])
			}
		})
	}
}
