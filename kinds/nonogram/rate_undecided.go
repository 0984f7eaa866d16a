package nonogram

import (
	"errors"
	"fmt"
)

// Undecided lists the cells (row-major indices) that the ladder's levels
// 1-3 (line solving and single assumptions, no search) leave undecided:
// where a puzzle whose clues have several solutions is not unique, in
// the terms a solver meets it. It is empty for every puzzle of rank 3 or
// less. The error reports clues no grid meets, or the work limit.
func (p *Puzzle) Undecided() ([]int, error) {
	r := newRater(p, false)
	r.limit = RateWorkLimit
	r.top = 3
	err := r.run()
	switch {
	case err == nil:
		if !r.g.meetsClues() {
			return nil, fmt.Errorf("nonogram: no grid meets the clues")
		}
		return nil, nil
	case errors.Is(err, errNoPlacement):
		return nil, fmt.Errorf("nonogram: no grid meets the clues: %w", err)
	case !errors.Is(err, errStuck):
		return nil, err
	}
	var out []int
	for c, x := range r.g.cells {
		if x == unk {
			out = append(out, c)
		}
	}
	return out, nil
}
