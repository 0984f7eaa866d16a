package akari

import (
	"fmt"
	"strings"

	"pencilbox/engine"
)

// Score weights: every step adds the weight of its technique; a
// contradiction step also adds the number of cells its refuted assumption
// decided before the contradiction showed (a longer chain is harder to see).
var scoreWeight = [6]float64{0, 1, 2, 5, 20, 200}

// Rate solves p, checks uniqueness and, for a unique puzzle, rates it on the
// five-level ladder, always applying the lowest level that makes progress.
func Rate(p *Puzzle, withSteps bool) engine.Rating { return RateLimit(p, withSteps, DefaultWorkLimit) }

// RateLimit is Rate with limit bounding the cell assignments of the solve
// and, separately, of the rating (0: none), as SolveLimit does; when it is
// hit the status is engine.Unknown and Err wraps engine.ErrWorkLimit.
func RateLimit(p *Puzzle, withSteps bool, limit int64) engine.Rating {
	res, _ := SolveLimit(p, limit)
	rt := engine.Rating{Status: res.Status, Solution: res.Solution, Err: res.Err}
	if res.Status != engine.Unique {
		return rt
	}
	r := rater{s: newState(newBoard(p)), sol: res.Solution, withSteps: withSteps}
	r.s.limit = limit
	r.run()
	if r.aborted {
		// Only hostile input gets here: real puzzles use well under 1%
		// of the limit. Callers store the puzzle as Unknown.
		return engine.Rating{Status: engine.Unknown, Err: workLimitError(r.s)}
	}
	rt.Rank = max(r.rank, 1) // a puzzle with nothing to deduce (all black) is rank 1
	rt.Score = r.score
	for i, t := range ladder {
		if r.counts[i+1] > 0 {
			rt.Profile = append(rt.Profile, engine.Count{ID: t.ID, N: r.counts[i+1]})
		}
	}
	rt.Steps = r.steps
	return rt
}

type rater struct {
	s         *state
	sol       string
	withSteps bool
	steps     []engine.Step
	counts    [6]int
	rank      int
	score     float64
	lights    []int32 // lights whose seen cells may still be unknown
	probeAt   int     // where the contradiction scan resumes
	aborted   bool    // the work limit was hit
}

func (r *rater) name(c int32) string { return engine.CellName(int(c), r.s.b.w) }

func (r *rater) names(cs []int32) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = r.name(c)
	}
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// apply makes one step's marks and records it.
func (r *rater) apply(level int, cells []int32, v int8, pattern []int32, sentence func() string, extra float64, assumption, contradiction string) {
	s := r.s
	for _, c := range cells {
		if !s.assign(c, v) {
			panic(fmt.Sprintf("akari: rater made an unsound step at %s (%s)", r.name(c), ladder[level-1].ID))
		}
		if v == light {
			r.lights = append(r.lights, c)
		}
	}
	s.queue = s.queue[:0]
	s.qhead = 0
	r.counts[level]++
	r.rank = max(r.rank, level)
	r.score += scoreWeight[level] + extra
	if !r.withSteps {
		return
	}
	st := engine.Step{
		Level:         level,
		Technique:     ladder[level-1].ID,
		Sentence:      sentence(),
		Assumption:    assumption,
		Contradiction: contradiction,
	}
	for _, c := range pattern {
		st.Pattern = append(st.Pattern, int(c))
	}
	mv := NoLight
	if v == light {
		mv = Light
	}
	for _, c := range cells {
		st.Place = append(st.Place, engine.Mark{Cell: int(c), Value: mv})
	}
	r.steps = append(r.steps, st)
}

