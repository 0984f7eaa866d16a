package killer

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"pencilbox/engine"
)

var _ engine.Generator = Kind{}

// Generation defaults and limits.
const (
	// GenDefaultSize is the side made when none is asked.
	GenDefaultSize = 9
	// GenMaxTries is how many merges in a row may overshoot the target
	// before a grid's cages are given up (Tatham's figure).
	GenMaxTries = 50
	// genSolveNodes bounds the search deciding whether a layout beyond
	// Extreme has one solution; past it the layout counts as ambiguous.
	genSolveNodes = 20000
	// genLayoutTries is how many start layouts a grid gets to find one
	// without a swappable rectangle (deadly).
	genLayoutTries = 8
	// genGridSteps bounds the backtracking of one random solved grid
	// before it starts again.
	genGridSteps = 20000
)

// genMaxRank is the highest rank the generator makes at each side: a
// 4x4 killer made this way is Trivial (Tatham's Solo makes 2x2 killers
// Trivial only; 288,000 4x4 candidates gave no Basic one); 6x6 and 9x9
// reach Unreasonable. Search (rank 7) is not a target: it is what the
// rater does where contradiction finds nothing, rare on puzzles made by
// merging cages.
func genMaxRank(n int) int {
	if n == 4 {
		return LevelTrivial
	}
	return LevelUnreasonable
}

// GenParams declares what the killer generator takes beside the rank:
// the size and whether one-cell cages may appear.
func (Kind) GenParams() []engine.GenParam {
	return []engine.GenParam{
		{Name: "size", Label: "Size", Type: engine.ParamSize, Min: 4, Max: 9, Choices: []string{"4x4", "6x6", "9x9"},
			Default: fmt.Sprintf("%dx%d", GenDefaultSize, GenDefaultSize), Example: "9x9",
			Help: "grid size: 4x4, 6x6 or 9x9"},
		{Name: "single", Label: "One-cell cages", Type: engine.ParamBool, Default: "false",
			Help: "allow cages of one cell (by default cages have 2 to N cells)"},
	}
}

// genTarget is a generation target read from engine.GenOptions.
type genTarget struct {
	MinRank, MaxRank int
	N, BoxW, BoxH    int
	Singles          bool
}

func (k Kind) checkGen(o engine.GenOptions) (genTarget, error) {
	args, err := engine.ReadGenValues(k.GenParams(), o.Params)
	if err != nil {
		return genTarget{}, fmt.Errorf("killer: %w", err)
	}
	w, h := args.Size("size")
	bw, bh, ok := BoxShape(w)
	if w != h || !ok {
		return genTarget{}, &engine.GenParamError{Param: "size", Label: "Size",
			Err: fmt.Errorf("%dx%d: a killer is 4x4, 6x6 or 9x9", w, h)}
	}
	t := genTarget{MinRank: o.MinRank, MaxRank: o.MaxRank, N: w, BoxW: bw, BoxH: bh, Singles: args.Bool("single")}
	top := genMaxRank(w)
	if t.MinRank == 0 {
		t.MinRank = LevelTrivial
	}
	if t.MaxRank == 0 {
		t.MaxRank = top
	}
	if t.MinRank < 1 || t.MinRank > t.MaxRank || t.MaxRank > len(ladder) {
		return genTarget{}, fmt.Errorf("killer: rank %d-%d: %w: the ladder has ranks 1-%d", o.MinRank, o.MaxRank, engine.ErrImpossible, len(ladder))
	}
	if t.MinRank > top {
		return genTarget{}, fmt.Errorf("killer: rank %d-%d at %dx%d: %w: the generator makes ranks 1-%d at this size",
			o.MinRank, o.MaxRank, w, w, engine.ErrImpossible, top)
	}
	t.MaxRank = min(t.MaxRank, top)
	return t, nil
}

