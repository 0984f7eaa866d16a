package engine

import "math/rand/v2"

// Imager is the optional capability of a Kind that can print a puzzle as
// another image of itself: the same puzzle under one of its kind's
// symmetries (and relabelling, where the kind has one), chosen by a
// number. A paper printing 17-clue Sudokus in their minlex form prints
// days that look alike; printed as random images they do not, and the
// number kept with the publication makes the reprint and the solution
// page show the very same image.
type Imager interface {
	Kind
	// Image maps a puzzle's givens and its solution (in the kind's
	// notations; solution may be "" when there is none) to their image
	// under the symmetry choice picks. The same choice always gives the
	// same image; choice 0 is the identity.
	Image(givens, solution string, choice uint64) (string, string, error)
}

// ImageRand is the random source a kind draws the symmetry of choice
// from: the same choice, the same draws, on every machine and version of
// Go (PCG is specified, unlike math/rand's global source).
func ImageRand(choice uint64) *rand.Rand {
	return rand.New(rand.NewPCG(choice, 0x9e3779b97f4a7c15))
}

// ImageChoice is the choice of one puzzle's image in a printing whose
// images are chosen by seed (a publication's): every puzzle gets an image
// of its own, and the same (seed, puzzle) always the same one. Seed 0
// prints every puzzle as stored.
func ImageChoice(seed uint64, puzzle int64) uint64 {
	if seed == 0 {
		return 0
	}
	// splitmix64 of the pair: neighbouring ids give unrelated choices.
	z := seed ^ uint64(puzzle)*0xbf58476d1ce4e5b9
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	z ^= z >> 31
	if z == 0 {
		z = 1
	}
	return z
}
