package web

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"pencilbox"
	"pencilbox/engine"
	"pencilbox/web/model"
)

// PageSize is the library list's page length.
const PageSize = 50

// MaxPageOffset bounds numbered pages: the store walks every match before
// a page's first, so page=N reaches the first MaxPageOffset matches (50
// pages of 50); the Next link's cursor goes on from anywhere. The walk
// is what bounds it: page 200 of a text search found in all 10^6 puzzles,
// sorted by clues, probes 10,000 rows; page 50, 2,500 (their times in
// docs/BENCHMARKS.md, Library list filters).
const MaxPageOffset = 2500

// parseRange reads "5", "5-6", "5-" or "-6" into min and max (0 = open).
func parseRange(s, what string) (lo, hi int, err error) { return pencilbox.ParseRange(s, what) }

// parseFilter reads the library filter from query parameters; the
// scales' and verdicts' parameters are the keys the kinds declare (voc).
// Bad values are the user's error (400 with the reason).
func parseFilter(q url.Values, voc pencilbox.Vocabulary) (model.Filter, error) {
	f := model.Filter{
		Kind:      strings.TrimSpace(q.Get("kind")),
		Status:    strings.TrimSpace(q.Get("status")),
		Source:    strings.TrimSpace(q.Get("source")),
		Outlet:    strings.TrimSpace(q.Get("outlet")),
		InSet:     strings.TrimSpace(q.Get("in_set")),
		Technique: strings.TrimSpace(q.Get("technique")),
		Q:         strings.TrimSpace(q.Get("q")),
		Sort:      q.Get("sort"),
		Desc:      q.Get("order") == "desc",
		After:     q.Get("after"),
		Limit:     PageSize,
		CountAll:  q.Get("count") == "all",
	}
	// The search first: a query over its limits is refused before any
	// other work.
	if err := pencilbox.CheckQuery(f.Q); err != nil {
		return f, fieldErr("q", "%s.", sentence(err))
	}
	var err error
	// tag=NAME includes, tag=-NAME excludes (repeatable, or a list:
	// "easy, -sample").
	if f.Tag, f.TagNot, err = pencilbox.ParseTagFilter(q["tag"], "Tag"); err != nil {
		return f, fieldErr("tag", "%s.", sentence(err))
	}
	if f.Published, err = pencilbox.ParseYesNo(q.Get("published"), "Published"); err != nil {
		return f, fieldErr("published", "%s.", sentence(err))
	}
	if f.RankMin, f.RankMax, err = parseRange(q.Get("rank"), "Stars"); err != nil {
		return f, fieldErr("rank", "%s.", sentence(err))
	}
	if f.CluesMin, f.CluesMax, err = parseRange(q.Get("clues"), "Clues"); err != nil {
		return f, fieldErr("clues", "%s.", sentence(err))
	}
	if lo, hi, err := pencilbox.ParseSize(q.Get("size"), "Size"); err != nil {
		return f, fieldErr("size", "%s.", sentence(err))
	} else {
		f.SizeMin, f.SizeMax = [2]int{lo.W, lo.H}, [2]int{hi.W, hi.H}
	}
	// The kinds' scales and verdicts, by their declared keys (Sudoku:
	// er=6.5-7.5, hyp=no, sort=er).
	df := pencilbox.Filter{Kind: f.Kind}
	for _, sc := range voc.ScaleKeys() {
		if err := voc.ApplyScale(&df, sc.Key, q.Get(sc.Key), sc.Short); err != nil {
			return f, fieldErr(sc.Key, "%s.", sentence(err))
		}
	}
	for _, v := range voc.VerdictKeys() {
		if err := voc.ApplyVerdict(&df, v.Key, q.Get(v.Key), v.Key); err != nil {
			return f, fieldErr(v.Key, "%s.", sentence(err))
		}
	}
	f.ScaleKey, f.ScaleMin, f.ScaleMax, f.ScaleKinds, f.ScalePending = df.ScaleKey, df.ScaleMin, df.ScaleMax, df.ScaleKinds, df.ScalePending
	f.VerdictKinds = df.VerdictKinds
	switch df.Verdict {
	case engine.Yes:
		f.Verdict = "yes"
	case engine.No:
		f.Verdict = "no"
	}
	if f.Sort != "" && !slices.Contains(model.Sorts, f.Sort) {
		sorts := model.Sorts
		for _, sc := range voc.SortKeys() {
			sorts = append(slices.Clip(sorts), sc.Key)
		}
		if !slices.Contains(sorts, f.Sort) {
			return f, userErr(http.StatusBadRequest, "sort must be one of %s", strings.Join(sorts, ", "))
		}
		if err := voc.ApplySort(&df, f.Sort); err != nil {
			return f, fieldErr("sort", "%s.", sentence(err))
		}
		f.Sort, f.SortKinds = df.Sort, df.SortKinds
	}
	if l := q.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 1000 {
			return f, userErr(http.StatusBadRequest, "limit must be 1-1000")
		}
		f.Limit = n
	}
	f.Page = 1
	if p := q.Get("page"); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 {
			return f, userErr(http.StatusBadRequest, "page must be a page number: 1, 2, 3...")
		}
		f.Page = n
	}
	if f.After == "" && f.Page > 1 {
		if !pageReachable(f.Page, f.Limit) {
			return f, userErr(http.StatusBadRequest,
				"Page %d is too deep: numbered pages reach the first %d matches (%d pages of %d). Go on with the Next link, which pages on from anywhere.",
				f.Page, MaxPageOffset, lastNumberedPage(f.Limit), f.Limit)
		}
		f.Offset = (f.Page - 1) * f.Limit
	}
	for _, v := range q["id"] {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id < 1 {
			return f, userErr(http.StatusBadRequest, "bad puzzle id %q", v)
		}
		f.IDs = append(f.IDs, id)
	}
	return f, nil
}

