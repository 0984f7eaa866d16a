package web

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"pencilbox"
	"pencilbox/templates"
)

const (
	cookieSession = "pb_session"
	cookieCSRF    = "pb_csrf"
	cookieFlash   = "pb_flash"
	ctxUser       = "user"
	ctxSession    = "session" // the token of a live session
	ctxCSRF       = "csrf"
	ctxFlash      = "flash"
	// csrfField is the hidden form field (or X-CSRF-Token header) that
	// must carry the request's CSRF token on every POST.
	csrfField = "csrf"
	// maxAnonBody bounds the body of a POST without a session: the only
	// ones that can succeed (login, logout) are a few short fields, and
	// the full upload limit is for curators.
	maxAnonBody = 64 << 10
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
		HttpOnly: true, SameSite: same, Secure: isHTTPS(c),
	})
}

// csrfKey returns the key CSRF tokens are derived with, read from the
// database (or made there) on first use and kept.
func (s *Server) csrfKey(ctx context.Context) ([]byte, error) {
	s.keyMu.Lock()
	defer s.keyMu.Unlock()
	if s.key == nil {
		k, err := s.users.Key(ctx, "csrf")
		if err != nil {
			return nil, err
		}
		s.key = k
	}
	return s.key, nil
}

// csrfToken derives a CSRF token from what only the visitor's browser
// holds: the session token, or for a visitor without a session (the login
// form) the random pb_csrf cookie. The HMAC under the server's key means
// a token cannot be chosen by a client: a cookie planted by a page of
// another port or subdomain ("cookie tossing") yields no valid token for
// the victim's session.
func csrfToken(key []byte, kind, secret string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(kind))
	m.Write([]byte{0})
	m.Write([]byte(secret))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// csrf refuses every state-changing request (any method but GET, HEAD and
// OPTIONS) that does not carry the CSRF token of its session in the form
// field (or X-CSRF-Token header): 403 before any handler runs. It gives a
// visitor without a session a random pb_csrf cookie to derive the login
// form's token from. It runs after session, which finds the session token,
// and sameOrigin.
func (s *Server) csrf(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		unsafe := r.Method != http.MethodGet && r.Method != http.MethodHead && r.Method != http.MethodOptions
		want, err := s.wantToken(c)
		if err != nil {
			return err
		}
		if unsafe {
			if want == "" {
				return errBadToken
			}
			sent := r.Header.Get("X-CSRF-Token")
			if sent == "" {
				sent = c.FormValue(csrfField) // bodyLimit read the form
			}
			if !hmac.Equal([]byte(sent), []byte(want)) {
				return errBadToken
			}
		}
		if want == "" {
			key, err := s.csrfKey(r.Context())
			if err != nil {
				return err
			}
			anon := randomToken()
			s.cookie(c, cookieCSRF, anon, 0, http.SameSiteStrictMode)
			want = csrfToken(key, "anon", anon)
		}
		c.Set(ctxCSRF, want)
		if ck, err := c.Cookie(cookieFlash); err == nil && ck.Value != "" {
			if v, err := url.QueryUnescape(ck.Value); err == nil {
				c.Set(ctxFlash, v)
			}
			s.cookie(c, cookieFlash, "", -1, http.SameSiteLaxMode)
		}
		return next(c)
	}
}

// wantToken is the CSRF token the request must carry: its session's, or
// before login the one of its pb_csrf cookie; "" when it has neither.
func (s *Server) wantToken(c echo.Context) (string, error) {
	key, err := s.csrfKey(c.Request().Context())
	if err != nil {
		return "", err
	}
	if sess, _ := c.Get(ctxSession).(string); sess != "" {
		return csrfToken(key, "session", sess), nil
	}
	if ck, err := c.Cookie(cookieCSRF); err == nil && len(ck.Value) >= 32 {
		return csrfToken(key, "anon", ck.Value), nil
	}
	return "", nil
}

var errBadToken = userErr(http.StatusForbidden, "The form's security token is missing or stale: reload the page and try again.")

