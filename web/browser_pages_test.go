package web

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"pencilbox"
	"pencilbox/web/model"
)

// screenshotsEnv names the folder TestBrowserPages writes a screenshot of
// every page to, at each width (make screenshots: docs/screenshots).
const screenshotsEnv = "PENCILBOX_SCREENSHOTS"

// TestBrowserPages opens every page of the admin as a phone (390 px) and
// a desktop (1280 px) show it, in the light and the dark scheme: no page
// is wider than the window (nothing to scroll sideways, nor on the
// smallest phones, 360 px), and axe-core
// (web/testdata/axe) finds nothing serious or critical: labels, names,
// contrast (WCAG AA), keyboard reach.
func TestBrowserPages(t *testing.T) {
	e := newTestEnv(t, nil)
	pages := curatorPages(t, e)
	via := map[string]curatorPage{}
	for _, p := range pages {
		if len(p.steps) > 0 {
			via[p.name] = p
		}
	}
	axe, err := os.ReadFile(filepath.Join("testdata", "axe", "axe.min.js"))
	if err != nil {
		t.Fatal(err)
	}
	shots := os.Getenv(screenshotsEnv)
	ctx := browserFor(t, 10*time.Minute)
	base := e.srv.URL
	do(t, ctx, "inject axe-core into every page", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: string(axe)})
		return err
	}))
	// the login page first, before the session exists
	logIn := func() {
		do(t, ctx, "log in",
			chromedp.Navigate(base+"/login"),
			chromedp.WaitVisible(chromedp.CSS(`input[name=username]`)),
			chromedp.SendKeys(chromedp.CSS(`input[name=username]`), testUser),
			chromedp.SendKeys(chromedp.CSS(`input[name=password]`), testPass),
			chromedp.Submit(chromedp.CSS(`input[name=password]`)))
		do(t, ctx, "the dashboard after the login", chromedp.WaitVisible(chromedp.CSS(`form.logout`)))
	}
	for _, scheme := range []string{"light", "dark"} {
		for _, width := range []int64{360, 390, 1280} {
			if width == 360 && scheme == "dark" {
				continue // the smallest phone: the widths alone, once
			}
			do(t, ctx, "window", chromedp.EmulateViewport(width, 900), colorScheme(scheme))
			check := func(name, path string) {
				t.Helper()
				at := fmt.Sprintf("%s (%s, %d px, %s)", name, path, width, scheme)
				do(t, ctx, "open "+at, chromedp.Navigate(base+path), chromedp.WaitReady(chromedp.CSS(`main`)))
				if p, ok := via[name]; ok {
					do(t, ctx, "reach "+at, p.steps...)
				}
				if over := get(t, ctx, "widths", chromedp.Evaluate[overflow](overflowJS)); over.Doc > over.View {
					t.Errorf("%s: the page is %d px wide in a %d px window (wider: %s)", at, over.Doc, over.View, strings.Join(over.Wide, "; "))
				}
				if width == 360 {
					return
				}
				for _, v := range get(t, ctx, "axe", chromedp.Evaluate[[]axeFinding](axeJS, chromedp.EvalAwaitPromise)) {
					t.Errorf("%s: axe %s (%s): %s: %s", at, v.ID, v.Impact, v.Help, strings.Join(v.Nodes, " | "))
				}
				if shots != "" && (scheme == "light" || width == 1280 && darkShots[name]) {
					png := get(t, ctx, "screenshot", pageTop(width, 2400))
					file := filepath.Join(shots, fmt.Sprintf("%s-%d%s.png", name, width, map[string]string{"light": "", "dark": "-dark"}[scheme]))
					if err := os.WriteFile(file, png, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			do(t, ctx, "forget the session", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
				_, err := cdp.Call(ctx, tg, network.ClearBrowserCookies, cdp.Empty{})
				return err
			}))
			check("login", "/login")
			logIn()
			for _, p := range pages {
				check(p.name, p.path)
			}
		}
	}
}

// darkShots are the pages whose screenshot is also taken in the dark
// scheme (at 1280 px): boards, thumbnails and charts.
var darkShots = map[string]bool{"dashboard": true, "library": true, "sudoku-steps": true, "akari": true, "killer-steps": true, "nonogram": true}

// curatorPage is one page of the admin, by a name for its screenshot:
// the page at path, or the one the steps reach from it (a form's answer).
type curatorPage struct {
	name, path string
	steps      []chromedp.Action[chromedp.Void]
}

