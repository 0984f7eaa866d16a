package explainer

import (
	"pencilbox/engine"
	"pencilbox/kinds/sudoku"
)

// Rate works on the puzzle's canonical image, so that every image of a
// puzzle under the Sudoku symmetries follows the same path and gets the same
// ER, EP and ED. serate itself does not: where several hints tie (same
// difficulty, complexity and kind), it takes the first it finds, and which
// is first depends on how the grid is turned and the digits named (see
// docs/EXPLAINER.md). A frame maps the image's cells, digits and houses back
// to the puzzle as given, for the step log.
type frame struct {
	cell  [81]int // image cell -> given cell
	digit [10]int // image digit -> given digit
	house [27]int // image house -> given house
}

func newFrame(s sudoku.Symmetry) *frame {
	f := &frame{}
	for i := range 9 {
		for j := range 9 {
			r, c := int(s.Rows[i]), int(s.Cols[j])
			if s.Transpose {
				r, c = c, r
			}
			f.cell[i*9+j] = r*9 + c
		}
	}
	for d := 1; d <= 9; d++ {
		f.digit[s.Digits[d]] = d
	}
	for h := range 27 {
		a, b := f.cell[houses[h][0]], f.cell[houses[h][8]]
		for _, x := range cellHouses[a] {
			for _, y := range cellHouses[b] {
				if x == y {
					f.house[h] = int(x)
				}
			}
		}
	}
	return f
}

func (f *frame) mark(m engine.Mark) engine.Mark {
	return engine.Mark{Cell: f.cell[m.Cell], Value: f.digit[m.Value]}
}

func (f *frame) marks(ms []engine.Mark) []engine.Mark {
	if ms == nil {
		return nil
	}
	out := make([]engine.Mark, len(ms))
	for i, m := range ms {
		out[i] = f.mark(m)
	}
	return out
}

func (f *frame) cells(cs []int) []int {
	if cs == nil {
		return nil
	}
	out := make([]int, len(cs))
	for i, c := range cs {
		out[i] = f.cell[c]
	}
	return out
}

func (f *frame) houseNames(hs []string) []string {
	if hs == nil {
		return nil
	}
	out := make([]string, len(hs))
	for i, name := range hs {
		out[i] = name
		for h := range 27 {
			if houseName(h) == name {
				out[i] = houseName(f.house[h])
				break
			}
		}
	}
	return out
}

func (f *frame) pot(p pot) pot {
	return mkPot(f.cell[p.cell()], f.digit[p.digit()], p.on())
}

// step maps a step's drawing (not its sentence) to the given grid.
func (f *frame) step(st engine.Step) engine.Step {
	out := st
	out.Pattern = f.cells(st.Pattern)
	out.Pivots = f.cells(st.Pivots)
	out.Pincers = f.cells(st.Pincers)
	out.Corners = f.cells(st.Corners)
	out.Houses = f.houseNames(st.Houses)
	out.Base = f.houseNames(st.Base)
	out.Cover = f.houseNames(st.Cover)
	out.Place = f.marks(st.Place)
	out.Eliminate = f.marks(st.Eliminate)
	if st.Digits != nil {
		out.Digits = make([]int, len(st.Digits))
		for i, d := range st.Digits {
			out.Digits[i] = f.digit[d]
		}
	}
	if st.Links != nil {
		out.Links = make([]engine.Link, len(st.Links))
		for i, l := range st.Links {
			l.From, l.To = f.mark(l.From), f.mark(l.To)
			out.Links[i] = l
		}
	}
	return out
}

// snapshot maps a chain hint to the given grid, inner chains included, so
// that its sentence names the given grid's cells and digits.
func (f *frame) snapshot(s *snapshot) *snapshot {
	if s == nil {
		return nil
	}
	out := *s
	out.src = f.pot(s.src)
	if s.kind == kCell {
		out.cell = f.cell[s.cell]
	}
	if s.kind == kRegion {
		out.house, out.digit = f.house[s.house], f.digit[s.digit]
	}
	out.elim = f.marks(s.elim)
	if s.place.Cell >= 0 {
		out.place = f.mark(s.place)
	}
	out.nodes = make([]snode, len(s.nodes))
	for i, n := range s.nodes {
		n.p = f.pot(n.p)
		n.nested = f.snapshot(n.nested)
		out.nodes[i] = n
	}
	out.sig = nil
	return &out
}

// givenStep writes the step of h (a hint on the image) for the given grid
// and applies h's image to given. A chain's step was written for the given
// grid when it was found; a basic hint's is the same hint found on the given
// grid by hr, the hinter that gave it (the image of a hint is a hint of the
// same technique there, with the same effect).
func givenStep(h *Hint, hr Hinter, fr *frame, given *Grid) engine.Step {
	place, elim := fr.marks(h.Place), fr.marks(h.Eliminate)
	var st engine.Step
	if h.framed {
		st = h.Step
	} else {
		m := matching{technique: h.Technique, level: Tenths(h.Difficulty), place: place, elim: elim}
		c := Context{Steps: true, Limit: DefaultWorkLimit}
		hr.Hints(given, &c, &m)
		if m.ok {
			st = m.hint.Step
		} else {
			// not expected: keep the image's drawing, mapped, and say
			// what the step does
			st = fr.step(h.Step)
			st.Sentence = effectSentence(place, elim)
		}
	}
	st.Place, st.Eliminate = place, elim
	for _, m := range elim {
		given.Eliminate(m.Cell, m.Value)
	}
	for _, m := range place {
		given.Place(m.Cell, m.Value)
	}
	return st
}

// matching keeps the first hint of a technique, level and effect.
type matching struct {
	technique   string
	level       int
	place, elim []engine.Mark
	hint        Hint
	ok          bool
}

func (m *matching) Add(h Hint) bool {
	if h.Technique == m.technique && Tenths(h.Difficulty) == m.level &&
		sameMarks(h.Place, m.place) && sameMarks(h.Eliminate, m.elim) {
		m.hint, m.ok = h, true
		return false
	}
	return true
}

// sameMarks reports whether a and b hold the same marks in any order.
func sameMarks(a, b []engine.Mark) bool {
	if len(a) != len(b) {
		return false
	}
	var in [81]uint16
	for _, x := range a {
		in[x.Cell] |= 1 << x.Value
	}
	for _, x := range b {
		if in[x.Cell]&(1<<x.Value) == 0 {
			return false
		}
	}
	return true
}

func effectSentence(place, elim []engine.Mark) string {
	var parts []string
	for _, m := range place {
		parts = append(parts, cellName(m.Cell)+" must be "+string(rune('0'+m.Value)))
	}
	for _, m := range elim {
		parts = append(parts, cellName(m.Cell)+" loses "+string(rune('0'+m.Value)))
	}
	return andList(parts) + "."
}
