package akari

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"pencilbox/engine"
)

var _ engine.Generator = Kind{}

// Generation limits: the sizes the generator accepts and its defaults
// (Tatham's Light Up defaults: 20% black cells).
const (
	GenMinSize      = 1
	GenMaxSize      = 60
	GenDefaultSize  = 10
	GenDefaultBlack = 0.20
)

// GenParams declares what the Akari generator takes beside the rank range:
// the black cells' symmetry, a clue range, minimality, the grid size and
// the share of black cells.
func (Kind) GenParams() []engine.GenParam {
	return []engine.GenParam{
		engine.SymmetryParam(),
		{Name: "clues", Label: "Clues", Type: engine.ParamRange, Min: 1, Max: GenMaxSize * GenMaxSize, Example: "10-20",
			Help: "numbered black cells, a count or range, e.g. 10-20 (default any)"},
		{Name: "minimal", Label: "Minimal", Type: engine.ParamBool, Default: "true",
			Help: "only puzzles with no removable clue nor droppable clue number"},
		{Name: "size", Label: "Size", Type: engine.ParamSize, Min: GenMinSize, Max: GenMaxSize,
			Default: fmt.Sprintf("%dx%d", GenDefaultSize, GenDefaultSize), Example: "12x12",
			Help: fmt.Sprintf("grid size WxH, from %dx%d to %dx%d", GenMinSize, GenMinSize, GenMaxSize, GenMaxSize)},
		{Name: "black", Label: "Black cells", Type: engine.ParamShare, Min: 0, Max: 1,
			Default: fmt.Sprintf("%g%%", 100*GenDefaultBlack), Example: "20%",
			Help: "share of black cells, e.g. 20%"},
	}
}

// genTarget is a generation target read from engine.GenOptions.
type genTarget struct {
	MinRank, MaxRank   int
	Symmetry           engine.Symmetry
	MinClues, MaxClues int  // 0: no bound
	NotMinimal         bool // thinned puzzles allowed, not only minimal ones
	Width, Height      int
	Black              float64 // share of black cells, 0-1
}

// NewSource checks opt and returns an Akari source: random black layouts
// with the asked symmetry and share of black cells, a random solution, every
// black cell numbered, then clue numbers dropped orbit by orbit while the
// solution stays unique (gen.go's thin), and the result rated.
func (k Kind) NewSource(o engine.GenOptions, rng *rand.Rand) (engine.Source, error) {
	opt, err := k.checkGen(o)
	if err != nil {
		return nil, err
	}
	orbits, err := opt.Symmetry.Orbits(opt.Width, opt.Height)
	if err != nil {
		return nil, fmt.Errorf("akari: %w", err)
	}
	s := &genSource{opt: opt, rng: rng, orbits: orbits, n: opt.Width * opt.Height}
	s.orbitOf = make([]int32, s.n)
	for k, o := range orbits {
		for _, c := range o {
			s.orbitOf[c] = int32(k)
		}
	}
	s.order = make([]int, len(orbits))
	s.cells = make([]byte, s.n)
	s.perm = make([]int32, s.n)
	s.isLight = make([]bool, s.n)
	s.lit = make([]bool, s.n)
	s.blacks = int(math.Round(opt.Black * float64(s.n)))
	return s, nil
}

