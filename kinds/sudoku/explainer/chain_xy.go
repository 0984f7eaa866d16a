package explainer

import "pencilbox/engine"

// Forcing X-chains, forcing chains and bidirectional cycles (serate's
// "Forcing Chains & Cycles"). Three passes over every candidate of every
// cell with two or more: house links only (X), cell links for "off to on"
// (Y, from bivalue cells only, cycles only), and both (XY). A cycle is the
// assumption coming back "on" after at least four steps; a forcing chain is
// the assumption reaching its own negation.

func (c *chainer) searchXY(g *Grid) {
	// the closure tells which searches from a candidate can end in a hint
	// at all (chain_reach.go); a nested chain's working grid has it bounded
	// from its outer grid's (chain_reachplus.go)
	pv := c.plusView(g)
	var rc *reach
	if pv == nil {
		rc = c.closure(g)
		c.xr = rc
	} else {
		c.xr = &c.brc
	}
	c.pv = pv
	if c.all && !c.top.xyPasses {
		c.searchXYEach(g, rc, pv)
		return
	}
	// what the closure allows from each candidate (passFlags), the same
	// in every pass
	const fromOn, fromOff, cycle = 1, 2, 4
	var can [81 * 9]uint8
	for cell := 0; cell < 81; cell++ {
		m := g.Cand[cell]
		if g.Value[cell] != 0 || popcount(m) < 2 {
			continue
		}
		for ; m != 0; m &= m - 1 {
			d := trailing(m) + 1
			can[cell*9+d-1] = passFlags(forcingFrom(pv, rc, cell, d))
		}
	}
	passes := [3]struct{ y, x bool }{{false, true}, {true, false}, {true, true}}
	for _, ps := range passes {
		// under the bound, a pass whose links take no new strong link
		// finds nothing (see plusReach.xDigits)
		xOnly := uint16(0x1ff)
		if pv != nil && !c.top.noPassSkip {
			if !ps.x && !pv.yCells() {
				continue
			}
			if !ps.y {
				xOnly = pv.xDigits()
			}
		}
		for cell := 0; cell < 81; cell++ {
			m := g.Cand[cell] & xOnly
			if g.Value[cell] != 0 || popcount(g.Cand[cell]) < 2 {
				continue
			}
			for ; m != 0; m &= m - 1 {
				d := trailing(m) + 1
				if k := can[cell*9+d-1]; k != 0 {
					c.unary(mkPot(cell, d, true), ps.y, ps.x, k&fromOn != 0, k&fromOff != 0, k&cycle != 0)
				}
			}
		}
	}
}

// searchXYEach is searchXY for an inner producer (all), which keeps each
// effect's best hint: each candidate goes through the three passes in
// turn, rather than every candidate through one pass after the other.
// The passes' hints differ in sort key (X 2, Y 3, XY 4), so hints equal in
// difficulty, complexity and key come from one pass, met in the same order
// either way, and each effect keeps the same hint. The candidate's
// closures are filled once for its three passes (the two "+" closures of
// a candidate cost more than most of its spreads), and a pass that cannot
// take a new edge of its kind is left out (plusReach.passes).
func (c *chainer) searchXYEach(g *Grid, rc *reach, pv *plusReach) {
	if pv != nil && !c.top.noPassSkip {
		// the candidates whose closures reach a new edge, in the order of
		// B's candidate indices (by cell, then digit)
		b := pv.b
		for x, word := range pv.u {
			for m := word; m != 0; m &= m - 1 {
				i := x<<6 + trailing64(m)
				k := int(b.cand[i])
				cell, d := k/9, k%9+1
				cm := g.Cand[cell]
				if g.Value[cell] != 0 || cm&(1<<(d-1)) == 0 || popcount(cm) < 2 {
					continue
				}
				px, py, pxy := pv.passes(i, d)
				c.xyPasses(mkPot(cell, d, true), popcount(cm), px, py, pxy)
			}
		}
		return
	}
	// W's own closure (more than maxPlusEdges new edges, or B not dead)
	// is exact, and its cycle test is made finer the same ways: the
	// common "off" outside the candidate's cell, of its digit for the X
	// pass, and with B dead the passes need a new edge of their kind
	// somewhere in W (newLinks)
	own := pv == nil && !c.top.noPassSkip && !c.top.unpruned
	var dm [9][(81*9 + 63) / 64]uint64 // per digit, rc's candidates of that digit
	xDig, yCel := uint16(0x1ff), true
	if own {
		for i, k := range rc.cand {
			dm[k%9][i>>6] |= 1 << (uint(i) & 63)
		}
		xDig, yCel = c.newLinks(g)
	}
	for cell := 0; cell < 81; cell++ {
		m := g.Cand[cell]
		n := popcount(m)
		if g.Value[cell] != 0 || n < 2 {
			continue
		}
		for ; m != 0; m &= m - 1 {
			d := trailing(m) + 1
			on, off, cy := forcingFrom(pv, rc, cell, d)
			if !own {
				f := passFlags(on, off, cy)
				c.xyPasses(mkPot(cell, d, true), n, f, f, f)
				continue
			}
			i := int(rc.idx[cell*9+d-1])
			cyAll := cy && cycleOff(rc, i, nil)
			cyX := cyAll && xDig&(1<<(d-1)) != 0 && cycleOff(rc, i, dm[d-1][:rc.wc])
			x := passFlags(on, off, cyX)
			if xDig&(1<<(d-1)) == 0 {
				x = 0
			}
			y := passFlags(false, false, cyAll && yCel)
			c.xyPasses(mkPot(cell, d, true), n, x, y, passFlags(on, off, cyAll))
		}
	}
}

