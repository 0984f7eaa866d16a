package engine

import "context"

// SecondScale is the optional range of a SecondRater's figures: a
// generation target outside it is known to be impossible.
type SecondScale interface {
	// ScaleRange returns the lowest and the highest figure the rater can
	// give.
	ScaleRange() (lo, hi float64)
}

// SecondSource rates the puzzles a Source makes on a second scale and
// remembers the rating for the caller; with Filter it keeps only those
// rated within Lo-Hi (Hi 0: no upper end).
type SecondSource struct {
	Source
	Rater  SecondRater
	Filter bool
	Lo, Hi float64
	last   SecondRating
	rated  int // candidates given a second rating
	kept   int // of those, within [Lo, Hi]
}

// Next makes puzzles with the wrapped source until one's second rating is
// in range (with Filter; the ones the rater cannot rate are then skipped).
func (s *SecondSource) Next(ctx context.Context) (Puzzle, Rating, error) {
	for {
		p, r, err := s.Source.Next(ctx)
		if err != nil {
			return nil, Rating{}, err
		}
		sr := s.Rater.RateSecond(p, false)
		if sr.Rated() {
			s.rated++
		}
		if s.Filter && (!sr.Rated() || sr.ER < s.Lo || (s.Hi > 0 && sr.ER > s.Hi)) {
			if err := ctx.Err(); err != nil {
				return nil, Rating{}, err
			}
			continue
		}
		s.kept++
		s.last = sr
		return p, r, nil
	}
}

// Last is the second rating of the puzzle Next returned last.
func (s *SecondSource) Last() SecondRating { return s.last }

// SecondTried reports how many candidates got a second rating and how
// many of them were in range.
func (s *SecondSource) SecondTried() (rated, kept int) { return s.rated, s.kept }
