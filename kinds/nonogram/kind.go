package nonogram

import "pencilbox/engine"

var (
	_ engine.Kind      = Kind{}
	_ engine.Puzzle    = (*Puzzle)(nil)
	_ engine.Describer = Kind{}
)

func (p *Puzzle) Kind() engine.Kind { return Kind{} }

// Parse reads any single-record notation (see the package's Parse).
func (Kind) Parse(text string) (engine.Puzzle, error) {
	p, err := Parse(text)
	if err != nil {
		return nil, err
	}
	return p, nil
}
