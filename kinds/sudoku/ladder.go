package sudoku

import "pencilbox/engine"

// ladder is the 8-star ladder, in order (sudoku-rating.md).
var ladder = []engine.Technique{
	{ID: "sbit", Name: "Sbit (naked single)", Level: 1},
	{ID: "ubit", Name: "Ubit (hidden single)", Level: 2},
	{ID: "intersection", Name: "InterSection (pointing / claiming)", Level: 3},
	{ID: "e2", Name: "E(2) Enclosure (naked pair)", Level: 4},
	{ID: "x2", Name: "X(2) Exclosure (hidden pair)", Level: 4},
	{ID: "e3", Name: "E(3) Enclosure (naked triple)", Level: 5},
	{ID: "x3", Name: "X(3) Exclosure (hidden triple)", Level: 5},
	{ID: "e4", Name: "E(4) Enclosure (naked quad)", Level: 6},
	{ID: "x4", Name: "X(4) Exclosure (hidden quad)", Level: 6},
	{ID: "negation", Name: "Negation (single-level proof by contradiction)", Level: 7},
	{ID: "trial", Name: "Trial and error (guesses)", Level: 8},
}
