package sudoku

import (
	"context"
	"fmt"
	"math/rand/v2"

	"pencilbox/engine"
)

var _ engine.Generator = Kind{}

// Clue counts a Sudoku can have: no 16-clue puzzle has a unique solution
// (McGuire, Tugemann and Civario, 2012).
const minSudokuClues = 17

// ranksAt17 lists the ranks the complete list of 17-clue puzzles
// (49,158, ../shared/data/sudoku/17_clue.txt) reaches: every rank but 1
// (by rank: 0, 21905, 15470, 4216, 56, 3, 7491, 17); TestRanksAt17 checks
// it when that file is there. A target of another rank with at most 17
// clues is known impossible.
var ranksAt17 = [9]bool{2: true, 3: true, 4: true, 5: true, 6: true, 7: true, 8: true}

// GenParams declares what the Sudoku generator takes beside the rank
// range: the givens' symmetry, a clue range and minimality. A Sudoku is
// 9x9 without black cells, so it declares no size and no black share.
func (Kind) GenParams() []engine.GenParam {
	return []engine.GenParam{
		engine.SymmetryParam(),
		{Name: "clues", Label: "Clues", Type: engine.ParamRange, Min: 1, Max: 81, Example: "22-26",
			Help: "clue count or range, e.g. 22-26 (default any)"},
		{Name: "minimal", Label: "Minimal", Type: engine.ParamBool, Default: "true",
			Help: "only puzzles with no removable clue"},
	}
}

// genTarget is a generation target read from engine.GenOptions.
type genTarget struct {
	MinRank, MaxRank   int
	Symmetry           engine.Symmetry
	MinClues, MaxClues int  // 0: no bound
	NotMinimal         bool // thinned puzzles allowed, not only minimal ones
}

// NewSource checks opt and returns a Sudoku source.
func (k Kind) NewSource(opt engine.GenOptions, rng *rand.Rand) (engine.Source, error) {
	t, err := k.checkGen(opt)
	if err != nil {
		return nil, err
	}
	orbits, err := t.Symmetry.Orbits(9, 9)
	if err != nil {
		return nil, err
	}
	s := &genSource{opt: t, rng: rng}
	for _, o := range orbits {
		var ob orbit
		for _, c := range o {
			ob.cells[ob.n] = uint8(c)
			ob.n++
		}
		s.orbits = append(s.orbits, ob)
	}
	s.order = make([]int, len(s.orbits))
	s.walking = walks(t.MinRank, t.MaxRank)
	return s, nil
}

// checkGen reads the target, filling defaults, and refuses options that
// cannot apply or targets known to be impossible.
func (k Kind) checkGen(o engine.GenOptions) (genTarget, error) {
	args, err := engine.ReadGenValues(k.GenParams(), o.Params)
	if err != nil {
		return genTarget{}, fmt.Errorf("sudoku: %w", err)
	}
	opt := genTarget{MinRank: o.MinRank, MaxRank: o.MaxRank, Symmetry: engine.Symmetry(args.Choice("symmetry")),
		NotMinimal: !args.Bool("minimal")}
	opt.MinClues, opt.MaxClues = args.Range("clues")
	lo, hi := opt.MinRank, opt.MaxRank
	if lo == 0 {
		lo = 1
	}
	if hi == 0 {
		hi = len(levels)
	}
	if lo < 1 || hi > len(levels) || lo > hi {
		return genTarget{}, fmt.Errorf("sudoku: rank %d-%d: %w: the ladder has ranks 1-%d", opt.MinRank, opt.MaxRank, engine.ErrImpossible, len(levels))
	}
	opt.MinRank, opt.MaxRank = lo, hi
	if opt.MaxClues == 0 {
		opt.MaxClues = 81
	}
	if opt.MinClues > opt.MaxClues || opt.MaxClues > 81 || opt.MinClues < 0 {
		return genTarget{}, fmt.Errorf("sudoku: clues %d-%d: not a range within 0-81", opt.MinClues, opt.MaxClues)
	}
	if opt.MaxClues < minSudokuClues {
		return genTarget{}, fmt.Errorf("sudoku: at most %d clues: %w: no Sudoku with fewer than %d clues has a unique solution",
			opt.MaxClues, engine.ErrImpossible, minSudokuClues)
	}
	if opt.MaxClues == minSudokuClues {
		ok := false
		for r := lo; r <= hi; r++ {
			ok = ok || ranksAt17[r]
		}
		if !ok {
			return genTarget{}, fmt.Errorf("sudoku: rank %d-%d with 17 clues: %w: none of the 49,158 puzzles with 17 clues has that rank",
				lo, hi, engine.ErrImpossible)
		}
	}
	return opt, nil
}

