package sudoku

import "math/bits"

// all is the candidate mask of every digit.
const all = 0x1FF

// state is the fast solver's position: small fixed arrays copied by value on
// a guess, so backtracking is just dropping the copy.
type state struct {
	cand  [81]uint16 // candidates of unsolved cells; 0 once solved
	val   [81]uint8  // placed digits, 0 while unsolved
	done  [27]uint16 // digits placed in each house
	queue [81]uint8  // cells whose candidates fell to one, to be placed
	qn    uint8
	left  uint8 // unsolved cells
}

// load sets up a state from givens. It reports false when the givens
// already contradict each other.
func (s *state) load(g *Grid) bool {
	for i := range s.cand {
		s.cand[i] = all
	}
	s.left = 81
	for c, d := range g {
		if d == 0 {
			continue
		}
		if s.cand[c]&(1<<(d-1)) == 0 || !s.assign(c, d) {
			return false
		}
	}
	return true
}

// assign places d in cell c and removes d from the peers' candidates. A peer
// left with one candidate is queued; one left with none is a contradiction.
func (s *state) assign(c int, d uint8) bool {
	bit := uint16(1) << (d - 1)
	s.val[c] = d
	s.cand[c] = 0
	s.left--
	h := &CellHouses[c]
	s.done[h[0]] |= bit
	s.done[h[1]] |= bit
	s.done[h[2]] |= bit
	for _, p := range &Peers[c] {
		m := s.cand[p]
		if m&bit == 0 {
			continue
		}
		m &^= bit
		s.cand[p] = m
		if m&(m-1) == 0 {
			if m == 0 {
				return false
			}
			s.queue[s.qn] = p
			s.qn++
		}
	}
	return true
}

// propagate applies naked and hidden singles until neither makes progress.
func (s *state) propagate() bool {
	for {
		for s.qn > 0 {
			s.qn--
			c := s.queue[s.qn]
			m := s.cand[c]
			if m == 0 {
				if s.val[c] != 0 {
					continue // placed already, via a hidden single
				}
				return false
			}
			if !s.assign(int(c), uint8(bits.TrailingZeros16(m))+1) {
				return false
			}
		}
		if s.left == 0 {
			return true
		}
		found := false
		for h := range Houses {
			var once, twice uint16
			for _, c := range &Houses[h] {
				m := s.cand[c]
				twice |= once & m
				once |= m
			}
			if once|s.done[h] != all {
				return false // some digit has no place left in this house
			}
			hidden := once &^ twice
			for hidden != 0 {
				bit := hidden & -hidden
				hidden &^= bit
				for _, c := range &Houses[h] {
					m := s.cand[c]
					if m&bit == 0 {
						continue
					}
					if m != bit {
						s.cand[c] = bit
						s.queue[s.qn] = c
						s.qn++
						found = true
					}
					break
				}
			}
		}
		// A cell claimed by two hidden singles keeps the first digit; the
		// other digit then has no place in its house, which the next pass
		// reports as a contradiction.
		if !found {
			return true
		}
	}
}

// pick returns the unsolved cell with the fewest candidates.
func (s *state) pick() int {
	best, bestN := -1, 10
	for c := range s.cand {
		m := s.cand[c]
		if m == 0 {
			continue
		}
		n := bits.OnesCount16(m)
		if n < bestN {
			best, bestN = c, n
			if n == 2 {
				break
			}
		}
	}
	return best
}

// Solver counts solutions with singles propagation and a dynamically chosen
// most-constrained cell at every node. The zero value is ready to use; a
// Solver is not safe for concurrent use, but is cheap to make per goroutine.
type Solver struct {
	limit    int
	count    int
	Nodes    int // search nodes visited by the last Count
	solution Grid
}

// Count counts the solutions of g, stopping at limit (2 decides
// uniqueness). It returns the count and the first solution found.
func (sv *Solver) Count(g *Grid, limit int) (int, Grid) {
	sv.limit, sv.count, sv.Nodes = limit, 0, 0
	var s state
	if !s.load(g) || !s.propagate() {
		return 0, Grid{}
	}
	sv.search(&s)
	return sv.count, sv.solution
}

func (sv *Solver) search(s *state) {
	sv.Nodes++
	if s.left == 0 {
		if sv.count == 0 {
			sv.solution = s.val
		}
		sv.count++
		return
	}
	c := s.pick()
	m := s.cand[c]
	for m != 0 && sv.count < sv.limit {
		d := uint8(bits.TrailingZeros16(m)) + 1
		m &= m - 1
		child := *s
		if child.assign(c, d) && child.propagate() {
			sv.search(&child)
		}
	}
}

// Solve decides the status of g, counting to two.
func Solve(g *Grid) (int, Grid) {
	var sv Solver
	return sv.Count(g, 2)
}