func (r *rater) run() {
	for r.s.unknown > 0 && !r.aborted {
		if r.s.work > r.s.limit {
			r.aborted = true
			return
		}
		if r.basics() || r.oneSource() || r.patterns() || r.contradiction(false) || r.contradiction(true) {
			continue
		}
		r.trial()
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func (r *rater) basics() bool {
	s, b := r.s, r.s.b
	for len(r.lights) > 0 {
		c := r.lights[0]
		var seen []int32
		for _, sg := range [2]int32{b.rowSeg[c], b.colSeg[c]} {
			for _, m := range b.seg(sg) {
				if s.st[m] == unk {
					seen = append(seen, m)
				}
			}
		}
		r.lights = r.lights[1:]
		if len(seen) > 0 {
			r.apply(1, seen, noLight, []int32{c}, func() string {
				return fmt.Sprintf("%s has a light, so %s, which it sees, %s no light.", r.name(c), r.names(seen), plural(len(seen), "gets", "get"))
			}, 0, "", "")
			return true
		}
	}
	for q, cc := range b.clueCell {
		if s.clueU[q] == 0 {
			continue
		}
		need := b.clueNum[q] - s.clueL[q]
		if need != 0 && need != s.clueU[q] {
			continue
		}
		var nb []int32
		for _, m := range b.clueNb[4*q : 4*q+4] {
			if m >= 0 && s.st[m] == unk {
				nb = append(nb, m)
			}
		}
		num := b.clueNum[q]
		if need == 0 {
			r.apply(1, nb, noLight, []int32{cc}, func() string {
				if num == 0 {
					return fmt.Sprintf("The 0 at %s allows no light next to it, so %s %s no light.", r.name(cc), r.names(nb), plural(len(nb), "gets", "get"))
				}
				return fmt.Sprintf("The %d at %s has all its lights, so %s %s no light.", num, r.name(cc), r.names(nb), plural(len(nb), "gets", "get"))
			}, 0, "", "")
		} else {
			r.apply(1, nb, light, []int32{cc}, func() string {
				return fmt.Sprintf("The %d at %s needs %d more %s and has exactly %d free %s, so %s %s a light.", num, r.name(cc), need, plural(int(need), "light", "lights"), len(nb), plural(len(nb), "neighbour", "neighbours"), r.names(nb), plural(len(nb), "gets", "each get"))
			}, 0, "", "")
		}
		return true
	}
	return false
}

func (r *rater) oneSource() bool {
	s := r.s
	s.work += int64(len(s.b.whites))
	for _, u := range s.b.whites {
		if s.lit(u) || s.sources(u) != 1 {
			continue
		}
		src := s.firstSource(u)
		r.apply(2, []int32{src}, light, []int32{u}, func() string {
			if src == u {
				return fmt.Sprintf("Nothing else can light %s, so it gets a light itself.", r.name(u))
			}
			return fmt.Sprintf("%s is the only cell that can light %s, so it gets a light.", r.name(src), r.name(u))
		}, 0, "", "")
		return true
	}
	return false
}

func (r *rater) patterns() bool {
	s, b := r.s, r.s.b
	f := s.findPattern(true)
	if f.x < 0 {
		return false
	}
	x, a := f.x, f.anchor
	var set []int32
	var sentence func() string
	switch f.kind {
	case patDiagonal:
		q := b.clueAt[a]
		ar, ac, xr, xc := int(a)/b.w, int(a)%b.w, int(x)/b.w, int(x)%b.w
		set = []int32{int32(ar*b.w + xc), int32(xr*b.w + ac)}
		sentence = func() string {
			return fmt.Sprintf("The %d at %s needs lights on all but one of its free neighbours, so %s or %s has a light; %s sees both, so it gets no light.", b.clueNum[q], r.name(a), r.name(set[0]), r.name(set[1]), r.name(x))
		}
	case patUnlit:
		set = append(set, s.firstSource(a))
		for _, sg := range [2]int32{b.rowSeg[a], b.colSeg[a]} {
			for _, m := range b.seg(sg) {
				if m != a && s.st[m] == unk {
					set = append(set, m)
				}
			}
		}
		if s.st[a] != unk {
			set = set[1:]
		}
		sentence = func() string {
			return fmt.Sprintf("One of %s must light %s; a light on %s would leave none of them, so it gets no light.", r.names(set), r.name(a), r.name(x))
		}
	case patClue:
		q := b.clueAt[a]
		for _, m := range b.clueNb[4*q : 4*q+4] {
			if m >= 0 && s.st[m] == unk {
				set = append(set, m)
			}
		}
		need := b.clueNum[q] - s.clueL[q]
		sentence = func() string {
			return fmt.Sprintf("The %d at %s needs %d more %s among %s; a light on %s would rule out too many of them, so it gets no light.", b.clueNum[q], r.name(a), need, plural(int(need), "light", "lights"), r.names(set), r.name(x))
		}
	}
	pat := append([]int32{a}, set...)
	r.apply(3, []int32{x}, noLight, pat, sentence, 0, "", "")
	return true
}

func (r *rater) why(why int, c, other int32) string {
	b := r.s.b
	switch why {
	case failSees:
		return fmt.Sprintf("%s would need a light although the light on %s sees it", r.name(c), r.name(other))
	case failOver:
		return fmt.Sprintf("the %d at %s would get too many lights", b.clueNum[b.clueAt[c]], r.name(c))
	case failUnder:
		return fmt.Sprintf("the %d at %s could not get enough lights", b.clueNum[b.clueAt[c]], r.name(c))
	case failDark:
		return fmt.Sprintf("nothing could light %s any more", r.name(c))
	case failConflict:
		return fmt.Sprintf("%s would need both a light and no light", r.name(c))
	}
	return "a contradiction"
}

// contradiction finds one level-4 deduction, scanning from where the last
// one was found. withL3 = false propagates with levels 1-2 only (cheaper;
// every contradiction it finds is one levels 1-3 find too).
func (r *rater) contradiction(withL3 bool) bool {
	s := r.s
	ws := s.b.whites
	s.l3 = withL3
	defer func() { s.l3 = false }()
	for i := range ws {
		k := (r.probeAt + i) % len(ws)
		c := ws[k]
		if s.st[c] != unk {
			continue
		}
		for _, v := range [2]int8{light, noLight} {
			if s.try(c, v) {
				continue
			}
			if s.failWhy == failBudget {
				r.aborted = true
				return true
			}
			chain := float64(s.tried)
			why, at, seer := s.failWhy, s.failCell, s.failOther
			r.probeAt = k
			s.l3 = false
			assume, other := "a light", "no light"
			if v == noLight {
				assume, other = "no light", "a light"
			}
			ctr := r.why(why, at, seer)
			r.apply(4, []int32{c}, 3-v, []int32{c, at}, func() string {
				return fmt.Sprintf("If %s had %s, %s; so it gets %s.", r.name(c), assume, ctr, other)
			}, chain, r.name(c)+" has "+assume, ctr)
			return true
		}
	}
	return false
}

// trial places the solution's value on the first unknown cell: the other
// value leads, by search, to no solution.
func (r *rater) trial() {
	s := r.s
	for _, c := range s.b.whites {
		if s.st[c] != unk {
			continue
		}
		v, what, other := noLight, "no light", "a light"
		if r.sol[c] == 'L' {
			v, what, other = light, "a light", "no light"
		}
		r.apply(5, []int32{c}, v, []int32{c}, func() string {
			return fmt.Sprintf("Trial and error: with %s on %s the search finds no solution, so %s gets %s.", other, r.name(c), r.name(c), what)
		}, 0, r.name(c)+" has "+other, "search finds no solution")
		return
	}
}

// State is the board before or after a step, for drawing: Cells holds per
// cell '#' black, '0'-'4' clue, 'L' light, 'x' no-light mark, '.' unknown;
// Lit tells which white cells a light reaches.
type State struct {
	W, H  int
	Cells []byte
	Lit   []bool
}

func (st State) String() string {
	var b strings.Builder
	for r := 0; r < st.H; r++ {
		b.Write(st.Cells[r*st.W : (r+1)*st.W])
		b.WriteByte('\n')
	}
	return b.String()
}

func snapshot(s *state) State {
	b := s.b
	st := State{W: b.w, H: b.h, Cells: make([]byte, b.n), Lit: make([]bool, b.n)}
	for i, ch := range b.cells {
		if ch != White {
			st.Cells[i] = ch
			continue
		}
		switch s.st[i] {
		case light:
			st.Cells[i] = 'L'
		case noLight:
			st.Cells[i] = 'x'
		default:
			st.Cells[i] = '.'
		}
		st.Lit[i] = s.lit(int32(i))
	}
	return st
}

// Replay applies steps to p's empty board and returns the board before each
// step and after the last (len(steps)+1 states). It reports the first step
// whose marks are invalid or break a rule.
func Replay(p *Puzzle, steps []engine.Step) ([]State, error) {
	s := newState(newBoard(p))
	out := make([]State, 0, len(steps)+1)
	for i, stp := range steps {
		out = append(out, snapshot(s))
		for _, m := range stp.Place {
			if m.Cell < 0 || m.Cell >= s.b.n || s.b.cells[m.Cell] != White {
				return out, fmt.Errorf("step %d: mark on %d, not a white cell", i+1, m.Cell)
			}
			var v int8
			switch m.Value {
			case Light:
				v = light
			case NoLight:
				v = noLight
			default:
				return out, fmt.Errorf("step %d: mark value %d on %s is neither Light nor NoLight", i+1, m.Value, engine.CellName(m.Cell, p.W))
			}
			if cur := s.st[m.Cell]; cur != unk && cur != v {
				return out, fmt.Errorf("step %d: %s is already decided otherwise", i+1, engine.CellName(m.Cell, p.W))
			}
			if !s.assign(int32(m.Cell), v) {
				return out, fmt.Errorf("step %d: mark on %s breaks a rule", i+1, engine.CellName(m.Cell, p.W))
			}
		}
		s.queue = s.queue[:0]
	}
	out = append(out, snapshot(s))
	return out, nil
}
