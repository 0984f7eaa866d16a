package akari

import (
	"fmt"

	"pencilbox/engine"
)

// Cell states while solving (white cells only).
const (
	unk     int8 = 0
	light   int8 = 1
	noLight int8 = 2
)

// Why a propagation failed.
const (
	failNone     = iota
	failSees     // a light would see a light (failCell)
	failOver     // clue (failCell) has too many lights
	failUnder    // clue (failCell) cannot get enough lights
	failDark     // white cell (failCell) can no longer be lit
	failBudget   // work limit
	failConflict // a decided cell would need the other value (failCell)
)

// state is a position: cell states plus counters kept incrementally, a trail
// for undo and a queue of assignments whose consequences are pending.
type state struct {
	b        *board
	st       []int8
	segLight []int32 // the light in a segment, -1
	segUnk   []int32 // unknown cells in a segment
	clueL    []int8  // lights around a clue
	clueU    []int8  // unknown neighbours of a clue
	unknown  int
	trail    []int32
	queue    []int32
	qhead    int

	l3        bool // apply level 3 in propagate (rater probes)
	only1     bool // apply level 1 alone (the generator's rank-1 check)
	failWhy   int
	failCell  int32
	failOther int32 // failSees: the light that sees failCell

	work, limit int64 // assignments made; 0 limit = none
	tried       int   // cells the last try decided before it stopped
}

func newState(b *board) *state {
	s := &state{b: b}
	s.st = make([]int8, b.n)
	nseg := len(b.segOff) - 1
	s.segLight = make([]int32, nseg)
	s.segUnk = make([]int32, nseg)
	for i := 0; i < nseg; i++ {
		s.segLight[i] = -1
		s.segUnk[i] = b.segOff[i+1] - b.segOff[i]
	}
	nq := len(b.clueCell)
	s.clueL = make([]int8, nq)
	s.clueU = make([]int8, nq)
	for q := 0; q < nq; q++ {
		for _, m := range b.clueNb[4*q : 4*q+4] {
			if m >= 0 {
				s.clueU[q]++
			}
		}
	}
	s.unknown = len(b.whites)
	s.trail = make([]int32, 0, len(b.whites))
	s.queue = make([]int32, 0, len(b.whites))
	return s
}

// reset returns s to the empty position of its board.
func (s *state) reset() {
	b := s.b
	clear(s.st)
	for i := range s.segLight {
		s.segLight[i] = -1
		s.segUnk[i] = b.segOff[i+1] - b.segOff[i]
	}
	clear(s.clueL)
	clear(s.clueU)
	for q := range s.clueU {
		for _, m := range b.clueNb[4*q : 4*q+4] {
			if m >= 0 {
				s.clueU[q]++
			}
		}
	}
	s.unknown = len(b.whites)
	s.trail, s.queue, s.qhead = s.trail[:0], s.queue[:0], 0
	s.failWhy, s.work, s.tried = failNone, 0, 0
}

func (s *state) lit(c int32) bool {
	return s.segLight[s.b.rowSeg[c]] >= 0 || s.segLight[s.b.colSeg[c]] >= 0
}

// sources counts the unknown cells that could light c (c included).
func (s *state) sources(c int32) int32 {
	n := s.segUnk[s.b.rowSeg[c]] + s.segUnk[s.b.colSeg[c]]
	if s.st[c] == unk {
		n--
	}
	return n
}

// firstSource returns an unknown cell that sees c (c itself first).
func (s *state) firstSource(c int32) int32 {
	if s.st[c] == unk {
		return c
	}
	for _, m := range s.b.seg(s.b.rowSeg[c]) {
		if s.st[m] == unk {
			return m
		}
	}
	for _, m := range s.b.seg(s.b.colSeg[c]) {
		if s.st[m] == unk {
			return m
		}
	}
	return -1
}

func (s *state) fail(why int, c int32) bool {
	s.failWhy, s.failCell = why, c
	return false
}

// assign sets white cell c to v and updates the counters; it reports false
// on an immediate contradiction (the assignment is then either not made or
// on the trail, so undo restores the position either way).
func (s *state) assign(c int32, v int8) bool {
	if cur := s.st[c]; cur != unk {
		if cur == v {
			return true
		}
		if v == light && s.lit(c) {
			s.failOther = max(s.segLight[s.b.rowSeg[c]], s.segLight[s.b.colSeg[c]])
			return s.fail(failSees, c)
		}
		return s.fail(failConflict, c)
	}
	b := s.b
	r, k := b.rowSeg[c], b.colSeg[c]
	if v == light {
		if l := max(s.segLight[r], s.segLight[k]); l >= 0 {
			s.failOther = l
			return s.fail(failSees, c)
		}
		s.segLight[r], s.segLight[k] = c, c
	}
	s.work++
	s.st[c] = v
	s.segUnk[r]--
	s.segUnk[k]--
	s.unknown--
	s.trail = append(s.trail, c)
	s.queue = append(s.queue, c)
	ok := true
	for _, q := range b.cellClue[4*c : 4*c+4] {
		if q < 0 {
			break
		}
		s.clueU[q]--
		if v == light {
			s.clueL[q]++
			if s.clueL[q] > b.clueNum[q] {
				ok = s.fail(failOver, b.clueCell[q])
			}
		} else if s.clueL[q]+s.clueU[q] < b.clueNum[q] {
			ok = s.fail(failUnder, b.clueCell[q])
		}
	}
	return ok
}

