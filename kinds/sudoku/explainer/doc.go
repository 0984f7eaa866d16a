// Package explainer rates a Sudoku as Sudoku Explainer 1.2.1's batch rater
// (serate) does: it solves step by step, always applying the easiest hint
// the 1.2.1 technique set offers, and reports the highest difficulty on the
// way to the solution (ER), to the first placed digit (EP) and to the first
// eliminated candidate (ED). See ../shared/docs/explainer-rating.md.
//
// Each technique is a hinter of its own (tech_*.go for the basic ones,
// chain_*.go for the chaining family); the path (path.go) asks them in
// order of difficulty. The star ladder of package sudoku is untouched.
package explainer
