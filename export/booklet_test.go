package export_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"pencilbox"
	"pencilbox/data/sample"
	"pencilbox/db"
	"pencilbox/export"
	"pencilbox/library"
)

// setBooklet writes the booklet of the puzzles ids, in that order, and
// returns its path.
func setBooklet(t *testing.T, src *db.DB, ids []int64, opt export.Options) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "set.pdf")
	fh, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	opt.Format = "pdf"
	if _, err := export.Write(context.Background(), fh, export.SetSource{DB: src, IDs: ids}, kinds, opt); err != nil {
		t.Fatal(err)
	}
	return path
}

// pdfText is the booklet's text, page by page, as pdftotext reads it.
func pdfText(t *testing.T, path string) []string {
	t.Helper()
	out, err := exec.Command(tool(t, "pdftotext"), "-layout", path, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(out), "\f"), "\f")
}

// ids lists the first n puzzle ids of filter f, in id order.
func idsOf(t *testing.T, src *db.DB, f pencilbox.Filter, n int) []int64 {
	t.Helper()
	var out []int64
	err := src.Each(context.Background(), f, func(p pencilbox.Puzzle) error {
		if len(out) < n {
			out = append(out, p.ID)
		}
		return nil
	})
	if err != nil || len(out) < n {
		t.Fatalf("%d puzzles of %+v, want %d: %v", len(out), f, n, err)
	}
	return out
}

// rated is a library of the sample's QQWing intermediate Sudoku with
// their ER rated on import.
func rated(t *testing.T) *db.DB {
	t.Helper()
	d := MustOpen(t)
	f, err := sample.FS.Open("sudoku_qqwing_intermediate.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := library.Import(context.Background(), d, registry(), []library.Input{{Name: "intermediate.txt", R: f}},
		library.Options{Second: bundles.SecondRaters()}); err != nil {
		t.Fatal(err)
	}
	return d
}

// TestBookletCreationDate: the PDF says when it was made (now, or the
// date asked for), not 1970.
func TestBookletCreationDate(t *testing.T) {
	pdfinfo := tool(t, "pdfinfo")
	src := seeded(t)
	ids := idsOf(t, src, pencilbox.Filter{Kind: "sudoku", Status: "unique"}, 2)
	fixed := time.Date(2026, 12, 1, 6, 30, 0, 0, time.UTC)
	before := time.Now().Add(-time.Second).Truncate(time.Second)
	for _, tc := range []struct {
		created  time.Time
		from, to time.Time
	}{
		{time.Time{}, before, time.Now().Add(time.Minute)},
		{fixed, fixed, fixed},
	} {
		path := setBooklet(t, src, ids, export.Options{Created: tc.created})
		info, err := exec.Command(pdfinfo, "-isodates", path).Output()
		if err != nil {
			t.Fatal(err)
		}
		m := regexp.MustCompile(`CreationDate:\s+(\S+)`).FindSubmatch(info)
		if m == nil {
			t.Fatalf("pdfinfo names no creation date:\n%s", info)
		}
		got, err := time.Parse(time.RFC3339, string(m[1]))
		if err != nil {
			t.Fatalf("creation date %q: %v", m[1], err)
		}
		if got.Before(tc.from) || got.After(tc.to) {
			t.Errorf("asked %v: the PDF was created %v, want between %v and %v", tc.created, got, tc.from, tc.to)
		}
	}
}

