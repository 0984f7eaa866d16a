package explainer

import (
	"fmt"
	"slices"
	"strings"

	"pencilbox/engine"
)

// How a chain hint is rated (SE 1.2.1): the producer's base difficulty plus
// a length bonus of 0.1 for each threshold of 4, 6, 8, 12, 16, 24, 32, ...
// (alternately x3/2 and x4/3) that the complexity less 2 passes. The
// complexity counts the distinct potentials of each chain, assumption and
// conclusion included, summed over the chains of the hint, plus the
// complexity of every distinct inner chain. Among hints of one producer
// serate takes the least difficulty, then the least complexity, then the
// kind: double forcing 1, forcing X-chain or X-cycle 2, Y 3, XY 4, cell
// forcing 5, region forcing 6, contradiction 7; the first found among
// equals.

type candKind uint8

const (
	kCycle candKind = iota
	kForcing
	kContradiction
	kDouble
	kCell
	kRegion
)

// candidate is a hint under consideration, its chains still in the arena.
type candidate struct {
	kind         candKind
	diff         float64
	cplx         int
	sortKey      int
	targets      []int32 // arena nodes, one per chain
	src          pot     // assumption of a forcing or binary chain
	cell         int     // cell of a cell forcing chain
	house, digit int     // region forcing chain
	xLinks       bool
	yLinks       bool
	elim         []engine.Mark
	place        engine.Mark // Cell -1 when nothing is placed
}

func lengthBonus(cplx int) float64 {
	added := 0.0
	ceil := 4
	length := cplx - 2
	odd := false
	for length > ceil {
		added += 0.1
		if !odd {
			ceil = ceil * 3 / 2
		} else {
			ceil = ceil * 4 / 3
		}
		odd = !odd
	}
	return added
}

// less orders candidates as serate's chaining sort does.
func (a *candidate) less(b *candidate) bool {
	if a.diff != b.diff {
		return a.diff < b.diff
	}
	if a.cplx != b.cplx {
		return a.cplx < b.cplx
	}
	return a.sortKey < b.sortKey
}

// ancestorsUpTo counts the distinct potentials behind node n, walking the
// parents breadth first and expanding each potential once, the first node
// met for it (as the reference counts them).
// It stops counting once the count passes limit (it then returns limit+1).
func (c *chainer) ancestorsUpTo(n int32, limit int) int {
	c.nextGen()
	todo := append(c.todo[:0], n)
	defer func() { c.todo = todo[:0] }()
	count := 0
	for i := 0; i < len(todo); i++ {
		x := todo[i]
		p := c.ar.nodes[x].p
		if c.stamp[p] == c.gen {
			continue
		}
		c.stamp[p] = c.gen
		count++
		if count > limit {
			return count
		}
		todo = append(todo, c.ar.parents(x)...)
	}
	return count
}

// nextGen starts a new walk over the stamp array (clearing it on wrap).
func (c *chainer) nextGen() {
	c.gen++
	if c.gen == 0 {
		c.stamp = [numPots]uint32{}
		c.gen = 1
	}
}

// offer rates cand and keeps it when it beats the best so far; the best's
// chains are copied out of the arena (which the search reuses).
func (c *chainer) offer(cand *candidate) {
	if len(cand.elim) == 0 {
		return
	}
	base := c.cf.baseDifficulty()
	switch cand.kind {
	case kCycle, kForcing:
		switch {
		case cand.xLinks && cand.yLinks:
			base = 7.0
		case cand.kind == kCycle:
			base = 6.5
		default:
			base = 6.6
		}
		switch {
		case cand.xLinks && cand.yLinks:
			cand.sortKey = 4
		case cand.yLinks:
			cand.sortKey = 3
		default:
			cand.sortKey = 2
		}
	case kDouble:
		cand.sortKey = 1
	case kCell:
		cand.sortKey = 5
	case kRegion:
		cand.sortKey = 6
	case kContradiction:
		cand.sortKey = 7
	}
	// The difficulty grows with the complexity: against a best of the same
	// base, a candidate whose chains pass the best's complexity loses (the
	// inner chains' complexity only adds), so the count stops there. An
	// inner producer keeps the best hint of each effect (keepAll), so
	// there the best is the hint kept for the same effect.
	limit := int(^uint(0) >> 1)
	k, seq := int32(-1), 0
	if c.all && c.top.rawAll {
		seq = c.seq
		c.seq++
	} else if c.all {
		k, seq = c.effectSlot(cand.elim)
		if k >= 0 {
			kept := c.hints[k]
			if base > kept.diff {
				return
			}
			if base == kept.base {
				limit = kept.cplx
			}
		}
	} else if c.haveBest {
		if base > c.best.diff {
			return
		}
		if base == c.bestBase {
			limit = c.best.cplx
		}
	}
	flat := 0
	for _, t := range cand.targets {
		flat += c.ancestorsUpTo(t, limit-flat)
		if flat > limit {
			return
		}
	}
	cand.cplx = flat + c.nestedComplexity(cand.targets)
	cand.diff = base + lengthBonus(cand.cplx)
	if c.all {
		c.keepAll(cand, base, flat, k, seq)
		return
	}
	if c.haveBest && !cand.less(&c.best) {
		return
	}
	c.haveBest = true
	c.bestBase = base
	c.snap = c.takeSnapshot(cand, flat)
	c.best = *cand
	c.best.targets = nil
	c.best.elim = nil
}

