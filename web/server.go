// Package web is pencilbox's admin site: server-rendered templ pages over
// the library (dashboard, library list, puzzle page with the step viewer,
// import, sets) and a read-only JSON API, behind a login.
//
// Security: server-side sessions in HttpOnly SameSite cookies; on every
// POST a same-origin check (Sec-Fetch-Site, Origin) and a CSRF token
// derived from the session (an HMAC under a key kept in the database);
// login attempts rate-limited per client address (the connection's, or
// a trusted proxy's X-Forwarded-For: see forwarded; an IPv6 client by its
// /64) and per account (limit.go), and password checks
// bounded in number at once; secure headers with a strict content security
// policy, an upload size limit, and an error handler that never shows
// internal errors.
package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/netip"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"

	"pencilbox"
	"pencilbox/engine"
	"pencilbox/export"
	"pencilbox/internal/stale"
	"pencilbox/library"
	"pencilbox/templates"
	"pencilbox/web/model"
)

// UploadPrefix begins the names of the upload copies in Config.UploadDir
// (then the server's process id: internal/stale).
const UploadPrefix = "pencilbox-upload-"

// Library is the puzzle store the pages read.
type Library interface {
	Stats(ctx context.Context) (model.Stats, error)
	// Puzzles lists one page of f, keyset-paginated on f.After.
	Puzzles(ctx context.Context, f model.Filter) (model.Page, error)
	// Puzzle returns one puzzle with its solution; pencilbox.ErrNotFound if absent.
	Puzzle(ctx context.Context, id int64) (model.Puzzle, error)
	SetTags(ctx context.Context, id int64, tags []string) error
	// Jobs lists the most recent import jobs, newest first.
	Jobs(ctx context.Context, n int) ([]model.Job, error)
	// Job returns one import job with its kept errors; pencilbox.ErrNotFound if absent.
	Job(ctx context.Context, id int64) (model.Job, error)
	// Missing returns the ids that name no stored puzzle.
	Missing(ctx context.Context, ids []int64) ([]int64, error)
	// PuzzleID is the id of the stored puzzle of kind with that
	// canonical form (the library stores each puzzle once, whichever of
	// its symmetric images came); ok is false when there is none.
	PuzzleID(ctx context.Context, kind, canonical string) (id int64, ok bool, err error)
	// Pick fills a recipe from the unused puzzles of f, picked with seed
	// (library.Pick): ids easy to hard, or a *library.ShortError.
	Pick(ctx context.Context, f model.Filter, r library.Recipe, seed uint64) ([]int64, error)
}

// SizedLibrary is a Library that knows which kinds hold boards of more
// than one size (StoreLibrary does): the library page offers its size filter
// when some kind does, or when the filter has a size.
type SizedLibrary interface {
	SizedKinds(ctx context.Context) ([]string, error)
}

// PendingLibrary is a Library that counts what a recipe on a scale left
// out because the rating queue has not rated it yet (StoreLibrary does):
// the recipe's message says it.
type PendingLibrary interface {
	RecipePending(ctx context.Context, f model.Filter, r library.Recipe) (n int, key string, err error)
}

// ImportFunc runs one import to the end, reporting progress as it goes.
// Its job's Errors hold the bad records with their line numbers.
type ImportFunc func(ctx context.Context, r io.Reader, opts model.ImportOptions, progress func(model.Job)) (model.Job, error)

// GenerateFunc runs one generation run to the end, storing its puzzles
// as an import and reporting that job's progress as it goes.
type GenerateFunc func(ctx context.Context, req model.GenerateRequest, progress func(model.Job)) (model.Job, error)

