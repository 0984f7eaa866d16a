package sudoku

import (
	_ "embed"
	"strings"
)

// Ranks 5, 6 and 8 are rare among random minimal puzzles (rank 6 and 8
// almost never turn up), so for a target made only of them the generator
// walks instead of drawing: from a puzzle near the target it tries
// neighbours (one orbit of givens swapped for another of the same solution
// grid, then thinned to minimal again) and moves to a neighbour whose rank
// is at least as close to the target. Puzzles of one rank lie in clusters,
// so most neighbours of a hit are near misses or hits. Rank-8 walks start
// from known trial-and-error puzzles (genseeds.txt), rank-6 walks from
// known rank-6 puzzles (genseeds6.txt).

//go:embed genseeds.txt
var genSeedsText string

//go:embed genseeds6.txt
var genSeeds6Text string

// walkRestart is how many fruitless steps a walk takes before it starts
// again from a fresh point, so one barren region cannot hold it.
const walkRestart = 400

// rareRanks tells the ranks a plain random draw seldom makes.
var rareRanks = [len(levels) + 1]bool{5: true, 6: true, 8: true}

// walks reports whether the target holds only rare ranks.
func walks(lo, hi int) bool {
	for r := lo; r <= hi; r++ {
		if !rareRanks[r] {
			return false
		}
	}
	return true
}

// walker is the state of one walk.
type walker struct {
	on    bool
	cur   Grid // the current puzzle, unique and minimal
	sol   Grid
	rank  int
	stale int // steps since the last move closer or the last hit
	// seeded: the walk started from a seed file's puzzle
	seeded bool
	// seen holds the canonical forms of the seeds and of the hits
	// returned: walks come back to their hits (and to their seeds' images)
	// often, and a repeat is no news.
	seen  map[string]bool
	seeds []Grid
	// seenSol holds the canonical forms of the solution grids of the hits
	// returned: two hits on one grid are near (engine.Resembler), so a
	// hit ends the walk on its grid and a walk on a used grid returns
	// nothing.
	seenSol map[string]bool
	// seedKeys are the canonical forms of the seeds' solution grids.
	seedKeys []string
	// used: a hit was returned on the walk's solution grid sol, so its
	// steps move to other grids (otherSolution) until one is fresh.
	used bool
	// lastSol is the solution grid of the puzzle step returned last.
	lastSol Grid
}

// seedGrids returns the embedded puzzles of one seed file.
func seedGrids(text string) []Grid {
	var out []Grid
	for _, l := range strings.Split(text, "\n") {
		if l == "" || l[0] == '#' {
			continue
		}
		g, err := ParseLine(l)
		if err != nil {
			panic("sudoku: genseeds.txt: " + err.Error())
		}
		out = append(out, g)
	}
	return out
}

// dist is how far rank r is from the target range.
func (s *genSource) dist(r int) int {
	switch {
	case r < s.opt.MinRank:
		return s.opt.MinRank - r
	case r > s.opt.MaxRank:
		return r - s.opt.MaxRank
	}
	return 0
}

// seedText is the seed file for the target: rank-8 puzzles for a target
// reaching 8, rank-6 ones for a target reaching 6 but not 8 (and not 7,
// which plain draws make often), else none.
func (s *genSource) seedText() string {
	switch {
	case s.opt.MaxRank == 8:
		return genSeedsText
	case s.opt.MinRank <= 6 && s.opt.MaxRank == 6:
		return genSeeds6Text
	}
	return ""
}

// start sets the walk's first point: for a rank-8 or rank-6 target a seed
// of that rank (its givens completed to the asked symmetry from its
// solution, then thinned), else a random minimal puzzle.
func (s *genSource) start() {
	w := &s.walk
	if text := s.seedText(); text != "" {
		if w.seeds == nil {
			w.seeds = seedGrids(text)
		}
		// Prefer a seed whose solution grid no hit has used, then one
		// that already has the symmetry.
		k := s.rng.IntN(len(w.seeds))
		best, bestScore := k, -1
		for try := 0; try < len(w.seeds); try++ {
			i := (k + try) % len(w.seeds)
			score := 0
			if s.symmetric(&w.seeds[i]) {
				score++
			}
			if len(w.seenSol) > 0 {
				if w.seedKeys == nil {
					// once a source: a full grid's minlex form costs ms
					w.seedKeys = make([]string, len(w.seeds))
					for j := range w.seeds {
						_, sol := s.sv.Count(&w.seeds[j], 2)
						w.seedKeys[j] = Canonical(&sol)
					}
				}
				if !w.seenSol[w.seedKeys[i]] {
					score += 2
				}
			} else {
				score += 2
			}
			if score > bestScore {
				best, bestScore = i, score
			}
			if score == 3 {
				break
			}
		}
		k = best
		g := w.seeds[k]
		_, sol := s.sv.Count(&g, 2)
		// Relabel and move it so that walks from one seed differ.
		sym := RandomSymmetry(s.rng)
		if s.opt.Symmetry != "none" {
			// Only digit relabelling keeps every symmetry of the givens.
			sym.Transpose = false
			sym.Rows, sym.Cols = Identity().Rows, Identity().Cols
		}
		g, sol = sym.Apply(&g), sym.Apply(&sol)
		for _, o := range s.orbits {
			if s.hasAny(&g, &o) {
				for i := range o.n {
					g[o.cells[i]] = sol[o.cells[i]]
				}
			}
		}
		s.thin(&g, g.Clues())
		w.cur, w.sol = g, sol
		w.seeded = true
		w.used = w.seenSol[Canonical(&sol)]
	} else {
		w.seeded, w.used = false, false
		w.sol = s.fullGrid()
		w.cur = w.sol
		s.thin(&w.cur, 81)
	}
	w.rank = rankOf(&w.cur, len(levels))
	w.stale = 0
	w.on = true
}

