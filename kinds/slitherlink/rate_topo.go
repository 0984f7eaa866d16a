package slitherlink

// The rater's view of the grid: dots, edges and cells numbered once, with
// each dot's edges in clockwise order (up, right, down, left, the missing
// ones left out) as Tatham's Loopy keeps them, so that a "dline" (two
// edges next to each other around a dot, Loopy's pair fact) is a dot and
// the position of its first edge.
//
// Numbering: dot (r, c) is r*(W+1)+c; the edge from dot (r, c) to the right
// is r*W+c (hcount of them), the edge from dot (r, c) down is
// hcount + r*(W+1)+c; cell (r, c) is r*W+c.
type ltopo struct {
	w, h   int
	nh     int // horizontal edges
	ne     int // edges
	nd     int // dots
	nc     int // cells
	clue   []int8
	nClue  int32
	eDot   [][2]int32 // the edge's two dots (top or left first)
	eCell  [][2]int32 // the edge's cells (above/left first), -1 outside
	dEdge  [][4]int32 // the dot's edges, clockwise from up
	dN     []uint8    // how many edges the dot has
	dCell  [][4]int32 // the cells around the dot, -1 outside
	dNear  []uint8    // per dot: bit k when dCell[k] holds a 2 or a 3 (the clues level 1's corner rule can serve)
	cEdge  [][4]int32 // the cell's sides: top, right, bottom, left
	cPair  [][4]int32 // pair (side j, side j+1) of the cell as a dline id: dot*4 + position
	plCell []int32    // dline id -> the cell it lies in, -1 outside the grid
}

// sides of a cell, in cEdge order.
const (
	sideTop = iota
	sideRight
	sideBottom
	sideLeft
)

func newTopo(w, h int, clue []int8) *ltopo {
	t := &ltopo{w: w, h: h, clue: clue}
	t.nh = (h + 1) * w
	t.ne = t.nh + h*(w+1)
	t.nd = (h + 1) * (w + 1)
	t.nc = w * h
	// A few large allocations rather than one a table: a rating builds
	// its grid once, and small grids are rated by the thousand.
	slab2 := make([][2]int32, 2*t.ne)
	t.eDot, t.eCell = slab2[:t.ne], slab2[t.ne:]
	slab4 := make([][4]int32, 2*t.nd+t.nc)
	t.dEdge, t.dCell, t.cEdge = slab4[:t.nd], slab4[t.nd:2*t.nd], slab4[2*t.nd:]
	cell := func(r, c int) int32 {
		if r < 0 || r >= h || c < 0 || c >= w {
			return -1
		}
		return int32(r*w + c)
	}
	eDot, eCell := t.eDot, t.eCell
	for r := 0; r <= h; r++ {
		for c := 0; c < w; c++ {
			e := r*w + c
			eDot[e] = [2]int32{int32(r*(w+1) + c), int32(r*(w+1) + c + 1)}
			eCell[e] = [2]int32{cell(r-1, c), cell(r, c)}
		}
	}
	for r := 0; r < h; r++ {
		for c := 0; c <= w; c++ {
			e := t.nh + r*(w+1) + c
			eDot[e] = [2]int32{int32(r*(w+1) + c), int32((r+1)*(w+1) + c)}
			eCell[e] = [2]int32{cell(r, c-1), cell(r, c)}
		}
	}
	t.dN = make([]uint8, t.nd)
	t.dNear = make([]uint8, t.nd)
	dEdge, dCell, dN := t.dEdge, t.dCell, t.dN
	for r := 0; r <= h; r++ {
		for c := 0; c <= w; c++ {
			d := r*(w+1) + c
			es := [4]int32{-1, -1, -1, -1}
			n := 0
			if r > 0 {
				es[n] = int32(t.nh + (r-1)*(w+1) + c)
				n++
			}
			if c < w {
				es[n] = int32(r*w + c)
				n++
			}
			if r < h {
				es[n] = int32(t.nh + r*(w+1) + c)
				n++
			}
			if c > 0 {
				es[n] = int32(r*w + c - 1)
				n++
			}
			dEdge[d], dN[d] = es, uint8(n)
			dCell[d] = [4]int32{cell(r-1, c-1), cell(r-1, c), cell(r, c-1), cell(r, c)}
		}
	}
	for r := 0; r < h; r++ {
		for c := 0; c < w; c++ {
			top, left := int32(r*w+c), int32(t.nh+r*(w+1)+c)
			t.cEdge[r*w+c] = [4]int32{top, left + 1, top + int32(w), left}
		}
	}
	t.cluesChanged()
	return t
}

