package web

// The listening side: caps on connections (per client address and in
// all) and the timeouts of the http.Server, so that slow clients cannot
// hold the server. Issue 28: 20,000 connections trickling a POST /login
// body (1 byte every 20 s) filled the process's 20,000 files and nobody
// else got an answer for the attack's two minutes. The figures chosen, and
// why, are in docs/RELIABILITY.md.

import (
	"errors"
	"net"
	"net/http"
	"net/netip"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
)

const (
	// DefaultMaxConns is Config.MaxConns' default: the connections the
	// server holds at once, from everyone. Far under the usual file limit
	// (ulimit -n, 20,000 on the team's machine; the library, its WAL,
	// uploads and backups need files too), far over what a team's
	// browsers use (about 6 each).
	DefaultMaxConns = 1024
	// DefaultMaxConnsPerAddr is Config.MaxConnsPerAddr's default: the
	// connections one client address holds at once (an IPv6 client's
	// /64): a browser opens about 6, an office behind one NAT a few
	// browsers' worth.
	DefaultMaxConnsPerAddr = 64
	// DefaultReadHeaderTimeout bounds the reading of a request's headers.
	DefaultReadHeaderTimeout = 10 * time.Second
	// DefaultReadTimeout bounds the reading of a whole request, body
	// included, but for the body of a logged-in request, which is given
	// MinBodyRate on top (an upload on a slow line).
	DefaultReadTimeout = 30 * time.Second
	// DefaultWriteTimeout is how long one write of an answer may wait for
	// the client to take it: the deadline moves on with every write, so a
	// long export that a client reads steadily is never cut, and one that
	// no one reads is.
	DefaultWriteTimeout = 60 * time.Second
	// DefaultIdleTimeout is how long a kept-alive connection waits for
	// its next request.
	DefaultIdleTimeout = 60 * time.Second
	// MinBodyRate is the rate, in bytes a second, a logged-in request's
	// body is given time for beyond the read timeout: 64 KiB/s (512
	// kbit/s), so a 64 MiB upload has 17 minutes.
	MinBodyRate = 64 << 10
	// refusalLogEvery is how often refusals from one address (or at the
	// total cap) are logged: the first, then a count per interval.
	refusalLogEvery = 10 * time.Minute
	// writeChunk is the most one write to the connection carries, so a
	// large page moves its write deadline on as the client reads it.
	writeChunk = 64 << 10
)

// HTTPServer is the http.Server to serve Handler with: the site's
// timeouts (Config.ReadTimeout and the others; the write timeout and a
// logged-in body's read time are moved on per request by the site).
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: s.cfg.ReadHeaderTimeout,
		ReadTimeout:       s.cfg.ReadTimeout,
		WriteTimeout:      s.cfg.WriteTimeout,
		IdleTimeout:       s.cfg.IdleTimeout,
		ErrorLog:          s.cfg.Log,
	}
}

// Listener wraps ln with the caps on connections (Config.MaxConns,
// Config.MaxConnsPerAddr): a connection over a cap is closed at once,
// before any byte is read, and logged once per address per 10 minutes.
// The per-address cap counts the TCP peer, never a header; a trusted
// proxy's connections count only in the total (it carries everyone's).
func (s *Server) Listener(ln net.Listener) net.Listener {
	return &capListener{Listener: ln, total: s.cfg.MaxConns, perAddr: s.cfg.MaxConnsPerAddr,
		exempt: s.cfg.TrustedProxies, logf: s.cfg.Log.Printf, open: map[netip.Addr]int{}, refused: map[netip.Addr]*refusals{}}
}

type capListener struct {
	net.Listener
	total, perAddr int
	exempt         []netip.Prefix
	logf           func(string, ...any)

	mu      sync.Mutex
	n       int                // open connections
	open    map[netip.Addr]int // open connections per peer (key: connKey)
	refused map[netip.Addr]*refusals
}

// refusals counts the refusals of one address since its last log line
// (the zero address: those at the total cap).
type refusals struct {
	logged time.Time
	n      int
}

// connKey is what the per-address cap counts: the peer's address, an
// IPv6 one by its /64 (one client has the whole /64).
func connKey(c net.Conn) netip.Addr {
	ap, err := netip.ParseAddrPort(c.RemoteAddr().String())
	if err != nil {
		return netip.Addr{}
	}
	a := ap.Addr().Unmap()
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.Addr()
	}
	return a
}

func (l *capListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		key := connKey(c)
		if l.admit(key) {
			return &cappedConn{Conn: c, l: l, key: key}, nil
		}
		// refused: closed at once, with a reset, so neither side keeps
		// the socket (no TIME_WAIT for thousands of refusals)
		if tc, ok := c.(*net.TCPConn); ok {
			tc.SetLinger(0)
		}
		c.Close()
	}
}

