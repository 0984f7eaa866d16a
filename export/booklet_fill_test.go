package export_test

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"testing"

	"pencilbox"
	"pencilbox/export"
)

// darkBox renders page n (from 1) of the PDF at path in grey at 50 dpi
// and returns the box holding its dark pixels above the footer (the page
// number, 10 mm from the bottom), as shares of the page's width and
// height (left, top, right, bottom).
func darkBox(t *testing.T, path string, n int) (l, tp, r, b float64) {
	t.Helper()
	img := filepath.Join(t.TempDir(), "page")
	if out, err := exec.Command(tool(t, "pdftoppm"), "-r", "50", "-gray", "-png", "-f", fmt.Sprint(n), "-l", fmt.Sprint(n), "-singlefile", path, img).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v %s", err, out)
	}
	m := readPNG(t, img+".png")
	bd := m.Bounds()
	x0, y0, x1, y1 := bd.Max.X, bd.Max.Y, -1, -1
	footer := bd.Max.Y - bd.Dy()*12/297
	for y := bd.Min.Y; y < footer; y++ {
		for x := bd.Min.X; x < bd.Max.X; x++ {
			if v, _, _, _ := m.At(x, y).RGBA(); v>>8 < 128 {
				x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
			}
		}
	}
	if x1 < 0 {
		t.Fatalf("page %d of %s is blank", n, path)
	}
	w, h := float64(bd.Dx()), float64(bd.Dy())
	return float64(x0) / w, float64(y0) / h, float64(x1+1) / w, float64(y1+1) / h
}

// TestBookletGridFillsItsSpace: a booklet's grids are as large as their
// space allows, centred: one a page, a Sudoku or a small Akari spans
// most of the page's width (it was a 108 mm grid at the top of the page,
// half the page empty), its block centred on the page's height; two a
// page (one above the other), they span most of its height; four or six,
// most of its width.
func TestBookletGridFillsItsSpace(t *testing.T) {
	src := seeded(t)
	for _, kind := range []string{"sudoku", "akari"} {
		ids := idsOf(t, src, pencilbox.Filter{Kind: kind, Status: "unique"}, 6)
		for _, per := range []int{1, 2, 4, 6} {
			path := setBooklet(t, src, ids[:per], export.Options{PerPage: per})
			l, tp, r, b := darkBox(t, path, 1)
			want := 0.7
			if per == 1 {
				want = 0.8
			}
			if per == 2 { // one above the other: the page's height bounds them
				if b-tp < want {
					t.Errorf("%s, 2 a page: the grids span %.0f%% of the page's height (%.2f-%.2f), want %.0f%% at least",
						kind, 100*(b-tp), tp, b, 100*want)
				}
			} else if r-l < want {
				t.Errorf("%s, %d a page: the grids span %.0f%% of the page's width (%.2f-%.2f), want %.0f%% at least",
					kind, per, 100*(r-l), l, r, 100*want)
			}
			if mid := (l + r) / 2; mid < 0.45 || mid > 0.55 {
				t.Errorf("%s, %d a page: the grids' middle is at %.0f%% of the width, want the centre", kind, per, 100*mid)
			}
			if per == 1 {
				if mid := (tp + b) / 2; mid < 0.42 || mid > 0.58 {
					t.Errorf("%s, one a page: the puzzle's middle is at %.0f%% of the height (%.2f-%.2f), want the centre", kind, 100*mid, tp, b)
				}
			}
		}
	}
}
