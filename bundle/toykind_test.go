package bundle_test

// The toy kind: Latin squares of side 4 (each of 1-4 once in every row and
// column), defined only here. It is a whole bundle (engine kind, import
// format, board describer (drawn on the pages and in booklets), text
// notations) and TestToyKind runs it
// through the shared code unchanged: that a kind is one bundle is the
// promise of docs/ARCHITECTURE.md.

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"pencilbox/draw"
	"pencilbox/engine"
	"pencilbox/export"
	"pencilbox/importers"
	"pencilbox/web/model"
)

const side = 4

type latinKind struct{}

func (latinKind) Name() string  { return "latin" }
func (latinKind) Title() string { return "Latin 4x4" }
func (latinKind) Ladder() []engine.Technique {
	return []engine.Technique{{ID: "last", Name: "Last in its line", Level: 1}, {ID: "single", Name: "Single", Level: 2}, {ID: "guess", Name: "Guess", Level: 3}}
}

// Sniff: 16 cells of 1-4 or '.', with or without the "latin:" prefix.
func (latinKind) Sniff(text string) bool {
	t := strings.TrimPrefix(strings.TrimSpace(text), "latin:")
	return len(t) == side*side && strings.Trim(t, ".1234") == ""
}

func (latinKind) Parse(text string) (engine.Puzzle, error) {
	t := strings.TrimPrefix(strings.TrimSpace(text), "latin:")
	if len(t) != side*side {
		return nil, fmt.Errorf("%d cells, want %d", len(t), side*side)
	}
	p := &latin{}
	for i := range side * side {
		c := t[i]
		if c != '.' && (c < '1' || c > '4') {
			return nil, fmt.Errorf("cell %s: %q is not 1-4 or '.'", engine.CellName(i, side), c)
		}
		p.g[i] = c
	}
	for i, c := range p.g {
		if c != '.' && !fits(p.g, i, c) {
			return nil, fmt.Errorf("cell %s: %c repeats in its row or column", engine.CellName(i, side), c)
		}
	}
	return p, nil
}

type latin struct{ g [side * side]byte }

// fits reports whether digit d may stand in cell i of g (no other cell of
// its row or column holds it).
func fits(g [side * side]byte, i int, d byte) bool {
	r, c := i/side, i%side
	for k := range side {
		if (k != c && g[r*side+k] == d) || (k != r && g[k*side+c] == d) {
			return false
		}
	}
	return true
}

// lastInLine reports whether cell i is the only empty cell of its row or
// of its column.
func lastInLine(g [side * side]byte, i int) bool {
	r, c := i/side, i%side
	row, col := 0, 0
	for k := range side {
		if g[r*side+k] == '.' {
			row++
		}
		if g[k*side+c] == '.' {
			col++
		}
	}
	return row == 1 || col == 1
}

func (p *latin) Kind() engine.Kind { return latinKind{} }
func (p *latin) Givens() string    { return string(p.g[:]) }
func (p *latin) Width() int        { return side }
func (p *latin) Height() int       { return side }

// Canonical renames the digits in order of first appearance: puzzles that
// differ only by a renaming of the digits are the same puzzle.
func (p *latin) Canonical() string {
	name := map[byte]byte{}
	out := p.g
	for i, c := range out {
		if c == '.' {
			continue
		}
		if _, ok := name[c]; !ok {
			name[c] = byte('1' + len(name))
		}
		out[i] = name[c]
	}
	return string(out[:])
}

func (p *latin) Clues() int { return side*side - strings.Count(p.Givens(), ".") }

// solve counts the solutions of g up to 2, keeping the first.
func solve(g [side * side]byte, n *int, first *[side * side]byte) {
	i := bytes.IndexByte(g[:], '.')
	if i < 0 {
		if *n == 0 {
			*first = g
		}
		*n++
		return
	}
	for d := byte('1'); d <= '4' && *n < 2; d++ {
		if fits(g, i, d) {
			g[i] = d
			solve(g, n, first)
		}
	}
}

func (p *latin) Solve() engine.Result {
	var n int
	var first [side * side]byte
	solve(p.g, &n, &first)
	switch n {
	case 0:
		return engine.Result{Status: engine.None}
	case 1:
		return engine.Result{Status: engine.Unique, Solution: string(first[:])}
	}
	return engine.Result{Status: engine.Multiple}
}

