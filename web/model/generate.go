package model

import "pencilbox/engine"

// GenerateRequest is a run of the Generate page: Opt is the kind's target
// (rank range and the parameters its generator declares); Scale, when
// set, keeps only puzzles whose second rating's first figure is within
// ScaleLo-ScaleHi (ScaleHi 0: open above).
type GenerateRequest struct {
	Kind             string
	Opt              engine.GenOptions
	Scale            bool
	ScaleLo, ScaleHi float64
	Count            int
	Tags             []string
	Set              string
	Seed             uint64
}

// GenerateKind is a kind the Generate page offers.
type GenerateKind struct {
	Name, Title string
	Ranks       int  // the ladder's top rank
	Second      bool // the kind has a second rating
}
