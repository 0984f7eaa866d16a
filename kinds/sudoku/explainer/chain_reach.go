package explainer

// reach is the closure of the static implication graph of a grid: for
// every potential, every potential a static spread from it could ever
// derive. The static spreads of the forcing chains and cycles and of the
// multiple forcing chains follow the edges of this graph (on to off: the
// cell's other candidates, the digit's other places in its houses; off to
// on: the cell's other candidate when it has two, the digit's other place
// in a house where it has two) and only ever derive potentials the closure
// holds. So a chain the closure rules out cannot exist, and the producers
// skip the assumptions that cannot end in a hint without searching them:
// the hints found, and their order, are those of the full search.
//
// Two facts of the graph make the tests cheap. It is symmetric under
// negation (an edge a -> b comes with not b -> not a), and a cycle that
// eliminates e gives a chain from "e on" to "e off" through every potential
// of the loop: if the loop passes "p on" (the assumption of the cycle
// search), "e off" follows from "p on" and from "p off" alike.
type reach struct {
	grid  Grid
	valid bool
	idx   [81 * 9]int16 // cell*9+digit-1 -> candidate index, -1 when absent
	cand  []int16       // candidate index -> cell*9+digit-1
	n     int           // candidates
	wc    int           // words of one half (on or off) of a set
	// per node (on i: i, off i: n+i) its component; per component its
	// set: wc words of "on" candidates, then wc words of "off" ones
	comp  []int32
	sets  []uint64
	ncomp int
	// Tarjan's state
	index, low []int32
	stack      []int32
	onStack    []bool
	counter    int32
	adj, start []int32 // the edges (see edges)
	seen       []int32 // per component, the last component whose set took it in
}

// build computes the closure for g (nothing when g is the grid it holds).
func (r *reach) build(g *Grid) {
	if r.valid && r.grid == *g {
		return
	}
	r.grid, r.valid = *g, true
	r.cand = r.cand[:0]
	for i := range r.idx {
		r.idx[i] = -1
	}
	for c := 0; c < 81; c++ {
		for m := g.Cand[c]; m != 0; m &= m - 1 {
			k := c*9 + trailing(m)
			r.idx[k] = int16(len(r.cand))
			r.cand = append(r.cand, int16(k))
		}
	}
	r.n = len(r.cand)
	r.wc = (r.n + 63) / 64
	nodes := 2 * r.n
	r.comp = resize32(r.comp, nodes)
	r.index = resize32(r.index, nodes)
	r.low = resize32(r.low, nodes)
	if cap(r.onStack) < nodes {
		r.onStack = make([]bool, nodes)
	}
	r.onStack = r.onStack[:nodes]
	for v := range nodes {
		r.index[v] = -1
		r.onStack[v] = false
	}
	r.stack = r.stack[:0]
	r.sets = r.sets[:0]
	r.seen = r.seen[:0]
	r.edges()
	r.ncomp = 0
	r.counter = 0
	for v := range nodes {
		if r.index[v] < 0 {
			r.visit(int32(v))
		}
	}
}

func resize32(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n)
	}
	return s[:n]
}

// edges builds the graph's edges out of every node (adjacency lists in
// adj, node v's at adj[start[v]:start[v+1]]).
func (r *reach) edges() {
	g := &r.grid
	var pos posMasks
	pos.build(g)
	r.adj = r.adj[:0]
	r.start = resize32(r.start, 2*r.n+1)
	n := int32(r.n)
	// on nodes: the cell's other candidates, the digit's other places in
	// the box, then in the row and column outside the box
	for i, k := range r.cand {
		r.start[i] = int32(len(r.adj))
		cell, d := int(k)/9, int(k)%9
		for m := g.Cand[cell] &^ (1 << d); m != 0; m &= m - 1 {
			r.adj = append(r.adj, n+int32(r.idx[cell*9+trailing(m)]))
		}
		hs := &cellHouses[cell]
		for m := pos[hs[2]][d] &^ (1 << cellIdx[cell][2]); m != 0; m &= m - 1 {
			r.adj = append(r.adj, n+int32(r.idx[int(houses[hs[2]][trailing(m)])*9+d]))
		}
		for h := 0; h < 2; h++ {
			for m := pos[hs[h]][d] &^ sameBox[cell][h]; m != 0; m &= m - 1 {
				r.adj = append(r.adj, n+int32(r.idx[int(houses[hs[h]][trailing(m)])*9+d]))
			}
		}
	}
	// off nodes: the cell's other candidate when it has two, the digit's
	// other place in each house where it has two
	for i, k := range r.cand {
		r.start[r.n+i] = int32(len(r.adj))
		cell, d := int(k)/9, int(k)%9
		if popcount(g.Cand[cell]) == 2 {
			r.adj = append(r.adj, int32(r.idx[cell*9+trailing(g.Cand[cell]&^(1<<d))]))
		}
		for h, hh := range cellHouses[cell] {
			m := pos[hh][d] &^ (1 << cellIdx[cell][h])
			if m != 0 && m&(m-1) == 0 {
				r.adj = append(r.adj, int32(r.idx[int(houses[hh][trailing(m)])*9+d]))
			}
		}
	}
	r.start[2*r.n] = int32(len(r.adj))
}

