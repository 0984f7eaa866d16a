package web

import (
	"context"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestPublishAsImages (issue 33, item 7): the publish form offers random
// images for a set whose kind can print them; the publication keeps the
// number; the set page says so and links the booklet as printed, whose
// form then chooses those images by default; that booklet differs from
// the stored forms' and is the same on a reprint; a choice that is not
// one of the set's printings is refused, naming the field.
func TestPublishAsImages(t *testing.T) {
	e, c := bookletEnv(t)
	tok := c.token("/sets/1")
	if r := c.get("/sets/1"); !strings.Contains(r.body, `name="images"`) {
		t.Fatal("the publish form does not offer random images for a Sudoku set")
	}
	r := c.post("/sets/1/publish", url.Values{"csrf": {tok}, "outlet": {"Daily Star"}, "date": {"2026-12-01"}, "images": {"1"}})
	if r.code != 303 {
		t.Fatalf("publish: %d %.300s", r.code, r.body)
	}
	pubs, err := e.db.Sets().Publications(context.Background(), 1)
	if err != nil || len(pubs) != 1 || pubs[0].Image == 0 {
		t.Fatalf("publications %+v (%v): want one with its image number", pubs, err)
	}
	pub := strconv.FormatInt(pubs[0].ID, 10)
	page := c.get("/sets/1").body
	if !strings.Contains(page, "random images") || !strings.Contains(page, `href="/sets/1/booklet?image=`+pub+`"`) {
		t.Errorf("the set page does not say the publication printed random images, with its booklet")
	}
	_, items, err := e.db.Sets().Get(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if p := c.get("/puzzles/" + strconv.FormatInt(items[0], 10)).body; !strings.Contains(p, "Daily Star, 2026-12-01 (set Week 48 / &#34;décembre&#34;, position 1, printed as a random image of itself)") {
		t.Errorf("the puzzle's page does not say it was printed as a random image")
	}
	form := c.get("/sets/1/booklet").body
	sel := regexp.MustCompile(`(?s)<select name="image".*?</select>`).FindString(form)
	if !regexp.MustCompile(`<option value="` + pub + `" selected>as printed in Daily Star on 2026-12-01</option>`).MatchString(sel) {
		t.Errorf("the booklet form does not choose the printed images by default:\n%s", sel)
	}
	booklet := func(image string) string {
		q := url.Values{"make": {"1"}, "per": {"1"}, "solutions": {"1"}, "caption": {"none"}, "image": {image},
			"title": {""}, "order": {"set"}}
		r := c.get("/sets/1/booklet?" + q.Encode())
		if r.code != 200 || r.hdr.Get("Content-Type") != "application/pdf" {
			t.Fatalf("booklet image=%q: %d %.300s", image, r.code, r.body)
		}
		return pdfPages(t, r.body)
	}
	printed, stored := booklet(pub), booklet("")
	if printed == stored {
		t.Error("the booklet as printed is the booklet of the stored forms")
	}
	if again := booklet(pub); again != printed {
		t.Error("a reprint of the printed images differs from the print")
	}
	r = c.get("/sets/1/booklet?" + url.Values{"make": {"1"}, "image": {"999"}}.Encode())
	if r.code != 400 || !strings.Contains(r.body, `Images &#34;999&#34;: not a publication of this set`) {
		t.Errorf("an unknown printing: %d %.2000s", r.code, r.body)
	}
	if r := c.get("/sets/2/booklet"); strings.Contains(r.body, `name="image"`) {
		t.Error("a set never published as images offers a choice of images")
	}
}

// pdfPages is a PDF's text as pdftotext lays it out (its creation date
// aside, the same booklet gives the same text).
func pdfPages(t *testing.T, pdf string) string {
	t.Helper()
	tool, err := exec.LookPath("pdftotext")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("pdftotext not found (make test installs poppler-utils)")
		}
		t.Skip("pdftotext not found: install poppler-utils (make test does)")
	}
	path := filepath.Join(t.TempDir(), "b.pdf")
	if err := os.WriteFile(path, []byte(pdf), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(tool, "-layout", path, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}
