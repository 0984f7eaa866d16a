package explainer

import "pencilbox/engine"

// Nishio, multiple (cell and region) and dynamic forcing chains. For every
// cell (with three or more candidates, or two when dynamic) and each of its
// candidates, the candidate is assumed on and off and both are spread:
//   - contradiction (dynamic, Nishio): an assumption that makes some
//     candidate both on and off is false;
//   - double forcing (dynamic, cells of three or more candidates): what
//     follows from both the candidate and its negation holds;
//   - region forcing (not Nishio): what follows from every place of a digit
//     in a house holds (the house is taken from its first place);
//   - cell forcing (not Nishio): what follows from every candidate of the
//     cell holds.

func (c *chainer) searchMulti(g *Grid) {
	var rc *reach
	if !c.cf.dynamic {
		rc = c.closure(g)
	}
	if c.cf.nishio {
		g.digitBoards(&c.dboards)
	}
	c.dn = c.dynPlanner(g)
	for cell := 0; cell < 81; cell++ {
		if g.Value[cell] != 0 {
			continue
		}
		n := popcount(g.Cand[cell])
		if n > 2 || (n > 1 && c.cf.dynamic) {
			if rc != nil && !c.staticUseful(rc, g, cell) {
				continue
			}
			c.forCell(cell, n)
		}
	}
}

// staticUseful reports whether the static multiple chains of cell (its
// cell chain, and the region chains of which it is the first place) can
// conclude anything: the closures of every branch must share a potential
// (chain_reach.go). A static spread offers nothing by itself, so a cell
// that cannot conclude is skipped; the spreads other cells need are made
// when they need them.
func (c *chainer) staticUseful(rc *reach, g *Grid, cell int) bool {
	if cap(c.scratch) < 2*rc.wc {
		c.scratch = make([]uint64, 2*rc.wc)
	}
	var ks [9]int
	n := 0
	for m := g.Cand[cell]; m != 0; m &= m - 1 {
		ks[n] = cell*9 + trailing(m)
		n++
	}
	if rc.common(ks[:n], c.scratch) {
		return true
	}
	// the region chains of which cell is the first place (the digit's
	// places in each house read from the search's position masks)
	ix := &cellIdx[cell]
	for m := g.Cand[cell]; m != 0; m &= m - 1 {
		d := trailing(m)
		for k, h := range cellHouses[cell] {
			pos := c.basePos[h][d]
			if pos&(1<<ix[k]-1) != 0 || pos&(pos-1) == 0 {
				continue // an earlier place, or fewer than two
			}
			n := 0
			for ; pos != 0; pos &= pos - 1 {
				ks[n] = int(houses[h][trailing(pos)])*9 + d
				n++
			}
			if rc.common(ks[:n], c.scratch) {
				return true
			}
		}
	}
	return false
}

func (c *chainer) forCell(cell, card int) {
	var valueOn, valueOff [9]*potSet
	dn := c.dn
	for m := c.cur.Cand[cell]; m != 0; m &= m - 1 {
		d := trailing(m) + 1
		if c.cf.nishio && !c.nishioMay(cell, d) {
			continue // neither case can contradict (chain_nishio.go)
		}
		double := card >= 3 && !c.cf.nishio && c.cf.dynamic
		contra := c.cf.dynamic || c.cf.nishio
		pOn := mkPot(cell, d, true)
		withOn, withOff := true, double || contra
		if dn != nil {
			// the spreads no hint needs are not made (chain_dynsets.go)
			withOn, withOff = dn.needOn[pOn], dn.needOff[pOn]
			if !withOn && !withOff {
				continue
			}
		}
		onToOn, onToOff := c.binary(pOn, double, contra, withOn, withOff)
		valueOn[d-1], valueOff[d-1] = onToOn, onToOff
		if !c.cf.nishio && withOn {
			c.regions(cell, d, onToOn, onToOff)
		}
	}
	if c.cf.nishio || !(card == 2 || (c.cf.multiple && card > 2)) {
		return
	}
	if dn != nil && !dn.cell[cell] {
		return // its cell chains conclude nothing (chain_dynsets.go)
	}
	// The cell chains: what every candidate's spread reaches, in the
	// order of the first candidate's spread.
	var sets [9]*potSet
	for _, value := range [2]*[9]*potSet{&valueOn, &valueOff} {
		n := 0
		for m := c.cur.Cand[cell]; m != 0; m &= m - 1 {
			sets[n] = value[trailing(m)]
			n++
		}
		c.common(sets[:n], func(p pot, targets []int32) {
			cand := candidate{kind: kCell, cell: cell, place: engine.Mark{Cell: -1},
				targets: targets, elim: c.ebuf[:0]}
			c.conclude(&cand, p)
			c.offer(&cand)
			c.ebuf = cand.elim
		})
	}
}

