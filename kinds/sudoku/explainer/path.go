package explainer

import (
	"fmt"
	"math"
	"sync"

	"pencilbox/engine"
	"pencilbox/kinds/sudoku"
)

// Hinter finds the hints of one technique (one serate producer) and gives
// them to acc in the technique's own search order. It returns as soon as
// acc.Add returns false or c.Spend reports the work limit.
type Hinter interface {
	Hints(g *Grid, c *Context, acc Accumulator)
}

// HinterFunc adapts a function to Hinter.
type HinterFunc func(g *Grid, c *Context, acc Accumulator)

// Hints calls f.
func (f HinterFunc) Hints(g *Grid, c *Context, acc Accumulator) { f(g, c, acc) }

// The place of each producer in serate's order for the 1.2.1 set
// (Solver.java with revisedRating 0). The path asks the hinters in this
// order and the first hint offered wins: the order, not the difficulty,
// decides among hints, which is why Naked Single (2.3) is asked after
// Direct Hidden Pair (2.0) and X-Wing (3.2) before Hidden Pair (3.4).
// The gaps leave room; two hinters never share a number.
const (
	OrderHiddenSingle        = 100
	OrderDirectPointing      = 200
	OrderDirectHiddenPair    = 300
	OrderNakedSingle         = 400
	OrderDirectHiddenTriplet = 500
	OrderPointing            = 600 // pointing and claiming
	OrderNakedPair           = 700
	OrderXWing               = 800
	OrderHiddenPair          = 900
	OrderNakedTriplet        = 1000
	OrderSwordfish           = 1100
	OrderHiddenTriplet       = 1200
	OrderXYWing              = 1300
	OrderXYZWing             = 1400
	OrderUniqueLoops         = 1500
	OrderNakedQuad           = 1600
	OrderJellyfish           = 1700
	OrderHiddenQuad          = 1800
	OrderBUG                 = 1900
	OrderAlignedPair         = 2000
	OrderForcingChains       = 2100 // forcing X/Y-chains and cycles, Turbot Fish
	OrderAlignedTriplet      = 2200
	OrderNishio              = 2300
	OrderMultipleChains      = 2400 // cell and region forcing chains
	OrderDynamicChains       = 2500
	OrderDynamicPlus         = 2600
	// Nested forcing chains: serate's advanced producers (nesting levels 2
	// and 3) then its experimental ones (level 4 with its four variants).
	// Use OrderNested+i for the i-th of them.
	OrderNested = 2700
)

// producer is one hinter at its place in serate's order. techniques are
// the hint names (as serate prints them) that it can produce; tests use
// them to tell which of serate's ratings the package can reproduce yet.
type producer struct {
	order      int
	name       string
	hinter     Hinter
	techniques []string
}

