package bundle

import "pencilbox/engine"

// SecondRated is the optional capability of a bundle whose kind has a
// second difficulty scale (engine.SecondRater): the library stores it
// beside the ladder's rank, filters and sorts by it, and the puzzle page
// shows its steps.
type SecondRated interface {
	SecondRater() engine.SecondRater
}

// SecondRaters maps each kind that has a second rater to it.
func (r Registry) SecondRaters() engine.SecondRaters {
	out := engine.SecondRaters{}
	for _, b := range r {
		if s, ok := b.(SecondRated); ok {
			out[b.Kind().Name()] = s.SecondRater()
		}
	}
	return out
}
