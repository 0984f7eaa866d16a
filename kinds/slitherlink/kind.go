package slitherlink

import "pencilbox/engine"

var (
	_ engine.Kind      = Kind{}
	_ engine.Describer = Kind{}
	_ engine.Puzzle    = (*Puzzle)(nil)
)

func (p *Puzzle) Kind() engine.Kind { return Kind{} }

// Parse reads any single-record notation (auto-detected): a Loopy game ID,
// a puzz.link URL, pzprv3 text or a hand-typed grid.
func (Kind) Parse(text string) (engine.Puzzle, error) {
	p, err := Parse(text)
	if err != nil {
		return nil, err
	}
	return p, nil
}
