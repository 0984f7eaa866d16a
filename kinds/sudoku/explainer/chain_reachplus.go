package explainer

// A nested chain runs the forcing chains and cycles (all their hints) on
// each working grid W its dynamic spreads reach, and that search first
// computes W's static closure (chain_reach.go): a third of the hardest
// puzzles' rating went into those closures. But W is the grid B the outer
// search started from with some candidates removed, and B's closure is
// known. The static graph of W has no edge that B's lacks, except the
// strong links the removals made: an "off to on" edge of a cell left with
// two candidates, or of a digit left with two places in a house, where B
// had more. So the closure of B's graph with those new edges added holds
// the closure of W, and a superset is as good a filter as the closure
// itself (the search skips only what the filter rules out; see reach):
// the hints, and their order, are the same.
//
// It is cheap when B's closure rules out every forcing chain and cycle
// (a nested producer's grid in serate's path: the forcing chains came
// first and found nothing), since then only the new edges can make one:
// for a potential v, its closure in B plus new edges is B's closure of v
// and the bounded closures of the new edges it reaches, and an assumption
// reaching no new edge either way needs no look at all.

// maxPlusEdges bounds the new edges plusReach handles (one word of bits per
// edge); a working grid with more gets its own closure instead.
const maxPlusEdges = 64

// plusReach is the closure of B's static graph with W's new strong links.
type plusReach struct {
	b     *reach   // B's closure (candidate indices are B's)
	a, to []int32  // edge i: candidate a[i] off -> candidate to[i] on
	s     []uint64 // per edge, the closure (B plus new edges) of to[i] on: 2*wc words each
	sDone uint64   // the edges whose s is worked out (edgeSet)
	u     []uint64 // candidates whose "on" or "off" reaches an edge (see touches)
	wm    []uint64 // W's candidates among B's
	amask []uint64 // build's scratch: per candidate, the edges it is the "off" end of
	ends  []int32  // build's scratch: the edges' "off" ends, each once
	// per candidate, the edges whose "off" end B's closure of its "on"
	// holds, and of its "off" (see build)
	eOnOf, eOffOf []uint64
	on            []uint64 // the closures of the candidate last asked about
	off           []uint64
	last          int // that candidate's index, -1 for none
	// the edges whose "off" end B's closures of a candidate's "on" and
	// "off" hold, and the edges paths through them take (bit i: edge i;
	// see edges), for candidate elast (-1 for none)
	eOn, eOff, rOn, rOff uint64
	elast                int
	// rows[i]: the edges a path from edge i's "on" end can take, i included
	rows [maxPlusEdges]uint64
	// the cell edges (a cell left with two candidates), and per digit the
	// house edges (a digit left with two places in a house)
	cellE uint64
	digE  [9]uint64
}

// dead reports whether r's grid has no forcing chain or cycle by its
// closure: no candidate's forcingFrom is true.
func (r *reach) dead() bool {
	for i := 0; i < r.n; i++ {
		k := int(r.cand[i])
		on, off, cyc := r.forcingFrom(k/9, k%9+1)
		if on || off || cyc {
			return false
		}
	}
	return true
}

