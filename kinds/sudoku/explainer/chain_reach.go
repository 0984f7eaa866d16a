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
	ready bool          // idx is set up (-1 outside cand)
	cand  []int16       // candidate index -> cell*9+digit-1
	n     int           // candidates
	wc    int           // words of one half (on or off) of a set
	// per node (on i: i, off i: n+i) its component; per component its
	// set: wc words of "on" candidates, then wc words of "off" ones
	comp  []int32
	sets  []uint64
	ncomp int
	// the edges (see edges): per candidate i, nbr[i*wc:i*wc+wc] are the
	// "off" nodes "i on" leads to; the "on" nodes "i off" leads to are
	// to[from[i]:from[i+1]], and strong has bit i when there are some
	nbr, strong []uint64
	to, from    []int32
	places      []uint64 // per house and digit, wc words: its candidates
	// Tarjan's state
	index, low []int32
	stack      []int32
	onStack    []bool
	counter    int32
	seen       []int32 // per component, the last component whose set took it in
}

// build computes the closure for g (nothing when g is the grid it holds).
//
// Only a candidate with a strong link has an edge out of its "off" node,
// and by the graph's symmetry only such a candidate has an edge into its
// "on" node: so the closure of the "off" of a candidate without one is its
// own bit (an "on" node takes those in as the bits of its neighbour mask),
// the "on" of one is reached from no other node (its closure is its own
// bit, its neighbours and the closures of the strong "off" nodes among
// them), and Tarjan's search runs on the strong candidates' nodes alone.
func (r *reach) build(g *Grid) {
	if r.valid && r.grid == *g {
		return
	}
	r.grid, r.valid = *g, true
	if !r.ready {
		for i := range r.idx {
			r.idx[i] = -1
		}
		r.ready = true
	}
	for _, k := range r.cand {
		r.idx[k] = -1
	}
	n := 0
	for c := range 81 {
		n += popcount(g.Cand[c])
	}
	r.n = n
	r.wc = (n + 63) / 64
	r.cand = r.cand[:0]
	r.edges()
	nodes := 2 * n
	r.comp = resize32(r.comp, nodes)
	r.index = resize32(r.index, nodes)
	r.low = resize32(r.low, nodes)
	if cap(r.onStack) < nodes {
		r.onStack = make([]bool, nodes)
	}
	r.onStack = r.onStack[:nodes]
	r.stack = r.stack[:0]
	r.sets = r.sets[:0]
	r.seen = r.seen[:0]
	r.ncomp = 0
	r.counter = 0
	wc, w2 := r.wc, 2*r.wc
	// the strong candidates' nodes: Tarjan's search
	for j, s := range r.strong[:wc] {
		for m := s; m != 0; m &= m - 1 {
			i := j<<6 + trailing64(m)
			r.index[i], r.index[n+i] = -1, -1
			r.onStack[i], r.onStack[n+i] = false, false
		}
	}
	for j, s := range r.strong[:wc] {
		for m := s; m != 0; m &= m - 1 {
			i := int32(j<<6 + trailing64(m))
			if r.index[i] < 0 {
				r.visit(i)
			}
			if r.index[int32(n)+i] < 0 {
				r.visit(int32(n) + i)
			}
		}
	}
	// the others: "off" its own bit; "on" its own bit, its neighbours and
	// the closures of the strong ones among them
	for i := range n {
		if hasBit(r.strong, i) {
			continue
		}
		start := len(r.sets)
		r.sets = append(r.sets, make([]uint64, 2*w2)...)
		on, off := r.sets[start:start+w2], r.sets[start+w2:start+2*w2]
		r.comp[i], r.comp[n+i] = int32(r.ncomp), int32(r.ncomp+1)
		r.ncomp += 2
		w, b := i>>6, uint64(1)<<(uint(i)&63)
		off[wc+w] = b
		on[w] = b
		nb := r.nbr[i*wc : i*wc+wc]
		copy(on[wc:], nb)
		for j, s := range r.strong[:wc] {
			for m := nb[j] & s; m != 0; m &= m - 1 {
				cw := int(r.comp[n+j<<6+trailing64(m)])
				o := r.sets[cw*w2 : cw*w2+w2]
				for x := range on {
					on[x] |= o[x]
				}
			}
		}
	}
}

func resize32(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n)
	}
	return s[:n]
}

