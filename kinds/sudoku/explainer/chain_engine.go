package explainer

import (
	"fmt"
	"math/bits"
	"sync"

	"pencilbox/engine"
)

// The chaining engine follows Sudoku Explainer 1.2.1 (as SukakuExplainer's
// serate runs it with the 1.2.1 technique set): from an assumption it
// spreads "on" and "off" potentials breadth first, each potential keeping
// the potentials it came from, and the order of that spread decides which
// chain is found first, so it is kept exactly:
//   - on to off: the cell's other candidates (when cell links are used),
//     then the digit's other places in the box, the row, the column;
//   - off to on: the cell's last other candidate when it had two, then the
//     digit's last other place in the box, the row, the column.
// Every pending "on" is handled before the next pending "off". A dynamic
// chain removes each "off" candidate from its working grid as it handles
// it, and the removals that made a later step possible become that step's
// extra parents.

// ChainKind selects one chaining technique of the 1.2.1 set.
type ChainKind int

const (
	// ForcingChainsCycles: forcing X-chains, forcing chains with cell links,
	// and bidirectional X-, Y- and XY-cycles (6.5-7.0 plus length).
	ForcingChainsCycles ChainKind = iota
	// NishioChains: contradiction chains through house links only, dynamic (7.5+).
	NishioChains
	// MultipleChains: cell and region forcing chains, static (8.0+).
	MultipleChains
	// DynamicChains: contradiction, double, cell and region forcing chains
	// with the dynamic spread (8.5+).
	DynamicChains
	// DynamicPlus: dynamic chains that also apply pointing/claiming, hidden
	// and naked pairs and X-Wings inside the chain (9.0+).
	DynamicPlus
	// Nested levels 2 and 3: dynamic chains with forcing chains (2) and
	// multiple forcing chains (3) inside (9.5+, 10.0+).
	NestedChains2
	NestedChains3
	// NestedDynamic0..3: dynamic chains with dynamic chains of nesting 0-3
	// inside (10.5+). serate's 1.2.1 set asks 0-3 in that order.
	NestedDynamic0
	NestedDynamic1
	NestedDynamic2
	NestedDynamic3
	numChainKinds
)

// config is what a kind switches on, as the reference's chaining producer
// takes it: multiple (cell and region chains), dynamic, nishio, the nesting
// level and, for level 4, the inner dynamic producer's level.
type config struct {
	multiple, dynamic, nishio bool
	level, inner              int
}

func kindConfig(k ChainKind) config {
	switch k {
	case ForcingChainsCycles:
		return config{}
	case NishioChains:
		return config{dynamic: true, nishio: true}
	case MultipleChains:
		return config{multiple: true}
	case DynamicChains:
		return config{multiple: true, dynamic: true}
	case DynamicPlus:
		return config{multiple: true, dynamic: true, level: 1}
	case NestedChains2:
		return config{multiple: true, dynamic: true, level: 2}
	case NestedChains3:
		return config{multiple: true, dynamic: true, level: 3}
	}
	return config{multiple: true, dynamic: true, level: 4, inner: int(k - NestedDynamic0)}
}

// baseDifficulty is the producer's difficulty before the length bonus
// (cycles and forcing X/Y chains have their own).
func (cf config) baseDifficulty() float64 {
	switch {
	case cf.level > 0:
		return 8.5 + 0.5*float64(cf.level)
	case cf.nishio:
		return 7.5
	case cf.dynamic:
		return 8.5
	}
	return 8.0
}

// DefaultChainWork is the default work limit of one chaining search, in
// potentials derived (nested chains count their inner searches too).
const DefaultChainWork = 400_000_000

// errStop is the panic value that unwinds a search at its work limit; it
// never leaves the package (Chains.Find recovers it).
type errStop struct{}