// build sets p up for W (w, its position masks wpos) over B's closure b (B's
// position masks bpos). It reports false when it cannot: W is not B with
// candidates removed, or W has more than maxPlusEdges new edges.
func (p *plusReach) build(b *reach, bpos *posMasks, w *Grid, wpos *posMasks) bool {
	bg := &b.grid
	p.b = b
	p.a, p.to = p.a[:0], p.to[:0]
	p.last, p.elast = -1, -1
	p.cellE, p.digE = 0, [9]uint64{}
	edge := func(x, y int) bool { // the strong link x - y: both edges
		if len(p.a)+2 > maxPlusEdges {
			return false
		}
		ix, iy := b.idx[x], b.idx[y]
		p.a = append(p.a, int32(ix), int32(iy))
		p.to = append(p.to, int32(iy), int32(ix))
		return true
	}
	var gone [27]uint16 // per house, the digits W lost places of there
	for c := 0; c < 81; c++ {
		m := w.Cand[c]
		if w.Value[c] != bg.Value[c] || m&^bg.Cand[c] != 0 {
			return false
		}
		if m == bg.Cand[c] {
			continue
		}
		for _, h := range cellHouses[c] {
			gone[h] |= bg.Cand[c] &^ m
		}
		if popcount(m) == 2 {
			lo := trailing(m)
			if !edge(c*9+lo, c*9+trailing(m&^(1<<lo))) {
				return false
			}
			p.cellE |= 3 << (len(p.a) - 2)
		}
	}
	for h := 0; h < 27; h++ {
		for dm := gone[h]; dm != 0; dm &= dm - 1 {
			d := trailing(dm)
			m := wpos[h][d]
			if popcount(m) != 2 {
				continue
			}
			lo := trailing(m)
			x, y := int(houses[h][lo]), int(houses[h][trailing(m&^(1<<lo))])
			if !edge(x*9+d, y*9+d) {
				return false
			}
			p.digE[d] |= 3 << (len(p.a) - 2)
		}
	}
	// for each candidate i, the edges whose "off" end B's closure of "i
	// on" holds (eOnOf[i]) and of "i off" (eOffOf[i]), from the closures
	// of the edges' "off" ends' negations by the graph's symmetry: "i on"
	// reaches "a off" exactly when "a on" reaches "i off", and "i off"
	// reaches "a off" when "a on" reaches "i on". u: the candidates with
	// some (the arrays are kept zero elsewhere: the last build's u clears
	// them).
	for x, word := range p.u {
		for ; word != 0; word &= word - 1 {
			i := x<<6 + trailing64(word)
			p.eOnOf[i], p.eOffOf[i] = 0, 0
		}
	}
	p.u = resize64(p.u, b.wc)
	clear(p.u)
	p.wm = resize64(p.wm, b.wc)
	for x := range p.wm {
		p.wm[x] = ^uint64(0)
	}
	for c := 0; c < 81; c++ {
		for m := bg.Cand[c] &^ w.Cand[c]; m != 0; m &= m - 1 {
			j := int(b.idx[c*9+trailing(m)])
			p.wm[j>>6] &^= 1 << (uint(j) & 63)
		}
	}
	p.eOnOf = resize64(p.eOnOf, b.n)
	p.eOffOf = resize64(p.eOffOf, b.n)
	ne := len(p.a)
	// the edges of each "off" end (amask, kept zero between builds), and
	// the ends in order
	p.amask = resize64(p.amask, b.n)
	ends := p.ends[:0]
	for j, a := range p.a {
		if p.amask[a] == 0 {
			ends = append(ends, a)
		}
		p.amask[a] |= 1 << j
	}
	p.ends = ends
	for _, a := range ends {
		mask := p.amask[a]
		p.amask[a] = 0
		o := b.set(int(a))
		for x := 0; x < b.wc; x++ {
			on, off := o[x], o[b.wc+x]
			p.u[x] |= on | off
			for ; on != 0; on &= on - 1 {
				p.eOffOf[x<<6+trailing64(on)] |= mask
			}
			for ; off != 0; off &= off - 1 {
				p.eOnOf[x<<6+trailing64(off)] |= mask
			}
		}
	}
	// edge i reaches edge j when j's "off" end is in the closure of i's
	// "on" end; then every edge a path through new edges can take from i
	// (Warshall's closure on one word per edge)
	rows := &p.rows
	var cols uint64 // the edges some other edge reaches: Warshall's steps that add anything
	for i := 0; i < ne; i++ {
		rows[i] = 1<<i | p.eOnOf[p.to[i]]
		cols |= rows[i] &^ (1 << i)
	}
	for ; cols != 0; cols &= cols - 1 {
		k := trailing64(cols)
		rk := rows[k]
		for i := 0; i < ne; i++ {
			rows[i] |= rk & -(rows[i] >> k & 1)
		}
	}
	w2 := 2 * b.wc
	p.s = resize64(p.s, ne*w2)
	p.sDone = 0
	p.on = resize64(p.on, w2)
	p.off = resize64(p.off, w2)
	return true
}

