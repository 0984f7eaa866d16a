package akari

import (
	"fmt"

	"pencilbox/engine"
)

var _ engine.Resembler = Kind{}

// SolutionKey is the smallest, over the 8 rotations and reflections, of
// the board's size and cells with every black cell written '#' (its
// number dropped) and every other cell as the solution has it (a light or
// not): two puzzles have the same key exactly when one's walls and lights
// are an image of the other's, whatever numbers their walls carry.
func (Kind) SolutionKey(ep engine.Puzzle, solution string) (string, error) {
	p, ok := ep.(*Puzzle)
	if !ok {
		return "", fmt.Errorf("akari: solution key of a %s puzzle", ep.Kind().Name())
	}
	if solution == "" {
		r := p.Solve()
		if r.Status != engine.Unique {
			return "", fmt.Errorf("akari: solution key of %s: it is %v, not unique", p.Givens(), r.Status)
		}
		solution = r.Solution
	}
	if len(solution) != len(p.Cells) {
		return "", fmt.Errorf("akari: solution key: solution of %d cells for a %dx%d board", len(solution), p.W, p.H)
	}
	merged := make([]byte, len(p.Cells))
	for i, c := range p.Cells {
		if c == '.' {
			merged[i] = solution[i]
		} else {
			merged[i] = '#'
		}
	}
	q := &Puzzle{W: p.W, H: p.H, Cells: merged}
	best := ""
	for t := range 8 {
		im := q.transform(t)
		s := fmt.Sprintf("%dx%d:%s", im.W, im.H, im.Cells)
		if t == 0 || s < best {
			best = s
		}
	}
	return best, nil
}