// Config wires the server.
type Config struct {
	Library Library
	// Users keeps the users, their sessions and the server's secrets
	// (db.UserStore implements it).
	Users pencilbox.UserStore
	// Sets keeps the sets (db.SetStore implements it).
	Sets pencilbox.SetStore
	// Audit reads the audit log (db.AuditStore over the reader pool, so
	// pages never queue behind a write).
	Audit pencilbox.AuditLog
	Kinds engine.Registry
	// Second are the kinds' second raters: the step viewer offers their
	// step logs beside the ladder's (and shows them first).
	Second engine.SecondRaters
	Views  templates.Views
	// Exports are the kinds' export sides: the formats the export
	// buttons offer.
	Exports export.Kinds
	Formats []string // import format names for the form
	Import  ImportFunc
	// Generate, when set, offers the Generate page to editors.
	Generate GenerateFunc
	// Queue, when set, is the background rating queue: the dashboard and
	// the queue's page (/queue) show it, editors cancel and resume it.
	Queue RatingQueue
	// Export is the library the export buttons read (nil hides them).
	Export pencilbox.ExportStore
	// Faults explains the store's errors (a full disk, a damaged file)
	// in words naming the library's file, and checks the file at start
	// (nil: no error is explained, none is checked).
	Faults pencilbox.Faults
	// MaxUpload bounds a request body (default 64 MiB).
	MaxUpload int64
	// MaxSetAdd bounds the puzzles one "add to set" takes, ticked or a
	// whole filter (default DefaultMaxSetAdd).
	MaxSetAdd int
	// UploadDir holds the copies of uploads while they import (default
	// os.TempDir()). New removes the ones a killed server left there.
	UploadDir string
	// SessionTTL is how long a login lasts (default 7 days).
	SessionTTL time.Duration
	// LoginRate is how many login attempts one address may make per
	// minute (default 10); an IPv6 address is counted by its /64.
	LoginRate int
	// AccountFree is how many failed logins in a row an account allows
	// before its logins are paused (default DefaultAccountFree); the
	// pause is AccountPause (default DefaultAccountPause), doubled at
	// each further failure up to AccountPauseMax (default
	// DefaultAccountPauseMax). See limit.go.
	AccountFree     int
	AccountPause    time.Duration
	AccountPauseMax time.Duration
	// LoginChecks bounds the password checks that run at once, whoever
	// asks: each holds db.PasswordCheckMemory (default: GOMAXPROCS, the
	// cores the checks share anyway).
	LoginChecks int
	// LoginWait is how long a login waits for a free check before it is
	// answered 503 with Retry-After (default 3 s).
	LoginWait time.Duration
	// BookletPuzzles bounds the puzzles of the PDF booklets made at once
	// (default DefaultBookletPuzzles), ExportsAtOnce the exports written
	// at once (DefaultExports), SetReads the set pages read at once
	// (DefaultSetReads); a request past its bound waits up to HeavyWait
	// (DefaultHeavyWait), else it is answered 503 with Retry-After
	// saying what the server is busy with (heavy.go).
	BookletPuzzles int
	ExportsAtOnce  int
	SetReads       int
	HeavyWait      time.Duration
	// TrustedProxies are the reverse proxies whose X-Forwarded-For and
	// X-Forwarded-Proto are believed (see forwarded); none by default.
	TrustedProxies []netip.Prefix
	// HSTS sends Strict-Transport-Security on https requests, including
	// those a trusted proxy forwarded as https.
	HSTS bool
	// CheckAtStart runs SQLite's quick_check of Export in the background
	// when the server starts: a damaged library is then said on every
	// page from the first, not only once a page reads the damaged part.
	CheckAtStart bool
	// Backups, when set, reports the last scheduled backup: a failed one
	// is shown on every page of the admins.
	Backups *BackupLog
	// SearchBudget is how long the queries of one list page, API page
	// or search may run (default DefaultSearchBudget).
	SearchBudget time.Duration
	// CountBudget is how long a list page (or API page) may spend to
	// count its matches exactly (default DefaultCountBudget); past it,
	// it says "more than N" with a link that counts with half the
	// search budget.
	CountBudget time.Duration
	// MaxJobs bounds the background jobs (imports, generator runs) running
	// at once, MaxJobsPerUser those of one user (defaults DefaultMaxJobs,
	// DefaultMaxJobsPerUser): one more is refused with the cap named.
	MaxJobs, MaxJobsPerUser int
	// GenerateLimit is how long a generator run may take before it is
	// stopped, keeping what it made (default DefaultGenerateLimit).
	GenerateLimit time.Duration
	// MaxConns and MaxConnsPerAddr cap the connections Listener lets in,
	// in all and from one client address (defaults DefaultMaxConns,
	// DefaultMaxConnsPerAddr).
	MaxConns, MaxConnsPerAddr int
	// The timeouts of HTTPServer (defaults DefaultReadHeaderTimeout and
	// the others): WriteTimeout is per write, moved on as the answer goes
	// out; ReadTimeout bounds a whole request, but a logged-in body is
	// given MinBodyRate on top.
	ReadHeaderTimeout, ReadTimeout, WriteTimeout, IdleTimeout time.Duration
	// RecipeBudget is how long filling one recipe may take (default
	// library.DefaultRecipeBudget): past it nothing is built and the
	// form says so.
	RecipeBudget time.Duration
	Log          *log.Logger
}

