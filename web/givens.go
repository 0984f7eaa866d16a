package web

// Search by givens: a puzzle pasted into the list's search box (an
// 81-character Sudoku line, a puzz.link URL, a Tatham ID, a grid of
// several lines: any one-puzzle notation a kind's Sniff claims and its
// Parse reads) finds the stored puzzle with the same canonical form,
// which is the puzzle itself or any symmetric image of it (the library
// stores each once).

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"pencilbox"
)

// MaxPasteChars bounds the search the kinds are asked to read as a
// puzzle: a big puzzle's grid fits (a 100x100 Akari grid is about 10,100
// characters), a whole file of puzzles does not (that is an import), and
// no request makes every kind read megabytes. A search over it is
// refused, saying so; a word search has its own, smaller limit
// (pencilbox.MaxQueryChars).
const MaxPasteChars = 16000

// pastedText is the search q as the kinds read it: trimmed, with the
// CRLF line ends a browser sends from a text area (and CR alone) made LF.
// A search over MaxPasteChars is a 400 naming the limit.
func pastedText(q string) (string, error) {
	if n := utf8.RuneCountInString(q); n > MaxPasteChars {
		return "", fieldErr("q", "The search is %d characters long, but a pasted puzzle may have at most %d (and words at most %d): shorten it by %d, or import a file of puzzles on the Import page.",
			n, MaxPasteChars, pencilbox.MaxQueryChars, n-MaxPasteChars)
	}
	q = strings.ReplaceAll(q, "\r\n", "\n")
	return strings.TrimSpace(strings.ReplaceAll(q, "\r", "\n")), nil
}

// givens is what the kinds made of a search: the stored puzzles it is a
// notation of (in the kinds' registry order), whether any kind read it as
// a puzzle, and when none did, why those that claimed its notation could
// not read it (a grid with a row too short: said beside the word search,
// which would otherwise find nothing, or refuse a grid's many "words",
// with no word of why).
type givens struct {
	ids     []int64
	read    bool
	notRead []string // "Sudoku: grid: row 3 has 8 cells, want 9"
}

// explain adds to a refusal of the search as words why it was not read
// as a puzzle either, when a kind claimed it.
func (g givens) explain(err error) error {
	var pe *publicError
	if len(g.notRead) == 0 || !errors.As(err, &pe) || pe.field != "q" {
		return err
	}
	return &publicError{code: pe.code, field: pe.field, msg: pe.msg + " " + g.note()}
}

// note says why the search was not read as a puzzle ("" when no kind
// claimed it).
func (g givens) note() string {
	if len(g.notRead) == 0 {
		return ""
	}
	return "It was not read as a puzzle: " + strings.Join(g.notRead, "; ") + "."
}

// byGivens asks the kinds to read the search q as a puzzle and looks up
// what they read (kind, when set, limits it to that kind). A q over
// MaxPasteChars is refused (a 400 naming the limit).
func (s *Server) byGivens(ctx context.Context, q, kind string) (givens, error) {
	var g givens
	text, err := pastedText(q)
	if err != nil || text == "" {
		return g, err
	}
	for _, k := range s.cfg.Kinds {
		if (kind != "" && k.Name() != kind) || !k.Sniff(text) {
			continue
		}
		p, err := k.Parse(text)
		if err != nil {
			// claimed but not a puzzle of this kind: a text search
			g.notRead = append(g.notRead, k.Title()+": "+err.Error())
			continue
		}
		g.read = true
		id, ok, err := s.cfg.Library.PuzzleID(ctx, k.Name(), p.Canonical())
		if err != nil {
			return g, fmt.Errorf("search by givens (%s): %w", k.Name(), err)
		}
		if ok {
			g.ids = append(g.ids, id)
		}
	}
	if g.read {
		g.notRead = nil
	}
	return g, nil
}

// givensSearch answers a list request whose search is a puzzle: one match
// opens its page, none says so under the form, several (kinds that read
// the same text) are listed; handled is false when the search is not a
// puzzle (the list's text search then runs, and g says why it was not
// read as one). q without its search is what the list of several
// matches filters on besides their ids.
func (s *Server) givensSearch(c echo.Context, q url.Values) (handled bool, g givens, err error) {
	g, err = s.byGivens(c.Request().Context(), q.Get("q"), strings.TrimSpace(q.Get("kind")))
	if err != nil {
		return true, g, s.libraryError(c, q, err)
	}
	if !g.read {
		return false, g, nil
	}
	switch len(g.ids) {
	case 0:
		return true, g, s.libraryError(c, q, &publicError{code: http.StatusOK, field: "q",
			msg: "No stored puzzle has these givens, nor any symmetric image of them (rotations, reflections, relabellings)."})
	case 1:
		return true, g, s.redirectFlash(c, fmt.Sprintf("/puzzles/%d", g.ids[0]),
			fmt.Sprintf("Found by its givens: puzzle %d (the library keeps a puzzle and its symmetric images once).", g.ids[0]))
	}
	return false, g, nil
}

// withoutKeys is q without the keys named.
func withoutKeys(q url.Values, keys ...string) url.Values {
	out := url.Values{}
	for k, v := range q {
		if !slices.Contains(keys, k) {
			out[k] = v
		}
	}
	return out
}
