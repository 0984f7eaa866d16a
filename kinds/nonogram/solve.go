package nonogram

import (
	"fmt"
	"math"

	"pencilbox/engine"
)

// SolveWorkLimit is the number of line solves after which Solve gives up
// and reports engine.Unknown with an error wrapping engine.ErrWorkLimit.
// A line solve takes about a microsecond on a 30-cell line, so the limit
// is some tens of seconds; every Janko puzzle needs far less (see
// docs/BENCHMARKS.md), and a hostile import cannot keep a worker longer.
const SolveWorkLimit = 20_000_000

// probeRounds is how many rounds of probing a search node below the root
// makes (the root probes until a round fixes nothing): probing prunes the
// search, and one round prunes most of what more rounds would.
var probeRounds = 1

// Stats are a solve's work figures.
type Stats struct {
	LineSolves int64 // line solver calls
	Probes     int64 // cell assumptions tried by probing
	Nodes      int64 // search nodes (1: no guess was needed)
}

// solver is the solver's position: cell states with a trail for undo and
// the queue of lines whose cells changed since they were last solved.
type solver struct {
	p       *Puzzle
	w, h    int
	st      []Cell
	unknown int
	trail   []int32
	queue   []int32 // lines: rows 0..h-1, then columns h..h+w-1
	queued  []bool

	ls   LineSolver
	buf  [MaxSize]Cell
	work int64
	// limit is the most line solves; stop is set when it is reached.
	limit int64
	stop  bool

	stats Stats
	// probe scratch: stamp[c] == gen marks cell c set in the first branch
	// of the current probe, to value stampV[c].
	stamp  []uint32
	stampV []Cell
	gen    uint32
	common []int32

	// lineMark[l] == lgen marks line l as changed since the node's guess
	lineMark []uint32
	lgen     uint32

	count int
	sol   []Cell
}

func newSolver(p *Puzzle, limit int64) *solver {
	n := p.W * p.H
	g := &solver{p: p, w: p.W, h: p.H, limit: limit}
	g.st = make([]Cell, n)
	g.unknown = n
	g.trail = make([]int32, 0, n)
	g.queue = make([]int32, 0, p.W+p.H)
	g.queued = make([]bool, p.W+p.H)
	g.stamp = make([]uint32, n)
	g.stampV = make([]Cell, n)
	g.lineMark = make([]uint32, p.W+p.H)
	for l := range p.W + p.H {
		g.enqueue(l)
	}
	return g
}

func (g *solver) enqueue(l int) {
	if !g.queued[l] {
		g.queued[l] = true
		g.queue = append(g.queue, int32(l))
	}
}

func (g *solver) clearQueue() {
	for _, l := range g.queue {
		g.queued[l] = false
	}
	g.queue = g.queue[:0]
}

// set gives cell c value v and queues its row and column, except line
// from (the line whose solve set it: it is at its fixpoint).
func (g *solver) set(c int, v Cell, from int) {
	g.st[c] = v
	g.trail = append(g.trail, int32(c))
	g.unknown--
	r, col := c/g.w, g.h+c%g.w
	if r != from {
		g.enqueue(r)
	}
	if col != from {
		g.enqueue(col)
	}
}

// undo returns to the position when the trail was mark long.
func (g *solver) undo(mark int) {
	for _, c := range g.trail[mark:] {
		g.st[c] = CellUnknown
	}
	g.unknown += len(g.trail) - mark
	g.trail = g.trail[:mark]
}

// solveLine runs the line solver on line l and sets what it fixes;
// false on a contradiction.
func (g *solver) solveLine(l int) bool {
	var runs []int
	var start, step, n int
	if l < g.h {
		runs, start, step, n = g.p.Rows[l], l*g.w, 1, g.w
	} else {
		runs, start, step, n = g.p.Cols[l-g.h], l-g.h, g.w, g.h
	}
	buf := g.buf[:n]
	for x, c := 0, start; x < n; x, c = x+1, c+step {
		buf[x] = g.st[c]
	}
	g.work++
	g.stats.LineSolves++
	if !g.ls.Solve(buf, runs) {
		return false
	}
	for x, c := 0, start; x < n; x, c = x+1, c+step {
		if buf[x] != g.st[c] {
			g.set(c, buf[x], l)
		}
	}
	return true
}

// propagate solves queued lines until none is left; false on a
// contradiction or when the work limit stops it (g.stop).
func (g *solver) propagate() bool {
	for len(g.queue) > 0 {
		if g.work >= g.limit {
			g.stop = true
			g.clearQueue()
			return false
		}
		l := g.queue[0]
		g.queue = g.queue[1:]
		g.queued[l] = false
		if !g.solveLine(int(l)) {
			g.clearQueue()
			return false
		}
	}
	g.queue = g.queue[:0:cap(g.queue)]
	return true
}