// TestBookletLabelsAndCaptions: a week's booklet labels its puzzles with
// the days from the start date (a free-text line overrides one), on the
// puzzle and on its solution; captions show the ER when asked, and
// the number alone with "none".
func TestBookletLabelsAndCaptions(t *testing.T) {
	src := rated(t)
	ids := idsOf(t, src, pencilbox.Filter{Kind: "sudoku", Status: "unique"}, 7)
	for _, tc := range []struct {
		name string
		opt  export.Options
		want []string // in the text, in this order
		not  []string
	}{
		{"days", export.Options{LabelFrom: time.Date(2025, 12, 1, 0, 0, 0, 0, time.UTC), Solutions: true},
			[]string{"Monday 1 December", "Tuesday 2 December", "Sunday 7 December", "No. 1 · Monday 1 December", "No. 7 · Sunday 7 December"}, []string{"Monday 8 December", "ER "}},
		{"free text over days", export.Options{LabelFrom: time.Date(2025, 12, 1, 0, 0, 0, 0, time.UTC), Labels: []string{"", "Christmas special"}},
			[]string{"Monday 1 December", "Christmas special", "Wednesday 3 December"}, []string{"Tuesday 2 December"}},
		{"er", export.Options{Caption: "er"}, []string{"No. 1", "ER "}, nil},
		{"both", export.Options{Caption: export.CaptionBoth}, []string{"No. 1", "ER "}, nil},
		{"none", export.Options{Caption: export.CaptionNone}, []string{"No. 1", "No. 7"}, []string{"ER "}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := strings.Join(pdfText(t, setBooklet(t, src, ids, tc.opt)), "\n")
			// pdftotext -layout puts side-by-side captions on one line
			flat := strings.Join(strings.Fields(text), " ")
			at := 0
			for _, w := range tc.want {
				i := strings.Index(flat[at:], w)
				if i < 0 {
					t.Errorf("%q missing (or out of order) in the booklet's text:\n%s", w, text)
					break
				}
				at += i
			}
			for _, w := range tc.not {
				if strings.Contains(flat, w) {
					t.Errorf("%q in the booklet's text, want none", w)
				}
			}
		})
	}
	// more labels than puzzles: refused, saying so
	_, err := export.Write(context.Background(), new(strings.Builder), export.SetSource{DB: src, IDs: ids[:2]}, kinds,
		export.Options{Format: "pdf", Labels: []string{"a", "b", "c"}})
	if err == nil || !strings.Contains(err.Error(), "3 labels for 2 puzzles") {
		t.Errorf("3 labels for 2 puzzles: %v", err)
	}
	if err := (export.Options{Format: "pdf", Labels: []string{strings.Repeat("x", export.MaxLabel+1)}}).Check(kinds); err == nil {
		t.Errorf("a label of %d characters accepted", export.MaxLabel+1)
	}
}

// TestBookletByScale: a set's booklet ordered by ER numbers its puzzles
// easiest first.
func TestBookletByER(t *testing.T) {
	src := rated(t)
	ids := idsOf(t, src, pencilbox.Filter{Kind: "sudoku", Status: "unique", ScaleMin: 1}, 12)
	text := strings.Join(pdfText(t, setBooklet(t, src, ids, export.Options{ByScale: true, Caption: "er", PerPage: 6})), "\n")
	var ers []float64
	for _, m := range regexp.MustCompile(`ER (\d+\.\d)`).FindAllStringSubmatch(text, -1) {
		v, _ := strconv.ParseFloat(m[1], 64)
		ers = append(ers, v)
	}
	if len(ers) != len(ids) {
		t.Fatalf("%d ER captions, want %d:\n%s", len(ers), len(ids), text)
	}
	// pdftotext reads two captions a line, left then right: the order
	// by number is the order of the text
	for i := 1; i < len(ers); i++ {
		if ers[i] < ers[i-1] {
			t.Fatalf("ER by number %v: not easiest first", ers)
		}
	}
	if ers[0] == ers[len(ers)-1] {
		t.Fatalf("fixture: the 12 puzzles all rate ER %v", ers[0])
	}
}

// bigAkari is a 34x32 Akari whose 272 white cells stand alone between
// black cells: each holds a light, so it has one solution.
func bigAkari() string { return isolatedAkari(34, 32) }

// isolatedAkari is a w x h Akari of white cells standing alone between
// black ones.
func isolatedAkari(w, h int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%dx%d:", w, h)
	for r := range h {
		for c := range w {
			if r%2 == 0 && c%2 == 0 {
				b.WriteByte('a')
			} else {
				b.WriteByte('B')
			}
		}
	}
	return b.String()
}