// newPath lists the path's producers in serate's order (the Order
// constants, increasing: TestPathOrder checks it). It is one explicit list,
// not hinters registered from init functions in their files, so that the
// order that decides among hints is read in one place.
func newPath() []producer {
	p := []producer{
		{OrderHiddenSingle, "hidden single", HinterFunc(hiddenSingles), []string{"Hidden Single"}},
		{OrderDirectPointing, "direct pointing/claiming", HinterFunc(directLocking), []string{"Direct Pointing", "Direct Claiming"}},
		{OrderDirectHiddenPair, "direct hidden pair", directHidden(2), []string{"Direct Hidden Pair"}},
		{OrderNakedSingle, "naked single", HinterFunc(nakedSingles), []string{"Naked Single"}},
		{OrderDirectHiddenTriplet, "direct hidden triplet", directHidden(3), []string{"Direct Hidden Triplet"}},
		{OrderPointing, "pointing/claiming", HinterFunc(locking), []string{"Pointing", "Claiming"}},
		{OrderNakedPair, "naked pair", nakedSet(2), []string{"Naked Pair"}},
		{OrderXWing, "x-wing", fish(2), []string{"X-Wing"}},
		{OrderHiddenPair, "hidden pair", hiddenSet(2), []string{"Hidden Pair"}},
		{OrderNakedTriplet, "naked triplet", nakedSet(3), []string{"Naked Triplet"}},
		{OrderSwordfish, "swordfish", fish(3), []string{"Swordfish"}},
		{OrderHiddenTriplet, "hidden triplet", hiddenSet(3), []string{"Hidden Triplet"}},
		{OrderXYWing, "xy-wing", wing(false), []string{"XY-Wing"}},
		{OrderXYZWing, "xyz-wing", wing(true), []string{"XYZ-Wing"}},
		{OrderUniqueLoops, "unique rectangles and loops", HinterFunc(uniqueLoops), []string{
			"Unique Rectangle type 1", "Unique Rectangle type 2", "Unique Rectangle type 3", "Unique Rectangle type 4",
			"Unique Loop 6 type 1", "Unique Loop 6 type 2", "Unique Loop 6 type 3", "Unique Loop 6 type 4",
			"Unique Loop 8 type 1", "Unique Loop 8 type 2", "Unique Loop 8 type 3", "Unique Loop 8 type 4",
			"Unique Loop 10 type 1", "Unique Loop 10 type 2", "Unique Loop 10 type 3", "Unique Loop 10 type 4"}},
		{OrderNakedQuad, "naked quad", nakedSet(4), []string{"Naked Quad"}},
		{OrderJellyfish, "jellyfish", fish(4), []string{"Jellyfish"}},
		{OrderHiddenQuad, "hidden quad", hiddenSet(4), []string{"Hidden Quad"}},
		{OrderBUG, "bivalue universal grave", HinterFunc(bug), []string{"BUG type 1", "BUG type 2", "BUG type 3", "BUG type 4"}},
		{OrderAlignedPair, "aligned pair exclusion", alignedExclusion(2), []string{"Aligned Pair Exclusion"}},
		{OrderForcingChains, "forcing chains and cycles", chainHinter{ForcingChainsCycles}, []string{
			"Forcing X-Chain", "Turbot Fish", "Forcing Chain", "Forcing Y-Chain",
			"Bidirectional X-Cycle", "Bidirectional Y-Cycle", "Bidirectional Cycle", "Generalized X-Wing"}},
		{OrderAlignedTriplet, "aligned triplet exclusion", alignedExclusion(3), []string{"Aligned Triplet Exclusion"}},
		{OrderNishio, "Nishio forcing chains", chainHinter{NishioChains}, []string{"Nishio Forcing Chains"}},
		{OrderMultipleChains, "multiple forcing chains", chainHinter{MultipleChains}, []string{"Cell Forcing Chains", "Region Forcing Chains"}},
		{OrderDynamicChains, "dynamic forcing chains", chainHinter{DynamicChains}, chainNames("Dynamic ", "")},
		{OrderDynamicPlus, "dynamic forcing chains (+)", chainHinter{DynamicPlus}, chainNames("Dynamic ", nestedSuffix(1))},
	}
	for i, k := range []ChainKind{NestedChains2, NestedChains3, NestedDynamic0, NestedDynamic1, NestedDynamic2, NestedDynamic3} {
		p = append(p, producer{OrderNested + i, kindName(k), chainHinter{k}, chainNames("Dynamic ", nestedSuffix(kindConfig(k).level))})
	}
	return p
}

// path is newPath's list, made at the first rating and read by every rating
// after it; nothing writes to it. The producers keep no state of their own
// (what a search remembers between steps lives in the rating's Context), so
// sharing them is safe, and it spares each rating the hundred small
// allocations of building the list (17_clue: 262 allocations per rating
// instead of 361).
var path = sync.OnceValue(newPath)

// Known reports whether some producer of the path gives hints named
// technique (serate's name: "X-Wing", "Cell Forcing Chains").
func Known(technique string) bool {
	for _, r := range path() {
		for _, t := range r.techniques {
			if t == technique {
				return true
			}
		}
	}
	return false
}

