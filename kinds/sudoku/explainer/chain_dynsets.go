package explainer

// A dynamic search without "+" (dynamic chains, and the inner chains of
// NestedDynamic0) spreads every candidate on and off, building a node per
// potential with its parents, and most of those spreads end in no hint: on
// forum_hardest_1106 the spreads that take part in some hint of an inner
// search are a fifth to two fifths of its work. Which ones do depends on
// the sets the spreads derive alone, not on their nodes:
//   - a contradiction needs the spread to reach one;
//   - a double chain needs a potential common to the spreads of a
//     candidate on and off;
//   - a cell chain needs one common to the "on" spreads of all of the
//     cell's candidates, a region chain to those of all of a digit's places
//     in a house;
// and a hint is offered only when its conclusion eliminates something (a
// potential "off", or "on" in a cell with another candidate).
//
// Those sets are the fixpoint of the dynamic rules (on to off: the cell's
// other candidates, the digit's other places in its houses; off to on: a
// cell's or a house's last place when it had two or more), which a spread
// that meets no contradiction reaches whatever its order. So the search
// first works out every set by a propagation that keeps no nodes (each
// potential once, with counters of what is left in each cell and house,
// as a singles solver does), marks the spreads some hint needs, and then
// makes the node spreads for those only. A spread that reaches a
// contradiction stops where its order finds the first one, so the part it
// derived depends on that order: it is needed for its contradiction anyway,
// and made with its nodes first. The skipped spreads offer nothing, so the hints found, and
// their order, are those of the full search.

// potBits is a set of potentials, bit p for pot p.
type potBits [(numPots + 63) / 64]uint64

func (b *potBits) add(p pot) { b[p>>6] |= 1 << (uint(p) & 63) }

// fastSpread is the node-free propagation over one grid W.
type fastSpread struct {
	w      Grid
	wpos   posMasks
	many   [81]bool    // the cell has two or more candidates in W
	hmany  [27][9]bool // the digit has two or more places in the house in W
	on     [81]uint16  // per spread: the digits derived on
	rem    [81]uint16  // the cell's candidates not yet off (W's less those derived off)
	rpos   posMasks    // the digit's places not yet off
	queue  []pot       // the "on" potentials to handle
	dst    *potBits    // every potential derived
	bad    bool        // a contradiction was met
	useful potBits     // potentials whose conclusion eliminates something in W
}

// setup prepares the propagation for W = g.
func (f *fastSpread) setup(g *Grid, gpos *posMasks) {
	f.w = *g
	f.wpos = *gpos
	f.useful = potBits{}
	for c := 0; c < 81; c++ {
		n := popcount(g.Cand[c])
		f.many[c] = n >= 2
		for m := g.Cand[c]; m != 0; m &= m - 1 {
			d := trailing(m) + 1
			f.useful.add(mkPot(c, d, false))
			if n >= 2 {
				f.useful.add(mkPot(c, d, true))
			}
		}
	}
	for h := 0; h < 27; h++ {
		for d := 0; d < 9; d++ {
			f.hmany[h][d] = popcount(gpos[h][d]) >= 2
		}
	}
}

// run spreads p and sets dst to the potentials derived; it reports false
// when the spread meets a contradiction (dst is then not filled).
func (f *fastSpread) run(p pot, dst *potBits) bool {
	f.on = [81]uint16{}
	f.rem = f.w.Cand
	f.rpos = f.wpos
	f.queue = f.queue[:0]
	*dst = potBits{}
	f.dst = dst
	f.bad = false
	if p.on() {
		f.setOn(p.cell(), p.digit())
	} else {
		f.setOff(p.cell(), p.digit())
	}
	for i := 0; i < len(f.queue) && !f.bad; i++ {
		q := f.queue[i]
		cell, d := q.cell(), q.digit()
		bit := uint16(1) << (d - 1)
		for m := f.rem[cell] &^ bit; m != 0; m &= m - 1 {
			f.setOff(cell, trailing(m)+1)
		}
		for k, h := range cellHouses[cell] {
			for m := f.rpos[h][d-1] &^ (1 << cellIdx[cell][k]); m != 0; m &= m - 1 {
				f.setOff(int(houses[h][trailing(m)]), d)
			}
		}
	}
	return !f.bad
}

func (f *fastSpread) setOn(cell, d int) {
	bit := uint16(1) << (d - 1)
	if f.on[cell]&bit != 0 {
		return
	}
	if f.rem[cell]&bit == 0 {
		f.bad = true // it is off
		return
	}
	f.on[cell] |= bit
	p := mkPot(cell, d, true)
	f.queue = append(f.queue, p)
	f.dst.add(p)
}

func (f *fastSpread) setOff(cell, d int) {
	bit := uint16(1) << (d - 1)
	if f.rem[cell]&bit == 0 {
		return // off already
	}
	if f.on[cell]&bit != 0 {
		f.bad = true
		return
	}
	f.dst.add(mkPot(cell, d, false))
	f.rem[cell] &^= bit
	if f.many[cell] {
		switch r := f.rem[cell]; {
		case r == 0:
			f.bad = true
			return
		case r&(r-1) == 0:
			f.setOn(cell, trailing(r)+1)
		}
	}
	for k, h := range cellHouses[cell] {
		f.rpos[h][d-1] &^= 1 << cellIdx[cell][k]
		if !f.hmany[h][d-1] {
			continue
		}
		switch r := f.rpos[h][d-1]; {
		case r == 0:
			f.bad = true
			return
		case r&(r-1) == 0:
			f.setOn(int(houses[h][trailing(r)]), d)
		}
	}
}

