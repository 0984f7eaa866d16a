package web

import (
	"context"
	"html"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/db"
)

// bookletEnv is the sample library with a week of Sudoku in a set whose
// name no file system takes as it is (set 1), and a set of Akari (set 2).
func bookletEnv(t *testing.T) (*testEnv, *client) {
	t.Helper()
	e := newTestEnv(t, nil)
	ctx := context.Background()
	sets := db.SetStore{DB: e.db.W}
	pick := func(f pencilbox.Filter, n int) []int64 {
		f.Limit = n
		page, err := e.db.Puzzles(ctx, f)
		if err != nil || len(page.Rows) != n {
			t.Fatalf("%d puzzles of %+v, want %d: %v", len(page.Rows), f, n, err)
		}
		var ids []int64
		for _, p := range page.Rows {
			ids = append(ids, p.ID)
		}
		return ids
	}
	for _, s := range []struct {
		name string
		f    pencilbox.Filter
	}{
		{`Week 48 / "décembre"`, pencilbox.Filter{Kind: "sudoku", Status: "unique", RankMin: 2, RankMax: 4}},
		{"Akari", pencilbox.Filter{Kind: "akari", Status: "unique"}},
	} {
		id, err := sets.Create(ctx, s.name, "")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := sets.Add(ctx, id, pick(s.f, 7), false); err != nil {
			t.Fatal(err)
		}
	}
	c := e.client()
	c.login()
	return e, c
}