func resize64(s []uint64, n int) []uint64 {
	if cap(s) < n {
		return make([]uint64, n)
	}
	return s[:n]
}

// xDigits returns the digits with a new house edge (bit d-1), yCells
// whether some cell has a new edge (it was left with two candidates). A
// chain of house links alone (the X pass) must take a new link of its
// digit, one whose "off to on" links are a cell's (the Y pass) a new cell
// link: were all its links B's, it would be a chain of B's, and B is dead
// (the three passes' search, searchXY; passes tells it per candidate).
func (p *plusReach) xDigits() uint16 {
	var m uint16
	for d, e := range p.digE {
		if e != 0 {
			m |= 1 << d
		}
	}
	return m
}

func (p *plusReach) yCells() bool { return p.cellE != 0 }

// touches reports whether candidate i's "on" or "off" may reach a new edge:
// some edge's "a off" is in the closure of "i on" (then "not i on", that is
// "i off", is in the closure of "a on") or of "i off" (then "i on" is).
func (p *plusReach) touches(i int) bool {
	return hasBit(p.u, i)
}

// edges works out, for candidate i, the edges whose "off" end B's closure
// of "i on" holds (eOn) and of "i off" (eOff), and the edges paths from
// them take (rOn, rOff: the edges the bounded closures take).
func (p *plusReach) edges(i int) {
	if p.elast == i {
		return
	}
	p.elast = i
	p.eOn, p.eOff = p.eOnOf[i], p.eOffOf[i]
	p.rOn, p.rOff = 0, 0
	for m := p.eOn; m != 0; m &= m - 1 {
		p.rOn |= p.rows[trailing64(m)]
	}
	for m := p.eOff; m != 0; m &= m - 1 {
		p.rOff |= p.rows[trailing64(m)]
	}
}

// fill computes the closures of candidate i's two potentials into p.on and
// p.off: B's closure and the closures of every edge whose "off" end it
// holds.
func (p *plusReach) fill(i int) {
	if p.last == i {
		return
	}
	p.last = i
	p.edges(i)
	b := p.b
	w2 := 2 * b.wc
	for k, dst := range [2][]uint64{p.on, p.off} {
		copy(dst, b.set(i+k*b.n))
		em := p.eOn
		if k == 1 {
			em = p.eOff
		}
		for ; em != 0; em &= em - 1 {
			s := p.edgeSet(trailing64(em), w2)
			for y := range dst {
				dst[y] |= s[y]
			}
		}
	}
}

// edgeSet returns the closure (B plus new edges) of edge e's "on" end, the
// closures of B of the "on" ends of the edges rows[e] holds, worked out
// when first asked (most searches fill few candidates' closures).
func (p *plusReach) edgeSet(e, w2 int) []uint64 {
	s := p.s[e*w2 : e*w2+w2]
	if p.sDone&(1<<e) != 0 {
		return s
	}
	p.sDone |= 1 << e
	copy(s, p.b.set(int(p.to[e])))
	for m := p.rows[e] &^ (1 << e); m != 0; m &= m - 1 {
		o := p.b.set(int(p.to[trailing64(m)]))
		for x := range s {
			s[x] |= o[x]
		}
	}
	return s
}

// forcingFrom is reach.forcingFrom on the closure of B plus new edges, B
// dead (see dead): a candidate that reaches no new edge has nothing.
func (p *plusReach) forcingFrom(cell, d int) (fromOn, fromOff, cycle bool) {
	b := p.b
	i := int(b.idx[cell*9+d-1])
	if i < 0 {
		return true, true, true
	}
	if !p.touches(i) {
		return false, false, false
	}
	p.fill(i)
	fromOn = hasBit(p.on[b.wc:], i)
	fromOff = hasBit(p.off[:b.wc], i)
	return fromOn, fromOff, p.commonOff()
}

