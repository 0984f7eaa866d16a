package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"pencilbox"
	"pencilbox/templates"
	"pencilbox/web/model"
)

func (s *Server) setsPage(c echo.Context) error {
	sets, err := s.setList(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, templates.SetsList(s.chrome(c, "Sets", "sets"), templates.SetsPage{Sets: sets, Kinds: s.cfg.Kinds}))
}

func (s *Server) createSet(c echo.Context) error {
	name, notes := c.FormValue("name"), c.FormValue("notes")
	id, err := s.sets.Create(c.Request().Context(), name, notes)
	if err != nil {
		if s.isStorageFault(err) {
			return err // a full disk, a damaged file: the error page says which
		}
		// the page again with the form as sent, saying why
		sets, lerr := s.setList(c)
		if lerr != nil {
			return lerr
		}
		ch := s.chrome(c, "Sets", "sets")
		ch.Flash = sentence(err) + "."
		return render(c, http.StatusBadRequest, templates.SetsList(ch, templates.SetsPage{Sets: sets, Kinds: s.cfg.Kinds, Name: name, Notes: notes}))
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/sets/%d", id))
}

// DefaultMaxSetAdd is Config.MaxSetAdd's default.
const DefaultMaxSetAdd = 10000

func (s *Server) addToSet(c echo.Context) error {
	ctx := c.Request().Context()
	form, _ := c.FormParams()
	setID, err := strconv.ParseInt(chosenSet(c, form), 10, 64)
	if err != nil {
		return userErr(http.StatusBadRequest, "Choose a set.")
	}
	var ids []int64
	capped := false // the filter matches more than s.cfg.MaxSetAdd puzzles
	if c.FormValue("what") == "filter" {
		q, err := url.ParseQuery(c.FormValue("filter"))
		if err != nil {
			return userErr(http.StatusBadRequest, "Bad filter.")
		}
		q.Del("page") // every puzzle of the filter, whichever page was shown
		f, err := parseFilter(q, s.voc)
		if err != nil {
			return err
		}
		f.After, f.Offset, f.IDs = "", 0, nil
		err = s.search(ctx, func(ctx context.Context) error {
			for {
				f.Limit = min(1000, s.cfg.MaxSetAdd-len(ids))
				page, err := s.cfg.Library.Puzzles(ctx, f)
				if err != nil {
					return err
				}
				for _, p := range page.Rows {
					ids = append(ids, p.ID)
				}
				if page.Next == "" {
					return nil
				}
				if len(ids) >= s.cfg.MaxSetAdd {
					capped = true
					return nil
				}
				f.After = page.Next
			}
		})
		if err != nil {
			return err
		}
	} else {
		if len(form["id"]) > s.cfg.MaxSetAdd {
			return userErr(http.StatusBadRequest, "%d puzzles ticked: a set takes at most %d at a time. Add them in parts, or add a filter's puzzles.",
				len(form["id"]), s.cfg.MaxSetAdd)
		}
		for _, v := range form["id"] {
			id, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			if err != nil {
				return userErr(http.StatusBadRequest, "%q is not a puzzle id: nothing was added.", clip(v, 40))
			}
			ids = append(ids, id)
		}
		// Every id must name a stored puzzle: a set of ids that do not
		// could never be shown or exported.
		missing, err := s.cfg.Library.Missing(ctx, ids)
		if err != nil {
			return err
		}
		if len(missing) > 0 {
			return userErr(http.StatusBadRequest, "No puzzle has the %s %s: nothing was added.",
				plural(len(missing), "id", "ids"), idList(missing, 20))
		}
	}
	back, anchor := backToList(c)
	if len(ids) == 0 {
		if back == "" {
			back = "/puzzles"
		}
		return s.redirectFlash(c, back+anchor, "Tick some puzzles first.")
	}
	// Puzzles already used (published, or in another set) are refused
	// unless the form confirms them (reuse=yes).
	n, err := s.sets.Add(ctx, setID, ids, c.FormValue("reuse") == "yes")
	var reuse *pencilbox.ReuseError
	if errors.As(err, &reuse) {
		return s.reuseConfirm(c, setID, ids, reuse)
	}
	if errors.Is(err, pencilbox.ErrSetLocked) {
		// a published set takes nothing until reopened: said where the
		// add was made, nothing added
		if back == "" {
			back, anchor = fmt.Sprintf("/sets/%d", setID), ""
		}
		return s.redirectFlash(c, back+anchor, lockedFlash(err))
	}
	if err != nil {
		return err
	}
	s.rememberSet(c, setID)
	msg := fmt.Sprintf("%d %s added.", n, plural(n, "puzzle", "puzzles"))
	if capped {
		msg = fmt.Sprintf("The filter matches more than %d puzzles: only its first %d were taken (%d of them new to the set). Narrow the filter to add the rest.",
			s.cfg.MaxSetAdd, s.cfg.MaxSetAdd, n)
	}
	if back != "" {
		name := "the set"
		if si, _, err := s.sets.Get(ctx, setID); err == nil {
			name = fmt.Sprintf("%q", si.Name)
		}
		msg = strings.Replace(msg, "added.", "added to "+name+".", 1)
		return s.redirectFlash(c, back+anchor, msg)
	}
	return s.redirectFlash(c, fmt.Sprintf("/sets/%d", setID), msg)
}

// chosenSet is the set an add asks for: the list has a set menu above
// and below the puzzles, and the buttons below send at=bottom, so the
// menu beside the button pressed counts.
func chosenSet(c echo.Context, form url.Values) string {
	sets := form["set"]
	switch {
	case len(sets) == 0:
		return ""
	case c.QueryParam("at") == "bottom":
		return sets[len(sets)-1]
	}
	return sets[0]
}

// backToList is the list page an add was sent from (its form's back
// field: the list's address with its filter and page), and the anchor of
// the add control used, so the list comes back where it was; "" when the
// add came from elsewhere or back is not a list address of this site.
func backToList(c echo.Context) (string, string) {
	u, err := url.Parse(c.FormValue("back"))
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Path != "/puzzles" {
		return "", ""
	}
	anchor := "#add-top"
	if c.QueryParam("at") == "bottom" {
		anchor = "#add-bottom"
	}
	return "/puzzles?" + u.Query().Encode(), anchor
}

// cookieSet remembers the set an editor added to last: the list and the
// puzzle page choose it in their set menus.
const cookieSet = "pb_set"

func (s *Server) rememberSet(c echo.Context, id int64) {
	s.cookie(c, cookieSet, strconv.FormatInt(id, 10), 365*24*3600, http.SameSiteLaxMode)
}

// lastSet is the set remembered by rememberSet (0 when none).
// setFor is the set the set menus choose for puzzles of kind ("" = of
// several kinds): the set added to last when it holds only that kind (or
// nothing yet), else the latest updated such set, else none (0: the menu
// asks to choose). A Sudoku list never defaults to an Akari set because
// an Akari was added last.
func setFor(sets []model.Set, last int64, kind string) int64 {
	if kind == "" {
		return last
	}
	holds := func(st model.Set) bool {
		for _, k := range st.Kinds {
			if k != kind {
				return false
			}
		}
		return true
	}
	best := -1
	for i, st := range sets {
		if !holds(st) {
			continue
		}
		if st.ID == last {
			return last
		}
		if best < 0 || st.Updated.After(sets[best].Updated) {
			best = i
		}
	}
	if best < 0 {
		return 0
	}
	return sets[best].ID
}

func lastSet(c echo.Context) int64 {
	ck, err := c.Cookie(cookieSet)
	if err != nil {
		return 0
	}
	id, _ := strconv.ParseInt(ck.Value, 10, 64)
	return id
}

// SetPageSize is the most puzzles a set's page shows, and /api/sets/ID
// returns, at once (page=N picks which). A set of 31,799 puzzles was one
// page of 37 MB of HTML, read a puzzle at a time (six at once: 1.15 GB,
// 25 s each); a page of 100 rows is about 150 KB.
const SetPageSize = 100

// setPage is one page of a set: its number from 1, how many there are
// (at least 1) and the position of its first puzzle less one.
type setPage struct{ num, pages, offset int }

// pageOf is page num (from 1; out of range is the nearest page) of a set
// of n puzzles.
func pageOf(num, n int) setPage {
	pages := max(1, (n+SetPageSize-1)/SetPageSize)
	num = min(max(num, 1), pages)
	return setPage{num: num, pages: pages, offset: (num - 1) * SetPageSize}
}

// askedPage is the page number a request asks for (page=, in its query
// or its form): 1 when none or not a number.
func askedPage(c echo.Context) int {
	n, err := strconv.Atoi(strings.TrimSpace(c.FormValue("page")))
	if err != nil {
		return 1
	}
	return n
}

// loadSet reads a set with the puzzles of one page (all when num is 0:
// sorting needs every puzzle's rating).
func (s *Server) loadSet(c echo.Context, id int64, num int) (model.Set, setPage, error) {
	release, err := s.heavy.setReads.enter(c, 1)
	if err != nil {
		return model.Set{}, setPage{}, err
	}
	defer release()
	ctx := c.Request().Context()
	si, ids, err := s.sets.Get(ctx, id)
	if err != nil {
		return model.Set{}, setPage{}, err
	}
	set := model.Set{ID: si.ID, Name: si.Name, Notes: si.Notes, Count: si.Count, Updated: si.Updated}
	pg := setPage{num: 1, pages: 1}
	if num > 0 {
		pg = pageOf(num, len(ids))
		ids = ids[pg.offset:min(len(ids), pg.offset+SetPageSize)]
	}
	for _, pid := range ids {
		p, err := s.cfg.Library.Puzzle(ctx, pid)
		if errors.Is(err, pencilbox.ErrNotFound) {
			continue
		}
		if err != nil {
			return set, pg, err
		}
		set.Items = append(set.Items, p)
	}
	return set, pg, nil
}

func (s *Server) setPage(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	d, err := s.setPageData(c, id)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, templates.SetView(s.chrome(c, "Set "+d.Set.Name, "sets"), d))
}