// Server is the admin site.
type Server struct {
	cfg     Config
	e       *echo.Echo
	users   pencilbox.UserStore
	sets    pencilbox.SetStore
	audit   pencilbox.AuditLog
	jobs    *jobTracker
	limiter *loginLimiter
	// accounts limits the failed logins of each account (limit.go)
	accounts *accountLimiter
	// now is the clock of the login limits and of a list page's time
	// (tests step it, or stop it)
	now    func() time.Time
	checks *checkGate
	// heavy bounds the booklets, exports and set pages served at once
	heavy   heavyGates
	origins *http.CrossOriginProtection
	steps   *stepCache
	assets  staticAssets
	// voc is what the kinds declare: the scale and verdict keys the
	// filters read, the names the pages show.
	voc pencilbox.Vocabulary
	// damaged is the sentence about the library's damaged file, once a
	// read or write found it so: every page shows it until a restart
	// (restore needs the server stopped).
	damaged atomic.Pointer[string]
	// faults is Config.Faults, or noFaults.
	faults pencilbox.Faults
	// key derives the CSRF tokens (csrfKey reads it once).
	keyMu sync.Mutex
	key   []byte
	// ctx ends the background jobs on Close, its cause saying so.
	ctx    context.Context
	cancel context.CancelCauseFunc
}

