package web

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"pencilbox/templates"
	"pencilbox/web/model"
)

func (s *Server) setList(c echo.Context) ([]model.Set, error) {
	infos, err := s.sets.List(c.Request().Context())
	if err != nil {
		return nil, err
	}
	out := make([]model.Set, len(infos))
	for i, si := range infos {
		out[i] = model.Set{ID: si.ID, Name: si.Name, Notes: si.Notes, NotesCut: si.NotesCut, Count: si.Count, Updated: si.Updated,
			Kinds: si.Kinds, Published: si.Published, LastOutlet: si.Last.Outlet, LastDate: si.Last.Date}
	}
	return out, nil
}

func (s *Server) library(c echo.Context) error {
	return s.libraryPage(c, c.QueryParams(), nil)
}

// libraryPage answers the list of filter q; with rf, a refused recipe
// form, the list comes back (400) with the recipe's panel open, filled
// as sent and listing every reason, so nothing typed is lost.
func (s *Server) libraryPage(c echo.Context, q url.Values, rf *templates.RecipeForm) error {
	handled, g, err := s.givensSearch(c, q)
	if handled || err != nil {
		return err
	}
	fq := q
	if g.ids != nil {
		// several kinds read the search as a puzzle: their matches
		fq = withoutKeys(q, "q", "kind")
	}
	f, err := parseFilter(fq, s.voc)
	if err != nil {
		return s.libraryError(c, q, g.explain(err))
	}
	f.IDs = g.ids
	// The page's time is read from the server's clock, which a test
	// stops, so that a page is the same bytes each time it is asked.
	t0 := s.now()
	page, err := s.listPage(c.Request().Context(), f)
	if err != nil {
		return s.libraryError(c, q, err)
	}
	elapsed := s.now().Sub(t0)
	counted := matches(page) + " match"
	switch {
	case page.More && f.CountAll:
		counted += fmt.Sprintf(" (counting them all takes over %s)", s.countBudget(f))
	case page.More:
		page.CountURL = countURL("/puzzles", q)
	}
	sets, err := s.setList(c)
	if err != nil {
		return err
	}
	outlets, err := s.sets.Outlets(c.Request().Context())
	if err != nil {
		return err
	}
	var sized []string
	if sl, ok := s.cfg.Library.(SizedLibrary); ok {
		if sized, err = sl.SizedKinds(c.Request().Context()); err != nil {
			return err
		}
	}
	l := templates.Library{Query: q, SizedKinds: sized, Page: page, Views: s.cfg.Views, Kinds: s.cfg.Kinds, Vocab: s.voc, Sets: sets, LastSet: setFor(sets, lastSet(c), listKind(f.Kind, page)),
		Outlets: outlets, Exports: s.exportNames(filterKinds(f.Kind)...),
		PageNum: f.Page, SearchNote: g.note(), Matches: counted, Elapsed: fmt.Sprintf("this page took %.1f ms", float64(elapsed.Microseconds())/1000)}
	base := url.Values{}
	for k, v := range q {
		if k != "after" && k != "page" && k != "count" {
			base[k] = v
		}
	}
	l.FirstURL = "/puzzles?" + base.Encode()
	link := func(page int, after string) string {
		u := url.Values{}
		for k, v := range base {
			u[k] = v
		}
		if after != "" {
			u.Set("after", after)
		}
		if page > 1 {
			u.Set("page", strconv.Itoa(page))
		}
		return "/puzzles?" + u.Encode()
	}
	// Previous is a numbered page (no cursor walks backwards): shown
	// while it is within the numbered pages' reach.
	if f.Page > 1 && pageReachable(f.Page-1, f.Limit) {
		l.PrevURL = link(f.Page-1, "")
	}
	if page.Next != "" {
		// the cursor wins; the page number is its label
		l.NextURL = link(f.Page+1, page.Next)
	}
	c.Response().Header().Set("Server-Timing", fmt.Sprintf("db;dur=%.2f", float64(elapsed.Microseconds())/1000))
	ch, code := s.chrome(c, "Library", "puzzles"), http.StatusOK
	if rf != nil {
		l.Recipe, code = rf, http.StatusBadRequest
		ch.Flash = "No set was built: " + strings.Join(rf.Errors, " ") + " (The recipe form below keeps what was typed.)"
	}
	return render(c, code, templates.LibraryPage(ch, l))
}

// libraryError answers a list request the user can mend (a search over
// its limits, a bad range, a search out of time) with the list page: the
// form as it was filled, and what to change in place of the results.
// Other errors go to the error handler.
func (s *Server) libraryError(c echo.Context, q url.Values, err error) error {
	var pe *publicError
	if !errors.As(err, &pe) {
		return err
	}
	l := templates.Library{Query: q, Views: s.cfg.Views, Kinds: s.cfg.Kinds, Vocab: s.voc, PageNum: 1, Error: pe.msg, ErrorField: pe.field}
	return render(c, pe.code, templates.LibraryPage(s.chrome(c, "Library", "puzzles"), l))
}

// matches says how many puzzles a filter matches ("more than N" when the
// count stopped at its cap or time budget).
func matches(p model.Page) string {
	switch {
	case p.More:
		return fmt.Sprintf("more than %d puzzles", leading2(p.Total))
	case p.Total == 1:
		return "1 puzzle"
	}
	return fmt.Sprintf("%d puzzles", p.Total)
}

// leading2 is n with only its first two digits (3,456 -> 3,400): a
// count stopped by its time budget is a lower bound, and its last digits
// say nothing ("more than 3400" stays true).
func leading2(n int) int {
	p := 1
	for n/p >= 100 {
		p *= 10
	}
	return n / p * p
}

// listKind is the one kind a list shows: its filter's, else its rows'
// when they are all of one kind; "" when they are of several.
func listKind(kind string, p model.Page) string {
	if kind != "" || len(p.Rows) == 0 {
		return kind
	}
	k := p.Rows[0].Kind
	for _, r := range p.Rows {
		if r.Kind != k {
			return ""
		}
	}
	return k
}

// filterKinds are the kinds a list filter holds: its one kind, or none
// (every kind) when it names none.
func filterKinds(kind string) []string {
	if kind == "" {
		return nil
	}
	return []string{kind}
}