// cycleOff reports whether the closures (r) of candidate i's "on" and
// "off" share an "off" potential that a cycle through "i on" may
// eliminate: one of a candidate outside i's cell (the cell is on the
// loop), of mask's candidates when mask is not nil (the X pass's cycles
// keep to i's digit and eliminate only it).
func cycleOff(r *reach, i int, mask []uint64) bool {
	wc := r.wc
	son, soff := r.set(i)[wc:], r.set(r.n + i)[wc:]
	var both [(81*9 + 63) / 64]uint64
	for j := 0; j < wc; j++ {
		both[j] = son[j] & soff[j]
		if mask != nil {
			both[j] &= mask[j]
		}
	}
	cell := int(r.cand[i]) / 9
	for m := r.grid.Cand[cell]; m != 0; m &= m - 1 {
		j := int(r.idx[cell*9+trailing(m)])
		both[j>>6] &^= 1 << (uint(j) & 63)
	}
	for j := 0; j < wc; j++ {
		if both[j] != 0 {
			return true
		}
	}
	return false
}

// newLinks returns, when W (g) is the outer grid B with candidates removed
// and B dead, the digits with a new house edge in W (bit d-1) and whether
// some cell has a new edge (see plusReach.passes: an X pass's chain needs
// a new house edge of its digit, a Y pass's a new cell edge); otherwise
// every digit and true.
func (c *chainer) newLinks(g *Grid) (xDig uint16, yCel bool) {
	if c.base == nil || c.top.noPlus || !c.bdead || !c.brc.valid || c.brc.grid != *c.base {
		return 0x1ff, true
	}
	bg := c.base
	var gone [27]uint16
	for cell := 0; cell < 81; cell++ {
		m := g.Cand[cell]
		if g.Value[cell] != bg.Value[cell] || m&^bg.Cand[cell] != 0 {
			return 0x1ff, true
		}
		if m == bg.Cand[cell] {
			continue
		}
		for _, h := range cellHouses[cell] {
			gone[h] |= bg.Cand[cell] &^ m
		}
		if popcount(m) == 2 {
			yCel = true
		}
	}
	for h := 0; h < 27; h++ {
		for dm := gone[h]; dm != 0; dm &= dm - 1 {
			d := trailing(dm)
			if popcount(c.basePos[h][d]) == 2 {
				xDig |= 1 << d
			}
		}
	}
	return xDig, yCel
}