// Registered reports whether a producer of the path holds the given order
// slot.
func Registered(order int) bool {
	for _, r := range path() {
		if r.order == order {
			return true
		}
	}
	return false
}

// Options choose what Rate does.
type Options struct {
	Steps     bool  // build the step log (sentences and drawings)
	WorkLimit int64 // work units before giving up; 0 means DefaultWorkLimit
	// Symmetry is sudoku.CanonicalSymmetry of the grid when the caller
	// has it already (sudoku.Puzzle.CanonicalSymmetry); nil = Rate finds
	// it.
	Symmetry *sudoku.Symmetry
}

// DefaultWorkLimit bounds one puzzle's rating. A unit is one elementary
// test of a hinter (a pattern tried, a candidate propagated in a chain);
// hinters charge through Context.Spend. It is set far above what the
// hardest known puzzles need, so that only a runaway search stops.
const DefaultWorkLimit = 20_000_000_000

// BulkWorkLimit is the work limit for rating puzzles in bulk (a library
// import): every dev puzzle up to ER 9.x and every top1465 puzzle measured
// finishes inside it (docs/EXPLAINER.md), while the hardest puzzles known,
// whose nested chains take the rater seconds each, stop after a fraction
// of a second and are reported as gave up instead of holding an import for
// minutes. `pencilbox rate --er` uses DefaultWorkLimit.
const BulkWorkLimit = 5_000_000

// Context is what one rating shares with its hinters: whether steps are
// wanted and the work spent against the limit.
type Context struct {
	Steps bool  // hinters fill Hint.Step only when true
	Work  int64 // units spent so far
	Limit int64 // Spend fails beyond this

	chains  *Chains        // the chaining producers' buffers, made at the first chain step
	aligned [2]alignedMemo // Aligned Pair and Triplet Exclusion's last search that found nothing
	frame   *frame         // when set, chain steps are written for the given grid
	pc      *placeCache    // the basic hinters' place table of the last grid (nil: none kept)
}

// Spend charges n units of work and reports whether the rating may go
// on. A hinter that gets false returns at once without offering hints.
func (c *Context) Spend(n int64) bool {
	c.Work += n
	return c.Work <= c.Limit
}

// Stopped reports whether the work limit has been passed.
func (c *Context) Stopped() bool { return c.Work > c.Limit }

// first keeps the first hint it is offered and stops the search.
type first struct {
	hint Hint
	got  bool
}

func (f *first) Add(h Hint) bool {
	f.hint, f.got = h, true
	return false
}

// Next returns the hint serate would apply to g: the first hint of the
// first producer of the path, in serate's order, that has one.
func Next(g *Grid, c *Context) (Hint, bool) {
	h, _, ok := next(g, c)
	return h, ok
}

// next is Next that also tells which producer of c.path gave the hint.
func next(g *Grid, c *Context) (Hint, int, bool) {
	var f first
	for i, r := range path() {
		r.hinter.Hints(g, c, &f)
		if f.got && !c.Stopped() {
			return f.hint, i, true
		}
		if c.Stopped() {
			break
		}
	}
	return Hint{}, -1, false
}

// NextBasic is Next with the hinters before the chaining family only
// (order below OrderForcingChains).
func NextBasic(g *Grid, c *Context) (Hint, bool) {
	var f first
	for _, r := range path() {
		if r.order >= OrderForcingChains {
			break
		}
		r.hinter.Hints(g, c, &f)
		if f.got || c.Stopped() {
			break
		}
	}
	if c.Stopped() {
		return Hint{}, false
	}
	return f.hint, f.got
}

// Apply carries out h on g: its eliminations first, then its placement
// (as serate applies a hint).
func Apply(g *Grid, h *Hint) {
	for _, m := range h.Eliminate {
		g.Eliminate(m.Cell, m.Value)
	}
	for _, m := range h.Place {
		g.Place(m.Cell, m.Value)
	}
}

