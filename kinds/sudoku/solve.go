package sudoku

import "math/bits"

// The fast solver keeps, for each digit, where it may still go as three band
// masks of 27 bits (a band is three rows; bit 9*row+column, row within the
// band). This is the layout of the JCZ solvers that tdoku measures itself
// against: the rows and boxes of a band are then bit fields of one word, so
// a digit's whole band is reasoned about with a few table lookups, and the
// cells of all nine digits are counted with bit-sliced adders.
//
// A cell index c maps to band c/27 and bit c%27, because 27*band +
// 9*(row%3) + column = 9*row + column.

// bandAll is every cell of a band.
const bandAll = 1<<27 - 1

// Tables computed once at start-up, never written after.
var (
	// rowBoxes maps a row's 9 column bits to the 3 boxes they touch.
	rowBoxes [512]uint32
	// bandKeep maps the segments of a band that may hold a digit (bit
	// 3*row+box: the digit has a place in that row within that box) to the
	// cells that survive: a digit sits once in each row and once in each box
	// of a band, so the rows are matched one to one with the boxes, and a
	// segment that takes part in no such matching cannot hold the digit.
	// This is pointing and claiming within the band, done for all three
	// rows and boxes at once. Zero means no matching: a contradiction.
	bandKeep [512]uint32
	// bandPeers is a cell's row, box and column within its band (without
	// the cell itself).
	bandPeers [27]uint32
	// colBits is a column's three cells within a band.
	colBits [9]uint32
	// lonely maps a row's column bits to themselves when there is only
	// one, else to zero.
	lonely [512]uint32
)

func init() {
	for r := range 512 {
		for box := range 3 {
			if r>>(3*box)&7 != 0 {
				rowBoxes[r] |= 1 << box
			}
		}
	}
	var segment [9]uint32 // cells of segment 3*row+box
	for row := range 3 {
		for box := range 3 {
			segment[3*row+box] = 7 << (9*row + 3*box)
		}
	}
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for segs := range 512 {
		for _, p := range perms {
			var keep uint32
			ok := true
			for row, box := range p {
				s := 3*row + box
				if segs>>s&1 == 0 {
					ok = false
					break
				}
				keep |= segment[s]
			}
			if ok {
				bandKeep[segs] |= keep
			}
		}
	}
	for c := range 9 {
		lonely[1<<c] = 1 << c
		colBits[c] = 1<<c | 1<<(9+c) | 1<<(18+c)
	}
	for i := range 27 {
		row, col := i/9, i%9
		peers := uint32(0x1FF)<<(9*row) | colBits[col]
		for r := range 3 {
			peers |= 7 << (9*r + col/3*3)
		}
		bandPeers[i] = peers &^ (1 << i)
	}
}

// state is the fast solver's position: 228 bytes copied by value on a guess,
// so backtracking is dropping the copy.
type state struct {
	// cand[d][b]: cells of band b where digit d+1 may go. A placed cell
	// keeps the bit of its digit and loses all others.
	cand [9][3]uint32
	// seen[d][b] is cand[d][b] as of its last band reduction; a band is
	// reduced again only once something else removed a cell from it.
	seen [9][3]uint32
	open [3]uint32 // cells not yet placed
}

// load sets up a state from givens. It reports false when the givens
// already contradict each other.
func (s *state) load(g *Grid) bool {
	for d := range s.cand {
		s.cand[d] = [3]uint32{bandAll, bandAll, bandAll}
		s.seen[d] = [3]uint32{^uint32(0), ^uint32(0), ^uint32(0)}
	}
	s.open = [3]uint32{bandAll, bandAll, bandAll}
	for c, v := range g {
		if v == 0 {
			continue
		}
		b, bit := c/27, uint32(1)<<(c%27)
		if s.cand[v-1][b]&bit == 0 {
			return false // a peer holds the same digit
		}
		s.place(int(v-1), b, bit)
	}
	return true
}

// place puts digit d in the cell bit of band b: the digit leaves the cell's
// row, box and column, and the other digits leave the cell.
func (s *state) place(d, b int, bit uint32) {
	i := bits.TrailingZeros32(bit)
	col := colBits[i%9]
	c := &s.cand[d]
	c[0] &^= col
	c[1] &^= col
	c[2] &^= col
	c[b] |= bit
	c[b] &^= bandPeers[i]
	for e := range s.cand {
		if e != d {
			s.cand[e][b] &^= bit
		}
	}
	s.open[b] &^= bit
}

