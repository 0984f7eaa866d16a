package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"pencilbox"
	"pencilbox/export"
	"pencilbox/templates"
)

// maxTitle bounds a booklet's title page, in characters.
const maxTitle = 200

// bookletFields are the booklet form's own fields; the others a list's
// form carries are its filter's.
var bookletFields = []string{"format", "make", "title", "paper", "per", "order", "image", "caption", "ids", "label_from", "labels", "solutions", "page", "after"}

// booklet is what a booklet prints: a set's puzzles or a list filter's.
type booklet struct {
	page     templates.BookletPage
	nav      string
	name     string // the file's name, before export.FileName
	src      export.Source
	defTitle string
	// images are the numbers of the set's publications printed as
	// random images, by publication id (BookletPage.Images' values).
	images map[string]uint64
}

// bookletSet is a set's booklet: GET /sets/:id/booklet shows the options
// form; with make=1 (the form sent) it answers the PDF, or the form again
// with the field at fault marked.
func (s *Server) bookletSet(c echo.Context) error {
	if s.cfg.Export == nil {
		return userErr(http.StatusNotFound, "Exports are not available on this server.")
	}
	id, err := pathID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	si, ids, err := s.sets.Get(ctx, id)
	if err != nil {
		return err
	}
	kinds, err := s.sets.Kinds(ctx, id)
	if err != nil {
		return err
	}
	f, _ := s.cfg.Exports.Lookup("pdf")
	if err := s.checkSetKinds(f, kinds); err != nil {
		return err
	}
	if len(ids) == 0 {
		return userErr(http.StatusNotFound, "This set is empty: a booklet has nothing to print.")
	}
	b := booklet{
		nav: "sets", name: si.Name, defTitle: si.Name,
		src: export.SetSource{DB: s.cfg.Export, IDs: ids},
		page: templates.BookletPage{
			Of: "the set " + si.Name, Action: fmt.Sprintf("/sets/%d/booklet", id), Back: fmt.Sprintf("/sets/%d", id),
			Count:  len(ids),
			Orders: [][2]string{{"set", "the set's order"}, {"rank", "stars, easiest first"}},
		},
	}
	b.page.Scale, b.page.HasScale = s.voc.AnyFirstScale(kinds)
	if b.page.HasScale {
		b.page.Orders = append(b.page.Orders, [2]string{b.page.Scale.Key, b.page.Scale.Short + ", easiest first"})
	}
	pubs, err := s.sets.Publications(ctx, id)
	if err != nil {
		return err
	}
	for _, p := range slices.Backward(pubs) {
		if p.Image != 0 {
			v := strconv.FormatInt(p.ID, 10)
			b.page.Images = append(b.page.Images, [2]string{v, fmt.Sprintf("as printed in %s on %s", p.Outlet, p.Date)})
			if b.images == nil {
				b.images = map[string]uint64{}
			}
			b.images[v] = p.Image
		}
	}
	return s.bookletReply(c, b)
}

// bookletList is the list filter's booklet: GET /booklet?<filter> shows
// the options form, and with make=1 answers the PDF (or the form again).
func (s *Server) bookletList(c echo.Context) error {
	if s.cfg.Export == nil {
		return userErr(http.StatusNotFound, "Exports are not available on this server.")
	}
	q := c.QueryParams()
	mf, err := parseFilter(q, s.voc)
	if err != nil {
		return err
	}
	df := domainFilter(mf)
	df.After, df.Offset, df.Limit, df.IDs = "", 0, 0, nil
	if err := s.cfg.Export.CheckFilter(df); err != nil {
		return userErr(http.StatusBadRequest, "%v", err)
	}
	f, _ := s.cfg.Exports.Lookup("pdf")
	if err := f.CheckKind(df.Kind); err != nil {
		return userErr(http.StatusBadRequest, "Cannot export: %v.", err)
	}
	if df.Kind == "" && len(f.Kinds) == 1 {
		df.Kind = f.Kinds[0]
	}
	impliedRank(&df, s.cfg.Kinds)
	n, err := s.bookletCount(c, df)
	if err != nil {
		return err
	}
	hidden := url.Values{}
	for k, v := range q {
		if !slices.Contains(bookletFields, k) {
			hidden[k] = v
		}
	}
	b := booklet{
		nav: "puzzles", name: listName(q, s.voc),
		src: export.FilterSource{DB: s.cfg.Export, Filter: df},
		page: templates.BookletPage{
			Of: "this list", Action: "/booklet", Back: "/puzzles?" + hidden.Encode(), Hidden: hidden,
			Count: n,
		},
	}
	b.page.Scale, b.page.HasScale = s.voc.AnyFirstScale(filterKinds(df.Kind))
	if df.Sort != "" {
		b.page.Orders = append(b.page.Orders, [2]string{"list", "the list's sort"})
	}
	b.page.Orders = append(b.page.Orders, [2]string{"rank", "stars, easiest first"})
	if b.page.HasScale {
		b.page.Orders = append(b.page.Orders, [2]string{b.page.Scale.Key, b.page.Scale.Short + ", easiest first"})
	}
	return s.bookletReply(c, b)
}

