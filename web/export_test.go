package web

import (
	"net/http"
	"testing"
)

// What package web_test reaches of the package's own test helpers (this
// file is compiled only with the tests).

// Site is a logged-in curator's client on a copy of the bundled sample
// library served by a test server.
type Site struct {
	e *testEnv
	c *client
}

// OpenSite serves a copy of the sample library and logs the curator in.
func OpenSite(t *testing.T) *Site {
	t.Helper()
	e := newTestEnv(t, nil)
	c := e.client()
	c.login()
	return &Site{e: e, c: c}
}

// Get answers path (redirects not followed).
func (s *Site) Get(path string) (code int, body string, hdr http.Header) {
	s.e.t.Helper()
	r := s.c.get(path)
	return r.code, r.body, r.hdr
}

// Row reads the one row a query of the site's library gives into dest:
// for subjects no filter names (a source record's text, a label's words).
func (s *Site) Row(query string, dest ...any) {
	s.e.t.Helper()
	if err := s.e.db.R.QueryRow(query).Scan(dest...); err != nil {
		s.e.t.Fatalf("%s: %v", query, err)
	}
}

// The puzzles' multi-line notations, written by hand (paste_notations_test.go).
var (
	SudokuGrid  = sudokuGrid
	SudokuImage = sudokuImage
	AkariCells  = akariCells
	AkariGrid   = akariGrid
	AkariTurned = akariTurned
	AkariPzprv3 = akariPzprv3

	SlitherCells  = slitherCells
	SlitherGrid   = slitherGrid
	SlitherPzprv3 = slitherPzprv3

	KillerCages = killerCages
)