// Chains searches the chaining techniques. It keeps its buffers between
// calls; one value per goroutine.
type Chains struct {
	// Limit is the work limit (potentials derived) of one Find; 0 means
	// DefaultChainWork.
	Limit int64

	work  int64
	limit int64
	eng   [numChainKinds]*chainer
	rc    reach // the static closure of the last grid, shared by the static producers
	// unpruned: make every node of the forcing chain and cycle spreads,
	// even those the closure shows lead nowhere (tests compare the two)
	unpruned bool
	// noPartner: binary spreads a bivalue cell's negations even when the
	// other candidate's spread shows they cannot contradict (tests compare
	// the two; see partnerConsistent)
	noPartner bool
	// inner keeps the hints of the inner producers (nested chains) per
	// configuration and grid (see allHints), at most memoCap of them (0:
	// MaxInnerMemo); noMemo turns it off (tests compare the two)
	inner   map[innerKey][]*snapshot
	plus    plusTable // the "+" techniques' hints per grid (see plusMemo)
	memoCap int
	noMemo  bool
	// noPlus: inner forcing chains compute their grid's closure instead of
	// bounding it from their outer grid's (tests compare the two);
	// plusUsed counts the searches that bounded it
	noPlus   bool
	plusUsed int
	// rawAll: inner producers copy out every hint they find and keep the
	// first of each effect at the end, as the reference does (tests
	// compare it with keeping each effect's best as the search goes)
	rawAll bool
	// noDynPlan: dynamic searches make every spread instead of those a
	// hint needs (chain_dynsets.go; tests compare the two)
	noDynPlan bool
	// plusGeneric: the "+" rounds ask the generic hinters (PlusHinters)
	// instead of chain_plusfast.go's (tests compare the two)
	plusGeneric bool
	// xyPasses: inner forcing chains run their three passes one after the
	// other, as the reference, not each candidate's in turn; noPassSkip:
	// nor do they leave out the passes that cannot take a new edge of
	// their kind (searchXY, searchXYEach, plusReach.passes; tests compare)
	xyPasses, noPassSkip bool
	// arenaCap: the arena bound of inner forcing chain searches (0:
	// arenaKeep; tests set 1 to copy the kept hints out at every assumption)
	arenaCap int
	// buildPos: inner producers build their grid's position masks rather
	// than take their outer spread's (tests compare the two)
	buildPos bool
}

// memoLimit is the bound of each memo (MaxInnerMemo unless a test sets
// memoCap).
func (cs *Chains) memoLimit() int {
	if cs.memoCap > 0 {
		return cs.memoCap
	}
	return MaxInnerMemo
}

// innerKey names one inner search: the producer's configuration and the
// grid it searched.
type innerKey struct {
	cf config
	g  Grid
}

// MaxInnerMemo bounds the inner searches whose hints a rating remembers
// (allHints), and the grids whose "+" hints it remembers (plusMemo): when
// a memo is full it is emptied and fills again, so a
// long rating holds at most this many answers (most are empty; the others
// hold a few hints of some hundred bytes each).
const MaxInnerMemo = 1 << 14

// chainer is one producer's engine: its configuration, working grids,
// arena, sets and queues.
type chainer struct {
	cf       config
	top      *Chains
	cur      Grid // the grid the search reads (a dynamic search removes from it)
	save     Grid // the grid at the start of the current spread
	ar       arena
	sets     []*potSet // pool
	free     []*potSet
	qOn      []int32 // the forcing chain and cycle spreads' queues
	qOff     []int32
	work     int // potentials handled by the current spread
	buf      []int32
	pos      posMasks
	basePos  posMasks // of the grid searched
	onCache  [numPots / 2]spreadResult
	cached   []int
	all      bool // an inner producer: keep every hint (hints), not the best
	hints    []*snapshot
	effIdx   map[string]int32 // all: the index in hints of each effect's hint (see offerAll)
	ekey     []byte           // all: the effect key being built
	seq      int              // all: the hints offered so far in this search
	todo     []int32
	kept     []int32
	snapIdx  [numPots]int32
	stamp    [numPots]uint32
	gen      uint32
	best     candidate
	bestBase float64 // the best's producer or link-kind base difficulty
	haveBest bool
	snap     *snapshot
	inner    []*chainer // the producers run inside a "+" or nested chain
	rc       *reach     // the static closure (static producers only)
	xr       *reach     // the closure whose candidate indices the current forcing search's filters use
	base     *Grid      // an inner producer's outer grid (set by nestedPotentials)
	gpos     *posMasks  // the position masks of the grid an inner producer searches, nil to build them
	brc      reach      // base's closure
	bpos     posMasks   // base's position masks
	bdead    bool       // base's closure rules out every forcing chain and cycle
	pr       plusReach  // the closure of base with the working grid's new links
	pv       *plusReach // &pr while a search uses it, else nil
	scratch  []uint64
	tbuf     []int32       // reused targets of the candidates offered
	ebuf     []engine.Mark // reused effects of the candidates offered
	dboards  [9]board      // Nishio: the places of each digit in the grid searched
	nmemo    [9]nishioMemo // Nishio: digitContradicts' answers for each digit's places
	nested   []*snapshot   // inner hints referenced by advanced nodes of the current search
	dn       *dynNeed      // the spreads a dynamic search needs (chain_dynsets.go), nil for all
	dnBuf    *dynNeed
	ps       plusState // the "+" techniques' buffers (chain_plusfast.go)
	pending  bool      // some kept hint's chains are still in the arena (flushChains)
}

