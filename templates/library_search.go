package templates

import (
	"strconv"
	"strings"

	"github.com/a-h/templ"
)

// The list's search box is a text area, so that a puzzle of several
// lines (a grid, a pzprv3 file's body) can be pasted into it whole. It is
// one line high while it holds one line (app.css); these size it for the
// search the page shows, so it fits without the script too.

// maxSearchRows is the most rows the search box opens with; a longer
// puzzle scrolls inside it.
const maxSearchRows = 12

// searchLines counts the lines of the search the page shows (CRLF, as a
// browser sends a text area, is one line end).
func (l Library) searchLines() int {
	q := strings.TrimSpace(strings.ReplaceAll(l.Query.Get("q"), "\r\n", "\n"))
	return strings.Count(q, "\n") + 1
}

// searchRows is the search box's rows attribute.
func (l Library) searchRows() string {
	return strconv.Itoa(min(l.searchLines(), maxSearchRows))
}

// searchAttrs are the search box's class and description: the hint, and
// the error under the form when the search is at fault, or the note on
// why it was not read as a puzzle.
func (l Library) searchAttrs() templ.Attributes {
	if l.Error != "" && l.ErrorField == "q" {
		return templ.Attributes{"class": "search invalid", "aria-invalid": "true", "aria-describedby": "q-hint filter-error"}
	}
	if l.SearchNote != "" {
		return templ.Attributes{"class": "search", "aria-describedby": "q-hint q-note"}
	}
	return templ.Attributes{"class": "search", "aria-describedby": "q-hint"}
}
