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

// Rate rates p on the ladder, always applying the lowest level that
// makes progress, with status and solution as Solve gives them; only a
// unique puzzle gets a rank. Steps are kept only when withSteps is set.
//
// Levels 1-5 need no solution, so they run first: when they fill the
// grid, their deductions (each sound) prove the solution unique, and the
// grid, checked against every cage, is Solve's answer without the cost
// of a search (more than half the time of a Basic 9x9). Otherwise Solve
// decides the status, and a unique puzzle goes on from where levels 1-5
// stopped, with proof by contradiction and search, which use the
// solution.
func (p *Puzzle) Rate(withSteps bool) engine.Rating {
	if err := checkShape(p); err != nil {
		return p.rateBySolve(err)
	}
	r := newRater(p, withSteps)
	sv := &r.sv
	for sv.s.left > 0 && !sv.s.bad {
		lvl := sv.next(LevelExtreme)
		if lvl <= 0 {
			break
		}
		r.rank = max(r.rank, lvl)
	}
	if sv.s.left == 0 && !sv.s.bad && r.filled() {
		return r.rating(r.grid())
	}
	res := p.Solve()
	rt := engine.Rating{Status: res.Status, Solution: res.Solution, Err: res.Err}
	if res.Status != engine.Unique {
		return rt
	}
	if err := r.finish(res.Solution); err != nil {
		return engine.Rating{Status: engine.Unknown, Err: err}
	}
	return r.rating(res.Solution)
}

// rateBySolve is the rating of a puzzle the rater's state cannot hold:
// Solve's status, no rank.
func (p *Puzzle) rateBySolve(err error) engine.Rating {
	res := p.Solve()
	if res.Status == engine.Unique {
		return engine.Rating{Status: engine.Unknown, Err: err}
	}
	return engine.Rating{Status: res.Status, Err: res.Err}
}

// rating is the finished rater's result for a unique puzzle.
func (r *rater) rating(sol string) engine.Rating {
	rt := engine.Rating{Status: engine.Unique, Solution: sol, Rank: max(r.rank, LevelTrivial), Score: r.score, Steps: r.steps}
	for i, t := range ladder {
		if r.counts[i] > 0 {
			rt.Profile = append(rt.Profile, engine.Count{ID: t.ID, N: r.counts[i]})
		}
	}
	return rt
}

// filled reports whether the full grid of the state keeps every rule:
// each house and cage holds distinct digits, each cage its sum.
func (r *rater) filled() bool {
	g, s := r.sv.g, &r.sv.s
	for h := range 3 * g.n {
		var seen uint16
		for i := range g.n {
			seen |= bit(int(s.val[g.house[h][i]]))
		}
		if seen != g.all {
			return false
		}
	}
	if !cagesHold(r.p, s) {
		return false
	}
	sums := make([]int, len(r.p.Sums))
	for c, k := range r.p.Cage {
		sums[k] += int(s.val[c])
	}
	for k, sum := range r.p.Sums {
		if sums[k] != sum {
			return false
		}
	}
	return true
}

// grid is the state's digits in the solution notation.
func (r *rater) grid() string {
	b := make([]byte, r.sv.g.cells)
	for i := range b {
		b[i] = byte('0' + r.sv.s.val[i])
	}
	return string(b)
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

// newRater starts a rating of p, a puzzle checkShape accepts.
func newRater(p *Puzzle, withSteps bool) *rater {
	g := newGeom(p.N, p.BoxW, p.BoxH)
	r := &rater{p: p, withSteps: withSteps}
	r.sv = rsolver{g: g, s: newState(g, p), log: r}
	return r
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

// finish goes on from where levels 1-5 stopped, knowing the solution,
// until the grid is full.
func (r *rater) finish(sol string) error {
	sv := &r.sv
	if len(sol) != sv.g.cells {
		return fmt.Errorf("killer: solution of %d digits for %d cells", len(sol), sv.g.cells)
	}
	r.sol = make([]int8, sv.g.cells)
	for i := range sv.g.cells {
		r.sol[i] = int8(sol[i] - '0')
	}
	if sv.s.bad {
		return errUnsound
	}
	for sv.s.left > 0 {
		lvl := sv.next(LevelExtreme)
		if lvl < 0 {
			return errUnsound
		}
		if lvl == 0 {
			if r.killer6() || r.contradiction() {
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
	for c := range sv.g.cells {
		if sv.s.val[c] != r.sol[c] {
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
			r.contra(c, d, lim, &probe.s)
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

// add appends a step, filling its level from its technique.
func (r *rater) add(st engine.Step) {
	for _, t := range ladder {
		if t.ID == st.Technique {
			st.Level = t.Level
			break
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