// levels are the ranks of the ladder, 1..8.
var levels = [...]int{1, 2, 3, 4, 5, 6, 7, 8}

// orbit is one class of cells the symmetry maps onto each other.
type orbit struct {
	cells [8]uint8
	n     int
}

// genSource makes Sudoku puzzles for one target.
type genSource struct {
	opt    genTarget
	rng    *rand.Rand
	orbits []orbit
	order  []int
	sv     Solver
	tried  [len(levels) + 1]int
	// walking: the target holds only rare ranks, reached by walk (gen_walk.go).
	walking bool
	walk    walker
}

func (s *genSource) Tried() []int { return append([]int(nil), s.tried[:]...) }

// Next makes random minimal (or, with NotMinimal, thinned) puzzles until
// one has a rank and clue count in the target.
func (s *genSource) Next(ctx context.Context) (engine.Puzzle, engine.Rating, error) {
	for {
		if err := ctx.Err(); err != nil {
			return nil, engine.Rating{}, err
		}
		var g Grid
		r := 0
		if s.walking {
			g, r = s.step()
		} else {
			g = s.candidate()
		}
		n := g.Clues()
		if n < s.opt.MinClues || n > s.opt.MaxClues {
			s.tried[0]++
			continue
		}
		if r == 0 {
			r = rankOf(&g, len(levels))
		}
		s.tried[r]++
		if r < s.opt.MinRank || r > s.opt.MaxRank {
			continue
		}
		if s.walking && !s.walk.fresh(&g, &s.walk.lastSol) {
			continue
		}
		p := &Puzzle{Grid: g}
		return p, Rate(&g, false), nil
	}
}

// fullGrid returns a random solution grid: the three diagonal boxes filled
// at random (they share no house), completed by the solver, then moved by
// a random symmetry of the grid so that the solver's order leaves no trace.
func (s *genSource) fullGrid() Grid {
	for {
		var g Grid
		for _, box := range [3]int{18, 22, 26} {
			p := s.rng.Perm(9)
			for i, c := range houses[box] {
				g[c] = uint8(p[i] + 1)
			}
		}
		n, sol := s.sv.Count(&g, 1)
		if n == 1 {
			sym := RandomSymmetry(s.rng)
			return sym.Apply(&sol)
		}
	}
}

// candidate thins a random solution grid: see thin. With symmetry, minimal
// means that no orbit can be removed keeping the solution unique (removing
// one given of an orbit would break the asked symmetry); without, that no
// given can.
func (s *genSource) candidate() Grid {
	g := s.fullGrid()
	s.thin(&g, 81)
	return g
}

// thin removes whole orbits of g in random order while the solution stays
// unique (with NotMinimal, down to a random clue count in the range) and
// returns the clue count left. A single pass makes the result minimal:
// removing givens never removes solutions, so an orbit that could not go
// when it was tried is still needed at the end.
func (s *genSource) thin(g *Grid, clues int) int {
	for i := range s.order {
		s.order[i] = i
	}
	s.rng.Shuffle(len(s.order), func(i, j int) { s.order[i], s.order[j] = s.order[j], s.order[i] })
	target := 0
	if s.opt.NotMinimal {
		target = s.opt.MinClues + s.rng.IntN(s.opt.MaxClues-s.opt.MinClues+1)
	}
	for _, k := range s.order {
		if clues <= target {
			break
		}
		o := &s.orbits[k]
		if g[o.cells[0]] == 0 || (s.opt.NotMinimal && clues-o.n < s.opt.MinClues) {
			continue
		}
		var keep [8]uint8
		for i := range o.n {
			keep[i] = g[o.cells[i]]
			g[o.cells[i]] = 0
		}
		if n, _ := s.sv.Count(g, 2); n != 1 {
			for i := range o.n {
				g[o.cells[i]] = keep[i]
			}
			continue
		}
		clues -= o.n
	}
	return clues
}

// Minimal reports whether every given of g is needed: removing any one
// leaves more than one solution. g must have exactly one solution.
func Minimal(g *Grid) bool {
	var sv Solver
	h := *g
	for c, d := range h {
		if d == 0 {
			continue
		}
		h[c] = 0
		n, _ := sv.Count(&h, 2)
		h[c] = d
		if n == 1 {
			return false
		}
	}
	return true
}

// ReachableAt17 reports whether some 17-clue puzzle has rank r.
func ReachableAt17(r int) bool { return r >= 0 && r < len(ranksAt17) && ranksAt17[r] }