// undo takes back assignments down to trail length mark and drops the queue.
func (s *state) undo(mark int) {
	b := s.b
	for i := len(s.trail) - 1; i >= mark; i-- {
		c := s.trail[i]
		v := s.st[c]
		s.st[c] = unk
		r, k := b.rowSeg[c], b.colSeg[c]
		s.segUnk[r]++
		s.segUnk[k]++
		s.unknown++
		if v == light {
			s.segLight[r], s.segLight[k] = -1, -1
		}
		for _, q := range b.cellClue[4*c : 4*c+4] {
			if q < 0 {
				break
			}
			s.clueU[q]++
			if v == light {
				s.clueL[q]--
			}
		}
	}
	s.trail = s.trail[:mark]
	s.queue = s.queue[:0]
	s.qhead = 0
}

// seed queues the deductions of the initial position that no assignment
// triggers: tight and zero clues, cells with a single source.
func (s *state) seed() bool {
	b := s.b
	for q := range b.clueCell {
		need := b.clueNum[q] - s.clueL[q]
		if s.clueU[q] < need {
			return s.fail(failUnder, b.clueCell[q])
		}
		if s.clueU[q] > 0 && (need == 0 || need == s.clueU[q]) {
			v := noLight
			if need > 0 {
				v = light
			}
			for _, m := range b.clueNb[4*q : 4*q+4] {
				if m >= 0 && s.st[m] == unk && !s.assign(m, v) {
					return false
				}
			}
		}
	}
	for _, c := range b.whites {
		if s.only1 {
			break
		}
		if s.lit(c) {
			continue
		}
		switch s.sources(c) {
		case 0:
			return s.fail(failDark, c)
		case 1:
			if !s.assign(s.firstSource(c), light) {
				return false
			}
		}
	}
	return s.propagate()
}

// propagate applies levels 1 and 2 (and 3 when s.l3) to a fixpoint.
func (s *state) propagate() bool {
	b := s.b
	for {
		for s.qhead < len(s.queue) {
			c := s.queue[s.qhead]
			s.qhead++
			if s.limit > 0 && s.work > s.limit {
				return s.fail(failBudget, c)
			}
			if s.st[c] == light {
				for _, sg := range [2]int32{b.rowSeg[c], b.colSeg[c]} {
					s.work += int64(b.segOff[sg+1] - b.segOff[sg])
					for _, m := range b.seg(sg) {
						if s.st[m] == unk && !s.assign(m, noLight) {
							return false
						}
					}
				}
				for _, q := range b.cellClue[4*c : 4*c+4] {
					if q < 0 {
						break
					}
					if s.clueL[q] == b.clueNum[q] && s.clueU[q] > 0 {
						for _, m := range b.clueNb[4*q : 4*q+4] {
							if m >= 0 && s.st[m] == unk && !s.assign(m, noLight) {
								return false
							}
						}
					}
				}
				continue
			}
			for _, q := range b.cellClue[4*c : 4*c+4] {
				if q < 0 {
					break
				}
				if s.clueU[q] > 0 && s.clueL[q]+s.clueU[q] == b.clueNum[q] {
					for _, m := range b.clueNb[4*q : 4*q+4] {
						if m >= 0 && s.st[m] == unk && !s.assign(m, light) {
							return false
						}
					}
				}
			}
			for _, sg := range [2]int32{b.rowSeg[c], b.colSeg[c]} {
				// every cell of sg has at least segUnk[sg] sources, so
				// only a segment down to one unknown cell can force one.
				if s.segLight[sg] >= 0 || s.segUnk[sg] > 1 || s.only1 {
					continue
				}
				s.work += int64(b.segOff[sg+1] - b.segOff[sg])
				for _, u := range b.seg(sg) {
					if s.lit(u) {
						continue
					}
					switch s.sources(u) {
					case 0:
						return s.fail(failDark, u)
					case 1:
						if !s.assign(s.firstSource(u), light) {
							return false
						}
					}
				}
			}
		}
		s.queue = s.queue[:0]
		s.qhead = 0
		if !s.l3 {
			return true
		}
		f := s.findPattern(false)
		if f.x < 0 {
			return true
		}
		if !s.assign(f.x, noLight) {
			return false
		}
	}
}

// try assumes c = v and propagates, leaving the position as it was. It
// returns true when the assumption holds up (no contradiction found) and
// false when it contradicts (or the work budget ran out: see failWhy).
func (s *state) try(c int32, v int8) (ok bool) {
	m := len(s.trail)
	ok = s.assign(c, v) && s.propagate()
	s.tried = len(s.trail) - m
	s.undo(m)
	return ok
}