// An inner producer (all) gives every hint in serate's order (difficulty,
// complexity, kind, then first found), one per distinct effect: the first
// of that order. Among the hints of one effect that is the least by
// (difficulty, complexity, kind), the first found among equals, so only
// that one is kept, as the search goes: a later hint of the same effect
// replaces it only when strictly less, and its chains are copied out
// (takeSnapshot) only then. A dynamic inner search offers about eight
// hints per distinct effect (forum_hardest_1106).

// effectSlot returns the index in c.hints of the hint kept for the effect
// el (-1 when there is none yet) and the hint's number in the order found.
func (c *chainer) effectSlot(el []engine.Mark) (int32, int) {
	var in [81]uint16
	lo, hi := 81, -1
	for _, m := range el {
		in[m.Cell] |= 1 << (m.Value - 1)
		lo, hi = min(lo, m.Cell), max(hi, m.Cell)
	}
	key := c.ekey[:0]
	for cell := lo; cell <= hi; cell++ {
		if in[cell] != 0 {
			key = append(key, byte(cell), byte(in[cell]), byte(in[cell]>>8))
		}
	}
	c.ekey = key
	seq := c.seq
	c.seq++
	if k, ok := c.effIdx[string(key)]; ok {
		return k, seq
	}
	return -1, seq
}

// keepAll keeps cand (rated, its effect's slot k) when it is its effect's
// first hint or beats the one kept.
func (c *chainer) keepAll(cand *candidate, base float64, flat int, k int32, seq int) {
	if c.top.rawAll {
		sn := c.takeSnapshot(cand, flat)
		sn.sortKey, sn.base, sn.seq = cand.sortKey, base, seq
		c.hints = append(c.hints, sn)
		return
	}
	if k >= 0 {
		kept := c.hints[k]
		if !cand.less(&candidate{diff: kept.diff, cplx: kept.cplx, sortKey: kept.sortKey}) {
			return
		}
	}
	sn := c.lazySnapshot(cand, flat)
	sn.sortKey, sn.base, sn.seq = cand.sortKey, base, seq
	if k >= 0 {
		c.hints[k] = sn
		return
	}
	if c.effIdx == nil {
		c.effIdx = make(map[string]int32)
	}
	c.effIdx[string(c.ekey)] = int32(len(c.hints))
	c.hints = append(c.hints, sn)
}

// snapshot is a hint's chains copied out of the arena: one node per
// distinct potential, parents as indices into nodes.
type snapshot struct {
	kind         candKind
	diff         float64
	cplx, flat   int
	sortKey      int
	src          pot
	cell         int
	house, digit int
	xLinks       bool
	yLinks       bool
	elim         []engine.Mark
	place        engine.Mark
	nodes        []snode
	targets      []int // per chain, index into nodes
	sig          []pot // targets then each chain's potentials: equal chains have equal signatures
	level        int
	base         float64 // all: the producer's or link kind's base difficulty
	seq          int     // all: the hint's number in the order found
	pend         []int32 // lazySnapshot: the chains' arena nodes, not copied yet
}

type snode struct {
	p       pot
	cause   cause
	parents []int
	nested  *snapshot
}

// takeSnapshot copies the chains of cand. Within one chain a potential is
// kept once (its first node breadth first); a potential met again in
// another chain gets a node of its own there when its parents differ.
func (c *chainer) takeSnapshot(cand *candidate, flat int) *snapshot {
	s := c.metaSnapshot(cand, flat)
	c.copyChains(s, cand.targets)
	return s
}

