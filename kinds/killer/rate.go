package killer

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"pencilbox/engine"
)

// scoreWeight is what a step of each level adds to the score, which
// orders puzzles inside one rank: harder steps weigh more.
var scoreWeight = [LevelSearch + 1]float64{0, 1, 2, 5, 10, 25, 100, 1000}

// Rate solves p (status and solution from Solve), and rates a unique
// puzzle on the ladder, always applying the lowest level that makes
// progress. Steps are kept only when withSteps is set.
func (p *Puzzle) Rate(withSteps bool) engine.Rating {
	res := p.Solve()
	rt := engine.Rating{Status: res.Status, Solution: res.Solution, Err: res.Err}
	if res.Status != engine.Unique {
		return rt
	}
	r, err := newRater(p, res.Solution, withSteps)
	if err != nil {
		return engine.Rating{Status: engine.Unknown, Err: err}
	}
	if err := r.run(); err != nil {
		return engine.Rating{Status: engine.Unknown, Err: err}
	}
	rt.Rank = max(r.rank, LevelTrivial)
	rt.Score = r.score
	for i, t := range ladder {
		if r.counts[i] > 0 {
			rt.Profile = append(rt.Profile, engine.Count{ID: t.ID, N: r.counts[i]})
		}
	}
	rt.Steps = r.steps
	return rt
}

// rater runs the ladder on one puzzle and keeps its log.
type rater struct {
	p         *Puzzle
	sv        rsolver
	sol       []int8
	withSteps bool
	steps     []engine.Step
	counts    [nTech]int
	rank      int
	score     float64
	probeAt   int // where the contradiction scan resumes
}

var errShape = errors.New("killer: the rater handles 4x4, 6x6 and 9x9 grids with cages")

func newRater(p *Puzzle, sol string, withSteps bool) (*rater, error) {
	if err := checkShape(p); err != nil {
		return nil, err
	}
	g := newGeom(p.N, p.BoxW, p.BoxH)
	r := &rater{p: p, withSteps: withSteps}
	r.sv = rsolver{g: g, s: newState(g, p), log: r}
	if len(sol) != g.cells {
		return nil, fmt.Errorf("killer: solution of %d digits for %d cells", len(sol), g.cells)
	}
	r.sol = make([]int8, g.cells)
	for i := range g.cells {
		r.sol[i] = int8(sol[i] - '0')
	}
	return r, nil
}

// checkShape refuses a puzzle the fixed-size state cannot hold.
func checkShape(p *Puzzle) error {
	n := p.N
	if n < 1 || n > maxN || p.BoxW < 1 || p.BoxH < 1 || p.BoxW*p.BoxH != n {
		return fmt.Errorf("%w: %dx%d with %dx%d boxes", errShape, n, n, p.BoxW, p.BoxH)
	}
	if len(p.Cage) != n*n || len(p.Given) != n*n || len(p.Sums) > n*n {
		return fmt.Errorf("%w: %d cage cells, %d givens, %d cages for %d cells", errShape, len(p.Cage), len(p.Given), len(p.Sums), n*n)
	}
	for _, k := range p.Cage {
		if int(k) < 0 || int(k) >= len(p.Sums) {
			return fmt.Errorf("%w: cage index %d of %d cages", errShape, k, len(p.Sums))
		}
	}
	for _, v := range p.Given {
		if int(v) < 0 || int(v) > n {
			return fmt.Errorf("%w: given %d", errShape, v)
		}
	}
	return nil
}

// errUnsound reports a deduction that contradicts the solution: a bug of
// the rater, never a property of the puzzle.
var errUnsound = errors.New("killer: the rater reached a contradiction on a puzzle with a solution")

// run applies the ladder until the grid is full.
func (r *rater) run() error {
	sv := &r.sv
	if sv.s.bad {
		return errUnsound
	}
	for sv.s.left > 0 {
		lvl := sv.next(LevelExtreme)
		if lvl < 0 {
			return errUnsound
		}
		if lvl == 0 {
			if r.contradiction() {
				lvl = LevelUnreasonable
			} else {
				r.search()
				lvl = LevelSearch
			}
			if sv.s.bad {
				return errUnsound
			}
		}
		r.rank = max(r.rank, lvl)
	}
	for c, v := range sv.s.val {
		if c < sv.g.cells && v != r.sol[c] {
			return errUnsound
		}
	}
	return nil
}

// contradiction looks for a candidate whose placement leads to a
// contradiction, by levels 1-2 (the first pass over the cells) or by
// levels 1-5 (the second), and removes it. The scan resumes where the
// last one found its candidate, so a run of contradictions costs about
// one scan, and it tries every probe before it gives up. Only the
// candidates off the solution are tried: the others never fail.
func (r *rater) contradiction() bool {
	sv := &r.sv
	g := sv.g
	span := 2 * g.cells
	for i := range span {
		pos := (r.probeAt + i) % span
		lim, c := LevelBasic, pos
		if pos >= g.cells {
			lim, c = LevelExtreme, pos-g.cells
		}
		if sv.s.val[c] != 0 {
			continue
		}
		for x := sv.s.cand[c] &^ bit(int(r.sol[c])); x != 0; x &= x - 1 {
			d := lowDigit(x)
			probe := rsolver{g: g, s: sv.s}
			probe.s.place(g, c, d)
			if !probe.s.bad && probe.closure(lim) && probe.s.consistent(g) && cagesHold(r.p, &probe.s) {
				continue
			}
			r.contra(c, d, lim)
			sv.s.eliminate(c, bit(d))
			r.probeAt = pos
			return true
		}
	}
	return false
}

