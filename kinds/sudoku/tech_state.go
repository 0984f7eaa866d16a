package sudoku

import "math/bits"

// Candidates is a candidate state: per cell a 9-bit mask (digit d <-> bit
// d-1); a settled cell holds exactly its digit's bit plus the Settled flag.
type Candidates [81]uint16

// Settled flags a settled cell in a Candidates mask.
const Settled uint16 = 0x200

const allDigits uint16 = 0x1ff

// Digit returns the digit settled in cell c, or 0.
func (cs *Candidates) Digit(c int) int {
	if cs[c]&Settled == 0 {
		return 0
	}
	return bits.TrailingZeros16(cs[c]&allDigits) + 1
}

// outcome of one technique call.
type outcome int8

const (
	none outcome = iota
	progress
	contradiction
)

// rstate is the rater's candidate state, copied by value.
type rstate struct {
	c     Candidates
	hp    [27]uint16 // digits settled per house
	left  int        // unsettled cells
	where int        // contradiction location: cell 0-80, or 100+house
}

// load settles the givens; false when they clash.
func (s *rstate) load(g *Grid) bool {
	for i := range s.c {
		s.c[i] = allDigits
	}
	s.hp = [27]uint16{}
	s.left = 81
	for c := 0; c < 81; c++ {
		if d := g[c]; d != 0 {
			b := uint16(1) << (d - 1)
			if s.c[c]&b == 0 || s.c[c]&Settled != 0 {
				return false
			}
			s.settle(c, b)
		}
	}
	return true
}

// settle sets cell c to digit bit b and removes b from its peers.
func (s *rstate) settle(c int, b uint16) {
	s.c[c] = b | Settled
	s.left--
	for _, p := range peers[c] {
		if s.c[p]&Settled == 0 {
			s.c[p] &^= b
		}
	}
	h := &cellHouses[c]
	s.hp[h[0]] |= b
	s.hp[h[1]] |= b
	s.hp[h[2]] |= b
}

// intersection geometry: 54 box/line pairs.
type isect struct {
	box, line uint8
	C         [3]uint8
	A, B      [6]uint8
}

var isects [54]isect

func init() {
	n := 0
	for b := 0; b < 9; b++ {
		for k := 0; k < 6; k++ {
			var line int
			if k < 3 {
				line = b/3*3 + k // row
			} else {
				line = 9 + b%3*3 + (k - 3) // column
			}
			in := func(c uint8, h int) bool {
				for _, x := range houses[h] {
					if x == c {
						return true
					}
				}
				return false
			}
			is := isect{box: uint8(18 + b), line: uint8(line)}
			nc, na, nb := 0, 0, 0
			for _, c := range houses[18+b] {
				if in(c, line) {
					is.C[nc] = c
					nc++
				} else {
					is.A[na] = c
					na++
				}
			}
			for _, c := range houses[line] {
				if !in(c, 18+b) {
					is.B[nb] = c
					nb++
				}
			}
			isects[n] = is
			n++
		}
	}
}

func popc(m uint16) int { return bits.OnesCount16(m) }

func digitsOf(m uint16) []int {
	var ds []int
	for m &= allDigits; m != 0; m &= m - 1 {
		ds = append(ds, bits.TrailingZeros16(m)+1)
	}
	return ds
}
