package killer

import (
	"fmt"
	"math/bits"

	"pencilbox/engine"
)

// MaxNodes is Solve's work limit: the search nodes (guesses) it tries
// before giving up with engine.ErrWorkLimit (status Unknown). Every Janko
// killer needs fewer than a thousand (docs/KILLER.md); the limit bounds
// what a hostile import can cost, about a second of one core.
const MaxNodes = 200_000

// maxCages bounds the cages the propagation keeps: the puzzle's (at most
// one a cell) and two of the rule of 45 per house.
const maxCages = MaxCells + 2*3*MaxN

// maxPeers bounds a cell's peers: 20 Sudoku peers and 8 more of its cage.
const maxPeers = 28

// Stats are the counters of one solve.
type Stats struct {
	Nodes int // search nodes (a guess each), 0 when propagation alone solves
	// Solutions are the solutions found (two for a multiple puzzle: the
	// witnesses that it is not unique).
	Solutions []string
}

// grid is the search state: each cell's candidate digits (Bit), and which
// single-digit cells have been cleared from their peers. A fixed array:
// the search copies it per guess and never allocates.
type grid struct {
	cand [MaxCells]uint16
	done [2]uint64
}

func (g *grid) isDone(i int) bool { return g.done[i>>6]&(1<<(i&63)) != 0 }
func (g *grid) setDone(i int)     { g.done[i>>6] |= 1 << (i & 63) }

// solver holds a puzzle's structure, built once per solve.
type solver struct {
	n, area int
	full    uint16
	peers   [MaxCells][maxPeers]uint8
	npeers  [MaxCells]uint8
	houses  [3 * MaxN][MaxN]uint8 // rows, columns, boxes

	// cages are the puzzle's, then the rule of 45's: per house, the cells
	// outside the cages wholly inside it (innies), and the cells outside
	// the house of the cages that cover it (outies) when they share a
	// house; each distinct digits with a known sum, so a cage to the
	// propagation.
	ncages    int
	cageCells [maxCages][MaxN]uint8
	cageSize  [maxCages]uint8
	combos    [maxCages][]uint16 // each cage's digit sets (Combos)

	nodes, limit int
	count        int
	found        [2]grid
}

// SolveLimit solves p counting solutions up to two, trying at most limit
// search nodes: the status, the solution when unique, and Err wrapping
// engine.ErrWorkLimit when it gave up.
func SolveLimit(p *Puzzle, limit int) engine.Result {
	r, _ := SolveStats(p, limit)
	return r
}

// SolveStats is SolveLimit with its counters.
func SolveStats(p *Puzzle, limit int) (engine.Result, Stats) {
	s, g, ok := newSolver(p)
	if !ok {
		return engine.Result{Status: engine.None}, Stats{}
	}
	s.limit = limit
	stopped := !s.search(g)
	st := Stats{Nodes: s.nodes}
	for k := range min(s.count, 2) {
		st.Solutions = append(st.Solutions, s.solution(&s.found[k]))
	}
	switch {
	case s.count >= 2:
		return engine.Result{Status: engine.Multiple}, st
	case stopped:
		return engine.Result{Status: engine.Unknown, Err: fmt.Errorf("killer: %d search nodes: %w", s.nodes, engine.ErrWorkLimit)}, st
	case s.count == 1:
		return engine.Result{Status: engine.Unique, Solution: st.Solutions[0]}, st
	}
	return engine.Result{Status: engine.None}, st
}