// sameOrigin refuses, with 403 and before its body is read, a
// state-changing request a browser sent from another origin, by
// Sec-Fetch-Site or else by Origin against Host (net/http's
// CrossOriginProtection, which lets GET, HEAD and OPTIONS through).
// Another port of the same host is another origin, though the same site.
// A request without Origin is let through only when Sec-Fetch-Site is
// absent too (a client that is not a browser: curl, a script), and then
// csrf still wants its token.
func (s *Server) sameOrigin(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		if err := s.origins.Check(r); err != nil {
			return errCrossOrigin
		}
		unsafe := r.Method != http.MethodGet && r.Method != http.MethodHead && r.Method != http.MethodOptions
		if unsafe && r.Header.Get("Sec-Fetch-Site") != "" && r.Header.Get("Origin") == "" {
			return errCrossOrigin
		}
		return next(c)
	}
}

var errCrossOrigin = userErr(http.StatusForbidden, "This request came from another site and was refused: use the forms of this site's own pages.")

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

// maxFlash bounds the message a flash cookie carries, in bytes before
// escaping (at most three times as many after): a browser drops a cookie
// over 4 KiB, and a refused value echoed whole made a 100 KB Set-Cookie.
const maxFlash = 1000

// redirectFlash redirects with a one-time message shown on the next page,
// cut to maxFlash bytes (at a character boundary, ending "…").
func (s *Server) redirectFlash(c echo.Context, to, msg string) error {
	if len(msg) > maxFlash {
		cut := maxFlash - len("…")
		for cut > 0 && !utf8.RuneStart(msg[cut]) {
			cut--
		}
		msg = msg[:cut] + "…"
	}
	if msg != "" {
		s.cookie(c, cookieFlash, url.QueryEscape(msg), 60, http.SameSiteLaxMode)
	}
	return c.Redirect(http.StatusSeeOther, to)
}

// session resolves the session cookie to a user name.
func (s *Server) session(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if ck, err := c.Cookie(cookieSession); err == nil && ck.Value != "" {
			u, err := s.users.Session(c.Request().Context(), ck.Value)
			if err == nil {
				c.Set(ctxUser, u.Name)
				c.Set(ctxUserID, u.ID)
				c.Set(ctxRole, u.Role)
				// the audit log names the user of every write
				c.SetRequest(c.Request().WithContext(pencilbox.WithActor(c.Request().Context(), u.Name)))
				c.Set(ctxSession, ck.Value)
			} else if !errors.Is(err, pencilbox.ErrNoSession) {
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

// loginRetry is the Retry-After, in seconds, of a login refused because
// every password check slot was busy.
const loginRetry = 5

func (s *Server) login(c echo.Context) error {
	now := s.now()
	if !s.limiter.allow(clientAddr(c), now) {
		c.Response().Header().Set("Retry-After", "60")
		return userErr(http.StatusTooManyRequests, "Too many login attempts from your address: wait a minute and try again.")
	}
	ctx := c.Request().Context()
	name, password := c.FormValue("username"), c.FormValue("password")
	// The account's own limit (see limit.go): refused unchecked during a
	// pause, alike for every name and password, unless this browser has
	// logged in to the account before.
	device := s.knownDevice(c, name)
	ok, until := s.accounts.begin(name, device, now)
	if !ok {
		wait := max(until.Sub(now), time.Second)
		c.Response().Header().Set("Retry-After", strconv.Itoa(int((wait+time.Second-1)/time.Second)))
		return userErr(http.StatusTooManyRequests,
			"Too many failed logins to this user name: its logins are paused until %s. A browser that has logged in to it before can log in meanwhile.",
			until.UTC().Format("15:04:05 UTC"))
	}
	var id int64
	err := s.checks.run(ctx, func() (err error) {
		id, err = s.users.Check(ctx, name, password)
		return err
	})
	switch {
	case errors.Is(err, pencilbox.ErrBadLogin):
		s.accounts.end(name, device, false, s.now())
	case err == nil:
		s.accounts.end(name, device, true, s.now())
	default:
		s.accounts.abandon(name, s.now())
	}
	if errors.Is(err, errBusy) || errors.Is(err, context.Canceled) {
		c.Response().Header().Set("Retry-After", strconv.Itoa(loginRetry))
		return userErr(http.StatusServiceUnavailable, "The server is busy checking other logins: try again in %d seconds.", loginRetry)
	}
	if errors.Is(err, pencilbox.ErrBadLogin) {
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
	// the session's pages take their CSRF token from the session: the
	// login form's cookie has done its work
	s.cookie(c, cookieCSRF, "", -1, http.SameSiteStrictMode)
	if err := s.markKnown(c, name, device); err != nil {
		return err
	}
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
