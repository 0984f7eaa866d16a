package sudoku

import (
	"fmt"

	"pencilbox/engine"
)

// Start returns the candidate state a step log starts from: the givens
// settled, every other cell holding the digits no peer given excludes.
func Start(g *Grid) (Candidates, error) {
	var s rstate
	if !s.load(g) {
		return Candidates{}, fmt.Errorf("givens clash")
	}
	return s.c, nil
}

// Replay applies a step log (Rating.Steps) to g's starting state. It
// returns len(steps)+1 states: the state before each step, then the final
// state. A placement settles the cell and removes the digit from its peers
// (those implicit removals are not listed in Eliminate). It fails when a
// step places or removes a digit that is not a candidate, places into a
// settled cell, or empties a cell.
func Replay(g *Grid, steps []engine.Step) ([]Candidates, error) {
	var s rstate
	if !s.load(g) {
		return nil, fmt.Errorf("givens clash")
	}
	out := make([]Candidates, 0, len(steps)+1)
	for i, st := range steps {
		out = append(out, s.c)
		for _, e := range st.Eliminate {
			if e.Cell < 0 || e.Cell > 80 || e.Value < 1 || e.Value > 9 {
				return out, fmt.Errorf("step %d: bad elimination %+v", i+1, e)
			}
			b := uint16(1) << (e.Value - 1)
			if s.c[e.Cell]&Settled != 0 || s.c[e.Cell]&b == 0 {
				return out, fmt.Errorf("step %d: %d is not a candidate of %s", i+1, e.Value, cellName(e.Cell))
			}
			s.c[e.Cell] &^= b
			if s.c[e.Cell] == 0 {
				return out, fmt.Errorf("step %d: %s has no candidate left", i+1, cellName(e.Cell))
			}
		}
		for _, p := range st.Place {
			if p.Cell < 0 || p.Cell > 80 || p.Value < 1 || p.Value > 9 {
				return out, fmt.Errorf("step %d: bad placement %+v", i+1, p)
			}
			b := uint16(1) << (p.Value - 1)
			if s.c[p.Cell]&Settled != 0 || s.c[p.Cell]&b == 0 {
				return out, fmt.Errorf("step %d: %d cannot be placed in %s", i+1, p.Value, cellName(p.Cell))
			}
			s.settle(p.Cell, b)
		}
	}
	return append(out, s.c), nil
}

// Grid returns the settled digits of a state (0 where unsettled).
func (cs *Candidates) Grid() Grid {
	var g Grid
	for c := range cs {
		g[c] = uint8(cs.Digit(c))
	}
	return g
}