// TestBookletBigGrid: an Akari over 30 columns takes a page of its own,
// puzzle and solution, between the pages of the small ones, with cells
// large enough to pencil and lights large enough to read.
func TestBookletBigGrid(t *testing.T) {
	pdfinfo := tool(t, "pdfinfo")
	ctx := context.Background()
	src := seeded(t)
	job, err := library.Import(ctx, src, registry(), []library.Input{{Name: "big.txt", R: strings.NewReader(bigAkari() + "\n")}}, library.Options{})
	if err != nil || job.Imported != 1 {
		t.Fatalf("import the big Akari: %v %+v", err, job)
	}
	big := idsOf(t, src, pencilbox.Filter{Source: "big.txt"}, 1)[0]
	small := idsOf(t, src, pencilbox.Filter{Kind: "akari", Status: "unique"}, 8)
	ids := append(append(append([]int64{}, small[:5]...), big), small[5:]...)
	path := setBooklet(t, src, ids, export.Options{PerPage: 4, Solutions: true})
	// puzzles: 1-4, 5, the big one (6), 7-9; solutions: 1-5, 6, 7-9
	info, err := exec.Command(pdfinfo, path).Output()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(info), "Pages:           7\n") {
		t.Errorf("5 small Akari, a big one, 3 small, 4 a page, with solutions: pdfinfo says\n%s\nwant 7 pages", info)
	}
	// a tall grid (8 wide, 34 high) too, between two small ones
	job, err = library.Import(ctx, src, registry(), []library.Input{{Name: "tall.txt", R: strings.NewReader(isolatedAkari(8, 34) + "\n")}}, library.Options{})
	if err != nil || job.Imported != 1 {
		t.Fatalf("import the tall Akari: %v %+v", err, job)
	}
	tall := idsOf(t, src, pencilbox.Filter{Source: "tall.txt"}, 1)[0]
	tallPath := setBooklet(t, src, []int64{small[0], tall, small[1]}, export.Options{PerPage: 4})
	if info, err := exec.Command(pdfinfo, tallPath).Output(); err != nil || !strings.Contains(string(info), "Pages:           3\n") {
		t.Errorf("a small Akari, an 8x34 one, a small one, 4 a page: pdfinfo says\n%s\nwant 3 pages (%v)", info, err)
	}
	pages := pdfText(t, path)
	for _, p := range []int{2, 5} { // from 0: the big puzzle's page and its solution's
		if p >= len(pages) {
			t.Fatalf("%d pages of text", len(pages))
		}
		if n := strings.Count(pages[p], "No. "); n != 1 || !strings.Contains(pages[p], "No. 6") {
			t.Errorf("page %d holds %d captions, want the big one's alone (No. 6):\n%s", p+1, n, pages[p])
		}
	}
	// The big solution's page, rendered in grey: every light's centre
	// is dark (yellow alone prints as a pale grey).
	img := filepath.Join(t.TempDir(), "sol")
	if b, err := exec.Command(tool(t, "pdftoppm"), "-r", "100", "-gray", "-png", "-f", "6", "-l", "6", "-singlefile", path, img).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v %s", err, b)
	}
	m := readPNG(t, img+".png")
	grey := func(x, y int) uint32 { v, _, _, _ := m.At(x, y).RGBA(); return v >> 8 }
	// the grid's border: the rows and columns more than half dark
	bd := m.Bounds()
	top, bottom, left, right := -1, -1, -1, -1
	for y := bd.Min.Y; y < bd.Max.Y; y++ {
		dark := 0
		for x := bd.Min.X; x < bd.Max.X; x++ {
			if grey(x, y) < 128 {
				dark++
			}
		}
		if dark > bd.Dx()/2 {
			if top < 0 {
				top = y
			}
			bottom = y
		}
	}
	for x := bd.Min.X; x < bd.Max.X; x++ {
		dark := 0
		for y := bd.Min.Y; y < bd.Max.Y; y++ {
			if grey(x, y) < 128 {
				dark++
			}
		}
		if dark > bd.Dy()/3 {
			if left < 0 {
				left = x
			}
			right = x
		}
	}
	if top < 0 || left < 0 {
		t.Fatalf("no grid found on the big solution's page")
	}
	cw, ch := float64(right-left)/34, float64(bottom-top)/32
	wrong := 0
	for r := 0; r < 32; r += 2 {
		for c := 0; c < 34; c += 2 {
			x, y := left+int((float64(c)+0.5)*cw), top+int((float64(r)+0.5)*ch)
			if grey(x, y) >= 100 {
				wrong++
			}
		}
	}
	if wrong > 0 {
		t.Errorf("%d of the 272 lights have a pale centre in grey: the marks read by colour alone", wrong)
	}
}

// TestFileName: a download is named after its set or filter, with no
// character a file system or a header would trip on.
func TestFileName(t *testing.T) {
	for _, tc := range []struct{ in, utf8, ascii string }{
		{"Week 48", "Week-48", "Week-48"},
		{"  ../../etc/passwd ", "etc-passwd", "etc-passwd"},
		{`Sunday "hard" / 2026`, "Sunday-hard-2026", "Sunday-hard-2026"},
		{"Café crème: décembre", "Café-crème-décembre", "Cafe-creme-decembre"},
		{"背理法 weekly", "背理法-weekly", "weekly"},
		{"", "puzzles", "puzzles"},
		{"***", "puzzles", "puzzles"},
		{strings.Repeat("a", 200), strings.Repeat("a", 80), strings.Repeat("a", 80)},
	} {
		if got := export.FileName(tc.in, false); got != tc.utf8 {
			t.Errorf("FileName(%q) = %q, want %q", tc.in, got, tc.utf8)
		}
		if got := export.FileName(tc.in, true); got != tc.ascii {
			t.Errorf("FileName(%q, ascii) = %q, want %q", tc.in, got, tc.ascii)
		}
	}
}
