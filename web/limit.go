package web

// Login limiting, per client address and per account.
//
// Per address: LoginRate attempts a minute (a fixed window), an IPv6
// client counted by its /64, an IPv4 one by its address: one host or
// home network gets a whole /64 to itself and can rotate inside it
// freely, so a per-address count on IPv6 counted nothing.
//
// Per account: a guesser with many addresses (a /48 holds 65,536 /64s)
// still tries one account at a time, so the account's failed logins slow
// it down, whoever makes them:
//   - AccountFree failed logins in a row are free; after that the account
//     is paused after each failure for AccountPause, doubled at each
//     further failure and never more than AccountPauseMax (1, 2, 4, 8 and
//     then 15 minutes: about 12 guesses in the first hour and 4 an hour
//     after, whatever the number of addresses). A login during a pause is
//     answered 429 without its password being checked, so the answer is
//     the same for a right and a wrong password, and the same for a name
//     that is no user's (every name typed is counted alike): the pause is
//     no oracle. A success ends the run (a known browser's, below, only
//     its own failures, so the real user's logins do not lift an
//     attacker's pause); a run with no failure for AccountForget is
//     forgotten.
//   - The pause is bounded, so an attacker cannot lock the real user out
//     for good, only for AccountPauseMax at a time; and a browser that has
//     logged in to the account before is not paused at all: a successful
//     login leaves it a "known browser" cookie (pb_known: the user name
//     and a random nonce, under an HMAC of the server's key), and a login
//     to that name carrying it is checked even during a pause (OWASP's
//     device cookies). An address would do worse: it is shared (NAT, an
//     office) and changes (phones). A known browser that fails
//     AccountFree times in a row loses its pass until it succeeds, so a
//     stolen cookie is no guessing licence.
//   - The checks one account may have in flight are bounded too
//     (AccountFree less its run, at least one), so a burst of concurrent
//     guesses cannot all be checked before the first failure is counted.
// The counts live in the server's memory (a restart, which only the
// operator can cause, clears them) and cost at most one entry per name
// that failed in the last AccountForget: their number is bounded by the
// password checks the check gate lets run, and the table by
// maxAccountsTracked besides. The admin sees each user's failures and
// pause on /users and the dashboard.

import (
	"crypto/hmac"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
)

// The account limit's defaults (Config.AccountFree, AccountPause,
// AccountPauseMax) and its memory.
const (
	DefaultAccountFree     = 5
	DefaultAccountPause    = time.Minute
	DefaultAccountPauseMax = 15 * time.Minute
	// AccountForget is how long after its last failure an account's run of
	// failures is forgotten, and the window of the failures /users shows.
	AccountForget = time.Hour
	// maxAccountsTracked bounds the account table (names typed at the
	// login form, existing or not, with a failure of the last
	// AccountForget or a check under way); when it is full the tenth
	// whose last failure is oldest is dropped (evict).
	maxAccountsTracked = 100_000
	// maxFailTimes bounds the failure times kept per account for the
	// count /users shows (the run's length is counted apart).
	maxFailTimes = 1000
	// cookieKnown is the known-browser cookie, and knownAge its life.
	cookieKnown = "pb_known"
	knownAge    = 400 * 24 * time.Hour
)

// addrKey is what the address limit counts: an IPv6 address's /64, an
// IPv4 address itself (an IPv4-mapped IPv6 address as IPv4); anything
// that is not an address, as it is.
func addrKey(addr string) string {
	a, err := netip.ParseAddr(addr)
	if err != nil {
		return addr
	}
	a = a.Unmap()
	if a.Is4() {
		return a.String()
	}
	p, err := a.WithZone("").Prefix(64)
	if err != nil {
		return addr
	}
	return p.String()
}

// loginLimiter allows n login attempts per key (addrKey) per window (a
// fixed window per key; the table is pruned as it is used).
type loginLimiter struct {
	mu     sync.Mutex
	n      int
	window time.Duration
	seen   map[string]*attempts
}

type attempts struct {
	start time.Time
	n     int
}

