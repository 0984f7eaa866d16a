package web

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"pencilbox"
	"pencilbox/db"
)

// TestBrowserBooklet: an editor opens a set's booklet options from its
// pdf button, sends one label too many and gets the form back as sent,
// the labels marked and the reason said; with the labels mended the
// browser saves the PDF under the set's name, with the days, the free
// text and the ER in it.
func TestBrowserBooklet(t *testing.T) {
	e := newTestEnv(t, nil)
	ctx0 := context.Background()
	page, err := e.db.Puzzles(ctx0, pencilbox.Filter{Kind: "sudoku", Status: "unique", RankMin: 2, RankMax: 4, Limit: 7})
	if err != nil || len(page.Rows) != 7 {
		t.Fatalf("7 Sudoku: %d %v", len(page.Rows), err)
	}
	var ids []int64
	for _, p := range page.Rows {
		ids = append(ids, p.ID)
	}
	sets := db.SetStore{DB: e.db.W}
	setID, err := sets.Create(ctx0, "Week 48 / décembre", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sets.Add(ctx0, setID, ids, false); err != nil {
		t.Fatal(err)
	}
	ctx := browser(t)
	base := e.srv.URL
	do(t, ctx, "log in",
		chromedp.Navigate(base+"/sets"),
		chromedp.WaitVisible(chromedp.CSS(`input[name=username]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name=username]`), testUser),
		chromedp.SendKeys(chromedp.CSS(`input[name=password]`), testPass),
		chromedp.Submit(chromedp.CSS(`input[name=password]`)))
	waitURL(t, ctx, "/sets")
	do(t, ctx, "open the set", chromedp.Click(chromedp.CSS(`table.sets a`)))
	waitURL(t, ctx, "/sets/")
	do(t, ctx, "the pdf button", chromedp.Click(chromedp.CSS(`a.button[href*="/booklet"]`)))
	waitURL(t, ctx, "/booklet")
	do(t, ctx, "the form", chromedp.WaitVisible(chromedp.CSS(`form.booklet`)))
	if title := get(t, ctx, "title", chromedp.Value(chromedp.CSS(`input[name=title]`))); title != "Week 48 / décembre" {
		t.Errorf("the title page's field says %q, want the set's name", title)
	}

	// one label too many: the form comes back as sent, the labels marked
	do(t, ctx, "fill the form",
		chromedp.SetValue(chromedp.CSS(`select[name=per]`), "2"),
		chromedp.SetValue(chromedp.CSS(`select[name=order]`), "er"),
		chromedp.SetValue(chromedp.CSS(`select[name=caption]`), "both"),
		chromedp.SetValue(chromedp.CSS(`input[name=label_from]`), "2025-12-01"),
		chromedp.SetValue(chromedp.CSS(`textarea[name=labels]`), strings.Repeat("Sunday special\n", 8)),
		chromedp.Click(chromedp.CSS(`form.booklet button[type=submit]`)))
	waitURL(t, ctx, "make=1")
	do(t, ctx, "the refusal", chromedp.WaitVisible(chromedp.CSS(`.flash`)))
	if msg := get(t, ctx, "flash", chromedp.Text(chromedp.CSS(`.flash`))); !strings.Contains(msg, "8 lines for 7 puzzles") {
		t.Errorf("the refusal says %q, want the count of lines and puzzles", msg)
	}
	kept := get(t, ctx, "the form as sent", chromedp.Evaluate[[]string](`[
		document.querySelector("select[name=per]").value,
		document.querySelector("select[name=order]").value,
		document.querySelector("input[name=label_from]").value,
		String(document.querySelector("textarea[name=labels]").getAttribute("aria-invalid")),
		String(document.querySelectorAll("[aria-invalid=true]").length)]`))
	if strings.Join(kept, " ") != "2 er 2025-12-01 true 1" {
		t.Errorf("per, order, first day, labels marked, fields marked: %v; want 2 er 2025-12-01 true 1", kept)
	}

	// mended: the browser saves the booklet under the set's name
	dir := t.TempDir()
	progress := chromedp.Events(ctx, cdpbrowser.DownloadProgress)
	do(t, ctx, "make the PDF",
		chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			yes := true
			_, err := chromedp.Call(ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
				Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir, EventsEnabled: &yes})
			return err
		}),
		chromedp.SetValue(chromedp.CSS(`textarea[name=labels]`), "\nChristmas special"),
		chromedp.Click(chromedp.CSS(`form.booklet button[type=submit]`)))
	for ev, err := range progress {
		if err != nil {
			t.Fatalf("download: %v", err)
		}
		if ev.State == cdpbrowser.DownloadProgressStateCanceled {
			t.Fatalf("the download was cancelled")
		}
		if ev.State == cdpbrowser.DownloadProgressStateCompleted {
			break
		}
	}
	saved, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(saved) != 1 || filepath.Base(saved[0]) != "Week-48-décembre.pdf" {
		t.Fatalf("the browser saved %v, want Week-48-décembre.pdf", saved)
	}
	b, err := os.ReadFile(saved[0])
	if err != nil || !strings.HasPrefix(string(b), "%PDF-") {
		t.Fatalf("the saved file is no PDF: %v", err)
	}
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Skip("pdftotext not found: the booklet's text is not read (make test installs poppler-utils)")
	}
	text, err := exec.Command(pdftotext, saved[0], "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Week 48 / décembre", "Monday 1 December", "Christmas special", "Wednesday 3 December", "ER ", "Solutions"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("the booklet lacks %q", want)
		}
	}
}
