package library

import (
	"errors"
	"sync/atomic"

	"pencilbox"
	"pencilbox/engine"
)

// QuickProbe is how many puzzles an import's quick first pass tries
// before it judges itself: past it, the pass stops (the rest of the
// import is queued whole) once more than one try in QuickGiveUpShare
// gave up. A collection of the hardest puzzles then pays about 200 tries
// of 1.3 ms, not 48,765; one of easy puzzles, which the quick form
// mostly rates, keeps it to the end.
const QuickProbe = 200

// QuickGiveUpShare: the quick pass stops when more than 1 try in this
// many gave up (past QuickProbe tries).
const QuickGiveUpShare = 4

// quickPass is an import's first pass on the scales it queues: the
// tries and the give-ups so far, shared by the workers.
type quickPass struct {
	raters        engine.SecondRaters // the kinds' quick forms
	tries, gaveUp atomic.Int64
}

func newQuickPass(o Options) *quickPass {
	if !o.Queue || len(o.Second) == 0 {
		return nil
	}
	q := &quickPass{raters: engine.SecondRaters{}}
	for k, r := range o.Second {
		if qr, ok := engine.Quick(r); ok {
			q.raters[k] = qr
		}
	}
	return q
}

// open reports whether the pass is still worth trying.
func (q *quickPass) open() bool {
	t, g := q.tries.Load(), q.gaveUp.Load()
	return t < QuickProbe || g*QuickGiveUpShare <= t
}

// secondPass is how the analysis treats the second scales: rated inline
// by the raters (queue false), or queued with a quick first pass.
type secondPass struct {
	raters engine.SecondRaters
	queue  bool
	quick  *quickPass
}

func (p *pipeline) second() secondPass {
	return secondPass{raters: p.opts.Second, queue: p.opts.Queue, quick: p.quick}
}

// rate fills pz's second rating from ep, or leaves it pending for the
// queue: a kind without a rater is left as it is; a puzzle that is not
// unique has nothing to rate and is marked rated at once.
func (s secondPass) rate(ep engine.Puzzle, pz *pencilbox.Puzzle) {
	sr, ok := s.raters[pz.Kind]
	if !ok {
		return
	}
	if !s.queue || pz.Status != engine.Unique {
		rateSecond(sr, ep, pz)
		return
	}
	if s.quick == nil || !s.quick.open() {
		return
	}
	qr, ok := s.quick.raters[pz.Kind]
	if !ok {
		return
	}
	r := qr.RateSecond(ep, false)
	s.quick.tries.Add(1)
	if errors.Is(r.Err, engine.ErrWorkLimit) {
		s.quick.gaveUp.Add(1)
		return // pending
	}
	pz.ScaleRated = true
	pz.Scales, pz.ScaleNote = [engine.ScaleSlots]float64{}, ""
	if r.Rated() {
		pz.Scales, pz.ScaleNote = r.Values, r.Note
	}
}