// setPageData is what the set page and its swapped-in part show: the
// page of the set the request asks for (page=).
func (s *Server) setPageData(c echo.Context, id int64) (templates.SetPage, error) {
	set, pg, err := s.loadSet(c, id, askedPage(c))
	if err != nil {
		return templates.SetPage{}, err
	}
	last, err := s.sets.LastChange(c.Request().Context(), id)
	if err != nil {
		return templates.SetPage{}, err
	}
	kinds, err := s.sets.Kinds(c.Request().Context(), id)
	if err != nil {
		return templates.SetPage{}, err
	}
	_, key := difficultyOrder(set.Items)
	d := templates.SetPage{Set: set, Views: s.cfg.Views, Exports: s.exportNames(kinds...), LastChange: last, SortKey: key, Today: today(),
		Page: pg.num, Pages: pg.pages, Offset: pg.offset, PageSize: SetPageSize, CanImage: s.imagers(kinds)}
	pubs, err := s.sets.Publications(c.Request().Context(), id)
	if err != nil {
		return d, err
	}
	for _, p := range pubs {
		d.Publications = append(d.Publications, viewPublication(p))
	}
	if d.Outlets, err = s.sets.Outlets(c.Request().Context()); err != nil {
		return d, err
	}
	return d, nil
}

func (s *Server) editSet(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	name, notes := c.FormValue("name"), c.FormValue("notes")
	if err := s.sets.Update(c.Request().Context(), id, name, notes); err != nil {
		if errors.Is(err, pencilbox.ErrNoSet) || s.isStorageFault(err) {
			return err
		}
		// the set's page again with its form as sent, saying why
		d, derr := s.setPageData(c, id)
		if derr != nil {
			return derr
		}
		d.Sent = &model.Set{Name: name, Notes: notes}
		ch := s.chrome(c, "Set "+d.Set.Name, "sets")
		ch.Flash = sentence(err) + "."
		return render(c, http.StatusBadRequest, templates.SetView(ch, d))
	}
	return s.redirectFlash(c, fmt.Sprintf("/sets/%d", id), "Saved.")
}

