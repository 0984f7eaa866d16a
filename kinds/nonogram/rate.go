package nonogram

import (
	"errors"
	"fmt"
	"strings"

	"pencilbox/engine"
)

// RateWorkLimit bounds the rater's line-solver work (cells examined, n*(k+1)
// per line solved, the probes of level 3 included) beyond the solve; past
// it Rate gives up with engine.Unknown and an Err wrapping
// engine.ErrWorkLimit. The hardest Janko dev puzzle (583_30x30) uses
// under 2% of it (a few seconds of work in all); only huge hostile grids
// get there.
const RateWorkLimit = 1_000_000_000

// scoreWeight is what one step of each level adds to the score (index:
// level), so that within a rank more steps, and more of the higher
// levels, rate harder.
var scoreWeight = [5]float64{0, 1, 3, 20, 100}

// Rate solves p (Solve: status and solution), and rates a unique puzzle
// on the ladder, always applying the lowest level that makes progress.
// Levels 1 and 2 are applied in rounds: every line that makes progress
// from the same board gives a step, and the round's steps are applied
// together, so a line-solvable puzzle's rank, profile and score do not
// depend on the order lines are scanned in, and are the same for every
// image of the puzzle under the rectangle's symmetries. Levels 3 and 4
// take one cell a step (the first found from where the last one was, in
// reading order), then the lower levels go on: the rank is the same for
// every image (the closure of levels 1-3 is one whatever the order: line
// solving is monotone), the profile and score of rank 3 and 4 may differ
// a little.
//
// Levels 1-3 need no solution: their deductions are sound, so when they
// decide every cell and the grid meets every clue, it is the only
// solution, and Solve is not called. Otherwise (a puzzle that needs
// search, or one with no or several solutions) Solve gives the status,
// and the solution the guesses of level 4 take their values from.
func (p *Puzzle) Rate(withSteps bool) engine.Rating {
	return rateLimit(p, withSteps, RateWorkLimit)
}

func rateLimit(p *Puzzle, withSteps bool, limit int64) engine.Rating {
	r := newRater(p, withSteps)
	r.limit = limit
	r.top = 3
	err := r.run()
	var rt engine.Rating
	if err == nil && r.g.meetsClues() {
		rt = engine.Rating{Status: engine.Unique, Solution: r.g.solution()}
	} else {
		if err != nil && !errors.Is(err, errStuck) && !errors.Is(err, errNoPlacement) {
			return engine.Rating{Status: engine.Unknown, Err: err}
		}
		res := p.Solve()
		rt = engine.Rating{Status: res.Status, Solution: res.Solution, Err: res.Err}
		if res.Status != engine.Unique {
			return rt
		}
		if !errors.Is(err, errStuck) {
			// Sound levels that finish, or find a line with no
			// placement, on a puzzle Solve finds unique: a bug.
			return engine.Rating{Status: engine.Unknown, Err: fmt.Errorf("%w: levels 1-3 ended with %v on a unique puzzle", errUnsound, err)}
		}
		sol, err := readSolution(res.Solution, p.W, p.H)
		if err != nil {
			return engine.Rating{Status: engine.Unknown, Err: fmt.Errorf("nonogram: rate: %w", err)}
		}
		r.sol, r.top = sol, 0
		if err := r.run(); err != nil {
			return engine.Rating{Status: engine.Unknown, Err: err}
		}
	}
	r.rated(&rt)
	return rt
}

// rated fills a unique puzzle's rank, score, profile and steps from the
// finished rater.
func (r *rater) rated(rt *engine.Rating) {
	rt.Rank = max(r.rank, 1) // a grid with nothing to deduce (0x0 lines) is rank 1
	rt.Score = r.score
	for i, t := range ladder {
		if r.counts[i+1] > 0 {
			rt.Profile = append(rt.Profile, engine.Count{ID: t.ID, N: r.counts[i+1]})
		}
	}
	rt.Steps = r.steps
}

