package web

import (
	"bytes"
	"container/list"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/engine"
	"pencilbox/export"
	"pencilbox/internal/stale"
	"pencilbox/templates"
	"pencilbox/web/model"
)

func pathID(c echo.Context) (int64, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id < 1 {
		return 0, userErr(http.StatusNotFound, "Not found.")
	}
	return id, nil
}

// job returns an import job: the live copy while it runs, else the stored one.
func (s *Server) job(c echo.Context, id int64) (model.Job, error) {
	if j, ok := s.jobs.get(id); ok {
		return j, nil
	}
	return s.cfg.Library.Job(c.Request().Context(), id)
}

func (s *Server) dashboard(c echo.Context) error {
	st, err := s.cfg.Library.Stats(c.Request().Context())
	if err != nil {
		return err
	}
	jobs, err := s.cfg.Library.Jobs(c.Request().Context(), 10)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, templates.DashboardPage(s.chrome(c, "Dashboard", "dash"), templates.Dashboard{Stats: st, Jobs: jobs}))
}

func (s *Server) setList(c echo.Context) ([]model.Set, error) {
	infos, err := s.sets.List(c.Request().Context())
	if err != nil {
		return nil, err
	}
	out := make([]model.Set, len(infos))
	for i, si := range infos {
		out[i] = model.Set{ID: si.ID, Name: si.Name, Notes: si.Notes, Count: si.Count, Updated: si.Updated}
	}
	return out, nil
}

