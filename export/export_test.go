package export_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/bundle"
	"pencilbox/data/sample"
	"pencilbox/db"
	"pencilbox/export"
	"pencilbox/importers"
	akarikind "pencilbox/kinds/akari/kind"
	killerkind "pencilbox/kinds/killer/kind"
	nonogramkind "pencilbox/kinds/nonogram/kind"
	slitherlinkkind "pencilbox/kinds/slitherlink/kind"
	sudokukind "pencilbox/kinds/sudoku/kind"
	"pencilbox/library"
)

// bundles are the kinds cmd/pencilbox registers; kinds their export sides.
var (
	bundles = bundle.Registry{sudokukind.Bundle{}, nonogramkind.Bundle{}, akarikind.Bundle{}, killerkind.Bundle{}, slitherlinkkind.Bundle{}}
	kinds   = bundles.Exports()
)

func registry() importers.Registry { return bundles.Formats() }

// MustOpen opens an empty library in a test folder.
func MustOpen(t testing.TB) *db.DB {
	t.Helper()
	d, err := db.Open(filepath.Join(t.TempDir(), "lib.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// seeded is the bundled sample library, with extra tags on some puzzles
// so the round trips have varied tags to carry.
func seeded(t testing.TB) *db.DB {
	t.Helper()
	d := MustOpen(t)
	ctx := context.Background()
	if _, err := library.ImportFS(ctx, d, registry(), sample.FS, library.Options{Tags: []string{"sample"}}); err != nil {
		t.Fatal(err)
	}
	i := 0
	err := d.Each(ctx, pencilbox.Filter{}, func(p pencilbox.Puzzle) error {
		i++
		switch i % 3 {
		case 0:
			return d.SetTags(ctx, p.ID, []string{"sample", "book-1", "week48"})
		case 1:
			return d.SetTags(ctx, p.ID, nil)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// key is what a round trip must keep of a puzzle.
func key(p pencilbox.Puzzle) string {
	return fmt.Sprintf("%s %s status=%s rank=%d score=%g tags=%v", p.Kind, p.Canonical, p.Status, p.Rank, p.Score, p.Tags)
}

func keys(t *testing.T, d *db.DB, f pencilbox.Filter) []string {
	t.Helper()
	var out []string
	if err := d.Each(context.Background(), f, func(p pencilbox.Puzzle) error { out = append(out, key(p)); return nil }); err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

// TestRoundTrips: every text format re-imports into an empty library to
// the same puzzles, ranks and tags.
func TestRoundTrips(t *testing.T) {
	ctx := context.Background()
	src := seeded(t)
	for _, tc := range []struct {
		format string
		kind   string
		in     string // the import format, when its name is not the export's
	}{
		{"line", "sudoku", ""}, {"grid", "sudoku", ""}, {"csv", "sudoku", ""},
		{"json", "", ""}, {"url", "sudoku", ""}, {"url", "akari", ""}, {"tatham", "akari", ""},
		{"tatham", "killer", "killer-tatham"}, {"cages", "killer", ""},
	} {
		t.Run(tc.format, func(t *testing.T) {
			f := pencilbox.Filter{Kind: tc.kind}
			var buf bytes.Buffer
			n, err := export.Write(ctx, &buf, export.FilterSource{DB: src, Filter: f}, kinds, export.Options{Format: tc.format})
			if err != nil {
				t.Fatal(err)
			}
			want := keys(t, src, f)
			if n != len(want) {
				t.Fatalf("wrote %d puzzles, the filter has %d", n, len(want))
			}
			dst := MustOpen(t)
			in := tc.format
			if tc.in != "" {
				in = tc.in
			}
			job, err := library.Import(ctx, dst, registry(), []library.Input{{Name: "export." + tc.format, R: &buf}}, library.Options{Format: in})
			if err != nil || job.Rejected != 0 {
				t.Fatalf("re-import: %v, %d rejected: %v", err, job.Rejected, job.Errors)
			}
			if got := keys(t, dst, pencilbox.Filter{}); !slices.Equal(got, want) {
				for i := range min(len(got), len(want)) {
					if got[i] != want[i] {
						t.Fatalf("%d puzzles back, want %d; first difference:\n got %s\nwant %s", len(got), len(want), got[i], want[i])
					}
				}
				t.Fatalf("%d puzzles back, want %d", len(got), len(want))
			}
		})
	}
}

func TestErrors(t *testing.T) {
	ctx := context.Background()
	src := seeded(t)
	var buf bytes.Buffer
	_, err := export.Write(ctx, &buf, export.FilterSource{DB: src, Filter: pencilbox.Filter{Tag: "nope"}}, kinds, export.Options{Format: "csv"})
	if !errors.Is(err, export.ErrNoPuzzles) {
		t.Errorf("empty selection: %v", err)
	}
	_, err = export.Write(ctx, &buf, export.FilterSource{DB: src}, kinds, export.Options{Format: "line"})
	if err == nil || !strings.Contains(err.Error(), "akari") {
		t.Errorf("Akari in a line export: %v", err)
	}
	for _, o := range []export.Options{{Format: "docx"}, {Format: "pdf", PerPage: 3}, {Format: "pdf", Paper: "A3"}} {
		if err := o.Check(kinds); err == nil {
			t.Errorf("%+v accepted", o)
		}
	}
}

// TestShuffleAndLimit: a seed picks the same puzzles every time, another
// seed others, and the limit holds.
func TestShuffleAndLimit(t *testing.T) {
	ctx := context.Background()
	src := seeded(t)
	pick := func(seed uint64) string {
		var buf bytes.Buffer
		n, err := export.Write(ctx, &buf, export.FilterSource{DB: src, Filter: pencilbox.Filter{Kind: "sudoku"}, Limit: 10, Shuffle: &seed}, kinds, export.Options{Format: "line"})
		if err != nil || n != 10 {
			t.Fatalf("seed %d: %d puzzles, %v", seed, n, err)
		}
		return buf.String()
	}
	a, b, c := pick(7), pick(7), pick(8)
	if a != b || a == c {
		t.Errorf("seed 7 twice equal: %v; seed 8 differs: %v", a == b, a != c)
	}
}

// TestSetOrder: a set exports in its own order.
func TestSetOrder(t *testing.T) {
	ctx := context.Background()
	src := seeded(t)
	ids := []int64{90, 12, 45}
	var buf bytes.Buffer
	if _, err := export.Write(ctx, &buf, export.SetSource{DB: src, IDs: ids}, kinds, export.Options{Format: "json"}); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		got = append(got, l[:strings.Index(l, ",")])
	}
	if fmt.Sprint(got) != `[{"id":90 {"id":12 {"id":45]` {
		t.Errorf("set order: %v", got)
	}
}

// tool finds a poppler tool; without it the PDF tests skip, except under
// CI (make test installs poppler-utils).
func tool(t *testing.T, name string) string {
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s not found (make test installs poppler-utils)", name)
		}
		t.Skipf("%s not found: install poppler-utils (make test does)", name)
	}
	return p
}

func booklet(t *testing.T, src *db.DB, f pencilbox.Filter, opt export.Options) (string, int) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "b.pdf")
	fh, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	opt.Format = "pdf"
	n, err := export.Write(context.Background(), fh, export.FilterSource{DB: src, Filter: f}, kinds, opt)
	if err != nil {
		t.Fatal(err)
	}
	fh.Close()
	return path, n
}

// TestBookletPages: the page count of each layout, and every caption's
// text in the PDF.
func TestBookletPages(t *testing.T) {
	pdfinfo, pdftotext := tool(t, "pdfinfo"), tool(t, "pdftotext")
	src := seeded(t)
	for _, tc := range []struct {
		f   pencilbox.Filter
		opt export.Options
	}{
		{pencilbox.Filter{Kind: "sudoku", RankMin: 5, RankMax: 6}, export.Options{PerPage: 4, Solutions: true, Title: "Sunday", ByRank: true}},
		{pencilbox.Filter{Kind: "sudoku", RankMin: 8}, export.Options{PerPage: 1, Paper: "Letter"}},
		{pencilbox.Filter{Kind: "akari"}, export.Options{PerPage: 6, Solutions: true, ShowIDs: true}},
		{pencilbox.Filter{RankMin: 7, RankMax: 7, Kind: "sudoku"}, export.Options{PerPage: 2, Solutions: true}},
	} {
		path, n := booklet(t, src, tc.f, tc.opt)
		want := (n + tc.opt.PerPage - 1) / tc.opt.PerPage
		if tc.opt.Title != "" {
			want++
		}
		if tc.opt.Solutions {
			want += (n + 11) / 12
		}
		info, err := exec.Command(pdfinfo, path).Output()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(info), fmt.Sprintf("Pages:           %d\n", want)) {
			t.Errorf("%+v: %d puzzles; pdfinfo says\n%s\nwant %d pages", tc.opt, n, info, want)
		}
		text, err := exec.Command(pdftotext, "-layout", path, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		for i := 1; i <= n; i++ {
			c := strings.Count(string(text), fmt.Sprintf("No. %d ", i)) + strings.Count(string(text), fmt.Sprintf("No. %d\n", i))
			if wantC := map[bool]int{true: 2, false: 1}[tc.opt.Solutions]; c < wantC {
				t.Errorf("%+v: caption No. %d appears %d times, want %d (puzzle and solution)", tc.opt, i, c, wantC)
			}
		}
		if tc.opt.Title != "" && !strings.Contains(string(text), tc.opt.Title) {
			t.Errorf("no title page")
		}
		if tc.opt.ShowIDs && !strings.Contains(string(text), "sample/akari") {
			t.Errorf("captions lack the source")
		}
	}
}

// TestBookletRendering renders the first page and compares it with the
// reviewed reference (testdata/booklet_page1.png) within a tolerance:
// PENCILBOX_UPDATE_BOOKLET=1 writes a new reference (look at it first).
func TestBookletRendering(t *testing.T) {
	pdftoppm := tool(t, "pdftoppm")
	src := seeded(t)
	path, _ := booklet(t, src, pencilbox.Filter{Kind: "sudoku", RankMin: 5, RankMax: 6}, export.Options{PerPage: 4, Solutions: true, ByRank: true})
	out := filepath.Join(t.TempDir(), "page")
	if b, err := exec.Command(pdftoppm, "-r", "50", "-gray", "-png", "-f", "1", "-l", "1", "-singlefile", path, out).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v %s", err, b)
	}
	got := readPNG(t, out+".png")
	ref := "testdata/booklet_page1.png"
	if os.Getenv("PENCILBOX_UPDATE_BOOKLET") != "" {
		b, _ := os.ReadFile(out + ".png")
		os.WriteFile(ref, b, 0o644)
		t.Logf("wrote %s", ref)
	}
	want := readPNG(t, ref)
	if got.Bounds() != want.Bounds() {
		t.Fatalf("page size %v, reference %v", got.Bounds(), want.Bounds())
	}
	differ, total := 0, 0
	for y := got.Bounds().Min.Y; y < got.Bounds().Max.Y; y++ {
		for x := got.Bounds().Min.X; x < got.Bounds().Max.X; x++ {
			a, _, _, _ := got.At(x, y).RGBA()
			b, _, _, _ := want.At(x, y).RGBA()
			d := int(a>>8) - int(b>>8)
			if d < 0 {
				d = -d
			}
			if d > 64 {
				differ++
			}
			total++
		}
	}
	if frac := float64(differ) / float64(total); frac > 0.005 {
		t.Errorf("%.2f%% of the pixels differ from the reference (tolerance 0.5%%)", 100*frac)
	}
}

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// BenchmarkBooklet100: a 100-puzzle booklet with solutions (bar: 2 s).
func BenchmarkBooklet100(b *testing.B) {
	src := seeded(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var buf bytes.Buffer
		n, err := export.Write(context.Background(), &buf, export.FilterSource{DB: src, Filter: pencilbox.Filter{Kind: "sudoku"}, Limit: 100}, kinds,
			export.Options{Format: "pdf", Title: "One hundred", Solutions: true, ByRank: true})
		if err != nil || n != 100 {
			b.Fatal(n, err)
		}
		b.ReportMetric(float64(buf.Len())/1024, "KB")
	}
}

// TestBookletSelection: a booklet from a filter takes the puzzles with a
// unique solution (a solver's book), in rank then score order before the
// limit is applied; a set naming a puzzle without one is refused, naming
// it, unless the solutions are left out.
func TestBookletSelection(t *testing.T) {
	ctx := context.Background()
	src := seeded(t)
	// One Sudoku with many solutions joins the library, and a full grid
	// (unique, rank 0: it needs no technique).
	const full = "468931527751624839392578461134756298289413675675289314846192753513867942927345186"
	job, err := library.Import(ctx, src, registry(), []library.Input{{Name: "multi.sdm",
		R: strings.NewReader("1" + strings.Repeat(".", 80) + "\n" + full + "\n")}}, library.Options{})
	if err != nil || job.Invalid != 1 || job.Imported != 1 {
		t.Fatalf("import: %v, %+v", err, job)
	}
	multi, err := src.Puzzles(ctx, pencilbox.Filter{Status: "multiple", Limit: 1})
	if err != nil || len(multi.Rows) != 1 {
		t.Fatalf("the multiple puzzle: %v, %+v", err, multi)
	}
	unique, err := src.Count(ctx, pencilbox.Filter{Kind: "sudoku", Status: "unique"}, 0)
	if err != nil {
		t.Fatal(err)
	}
	all, _ := src.Count(ctx, pencilbox.Filter{Kind: "sudoku"}, 0)
	if all <= unique {
		t.Fatalf("fixture: %d Sudoku, %d unique", all, unique)
	}
	n, err := export.Write(ctx, io.Discard, export.FilterSource{DB: src, Filter: pencilbox.Filter{Kind: "sudoku"}}, kinds,
		export.Options{Format: "pdf", Solutions: true, ByRank: true})
	if err != nil || n != unique {
		t.Errorf("booklet of every Sudoku: %d puzzles, %v; want the %d unique ones", n, err, unique)
	}
	_, err = export.Write(ctx, io.Discard, export.SetSource{DB: src, IDs: []int64{1, multi.Rows[0].ID}}, kinds,
		export.Options{Format: "pdf", Solutions: true})
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("puzzle %d", multi.Rows[0].ID)) || !strings.Contains(err.Error(), "no unique solution") {
		t.Errorf("a set with a puzzle of several solutions, solutions at the back: %v", err)
	}
	if _, err = export.Write(ctx, io.Discard, export.SetSource{DB: src, IDs: []int64{1, multi.Rows[0].ID}}, kinds,
		export.Options{Format: "pdf"}); err != nil {
		t.Errorf("the same without solutions: %v", err)
	}

	// The limit keeps the easiest puzzles of the whole filter: the
	// first ten by (rank, score), not the first ten ids sorted.
	var want []string
	err = src.Each(ctx, pencilbox.Filter{Status: "unique"}, func(p pencilbox.Puzzle) error {
		want = append(want, fmt.Sprintf("%d %010.1f %08d", p.Rank, p.Score, p.ID))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(want)
	var buf bytes.Buffer
	_, err = export.Write(ctx, &buf, export.FilterSource{DB: src, Filter: pencilbox.Filter{Status: "unique"}, Limit: 10, ByRank: true}, kinds,
		export.Options{Format: "json"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		var p struct {
			ID    int64
			Rank  int
			Score float64
		}
		if err := json.Unmarshal([]byte(l), &p); err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%d %010.1f %08d", p.Rank, p.Score, p.ID))
	}
	if !slices.Equal(got, want[:10]) {
		t.Errorf("ten by rank then score:\n got %v\nwant %v", got, want[:10])
	}
}