// commonOff reports whether the closures filled (fill) share an "off"
// potential: a cycle through the candidate's "on" may eliminate something.
func (p *plusReach) commonOff() bool {
	wc := p.b.wc
	for j := 0; j < wc; j++ {
		if p.on[wc+j]&p.off[wc+j] != 0 {
			return true
		}
	}
	return false
}

// commonOffIn is commonOff (the closures filled for candidate i) on the
// "off" potentials a cycle through i's "on" may eliminate: W's candidates
// (wm) outside i's cell (a cycle eliminates W's candidates in cells off
// its loop, and i's cell is on it). The closures under the bound run
// through the candidates W lost, and their common "off" potentials are
// mostly of those: on hardest6's median puzzles this leaves 160,000 of
// 1,970,000 cycle searches.
func (p *plusReach) commonOffIn(i int) bool {
	b := p.b
	wc := b.wc
	var both [(81*9 + 63) / 64]uint64
	for j := 0; j < wc; j++ {
		both[j] = p.on[wc+j] & p.off[wc+j] & p.wm[j]
	}
	cell := int(b.cand[i]) / 9
	for m := b.grid.Cand[cell]; m != 0; m &= m - 1 {
		j := int(b.idx[cell*9+trailing(m)])
		both[j>>6] &^= 1 << (uint(j) & 63)
	}
	for j := 0; j < wc; j++ {
		if both[j] != 0 {
			return true
		}
	}
	return false
}

// swapEdges maps a set of edges to their reverses (edges come in pairs:
// 2k is x off -> y on, 2k+1 is y off -> x on).
func swapEdges(m uint64) uint64 {
	const even = 0x5555555555555555
	return (m&even)<<1 | (m>>1)&even
}

// passes tells what each pass of the search may find from B's candidate
// i, of digit d: the X pass (house links only), the Y pass (cell links for "off to
// on") and the XY pass (both), each as fromOn, fromOff, cycle bits (1, 2,
// 4). It is forcingFrom made tighter, with tests on the new edges first.
//
// With B dead, a forcing chain or a cycle that eliminates something takes
// a new edge: were all its links B's, B's closure would show it (see
// reach). Let e be the last new edge it takes ("a off" to "t on"), the
// rest of it B's links. A forcing chain from "p on" reaches "p off" from
// "t on", so by the graph's symmetry B's closure of "p on" holds "t off",
// the "off" end of e's reverse: e is in rOn and its reverse in eOn (and
// conversely, which is exactly forcingFrom's fromOn). From "p off", e is
// in rOff and its reverse in eOff (fromOff). A cycle through "p on" comes
// back to it from "t on", so "t off" is in B's closure of "p off": e is in
// rOn and its reverse in eOff, a test of a few bits made before the
// closures are filled for the common "off" test (the closures of most
// candidates that reach a new edge are not needed then). The X pass's
// spreads keep to digit d and its strong links are d's house links, so e
// must be one of d's house edges; the Y pass's strong links are cell
// links, so e must be a cell edge. A search left out would offer nothing
// (its chains and cycles eliminate nothing); only its work is not spent.
func (p *plusReach) passes(i, d int) (x, y, xy uint8) {
	if !p.touches(i) {
		return 0, 0, 0
	}
	p.edges(i)
	fromOn := p.rOn & swapEdges(p.eOn)
	fromOff := p.rOff & swapEdges(p.eOff)
	cyc := p.rOn & swapEdges(p.eOff)
	if cyc != 0 {
		p.fill(i)
		if !p.commonOffIn(i) {
			cyc = 0
		}
	}
	dig := p.digE[d-1]
	x = passFlags(fromOn&dig != 0, fromOff&dig != 0, cyc&dig != 0)
	y = passFlags(false, false, cyc&p.cellE != 0)
	xy = passFlags(fromOn != 0, fromOff != 0, cyc != 0)
	return
}

// back is reach.back on the closure of B plus new edges.
func (p *plusReach) back(q pot) []uint64 {
	b := p.b
	i := int(b.idx[q.cell()*9+q.digit()-1])
	if i < 0 {
		return nil
	}
	p.fill(i)
	if q.on() {
		return p.on
	}
	return p.off
}