// Rate fills the last empty cell of a row or column (rank 1), else a
// single (a cell with one digit left, rank 2), else it guesses the first
// empty cell's digit from the solution (rank 3).
func (p *latin) Rate(withSteps bool) engine.Rating {
	res := p.Solve()
	if res.Status != engine.Unique {
		return engine.Rating{Status: res.Status}
	}
	rt := engine.Rating{Status: engine.Unique, Solution: res.Solution, Rank: 1}
	g := p.g
	counts := map[string]int{}
	for {
		i := bytes.IndexByte(g[:], '.')
		if i < 0 {
			break
		}
		level, tech, d := 3, "guess", res.Solution[i]
		for j, c := range g {
			if c != '.' {
				continue
			}
			var only []byte
			for e := byte('1'); e <= '4'; e++ {
				if fits(g, j, e) {
					only = append(only, e)
				}
			}
			if len(only) != 1 {
				continue
			}
			l, t := 2, "single"
			if lastInLine(g, j) {
				l, t = 1, "last"
			}
			if l < level {
				i, level, tech, d = j, l, t, only[0]
			}
		}
		g[i] = d
		counts[tech]++
		rt.Rank = max(rt.Rank, level)
		if withSteps {
			rt.Steps = append(rt.Steps, engine.Step{Level: level, Technique: tech, Pattern: []int{i},
				Sentence: fmt.Sprintf("%s: %s is %c", tech, engine.CellName(i, side), d),
				Place:    []engine.Mark{{Cell: i, Value: int(d - '0')}}})
		}
	}
	for _, t := range (latinKind{}).Ladder() {
		if counts[t.ID] > 0 {
			rt.Profile = append(rt.Profile, engine.Count{ID: t.ID, N: counts[t.ID]})
		}
	}
	rt.Score = float64(counts["guess"])
	rt.Verdict = engine.Yes // the kind's verdict (Verdict): solved without a guess
	if counts["guess"] > 0 {
		rt.Verdict = engine.No
	}
	return rt
}

// latinFormat reads one puzzle a line: "latin:" and 16 cells.
var latinFormat = importers.Format{
	Name:   "latin",
	Kind:   latinKind{},
	Detect: func(head []byte) bool { return bytes.HasPrefix(head, []byte("latin:")) },
	Read: func(r io.Reader, emit func(importers.Record) error) error {
		return importers.ForLines(r, emit, func(n int, line []byte) importers.Record {
			return importers.Parse(latinKind{}, n, string(bytes.TrimSpace(line)))
		})
	},
}

// latinCSV reads the squares' rows of a csv table (the csv export): the
// registry's one csv format gives a row to the kind whose Sniff takes its
// puzzle field, with no shared code changed.
var latinCSV = importers.CSVKind{
	Kind:     latinKind{},
	Puzzle:   []string{"puzzle"},
	Solution: []string{"solution"},
	Row: func(line int, puzzle, solution string) importers.Record {
		rec := importers.Parse(latinKind{}, line, puzzle)
		rec.Solution = solution // checked by the import against the solver's
		return rec
	},
}

// latinDescriber describes a square's board: its digits, a step's
// pattern shaded; the shared back ends draw it on the pages and in print.
type latinDescriber struct{}

func squareBoard(cells string) (*draw.Board, error) {
	if len(cells) != side*side {
		return nil, fmt.Errorf("%d cells, want %d", len(cells), side*side)
	}
	b := &draw.Board{Rows: side, Cols: side, Name: "Latin square", Cells: make([]draw.Cell, side*side)}
	for i := range side * side {
		if cells[i] != '.' {
			b.Cells[i] = draw.Cell{Text: string(cells[i]), TextRole: draw.Given}
		}
	}
	return b, nil
}

func (latinDescriber) Describe(givens, solution string) (*draw.Board, error) {
	b, err := squareBoard(givens)
	if err != nil || solution == "" {
		return b, err
	}
	if len(solution) != side*side {
		return nil, fmt.Errorf("solution of %d cells, want %d", len(solution), side*side)
	}
	for i := range side * side {
		if givens[i] == '.' {
			b.Cells[i] = draw.Cell{Text: string(solution[i]), TextRole: draw.Solved}
		}
	}
	return b, nil
}

// DescribeStep: a square's state is what its steps placed, so the shared
// replay draws the steps before n and the shared step drawing marks step n.
func (latinDescriber) DescribeStep(givens string, steps []engine.Step, n int) (*draw.Board, error) {
	b, err := squareBoard(givens)
	if err != nil {
		return nil, err
	}
	n = min(max(n, 0), len(steps))
	if err := engine.ReplaySteps(b, steps[:n], engine.StepDrawing{}); err != nil {
		return nil, err
	}
	if n < len(steps) {
		engine.DrawStep(b, steps[n], engine.StepDrawing{}) // the pattern shaded
	}
	return b, nil
}

// latinBundle is the toy kind's bundle.
type latinBundle struct{}

func (latinBundle) Kind() engine.Kind { return latinKind{} }

func (latinBundle) Formats() []importers.Format {
	return []importers.Format{latinFormat, importers.CSVFormat(latinCSV)}
}
func (latinBundle) Describer() engine.Describer { return latinDescriber{} }
func (latinBundle) Highlights() []model.Highlight { // an optional capability
	return []model.Highlight{{ID: "latinsingle", Label: "Latin squares that need a single", Query: "kind=latin&rank=2"}}
}

func (latinBundle) Export() export.Kind {
	return export.Kind{
		Engine: latinKind{},
		Texts: []export.Text{{Format: "line"}, {Format: "grid"}, {Format: "csv"},
			{Format: "latin", Line: func(p engine.Puzzle) string { return "latin:" + p.Givens() }}},
	}
}
