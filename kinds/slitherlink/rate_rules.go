package slitherlink

// The deductions of levels 1-4, the facts of Tatham's Loopy levels Easy,
// Normal, Tricky and Hard (loopy.c: trivial_deductions and
// loop_deductions; dline_deductions; its Tricky additions; linedsf
// deductions), written from what they deduce. Each rule looks at one item
// (a cell, a dot or an edge) and returns why it changed the state, for the
// step's sentence; whether it did shows in lstate.changes.

// Why codes: what a rule saw.
const (
	whyNone = iota
	whyClueFull
	whyClueNeedsAll
	whyClueCorner
	whyDotDead
	whyDotOnward
	whyDotFull
	whyLoopEarly
	whyLoopClosed
	whyPairDot      // level 2 at a dot
	whyPairClue     // level 2 at a clue
	whyPairTricky   // level 3 at a clue
	whyPairOpposite // level 3 at a dot
	whyParityClue   // level 4 at a clue
	whyParityDot    // level 4 at a dot
	whyParityEdge   // level 4: a class with a known member
)

// apply runs the rules of level on item x.
func (s *lstate) apply(level int, x int32) int {
	s.work++
	t := s.t
	switch {
	case x < int32(t.nc):
		if t.clue[x] < 0 {
			return whyNone
		}
		switch level {
		case 1:
			return s.cell1(x)
		case 2:
			return s.cell23(x, false)
		case 3:
			return s.cell23(x, true)
		case 4:
			return s.cell4(x)
		}
	case x < int32(t.nc+t.nd):
		d := x - int32(t.nc)
		switch level {
		case 1:
			return s.dot1(d)
		case 2:
			return s.dot2(d)
		case 3:
			return s.dot3(d)
		case 4:
			return s.dot4(d)
		}
	case x < s.nItems-1:
		e := x - int32(t.nc+t.nd)
		switch level {
		case 1:
			return s.loopEdge(e)
		case 4:
			return s.classEdge(e)
		}
	default:
		if level == 1 {
			return s.loopClosed()
		}
	}
	return whyNone
}

// cell1: a clue with its count of lines has its other sides off; one with
// only as many sides left as lines missing has them all on; one that needs
// a single cross more, with two unknown sides meeting at a dot that
// already has a line (so they are not both lines), has its other sides on.
func (s *lstate) cell1(c int32) int {
	t := s.t
	k := int(t.clue[c])
	y, n := s.cellCount(c, lOn), s.cellCount(c, lOff)
	u := 4 - y - n
	if u == 0 {
		if y != k {
			s.fail(c)
		}
		return whyNone
	}
	if y > k || n > 4-k {
		s.fail(c)
		return whyNone
	}
	if y == k {
		s.cellSetAll(c, lOff)
		return whyClueFull
	}
	if n == 4-k {
		s.cellSetAll(c, lOn)
		return whyClueNeedsAll
	}
	if 4-k == n+1 && u > 2 {
		ce := &t.cEdge[c]
		for j := 0; j < 4; j++ {
			a, b := ce[j], ce[(j+1)&3]
			if s.e[a] != lUnk || s.e[b] != lUnk {
				continue
			}
			d := t.corner(c, j)
			if y, _ := s.dotCounts(d); y == 0 {
				continue
			}
			for _, o := range ce {
				if o != a && o != b && s.e[o] == lUnk {
					s.set(o, lOn, c)
				}
			}
			return whyClueCorner
		}
	}
	return whyNone
}

func (s *lstate) cellSetAll(c int32, v uint8) {
	for _, e := range s.t.cEdge[c] {
		if s.e[e] == lUnk {
			s.set(e, v, c)
		}
	}
}

// dot1: a line cannot end, branch or stop at a dot.
func (s *lstate) dot1(d int32) int {
	item := s.itemDot(d)
	y, u := s.dotCounts(d)
	switch {
	case y > 2, y == 1 && u == 0:
		s.fail(item)
	case y == 0 && u == 1:
		s.dotSetAll(d, lOff)
		return whyDotDead
	case y == 1 && u == 1:
		s.dotSetAll(d, lOn)
		return whyDotOnward
	case y == 2 && u > 0:
		s.dotSetAll(d, lOff)
		return whyDotFull
	}
	return whyNone
}

