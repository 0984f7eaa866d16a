package engine

import (
	"context"
	"fmt"
	"strings"
)

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
		if s.Filter && (!sr.Rated() || sr.Values[0] < s.Lo || (s.Hi > 0 && sr.Values[0] > s.Hi)) {
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

// SecondRankRange is the optional range of a SecondRater's figures per
// rank of its kind's ladder: a generation target pairing ranks and
// second ratings that no puzzle can have at once is then refused before
// it runs, instead of searching until it is stopped (a rank-1 Sudoku,
// naked singles only, rates at most ER 2.3, so rank 1 with ER 9- would
// never end).
type SecondRankRange interface {
	// RankRange returns the lowest and the highest figure a puzzle of
	// rank can be given; ok is false when nothing narrower than the
	// scale is known.
	RankRange(rank int) (lo, hi float64, ok bool)
}

// CheckSecondTarget refuses, with an error wrapping ErrImpossible that
// says why, a second-rating target lo-hi (hi 0: open above) that no
// puzzle of k ranked minRank-maxRank (0: any) can meet: outside the
// rater's scale (SecondScale), or outside what those ranks allow
// (SecondRankRange). what names the target as the user wrote it
// ("--er 9-", "ER 9-"). A target it cannot rule out is nil: the run's
// time limit stops it.
func CheckSecondTarget(k Kind, r SecondRater, minRank, maxRank int, lo, hi float64, what string) error {
	meets := func(a, b float64) bool { return lo <= b && (hi == 0 || hi >= a) }
	if sc, ok := r.(SecondScale); ok {
		a, b := sc.ScaleRange()
		if !meets(a, b) {
			return fmt.Errorf("%s: %w: the scale's ratings run from %s to %s", what, ErrImpossible, FormatTenths(a), FormatTenths(b))
		}
	}
	rr, ok := r.(SecondRankRange)
	if !ok {
		return nil
	}
	top := 0
	for _, t := range k.Ladder() {
		top = max(top, t.Level)
	}
	if minRank <= 0 {
		minRank = 1
	}
	if maxRank <= 0 || maxRank > top {
		maxRank = top
	}
	var spans []string
	for rank := minRank; rank <= maxRank; rank++ {
		a, b, known := rr.RankRange(rank)
		if !known || meets(a, b) {
			return nil
		}
		spans = append(spans, fmt.Sprintf("rank %d from %s to %s", rank, FormatTenths(a), FormatTenths(b)))
	}
	if len(spans) == 0 {
		return nil
	}
	return fmt.Errorf("%s: %w at the asked rank: a puzzle rates only %s on this scale (the techniques of its rank bound it)",
		what, ErrImpossible, strings.Join(spans, ", "))
}
