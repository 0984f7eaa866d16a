package explainer

import (
	"sort"

	"pencilbox/engine"
)

// Dynamic "+" and nested forcing chains: when a dynamic spread has nothing
// left to derive, the basic techniques SE 1.2.1 uses inside chains
// (pointing/claiming, hidden pair, naked pair, X-Wing; see PlusHinters) and,
// nested, the inner chaining producers are run on the spread's working
// grid. Their eliminations become "off" potentials whose parents are the
// chain's earlier removals the pattern rests on (a pattern that rests on
// none was there before the assumption and is skipped). Techniques are
// tried in order and the first that yields anything ends the round.

// advanced appends to c.buf the "off" potentials of the first technique
// that yields some.
func (c *chainer) advanced(toOff *potSet) {
	ans := c.plusMemo()
	c.ps.newRound()
	for i := 0; i < numPlus; i++ {
		for _, h := range c.plusHints(ans, i, &c.pos, &c.save, &c.basePos) {
			marks := h.rule.offParents(&c.save, &c.cur, c.ps.marks[:0])
			c.ps.marks = marks
			if len(marks) == 0 {
				continue
			}
			for _, q := range h.elim {
				n := c.ar.add(q, causeAdvanced)
				for _, pm := range marks {
					if r := toOff.get(pm); r >= 0 {
						c.ar.addParent(n, r)
					}
				}
				c.buf = append(c.buf, n)
			}
		}
		if len(c.buf) > 0 {
			return
		}
	}
	if c.cf.level >= 2 {
		c.nestedPotentials(toOff)
	}
}

// plusMemo returns the kept answers of the "+" techniques on the working
// grid (a new entry when the grid was not met), nil when the memo is off.
// They depend on the grid alone, and every dynamic producer from "+" up
// spreads the same assumptions through the same "+" rounds until its inner
// chains first add something, so they are kept for the whole rating
// (Chains.plus, bounded as Chains.inner, at most MaxInnerMemo grids).
func (c *chainer) plusMemo() *plusAnswers {
	top := c.top
	if top.noMemo {
		return nil
	}
	return top.plus.answers(&c.cur, top.memoLimit())
}

// plusHints returns the hints of the i-th "+" technique on the working
// grid, whose place masks are t (a dynamic spread keeps c.pos so), their
// eliminations in hashOrder, from ans (plusMemo) when known there, else
// found (chain_plusfast.go, from the changes since base, whose place
// masks are bt, when base is not nil) and kept in ans (when not nil). A
// technique asked again on a grid charges no work.
func (c *chainer) plusHints(ans *plusAnswers, i int, t *posMasks, base *Grid, bt *posMasks) []plusHint {
	if ans != nil && ans.known&(1<<i) != 0 {
		return ans.hints[i]
	}
	var hs []plusHint
	if c.top.plusGeneric {
		var work int64
		hs, work = genericPlus(i, &c.cur)
		c.charge(int(work))
	} else {
		hs = c.ps.plusFind(i, &c.cur, t, base, bt)
		c.charge(plusWork)
	}
	if ans != nil {
		ans.known |= 1 << i
		ans.hints[i] = hs
	}
	return hs
}

// plusCollector gathers every hint a hinter offers.
type plusCollector struct{ hints []Hint }

func (p *plusCollector) Add(h Hint) bool {
	p.hints = append(p.hints, h)
	return true
}

// genericPlus returns the hints of PlusHinters' i-th hinter on g, as
// plusHints gives them, and the work they charge (the hinter's and one
// for the call): what the "+" rounds asked before chain_plusfast.go, kept
// for the tests to compare (Chains.plusGeneric).
func genericPlus(i int, g *Grid) ([]plusHint, int64) {
	var col plusCollector
	ctx := Context{Limit: 1 << 62}
	PlusHinters()[i].Hints(g, &ctx, &col)
	var hs []plusHint
	for _, h := range col.hints {
		var elim []pot
		for _, m := range hashOrder(h.Eliminate) {
			elim = append(elim, mkPot(m.Cell, m.Value, false))
		}
		hs = append(hs, plusHint{rule: h.Rule, elim: elim})
	}
	return hs, ctx.Work + 1
}

