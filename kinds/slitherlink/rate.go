package slitherlink

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"pencilbox/engine"
)

// RateWorkLimit bounds the items the ladder looks at while rating one
// puzzle (probes included); past it the rating gives up with
// engine.ErrWorkLimit. The hardest Janko dev puzzle (100_30x45) needs
// 130,000, so real puzzles stay far below; the bound keeps a hostile
// 200x200 grid to seconds.
const RateWorkLimit = 200_000_000

// Rate rates p on the ladder, always applying the lowest level that makes
// progress, and decides its status. Levels 1-5 only deduce what holds in
// every solution, so when they settle every edge into one loop that
// satisfies every clue, that loop is the only solution and no solve is
// needed; when they meet a contradiction there is none. Only a puzzle
// that needs search (level 6) is solved (Solve) for its status, and, when
// unique, rated on with the solution.
func (p *Puzzle) Rate(withSteps bool) engine.Rating { return rate(p, withSteps, RateWorkLimit) }

func rate(p *Puzzle, withSteps bool, limit int64) engine.Rating {
	r := newRater(p, withSteps, limit)
	defer r.release()
	err := r.run()
	if errors.Is(err, errNeedSolution) {
		res := p.Solve()
		if res.Status != engine.Unique {
			return engine.Rating{Status: res.Status, Solution: res.Solution, Err: res.Err}
		}
		if r.sol, err = r.o.solutionEdges(r.t, res.Solution); err == nil {
			err = r.run()
		}
	}
	switch {
	case errors.Is(err, errNoSolution):
		return engine.Rating{Status: engine.None}
	case err != nil:
		return engine.Rating{Status: engine.Unknown, Err: err}
	}
	return r.rating(r.solutionText())
}

// rateSolved rates p, whose unique solution is sol, on the ladder.
func rateSolved(p *Puzzle, sol string, withSteps bool, limit int64) engine.Rating {
	r := newRater(p, withSteps, limit)
	defer r.release()
	solE, err := r.o.solutionEdges(r.t, sol)
	if err != nil {
		return engine.Rating{Status: engine.Unknown, Err: err}
	}
	r.sol = solE
	if err := r.run(); err != nil {
		if errors.Is(err, errNoSolution) {
			err = errUnsound
		}
		return engine.Rating{Status: engine.Unknown, Err: err}
	}
	return r.rating(sol)
}

// newRater sets up the rating of p.
//
// The rating runs on the image of p under the grid's symmetry that makes
// its clues smallest, so rank, score and profile are the same for all
// eight images (which deduction goes first may depend on the scan order);
// the steps are turned back to p's own orientation.
func newRater(p *Puzzle, withSteps bool, limit int64) *rater {
	o := orientOf(p, withSteps)
	r := &rater{o: o, withSteps: withSteps, limit: limit, wAt: -1}
	r.sc = takeScratch(o.w, o.h, o.clue)
	r.t, r.m, r.w = r.sc.t, r.sc.m, r.sc.w
	return r
}

// scratch is a rating's grid and states, kept in scratchPool for the next
// rating of a grid of the same size: building the grid's tables and
// states costs an Easy 10x10 rating a third of its time, and an import
// rates many puzzles of one size (kinds/sudoku keeps its canonicalizers
// the same way).
type scratch struct {
	t    *ltopo
	m, w *lstate
}

var scratchPool = sync.Pool{}

// takeScratch returns a scratch for a w x h grid with clues clue, its
// rating state at the start.
func takeScratch(w, h int, clue []int8) *scratch {
	if sc, ok := scratchPool.Get().(*scratch); ok && sc.t.w == w && sc.t.h == h {
		sc.t.clue = clue
		sc.m.reset(levelHard) // which recounts the clues
		if sc.w != nil {
			sc.w.work = 0
		}
		return sc
	}
	t := newTopo(w, h, clue)
	return &scratch{t: t, m: newLState(t, levelHard)}
}

// release gives the scratch back once the rating is done with it.
func (r *rater) release() {
	r.sc.w = r.w
	r.t, r.m, r.w = nil, nil, nil
	scratchPool.Put(r.sc)
}

// rating is the finished rating, with solution sol.
func (r *rater) rating(sol string) engine.Rating {
	rt := engine.Rating{Status: engine.Unique, Solution: sol, Rank: max(r.rank, 1), Score: r.score, Steps: r.steps}
	for i, tq := range ladder {
		if r.counts[i] > 0 {
			rt.Profile = append(rt.Profile, engine.Count{ID: tq.ID, N: r.counts[i]})
		}
	}
	return rt
}

