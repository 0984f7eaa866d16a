package web_test

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"pencilbox/web"
)

// TestSearchMultiLine: a puzzle of several lines pasted into the list's
// search (as the form sends it, by GET, with CRLF line ends, or into the
// API's q) opens the stored puzzle it is or is a symmetric image of; a
// grid the library does not hold says so; text no kind reads is the
// plain word search, with no error; a grid with a wrong row is searched
// as words, saying why it was not read as a puzzle; a search longer than
// anything the kinds read is refused, saying the limit.
func TestSearchMultiLine(t *testing.T) {
	site := web.OpenSite(t)
	var sid, aid int64
	var sudoku, akari string
	site.Row(`SELECT id, givens FROM puzzles WHERE kind = 'sudoku' ORDER BY id LIMIT 1 OFFSET 7`, &sid, &sudoku)
	site.Row(`SELECT id, givens FROM puzzles WHERE kind = 'akari' AND id = (SELECT puzzle_id FROM sources
		WHERE text = 'https://puzz.link/p?akari/10/10/k5.h6.p..i.1.b1bg.g.jcjch.g.i..h1..cg1.p6.h.g.k')`, &aid, &akari)
	cells := web.AkariCells(t, akari)
	sudokuAt, akariAt := fmt.Sprintf("/puzzles/%d", sid), fmt.Sprintf("/puzzles/%d", aid)
	var lid int64
	var loopy string
	site.Row(`SELECT id, givens FROM puzzles WHERE kind = 'slitherlink' AND width = 10 AND height = 10 ORDER BY id LIMIT 1`, &lid, &loopy)
	slither, slitherAt := web.SlitherCells(t, loopy), fmt.Sprintf("/puzzles/%d", lid)
	var kid int64
	var solo string
	site.Row(`SELECT id, givens FROM puzzles WHERE kind = 'killer' AND width = 9 ORDER BY id LIMIT 1`, &kid, &solo)
	killerAt := fmt.Sprintf("/puzzles/%d", kid)
	var words string
	site.Row(`SELECT label FROM sources WHERE label LIKE '%forum%' LIMIT 1`, &words)
	garbage := strings.NewReplacer("/", "\n", "_", "\n").Replace(words) // a source's words, one a line
	tooLong := strings.Repeat(strings.Repeat(".", 99)+"\n", 161)
	limitMsg := fmt.Sprintf("The search is %d characters long, but a pasted puzzle may have at most 16000 (and words at most 200): shorten it by %d", len(tooLong), len(tooLong)-16000)
	notStored := "No stored puzzle has these givens"
	// a grid with its third row a cell short, of one given: a word search
	// of "1", saying why it was not read as a puzzle
	short := strings.Split(web.SudokuGrid("1"+strings.Repeat(".", 80), "\n"), "\n")
	short[2] = short[2][1:]
	shortNote := "It was not read as a puzzle: Sudoku: grid: row 3 has 8 cells, want 9. Searched as words"
	// rows of 5 givens, the last a cell short: too many words to search
	rows := strings.Repeat("1.2.3.4.5\n", 8) + "1.2.3.4."
	manyMsg := "The search has 44 words, but at most 16 are allowed: remove 28. It was not read as a puzzle: Sudoku: grid: row 9 has 8 cells, want 9."

	for _, tc := range []struct {
		what, q string
		wantTo  string // the puzzle page it opens, "" when it answers a list
		code    int    // the list's status when it answers one
		says    string // what the list says
		api     string // the API's ids, or its error
	}{
		{"a Sudoku's .ss grid, CRLF as a text area sends it", web.SudokuGrid(sudoku, "\r\n"), sudokuAt, 0, "", fmt.Sprint([]int64{sid})},
		{"the Sudoku mirrored and relabelled, 9 lines", web.SudokuImage(sudoku), sudokuAt, 0, "", fmt.Sprint([]int64{sid})},
		{"an Akari's grid", web.AkariGrid(cells), akariAt, 0, "", fmt.Sprint([]int64{aid})},
		{"the Akari reflected, its grid spaced out", "\n  " + web.AkariTurned(cells) + "  \n\n", akariAt, 0, "", fmt.Sprint([]int64{aid})},
		{"the Akari's pzprv3 file", web.AkariPzprv3(cells), akariAt, 0, "", fmt.Sprint([]int64{aid})},
		{"a Slitherlink's grid as Janko's problem rows", web.SlitherGrid(slither), slitherAt, 0, "", fmt.Sprint([]int64{lid})},
		{"the Slitherlink reflected, typed without blanks", web.AkariTurned(slither), slitherAt, 0, "", fmt.Sprint([]int64{lid})},
		{"the Slitherlink's pzprv3 file", web.SlitherPzprv3(slither), slitherAt, 0, "", fmt.Sprint([]int64{lid})},
		{"a killer's cage list", web.KillerCages(t, solo, false), killerAt, 0, "", fmt.Sprint([]int64{kid})},
		{"the killer upside down, its cage list with CRLF", strings.ReplaceAll(web.KillerCages(t, solo, true), "\n", "\r\n"), killerAt, 0, "", fmt.Sprint([]int64{kid})},
		{"the killer's Solo ID", solo, killerAt, 0, "", fmt.Sprint([]int64{kid})},
		{"a Slitherlink grid not stored", "- - -\n- 3 -\n- - -", "", http.StatusOK, notStored, "[]"},
		{"a Sudoku grid not stored", web.SudokuGrid("1"+strings.Repeat(".", 80), "\n"), "", http.StatusOK, notStored, "[]"},
		{"an Akari grid not stored", "...\n.1.\n...", "", http.StatusOK, notStored, "[]"},
		{"lines no kind reads: the word search", garbage, "", http.StatusOK, "match", "rows"},
		{"a grid with a row short: the word search, saying why", strings.Join(short, "\n"), "", http.StatusOK, shortNote, "ok"},
		{"a grid with a row short, too many words", rows, "", http.StatusBadRequest, manyMsg, manyMsg},
		{"a search over the limit", tooLong, "", http.StatusBadRequest, limitMsg, limitMsg},
	} {
		t.Run(tc.what, func(t *testing.T) {
			code, body, hdr := site.Get("/puzzles?" + url.Values{"q": {tc.q}}.Encode())
			page := html.UnescapeString(body)
			switch {
			case tc.wantTo != "":
				if code != http.StatusSeeOther || hdr.Get("Location") != tc.wantTo {
					t.Errorf("list: %d to %q, want %s: %.300s", code, hdr.Get("Location"), tc.wantTo, body)
				}
			case code != tc.code || !strings.Contains(page, tc.says):
				t.Errorf("list: %d, want %d and a page saying %q: %.400s", code, tc.code, tc.says, page)
			case (tc.api == "rows" || tc.api == "ok") && strings.Contains(body, `id="filter-error"`):
				t.Errorf("list: an error under the form: %.400s", page)
			case tc.api == "rows" && strings.Contains(page, "not read as a puzzle"):
				t.Errorf("list: words no kind claims are said not to be a puzzle")
			case !strings.Contains(page, ">"+strings.TrimRight(tc.q, "\n")):
				t.Errorf("list: the search box lost the search")
			}

			code, body, _ = site.Get("/api/puzzles?q=" + url.QueryEscape(tc.q))
			var ans struct {
				Rows []struct {
					ID int64 `json:"id"`
				} `json:"puzzles"`
				Error string `json:"error"`
			}
			if err := json.Unmarshal([]byte(body), &ans); err != nil {
				t.Fatalf("API: %d, not JSON: %v: %.200s", code, err, body)
			}
			ids := []int64{}
			for _, r := range ans.Rows {
				ids = append(ids, r.ID)
			}
			switch {
			case tc.code == http.StatusBadRequest:
				if code != tc.code || !strings.Contains(ans.Error, tc.api) {
					t.Errorf("API: %d %q, want %d saying %q", code, ans.Error, tc.code, tc.api)
				}
			case tc.api == "ok":
				if code != http.StatusOK {
					t.Errorf("API: %d, want the word search's answer: %.200s", code, body)
				}
			case tc.api == "rows":
				if code != http.StatusOK || len(ids) == 0 {
					t.Errorf("API: %d, %d rows, want the word search's rows: %.200s", code, len(ids), body)
				}
			case code != http.StatusOK || fmt.Sprint(ids) != tc.api:
				t.Errorf("API: %d %v, want %s: %.200s", code, ids, tc.api, body)
			}
		})
	}
	if web.MaxPasteChars != 16000 {
		t.Errorf("the limit the messages state is 16000, the code's %d", web.MaxPasteChars)
	}
}