// hashOrder lists eliminations in the order SE walks its hint's
// cell-to-digits hash map: by the cell index modulo the map's table size
// (16, doubled while the cells pass three quarters of it), cells of one
// bucket in the order the hint named them, digits ascending.
func hashOrder(el []engine.Mark) []engine.Mark {
	var cells []int
	seen := [81]bool{}
	for _, m := range el {
		if !seen[m.Cell] {
			seen[m.Cell] = true
			cells = append(cells, m.Cell)
		}
	}
	size := 16
	for len(cells) > size*3/4 {
		size *= 2
	}
	sort.SliceStable(cells, func(i, j int) bool { return cells[i]&(size-1) < cells[j]&(size-1) })
	out := make([]engine.Mark, 0, len(el))
	for _, c := range cells {
		var m uint16
		for _, e := range el {
			if e.Cell == c {
				m |= 1 << (e.Value - 1)
			}
		}
		for ; m != 0; m &= m - 1 {
			out = append(out, engine.Mark{Cell: c, Value: trailing(m) + 1})
		}
	}
	return out
}

// nestedPotentials runs the inner chaining producers (levels 2 and up):
// forcing chains and cycles (2), also multiple forcing chains (3), or
// dynamic forcing chains of the configured inner level (4). Each inner hint
// whose chains rest on candidates the outer chain removed gives its
// eliminations as "off" potentials; the inner hint is kept for the
// complexity and the drawing.
func (c *chainer) nestedPotentials(toOff *potSet) {
	if c.inner == nil {
		var cfs []config
		switch {
		case c.cf.level == 2:
			cfs = []config{{}}
		case c.cf.level == 3:
			cfs = []config{{}, {multiple: true}}
		default:
			cfs = []config{{multiple: true, dynamic: true, level: c.cf.inner}}
		}
		for _, cf := range cfs {
			in := newChainer(cf, c.top)
			in.all = true
			c.inner = append(c.inner, in)
		}
	}
	var parents []pot
	for _, in := range c.inner {
		in.base, in.gpos = &c.save, &c.pos
		hs := in.allHints(&c.cur)
		in.base, in.gpos = nil, nil
		for _, h := range hs {
			parents = h.ruleParents(&c.save, &c.cur, parents[:0])
			if len(parents) == 0 {
				continue
			}
			c.nested = append(c.nested, h)
			idx := int32(len(c.nested))
			for _, m := range hashOrder(h.elim) {
				n := c.ar.add(mkPot(m.Cell, m.Value, false), causeAdvanced)
				c.ar.nodes[n].nested = idx
				for _, q := range parents {
					if r := toOff.get(q); r >= 0 {
						c.ar.addParent(n, r)
					}
				}
				c.buf = append(c.buf, n)
			}
		}
		if len(c.buf) > 0 {
			return
		}
	}
}

// allHints returns every hint of an inner producer on g, in serate's order
// (difficulty, complexity, kind; first found first), one per distinct
// effect. The answer depends on the producer's configuration and g alone,
// and a rating meets the same inner search again and again: the nested
// producers of one step search the same working grids (level 3 runs level
// 2's inner forcing chains first, on the same "+" spreads), and many
// spreads of the next step end in grids of this one (forum_hardest_1106's
// first 12: a quarter of the inner forcing chain searches). So the answers
// are kept for the whole rating (Chains.inner), and a search met again
// charges no work.
func (c *chainer) allHints(g *Grid) []*snapshot {
	top := c.top
	if top.noMemo {
		return c.searchAll(g)
	}
	k := innerKey{c.cf, *g}
	if hs, ok := top.inner[k]; ok {
		return hs
	}
	hs := c.searchAll(g)
	if len(hs) > 0 {
		hs = append([]*snapshot(nil), hs...)
	} else {
		hs = nil
	}
	if top.inner == nil {
		top.inner = make(map[innerKey][]*snapshot)
	}
	if len(top.inner) >= top.memoLimit() {
		clear(top.inner)
	}
	top.inner[k] = hs
	return hs
}