// orderDone answers an ordering change (move, remove, sort, undo): the
// page's script asks for the set's table alone (part=items), which it
// swaps in where the old one was; a plain form goes back to the set page
// at the row moved (anchor), so the page stays where it was either way.
func (s *Server) orderDone(c echo.Context, id int64, anchor, msg string) error {
	if c.FormValue("part") == "items" {
		d, err := s.setPageData(c, id)
		if err != nil {
			return err
		}
		d.Message = msg
		return render(c, http.StatusOK, templates.SetItems(s.chrome(c, "Set "+d.Set.Name, "sets"), d))
	}
	to := fmt.Sprintf("/sets/%d", id)
	if p := askedPage(c); p > 1 {
		to += fmt.Sprintf("?page=%d", p)
	}
	if anchor != "" {
		to += "#" + anchor
	}
	return s.redirectFlash(c, to, msg)
}

func (s *Server) moveInSet(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	pid, err1 := strconv.ParseInt(c.FormValue("puzzle"), 10, 64)
	pos, err2 := strconv.Atoi(strings.TrimSpace(c.FormValue("pos")))
	if err1 != nil || err2 != nil {
		return s.orderDone(c, id, "items", "Give a position number.")
	}
	if err := s.sets.Move(c.Request().Context(), id, pid, pos); err != nil {
		if errors.Is(err, pencilbox.ErrSetLocked) {
			return s.orderDone(c, id, "items", lockedFlash(err))
		}
		return err
	}
	return s.orderDone(c, id, fmt.Sprintf("p%d", pid), "")
}

