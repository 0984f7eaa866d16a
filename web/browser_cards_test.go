package web

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserCardLabels: the users page's "sure" tick box sits beside its
// word (form.inline gave every input of the row 4rem, the box too, which
// left a wide gap before "sure"), and on a phone, where each table row
// is a card with no header row, the audit log's client address is
// labelled "From" (it stood bare between the user and the action).
func TestBrowserCardLabels(t *testing.T) {
	e := newTestEnv(t, nil)
	if _, err := e.s.users.AddWithRole(t.Context(), "ed", testPass, "editor"); err != nil {
		t.Fatal(err)
	}
	ctx := browser(t)
	base := e.srv.URL
	do(t, ctx, "log in",
		chromedp.Navigate(base+"/login"),
		chromedp.WaitVisible(chromedp.CSS(`input[name=username]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name=username]`), testUser),
		chromedp.SendKeys(chromedp.CSS(`input[name=password]`), testPass),
		chromedp.Submit(chromedp.CSS(`input[name=password]`)))
	do(t, ctx, "the dashboard after the login", chromedp.WaitVisible(chromedp.CSS(`form.logout`)))
	type box struct{ Width, Gap float64 }
	type label struct{ Client, Before string }
	for _, width := range []int64{390, 1280} {
		do(t, ctx, "window", chromedp.EmulateViewport(width, 900))
		do(t, ctx, "users", chromedp.Navigate(base+"/users"), chromedp.WaitReady(chromedp.CSS(`main`)))
		b := get(t, ctx, "the sure box", chromedp.Evaluate[box](`(() => {
			const b = document.querySelector('input[name=confirm]');
			const r = document.createRange();
			r.selectNode(b.closest('label').lastChild);
			const br = b.getBoundingClientRect();
			return {Width: br.width, Gap: r.getBoundingClientRect().left - br.right};
		})()`))
		if b.Width > 24 || b.Gap > 12 {
			t.Errorf("%d px: the sure box is %.0f px wide, %.0f px before its word; want at most 24 and 12", width, b.Width, b.Gap)
		}
		do(t, ctx, "audit", chromedp.Navigate(base+"/audit"), chromedp.WaitReady(chromedp.CSS(`main`)))
		l := get(t, ctx, "the From cell", chromedp.Evaluate[label](`(() => {
			const td = [...document.querySelectorAll('table.audit td:nth-child(3)')].find(td => td.textContent.trim() !== '');
			return td ? {Client: td.textContent.trim(), Before: getComputedStyle(td, '::before').content} : {};
		})()`))
		want := `"From "`
		if width > 760 {
			want = "none" // the table has its header row
		}
		if l.Client == "" || l.Before != want {
			t.Errorf("%d px: the audit log's address %q is labelled %s, want %s", width, l.Client, l.Before, want)
		}
	}
}
