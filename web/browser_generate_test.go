package web

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"pencilbox"
)

// TestBrowserGenerate: an editor asks the Generate page for 3 Akari of 2
// stars at 6x6, tagged and in a set; the run's page counts them as an
// import does, and they appear in the library, the set and their list. An
// impossible target is refused on the form with the reason.
func TestBrowserGenerate(t *testing.T) {
	e := newTestEnv(t, nil)
	ctx := browser(t)
	base := e.srv.URL
	before := e.matches(pencilbox.Filter{Kind: "akari"})
	do(t, ctx, "log in",
		chromedp.Navigate(base+"/generate"),
		chromedp.WaitVisible(chromedp.CSS(`input[name=username]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name=username]`), testUser),
		chromedp.SendKeys(chromedp.CSS(`input[name=password]`), testPass),
		chromedp.Submit(chromedp.CSS(`input[name=password]`)))
	waitURL(t, ctx, "/generate")

	// an impossible target: refused before any job, with the reason
	do(t, ctx, "ask a 3x3 Akari of 5 stars",
		chromedp.WaitVisible(chromedp.CSS(`form.generate`)),
		chromedp.SetValue(chromedp.CSS(`select[name=kind]`), "akari"),
		chromedp.SetValue(chromedp.CSS(`input[name=rank]`), "5"),
		chromedp.SetValue(chromedp.CSS(`input[name=size]`), "3x3"),
		chromedp.Click(chromedp.CSS(`form.generate button[type=submit]`)))
	waitURL(t, ctx, "/generate")
	do(t, ctx, "flash", chromedp.WaitVisible(chromedp.CSS(`.flash`)))
	if msg := get(t, ctx, "flash", chromedp.Text(chromedp.CSS(`.flash`))); !strings.Contains(msg, "rates above 4") {
		t.Errorf("the refusal says %q, want the reason (no 3x3 rates above 4)", msg)
	}
	jobs := len(e.jobs())

	do(t, ctx, "ask 3 Akari of 2 stars",
		chromedp.WaitVisible(chromedp.CSS(`form.generate`)),
		chromedp.SetValue(chromedp.CSS(`select[name=kind]`), "akari"),
		chromedp.SetValue(chromedp.CSS(`input[name=rank]`), "2"),
		chromedp.SetValue(chromedp.CSS(`input[name=count]`), "3"),
		chromedp.SetValue(chromedp.CSS(`select[name=symmetry]`), "rot180"),
		chromedp.SetValue(chromedp.CSS(`input[name=size]`), "6x6"),
		chromedp.SetValue(chromedp.CSS(`input[name=tags]`), "fresh"),
		chromedp.SetValue(chromedp.CSS(`input[name=set]`), "made today"),
		chromedp.Click(chromedp.CSS(`form.generate button[type=submit]`)))
	waitURL(t, ctx, "/import/")
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		state := get(t, ctx, "job state", chromedp.Evaluate[string](`(document.querySelector("#jstate")||{}).textContent || ""`))
		if strings.Contains(state, "Done") {
			break
		}
		if strings.Contains(state, "Failed") || time.Now().After(deadline) {
			t.Fatalf("the run's page says %q", state)
		}
	}
	if n := len(e.jobs()); n != jobs+1 {
		t.Errorf("%d jobs after the refused target and one run, want %d", n, jobs+1)
	}
	if n := len(e.audited("generate", testUser)); n != 1 {
		t.Errorf("the audit log holds %d generator runs by %s, want 1", n, testUser)
	}
	added := get(t, ctx, "imported", chromedp.Text(chromedp.CSS(`#jimported`)))
	if n, _ := strconv.Atoi(added); n != 3 {
		t.Errorf("the run's page counts %s added, want 3", added)
	}
	if n := e.matches(pencilbox.Filter{Kind: "akari"}); n != before+3 {
		t.Errorf("%d Akari in the library, want %d", n, before+3)
	}
	six := pencilbox.Size{W: 6, H: 6}
	if n := e.matches(pencilbox.Filter{Kind: "akari", Tag: "fresh", RankMin: 2, RankMax: 2, Status: "unique", SizeMin: six, SizeMax: six}); n != 3 {
		t.Errorf("%d unique 6x6 Akari of 2 stars tagged fresh, want 3", n)
	}
	if _, items, _ := e.setNamed("made today"); len(items) != 3 {
		t.Errorf("the set holds %d puzzles, want 3", len(items))
	}
	do(t, ctx, "see the puzzles", chromedp.Click(chromedp.CSS(`#jobpuzzles`)))
	waitURL(t, ctx, "/puzzles")
	do(t, ctx, "list", chromedp.WaitVisible(chromedp.CSS(`table.puzzles`)))
	rows := get(t, ctx, "rows", chromedp.Evaluate[int](`document.querySelectorAll("table.puzzles tbody tr").length`))
	if rows != 3 {
		t.Errorf("the run's puzzles list shows %d rows, want 3", rows)
	}
}