// newSolver builds the structure and the starting grid (givens placed);
// ok is false when the cage sums cannot fill the grid (their total is not
// N times 1+..+N) or a cage's size and sum fit no digits.
func newSolver(p *Puzzle) (*solver, *grid, bool) {
	n := p.N
	s := &solver{n: n, area: n * n, full: AllDigits(n), ncages: len(p.Sums)}
	total := 0
	for _, v := range p.Sums {
		total += v
	}
	if total != n*n*(n+1)/2 {
		return nil, nil, false
	}
	for i := range s.area {
		r, c, b := i/n, i%n, p.Box(i)
		s.houses[r][c] = uint8(i)
		s.houses[n+c][r] = uint8(i)
		k := (r%p.BoxH)*p.BoxW + c%p.BoxW
		s.houses[2*n+b][k] = uint8(i)
		k = int(p.Cage[i])
		s.cageCells[k][s.cageSize[k]] = uint8(i)
		s.cageSize[k]++
	}
	for i := range s.area {
		r, c, b := i/n, i%n, p.Box(i)
		for j := range s.area {
			if j == i {
				continue
			}
			if j/n == r || j%n == c || p.Box(j) == b || p.Cage[j] == p.Cage[i] {
				s.peers[i][s.npeers[i]] = uint8(j)
				s.npeers[i]++
			}
		}
	}
	for k := range s.ncages {
		s.combos[k] = Combos(n, int(s.cageSize[k]), p.Sums[k])
		if len(s.combos[k]) == 0 {
			return nil, nil, false
		}
	}
	if !s.rule45(p) {
		return nil, nil, false
	}
	g := &grid{}
	for i := range s.area {
		g.cand[i] = s.full
		if d := p.Given[i]; d != 0 {
			g.cand[i] = Bit(int(d))
		}
	}
	return s, g, true
}

// rule45 adds the rule of 45's cages: for each row, column and box, its
// cells outside the cages wholly inside it hold distinct digits adding up
// to 1+..+N less those cages' sums (innies); and the cells outside it of
// the cages that overlap it add up to those cages' sums less 1+..+N
// (outies), a cage when they share a row, column or box. False when one
// has no digit set (no solution).
func (s *solver) rule45(p *Puzzle) bool {
	n := s.n
	total := n * (n + 1) / 2
	real := s.ncages
	var cageLen [MaxCells]int
	for k := range real {
		cageLen[k] = int(s.cageSize[k])
	}
	add := func(cells []int, sum int) bool {
		if len(cells) == 0 || len(cells) >= n {
			return true // nothing, or a whole house: no news
		}
		k := s.ncages
		for x, c := range cells {
			s.cageCells[k][x] = uint8(c)
		}
		s.cageSize[k] = uint8(len(cells))
		s.combos[k] = Combos(n, len(cells), sum)
		s.ncages++
		return len(s.combos[k]) > 0
	}
	var in [MaxCells]int // cells of cage k inside the house
	var cells, outies []int
	for h := range 3 * n {
		for k := range real {
			in[k] = 0
		}
		hs := &s.houses[h]
		for x := range n {
			in[p.Cage[hs[x]]]++
		}
		inner, over := 0, 0
		cells = cells[:0]
		for x := range n {
			c := int(hs[x])
			if k := p.Cage[c]; in[k] != cageLen[k] {
				cells = append(cells, c)
			}
		}
		for k := range real {
			if in[k] == cageLen[k] {
				inner += p.Sums[k]
			}
		}
		if !add(cells, total-inner) {
			return false
		}
		// outies: the cages overlapping the house, their cells outside it
		outies = outies[:0]
		for k := range real {
			if in[k] == 0 {
				continue
			}
			over += p.Sums[k]
			for x := range cageLen[k] {
				c := int(s.cageCells[k][x])
				if !s.inHouse(h, c) {
					outies = append(outies, c)
				}
			}
		}
		if len(outies) > 0 && len(outies) <= n && s.shareHouse(p, outies) {
			if over-total < 1 || !add(outies, over-total) {
				return false
			}
		}
	}
	return true
}

func (s *solver) inHouse(h, c int) bool {
	hs := &s.houses[h]
	for x := range s.n {
		if int(hs[x]) == c {
			return true
		}
	}
	return false
}

// shareHouse reports whether cells lie in one row, column or box.
func (s *solver) shareHouse(p *Puzzle, cells []int) bool {
	r, c, b := true, true, true
	for _, x := range cells[1:] {
		r = r && x/s.n == cells[0]/s.n
		c = c && x%s.n == cells[0]%s.n
		b = b && p.Box(x) == p.Box(cells[0])
	}
	return r || c || b
}