// xyPasses runs the X, Y and XY passes' searches from p, a candidate of a
// cell with n candidates, as the flags of each pass allow (passFlags).
func (c *chainer) xyPasses(p pot, n int, x, y, xy uint8) {
	if x != 0 {
		c.unary(p, false, true, x&1 != 0, x&2 != 0, x&4 != 0)
	}
	if n == 2 && y&4 != 0 {
		// the Y pass: cycles only, from bivalue cells only
		c.unary(p, true, false, false, false, true)
	}
	if xy != 0 {
		c.unary(p, true, true, xy&1 != 0, xy&2 != 0, xy&4 != 0)
	}
}

// forcingFrom is what the search's closure allows from candidate (cell,
// d): the bound from the outer grid (pv) when the search has one, else
// the working grid's own closure (rc).
func forcingFrom(pv *plusReach, rc *reach, cell, d int) (fromOn, fromOff, cycle bool) {
	if pv != nil {
		return pv.forcingFrom(cell, d)
	}
	return rc.forcingFrom(cell, d)
}

// passFlags packs what a search from a candidate may find: forcing chains
// from its "on" (1), from its "off" (2), cycles (4).
func passFlags(on, off, cy bool) uint8 {
	var f uint8
	if on {
		f |= 1
	}
	if off {
		f |= 2
	}
	if cy {
		f |= 4
	}
	return f
}

// closure returns the static closure of g (chain_reach.go).
func (c *chainer) closure(g *Grid) *reach {
	if c.rc == nil {
		c.rc = &reach{}
	}
	c.rc.build(g)
	return c.rc
}

// plusView returns the closure of the search's outer grid (c.base) with the
// new strong links of g added, when the outer grid has no forcing chain or
// cycle by its closure (chain_reachplus.go); nil when it cannot serve.
func (c *chainer) plusView(g *Grid) *plusReach {
	b := c.base
	if b == nil || c.top.noPlus || c.top.unpruned {
		return nil
	}
	if !c.brc.valid || c.brc.grid != *b {
		c.brc.build(b)
		c.bpos.build(b)
		c.bdead = c.brc.dead()
	}
	if !c.bdead || !c.pr.build(&c.brc, &c.bpos, g, &c.basePos) {
		return nil
	}
	c.top.plusUsed++
	return &c.pr
}

// unary looks for the cycles through p and the forcing chains from p and
// from its negation (each only when asked).
func (c *chainer) unary(p pot, y, x, fromOn, fromOff, cycle bool) {
	if !x && popcount(c.cur.Cand[p.cell()]) > 2 {
		return
	}
	// An inner producer keeps each effect's best hint as it goes, most of
	// them replaced before the search ends, and its kept hints' chains stay
	// in the arena until flushed: so its arena is kept across assumptions
	// (up to arenaKeep nodes), and only the chains of the hints kept at the
	// end are copied out.
	if !c.all || len(c.ar.nodes) > c.top.arenaBound() {
		c.flushChains() // before the arena is reused
		c.ar.reset()
	}
	toOn, toOff := c.getSet(), c.getSet()
	defer c.putSet(toOn)
	defer c.putSet(toOff)
	var cycles, chains []int32
	root := c.ar.add(p, causeNone)
	toOn.put(p, root)
	// A cycle comes back to p and a forcing chain reaches its assumption's
	// negation: the nodes from which the closure cannot get there lead to
	// no hint, so they are not made (the other nodes, and the order in
	// which they are met, are those of the full search).
	back := func(q pot) []uint64 {
		if c.top.unpruned {
			return nil
		}
		if c.pv != nil {
			return c.pv.back(q)
		}
		return c.xr.back(q)
	}
	if cycle {
		f := c.xyFilterOf(back(p.flip()))
		cycles = c.cycles(toOn, toOff, y, x, p, &f, cycles)
	}
	if x && fromOn {
		toOn.clear()
		toOff.clear()
		toOn.put(p, root)
		f := c.xyFilterOf(back(p))
		chains = c.forcing(toOn, toOff, y, p, &f, chains)
	}
	if x && fromOff {
		toOn.clear()
		toOff.clear()
		neg := c.ar.add(p.flip(), causeNone)
		toOff.put(p.flip(), neg)
		f := c.xyFilterOf(back(p.flip()))
		chains = c.forcing(toOn, toOff, y, p.flip(), &f, chains)
	}
	for _, n := range cycles {
		cand := candidate{kind: kCycle, targets: []int32{n}, xLinks: x, yLinks: y, place: engine.Mark{Cell: -1}}
		cand.elim = c.cycleElim(n)
		c.offer(&cand)
	}
	for _, n := range chains {
		t := c.ar.nodes[n].p
		cand := candidate{kind: kForcing, targets: []int32{n}, src: t.flip(), xLinks: x, yLinks: y, place: engine.Mark{Cell: -1}}
		cand.elim = c.targetElim(t, cand.elim)
		if t.on() {
			cand.place = engine.Mark{Cell: t.cell(), Value: t.digit()}
		}
		c.offer(&cand)
	}
}