func (s *Server) removeFromSet(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	pid, err := strconv.ParseInt(c.FormValue("puzzle"), 10, 64)
	if err != nil {
		return userErr(http.StatusBadRequest, "Bad puzzle id.")
	}
	if err := s.sets.Remove(c.Request().Context(), id, pid); err != nil {
		if errors.Is(err, pencilbox.ErrSetLocked) {
			return s.orderDone(c, id, "items", lockedFlash(err))
		}
		return err
	}
	return s.orderDone(c, id, "items", fmt.Sprintf("Puzzle %d removed from the set.", pid))
}

// sortSet orders a set easiest first (difficultyOrder).
func (s *Server) sortSet(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	set, err := s.setRatings(c, id)
	if err != nil {
		return err
	}
	ids, key := difficultyOrder(set.Items)
	if len(ids) < set.Count {
		// a puzzle of the set is no longer in the library: Order takes
		// the whole set, so keep those at the end, as they were
		in := make(map[int64]bool, len(ids))
		for _, p := range ids {
			in[p] = true
		}
		_, all, err := s.sets.Get(c.Request().Context(), id)
		if err != nil {
			return err
		}
		for _, p := range all {
			if !in[p] {
				ids = append(ids, p)
			}
		}
	}
	if err := s.sets.Order(c.Request().Context(), id, ids, "sorted by difficulty ("+key+")"); err != nil {
		if errors.Is(err, pencilbox.ErrNoSet) || s.isStorageFault(err) {
			return err
		}
		if errors.Is(err, pencilbox.ErrSetLocked) {
			return s.orderDone(c, id, "items", lockedFlash(err))
		}
		return s.orderDone(c, id, "items", err.Error()+".")
	}
	return s.orderDone(c, id, "items", "Sorted by difficulty, easiest first ("+key+").")
}