// lastNumberedPage is the deepest page=N reachable without a cursor.
func lastNumberedPage(limit int) int { return (MaxPageOffset-1)/limit + 1 }

// pageReachable reports whether page n (of limit rows) starts within
// MaxPageOffset matches.
func pageReachable(n, limit int) bool { return n >= 1 && n <= lastNumberedPage(limit) }

// splitTags reads a tags field ("a, b c") into distinct tags within the
// library's tag limits (pencilbox.CheckTags), or says which limit a tag
// breaks (400).
func splitTags(s string) ([]string, error) {
	tags := pencilbox.SplitTags(s)
	if err := pencilbox.CheckTags(tags); err != nil {
		return nil, userErr(http.StatusBadRequest, "Tags: %v.", err)
	}
	return tags, nil
}

// listPage reads f's page for the list and the API, within the search
// budget. A numbered page past the filter's last is the user's error, not
// an empty page.
func (s *Server) listPage(ctx context.Context, f model.Filter) (model.Page, error) {
	var page model.Page
	f.CountBy = time.Now().Add(s.countBudget(f))
	err := s.search(ctx, func(ctx context.Context) (err error) {
		page, err = s.cfg.Library.Puzzles(ctx, f)
		return err
	})
	if err != nil {
		return page, err
	}
	if f.Offset > 0 && f.Offset >= page.Total && !page.More {
		last := max(1, (page.Total+f.Limit-1)/f.Limit)
		return model.Page{}, userErr(http.StatusBadRequest, "There is no page %d: this filter matches %s, %d page(s) of %d.",
			f.Page, matches(page), last, f.Limit)
	}
	return page, nil
}

// DefaultCountBudget is how long a list page may spend counting its
// matches exactly (Config.CountBudget): within the list's bar (p95 50 ms
// on 10^6 puzzles, docs/BENCHMARKS.md), with the page's own queries.
const DefaultCountBudget = 25 * time.Millisecond

// countBudget is the time f's page may take to count its matches: the
// page's, or with count=all half the search budget (the page's queries
// keep the rest).
func (s *Server) countBudget(f model.Filter) time.Duration {
	if f.CountAll {
		return max(s.cfg.CountBudget, s.cfg.SearchBudget/2)
	}
	return s.cfg.CountBudget
}

// countURL is path with q's filter asking for the exact count (count=all),
// from its first page.
func countURL(path string, q url.Values) string {
	u := url.Values{}
	for k, v := range q {
		if k != "after" && k != "page" && k != "count" {
			u[k] = v
		}
	}
	u.Set("count", "all")
	return path + "?" + u.Encode()
}

// DefaultSearchBudget is how long the queries of one request's list or
// search may run (Config.SearchBudget). Every filter within the search's
// limits answers far sooner (docs/LIBRARY.md); the budget bounds what a
// loaded machine or an unforeseen plan could cost one request.
const DefaultSearchBudget = 5 * time.Second

// search runs fn, the store reads of one list or search, with a context
// that ends at the search budget or when the request's does (the client
// gone): the store's queries are interrupted then. A budget that ran out
// is the user's error, saying to narrow the search.
func (s *Server) search(ctx context.Context, fn func(context.Context) error) error {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.SearchBudget)
	defer cancel()
	err := fn(ctx)
	if err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return userErr(http.StatusServiceUnavailable,
			"The search took too long (over %s); narrow it: fewer or longer words, a kind, stars, a source or a tag.", s.cfg.SearchBudget)
	}
	return err
}

// sentence makes an error message a sentence's start (capital first).
func sentence(err error) string {
	m := err.Error()
	if m == "" {
		return m
	}
	r, n := utf8.DecodeRuneInString(m)
	return string(unicode.ToUpper(r)) + m[n:]
}