// readSolution reads the solution notation ('1' filled, '0' empty, rows
// joined by '/') into cell states.
func readSolution(s string, w, h int) ([]int8, error) {
	rows := strings.Split(s, "/")
	if len(rows) != h {
		return nil, fmt.Errorf("solution has %d rows, want %d", len(rows), h)
	}
	out := make([]int8, 0, w*h)
	for r, row := range rows {
		if len(row) != w {
			return nil, fmt.Errorf("solution row %d has %d cells, want %d", r+1, len(row), w)
		}
		for i := 0; i < len(row); i++ {
			switch row[i] {
			case '1':
				out = append(out, full)
			case '0':
				out = append(out, empty)
			default:
				return nil, fmt.Errorf("solution row %d: %q is not 0 or 1", r+1, row[i])
			}
		}
	}
	return out, nil
}

// errUnsound is an internal error: a step contradicted the solution.
var errUnsound = errors.New("nonogram: the rater made a step the solution contradicts")

// errNoPlacement reports a line left with no placement of its runs by
// sound steps: the clues have no solution.
var errNoPlacement = errors.New("no placement of its runs fits")

type rater struct {
	g         *grid
	prop      *propagator
	sol       []int8 // the unique solution (level 4 guesses from it); nil: not known
	top       int    // the highest level to apply (0: all); above it run stops with errStuck
	withSteps bool
	limit     int64
	unknown   int
	// clean[level][l]: line l made no progress at that level (1 or 2)
	// since its cells last changed.
	clean   [3][]bool
	pending []lineStep
	steps   []engine.Step
	counts  [5]int
	rank    int
	score   float64
	// probing scratch
	scratch []int8
	probeAt int    // where the next level-3 scan starts
	implied []int8 // per cell, bit v: a probe this round that succeeded implied value v
}

// lineStep is one line's deduction of a round, found on the round's board.
type lineStep struct {
	level int
	line  int
	cells []int32 // cells decided (their values: out)
	vals  []int8
	// level 1: runs whose overlap filled cells (index, first, last cell in line)
	runs [][3]int
	// level 3: the assumption's cell and value and the line left without a placement
	cell int
	val  int8
	bad  int
}

func newRater(p *Puzzle, withSteps bool) *rater {
	g := newGrid(p.W, p.H, p.Rows, p.Cols)
	r := &rater{g: g, prop: newPropagator(g), withSteps: withSteps, unknown: p.W * p.H}
	for i := 1; i <= 2; i++ {
		r.clean[i] = make([]bool, g.lines())
	}
	r.scratch = make([]int8, p.W*p.H)
	r.implied = make([]int8, p.W*p.H)
	return r
}

// errStuck reports that the levels up to rater.top decide no more cells.
var errStuck = errors.New("nonogram: no level up to the top one asked makes progress")

// reset makes r rate p afresh (same size as before), keeping its buffers.
func (r *rater) reset(p *Puzzle) {
	g := r.g
	g.clues = append(append(g.clues[:0], p.Rows...), p.Cols...)
	clear(g.cells)
	r.unknown = p.W * p.H
	clear(r.clean[1])
	clear(r.clean[2])
	r.steps, r.counts, r.rank, r.score = nil, [5]int{}, 0, 0
	r.prop.work = 0
	r.probeAt = 0
}