// searchAll is allHints' search: its answer lives in c.hints until the
// next search of c. The search keeps one hint per effect (keepAll); they
// are put in serate's order here.
func (c *chainer) searchAll(g *Grid) []*snapshot {
	c.hints = c.hints[:0]
	clear(c.effIdx)
	c.seq = 0
	c.search(g)
	c.flushChains()
	if c.top.rawAll {
		return c.rawDedup()
	}
	sort.Slice(c.hints, func(i, j int) bool {
		a, b := c.hints[i], c.hints[j]
		if a.diff != b.diff {
			return a.diff < b.diff
		}
		if a.cplx != b.cplx {
			return a.cplx < b.cplx
		}
		if a.sortKey != b.sortKey {
			return a.sortKey < b.sortKey
		}
		return a.seq < b.seq
	})
	return c.hints
}

// rawDedup puts every hint found (rawAll) in serate's order and keeps the
// first of each effect, as the reference does.
func (c *chainer) rawDedup() []*snapshot {
	sort.SliceStable(c.hints, func(i, j int) bool {
		a, b := c.hints[i], c.hints[j]
		if a.diff != b.diff {
			return a.diff < b.diff
		}
		if a.cplx != b.cplx {
			return a.cplx < b.cplx
		}
		return a.sortKey < b.sortKey
	})
	kept := c.hints[:0]
	for _, h := range c.hints {
		dup := false
		for _, k := range kept {
			if sameEffect(k.elim, h.elim) {
				dup = true
				break
			}
		}
		if !dup {
			kept = append(kept, h)
		}
	}
	c.hints = kept
	return c.hints
}

func sameEffect(a, b []engine.Mark) bool {
	if len(a) != len(b) {
		return false
	}
	var ma, mb [81]uint16
	for _, m := range a {
		ma[m.Cell] |= 1 << (m.Value - 1)
	}
	for _, m := range b {
		mb[m.Cell] |= 1 << (m.Value - 1)
	}
	return ma == mb
}

// ruleParents lists (as "off" potentials) the candidates, present in
// initial and gone from current, that the conclusions of the hint's chains
// rest on: for every "on" step made because a cell had one candidate left,
// the cell's removed candidates; because a digit had one place left in a
// house, the digit's removed places there. The assumption of a cell or
// region forcing chain counts as such a step.
func (s *snapshot) ruleParents(initial, current *Grid, out []pot) []pot {
	var seen [numPots]bool
	for _, p := range out {
		seen[p] = true
	}
	add := func(p pot) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for ci, t := range s.targets {
		end := len(s.nodes)
		if ci+1 < len(s.targets) {
			end = s.targets[ci+1]
		}
		// the snapshot keeps each chain's nodes breadth first from its target
		for i := t; i < end; i++ {
			nd := &s.nodes[i]
			why := nd.cause
			if why == causeNone {
				switch s.kind {
				case kCell:
					why = causeCell
				case kRegion:
					why = houseCause(s.house)
				}
			}
			if !nd.p.on() || why == causeNone || why == causeAdvanced {
				continue
			}
			cell, d := nd.p.cell(), nd.p.digit()
			if why == causeCell {
				for m := initial.Cand[cell] &^ current.Cand[cell]; m != 0; m &= m - 1 {
					add(mkPot(cell, trailing(m)+1, false))
				}
				continue
			}
			var h int
			switch why {
			case causeRow:
				h = int(cellHouses[cell][0])
			case causeCol:
				h = int(cellHouses[cell][1])
			default:
				h = int(cellHouses[cell][2])
			}
			bit := uint16(1) << (d - 1)
			for _, o := range houses[h] {
				if initial.Cand[o]&bit != 0 && current.Cand[o]&bit == 0 {
					add(mkPot(int(o), d, false))
				}
			}
		}
	}
	return out
}
