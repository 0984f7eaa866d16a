package sudoku

import (
	"strings"

	"pencilbox/engine"
)

// Kind is the Sudoku puzzle kind.
type Kind struct{}

var _ engine.Kind = Kind{}

func (Kind) Name() string  { return "sudoku" }
func (Kind) Title() string { return "Sudoku" }

// Verdict: a Sudoku rating's verdict (engine.Verdicter) is whether
// Enclosure + Negation alone solves the puzzle (docs/SUDOKU-RATING.md),
// the hypothesis; "hyp" and "hypothesis" are the keys users have typed
// and exported since it was first stored.
func (Kind) Verdict() engine.Verdict {
	return engine.Verdict{Key: "hyp", Field: "hypothesis", Name: "Enclosure+Negation",
		Yes: "yes: it solves them", No: "no: beyond it"}
}

// Ladder is the 8-star ladder of sudoku-rating.md.
func (Kind) Ladder() []engine.Technique { return ladder }

// Sniff claims text whose first word is 81 cells of digits and empty marks,
// a puzz.link sudoku URL, or lines that look like a grid (looksLikeGrid:
// Parse then reads it or says which row is wrong).
func (Kind) Sniff(text string) bool {
	if IsURL(text) {
		return true
	}
	if isGridText(text) {
		return looksLikeGrid(text)
	}
	text = strings.TrimLeft(text, " \t\ufeff")
	n := 0
	for n < len(text) && n <= 81 {
		b := text[n]
		if !(b >= '1' && b <= '9') && !isEmptyMark(b) {
			break
		}
		n++
	}
	return n == 81 && (len(text) == 81 || strings.IndexByte(" \t\r\n", text[81]) >= 0)
}

// Parse reads the 81-character line form, a puzz.link sudoku URL or a
// grid of 9 lines (ParseGrid).
func (Kind) Parse(text string) (engine.Puzzle, error) {
	parse := ParseLine
	switch {
	case IsURL(text):
		parse = ParseURL
	case isGridText(text):
		parse = ParseGrid
	}
	g, err := parse(text)
	if err != nil {
		return nil, err
	}
	return &Puzzle{Grid: g}, nil
}

// Puzzle is a Sudoku puzzle: its givens.
type Puzzle struct {
	Grid Grid
	// canon keeps what Canonical found (the symmetry, for the grid it
	// was found for): the explainer rates the canonical image, and an
	// import asks for both (CanonicalSymmetry).
	canon struct {
		ok   bool
		grid Grid
		sym  Symmetry
	}
}

var _ engine.Puzzle = (*Puzzle)(nil)

func (p *Puzzle) Kind() engine.Kind { return Kind{} }
func (p *Puzzle) Givens() string    { return p.Grid.String() }

// Canonical is the puzzle's canonical form (Canonical); the symmetry to
// it is kept for CanonicalSymmetry.
func (p *Puzzle) Canonical() string {
	c := canonPool.Get().(*Canonicalizer)
	s := c.Canon(&p.Grid)
	p.canon.ok, p.canon.grid, p.canon.sym = true, p.Grid, c.symmetry()
	canonPool.Put(c)
	return s
}

// CanonicalSymmetry is CanonicalSymmetry of the puzzle's grid, kept from
// Canonical when it ran on the same grid: the canonical form is the most
// costly part of both, so an import (which needs the form, then the
// explainer's rating on the canonical image) computes it once.
func (p *Puzzle) CanonicalSymmetry() Symmetry {
	if p.canon.ok && p.canon.grid == p.Grid {
		return p.canon.sym
	}
	return CanonicalSymmetry(&p.Grid)
}

func (p *Puzzle) Width() int                    { return 9 }
func (p *Puzzle) Height() int                   { return 9 }
func (p *Puzzle) Clues() int                    { return p.Grid.Clues() }
func (p *Puzzle) Rate(steps bool) engine.Rating { return Rate(&p.Grid, steps) }

// Solve decides the status by counting solutions up to two.
func (p *Puzzle) Solve() engine.Result {
	n, sol := Solve(&p.Grid)
	return result(n, &sol)
}

func result(n int, sol *Grid) engine.Result {
	switch n {
	case 0:
		return engine.Result{Status: engine.None}
	case 1:
		return engine.Result{Status: engine.Unique, Solution: sol.String()}
	}
	return engine.Result{Status: engine.Multiple}
}

// URL is the puzzle's puzz.link URL.
func (p *Puzzle) URL() string { return p.Grid.URL() }