// edges numbers the candidates (idx, cand) and builds the graph's edges:
// out of "i on", the "off" of the cell's other candidates and of the
// digit's other places in its houses, as a mask (nbr); out of "i off", the
// "on" of the cell's other candidate when it has two and of the digit's
// other place in each house where it has two (to, from; strong marks the
// candidates with some).
func (r *reach) edges() {
	g := &r.grid
	n, wc := r.n, r.wc
	r.places = resize64(r.places, 27*9*wc)
	clear(r.places)
	// per house and digit: how many places, and their indices xor-ed (with
	// two places, the other one is the xor without this one)
	var cnt [27][9]uint8
	var xor [27][9]int32
	var first [82]int32
	for c := range 81 {
		first[c] = int32(len(r.cand))
		hs := &cellHouses[c]
		for m := g.Cand[c]; m != 0; m &= m - 1 {
			d := trailing(m)
			k := c*9 + d
			i := int32(len(r.cand))
			r.idx[k] = int16(i)
			r.cand = append(r.cand, int16(k))
			w, b := int(i)>>6, uint64(1)<<(uint(i)&63)
			for _, h := range hs {
				r.places[(int(h)*9+d)*wc+w] |= b
				cnt[h][d]++
				xor[h][d] ^= i
			}
		}
	}
	first[81] = int32(n)
	r.nbr = resize64(r.nbr, n*wc)
	r.strong = resize64(r.strong, wc)
	clear(r.strong)
	r.from = resize32(r.from, n+1)
	r.to = r.to[:0]
	for c := range 81 {
		lo, hi := int(first[c]), int(first[c+1])
		if lo == hi {
			continue
		}
		// the cell's candidates are lo..hi-1: bits in words lo>>6 and
		// (hi-1)>>6
		wl, wh := lo>>6, (hi-1)>>6
		ml := ^uint64(0) << (uint(lo) & 63)
		mh := ^uint64(0) >> (63 - uint(hi-1)&63)
		if wl == wh {
			ml &= mh
		}
		hs := &cellHouses[c]
		for i := lo; i < hi; i++ {
			d := int(r.cand[i]) % 9
			nb := r.nbr[i*wc : i*wc+wc]
			p0 := r.places[(int(hs[0])*9+d)*wc:]
			p1 := r.places[(int(hs[1])*9+d)*wc:]
			p2 := r.places[(int(hs[2])*9+d)*wc:]
			for j := range nb {
				nb[j] = p0[j] | p1[j] | p2[j]
			}
			nb[wl] |= ml
			if wh != wl {
				nb[wh] |= mh
			}
			nb[i>>6] &^= 1 << (uint(i) & 63)
			r.from[i] = int32(len(r.to))
			if hi-lo == 2 {
				r.to = append(r.to, int32(lo+hi-1-i))
			}
			for _, h := range hs {
				if cnt[h][d] == 2 {
					r.to = append(r.to, xor[h][d]^int32(i))
				}
			}
			if int(r.from[i]) != len(r.to) {
				r.strong[i>>6] |= 1 << (uint(i) & 63)
			}
		}
	}
	r.from[n] = int32(len(r.to))
}

// visit is Tarjan's strongly connected components search from v, a strong
// candidate's node; each component, when complete, gets its set: its own
// nodes and the sets of the components its edges reach (complete before
// it). The edges into the "off" nodes of candidates without a strong link
// are left to the neighbour masks.
func (r *reach) visit(v int32) {
	r.index[v], r.low[v] = r.counter, r.counter
	r.counter++
	r.stack = append(r.stack, v)
	r.onStack[v] = true
	n, wc := int32(r.n), r.wc
	if v < n {
		nb := r.nbr[int(v)*wc : int(v)*wc+wc]
		for j, s := range r.strong[:wc] {
			for m := nb[j] & s; m != 0; m &= m - 1 {
				w := n + int32(j<<6+trailing64(m))
				if r.index[w] < 0 {
					r.visit(w)
					r.low[v] = min(r.low[v], r.low[w])
				} else if r.onStack[w] {
					r.low[v] = min(r.low[v], r.index[w])
				}
			}
		}
	} else {
		for _, w := range r.to[r.from[v-n]:r.from[v-n+1]] {
			if r.index[w] < 0 {
				r.visit(w)
				r.low[v] = min(r.low[v], r.low[w])
			} else if r.onStack[w] {
				r.low[v] = min(r.low[v], r.index[w])
			}
		}
	}
	if r.low[v] != r.index[v] {
		return
	}
	id := int32(r.ncomp)
	r.ncomp++
	w2 := 2 * wc
	start := len(r.sets)
	r.sets = append(r.sets, make([]uint64, w2)...)
	set := r.sets[start : start+w2]
	off := set[wc:]
	top := len(r.stack)
	for {
		top--
		x := r.stack[top]
		r.onStack[x] = false
		r.comp[x] = id
		if x < n {
			set[int(x)>>6] |= 1 << (uint(x) & 63)
		} else {
			y := x - n
			off[int(y)>>6] |= 1 << (uint(y) & 63)
		}
		if x == v {
			break
		}
	}
	for len(r.seen) <= int(id) {
		r.seen = append(r.seen, -1)
	}
	r.seen[id] = id
	for _, x := range r.stack[top:] {
		if x < n {
			nb := r.nbr[int(x)*wc : int(x)*wc+wc]
			for j, s := range r.strong[:wc] {
				off[j] |= nb[j]
				for m := nb[j] & s; m != 0; m &= m - 1 {
					if cw := r.comp[n+int32(j<<6+trailing64(m))]; r.seen[cw] != id {
						r.seen[cw] = id
						o := r.sets[int(cw)*w2 : int(cw)*w2+w2]
						for j := range set {
							set[j] |= o[j]
						}
					}
				}
			}
		} else {
			for _, w := range r.to[r.from[x-n]:r.from[x-n+1]] {
				if cw := r.comp[w]; r.seen[cw] != id {
					r.seen[cw] = id
					o := r.sets[int(cw)*w2 : int(cw)*w2+w2]
					for j := range set {
						set[j] |= o[j]
					}
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
	i := int(r.idx[q>>1]) // q>>1 is cell*9+digit-1
	if i < 0 {
		return true
	}
	// "q on" is asked of the "off" half, "q off" of the "on" half
	return s[i>>6+int(q&1)*r.wc]&(1<<(uint(i)&63)) != 0
}