// arenaKeep is the size (in nodes) past which an inner forcing chain search
// copies out its kept hints' chains and reuses its arena (unary). Its
// spreads are short (some 70 nodes a search on the hardest puzzles), so
// this is seldom reached; it bounds the arena's memory (16 bytes a node).
const arenaKeep = 1 << 16

// arenaBound is arenaKeep unless a test sets arenaCap.
func (cs *Chains) arenaBound() int {
	if cs.arenaCap > 0 {
		return cs.arenaCap
	}
	return arenaKeep
}

// xyKey is the sort key of a chain or cycle by its link kinds.
func xyKey(x, y bool) int {
	switch {
	case x && y:
		return 4
	case y:
		return 3
	}
	return 2
}

// canBeat reports whether a hint of this base, complexity and sort key
// would be taken before the best so far (a deeper one of the same search
// never is: the length bonus only grows).
func (c *chainer) canBeat(base float64, cplx, key int) bool {
	if !c.haveBest {
		return true
	}
	d := base + lengthBonus(cplx)
	if d != c.best.diff {
		return d < c.best.diff
	}
	if cplx != c.best.cplx {
		return cplx < c.best.cplx
	}
	return key < c.best.sortKey
}

// targetElim is the effect of concluding t: its cell's other candidates go
// when t is on, t's candidate when t is off.
func (c *chainer) targetElim(t pot, out []engine.Mark) []engine.Mark {
	cell, d := t.cell(), t.digit()
	if !t.on() {
		return append(out, engine.Mark{Cell: cell, Value: d})
	}
	for m := c.cur.Cand[cell] &^ (1 << (d - 1)); m != 0; m &= m - 1 {
		out = append(out, engine.Mark{Cell: cell, Value: trailing(m) + 1})
	}
	return out
}

// isAncestor reports whether potential q is on n's main line (n excluded).
func (c *chainer) isAncestor(n int32, q pot) bool {
	for x := c.ar.first(n); x >= 0; x = c.ar.first(x) {
		if c.ar.nodes[x].p == q {
			return true
		}
	}
	return false
}

// xyFilter is reach.reaches for one spread: whether a static spread from a
// potential q may derive the negation of the spread's end, whose back set
// (reach.back) must then hold q's negation. Read on the target lists, it
// keeps the rejected potentials out of them.
type xyFilter struct {
	idx *[81 * 9]int16 // nil: every potential passes (no back set)
	neg [2][]uint64    // for "off" potentials the back set's "on" half, for "on" its "off" half
}

func (c *chainer) xyFilterOf(back []uint64) xyFilter {
	if back == nil {
		return xyFilter{}
	}
	wc := c.xr.wc
	return xyFilter{idx: &c.xr.idx, neg: [2][]uint64{back[:wc], back[wc:]}}
}

func (f *xyFilter) ok(q pot) bool {
	if f.idx == nil {
		return true
	}
	i := int(f.idx[q>>1])
	if i < 0 {
		return true
	}
	return f.neg[q&1][i>>6]>>(uint(i)&63)&1 != 0
}

// targets are the potentials one step of a static spread derives from one
// potential, in the spread's order, each with its rule.
type targets struct {
	q   [28]pot // 8 other candidates, 8 box places, 6 + 6 in the lines
	why [28]cause
	n   int
}

