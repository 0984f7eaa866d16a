package web

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// paste inserts text at the focused field's caret as the browser inserts
// a paste (Input.insertText: one edit, one input event).
func paste(text string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, input.InsertText, input.InsertTextParams{Text: text})
		return err
	})
}

// searchBoxJS measures the list's search box beside the one-line Stars
// field: its height, that field's, whether it spans the form, its value
// and its Enter key's label.
const searchBoxJS = `(() => {
  const q = document.querySelector("textarea[name=q]"), stars = document.querySelector("input[name=rank]");
  const form = q.form.getBoundingClientRect();
  return {Height: q.getBoundingClientRect().height, Line: stars.getBoundingClientRect().height,
    Wide: q.getBoundingClientRect().width > form.width * 0.9, Value: q.value, Key: q.enterKeyHint};
})()`

type searchBox struct {
	Height, Line float64
	Wide         bool
	Value, Key   string // Key: the label a phone's keyboard gives Enter
}

// TestBrowserPasteSearch: on a phone (360 px), a curator pastes a
// puzzle of several lines into the list's search box: the box, one line
// high before, grows to show the grid across the form's width with
// nothing to scroll sideways; Shift+Enter starts a new line and Enter
// searches, opening the stored puzzle (an Akari grid, a Sudoku's 9-line
// .ss grid). Without the script the box keeps the lines and the Filter
// button finds it the same.
func TestBrowserPasteSearch(t *testing.T) {
	e := newTestEnv(t, nil)
	var aid, sid int64
	var akari, sudoku string
	for _, q := range []struct {
		sql  string
		id   *int64
		text *string
	}{
		{`SELECT id, givens FROM puzzles WHERE kind = 'akari' AND id = (SELECT puzzle_id FROM sources
			WHERE text = 'https://puzz.link/p?akari/10/10/k5.h6.p..i.1.b1bg.g.jcjch.g.i..h1..cg1.p6.h.g.k')`, &aid, &akari},
		{`SELECT id, givens FROM puzzles WHERE kind = 'sudoku' ORDER BY id LIMIT 1 OFFSET 7`, &sid, &sudoku},
	} {
		if err := e.db.R.QueryRow(q.sql).Scan(q.id, q.text); err != nil {
			t.Fatal(err)
		}
	}
	akariText := akariGrid(akariCells(t, akari))
	sudokuText := sudokuGrid(sudoku, "\n")
	ctx := browser(t)
	base := e.srv.URL
	do(t, ctx, "log in",
		chromedp.EmulateViewport(360, 800),
		chromedp.Navigate(base+"/login"),
		chromedp.WaitVisible(chromedp.CSS(`input[name=username]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name=username]`), testUser),
		chromedp.SendKeys(chromedp.CSS(`input[name=password]`), testPass),
		chromedp.Submit(chromedp.CSS(`input[name=password]`)),
		chromedp.WaitVisible(chromedp.CSS(`form.logout`)))

	for _, tc := range []struct {
		what, text string
		lines      int
		want       int64
	}{
		{"an Akari grid", akariText, 10, aid},
		{"a Sudoku's .ss grid", sudokuText, 11, sid},
	} {
		do(t, ctx, "the list", chromedp.Navigate(base+"/puzzles"), chromedp.WaitVisible(chromedp.CSS(`textarea[name=q]`)))
		box := get(t, ctx, "the box", chromedp.Evaluate[searchBox](searchBoxJS))
		if box.Height > box.Line+1 || box.Height < box.Line-1 || box.Key != "search" {
			t.Errorf("%s: the empty search box is %.0f px high, a one-line field %.0f; Enter's label %q, want search", tc.what, box.Height, box.Line, box.Key)
		}
		do(t, ctx, "paste "+tc.what, chromedp.Focus(chromedp.CSS(`textarea[name=q]`)), paste(tc.text))
		box = get(t, ctx, "the box", chromedp.Evaluate[searchBox](searchBoxJS))
		if box.Value != tc.text || box.Height < float64(tc.lines)*box.Line/2 || !box.Wide {
			t.Errorf("%s: the box holds %q, %.0f px high (a line %.0f), across the form %v: want the %d lines shown across the form",
				tc.what, box.Value, box.Height, box.Line, box.Wide, tc.lines)
		}
		if over := get(t, ctx, "widths", chromedp.Evaluate[overflow](overflowJS)); over.Doc > over.View {
			t.Errorf("%s: the page is %d px wide in a %d px window (%s)", tc.what, over.Doc, over.View, strings.Join(over.Wide, "; "))
		}
		if at := get(t, ctx, "focus", chromedp.Evaluate[string](focusJS)); !strings.HasPrefix(at, "textarea.search ring") {
			t.Errorf("%s: the focused box is %q, want it with its ring", tc.what, at)
		}
		do(t, ctx, "Shift+Enter", chromedp.KeyEvent(kb.Enter, chromedp.KeyModifiers(chromedp.ModifierShift)))
		box = get(t, ctx, "the box", chromedp.Evaluate[searchBox](searchBoxJS))
		if loc := get(t, ctx, "location", chromedp.Location()); box.Value != tc.text+"\n" || !strings.HasSuffix(loc, "/puzzles") {
			t.Errorf("%s: Shift+Enter left %q at %s, want a new line and no search", tc.what, box.Value, loc)
		}
		do(t, ctx, "Enter", chromedp.KeyEvent(kb.Enter))
		waitURL(t, ctx, fmt.Sprintf("/puzzles/%d", tc.want))
		if flash := get(t, ctx, "flash", chromedp.Text(chromedp.CSS(`main`))); !strings.Contains(flash, "Found by its givens") {
			t.Errorf("%s: the puzzle page does not say how it was found", tc.what)
		}
	}

	// Without the script: Enter is a new line, the button searches.
	do(t, ctx, "no script", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
		return err
	}))
	do(t, ctx, "the list", chromedp.Navigate(base+"/puzzles"), chromedp.WaitVisible(chromedp.CSS(`textarea[name=q]`)),
		chromedp.Focus(chromedp.CSS(`textarea[name=q]`)), paste(sudokuText), chromedp.KeyEvent(kb.Enter))
	if loc := get(t, ctx, "location", chromedp.Location()); !strings.HasSuffix(loc, "/puzzles") {
		t.Errorf("without the script Enter searched: %s", loc)
	}
	do(t, ctx, "Filter", chromedp.Click(chromedp.CSS(`form.filters button[type=submit]`)))
	waitURL(t, ctx, fmt.Sprintf("/puzzles/%d", sid))
}