// NewSource checks o and returns a killer source. Each candidate is made
// as Tatham's Solo makes killers: a random solved grid, random cages of
// two cells (one-cell cages left in only when allowed), then cages merged
// two at a time, at random among neighbours with no digit in common, while
// the puzzle grades below the target; a merge that overshoots goes back
// to the last puzzle at the target (or below it) and tries another. The
// last puzzle graded at the target is rated in full.
func (k Kind) NewSource(o engine.GenOptions, rng *rand.Rand) (engine.Source, error) {
	t, err := k.checkGen(o)
	if err != nil {
		return nil, err
	}
	return &genSource{t: t, rng: rng, g: newGeom(t.N, t.BoxW, t.BoxH)}, nil
}

type genSource struct {
	t     genTarget
	rng   *rand.Rand
	g     *geom
	sv    rsolver // grade's, kept to spare an allocation a grade
	tried [LevelSearch + 1]int
	// memo holds the grades of the kept layout's merges (by the two cage
	// numbers), valid while memoStamp equals stamp.
	stamp     uint32
	memoStamp [maxCells * maxCells]uint32
	memoLvl   [maxCells * maxCells]int8
}

func (s *genSource) Tried() []int { return append([]int(nil), s.tried[:]...) }

// errGenStopped is the context's end seen inside a candidate.
var errGenStopped = errors.New("killer: generation stopped")

// Next makes candidates until one rates within the target.
func (s *genSource) Next(ctx context.Context) (engine.Puzzle, engine.Rating, error) {
	for {
		if err := ctx.Err(); err != nil {
			return nil, engine.Rating{}, err
		}
		target := s.t.MinRank + s.rng.IntN(s.t.MaxRank-s.t.MinRank+1)
		p := s.candidate(ctx, target)
		if p == nil {
			s.tried[0]++
			continue
		}
		rt := p.Rate(false)
		if rt.Status != engine.Unique {
			s.tried[0]++
			continue
		}
		s.tried[rt.Rank]++
		if rt.Rank < s.t.MinRank || rt.Rank > s.t.MaxRank {
			continue
		}
		return p, rt, nil
	}
}

// cages is a generator's cage layout over a solved grid.
type cages struct {
	of    [maxCells]int8 // each cell's cage
	size  [maxCells]int8
	mask  [maxCells]uint16 // each cage's digits
	sum   [maxCells]int16
	count int // cages are 0..count-1
}

// candidate makes one puzzle graded at target, or nil when the grid's
// cages could not reach it.
func (s *genSource) candidate(ctx context.Context, target int) *Puzzle {
	grid, ok := s.solvedGrid()
	if !ok {
		return nil
	}
	var cur cages
	for range genLayoutTries {
		if cur, ok = s.startCages(&grid); ok && !s.deadly(&cur, &grid) {
			break
		}
		ok = false
	}
	if !ok {
		return nil
	}
	var good, last cages
	haveGood, haveLast := false, false
	tries := 0
	// A merge of the kept layout (good) is graded once: drawn again, its
	// grade is the one it had (grading is deterministic), and it still
	// counts as a try.
	s.stamp++
	fromGood, key := false, 0
	for step := 0; ; step++ {
		if step&15 == 15 && ctx.Err() != nil {
			return nil
		}
		var lvl int
		if fromGood && s.memoStamp[key] == s.stamp {
			lvl = int(s.memoLvl[key])
		} else {
			lvl = s.grade(&cur, target)
			if fromGood {
				s.memoStamp[key], s.memoLvl[key] = s.stamp, int8(lvl)
			}
		}
		fromGood = false
		switch {
		case lvl == target:
			good, haveGood = cur, true
			s.stamp++
			tries = 0
			if target >= LevelUnreasonable {
				return s.puzzle(&good)
			}
			a, b, ok := s.merge(&cur)
			if !ok {
				return s.puzzle(&good)
			}
			fromGood, key = true, a*maxCells+b
		case lvl > target:
			if tries++; tries > GenMaxTries {
				if haveGood {
					return s.puzzle(&good)
				}
				return nil
			}
			if haveGood {
				cur = good
				a, b, ok := s.merge(&cur)
				if !ok {
					return s.puzzle(&good)
				}
				fromGood, key = true, a*maxCells+b
			} else {
				if !haveLast {
					return nil
				}
				cur, haveLast = last, false
			}
		default:
			last, haveLast = cur, true
			if _, _, ok := s.merge(&cur); !ok {
				if haveGood {
					return s.puzzle(&good)
				}
				return nil
			}
		}
	}
}