// metaSnapshot is a snapshot of cand without its chains.
func (c *chainer) metaSnapshot(cand *candidate, flat int) *snapshot {
	s := &snapshot{kind: cand.kind, diff: cand.diff, cplx: cand.cplx, flat: flat, src: cand.src,
		cell: cand.cell, house: cand.house, digit: cand.digit, xLinks: cand.xLinks, yLinks: cand.yLinks,
		place: cand.place, level: c.cf.level}
	s.elim = append([]engine.Mark(nil), cand.elim...)
	return s
}

// An inner producer keeps each effect's best hint as it goes, and most
// hints it keeps are replaced by a better one of the same effect before
// the search ends (a dynamic inner search offers about eight hints per
// effect kept). So the chains of a kept hint stay in the arena, which
// keeps every node until the search's next assumption (the forcing chains
// and cycles, chain_xy.go) or its end (the others), and are copied out
// then (flushChains) for the hints still kept.

// lazySnapshot is takeSnapshot with the chains copied at the next
// flushChains.
func (c *chainer) lazySnapshot(cand *candidate, flat int) *snapshot {
	s := c.metaSnapshot(cand, flat)
	s.pend = append([]int32(nil), cand.targets...)
	c.pending = true
	return s
}

// flushChains copies out the chains of the hints kept whose chains are
// still in the arena (none since the last flush when c.pending is false:
// the forcing chains flush before each of their thousands of assumptions,
// and walking every kept hint each time had cost more than the copies).
func (c *chainer) flushChains() {
	if !c.pending {
		return
	}
	c.pending = false
	for _, s := range c.hints {
		if s.pend != nil {
			c.copyChains(s, s.pend)
			s.pend = nil
		}
	}
}

// copyChains copies the chains ending at targets (arena nodes) into s.
func (c *chainer) copyChains(s *snapshot, targets []int32) {
	for _, t := range targets {
		s.sig = append(s.sig, c.ar.nodes[t].p)
	}
	var slab []int // the nodes' parents, allocated together
	for _, t := range targets {
		// breadth first, one node per potential in this chain
		c.nextGen()
		gen := c.gen
		order := append(c.todo[:0], t)
		kept := c.kept[:0]
		np := 0
		for i := 0; i < len(order); i++ {
			x := order[i]
			p := c.ar.nodes[x].p
			if c.stamp[p] == gen {
				continue
			}
			c.stamp[p] = gen
			c.snapIdx[p] = int32(len(s.nodes) + len(kept))
			kept = append(kept, x)
			ps := c.ar.parents(x)
			np += len(ps)
			order = append(order, ps...)
		}
		c.todo, c.kept = order[:0], kept
		base := len(s.nodes)
		s.nodes = slices.Grow(s.nodes, len(kept))
		s.sig = slices.Grow(s.sig, len(kept)+1)
		if cap(slab)-len(slab) < np {
			// one chain (forcing chains and cycles, most hints): its own
			// parents exactly; more: room for the next ones too
			n := np
			if len(targets) > 1 {
				n = max(np, 64)
			}
			slab = make([]int, 0, n)
		}
		for _, x := range kept {
			nd := c.ar.nodes[x]
			sn := snode{p: nd.p, cause: nd.cause}
			if ps := c.ar.parents(x); len(ps) > 0 {
				n := len(slab)
				slab = slab[:n+len(ps)]
				sn.parents = slab[n : n+len(ps) : n+len(ps)]
				for i, q := range ps {
					sn.parents[i] = int(c.snapIdx[c.ar.nodes[q].p])
				}
			}
			if nd.nested > 0 {
				sn.nested = c.nested[nd.nested-1]
			}
			s.nodes = append(s.nodes, sn)
			s.sig = append(s.sig, nd.p)
		}
		s.sig = append(s.sig, -1)
		s.targets = append(s.targets, base)
	}
}

// nestedComplexity sums the complexity of the distinct inner chains the
// chains of targets rest on.
func (c *chainer) nestedComplexity(targets []int32) int {
	if c.cf.level < 2 {
		return 0
	}
	var seen []*snapshot
	total := 0
	for _, t := range targets {
		c.nextGen()
		todo := append(c.todo[:0], t)
		for i := 0; i < len(todo); i++ {
			x := todo[i]
			p := c.ar.nodes[x].p
			if c.stamp[p] == c.gen {
				continue
			}
			c.stamp[p] = c.gen
			if k := c.ar.nodes[x].nested; k > 0 {
				in := c.nested[k-1]
				dup := false
				for _, o := range seen {
					if o == in || sameChains(o, in) {
						dup = true
						break
					}
				}
				if !dup {
					seen = append(seen, in)
					total += in.cplx
				}
			}
			todo = append(todo, c.ar.parents(x)...)
		}
		c.todo = todo[:0]
	}
	return total
}