// New builds the server and its routes.
func New(cfg Config) *Server {
	if cfg.MaxUpload <= 0 {
		cfg.MaxUpload = 64 << 20
	}
	if cfg.MaxSetAdd <= 0 {
		cfg.MaxSetAdd = DefaultMaxSetAdd
	}
	if cfg.SessionTTL <= 0 {
		cfg.SessionTTL = 7 * 24 * time.Hour
	}
	if cfg.LoginRate <= 0 {
		cfg.LoginRate = 10
	}
	if cfg.AccountFree <= 0 {
		cfg.AccountFree = DefaultAccountFree
	}
	if cfg.AccountPause <= 0 {
		cfg.AccountPause = DefaultAccountPause
	}
	if cfg.AccountPauseMax <= 0 {
		cfg.AccountPauseMax = DefaultAccountPauseMax
	}
	if cfg.LoginChecks <= 0 {
		cfg.LoginChecks = runtime.GOMAXPROCS(0)
	}
	if cfg.LoginWait <= 0 {
		cfg.LoginWait = 3 * time.Second
	}
	if cfg.BookletPuzzles <= 0 {
		cfg.BookletPuzzles = DefaultBookletPuzzles
	}
	if cfg.ExportsAtOnce <= 0 {
		cfg.ExportsAtOnce = DefaultExports
	}
	if cfg.SetReads <= 0 {
		cfg.SetReads = DefaultSetReads
	}
	if cfg.HeavyWait <= 0 {
		cfg.HeavyWait = DefaultHeavyWait
	}
	if cfg.SearchBudget <= 0 {
		cfg.SearchBudget = DefaultSearchBudget
	}
	if cfg.CountBudget <= 0 {
		cfg.CountBudget = DefaultCountBudget
	}
	if cfg.MaxJobs <= 0 {
		cfg.MaxJobs = DefaultMaxJobs
	}
	if cfg.MaxJobsPerUser <= 0 {
		cfg.MaxJobsPerUser = DefaultMaxJobsPerUser
	}
	if cfg.GenerateLimit <= 0 {
		cfg.GenerateLimit = DefaultGenerateLimit
	}
	if cfg.RecipeBudget <= 0 {
		cfg.RecipeBudget = library.DefaultRecipeBudget
	}
	if cfg.Log == nil {
		cfg.Log = log.New(io.Discard, "", 0)
	}
	for _, d := range []struct {
		v   *int
		def int
	}{{&cfg.MaxConns, DefaultMaxConns}, {&cfg.MaxConnsPerAddr, DefaultMaxConnsPerAddr}} {
		if *d.v <= 0 {
			*d.v = d.def
		}
	}
	for _, d := range []struct {
		v   *time.Duration
		def time.Duration
	}{{&cfg.ReadHeaderTimeout, DefaultReadHeaderTimeout}, {&cfg.ReadTimeout, DefaultReadTimeout},
		{&cfg.WriteTimeout, DefaultWriteTimeout}, {&cfg.IdleTimeout, DefaultIdleTimeout}} {
		if *d.v <= 0 {
			*d.v = d.def
		}
	}
	if cfg.Views == nil {
		cfg.Views = templates.Views{}
	}
	if cfg.UploadDir == "" {
		cfg.UploadDir = os.TempDir()
	}
	// A server killed mid-import (kill -9) leaves its upload copies:
	// remove those whose server is gone, or an hour old.
	if gone, err := stale.Clean(cfg.UploadDir, UploadPrefix, "", time.Now()); err != nil {
		cfg.Log.Printf("cleaning old uploads: %v", err)
	} else if len(gone) > 0 {
		cfg.Log.Printf("removed %d upload copies left by a server that stopped: %s", len(gone), strings.Join(gone, ", "))
	}
	// Servers before readMultipart let Go's mime/multipart read uploads:
	// its multipart-* files in the temporary folder name no process, and
	// one parsed on a request copy was never removed. Those an hour old go
	// (an upload in progress keeps its file's time new).
	if gone, err := stale.Clean(os.TempDir(), multipartPrefix, "", time.Now()); err != nil {
		cfg.Log.Printf("cleaning old multipart files: %v", err)
	} else if len(gone) > 0 {
		cfg.Log.Printf("removed %d multipart upload files over an hour old: %s", len(gone), strings.Join(gone, ", "))
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	s := &Server{
		voc:      pencilbox.NewVocabulary(cfg.Kinds, cfg.Second),
		ctx:      ctx,
		cancel:   cancel,
		cfg:      cfg,
		assets:   loadStatic(),
		e:        echo.New(),
		users:    cfg.Users,
		sets:     cfg.Sets,
		audit:    cfg.Audit,
		limiter:  newLoginLimiter(cfg.LoginRate, time.Minute),
		accounts: newAccountLimiter(cfg.AccountFree, cfg.AccountPause, cfg.AccountPauseMax),
		now:      time.Now,
		checks:   newCheckGate(cfg.LoginChecks, cfg.LoginWait),
		heavy:    newHeavyGates(cfg),
		origins:  http.NewCrossOriginProtection(),
		steps:    newStepCache(256),
		faults:   cfg.Faults,
	}
	if s.faults == nil {
		s.faults = noFaults{}
	}
	s.jobs = newJobTracker(cfg.MaxJobs, cfg.MaxJobsPerUser, cfg.Log.Printf, s.faults.Explain)
	s.e.HideBanner, s.e.HidePort = true, true
	s.e.HTTPErrorHandler = s.handleError
	s.routes()
	if cfg.CheckAtStart && cfg.Faults != nil {
		go s.checkLibrary()
	}
	return s
}

// Handler returns the http.Handler of the site. A HEAD request is
// answered as its GET (the routes, roles and headers of the GET, with the
// body's length) without the body: net/http drops what the handler writes
// to a HEAD, since the request it holds is still the HEAD. Echo routes
// HEAD only where a route names it, so every HEAD was a 404.
func (s *Server) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodHead {
			get := *r
			get.Method = http.MethodGet
			r = &get
		}
		s.e.ServeHTTP(w, r)
	})
}

// Close stops the running jobs (what they committed stays; their jobs
// say they were interrupted) and waits for them to end.
func (s *Server) Close() {
	s.cancel(&pencilbox.JobStop{State: pencilbox.JobInterrupted,
		Reason: "The server was stopped while the job ran. What it stored is kept; running it again completes it."})
	s.jobs.wait()
}