// chainsPool keeps the chaining buffers (sets, arenas, queues: megabytes
// once warm) from one rating to the next, so that rating many puzzles does
// not allocate and clear them again for each. A Chains taken from it holds
// no state that changes a search (see release).
var chainsPool = sync.Pool{New: func() any { return &Chains{} }}

// release returns cs to the pool. The inner producers' remembered hints
// are dropped: a search must charge the same work whatever was rated
// before it.
func (cs *Chains) release() {
	clear(cs.inner)
	cs.plus.reset()
	chainsPool.Put(cs)
}

// Find returns the hint serate takes from the technique kind on grid g (the
// one of least difficulty, then least complexity, then by its kind), or ok
// false when the technique has none. It stops with an error wrapping
// engine.ErrWorkLimit at the work limit.
func (cs *Chains) Find(kind ChainKind, g *Grid) (h Hint, ok bool, err error) {
	s, cf, err := cs.find(kind, g)
	if s == nil || err != nil {
		return Hint{}, false, err
	}
	return s.hint(cf, true), true, nil
}

// find is Find's search: the best hint's chains and its producer's
// configuration (nil when there is none).
func (cs *Chains) find(kind ChainKind, g *Grid) (s *snapshot, cf config, err error) {
	if kind < 0 || kind >= numChainKinds {
		return nil, config{}, fmt.Errorf("explainer: unknown chain kind %d", kind)
	}
	cs.limit = cs.Limit
	if cs.limit <= 0 {
		cs.limit = DefaultChainWork
	}
	cs.work = 0
	e := cs.engine(kind)
	defer func() {
		if r := recover(); r != nil {
			if _, stop := r.(errStop); !stop {
				panic(r)
			}
			s = nil
			err = fmt.Errorf("explainer: %v: %w", kindName(kind), engine.ErrWorkLimit)
		}
	}()
	return e.search(g), e.cf, nil
}

// All returns every hint the technique kind finds on g, in serate's order
// (difficulty, complexity, kind), one per distinct effect, as the nested
// chains see an inner producer's hints.
func (cs *Chains) All(kind ChainKind, g *Grid) (hs []Hint, err error) {
	if kind < 0 || kind >= numChainKinds {
		return nil, fmt.Errorf("explainer: unknown chain kind %d", kind)
	}
	cs.limit = cs.Limit
	if cs.limit <= 0 {
		cs.limit = DefaultChainWork
	}
	cs.work = 0
	e := newChainer(kindConfig(kind), cs)
	e.all = true
	defer func() {
		if r := recover(); r != nil {
			if _, stop := r.(errStop); !stop {
				panic(r)
			}
			hs = nil
			err = fmt.Errorf("explainer: %v: %w", kindName(kind), engine.ErrWorkLimit)
		}
	}()
	for _, s := range e.allHints(g) {
		hs = append(hs, s.hint(e.cf, true))
	}
	return hs, nil
}

// Work reports the potentials derived by the last Find.
func (cs *Chains) Work() int64 { return cs.work }

func (cs *Chains) engine(kind ChainKind) *chainer {
	if cs.eng[kind] == nil {
		cs.eng[kind] = newChainer(kindConfig(kind), cs)
		cs.eng[kind].rc = &cs.rc
	}
	return cs.eng[kind]
}

func newChainer(cf config, top *Chains) *chainer {
	return &chainer{cf: cf, top: top}
}

func kindName(k ChainKind) string {
	names := [...]string{"forcing chains and cycles", "Nishio forcing chains", "multiple forcing chains",
		"dynamic forcing chains", "dynamic forcing chains (+)", "nested forcing chains (+FC)",
		"nested forcing chains (+MFC)", "nested forcing chains (+DFC)", "nested forcing chains (+DFC+)",
		"nested forcing chains (+DFC+FC)", "nested forcing chains (+DFC+MFC)"}
	if k >= 0 && int(k) < len(names) {
		return names[k]
	}
	return "chains"
}

