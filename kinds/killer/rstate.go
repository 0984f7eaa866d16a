package killer

import "math/bits"

// The rater's solving state: fixed arrays of bit masks, copied by value
// (a proof by contradiction works on a copy), for N = 4, 6 and 9.
//
// Candidates are uint16 masks, bit d for digit d (1..N). Cells are sets of
// up to 81 bits (cellset). Cages are Tatham's dynamic cages: a placed cell
// leaves its cage, whose sum drops by the digit, and the rule of 45 may
// split a cage in two (cage splitting); so a cage of the state is the part
// still unsolved of a puzzle cage, or of one of its splits.

// maxN is the largest grid side the rater handles.
const maxN = 9

const maxCells = maxN * maxN

// cellset is a set of cells of a grid of at most 128 cells.
type cellset [2]uint64

func (s *cellset) add(c int)            { s[c>>6] |= 1 << uint(c&63) }
func (s *cellset) del(c int)            { s[c>>6] &^= 1 << uint(c&63) }
func (s cellset) has(c int) bool        { return s[c>>6]&(1<<uint(c&63)) != 0 }
func (s cellset) count() int            { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }
func (s cellset) empty() bool           { return s[0]|s[1] == 0 }
func (s cellset) and(t cellset) cellset { return cellset{s[0] & t[0], s[1] & t[1]} }
func (s cellset) minus(t cellset) cellset {
	return cellset{s[0] &^ t[0], s[1] &^ t[1]}
}
func (s cellset) or(t cellset) cellset    { return cellset{s[0] | t[0], s[1] | t[1]} }
func (s cellset) subsetOf(t cellset) bool { return s[0]&^t[0] == 0 && s[1]&^t[1] == 0 }

// first is the lowest cell of s, or -1.
func (s cellset) first() int {
	if s[0] != 0 {
		return bits.TrailingZeros64(s[0])
	}
	if s[1] != 0 {
		return 64 + bits.TrailingZeros64(s[1])
	}
	return -1
}

// list appends s's cells in increasing order to dst.
func (s cellset) list(dst []int) []int {
	for w := range 2 {
		x := s[w]
		for x != 0 {
			dst = append(dst, w*64+bits.TrailingZeros64(x))
			x &= x - 1
		}
	}
	return dst
}

func bit(d int) uint16 { return 1 << uint(d) }

func popcount(m uint16) int { return bits.OnesCount16(m) }

// lowDigit and highDigit are a mask's smallest and largest digits (0 for
// an empty mask).
func lowDigit(m uint16) int {
	if m == 0 {
		return 0
	}
	return bits.TrailingZeros16(m)
}

func highDigit(m uint16) int {
	if m == 0 {
		return 0
	}
	return 15 - bits.LeadingZeros16(m)
}

// geom is a grid's fixed shape: houses in Tatham's order (rows, columns,
// boxes), the box of each cell, each cell's peers.
type geom struct {
	n, cells, bw, bh int
	all              uint16 // digits 1..n
	total            int    // 1+2+...+n, the sum of every house
	// house[h] lists the cells of house h: rows 0..n-1, columns n..2n-1,
	// boxes 2n..3n-1, each in reading order.
	house    [3 * maxN][maxN]uint8
	houseSet [3 * maxN]cellset
	boxOf    [maxCells]uint8
	peers    [maxCells]cellset
}

func newGeom(n, bw, bh int) *geom {
	g := &geom{n: n, cells: n * n, bw: bw, bh: bh, all: uint16(1<<uint(n+1)) - 2, total: n * (n + 1) / 2}
	boxesAcross := n / bw
	fill := [3 * maxN]int{}
	for c := range g.cells {
		r, col := c/n, c%n
		b := (r/bh)*boxesAcross + col/bw
		g.boxOf[c] = uint8(b)
		for _, h := range [3]int{r, n + col, 2*n + b} {
			g.house[h][fill[h]] = uint8(c)
			fill[h]++
			g.houseSet[h].add(c)
		}
	}
	for c := range g.cells {
		r, col := c/n, c%n
		p := g.houseSet[r].or(g.houseSet[n+col]).or(g.houseSet[2*n+int(g.boxOf[c])])
		p.del(c)
		g.peers[c] = p
	}
	return g
}

