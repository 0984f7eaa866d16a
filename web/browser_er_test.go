package web

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"pencilbox"
)

// TestBrowserER: a curator filters the list by an ER range with the form
// and sees only such puzzles; on a puzzle's page the explainer's steps
// come first, the switch goes to the star-ladder steps and back; a step
// of a chain is drawn with one arrow per link of the step.
func TestBrowserER(t *testing.T) {
	e := newTestEnv(t, nil)
	ctx := browser(t)
	base := e.srv.URL
	do(t, ctx, "log in",
		chromedp.Navigate(base+"/puzzles?kind=sudoku"),
		chromedp.WaitVisible(chromedp.CSS(`input[name=username]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name=username]`), testUser),
		chromedp.SendKeys(chromedp.CSS(`input[name=password]`), testPass),
		chromedp.Submit(chromedp.CSS(`input[name=password]`)))
	waitURL(t, ctx, "/puzzles")

	// the ER range in the form
	do(t, ctx, "filter by ER",
		chromedp.WaitVisible(chromedp.CSS(`form.filters`)),
		chromedp.SetValue(chromedp.CSS(`input[name=er]`), "3.0-4.5"),
		chromedp.Click(chromedp.CSS(`form.filters button[type=submit]`)))
	waitURL(t, ctx, "er=3.0-4.5")
	do(t, ctx, "list", chromedp.WaitVisible(chromedp.CSS(`table.puzzles`)))
	ers := get(t, ctx, "ER cells", chromedp.Evaluate[[]string](
		`Array.from(document.querySelectorAll("table.puzzles td.scale"), td => td.textContent)`))
	// SQL: the ER filter's oracle, apart from the store's query builder
	want := e.count(`SELECT count(*) FROM puzzles WHERE scale1 BETWEEN 3.0 AND 4.5`)
	if want == 0 || len(ers) != min(want, PageSize) {
		t.Fatalf("ER 3.0-4.5 lists %d rows, the library has %d", len(ers), want)
	}
	for _, s := range ers {
		if v, err := strconv.ParseFloat(s, 64); err != nil || v < 3 || v > 4.5 {
			t.Errorf("a row of the ER 3.0-4.5 list shows ER %q", s)
		}
	}

	// the switch between the two step logs, and back
	id := e.first(pencilbox.Filter{ScaleMin: 3, ScaleMax: 4.5})
	do(t, ctx, "open the puzzle",
		chromedp.Navigate(fmt.Sprintf("%s/puzzles/%d", base, id)),
		chromedp.WaitVisible(chromedp.CSS(`#stepsource`)))
	shown := get(t, ctx, "the log shown", chromedp.Text(chromedp.CSS(`#stepsource strong`)))
	erFirst := get(t, ctx, "first sentence", chromedp.Text(chromedp.CSS(`#sentence`)))
	if !strings.Contains(shown, "Explainer") {
		t.Errorf("the step viewer shows %q first, want the explainer's steps", shown)
	}
	do(t, ctx, "switch to the star steps", chromedp.Click(chromedp.CSS(`#steps-stars`)))
	waitURL(t, ctx, "steps=stars")
	do(t, ctx, "star steps", chromedp.WaitVisible(chromedp.CSS(`#steps-er`)))
	shown = get(t, ctx, "the log shown", chromedp.Text(chromedp.CSS(`#stepsource strong`)))
	if !strings.Contains(shown, "Star") {
		t.Errorf("after the switch the viewer shows %q", shown)
	}
	// stepping keeps the choice
	do(t, ctx, "next step", chromedp.Click(chromedp.CSS(`#next`)))
	waitURL(t, ctx, "step=2")
	if loc := get(t, ctx, "location", chromedp.Location()); !strings.Contains(loc, "steps=stars") {
		t.Errorf("the next step's address %s forgot the star steps", loc)
	}
	do(t, ctx, "switch back", chromedp.Click(chromedp.CSS(`#steps-er`)))
	waitURL(t, ctx, "steps=er")
	do(t, ctx, "explainer steps", chromedp.WaitVisible(chromedp.CSS(`#sentence`)))
	if back := get(t, ctx, "first sentence", chromedp.Text(chromedp.CSS(`#sentence`))); back != erFirst {
		t.Errorf("back on the explainer's steps: %q, first time %q", back, erFirst)
	}

	// the next step is fetched, not the page: a mark left on the page
	// stays, the address follows, the list marks the step
	do(t, ctx, "mark the page", chromedp.Evaluate[chromedp.Void](`window.kept = 1`))
	do(t, ctx, "next step", chromedp.Click(chromedp.CSS(`#next`)))
	waitURL(t, ctx, "step=2")
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		no := get(t, ctx, "step counter", chromedp.Evaluate[string](`document.querySelector("p.stepno").textContent`))
		if strings.HasPrefix(no, "Step 2 ") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the step counter stays %q", no)
		}
	}
	if kept := get(t, ctx, "the mark", chromedp.Evaluate[int](`window.kept || 0`)); kept != 1 {
		t.Error("stepping loaded the whole page again")
	}
	if cur := get(t, ctx, "current step in the list", chromedp.Evaluate[string](`document.querySelector("ol.steplist li.current").dataset.step`)); cur != "2" {
		t.Errorf("the list marks step %s", cur)
	}

	// a chain step's arrows
	id, n, links := chainStep(t, e)
	if id == 0 {
		t.Fatal("none of the sample's 20 hardest Sudoku puzzles by ER has a step with chain links in the explainer's path: the chains' links are lost")
	}
	do(t, ctx, "open the chain step",
		chromedp.Navigate(fmt.Sprintf("%s/puzzles/%d?step=%d", base, id, n)),
		chromedp.WaitVisible(chromedp.CSS(`svg.board`)))
	arrows := get(t, ctx, "arrows", chromedp.Evaluate[int](`document.querySelectorAll("svg.board line.link").length`))
	if arrows != links {
		t.Errorf("puzzle %d step %d: %d arrows for %d links", id, n, arrows, links)
	}
}

