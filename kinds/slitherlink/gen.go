package slitherlink

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"pencilbox/engine"
)

var _ engine.Generator = Kind{}

// Generation limits: the sizes the generator accepts and its default
// (Tatham's Loopy presets go from 5x5 to 10x10; Janko's reach 60x60).
const (
	GenMinSize     = 5
	GenMaxSize     = 60
	GenDefaultSize = 10
)

// GenParams declares what the Slitherlink generator takes beside the rank
// range: the grid size, the clues' symmetry and minimality.
func (Kind) GenParams() []engine.GenParam {
	return []engine.GenParam{
		{Name: "size", Label: "Size", Type: engine.ParamSize, Min: GenMinSize, Max: GenMaxSize,
			Default: fmt.Sprintf("%dx%d", GenDefaultSize, GenDefaultSize), Example: "10x10",
			Help: fmt.Sprintf("grid size WxH, from %dx%d to %dx%d", GenMinSize, GenMinSize, GenMaxSize, GenMaxSize)},
		engine.SymmetryParam(),
		{Name: "minimal", Label: "Minimal", Type: engine.ParamBool, Default: "false",
			Help: "only puzzles from which no clue can be removed keeping the solution unique"},
	}
}

// genTarget is a generation target read from engine.GenOptions.
type genTarget struct {
	MinRank, MaxRank int
	Width, Height    int
	Symmetry         engine.Symmetry
	Minimal          bool
}

// NewSource checks o and returns a Slitherlink source. Each candidate is
// made as Tatham's Loopy makes his: a random loop, every clue written,
// then clues removed (orbit by orbit of the asked symmetry, in random
// order) while the ladder up to the target level still solves it; a
// candidate that a level lower also solves is dropped. Levels 1-5 are
// checked by the ladder's own closure (which implies a unique solution);
// level 6 by the complete solver.
func (k Kind) NewSource(o engine.GenOptions, rng *rand.Rand) (engine.Source, error) {
	args, err := engine.ReadGenValues(k.GenParams(), o.Params)
	if err != nil {
		return nil, fmt.Errorf("slitherlink: %w", err)
	}
	opt := genTarget{MinRank: o.MinRank, MaxRank: o.MaxRank, Symmetry: engine.Symmetry(args.Choice("symmetry")), Minimal: args.Bool("minimal")}
	opt.Width, opt.Height = args.Size("size")
	lo, hi := opt.MinRank, opt.MaxRank
	if lo == 0 {
		lo = 1
	}
	if hi == 0 {
		hi = topLevel
	}
	if lo < 1 || hi > topLevel || lo > hi {
		return nil, fmt.Errorf("slitherlink: rank %d-%d: %w: the ladder has ranks 1-%d", o.MinRank, o.MaxRank, engine.ErrImpossible, topLevel)
	}
	opt.MinRank, opt.MaxRank = lo, hi
	// Any rank aims at levels 1-5: a search (level 6) candidate is made
	// with the complete solver at every clue removed, which takes minutes
	// on large grids; it is made when asked for (--rank 6, 5-6).
	aimTop := hi
	if o.MinRank == 0 && o.MaxRank == 0 {
		aimTop = 5
	}
	orbits, err := opt.Symmetry.Orbits(opt.Width, opt.Height)
	if err != nil {
		return nil, fmt.Errorf("slitherlink: %w", err)
	}
	n := opt.Width * opt.Height
	g := &genSource{opt: opt, rng: rng, orbits: orbits, w: opt.Width, h: opt.Height, n: n, aimTop: aimTop}
	g.inside = make([]bool, n)
	g.clue = make([]int8, n)
	g.order = make([]int, len(orbits))
	g.t = newTopo(g.w, g.h, g.clue)
	g.st = newLState(g.t, levelHard)
	g.wk = newLState(g.t, levelHard)
	return g, nil
}

// genSource makes Slitherlink puzzles for one target.
type genSource struct {
	opt     genTarget
	rng     *rand.Rand
	orbits  [][]int
	w, h    int
	n       int
	inside  []bool  // the loop being made, as its inside cells
	clue    []int8  // the clues (shared with t)
	col     []int8  // cell colours while a loop is made
	perm    []int32 // the cells in a random order
	order   []int
	t       *ltopo
	st, wk  *lstate
	tried   [topLevel + 1]int
	probeAt int32
	aimTop  int     // the highest level candidates aim at
	skip    []uint8 // probeScan's
}

func (g *genSource) Tried() []int { return append([]int(nil), g.tried[:]...) }

