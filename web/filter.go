package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"pencilbox"
	"pencilbox/web/model"
)

// PageSize is the library list's page length.
const PageSize = 50

// parseRange reads "5", "5-6", "5-" or "-6" into min and max (0 = open).
func parseRange(s, what string) (lo, hi int, err error) { return pencilbox.ParseRange(s, what) }

// parseFilter reads the library filter from query parameters. Bad values
// are the user's error (400 with the reason).
func parseFilter(q url.Values) (model.Filter, error) {
	f := model.Filter{
		Kind:       strings.TrimSpace(q.Get("kind")),
		Status:     strings.TrimSpace(q.Get("status")),
		Source:     strings.TrimSpace(q.Get("source")),
		Tag:        strings.TrimSpace(q.Get("tag")),
		Technique:  strings.TrimSpace(q.Get("technique")),
		Hypothesis: strings.TrimSpace(q.Get("hyp")),
		Q:          strings.TrimSpace(q.Get("q")),
		Sort:       q.Get("sort"),
		Desc:       q.Get("order") == "desc",
		After:      q.Get("after"),
		Limit:      PageSize,
	}
	var err error
	if f.RankMin, f.RankMax, err = parseRange(q.Get("rank"), "stars"); err != nil {
		return f, userErr(http.StatusBadRequest, "%v", err)
	}
	if f.CluesMin, f.CluesMax, err = parseRange(q.Get("clues"), "clues"); err != nil {
		return f, userErr(http.StatusBadRequest, "%v", err)
	}
	if f.Hypothesis != "" && f.Hypothesis != "yes" && f.Hypothesis != "no" {
		return f, userErr(http.StatusBadRequest, "hyp must be yes or no")
	}
	if f.Sort != "" {
		ok := false
		for _, s := range model.Sorts {
			ok = ok || s == f.Sort
		}
		if !ok {
			return f, userErr(http.StatusBadRequest, "sort must be one of %s", strings.Join(model.Sorts, ", "))
		}
	}
	if l := q.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 1000 {
			return f, userErr(http.StatusBadRequest, "limit must be 1-1000")
		}
		f.Limit = n
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

// splitTags reads "a, b c" into distinct tags.
func splitTags(s string) []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r' }) {
		if t != "" && !seen[t] && len(t) <= 64 {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}
