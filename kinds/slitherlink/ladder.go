package slitherlink

import "pencilbox/engine"

// Technique IDs of the ladder (engine.Technique.ID), as profiles and steps
// name them.
const (
	TClue     = "clue"
	TDot      = "dot"
	TLoop     = "loop"
	TPairs    = "pairs"
	TTricky   = "diagonal"
	TParity   = "parity"
	TContra   = "contradiction"
	TSearch   = "search"
	numTechs  = 8
	topLevel  = 6
	levelHard = 4
)

// ladder: levels 1-4 are what Simon Tatham's Loopy deduces at Easy,
// Normal, Tricky and Hard (a puzzle his generator made at one of them
// rates that level here); 5 is proof by contradiction over levels 1-4; 6
// is search.
var ladder = [numTechs]engine.Technique{
	{ID: TClue, Name: "Clue counts (full, all sides needed, a used corner)", Level: 1},
	{ID: TDot, Name: "Dots (a line neither ends nor branches)", Level: 1},
	{ID: TLoop, Name: "No early loop", Level: 1},
	{ID: TPairs, Name: "Pairs at a dot (Loopy's Normal)", Level: 2},
	{ID: TTricky, Name: "Pairs from clues and across dots (Loopy's Tricky)", Level: 3},
	{ID: TParity, Name: "Equal and opposite edges, parity (Loopy's Hard)", Level: 4},
	{ID: TContra, Name: "Proof by contradiction (背理法, one edge, levels 1-4)", Level: 5},
	{ID: TSearch, Name: "Search (trial and error)", Level: 6},
}

// scoreWeight is what a step of each technique adds to the score; a
// contradiction step adds scorePerRefuted more per edge its refuted
// assumption settled before the contradiction showed.
var scoreWeight = [numTechs]float64{1, 1, 1, 3, 8, 20, 100, 500}

const scorePerRefuted = 0.5

// Ladder lists the techniques in ladder order.
func (Kind) Ladder() []engine.Technique { return append([]engine.Technique(nil), ladder[:]...) }
