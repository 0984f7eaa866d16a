package nonogram

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"pencilbox/engine"
)

var _ engine.Generator = Kind{}

// Generation limits and defaults: 10x10 as the other kinds (the shared
// Generate form shows the first kind's default), half the cells filled as
// Tatham's Pattern; GenMaxSize keeps a candidate's rating well under a
// second.
const (
	GenMinSize     = 2
	GenMaxSize     = 60
	GenDefaultSize = 10
	GenDefaultFill = 0.5
	// GenMaxFlips is how many cells (orbits) one picture may have flipped,
	// in units of 1/GenMaxFlips of its cells, before it is given up for a
	// new one: a picture is shaped by flipping an undecided cell while
	// it is not unique at the asked level.
	GenMaxFlips = 10
)

// GenParams declares what the Nonogram generator takes beside the rank
// range: the grid size, the share of filled cells and the picture's
// symmetry.
func (Kind) GenParams() []engine.GenParam {
	return []engine.GenParam{
		{Name: "size", Label: "Size", Type: engine.ParamSize, Min: GenMinSize, Max: GenMaxSize,
			Default: fmt.Sprintf("%dx%d", GenDefaultSize, GenDefaultSize), Example: "12x12",
			Help: fmt.Sprintf("grid size WxH, from %dx%d to %dx%d", GenMinSize, GenMinSize, GenMaxSize, GenMaxSize)},
		{Name: "filled", Label: "Filled cells", Type: engine.ParamShare, Min: 0, Max: 1,
			Default: fmt.Sprintf("%g%%", 100*GenDefaultFill), Example: "50%",
			Help: "share of filled cells in the random picture, e.g. 50%"},
		engine.SymmetryParam(),
	}
}

// genRateFirst is the most cells of a grid whose candidates for ranks 1-2
// are rated straight away: on larger grids most candidates need shaping,
// and a plain line-solving fixpoint tells those apart for less (20x20
// line-solvable puzzles: 4,056 per CPU second rated first, 3,861 fixpoint
// first; 30x30: 334 and 504; go test -bench Generate ./kinds/nonogram).
const genRateFirst = 400

// genTarget is a generation target read from engine.GenOptions.
type genTarget struct {
	lo, hi int // rank range
	w, h   int
	fill   float64
	sym    engine.Symmetry
}

func (k Kind) checkGen(o engine.GenOptions) (genTarget, error) {
	args, err := engine.ReadGenValues(k.GenParams(), o.Params)
	if err != nil {
		return genTarget{}, fmt.Errorf("nonogram: %w", err)
	}
	t := genTarget{lo: o.MinRank, hi: o.MaxRank, fill: args.Share("filled"), sym: engine.Symmetry(args.Choice("symmetry"))}
	t.w, t.h = args.Size("size")
	if t.lo == 0 {
		t.lo = 1
	}
	if t.hi == 0 {
		t.hi = len(ladder)
	}
	if t.lo < 1 || t.hi > len(ladder) || t.lo > t.hi {
		return genTarget{}, fmt.Errorf("nonogram: rank %d-%d: %w: the ladder has ranks 1-%d", o.MinRank, o.MaxRank, engine.ErrImpossible, len(ladder))
	}
	if ranks := RanksAt(t.w, t.h); ranks>>t.lo&(1<<(t.hi-t.lo+1)-1) == 0 {
		var has []string
		for r := 1; r <= len(ladder); r++ {
			if ranks&(1<<r) != 0 {
				has = append(has, strconv.Itoa(r))
			}
		}
		return genTarget{}, fmt.Errorf("nonogram: rank %d-%d at %dx%d: %w: the %dx%d nonograms with a unique solution rate %s",
			t.lo, t.hi, t.w, t.h, engine.ErrImpossible, t.w, t.h, strings.Join(has, ", "))
	}
	return t, nil
}

// RanksAt is the set of ranks (bit r: rank r) the w x h nonograms with a
// unique solution have, as far as known: enumerated by TestRanksAt for
// the grids of up to 16 cells (and 8x1, 8x2); every rank beyond.
func RanksAt(w, h int) int {
	w, h = min(w, h), max(w, h)
	switch {
	case w == 1 && h <= 8, w == 2 && h <= 3, w == 3 && h == 3:
		return 1 << 1
	case w == 2 && h <= 6, w == 3 && h == 4, w == 4 && h == 4:
		return 1<<1 | 1<<3
	case w == 2 && h <= 8, w == 3 && h == 5:
		return 1<<1 | 1<<2 | 1<<3
	}
	return 1<<1 | 1<<2 | 1<<3 | 1<<4
}

