package web

import (
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
)

// Bounds on the heavy requests served at once, each kind of work its own
// (Config.BookletPuzzles, Config.ExportsAtOnce, Config.SetReads): without them, 12
// viewers' booklets of 4,216 puzzles reached 1.35 GB, and six pages of a
// set of 31,799 puzzles 1.15 GB. A request waits up to Config.HeavyWait
// for room, else it is answered 503 with Retry-After and a sentence
// saying what the server is busy with.
const (
	// DefaultBookletPuzzles bounds the puzzles of the booklets made at
	// once: a booklet holds its puzzles and its pages until it is
	// written (a booklet of export.MaxBooklet = 5,000 Sudoku with
	// solutions peaked at 261 MiB of heap), so the bound is on puzzles,
	// not booklets: one booklet of the largest size and a few small ones
	// together, or many small ones.
	DefaultBookletPuzzles = 6000
	// DefaultExports bounds the exports written at once (a text export
	// of 10^6 puzzles peaks at 134-168 MB; a set's export is written to
	// memory before it is sent).
	DefaultExports = 4
	// DefaultSetReads bounds the set pages (and their parts, the API's
	// set, a set's sort, which reads every puzzle of the set) read at
	// once.
	DefaultSetReads = 8
	// DefaultHeavyWait is how long a heavy request waits for room.
	DefaultHeavyWait = 2 * time.Second
	// heavyRetry is the Retry-After, in seconds, of a request refused
	// for want of room.
	heavyRetry = 10
)

// heavyGate bounds one kind of heavy work by a budget of units (puzzles
// of booklets, or requests), each request taking its weight of it.
type heavyGate struct {
	budget int
	wait   time.Duration
	// busy says what the server is busy with, given the requests and
	// the units under way: "making 3 booklets (5,012 puzzles ...)".
	busy func(running, units int) string

	mu      sync.Mutex
	used    int           // units taken
	running int           // requests holding units
	freed   chan struct{} // closed (and replaced) whenever units are freed
}

func newHeavyGate(budget int, wait time.Duration, busy func(running, units int) string) *heavyGate {
	return &heavyGate{budget: budget, wait: wait, busy: busy, freed: make(chan struct{})}
}

// enter takes weight units (at most the whole budget: a request larger
// than the budget runs alone), waiting up to g.wait for them. It returns
// the function that gives them back, or the 503 to answer (its
// Retry-After set on c's response), or the request's context error.
func (g *heavyGate) enter(c echo.Context, weight int) (func(), error) {
	weight = min(max(weight, 1), g.budget)
	var timeout <-chan time.Time
	for {
		g.mu.Lock()
		if g.used+weight <= g.budget {
			g.used += weight
			g.running++
			g.mu.Unlock()
			var once sync.Once
			return func() { once.Do(func() { g.leave(weight) }) }, nil
		}
		freed, running, used := g.freed, g.running, g.used
		g.mu.Unlock()
		if timeout == nil {
			t := time.NewTimer(g.wait)
			defer t.Stop()
			timeout = t.C
		}
		select {
		case <-freed:
		case <-timeout:
			c.Response().Header().Set("Retry-After", strconv.Itoa(heavyRetry))
			return func() {}, userErr(http.StatusServiceUnavailable, "The server is busy %s: try again in a few seconds.", g.busy(running, used))
		case <-c.Request().Context().Done():
			return func() {}, c.Request().Context().Err()
		}
	}
}

func (g *heavyGate) leave(weight int) {
	g.mu.Lock()
	g.used -= weight
	g.running--
	close(g.freed)
	g.freed = make(chan struct{})
	g.mu.Unlock()
}

// heavyGates are the server's gates, one a kind of heavy work.
type heavyGates struct {
	booklets, exports, setReads *heavyGate
}

func newHeavyGates(cfg Config) heavyGates {
	return heavyGates{
		booklets: newHeavyGate(cfg.BookletPuzzles, cfg.HeavyWait, func(running, units int) string {
			return fmt.Sprintf("making %s of %s at once (at most %s together)", countOf(running, "booklet", "booklets"),
				countOf(units, "puzzle", "puzzles"), countOf(cfg.BookletPuzzles, "puzzle", "puzzles"))
		}),
		exports: newHeavyGate(cfg.ExportsAtOnce, cfg.HeavyWait, func(running, _ int) string {
			return fmt.Sprintf("writing %s, as many as it writes at once", countOf(running, "export", "exports"))
		}),
		setReads: newHeavyGate(cfg.SetReads, cfg.HeavyWait, func(running, _ int) string {
			return fmt.Sprintf("reading %s, as many as it reads at once", countOf(running, "set page", "set pages"))
		}),
	}
}

// countOf is "1 booklet", "2 booklets", "6,000 puzzles".
func countOf(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s + " " + many
}