// bookletCount counts the booklet's puzzles of df within the search
// budget: those with a unique solution (unless it names a status), at
// most export.MaxBooklet, and says so when there are none or too many.
func (s *Server) bookletCount(c echo.Context, df pencilbox.Filter) (int, error) {
	var n int
	err := s.search(c.Request().Context(), func(ctx context.Context) error {
		var err error
		n, err = s.cfg.Export.Count(ctx, export.BookletFilter(df), export.MaxBooklet)
		return err
	})
	switch {
	case err != nil:
		return 0, err
	case n == 0 && df.Status == "":
		return 0, userErr(http.StatusNotFound, "No puzzle with a unique solution matches this filter: a booklet has none to print.")
	case n == 0:
		return 0, userErr(http.StatusNotFound, "No puzzle matches this filter.")
	case n > export.MaxBooklet:
		return 0, userErr(http.StatusBadRequest, "More than %d puzzles match: a booklet takes at most %d. Narrow the filter (stars, a tag, a source) or gather the puzzles in a set.", export.MaxBooklet, export.MaxBooklet)
	}
	return n, nil
}

// bookletReply answers a booklet request: the form (new, or refused and
// filled as sent), or the PDF. The booklet routes show the form until it
// is sent (make=1); an export URL (format=pdf) takes the options it names
// and the old defaults (solutions unless solutions=0).
func (s *Server) bookletReply(c echo.Context, b booklet) error {
	q := c.QueryParams()
	b.page.Defaults = url.Values{"title": {b.defTitle}, "paper": {"A4"}, "per": {"4"}, "caption": {"stars"},
		"solutions": {"1"}, "order": {b.page.Orders[0][0]}}
	if len(b.page.Images) > 0 {
		// the newest printing as images: a reprint matches it
		b.page.Defaults.Set("image", b.page.Images[0][0])
	}
	form := q.Get("make") == "1"
	if !form && strings.HasSuffix(c.Path(), "/booklet") {
		return s.bookletView(c, b, http.StatusOK)
	}
	opt, err := s.bookletOptions(q, b, form)
	if err != nil {
		var fe formErrs
		var pe *publicError
		if errors.As(err, &fe) {
			b.page.Sent = b.formValues(q)
			for _, e := range fe {
				b.page.Errors, b.page.Fields = append(b.page.Errors, e.msg), append(b.page.Fields, e.field)
			}
			return s.bookletView(c, b, http.StatusBadRequest)
		}
		if errors.As(err, &pe) {
			// an export URL's values are shown in the form's terms
			b.page.Sent, b.page.Error, b.page.Field = b.formValues(q), pe.msg, pe.field
			return s.bookletView(c, b, pe.code)
		}
		return err
	}
	release, err := s.heavy.booklets.enter(c, min(b.page.Count, export.MaxBooklet))
	if err != nil {
		return err
	}
	defer release()
	var buf bytes.Buffer
	_, err = export.Write(c.Request().Context(), &buf, b.src, s.cfg.Exports, opt)
	if errors.Is(err, export.ErrNoPuzzles) {
		return userErr(http.StatusNotFound, "No puzzles to print.")
	}
	if err != nil {
		// a puzzle the booklet cannot print (no unique solution to put
		// at the back): the form again, saying which
		b.page.Sent, b.page.Error, b.page.Field = b.formValues(q), fmt.Sprintf("The booklet could not be made: %v.", err), ""
		return s.bookletView(c, b, http.StatusBadRequest)
	}
	if err := s.recordExport(c, "pdf", b.name); err != nil {
		return err
	}
	c.Response().Header().Set("Content-Disposition", attachment(b.name, "pdf"))
	return c.Blob(http.StatusOK, "application/pdf", buf.Bytes())
}