// getSet takes a cleared set from the pool.
func (c *chainer) getSet() *potSet {
	if n := len(c.free); n > 0 {
		s := c.free[n-1]
		c.free = c.free[:n-1]
		return s
	}
	s := &potSet{}
	c.sets = append(c.sets, s)
	return s
}

func (c *chainer) putSet(s *potSet) {
	s.clear()
	c.free = append(c.free, s)
}

// charge counts work and stops the search at the limit.
func (c *chainer) charge(n int) {
	c.top.work += int64(n)
	if c.top.work > c.top.limit {
		panic(errStop{})
	}
}

// cellIdx[c] is c's position in its row, column and box (the order of
// cellHouses); sameBox[c] masks the positions of c's row and column that
// lie in c's box.
// (computed from coordinates: package variables are set before grid.go's
// init fills houses)
var cellIdx, sameBox = func() (idx [81][3]uint8, sb [81][2]uint16) {
	for c := 0; c < 81; c++ {
		r, col := c/9, c%9
		idx[c] = [3]uint8{uint8(col), uint8(r), uint8(r%3*3 + col%3)}
		for j := 0; j < 9; j++ {
			if j/3 == col/3 {
				sb[c][0] |= 1 << j // row r, position j is column j
			}
			if j/3 == r/3 {
				sb[c][1] |= 1 << j // column col, position j is row j
			}
		}
	}
	return
}()

// posMasks[h][d-1] has bit j set when the j-th cell of house h holds d.
type posMasks [27][9]uint16

func (pm *posMasks) build(g *Grid) {
	*pm = posMasks{}
	for h := 0; h < 27; h++ {
		for j, c := range houses[h] {
			for m := g.Cand[c]; m != 0; m &= m - 1 {
				pm[h][trailing(m)] |= 1 << j
			}
		}
	}
}

func (pm *posMasks) remove(cell, d int) {
	for k, h := range cellHouses[cell] {
		pm[h][d-1] &^= 1 << cellIdx[cell][k]
	}
}

// newNode makes a node for q with parent pn and, in a dynamic search, the
// removals since the spread began that q's rule rests on (house h, or the
// cell when h < 0).
func (c *chainer) newNode(q pot, why cause, pn int32, h int, toOff *potSet) int32 {
	n := c.ar.add1(q, why, pn)
	if !c.cf.dynamic || !q.on() {
		return n
	}
	cell, d := q.cell(), q.digit()
	if h < 0 {
		for m := c.save.Cand[cell] &^ c.cur.Cand[cell]; m != 0; m &= m - 1 {
			if r := toOff.get(mkPot(cell, trailing(m)+1, false)); r >= 0 {
				c.ar.addParent(n, r)
			}
		}
		return n
	}
	for m := c.basePos[h][d-1] &^ c.pos[h][d-1]; m != 0; m &= m - 1 {
		if r := toOff.get(mkPot(int(houses[h][trailing(m)]), d, false)); r >= 0 {
			c.ar.addParent(n, r)
		}
	}
	return n
}