// setRatings is a set with what difficultyOrder sorts its puzzles by
// (ids, stars, score, ER) in order: read in bulk (BulkIDs, parts on the
// reader connections) when the server has the database, not a puzzle at
// a time with its sources and tags, as a page's rows are.
func (s *Server) setRatings(c echo.Context, id int64) (model.Set, error) {
	if s.cfg.Export == nil {
		set, _, err := s.loadSet(c, id, 0)
		return set, err
	}
	release, err := s.heavy.setReads.enter(c, 1)
	if err != nil {
		return model.Set{}, err
	}
	defer release()
	ctx := c.Request().Context()
	si, ids, err := s.sets.Get(ctx, id)
	if err != nil {
		return model.Set{}, err
	}
	set := model.Set{ID: si.ID, Name: si.Name, Count: si.Count}
	err = s.cfg.Export.BulkIDs(ctx, ids, pencilbox.BulkOptions{}, func(ps []pencilbox.Puzzle) error {
		for _, p := range ps {
			set.Items = append(set.Items, model.Puzzle{ID: p.ID, Kind: p.Kind, Rank: p.Rank, Score: p.Score, Figures: figuresOf(p, s.voc),
				Pending: pendingOf(p, s.voc)})
		}
		return nil
	})
	return set, err
}

// difficultyOrder orders puzzles easiest first and says by what: by the
// first figure of the second rating (Sudoku's ER) when every puzzle has
// one of the same scale, else by stars, then score (ties keep the set's
// order).
func difficultyOrder(items []model.Puzzle) ([]int64, string) {
	first := func(p model.Puzzle) float64 { return p.Figures[0].Value }
	byScale := len(items) > 0
	for _, p := range items {
		byScale = byScale && len(p.Figures) > 0 && p.Figures[0].Key == items[0].Figures[0].Key
	}
	sorted := slices.Clone(items)
	key := "stars, then score"
	if byScale {
		key = items[0].Figures[0].Short + ", then stars, then score"
	}
	// not by the scale because the queue has not rated some yet: say so,
	// or an editor takes the order for the scale's
	pending := 0
	for _, p := range items {
		if len(p.Pending) > 0 {
			pending++
		}
	}
	if pending > 0 {
		short := ""
		for _, p := range items {
			if len(p.Pending) > 0 {
				short = p.Pending[0].Short
				break
			}
		}
		key += fmt.Sprintf(": the %s of %d %s is still pending", short, pending, plural(pending, "puzzle", "puzzles"))
	}
	slices.SortStableFunc(sorted, func(a, b model.Puzzle) int {
		if byScale && first(a) != first(b) {
			return cmpFloat(first(a), first(b))
		}
		if a.Rank != b.Rank {
			return a.Rank - b.Rank
		}
		return cmpFloat(a.Score, b.Score)
	})
	ids := make([]int64, len(sorted))
	for i, p := range sorted {
		ids[i] = p.ID
	}
	return ids, key
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// undoSet puts the set back as it was before its last change.
func (s *Server) undoSet(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	what, err := s.sets.Undo(c.Request().Context(), id)
	if errors.Is(err, pencilbox.ErrNothingToUndo) {
		return s.orderDone(c, id, "items", "Nothing to undo: the set has not changed since its last undo.")
	}
	if errors.Is(err, pencilbox.ErrSetLocked) {
		return s.orderDone(c, id, "items", lockedFlash(err))
	}
	if err != nil {
		return err
	}
	return s.orderDone(c, id, "items", "Undone: "+what+".")
}

// deleteSet deletes a set once asked: a post without confirm=yes (the set
// page's button) answers with the question, naming the set and its size.
func (s *Server) deleteSet(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	if c.FormValue("confirm") != "yes" {
		si, _, err := s.sets.Get(c.Request().Context(), id)
		if err != nil {
			return err
		}
		d := templates.SetPage{Set: model.Set{ID: si.ID, Name: si.Name, Count: si.Count}}
		return render(c, http.StatusOK, templates.SetDeleteConfirm(s.chrome(c, "Delete set "+si.Name, "sets"), d))
	}
	if err := s.sets.Delete(c.Request().Context(), id); err != nil {
		return err
	}
	return s.redirectFlash(c, "/sets", "Set deleted.")
}

// ---- export
