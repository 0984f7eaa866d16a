package web

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"

	"pencilbox/db"
)

// memSample reads, without stopping the world, the heap in use (the
// bytes of spans holding objects: MemStats.HeapInuse) and what the process
// holds from the operating system (MemStats.Sys less HeapReleased).
func memSample() (inUse, held uint64) {
	s := []metrics.Sample{
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/memory/classes/heap/unused:bytes"},
		{Name: "/memory/classes/total:bytes"},
		{Name: "/memory/classes/heap/released:bytes"},
	}
	metrics.Read(s)
	return s[0].Value.Uint64() + s[1].Value.Uint64(), s[2].Value.Uint64() - s[3].Value.Uint64()
}

// TestLoginFlood: 200 simultaneous wrong logins from 200 addresses, each
// to a name of its own (neither the per-address nor the per-account limit
// applies: a spray of names) against a server allowed 2 password
// checks at once. The heap's peak stays within what 2 checks and the
// collector's slack can hold, whatever the flood's size; the logins
// beyond what the queue can serve get 503 with Retry-After; and once the
// flood is over the memory goes back to the operating system.
func TestLoginFlood(t *testing.T) {
	if testing.Short() {
		t.Skip("200 password checks")
	}
	const slots, n = 2, 200
	defer debug.SetGCPercent(debug.SetGCPercent(100)) // the bound below assumes the default
	e := newTestEnv(t, func(c *Config) { c.LoginChecks = slots; c.LoginWait = 2 * time.Second })
	h := e.s.Handler()
	c := e.client()
	tok := c.token("/login")
	u, _ := url.Parse(e.srv.URL)
	var anon string
	for _, ck := range c.hc.Jar.Cookies(u) {
		if ck.Name == cookieCSRF {
			anon = ck.Value
		}
	}
	login := func(addr string) *httptest.ResponseRecorder {
		body := url.Values{csrfField: {tok}, "username": {"guess-" + addr}, "password": {"wrong " + addr}}.Encode()
		req := httptest.NewRequest("POST", "/login", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.AddCookie(&http.Cookie{Name: cookieCSRF, Value: anon})
		req.RemoteAddr = addr + ":40000"
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		return w
	}
	// one login first, so that the base holds what the first one sets up
	if w := login("127.0.0.1"); w.Code != http.StatusUnauthorized {
		t.Fatalf("a wrong login: %d %.200s", w.Code, w.Body)
	}
	debug.FreeOSMemory()
	baseInUse, baseHeld := memSample()

	var peakInUse, peakHeld uint64
	stop, sampled := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			in, held := memSample()
			peakInUse, peakHeld = max(peakInUse, in), max(peakHeld, held)
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	codes := make([]int, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-start
			w := login(fmt.Sprintf("127.0.%d.%d", 1+i/250, 1+i%250))
			codes[i] = w.Code
			if w.Code == http.StatusServiceUnavailable && (w.Header().Get("Retry-After") == "" || !strings.Contains(w.Body.String(), "busy checking other logins")) {
				t.Errorf("a refused login: Retry-After %q, %.300s", w.Header().Get("Retry-After"), w.Body)
			}
		})
	}
	close(start)
	wg.Wait()
	close(stop)
	<-sampled
	afterInUse, afterHeld := memSample()

	count := map[int]int{}
	for _, code := range codes {
		count[code]++
	}
	if count[http.StatusUnauthorized] < slots || count[http.StatusUnauthorized]+count[http.StatusServiceUnavailable] != n {
		t.Errorf("answers %v: want every login 401 (checked) or 503 (busy), at least %d checked", count, slots)
	}
	// At any moment the live heap is the base and at most slots checks;
	// the collector lets the heap grow to twice what it found live (GOGC
	// 100), and a check that starts while it marks can add its 19 MiB
	// before the collection ends. Without the bound on checks at once the
	// peak is n checks' worth.
	const mib = 1 << 20
	bound := 2*(baseInUse+(slots+1)*db.PasswordCheckMemory) + 16*mib
	t.Logf("%d logins (%v) with %d checks at once on %d cores: heap in use %d MiB before, peak %d MiB (bound %d MiB), %d MiB after; held from the OS %d MiB before, peak %d MiB, %d MiB after",
		n, count, slots, runtime.GOMAXPROCS(0), baseInUse/mib, peakInUse/mib, bound/mib, afterInUse/mib, baseHeld/mib, peakHeld/mib, afterHeld/mib)
	if peakInUse > bound {
		t.Errorf("the heap in use peaked at %d MiB, over %d MiB (2 x (%d MiB base + %d checks of %d MiB) + 16 MiB)",
			peakInUse/mib, bound/mib, baseInUse/mib, slots+1, db.PasswordCheckMemory/mib)
	}
	// the end of the burst handed the checks' memory back
	if afterHeld > baseHeld+slots*db.PasswordCheckMemory/2 {
		t.Errorf("after the flood the process holds %d MiB from the OS, %d MiB before it", afterHeld/mib, baseHeld/mib)
	}
}

// TestCheckGateFreesAtBurstEnd: the memory goes back to the operating
// system when the last login of a burst is done, whichever way it ends.
// TestLoginFlood failed now and then on a loaded machine with the heap
// still held after the flood: the last check had left while logins still
// waited (so it did not free), and those waiters then gave up, their time
// out as the slot came free, and nobody freed. The steps are taken here in
// that order, one at a time, as the gate's own enter and leave take them.
func TestCheckGateFreesAtBurstEnd(t *testing.T) {
	g := newCheckGate(1, time.Hour)
	frees := 0
	g.free = func() { frees++ }
	if err := g.enter(context.Background()); err != nil { // a check takes the slot
		t.Fatal(err)
	}
	g.add(1, 0) // a login waits for it
	g.leave()   // the check leaves while the login still waits: no free yet
	if frees != 0 {
		t.Fatalf("freed %d times with a login still waiting", frees)
	}
	g.giveUp() // the waiter's time runs out: the burst is over
	if frees != 1 {
		t.Errorf("freed %d times after the last login of the burst gave up, want 1", frees)
	}

	// the usual order: the waiter gives up while the check runs, and the
	// check's leave ends the burst
	frees = 0
	if err := g.enter(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := g.enter(ctx); err == nil {
		t.Fatal("a login with its context ended took a busy slot")
	}
	if frees != 0 {
		t.Fatalf("freed %d times with a check still running", frees)
	}
	g.leave()
	if frees != 1 {
		t.Errorf("freed %d times after the last check of the burst left, want 1", frees)
	}
}
