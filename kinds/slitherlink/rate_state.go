package slitherlink

import "math/bits"

// The rater's solving state: each edge on, off or unknown; per dot the
// pair facts of Loopy's Normal and Tricky levels ("at least one" and "at
// most one" of two edges next to each other around the dot); the classes
// of edges known equal or opposite of Loopy's Hard level; the paths the
// lines drawn so far make (their ends, for the loop rule). Work is driven
// by one queue per level of items to look at again (cells, dots, edges),
// so that the lowest level with something to do always goes first.

const (
	lUnk uint8 = iota
	lOn
	lOff
)

// Items the queues hold: cells, then dots, then edges, then the closed
// loop.
type lstate struct {
	t *ltopo

	e    []uint8 // per edge: lUnk, lOn, lOff
	dl   []uint8 // per dot: bit j "at least one of pair j", bit 4+j "at most one"
	par  []int32 // classes of equal or opposite edges: parent (itself at a root)
	inv  []uint8 // 1 when the edge is the opposite of its parent
	sz   []int32 // class size, at the root
	nxt  []int32 // the class's members, a circular list
	end  []int32 // per dot: the path's other end at an end, itself with no line, -1 inside a path
	plen []int32 // per dot: edges on the path, at its ends
	cy   []uint8 // per cell: sides on (lines)
	cn   []uint8 // per cell: sides off (crosses)
	dy   []uint8 // per dot: lines
	dn   []uint8 // per dot: crosses

	yes, unknown int32
	sat          int32 // clued cells with exactly their count of lines
	closed       bool
	merged       bool // some classes were merged (level 4)
	bad          bool
	badItem      int32 // where the contradiction showed
	pending      int32 // an edge that would close the loop into a solution (not a deduction), or -1
	changes      int64 // every change of the state counts one
	work         int64 // items looked at

	nItems int32
	q      [4]ring
	inq    []uint8 // per item: bit k when in the queue of level k+1
	maxLvl int     // the highest level the queues are for
	open   int     // the levels opened so far: a level's queue starts with every item when first needed

	logging    bool    // record what changes, to undo it (probes)
	logE, logD []int32 // edges and dots whose entries changed

	rec *record // the current step's changes, nil when not recording
}

// record collects the changes of one deduction, for the step log.
type record struct {
	on, off []int32
	facts   []int32 // dline id*2 + 1 for "at most one", + 0 for "at least one"
	merges  [][3]int32
}

func (r *record) reset() {
	r.on, r.off, r.facts, r.merges = r.on[:0], r.off[:0], r.facts[:0], r.merges[:0]
}

func (r *record) empty() bool {
	return len(r.on)+len(r.off)+len(r.facts)+len(r.merges) == 0
}

type ring struct {
	buf        []int32
	head, size int
}

func (q *ring) push(x int32) {
	i := q.head + q.size
	if i >= len(q.buf) {
		i -= len(q.buf)
	}
	q.buf[i] = x
	q.size++
}

func (q *ring) pop() int32 {
	x := q.buf[q.head]
	q.head++
	if q.head == len(q.buf) {
		q.head = 0
	}
	q.size--
	return x
}

func newLState(t *ltopo, maxLvl int) *lstate {
	s := &lstate{t: t, maxLvl: maxLvl, pending: -1, badItem: -1, open: 1}
	s.nItems = int32(t.nc + t.nd + t.ne + 1)
	ne, nd, ni, nc := t.ne, t.nd, int(s.nItems), t.nc
	b := make([]uint8, ne+nd+ni+2*nc+2*nd)
	s.e, s.dl, s.inq = b[:ne], b[ne:ne+nd], b[ne+nd:ne+nd+ni]
	b = b[ne+nd+ni:]
	s.cy, s.cn, s.dy, s.dn = b[:nc], b[nc:2*nc], b[2*nc:2*nc+nd], b[2*nc+nd:]
	w := make([]int32, 2*nd+ni)
	s.end, s.plen, s.q[0].buf = w[:nd], w[nd:2*nd], w[2*nd:]
	for i := range s.end {
		s.end[i] = int32(i)
	}
	s.unknown = int32(t.ne)
	for c := 0; c < t.nc; c++ {
		if t.clue[c] == 0 {
			s.sat++
		}
	}
	s.pushAll(0)
	return s
}

// opened makes ready what levels up to s.open use: their queues, and at
// level 4 the classes of equal and opposite edges (a rating that never
// needs a level never pays for it).
func (s *lstate) opened() {
	for k := 1; k < s.open; k++ {
		if s.q[k].buf == nil {
			s.q[k].buf = make([]int32, s.nItems)
		}
	}
	if s.open >= levelHard && s.par == nil {
		ne := s.t.ne
		w := make([]int32, 3*ne)
		s.par, s.sz, s.nxt = w[:ne], w[ne:2*ne], w[2*ne:]
		s.inv = make([]uint8, ne)
		s.initClasses()
	}
}

