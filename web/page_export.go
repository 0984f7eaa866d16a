package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"pencilbox"
	"pencilbox/export"
)

// exportNames are the formats the export buttons offer: those that can
// hold the puzzles of every one of kinds (none = any kind, every format).
func (s *Server) exportNames(kinds ...string) []string {
	if s.cfg.Export == nil {
		return nil
	}
	var out []string
	for _, f := range s.cfg.Exports.Formats() {
		if holdsAll(f, kinds) {
			out = append(out, f.Name)
		}
	}
	return out
}

// holdsAll reports whether f can hold the puzzles of every one of kinds.
func holdsAll(f export.Format, kinds []string) bool {
	for _, k := range kinds {
		if !f.Holds(k) {
			return false
		}
	}
	return true
}

// checkSetKinds refuses, before any puzzle is read, a format that cannot
// hold every kind the set holds: the sentence names the formats that can
// (a set has no kind to select, so it never says to select one).
func (s *Server) checkSetKinds(f export.Format, kinds []string) error {
	if holdsAll(f, kinds) {
		return nil
	}
	if len(kinds) == 1 {
		return userErr(http.StatusBadRequest, "Cannot export this set: %v.", f.CheckKind(kinds[0]))
	}
	return userErr(http.StatusBadRequest, "Cannot export this set: it holds %s puzzles, and the %s format holds %s puzzles only: for this set, choose %s.",
		strings.Join(kinds, " and "), f.Name, strings.Join(f.Kinds, " and "), strings.Join(s.exportNames(kinds...), ", "))
}

// exportOptions reads the format and the booklet's options from the query.
func (s *Server) exportOptions(c echo.Context, title string) (export.Format, export.Options, error) {
	f, err := s.cfg.Exports.Lookup(c.QueryParam("format"))
	if err != nil {
		return f, export.Options{}, userErr(http.StatusBadRequest, "%v", err)
	}
	opt := export.Options{Format: f.Name, Paper: c.QueryParam("paper"), Title: title, Solutions: c.QueryParam("solutions") != "0",
		ShowIDs: c.QueryParam("ids") == "1"}
	if v := c.QueryParam("per"); v != "" {
		opt.PerPage, err = strconv.Atoi(v)
		if err != nil {
			return f, opt, userErr(http.StatusBadRequest, "per must be 1, 2, 4 or 6")
		}
	}
	if err := opt.Check(s.cfg.Exports); err != nil {
		return f, opt, userErr(http.StatusBadRequest, "%v", err)
	}
	return f, opt, nil
}

// sendExport writes src in the asked format as a download. Text formats
// of a filter stream; a set's export (small, and possibly of mixed kinds)
// is written to memory first so a refusal is a clear page.
func (s *Server) sendExport(c echo.Context, name string, f export.Format, opt export.Options, src export.Source, stream bool) error {
	if s.cfg.Export == nil {
		return userErr(http.StatusNotFound, "Exports are not available on this server.")
	}
	release, err := s.heavy.exports.enter(c, 1)
	if err != nil {
		return err
	}
	defer release()
	h := c.Response().Header()
	if stream && !f.Whole {
		// a stream is recorded as it starts: once it has, the puzzles
		// are on their way
		if err := s.recordExport(c, f.Name, name); err != nil {
			return err
		}
	}
	h.Set("Content-Disposition", attachment(name, f.Ext))
	if stream && !f.Whole {
		// The reply starts with the first byte written: an error before
		// it (the database failing on the first read) is still an
		// error page.
		w := &startOnWrite{c: c, contentType: f.ContentType}
		if _, err := export.Write(c.Request().Context(), w, src, s.cfg.Exports, opt); err != nil {
			if !w.started {
				h.Del("Content-Disposition")
				if errors.Is(err, export.ErrNoPuzzles) {
					return userErr(http.StatusNotFound, "No puzzle matches this filter.")
				}
				return err
			}
			// the download has begun: cut it short so it is not taken
			// for a whole file
			s.cfg.Log.Printf("export %s: %v", name, err)
			panic(http.ErrAbortHandler)
		}
		w.start()
		return nil
	}
	var buf bytes.Buffer
	_, err = export.Write(c.Request().Context(), &buf, src, s.cfg.Exports, opt)
	if errors.Is(err, export.ErrNoPuzzles) {
		h.Del("Content-Disposition")
		return userErr(http.StatusNotFound, "No puzzles to export.")
	}
	if err != nil {
		h.Del("Content-Disposition")
		return userErr(http.StatusBadRequest, "The export failed: %v.", err)
	}
	if err := s.recordExport(c, f.Name, name); err != nil {
		h.Del("Content-Disposition")
		return err
	}
	return c.Blob(http.StatusOK, f.ContentType, buf.Bytes())
}

// recordExport writes an export's row in the audit log (who, from where,
// the format, the file's name and the request's query, which says the
// filter or set), before the file is sent. A row that cannot be written
// stops the export: the log must not miss a download.
func (s *Server) recordExport(c echo.Context, format, name string) error {
	if s.audit == nil {
		return nil
	}
	detail := fmt.Sprintf("%s %s (%s)", format, name, c.Request().URL.RequestURI())
	if err := s.audit.Add(c.Request().Context(), pencilbox.ActionExport, detail); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	return nil
}