// chainStep finds a stored Sudoku whose explainer path has a step with
// chain links: its id, the step's number and its link count.
func chainStep(t *testing.T, e *testEnv) (int64, int, int) {
	t.Helper()
	sr := testBundles.SecondRaters()["sudoku"]
	kinds, _ := testKinds()
	k, _ := kinds.Lookup("sudoku")
	// SQL: the hardest by ER, ties in id order (the filter's descending
	// sort breaks them the other way)
	for _, id := range e.ids(`SELECT id FROM puzzles WHERE kind = 'sudoku' AND scale1 IS NOT NULL ORDER BY scale1 DESC, id LIMIT 20`) {
		p, err := k.Parse(e.puzzle(id).Givens)
		if err != nil {
			t.Fatal(err)
		}
		for i, st := range sr.RateSecond(p, true).Steps {
			if len(st.Links) > 0 {
				return id, i + 1, len(st.Links)
			}
		}
	}
	return 0, 0, 0
}

// TestBrowserCJK: Akari's "Contradiction (背理法, one assumption)" never
// shows as boxes: where the browser draws no glyph for 背 (no CJK font,
// as on this test machine without fonts-noto-cjk) the page shows the
// English name alone; where it does, the name as written.
func TestBrowserCJK(t *testing.T) {
	e := newTestEnv(t, nil)
	ctx := browser(t)
	do(t, ctx, "log in",
		chromedp.Navigate(e.srv.URL+"/puzzles"),
		chromedp.WaitVisible(chromedp.CSS(`input[name=username]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name=username]`), testUser),
		chromedp.SendKeys(chromedp.CSS(`input[name=password]`), testPass),
		chromedp.Submit(chromedp.CSS(`input[name=password]`)))
	waitURL(t, ctx, "/puzzles")
	do(t, ctx, "list", chromedp.WaitVisible(chromedp.CSS(`form.filters`)))
	names := get(t, ctx, "technique names", chromedp.Evaluate[[]string](
		`Array.from(document.querySelectorAll("select[name=technique] option"), o => o.textContent)`))
	// Whether this browser has a glyph for 背: drawn unlike a private-use
	// character that no font has.
	glyph := get(t, ctx, "glyph", chromedp.Evaluate[bool](`(function () {
		function px(s) { var c = document.createElement("canvas"); c.width = 40; c.height = 30;
			var x = c.getContext("2d"); x.font = "24px sans-serif"; x.fillText(s, 2, 24);
			return x.getImageData(0, 0, 40, 30).data.join(","); }
		return px("背") !== px("\u{F0000}");
	})()`))
	found := false
	for _, n := range names {
		if !strings.HasPrefix(n, "Akari (Light Up): Contradiction") {
			continue
		}
		found = true
		has := strings.Contains(n, "背理法")
		if has != glyph {
			t.Errorf("the browser draws 背: %v; the name shows as %q", glyph, n)
		}
		if !glyph && n != "Akari (Light Up): Contradiction (one assumption)" {
			t.Errorf("the English name is %q", n)
		}
	}
	if !found {
		t.Fatalf("no Akari contradiction technique among %v", names)
	}
}