// initClasses makes every edge a class of its own.
func (s *lstate) initClasses() {
	for i := range s.par {
		s.par[i] = int32(i)
		s.inv[i] = 0
		s.sz[i] = 1
		s.nxt[i] = int32(i)
	}
	s.merged = false
}

// reset makes s the start of a solve of the topology's current clues, at
// levels 1 to maxLvl.
func (s *lstate) reset(maxLvl int) {
	t := s.t
	s.clearQueues()
	s.maxLvl = maxLvl
	s.open = 1
	for i := range s.e {
		s.e[i] = lUnk
	}
	if s.par != nil {
		s.initClasses()
	}
	for i := range s.cy {
		s.cy[i], s.cn[i] = 0, 0
	}
	for i := range s.dl {
		s.dl[i], s.dy[i], s.dn[i] = 0, 0, 0
		s.end[i] = int32(i)
		s.plen[i] = 0
	}
	s.yes, s.unknown, s.sat, s.work, s.changes = 0, int32(t.ne), 0, 0, 0
	s.closed, s.bad, s.badItem, s.pending, s.merged = false, false, -1, -1, false
	s.logE, s.logD = s.logE[:0], s.logD[:0]
	t.cluesChanged()
	for c := 0; c < t.nc; c++ {
		if t.clue[c] == 0 {
			s.sat++
		}
	}
	s.pushAll(0)
}

// pushAll queues every cell and dot at level k+1.
func (s *lstate) pushAll(k int) {
	nc := int32(s.t.nc)
	for i := int32(0); i < nc+int32(s.t.nd); i++ {
		if i < nc && s.t.clue[i] < 0 {
			continue
		}
		if k == 0 && (i < nc && !s.cellActs1(i) || i >= nc && !s.dotActs1(i-nc)) {
			continue // level 1 has nothing to do there (push's filter)
		}
		if s.inq[i]&(1<<k) == 0 {
			s.inq[i] |= 1 << k
			s.q[k].push(i)
		}
	}
}

// copyFrom makes s equal to m (same grid), queues empty.
func (s *lstate) copyFrom(m *lstate) {
	s.clearQueues()
	s.open = m.open
	s.opened()
	copy(s.e, m.e)
	copy(s.dl, m.dl)
	if m.par != nil {
		copy(s.par, m.par)
		copy(s.inv, m.inv)
		copy(s.sz, m.sz)
		copy(s.nxt, m.nxt)
	}
	copy(s.end, m.end)
	copy(s.plen, m.plen)
	copy(s.cy, m.cy)
	copy(s.cn, m.cn)
	copy(s.dy, m.dy)
	copy(s.dn, m.dn)
	s.scalarsFrom(m)
}

func (s *lstate) scalarsFrom(m *lstate) {
	s.yes, s.unknown, s.sat, s.closed, s.bad, s.badItem, s.pending = m.yes, m.unknown, m.sat, m.closed, m.bad, m.badItem, m.pending
	s.merged = m.merged
}

// restore undoes what changed since logging began, from m, which s was
// equal to then.
func (s *lstate) restore(m *lstate) {
	t := s.t
	classes := s.par != nil
	for _, i := range s.logE {
		s.e[i] = m.e[i]
		if classes {
			s.par[i], s.inv[i], s.sz[i], s.nxt[i] = m.par[i], m.inv[i], m.sz[i], m.nxt[i]
		}
		for _, c := range t.eCell[i] {
			if c >= 0 {
				s.cy[c], s.cn[c] = m.cy[c], m.cn[c]
			}
		}
		for _, d := range t.eDot[i] {
			s.dy[d], s.dn[d] = m.dy[d], m.dn[d]
		}
	}
	for _, i := range s.logD {
		s.dl[i], s.end[i], s.plen[i] = m.dl[i], m.end[i], m.plen[i]
	}
	s.logE, s.logD = s.logE[:0], s.logD[:0]
	s.scalarsFrom(m)
	s.clearQueues()
}

func (s *lstate) clearQueues() {
	for k := range s.q {
		q := &s.q[k]
		for q.size > 0 {
			s.inq[q.pop()] = 0
		}
		q.head = 0
	}
}

// push queues item x for the levels in mask (bit k: level k+1).
func (s *lstate) push(x int32, mask uint8) {
	t := s.t
	if x < int32(t.nc) {
		if t.clue[x] < 0 {
			return // only clues have rules
		}
		if !s.cellActs1(x) {
			mask &^= 1
		}
	} else if x < int32(t.nc+t.nd) && !s.dotActs1(x-int32(t.nc)) {
		mask &^= 1
	}
	s.enq(x, mask)
}