// checkGen reads the target, filling defaults, and refuses options that
// cannot apply or targets known to be impossible.
func (k Kind) checkGen(o engine.GenOptions) (genTarget, error) {
	args, err := engine.ReadGenValues(k.GenParams(), o.Params)
	if err != nil {
		return genTarget{}, fmt.Errorf("akari: %w", err)
	}
	opt := genTarget{MinRank: o.MinRank, MaxRank: o.MaxRank, Symmetry: engine.Symmetry(args.Choice("symmetry")),
		NotMinimal: !args.Bool("minimal"), Black: args.Share("black")}
	opt.MinClues, opt.MaxClues = args.Range("clues")
	opt.Width, opt.Height = args.Size("size")
	lo, hi := opt.MinRank, opt.MaxRank
	if lo == 0 {
		lo = 1
	}
	if hi == 0 {
		hi = len(ladder)
	}
	if lo < 1 || hi > len(ladder) || lo > hi {
		return genTarget{}, fmt.Errorf("akari: rank %d-%d: %w: the ladder has ranks 1-%d", opt.MinRank, opt.MaxRank, engine.ErrImpossible, len(ladder))
	}
	if top := MaxRankAt(opt.Width, opt.Height); lo > top {
		return genTarget{}, fmt.Errorf("akari: rank %d-%d at %dx%d: %w: no %dx%d Akari with a unique solution rates above %d",
			lo, hi, opt.Width, opt.Height, engine.ErrImpossible, opt.Width, opt.Height, top)
	}
	opt.MinRank, opt.MaxRank = lo, hi
	n := opt.Width * opt.Height
	if opt.MaxClues == 0 {
		opt.MaxClues = n
	}
	if opt.MinClues < 0 || opt.MinClues > opt.MaxClues {
		return genTarget{}, fmt.Errorf("akari: clues %d-%d: not a range", opt.MinClues, opt.MaxClues)
	}
	if blacks := int(math.Round(opt.Black * float64(n))); opt.MinClues > blacks+8 {
		// Orbits may round the black count up by at most 7 cells.
		return genTarget{}, fmt.Errorf("akari: at least %d clues: %w: a %dx%d grid with %.0f%% black cells has about %d black cells",
			opt.MinClues, engine.ErrImpossible, opt.Width, opt.Height, 100*opt.Black, blacks)
	}
	return opt, nil
}

// maxRankSmall is the highest rank any Akari with a unique solution reaches
// on a grid of at most 3x3 cells (indexed [w][h]), found by enumerating
// every black layout, every solution and every set of numbered cells
// (TestMaxRankAtSmallSizes recomputes it).
var maxRankSmall = [4][4]int{
	{0, 0, 0, 0},
	{0, 2, 2, 2},
	{0, 2, 2, 3},
	{0, 2, 3, 4},
}

// MaxRankAt is the highest rank a w x h Akari can have as far as known: the
// enumerated figure up to 3x3, else the top of the ladder.
func MaxRankAt(w, h int) int {
	if w <= 3 && h <= 3 && w >= 1 && h >= 1 {
		return maxRankSmall[w][h]
	}
	return len(ladder)
}

// genSource makes Akari puzzles for one target.
type genSource struct {
	opt     genTarget
	rng     *rand.Rand
	orbits  [][]int
	orbitOf []int32
	order   []int
	n       int
	blacks  int
	cells   []byte // the layout being made; numbers written by number
	perm    []int32
	isLight []bool // the planted solution
	lit     []bool
	tried   [6]int
	// repair statistics: layouts made, black cells repair added to them,
	// and their rounded mean, left out of the next layouts.
	repairs, repaired, slack int
	deferred                 []int // orbits thin put aside
}

func (s *genSource) Tried() []int { return append([]int(nil), s.tried[:]...) }

// Next makes candidates until one has a rank and clue count in the target.
func (s *genSource) Next(ctx context.Context) (engine.Puzzle, engine.Rating, error) {
	for {
		if err := ctx.Err(); err != nil {
			return nil, engine.Rating{}, err
		}
		p := s.candidate()
		if p == nil {
			s.tried[0]++
			continue
		}
		if n := p.Clues(); n < s.opt.MinClues || n > s.opt.MaxClues {
			s.tried[0]++
			continue
		}
		r := Rate(p, false)
		if r.Status != engine.Unique {
			s.tried[0]++
			continue
		}
		s.tried[r.Rank]++
		if r.Rank < s.opt.MinRank || r.Rank > s.opt.MaxRank {
			continue
		}
		return p, r, nil
	}
}

// candidate makes one thinned puzzle, or nil when repair gave up or thin
// found it would rate above the target.
func (s *genSource) candidate() *Puzzle {
	s.layout()
	for i := range s.isLight {
		s.isLight[i] = false
	}
	s.fillLights()
	added := 0
	for {
		s.number()
		p := &Puzzle{W: s.opt.Width, H: s.opt.Height, Cells: append([]byte(nil), s.cells...)}
		other, ok := s.other(p)
		if ok && other == "" {
			s.learn(added)
			if !s.thin(p) {
				return nil
			}
			return p
		}
		if !ok || added > s.n/8 {
			s.learn(added)
			return nil
		}
		added += s.repair(other)
	}
}

