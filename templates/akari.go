package templates

import (
	"github.com/a-h/templ"

	"pencilbox/engine"
	"pencilbox/engine/akari"
	"pencilbox/web/model"
)

// AkariView draws Akari (Light Up): black cells and clues, lights, no-light
// marks and lit cells; a step's placements in green, its pattern outlined.
type AkariView struct{}

type akCell struct {
	X, Y    int
	Black   bool
	Clue    string
	Light   bool
	NoLight bool
	Lit     bool
	Pattern bool
	Mark    string // "", "place", "elim": the shown step's change
}

type akBoard struct {
	W, H, CS int
	Cells    []akCell
}

func (b akBoard) Width() int  { return b.W*b.CS + 4 }
func (b akBoard) Height() int { return b.H*b.CS + 4 }

func akSize(w, h, limit int) int {
	cs := limit / w
	if m := limit / h; m < cs {
		cs = m
	}
	return min(max(cs, 4), 36)
}

// akBoardCell is the cell size of the page's board: what fits 560 px, but
// never under 14 px, where clues stop being readable; a bigger board is
// shown in a pannable, zoomable frame (akariFrame).
func akBoardCell(w, h int) int { return max(akSize(w, h, 560), 14) }

func akFrom(st akari.State, cs int) akBoard {
	b := akBoard{W: st.W, H: st.H, CS: cs, Cells: make([]akCell, len(st.Cells))}
	for i, ch := range st.Cells {
		c := akCell{X: 2 + i%st.W*cs, Y: 2 + i/st.W*cs}
		switch {
		case ch == '#':
			c.Black = true
		case ch >= '0' && ch <= '4':
			c.Black, c.Clue = true, string(ch)
		case ch == 'L':
			c.Light = true
		case ch == 'x':
			c.NoLight = true
		}
		if st.Lit != nil {
			c.Lit = st.Lit[i]
		}
		b.Cells[i] = c
	}
	return b
}

func akState(p *akari.Puzzle) akari.State {
	st := akari.State{W: p.W, H: p.H, Cells: append([]byte(nil), p.Cells...)}
	return st
}

func (AkariView) Thumb(m model.Puzzle) templ.Component {
	p, err := akari.Parse(m.Givens)
	if err != nil {
		return givensText(m.Givens)
	}
	return akariThumb(p)
}

func (AkariView) Board(m model.Puzzle, solution string) templ.Component {
	p, err := akari.Parse(m.Givens)
	if err != nil {
		return givensText(m.Givens)
	}
	st := akState(p)
	if len(solution) == len(st.Cells) {
		// solution: '#' black, 'L' light, '.' lit white cell
		st.Lit = make([]bool, len(st.Cells))
		for i, ch := range solution {
			if ch == 'L' {
				st.Cells[i] = 'L'
			}
			if ch != '#' {
				st.Lit[i] = true
			}
		}
	}
	return akariFrame(akFrom(st, akBoardCell(p.W, p.H)))
}

func (AkariView) Step(m model.Puzzle, steps []engine.Step, n int) (templ.Component, error) {
	p, err := akari.Parse(m.Givens)
	if err != nil {
		return nil, err
	}
	n = min(max(n, 0), len(steps))
	states, err := akari.Replay(p, steps[:n])
	if err != nil {
		return nil, err
	}
	b := akFrom(states[len(states)-1], akBoardCell(p.W, p.H))
	if n < len(steps) {
		st := steps[n]
		for _, c := range st.Pattern {
			if c >= 0 && c < len(b.Cells) {
				b.Cells[c].Pattern = true
			}
		}
		for _, mk := range st.Eliminate {
			if mk.Cell >= 0 && mk.Cell < len(b.Cells) {
				b.Cells[mk.Cell].Mark = "elim"
			}
		}
		for _, mk := range st.Place {
			if mk.Cell >= 0 && mk.Cell < len(b.Cells) {
				b.Cells[mk.Cell].Mark = "place"
				b.Cells[mk.Cell].Light = mk.Value == akari.Light
				b.Cells[mk.Cell].NoLight = mk.Value == akari.NoLight
			}
		}
	}
	return akariFrame(b), nil
}

func akCellClass(c akCell) string {
	s := "ak"
	switch {
	case c.Black:
		s += " black"
	case c.Lit:
		s += " lit"
	}
	if c.Pattern {
		s += " pattern"
	}
	return s
}

func akMarkClass(c akCell) string {
	switch c.Mark {
	case "place":
		return "mark place"
	case "elim":
		return "mark elim"
	}
	return "mark"
}