// formValues are q's booklet options as the form holds them (ticks as
// "1"), for a request that did not come from the form.
func (b booklet) formValues(q url.Values) url.Values {
	if q.Get("make") == "1" {
		return q
	}
	v := url.Values{}
	for k, d := range b.page.Defaults {
		v[k] = d
	}
	for _, k := range []string{"title", "paper", "per", "order", "image", "caption", "label_from", "labels"} {
		if q.Has(k) {
			v.Set(k, q.Get(k))
		}
	}
	if q.Get("solutions") == "0" {
		v.Del("solutions")
	}
	if q.Get("ids") == "1" {
		v.Set("ids", "1")
	}
	return v
}

func (s *Server) bookletView(c echo.Context, b booklet, code int) error {
	chrome := s.chrome(c, "Booklet of "+b.page.Of, b.nav)
	switch {
	case b.page.Error != "":
		chrome.Flash = b.page.Error
	case len(b.page.Errors) == 1:
		chrome.Flash = b.page.Errors[0]
	case len(b.page.Errors) > 1:
		chrome.Flash = fmt.Sprintf("The booklet was not made: %d values need fixing (listed above the form).", len(b.page.Errors))
	}
	return render(c, code, templates.BookletForm(chrome, b.page))
}

// bookletOptions reads the booklet's options; the bad values are a
// formErrs, each naming its field, every one of them (issue 33: the form
// said only the first of four). From the form (form), an unticked box is absent;
// from an export URL, solutions are on unless solutions=0.
func (s *Server) bookletOptions(q url.Values, b booklet, form bool) (export.Options, error) {
	opt := export.Options{Format: "pdf", Paper: "A4", PerPage: 4, Caption: export.CaptionStars}
	var errs formErrs
	if f := q.Get("format"); f != "" && f != "pdf" {
		return opt, userErr(http.StatusBadRequest, "The booklet form makes PDFs, not %q.", f)
	}
	opt.Title = b.defTitle
	if q.Has("title") {
		opt.Title = strings.TrimSpace(q.Get("title"))
		if err := export.CheckPrintable(opt.Title); err != nil {
			errs.add("title", "Title: %v.", err)
		}
	}
	if n := utf8.RuneCountInString(opt.Title); n > maxTitle && !errs.has("title") {
		errs.add("title", "Title: %d characters, at most %d fit the title page.", n, maxTitle)
	}
	switch p := strings.TrimSpace(q.Get("paper")); strings.ToLower(p) {
	case "", "a4":
	case "letter":
		opt.Paper = "Letter"
	default:
		errs.add("paper", "Paper %q: want A4 or Letter.", p)
	}
	if v := strings.TrimSpace(q.Get("per")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || (n != 1 && n != 2 && n != 4 && n != 6) {
			errs.add("per", "Puzzles a page %q: want 1, 2, 4 or 6.", v)
		}
		opt.PerPage = n
	}
	switch v := strings.TrimSpace(q.Get("caption")); v {
	case "", export.CaptionStars:
	case export.CaptionNone:
		opt.Caption = v
	case export.CaptionBoth, b.page.Scale.Key:
		if !b.page.HasScale {
			errs.add("caption", "Captions %q: these puzzles have no second rating to show; choose stars or none.", v)
		}
		opt.Caption = v
	default:
		if sc, ok := s.voc.AnyFirstScale(nil); b.page.HasScale {
			errs.add("caption", "Captions %q: want stars, %s, both or none.", v, b.page.Scale.Key)
		} else if ok && v == sc.Key {
			errs.add("caption", "Captions %q: these puzzles have no %s to show; choose stars or none.", v, sc.Short)
		} else {
			errs.add("caption", "Captions %q: want stars or none.", v)
		}
	}
	order := strings.TrimSpace(q.Get("order"))
	if order == "" {
		order = b.page.Orders[0][0]
	}
	known := false
	for _, o := range b.page.Orders {
		known = known || o[0] == order
	}
	if !known {
		var names []string
		for _, o := range b.page.Orders {
			names = append(names, o[0])
		}
		errs.add("order", "Order %q: want %s.", order, strings.Join(names, " or "))
	}
	opt.ByRank, opt.ByScale = order == "rank", b.page.HasScale && order == b.page.Scale.Key
	if v := strings.TrimSpace(q.Get("image")); v != "" {
		seed, ok := b.images[v]
		switch {
		case ok:
			opt.Image = seed
		case len(b.images) == 0:
			errs.add("image", "Images %q: these puzzles were never published as random images; they print as stored.", v)
		default:
			errs.add("image", "Images %q: not a publication of this set printed as random images; choose one of the list or as stored.", v)
		}
	}
	if form {
		opt.Solutions, opt.ShowIDs = q.Get("solutions") == "1", q.Get("ids") == "1"
	} else {
		opt.Solutions, opt.ShowIDs = q.Get("solutions") != "0", q.Get("ids") == "1"
	}
	if v := strings.TrimSpace(q.Get("label_from")); v != "" {
		t, err := time.Parse(time.DateOnly, v)
		if err != nil {
			errs.add("label_from", "Days from %q: want a date as 2026-12-01.", v)
		}
		opt.LabelFrom = t
	}
	if v := strings.TrimRight(strings.ReplaceAll(q.Get("labels"), "\r\n", "\n"), "\n \t"); strings.TrimSpace(v) != "" {
		lines := strings.Split(v, "\n")
		if len(lines) > b.page.Count {
			errs.add("labels", "Labels: %d lines for %d puzzles; one line a puzzle.", len(lines), b.page.Count)
			lines = nil
		}
		// the first bad line is said: one reason a field, so the list
		// stays as short as the form
		for i, l := range lines {
			l = strings.TrimSpace(l)
			if n := utf8.RuneCountInString(l); n > export.MaxLabel {
				errs.add("labels", "Labels, line %d: %d characters, at most %d fit a caption.", i+1, n, export.MaxLabel)
				break
			}
			if err := export.CheckPrintable(l); err != nil {
				errs.add("labels", "Labels, line %d: %v.", i+1, err)
				break
			}
			opt.Labels = append(opt.Labels, l)
		}
	}
	if len(errs) > 0 {
		return opt, errs
	}
	return opt, nil
}

