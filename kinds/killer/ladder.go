package killer

import "pencilbox/engine"

// The techniques of the ladder, in ladder order (the index into ladder).
//
// Levels 1-6 are Simon Tatham's Solo levels Trivial, Basic, Intermediate,
// Advanced, Extreme and Unreasonable, with his killer deductions (all of
// them allowed at every level, as in Solo) at level 1: a puzzle Solo makes
// at a level rates that level here. Tatham's Unreasonable is guessing;
// here it is the killer deductions Solo lacks (combinations of any cage
// fitted cell by cell, the rule of 45 on unions of houses and outies),
// then proof by contradiction. Search, above it, places the solution's
// digit where even that finds nothing.
const (
	tBoxSingle   = iota // 1 hidden single in a box (Tatham: blockwise positional elimination)
	tCageLast           // 1 the last free cell of a cage, a one-cell cage
	tInnie              // 1 rule of 45: one cell of a house outside its whole cages
	tSplit              // 1 rule of 45: a cage split by a house
	tMinMax             // 1 cage sum bounds
	tCombo              // 1 cage combinations (cages and rule-of-45 groups of 2-4 cells)
	tLineSingle         // 2 hidden single in a row or column
	tNakedSingle        // 2 naked single
	tPointing           // 3 pointing and claiming (box/line intersections)
	tSubset             // 4 naked and hidden subsets
	tFish               // 5 X-wing, swordfish, jellyfish
	tChain              // 5 forcing chain of two-candidate cells
	tComboFull          // 6 cage combinations fitted cell by cell, any size
	tUnion              // 6 rule of 45 on unions of rows or columns, outies
	tContra             // 6 proof by contradiction
	tSearch             // 7 search
	nTech
)

// Levels of the ladder.
const (
	LevelTrivial = 1 + iota
	LevelBasic
	LevelIntermediate
	LevelAdvanced
	LevelExtreme
	LevelUnreasonable
	LevelSearch
)

// TathamLevels names levels 1-6 as Tatham's Solo does.
var TathamLevels = [...]string{"", "Trivial", "Basic", "Intermediate", "Advanced", "Extreme", "Unreasonable"}

var ladder = [nTech]engine.Technique{
	tBoxSingle:   {ID: "box-single", Name: "Hidden single in a box", Level: LevelTrivial},
	tCageLast:    {ID: "cage-last", Name: "Last cell of a cage", Level: LevelTrivial},
	tInnie:       {ID: "innie", Name: "Rule of 45: a single innie", Level: LevelTrivial},
	tSplit:       {ID: "split", Name: "Rule of 45: cage split", Level: LevelTrivial},
	tMinMax:      {ID: "minmax", Name: "Cage sum bounds", Level: LevelTrivial},
	tCombo:       {ID: "combo", Name: "Cage combinations", Level: LevelTrivial},
	tLineSingle:  {ID: "line-single", Name: "Hidden single in a row or column", Level: LevelBasic},
	tNakedSingle: {ID: "naked-single", Name: "Naked single", Level: LevelBasic},
	tPointing:    {ID: "pointing", Name: "Pointing and claiming", Level: LevelIntermediate},
	tSubset:      {ID: "subset", Name: "Naked and hidden subsets", Level: LevelAdvanced},
	tFish:        {ID: "fish", Name: "X-wing, swordfish, jellyfish", Level: LevelExtreme},
	tChain:       {ID: "chain", Name: "Forcing chain", Level: LevelExtreme},
	tComboFull:   {ID: "combo-fit", Name: "Cage combinations fitted to the cells", Level: LevelUnreasonable},
	tUnion:       {ID: "union45", Name: "Rule of 45 on unions of houses: innies and outies", Level: LevelUnreasonable},
	tContra:      {ID: "contradiction", Name: "Proof by contradiction", Level: LevelUnreasonable},
	tSearch:      {ID: "search", Name: "Search", Level: LevelSearch},
}

// Ladder lists the techniques in ladder order.
func (Kind) Ladder() []engine.Technique { return append([]engine.Technique(nil), ladder[:]...) }
