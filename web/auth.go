package web

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"pencilbox/db"
	"pencilbox/templates"
)

const (
	cookieSession = "pb_session"
	cookieCSRF    = "pb_csrf"
	cookieFlash   = "pb_flash"
	ctxUser       = "user"
	ctxCSRF       = "csrf"
	ctxFlash      = "flash"
	// csrfField is the hidden form field (or X-CSRF-Token header) that
	// must equal the CSRF cookie on every POST.
	csrfField = "csrf"
)

func randomToken() string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

func (s *Server) cookie(c echo.Context, name, value string, maxAge int, same http.SameSite) {
	c.SetCookie(&http.Cookie{
		Name: name, Value: value, Path: "/", MaxAge: maxAge,
		HttpOnly: true, SameSite: same, Secure: c.Request().TLS != nil,
	})
}

// csrf gives every client a random token cookie and checks, on every
// unsafe request, that the form field (or header) repeats it. A request
// without a valid token gets 403 before any handler runs.
func (s *Server) csrf(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		token := ""
		if ck, err := c.Cookie(cookieCSRF); err == nil && len(ck.Value) >= 32 {
			token = ck.Value
		}
		m := c.Request().Method
		if m != http.MethodGet && m != http.MethodHead && m != http.MethodOptions {
			sent := c.Request().Header.Get("X-CSRF-Token")
			if sent == "" {
				// The token is in the form, so the whole body is read
				// here: a body over the limit without a Content-Length
				// (chunked) is first seen too large now, and must say so
				// rather than that the token is missing.
				if err := parseForm(c.Request()); tooLarge(err) {
					return echo.NewHTTPError(http.StatusRequestEntityTooLarge)
				}
				sent = c.FormValue(csrfField)
			}
			if token == "" || subtle.ConstantTimeCompare([]byte(sent), []byte(token)) != 1 {
				return userErr(http.StatusForbidden, "The form's security token is missing or stale: reload the page and try again.")
			}
		}
		if token == "" {
			token = randomToken()
			s.cookie(c, cookieCSRF, token, 0, http.SameSiteStrictMode)
		}
		c.Set(ctxCSRF, token)
		if ck, err := c.Cookie(cookieFlash); err == nil && ck.Value != "" {
			if v, err := url.QueryUnescape(ck.Value); err == nil {
				c.Set(ctxFlash, v)
			}
			s.cookie(c, cookieFlash, "", -1, http.SameSiteLaxMode)
		}
		return next(c)
	}
}

// parseForm reads the request's form (urlencoded or multipart) as
// FormValue does, but returns the error. ParseForm comes first on its
// own: ParseMultipartForm drops its error when the body is not multipart.
func parseForm(r *http.Request) error {
	if err := r.ParseForm(); err != nil {
		return err
	}
	if err := r.ParseMultipartForm(32 << 20); !errors.Is(err, http.ErrNotMultipart) {
		return err
	}
	return nil
}

// tooLarge reports whether err is the body limit's (http.MaxBytesReader)
// or multipart's own.
func tooLarge(err error) bool {
	var mbe *http.MaxBytesError
	return errors.As(err, &mbe) || errors.Is(err, multipart.ErrMessageTooLarge)
}

func flash(c echo.Context) string {
	v, _ := c.Get(ctxFlash).(string)
	return v
}

// redirectFlash redirects with a one-time message shown on the next page.
func (s *Server) redirectFlash(c echo.Context, to, msg string) error {
	if msg != "" {
		s.cookie(c, cookieFlash, url.QueryEscape(msg), 60, http.SameSiteLaxMode)
	}
	return c.Redirect(http.StatusSeeOther, to)
}

// session resolves the session cookie to a user name.
func (s *Server) session(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if ck, err := c.Cookie(cookieSession); err == nil && ck.Value != "" {
			name, err := s.users.Session(c.Request().Context(), ck.Value)
			if err == nil {
				c.Set(ctxUser, name)
			} else if !errors.Is(err, db.ErrNoSession) {
				return err
			}
		}
		return next(c)
	}
}

// requireUser sends visitors without a session to /login (pages) or
// answers 401 (API).
func (s *Server) requireUser(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if u, _ := c.Get(ctxUser).(string); u != "" {
			return next(c)
		}
		if isAPI(c) {
			return userErr(http.StatusUnauthorized, "log in first (POST /login) and send the session cookie")
		}
		return c.Redirect(http.StatusSeeOther, "/login?next="+url.QueryEscape(c.Request().URL.RequestURI()))
	}
}

// safeNext keeps a post-login redirect on this site: a clean local path
// (see localPath), else "/".
func safeNext(next string) string {
	if !localPath(next) {
		return "/"
	}
	return next
}

func (s *Server) loginPage(c echo.Context) error {
	return render(c, http.StatusOK, templates.Login(s.chrome(c, "Log in", ""), safeNext(c.QueryParam("next"))))
}

// clientAddr is the connection's address: never a forwarded header, which
// a client can set to anything.
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func (s *Server) login(c echo.Context) error {
	if !s.limiter.allow(clientAddr(c.Request()), time.Now()) {
		c.Response().Header().Set("Retry-After", "60")
		return userErr(http.StatusTooManyRequests, "Too many login attempts from your address: wait a minute and try again.")
	}
	ctx := c.Request().Context()
	id, err := s.users.Check(ctx, c.FormValue("username"), c.FormValue("password"))
	if errors.Is(err, db.ErrBadLogin) {
		ch := s.chrome(c, "Log in", "")
		ch.Flash = "Wrong user name or password."
		return render(c, http.StatusUnauthorized, templates.Login(ch, safeNext(c.FormValue("next"))))
	}
	if err != nil {
		return err
	}
	token, err := s.users.NewSession(ctx, id, s.cfg.SessionTTL)
	if err != nil {
		return err
	}
	s.cookie(c, cookieSession, token, int(s.cfg.SessionTTL/time.Second), http.SameSiteLaxMode)
	// a fresh CSRF token for the logged-in session
	s.cookie(c, cookieCSRF, randomToken(), 0, http.SameSiteStrictMode)
	return c.Redirect(http.StatusSeeOther, safeNext(c.FormValue("next")))
}

func (s *Server) logout(c echo.Context) error {
	if ck, err := c.Cookie(cookieSession); err == nil {
		if err := s.users.DeleteSession(c.Request().Context(), ck.Value); err != nil {
			return err
		}
	}
	s.cookie(c, cookieSession, "", -1, http.SameSiteLaxMode)
	return c.Redirect(http.StatusSeeOther, "/login")
}

// loginLimiter allows n login attempts per address per window (a fixed
// window per address; the table is pruned as it is used).
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
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.seen) > 10000 {
		for k, a := range l.seen {
			if now.Sub(a.start) > l.window {
				delete(l.seen, k)
			}
		}
	}
	a := l.seen[addr]
	if a == nil || now.Sub(a.start) > l.window {
		a = &attempts{start: now}
		l.seen[addr] = a
	}
	a.n++
	return a.n <= l.n
}