func (r *rater) run() error {
	top := r.top
	if top == 0 {
		top = len(ladder)
	}
	for r.unknown > 0 {
		if r.prop.work > r.limit {
			return fmt.Errorf("nonogram: rate: %w (%d line cells examined)", engine.ErrWorkLimit, r.prop.work)
		}
		ok, err := r.lineRound(1)
		for level := 2; err == nil && !ok; level++ {
			switch {
			case level > top:
				return errStuck
			case level == 2:
				ok, err = r.lineRound(2)
			case level == 3:
				ok, err = r.probeRound()
			default:
				ok, err = true, r.guess()
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// lineRound finds every line where level (1: overlap, 2: complete line
// solver) decides a cell on the current board, then applies them all.
func (r *rater) lineRound(level int) (bool, error) {
	g := r.g
	r.pending = r.pending[:0]
	for l := range g.lines() {
		if r.clean[level][l] {
			continue
		}
		v := g.load(g.cells, l)
		r.prop.work += int64(len(v) * (len(g.clues[l]) + 1))
		var ok bool
		if level == 1 {
			ok = g.ln.overlap(v, g.clues[l])
		} else {
			ok = g.ln.complete(v, g.clues[l])
		}
		if !ok {
			return false, fmt.Errorf("nonogram: %s (%s): %w", g.lineName(l), clueText(g.clues[l]), errNoPlacement)
		}
		st := lineStep{level: level, line: l}
		for i, x := range g.ln.out[:len(v)] {
			if x != unk && v[i] == unk {
				st.cells = append(st.cells, int32(g.cell(l, i)))
				st.vals = append(st.vals, x)
			}
		}
		if len(st.cells) == 0 {
			r.clean[level][l] = true
			continue
		}
		if level == 1 && r.withSteps {
			for j, L := range g.clues[l] {
				lo, hi := g.ln.right[j], g.ln.left[j]+L-1
				for c := lo; c <= hi; c++ {
					if v[c] == unk {
						st.runs = append(st.runs, [3]int{j, lo, hi})
						break
					}
				}
			}
		}
		r.pending = append(r.pending, st)
	}
	if len(r.pending) == 0 {
		return false, nil
	}
	for i := range r.pending {
		if err := r.apply(&r.pending[i]); err != nil {
			return false, err
		}
	}
	return true, nil
}

// set decides cell c as x, marking its lines unclean.
func (r *rater) set(c int, x int8) error {
	if r.sol != nil && r.sol[c] != x {
		return fmt.Errorf("%w at %s", errUnsound, engine.CellName(c, r.g.w))
	}
	r.g.cells[c] = x
	r.unknown--
	row, col := c/r.g.w, r.g.h+c%r.g.w
	for lv := 1; lv <= 2; lv++ {
		r.clean[lv][row] = false
		r.clean[lv][col] = false
	}
	return nil
}

// apply decides a pending step's cells (those an earlier step of its
// round has not decided) and records it. Counts and score take every
// step of the round, so that they do not depend on the scan order.
func (r *rater) apply(st *lineStep) error {
	k := 0
	for i, c := range st.cells {
		if r.g.cells[c] != unk {
			continue
		}
		if err := r.set(int(c), st.vals[i]); err != nil {
			return err
		}
		st.cells[k], st.vals[k] = c, st.vals[i]
		k++
	}
	st.cells, st.vals = st.cells[:k], st.vals[:k]
	r.counts[st.level]++
	r.rank = max(r.rank, st.level)
	r.score += scoreWeight[st.level]
	if r.withSteps && k > 0 {
		r.steps = append(r.steps, r.describe(st))
	}
	return nil
}

// probeRound is level 3: for the undecided cells in turn (from where the
// last contradiction was found, row-major, wrapping) and each value,
// assume it and line-solve the board to a fixpoint; the first assumption
// that leaves a line with no placement gives the step: the cell takes the
// other value, and the lower levels go on from there. A probe that ends
// without a contradiction implies the values it decided, whose own
// probes are skipped until the board changes (they cannot contradict
// either: line solving is monotone).
func (r *rater) probeRound() (bool, error) {
	g, p := r.g, r.prop
	clear(r.implied)
	n := len(g.cells)
	for k := range n {
		c := (r.probeAt + k) % n
		if g.cells[c] != unk {
			continue
		}
		for _, v := range [2]int8{full, empty} {
			if r.implied[c]&(1<<v) != 0 {
				continue
			}
			if p.work > r.limit {
				return false, fmt.Errorf("nonogram: rate: %w (%d line cells examined)", engine.ErrWorkLimit, p.work)
			}
			copy(r.scratch, g.cells)
			r.scratch[c] = v
			p.pushCell(c)
			if _, ok := p.fixpoint(r.scratch); !ok {
				st := lineStep{level: 3, cells: []int32{int32(c)}, vals: []int8{full + empty - v},
					cell: c, val: v, bad: p.bad, line: -1}
				r.probeAt = c + 1
				return true, r.apply(&st)
			}
			for i, y := range r.scratch {
				if g.cells[i] == unk && y != unk {
					r.implied[i] |= 1 << y
				}
			}
		}
	}
	return false, nil
}

// guess is level 4: the first undecided cell takes its value in the
// unique solution.
func (r *rater) guess() error {
	if r.sol == nil {
		return errStuck
	}
	for c, x := range r.g.cells {
		if x == unk {
			st := lineStep{level: 4, line: -1, cells: []int32{int32(c)}, vals: []int8{r.sol[c]}, cell: c}
			return r.apply(&st)
		}
	}
	return nil
}