// Next makes candidates until one rates within the target.
func (g *genSource) Next(ctx context.Context) (engine.Puzzle, engine.Rating, error) {
	for {
		if err := ctx.Err(); err != nil {
			return nil, engine.Rating{}, err
		}
		level := g.opt.MinRank + g.rng.IntN(g.aimTop-g.opt.MinRank+1)
		p, sol, ok := g.candidate(ctx, level)
		if err := ctx.Err(); err != nil {
			// A candidate cut short is not counted as tried.
			return nil, engine.Rating{}, err
		}
		if !ok {
			g.tried[0]++
			continue
		}
		rt := rateSolved(p, sol, false, RateWorkLimit)
		if rt.Status != engine.Unique {
			g.tried[0]++
			continue
		}
		g.tried[rt.Rank]++
		if rt.Rank < g.opt.MinRank || rt.Rank > g.opt.MaxRank {
			continue
		}
		return p, rt, nil
	}
}

// candidate makes one puzzle aimed at level; ok is false when a lower
// level solves it too, or when ctx ends first: the clue removal asks the
// ladder again after each orbit, which at 60x60 is tens of seconds of CPU
// a candidate, so it looks at ctx before each (--time and Ctrl-C stop a
// run within one orbit's check, not one whole candidate).
func (g *genSource) candidate(ctx context.Context, level int) (*Puzzle, string, bool) {
	g.makeLoop()
	g.fullClues()
	if level <= 5 && !g.solvesAt(level) {
		return nil, "", false
	}
	for i := range g.order {
		g.order[i] = i
	}
	g.rng.Shuffle(len(g.order), func(i, j int) { g.order[i], g.order[j] = g.order[j], g.order[i] })
	var saved [8]int8
	for _, k := range g.order {
		if ctx.Err() != nil {
			return nil, "", false
		}
		orb := g.orbits[k]
		for i, c := range orb {
			saved[i] = g.clue[c]
			g.clue[c] = NoClue
		}
		if !g.keeps(level) {
			for i, c := range orb {
				g.clue[c] = saved[i]
			}
		}
	}
	if g.opt.Minimal && level <= 5 {
		// Level-wise removal keeps clues the solver needs at that level;
		// minimal asks that none be removable at all.
		for _, k := range g.order {
			if ctx.Err() != nil {
				return nil, "", false
			}
			orb := g.orbits[k]
			if g.clue[orb[0]] == NoClue {
				continue
			}
			for i, c := range orb {
				saved[i] = g.clue[c]
				g.clue[c] = NoClue
			}
			if !g.unique() {
				for i, c := range orb {
					g.clue[c] = saved[i]
				}
			}
		}
	}
	if level > 1 && level <= 5 && g.solvesAt(level-1) {
		return nil, "", false
	}
	return &Puzzle{W: g.w, H: g.h, Clue: append([]int8(nil), g.clue...)}, g.solution(), true
}

// keeps reports whether the clues still make a puzzle of at most level.
func (g *genSource) keeps(level int) bool {
	if level <= 5 {
		return g.solvesAt(level)
	}
	return g.unique()
}

// unique asks the complete solver.
func (g *genSource) unique() bool {
	p := &Puzzle{W: g.w, H: g.h, Clue: g.clue}
	return p.Solve().Status == engine.Unique
}

// solvesAt reports whether levels 1 to level (at most 5) settle every
// edge of the current clues.
func (g *genSource) solvesAt(level int) bool {
	s := g.st
	s.reset(min(level, levelHard))
	if !s.propagate() {
		return false
	}
	if level <= levelHard {
		return s.unknown == 0
	}
	for s.unknown > 0 {
		if !g.probe() {
			return false
		}
		if !s.propagate() {
			return false
		}
	}
	return true
}

// probe settles one edge by contradiction in g.st, using g.wk, looking
// from where the last one was found.
func (g *genSource) probe() bool {
	s, w := g.st, g.wk
	w.copyFrom(s)
	if g.skip == nil {
		g.skip = make([]uint8, g.t.ne)
	}
	// The shortcut (skip) may miss a rare contradiction: then a clue
	// stays that could have gone, and the finished puzzle is rated anew.
	e, v, _, _, found := probeScan(s, w, g.probeAt, g.skip, RateWorkLimit)
	if !found {
		return false
	}
	s.set(e, lOn+lOff-v, -1)
	g.probeAt = e + 1
	return true
}

// Cell colours while a loop is made.
const (
	grey  int8 = iota
	white      // inside the loop
	black      // outside, as is everything beyond the grid
)