// common calls f for each potential that every set of sets holds, in the
// order of sets[0], with the node of that potential in each set (one chain
// per set). The targets slice is reused from one call to the next.
func (c *chainer) common(sets []*potSet, f func(p pot, targets []int32)) {
	first, rest := sets[0], sets[1:]
next:
	for _, p := range first.order {
		for _, s := range rest {
			if !s.has(p) {
				continue next
			}
		}
		targets := c.tbuf[:0]
		for _, s := range sets {
			targets = append(targets, s.get(p))
		}
		c.tbuf = targets
		f(p, targets)
	}
}

// conclude sets the effect of a hint that proves p.
func (c *chainer) conclude(cand *candidate, p pot) {
	cand.elim = c.targetElim(p, cand.elim[:0])
	if p.on() {
		cand.place = engine.Mark{Cell: p.cell(), Value: p.digit()}
	}
}

// binary spreads pOn into onToOn/onToOff (kept for the cell and region
// chains) and, when withOff (double or contra), its negation, and offers
// the contradiction and double forcing hints. A dynamic search skips
// either spread when no hint needs it (withOn, withOff: chain_dynsets.go).
func (c *chainer) binary(pOn pot, double, contra, withOn, withOff bool) (onToOn, onToOff *potSet) {
	if withOn {
		r := c.onSpread(pOn)
		onToOn, onToOff = r.on, r.off
		if r.absurd && contra {
			cand := candidate{kind: kContradiction, src: pOn, targets: append(c.tbuf[:0], r.a, r.b), elim: c.ebuf[:0], place: engine.Mark{Cell: -1}}
			c.conclude(&cand, pOn.flip())
			c.offer(&cand)
			c.tbuf, c.ebuf = cand.targets, cand.elim
		}
	}
	if !withOff {
		return
	}
	if !double && c.dn == nil && c.partnerConsistent(pOn) {
		return // the negation's spread cannot contradict (see partnerConsistent)
	}
	pOff := pOn.flip()
	offToOn, offToOff := c.getSet(), c.getSet()
	defer c.putSet(offToOn)
	defer c.putSet(offToOff)
	neg := c.ar.add(pOff, causeNone)
	offToOff.put(pOff, neg)
	if a, b, ok := c.spread(offToOn, offToOff); ok && contra {
		cand := candidate{kind: kContradiction, src: pOff, targets: append(c.tbuf[:0], a, b), elim: c.ebuf[:0], place: engine.Mark{Cell: -1}}
		c.conclude(&cand, pOn)
		c.offer(&cand)
		c.tbuf, c.ebuf = cand.targets, cand.elim
	}
	if !double || !withOn {
		return
	}
	for i, p := range onToOn.order {
		if n := offToOn.get(p); n >= 0 {
			cand := candidate{kind: kDouble, src: pOn, targets: append(c.tbuf[:0], onToOn.node(i), n), elim: c.ebuf[:0], place: engine.Mark{Cell: -1}}
			c.conclude(&cand, p)
			c.offer(&cand)
			c.tbuf, c.ebuf = cand.targets, cand.elim
		}
	}
	for i, p := range onToOff.order {
		if n := offToOff.get(p); n >= 0 {
			cand := candidate{kind: kDouble, src: pOff, targets: append(c.tbuf[:0], onToOff.node(i), n), elim: c.ebuf[:0], place: engine.Mark{Cell: -1}}
			c.conclude(&cand, p)
			c.offer(&cand)
			c.tbuf, c.ebuf = cand.targets, cand.elim
		}
	}
	return
}

