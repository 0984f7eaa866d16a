package engine

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
)

// Generator is the optional capability of a Kind that makes new puzzles.
// Shared code finds it with a type assertion (k.(engine.Generator)), so a
// kind without one is simply not offered for generation.
type Generator interface {
	// NewSource checks opt against what the kind can make, refusing with
	// an error wrapping ErrImpossible a target known to be unreachable,
	// and returns a source drawing its randomness from rng only, so the
	// same rng seed and options give the same puzzles.
	NewSource(opt GenOptions, rng *rand.Rand) (Source, error)
	// GenParams declares the parameters the generator takes beside the
	// rank range (GenParam): the CLI's flags, the web form's fields and
	// the check of their values come from it.
	GenParams() []GenParam
}

// Source makes puzzles meeting one GenOptions target. It is not safe for
// concurrent use: run one per goroutine, each with its own rng.
type Source interface {
	// Next makes candidates until one meets the target and returns it
	// with its rating. It returns ctx's error when ctx ends first.
	Next(ctx context.Context) (Puzzle, Rating, error)
	// Tried counts, per rank (index 0: candidates outside the options'
	// other limits, such as the clue range), the candidates made and rated
	// so far, kept or not.
	Tried() []int
}

// ErrImpossible marks a generation target that is known to be unreachable.
var ErrImpossible = errors.New("impossible target")

// GenOptions is a generation target: the rank range every kind's ladder
// has, and the kind's own parameters as written, checked against its
// declaration (Generator.GenParams, ReadGenValues) by NewSource. The zero
// value asks for any rank with every parameter at its default.
type GenOptions struct {
	MinRank, MaxRank int // 0: any
	Params           GenValues
}

// Symmetry is the symmetry the givens (or black cells) of a generated
// puzzle have.
type Symmetry string

// The symmetries a generator may be asked for.
const (
	SymNone     Symmetry = "none"
	SymRot180   Symmetry = "rot180"
	SymRot90    Symmetry = "rot90"
	SymMirror   Symmetry = "mirror"   // left-right
	SymDiagonal Symmetry = "diagonal" // about the main diagonal
	SymFull     Symmetry = "full"     // all eight rotations and reflections
)

// Symmetries lists every symmetry name, in the order help shows them.
var Symmetries = []Symmetry{SymNone, SymRot180, SymRot90, SymMirror, SymDiagonal, SymFull}

// Orbits groups the cells of a w x h grid into the classes symmetry y maps
// onto each other: a generator adds or removes a whole class at once. It
// fails for rot90, diagonal and full on a grid that is not square.
func (y Symmetry) Orbits(w, h int) ([][]int, error) {
	if w != h && (y == SymRot90 || y == SymDiagonal || y == SymFull) {
		return nil, fmt.Errorf("symmetry %s needs a square grid, not %dx%d", y, w, h)
	}
	images := func(r, c int) [][2]int {
		switch y {
		case SymRot180:
			return [][2]int{{r, c}, {h - 1 - r, w - 1 - c}}
		case SymRot90:
			return [][2]int{{r, c}, {c, w - 1 - r}, {h - 1 - r, w - 1 - c}, {w - 1 - c, r}}
		case SymMirror:
			return [][2]int{{r, c}, {r, w - 1 - c}}
		case SymDiagonal:
			return [][2]int{{r, c}, {c, r}}
		case SymFull:
			return [][2]int{{r, c}, {c, w - 1 - r}, {h - 1 - r, w - 1 - c}, {w - 1 - c, r},
				{r, w - 1 - c}, {h - 1 - r, c}, {c, r}, {w - 1 - c, h - 1 - r}}
		case SymNone, "":
			return [][2]int{{r, c}}
		}
		return nil
	}
	if images(0, 0) == nil {
		return nil, fmt.Errorf("unknown symmetry %q", y)
	}
	seen := make([]bool, w*h)
	var out [][]int
	for i := range w * h {
		if seen[i] {
			continue
		}
		var orbit []int
		for _, rc := range images(i/w, i%w) {
			j := rc[0]*w + rc[1]
			if !seen[j] {
				seen[j] = true
				orbit = append(orbit, j)
			}
		}
		out = append(out, orbit)
	}
	return out, nil
}