// solutionText is the settled edges' loop as the solution notation, in
// p's orientation: a cell is inside when an odd number of lines lies
// between it and the grid's left side (along its row, in the image).
func (r *rater) solutionText() string {
	o, t := r.o, r.t
	in := make([]byte, o.W*o.H)
	for i := range in {
		in[i] = '0'
	}
	for row := 0; row < t.h; row++ {
		inside := false
		for c := 0; c < t.w; c++ {
			if r.m.e[t.nh+row*(t.w+1)+c] == lOn {
				inside = !inside
			}
			if inside {
				in[o.cellOrig[row*t.w+c]] = '1'
			}
		}
	}
	var b strings.Builder
	for row := 0; row < o.H; row++ {
		if row > 0 {
			b.WriteByte('/')
		}
		b.Write(in[row*o.W : (row+1)*o.W])
	}
	return b.String()
}

type rater struct {
	o         orient
	sc        *scratch
	t         *ltopo
	m, w      *lstate // the rating's state; the probes' copy of it
	wAt       int64   // m.changes when w was last copied
	sol       []uint8 // the solution per edge
	rec       record
	withSteps bool
	limit     int64
	steps     []engine.Step
	counts    [numTechs]int
	rank      int
	score     float64
	probeAt   int32
	assumed   string // a contradiction or search step's assumption, for its sentence
	where     string // where its contradiction showed
}

var (
	errUnsound      = errors.New("slitherlink: the ladder contradicted the solution")
	errNoSolution   = errors.New("slitherlink: no solution")
	errNeedSolution = errors.New("slitherlink: search needs the solution")
)

// run applies the ladder until every edge is settled. It returns
// errNoSolution when the deductions contradict each other or settle the
// edges into something that is not one loop satisfying the clues (they
// hold in every solution, so there is none), and errNeedSolution when
// search is next and the solution is not known yet.
func (r *rater) run() error {
	m := r.m
	for m.unknown > 0 {
		if r.work() > r.limit {
			return fmt.Errorf("rating stopped after %d items: %w", r.work(), engine.ErrWorkLimit)
		}
		level, x, ok := m.next()
		if ok {
			before := m.changes
			if r.withSteps {
				r.rec.reset()
				m.rec = &r.rec
			}
			why := m.apply(level, x)
			m.rec = nil
			if m.bad {
				return errNoSolution
			}
			if m.changes != before {
				r.note(level, techOf(level, x, m), x, why, "", "")
			}
			continue
		}
		if r.contradiction() {
			if m.bad {
				return errNoSolution
			}
			continue
		}
		if r.work() > r.limit {
			continue // reported at the loop's top
		}
		if r.sol == nil {
			return errNeedSolution
		}
		r.search()
		if m.bad {
			return errUnsound
		}
	}
	if !m.closed || m.sat != r.t.nClue {
		return errNoSolution
	}
	return nil
}

func (r *rater) work() int64 {
	n := r.m.work
	if r.w != nil {
		n += r.w.work
	}
	return n
}

// techOf is the ladder index of a deduction of level at item x.
func techOf(level int, x int32, s *lstate) int {
	switch level {
	case 1:
		switch {
		case x < int32(s.t.nc):
			return 0
		case x < int32(s.t.nc+s.t.nd):
			return 1
		}
		return 2
	case 2:
		return 3
	case 3:
		return 4
	case 4:
		return 5
	case 5:
		return 6
	}
	return 7
}

// contradiction probes each unknown edge both ways with levels 1-4; the
// first whose assumption ends in a contradiction is settled the other way.
func (r *rater) contradiction() bool {
	m := r.m
	if r.w == nil {
		r.w = newLState(r.t, levelHard)
		r.w.clearQueues()
	}
	w := r.w
	if r.wAt != m.changes {
		w.copyFrom(m)
		r.wAt = m.changes
	}
	// Every assumption is tried (no skip): a few of levels 1-4's rules
	// look at exact counts of unknown edges, so a probe's consequence may
	// still fail where the probe did not, and level 5 is every single
	// assumption levels 1-4 refute.
	e, v, where, depth, found := probeScan(m, w, r.probeAt, nil, r.limit)
	if !found {
		return false
	}
	r.probeAt = e + 1
	if r.withSteps {
		r.rec.reset()
		m.rec = &r.rec
	}
	m.set(e, lOn+lOff-v, -1)
	m.rec = nil
	assume, at := "", ""
	if r.withSteps {
		assume, at = r.edgeName(e)+" "+onOff(v), r.itemCell(where)
		r.where = r.itemWhere(where)
		r.assumed = r.edgeName(e) + " were " + aLineOrCrossed(v)
	}
	// A longer refutation is harder to see: the edges it settled count.
	r.score += float64(depth) * scorePerRefuted
	r.note(5, 6, -1, int(e), assume, at)
	return true
}