// grade is the level the layout needs, up to target: the highest level
// the ladder uses to solve it with levels up to min(target, 5); target+1
// when that does not solve it. At target 6 (Unreasonable) a layout the
// first five levels do not solve grades 6 when its solution is unique.
func (s *genSource) grade(cg *cages, target int) int {
	sv := &s.sv
	*sv = rsolver{g: s.g, s: s.stateOf(cg)}
	top := 0
	lim := min(target, LevelExtreme)
	for sv.s.left > 0 {
		lvl := sv.next(lim)
		if lvl <= 0 {
			break
		}
		top = max(top, lvl)
	}
	if sv.s.left == 0 && !sv.s.bad {
		return max(top, LevelTrivial)
	}
	if target < LevelUnreasonable || sv.s.bad {
		return target + 1
	}
	if countSolutions(s.g, s.puzzleOf(cg), sv.s, genSolveNodes) == 1 {
		return LevelUnreasonable
	}
	return target + 1
}

// countSolutions counts p's solutions from s (a state of p), up to two,
// depth first: levels 1-2 to a fixpoint at each node, then each
// candidate of a cell with fewest. It gives 3 (not known) when it has
// visited nodes nodes.
func countSolutions(g *geom, p *Puzzle, s state, nodes int) int {
	found := 0
	var walk func(s state) bool // false: stop
	walk = func(s state) bool {
		if nodes--; nodes < 0 {
			found = 3
			return false
		}
		sv := rsolver{g: g, s: s}
		if !sv.closure(LevelBasic) || !sv.s.consistent(g) || !cagesHold(p, &sv.s) {
			return true
		}
		if sv.s.left == 0 {
			found++
			return found < 2
		}
		best, bestN := -1, 99
		for c := range g.cells {
			if sv.s.val[c] == 0 && popcount(sv.s.cand[c]) < bestN {
				best, bestN = c, popcount(sv.s.cand[c])
			}
		}
		for x := sv.s.cand[best]; x != 0; x &= x - 1 {
			t := sv.s
			t.place(g, best, lowDigit(x))
			if !walk(t) {
				return false
			}
		}
		return true
	}
	walk(s)
	return found
}

// stateOf is the start state of the layout's puzzle (no givens).
func (s *genSource) stateOf(cg *cages) state {
	g := s.g
	var st state
	for c := range g.cells {
		st.cand[c] = g.all
		k := int(cg.of[c])
		st.cageSet[k].add(c)
		st.cageOf[c] = uint8(k)
	}
	for k := range cg.count {
		st.cageSum[k] = cg.sum[k]
	}
	st.ncage = cg.count
	st.left = g.cells
	st.dirty[0] = cellset{^uint64(0), ^uint64(0)}
	st.dirty[1] = st.dirty[0]
	return st
}

func (s *genSource) puzzleOf(cg *cages) *Puzzle {
	n := s.t.N
	p := &Puzzle{N: n, BoxW: s.t.BoxW, BoxH: s.t.BoxH, Given: make([]int8, n*n), Cage: make([]int16, n*n), Sums: make([]int, cg.count)}
	for c := range n * n {
		p.Cage[c] = int16(cg.of[c])
	}
	for k := range cg.count {
		p.Sums[k] = int(cg.sum[k])
	}
	return p
}

