package web

import (
	"context"
	"errors"
	"runtime"
	"runtime/debug"
	"sync"
	"time"
)

// errBusy is checkGate.run's answer when no check slot came free in time.
var errBusy = errors.New("too many password checks at once")

// checkGate bounds the password checks that run at once. Each argon2id
// check allocates db.PasswordCheckMemory (19 MiB), and the per-address
// login limit does nothing against a flood from many addresses: without a
// bound, every login in flight held its own 19 MiB. A login waits at most
// wait for a slot, behind at most maxWaiting others, else it is refused
// (the handler answers 503 with Retry-After).
type checkGate struct {
	slots      chan struct{}
	wait       time.Duration
	maxWaiting int

	// free hands the heap back to the operating system at a burst's end
	// (debug.FreeOSMemory; a test counts its calls)
	free func()

	mu      sync.Mutex
	waiting int // logins waiting for a slot
	active  int // checks running
}

func newCheckGate(slots int, wait time.Duration) *checkGate {
	return &checkGate{slots: make(chan struct{}, slots), wait: wait, maxWaiting: 16 * slots, free: debug.FreeOSMemory}
}

// run calls check in a free slot. Each check ends with a collection, so
// that during a burst a finished check's 19 MiB is free before the next
// one takes its slot, rather than piling up to the collector's own pace
// (up to twice the live heap); one collection of a small heap is little
// next to the check itself. When the last running check ends with no
// login waiting (the end of a burst), the memory also goes back to the
// operating system: the Go runtime otherwise keeps a burst's peak for
// minutes.
func (g *checkGate) run(ctx context.Context, check func() error) error {
	if err := g.enter(ctx); err != nil {
		return err
	}
	defer g.leave()
	return check()
}

func (g *checkGate) enter(ctx context.Context) error {
	select {
	case g.slots <- struct{}{}:
		g.add(0, 1)
		return nil
	default:
	}
	g.mu.Lock()
	if g.waiting >= g.maxWaiting {
		g.mu.Unlock()
		return errBusy
	}
	g.waiting++
	g.mu.Unlock()
	t := time.NewTimer(g.wait)
	defer t.Stop()
	select {
	case g.slots <- struct{}{}:
		g.add(-1, 1)
		return nil
	case <-t.C:
		g.giveUp()
		return errBusy
	case <-ctx.Done():
		g.giveUp()
		return ctx.Err()
	}
}

// giveUp ends a wait that got no slot. The burst may end here rather than
// in leave: when the last check leaves while logins still wait, and those
// then give up (their time ran out as the slot came free), leave saw them
// waiting and did not free the memory, so the last of them does.
func (g *checkGate) giveUp() {
	g.mu.Lock()
	g.waiting--
	idle := g.active == 0 && g.waiting == 0
	g.mu.Unlock()
	if idle {
		g.free()
	}
}

func (g *checkGate) add(waiting, active int) {
	g.mu.Lock()
	g.waiting += waiting
	g.active += active
	g.mu.Unlock()
}

func (g *checkGate) leave() {
	<-g.slots
	g.mu.Lock()
	g.active--
	idle := g.active == 0 && g.waiting == 0
	g.mu.Unlock()
	if idle {
		g.free()
	} else {
		runtime.GC()
	}
}