// curatorPages are the admin's pages over the sample library, one of each
// kind: a set with puzzles and an import job are made first.
func curatorPages(t *testing.T, e *testEnv) []curatorPage {
	t.Helper()
	ctx := context.Background()
	// large Akari boards (100x100, 45x31): their thumbnails and boards
	// must fit a phone's width as a 10x10's do
	large, err := os.Open(filepath.Join("testdata", "akari_large.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer large.Close()
	if j, err := e.lib.Import(ctx, large, model.ImportOptions{Source: "large akari"}, func(model.Job) {}); err != nil || j.Imported != 2 {
		t.Fatalf("importing the large Akari: %+v, %v", j, err)
	}
	big := e.ids(`SELECT id FROM puzzles WHERE kind = 'akari' AND width = 100 AND height = 100`)
	if len(big) != 1 {
		t.Fatalf("the 100x100 Akari: %v", big)
	}
	// SQL: subjects by orders no filter has (largest board, kind, jobs)
	sd := e.ids(`SELECT id FROM puzzles WHERE kind = 'sudoku' AND rank = 7 AND verdict1 = 1 ORDER BY id LIMIT 1`)
	ak := e.ids(`SELECT id FROM puzzles WHERE kind = 'akari' AND status = 1 ORDER BY rank DESC, id LIMIT 1`)
	// the largest sample Slitherlink of the highest rank: its step
	// viewer's board must fit a phone's width too
	sl := e.ids(`SELECT id FROM puzzles WHERE kind = 'slitherlink' AND status = 1 ORDER BY rank DESC, width * height DESC, id LIMIT 1`)
	kl := e.ids(`SELECT id FROM puzzles WHERE kind = 'killer' AND status = 1 AND width = 9 ORDER BY rank DESC, id LIMIT 1`)
	// the hardest nonogram (its picture, its steps) and the largest
	// (40x30: its clue margins must fit a phone's width too)
	nono := e.ids(`SELECT id FROM puzzles WHERE kind = 'nonogram' AND status = 1 ORDER BY rank DESC, id LIMIT 1`)
	nonoBig := e.ids(`SELECT id FROM puzzles WHERE kind = 'nonogram' ORDER BY width * height DESC, id LIMIT 1`)
	items := e.ids(`SELECT id FROM puzzles WHERE status = 1 ORDER BY kind DESC, id LIMIT 6`)
	jobs := e.ids(`SELECT id FROM jobs ORDER BY id LIMIT 1`)
	if len(sd) == 0 || len(ak) == 0 || len(sl) == 0 || len(kl) == 0 || len(nono) == 0 || len(nonoBig) == 0 || len(items) == 0 || len(jobs) == 0 {
		t.Fatalf("the sample lacks a page's subject: sudoku %v akari %v slitherlink %v killer %v nonogram %v %v items %v jobs %v", sd, ak, sl, kl, nono, nonoBig, items, jobs)
	}
	set, err := e.s.sets.Create(ctx, "Sunday paper, week 48", "Six puzzles for the weekend page: easy first.")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.s.sets.Add(ctx, set, items, false); err != nil {
		t.Fatal(err)
	}
	other, err := e.s.sets.Create(ctx, "Puzzle of the day", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.s.sets.Publish(ctx, set, "Daily Times", "2026-11-20", 0); err != nil {
		t.Fatal(err)
	}
	// a second user, so /users shows the forms for others (reset,
	// disable, delete) and a failed login's count
	if _, err := e.s.users.AddWithRole(ctx, "night-editor", testPass, pencilbox.RoleEditor); err != nil {
		t.Fatal(err)
	}
	e.s.accounts.end("night-editor", "", false, e.s.now())
	id := func(n int64) string { return strconv.FormatInt(n, 10) }
	return []curatorPage{
		{name: "dashboard", path: "/"},
		{name: "library", path: "/puzzles"},
		{name: "library-filtered", path: "/puzzles?kind=sudoku&rank=4-6&sort=er&order=desc"},
		{name: "library-refused", path: "/puzzles?rank=4%2B"},
		{name: "sudoku", path: "/puzzles/" + id(sd[0])},
		{name: "sudoku-steps", path: "/puzzles/" + id(sd[0]) + "?step=12#step"},
		{name: "akari", path: "/puzzles/" + id(ak[0]) + "?step=3#step"},
		{name: "library-akari-large", path: "/puzzles?kind=akari&sort=clues&order=desc"},
		{name: "akari-large", path: "/puzzles/" + id(big[0])},
		{name: "slitherlink", path: "/puzzles/" + id(sl[0]) + "?step=3#step"},
		{name: "library-slitherlink", path: "/puzzles?kind=slitherlink&sort=rank&order=desc"},
		{name: "library-killer", path: "/puzzles?kind=killer"},
		{name: "killer", path: "/puzzles/" + id(kl[0])},
		{name: "killer-steps", path: "/puzzles/" + id(kl[0]) + "?step=8#step"},
		{name: "nonogram", path: "/puzzles/" + id(nono[0]) + "?solution=1"},
		{name: "nonogram-steps", path: "/puzzles/" + id(nono[0]) + "?step=3#step"},
		{name: "library-nonogram", path: "/puzzles?kind=nonogram&sort=clues&order=desc"},
		{name: "nonogram-large", path: "/puzzles/" + id(nonoBig[0])},
		{name: "sets", path: "/sets"},
		{name: "set", path: "/sets/" + id(set)},
		{name: "booklet", path: "/sets/" + id(set) + "/booklet"},
		{name: "booklet-refused", path: "/sets/" + id(set) + "/booklet?make=1&per=3&label_from=2026-11-30"},
		{name: "set-delete", path: "/sets/" + id(set), steps: []chromedp.Action[chromedp.Void]{
			chromedp.Click(chromedp.CSS(`form.deleteset button`)), chromedp.WaitVisible(chromedp.CSS(`#confirm-delete`))}},
		{name: "set-reuse", path: "/puzzles?kind=sudoku", steps: []chromedp.Action[chromedp.Void]{
			chromedp.Click(chromedp.CSS(`input[name=id][value="` + id(items[0]) + `"]`)),
			chromedp.SetValue(chromedp.CSS(`#add-top select[name=set]`), id(other)),
			chromedp.Click(chromedp.CSS(`#add-top button[value=ticked]`)), chromedp.WaitVisible(chromedp.CSS(`#reused`))}},
		{name: "import", path: "/import"},
		{name: "job", path: "/import/" + id(jobs[0])},
		{name: "generate", path: "/generate"},
		{name: "users", path: "/users"},
		{name: "users-refused", path: "/users", steps: []chromedp.Action[chromedp.Void]{
			chromedp.SetValue(chromedp.CSS(`form.stack input[name=name]`), "dora"),
			chromedp.SetValue(chromedp.CSS(`form.stack input[name=password]`), "short"),
			chromedp.Click(chromedp.CSS(`form.stack button`)), chromedp.WaitVisible(chromedp.CSS(`#new-user-errors`))}},
		{name: "account", path: "/account"},
		{name: "audit", path: "/audit"},
		{name: "error", path: "/puzzles/999999999"},
	}
}

// pageTop is a PNG of the page from its top, down to maxHeight pixels at
// most (a 50-row list is 10,000 px tall on a phone: its top says enough).
func pageTop(width int64, maxHeight float64) chromedp.Action[[]byte] {
	return func(ctx context.Context, tg *chromedp.Target) ([]byte, error) {
		h, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`document.documentElement.scrollHeight`))
		if err != nil {
			return nil, err
		}
		r, err := cdp.Call(ctx, tg, page.CaptureScreenshot, page.CaptureScreenshotParams{
			Format: page.CaptureScreenshotFormatPng, CaptureBeyondViewport: ptrTo(true),
			Clip: &page.Viewport{Width: float64(width), Height: min(h, maxHeight), Scale: 1}})
		if err != nil {
			return nil, err
		}
		return r.Data, nil
	}
}

func ptrTo[T any](v T) *T { return &v }

// colorScheme makes the page see the system's light or dark preference.
func colorScheme(scheme string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}})
		return err
	})
}

