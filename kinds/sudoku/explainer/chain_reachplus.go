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
	am    []uint64 // the candidates a[i] (wc words)
	u     []uint64 // candidates whose "on" or "off" reaches an edge (see touches)
	on    []uint64 // the closures of the candidate last asked about
	off   []uint64
	last  int // that candidate's index, -1 for none
	// flags[i]: forcingFrom's answer for candidate i, bit 3 set once known
	flags []uint8
	// xDigits: the digits with a new strong link in a house (bit d-1);
	// yCells: some cell has a new strong link (it was left with two
	// candidates). A chain of house links alone (the X pass) must take a
	// new link of its digit, one whose "off to on" links are a cell's
	// (the Y pass) a new cell link: were all its links B's, it would be a
	// chain of B's, and B is dead.
	xDigits uint16
	yCells  bool
	// emask[a]: the edges whose "off" end is candidate a (bit i: edge i);
	// srcs lists the a with a mask, to clear them at the next build
	emask []uint64
	srcs  []int32
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
	p.last = -1
	p.xDigits, p.yCells = 0, false
	edge := func(x, y int) bool { // the strong link x - y: both edges
		if len(p.a)+2 > maxPlusEdges {
			return false
		}
		ix, iy := b.idx[x], b.idx[y]
		p.a = append(p.a, int32(ix), int32(iy))
		p.to = append(p.to, int32(iy), int32(ix))
		return true
	}
	for c := 0; c < 81; c++ {
		m := w.Cand[c]
		if m&^bg.Cand[c] != 0 || w.Value[c] != bg.Value[c] {
			return false
		}
		if m != bg.Cand[c] && popcount(m) == 2 {
			lo := trailing(m)
			if !edge(c*9+lo, c*9+trailing(m&^(1<<lo))) {
				return false
			}
			p.yCells = true
		}
	}
	for h := 0; h < 27; h++ {
		for d := 0; d < 9; d++ {
			m := wpos[h][d]
			if m == bpos[h][d] || popcount(m) != 2 {
				continue
			}
			lo := trailing(m)
			x, y := int(houses[h][lo]), int(houses[h][trailing(m&^(1<<lo))])
			if !edge(x*9+d, y*9+d) {
				return false
			}
			p.xDigits |= 1 << d
		}
	}
	// edge i reaches edge j when j's "off" end is in the closure of i's
	// "on" end; then every edge a path through new edges can take from i
	// (Warshall's closure on one word per edge)
	ne := len(p.a)
	var rows [maxPlusEdges]uint64
	for i := 0; i < ne; i++ {
		s := b.set(int(p.to[i]))
		rows[i] = 1 << i
		for j := 0; j < ne; j++ {
			if hasBit(s[b.wc:], int(p.a[j])) {
				rows[i] |= 1 << j
			}
		}
	}
	for k := 0; k < ne; k++ {
		for i := 0; i < ne; i++ {
			if rows[i]&(1<<k) != 0 {
				rows[i] |= rows[k]
			}
		}
	}
	w2 := 2 * b.wc
	p.s = resize64(p.s, ne*w2)
	p.u = resize64(p.u, b.wc)
	p.am = resize64(p.am, b.wc)
	clear(p.u)
	clear(p.am)
	if cap(p.flags) < b.n {
		p.flags = make([]uint8, b.n)
	}
	p.flags = p.flags[:b.n]
	clear(p.flags)
	full := p.emask[:cap(p.emask)]
	for _, a := range p.srcs {
		full[a] = 0
	}
	p.srcs = p.srcs[:0]
	if cap(p.emask) < b.n {
		p.emask = make([]uint64, b.n)
	}
	p.emask = p.emask[:b.n]
	for i, a := range p.a {
		if p.emask[a] == 0 {
			p.srcs = append(p.srcs, a)
		}
		p.emask[a] |= 1 << i
	}
	for i := 0; i < ne; i++ {
		s := p.s[i*w2 : i*w2+w2]
		clear(s)
		for m := rows[i]; m != 0; m &= m - 1 {
			o := b.set(int(p.to[trailing64(m)]))
			for x := range s {
				s[x] |= o[x]
			}
		}
		// by the graph's symmetry, "v" reaches "a off" exactly when "a on"
		// reaches "not v": u collects the "on" halves' negations
		o := b.set(int(p.a[i]))
		for x := range p.u {
			p.u[x] |= o[x] | o[b.wc+x]
		}
		p.am[p.a[i]>>6] |= 1 << (uint(p.a[i]) & 63)
	}
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

// touches reports whether candidate i's "on" or "off" may reach a new edge:
// some edge's "a off" is in the closure of "i on" (then "not i on", that is
// "i off", is in the closure of "a on") or of "i off" (then "i on" is).
func (p *plusReach) touches(i int) bool {
	return hasBit(p.u, i)
}

// fill computes the closures of candidate i's two potentials into p.on and
// p.off: B's closure and the closures of every edge whose "off" end it
// holds.
func (p *plusReach) fill(i int) {
	if p.last == i {
		return
	}
	p.last = i
	b := p.b
	w2 := 2 * b.wc
	for k, dst := range [2][]uint64{p.on, p.off} {
		src := b.set(i + k*b.n)
		copy(dst, src)
		var em uint64 // the edges whose "off" end src holds
		for x := 0; x < b.wc; x++ {
			for m := src[b.wc+x] & p.am[x]; m != 0; m &= m - 1 {
				em |= p.emask[x<<6+trailing64(m)]
			}
		}
		for ; em != 0; em &= em - 1 {
			e := trailing64(em)
			s := p.s[e*w2 : e*w2+w2]
			for y := range dst {
				dst[y] |= s[y]
			}
		}
	}
}

// forcingFrom is reach.forcingFrom on the closure of B plus new edges, B
// dead (see dead): a candidate that reaches no new edge has nothing. The
// answers are kept for the search's three passes.
func (p *plusReach) forcingFrom(cell, d int) (fromOn, fromOff, cycle bool) {
	b := p.b
	i := int(b.idx[cell*9+d-1])
	if i < 0 {
		return true, true, true
	}
	if !p.touches(i) {
		return false, false, false
	}
	if f := p.flags[i]; f&8 != 0 {
		return f&1 != 0, f&2 != 0, f&4 != 0
	}
	p.fill(i)
	fromOn = hasBit(p.on[b.wc:], i)
	fromOff = hasBit(p.off[:b.wc], i)
	for j := 0; j < b.wc; j++ {
		if p.on[b.wc+j]&p.off[b.wc+j] != 0 {
			cycle = true
			break
		}
	}
	f := uint8(8)
	if fromOn {
		f |= 1
	}
	if fromOff {
		f |= 2
	}
	if cycle {
		f |= 4
	}
	p.flags[i] = f
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