// makeLoop makes a random loop the way Tatham's loopgen.c does (its
// facts, our code): every cell grey, one random cell white, the border
// black; then, a random colour at a time, the grey cell that can take it
// with the fewest side neighbours of that colour already (ties broken by
// a random order fixed for the run) takes it, a cell taking a colour only
// where that colour's cells around it form one run touching it by a side,
// so each colour stays in one piece and never meets itself at a corner
// only. Then "tendrils": a cell that can change colour and has one side
// neighbour of the other colour changes, until none can; and a last pass
// changes each cell that can with odds 1 in 10. The loop is the boundary
// between white and black.
func (g *genSource) makeLoop() {
	n := g.n
	if cap(g.col) < n {
		g.col = make([]int8, n)
		g.perm = make([]int32, n)
	}
	col, perm := g.col[:n], g.perm[:n]
	for i := range col {
		col[i] = grey
		perm[i] = int32(i)
	}
	g.rng.Shuffle(n, func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
	col[g.rng.IntN(n)] = white
	greys := n - 1
	for greys > 0 {
		x := white
		if g.rng.IntN(2) == 0 {
			x = black
		}
		best, bestScore := -1, 5
		for _, c := range perm {
			if col[c] != grey {
				continue
			}
			if sc := g.sideCount(int(c), x); sc < bestScore && g.canColour(int(c), x) {
				best, bestScore = int(c), sc
			}
		}
		if best < 0 {
			// The other colour can always grow (loopgen.c's argument).
			x = white + black - x
			for _, c := range perm {
				if col[c] != grey {
					continue
				}
				if sc := g.sideCount(int(c), x); sc < bestScore && g.canColour(int(c), x) {
					best, bestScore = int(c), sc
				}
			}
			if best < 0 {
				break
			}
		}
		col[best] = x
		greys--
	}
	for flipped := true; flipped; {
		flipped = false
		for _, c := range perm {
			o := white + black - col[c]
			if g.sideCount(int(c), o) == 1 && g.canFlip(int(c), o) {
				col[c] = o
				flipped = true
			}
		}
	}
	for _, c := range perm {
		o := white + black - col[c]
		if g.canFlip(int(c), o) && g.rng.IntN(10) == 0 {
			col[c] = o
		}
	}
	for i := range g.inside {
		g.inside[i] = col[i] == white
	}
}

// colourAt is cell (r, c)'s colour, black beyond the grid.
func (g *genSource) colourAt(r, c int) int8 {
	if r < 0 || r >= g.h || c < 0 || c >= g.w {
		return black
	}
	return g.col[r*g.w+c]
}

// sideCount counts cell c's side neighbours of colour x.
func (g *genSource) sideCount(c int, x int8) int {
	r, cc := c/g.w, c%g.w
	n := 0
	for k := 0; k < 8; k += 2 {
		if g.colourAt(r+around8[k][0], cc+around8[k][1]) == x {
			n++
		}
	}
	return n
}

// runs counts the runs of colour x around cell c (0 when it has none,
// -1 when all eight neighbours are x) and whether one touches c by a side.
func (g *genSource) runs(c int, x int8) (int, bool) {
	r, cc := c/g.w, c%g.w
	var is [8]bool
	side := false
	all := true
	for k, d := range around8 {
		is[k] = g.colourAt(r+d[0], cc+d[1]) == x
		if is[k] && k%2 == 0 {
			side = true
		}
		all = all && is[k]
	}
	if all {
		return -1, true
	}
	t := 0
	for k := 0; k < 8; k++ {
		if is[k] != is[(k+1)%8] {
			t++
		}
	}
	return t / 2, side
}

// canColour reports whether grey cell c can take colour x.
func (g *genSource) canColour(c int, x int8) bool {
	n, side := g.runs(c, x)
	return side && n <= 1
}

// canFlip reports whether cell c can change to colour x: x around it in
// one run touching it by a side, and its own colour not closed in.
func (g *genSource) canFlip(c int, x int8) bool {
	n, side := g.runs(c, x)
	return side && n == 1
}

// fullClues writes every cell's count of loop sides.
func (g *genSource) fullClues() {
	for r := 0; r < g.h; r++ {
		for c := 0; c < g.w; c++ {
			me := g.inside[r*g.w+c]
			k := int8(0)
			for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				if g.in(r+d[0], c+d[1]) != me {
					k++
				}
			}
			g.clue[r*g.w+c] = k
		}
	}
}

// solution is the loop in the solution notation.
func (g *genSource) solution() string {
	var b strings.Builder
	for r := 0; r < g.h; r++ {
		if r > 0 {
			b.WriteByte('/')
		}
		for c := 0; c < g.w; c++ {
			if g.inside[r*g.w+c] {
				b.WriteByte('1')
			} else {
				b.WriteByte('0')
			}
		}
	}
	return b.String()
}

// around8 is the order of a cell's eight neighbours around it: N, NE, E,
// SE, S, SW, W, NW (even positions share a side with the cell).
var around8 = [8][2]int{{-1, 0}, {-1, 1}, {0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}}

func (g *genSource) in(r, c int) bool {
	return r >= 0 && r < g.h && c >= 0 && c < g.w && g.inside[r*g.w+c]
}