// fresh reports whether no walk of this source has returned g, or started
// from it, up to symmetry, nor a puzzle on its solution grid sol (which
// would be near g), and remembers both. Either way the walk leaves sol's
// grid: its next step starts again elsewhere.
func (w *walker) fresh(g, sol *Grid) bool {
	if w.seen == nil {
		w.seen = map[string]bool{}
		w.seenSol = map[string]bool{}
		for i := range w.seeds {
			w.seen[Canonical(&w.seeds[i])] = true
		}
	}
	w.stale = walkRestart
	c, cs := Canonical(g), Canonical(sol)
	if w.seen[c] || w.seenSol[cs] {
		return false
	}
	w.seen[c], w.seenSol[cs] = true, true
	w.used = true
	return true
}

func (s *genSource) hasAny(g *Grid, o *orbit) bool {
	for i := range o.n {
		if g[o.cells[i]] != 0 {
			return true
		}
	}
	return false
}

// symmetric reports whether the givens of g are whole orbits.
func (s *genSource) symmetric(g *Grid) bool {
	for k := range s.orbits {
		o := &s.orbits[k]
		n := 0
		for i := range o.n {
			if g[o.cells[i]] != 0 {
				n++
			}
		}
		if n != 0 && n != o.n {
			return false
		}
	}
	return true
}

// step makes one neighbour of the walk's puzzle and returns it with its
// rank, moving the walk there when it is no farther from the target.
func (s *genSource) step() (Grid, int) {
	w := &s.walk
	if !w.on || w.stale >= walkRestart {
		s.start()
		// A seed on target is known (an image of it would be no news):
		// the walk leaves it first. Another start is new.
		if s.dist(w.rank) == 0 && !w.seeded {
			w.stale = walkRestart // a start on target is returned once, not walked
			w.lastSol = w.sol
			return w.cur, w.rank
		}
	}
	g := w.cur
	// Remove one orbit of givens.
	var present, absent []int
	for k := range s.orbits {
		if g[s.orbits[k].cells[0]] != 0 {
			present = append(present, k)
		} else {
			absent = append(absent, k)
		}
	}
	out := present[s.rng.IntN(len(present))]
	o := &s.orbits[out]
	for i := range o.n {
		g[o.cells[i]] = 0
	}
	// On a used grid, move to another solution of what is left (the
	// removed orbit was needed, so there is one): its puzzles are not
	// near the hits made on the old grid.
	sol := w.sol
	if w.used {
		if alt, ok := s.otherSolution(&g, &w.sol); ok {
			sol = alt
		}
	}
	// Add orbits of the solution until unique again.
	for {
		in := absent[s.rng.IntN(len(absent))]
		b := &s.orbits[in]
		if in == out || g[b.cells[0]] != 0 {
			continue
		}
		for i := range b.n {
			g[b.cells[i]] = sol[b.cells[i]]
		}
		if n, _ := s.sv.Count(&g, 2); n == 1 {
			break
		}
	}
	s.thin(&g, g.Clues())
	r := rankOf(&g, len(levels))
	w.stale++
	if d := s.dist(r); d <= s.dist(w.rank) && g != w.cur {
		if d < s.dist(w.rank) || d == 0 {
			w.stale = 0
		}
		w.cur, w.rank = g, r
		if sol != w.sol {
			w.sol, w.used = sol, false
		}
	}
	w.lastSol = sol
	return g, r
}

// otherSolutionTries bounds the cells otherSolution tries.
const otherSolutionTries = 20

// otherSolution returns a solution of g other than sol, found by placing
// a digit sol does not have in a random empty cell, or false when the
// tries found none (g then has sol as its only solution, or the tries
// missed the others).
func (s *genSource) otherSolution(g, sol *Grid) (Grid, bool) {
	for range otherSolutionTries {
		c := s.rng.IntN(81)
		if g[c] != 0 {
			continue
		}
		h := *g
		h[c] = uint8(1 + s.rng.IntN(9))
		if h[c] == sol[c] {
			continue
		}
		if n, alt := s.sv.Count(&h, 1); n == 1 {
			return alt, true
		}
	}
	return Grid{}, false
}
