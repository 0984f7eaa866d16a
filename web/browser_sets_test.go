package web

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"pencilbox"
	"pencilbox/db"
)

// TestBrowserSetOrder: an editor reorders a set on its page by dragging
// a row's handle onto another row, then with the keyboard (Alt+ArrowUp on
// a focused row, twice): each move is stored, the table is redrawn in
// place (the page keeps its scroll, the moved row keeps the focus), and
// Undo puts back the order before the last move.
func TestBrowserSetOrder(t *testing.T) {
	e := newTestEnv(t, nil)
	ids := e.pick(pencilbox.Filter{}, 30)
	sets := db.SetStore{DB: e.db.W}
	setID, err := sets.Create(context.Background(), "week 48", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sets.Add(context.Background(), setID, ids, false); err != nil {
		t.Fatal(err)
	}
	stored := func() []int64 {
		_, got, err := sets.Get(context.Background(), setID)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	ctx := browser(t)
	shown := func() []int64 {
		return get(t, ctx, "rows", chromedp.Evaluate[[]int64](
			`Array.from(document.querySelectorAll("#items tr.item"), tr => Number(tr.dataset.id))`))
	}
	base := e.srv.URL
	page := fmt.Sprintf("%s/sets/%d", base, setID)
	do(t, ctx, "log in",
		chromedp.Navigate(page),
		chromedp.WaitVisible(chromedp.CSS(`input[name=username]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name=username]`), testUser),
		chromedp.SendKeys(chromedp.CSS(`input[name=password]`), testPass),
		chromedp.Submit(chromedp.CSS(`input[name=password]`)))
	waitURL(t, ctx, fmt.Sprintf("/sets/%d", setID))
	do(t, ctx, "set page", chromedp.WaitVisible(chromedp.CSS(`#items tr.item`)))
	moves := func(n int) {
		t.Helper()
		do(t, ctx, fmt.Sprintf("move %d answered", n), chromedp.Poll[chromedp.Void](fmt.Sprintf(`document.body.dataset.moves === "%d"`, n)))
	}

	// drag the first row's handle onto the third row
	do(t, ctx, "drag row 1 onto row 3",
		chromedp.DragAndDrop(chromedp.CSS(fmt.Sprintf(`#p%d td.grip`, ids[0])), chromedp.CSS(fmt.Sprintf(`#p%d td.pos`, ids[2]))))
	moves(1)
	want := append([]int64{ids[1], ids[2], ids[0]}, ids[3:]...)
	if got := stored(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("after the drag the set holds %v, want %v", got[:5], want[:5])
	}
	if got := shown(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("after the drag the page shows %v, want %v", got[:5], want[:5])
	}

	// the keyboard, far down the page: the page must not jump
	row := ids[20]
	sel := fmt.Sprintf(`#p%d`, row)
	do(t, ctx, "scroll to row 21 and focus it",
		chromedp.ScrollIntoView(chromedp.CSS(sel)),
		chromedp.Focus(chromedp.CSS(sel)))
	y := get(t, ctx, "scroll", chromedp.Evaluate[float64](`window.scrollY`))
	if y < 100 {
		t.Fatalf("the page did not scroll (scrollY %v): too short a set to check the scroll", y)
	}
	for i := 1; i <= 2; i++ {
		do(t, ctx, "Alt+ArrowUp", chromedp.KeyEvent(kb.ArrowUp, chromedp.KeyModifiers(chromedp.ModifierAlt)))
		moves(1 + i)
	}
	want = slices.Clone(want)
	want = slices.Delete(want, 20, 21)
	want = slices.Insert(want, 18, row)
	if got := stored(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("after Alt+ArrowUp twice the set holds %v, want %v", got[15:22], want[15:22])
	}
	if got := shown(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("after Alt+ArrowUp twice the page shows %v, want %v", got[15:22], want[15:22])
	}
	if f := get(t, ctx, "focus", chromedp.Evaluate[string](`document.activeElement.id`)); f != sel[1:] {
		t.Errorf("the focus is on %q after the moves, want the moved row %s", f, sel[1:])
	}
	if y2 := get(t, ctx, "scroll", chromedp.Evaluate[float64](`window.scrollY`)); y2 != y {
		t.Errorf("the page scrolled from %v to %v during the moves", y, y2)
	}

	// Undo: the last move only
	do(t, ctx, "undo", chromedp.Click(chromedp.CSS(`#undo`)))
	moves(4)
	want = slices.Delete(want, 18, 19)
	want = slices.Insert(want, 19, row)
	if got := stored(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("after Undo the set holds %v, want %v", got[15:22], want[15:22])
	}
}

// TestBrowserSelectAll: the box in the list's head ticks every puzzle of
// the page and unticks them again; the two set menus show the same set.
func TestBrowserSelectAll(t *testing.T) {
	e := newTestEnv(t, nil)
	for _, name := range []string{"January", "February"} {
		if _, err := (db.SetStore{DB: e.db.W}).Create(context.Background(), name, ""); err != nil {
			t.Fatal(err)
		}
	}
	ctx := browser(t)
	do(t, ctx, "log in",
		chromedp.Navigate(e.srv.URL+"/puzzles?kind=sudoku"),
		chromedp.WaitVisible(chromedp.CSS(`input[name=username]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name=username]`), testUser),
		chromedp.SendKeys(chromedp.CSS(`input[name=password]`), testPass),
		chromedp.Submit(chromedp.CSS(`input[name=password]`)))
	waitURL(t, ctx, "/puzzles")
	do(t, ctx, "list", chromedp.WaitVisible(chromedp.CSS(`input.selectall`)))
	ticked := func() [2]int {
		return get(t, ctx, "ticked", chromedp.Evaluate[[2]int](`[document.querySelectorAll("input[name=id]:checked").length, document.querySelectorAll("input[name=id]").length]`))
	}
	do(t, ctx, "tick the page", chromedp.Click(chromedp.CSS(`input.selectall`)))
	if n := ticked(); n[0] != n[1] || n[1] == 0 {
		t.Errorf("select all ticked %d of %d", n[0], n[1])
	}
	do(t, ctx, "untick the page", chromedp.Click(chromedp.CSS(`input.selectall`)))
	if n := ticked(); n[0] != 0 {
		t.Errorf("unselect all left %d ticked", n[0])
	}
	do(t, ctx, "choose February above", chromedp.SetValue(chromedp.CSS(`#add-top select`), "2"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector("#add-top select").dispatchEvent(new Event("change", {bubbles: true}))`))
	if v := get(t, ctx, "menu below", chromedp.Value(chromedp.CSS(`#add-bottom select`))); v != "2" {
		t.Errorf("the menu below shows set %q after choosing set 2 above", v)
	}
}

// TestBrowserSetOrderPaged: on page 2 of a set bigger than a page, a drag
// and Alt+ArrowUp move by the whole set's positions (the row dragged onto
// the page's third row goes to position SetPageSize+3; the page's first
// row, moved up, to the end of page 1), and the answer is page 2 again.
func TestBrowserSetOrderPaged(t *testing.T) {
	e := newTestEnv(t, nil)
	ids := e.pick(pencilbox.Filter{}, SetPageSize+20)
	if len(ids) < SetPageSize+20 {
		t.Fatalf("the sample has %d puzzles", len(ids))
	}
	sets := db.SetStore{DB: e.db.W}
	setID, err := sets.Create(context.Background(), "big", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sets.Add(context.Background(), setID, ids, false); err != nil {
		t.Fatal(err)
	}
	stored := func() []int64 {
		_, got, err := sets.Get(context.Background(), setID)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	ctx := browser(t)
	page := fmt.Sprintf("%s/sets/%d?page=2", e.srv.URL, setID)
	do(t, ctx, "log in",
		chromedp.Navigate(page),
		chromedp.WaitVisible(chromedp.CSS(`input[name=username]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name=username]`), testUser),
		chromedp.SendKeys(chromedp.CSS(`input[name=password]`), testPass),
		chromedp.Submit(chromedp.CSS(`input[name=password]`)))
	waitURL(t, ctx, fmt.Sprintf("/sets/%d?page=2", setID))
	do(t, ctx, "set page", chromedp.WaitVisible(chromedp.CSS(`#items tr.item`)))
	moves := func(n int) {
		t.Helper()
		do(t, ctx, fmt.Sprintf("move %d answered", n), chromedp.Poll[chromedp.Void](fmt.Sprintf(`document.body.dataset.moves === "%d"`, n)))
	}
	first := func() int64 {
		return get(t, ctx, "first row", chromedp.Evaluate[int64](`Number(document.querySelector("#items tr.item").dataset.id)`))
	}
	if f := first(); f != ids[SetPageSize] {
		t.Fatalf("page 2 starts with %d, want %d", f, ids[SetPageSize])
	}
	do(t, ctx, "drag page 2's row 1 onto its row 3",
		chromedp.DragAndDrop(chromedp.CSS(fmt.Sprintf(`#p%d td.grip`, ids[SetPageSize])), chromedp.CSS(fmt.Sprintf(`#p%d td.pos`, ids[SetPageSize+2]))))
	moves(1)
	want := slices.Clone(ids)
	want = slices.Delete(want, SetPageSize, SetPageSize+1)
	want = slices.Insert(want, SetPageSize+2, ids[SetPageSize])
	if got := stored(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("after the drag the set holds %v, want %v", got[SetPageSize-1:SetPageSize+4], want[SetPageSize-1:SetPageSize+4])
	}
	// Alt+ArrowUp on page 2's first row: to the end of page 1
	top := want[SetPageSize]
	do(t, ctx, "focus the first row", chromedp.Focus(chromedp.CSS(fmt.Sprintf(`#p%d`, top))))
	do(t, ctx, "Alt+ArrowUp", chromedp.KeyEvent(kb.ArrowUp, chromedp.KeyModifiers(chromedp.ModifierAlt)))
	moves(2)
	want[SetPageSize-1], want[SetPageSize] = want[SetPageSize], want[SetPageSize-1]
	if got := stored(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("after Alt+ArrowUp the set holds %v, want %v", got[SetPageSize-2:SetPageSize+2], want[SetPageSize-2:SetPageSize+2])
	}
	if f := first(); f != want[SetPageSize] {
		t.Errorf("after the move page 2 starts with %d, want %d (page 2 again)", f, want[SetPageSize])
	}
}
