package web

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
)

// serveCapped serves e's server as pencilbox serve does: its Listener
// (the caps) under its HTTPServer (the timeouts), on 127.0.0.1; it returns
// the address and a client of e that goes there.
func serveCapped(t *testing.T, e *testEnv) (string, *client) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := e.s.HTTPServer()
	go hs.Serve(e.s.Listener(ln))
	t.Cleanup(func() { hs.Close() })
	c := e.client()
	c.base = "http://" + ln.Addr().String()
	return ln.Addr().String(), c
}

// slowBody opens a connection from the loopback address from (127.0.0.x)
// and sends a POST /login whose body (1,000 bytes announced) stops after
// its first byte: the attack of issue 28.
func slowBody(t *testing.T, from, addr string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 10 * time.Second}
	c, err := d.Dial("tcp", addr)
	if errors.Is(err, syscall.ECONNRESET) {
		return nil // refused before the dial returned
	}
	if err != nil {
		t.Fatalf("dial from %s: %v", from, err)
	}
	// the server may have closed it already: a write error is an answer too
	fmt.Fprintf(c, "POST /login HTTP/1.1\r\nHost: %s\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nu", addr)
	return c
}

// closedByServer reports whether the server closed c (a read ends at
// once, with or without an answer) rather than holding it (the read
// waits until wait is over).
func closedByServer(c net.Conn, wait time.Duration) bool {
	if c == nil {
		return true // reset as it connected
	}
	c.SetReadDeadline(time.Now().Add(wait))
	_, err := io.Copy(io.Discard, c)
	var ne net.Error
	return !(errors.As(err, &ne) && ne.Timeout())
}

// TestSlowBodiesCapped: slow-body connections from one address beyond
// MaxConnsPerAddr are closed at once, the refusals logged once, and a
// logged-in page asked from another address answers meanwhile; at
// MaxConns in all, a new address is refused too (logged once), and let in
// again once connections close. Before, every connection was held (20,000
// of them filled the process's files).
func TestSlowBodiesCapped(t *testing.T) {
	logged := &syncLog{}
	const perAddr, total, extra = 8, 24, 40
	e := newTestEnv(t, func(c *Config) {
		c.MaxConnsPerAddr, c.MaxConns = perAddr, total
		c.Log = log.New(logged, "", 0)
	})
	addr, curator := serveCapped(t, e)
	curator.login() // from 127.0.0.1

	var conns []net.Conn
	for range perAddr + extra {
		conns = append(conns, slowBody(t, "127.0.0.2", addr))
	}
	if r := curator.get("/puzzles"); r.code != http.StatusOK {
		t.Errorf("the curator's page during the attack: %d", r.code)
	}
	var held, closed int
	var wg sync.WaitGroup
	var mu sync.Mutex
	for _, c := range conns {
		wg.Go(func() {
			cl := closedByServer(c, 3*time.Second)
			mu.Lock()
			defer mu.Unlock()
			if cl {
				closed++
			} else {
				held++
			}
		})
	}
	wg.Wait()
	if held != perAddr || closed != extra {
		t.Errorf("from 127.0.0.2: %d held, %d closed; want %d held, %d closed", held, closed, perAddr, extra)
	}
	if n := strings.Count(logged.String(), "refusing connections from 127.0.0.2"); n != 1 {
		t.Errorf("the refusals of 127.0.0.2 logged %d times, want once: %s", n, logged.String())
	}

	// MaxConns in all: two more addresses fill it (the curator's client
	// may hold a kept-alive connection or two)
	for _, from := range []string{"127.0.0.3", "127.0.0.4"} {
		for range perAddr {
			conns = append(conns, slowBody(t, from, addr))
		}
	}
	late := []net.Conn{slowBody(t, "127.0.0.5", addr), slowBody(t, "127.0.0.5", addr)}
	for i, c := range late {
		if !closedByServer(c, 3*time.Second) {
			t.Errorf("connection %d from 127.0.0.5 at the total cap was held", i)
		}
	}
	if n := strings.Count(logged.String(), "refusing new connections"); n != 1 {
		t.Errorf("the refusals at the total cap logged %d times, want once: %s", n, logged.String())
	}
	for _, c := range conns {
		if c != nil {
			c.Close()
		}
	}
	// the places come back as the server sees the closes
	deadline := time.Now().Add(10 * time.Second)
	for {
		c := slowBody(t, "127.0.0.5", addr)
		ok := !closedByServer(c, 200*time.Millisecond)
		if c != nil {
			c.Close()
		}
		if ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no connection let in 10 s after the others closed")
		}
	}
	if n := strings.Count(logged.String(), "\n"); n != 2 {
		t.Errorf("%d log lines, want the 2 refusals: %s", n, logged.String())
	}
}