// puzzle is the layout as a puzzle in the core's normal form.
func (s *genSource) puzzle(cg *cages) *Puzzle {
	q := s.puzzleOf(cg)
	p, err := New(q.N, q.Given, q.Cage, q.Sums)
	if err != nil {
		return nil
	}
	return p
}

// solvedGrid fills a grid at random: cells in reading order, digits in
// random order, backtracking, restarting after genGridSteps.
func (s *genSource) solvedGrid() ([maxCells]int8, bool) {
	g := s.g
	n := g.n
	var grid [maxCells]int8
	for range 20 {
		var used [3 * maxN]uint16
		var tried [maxCells]uint16
		steps := 0
		c := 0
		for c >= 0 && c < g.cells && steps < genGridSteps {
			steps++
			r, col, b := c/n, n+c%n, 2*n+int(g.boxOf[c])
			if grid[c] != 0 {
				d := bit(int(grid[c]))
				used[r] &^= d
				used[col] &^= d
				used[b] &^= d
				grid[c] = 0
			}
			free := g.all &^ (used[r] | used[col] | used[b] | tried[c])
			if free == 0 {
				tried[c] = 0
				c--
				continue
			}
			k := s.rng.IntN(popcount(free))
			for ; k > 0; k-- {
				free &= free - 1
			}
			d := lowDigit(free)
			tried[c] |= bit(d)
			grid[c] = int8(d)
			used[r] |= bit(d)
			used[col] |= bit(d)
			used[b] |= bit(d)
			c++
		}
		if c == g.cells {
			return grid, true
		}
		grid = [maxCells]int8{}
	}
	return grid, false
}

// startCages covers the grid with random small cages, as Solo starts:
// each free cell, in reading order, joins (three times in four) its right
// or lower neighbour, or stays alone; a cell left alone then joins a
// neighbouring cage without its digit (to the right or below when it
// can), unless one-cell cages are allowed (then one cell in sixteen stays
// alone).
func (s *genSource) startCages(grid *[maxCells]int8) (cages, bool) {
	g := s.g
	n := g.n
	var cg cages
	for c := range g.cells {
		cg.of[c] = -1
	}
	pairOdds := 4 // one in pairOdds stays alone
	if s.t.Singles {
		pairOdds = 16
	}
	for c := range g.cells {
		if cg.of[c] >= 0 {
			continue
		}
		k := cg.count
		cg.count++
		cg.of[c] = int8(k)
		cg.size[k] = 1
		cg.mask[k] = bit(int(grid[c]))
		cg.sum[k] = int16(grid[c])
		if s.rng.IntN(pairOdds) == 0 {
			continue
		}
		nb := c + 1
		if c%n+1 == n || cg.of[nb] >= 0 || (c+n < g.cells && s.rng.IntN(2) == 0) {
			nb = c + n
		}
		if nb >= g.cells || cg.mask[k]&bit(int(grid[nb])) != 0 {
			continue
		}

		cg.of[nb] = int8(k)
		cg.size[k]++
		cg.mask[k] |= bit(int(grid[nb]))
		cg.sum[k] += int16(grid[nb])
	}
	if s.t.Singles {
		return cg, true
	}
	for c := range g.cells {
		k := int(cg.of[c])
		if cg.size[k] != 1 {
			continue
		}
		nbs := neighbours(c, n)
		// Right or below first, at random, then the others.
		order := [4]int{nbs[3], nbs[1], nbs[0], nbs[2]}
		if s.rng.IntN(2) == 0 {
			order[0], order[1] = order[1], order[0]
		}
		done := false
		for _, nb := range order {
			if nb < 0 {
				continue
			}
			o := int(cg.of[nb])
			if o != k && cg.mask[o]&cg.mask[k] == 0 && int(cg.size[o]) < n {
				mergeCages(&cg, o, k)
				done = true
				break
			}
		}
		if !done {
			return cg, false
		}
	}
	return cg, true
}