func newLoginLimiter(n int, window time.Duration) *loginLimiter {
	return &loginLimiter{n: n, window: window, seen: map[string]*attempts{}}
}

func (l *loginLimiter) allow(addr string, now time.Time) bool {
	key := addrKey(addr)
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.seen) > 10000 {
		for k, a := range l.seen {
			if now.Sub(a.start) > l.window {
				delete(l.seen, k)
			}
		}
	}
	a := l.seen[key]
	if a == nil || now.Sub(a.start) > l.window {
		a = &attempts{start: now}
		l.seen[key] = a
	}
	a.n++
	return a.n <= l.n
}

// accountLimiter keeps each account's run of failed logins (see the top
// of this file).
type accountLimiter struct {
	mu              sync.Mutex
	free            int
	pause, pauseMax time.Duration
	seen            map[string]*account
}

// account is one name's failures.
type account struct {
	run      int         // failed logins in a row (since a success, within AccountForget)
	last     time.Time   // the last failure
	fails    []time.Time // failure times, the last AccountForget's (at most maxFailTimes)
	refused  int         // logins answered 429 during the run
	pending  int         // checks under way
	devFails map[string]int
}

// AccountStatus is what the admin sees of an account's failed logins.
type AccountStatus struct {
	Failed  int       // failed logins in the last AccountForget
	Refused int       // logins refused unchecked during the current run
	Until   time.Time // paused until then (zero: not paused)
}

func newAccountLimiter(free int, pause, pauseMax time.Duration) *accountLimiter {
	return &accountLimiter{free: free, pause: pause, pauseMax: pauseMax, seen: map[string]*account{}}
}

// accountKey bounds the key's length: no user name is over 64 bytes, so
// longer names are no one's and need not be told apart beyond that.
func accountKey(name string) string {
	if len(name) > 65 {
		return name[:65]
	}
	return name
}

// pausedUntil is the end of a's pause after its last failure (zero when
// its run is below free).
func (l *accountLimiter) pausedUntil(a *account) time.Time {
	if a.run < l.free {
		return time.Time{}
	}
	d := l.pause
	for i := l.free; i < a.run && d < l.pauseMax; i++ {
		d *= 2
	}
	return a.last.Add(min(d, l.pauseMax))
}

// tidy forgets a's run after AccountForget without a failure, and failure
// times older than that.
func (a *account) tidy(now time.Time) {
	if a.run > 0 && now.Sub(a.last) > AccountForget {
		a.run, a.refused, a.devFails = 0, 0, nil
	}
	i := 0
	for i < len(a.fails) && now.Sub(a.fails[i]) > AccountForget {
		i++
	}
	a.fails = a.fails[i:]
}

func (l *accountLimiter) get(name string, now time.Time) *account {
	key := accountKey(name)
	if a := l.seen[key]; a != nil {
		a.tidy(now)
		return a
	}
	if len(l.seen) >= maxAccountsTracked {
		l.evict(now)
	}
	a := &account{}
	l.seen[key] = a
	return a
}

// evict makes room in a full table: the entries with nothing left to
// keep go, then, if it is still over nine tenths full, the idle ones
// whose last failure is oldest, down to nine tenths; so a table kept
// full by a spray of names is sorted once per tenth of it, not scanned
// at every new name.
func (l *accountLimiter) evict(now time.Time) {
	type aged struct {
		key  string
		last time.Time
	}
	var idle []aged
	for k, a := range l.seen {
		a.tidy(now)
		switch {
		case a.idle():
			delete(l.seen, k)
		case a.pending == 0:
			idle = append(idle, aged{k, a.last})
		}
	}
	keep := maxAccountsTracked * 9 / 10
	if len(l.seen) <= keep {
		return
	}
	slices.SortFunc(idle, func(x, y aged) int { return x.last.Compare(y.last) })
	for _, x := range idle {
		if len(l.seen) <= keep {
			break
		}
		delete(l.seen, x.key)
	}
}

// idle reports an entry with nothing to keep: no check under way, no run,
// no failure of the last AccountForget.
func (a *account) idle() bool {
	return a.pending == 0 && a.run == 0 && len(a.fails) == 0 && len(a.devFails) == 0
}