// onTargets lists what "p on" gives: its cell's other candidates (with
// cell links), then the digit's other places in the box, then in the row
// and the column outside the box; those f passes.
func (c *chainer) onTargets(p pot, y bool, f *xyFilter, ts *targets) {
	cell, d := p.cell(), p.digit()
	n := 0
	if y {
		for m := c.cur.Cand[cell] &^ (1 << (d - 1)); m != 0; m &= m - 1 {
			if q := mkPot(cell, trailing(m)+1, false); f.ok(q) {
				ts.q[n], ts.why[n] = q, causeCell
				n++
			}
		}
	}
	hs := &cellHouses[cell]
	for m := c.basePos[hs[2]][d-1] &^ (1 << cellIdx[cell][2]); m != 0; m &= m - 1 {
		if q := mkPot(int(houses[hs[2]][trailing(m)]), d, false); f.ok(q) {
			ts.q[n], ts.why[n] = q, causeBox
			n++
		}
	}
	for k := 0; k < 2; k++ {
		h := hs[k]
		why := houseCause(int(h))
		for m := c.basePos[h][d-1] &^ sameBox[cell][k]; m != 0; m &= m - 1 {
			if q := mkPot(int(houses[h][trailing(m)]), d, false); f.ok(q) {
				ts.q[n], ts.why[n] = q, why
				n++
			}
		}
	}
	ts.n = n
}

// offTargets lists what "p off" gives: its cell's last other candidate
// (with cell links), then (with house links) the digit's last other place
// in the box, the row, the column, each potential once; those f passes
// (a potential met twice passes or fails both times).
func (c *chainer) offTargets(p pot, y, x bool, f *xyFilter, ts *targets) {
	cell, d := p.cell(), p.digit()
	n := 0
	if y && popcount(c.cur.Cand[cell]) == 2 {
		if q := mkPot(cell, trailing(c.cur.Cand[cell]&^(1<<(d-1)))+1, true); f.ok(q) {
			ts.q[n], ts.why[n] = q, causeCell
			n++
		}
	}
	if x {
		hs, ix := &cellHouses[cell], &cellIdx[cell]
	houses:
		for _, k := range [3]int{2, 0, 1} {
			h := int(hs[k])
			m := c.basePos[h][d-1] &^ (1 << ix[k])
			if m == 0 || m&(m-1) != 0 {
				continue
			}
			q := mkPot(int(houses[h][trailing(m)]), d, true)
			if !f.ok(q) {
				continue
			}
			for _, o := range ts.q[:n] {
				if o == q {
					continue houses
				}
			}
			ts.q[n], ts.why[n] = q, houseCause(h)
			n++
		}
	}
	ts.n = n
}

// cycles spreads from the assumption level by level; an "off" potential is
// taken again whenever it is not already on the line that leads to it.
func (c *chainer) cycles(toOn, toOff *potSet, y, x bool, src pot, f *xyFilter, out []int32) []int32 {
	qOn := toOn.appendNodes(c.qOn[:0])
	qOff := c.qOff[:0]
	length := 0
	work := 0
	base, key := 6.5, xyKey(x, y)
	if x && y {
		base = 7.0
	}
	var ts targets
	for len(qOn) > 0 || len(qOff) > 0 {
		// a cycle found in the next off phase has complexity length+2 at
		// least (and more later): stop when it could no longer win
		if !c.all && !c.canBeat(base, length+2, key) {
			break
		}
		length++
		for i := 0; i < len(qOn); i++ {
			pn := qOn[i]
			c.onTargets(c.ar.nodes[pn].p, y, f, &ts)
			for j, q := range ts.q[:ts.n] {
				if c.isAncestor(pn, q) {
					continue
				}
				n := c.ar.add1(q, ts.why[j], pn)
				work++
				qOff = append(qOff, n)
				toOff.put(q, n)
			}
		}
		qOn = qOn[:0]
		length++
		for i := 0; i < len(qOff); i++ {
			pn := qOff[i]
			c.offTargets(c.ar.nodes[pn].p, y, x, f, &ts)
			for j, q := range ts.q[:ts.n] {
				hit := length >= 4 && q == src
				if !hit && toOn.has(q) {
					continue
				}
				n := c.ar.add1(q, ts.why[j], pn)
				work++
				if hit {
					out = append(out, n)
				}
				if !toOn.has(q) {
					qOn = append(qOn, n)
					toOn.put(q, n)
				}
			}
		}
		qOff = qOff[:0]
		c.charge(work + 1)
		work = 0
	}
	c.qOn, c.qOff = qOn, qOff
	return out
}