// TestBookletForm: the set's and the list's PDF buttons open the
// booklet's options; the form asks what the CLI takes, filled with the
// defaults (the set's name as the title).
func TestBookletForm(t *testing.T) {
	_, c := bookletEnv(t)
	if r := c.get("/sets/1"); !strings.Contains(r.body, `href="/sets/1/booklet?format=pdf"`) {
		t.Errorf("the set page's pdf button does not open the booklet form")
	}
	if r := c.get("/puzzles?kind=sudoku&rank=5"); !regexp.MustCompile(`href="/booklet\?[^"]*rank=5`).MatchString(r.body) {
		t.Errorf("the list's pdf button does not open the booklet form of its filter")
	}
	for _, tc := range []struct {
		path string
		want []string
		not  []string
	}{
		{"/sets/1/booklet", []string{`name="title"`, `value="Week 48 / &#34;décembre&#34;"`, `name="paper"`, `name="per"`, `<option value="4" selected>`,
			`name="order"`, `value="er"`, `name="caption"`, `name="ids"`, `name="label_from"`, `name="labels"`, `name="solutions" value="1" checked`, "7 puzzles"}, nil},
		// Akari have no ER: neither captioned nor ordered by it
		{"/sets/2/booklet", []string{`name="caption"`, `value="none"`}, []string{`value="er"`, `value="both"`}},
		// the list's form carries its filter
		{"/booklet?kind=sudoku&rank=5&sort=er", []string{`type="hidden" name="kind" value="sudoku"`, `type="hidden" name="rank" value="5"`,
			`<option value="list" selected>`, `value="rank"`}, nil},
	} {
		r := c.get(tc.path)
		if r.code != 200 || !strings.HasPrefix(r.hdr.Get("Content-Type"), "text/html") || r.hdr.Get("Content-Disposition") != "" {
			t.Errorf("GET %s: %d %s %q", tc.path, r.code, r.hdr.Get("Content-Type"), r.hdr.Get("Content-Disposition"))
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(r.body, w) {
				t.Errorf("GET %s: the form lacks %s", tc.path, w)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(r.body, w) {
				t.Errorf("GET %s: the form offers %s", tc.path, w)
			}
		}
	}
}

// TestBookletDownload: the form's options give a PDF named after the set
// (or the filter), with the options in it.
func TestBookletDownload(t *testing.T) {
	_, c := bookletEnv(t)
	for _, tc := range []struct {
		path string
		file string // Content-Disposition
		text []string
	}{
		{"/sets/1/booklet?make=1&format=pdf&title=&paper=Letter&per=2&order=er&caption=both&label_from=2025-12-01&labels=%0AChristmas+special&solutions=1",
			`attachment; filename="Week-48-decembre.pdf"; filename*=UTF-8''Week-48-d%C3%A9cembre.pdf`,
			[]string{"Monday 1 December", "Christmas special", "Wednesday 3 December", "ER ", "Solutions"}},
		{"/sets/2/booklet?make=1&format=pdf&title=Lights+out&per=6&order=set&caption=none&ids=1",
			`attachment; filename="Akari.pdf"`, []string{"Lights out", "No. 7", "id "}},
		{"/booklet?kind=sudoku&rank=5&make=1&format=pdf&title=&per=4&order=rank&caption=stars",
			`attachment; filename="puzzles-sudoku-stars-5.pdf"`, []string{"No. 1"}},
		// an export URL (the old PDF link) still gives the PDF
		{"/sets/1/export?format=pdf&per=6", `attachment; filename="Week-48-decembre.pdf"; filename*=UTF-8''Week-48-d%C3%A9cembre.pdf`, []string{"Week 48"}},
	} {
		r := c.get(tc.path)
		if r.code != 200 || r.hdr.Get("Content-Type") != "application/pdf" || !strings.HasPrefix(r.body, "%PDF-") {
			t.Errorf("GET %s: %d %s %.300s", tc.path, r.code, r.hdr.Get("Content-Type"), r.body)
			continue
		}
		if got := r.hdr.Get("Content-Disposition"); got != tc.file {
			t.Errorf("GET %s: Content-Disposition %s, want %s", tc.path, got, tc.file)
		}
		pdftotext, err := exec.LookPath("pdftotext")
		if err != nil {
			continue // the PDF's text needs poppler-utils (make test installs it)
		}
		path := filepath.Join(t.TempDir(), "b.pdf")
		if err := os.WriteFile(path, []byte(r.body), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(pdftotext, path, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range tc.text {
			if !strings.Contains(string(out), w) {
				t.Errorf("GET %s: the booklet lacks %q", tc.path, w)
			}
		}
	}
}

// TestBookletRefusals: a bad option comes back as the form, filled as
// sent, the field at fault marked and a sentence saying why.
func TestBookletRefusals(t *testing.T) {
	_, c := bookletEnv(t)
	base := "/sets/1/booklet?make=1&format=pdf&title=Kept+title&per=4&order=set&caption=stars&solutions=1"
	for _, tc := range []struct {
		path, field, msg string
	}{
		{base + "&paper=A3", "paper", `Paper "A3": want A4 or Letter.`},
		{strings.Replace(base, "per=4", "per=3", 1), "per", `Puzzles a page "3": want 1, 2, 4 or 6.`},
		{strings.Replace(base, "order=set", "order=clues", 1), "order", `Order "clues": want set or rank or er.`},
		{strings.Replace(base, "caption=stars", "caption=ER!", 1), "caption", `Captions "ER!": want stars, er, both or none.`},
		{base + "&label_from=1+December", "label_from", `Days from "1 December": want a date as 2026-12-01.`},
		{base + "&labels=" + url.QueryEscape(strings.Repeat("day\n", 8)), "labels", "Labels: 8 lines for 7 puzzles; one line a puzzle."},
		{base + "&labels=" + url.QueryEscape("Monday\n"+strings.Repeat("x", 41)), "labels", "Labels, line 2: 41 characters, at most 40 fit a caption."},
		{strings.Replace(base, "Kept+title", strings.Repeat("t", 201), 1), "title", "Title: 201 characters, at most 200 fit the title page."},
		// text the booklet's font cannot print: refused naming it (an emoji was a panic: 500)
		{base + "&labels=" + url.QueryEscape("Monday\nAdvent 🎄"), "labels", `Labels, line 2: the booklet's font has no "🎄" (U+1F384): remove it or write it in letters.`},
		{strings.Replace(base, "Kept+title", url.QueryEscape("Xmas 🎄"), 1), "title", `Title: the booklet's font has no "🎄" (U+1F384): remove it or write it in letters.`},
		// the Akari set has no ER to caption
		{"/sets/2/booklet?make=1&format=pdf&caption=er", "caption", `Captions "er": these puzzles have no ER to show; choose stars or none.`},
		// the old export URL's bad value: the form too
		{"/sets/1/export?format=pdf&per=5", "per", `Puzzles a page "5": want 1, 2, 4 or 6.`},
		{"/export?format=pdf&kind=sudoku&per=5", "per", `Puzzles a page "5": want 1, 2, 4 or 6.`},
	} {
		r := c.get(tc.path)
		body := html.UnescapeString(r.body)
		if r.code != 400 || !strings.HasPrefix(r.hdr.Get("Content-Type"), "text/html") || r.hdr.Get("Content-Disposition") != "" {
			t.Errorf("GET %s: %d %s %q, want the form (400)", tc.path, r.code, r.hdr.Get("Content-Type"), r.hdr.Get("Content-Disposition"))
			continue
		}
		if !strings.Contains(body, `class="flash" role="alert">`+tc.msg) {
			t.Errorf("GET %s: the form does not say %q:\n%.2000s", tc.path, tc.msg, body)
		}
		tag := regexp.MustCompile(`<[^>]*name="` + tc.field + `"[^>]*>`).FindString(r.body)
		if !strings.Contains(tag, `class="invalid"`) || !strings.Contains(tag, `aria-invalid="true"`) || strings.Count(r.body, `aria-invalid="true"`) != 1 {
			t.Errorf("GET %s: field %s is not the one marked", tc.path, tc.field)
		}
		if strings.Contains(tc.path, "Kept+title") && !strings.Contains(r.body, `value="Kept title"`) {
			t.Errorf("GET %s: the form lost the title sent", tc.path)
		}
	}
}