func sameChains(a, b *snapshot) bool {
	if len(a.sig) != len(b.sig) {
		return false
	}
	for i := range a.sig {
		if a.sig[i] != b.sig[i] {
			return false
		}
	}
	return true
}

// name is the technique's name as serate prints it.
func (s *snapshot) name(cf config) string {
	switch s.kind {
	case kCycle:
		switch {
		case s.xLinks && s.yLinks:
			return "Bidirectional Cycle"
		case s.yLinks:
			return "Bidirectional Y-Cycle"
		}
		if len(s.loopCells()) == 4 {
			return "Generalized X-Wing"
		}
		return "Bidirectional X-Cycle"
	case kForcing:
		switch {
		case s.xLinks && s.yLinks:
			return "Forcing Chain"
		case s.yLinks:
			return "Forcing Y-Chain"
		case s.flat == 6:
			return "Turbot Fish"
		}
		return "Forcing X-Chain"
	}
	prefix := ""
	if cf.level > 0 || cf.dynamic && !cf.nishio {
		prefix = "Dynamic "
	} else if cf.nishio {
		prefix = "Nishio "
	}
	var mid string
	switch s.kind {
	case kContradiction:
		mid = "Contradiction Forcing"
		if cf.nishio {
			mid = "Forcing"
		}
	case kDouble:
		mid = "Double Forcing"
	case kCell:
		mid = "Cell Forcing"
	case kRegion:
		mid = "Region Forcing"
	}
	return prefix + mid + " Chains" + nestedSuffix(cf.level)
}

func nestedSuffix(level int) string {
	switch {
	case level == 1:
		return " (+)"
	case level == 2:
		return " (+ Forcing Chains)"
	case level == 3:
		return " (+ Multiple Forcing Chains)"
	case level == 4:
		return " (+ Dynamic Forcing Chains)"
	case level >= 5:
		return " (+ Dynamic Forcing Chains" + nestedSuffix(level-3) + ")"
	}
	return ""
}

// loopCells lists the cells of a cycle in order.
func (s *snapshot) loopCells() []int {
	var cells []int
	seen := [81]bool{}
	for _, i := range s.chainOf(s.targets[0]) {
		if c := s.nodes[i].p.cell(); !seen[c] {
			seen[c] = true
			cells = append(cells, c)
		}
	}
	return cells
}

// hint builds the path's Hint: name, difficulty, effect, and (when steps is
// true) a step whose sentence a reader follows and whose links a viewer draws.
func (s *snapshot) hint(cf config, steps bool) Hint {
	h := Hint{Technique: s.name(cf), Difficulty: s.diff}
	h.Eliminate = append([]engine.Mark(nil), s.elim...)
	if s.place.Cell >= 0 {
		h.Place = []engine.Mark{s.place}
		// placing removes the cell's other candidates itself
		h.Eliminate = h.Eliminate[:0]
		for _, m := range s.elim {
			if m.Cell != s.place.Cell {
				h.Eliminate = append(h.Eliminate, m)
			}
		}
	}
	if !steps {
		return h
	}
	st := engine.Step{Technique: h.Technique, Sentence: s.sentence(h.Technique)}
	st.Links = s.links(nil, 0)
	st.Pattern = s.patternCells()
	if s.kind == kRegion {
		st.Houses = []string{houseName(s.house)}
		st.Digits = []int{s.digit}
	}
	h.Step = st
	return h
}

// links lists the links of every chain, each chain from its assumption to
// its conclusion (a link's parents before it), then the links of the inner
// chains, each tied to the link of the outer chain it supports.
func (s *snapshot) links(out []engine.Link, parentLink int) []engine.Link {
	type pending struct {
		in   *snapshot
		link int
	}
	var inner []pending
	for ci, t := range s.targets {
		done := map[int]bool{}
		var visit func(i int)
		visit = func(i int) {
			if done[i] {
				return
			}
			done[i] = true
			nd := &s.nodes[i]
			for _, q := range nd.parents {
				visit(q)
			}
			for _, q := range nd.parents {
				from := s.nodes[q].p
				out = append(out, engine.Link{
					From: engine.Mark{Cell: from.cell(), Value: from.digit()}, FromOn: from.on(),
					To: engine.Mark{Cell: nd.p.cell(), Value: nd.p.digit()}, ToOn: nd.p.on(),
					Strong: !from.on() && nd.p.on(), Chain: ci, Parent: parentLink,
				})
			}
			if nd.nested != nil {
				inner = append(inner, pending{nd.nested, len(out)})
			}
		}
		visit(t)
	}
	for _, p := range inner {
		base := len(out)
		out = p.in.links(out, p.link)
		// inner chains number their own chains after the outer ones
		for i := base; i < len(out); i++ {
			out[i].Chain += len(s.targets)
		}
	}
	return out
}

