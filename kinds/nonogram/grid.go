package nonogram

import "fmt"

// grid is the working board of the rater and the generator: the clues of
// its H+W lines (rows 0..H-1 first, then columns) and the cells' states.
type grid struct {
	w, h  int
	clues [][]int // line l: row l when l < h, else column l-h
	cells []int8
	// line buffers, reused
	buf []int8
	ln  liner
}

func newGrid(w, h int, rows, cols [][]int) *grid {
	g := &grid{w: w, h: h, cells: make([]int8, w*h), buf: make([]int8, max(w, h))}
	g.clues = make([][]int, 0, w+h)
	g.clues = append(g.clues, rows...)
	g.clues = append(g.clues, cols...)
	return g
}

func (g *grid) lines() int { return g.w + g.h }

// lineLen is the number of cells of line l.
func (g *grid) lineLen(l int) int {
	if l < g.h {
		return g.w
	}
	return g.h
}

// cell is the index of the i-th cell of line l.
func (g *grid) cell(l, i int) int {
	if l < g.h {
		return l*g.w + i
	}
	return i*g.w + l - g.h
}

// load copies line l of cells into g.buf.
func (g *grid) load(cells []int8, l int) []int8 {
	n := g.lineLen(l)
	v := g.buf[:n]
	if l < g.h {
		copy(v, cells[l*g.w:l*g.w+n])
		return v
	}
	c := l - g.h
	for i := range v {
		v[i] = cells[i*g.w+c]
	}
	return v
}

// cross is the line crossing line l at its i-th cell.
func (g *grid) cross(l, i int) int {
	if l < g.h {
		return g.h + i
	}
	return i
}

// lineName names line l as the steps and the describer's regions do:
// "row 3", "column 5" (1-based).
func (g *grid) lineName(l int) string {
	if l < g.h {
		return fmt.Sprintf("row %d", l+1)
	}
	return fmt.Sprintf("column %d", l-g.h+1)
}

// meetsClues reports whether every cell is decided and every line's runs
// are its clue.
func (g *grid) meetsClues() bool {
	for l := range g.lines() {
		v := g.load(g.cells, l)
		clue := g.clues[l]
		k, run := 0, 0
		for i := 0; i <= len(v); i++ {
			if i < len(v) && v[i] == unk {
				return false
			}
			if i < len(v) && v[i] == full {
				run++
				continue
			}
			if run > 0 {
				if k >= len(clue) || clue[k] != run {
					return false
				}
				k++
				run = 0
			}
		}
		if k != len(clue) {
			return false
		}
	}
	return true
}

// solution writes the decided grid in the solution notation: rows of
// '1' filled and '0' empty, joined by '/'.
func (g *grid) solution() string {
	b := make([]byte, 0, (g.w+1)*g.h)
	for r := range g.h {
		if r > 0 {
			b = append(b, '/')
		}
		for _, x := range g.cells[r*g.w : (r+1)*g.w] {
			if x == full {
				b = append(b, '1')
			} else {
				b = append(b, '0')
			}
		}
	}
	return string(b)
}

// propagator runs the complete line solver over a grid's lines until no
// line changes (a fixpoint), on a cells array of its own choosing, so the
// rater can probe an assumption on a copy.
type propagator struct {
	g      *grid
	queue  []int32
	queued []bool
	work   int64 // cells examined by the line solver: n*(k+1) per line
	bad    int   // the line that had no placement, after a false fixpoint
}

func newPropagator(g *grid) *propagator {
	return &propagator{g: g, queue: make([]int32, 0, g.lines()), queued: make([]bool, g.lines())}
}

func (p *propagator) push(l int) {
	if !p.queued[l] {
		p.queued[l] = true
		p.queue = append(p.queue, int32(l))
	}
}

// pushAll queues every line.
func (p *propagator) pushAll() {
	for l := range p.g.lines() {
		p.push(l)
	}
}

// pushCell queues the two lines through cell c.
func (p *propagator) pushCell(c int) {
	p.push(c / p.g.w)
	p.push(p.g.h + c%p.g.w)
}

func (p *propagator) clear() {
	for _, l := range p.queue {
		p.queued[l] = false
	}
	p.queue = p.queue[:0]
}

// fixpoint solves the queued lines of cells, queueing the crossing lines
// of every cell it decides, until the queue is empty. It returns false,
// with p.bad set, when a line has no placement left; set counts the
// cells it decided. The queue is empty on return.
func (p *propagator) fixpoint(cells []int8) (set int, ok bool) {
	g := p.g
	for len(p.queue) > 0 {
		l := int(p.queue[len(p.queue)-1])
		p.queue = p.queue[:len(p.queue)-1]
		p.queued[l] = false
		v := g.load(cells, l)
		p.work += int64(len(v) * (len(g.clues[l]) + 1))
		if !g.ln.complete(v, g.clues[l]) {
			p.bad = l
			p.clear()
			return set, false
		}
		for i, x := range g.ln.out[:len(v)] {
			if x != unk && v[i] == unk {
				cells[g.cell(l, i)] = x
				set++
				p.push(g.cross(l, i))
			}
		}
	}
	return set, true
}