// propagate applies, until nothing changes: a single candidate clears
// its peers (row, column, box and cage); a digit with one place in a
// row, column or box goes there; each cage keeps only the digits of the
// digit sets that still fit its cells, and a digit every such set holds
// with one place in the cage goes there. False on a contradiction.
func (s *solver) propagate(g *grid) bool {
	for {
		changed := false
		// naked singles
		for again := true; again; {
			again = false
			for i := range s.area {
				m := g.cand[i]
				if m == 0 {
					return false
				}
				if m&(m-1) != 0 || g.isDone(i) {
					continue
				}
				g.setDone(i)
				again, changed = true, true
				ps := &s.peers[i]
				for k := range int(s.npeers[i]) {
					j := ps[k]
					if g.cand[j]&m != 0 {
						g.cand[j] &^= m
						if g.cand[j] == 0 {
							return false
						}
					}
				}
			}
		}
		// hidden singles in rows, columns and boxes
		for h := range 3 * s.n {
			var once, twice uint16
			hs := &s.houses[h]
			for k := range s.n {
				m := g.cand[hs[k]]
				twice |= once & m
				once |= m
			}
			if once != s.full {
				return false
			}
			if only := once &^ twice; only != 0 {
				for k := range s.n {
					c := hs[k]
					if m := g.cand[c] & only; m != 0 && g.cand[c] != m {
						if m&(m-1) != 0 {
							return false
						}
						g.cand[c] = m
						changed = true
					}
				}
			}
		}
		// cages: the digit sets that still fit
		for k := range s.ncages {
			size := int(s.cageSize[k])
			cs := &s.cageCells[k]
			var fixed, union uint16
			for x := range size {
				m := g.cand[cs[x]]
				union |= m
				if m&(m-1) == 0 {
					fixed |= m
				}
			}
			var fit, must uint16
			must = s.full
			for _, set := range s.combos[k] {
				if set&fixed != fixed || set&union != set {
					continue
				}
				ok := true
				for x := range size {
					if g.cand[cs[x]]&set == 0 {
						ok = false
						break
					}
				}
				if ok {
					fit |= set
					must &= set
				}
			}
			if fit == 0 {
				return false
			}
			var once, twice uint16
			for x := range size {
				c := cs[x]
				m := g.cand[c] & fit
				if m == 0 {
					return false
				}
				if m != g.cand[c] {
					g.cand[c] = m
					changed = true
				}
				twice |= once & m
				once |= m
			}
			if only := must &^ twice; only != 0 {
				for x := range size {
					c := cs[x]
					if m := g.cand[c] & only; m != 0 && g.cand[c] != m {
						if m&(m-1) != 0 {
							return false
						}
						g.cand[c] = m
						changed = true
					}
				}
			}
		}
		if !changed {
			return true
		}
	}
}

// search counts solutions below g up to two; false when it stopped at
// the work limit.
func (s *solver) search(g *grid) bool {
	if !s.propagate(g) {
		return true
	}
	best, bestN := -1, 99
	for i := range s.area {
		if c := bits.OnesCount16(g.cand[i]); c > 1 && c < bestN {
			best, bestN = i, c
			if c == 2 {
				break
			}
		}
	}
	if best < 0 {
		if s.count < 2 {
			s.found[s.count] = *g
		}
		s.count++
		return true
	}
	for m := g.cand[best]; m != 0; m &= m - 1 {
		if s.nodes >= s.limit {
			return false
		}
		s.nodes++
		next := *g
		next.cand[best] = m & -m
		if !s.search(&next) {
			return false
		}
		if s.count >= 2 {
			return true
		}
	}
	return true
}

func (s *solver) solution(g *grid) string {
	b := make([]byte, s.area)
	for i := range s.area {
		b[i] = byte('0' + bits.TrailingZeros16(g.cand[i]))
	}
	return string(b)
}