// admit counts a new connection from key, or refuses it over a cap.
func (l *capListener) admit(key netip.Addr) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	exempt := false
	for _, p := range l.exempt {
		exempt = exempt || p.Contains(key)
	}
	switch {
	case l.total > 0 && l.n >= l.total:
		l.refuse(netip.Addr{}, "refusing new connections: %d are open, the most the server holds (serve --max-conns)", l.n)
		return false
	case !exempt && l.perAddr > 0 && l.open[key] >= l.perAddr:
		l.refuse(key, "refusing connections from %s: it holds %d, the most one client address may (serve --max-conns-per-addr)", key, l.open[key])
		return false
	}
	l.n++
	l.open[key]++
	return true
}

// refuse counts a refusal and logs the first of an interval, with the
// count of the interval before. l.mu is held.
func (l *capListener) refuse(key netip.Addr, format string, args ...any) {
	now := time.Now()
	r := l.refused[key]
	if r == nil {
		if len(l.refused) >= 10000 { // an attack from many addresses: forget the quiet ones
			for k, old := range l.refused {
				if now.Sub(old.logged) > refusalLogEvery {
					delete(l.refused, k)
				}
			}
		}
		r = &refusals{}
		l.refused[key] = r
	}
	r.n++
	if r.logged.IsZero() || now.Sub(r.logged) >= refusalLogEvery {
		if r.n > 1 {
			format += "; %d refused in the %s before"
			args = append(args, r.n-1, refusalLogEvery)
		}
		l.logf(format+"; the next are counted, not logged, for %s", append(args, refusalLogEvery)...)
		r.logged, r.n = now, 0
	}
}

func (l *capListener) release(key netip.Addr) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.n--
	if l.open[key]--; l.open[key] <= 0 {
		delete(l.open, key)
	}
}

// cappedConn gives its place back when closed (once).
type cappedConn struct {
	net.Conn
	l    *capListener
	key  netip.Addr
	once sync.Once
}

func (c *cappedConn) Close() error {
	c.once.Do(func() { c.l.release(c.key) })
	return c.Conn.Close()
}

// deadlines moves the connection's write deadline on with every write of
// the answer (Config.WriteTimeout from each), so that the timeout bounds
// a client that stops reading, never a long export read steadily, nor a
// page that took long to make before its first byte.
func (s *Server) deadlines(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		w := &deadlineWriter{ResponseWriter: c.Response().Writer, rc: http.NewResponseController(c.Response().Writer), idle: s.cfg.WriteTimeout}
		w.push(true)
		c.Response().Writer = w
		err := next(c)
		w.push(true) // what net/http writes after the handler (headers, the last buffer)
		return err
	}
}

// deadlineWriter pushes the write deadline on before each write (at most
// once a second, or a quarter of the timeout when shorter, and for every
// writeChunk of a large write).
type deadlineWriter struct {
	http.ResponseWriter
	rc   *http.ResponseController
	idle time.Duration
	last time.Time
}

func (w *deadlineWriter) push(now bool) {
	t := time.Now()
	if now || t.Sub(w.last) >= min(time.Second, w.idle/4) {
		w.last = t
		_ = w.rc.SetWriteDeadline(t.Add(w.idle)) // not every writer has one (tests' recorders)
	}
}

func (w *deadlineWriter) WriteHeader(code int) {
	w.push(false)
	w.ResponseWriter.WriteHeader(code)
}

func (w *deadlineWriter) Write(b []byte) (int, error) {
	n := 0
	for len(b) > 0 {
		k := min(len(b), writeChunk)
		w.push(false)
		m, err := w.ResponseWriter.Write(b[:k])
		n += m
		if err != nil {
			return n, err
		}
		b = b[k:]
	}
	return n, nil
}

func (w *deadlineWriter) Flush() {
	w.push(false)
	_ = w.rc.Flush()
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (w *deadlineWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// errSlowBody answers a body that did not arrive in its time.
var errSlowBody = userErr(http.StatusRequestTimeout, "The request's body came too slowly and was cut off: send it again.")

// timedOut reports whether err is a read that passed its deadline.
func timedOut(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// bodyTime gives a logged-in request's body time to arrive at MinBodyRate
// (n bytes: its length, or the limit when it was sent without one), on
// top of the read timeout.
func (s *Server) bodyTime(c echo.Context, n int64) {
	d := s.cfg.ReadTimeout + time.Duration(n/MinBodyRate)*time.Second
	_ = http.NewResponseController(c.Response().Writer).SetReadDeadline(time.Now().Add(d))
}