// cagesHold reports whether the digits placed in s repeat in no cage of
// p: the state's cages, once split, no longer say so.
func cagesHold(p *Puzzle, s *state) bool {
	var seen [maxCells]uint16
	for c, k := range p.Cage {
		v := s.val[c]
		if v == 0 {
			continue
		}
		if seen[k]&bit(int(v)) != 0 {
			return false
		}
		seen[k] |= bit(int(v))
	}
	return true
}

// search places the solution's digit in a cell with fewest candidates.
func (r *rater) search() {
	sv := &r.sv
	best, bestN := -1, 99
	for c := range sv.g.cells {
		if sv.s.val[c] == 0 && popcount(sv.s.cand[c]) < bestN {
			best, bestN = c, popcount(sv.s.cand[c])
		}
	}
	d := int(r.sol[best])
	r.count(tSearch)
	if r.withSteps {
		r.add(engine.Step{
			Technique: ladder[tSearch].ID,
			Sentence: fmt.Sprintf("Search: of %s's candidates %s, only %d leads to a solution, so %s is %d.",
				r.name(best), digitList(sv.s.cand[best], ", "), d, r.name(best), d),
			Pattern: []int{best},
			Place:   []engine.Mark{{Cell: best, Value: d}},
		})
	}
	sv.s.place(sv.g, best, d)
}

// count notes one use of technique t.
func (r *rater) count(t int) {
	r.counts[t]++
	r.score += scoreWeight[ladder[t].Level]
}

// add appends a step, filling its level.
func (r *rater) add(st engine.Step) {
	for i, t := range ladder {
		if t.ID == st.Technique {
			st.Level = t.Level
			_ = i
		}
	}
	r.steps = append(r.steps, st)
}

func (r *rater) name(c int) string { return engine.CellName(c, r.p.N) }

func (r *rater) names(cells []int) string {
	parts := make([]string, len(cells))
	for i, c := range cells {
		parts[i] = r.name(c)
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

// digitList writes a mask's digits joined by sep.
func digitList(m uint16, sep string) string {
	var parts []string
	for x := m; x != 0; x &= x - 1 {
		parts = append(parts, strconv.Itoa(lowDigit(x)))
	}
	return strings.Join(parts, sep)
}

// houseName is how steps name house h: "row 3", "column 2", "box 5"
// (StepRegion reads the same names).
func (r *rater) houseName(h int) string { return houseName(r.p.N, h) }

func houseName(n, h int) string {
	switch {
	case h < n:
		return "row " + strconv.Itoa(h+1)
	case h < 2*n:
		return "column " + strconv.Itoa(h-n+1)
	}
	return "box " + strconv.Itoa(h-2*n+1)
}

// cageName names the puzzle cage of cell c as the describer reads it:
// "cage 17 at r1c1", its sum and its first cell in reading order.
func (r *rater) cageName(c int) string {
	k := r.p.Cage[c]
	for i, kk := range r.p.Cage {
		if kk == k {
			return fmt.Sprintf("cage %d at %s", r.p.Sums[k], r.name(i))
		}
	}
	return ""
}

// StepRegion gives the cells of a region a step names: "row 3",
// "column 2", "box 5" (boxes in reading order), or "cage 17 at r1c1"
// (also "cage at r1c1": the puzzle's cage holding r1c1); false for any
// other name. The describer's StepDrawing.Region may be this.
func StepRegion(p *Puzzle, name string) ([]int, bool) {
	n := p.N
	if n < 1 || n > maxN || p.BoxW < 1 || p.BoxW*p.BoxH != n || len(p.Cage) != n*n {
		return nil, false
	}
	word, rest, ok := strings.Cut(name, " ")
	if !ok {
		return nil, false
	}
	if word == "cage" {
		_, at, ok := strings.Cut(rest, "at ")
		if !ok {
			return nil, false
		}
		var rr, cc int
		if _, err := fmt.Sscanf(at, "r%dc%d", &rr, &cc); err != nil || rr < 1 || rr > n || cc < 1 || cc > n {
			return nil, false
		}
		k := p.Cage[(rr-1)*n+cc-1]
		var out []int
		for i, kk := range p.Cage {
			if kk == k {
				out = append(out, i)
			}
		}
		return out, true
	}
	i, err := strconv.Atoi(rest)
	if err != nil || i < 1 || i > n {
		return nil, false
	}
	var h int
	switch word {
	case "row":
		h = i - 1
	case "column":
		h = n + i - 1
	case "box":
		h = 2*n + i - 1
	default:
		return nil, false
	}
	g := newGeom(n, p.BoxW, p.BoxH)
	out := make([]int, n)
	for j := range n {
		out[j] = int(g.house[h][j])
	}
	return out, true
}