// cellActs1 reports whether level 1 may act at clued cell c: it is full,
// or short of open sides, or one cross from full with three sides open,
// or every side is known with the wrong count (a contradiction level 1
// reports). Its rules look at the counts only.
func (s *lstate) cellActs1(c int32) bool {
	k := int(s.t.clue[c])
	y, n := int(s.cy[c]), int(s.cn[c])
	u := 4 - y - n
	if u == 0 {
		return y != k
	}
	return y >= k || n >= 4-k || 4-k == n+1 && u > 2
}

// dotActs1 reports whether level 1 may act at dot d: not when it has two
// open edges or more and no line or one.
func (s *lstate) dotActs1(d int32) bool {
	y := int(s.dy[d])
	return y >= 2 || int(s.t.dN[d])-y-int(s.dn[d]) < 2
}

// enq queues item x for the open levels in mask it is not queued for.
func (s *lstate) enq(x int32, mask uint8) {
	need := mask & (1<<s.open - 1) &^ s.inq[x]
	if need == 0 {
		return
	}
	s.inq[x] |= need
	for k := 0; need != 0; k++ {
		if need&1 != 0 {
			s.q[k].push(x)
		}
		need >>= 1
	}
}

// next pops the item of the lowest level queued; ok is false when every
// queue is empty.
func (s *lstate) next() (level int, x int32, ok bool) {
	for {
		for k := 0; k < s.open; k++ {
			if s.q[k].size > 0 {
				x = s.q[k].pop()
				s.inq[x] &^= 1 << k
				return k + 1, x, true
			}
		}
		if s.open >= s.maxLvl {
			return 0, 0, false
		}
		s.open++
		s.t.pairs()
		s.opened()
		s.pushAll(s.open - 1)
	}
}

func (s *lstate) itemCell(c int32) int32 { return c }
func (s *lstate) itemDot(d int32) int32  { return int32(s.t.nc) + d }
func (s *lstate) itemEdge(e int32) int32 { return int32(s.t.nc+s.t.nd) + e }
func (s *lstate) itemClosed() int32      { return s.nItems - 1 }

func (s *lstate) fail(item int32) {
	if !s.bad {
		s.bad = true
		s.badItem = item
	}
}

// set puts edge e on or off. A change against what is known is a
// contradiction.
func (s *lstate) set(e int32, v uint8, item int32) {
	if s.bad {
		return
	}
	cur := s.e[e]
	if cur == v {
		return
	}
	if cur != lUnk {
		s.fail(item)
		return
	}
	t := s.t
	if s.logging {
		s.logE = append(s.logE, e)
	}
	s.e[e] = v
	s.unknown--
	s.changes++
	if s.rec != nil {
		if v == lOn {
			s.rec.on = append(s.rec.on, e)
		} else {
			s.rec.off = append(s.rec.off, e)
		}
	}
	for _, c := range t.eCell[e] {
		if c >= 0 {
			if v == lOn {
				s.cy[c]++
				if t.clue[c] >= 0 {
					switch int(s.cy[c]) - int(t.clue[c]) {
					case 0:
						s.sat++
					case 1:
						s.sat--
					}
				}
			} else {
				s.cn[c]++
			}
			if t.clue[c] >= 0 { // after the counts: level 1 looks at them
				m := uint8(0xF)
				if !s.cellActs1(c) {
					m = 0xE
				}
				s.enq(c, m)
			}
		}
	}
	for _, d := range t.eDot[e] {
		if v == lOn {
			s.dy[d]++
		} else {
			s.dn[d]++
		}
		m := uint8(0xF)
		if !s.dotActs1(d) {
			m = 0xE
		}
		s.enq(int32(t.nc)+d, m)
	}
	// The other cells around both ends: a clue's corner rule (level 1)
	// looks at the lines at its corners.
	if v == lOn {
		c0, c1 := t.eCell[e][0], t.eCell[e][1]
		for _, d := range t.eDot[e] {
			for m := t.dNear[d]; m != 0; m &= m - 1 {
				c := t.dCell[d][bits.TrailingZeros8(m)]
				if c != c0 && c != c1 && s.cellActs1(c) {
					s.enq(c, 1)
				}
			}
		}
	}
	if s.merged && s.sz[s.root(e)] > 1 {
		s.push(s.itemEdge(e), 8)
	}
	if v == lOn {
		s.yes++
		s.link(e)
	}
	if s.pending >= 0 {
		s.push(s.itemEdge(s.pending), 1)
	}
}