// attachment is the Content-Disposition of a download named after name
// (a set's name, a filter): a plain ASCII file name, and the UTF-8 one
// when they differ.
func attachment(name, ext string) string {
	plain := export.FileName(name, true) + "." + ext
	full := export.FileName(name, false) + "." + ext
	if plain == full {
		return fmt.Sprintf(`attachment; filename="%s"`, plain)
	}
	return fmt.Sprintf(`attachment; filename="%s"; filename*=UTF-8''%s`, plain, url.PathEscape(full))
}

// listName names a list's download after its filter: "puzzles sudoku
// stars 5-6 tag week48", or its title when it has one.
func listName(q url.Values, voc pencilbox.Vocabulary) string {
	if t := strings.TrimSpace(q.Get("title")); t != "" {
		return t
	}
	parts := []string{"puzzles"}
	fields := []struct{ key, word string }{{"kind", ""}, {"size", "size"}, {"rank", "stars"}}
	for _, sc := range voc.ScaleKeys() {
		fields = append(fields, struct{ key, word string }{sc.Key, sc.Short})
	}
	fields = append(fields, []struct{ key, word string }{{"clues", "clues"}, {"status", ""},
		{"tag", "tag"}, {"source", "source"}, {"technique", "technique"}}...)
	for _, v := range voc.VerdictKeys() {
		fields = append(fields, struct{ key, word string }{v.Key, v.Key})
	}
	fields = append(fields, struct{ key, word string }{"q", ""})
	for _, f := range fields {
		if v := strings.TrimSpace(q.Get(f.key)); v != "" {
			if f.word != "" {
				parts = append(parts, f.word)
			}
			parts = append(parts, v)
		}
	}
	return strings.Join(parts, " ")
}