// probeScan looks for an assumption that levels 1-4 refute: each unknown
// edge of m from start on (and around), on then off, propagated in w (a
// copy of m that logs its changes and is restored after each probe). It
// returns the first edge and value that end in a contradiction, and
// where it showed, and how many edges the assumption settled before. With skip (per edge a bit per value), an assumption
// that a probe without contradiction implied is not tried again: what it
// implies is nearly always part of what that probe reached (the
// generator's shortcut; the rating tries every one). It gives up (found
// false) once m's and w's work passes limit.
func probeScan(m, w *lstate, start int32, skip []uint8, limit int64) (e int32, v uint8, where, depth int32, found bool) {
	clear(skip)
	w.logging = true
	defer func() { w.logging = false }()
	ne := int32(len(m.e))
	for i := int32(0); i < ne; i++ {
		e := start + i
		if e >= ne {
			e -= ne
		}
		if m.e[e] != lUnk {
			continue
		}
		for _, v := range [2]uint8{lOn, lOff} {
			if skip != nil && skip[e]&(1<<v) != 0 {
				continue
			}
			w.set(e, v, -1)
			w.propagate()
			bad, where := w.bad, w.badItem
			if bad {
				for _, x := range w.logE {
					if w.e[x] != m.e[x] {
						w.e[x] = m.e[x] // each edge counted once
						depth++
					}
				}
			}
			if !bad && skip != nil {
				for _, x := range w.logE {
					if y := w.e[x]; y != lUnk && m.e[x] == lUnk {
						skip[x] |= 1 << y
					}
				}
			}
			w.restore(m)
			if w.work+m.work > limit {
				return 0, 0, 0, 0, false
			}
			if bad {
				return e, v, where, depth, true
			}
		}
	}
	return 0, 0, 0, 0, false
}

// search settles the first unknown edge as the solution has it.
func (r *rater) search() {
	m := r.m
	for e := int32(0); e < int32(r.t.ne); e++ {
		if m.e[e] != lUnk {
			continue
		}
		if r.withSteps {
			r.rec.reset()
			m.rec = &r.rec
		}
		m.set(e, r.sol[e], -1)
		m.rec = nil
		assume := ""
		if r.withSteps {
			assume = r.edgeName(e) + " " + onOff(lOn+lOff-r.sol[e])
			r.assumed = r.edgeName(e) + " " + aLineOrCrossed(lOn+lOff-r.sol[e])
		}
		r.note(6, 7, -1, int(e), assume, "search finds no solution")
		return
	}
}

func aLineOrCrossed(v uint8) string {
	if v == lOn {
		return "a line"
	}
	return "crossed"
}

// itemWhere says where the contradiction at item x showed, for a
// sentence; "" for a loop closed that leaves lines out.
func (r *rater) itemWhere(x int32) string {
	t := r.t
	switch {
	case x >= 0 && x < int32(t.nc):
		return fmt.Sprintf("the %d at %s", t.clue[x], r.cellName(x))
	case x >= int32(t.nc) && x < int32(t.nc+t.nd):
		return r.dotName(x - int32(t.nc))
	case x >= int32(t.nc+t.nd) && x < r.m.nItems-1:
		return "the edges known equal or opposite to " + r.edgeName(x-int32(t.nc+t.nd))
	}
	return "" // a loop closed that leaves lines out
}

func onOff(v uint8) string {
	if v == lOn {
		return "on"
	}
	return "off"
}

// note counts a step and, when steps are kept, records it.
func (r *rater) note(level, tech int, x int32, why int, assume, contra string) {
	r.counts[tech]++
	r.rank = max(r.rank, level)
	r.score += scoreWeight[tech]
	if !r.withSteps {
		return
	}
	st := engine.Step{
		Level:         level,
		Technique:     ladder[tech].ID,
		Assumption:    assume,
		Contradiction: contra,
	}
	for _, e := range r.rec.on {
		st.Edges = append(st.Edges, r.edgeMark(e, true))
	}
	for _, e := range r.rec.off {
		st.Edges = append(st.Edges, r.edgeMark(e, false))
	}
	st.Pattern = r.pattern(x, level, why)
	st.Sentence = r.sentence(level, x, why, assume, contra)
	r.steps = append(r.steps, st)
}

