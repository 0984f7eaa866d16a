package library

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"pencilbox/engine"
)

// Generated is one new puzzle a generation run made.
type Generated struct {
	Puzzle engine.Puzzle
	Rating engine.Rating
	// Second is its second rating when the run has a second rater
	// (GenerateOptions.Second), else nil.
	Second *engine.SecondRating
	Job    int // the worker that made it, drawing from rand.NewPCG(Seed, Job)
	N      int // its number in the run, from 1
}

// GenProgress is a generation run's tallies so far, for a progress bar and
// the summary: where the candidates went tells why a rare target is slow.
type GenProgress struct {
	Made int // new puzzles handed on
	// ByRank counts them per rank and Tried the candidates made and rated
	// per rank, kept or not (index 0: outside the options' other limits,
	// such as the clue range); both have the same length.
	ByRank, Tried []int
	// Repeats counts candidates skipped as made earlier in the run or
	// held by the library, or (for a kind that is an engine.Resembler)
	// near one made earlier in the run: the same solution up to the
	// kind's symmetries (docs/LIBRARY.md, "Distinct puzzles").
	Repeats int
	// SecondRated counts the candidates given a second rating and
	// SecondInRange those of them within ScaleLo-ScaleHi (with a second rater).
	SecondRated, SecondInRange int
}

// Knower tells whether the library holds a puzzle (pencilbox.LibraryStore
// does): Make skips those.
type Knower interface {
	Known(ctx context.Context, kind, canonical string) (engine.Status, string, bool, error)
}

// SolutionKnower is a Knower that also tells whether the library holds a
// puzzle near one of kind with solution key key (engine.Resembler): Make
// skips those too, for a kind that is a Resembler.
type SolutionKnower interface {
	Knower
	KnownSolution(ctx context.Context, kind, key string) (bool, error)
}

// genTick is how often a worker reports its tallies while it searches.
const genTick = 250 * time.Millisecond

// genRun is a generation run whose options were checked and whose
// sources were made, so an impossible target fails before anything starts.
type genRun struct {
	o       GenerateOptions
	sources []engine.Source
}

func newGenRun(o GenerateOptions) (*genRun, error) {
	gen, ok := o.Kind.(engine.Generator)
	if !ok {
		return nil, fmt.Errorf("kind %s has no generator", o.Kind.Name())
	}
	if o.Count < 1 {
		return nil, fmt.Errorf("count %d: want at least 1", o.Count)
	}
	r := &genRun{o: o, sources: make([]engine.Source, max(o.Jobs, 1))}
	for j := range r.sources {
		src, err := gen.NewSource(o.Opt, rand.New(rand.NewPCG(o.Seed, uint64(j))))
		if err != nil {
			return nil, err
		}
		if o.Second != nil {
			src = &engine.SecondSource{Source: src, Rater: o.Second, Filter: o.Scale, Lo: o.ScaleLo, Hi: o.ScaleHi}
		}
		r.sources[j] = src
	}
	return r, nil
}

// Make runs the generator on o.Jobs workers (worker j drawing from
// rand.NewPCG(o.Seed, j), so one worker and one seed make the same puzzles
// again) and hands put each new puzzle, in the order found: one not made
// earlier in the run, nor held by lib when lib is not nil. It stops when
// o.Count were put, ctx ends or put fails, and returns the final tallies
// (also given to o.Progress) with put's or lib's error, or ctx's when it
// ended first. put and o.Progress are called from one goroutine.
func Make(ctx context.Context, lib Knower, o GenerateOptions, put func(Generated) error) (GenProgress, error) {
	r, err := newGenRun(o)
	if err != nil {
		return GenProgress{}, err
	}
	return r.make(ctx, lib, put)
}

// genReport is what a worker sends: its source's tallies, and the puzzle
// it made since its last report, if any.
type genReport struct {
	job         int
	made        *Generated
	tried       []int
	secondTried [2]int
}

