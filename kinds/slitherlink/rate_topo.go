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
	for _, c := range clue {
		if c >= 0 {
			t.nClue++
		}
	}
	t.eDot = make([][2]int32, t.ne)
	t.eCell = make([][2]int32, t.ne)
	for r := 0; r <= h; r++ {
		for c := 0; c < w; c++ {
			e := r*w + c
			t.eDot[e] = [2]int32{int32(r*(w+1) + c), int32(r*(w+1) + c + 1)}
			t.eCell[e] = [2]int32{-1, -1}
			if r > 0 {
				t.eCell[e][0] = int32((r-1)*w + c)
			}
			if r < h {
				t.eCell[e][1] = int32(r*w + c)
			}
		}
	}
	for r := 0; r < h; r++ {
		for c := 0; c <= w; c++ {
			e := t.nh + r*(w+1) + c
			t.eDot[e] = [2]int32{int32(r*(w+1) + c), int32((r+1)*(w+1) + c)}
			t.eCell[e] = [2]int32{-1, -1}
			if c > 0 {
				t.eCell[e][0] = int32(r*w + c - 1)
			}
			if c < w {
				t.eCell[e][1] = int32(r*w + c)
			}
		}
	}
	t.dEdge = make([][4]int32, t.nd)
	t.dN = make([]uint8, t.nd)
	for r := 0; r <= h; r++ {
		for c := 0; c <= w; c++ {
			d := r*(w+1) + c
			n := 0
			add := func(e int) { t.dEdge[d][n] = int32(e); n++ }
			if r > 0 {
				add(t.nh + (r-1)*(w+1) + c)
			}
			if c < w {
				add(r*w + c)
			}
			if r < h {
				add(t.nh + r*(w+1) + c)
			}
			if c > 0 {
				add(r*w + c - 1)
			}
			t.dN[d] = uint8(n)
			for k := n; k < 4; k++ {
				t.dEdge[d][k] = -1
			}
		}
	}
	t.dCell = make([][4]int32, t.nd)
	for r := 0; r <= h; r++ {
		for c := 0; c <= w; c++ {
			for k, rc := range [4][2]int{{r - 1, c - 1}, {r - 1, c}, {r, c - 1}, {r, c}} {
				t.dCell[r*(w+1)+c][k] = -1
				if rc[0] >= 0 && rc[0] < h && rc[1] >= 0 && rc[1] < w {
					t.dCell[r*(w+1)+c][k] = int32(rc[0]*w + rc[1])
				}
			}
		}
	}
	t.cEdge = make([][4]int32, t.nc)
	t.cPair = make([][4]int32, t.nc)
	t.plCell = make([]int32, 4*t.nd)
	for i := range t.plCell {
		t.plCell[i] = -1
	}
	for r := 0; r < h; r++ {
		for c := 0; c < w; c++ {
			i := r*w + c
			top, bottom := int32(r*w+c), int32((r+1)*w+c)
			left := int32(t.nh + r*(w+1) + c)
			t.cEdge[i] = [4]int32{top, left + 1, bottom, left}
			// Pair j joins side j and side j+1 at a corner dot.
			corner := [4]int32{int32(r*(w+1) + c + 1), int32((r+1)*(w+1) + c + 1), int32((r+1)*(w+1) + c), int32(r*(w+1) + c)}
			for j := 0; j < 4; j++ {
				a, b := t.cEdge[i][j], t.cEdge[i][(j+1)&3]
				d := corner[j]
				id := t.pairAt(d, a, b)
				t.cPair[i][j] = id
				t.plCell[id] = int32(i)
			}
		}
	}
	return t
}

// pairAt is the dline id of edges a and b of a cell, a before b
// clockwise around the cell, so b before a clockwise around their dot d
// (which tells the cell's pair from the outside's at a corner dot, where
// both join the same two edges).
func (t *ltopo) pairAt(d, a, b int32) int32 {
	n := int32(t.dN[d])
	for j := int32(0); j < n; j++ {
		x, y := t.dEdge[d][j], t.dEdge[d][(j+1)%n]
		if x == b && y == a {
			return d*4 + j
		}
	}
	panic("slitherlink: edges do not meet at the dot")
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