// cluesChanged recomputes what depends on the clues: their count and
// each dot's cells holding a 2 or a 3.
func (t *ltopo) cluesChanged() {
	t.nClue = 0
	for _, k := range t.clue {
		if k >= 0 {
			t.nClue++
		}
	}
	for d := range t.dNear {
		var m uint8
		for k, c := range t.dCell[d] {
			if c >= 0 && t.clue[c] >= 2 {
				m |= 1 << k
			}
		}
		t.dNear[d] = m
	}
}

// corner is the dot where side j and side j+1 of cell c meet (top-right,
// bottom-right, bottom-left, top-left).
func (t *ltopo) corner(c int32, j int) int32 {
	r, col := c/int32(t.w), c%int32(t.w)
	w1 := int32(t.w + 1)
	switch j {
	case 0:
		return r*w1 + col + 1
	case 1:
		return (r+1)*w1 + col + 1
	case 2:
		return (r+1)*w1 + col
	}
	return r*w1 + col
}

// pairs builds the tables of the pair facts (levels 2 and up), when a
// rating first needs them: an Easy puzzle never does.
func (t *ltopo) pairs() {
	if t.cPair != nil {
		return
	}
	w, h := t.w, t.h
	t.cPair = make([][4]int32, t.nc)
	t.plCell = make([]int32, 4*t.nd)
	for i := range t.plCell {
		t.plCell[i] = -1
	}
	for r := 0; r < h; r++ {
		for c := 0; c < w; c++ {
			i := r*w + c
			// Pair j joins side j and side j+1 at a corner dot: at the
			// top-right corner the dot's pair (down, left), at the
			// bottom-right (left, up), bottom-left (up, right), top-left
			// (right, down), named by the first edge's position.
			corner := [4]int32{int32(r*(w+1) + c + 1), int32((r+1)*(w+1) + c + 1), int32((r+1)*(w+1) + c), int32(r*(w+1) + c)}
			first := [4]int{dirDown, dirLeft, dirUp, dirRight}
			for j := 0; j < 4; j++ {
				d := corner[j]
				id := d*4 + int32(t.dirPos(d, first[j]))
				t.cPair[i][j] = id
				t.plCell[id] = int32(i)
			}
		}
	}
}

// Directions from a dot, in the clockwise order of its edges.
const (
	dirUp = iota
	dirRight
	dirDown
	dirLeft
)

// dirPos is the position of the edge going dir from dot d among the
// dot's edges (which exist for the directions before it).
func (t *ltopo) dirPos(d int32, dir int) int {
	r, c := int(d)/(t.w+1), int(d)%(t.w+1)
	has := [4]bool{r > 0, c < t.w, r < t.h, c > 0}
	n := 0
	for k := 0; k < dir; k++ {
		if has[k] {
			n++
		}
	}
	return n
}

// pairEdges are the two edges of dline id.
func (t *ltopo) pairEdges(id int32) (int32, int32) {
	d, j := id>>2, id&3
	n := int32(t.dN[d])
	return t.dEdge[d][j], t.dEdge[d][(j+1)%n]
}

// otherDot is the end of edge e that is not d.
func (t *ltopo) otherDot(e, d int32) int32 {
	if t.eDot[e][0] == d {
		return t.eDot[e][1]
	}
	return t.eDot[e][0]
}

// edgeBetween is the edge joining dots a and b, or -1.
func (t *ltopo) edgeBetween(a, b int32) int32 {
	for k := uint8(0); k < t.dN[a]; k++ {
		e := t.dEdge[a][k]
		if t.otherDot(e, a) == b {
			return e
		}
	}
	return -1
}
