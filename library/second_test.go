package library_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/bundle"
	"pencilbox/data/sample"
	"pencilbox/db"
	"pencilbox/engine"
	akarikind "pencilbox/kinds/akari/kind"
	slitherlinkkind "pencilbox/kinds/slitherlink/kind"
	"pencilbox/kinds/sudoku"
	"pencilbox/kinds/sudoku/explainer"
	sudokukind "pencilbox/kinds/sudoku/kind"
	"pencilbox/library"
)

// bundles are the kinds as cmd/pencilbox registers them, with their
// second raters.
var bundles = bundle.Registry{sudokukind.Bundle{}, akarikind.Bundle{}, slitherlinkkind.Bundle{}}

// easyFiles are sample files the explainer rates quickly.
var easyFiles = []string{"sudoku_qqwing_simple.txt", "sudoku_qqwing_easy.txt", "sudoku_17_clue.txt", "akari_janko.txt"}

// importFiles imports the sample files named, with opts.
func importFiles(t *testing.T, d *db.DB, names []string, opts library.Options) {
	t.Helper()
	for _, name := range names {
		b, err := sample.FS.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := library.Import(context.Background(), d, bundles.Formats(), []library.Input{{Name: name, R: bytes.NewReader(b)}}, opts); err != nil {
			t.Fatal(err)
		}
	}
}

// all reads every stored puzzle.
func all(t *testing.T, d *db.DB) []pencilbox.Puzzle {
	t.Helper()
	var out []pencilbox.Puzzle
	if err := d.Each(context.Background(), pencilbox.Filter{}, func(p pencilbox.Puzzle) error {
		out = append(out, p)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// wantSecond is what the explainer says of a stored Sudoku, straight from
// its package (the import must store exactly that, in tenths).
func wantSecond(t *testing.T, p pencilbox.Puzzle) (er, ep, ed float64, tech string) {
	t.Helper()
	if p.Kind != "sudoku" || p.Status != engine.Unique {
		return 0, 0, 0, ""
	}
	g, err := sudoku.ParseLine(p.Givens)
	if err != nil {
		t.Fatal(err)
	}
	r := explainer.Rate(&g, explainer.Options{})
	if r.Err != nil {
		return 0, 0, 0, ""
	}
	return engine.Tenths(r.ER), engine.Tenths(r.EP), engine.Tenths(r.ED), r.Hardest
}

func checkStored(t *testing.T, ps []pencilbox.Puzzle) (rated int) {
	t.Helper()
	for _, p := range ps {
		er, ep, ed, tech := wantSecond(t, p)
		if p.Scales != [engine.ScaleSlots]float64{er, ep, ed} || p.ScaleNote != tech {
			t.Errorf("puzzle %d (%s %s): stored ER/EP/ED %v/%v/%v %q, explainer %v/%v/%v %q",
				p.ID, p.Kind, p.Status, p.Scales[0], p.Scales[1], p.Scales[2], p.ScaleNote, er, ep, ed, tech)
		}
		if p.Kind == "sudoku" && !p.ScaleRated {
			t.Errorf("puzzle %d: a Sudoku not marked rated", p.ID)
		}
		if p.Scales[0] > 0 {
			rated++
		}
	}
	return rated
}

// TestImportStoresSecondRating: every imported Sudoku carries the
// explainer's ER, EP, ED and hardest technique; an Akari (no second
// scale) and an invalid puzzle carry none.
func TestImportStoresSecondRating(t *testing.T) {
	d := MustOpen(t)
	importFiles(t, d, easyFiles, library.Options{Second: bundles.SecondRaters()})
	file := hard + "\n" + empty + "\n"
	if _, err := library.Import(context.Background(), d, bundles.Formats(), []library.Input{{Name: "two.sdm", R: strings.NewReader(file)}},
		library.Options{Second: bundles.SecondRaters()}); err != nil {
		t.Fatal(err)
	}
	ps := all(t, d)
	if rated := checkStored(t, ps); rated < 100 {
		t.Errorf("only %d puzzles have an ER", rated)
	}
	for _, p := range ps {
		if (p.Kind == "akari" || p.Status != engine.Unique) && p.Scales[0] != 0 {
			t.Errorf("puzzle %d (%s, %s) has ER %v", p.ID, p.Kind, p.Status, p.Scales[0])
		}
	}
	if n, err := d.SecondPending(context.Background(), []string{"sudoku"}); err != nil || n != 0 {
		t.Errorf("pending after an import that rated: %d, %v", n, err)
	}
}

// TestFillSecondResumes: puzzles stored without the second rating (an
// upgraded library) are filled batch by batch; a fill stopped after its
// first batch keeps it, the next fill does only the rest, and check then
// passes. Before the fill, check counts them pending, not as mismatches.
func TestFillSecondResumes(t *testing.T) {
	ctx := context.Background()
	d := MustOpen(t)
	importFiles(t, d, easyFiles, library.Options{})
	names := bundles.SecondRaters().Kinds()
	total, err := d.SecondPending(ctx, names)
	if err != nil || total < 100 {
		t.Fatalf("pending before the fill: %d, %v", total, err)
	}
	var out bytes.Buffer
	rep, err := library.Check(ctx, d, bundles.Kinds(), library.CheckOptions{Second: bundles.SecondRaters(), Report: &out})
	if err != nil || rep.Mismatches != 0 || rep.Pending != total {
		t.Fatalf("check before the fill: %+v, %v (want %d pending, no mismatch)\n%s", rep, err, total, out.String())
	}

	stop, cancel := context.WithCancel(ctx)
	n, err := library.FillSecond(stop, d, bundles.Kinds(), bundles.SecondRaters(), library.FillOptions{Batch: 30, Jobs: 2,
		OnBatch: func(done, all int) { cancel() }})
	if !errors.Is(err, context.Canceled) || n != 30 {
		t.Fatalf("stopped fill: %d stored, %v; want 30 and context.Canceled", n, err)
	}
	if left, _ := d.SecondPending(ctx, names); left != total-30 {
		t.Fatalf("pending after the stopped fill: %d, want %d", left, total-30)
	}
	n, err = library.FillSecond(ctx, d, bundles.Kinds(), bundles.SecondRaters(), library.FillOptions{Batch: 30})
	if err != nil || n != total-30 {
		t.Fatalf("resumed fill: %d, %v; want %d", n, err, total-30)
	}
	if rated := checkStored(t, all(t, d)); rated < 100 {
		t.Errorf("only %d puzzles have an ER after the fill", rated)
	}
	rep, err = library.Check(ctx, d, bundles.Kinds(), library.CheckOptions{Second: bundles.SecondRaters()})
	if err != nil || rep.Mismatches != 0 {
		t.Errorf("check after the fill: %+v, %v", rep, err)
	}
	// A stored ER changed behind the rater's back is reported and fixed.
	if _, err := d.W.Exec(`UPDATE puzzles SET scale1 = scale1 + 1 WHERE id = (SELECT min(id) FROM puzzles WHERE scale1 IS NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	rep, err = library.Check(ctx, d, bundles.Kinds(), library.CheckOptions{Second: bundles.SecondRaters(), Report: &out, Fix: true})
	if err != nil || rep.Mismatches != 1 || rep.Fixed != 1 || !strings.Contains(out.String(), "ER stored") {
		t.Errorf("check --fix of a changed ER: %+v, %v\n%s", rep, err, out.String())
	}
	if rated := checkStored(t, all(t, d)); rated < 100 {
		t.Errorf("after the fix: %d rated", rated)
	}
}
