package sudoku

import (
	"pencilbox/engine"
)

// technique indexes into ladder (ladder.go).
const (
	tSbit = iota
	tUbit
	tInter
	tE2
	tX2
	tE3
	tX3
	tE4
	tX4
	tNeg
	tTrial
	nTech
)

// scoreWeight[t] = 2^(level-1): a technique of level L weighs as much as
// two of level L-1.
var scoreWeight = [nTech]float64{1, 2, 4, 8, 8, 16, 16, 32, 32, 64, 128}

// Score is the rating's score, defined from the technique profile:
//
//	score = sum over techniques t of count(t) * 2^(level(t)-1)
//
// (Sbit 1, Ubit 2, InterSection 4, E2/X2 8, E3/X3 16, E4/X4 32, Negation
// 64, each trial-and-error guess 128). Inside one rank a puzzle needing
// more, and harder, applications scores higher. The formula is stable:
// stored scores stay comparable.
func Score(profile []engine.Count) float64 {
	var sc float64
	for _, c := range profile {
		for t := range ladder {
			if ladder[t].ID == c.ID {
				sc += scoreWeight[t] * float64(c.N)
			}
		}
	}
	return sc
}

// rater runs the ladder loop.
type rater struct {
	counts  [nTech]int
	rank    int
	steps   []engine.Step
	with    bool
	guesses int
	sol     Grid
	last    engine.Step
}

// Rate solves g and rates it on the star ladder (docs/sudoku-rating.md):
// the status from the fast solver, then for unique puzzles the rank (the
// highest level the solve by lowest-level-first needs), the profile, the
// score (see Score), the Enclosure+Negation hypothesis verdict and, when
// withSteps, the replayable step log (see Replay).
func Rate(g *Grid, withSteps bool) engine.Rating {
	n, sol := Solve(g)
	res := result(n, &sol)
	out := engine.Rating{Status: res.Status, Solution: res.Solution}
	if n != 1 {
		return out
	}
	var s rstate
	if !s.load(g) {
		return out
	}
	rt := rater{with: withSteps, sol: sol}
	rt.run(&s)
	out.Rank = rt.rank
	for t := 0; t < nTech; t++ {
		if rt.counts[t] > 0 {
			out.Profile = append(out.Profile, engine.Count{ID: ladder[t].ID, N: rt.counts[t]})
		}
	}
	out.Score = Score(out.Profile)
	out.Steps = rt.steps
	if rt.houseOnly() || hypothesis(g, &sol) {
		out.Verdict = engine.Yes
	} else {
		out.Verdict = engine.No
	}
	return out
}

// houseOnly reports whether the ladder solved the puzzle with techniques
// that each follow from one house's all-different constraint (singles,
// naked and hidden subsets). Such a puzzle satisfies the Enclosure+Negation
// hypothesis without running it: every elimination the ladder made removes
// a candidate no filling of one house supports, so the all-different
// fixpoint from the givens (which keeps only supported candidates) is
// inside every state the ladder passed through, down to the solution.
// About half of a typical library is such a puzzle, and the hypothesis is
// a fifth of an import's CPU.
func (rt *rater) houseOnly() bool {
	return rt.counts[tInter] == 0 && rt.counts[tNeg] == 0 && rt.counts[tTrial] == 0
}

// step applies the lowest-level technique that makes progress, once.
// It returns the technique index, or -1 when solved.
func (rt *rater) step(s *rstate) int {
	if s.left == 0 {
		return -1
	}
	var stv engine.Step
	st := (*engine.Step)(nil)
	if rt.with {
		st = &stv
	}
	t := -1
	switch {
	case s.sbit(st, false) == progress:
		t = tSbit
	case s.ubit(st, false) == progress:
		t = tUbit
	case s.intersection(st, false) == progress:
		t = tInter
	case s.subset(2, true, st, false) == progress:
		t = tE2
	case s.subset(2, false, st, false) == progress:
		t = tX2
	case s.subset(3, true, st, false) == progress:
		t = tE3
	case s.subset(3, false, st, false) == progress:
		t = tX3
	case s.subset(4, true, st, false) == progress:
		t = tE4
	case s.subset(4, false, st, false) == progress:
		t = tX4
	case negation(s, st, 6, true, &rt.sol) == progress:
		t = tNeg
	default:
		t = tTrial
		rt.trial(s, st)
	}
	if rt.with {
		rt.last = stv
	}
	return t
}

func (rt *rater) run(s *rstate) {
	for {
		t := rt.step(s)
		if t < 0 {
			return
		}
		if t != tTrial {
			rt.counts[t]++
		}
		if rt.with {
			rt.last.Level = ladder[t].Level
		}
		if l := ladder[t].Level; l > rt.rank {
			rt.rank = l
		}
		if rt.with {
			rt.steps = append(rt.steps, rt.last)
		}
	}
}
