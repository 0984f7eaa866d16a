package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserKeyboard: a curator without a mouse. On each page the first
// Tab shows the "skip to the page" link and Enter takes the focus to the
// page itself; every further Tab stop shows a focus ring (an outline,
// not none) and stays inside the window's width.
func TestBrowserKeyboard(t *testing.T) {
	e := newTestEnv(t, nil)
	pages := curatorPages(t, e)
	ctx := browser(t)
	base := e.srv.URL
	do(t, ctx, "log in",
		chromedp.EmulateViewport(390, 900),
		chromedp.Navigate(base+"/login"),
		chromedp.WaitVisible(chromedp.CSS(`input[name=username]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name=username]`), testUser),
		chromedp.SendKeys(chromedp.CSS(`input[name=password]`), testPass),
		chromedp.Submit(chromedp.CSS(`input[name=password]`)),
		chromedp.WaitVisible(chromedp.CSS(`form.logout`)))
	for _, p := range pages {
		if len(p.steps) > 0 || p.name == "library" || p.name == "library-filtered" || strings.Contains(p.path, "#") {
			continue // reached through a form; the list is library-refused's form and rows like set's; an anchor starts the Tab order at itself
		}
		do(t, ctx, "open "+p.name, chromedp.Navigate(base+p.path), chromedp.WaitReady(chromedp.CSS(`main`)),
			chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0); document.activeElement && document.activeElement.blur()`),
			chromedp.KeyEvent(kb.Tab))
		skip := get(t, ctx, "first stop", chromedp.Evaluate[string](focusJS))
		if !strings.HasPrefix(skip, "a.skip ring ") || strings.Contains(skip, "outside") {
			t.Errorf("%s: the first Tab stop is %q, want the skip link, shown with a ring", p.name, skip)
		}
		do(t, ctx, "skip", chromedp.KeyEvent(kb.Enter))
		if at := get(t, ctx, "after skip", chromedp.Evaluate[string](`document.activeElement.id`)); at != "main" {
			t.Errorf("%s: Enter on the skip link leaves the focus on %q, want main", p.name, at)
		}
		for i := 0; i < 40; i++ {
			do(t, ctx, "tab", chromedp.KeyEvent(kb.Tab))
			stop := get(t, ctx, "stop", chromedp.Evaluate[string](focusJS))
			if stop == "body" {
				break
			}
			if strings.Contains(stop, "no ring") || strings.Contains(stop, "outside") {
				t.Errorf("%s: Tab stop %d: %s", p.name, i+1, stop)
			}
		}
	}
}

// focusJS describes the focused element: its tag and class, whether its
// focus ring shows, and whether it lies within the window's width.
const focusJS = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return "body";
  const cs = getComputedStyle(el);
  const ring = cs.outlineStyle !== "none" && parseFloat(cs.outlineWidth) > 0;
  const r = el.getBoundingClientRect();
  const inside = r.left >= -1 && r.right <= document.documentElement.clientWidth + 1;
  return el.tagName.toLowerCase() + (el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\s+/).join(".") : "") +
    (ring ? " ring" : " no ring") + (inside ? " " : " outside ") + (el.id || el.getAttribute("href") || el.getAttribute("name") || "");
})()`