type overflow struct {
	Doc, View int
	Wide      []string // the elements that reach past the window's right edge
}

// overflowJS measures the document against the window and names the
// outermost elements that stick out (not those inside a box that
// scrolls on its own).
const overflowJS = `(() => {
  const view = document.documentElement.clientWidth;
  const wide = [];
  const inScroller = el => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === "auto" || o === "scroll" || o === "hidden") return true;
    }
    return false;
  };
  for (const el of document.body.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    if (r.right > view + 0.5 && r.width > 0 && !inScroller(el)) {
      const p = el.parentElement;
      if (p && p.getBoundingClientRect().right > view + 0.5 && !inScroller(p)) continue;
      wide.push(el.tagName.toLowerCase() + (el.className && typeof el.className === "string" ? "." + el.className.trim().replace(/\s+/g, ".") : "") + " " + Math.round(r.right) + "px");
      if (wide.length >= 5) break;
    }
  }
  return {Doc: document.documentElement.scrollWidth, View: view, Wide: wide};
})()`

type axeFinding struct {
	ID, Impact, Help string
	Nodes            []string
}

// axeJS runs axe-core's WCAG 2.1 A/AA rules and best practices on the
// page and keeps the serious and critical findings.
const axeJS = `axe.run(document, {
  runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]},
  resultTypes: ["violations"]
}).then(r => r.violations
  .filter(v => v.impact === "serious" || v.impact === "critical")
  .map(v => ({ID: v.id, Impact: v.impact, Help: v.help,
    Nodes: v.nodes.slice(0, 4).map(n => n.target.join(" ") + (n.failureSummary ? " [" + n.failureSummary.replace(/\s+/g, " ") + "]" : ""))})))`