// partnerConsistent reports, for a dynamic producer without "+" rules
// (DynamicChains, and the inner dynamic chains of level 0), that pOn's cell
// is bivalue and its other candidate's "on" spread ran to its end without
// a contradiction. The spread of "pOn off" then finds none either, so
// binary need not make it (it serves only the contradiction hint in a
// bivalue cell, which has no double forcing chain). Why: a dynamic spread
// that ends without a contradiction has derived everything its rules give
// from its assumption (the on/off rules, and "the last candidate of a cell,
// the last place of a digit in a house, is on" counted on the grid less
// the candidates turned off: the order of the queue changes the parents,
// never the set reached). In a bivalue cell {d, e} "d off" gives "e on"
// and "e on" gives "d off" at once, so both spreads reach the same set,
// and a contradiction is a potential of that set found both on and off.
// The other candidate's spread is the search's own (onSpread keeps it): it
// is made once either way.
func (c *chainer) partnerConsistent(pOn pot) bool {
	if !c.cf.dynamic || c.cf.nishio || c.cf.level != 0 || c.top.noPartner {
		return false
	}
	cell := pOn.cell()
	m := c.cur.Cand[cell]
	if popcount(m) != 2 {
		return false
	}
	e := trailing(m&^(1<<(pOn.digit()-1))) + 1
	return !c.onSpread(mkPot(cell, e, true)).absurd
}

// spreadResult is the cached spread of one "on" assumption: the same
// assumption is spread once per search although the binary, cell and region
// chains all use it.
type spreadResult struct {
	on, off *potSet
	a, b    int32
	absurd  bool
	done    bool
}

// onSpread returns the spread of p (on), computing it the first time.
func (c *chainer) onSpread(p pot) *spreadResult {
	r := &c.onCache[p>>1]
	if r.done {
		return r
	}
	r.done = true
	c.cached = append(c.cached, int(p>>1))
	r.on, r.off = c.getSet(), c.getSet()
	r.on.put(p, c.ar.add(p, causeNone))
	r.a, r.b, r.absurd = c.spread(r.on, r.off)
	return r
}

// regions runs the region forcing chains of digit d whose first place in
// the house (box, row, column) is cell.
func (c *chainer) regions(cell, d int, onToOn, onToOff *potSet) {
	hs, ix := &cellHouses[cell], &cellIdx[cell]
	for _, k := range [3]int{2, 0, 1} {
		// the digit's places in the house (the search's grid: between
		// spreads cur is the grid searched), cell the first of them
		h := hs[k]
		pos := c.basePos[h][d-1]
		if pos&(1<<ix[k]-1) != 0 {
			continue // an earlier place of the house has the digit
		}
		if n := popcount(pos); !(n == 2 || (c.cf.multiple && n > 2)) {
			continue
		}
		var at [9]int
		places := at[:0]
		for m := pos; m != 0; m &= m - 1 {
			places = append(places, int(houses[h][trailing(m)]))
		}
		if c.dn != nil && !c.dn.region[h][d-1] {
			continue // it concludes nothing (chain_dynsets.go)
		}
		var posOn, posOff [9]*potSet
		posOn[0], posOff[0] = onToOn, onToOff
		for i, o := range places[1:] {
			r := c.onSpread(mkPot(o, d, true))
			posOn[i+1], posOff[i+1] = r.on, r.off
		}
		for _, pos := range [2]*[9]*potSet{&posOn, &posOff} {
			c.common(pos[:len(places)], func(p pot, targets []int32) {
				cand := candidate{kind: kRegion, house: int(h), digit: d, place: engine.Mark{Cell: -1},
					targets: targets, elim: c.ebuf[:0]}
				c.conclude(&cand, p)
				c.offer(&cand)
				c.ebuf = cand.elim
			})
		}
	}
}

// search runs the producer on g and returns the hint serate would take
// from it, or nil.
func (c *chainer) search(g *Grid) *snapshot {
	c.cur = *g
	if c.gpos != nil && !c.top.buildPos {
		// an inner producer's grid is its outer spread's working grid,
		// whose masks the spread keeps up to date (a tenth of the inner
		// searches' time went into building them again)
		c.basePos = *c.gpos
	} else {
		c.basePos.build(g)
	}
	c.pass(g)
	if !c.haveBest {
		return nil
	}
	return c.snap
}

// pass runs the producer's search on g (search has set cur and basePos).
func (c *chainer) pass(g *Grid) {
	c.haveBest = false
	c.snap = nil
	c.ar.reset()
	c.nested = c.nested[:0]
	defer func() {
		for _, i := range c.cached {
			r := &c.onCache[i]
			c.putSet(r.on)
			c.putSet(r.off)
			*r = spreadResult{}
		}
		c.cached = c.cached[:0]
	}()
	if !c.cf.multiple && !c.cf.dynamic {
		c.searchXY(g)
	} else {
		c.searchMulti(g)
	}
}
