// Package nonogram is the Nonogram (お絵かきロジック, Griddlers, Hanjie,
// Picross) puzzle kind: fill cells so that every row's and column's runs of
// filled cells match its clue.
//
// See ../shared/docs/nonogram.md and docs/NONOGRAM.md.
package nonogram

import (
	"fmt"
	"strings"
)

// MaxSize is the largest width and height accepted: books and sites print
// up to about 100x100 (webpbn's largest are near that), and a line of at
// most MaxSize cells keeps the line solver's tables fixed arrays.
const MaxSize = 128

// maxRuns is the most runs a line of MaxSize cells can hold.
const maxRuns = (MaxSize + 1) / 2

// Puzzle is a nonogram question: W columns, H rows; Rows[r] and Cols[c]
// are the run lengths of row r (left to right) and column c (top to
// bottom), an empty slice for a line with no filled cell.
//
// A solution's notation is H rows of W characters, '1' filled and '0'
// empty, joined by '/' (the form of ../shared/data's Tatham files).
type Puzzle struct {
	W, H       int
	Rows, Cols [][]int
}

// Kind is the Nonogram kind (engine.Kind).
type Kind struct{}

func (Kind) Name() string  { return "nonogram" }
func (Kind) Title() string { return "Nonogram" }

// New checks the clues against the size and returns the puzzle: every run
// at least 1, every clue fits its line (runs plus one gap between each),
// and the rows' filled cells add up to the columns'. The clues are copied.
func New(w, h int, rows, cols [][]int) (*Puzzle, error) {
	if err := checkSize(w, h); err != nil {
		return nil, err
	}
	if len(rows) != h {
		return nil, fmt.Errorf("%d row clues for %d rows", len(rows), h)
	}
	if len(cols) != w {
		return nil, fmt.Errorf("%d column clues for %d columns", len(cols), w)
	}
	p := &Puzzle{W: w, H: h, Rows: make([][]int, h), Cols: make([][]int, w)}
	var rowSum, colSum int
	for r, clue := range rows {
		n, err := checkClue(clue, w)
		if err != nil {
			return nil, fmt.Errorf("row %d: %w", r+1, err)
		}
		rowSum += n
		p.Rows[r] = append([]int{}, clue...)
	}
	for c, clue := range cols {
		n, err := checkClue(clue, h)
		if err != nil {
			return nil, fmt.Errorf("column %d: %w", c+1, err)
		}
		colSum += n
		p.Cols[c] = append([]int{}, clue...)
	}
	if rowSum != colSum {
		return nil, fmt.Errorf("the row clues fill %d cells, the column clues %d", rowSum, colSum)
	}
	return p, nil
}

func checkSize(w, h int) error {
	if w < 1 || h < 1 {
		return fmt.Errorf("size %dx%d: width and height must be at least 1", w, h)
	}
	if w > MaxSize || h > MaxSize {
		return fmt.Errorf("size %dx%d exceeds %dx%d", w, h, MaxSize, MaxSize)
	}
	return nil
}

// checkClue checks one line's clue against its length n and returns the
// number of filled cells it asks for.
func checkClue(clue []int, n int) (int, error) {
	sum := 0
	for _, v := range clue {
		if v < 1 {
			return 0, fmt.Errorf("run length %d: runs are at least 1 (an empty line has no runs)", v)
		}
		if v > n {
			return 0, fmt.Errorf("run of %d in a line of %d cells", v, n)
		}
		sum += v
	}
	if need := sum + len(clue) - 1; len(clue) > 0 && need > n {
		return 0, fmt.Errorf("clue %s needs %d cells, the line has %d", runsText(clue, " "), need, n)
	}
	return sum, nil
}

// runsText writes a clue's runs joined by sep ("" for an empty clue).
func runsText(clue []int, sep string) string {
	var b strings.Builder
	for i, v := range clue {
		if i > 0 {
			b.WriteString(sep)
		}
		fmt.Fprint(&b, v)
	}
	return b.String()
}

// Givens is the Tatham Pattern game ID, the notation stored.
func (p *Puzzle) Givens() string { return p.TathamID() }
func (p *Puzzle) Width() int     { return p.W }
func (p *Puzzle) Height() int    { return p.H }

// Clues counts the runs of all rows and columns (the numbers printed in
// the margins).
func (p *Puzzle) Clues() int {
	n := 0
	for _, c := range p.Rows {
		n += len(c)
	}
	for _, c := range p.Cols {
		n += len(c)
	}
	return n
}

// Filled is the number of filled cells of the picture.
func (p *Puzzle) Filled() int {
	n := 0
	for _, c := range p.Rows {
		for _, v := range c {
			n += v
		}
	}
	return n
}
