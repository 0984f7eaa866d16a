package export_test

import (
	"context"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/engine"
	"pencilbox/export"
	"pencilbox/library"
)

// TestBookletPrintsImages: a booklet with Options.Image prints each puzzle
// as the image engine.ImageChoice picks for it, its solution at the back
// the image's own; the same number prints the same booklet again.
func TestBookletPrintsImages(t *testing.T) {
	const seed = 12345
	src := rated(t)
	ids := idsOf(t, src, pencilbox.Filter{Kind: "sudoku"}, 2)
	var stored []pencilbox.Puzzle
	for _, id := range ids {
		p, err := src.Puzzle(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		stored = append(stored, p)
	}
	k, err := bundles.Kinds().Lookup("sudoku")
	if err != nil {
		t.Fatal(err)
	}
	im := k.(engine.Imager)
	// The images, stored as puzzles of a library of their own, in order.
	var lines []string
	for _, p := range stored {
		g, _, err := im.Image(p.Givens, p.Solution, engine.ImageChoice(seed, p.ID))
		if err != nil {
			t.Fatal(err)
		}
		if g == p.Givens {
			t.Fatalf("puzzle %d: its image is the stored form", p.ID)
		}
		lines = append(lines, g)
	}
	imgs := MustOpen(t)
	if _, err := library.Import(context.Background(), imgs, registry(),
		[]library.Input{{Name: "images.txt", R: strings.NewReader(strings.Join(lines, "\n") + "\n")}}, library.Options{}); err != nil {
		t.Fatal(err)
	}
	opt := export.Options{PerPage: 1, Solutions: true, Caption: export.CaptionNone}
	want := pdfText(t, setBooklet(t, imgs, idsOf(t, imgs, pencilbox.Filter{Kind: "sudoku"}, 2), opt))
	plain := pdfText(t, setBooklet(t, src, ids, opt))
	opt.Image = seed
	got := pdfText(t, setBooklet(t, src, ids, opt))
	if len(got) != 3 {
		t.Fatalf("%d pages, want 2 puzzles and their solutions", len(got))
	}
	if strings.Join(got, "\f") != strings.Join(want, "\f") {
		t.Errorf("printed as images:\n%s\nwant the images' own booklet:\n%s", strings.Join(got, "\f"), strings.Join(want, "\f"))
	}
	if strings.Join(plain, "\f") == strings.Join(want, "\f") {
		t.Error("without Image the booklet printed the images too")
	}
	again := pdfText(t, setBooklet(t, src, ids, opt))
	if strings.Join(again, "\f") != strings.Join(got, "\f") {
		t.Error("the same image number printed another booklet")
	}
}
