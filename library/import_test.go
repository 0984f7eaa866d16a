package library_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/engine"
	"pencilbox/importers"
	"pencilbox/kinds/akari"
	akariimp "pencilbox/kinds/akari/formats"
	"pencilbox/kinds/killer"
	killerimp "pencilbox/kinds/killer/formats"
	"pencilbox/kinds/nonogram"
	nonogramimp "pencilbox/kinds/nonogram/formats"
	"pencilbox/kinds/slitherlink"
	slitherimp "pencilbox/kinds/slitherlink/formats"
	"pencilbox/kinds/sudoku"
	sudokuimp "pencilbox/kinds/sudoku/formats"
	"pencilbox/library"
)

// kinds are the kinds whose puzzles the bundled sample holds.
var kinds = engine.Registry{sudoku.Kind{}, nonogram.Kind{}, akari.Kind{}, killer.Kind{}, slitherlink.Kind{}}

func registry() importers.Registry {
	return importers.NewRegistry(kinds, sudokuimp.Formats(), nonogramimp.Formats(), akariimp.Formats(), killerimp.Formats(), slitherimp.Formats())
}

// MustOpen opens a new database in a test folder.
func MustOpen(t *testing.T) *db.DB {
	t.Helper()
	d, err := db.Open(filepath.Join(t.TempDir(), "lib.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

const (
	hard  = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	empty = "................................................................................."
)

// image is hard under a symmetry: the same puzzle to the library.
func image(t *testing.T) string {
	g, err := sudoku.ParseLine(hard)
	if err != nil {
		t.Fatal(err)
	}
	s := sudoku.Identity()
	s.Transpose = true
	s.Digits[4], s.Digits[1] = 1, 4
	img := s.Apply(&g)
	return img.String()
}

func TestImportCounts(t *testing.T) {
	ctx := context.Background()
	d := MustOpen(t)
	file := "# a comment\n" + hard + " ER=11.9\n" + image(t) + "\nnot a puzzle\n" + empty + "\n"
	imp := func() pencilbox.Job {
		job, err := library.Import(ctx, d, registry(), []library.Input{{Name: "mixed.sdm", R: strings.NewReader(file)}},
			library.Options{Tags: []string{"book1"}, Jobs: 2})
		if err != nil {
			t.Fatal(err)
		}
		return job
	}
	j := imp()
	if j.Read != 4 || j.Imported != 1 || j.Duplicates != 1 || j.Invalid != 1 || j.Rejected != 1 {
		t.Errorf("first import: read %d imported %d duplicates %d invalid %d rejected %d; want 4 1 1 1 1",
			j.Read, j.Imported, j.Duplicates, j.Invalid, j.Rejected)
	}
	if len(j.Errors) != 1 || j.Errors[0].Line != 4 || j.Errors[0].File != "mixed.sdm" {
		t.Errorf("errors %v, want one at mixed.sdm:4", j.Errors)
	}
	// Running the same import again adds no puzzle.
	j2 := imp()
	if j2.Imported != 0 || j2.Invalid != 0 {
		t.Errorf("second import added puzzles: %+v", j2)
	}
	page, err := d.Puzzles(ctx, pencilbox.Filter{Kind: "sudoku"})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Rows) != 2 {
		t.Fatalf("%d puzzles stored, want 2 (the unique one and the empty grid)", len(page.Rows))
	}
	uniq, err := d.Puzzles(ctx, pencilbox.Filter{Status: "unique", Tag: "book1", RankMin: 7, RankMax: 8})
	if err != nil {
		t.Fatal(err)
	}
	if len(uniq.Rows) != 1 || uniq.Rows[0].Givens != hard {
		t.Fatalf("filter unique+book1+7-8 stars gave %d rows", len(uniq.Rows))
	}
	p, err := d.Puzzle(ctx, uniq.Rows[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := sudoku.ParseLine(hard)
	want := sudoku.Rate(&g, false)
	if p.Rank != want.Rank || p.Solution != want.Solution || engine.ProfileString(p.Profile) != engine.ProfileString(want.Profile) {
		t.Errorf("stored rank %d profile %s, engine says %d %s", p.Rank, engine.ProfileString(p.Profile), want.Rank, engine.ProfileString(want.Profile))
	}
}

// TestPagination: keyset pages return every puzzle exactly once.
func TestPagination(t *testing.T) {
	ctx := context.Background()
	d := MustOpen(t)
	sol := "468931527751624839392578461134756298289413675675289314846192753513867942927345186"
	var in strings.Builder
	n := 0
	for i := 0; i < 40; i++ {
		b := []byte(sol)
		for c := i % 9; c < 81; c += 2 + i%4 {
			b[c] = '.'
		}
		in.WriteString(string(b) + "\n")
		n++
	}
	job, err := library.Import(ctx, d, registry(), []library.Input{{Name: "gen.sdm", R: strings.NewReader(in.String())}}, library.Options{Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	stored := job.Imported + job.Invalid
	for _, sort := range []string{pencilbox.SortID, pencilbox.SortRank, pencilbox.SortScore, pencilbox.SortClues} {
		seen := map[int64]bool{}
		f := pencilbox.Filter{Sort: sort, Limit: 7}
		for {
			page, err := d.Puzzles(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range page.Rows {
				if seen[p.ID] {
					t.Fatalf("sort %q: puzzle %d twice", sort, p.ID)
				}
				seen[p.ID] = true
			}
			if page.Next == "" {
				break
			}
			f.After = page.Next
		}
		if len(seen) != stored {
			t.Errorf("sort %q: pages gave %d puzzles, %d stored", sort, len(seen), stored)
		}
	}
}

// TestImportSourceLabelLimit: a source label over pencilbox.MaxSourceLabel
// (import --source) is refused naming the limit, before any job is
// recorded; one at the limit is stored whole.
func TestImportSourceLabelLimit(t *testing.T) {
	ctx := context.Background()
	d := MustOpen(t)
	imp := func(label string) (pencilbox.Job, error) {
		return library.Import(ctx, d, registry(), []library.Input{{Name: "one.sdm", R: strings.NewReader(hard + "\n")}},
			library.Options{Source: label, Jobs: 1})
	}
	long := strings.Repeat("é", pencilbox.MaxSourceLabel+1)
	if _, err := imp(long); err == nil || !strings.Contains(err.Error(), "at most 255") {
		t.Errorf("a label of %d characters: %v, want refused naming the limit", pencilbox.MaxSourceLabel+1, err)
	}
	if jobs, err := d.Jobs(ctx, 10); err != nil || len(jobs) != 0 {
		t.Errorf("the refused import recorded %d jobs (%v)", len(jobs), err)
	}
	job, err := imp(long[:len(long)-len("é")])
	if err != nil || job.Source != long[:len(long)-len("é")] {
		t.Errorf("a label at the limit: %v, stored %d bytes", err, len(job.Source))
	}
}

// TestImportNoteCut: a record's note over pencilbox.MaxNote characters is
// kept to its first MaxNote (list pages read every row's note); the
// record's whole text stays its source's.
func TestImportNoteCut(t *testing.T) {
	ctx := context.Background()
	d := MustOpen(t)
	note := strings.Repeat("é", pencilbox.MaxNote) + "past the limit"
	if _, err := library.Import(ctx, d, registry(), []library.Input{{Name: "one.sdm", R: strings.NewReader(hard + " " + note + "\n")}},
		library.Options{Jobs: 1}); err != nil {
		t.Fatal(err)
	}
	var got pencilbox.Puzzle
	if err := d.Each(ctx, pencilbox.Filter{}, func(p pencilbox.Puzzle) error { got = p; return nil }); err != nil {
		t.Fatal(err)
	}
	if got.Note != note[:len(note)-len("past the limit")] {
		t.Errorf("stored note of %d bytes, want the first %d characters", len(got.Note), pencilbox.MaxNote)
	}
	full, err := d.Puzzle(ctx, got.ID)
	if err != nil || len(full.Sources) != 1 || !strings.Contains(full.Sources[0].Text, "past the limit") {
		t.Errorf("the source text lost the record's end: %v", err)
	}
}
