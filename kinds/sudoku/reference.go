package sudoku

// The two reference solvers are deliberately simple. They are independent
// oracles for the fast solver's tests and the baselines its benchmarks are
// compared with: the fast solver's dynamic cell choice and singles
// propagation are what it adds over them.

// BacktrackCount is the plain backtracker: scan cells in row-major order,
// try 1-9 in the first empty cell, check its row, column and box, recurse,
// undo. It counts solutions up to limit and returns the first.
func BacktrackCount(g *Grid, limit int) (int, Grid) {
	if g.Conflict() != "" {
		return 0, Grid{}
	}
	b := backtracker{grid: *g, limit: limit}
	b.search(0)
	return b.count, b.first
}

type backtracker struct {
	grid  Grid
	first Grid
	count int
	limit int
}

func (b *backtracker) fits(c int, d uint8) bool {
	for _, p := range &peers[c] {
		if b.grid[p] == d {
			return false
		}
	}
	return true
}

func (b *backtracker) search(from int) {
	c := from
	for c < 81 && b.grid[c] != 0 {
		c++
	}
	if c == 81 {
		if b.count == 0 {
			b.first = b.grid
		}
		b.count++
		return
	}
	for d := uint8(1); d <= 9 && b.count < b.limit; d++ {
		if b.fits(c, d) {
			b.grid[c] = d
			b.search(c + 1)
			b.grid[c] = 0
		}
	}
}

// TableCount is the backtracker with a candidate table (81 x 9 booleans):
// the table is saved before each placement and restored on the way back,
// instead of re-checking the board. Cells are still taken in row-major
// order.
func TableCount(g *Grid, limit int) (int, Grid) {
	if g.Conflict() != "" {
		return 0, Grid{}
	}
	t := tableSolver{grid: *g, limit: limit}
	for c := range 81 {
		for d := range 9 {
			t.cand[c][d] = true
		}
	}
	for c, d := range g {
		if d != 0 {
			t.place(c, d)
		}
	}
	t.search(0)
	return t.count, t.first
}

type tableSolver struct {
	grid  Grid
	cand  [81][9]bool
	first Grid
	count int
	limit int
}

func (t *tableSolver) place(c int, d uint8) {
	t.grid[c] = d
	for _, p := range &peers[c] {
		t.cand[p][d-1] = false
	}
}

func (t *tableSolver) search(from int) {
	c := from
	for c < 81 && t.grid[c] != 0 {
		c++
	}
	if c == 81 {
		if t.count == 0 {
			t.first = t.grid
		}
		t.count++
		return
	}
	for d := uint8(1); d <= 9 && t.count < t.limit; d++ {
		if !t.cand[c][d-1] {
			continue
		}
		saved := t.cand
		t.place(c, d)
		t.search(c + 1)
		t.cand = saved
		t.grid[c] = 0
	}
}