// deadly reports whether the layout has a rectangle of four cells in two
// boxes holding two digits crosswise, its two cells of each row (or of
// each column) in one cage: swapping the digits in all four keeps every
// row, column, box and sum, a second solution that merging cages never
// removes (a merged cage only loses information). Such start layouts
// were three in four of those a Trivial target could not use.
func (s *genSource) deadly(cg *cages, grid *[maxCells]int8) bool {
	g := s.g
	n := g.n
	for r1 := 0; r1 < n; r1++ {
		for r2 := r1 + 1; r2 < n; r2++ {
			for c1 := 0; c1 < n; c1++ {
				p, q := r1*n+c1, r2*n+c1
				for c2 := c1 + 1; c2 < n; c2++ {
					p2, q2 := r1*n+c2, r2*n+c2
					if grid[p] != grid[q2] || grid[q] != grid[p2] {
						continue
					}
					rows := cg.of[p] == cg.of[p2] && cg.of[q] == cg.of[q2]
					cols := cg.of[p] == cg.of[q] && cg.of[p2] == cg.of[q2]
					if !rows && !cols {
						continue
					}
					boxes := bit(int(g.boxOf[p])) | bit(int(g.boxOf[q])) | bit(int(g.boxOf[p2])) | bit(int(g.boxOf[q2]))
					if popcount(boxes) <= 2 {
						return true
					}
				}
			}
		}
	}
	return false
}

// neighbours are the cells above, below, left and right of c (-1 off
// the grid).
func neighbours(c, n int) [4]int {
	out := [4]int{-1, -1, -1, -1}
	if c >= n {
		out[0] = c - n
	}
	if c+n < n*n {
		out[1] = c + n
	}
	if c%n > 0 {
		out[2] = c - 1
	}
	if c%n+1 < n {
		out[3] = c + 1
	}
	return out
}

// mergeCages moves cage b into cage a and the last cage into b's number.
func mergeCages(cg *cages, a, b int) {
	last := cg.count - 1
	for c := range cg.of {
		switch int(cg.of[c]) {
		case b:
			cg.of[c] = int8(a)
		}
	}
	cg.size[a] += cg.size[b]
	cg.mask[a] |= cg.mask[b]
	cg.sum[a] += cg.sum[b]
	if b != last {
		for c := range cg.of {
			if int(cg.of[c]) == last {
				cg.of[c] = int8(b)
			}
		}
		cg.size[b], cg.mask[b], cg.sum[b] = cg.size[last], cg.mask[last], cg.sum[last]
	}
	cg.count--
}

// merge joins two neighbouring cages, chosen at random among those with
// no digit in common and at most N cells together, and returns their
// numbers before the merge (a < b); false when none can.
func (s *genSource) merge(cg *cages) (a, b int, ok bool) {
	g := s.g
	n := g.n
	var pairs [2 * maxCells][2]int8
	np := 0
	var seen [maxCells]cellset // seen[a] holds b when the pair a<b is listed
	for c := range g.cells {
		for _, nb := range [2]int{c + 1, c + n} {
			if nb == c+1 && c%n+1 == n || nb >= g.cells {
				continue
			}
			a, b := int(cg.of[c]), int(cg.of[nb])
			if a == b {
				continue
			}
			if a > b {
				a, b = b, a
			}
			if seen[a].has(b) || cg.mask[a]&cg.mask[b] != 0 || int(cg.size[a]+cg.size[b]) > n {
				continue
			}
			seen[a].add(b)
			pairs[np] = [2]int8{int8(a), int8(b)}
			np++
		}
	}
	if np == 0 {
		return 0, 0, false
	}
	pr := pairs[s.rng.IntN(np)]
	mergeCages(cg, int(pr[0]), int(pr[1]))
	return int(pr[0]), int(pr[1]), true
}
