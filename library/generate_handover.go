package library

import (
	"reflect"
	"sync"

	"pencilbox/engine"
)

// handOver is the kind's second rater during Generate's import: the run
// rated every kept puzzle already (engine.SecondSource, to filter on it),
// so the import takes that rating for the same givens instead of rating
// again, an explainer's milliseconds to seconds per hard puzzle. Each
// rating is taken once; any other puzzle, or a step log, goes to the
// rater. Safe for the import's workers and the maker at once.
type handOver struct {
	engine.SecondRater
	mu    sync.Mutex
	rated map[string]engine.SecondRating // by givens
}

func newHandOver(r engine.SecondRater) *handOver {
	return &handOver{SecondRater: r, rated: map[string]engine.SecondRating{}}
}

// give keeps the rating the run gave the puzzle with these givens.
func (h *handOver) give(givens string, r engine.SecondRating) {
	h.mu.Lock()
	h.rated[givens] = r
	h.mu.Unlock()
}

// RateSecond returns the rating given for p's givens, once, or rates p.
func (h *handOver) RateSecond(p engine.Puzzle, steps bool) engine.SecondRating {
	if !steps {
		g := p.Givens()
		h.mu.Lock()
		r, ok := h.rated[g]
		delete(h.rated, g)
		h.mu.Unlock()
		if ok {
			return r
		}
	}
	return h.SecondRater.RateSecond(p, steps)
}

// handOverFor returns the import options whose second rater of the run's
// kind takes the run's ratings, and that hand-over; nil (and iopts as
// given) when the run rates nothing, the import does not rate the kind,
// or the two raters differ, since then the run's rating is not the one
// the import would give.
func handOverFor(o GenerateOptions, iopts Options) (Options, *handOver) {
	name := o.Kind.Name()
	ir, ok := iopts.Second[name]
	if o.Second == nil || !ok || !sameRater(o.Second, ir) {
		return iopts, nil
	}
	h := newHandOver(ir)
	second := make(engine.SecondRaters, len(iopts.Second))
	for k, r := range iopts.Second {
		second[k] = r
	}
	second[name] = h
	iopts.Second = second
	return iopts, h
}

// sameRater reports whether a and b are the same rater, without the
// panic == gives on a rater type that cannot be compared (then false).
func sameRater(a, b engine.SecondRater) bool {
	ta := reflect.TypeOf(a)
	return ta == reflect.TypeOf(b) && ta.Comparable() && a == b
}