func (s *lstate) dotSetAll(d int32, v uint8) {
	t := s.t
	for k := uint8(0); k < t.dN[d]; k++ {
		if e := t.dEdge[d][k]; s.e[e] == lUnk {
			s.set(e, v, s.itemDot(d))
		}
	}
}

// loopEdge: an edge joining the two ends of one path closes a loop; that
// is wrong unless the loop holds every line and satisfies every clue
// (then it would be the solution, which Loopy does not count as a
// deduction: the edge stays pending).
func (s *lstate) loopEdge(e int32) int {
	t := s.t
	if s.pending == e {
		s.pending = -1
	}
	if s.e[e] != lUnk {
		return whyNone
	}
	a, b := t.eDot[e][0], t.eDot[e][1]
	if s.end[a] != b {
		return whyNone
	}
	if s.plen[a] == s.yes {
		sat := s.sat
		for _, c := range t.eCell[e] {
			if c >= 0 && t.clue[c] >= 0 {
				switch s.cellCount(c, lOn) - int(t.clue[c]) {
				case -1:
					sat++
				case 0:
					sat--
				}
			}
		}
		if sat == t.nClue {
			s.pending = e
			return whyNone
		}
	}
	s.set(e, lOff, s.itemEdge(e))
	return whyLoopEarly
}

// loopClosed: once the loop is closed, no other edge is a line.
func (s *lstate) loopClosed() int {
	for e := range s.e {
		if s.e[e] == lUnk {
			s.set(int32(e), lOff, s.itemClosed())
		}
	}
	return whyLoopClosed
}

// dot2: Loopy's Normal facts at a dot: two edges next to each other
// around a dot with one line have at most one line (exactly one when they
// are its last unknown edges), and the facts known settle an edge when the
// other is known, or both when they are the dot's last unknown edges.
func (s *lstate) dot2(d int32) int {
	t := s.t
	n := int32(t.dN[d])
	if n < 2 {
		return whyNone
	}
	item := s.itemDot(d)
	y, u := s.dotCounts(d)
	for j := int32(0); j < n; j++ {
		id := d*4 + j
		a, b := t.dEdge[d][j], t.dEdge[d][(j+1)%n]
		va, vb := s.e[a], s.e[b]
		if s.atMost(id) {
			if va == lOn && vb == lUnk {
				s.set(b, lOff, item)
			}
			if vb == lOn && va == lUnk {
				s.set(a, lOff, item)
			}
		}
		if s.atLeast(id) {
			if va == lOff && vb == lUnk {
				s.set(b, lOn, item)
			}
			if vb == lOff && va == lUnk {
				s.set(a, lOn, item)
			}
		}
		if va != lUnk || vb != lUnk {
			continue
		}
		if y == 0 && u == 2 {
			if s.atMost(id) {
				s.set(a, lOff, item)
				s.set(b, lOff, item)
			}
			if s.atLeast(id) {
				s.set(a, lOn, item)
				s.set(b, lOn, item)
			}
		}
		if y == 1 {
			s.setFact(id, true)
			if u == 2 {
				s.setFact(id, false)
			}
		}
	}
	return whyPairDot
}

