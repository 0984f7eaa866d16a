package slitherlink

import (
	"fmt"
	"strings"

	"pencilbox/engine"
)

// Edge states while solving.
const (
	eUnk   int8 = 0
	eLine  int8 = 1
	eCross int8 = 2
)

// DefaultWorkLimit is the number of edge assignments (probes included, and
// a unit for every passCost edges a probing pass scans) after which Solve
// gives up with engine.Unknown: about 20 s of CPU on this machine, while the
// slowest published puzzle of the team's data needs a three-hundredth of
// it.
const DefaultWorkLimit = 300_000_000

// passCost is how many edges a probing pass scans for one unit of work.
const passCost = 4

// Stats are the solver's counters, for benchmarks and tests.
type Stats struct {
	Nodes int   // search nodes (1 = solved without search)
	Work  int64 // edge assignments made, probes included
}

// grid is the fixed geometry of a W x H puzzle: edges, vertices (the dots)
// and cells, with their incidences in flat arrays.
//
// Edges: the (H+1)*W horizontal ones first, row-major (edge r*W+c is the
// top side of cell (r,c)), then the H*(W+1) vertical ones (edge
// nh+r*(W+1)+c is the left side of cell (r,c)). Vertex (r,c) is
// r*(W+1)+c, r in 0..H, c in 0..W.
type grid struct {
	w, h       int
	nh, ne, nv int
	ev         []int32 // edge -> its 2 vertices
	ec         []int32 // edge -> its 2 cells (-1 beyond the border)
	ve         []int32 // vertex -> its 4 edges (-1 where none)
	ce         []int32 // cell -> top, bottom, left, right
	clue       []int8
}

func newGrid(p *Puzzle) *grid {
	w, h := p.W, p.H
	g := &grid{w: w, h: h, nh: (h + 1) * w}
	g.ne = g.nh + h*(w+1)
	g.nv = (h + 1) * (w + 1)
	g.ev = make([]int32, 2*g.ne)
	g.ec = make([]int32, 2*g.ne)
	g.ve = make([]int32, 4*g.nv)
	g.ce = make([]int32, 4*w*h)
	g.clue = p.Clue
	for i := range g.ve {
		g.ve[i] = -1
	}
	vtx := func(r, c int) int32 { return int32(r*(w+1) + c) }
	cell := func(r, c int) int32 {
		if r < 0 || r >= h || c < 0 || c >= w {
			return -1
		}
		return int32(r*w + c)
	}
	addVE := func(v, e int32) {
		for k := 0; k < 4; k++ {
			if g.ve[4*v+int32(k)] < 0 {
				g.ve[4*v+int32(k)] = e
				return
			}
		}
	}
	for r := 0; r <= h; r++ {
		for c := 0; c < w; c++ {
			e := int32(r*w + c)
			a, b := vtx(r, c), vtx(r, c+1)
			g.ev[2*e], g.ev[2*e+1] = a, b
			g.ec[2*e], g.ec[2*e+1] = cell(r-1, c), cell(r, c)
			addVE(a, e)
			addVE(b, e)
		}
	}
	for r := 0; r < h; r++ {
		for c := 0; c <= w; c++ {
			e := int32(g.nh + r*(w+1) + c)
			a, b := vtx(r, c), vtx(r+1, c)
			g.ev[2*e], g.ev[2*e+1] = a, b
			g.ec[2*e], g.ec[2*e+1] = cell(r, c-1), cell(r, c)
			addVE(a, e)
			addVE(b, e)
		}
	}
	for r := 0; r < h; r++ {
		for c := 0; c < w; c++ {
			i := 4 * (r*w + c)
			g.ce[i] = int32(r*w + c)
			g.ce[i+1] = int32((r+1)*w + c)
			g.ce[i+2] = int32(g.nh + r*(w+1) + c)
			g.ce[i+3] = int32(g.nh + r*(w+1) + c + 1)
		}
	}
	return g
}

// trail entry kinds: what undo restores.
const (
	tEdge   = iota // an edge set (undo recounts its vertices and cells)
	tEnd           // end[idx] was old
	tLen           // plen[idx] was old
	tClosed        // the loop was not closed
)

type trailEntry struct {
	kind int8
	idx  int32
	old  int32
}