// propagate places naked and hidden singles and reduces every digit's bands
// until nothing changes. It reports false on a contradiction.
func (s *state) propagate() bool {
	for {
		placed := false
		// Each digit's bands: the row-box matching, then rows left with a
		// single cell (hidden singles of rows and, through the matching,
		// of boxes).
		for d := range s.cand {
			for b := range 3 {
				a := s.cand[d][b]
				if a == s.seen[d][b] {
					continue
				}
				segs := rowBoxes[a&0x1FF] | rowBoxes[a>>9&0x1FF]<<3 | rowBoxes[a>>18]<<6
				a &= bandKeep[segs]
				if a == 0 {
					return false
				}
				s.cand[d][b] = a
				s.seen[d][b] = a
				lone := (lonely[a&0x1FF] | lonely[a>>9&0x1FF]<<9 | lonely[a>>18]<<18) & s.open[b]
				for lone != 0 {
					bit := lone & -lone
					lone ^= bit
					if s.cand[d][b]&bit == 0 {
						return false // taken by a placement just made
					}
					s.place(d, b, bit)
					placed = true
				}
			}
		}
		// Naked singles: count each open cell's candidates with bit-sliced
		// adders over the nine digits.
		for b := range 3 {
			var one, two uint32
			for d := range s.cand {
				x := s.cand[d][b]
				two |= one & x
				one |= x
			}
			open := s.open[b]
			if open&^one != 0 {
				return false // an open cell without a candidate
			}
			singles := open & one &^ two
			for singles != 0 {
				bit := singles & -singles
				singles ^= bit
				d := 0
				for d < 9 && s.cand[d][b]&bit == 0 {
					d++
				}
				if d == 9 {
					return false // emptied by a placement just made
				}
				s.place(d, b, bit)
				placed = true
			}
		}
		if placed {
			continue
		}
		// Hidden singles of columns, once the rest is stuck.
		for d := range s.cand {
			var once, twice, done uint32
			for b := range 3 {
				a := s.cand[d][b]
				r0, r1, r2 := a&0x1FF, a>>9&0x1FF, a>>18
				cols := r0 | r1 | r2
				twice |= once&cols | r0&r1 | r0&r2 | r1&r2
				once |= cols
				p := a &^ s.open[b]
				done |= p | p>>9 | p>>18
			}
			if once != 0x1FF {
				return false // a column without a place for d
			}
			single := once &^ twice &^ done & 0x1FF
			for single != 0 {
				col := colBits[bits.TrailingZeros32(single)]
				single &= single - 1
				for b := range 3 {
					if bit := s.cand[d][b] & col; bit != 0 {
						s.place(d, b, bit)
						placed = true
						break
					}
				}
			}
		}
		if !placed {
			return true
		}
	}
}

// solved reports whether every cell holds a digit.
func (s *state) solved() bool { return s.open[0]|s.open[1]|s.open[2] == 0 }

// grid writes the placed digits out.
func (s *state) grid() Grid {
	var g Grid
	for d := range s.cand {
		for b := range 3 {
			x := s.cand[d][b] &^ s.open[b]
			for x != 0 {
				g[27*b+bits.TrailingZeros32(x)] = uint8(d + 1)
				x &= x - 1
			}
		}
	}
	return g
}

// pick returns the open cell with the fewest candidates (band and bit),
// looking for a cell with two first, as nearly every node has one.
func (s *state) pick() (int, uint32) {
	for b := range 3 {
		var one, two, three uint32
		for d := range s.cand {
			x := s.cand[d][b]
			three |= two & x
			two |= one & x
			one |= x
		}
		if pair := s.open[b] & two &^ three; pair != 0 {
			return b, pair & -pair
		}
	}
	// No cell with two candidates (rare): count them one by one.
	bestB, best, bestN := 0, uint32(0), 10
	for b := range 3 {
		for x := s.open[b]; x != 0; x &= x - 1 {
			bit := x & -x
			n := 0
			for d := range s.cand {
				if s.cand[d][b]&bit != 0 {
					n++
				}
			}
			if n < bestN {
				bestB, best, bestN = b, bit, n
			}
		}
	}
	return bestB, best
}

// Solver counts solutions with singles propagation, band reduction and a
// dynamically chosen most-constrained cell at every node. The zero value is
// ready to use; a Solver is not safe for concurrent use, but is cheap to
// make per goroutine.
type Solver struct {
	limit    int
	count    int
	Nodes    int // search nodes visited by the last Count
	solution Grid
	// stack holds one state per search depth, so a guess copies into a
	// slot that already exists instead of allocating.
	stack [82]state
}

// Count counts the solutions of g, stopping at limit (2 decides
// uniqueness). It returns the count and the first solution found.
func (sv *Solver) Count(g *Grid, limit int) (int, Grid) {
	sv.limit, sv.count, sv.Nodes = limit, 0, 0
	s := &sv.stack[0]
	if !s.load(g) || !s.propagate() {
		return 0, Grid{}
	}
	sv.search(0)
	return sv.count, sv.solution
}

func (sv *Solver) search(depth int) {
	for {
		sv.Nodes++
		s := &sv.stack[depth]
		if s.solved() {
			if sv.count == 0 {
				sv.solution = s.grid()
			}
			sv.count++
			return
		}
		b, bit := s.pick()
		var digits uint32
		for d := range s.cand {
			if s.cand[d][b]&bit != 0 {
				digits |= 1 << d
			}
		}
		// Every digit but the last is tried on a copy; the last is placed
		// in this state itself, as nothing else needs it afterwards.
		for digits&(digits-1) != 0 {
			d := bits.TrailingZeros32(digits)
			digits &= digits - 1
			child := &sv.stack[depth+1]
			*child = *s
			child.place(d, b, bit)
			if child.propagate() {
				sv.search(depth + 1)
			}
			if sv.count >= sv.limit {
				return
			}
		}
		s.place(bits.TrailingZeros32(digits), b, bit)
		if !s.propagate() {
			return
		}
	}
}

// Solve decides the status of g, counting to two. It allocates a Solver;
// loops over many puzzles keep one Solver and call Count.
func Solve(g *Grid) (int, Grid) {
	sv := new(Solver)
	return sv.Count(g, 2)
}