// probe tries both values of every unknown cell, each propagated by line
// solving: a value that contradicts fixes the other, and cells both
// values fix alike are fixed. It repeats until a round fixes nothing, and
// returns false on a contradiction (both values of a cell fail) or when
// the work limit stops it. best is the unknown cell left whose two values
// fix the most (the least of the two counts), for search to branch on.
func (g *solver) probe(rounds int, near bool) (ok bool, best int) {
	if rounds == 0 {
		return true, -1
	}
	for round := 1; ; round++ {
		progress := false
		best, bestScore := -1, -1
		for c := range g.st {
			if g.st[c] != CellUnknown {
				continue
			}
			if near && g.lineMark[c/g.w] != g.lgen && g.lineMark[g.h+c%g.w] != g.lgen {
				continue
			}
			g.stats.Probes++
			mark := len(g.trail)
			g.gen++
			if g.gen == 0 {
				clear(g.stamp)
				g.gen = 1
			}
			g.set(c, CellFilled, -1)
			okF := g.propagate()
			nF := len(g.trail) - mark
			if okF {
				for _, x := range g.trail[mark:] {
					g.stamp[x] = g.gen
					g.stampV[x] = g.st[x]
				}
			}
			g.undo(mark)
			if g.stop {
				return false, -1
			}
			g.set(c, CellEmpty, -1)
			okE := g.propagate()
			nE := len(g.trail) - mark
			g.common = g.common[:0]
			if okE && okF {
				for _, x := range g.trail[mark:] {
					if g.stamp[x] == g.gen && g.stampV[x] == g.st[x] {
						g.common = append(g.common, x)
					}
				}
			}
			if okE && !okF {
				// Keep the empty branch: it is the only one.
				progress = true
				continue
			}
			g.undo(mark)
			if g.stop {
				return false, -1
			}
			switch {
			case !okF && !okE:
				return false, -1
			case !okE:
				g.set(c, CellFilled, -1)
				if !g.propagate() {
					return false, -1
				}
				progress = true
			case len(g.common) > 0:
				// Both values of c lead to the same value of these
				// cells (kept in stampV from the filled branch).
				for _, x := range g.common {
					v := g.stampV[x]
					if g.st[x] == CellUnknown {
						g.set(int(x), v, -1)
					}
				}
				if !g.propagate() {
					return false, -1
				}
				progress = true
			default:
				if s := min(nF, nE); s > bestScore {
					best, bestScore = c, s
				}
			}
		}
		if !progress || g.unknown == 0 || round >= rounds {
			if best >= 0 && g.st[best] != CellUnknown {
				best = -1 // a later deduction fixed it
			}
			return true, best
		}
	}
}

// search counts solutions up to two from the current position, depth
// guesses deep; from is where the trail stood before the guess that led
// here. Below the root, probing tries only the cells of the lines the
// guess and its propagation changed: far from them a probe finds what it
// found a node up, and on a large picture with many solutions probing
// every cell at every node is most of the work.
func (g *solver) search(depth, from int) {
	g.stats.Nodes++
	if !g.propagate() {
		return
	}
	rounds := probeRounds
	if depth == 0 {
		rounds = math.MaxInt
	} else {
		g.lgen++
		for _, c := range g.trail[from:] {
			g.lineMark[int(c)/g.w] = g.lgen
			g.lineMark[g.h+int(c)%g.w] = g.lgen
		}
	}
	ok, best := g.probe(rounds, depth > 0)
	if !ok {
		return
	}
	if g.unknown == 0 {
		g.count++
		if g.count == 1 {
			g.sol = append(g.sol[:0], g.st...)
		}
		return
	}
	if best < 0 {
		for c, v := range g.st {
			if v == CellUnknown {
				best = c
				break
			}
		}
	}
	for _, v := range [2]Cell{CellFilled, CellEmpty} {
		mark := len(g.trail)
		g.set(best, v, -1)
		g.search(depth+1, mark)
		g.undo(mark)
		if g.count >= 2 || g.stop {
			return
		}
	}
}

// Solve decides the status (counting solutions up to two) within
// SolveWorkLimit line solves.
func (p *Puzzle) Solve() engine.Result {
	r, _ := p.SolveLimit(SolveWorkLimit)
	return r
}

// SolveLimit is Solve with a work limit of limit line solves, and the
// work done.
func (p *Puzzle) SolveLimit(limit int64) (engine.Result, Stats) {
	g := newSolver(p, limit)
	g.search(0, 0)
	switch {
	case g.stop:
		return engine.Result{Status: engine.Unknown, Err: fmt.Errorf("nonogram %dx%d: %w after %d line solves", p.W, p.H, engine.ErrWorkLimit, g.work)}, g.stats
	case g.count == 0:
		return engine.Result{Status: engine.None}, g.stats
	case g.count >= 2:
		return engine.Result{Status: engine.Multiple}, g.stats
	}
	cells := make([]bool, len(g.sol))
	for i, v := range g.sol {
		cells[i] = v == CellFilled
	}
	return engine.Result{Status: engine.Unique, Solution: SolutionText(p.W, p.H, cells)}, g.stats
}

// LineSolve runs the complete line solver to its fixpoint over the whole
// grid (no probing, no search) and returns the cells it fixes, row-major,
// and whether the clues were found contradictory. A puzzle is line
// solvable when no cell is left CellUnknown.
func (p *Puzzle) LineSolve() (cells []Cell, ok bool) {
	g := newSolver(p, SolveWorkLimit)
	ok = g.propagate()
	return g.st, ok && !g.stop
}