// drop forgets name's entry when it holds nothing, so that a login that
// ended without a failure (or was abandoned) leaves no entry behind.
func (l *accountLimiter) drop(name string) {
	if a := l.seen[accountKey(name)]; a != nil && a.idle() {
		delete(l.seen, accountKey(name))
	}
}

// begin asks to check a login to name; device is the nonce of a valid
// known-browser cookie for name ("" when none). It answers false with
// the end of the pause when the login must be refused unchecked;
// otherwise the caller checks the password and calls end.
func (l *accountLimiter) begin(name, device string, now time.Time) (bool, time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	a := l.get(name, now)
	if device != "" && a.devFails[device] < l.free {
		a.pending++
		return true, time.Time{}
	}
	until := l.pausedUntil(a)
	if now.Before(until) {
		a.refused++
		return false, until
	}
	if a.pending >= max(l.free-a.run, 1) {
		// the run may reach free with the checks under way
		a.refused++
		return false, now.Add(l.pause)
	}
	a.pending++
	return true, time.Time{}
}

// end records a checked login's result: ok when the password was right.
func (l *accountLimiter) end(name, device string, ok bool, now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	a := l.get(name, now)
	a.pending = max(a.pending-1, 0)
	if ok {
		if device != "" {
			// a known browser's success clears its own failures only:
			// the real user logging in does not lift an attacker's pause
			delete(a.devFails, device)
		} else {
			a.run, a.refused = 0, 0
		}
		l.drop(name)
		return
	}
	a.run++
	a.last = now
	if len(a.fails) >= maxFailTimes {
		a.fails = a.fails[1:]
	}
	a.fails = append(a.fails, now)
	if device != "" {
		if a.devFails == nil {
			a.devFails = map[string]int{}
		}
		a.devFails[device]++
	}
}

// abandon ends a check that gave no answer (the server was busy, the
// client left): nothing is counted.
func (l *accountLimiter) abandon(name string, now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	a := l.get(name, now)
	a.pending = max(a.pending-1, 0)
	l.drop(name)
}

// status is name's failures as the admin sees them.
func (l *accountLimiter) status(name string, now time.Time) AccountStatus {
	l.mu.Lock()
	defer l.mu.Unlock()
	a := l.seen[accountKey(name)]
	if a == nil {
		return AccountStatus{}
	}
	a.tidy(now)
	st := AccountStatus{Failed: len(a.fails), Refused: a.refused}
	if u := l.pausedUntil(a); now.Before(u) {
		st.Until = u
	}
	return st
}

// knownDevice returns the nonce of the request's known-browser cookie
// when it is valid for name, else "".
func (s *Server) knownDevice(c echo.Context, name string) string {
	ck, err := c.Cookie(cookieKnown)
	if err != nil {
		return ""
	}
	// nonce.mac.name: the name last, as it may hold dots
	nonce, rest, ok := strings.Cut(ck.Value, ".")
	mac, who, ok2 := strings.Cut(rest, ".")
	if !ok || !ok2 || who != name || len(nonce) < 16 {
		return ""
	}
	key, err := s.csrfKey(c.Request().Context())
	if err != nil {
		return ""
	}
	if want := csrfToken(key, "known", who+"\x00"+nonce); !hmac.Equal([]byte(mac), []byte(want)) {
		return ""
	}
	return nonce
}

// markKnown gives the browser that just logged in as name its
// known-browser cookie (keeping the nonce it had for name).
func (s *Server) markKnown(c echo.Context, name, nonce string) error {
	if nonce == "" {
		nonce = randomToken()[:22]
	}
	key, err := s.csrfKey(c.Request().Context())
	if err != nil {
		return err
	}
	c.SetCookie(&http.Cookie{
		Name: cookieKnown, Value: nonce + "." + csrfToken(key, "known", name+"\x00"+nonce) + "." + name,
		Path: "/login", MaxAge: int(knownAge / time.Second),
		HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: isHTTPS(c),
	})
	return nil
}