func (s *Server) routes() {
	e := s.e
	// The session and the origin are known before the body is read: a
	// request without a session may send only a small body, and one from
	// another site is refused unread.
	e.Use(s.deadlines, s.recoverer, s.forwarded, s.secureHeaders, s.session, s.sameOrigin, s.bodyLimit, s.csrf)
	e.GET("/static/*", s.static)
	e.GET("/login", s.loginPage)
	e.POST("/login", s.login)
	e.POST("/logout", s.logout)

	g := e.Group("", s.requireUser, s.requireRole)
	g.GET("/", s.dashboard)
	g.GET("/puzzles", s.library)
	g.GET("/puzzles/:id", s.puzzle)
	g.POST("/puzzles/:id/tags", s.setTags)
	g.GET("/export", s.exportList)
	g.GET("/booklet", s.bookletList)
	g.GET("/import", s.importForm)
	g.POST("/import", s.importPost)
	g.GET("/import/:id", s.jobPage)
	g.POST("/import/:id/cancel", s.cancelJob)
	g.GET("/queue", s.queuePage)
	g.POST("/queue/cancel", s.queueCancel)
	g.POST("/queue/resume", s.queueResume)
	g.GET("/generate", s.generateForm)
	g.POST("/generate", s.generatePost)
	g.GET("/sets", s.setsPage)
	g.POST("/sets", s.createSet)
	g.POST("/sets/add", s.addToSet)
	g.POST("/sets/build", s.buildSet)
	g.GET("/sets/:id", s.setPage)
	g.POST("/sets/:id/edit", s.editSet)
	g.POST("/sets/:id/move", s.moveInSet)
	g.POST("/sets/:id/remove", s.removeFromSet)
	g.POST("/sets/:id/sort", s.sortSet)
	g.POST("/sets/:id/undo", s.undoSet)
	g.POST("/sets/:id/publish", s.publishSet)
	g.POST("/sets/:id/reopen", s.reopenSet)
	g.POST("/sets/:id/delete", s.deleteSet)
	g.GET("/sets/:id/export", s.exportSet)
	g.GET("/sets/:id/booklet", s.bookletSet)

	g.GET("/audit", s.auditPage)
	g.GET("/users", s.usersPage)
	g.POST("/users", s.addUser)
	g.POST("/users/:name/role", s.setRole)
	g.POST("/users/:name/password", s.resetPassword)
	g.POST("/users/:name/disable", s.disableUser)
	g.POST("/users/:name/enable", s.enableUser)
	g.POST("/users/:name/delete", s.deleteUser)
	g.GET("/account", s.accountPage)
	g.POST("/account/password", s.changePassword)
	g.POST("/account/logout-all", s.logoutEverywhere)

	a := e.Group("/api", s.requireUser, s.requireRole)
	a.GET("/puzzles", s.apiPuzzles)
	a.GET("/puzzles/:id", s.apiPuzzle)
	a.GET("/sets", s.apiSets)
	a.GET("/sets/:id", s.apiSet)
	a.GET("/jobs/:id", s.apiJob)
	a.GET("/queue", s.queuePage)
	a.POST("/jobs/:id/cancel", s.cancelJob)
}

// publicError is an error whose message may be shown to the user.
type publicError struct {
	code  int
	msg   string
	field string // the form field at fault ("" = none), marked on the page
}

func (e *publicError) Error() string { return e.msg }

func userErr(code int, format string, args ...any) error {
	return &publicError{code: code, msg: fmt.Sprintf(format, args...)}
}

// fieldErr is a 400 for the value of one form field: the page that shows
// it marks that field.
func fieldErr(field, format string, args ...any) error {
	return &publicError{code: http.StatusBadRequest, msg: fmt.Sprintf(format, args...), field: field}
}