func (r *genRun) make(ctx context.Context, lib Knower, put func(Generated) error) (GenProgress, error) {
	o := r.o
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	reports := make(chan genReport)
	var wg sync.WaitGroup
	for j, src := range r.sources {
		wg.Go(func() { genWorker(wctx, j, src, reports) })
	}
	go func() { wg.Wait(); close(reports) }()

	levels := len(o.Kind.Ladder())
	for _, t := range o.Kind.Ladder() {
		levels = max(levels, t.Level)
	}
	p := GenProgress{ByRank: make([]int, levels+1)}
	tried := make([][]int, len(r.sources))
	secondTried := make([][2]int, len(r.sources))
	tally := func() {
		p.Tried = make([]int, len(p.ByRank))
		p.SecondRated, p.SecondInRange = 0, 0
		for j, t := range tried {
			for rank, n := range t {
				if rank >= len(p.Tried) {
					p.Tried = append(p.Tried, make([]int, rank+1-len(p.Tried))...)
					p.ByRank = append(p.ByRank, make([]int, rank+1-len(p.ByRank))...)
				}
				p.Tried[rank] += n
			}
			p.SecondRated += secondTried[j][0]
			p.SecondInRange += secondTried[j][1]
		}
		if o.Progress != nil {
			o.Progress(p)
		}
	}
	seen := map[string]bool{}
	// seenSol holds the solution keys of the puzzles handed on, for a
	// kind that is a Resembler: no two of a run are near.
	seenSol := map[string]bool{}
	resembler, _ := o.Kind.(engine.Resembler)
	var werr error
	for rep := range reports {
		tried[rep.job], secondTried[rep.job] = rep.tried, rep.secondTried
		g := rep.made
		if g == nil || p.Made >= o.Count || werr != nil || ctx.Err() != nil {
			tally() // a tally, or draining after the stop
			continue
		}
		c := g.Puzzle.Canonical()
		if seen[c] {
			p.Repeats++
			continue
		}
		seen[c] = true
		var solKey string
		if resembler != nil {
			k, err := resembler.SolutionKey(g.Puzzle, g.Rating.Solution)
			if err != nil {
				werr = fmt.Errorf("generate: %w", err)
				cancel()
				continue
			}
			if seenSol[k] {
				p.Repeats++
				continue
			}
			solKey = k
		}
		if lib != nil {
			// Not ctx: a puzzle made as the run stops is still looked up.
			if _, _, known, err := lib.Known(context.WithoutCancel(ctx), o.Kind.Name(), c); err != nil {
				werr = err
				cancel()
				continue
			} else if known {
				p.Repeats++
				continue
			}
		}
		if sk, ok := lib.(SolutionKnower); ok && solKey != "" {
			if known, err := sk.KnownSolution(context.WithoutCancel(ctx), o.Kind.Name(), solKey); err != nil {
				werr = err
				cancel()
				continue
			} else if known {
				p.Repeats++
				continue
			}
		}
		g.N = p.Made + 1
		if solKey != "" {
			seenSol[solKey] = true
		}
		if err := put(*g); err != nil {
			werr = err
			cancel()
			continue
		}
		p.Made++
		for len(p.ByRank) <= g.Rating.Rank {
			p.ByRank, p.Tried = append(p.ByRank, 0), append(p.Tried, 0)
		}
		p.ByRank[g.Rating.Rank]++
		tally()
		if p.Made >= o.Count {
			cancel()
		}
	}
	tally()
	if werr == nil && p.Made < o.Count {
		werr = ctx.Err()
	}
	return p, werr
}

// genWorker asks src for puzzles until wctx ends, reporting each one and,
// every genTick while it searches, its tallies.
func genWorker(wctx context.Context, job int, src engine.Source, reports chan<- genReport) {
	ss, _ := src.(*engine.SecondSource)
	for {
		// Next is asked again every tick, so the tallies reach the
		// progress bar while a rare target finds nothing. A source checks
		// its context only between candidates, so the ticks do not change
		// what it makes.
		tick, stop := context.WithTimeout(wctx, genTick)
		p, r, err := src.Next(tick)
		stop()
		rep := genReport{job: job, tried: src.Tried()}
		if err == nil {
			rep.made = &Generated{Puzzle: p, Rating: r, Job: job}
			if ss != nil {
				sr := ss.Last()
				rep.made.Second = &sr
			}
		}
		if ss != nil {
			rep.secondTried[0], rep.secondTried[1] = ss.SecondTried()
		}
		reports <- rep // the collector drains until every worker ends
		if wctx.Err() != nil || (err != nil && !errors.Is(err, context.DeadlineExceeded)) {
			return
		}
	}
}
