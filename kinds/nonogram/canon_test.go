package nonogram_test

import (
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/nonogram"
)

// TestTransformMatchesPicture: the clues of each image are the clues of
// the image of the solution, the image solves uniquely to the mapped
// solution, and the canonical form is the same for every image.
func TestTransformMatchesPicture(t *testing.T) {
	recs := loadJanko(t)
	for i, rc := range recs {
		if i%25 != 0 && rc.p.W*rc.p.H > 225 {
			continue
		}
		cells, err := rc.p.ParseSolution(rc.solution)
		if err != nil {
			t.Fatal(err)
		}
		canon := rc.p.Canonical()
		for tr := 0; tr < 8; tr++ {
			q := rc.p.Transform(tr)
			pic := nonogram.TransformCells(rc.p.W, rc.p.H, tr, cells)
			want, err := nonogram.FromPicture(q.W, q.H, pic)
			if err != nil {
				t.Fatal(err)
			}
			if q.TathamID() != want.TathamID() {
				t.Fatalf("%s t=%d: clues differ from the image of the picture", rc.id, tr)
			}
			if tr >= rc.p.Symmetries() {
				continue
			}
			if q.Canonical() != canon {
				t.Errorf("%s t=%d: canonical form differs", rc.id, tr)
			}
			if i%5 == 0 {
				sol, err := rc.p.TransformSolution(tr, rc.solution)
				if err != nil {
					t.Fatal(err)
				}
				if r := q.Solve(); r.Status != engine.Unique || r.Solution != sol {
					t.Errorf("%s t=%d: image solves %v, not to the mapped solution", rc.id, tr, r.Status)
				}
			}
		}
	}
}

func TestCanonicalRectangle(t *testing.T) {
	// A 3x2 and its transpose are different puzzles (4 symmetries only).
	p := mustParse(t, "3x2:2/1/1/1.1/2")
	if p.Symmetries() != 4 {
		t.Fatalf("symmetries %d", p.Symmetries())
	}
	if p.Canonical() == p.Transform(4).Canonical() {
		t.Error("a 3x2 puzzle and its 2x3 transpose share a canonical form")
	}
	for tr := 0; tr < 4; tr++ {
		if got := p.Transform(tr).Canonical(); got != p.Canonical() {
			t.Errorf("t=%d: %s, want %s", tr, got, p.Canonical())
		}
	}
	// The canonical form is one of the images, and parses.
	if _, err := nonogram.Parse(p.Canonical()); err != nil {
		t.Error(err)
	}
}