// handleError answers every error: a public message for errors the
// handlers made for users, the bare status text for echo's own HTTP errors,
// and "internal error" (logged, never shown) for anything else.
func (s *Server) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	if errors.Is(err, context.Canceled) && c.Request().Context().Err() != nil {
		// The client left and its request's queries were interrupted:
		// no one to answer, nothing wrong to log.
		return
	}
	code, msg := http.StatusInternalServerError, "Something went wrong on the server; the error was logged."
	var pe *publicError
	var he *echo.HTTPError
	switch {
	case errors.As(err, &pe):
		code, msg = pe.code, pe.msg
	case errors.As(err, &he):
		code = he.Code
		msg = http.StatusText(code)
		if code == http.StatusRequestEntityTooLarge {
			msg = fmt.Sprintf("The upload is too large: the limit is %d MiB (pencilbox serve --max-upload).", s.cfg.MaxUpload>>20)
		}
	case errors.Is(err, pencilbox.ErrNotFound), errors.Is(err, pencilbox.ErrNoSet):
		code, msg = http.StatusNotFound, "Not found."
	case errors.Is(err, pencilbox.ErrSetLocked):
		code, msg = http.StatusConflict, sentence(err)+" (Reopen on the set's page)."
	default:
		s.cfg.Log.Printf("%s %s: %v", c.Request().Method, c.Request().URL.Path, err)
		// a full disk or a damaged database is the admin's to act on:
		// say which, and what to do (the log has SQLite's words)
		if m, ok := s.faults.Explain(err); ok {
			msg = m
			switch s.faults.Fault(err) {
			case pencilbox.FaultDiskFull:
				code = http.StatusInsufficientStorage
			case pencilbox.FaultDamaged:
				// every page says so from now on (see fault)
				s.damaged.Store(&m)
			}
		}
	}
	if isAPI(c) {
		_ = c.JSON(code, map[string]string{"error": msg})
		return
	}
	c.Response().Header().Set(echo.HeaderContentType, echo.MIMETextHTMLCharsetUTF8)
	c.Response().WriteHeader(code)
	_ = templates.ErrorPage(s.chrome(c, http.StatusText(code), ""), code, msg).Render(c.Request().Context(), c.Response())
}

// noFaults is the Faults of a server wired without any: no error is
// the store's to explain.
type noFaults struct{}

func (noFaults) Fault(error) pencilbox.FaultCode       { return pencilbox.FaultNone }
func (noFaults) Explain(error) (string, bool)          { return "", false }
func (noFaults) QuickCheckAside(context.Context) error { return nil }

func isAPI(c echo.Context) bool {
	p := c.Request().URL.Path
	return len(p) >= 4 && p[:4] == "/api"
}

func (s *Server) recoverer(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) (err error) {
		defer func() {
			if r := recover(); r != nil {
				if r == http.ErrAbortHandler {
					panic(r)
				}
				err = fmt.Errorf("panic: %v", r)
			}
		}()
		return next(c)
	}
}

// csp allows only this site's own files: no inline script or style.
const csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"form-action 'self'; frame-ancestors 'none'; base-uri 'none'; connect-src 'self'"

func (s *Server) secureHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		h := c.Response().Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "same-origin")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		if !strings.HasPrefix(c.Request().URL.Path, "/static/") {
			// pages, the API and downloads carry what a user may see:
			// no browser or proxy keeps them (a shared computer's Back
			// button, a proxy's cache); the static handler sets its own
			// (hashed files for a year)
			h.Set("Cache-Control", "no-store")
		}
		if isHTTPS(c) && (s.cfg.HSTS || c.Request().TLS != nil) {
			h.Set("Strict-Transport-Security", "max-age=31536000")
		}
		return next(c)
	}
}