// state is what the solver knows: candidates, placed digits, the cages.
// It holds no pointer, so a copy is a snapshot.
type state struct {
	cand    [maxCells]uint16
	val     [maxCells]int8
	done    [3 * maxN]uint16 // digits placed in each house
	cageSet [maxCells]cellset
	cageSum [maxCells]int16
	cageOf  [maxCells]uint8 // each cell's cage (a placed cell: the one it left)
	ncage   int
	left    int  // cells not placed
	bad     bool // a contradiction showed
	// epoch counts placements and cage splits: the rule of 45's groups
	// change only with it.
	epoch uint32
	// dirty holds, for the cage sum bounds [0] and the cage combinations
	// [1], the cells whose candidates changed since they last looked: a
	// cage with none is skipped, as it would find nothing new.
	dirty [2]cellset
}

// newState is the start state of p: every digit possible, the puzzle's
// cages, its givens placed.
func newState(g *geom, p *Puzzle) state {
	var s state
	for c := range g.cells {
		s.cand[c] = g.all
		s.dirty[0].add(c)
	}
	s.dirty[1] = s.dirty[0]
	s.left = g.cells
	s.ncage = len(p.Sums)
	for c, k := range p.Cage {
		s.cageSet[k].add(c)
		s.cageOf[c] = uint8(k)
	}
	for k, sum := range p.Sums {
		s.cageSum[k] = int16(sum)
	}
	for c, v := range p.Given {
		if v != 0 && s.val[c] == 0 {
			s.place(g, c, int(v))
		}
	}
	return s
}

// place puts digit d in cell c: it leaves its row, column, box and cage
// mates, and c leaves its cage, whose sum drops by d.
func (s *state) place(g *geom, c, d int) {
	b := bit(d)
	if s.cand[c]&b == 0 || s.val[c] != 0 {
		s.bad = true
		return
	}
	s.val[c] = int8(d)
	s.cand[c] = b
	s.touch(c)
	s.left--
	s.epoch++
	n := g.n
	s.done[c/n] |= b
	s.done[n+c%n] |= b
	s.done[2*n+int(g.boxOf[c])] |= b
	s.clear(g.peers[c], b)
	k := int(s.cageOf[c])
	s.cageSet[k].del(c)
	if int(s.cageSum[k]) < d {
		s.bad = true
	}
	s.cageSum[k] -= int16(d)
	s.dirty[0] = s.dirty[0].or(s.cageSet[k]) // the cage's cells and sum changed
	s.dirty[1] = s.dirty[1].or(s.cageSet[k])
	s.clear(s.cageSet[k], b)
	if s.cageSet[k].empty() && s.cageSum[k] != 0 {
		s.bad = true
	}
}

// clear removes the digits of m from the cells of set, noting a cell
// left without a candidate.
func (s *state) clear(set cellset, m uint16) {
	for w := range 2 {
		x := set[w]
		for x != 0 {
			c := w*64 + bits.TrailingZeros64(x)
			x &= x - 1
			if s.cand[c]&m != 0 {
				s.cand[c] &^= m
				s.touch(c)
				if s.cand[c] == 0 {
					s.bad = true
				}
			}
		}
	}
}

// eliminate removes digits m from cell c; it reports whether any went.
func (s *state) eliminate(c int, m uint16) bool {
	if s.cand[c]&m == 0 {
		return false
	}
	s.cand[c] &^= m
	s.touch(c)
	if s.cand[c] == 0 {
		s.bad = true
	}
	return true
}

// touch notes that cell c's candidates changed.
func (s *state) touch(c int) {
	s.dirty[0].add(c)
	s.dirty[1].add(c)
}

// positions is the set of cells of house h where digit d may go.
func (s *state) positions(g *geom, h, d int) cellset {
	var out cellset
	b := bit(d)
	for i := range g.n {
		c := int(g.house[h][i])
		if s.cand[c]&b != 0 {
			out.add(c)
		}
	}
	return out
}

// consistent checks what no technique may leave behind in a state with a
// solution: every cell has a candidate, every house can still hold each
// digit, every cage's bounds reach its sum.
func (s *state) consistent(g *geom) bool {
	if s.bad {
		return false
	}
	for c := range g.cells {
		if s.cand[c] == 0 {
			return false
		}
	}
	for h := range 3 * g.n {
		var seen uint16
		for i := range g.n {
			seen |= s.cand[g.house[h][i]]
		}
		if seen != g.all {
			return false
		}
	}
	for k := range s.ncage {
		lo, hi := 0, 0
		for w := range 2 {
			for x := s.cageSet[k][w]; x != 0; x &= x - 1 {
				m := s.cand[w*64+bits.TrailingZeros64(x)]
				lo += lowDigit(m)
				hi += highDigit(m)
			}
		}
		if sum := int(s.cageSum[k]); sum < lo || sum > hi {
			return false
		}
	}
	return true
}
