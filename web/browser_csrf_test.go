package web

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserCookieToss replays issue 21's attack in Chromium: a curator
// logged in to the site visits a page served by another port of the same
// host (the same site, so its cookies are the site's). The page plants a
// pb_csrf cookie of its choosing for Path=/sets, and its button submits a
// form to create a set with the same value as the token. Nothing may change; the
// curator's own form then still works, so the session was live all along.
func TestBrowserCookieToss(t *testing.T) {
	e := newTestEnv(t, nil)
	ctx := browser(t)
	base := e.srv.URL
	chosen := strings.Repeat("A", 43)

	// the attacker's server: /toss plants the cookie and posts the form;
	// /sets/probe (a path the cookie covers) shows the browser kept it
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		switch r.URL.Path {
		case "/toss":
			fmt.Fprintf(w, `<!doctype html><title>win a prize</title>
<form id="f" method="post" action="%s/sets">
<input type="hidden" name="csrf" value="%s"><input type="hidden" name="name" value="tossed">
<button id="prize" type="submit">Claim your prize</button>
</form>
<script>document.cookie = "pb_csrf=%s; path=/sets";</script>`, base, chosen, chosen)
		case "/sets/probe":
			fmt.Fprint(w, `<!doctype html><title>probe</title><p id="c"></p><script>document.getElementById("c").textContent = document.cookie;</script>`)
		default:
			http.NotFound(w, r)
		}
	}))
	defer evil.Close()
	if strings.Split(evil.URL, ":")[1] != strings.Split(base, ":")[1] || evil.URL == base {
		t.Fatalf("the two servers must share a host on two ports: %s, %s", evil.URL, base)
	}

	do(t, ctx, "log in",
		chromedp.Navigate(base+"/login"),
		chromedp.WaitVisible(chromedp.CSS(`input[name=username]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name=username]`), testUser),
		chromedp.SendKeys(chromedp.CSS(`input[name=password]`), testPass),
		chromedp.Submit(chromedp.CSS(`input[name=password]`)))
	do(t, ctx, "logged in", chromedp.WaitVisible(chromedp.CSS(`form.logout`)))

	do(t, ctx, "the attacker's page", chromedp.Navigate(evil.URL+"/toss"),
		chromedp.WaitVisible(chromedp.CSS(`#prize`)), chromedp.Click(chromedp.CSS(`#prize`)))
	waitURL(t, ctx, base+"/sets")
	answer := get(t, ctx, "the answer to the forged post", chromedp.Text(chromedp.CSS(`body`)))
	if n := len(e.sets()); n != 0 {
		t.Fatalf("the forged post created %d set(s); the browser shows %.300q", n, answer)
	}
	if !strings.Contains(answer, "another site") || !strings.Contains(answer, testUser) {
		t.Errorf("the forged post's answer: %.300q, want the refusal naming another site, to the logged-in %s", answer, testUser)
	}
	do(t, ctx, "probe", chromedp.Navigate(evil.URL+"/sets/probe"), chromedp.WaitReady(chromedp.CSS(`#c`)))
	if jar := get(t, ctx, "the cookies the attacker sees", chromedp.Text(chromedp.CSS(`#c`))); !strings.Contains(jar, "pb_csrf="+chosen) {
		t.Fatalf("the browser did not keep the tossed cookie (%q): the test proves nothing", jar)
	}

	// the curator's own form, in the same browser with the tossed cookie
	do(t, ctx, "create a set with the site's form",
		chromedp.Navigate(base+"/sets"),
		chromedp.WaitVisible(chromedp.CSS(`form[action="/sets"] input[name=name]`)),
		chromedp.SendKeys(chromedp.CSS(`form[action="/sets"] input[name=name]`), "Book one"),
		chromedp.Submit(chromedp.CSS(`form[action="/sets"] input[name=name]`)))
	waitURL(t, ctx, base+"/sets/")
	if names := e.setsNamed("Book one"); names != 1 || len(e.sets()) != 1 {
		t.Errorf("after the curator's own form: %d sets named Book one, %d in all; want 1 and 1", names, len(e.sets()))
	}
}