// NewSource checks o and returns a Nonogram source: random pictures
// (noise smoothed over each cell's 3x3 neighbourhood, cut at the share of
// filled cells, as Tatham's Pattern makes them), shaped while not unique at
// the asked level by flipping a cell the ladder left undecided, then rated.
func (k Kind) NewSource(o engine.GenOptions, rng *rand.Rand) (engine.Source, error) {
	t, err := k.checkGen(o)
	if err != nil {
		return nil, err
	}
	orbits, err := t.sym.Orbits(t.w, t.h)
	if err != nil {
		return nil, fmt.Errorf("nonogram: %w", err)
	}
	n := t.w * t.h
	s := &genSource{t: t, rng: rng, orbits: orbits, orbitOf: make([]int32, n),
		pic: make([]bool, n), noise: make([]float64, n), smooth: make([]float64, n), sorted: make([]float64, n)}
	for i, o := range orbits {
		for _, c := range o {
			s.orbitOf[c] = int32(i)
		}
	}
	s.p = &Puzzle{W: t.w, H: t.h, Rows: make([][]int, t.h), Cols: make([][]int, t.w)}
	s.r = newRater(s.p, false)
	s.r.limit = RateWorkLimit
	s.prop = newPropagator(s.r.g)
	return s, nil
}

type genSource struct {
	t       genTarget
	rng     *rand.Rand
	orbits  [][]int
	orbitOf []int32
	pic     []bool
	noise   []float64
	smooth  []float64
	sorted  []float64
	p       *Puzzle // the candidate, its clues rewritten in place
	r       *rater  // reused for every candidate
	prop    *propagator
	easy    bool // the candidate rates below the target
	// mostFlips is the most flips one picture has had (GenMaxFlips's test)
	mostFlips int
	undec     []int
	// tried counts candidates by rank; index 0 those not unique at the
	// levels the target allows (shaped further or given up), and those a
	// line solver finishes below a target of rank 3 or more.
	tried [5]int
}

func (s *genSource) Tried() []int { return slices.Clone(s.tried[:]) }

// Next makes pictures until one is unique at a rank in the target.
func (s *genSource) Next(ctx context.Context) (engine.Puzzle, engine.Rating, error) {
	for {
		if err := ctx.Err(); err != nil {
			return nil, engine.Rating{}, err
		}
		s.picture()
		for flips := 0; ; flips++ {
			ok, rated, err := s.evaluate()
			if err != nil {
				return nil, engine.Rating{}, err
			}
			if ok {
				p := s.puzzle()
				rt := rated
				if rt.Status == engine.Unknown {
					rt = p.Rate(false)
				}
				if rt.Status != engine.Unique {
					// Cannot happen: evaluate's levels are sound.
					return nil, engine.Rating{}, fmt.Errorf("nonogram: generated %s rated %v", p.TathamID(), rt.Status)
				}
				s.tried[rt.Rank]++
				if rt.Rank >= s.t.lo && rt.Rank <= s.t.hi {
					return p, rt, nil
				}
				break
			}
			if s.easy {
				// Below the target: rank 1 when it is 2, else 1 or 2 (not
				// told apart, counted with the candidates not kept).
				if s.t.lo == 2 {
					s.tried[1]++
				} else {
					s.tried[0]++
				}
				break // a new picture
			}
			s.tried[0]++
			if (flips+1)*GenMaxFlips > s.t.w*s.t.h || !s.flip() {
				break
			}
			s.mostFlips = max(s.mostFlips, flips+1)
		}
	}
}

// picture draws a random picture: uniform noise per orbit, each cell set
// to the mean of its 3x3 neighbourhood (not across a side of 2, so a 2xN
// grid keeps its two lines apart), filled where the mean is among the
// highest share of cells.
func (s *genSource) picture() {
	w, h := s.t.w, s.t.h
	for _, o := range s.orbits {
		x := s.rng.Float64()
		for _, c := range o {
			s.noise[c] = x
		}
	}
	for r := range h {
		for c := range w {
			sum, n := 0.0, 0
			for dr := -1; dr <= 1; dr++ {
				if h == 2 && dr != 0 || r+dr < 0 || r+dr >= h {
					continue
				}
				for dc := -1; dc <= 1; dc++ {
					if w == 2 && dc != 0 || c+dc < 0 || c+dc >= w {
						continue
					}
					sum += s.noise[(r+dr)*w+c+dc]
					n++
				}
			}
			s.smooth[r*w+c] = sum / float64(n)
		}
	}
	copy(s.sorted, s.smooth)
	slices.Sort(s.sorted)
	k := int(float64(len(s.sorted)) * (1 - s.t.fill))
	k = min(max(k, 0), len(s.sorted)-1)
	cut := s.sorted[k]
	for i, x := range s.smooth {
		s.pic[i] = x >= cut
	}
	if s.t.fill <= 0 {
		clear(s.pic)
	}
	for i := range s.p.Rows {
		s.p.Rows[i] = s.clue(s.p.Rows[i][:0], i, true)
	}
	for i := range s.p.Cols {
		s.p.Cols[i] = s.clue(s.p.Cols[i][:0], i, false)
	}
}

