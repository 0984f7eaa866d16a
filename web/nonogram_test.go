package web

import (
	"context"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/kinds/nonogram"
)

// TestNonogramThroughTheSite: nonograms pasted as a .non file, the
// Paint-by-Number XML and Janko blocks import; the list shows them; the
// puzzle page draws the clues in the margins and, with the solution, the
// picture; the step viewer highlights the step's line; every export that
// holds nonograms writes them; a set of them prints as a booklet.
func TestNonogramThroughTheSite(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	read := func(path string) string {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	janko := read("../kinds/nonogram/testdata/sample/nonogram_janko_dev_1402.txt")
	for _, tc := range []struct {
		source, text string
		imported     int
	}{
		{"webpbn-26167", read("../kinds/nonogram/testdata/non/webpbn-26167.non"), 1},
		{"webpbn-1", read("../kinds/nonogram/testdata/non/webpbn-1.xml"), 1},
		{"janko", janko, 38},
	} {
		r := c.post("/import", url.Values{"csrf": {tok}, "text": {tc.text}, "source": {tc.source}})
		if r.code != http.StatusSeeOther {
			t.Fatalf("import %s: %d %.300s", tc.source, r.code, r.body)
		}
		// the sample library holds some of the Janko ones already
		if j := waitJob(t, c, r.hdr.Get("Location")); j.Imported+j.Duplicates != tc.imported || j.Rejected+j.Invalid != 0 {
			t.Errorf("import %s: %+v", tc.source, j)
		}
	}
	list := c.get("/puzzles?kind=nonogram&source=janko")
	if n := len(rowIDs(list.body)); n != 38 || strings.Count(list.body, "<svg") < 38 {
		t.Fatalf("the list shows %d janko nonograms, %d thumbnails", n, strings.Count(list.body, "<svg"))
	}
	// 583_30x30, the hardest: rank 3 or more
	hardest := pencilbox.Filter{Kind: "nonogram", Source: "janko", RankMin: 3, Sort: pencilbox.SortRank, Desc: true}
	hard := e.pick(hardest, 1)
	if len(hard) == 1 { // the first in id order of the highest rank
		top := e.puzzle(hard[0]).Rank
		hardest.RankMin, hardest.RankMax, hardest.Sort, hardest.Desc = top, top, pencilbox.SortID, false
		hard = e.pick(hardest, 1)
	}
	if len(hard) != 1 {
		t.Fatalf("no hard nonogram: %v", hard)
	}
	id := strconv.FormatInt(hard[0], 10)
	page := c.get("/puzzles/" + id)
	sol := c.get("/puzzles/" + id + "?solution=1")
	dark := regexp.MustCompile(`class="cell dark"`)
	if page.code != 200 || sol.code != 200 {
		t.Fatalf("puzzle page %d, solution %d", page.code, sol.code)
	}
	if n := strings.Count(page.body, `class="outside"`); n < 60 {
		t.Errorf("the board draws %d clue numbers outside the grid", n)
	}
	if n, m := len(dark.FindAllString(page.body, -1)), len(dark.FindAllString(sol.body, -1)); m <= n+100 {
		t.Errorf("the solution page draws %d filled cells, the puzzle page %d: no picture", m, n)
	}
	steps := c.get("/puzzles/" + id + "?step=2#step")
	if steps.code != 200 || !regexp.MustCompile(`(Row|Column) \d+`).MatchString(steps.body) || !strings.Contains(steps.body, "unit") {
		t.Errorf("step viewer: %d, a line named %v, highlighted %v", steps.code,
			regexp.MustCompile(`(Row|Column) \d+`).MatchString(steps.body), strings.Contains(steps.body, "unit"))
	}
	// searched by its mirror image's Pattern ID, and by its URL: found
	p, err := nonogram.Parse(e.puzzle(hard[0]).Givens)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{p.Transform(1).TathamID(), p.Transform(2).URL()} {
		if r := c.get("/puzzles?" + url.Values{"q": {q}}.Encode()); r.code != http.StatusSeeOther || r.hdr.Get("Location") != "/puzzles/"+id {
			t.Errorf("search %.40s: %d to %q, want /puzzles/%s", q, r.code, r.hdr.Get("Location"), id)
		}
	}
	want := e.matches(pencilbox.Filter{Kind: "nonogram"})
	for _, format := range []string{"tatham", "non", "url", "csv", "json", "pdf"} {
		r := c.get("/export?kind=nonogram&format=" + format)
		if r.code != 200 || len(r.body) == 0 {
			t.Errorf("export %s: %d %.200s", format, r.code, r.body)
			continue
		}
		switch format {
		case "tatham", "url":
			n := 0
			for _, l := range strings.Split(strings.TrimSpace(r.body), "\n") {
				if strings.HasPrefix(l, "#") {
					continue
				}
				if _, err := nonogram.Parse(l); err != nil {
					t.Errorf("export %s: %q: %v", format, l, err)
				}
				n++
			}
			if n != want {
				t.Errorf("export %s: %d puzzles, the library holds %d", format, n, want)
			}
		case "non":
			if n := strings.Count(r.body, "\n====\n"); n != want {
				t.Errorf("export non: %d puzzles, want %d", n, want)
			}
		case "pdf":
			if !strings.HasPrefix(r.body, "%PDF-") {
				t.Error("export pdf: not a PDF")
			}
		}
	}
	// a set of nonograms, printed with its solutions
	ctx := context.Background()
	sets := db.SetStore{DB: e.db.W}
	set, err := sets.Create(ctx, "Pictures", "")
	if err != nil {
		t.Fatal(err)
	}
	pg, err := e.db.Puzzles(ctx, pencilbox.Filter{Kind: "nonogram", Status: "unique", Limit: 6})
	if err != nil || len(pg.Rows) != 6 {
		t.Fatalf("%d nonograms: %v", len(pg.Rows), err)
	}
	var ids []int64
	for _, p := range pg.Rows {
		ids = append(ids, p.ID)
	}
	if _, err := sets.Add(ctx, set, ids, false); err != nil {
		t.Fatal(err)
	}
	r := c.get("/sets/" + strconv.FormatInt(set, 10) + "/booklet?make=1&format=pdf&title=Pictures&per=4&order=set&caption=stars&solutions=1")
	if r.code != 200 || !strings.HasPrefix(r.body, "%PDF-") {
		t.Errorf("booklet: %d %.200s", r.code, r.body)
	}
}