// dynNeed is what the node spreads of one dynamic search must make.
type dynNeed struct {
	fs      fastSpread
	sets    []potBits // per assumption pot: its set (see fastSpread.run)
	absurd  [numPots]bool
	needOn  [numPots]bool // per assumption: its node spread is needed
	needOff [numPots]bool // (indexed by the "on" pot for both)
	cell    [81]bool      // the cell's chains may conclude
	region  [27][9]bool   // the region chains of (house, digit) may conclude
}

// plan works out which spreads of c's dynamic search on g (no "+", cell
// links, every cell of two or more candidates) can take part in a hint.
// The spreads that meet a contradiction are made with their nodes here
// (they are needed, and what they derive before it depends on their
// order): an "on" one is kept for the search, an "off" one made again
// there.
func (dn *dynNeed) plan(c *chainer, g *Grid, gpos *posMasks) {
	f := &dn.fs
	f.setup(g, gpos)
	if dn.sets == nil {
		dn.sets = make([]potBits, numPots)
	}
	dn.absurd = [numPots]bool{}
	dn.needOn = [numPots]bool{}
	dn.needOff = [numPots]bool{}
	dn.cell = [81]bool{}
	dn.region = [27][9]bool{}
	for c := 0; c < 81; c++ {
		if g.Value[c] != 0 {
			continue
		}
		for m := g.Cand[c]; m != 0; m &= m - 1 {
			d := trailing(m) + 1
			p := mkPot(c, d, true)
			if !f.run(p, &dn.sets[p]) {
				dn.absurd[p] = true
				dn.needOn[p] = true
			}
		}
		// in a cell of two candidates d, e, "d off" gives "e on" and "e
		// on" gives "d off" at once: both spreads reach the same set, and
		// a contradiction both or neither
		bi := popcount(g.Cand[c]) == 2
		for m := g.Cand[c]; m != 0 && f.many[c]; m &= m - 1 {
			d := trailing(m) + 1
			p := mkPot(c, d, true)
			if bi {
				e := mkPot(c, trailing(g.Cand[c]&^(1<<(d-1)))+1, true)
				dn.sets[p.flip()] = dn.sets[e]
				if dn.absurd[e] {
					dn.absurd[p.flip()] = true
					dn.needOff[p] = true
				}
				continue
			}
			if !f.run(p.flip(), &dn.sets[p.flip()]) {
				dn.absurd[p.flip()] = true
				dn.needOff[p] = true
			}
		}
	}
	for p := range dn.absurd {
		if !dn.absurd[p] {
			continue
		}
		q := pot(p)
		var on, off *potSet
		if q.on() {
			r := c.onSpread(q)
			on, off = r.on, r.off
		} else {
			on, off = c.getSet(), c.getSet()
			off.put(q, c.ar.add(q, causeNone))
			c.spread(on, off)
		}
		s := &dn.sets[q]
		*s = potBits{}
		for _, x := range on.order {
			s.add(x)
		}
		for _, x := range off.order {
			s.add(x)
		}
		if !q.on() {
			c.putSet(on)
			c.putSet(off)
		}
	}
	// common reports whether the sets of ps share a useful potential
	var acc potBits
	common := func(ps []pot) bool {
		acc = f.useful
		for _, p := range ps {
			any := uint64(0)
			s := &dn.sets[p]
			for w := range acc {
				acc[w] &= s[w]
				any |= acc[w]
			}
			if any == 0 {
				return false
			}
		}
		return true
	}
	var ps [9]pot
	for c := 0; c < 81; c++ {
		if g.Value[c] != 0 || !f.many[c] {
			continue
		}
		card := popcount(g.Cand[c])
		n := 0
		for m := g.Cand[c]; m != 0; m &= m - 1 {
			p := mkPot(c, trailing(m)+1, true)
			if card >= 3 && common([]pot{p, p.flip()}) {
				dn.needOn[p], dn.needOff[p] = true, true
			}
			ps[n] = p
			n++
		}
		if common(ps[:n]) {
			dn.cell[c] = true
			for _, p := range ps[:n] {
				dn.needOn[p] = true
			}
		}
	}
	for h := 0; h < 27; h++ {
		for d := 1; d <= 9; d++ {
			n := 0
			for _, o := range houses[h] {
				if g.Cand[o]&(1<<(d-1)) != 0 {
					ps[n] = mkPot(int(o), d, true)
					n++
				}
			}
			// the search makes the chains of a region whose first place
			// is a cell of two or more candidates
			if n >= 2 && f.many[ps[0].cell()] && common(ps[:n]) {
				dn.region[h][d-1] = true
				for _, p := range ps[:n] {
					dn.needOn[p] = true
				}
			}
		}
	}
}

// dynPlanner plans the spreads of a dynamic search without "+" on g (the
// inner searches of NestedDynamic0), or returns nil to make them all.
func (c *chainer) dynPlanner(g *Grid) *dynNeed {
	if !c.all || c.top.noDynPlan || c.cf != (config{multiple: true, dynamic: true}) {
		return nil
	}
	if c.dnBuf == nil {
		c.dnBuf = &dynNeed{}
	}
	c.dnBuf.plan(c, g, &c.basePos)
	return c.dnBuf
}
