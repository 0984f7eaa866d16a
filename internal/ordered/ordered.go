// Package ordered runs one job's work on several goroutines and hands the
// results on in the order the work came: what the CLI's batch commands
// (solve, rate, canon) and the library check share, so their output is the
// input's order whatever the number of workers.
package ordered

import (
	"context"
	"sync"
)

// Run calls produce on a goroutine of its own; each value it pushes is
// given to work on one of workers goroutines (with a context that ends
// when the run stops), and the results go to emit, on the calling
// goroutine, in the order they were pushed. At most window values are in
// flight (pushed, not yet emitted), so memory stays bounded whatever the
// input's size: push waits for room.
//
// An error from emit, or the context's end, stops the run: nothing more
// is emitted, push returns that error, and produce should return. Run
// returns emit's error, else produce's, else the context's.
func Run[In, Out any](ctx context.Context, workers, window int, produce func(push func(In) error) error,
	work func(context.Context, In) Out, emit func(Out) error) error {
	workers, window = max(1, workers), max(1, window)
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	type task struct {
		in  In
		out chan Out // buffered: a worker never waits on it
	}
	tasks := make(chan task)
	// in push order; with the one being awaited, window in flight
	queue := make(chan chan Out, window-1)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range tasks {
				t.out <- work(ctx, t.in)
			}
		}()
	}
	push := func(in In) error {
		out := make(chan Out, 1)
		select {
		case queue <- out:
		case <-ctx.Done():
			return context.Cause(ctx)
		}
		select {
		case tasks <- task{in, out}:
			return nil
		case <-ctx.Done():
			out <- *new(Out) // awaited below; nothing is emitted after a stop
			return context.Cause(ctx)
		}
	}
	var prodErr error
	go func() {
		defer close(queue)
		defer close(tasks)
		prodErr = produce(push)
	}()
	var emitErr error
	for out := range queue {
		r := <-out
		if emitErr != nil || ctx.Err() != nil {
			continue // stopped: drain what is in flight
		}
		if emitErr = emit(r); emitErr != nil {
			cancel(emitErr)
		}
	}
	wg.Wait()
	switch {
	case emitErr != nil:
		return emitErr
	case prodErr != nil:
		return prodErr
	}
	return ctx.Err()
}