// spans computes, for a clued cell, the least and most lines on the runs
// of 1, 2 and 3 sides starting at side j (clockwise), from the sides known
// and the pair facts at its corners, as Loopy bounds them.
func (s *lstate) spans(c int32) (mn, mx [4][4]int) {
	t := s.t
	ce := &t.cEdge[c]
	for j := 0; j < 4; j++ {
		v := s.e[ce[j]]
		mn[1][j], mx[1][j] = 0, 1
		if v == lOn {
			mn[1][j] = 1
		} else if v == lOff {
			mx[1][j] = 0
		}
	}
	for j := 0; j < 4; j++ {
		k := (j + 1) & 3
		id := t.cPair[c][j]
		hi := mx[1][j] + mx[1][k]
		if hi == 2 && s.atMost(id) {
			hi = 1
		}
		lo := mn[1][j] + mn[1][k]
		if lo == 0 && s.atLeast(id) {
			lo = 1
		}
		mn[2][j], mx[2][j] = lo, hi
	}
	for j := 0; j < 4; j++ {
		u, v := (j+1)&3, (j+2)&3
		mx[3][j] = min(mx[1][j]+mx[2][u], mx[2][j]+mx[1][v])
		mn[3][j] = max(mn[1][j]+mn[2][u], mn[2][j]+mn[1][v])
	}
	return mn, mx
}

// cell23: at level 2, a side is settled when the other three, bounded with
// the pair facts, leave it one way; at level 3 (Tricky) two unknown sides
// meeting at a corner get a pair fact when the other two sides leave room
// for at most, or need at least, one of them.
func (s *lstate) cell23(c int32, tricky bool) int {
	t := s.t
	k := int(t.clue[c])
	ce := &t.cEdge[c]
	mn, mx := s.spans(c)
	if !tricky {
		for j := 0; j < 4; j++ {
			if s.e[ce[j]] != lUnk {
				continue
			}
			r := (j + 1) & 3
			switch {
			case mn[3][r] > k || mx[3][r] < k-1:
				s.fail(c)
				return whyNone
			case mn[3][r] == k:
				s.set(ce[j], lOff, c)
			case mx[3][r] == k-1:
				s.set(ce[j], lOn, c)
			}
		}
		return whyPairClue
	}
	for j := 0; j < 4; j++ {
		a, b := ce[j], ce[(j+1)&3]
		if s.e[a] != lUnk || s.e[b] != lUnk {
			continue
		}
		r := (j + 2) & 3
		id := t.cPair[c][j]
		if mn[2][r] > k-2 {
			s.setFact(id, true)
		}
		if mx[2][r] < k {
			s.setFact(id, false)
		}
	}
	return whyPairTricky
}

// dot3: Loopy's Tricky facts at a dot: at least one line on a pair means
// at most one on the opposite pair; exactly one on a pair at a dot with
// no line means the third unknown edge is a line, or, with four unknown,
// exactly one on the opposite pair too.
func (s *lstate) dot3(d int32) int {
	t := s.t
	n := int32(t.dN[d])
	item := s.itemDot(d)
	y, u := s.dotCounts(d)
	for j := int32(0); j < n; j++ {
		id := d*4 + j
		a, b := t.dEdge[d][j], t.dEdge[d][(j+1)%n]
		if s.e[a] != lUnk || s.e[b] != lUnk || !s.atLeast(id) {
			continue
		}
		if n == 4 {
			s.setFact(d*4+(j+2)%4, true)
		}
		if y == 0 && s.atMost(id) {
			if u == 3 {
				for k := int32(0); k < n; k++ {
					if o := t.dEdge[d][k]; o != a && o != b && s.e[o] == lUnk {
						s.set(o, lOn, item)
					}
				}
			} else if u == 4 {
				s.setFact(d*4+(j+2)%4, false)
			}
		}
	}
	return whyPairOpposite
}

// unknownsOf lists the unknown edges among es.
func (s *lstate) unknownsOf(es []int32, buf *[4]int32) []int32 {
	out := buf[:0]
	for _, e := range es {
		if e >= 0 && s.e[e] == lUnk {
			out = append(out, e)
		}
	}
	return out
}