// pattern lists the cells (in p's orientation) a step reasons from.
func (r *rater) pattern(x int32, level, why int) []int {
	t := r.t
	var out []int
	switch {
	case level >= 5:
		e := int32(why)
		for _, c := range t.eCell[e] {
			if c >= 0 {
				out = append(out, int(r.o.cellOrig[c]))
			}
		}
	case x < 0:
	case x < int32(t.nc):
		out = append(out, int(r.o.cellOrig[x]))
	case x < int32(t.nc+t.nd):
		d := x - int32(t.nc)
		for _, c := range r.dotCells(d) {
			out = append(out, int(r.o.cellOrig[c]))
		}
	case x < r.m.nItems-1:
		e := x - int32(t.nc+t.nd)
		for _, c := range t.eCell[e] {
			if c >= 0 {
				out = append(out, int(r.o.cellOrig[c]))
			}
		}
	}
	return out
}

// dotCells are the cells around dot d.
func (r *rater) dotCells(d int32) []int32 {
	t := r.t
	dr, dc := int(d)/(t.w+1), int(d)%(t.w+1)
	var out []int32
	for _, rc := range [4][2]int{{dr - 1, dc - 1}, {dr - 1, dc}, {dr, dc - 1}, {dr, dc}} {
		if rc[0] >= 0 && rc[0] < t.h && rc[1] >= 0 && rc[1] < t.w {
			out = append(out, int32(rc[0]*t.w+rc[1]))
		}
	}
	return out
}

// itemCell names, r1c1-style, a cell where the contradiction at item x
// shows.
func (r *rater) itemCell(x int32) string {
	t := r.t
	switch {
	case x < 0:
		return ""
	case x < int32(t.nc):
		return r.cellName(x)
	case x < int32(t.nc+t.nd):
		cr, cc, _, _ := r.dotCorner(x - int32(t.nc))
		return engine.CellName(cr*r.o.W+cc, r.o.W)
	case x < r.m.nItems-1:
		e := x - int32(t.nc+t.nd)
		for _, c := range t.eCell[e] {
			if c >= 0 {
				return r.cellName(c)
			}
		}
	}
	return "a closed loop"
}

// names in p's orientation.

func (r *rater) cellName(c int32) string { return engine.CellName(int(r.o.cellOrig[c]), r.o.W) }

// edgeMark is image edge e in p's orientation.
func (r *rater) edgeMark(e int32, on bool) engine.EdgeMark {
	a, b := r.o.dotOrig[r.t.eDot[e][0]], r.o.dotOrig[r.t.eDot[e][1]]
	if a > b {
		a, b = b, a
	}
	W1 := int32(r.o.W + 1)
	ar, ac := a/W1, a%W1
	br := b / W1
	return engine.EdgeMark{Row: int(ar), Col: int(ac), Down: br != ar, Set: on}
}

// edgeName names an edge as the side of a cell: r2c5-top, or -bottom and
// -right along the grid's last row and column.
func (r *rater) edgeName(e int32) string {
	return EdgeName(r.edgeMark(e, false), r.o.W, r.o.H)
}

// EdgeName names the edge of a w x h grid that m marks, as a side of a
// cell ("r2c5-top"): the cell below or right of it, or above or left of it
// along the grid's last row and column.
func EdgeName(m engine.EdgeMark, w, h int) string {
	if !m.Down {
		if m.Row < h {
			return fmt.Sprintf("r%dc%d-top", m.Row+1, m.Col+1)
		}
		return fmt.Sprintf("r%dc%d-bottom", m.Row, m.Col+1)
	}
	if m.Col < w {
		return fmt.Sprintf("r%dc%d-left", m.Row+1, m.Col+1)
	}
	return fmt.Sprintf("r%dc%d-right", m.Row+1, m.Col)
}

// dotName names a dot as a corner of a cell: "the top-left corner of
// r2c5".
func (r *rater) dotName(d int32) string {
	cr, cc, v, h := r.dotCorner(d)
	return fmt.Sprintf("the %s-%s corner of r%dc%d", v, h, cr+1, cc+1)
}

// dotCorner is the cell (row and column, in p's orientation) a dot is
// named by, and which of its corners the dot is.
func (r *rater) dotCorner(d int32) (cr, cc int, v, h string) {
	od := int(r.o.dotOrig[d])
	W1 := r.o.W + 1
	dr, dc := od/W1, od%W1
	cr, cc = min(dr, r.o.H-1), min(dc, r.o.W-1)
	v, h = "top", "left"
	if dr != cr {
		v = "bottom"
	}
	if dc != cc {
		h = "right"
	}
	return cr, cc, v, h
}

func (r *rater) names(es []int32) string {
	parts := make([]string, 0, len(es))
	for i, e := range es {
		if i == 8 && len(es) > 9 {
			parts = append(parts, fmt.Sprintf("%d more", len(es)-8))
			break
		}
		parts = append(parts, r.edgeName(e))
	}
	return joinAnd(parts)
}

func joinAnd(parts []string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