// bodyLimit refuses bodies over MaxUpload (maxAnonBody without a session)
// with a clear message; the body is also wrapped so a body without
// Content-Length stops at the limit. The form of a state-changing request
// is read here, once, with its error answered: FormValue drops the error,
// so a pasted text over the limit sent chunked would reach a handler as an
// empty form ("Choose a file") and a form of more than 10,000 fields as a
// form without them. It is read only once the request is let through by
// the checks that need no body: a route behind the login runs the group's
// requireUser and requireRole first (a viewer's upload to an editor's
// route is refused unread), a path no route has is a 404 unread, and a
// multipart body's files are written to disk only after its CSRF token
// (readMultipart). Files no handler took are removed when the handler
// returns.
func (s *Server) bodyLimit(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		limit, tooBig := s.cfg.MaxUpload, error(echo.NewHTTPError(http.StatusRequestEntityTooLarge))
		if sess, _ := c.Get(ctxSession).(string); sess == "" {
			limit = maxAnonBody
			tooBig = userErr(http.StatusRequestEntityTooLarge, "Without a login a request may carry at most %d KiB: log in first.", maxAnonBody>>10)
		}
		if r.ContentLength > limit {
			if limit == s.cfg.MaxUpload && r.Method == http.MethodPost && c.Path() == "/import" &&
				strings.HasPrefix(r.Header.Get(echo.HeaderContentType), echo.MIMEMultipartForm) {
				return s.importTooLarge(c)
			}
			return tooBig
		}
		r.Body = http.MaxBytesReader(c.Response(), r.Body, limit)
		m := r.Method
		if m == http.MethodGet || m == http.MethodHead || m == http.MethodOptions {
			return next(c)
		}
		switch route := m + " " + c.Path(); {
		case takesBody(route):
		case notFoundRoute(c.Path()):
			return echo.ErrNotFound
		case c.Get(echo.ContextKeyHeaderAllow) != nil:
			// a path routed for other methods: its 405 needs no body
			leaveBody(r)
			return next(c)
		default:
			if ok, err := s.gate(c); !ok {
				return err
			}
		}
		if c.Get(ctxUser) != nil {
			// a curator's upload on a slow line: time for its length, or
			// for the limit when sent without one
			n := r.ContentLength
			if n < 0 {
				n = limit
			}
			s.bodyTime(c, n)
		}
		var err error
		multi := strings.HasPrefix(r.Header.Get(echo.HeaderContentType), echo.MIMEMultipartForm)
		if multi {
			var want string
			if want, err = s.wantToken(c); err != nil {
				return err
			}
			var files []*formFile
			files, err = s.readMultipart(c, want)
			defer removeFiles(files)
			c.Set(ctxFiles, files)
		} else {
			err = r.ParseForm()
		}
		switch {
		case tooLarge(err):
			return tooBig
		case tooManyFields(err):
			return userErr(http.StatusBadRequest, "The form has too many fields: at most %d (each ticked puzzle is one). Tick fewer puzzles at a time, or add a filter's puzzles instead.", maxFormFields)
		case timedOut(err):
			return errSlowBody
		case multi && err != nil:
			return err
		}
		// other malformed urlencoded parts (a bad escape) are left out of
		// the form, as FormValue does
		return next(c)
	}
}

// maxFormFields is net/url's bound on the fields of one form.
const maxFormFields = 10000

// tooManyFields reports whether err is net/url's refusal of a form with
// more than maxFormFields fields (it has no error value of its own).
func tooManyFields(err error) bool {
	return err != nil && strings.Contains(err.Error(), "number of URL query parameters exceeded limit")
}

// pageBuffers hold pages while they render (a library list is ~80 KB).
var pageBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// render writes a templ component as the page. It renders into a buffer
// first: the page leaves in one write with its length (written as it
// rendered, a list page took twenty system calls), and a component that
// fails midway gives an error page, not half a page.
func render(c echo.Context, code int, comp interface {
	Render(ctx context.Context, w io.Writer) error
}) error {
	buf := pageBuffers.Get().(*bytes.Buffer)
	buf.Reset()
	defer pageBuffers.Put(buf)
	if err := comp.Render(c.Request().Context(), buf); err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, echo.MIMETextHTMLCharsetUTF8)
	h.Set(echo.HeaderContentLength, strconv.Itoa(buf.Len()))
	c.Response().WriteHeader(code)
	_, err := c.Response().Write(buf.Bytes())
	return err
}

func (s *Server) chrome(c echo.Context, title, nav string) templates.Chrome {
	user, _ := c.Get(ctxUser).(string)
	token, _ := c.Get(ctxCSRF).(string)
	return templates.Chrome{Title: title, User: user, Role: string(role(c)), CSRF: token, Nav: nav, Flash: flash(c), Fault: s.fault(c), Static: s.assets.version}
}