// parity: the unknown edges us hold an even (p = 0) or odd number of
// lines: two are equal or opposite; of three, two known equal or opposite
// settle the third; of four, they make the other two equal or opposite.
func (s *lstate) parity(us []int32, p uint8, item int32) {
	switch len(us) {
	case 2:
		s.merge(us[0], us[1], p, item)
	case 3, 4:
		var r [4]int32
		var q [4]uint8
		for i, e := range us {
			r[i], q[i] = s.find(e)
		}
		n := len(us)
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if r[i] != r[j] {
					continue
				}
				x := p ^ q[i] ^ q[j]
				var rest [2]int32
				m := 0
				for k := 0; k < n; k++ {
					if k != i && k != j {
						rest[m] = us[k]
						m++
					}
				}
				if n == 3 {
					v := lOff
					if x == 1 {
						v = lOn
					}
					s.set(rest[0], v, item)
				} else {
					s.merge(rest[0], rest[1], x, item)
				}
			}
		}
	}
}

// cell4: Loopy's Hard facts at a clue: two unknown sides known equal are
// both off when one more line would fill the clue, both on when one more
// cross would; and the parity of the lines still missing.
func (s *lstate) cell4(c int32) int {
	t := s.t
	k := int(t.clue[c])
	var buf [4]int32
	y, n := s.cellCount(c, lOn), s.cellCount(c, lOff)
	us := s.unknownsOf(t.cEdge[c][:], &buf)
	if len(us) < 2 {
		return whyNone
	}
	if y+1 == k || n+1 == 4-k {
		for i := 0; i < len(us); i++ {
			for j := i + 1; j < len(us); j++ {
				ri, pi := s.find(us[i])
				rj, pj := s.find(us[j])
				if ri == rj && pi == pj {
					if y+1 == k {
						s.set(us[i], lOff, c)
						s.set(us[j], lOff, c)
					}
					if n+1 == 4-k {
						s.set(us[i], lOn, c)
						s.set(us[j], lOn, c)
					}
				}
			}
		}
	}
	us = s.unknownsOf(t.cEdge[c][:], &buf)
	s.parity(us, uint8((k-s.cellCount(c, lOn))&1), c)
	return whyParityClue
}

// dot4: Loopy's Hard facts at a dot: a pair known opposite has exactly one
// line; a pair with exactly one line is opposite; and the parity of the
// lines at the dot (none or two).
func (s *lstate) dot4(d int32) int {
	t := s.t
	n := int32(t.dN[d])
	item := s.itemDot(d)
	if n >= 2 {
		for j := int32(0); j < n; j++ {
			id := d*4 + j
			a, b := t.dEdge[d][j], t.dEdge[d][(j+1)%n]
			if s.e[a] != lUnk || s.e[b] != lUnk {
				continue
			}
			ra, pa := s.find(a)
			rb, pb := s.find(b)
			if ra == rb && pa != pb {
				s.setFact(id, true)
				s.setFact(id, false)
				continue
			}
			if s.atMost(id) && s.atLeast(id) {
				s.merge(a, b, 1, item)
			}
		}
	}
	var buf [4]int32
	us := s.unknownsOf(t.dEdge[d][:t.dN[d]], &buf)
	y, _ := s.dotCounts(d)
	s.parity(us, uint8(y&1), item)
	return whyParityDot
}

// classEdge: an edge known on or off settles every edge of its class.
func (s *lstate) classEdge(e int32) int {
	r, _ := s.find(e)
	if s.sz[r] < 2 {
		return whyNone
	}
	// A known member and its parity.
	known := int32(-1)
	var kv uint8
	for m := r; ; {
		if s.e[m] != lUnk {
			known = m
			kv = s.e[m]
			break
		}
		m = s.nxt[m]
		if m == r {
			break
		}
	}
	if known < 0 {
		return whyNone
	}
	_, kp := s.find(known)
	item := s.itemEdge(e)
	for m := r; ; {
		_, mp := s.find(m)
		v := kv
		if mp != kp {
			v = lOn + lOff - kv
		}
		s.set(m, v, item)
		m = s.nxt[m]
		if m == r || s.bad {
			break
		}
	}
	return whyParityEdge
}

// propagate runs the queued levels to their fixpoint (or a
// contradiction); it reports whether the state is consistent.
func (s *lstate) propagate() bool {
	for !s.bad && s.unknown > 0 {
		level, x, ok := s.next()
		if !ok {
			return true
		}
		s.apply(level, x)
	}
	return !s.bad
}