// visit is Tarjan's strongly connected components search from v; each
// component, when complete, gets its set: its own nodes and the sets of
// the components its edges reach (complete before it).
func (r *reach) visit(v int32) {
	r.index[v], r.low[v] = r.counter, r.counter
	r.counter++
	r.stack = append(r.stack, v)
	r.onStack[v] = true
	for _, w := range r.adj[r.start[v]:r.start[v+1]] {
		if r.index[w] < 0 {
			r.visit(w)
			r.low[v] = min(r.low[v], r.low[w])
		} else if r.onStack[w] {
			r.low[v] = min(r.low[v], r.index[w])
		}
	}
	if r.low[v] != r.index[v] {
		return
	}
	id := int32(r.ncomp)
	r.ncomp++
	w2 := 2 * r.wc
	start := len(r.sets)
	for range w2 {
		r.sets = append(r.sets, 0)
	}
	set := r.sets[start : start+w2]
	top := len(r.stack)
	for {
		top--
		x := r.stack[top]
		r.onStack[x] = false
		r.comp[x] = id
		if int(x) < r.n {
			set[int(x)>>6] |= 1 << (uint(x) & 63)
		} else {
			y := int(x) - r.n
			set[r.wc+y>>6] |= 1 << (uint(y) & 63)
		}
		if x == v {
			break
		}
	}
	r.seen = append(r.seen, id)
	for _, x := range r.stack[top:] {
		for _, w := range r.adj[r.start[x]:r.start[x+1]] {
			if cw := r.comp[w]; r.seen[cw] != id {
				r.seen[cw] = id
				o := r.sets[int(cw)*w2 : int(cw)*w2+w2]
				for j := range set {
					set[j] |= o[j]
				}
			}
		}
	}
	r.stack = r.stack[:top]
}

// set returns the closure of node v: wc words of "on" candidates, then wc
// words of "off" ones.
func (r *reach) set(v int) []uint64 {
	w2 := 2 * r.wc
	c := int(r.comp[v])
	return r.sets[c*w2 : c*w2+w2]
}

// nodes of a candidate (cell, digit 1-9); ok false when it is no candidate.
func (r *reach) nodes(cell, d int) (on, off int, ok bool) {
	i := int(r.idx[cell*9+d-1])
	if i < 0 {
		return 0, 0, false
	}
	return i, r.n + i, true
}

func hasBit(s []uint64, i int) bool { return s[i>>6]&(1<<(uint(i)&63)) != 0 }

// forcingFrom reports whether a forcing chain from the assumption (cell, d)
// on (or off) can reach its own negation, and whether a cycle through
// "(cell, d) on" can eliminate anything (some "off" follows from both the
// assumption and its negation).
func (r *reach) forcingFrom(cell, d int) (fromOn, fromOff, cycle bool) {
	on, off, ok := r.nodes(cell, d)
	if !ok {
		return true, true, true
	}
	son, soff := r.set(on), r.set(off)
	i := on
	fromOn = hasBit(son[r.wc:], i)
	fromOff = hasBit(soff[:r.wc], i)
	for j := 0; j < r.wc; j++ {
		if son[r.wc+j]&soff[r.wc+j] != 0 {
			cycle = true
			break
		}
	}
	return
}

// common reports whether the closures of the "on" assumptions of the
// given candidates (all of one cell, or all places of a digit in a house)
// share a potential: only then can a cell or region forcing chain over
// them conclude anything. scratch must hold 2*wc words.
func (r *reach) common(cands []int, scratch []uint64) bool {
	acc := scratch[:2*r.wc]
	for j, k := range cands {
		i := int(r.idx[k])
		if i < 0 {
			return true
		}
		s := r.set(i)
		if j == 0 {
			copy(acc, s)
			continue
		}
		any := uint64(0)
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

// back returns the closure of potential p's node, read backwards: by the
// graph's symmetry, q can reach "not p" only when "not q" is in it (see
// reaches).
func (r *reach) back(p pot) []uint64 {
	on, off, ok := r.nodes(p.cell(), p.digit())
	if !ok {
		return nil
	}
	if p.on() {
		return r.set(on)
	}
	return r.set(off)
}

// reaches reports whether a static spread from q can derive the negation of
// the potential whose back set is s (nil: it cannot tell, so true).
func (r *reach) reaches(s []uint64, q pot) bool {
	if s == nil {
		return true
	}
	i := int(r.idx[q.cell()*9+q.digit()-1])
	if i < 0 {
		return true
	}
	if q.on() {
		return hasBit(s[r.wc:], i)
	}
	return hasBit(s[:r.wc], i)
}
