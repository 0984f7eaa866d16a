package killer

import "pencilbox/engine"

var (
	_ engine.Kind      = Kind{}
	_ engine.Puzzle    = (*Puzzle)(nil)
	_ engine.Describer = Kind{}
)

func (p *Puzzle) Kind() engine.Kind { return Kind{} }

// Parse reads either single-record notation (engine.Kind): a Tatham Solo
// killer ID or a typed cage list.
func (Kind) Parse(text string) (engine.Puzzle, error) {
	p, err := Parse(text)
	if err != nil {
		return nil, err
	}
	return p, nil
}