// state is a solving position: edge states, the counters kept
// incrementally around vertices and cells, the path ends, a trail for undo
// and the queue of edges whose consequences are pending.
type state struct {
	g      *grid
	e      []int8
	vl, vu []int8  // lines and unknown edges at each vertex
	cl, cu []int8  // lines and unknown sides of each cell
	end    []int32 // at a vertex of degree 1: the other end of its path
	plen   []int32 // at a path's end: the path's number of edges
	lines  int     // edges set as line
	unk    int     // unknown edges
	closed bool    // a loop closed (then it holds every line)

	trail []trailEntry
	queue []int32

	// probing's scratch: the edges the first try set (seen == stamp) and
	// their values, the edges both tries set alike (pairs edge, value)
	stamp   int32
	seen    []int32
	seenVal []int8
	both    []int32
	// the edge whose tries set the most (the product of both tries' trail
	// lengths) in the last probing pass: the search branches on it
	bestEdge  int32
	bestScore int64
	// the parity rule's union-find over the cells and the outside
	uf     []int32
	ufPar  []int8
	ufSize []int32

	work, limit int64
	budget      bool // the work limit stopped it
}

func newState(g *grid) *state {
	s := &state{g: g}
	s.e = make([]int8, g.ne)
	s.vl = make([]int8, g.nv)
	s.vu = make([]int8, g.nv)
	n := g.w * g.h
	s.cl = make([]int8, n)
	s.cu = make([]int8, n)
	s.end = make([]int32, g.nv)
	s.plen = make([]int32, g.nv)
	for v := 0; v < g.nv; v++ {
		for k := 0; k < 4; k++ {
			if g.ve[4*v+k] >= 0 {
				s.vu[v]++
			}
		}
	}
	for c := range s.cu {
		s.cu[c] = 4
	}
	s.unk = g.ne
	s.trail = make([]trailEntry, 0, 4*g.ne)
	s.queue = make([]int32, 0, g.ne)
	s.seen = make([]int32, g.ne)
	s.seenVal = make([]int8, g.ne)
	s.both = make([]int32, 0, 2*g.ne)
	s.uf = make([]int32, n+1)
	s.ufPar = make([]int8, n+1)
	s.ufSize = make([]int32, n+1)
	return s
}

func (s *state) setEnd(v, x int32) {
	s.trail = append(s.trail, trailEntry{tEnd, v, s.end[v]})
	s.end[v] = x
}

func (s *state) setLen(v, n int32) {
	s.trail = append(s.trail, trailEntry{tLen, v, s.plen[v]})
	s.plen[v] = n
}

// set gives edge e the value val and queues it; false on a contradiction
// found at once (e already holds the other value, a vertex of degree 3, a
// loop closed early) or at the work limit.
func (s *state) set(e int32, val int8) bool {
	if cur := s.e[e]; cur != eUnk {
		return cur == val
	}
	s.work++
	if s.limit > 0 && s.work > s.limit {
		s.budget = true
		return false
	}
	g := s.g
	s.e[e] = val
	s.unk--
	s.trail = append(s.trail, trailEntry{kind: tEdge, idx: e})
	a, b := g.ev[2*e], g.ev[2*e+1]
	s.vu[a]--
	s.vu[b]--
	c0, c1 := g.ec[2*e], g.ec[2*e+1]
	if c0 >= 0 {
		s.cu[c0]--
	}
	if c1 >= 0 {
		s.cu[c1]--
	}
	s.queue = append(s.queue, e)
	if val != eLine {
		return true
	}
	s.vl[a]++
	s.vl[b]++
	if c0 >= 0 {
		s.cl[c0]++
	}
	if c1 >= 0 {
		s.cl[c1]++
	}
	s.lines++
	if s.closed {
		return false
	}
	return s.join(a, b)
}

// join links the paths ending at a and b through the new line a-b.
func (s *state) join(a, b int32) bool {
	da, db := s.vl[a]-1, s.vl[b]-1
	if da >= 2 || db >= 2 {
		return false
	}
	var x, y int32 // the new path's ends
	var n int32    // its length
	switch {
	case da == 0 && db == 0:
		x, y, n = a, b, 1
	case da == 1 && db == 0:
		x, y, n = s.end[a], b, s.plen[a]+1
	case da == 0 && db == 1:
		x, y, n = a, s.end[b], s.plen[b]+1
	default:
		x, y = s.end[a], s.end[b]
		if x == b {
			// The line closes a loop: it must hold every line.
			if int(s.plen[a])+1 != s.lines {
				return false
			}
			s.trail = append(s.trail, trailEntry{kind: tClosed})
			s.closed = true
			return true
		}
		n = s.plen[a] + s.plen[b] + 1
	}
	s.setEnd(x, y)
	s.setEnd(y, x)
	s.setLen(x, n)
	s.setLen(y, n)
	// An edge joining the ends would close a loop leaving other lines out.
	if int(n) < s.lines {
		if f := s.edgeBetween(x, y); f >= 0 && s.e[f] == eUnk {
			return s.set(f, eCross)
		}
	}
	return true
}

