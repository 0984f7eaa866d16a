package explainer

// The chaining family reasons about potentials: "cell c holds digit d" (on)
// or "cell c does not hold d" (off). A potential packs into one int so the
// sets the search keeps are flat arrays indexed by it.

// pot is (cell*9 + digit-1)*2 + on.
type pot int32

const numPots = 81 * 9 * 2

func mkPot(cell, d int, on bool) pot {
	p := pot((cell*9 + d - 1) * 2)
	if on {
		p++
	}
	return p
}

func (p pot) cell() int  { return int(p>>1) / 9 }
func (p pot) digit() int { return int(p>>1)%9 + 1 }
func (p pot) on() bool   { return p&1 == 1 }
func (p pot) flip() pot  { return p ^ 1 }

// cause says which rule made a potential: the initial assumption (none), a
// cell with one candidate left or a digit's only place in a house, or one of
// the basic techniques run inside a dynamic "+" chain.
type cause uint8

const (
	causeNone cause = iota
	causeCell       // the cell's other candidates (on to off), or its last one (off to on)
	causeBox
	causeRow
	causeCol
	causeAdvanced
)

// houseCause maps a house (0-8 rows, 9-17 columns, 18-26 boxes) to its cause.
func houseCause(h int) cause {
	switch {
	case h < 9:
		return causeRow
	case h < 18:
		return causeCol
	}
	return causeBox
}

// node is one derived potential in the arena: its parents are the
// potentials it follows from, the first of them the main line of the chain
// (the others are the candidates a dynamic chain removed earlier).
type node struct {
	p      pot
	pstart int32  // parents are arena.pars[pstart : pstart+pn]
	nested int32  // 1 + index of the inner hint (advanced causes), 0 for none
	pn     uint16 // its parent and the removals it rests on: at most the 729 candidates
	cause  cause
}

// arena holds the nodes of one search; it is reset, not freed, between
// searches so that the chains do not allocate once warm.
type arena struct {
	nodes []node
	pars  []int32
}

func (a *arena) reset() {
	a.nodes = a.nodes[:0]
	a.pars = a.pars[:0]
}

// add makes a node with no parents yet; addParent must follow at once (the
// parents of a node are contiguous).
func (a *arena) add(p pot, c cause) int32 {
	a.nodes = append(a.nodes, node{p: p, cause: c, pstart: int32(len(a.pars))})
	return int32(len(a.nodes) - 1)
}

// add1 makes a node with one parent (most nodes: one step of a chain).
func (a *arena) add1(p pot, c cause, parent int32) int32 {
	a.nodes = append(a.nodes, node{p: p, cause: c, pstart: int32(len(a.pars)), pn: 1})
	a.pars = append(a.pars, parent)
	return int32(len(a.nodes) - 1)
}

func (a *arena) addParent(n, parent int32) {
	a.pars = append(a.pars, parent)
	a.nodes[n].pn++
}

func (a *arena) parents(n int32) []int32 {
	nd := &a.nodes[n]
	return a.pars[nd.pstart : nd.pstart+int32(nd.pn)]
}

// first returns the node's main parent, or -1 for the assumption.
func (a *arena) first(n int32) int32 {
	nd := &a.nodes[n]
	if nd.pn == 0 {
		return -1
	}
	return a.pars[nd.pstart]
}

// potSet is an insertion-ordered set of potentials, each with the node that
// brought it in (a later add of the same potential replaces the node but
// keeps the place, as the reference's linked set does). A set holds
// potentials of one polarity (a spread's "on" set, its "off" set), so its
// table has one entry per candidate: half the memory, and a search keeps
// hundreds of sets (every candidate's spread, for the cell and region
// chains).
type potSet struct {
	at    [numPots / 2]int32 // 1 + the node of each candidate's potential, 0 when absent
	pol   pot                // the polarity held (p&1), taken by the first put
	order []pot
}

func (s *potSet) clear() {
	for _, p := range s.order {
		s.at[p>>1] = 0
	}
	s.order = s.order[:0]
}

func (s *potSet) has(p pot) bool { return p&1 == s.pol && s.at[p>>1] != 0 }

// get returns the node of p, or -1.
func (s *potSet) get(p pot) int32 {
	if p&1 != s.pol {
		return -1
	}
	return s.at[p>>1] - 1
}

// holds checks that s may take p: an empty set takes either polarity.
func (s *potSet) holds(p pot) {
	if p&1 != s.pol {
		if len(s.order) > 0 {
			panic("explainer: a potential set given both polarities")
		}
		s.pol = p & 1
	}
}

// put adds p with node n, or replaces its node when p is there already.
func (s *potSet) put(p pot, n int32) {
	s.holds(p)
	if s.at[p>>1] == 0 {
		s.order = append(s.order, p)
	}
	s.at[p>>1] = n + 1
}

// putNew adds p, which the set does not hold, with node n.
func (s *potSet) putNew(p pot, n int32) {
	s.holds(p)
	s.order = append(s.order, p)
	s.at[p>>1] = n + 1
}

// node returns the node of the i-th potential of the set.
func (s *potSet) node(i int) int32 { return s.at[s.order[i]>>1] - 1 }

// appendNodes appends the nodes of the set, in its order, to q.
func (s *potSet) appendNodes(q []int32) []int32 {
	for _, p := range s.order {
		q = append(q, s.at[p>>1]-1)
	}
	return q
}

// copyFrom makes s an ordered copy of o.
func (s *potSet) copyFrom(o *potSet) {
	s.clear()
	for _, p := range o.order {
		s.at[p>>1] = o.at[p>>1]
	}
	s.pol = o.pol
	s.order = append(s.order, o.order...)
}

// retain keeps the potentials of s that o holds too, in s's order.
func (s *potSet) retain(o *potSet) {
	j := 0
	for _, p := range s.order {
		if o.has(p) {
			s.order[j] = p
			j++
		} else {
			s.at[p>>1] = 0
		}
	}
	s.order = s.order[:j]
}
