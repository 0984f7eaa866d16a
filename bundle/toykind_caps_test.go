package bundle_test

// The toy kind's optional capabilities, declared here only: a generator
// with a parameter of its own, a verdict, and a second scale. TestToyKindCaps
// runs them through the shared code unchanged.

import (
	"context"
	"errors"
	"math/rand/v2"

	"pencilbox/engine"
)

// givensParam is the toy generator's own parameter: how many givens.
var givensParam = engine.GenParam{Name: "givens", Label: "Givens", Type: engine.ParamRange, Min: 1, Max: side * side,
	Help: "how many digits a square starts with", Example: "6-9"}

func (latinKind) GenParams() []engine.GenParam { return []engine.GenParam{givensParam} }

// NewSource checks the declared parameters and makes squares from rng.
func (latinKind) NewSource(opt engine.GenOptions, rng *rand.Rand) (engine.Source, error) {
	args, err := engine.ReadGenValues(latinKind{}.GenParams(), opt.Params)
	if err != nil {
		return nil, err
	}
	if opt.MinRank > 3 {
		return nil, errors.Join(engine.ErrImpossible, errors.New("the toy ladder has 3 ranks"))
	}
	lo, hi := args.Range("givens")
	return &latinSource{opt: opt, lo: lo, hi: hi, rng: rng, tried: make([]int, 4)}, nil
}

type latinSource struct {
	opt    engine.GenOptions
	lo, hi int
	rng    *rand.Rand
	tried  []int
}

func (s *latinSource) Tried() []int { return s.tried }

// Next permutes the rows, columns and digits of a cyclic square, then
// empties cells in a random order while the square stays unique.
func (s *latinSource) Next(ctx context.Context) (engine.Puzzle, engine.Rating, error) {
	for {
		if err := ctx.Err(); err != nil {
			return nil, engine.Rating{}, err
		}
		rows, cols, digits := s.rng.Perm(side), s.rng.Perm(side), s.rng.Perm(side)
		p := &latin{}
		for r := range side {
			for c := range side {
				p.g[r*side+c] = byte('1' + digits[(rows[r]+cols[c])%side])
			}
		}
		for _, i := range s.rng.Perm(side * side) {
			keep := p.g[i]
			p.g[i] = '.'
			if p.Solve().Status != engine.Unique {
				p.g[i] = keep
			}
		}
		rt := p.Rate(false)
		clues := p.Clues()
		if (s.lo > 0 && clues < s.lo) || (s.hi > 0 && clues > s.hi) {
			s.tried[0]++
			continue
		}
		s.tried[rt.Rank]++
		if (s.opt.MinRank == 0 || rt.Rank >= s.opt.MinRank) && (s.opt.MaxRank == 0 || rt.Rank <= s.opt.MaxRank) {
			return p, rt, nil
		}
	}
}

// Verdict: whether a square is solved without guessing (Rate sets it).
func (latinKind) Verdict() engine.Verdict {
	return engine.Verdict{Key: "guessfree", Field: "guess_free", Name: "Guess-free", Yes: "yes: no guess needed", No: "no: it needs a guess"}
}

// effortRater is the toy kind's second scale: the sum of its steps'
// levels.
type effortRater struct{}

func (effortRater) Scales() []engine.Scale {
	return []engine.Scale{{Key: "effort", Name: "Latin effort", Short: "EF", Min: 0, Max: 50, Decimals: 1,
		Step: "the effort adds up the levels of the steps", Filter: true, Sort: true, Placeholder: "3-6",
		NoteName: "Last step", NoteKey: "last_step"},
		// a second figure, stored and exported, neither filtered nor sorted
		{Key: "guesses", Name: "Guesses", Short: "Gs", Max: 16, Step: "each guess adds one"}}
}

func (effortRater) RateSecond(p engine.Puzzle, steps bool) engine.SecondRating {
	rt := p.Rate(true)
	if rt.Status != engine.Unique {
		return engine.SecondRating{Err: errors.New("not unique")}
	}
	var sum, guesses float64
	for _, s := range rt.Steps {
		sum += float64(s.Level)
		if s.Technique == "guess" {
			guesses++
		}
	}
	out := engine.SecondRating{Values: [engine.ScaleSlots]float64{sum, guesses}, Note: rt.Steps[len(rt.Steps)-1].Technique}
	if steps {
		out.Steps = rt.Steps
	}
	return out
}

func (latinBundle) SecondRater() engine.SecondRater { return effortRater{} }