func (s *snapshot) patternCells() []int {
	var cells []int
	seen := [81]bool{}
	for _, n := range s.nodes {
		if c := n.p.cell(); !seen[c] {
			seen[c] = true
			cells = append(cells, c)
		}
	}
	return cells
}

func potText(p pot) string {
	if p.on() {
		return fmt.Sprintf("%s is %d", cellName(p.cell()), p.digit())
	}
	return fmt.Sprintf("%s is not %d", cellName(p.cell()), p.digit())
}

func (s *snapshot) effect() string {
	if s.place.Cell >= 0 {
		return fmt.Sprintf("%s must be %d", cellName(s.place.Cell), s.place.Value)
	}
	parts := make([]string, 0, len(s.elim))
	for _, m := range s.elim {
		parts = append(parts, fmt.Sprintf("%s loses %d", cellName(m.Cell), m.Value))
	}
	return strings.Join(parts, ", ")
}

// lineText writes chain t's main line from its assumption: "r1c9 is 6, so
// r1c5 is not 6, so r1c5 is 3, ..." (long lines give their ends only).
func (s *snapshot) lineText(t int) string {
	line := s.chainOf(t)
	n := len(line)
	if n > 14 {
		return fmt.Sprintf("in %d steps, %s", n-1, potText(s.nodes[line[0]].p))
	}
	var sb strings.Builder
	for i := n - 2; i >= 0; i-- {
		if i < n-2 {
			sb.WriteString(", so ")
		}
		sb.WriteString(potText(s.nodes[line[i]].p))
	}
	return sb.String()
}

func (s *snapshot) sentence(name string) string {
	inner := ""
	if s.level > 0 {
		inner = " (inside the chains, basic techniques and inner forcing chains also remove candidates)"
	}
	switch s.kind {
	case kCycle:
		cells := s.loopCells()
		names := make([]string, len(cells))
		for i, c := range cells {
			names[i] = cellName(c)
		}
		start := s.nodes[s.targets[0]].p
		return fmt.Sprintf("The loop through %s holds both ways (if %s then %s), so one of each linked pair is true: %s.",
			strings.Join(names, ", "), potText(start), s.lineText(s.targets[0]), s.effect())
	case kForcing:
		t := s.nodes[s.targets[0]].p
		return fmt.Sprintf("Suppose %s: %s, a contradiction; so %s.", potText(t.flip()), s.lineText(s.targets[0]), s.effect())
	case kContradiction:
		a := s.nodes[s.targets[0]].p
		return fmt.Sprintf("Suppose %s: one chain shows that %s, another that %s%s; so the supposition is false and %s.",
			potText(s.src), potText(a), potText(a.flip()), inner, s.effect())
	case kDouble:
		t := s.nodes[s.targets[0]].p
		return fmt.Sprintf("Whether %s or not, %s (one chain for each case%s); so %s.",
			potText(mkPot(s.src.cell(), s.src.digit(), true)), potText(t), inner, s.effect())
	case kCell:
		t := s.nodes[s.targets[0]].p
		return fmt.Sprintf("Whichever candidate %s holds, a chain leads to %s%s; so %s.",
			cellName(s.cell), potText(t), inner, s.effect())
	case kRegion:
		t := s.nodes[s.targets[0]].p
		return fmt.Sprintf("Wherever %d goes in %s, a chain leads to %s%s; so %s.",
			s.digit, houseName(s.house), potText(t), inner, s.effect())
	}
	return s.effect() + "."
}

// chainOf lists the node indices of chain t along its main line, from the
// conclusion back to the assumption.
func (s *snapshot) chainOf(t int) []int {
	var line []int
	seen := map[int]bool{}
	for i := t; !seen[i]; i = s.nodes[i].parents[0] {
		seen[i] = true
		line = append(line, i)
		if len(s.nodes[i].parents) == 0 {
			break
		}
	}
	return line
}