// edgeBetween is the edge joining vertices x and y, or -1.
func (s *state) edgeBetween(x, y int32) int32 {
	g := s.g
	for k := int32(0); k < 4; k++ {
		f := g.ve[4*x+k]
		if f >= 0 && (g.ev[2*f] == y || g.ev[2*f+1] == y) {
			return f
		}
	}
	return -1
}

// undo takes the state back to trail length mark and empties the queue.
func (s *state) undo(mark int) {
	g := s.g
	for i := len(s.trail) - 1; i >= mark; i-- {
		t := s.trail[i]
		switch t.kind {
		case tEdge:
			e := t.idx
			val := s.e[e]
			s.e[e] = eUnk
			s.unk++
			a, b := g.ev[2*e], g.ev[2*e+1]
			s.vu[a]++
			s.vu[b]++
			c0, c1 := g.ec[2*e], g.ec[2*e+1]
			if c0 >= 0 {
				s.cu[c0]++
			}
			if c1 >= 0 {
				s.cu[c1]++
			}
			if val == eLine {
				s.vl[a]--
				s.vl[b]--
				if c0 >= 0 {
					s.cl[c0]--
				}
				if c1 >= 0 {
					s.cl[c1]--
				}
				s.lines--
			}
		case tEnd:
			s.end[t.idx] = t.old
		case tLen:
			s.plen[t.idx] = t.old
		case tClosed:
			s.closed = false
		}
	}
	s.trail = s.trail[:mark]
	s.queue = s.queue[:0]
}

// vertexRule applies the degree rule at v: 0 or 2 lines.
func (s *state) vertexRule(v int32) bool {
	l, u := s.vl[v], s.vu[v]
	if u == 0 {
		return l != 1 && l <= 2
	}
	var to int8
	switch {
	case l == 2:
		to = eCross
	case l == 1 && u == 1:
		to = eLine
	case l == 0 && u == 1:
		to = eCross
	default:
		return l <= 2
	}
	ve := s.g.ve[4*v : 4*v+4]
	for _, f := range ve {
		if f >= 0 && s.e[f] == eUnk && !s.set(f, to) {
			return false
		}
	}
	return true
}

// cellRule applies cell c's clue.
func (s *state) cellRule(c int32) bool {
	k := s.g.clue[c]
	if k < 0 {
		return true
	}
	l, u := s.cl[c], s.cu[c]
	if l > k || l+u < k {
		return false
	}
	if u == 0 {
		return true
	}
	var to int8
	switch {
	case l == k:
		to = eCross
	case l+u == k:
		to = eLine
	default:
		return true
	}
	for _, f := range s.g.ce[4*c : 4*c+4] {
		if s.e[f] == eUnk && !s.set(f, to) {
			return false
		}
	}
	return true
}

// propagate applies the rules to the queued edges' vertices and cells until
// nothing changes; false on a contradiction (the queue is then stale: undo
// empties it).
func (s *state) propagate() bool {
	g := s.g
	for len(s.queue) > 0 {
		if s.closed && s.unk > 0 {
			// The loop is closed: every other edge is crossed.
			for f := int32(0); f < int32(g.ne); f++ {
				if s.e[f] == eUnk && !s.set(f, eCross) {
					return false
				}
			}
		}
		e := s.queue[len(s.queue)-1]
		s.queue = s.queue[:len(s.queue)-1]
		if !s.vertexRule(g.ev[2*e]) || !s.vertexRule(g.ev[2*e+1]) {
			return false
		}
		if c := g.ec[2*e]; c >= 0 && !s.cellRule(c) {
			return false
		}
		if c := g.ec[2*e+1]; c >= 0 && !s.cellRule(c) {
			return false
		}
	}
	return true
}

// seed applies the clues and corners before any search.
func (s *state) seed() bool {
	for c := int32(0); c < int32(len(s.g.clue)); c++ {
		if !s.cellRule(c) {
			return false
		}
	}
	for v := int32(0); v < int32(s.g.nv); v++ {
		if !s.vertexRule(v) {
			return false
		}
	}
	return s.propagate()
}

// try sets e to val and propagates, reporting whether that holds, and
// undoes it.
func (s *state) try(e int32, val int8) bool {
	mark := len(s.trail)
	ok := s.set(e, val) && s.propagate()
	s.undo(mark)
	return ok
}

