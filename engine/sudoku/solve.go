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
	lines bool  // apply box-line reduction when singles stall
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
		if found {
			continue
		}
		if !s.lines || !s.intersections() {
			return true
		}
	}
}

// intersections applies box-line reduction (pointing and claiming) once
// over the whole grid. It reports whether it removed any candidate; cells
// it leaves with one candidate are queued, none is left with zero (a digit
// is only removed where it has another place).
func (s *state) intersections() bool {
	// seg[r][k]: candidates of the 3 cells of row r in stack k;
	// cseg[c][k]: candidates of the 3 cells of column c in band k.
	var seg, cseg [9][3]uint16
	for r := 0; r < 9; r++ {
		row := s.cand[r*9 : r*9+9]
		for k := 0; k < 3; k++ {
			seg[r][k] = row[3*k] | row[3*k+1] | row[3*k+2]
		}
	}
	for c := 0; c < 9; c++ {
		for k := 0; k < 3; k++ {
			cseg[c][k] = s.cand[(3*k)*9+c] | s.cand[(3*k+1)*9+c] | s.cand[(3*k+2)*9+c]
		}
	}
	changed := false
	// Rows: for band b and stack k, the three row segments r of box (b,k).
	for b := 0; b < 3; b++ {
		for k := 0; k < 3; k++ {
			for i := 0; i < 3; i++ {
				r := 3*b + i
				o1, o2 := 3*b+(i+1)%3, 3*b+(i+2)%3
				a := seg[r][k]
				// pointing: digits of the box only in this row
				point := a &^ (seg[o1][k] | seg[o2][k])
				// claiming: digits of the row only in this box
				claim := a &^ (seg[r][(k+1)%3] | seg[r][(k+2)%3])
				if point != 0 {
					for _, kk := range [2]int{(k + 1) % 3, (k + 2) % 3} {
						if seg[r][kk]&point != 0 {
							changed = s.removeSeg(r*9+3*kk, 1, point) || changed
						}
					}
				}
				if claim != 0 {
					for _, rr := range [2]int{o1, o2} {
						if seg[rr][k]&claim != 0 {
							changed = s.removeSeg(rr*9+3*k, 1, claim) || changed
						}
					}
				}
			}
		}
	}
	if changed {
		return true
	}
	for st := 0; st < 3; st++ {
		for k := 0; k < 3; k++ {
			for i := 0; i < 3; i++ {
				c := 3*st + i
				o1, o2 := 3*st+(i+1)%3, 3*st+(i+2)%3
				a := cseg[c][k]
				point := a &^ (cseg[o1][k] | cseg[o2][k])
				claim := a &^ (cseg[c][(k+1)%3] | cseg[c][(k+2)%3])
				if point != 0 {
					for _, kk := range [2]int{(k + 1) % 3, (k + 2) % 3} {
						if cseg[c][kk]&point != 0 {
							changed = s.removeSeg(3*kk*9+c, 9, point) || changed
						}
					}
				}
				if claim != 0 {
					for _, cc := range [2]int{o1, o2} {
						if cseg[cc][k]&claim != 0 {
							changed = s.removeSeg(3*k*9+cc, 9, claim) || changed
						}
					}
				}
			}
		}
	}
	return changed
}

// removeSeg removes digits from the three cells start, start+step,
// start+2*step, queueing cells left with one candidate.
func (s *state) removeSeg(start, step int, digits uint16) bool {
	changed := false
	for c := start; c < start+3*step; c += step {
		m := s.cand[c]
		if m&digits == 0 {
			continue
		}
		m &^= digits
		s.cand[c] = m
		changed = true
		if m&(m-1) == 0 {
			// A cell left empty stays in the queue, where propagate
			// reports it as a contradiction.
			s.queue[s.qn] = uint8(c)
			s.qn++
		}
	}
	return changed
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
	// stack holds one state per search depth, so a guess copies into a
	// slot that already exists instead of allocating.
	stack [82]state
	// NoIntersections turns box-line reduction off (for measurements).
	NoIntersections bool
}

// Count counts the solutions of g, stopping at limit (2 decides
// uniqueness). It returns the count and the first solution found.
func (sv *Solver) Count(g *Grid, limit int) (int, Grid) {
	sv.limit, sv.count, sv.Nodes = limit, 0, 0
	s := &sv.stack[0]
	*s = state{lines: !sv.NoIntersections}
	if !s.load(g) || !s.propagate() {
		return 0, Grid{}
	}
	sv.search(0)
	return sv.count, sv.solution
}

func (sv *Solver) search(depth int) {
	sv.Nodes++
	s := &sv.stack[depth]
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
		child := &sv.stack[depth+1]
		*child = *s
		if child.assign(c, d) && child.propagate() {
			sv.search(depth + 1)
		}
	}
}

// Solve decides the status of g, counting to two. It allocates a Solver;
// loops over many puzzles keep one Solver and call Count.
func Solve(g *Grid) (int, Grid) {
	sv := new(Solver)
	return sv.Count(g, 2)
}