// spread completes toOn and toOff with everything that follows from them.
// It returns the two nodes of the first potential found both on and off
// (ok true), in the reference's order (the on node, the off node). It is
// onToOff and offToOn fused with the set checks, so that potentials
// already known make no node.
func (c *chainer) spread(toOn, toOff *potSet) (on, off int32, ok bool) {
	c.save = c.cur
	c.pos = c.basePos
	if (len(toOn.order) > 0 && toOn.pol != 1) || (len(toOff.order) > 0 && toOff.pol != 0) {
		panic("explainer: a spread's sets swapped") // turnOff and turnOn read them by candidate
	}
	cellLinks := !c.cf.nishio
	// The queues are the sets' orders: every potential is queued when it
	// enters its set, and its node is the set's.
	hOn, hOff := 0, 0
	c.work = 0
	defer func() {
		c.cur = c.save
		c.charge(c.work)
	}()
	for {
		if hOn < len(toOn.order) {
			p := toOn.order[hOn]
			pn := toOn.at[p>>1] - 1
			hOn++
			cell, d := p.cell(), p.digit()
			c.work++
			if cellLinks {
				for m := c.cur.Cand[cell] &^ (1 << (d - 1)); m != 0; m &= m - 1 {
					if a, b, ok := c.turnOff(mkPot(cell, trailing(m)+1, false), causeCell, pn, toOn, toOff); ok {
						return a, b, true
					}
				}
			}
			hs := cellHouses[cell]
			ix := cellIdx[cell]
			for m := c.pos[hs[2]][d-1] &^ (1 << ix[2]); m != 0; m &= m - 1 {
				if a, b, ok := c.turnOff(mkPot(int(houses[hs[2]][trailing(m)]), d, false), causeBox, pn, toOn, toOff); ok {
					return a, b, true
				}
			}
			for k := 0; k < 2; k++ {
				h := hs[k]
				why := houseCause(int(h))
				for m := c.pos[h][d-1] &^ sameBox[cell][k]; m != 0; m &= m - 1 {
					if a, b, ok := c.turnOff(mkPot(int(houses[h][trailing(m)]), d, false), why, pn, toOn, toOff); ok {
						return a, b, true
					}
				}
			}
			continue
		}
		if hOff < len(toOff.order) {
			p := toOff.order[hOff]
			pn := toOff.at[p>>1] - 1
			hOff++
			cell, d := p.cell(), p.digit()
			c.work++
			if cellLinks && popcount(c.cur.Cand[cell]) == 2 {
				v := trailing(c.cur.Cand[cell]&^(1<<(d-1))) + 1
				if a, b, ok := c.turnOn(mkPot(cell, v, true), causeCell, pn, -1, toOn, toOff); ok {
					return a, b, true
				}
			}
			// the digit's last other place in the box, the row, the
			// column (unrolled: this is the spreads' most frequent step)
			hs, ix := &cellHouses[cell], &cellIdx[cell]
			pos := &c.pos
			if m := pos[hs[2]][d-1] &^ (1 << ix[2]); m != 0 && m&(m-1) == 0 {
				h := int(hs[2])
				if a, b, ok := c.turnOn(mkPot(int(houses[h][trailing(m)]), d, true), causeBox, pn, h, toOn, toOff); ok {
					return a, b, true
				}
			}
			if m := pos[hs[0]][d-1] &^ (1 << ix[0]); m != 0 && m&(m-1) == 0 {
				h := int(hs[0])
				if a, b, ok := c.turnOn(mkPot(int(houses[h][trailing(m)]), d, true), causeRow, pn, h, toOn, toOff); ok {
					return a, b, true
				}
			}
			if m := pos[hs[1]][d-1] &^ (1 << ix[1]); m != 0 && m&(m-1) == 0 {
				h := int(hs[1])
				if a, b, ok := c.turnOn(mkPot(int(houses[h][trailing(m)]), d, true), causeCol, pn, h, toOn, toOff); ok {
					return a, b, true
				}
			}
			if c.cf.dynamic {
				c.cur.Cand[cell] &^= 1 << (d - 1)
				pos.remove(cell, d)
			}
			continue
		}
		if c.cf.level == 0 {
			return -1, -1, false
		}
		added := false
		c.buf = c.buf[:0]
		c.advanced(toOff)
		for _, n := range c.buf {
			q := c.ar.nodes[n].p
			if !toOff.has(q) {
				toOff.put(q, n)
				added = true
			}
		}
		if !added {
			return -1, -1, false
		}
	}
}

// turnOff handles q (off) following from node pn: the contradiction test
// against the "on" set, then a new node queued unless q is known. (An
// "off" node rests on its parent alone, dynamic or not: see newNode.)
func (c *chainer) turnOff(q pot, why cause, pn int32, toOn, toOff *potSet) (int32, int32, bool) {
	// A spread's sets hold one polarity each ("on", "off"; putNew checks
	// it), and an empty set's table is all absent: their tables are read
	// directly, by candidate.
	if m := toOn.at[q>>1] - 1; m >= 0 {
		return m, c.ar.add1(q, why, pn), true
	}
	if toOff.at[q>>1] == 0 {
		toOff.putNew(q, c.ar.add1(q, why, pn))
		c.work++
	}
	return 0, 0, false
}

// turnOn handles q (on) following from node pn by the rule of house h (the
// cell when h < 0).
func (c *chainer) turnOn(q pot, why cause, pn int32, h int, toOn, toOff *potSet) (int32, int32, bool) {
	if r := toOff.at[q>>1] - 1; r >= 0 { // (see turnOff)
		n := c.newNode(q, why, pn, h, toOff)
		return n, r, true
	}
	if toOn.at[q>>1] == 0 {
		toOn.putNew(q, c.newNode(q, why, pn, h, toOff))
		c.work++
	}
	return 0, 0, false
}

func trailing(m uint16) int { return bits.TrailingZeros16(m) }

func popcount(m uint16) int { return bits.OnesCount16(m) }