// link joins the paths at the ends of the new line e.
func (s *lstate) link(e int32) {
	t := s.t
	a, b := t.eDot[e][0], t.eDot[e][1]
	if s.closed {
		s.fail(s.itemClosed())
		return
	}
	ea, eb := s.end[a], s.end[b]
	if ea < 0 || eb < 0 {
		// A third line at a dot: the dot rule reports it.
		if ea < 0 {
			s.fail(s.itemDot(a))
		} else {
			s.fail(s.itemDot(b))
		}
		return
	}
	if s.logging {
		s.logD = append(s.logD, a, b, ea, eb)
	}
	if ea == b {
		s.closed = true
		s.end[a], s.end[b] = -1, -1
		if s.plen[a]+1 != s.yes {
			s.fail(s.itemClosed())
			return
		}
		s.push(s.itemClosed(), 1)
		return
	}
	n := s.plen[ea] + s.plen[eb] + 1
	if a != ea {
		s.end[a] = -1
	}
	if b != eb {
		s.end[b] = -1
	}
	s.end[ea], s.end[eb] = eb, ea
	s.plen[ea], s.plen[eb] = n, n
	if x := t.edgeBetween(ea, eb); x >= 0 && s.e[x] == lUnk {
		s.push(s.itemEdge(x), 1)
	}
}

// setFact records a pair fact (dline id; most: "at most one", else "at
// least one").
func (s *lstate) setFact(id int32, most bool) {
	if s.bad {
		return
	}
	d, j := id>>2, uint(id&3)
	bit := uint8(1) << j
	if most {
		bit <<= 4
	}
	if s.dl[d]&bit != 0 {
		return
	}
	if s.logging {
		s.logD = append(s.logD, d)
	}
	s.dl[d] |= bit
	s.changes++
	if s.rec != nil {
		f := id * 2
		if most {
			f++
		}
		s.rec.facts = append(s.rec.facts, f)
	}
	s.push(s.itemDot(d), 0xE)
	if c := s.t.plCell[id]; c >= 0 {
		s.push(c, 0xE)
	}
}

func (s *lstate) atLeast(id int32) bool { return s.dl[id>>2]&(1<<uint(id&3)) != 0 }
func (s *lstate) atMost(id int32) bool  { return s.dl[id>>2]&(16<<uint(id&3)) != 0 }

// root finds e's class and e's parity to it (no path compression: the
// union by size keeps the trees shallow, and probes undo by position).
func (s *lstate) root(e int32) int32 {
	for s.par[e] != e {
		e = s.par[e]
	}
	return e
}

func (s *lstate) find(e int32) (int32, uint8) {
	var p uint8
	for s.par[e] != e {
		p ^= s.inv[e]
		e = s.par[e]
	}
	return e, p
}

// merge records that a XOR b == x (x = 1: opposite).
func (s *lstate) merge(a, b int32, x uint8, item int32) {
	if s.bad {
		return
	}
	ra, pa := s.find(a)
	rb, pb := s.find(b)
	if ra == rb {
		if pa^pb != x {
			s.fail(item)
		}
		return
	}
	if s.sz[ra] < s.sz[rb] {
		ra, rb = rb, ra
	}
	// rb, the smaller, goes under ra. Its members' cells and dots may now
	// hold a known pair.
	for m := rb; ; {
		for _, c := range s.t.eCell[m] {
			if c >= 0 {
				s.push(c, 8)
			}
		}
		for _, d := range s.t.eDot[m] {
			s.push(s.itemDot(d), 8)
		}
		m = s.nxt[m]
		if m == rb {
			break
		}
	}
	if s.logging {
		s.logE = append(s.logE, ra, rb)
	}
	s.merged = true
	s.par[rb] = ra
	s.inv[rb] = pa ^ pb ^ x
	s.sz[ra] += s.sz[rb]
	s.nxt[ra], s.nxt[rb] = s.nxt[rb], s.nxt[ra]
	s.changes++
	if s.rec != nil {
		s.rec.merges = append(s.rec.merges, [3]int32{a, b, int32(x)})
	}
	s.push(s.itemEdge(a), 8)
}

// cellCount counts the sides of cell c in state v (lOn or lOff).
func (s *lstate) cellCount(c int32, v uint8) int {
	if v == lOn {
		return int(s.cy[c])
	}
	return int(s.cn[c])
}

// dotCounts2 is the number of lines at dot d.
func (s *lstate) dotCounts2(d int32) int { return int(s.dy[d]) }

// dotCounts counts the lines and the unknown edges at dot d.
func (s *lstate) dotCounts(d int32) (y, u int) {
	y = int(s.dy[d])
	return y, int(s.t.dN[d]) - y - int(s.dn[d])
}
