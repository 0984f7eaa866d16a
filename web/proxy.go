package web

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"

	"github.com/labstack/echo/v4"

	"pencilbox"
)

const (
	ctxClient = "client" // the client's address (see forwarded)
	ctxHTTPS  = "https"  // whether the client's scheme is https
)

// ParseProxies reads --trusted-proxy values: CIDRs or single addresses,
// each value possibly a comma list.
func ParseProxies(values []string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, v := range values {
		for _, f := range strings.Split(v, ",") {
			f = strings.TrimSpace(f)
			if f == "" {
				continue
			}
			if p, err := netip.ParsePrefix(f); err == nil {
				out = append(out, p.Masked())
				continue
			}
			a, err := netip.ParseAddr(f)
			if err != nil {
				return nil, fmt.Errorf("trusted proxy %q: not an address or a CIDR (10.0.0.0/8, 127.0.0.1, ::1)", f)
			}
			a = a.Unmap()
			out = append(out, netip.PrefixFrom(a, a.BitLen()))
		}
	}
	return out, nil
}

// forwarded finds the client's address and scheme. The connection's own
// address and TLS state are the truth unless the peer is a trusted proxy
// (Config.TrustedProxies): then X-Forwarded-For is read from the right,
// skipping trusted proxies, and its rightmost untrusted address is the
// client (what is left of it, a client may have written), and the scheme
// is X-Forwarded-Proto's last value. Anyone else's forwarded headers are
// ignored: the login limit keys on this address, and a client that could
// name its own would have as many tries as it has names.
func (s *Server) forwarded(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		addr, https := peerAddr(r), r.TLS != nil
		if len(s.cfg.TrustedProxies) > 0 {
			if a, err := netip.ParseAddr(addr); err == nil && s.trusted(a) {
				addr = s.forwardedFor(r.Header.Values("X-Forwarded-For"), a).String()
				if p := lastValue(r.Header.Values("X-Forwarded-Proto")); p != "" {
					https = strings.EqualFold(p, "https")
				}
			}
		}
		c.Set(ctxClient, addr)
		c.Set(ctxHTTPS, https)
		// the audit log names the address of every write
		c.SetRequest(r.WithContext(pencilbox.WithClient(r.Context(), addr)))
		return next(c)
	}
}

// forwardedFor walks X-Forwarded-For from the right, starting at the
// trusted peer, and returns the first address not in a trusted CIDR. When
// every hop is trusted it is the leftmost; a hop that does not parse ends
// the walk at the last address that did (the proxy that was handed it).
func (s *Server) forwardedFor(values []string, peer netip.Addr) netip.Addr {
	var hops []string
	for _, v := range values {
		hops = append(hops, strings.Split(v, ",")...)
	}
	client := peer
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			// "[::1]:80" or "1.2.3.4:80" (RFC 7239 style) still names a host
			if ap, err2 := netip.ParseAddrPort(strings.TrimSpace(hops[i])); err2 == nil {
				a, err = ap.Addr(), nil
			}
		}
		if err != nil {
			return client
		}
		client = a.Unmap()
		if !s.trusted(client) {
			return client
		}
	}
	return client
}

func (s *Server) trusted(a netip.Addr) bool {
	a = a.Unmap()
	for _, p := range s.cfg.TrustedProxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// lastValue is the last comma-separated value of a header (a proxy that
// appends puts its own last).
func lastValue(values []string) string {
	if len(values) == 0 {
		return ""
	}
	v := values[len(values)-1]
	if i := strings.LastIndexByte(v, ','); i >= 0 {
		v = v[i+1:]
	}
	return strings.TrimSpace(v)
}

// peerAddr is the connection's address, without its port.
func peerAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	if a, err := netip.ParseAddr(host); err == nil {
		return a.Unmap().String()
	}
	return host
}

// clientAddr is the client's address as forwarded found it (the peer's
// when it has not run).
func clientAddr(c echo.Context) string {
	if a, _ := c.Get(ctxClient).(string); a != "" {
		return a
	}
	return peerAddr(c.Request())
}

// isHTTPS reports whether the client reached the site over https, itself
// or through a trusted proxy: cookies are then Secure.
func isHTTPS(c echo.Context) bool {
	if v, ok := c.Get(ctxHTTPS).(bool); ok {
		return v
	}
	return c.Request().TLS != nil
}