// forcing spreads from one assumption and collects the nodes where it
// reaches its own negation. Potentials already known make no node.
func (c *chainer) forcing(toOn, toOff *potSet, y bool, src pot, f *xyFilter, out []int32) []int32 {
	qOn := toOn.appendNodes(c.qOn[:0])
	qOff := toOff.appendNodes(c.qOff[:0])
	found := false // the negation is reached once at most per spread
	work := 0
	base, key := 6.6, xyKey(true, y)
	if y {
		base = 7.0
	}
	// every node of a phase is one step deeper than its parents, and a
	// static chain's complexity is its depth plus one: stop when a chain
	// found in the next phase could no longer win
	var ts targets
	depth := -1
	deeper := func(n int) bool {
		if n == 0 {
			return true
		}
		depth++
		return c.all || c.canBeat(base, depth+2, key)
	}
	for len(qOn) > 0 || len(qOff) > 0 {
		if !deeper(len(qOn)) {
			break
		}
		for i := 0; i < len(qOn); i++ {
			pn := qOn[i]
			c.onTargets(c.ar.nodes[pn].p, y, f, &ts)
			for j, q := range ts.q[:ts.n] {
				hit := !found && q.flip() == src
				if !hit && toOff.has(q) {
					continue
				}
				n := c.ar.add1(q, ts.why[j], pn)
				work++
				if hit {
					found = true
					out = append(out, n)
				}
				if !toOff.has(q) {
					toOff.put(q, n)
					qOff = append(qOff, n)
				}
			}
		}
		qOn = qOn[:0]
		if found {
			break // the negation is reached: nothing more to find
		}
		if !deeper(len(qOff)) {
			break
		}
		for i := 0; i < len(qOff); i++ {
			pn := qOff[i]
			c.offTargets(c.ar.nodes[pn].p, y, true, f, &ts)
			for j, q := range ts.q[:ts.n] {
				hit := !found && q.flip() == src
				if !hit && toOn.has(q) {
					continue
				}
				n := c.ar.add1(q, ts.why[j], pn)
				work++
				if hit {
					found = true
					out = append(out, n)
				}
				if !toOn.has(q) {
					toOn.put(q, n)
					qOn = append(qOn, n)
				}
			}
		}
		qOff = qOff[:0]
		c.charge(work + 1)
		work = 0
		if found {
			break
		}
	}
	c.charge(work)
	c.qOn, c.qOff = qOn, qOff
	return out
}

// cycleElim: a candidate that sees an "on" potential of the loop and also
// an "off" one of the same digit (outside the loop's cells) goes.
func (c *chainer) cycleElim(dst int32) []engine.Mark {
	var inLoop board
	var forw, back [9]board // per digit, the cells that see an "on" / "off" potential
	var digits uint16
	for x := dst; c.ar.nodes[x].pn > 0; x = c.ar.first(x) {
		p := c.ar.nodes[x].p
		cell, d := p.cell(), p.digit()-1
		inLoop[cell>>6] |= 1 << (uint(cell) & 63)
		if p.on() {
			forw[d] = forw[d].or(peerBoard[cell])
		} else {
			back[d] = back[d].or(peerBoard[cell])
		}
		digits |= 1 << d
	}
	var any board
	var el [81]uint16
	for ; digits != 0; digits &= digits - 1 {
		d := trailing(digits)
		bit := uint16(1) << d
		m := forw[d].and(back[d]).andNot(inLoop)
		for w, word := range m {
			for ; word != 0; word &= word - 1 {
				o := w<<6 + trailing64(word)
				if c.cur.Cand[o]&bit != 0 {
					el[o] |= bit
					any[w] |= 1 << (uint(o) & 63)
				}
			}
		}
	}
	var out []engine.Mark
	for w, word := range any {
		for ; word != 0; word &= word - 1 {
			o := w<<6 + trailing64(word)
			for m := el[o]; m != 0; m &= m - 1 {
				out = append(out, engine.Mark{Cell: o, Value: trailing(m) + 1})
			}
		}
	}
	return out
}