// TestSlowBodyCut: a body trickling slower than the read timeout allows
// is cut (the connection closed); a curator's upload arriving steadily
// for longer than the read timeout is given time for its length.
func TestSlowBodyCut(t *testing.T) {
	e := newTestEnv(t, func(c *Config) { c.ReadTimeout = 500 * time.Millisecond })
	addr, curator := serveCapped(t, e)
	c := slowBody(t, "127.0.0.2", addr)
	defer c.Close()
	stop := make(chan struct{})
	go func() { // a byte every 100 ms, for ever
		for {
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
				if _, err := c.Write([]byte("x")); err != nil {
					return
				}
			}
		}
	}()
	t0 := time.Now()
	if !closedByServer(c, 10*time.Second) {
		t.Error("a trickling body was still held after 10 s (read timeout 0.5 s)")
	}
	close(stop)
	t.Logf("closed after %v", time.Since(t0))

	tok := curator.login()
	// 192 KiB: 3 s at MinBodyRate beyond the read timeout
	form := url.Values{"csrf": {tok}, "name": {"slow but steady"}, "pad": {strings.Repeat("p", 192<<10)}}.Encode()
	pr, pw := io.Pipe()
	go func() { // the form in three parts, 400 ms apart: 0.8 s in all
		third := len(form) / 3
		for i, part := range []string{form[:third], form[third : 2*third], form[2*third:]} {
			if i > 0 {
				time.Sleep(400 * time.Millisecond)
			}
			pw.Write([]byte(part))
		}
		pw.Close()
	}()
	req, _ := http.NewRequest("POST", curator.base+"/sets", pr)
	req.ContentLength = int64(len(form))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if r := curator.do(req); r.code != http.StatusSeeOther {
		t.Errorf("a curator's steady body over 0.8 s: %d %v %.300s; want the set made", r.code, r.hdr, r.body)
	}
}

// TestWriteTimeoutMovesOn: an answer a client reads steadily is never
// cut, however long it takes in all (32 MiB read in 1 MiB steps 100 ms
// apart: over 3 s, write timeout 1 s); one the client stops reading (for
// 4 s) is. The margins are wide for a loaded machine.
func TestWriteTimeoutMovesOn(t *testing.T) {
	e := newTestEnv(t, func(c *Config) { c.WriteTimeout = time.Second })
	const size = 32 << 20
	app := echo.New()
	app.Use(e.s.deadlines)
	app.GET("/big", func(c echo.Context) error {
		c.Response().Header().Set("Content-Type", "application/octet-stream")
		c.Response().WriteHeader(http.StatusOK)
		chunk := bytes.Repeat([]byte("x"), 1<<20)
		for range size >> 20 {
			if _, err := c.Response().Write(chunk); err != nil {
				return err
			}
		}
		return nil
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := e.s.HTTPServer()
	hs.Handler = app
	go hs.Serve(ln)
	defer hs.Close()

	get := func(pause func(n int)) (int, error) {
		d := net.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
			return rc.Control(func(fd uintptr) { syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 64<<10) })
		}}
		c, err := d.Dial("tcp", ln.Addr().String())
		if err != nil {
			return 0, err
		}
		defer c.Close()
		fmt.Fprintf(c, "GET /big HTTP/1.1\r\nHost: x\r\n\r\n")
		r, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			return 0, err
		}
		n := 0
		buf := make([]byte, 1<<20)
		for {
			pause(n)
			k, err := io.ReadFull(r.Body, buf)
			n += k
			if err != nil {
				if errors.Is(err, io.EOF) || (errors.Is(err, io.ErrUnexpectedEOF) && n == size) {
					return n, nil
				}
				return n, err
			}
		}
	}
	start := time.Now()
	n, err := get(func(int) { time.Sleep(100 * time.Millisecond) })
	if n != size || err != nil {
		t.Errorf("read steadily for %v: %d of %d bytes, %v", time.Since(start).Round(time.Millisecond), n, size, err)
	}
	n, err = get(func(n int) {
		if n == 1<<20 {
			time.Sleep(4 * time.Second) // stops reading after the first MiB
		}
	})
	if n == size {
		t.Errorf("a client that stopped reading for 4 s got the whole answer (write timeout 1 s)")
	}
	t.Logf("the stalled client got %d bytes, then %v", n, err)
}

// TestTrustedProxyCountsInTotal: a trusted proxy carries everyone's
// connections, so the per-address cap (on the TCP peer) does not hold it;
// the total cap does.
func TestTrustedProxyCountsInTotal(t *testing.T) {
	const perAddr, total = 4, 12
	e := newTestEnv(t, func(c *Config) {
		c.MaxConnsPerAddr, c.MaxConns = perAddr, total
		c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.6/32")}
	})
	addr, _ := serveCapped(t, e)
	var conns []net.Conn
	for range total + 2 {
		conns = append(conns, slowBody(t, "127.0.0.6", addr))
	}
	defer func() {
		for _, c := range conns {
			if c != nil {
				c.Close()
			}
		}
	}()
	var held atomic.Int32
	var wg sync.WaitGroup
	for _, c := range conns {
		wg.Go(func() {
			if !closedByServer(c, time.Second) {
				held.Add(1)
			}
		})
	}
	wg.Wait()
	if held := int(held.Load()); held != total {
		t.Errorf("the trusted proxy holds %d connections, want the total cap %d (not the per-address %d)", held, total, perAddr)
	}
}

// TestIdleConnClosed: a kept-alive connection that asks nothing more is
// closed after Config.IdleTimeout (DefaultIdleTimeout in serve), not held
// until the read timeout or for ever.
func TestIdleConnClosed(t *testing.T) {
	e := newTestEnv(t, func(c *Config) { c.IdleTimeout = 300 * time.Millisecond })
	addr, _ := serveCapped(t, e)
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "GET /login HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	br := bufio.NewReader(c)
	r, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, r.Body)
	r.Body.Close()
	if r.StatusCode != http.StatusOK || r.Close {
		t.Fatalf("GET /login: %d, close %v; want 200 kept alive", r.StatusCode, r.Close)
	}
	// the read timeout (30 s) is far beyond the wait: only the idle
	// timeout closes it within it
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	n, err := io.Copy(io.Discard, br)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Errorf("an idle kept-alive connection was still open after 10 s (idle timeout 0.3 s)")
	}
	if n != 0 {
		t.Errorf("%d bytes came on an idle connection", n)
	}
}