// startOnWrite is the reply of a streamed export: its status and type
// are sent with the first bytes, not before.
type startOnWrite struct {
	c           echo.Context
	contentType string
	started     bool
}

func (w *startOnWrite) start() {
	if !w.started {
		w.started = true
		w.c.Response().Header().Set(echo.HeaderContentType, w.contentType)
		w.c.Response().WriteHeader(http.StatusOK)
	}
}

func (w *startOnWrite) Write(p []byte) (int, error) {
	w.start()
	return w.c.Response().Write(p)
}

// exportList exports the library list's filter. A format that holds one
// kind exports that kind's puzzles of the filter; one that holds several
// (Tatham's IDs), those of the one it holds among the filter's kinds, or
// all of them when the filter holds no other kind (heldKinds). A booklet (pdf) is the
// booklet page's (bookletList): its options, or its form when they are
// wrong.
func (s *Server) exportList(c echo.Context) error {
	if f, err := s.cfg.Exports.Lookup(c.QueryParam("format")); err == nil && f.Whole {
		return s.bookletList(c)
	}
	mf, err := parseFilter(c.QueryParams(), s.voc)
	if err != nil {
		return err
	}
	f, opt, err := s.exportOptions(c, c.QueryParam("title"))
	if err != nil {
		return err
	}
	df := domainFilter(mf)
	df.After, df.Offset, df.Limit, df.IDs = "", 0, 0, nil
	// Refused before the download begins: once it has, an error can only
	// cut the reply short.
	if err := s.cfg.Export.CheckFilter(df); err != nil {
		return userErr(http.StatusBadRequest, "%v", err)
	}
	if err := f.CheckKind(df.Kind); err != nil {
		return userErr(http.StatusBadRequest, "Cannot export: %v.", err)
	}
	// Count within the search budget (the export itself then streams for
	// as long as the download lasts).
	count := func(f pencilbox.Filter, limit int) (n int, err error) {
		err = s.search(c.Request().Context(), func(ctx context.Context) error {
			n, err = s.cfg.Export.Count(ctx, f, limit)
			return err
		})
		return n, err
	}
	if df.Kind == "" && len(f.Kinds) == 1 {
		df.Kind = f.Kinds[0]
	} else if df.Kind == "" && f.Kinds != nil {
		if err := s.heldKinds(&df, f, count); err != nil {
			return err
		}
	}
	impliedRank(&df, s.cfg.Kinds)
	opt.ByRank = df.Sort == ""
	if n, err := count(df, 1); err != nil {
		return err
	} else if n == 0 {
		return userErr(http.StatusNotFound, "No puzzle matches this filter.")
	}
	return s.sendExport(c, listName(c.QueryParams(), s.voc), f, opt, export.FilterSource{DB: s.cfg.Export, Filter: df}, true)
}

func (s *Server) exportSet(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	if f, err := s.cfg.Exports.Lookup(c.QueryParam("format")); err == nil && f.Whole {
		return s.bookletSet(c)
	}
	si, ids, err := s.sets.Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	f, opt, err := s.exportOptions(c, si.Name)
	if err != nil {
		return err
	}
	kinds, err := s.sets.Kinds(c.Request().Context(), id)
	if err != nil {
		return err
	}
	if err := s.checkSetKinds(f, kinds); err != nil {
		return err
	}
	return s.sendExport(c, si.Name, f, opt, export.SetSource{DB: s.cfg.Export, IDs: ids}, false)
}

// heldKinds narrows a filter without a kind for a format that holds some
// kinds only: when the filter's puzzles of the kinds it holds are of one
// kind, to that kind (as a one-kind format takes its kind's puzzles);
// when they are of several and the filter holds no other kind, it stays
// as it is. Several held kinds beside one the format cannot hold are
// refused before the download, asking for a kind: the export would stop
// at the first puzzle it cannot write.
func (s *Server) heldKinds(df *pencilbox.Filter, f export.Format, count func(pencilbox.Filter, int) (int, error)) error {
	var held, other []string
	for _, k := range s.cfg.Kinds {
		g := *df
		g.Kind = k.Name()
		n, err := count(g, 1)
		if err != nil {
			return err
		}
		switch {
		case n == 0:
		case f.Holds(k.Name()):
			held = append(held, k.Name())
		default:
			other = append(other, k.Name())
		}
	}
	switch {
	case len(held) == 0 && len(other) > 0:
		return userErr(http.StatusNotFound, "No %s puzzle matches this filter.", strings.Join(f.Kinds, " or "))
	case len(held) == 1:
		df.Kind = held[0]
	case len(held) > 1 && len(other) > 0:
		return userErr(http.StatusBadRequest, "Cannot export: the %s format holds %s puzzles only, and this filter holds %s puzzles too: select a kind.",
			f.Name, strings.Join(f.Kinds, " and "), strings.Join(other, " and "))
	}
	return nil
}