// Rate rates a puzzle as serate's getDifficulty does, on the puzzle's
// canonical image (sudoku.CanonicalSymmetry), so that every image of the
// puzzle gets the same ER, EP and ED; the steps name the puzzle's own cells
// and digits. A puzzle that is invalid or has no unique solution gets no
// rating (Err says why); one the work limit stops gets none either (Err
// wraps engine.ErrWorkLimit).
func Rate(p *sudoku.Grid, opts Options) Rating {
	if msg := p.Conflict(); msg != "" {
		return Rating{Err: fmt.Errorf("explainer: the givens conflict: %s", msg)}
	}
	if n, _ := sudoku.Solve(p); n != 1 {
		if n == 0 {
			return Rating{Err: fmt.Errorf("explainer: the puzzle has no solution")}
		}
		return Rating{Err: fmt.Errorf("explainer: the puzzle has more than one solution")}
	}
	var sym sudoku.Symmetry
	if opts.Symmetry != nil {
		sym = *opts.Symmetry
	} else {
		sym = sudoku.CanonicalSymmetry(p)
	}
	img := sym.Apply(p)
	g := NewGrid(&img)
	if !opts.Steps {
		return rate(&g, opts, nil, nil)
	}
	given := NewGrid(p)
	return rate(&g, opts, newFrame(sym), &given)
}

// RateGrid rates from a solving state as it stands (serate's path on this
// very grid, not on a canonical image), which must have a unique solution.
func RateGrid(g *Grid, opts Options) Rating {
	return rate(g, opts, nil, nil)
}

// rate follows serate's loop: ER is the highest difficulty applied, ED the
// highest after the first hint, EP the highest at the first hint that
// places a digit. With a frame, g is an image of the grid given and the
// steps are written for given, which is kept in step.
func rate(g *Grid, opts Options, fr *frame, given *Grid) Rating {
	c := Context{Steps: opts.Steps, Limit: opts.WorkLimit, frame: fr, pc: &placeCache{}}
	if c.Limit <= 0 {
		c.Limit = DefaultWorkLimit
	}
	defer func() {
		if c.chains != nil {
			c.chains.release()
		}
	}()
	var r Rating
	first := true
	for !g.Solved() {
		h, idx, ok := next(g, &c)
		if c.Stopped() {
			return Rating{Err: fmt.Errorf("explainer: rating stopped after %d work units: %w", c.Work, engine.ErrWorkLimit), Work: c.Work}
		}
		if !ok {
			// serate rates a puzzle its techniques cannot finish 20.0
			// ("Beyond solver"); we report it as not rated instead.
			return Rating{Err: fmt.Errorf("explainer: no technique of the set applies (serate: beyond solver)")}
		}
		if h.Difficulty > r.ER {
			r.ER, r.Hardest = h.Difficulty, h.Technique
		}
		if opts.Steps {
			var st engine.Step
			if fr == nil {
				st = h.Step
				st.Place, st.Eliminate = h.Place, h.Eliminate
			} else {
				st = givenStep(&h, path()[idx].hinter, fr, given)
			}
			st.Technique = h.Technique
			st.Level = Tenths(h.Difficulty)
			r.Steps = append(r.Steps, st)
		}
		Apply(g, &h)
		if r.EP == 0 {
			if first {
				r.ED = r.ER
				first = false
			}
			if len(h.Place) > 0 {
				r.EP = r.ER
			}
		}
	}
	r.Work = c.Work
	return r
}

// Tenths is a difficulty in tenths, rounded as serate prints it.
func Tenths(d float64) int { return int(math.Floor((d + 0.05) * 10)) }

// FormatRating prints a difficulty as serate does ("6.6").
func FormatRating(d float64) string {
	t := Tenths(d)
	return fmt.Sprintf("%d.%d", t/10, t%10)
}