// learn keeps the running mean of the black cells repair adds, which the
// next layouts leave out so that the finished puzzles have, on average,
// the asked share of black cells.
func (s *genSource) learn(added int) {
	s.repairs++
	s.repaired += added
	s.slack = int(math.Round(float64(s.repaired) / float64(s.repairs)))
}

// repair blackens (with its orbit) a random cell that has a light in
// other, a solution of the numbered layout that is not the planted one, so
// that other is no longer a solution; the planted lights on the new black
// cells go, and unlit cells get new ones. It returns the cells blackened.
func (s *genSource) repair(other string) int {
	var cand []int
	for c := range s.cells {
		if other[c] == 'L' && !s.isLight[c] {
			cand = append(cand, c)
		}
	}
	if len(cand) == 0 {
		// other is the planted solution: cannot happen, as other is the
		// second of two distinct solutions; blacken any light of other.
		for c := range s.cells {
			if other[c] == 'L' {
				cand = append(cand, c)
			}
		}
	}
	c := cand[s.rng.IntN(len(cand))]
	o := s.orbits[s.orbitOf[c]]
	for _, m := range o {
		s.cells[m] = Black
		s.isLight[m] = false
	}
	s.fillLights()
	return len(o)
}

// layout fills s.cells with a random black layout: whole orbits, in random
// order, until the black share (less the learnt repair slack) is reached.
func (s *genSource) layout() {
	for i := range s.cells {
		s.cells[i] = White
	}
	for i := range s.order {
		s.order[i] = i
	}
	s.rng.Shuffle(len(s.order), func(i, j int) { s.order[i], s.order[j] = s.order[j], s.order[i] })
	black := 0
	for _, k := range s.order {
		if black >= s.blacks-s.slack {
			break
		}
		for _, c := range s.orbits[k] {
			s.cells[c] = Black
		}
		black += len(s.orbits[k])
	}
}

// fillLights completes the planted solution: in random order, a light on
// every white cell no light lights yet.
func (s *genSource) fillLights() {
	w, h := s.opt.Width, s.opt.Height
	for i := range s.lit {
		s.lit[i] = false
	}
	for i := range s.perm {
		s.perm[i] = int32(i)
	}
	s.rng.Shuffle(len(s.perm), func(i, j int) { s.perm[i], s.perm[j] = s.perm[j], s.perm[i] })
	if s.opt.MaxRank <= 2 {
		// At rank 1 every light comes from a clue that needs it, so it
		// must be next to a black cell: those cells get lights first (at
		// rank 2 this makes rank-2 puzzles about as common again).
		k := 0
		for i, c := range s.perm {
			if s.nextToBlack(int(c)) {
				s.perm[i], s.perm[k] = s.perm[k], s.perm[i]
				k++
			}
		}
	}
	shine := func(c int) {
		s.lit[c] = true
		r, col := c/w, c%w
		for _, d := range [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
			for rr, cc := r+d[0], col+d[1]; rr >= 0 && rr < h && cc >= 0 && cc < w && s.cells[rr*w+cc] == White; rr, cc = rr+d[0], cc+d[1] {
				s.lit[rr*w+cc] = true
			}
		}
	}
	for c, l := range s.isLight {
		if l {
			shine(c)
		}
	}
	for _, c32 := range s.perm {
		c := int(c32)
		if s.cells[c] == White && !s.lit[c] {
			s.isLight[c] = true
			shine(c)
		}
	}
}

// nextToBlack reports whether cell c has a black orthogonal neighbour.
func (s *genSource) nextToBlack(c int) bool {
	w, h := s.opt.Width, s.opt.Height
	r, col := c/w, c%w
	return (r > 0 && s.cells[c-w] != White) || (r < h-1 && s.cells[c+w] != White) ||
		(col > 0 && s.cells[c-1] != White) || (col < w-1 && s.cells[c+1] != White)
}

// number writes on every black cell the number of its adjacent lights.
func (s *genSource) number() {
	w, h := s.opt.Width, s.opt.Height
	for c, ch := range s.cells {
		if ch == White {
			continue
		}
		r, col := c/w, c%w
		k := 0
		for _, d := range [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
			rr, cc := r+d[0], col+d[1]
			if rr >= 0 && rr < h && cc >= 0 && cc < w && s.isLight[rr*w+cc] {
				k++
			}
		}
		s.cells[c] = byte('0' + k)
	}
}