// probe tries each unknown edge both ways until nothing changes: a value
// that leads to a contradiction gives the edge the other one, and what
// both values imply holds. Each pass starts with the parity rule. False
// when the position is dead or at the work limit.
func (s *state) probe() bool {
	g := s.g
	for changed := true; changed; {
		changed = false
		s.bestEdge, s.bestScore = -1, -1
		// A pass scans every edge (and parity rebuilds its classes):
		// charged as work, so the limit bounds the time of a search
		// whose nodes set few edges on a large grid.
		s.work += int64(g.ne)/passCost + 1
		if s.limit > 0 && s.work > s.limit {
			s.budget = true
			return false
		}
		if !s.parity() {
			return false
		}
		for e := int32(0); e < int32(g.ne); e++ {
			if s.e[e] != eUnk || s.inert(e) {
				continue
			}
			s.stamp++
			mark := len(s.trail)
			okLine := s.set(e, eLine) && s.propagate()
			nLine := int64(len(s.trail) - mark)
			if okLine {
				for _, t := range s.trail[mark:] {
					if t.kind == tEdge {
						s.seen[t.idx] = s.stamp
						s.seenVal[t.idx] = s.e[t.idx]
					}
				}
			}
			s.undo(mark)
			if s.budget {
				return false
			}
			okCross := s.set(e, eCross) && s.propagate()
			if score := nLine * int64(len(s.trail)-mark); okLine && okCross && score > s.bestScore {
				s.bestEdge, s.bestScore = e, score
			}
			s.both = s.both[:0]
			if okLine && okCross {
				for _, t := range s.trail[mark:] {
					if t.kind == tEdge && t.idx != e && s.seen[t.idx] == s.stamp && s.seenVal[t.idx] == s.e[t.idx] {
						s.both = append(s.both, t.idx, int32(s.e[t.idx]))
					}
				}
			}
			s.undo(mark)
			if s.budget {
				return false
			}
			switch {
			case !okLine && !okCross:
				return false
			case !okLine:
				if !s.set(e, eCross) || !s.propagate() {
					return false
				}
				changed = true
			case !okCross:
				if !s.set(e, eLine) || !s.propagate() {
					return false
				}
				changed = true
			case len(s.both) > 0:
				for i := 0; i < len(s.both); i += 2 {
					if !s.set(s.both[i], int8(s.both[i+1])) {
						return false
					}
				}
				if !s.propagate() {
					return false
				}
				changed = true
			}
			if s.unk == 0 {
				return true
			}
		}
	}
	return true
}

// inert reports an edge whose tries can imply nothing: no line and three
// or more open edges at both its dots, and no clue on either side. A line
// there leaves each dot one line and two or more open edges, a cross two
// or more open edges and none drawn, and no clue counts it: neither value
// forces anything, so probing skips it (an empty region of a large grid
// would cost two tries an edge at every node for nothing).
func (s *state) inert(e int32) bool {
	g := s.g
	a, b := g.ev[2*e], g.ev[2*e+1]
	if s.vl[a] != 0 || s.vl[b] != 0 || s.vu[a] < 3 || s.vu[b] < 3 {
		return false
	}
	for _, c := range g.ec[2*e : 2*e+2] {
		if c >= 0 && g.clue[c] != NoClue {
			return false
		}
	}
	return true
}

// parity applies the inside/outside view: each line says its two cells
// differ, each cross that they agree (the area beyond the border is
// outside), so cells joined by known edges have known relative colours;
// an unknown edge between two cells of one class is decided by them, and
// a class that contradicts itself kills the position. The classes are
// rebuilt from the edges each time (a union-find by size over scratch
// arrays): the rule runs between probing passes, not inside them.
func (s *state) parity() bool {
	g := s.g
	n := int32(g.w * g.h) // node n is the outside
	for i := int32(0); i <= n; i++ {
		s.uf[i] = i
		s.ufPar[i] = 0
		s.ufSize[i] = 1
	}
	find := func(x int32) (int32, int8) {
		var par int8
		for s.uf[x] != x {
			par ^= s.ufPar[x]
			x = s.uf[x]
		}
		return x, par
	}
	node := func(c int32) int32 {
		if c < 0 {
			return n
		}
		return c
	}
	for e := int32(0); e < int32(g.ne); e++ {
		v := s.e[e]
		if v == eUnk {
			continue
		}
		a, pa := find(node(g.ec[2*e]))
		b, pb := find(node(g.ec[2*e+1]))
		want := int8(0)
		if v == eLine {
			want = 1
		}
		if a == b {
			if pa^pb != want {
				return false
			}
			continue
		}
		if s.ufSize[a] > s.ufSize[b] {
			a, b = b, a
		}
		s.uf[a] = b
		s.ufPar[a] = pa ^ pb ^ want
		s.ufSize[b] += s.ufSize[a]
	}
	for e := int32(0); e < int32(g.ne); e++ {
		if s.e[e] != eUnk {
			continue
		}
		a, pa := find(node(g.ec[2*e]))
		b, pb := find(node(g.ec[2*e+1]))
		if a != b {
			continue
		}
		v := eCross
		if pa != pb {
			v = eLine
		}
		if !s.set(e, v) {
			return false
		}
	}
	return s.propagate()
}