// probe applies level 4 (one assumption, then propagation) to a fixpoint.
// It reports false when the position has no solution.
func (s *state) probe() bool {
	for {
		changed := false
		for _, c := range s.b.whites {
			if s.st[c] != unk {
				continue
			}
			for _, v := range [2]int8{light, noLight} {
				if s.try(c, v) {
					continue
				}
				if s.failWhy == failBudget {
					return false
				}
				if !s.assign(c, 3-v) || !s.propagate() {
					return false
				}
				changed = true
				break
			}
		}
		if !changed {
			return true
		}
	}
}

// complete reports whether every white cell is decided and lit.
func (s *state) complete() bool {
	if s.unknown != 0 {
		return false
	}
	for _, c := range s.b.whites {
		if !s.lit(c) {
			return false
		}
	}
	for q := range s.b.clueCell {
		if s.clueL[q] != s.b.clueNum[q] && s.b.clueNum[q] >= 0 {
			return false
		}
	}
	return true
}

func (s *state) solution() string {
	out := make([]byte, s.b.n)
	for i, ch := range s.b.cells {
		switch {
		case ch != White:
			out[i] = '#'
		case s.st[i] == light:
			out[i] = 'L'
		default:
			out[i] = '.'
		}
	}
	return string(out)
}

// Stats describes the work of one solve.
type Stats struct {
	Nodes int   // search nodes (1 = solved without search)
	Work  int64 // cell assignments made, probes included
}

// DefaultWorkLimit is the number of cell assignments after which Solve gives
// up with engine.Unknown (several seconds of work; real puzzles use far less).
const DefaultWorkLimit = 400_000_000

// SolveStats solves p with the default work limit.
func SolveStats(p *Puzzle) (engine.Result, Stats) { return SolveLimit(p, DefaultWorkLimit) }

// SolveLimit solves p counting solutions up to two, with levels 1-2
// propagation and level-4 probing at every search node. limit bounds the
// cell assignments (0: none); when it is hit the status is engine.Unknown
// and Err wraps engine.ErrWorkLimit.
func SolveLimit(p *Puzzle, limit int64) (engine.Result, Stats) {
	s := newState(newBoard(p))
	s.limit = limit
	sr := searcher{s: s}
	if s.seed() {
		sr.search()
	} else if s.failWhy == failBudget {
		sr.aborted = true
	}
	st := Stats{Nodes: sr.nodes, Work: s.work}
	switch {
	case sr.aborted && sr.count < 2:
		return engine.Result{Status: engine.Unknown, Err: workLimitError(s)}, st
	case sr.count == 0:
		return engine.Result{Status: engine.None}, st
	case sr.count == 1:
		return engine.Result{Status: engine.Unique, Solution: sr.sol}, st
	}
	return engine.Result{Status: engine.Multiple}, st
}

// workLimitError is the Err of a solve or rating that s's work limit stopped.
func workLimitError(s *state) error {
	return fmt.Errorf("akari: %w (%d cell assignments)", engine.ErrWorkLimit, s.work)
}

type searcher struct {
	s     *state
	count int
	sol   string
	// avoid, when set, is a known solution (light per cell): the search
	// tries the other value first and stops at the first solution, which
	// is avoid itself only when there is no other (the generator's check).
	avoid []bool
	// plain skips the probing at each node (a quick look for another
	// solution under a small work limit before the complete search).
	plain   bool
	nodes   int
	aborted bool
}

func (sr *searcher) search() {
	s := sr.s
	sr.nodes++
	if !sr.plain && !s.probe() {
		if s.failWhy == failBudget {
			sr.aborted = true
		}
		return
	}
	if s.unknown == 0 {
		if s.complete() {
			sr.count++
			if sr.count == 1 {
				sr.sol = s.solution()
			}
		}
		return
	}
	c := sr.pick()
	order := [2]int8{light, noLight}
	if sr.avoid != nil && sr.avoid[c] {
		order = [2]int8{noLight, light}
	}
	for _, v := range order {
		m := len(s.trail)
		if s.assign(c, v) && s.propagate() {
			sr.search()
		} else if s.failWhy == failBudget {
			sr.aborted = true
		}
		s.undo(m)
		if sr.count >= 2 || sr.aborted || (sr.avoid != nil && sr.count > 0) {
			return
		}
	}
}

// pick chooses the branching cell: a source of the unlit cell with the
// fewest sources (row-major first on ties).
func (sr *searcher) pick() int32 {
	s := sr.s
	best, bestN := int32(-1), int32(1<<30)
	for _, c := range s.b.whites {
		if s.lit(c) {
			continue
		}
		if n := s.sources(c); n < bestN {
			best, bestN = c, n
			if n == 2 {
				break
			}
		}
	}
	if best >= 0 {
		return s.firstSource(best)
	}
	for _, c := range s.b.whites {
		if s.st[c] == unk {
			return c
		}
	}
	return -1
}