// clue writes the runs of row (or column) i of the picture into dst.
func (s *genSource) clue(dst []int, i int, row bool) []int {
	w, h := s.t.w, s.t.h
	n, at, step := w, i*w, 1
	if !row {
		n, at, step = h, i, w
	}
	run := 0
	for k := 0; k < n; k++ {
		if s.pic[at+k*step] {
			run++
			continue
		}
		if run > 0 {
			dst = append(dst, run)
			run = 0
		}
	}
	if run > 0 {
		dst = append(dst, run)
	}
	return dst
}

// evaluate reports whether the candidate is unique at a rank up to the
// target's top, deciding as little as it can: a plain line-solving
// fixpoint for ranks up to 2; levels 1-3 for rank 3; the complete solver
// at the top of the ladder. It sets s.easy when the candidate is sure to
// rate below the target (a new picture is then due), and leaves the
// cells it could not decide undecided in s.r.g.cells for flip.
//
// For a target of rank 1 or 1-2 on up to genRateFirst cells it rates the
// candidate as Rate does (the same rater, levels 1-2), and returns that
// rating when it finishes.
func (s *genSource) evaluate() (bool, engine.Rating, error) {
	r := s.r
	r.reset(s.p)
	s.easy = false
	if s.t.lo == 1 && s.t.hi <= 2 && s.t.w*s.t.h <= genRateFirst {
		r.top = s.t.hi
		err := r.run()
		if err != nil || !r.g.meetsClues() {
			return false, engine.Rating{}, ignoreStuck(err)
		}
		rt := engine.Rating{Status: engine.Unique, Solution: r.g.solution()}
		r.rated(&rt)
		return true, rt, nil
	}
	ok, err := s.decide()
	return ok, engine.Rating{}, err
}

// decide is evaluate for the targets evaluate does not rate straight
// away: a line-solving fixpoint first, then only what it leaves open.
func (s *genSource) decide() (bool, error) {
	r := s.r
	s.prop.pushAll()
	if _, ok := s.prop.fixpoint(r.g.cells); !ok {
		return false, fmt.Errorf("nonogram: generated clues with no placement in %s", r.g.lineName(s.prop.bad))
	}
	solved := !slices.Contains(r.g.cells, unk)
	switch {
	case solved && s.t.lo >= 3:
		s.easy = true
		return false, nil
	case solved && (s.t.lo == 2 || s.t.hi == 1):
		// Rank 1 or 2: rank 1 when overlap alone finishes it.
		r.reset(s.p)
		r.top = 1
		err := r.run()
		if s.t.lo == 2 {
			s.easy = err == nil
			return !s.easy, ignoreStuck(err)
		}
		return err == nil, ignoreStuck(err)
	case solved:
		return true, nil
	case s.t.hi <= 2:
		return false, nil
	}
	r.reset(s.p)
	r.top = min(s.t.hi, 3)
	err := r.run()
	if err == nil {
		return true, nil
	}
	if !errors.Is(err, errStuck) || s.t.hi < len(ladder) {
		return false, ignoreStuck(err)
	}
	return s.puzzle().Solve().Status == engine.Unique, nil
}

func ignoreStuck(err error) error {
	if errors.Is(err, errStuck) {
		return nil
	}
	return err
}

// flip flips a random orbit of cells the ladder left undecided, and
// rewrites the clues of their lines. It reports false when no cell was
// undecided.
func (s *genSource) flip() bool {
	s.undec = s.undec[:0]
	for c, x := range s.r.g.cells {
		if x == unk {
			s.undec = append(s.undec, c)
		}
	}
	if len(s.undec) == 0 {
		return false
	}
	c := s.undec[s.rng.IntN(len(s.undec))]
	w := s.t.w
	for _, m := range s.orbits[s.orbitOf[c]] {
		s.pic[m] = !s.pic[m]
		r, col := m/w, m%w
		s.p.Rows[r] = s.clue(s.p.Rows[r][:0], r, true)
		s.p.Cols[col] = s.clue(s.p.Cols[col][:0], col, false)
	}
	return true
}

// puzzle is a copy of the candidate, its own clues.
func (s *genSource) puzzle() *Puzzle {
	p := &Puzzle{W: s.p.W, H: s.p.H, Rows: make([][]int, s.p.H), Cols: make([][]int, s.p.W)}
	for i, c := range s.p.Rows {
		p.Rows[i] = slices.Clone(c)
		if p.Rows[i] == nil {
			p.Rows[i] = []int{}
		}
	}
	for i, c := range s.p.Cols {
		p.Cols[i] = slices.Clone(c)
		if p.Cols[i] == nil {
			p.Cols[i] = []int{}
		}
	}
	return p
}