// pick is the edge to branch on: an unknown edge at a path's end, else
// one beside the highest clue, else the first unknown one.
func (s *state) pick() int32 {
	g := s.g
	best, bestLen := int32(-1), int32(-1)
	for v := int32(0); v < int32(g.nv); v++ {
		if s.vl[v] != 1 {
			continue
		}
		score := int32(4-s.vu[v])<<20 + s.plen[v]
		if score > bestLen {
			for _, f := range g.ve[4*v : 4*v+4] {
				if f >= 0 && s.e[f] == eUnk {
					best, bestLen = f, score
					break
				}
			}
		}
	}
	if best >= 0 {
		return best
	}
	bestK := int8(-2)
	for c := int32(0); c < int32(len(g.clue)); c++ {
		if k := g.clue[c]; k > bestK && s.cu[c] > 0 {
			for _, f := range g.ce[4*c : 4*c+4] {
				if s.e[f] == eUnk {
					best, bestK = f, k
					break
				}
			}
		}
	}
	if best >= 0 {
		return best
	}
	for f := int32(0); f < int32(g.ne); f++ {
		if s.e[f] == eUnk {
			return f
		}
	}
	return -1
}

type searcher struct {
	s     *state
	count int
	first []int8
	nodes int
}

// search counts the solutions below the current position, up to two.
func (sr *searcher) search() {
	s := sr.s
	sr.nodes++
	if !s.probe() {
		return
	}
	if s.unk == 0 {
		if s.closed {
			sr.count++
			if sr.first == nil {
				sr.first = append([]int8(nil), s.e...)
			}
		}
		return
	}
	e := s.bestEdge
	if e < 0 || s.e[e] != eUnk {
		e = s.pick()
	}
	for _, val := range [2]int8{eLine, eCross} {
		mark := len(s.trail)
		if s.set(e, val) && s.propagate() {
			sr.search()
		}
		s.undo(mark)
		if sr.count >= 2 || s.budget {
			return
		}
	}
}

// SolveStats solves p with the default work limit.
func SolveStats(p *Puzzle) (engine.Result, Stats) { return SolveLimit(p, DefaultWorkLimit) }

// SolveLimit solves p counting solutions up to two: the edge rules
// (vertices of degree 0 or 2, clues, no loop closed before it holds every
// line) propagated, then probing (each unknown edge tried both ways) at
// every search node. limit bounds the edge assignments (0: none); when it is
// hit the status is engine.Unknown and Err wraps engine.ErrWorkLimit.
func SolveLimit(p *Puzzle, limit int64) (engine.Result, Stats) {
	s := newState(newGrid(p))
	s.limit = limit
	sr := searcher{s: s}
	if s.seed() {
		sr.search()
	}
	st := Stats{Nodes: sr.nodes, Work: s.work}
	switch {
	case sr.count >= 2:
		return engine.Result{Status: engine.Multiple}, st
	case s.budget:
		return engine.Result{Status: engine.Unknown, Err: fmt.Errorf("slitherlink %dx%d: %w after %d edge assignments", p.W, p.H, engine.ErrWorkLimit, s.work)}, st
	case sr.count == 1:
		return engine.Result{Status: engine.Unique, Solution: solutionText(s.g, sr.first)}, st
	}
	return engine.Result{Status: engine.None}, st
}

// solutionText writes the inside cells of a loop given by its edges: a
// cell is inside when an odd number of vertical lines lie to its left.
func solutionText(g *grid, e []int8) string {
	var b strings.Builder
	b.Grow((g.w + 1) * g.h)
	for r := 0; r < g.h; r++ {
		if r > 0 {
			b.WriteByte('/')
		}
		in := false
		for c := 0; c < g.w; c++ {
			if e[g.nh+r*(g.w+1)+c] == eLine {
				in = !in
			}
			if in {
				b.WriteByte('1')
			} else {
				b.WriteByte('0')
			}
		}
	}
	return b.String()
}