func (s *Server) library(c echo.Context) error {
	q := c.QueryParams()
	f, err := parseFilter(q)
	if err != nil {
		return s.libraryError(c, q, err)
	}
	f.IDs = nil
	t0 := time.Now()
	page, err := s.listPage(c.Request().Context(), f)
	if err != nil {
		return s.libraryError(c, q, err)
	}
	elapsed := time.Since(t0)
	sets, err := s.setList(c)
	if err != nil {
		return err
	}
	l := templates.Library{Query: q, Page: page, Views: s.cfg.Views, Kinds: s.cfg.Kinds, Sets: sets, Exports: s.exportNames(f.Kind),
		PageNum: f.Page, Elapsed: fmt.Sprintf("%s match; this page took %.1f ms", matches(page), float64(elapsed.Microseconds())/1000)}
	base := url.Values{}
	for k, v := range q {
		if k != "after" && k != "page" {
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
	return render(c, http.StatusOK, templates.LibraryPage(s.chrome(c, "Library", "puzzles"), l))
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
	l := templates.Library{Query: q, Views: s.cfg.Views, Kinds: s.cfg.Kinds, PageNum: 1, Error: pe.msg}
	return render(c, pe.code, templates.LibraryPage(s.chrome(c, "Library", "puzzles"), l))
}

// matches says how many puzzles a filter matches ("more than N" past the
// store's counting cap).
func matches(p model.Page) string {
	switch {
	case p.More:
		return fmt.Sprintf("more than %d puzzles", p.Total)
	case p.Total == 1:
		return "1 puzzle"
	}
	return fmt.Sprintf("%d puzzles", p.Total)
}

// stepCache keeps recent puzzles' step logs: rating with steps costs up to
// tens of milliseconds, and the step viewer asks for the same log at every
// click.
type stepCache struct {
	mu    sync.Mutex
	cap   int
	ll    *list.List
	items map[string]*list.Element
}

type stepEntry struct {
	key   string
	steps []engine.Step
}

func newStepCache(n int) *stepCache {
	return &stepCache{cap: n, ll: list.New(), items: map[string]*list.Element{}}
}

func (sc *stepCache) get(kind engine.Kind, givens string) ([]engine.Step, error) {
	key := kind.Name() + "\x00" + givens
	sc.mu.Lock()
	if e, ok := sc.items[key]; ok {
		sc.ll.MoveToFront(e)
		sc.mu.Unlock()
		return e.Value.(*stepEntry).steps, nil
	}
	sc.mu.Unlock()
	pz, err := kind.Parse(givens)
	if err != nil {
		return nil, err
	}
	steps := pz.Rate(true).Steps
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if _, ok := sc.items[key]; !ok {
		sc.items[key] = sc.ll.PushFront(&stepEntry{key: key, steps: steps})
		for sc.ll.Len() > sc.cap {
			last := sc.ll.Back()
			sc.ll.Remove(last)
			delete(sc.items, last.Value.(*stepEntry).key)
		}
	}
	return steps, nil
}

// puzzleSteps returns the step log of a stored puzzle (nil when its kind is
// unknown or it is not unique).
func (s *Server) puzzleSteps(p model.Puzzle) ([]engine.Step, []engine.Technique) {
	kind, err := s.cfg.Kinds.Lookup(p.Kind)
	if err != nil {
		return nil, nil
	}
	if p.Status != engine.Unique.String() {
		return nil, kind.Ladder()
	}
	steps, err := s.steps.get(kind, p.Givens)
	if err != nil {
		return nil, kind.Ladder()
	}
	return steps, kind.Ladder()
}

func (s *Server) puzzle(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	p, err := s.cfg.Library.Puzzle(c.Request().Context(), id)
	if err != nil {
		return err
	}
	steps, ladder := s.puzzleSteps(p)
	pp := templates.PuzzlePage{P: p, View: s.cfg.Views.View(p.Kind), Ladder: ladder, Steps: steps,
		ShowSolution: c.QueryParam("solution") == "1"}
	if len(steps) > 0 {
		n := 1
		if v := c.QueryParam("step"); v != "" {
			n, err = strconv.Atoi(v)
			if err != nil || n < 1 || n > len(steps)+1 {
				return userErr(http.StatusBadRequest, "step must be 1-%d", len(steps)+1)
			}
		}
		pp.Step = n
		pp.StepBoard, err = pp.View.Step(p, steps, n-1)
		if err != nil {
			pp.StepErr = "The step log cannot be replayed: " + err.Error()
		}
	}
	if pp.Sets, err = s.setList(c); err != nil {
		return err
	}
	return render(c, http.StatusOK, templates.PuzzlePageView(s.chrome(c, fmt.Sprintf("Puzzle %d", id), "puzzles"), pp))
}

func (s *Server) setTags(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	tags, err := splitTags(c.FormValue("tags"))
	if err != nil {
		return err
	}
	if err := s.cfg.Library.SetTags(c.Request().Context(), id, tags); err != nil {
		return err
	}
	return s.redirectFlash(c, fmt.Sprintf("/puzzles/%d", id), "Tags saved.")
}

// ---- import

func (s *Server) importForm(c echo.Context) error {
	jobs, err := s.cfg.Library.Jobs(c.Request().Context(), 10)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, templates.ImportForm(s.chrome(c, "Import", "import"),
		templates.ImportPage{Formats: s.cfg.Formats, Jobs: jobs, MaxUpload: s.cfg.MaxUpload}))
}

func (s *Server) importPost(c echo.Context) error {
	if s.cfg.Import == nil {
		return userErr(http.StatusServiceUnavailable, "Importing is not available on this server.")
	}
	tags, err := splitTags(c.FormValue("tags"))
	if err != nil {
		return err
	}
	opts := model.ImportOptions{
		Format: strings.TrimSpace(c.FormValue("format")),
		Source: strings.TrimSpace(c.FormValue("source")),
		Tags:   tags,
	}
	if opts.Format != "" {
		ok := false
		for _, f := range s.cfg.Formats {
			ok = ok || f == opts.Format
		}
		if !ok {
			return userErr(http.StatusBadRequest, "Unknown format %q.", opts.Format)
		}
	}
	r, name, cleanup, err := s.upload(c)
	if err != nil {
		return err
	}
	if opts.Source == "" {
		opts.Source = name
	}
	if r == nil {
		return s.redirectFlash(c, "/import", "Choose a file or paste some puzzles.")
	}
	if opts.Source == "" {
		opts.Source = "web-" + time.Now().Format("20060102-150405")
	}
	id, err := s.jobs.start(s.ctx, s.cfg.Import, r, opts, cleanup)
	if err != nil {
		s.cfg.Log.Printf("import: %v", err)
		if msg, ok := db.Explain(err, s.dbPath()); ok {
			return userErr(http.StatusInternalServerError, "The import could not start. %s", msg)
		}
		return userErr(http.StatusInternalServerError, "The import could not start; the error was logged.")
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/import/%d", id))
}

// upload returns the import's input: the uploaded file (copied to a
// temporary file, since the request's own is removed when it ends and the
// import runs on in the background) or the pasted text; nil when neither
// was given. name is the uploaded file's name; cleanup removes the copy.
func (s *Server) upload(c echo.Context) (r io.Reader, name string, cleanup func(), err error) {
	none := func() {}
	fh, ferr := c.FormFile("file")
	switch {
	case tooLarge(ferr):
		return nil, "", none, echo.NewHTTPError(http.StatusRequestEntityTooLarge)
	case errors.Is(ferr, http.ErrMissingFile) || errors.Is(ferr, http.ErrNotMultipart):
		// no file: the pasted text, if any
	case ferr != nil:
		return nil, "", none, userErr(http.StatusBadRequest, "The upload could not be read: %v.", ferr)
	case fh.Size > 0:
		f, err := fh.Open()
		if err != nil {
			return nil, "", none, err
		}
		defer f.Close()
		tmp, err := os.CreateTemp(s.cfg.UploadDir, stale.Pattern(UploadPrefix, ""))
		if err != nil {
			return nil, "", none, err
		}
		cleanup = func() { tmp.Close(); os.Remove(tmp.Name()) }
		if _, err := io.Copy(tmp, f); err != nil {
			cleanup()
			return nil, "", none, err
		}
		if _, err := tmp.Seek(0, io.SeekStart); err != nil {
			cleanup()
			return nil, "", none, err
		}
		return tmp, filepath.Base(fh.Filename), cleanup, nil
	}
	text := c.FormValue("text")
	if strings.TrimSpace(text) == "" {
		return nil, "", none, nil
	}
	return strings.NewReader(text), "", none, nil
}

func (s *Server) jobPage(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	j, err := s.job(c, id)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, templates.JobView(s.chrome(c, fmt.Sprintf("Import job %d", id), "import"), templates.JobPage{Job: j}))
}

// ---- sets

func (s *Server) setsPage(c echo.Context) error {
	sets, err := s.setList(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, templates.SetsList(s.chrome(c, "Sets", "sets"), templates.SetsPage{Sets: sets}))
}

func (s *Server) createSet(c echo.Context) error {
	id, err := s.sets.Create(c.Request().Context(), c.FormValue("name"), c.FormValue("notes"))
	if err != nil {
		return s.redirectFlash(c, "/sets", err.Error())
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/sets/%d", id))
}

// maxSetAdd bounds "add every puzzle of this filter" (a variable so tests
// can reach it on the sample).
var maxSetAdd = 10000

func (s *Server) addToSet(c echo.Context) error {
	ctx := c.Request().Context()
	setID, err := strconv.ParseInt(c.FormValue("set"), 10, 64)
	if err != nil {
		return userErr(http.StatusBadRequest, "Choose a set.")
	}
	form, _ := c.FormParams()
	var ids []int64
	capped := false // the filter matches more than maxSetAdd puzzles
	if c.FormValue("what") == "filter" {
		q, err := url.ParseQuery(c.FormValue("filter"))
		if err != nil {
			return userErr(http.StatusBadRequest, "Bad filter.")
		}
		q.Del("page") // every puzzle of the filter, whichever page was shown
		f, err := parseFilter(q)
		if err != nil {
			return err
		}
		f.After, f.Offset, f.IDs = "", 0, nil
		err = s.search(ctx, func(ctx context.Context) error {
			for {
				f.Limit = min(1000, maxSetAdd-len(ids))
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
				if len(ids) >= maxSetAdd {
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
		if len(form["id"]) > maxSetAdd {
			return userErr(http.StatusBadRequest, "%d puzzles ticked: a set takes at most %d at a time. Add them in parts, or add a filter's puzzles.",
				len(form["id"]), maxSetAdd)
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
	if len(ids) == 0 {
		return s.redirectFlash(c, "/puzzles", "Tick some puzzles first.")
	}
	n, err := s.sets.Add(ctx, setID, ids)
	if err != nil {
		return err
	}
	msg := fmt.Sprintf("%d puzzles added.", n)
	if capped {
		msg = fmt.Sprintf("The filter matches more than %d puzzles: only its first %d were taken (%d of them new to the set). Narrow the filter to add the rest.",
			maxSetAdd, maxSetAdd, n)
	}
	return s.redirectFlash(c, fmt.Sprintf("/sets/%d", setID), msg)
}

func (s *Server) loadSet(c echo.Context, id int64) (model.Set, error) {
	ctx := c.Request().Context()
	si, ids, err := s.sets.Get(ctx, id)
	if err != nil {
		return model.Set{}, err
	}
	set := model.Set{ID: si.ID, Name: si.Name, Notes: si.Notes, Count: si.Count, Updated: si.Updated}
	for _, pid := range ids {
		p, err := s.cfg.Library.Puzzle(ctx, pid)
		if errors.Is(err, ErrNotFound) {
			continue
		}
		if err != nil {
			return set, err
		}
		set.Items = append(set.Items, p)
	}
	return set, nil
}

func (s *Server) setPage(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	set, err := s.loadSet(c, id)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, templates.SetView(s.chrome(c, "Set "+set.Name, "sets"), templates.SetPage{Set: set, Views: s.cfg.Views, Exports: s.exportNames(setKind(set))}))
}

func (s *Server) editSet(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	if err := s.sets.Update(c.Request().Context(), id, c.FormValue("name"), c.FormValue("notes")); err != nil {
		if errors.Is(err, db.ErrNoSet) {
			return err
		}
		return s.redirectFlash(c, fmt.Sprintf("/sets/%d", id), err.Error())
	}
	return s.redirectFlash(c, fmt.Sprintf("/sets/%d", id), "Saved.")
}

func (s *Server) moveInSet(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	pid, err1 := strconv.ParseInt(c.FormValue("puzzle"), 10, 64)
	pos, err2 := strconv.Atoi(strings.TrimSpace(c.FormValue("pos")))
	if err1 != nil || err2 != nil {
		return s.redirectFlash(c, fmt.Sprintf("/sets/%d", id), "Give a position number.")
	}
	if err := s.sets.Move(c.Request().Context(), id, pid, pos); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/sets/%d", id))
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
		return err
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/sets/%d", id))
}

func (s *Server) deleteSet(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	if err := s.sets.Delete(c.Request().Context(), id); err != nil {
		return err
	}
	return s.redirectFlash(c, "/sets", "Set deleted.")
}

// ---- export

// exportNames are the formats the export buttons offer: those that can
// hold the puzzles of kind ("" = any kind, every format).
func (s *Server) exportNames(kind string) []string {
	if s.cfg.Export == nil {
		return nil
	}
	var out []string
	for _, f := range s.cfg.Exports.ForKind(kind) {
		out = append(out, f.Name)
	}
	return out
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
	h := c.Response().Header()
	h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s.%s"`, name, f.Ext))
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
	_, err := export.Write(c.Request().Context(), &buf, src, s.cfg.Exports, opt)
	if errors.Is(err, export.ErrNoPuzzles) {
		h.Del("Content-Disposition")
		return userErr(http.StatusNotFound, "No puzzles to export.")
	}
	if err != nil {
		h.Del("Content-Disposition")
		return userErr(http.StatusBadRequest, "The export failed: %v.", err)
	}
	return c.Blob(http.StatusOK, f.ContentType, buf.Bytes())
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
// kind exports that kind's puzzles of the filter.
func (s *Server) exportList(c echo.Context) error {
	mf, err := parseFilter(c.QueryParams())
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
	if err := db.CheckFilter(df); err != nil {
		return userErr(http.StatusBadRequest, "%v", err)
	}
	if err := f.CheckKind(df.Kind); err != nil {
		return userErr(http.StatusBadRequest, "Cannot export: %v.", err)
	}
	if df.Kind == "" && len(f.Kinds) == 1 {
		df.Kind = f.Kinds[0]
	}
	impliedRank(&df, s.cfg.Kinds)
	opt.ByRank = df.Sort == ""
	// Count within the search budget (the export itself then streams for
	// as long as the download lasts).
	count := func(f pencilbox.Filter, limit int) (n int, err error) {
		err = s.search(c.Request().Context(), func(ctx context.Context) error {
			n, err = s.cfg.Export.Count(ctx, f, limit)
			return err
		})
		return n, err
	}
	if f.Whole {
		// A booklet takes the filter's puzzles with a unique solution
		// (unless it names a status), and at most MaxBooklet of them:
		// say so rather than print the first few thousand.
		n, err := count(export.BookletFilter(df), export.MaxBooklet)
		switch {
		case err != nil:
			return err
		case n == 0 && df.Status == "":
			return userErr(http.StatusNotFound, "No puzzle with a unique solution matches this filter: a booklet has none to print.")
		case n == 0:
			return userErr(http.StatusNotFound, "No puzzle matches this filter.")
		case n > export.MaxBooklet:
			return userErr(http.StatusBadRequest, "More than %d puzzles match: a booklet takes at most %d. Narrow the filter (stars, a tag, a source) or gather the puzzles in a set.", export.MaxBooklet, export.MaxBooklet)
		}
	} else if n, err := count(df, 1); err != nil {
		return err
	} else if n == 0 {
		return userErr(http.StatusNotFound, "No puzzle matches this filter.")
	}
	return s.sendExport(c, "puzzles", f, opt, export.FilterSource{DB: s.cfg.Export, Filter: df}, true)
}

func (s *Server) exportSet(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	si, ids, err := s.sets.Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	f, opt, err := s.exportOptions(c, si.Name)
	if err != nil {
		return err
	}
	return s.sendExport(c, fmt.Sprintf("set-%d", id), f, opt, export.SetSource{DB: s.cfg.Export, IDs: ids}, false)
}

// idList writes up to n ids, saying how many more there are.
func idList(ids []int64, n int) string {
	var b strings.Builder
	for i, id := range ids {
		if i == n {
			fmt.Fprintf(&b, " and %d more", len(ids)-n)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprint(&b, id)
	}
	return b.String()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// clip shortens s to n bytes for a message.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// setKind is the one kind of a set's puzzles, or "" when it mixes kinds or
// is empty.
func setKind(set model.Set) string {
	kind := ""
	for i, p := range set.Items {
		if i > 0 && p.Kind != kind {
			return ""
		}
		kind = p.Kind
	}
	return kind
}
