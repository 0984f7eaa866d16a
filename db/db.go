// Package db stores the puzzle library in SQLite (modernc.org/sqlite, no
// cgo): one writer connection (IMMEDIATE transactions) and a pool of
// readers over a WAL database. Migrations are embedded and run with goose
// on Open, so opening an older database upgrades it.
package db

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"time"

	"github.com/pressly/goose/v3"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Migrations is every migration (library 00001-00099, web admin 00100-).
func Migrations() fs.FS {
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		panic(err)
	}
	return sub
}

// DefaultFile is the database used when neither --db nor PENCILBOX_DB says.
const DefaultFile = "pencilbox.db"

// EnvVar names the environment variable that overrides DefaultFile.
const EnvVar = "PENCILBOX_DB"

// DefaultPath is the database path when no --db flag is given:
// $PENCILBOX_DB, else ./pencilbox.db.
func DefaultPath(getenv func(string) string) string {
	if getenv != nil {
		if p := getenv(EnvVar); p != "" {
			return p
		}
	}
	return DefaultFile
}

// DB is an open library database.
type DB struct {
	W    *sql.DB // the single writer (IMMEDIATE transactions)
	R    *sql.DB // readers
	Path string

	known *sql.Stmt // Known's lookup, prepared once on the readers
	plans planCache // recent filters' plans and counts
	stmts stmtCache // the readers' statements, by text
	lim   limits    // the planner's and the bulk read's thresholds

	checks atomic.Int64 // quick_checks that read the file (QuickCheck, QuickCheckAside)
}

const pragmas = "_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(1)"

// cachePragma: a 32 MiB page cache per connection. scanCachePragma: 4 MiB
// for the readers of a command that reads the library once through
// (ScanReads), where a page is seldom read twice: a csv export of 10^6
// puzzles filled three 32 MiB caches for nothing (peak memory with and
// without: docs/BENCHMARKS.md, Export).
const (
	cachePragma     = "&_pragma=cache_size(-32768)"
	scanCachePragma = "&_pragma=cache_size(-4096)"
)

// readerPragmas make the readers read-only.
const readerPragmas = "&_pragma=query_only(1)"

// mmapPragma: reads through mmap (up to 2 GiB) keep the list pages of a
// large library off the read() system call (the server asks for it with
// MapReads). Commands that read the whole library once (export, check)
// do without: every mapped page counts in their resident memory, many
// times what an export needs (docs/BENCHMARKS.md, Export).
const mmapPragma = "&_pragma=mmap_size(2147483648)"

// Option tunes Open.
type Option func(*options)

type options struct{ mmap, scan bool }

// MapReads makes the readers read through mmap: for a long-running
// server answering many small reads.
func MapReads() Option { return func(o *options) { o.mmap = true } }

// ScanReads gives the readers small page caches: for a command that reads
// most of the library once (export, check).
func ScanReads() Option { return func(o *options) { o.scan = true } }

// writerPragmas tune the single writer: statement journals (every insert
// with a foreign key opens one) stay in memory instead of spilling to a
// temporary file that each later statement of the batch writes through
// with syscalls, and a larger page cache keeps the indexes an import
// updates at random (kind, canonical) in memory.
const writerPragmas = "&_pragma=temp_store(MEMORY)"

func dsn(path string, readonly bool, o options) string {
	u := url.URL{Path: path}
	q := pragmas + cachePragma + writerPragmas + "&_txlock=immediate"
	if readonly {
		q = pragmas + readerPragmas
		if o.scan {
			q += scanCachePragma
		} else {
			q += cachePragma
		}
		if o.mmap {
			q += mmapPragma
		}
	}
	return "file:" + u.EscapedPath() + "?" + q
}

// Open opens (creating if needed) and upgrades the database at path.
func Open(path string, opts ...Option) (*DB, error) {
	return OpenContext(context.Background(), path, opts...)
}

// OpenContext is Open with a context for the migrations.
func OpenContext(ctx context.Context, path string, opts ...Option) (*DB, error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	if path == "" {
		path = DefaultFile
	}
	if dir := filepath.Dir(path); dir != "." {
		if _, err := os.Stat(dir); err != nil {
			return nil, fmt.Errorf("open database %s: %w", path, err)
		}
	}
	w, err := sql.Open("sqlite", dsn(path, false, o))
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	// The first connection to a new file switches it to WAL, which takes
	// the file's exclusive lock; SQLite answers SQLITE_BUSY at once, without
	// waiting busy_timeout, to one of two programs doing so together.
	if err := retryBusy(ctx, func() error { return w.PingContext(ctx) }); err != nil {
		w.Close()
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	if err := Migrate(ctx, w); err != nil {
		w.Close()
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	r, err := sql.Open("sqlite", dsn(path, true, o))
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	n := max(4, runtime.NumCPU())
	r.SetMaxOpenConns(n)
	r.SetMaxIdleConns(n)
	var known *sql.Stmt
	err = retryBusy(ctx, func() (err error) {
		known, err = r.PrepareContext(ctx, `SELECT status, solution FROM puzzles WHERE kind = ? AND canonical = ?`)
		return err
	})
	if err != nil {
		r.Close()
		w.Close()
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	return &DB{W: w, R: r, Path: path, known: known, lim: defaultLimits()}, nil
}

// busyWait bounds how long Open retries a step SQLite refused as busy
// without waiting (busy_timeout covers the other cases).
const busyWait = 10 * time.Second

// retryBusy runs f until it returns something other than SQLITE_BUSY, for
// at most busyWait.
func retryBusy(ctx context.Context, f func() error) error {
	deadline := time.Now().Add(busyWait)
	for pause := 5 * time.Millisecond; ; pause = min(2*pause, 200*time.Millisecond) {
		err := f()
		var se *sqlite.Error
		if err == nil || !errors.As(err, &se) || se.Code()&0xff != sqlite3.SQLITE_BUSY || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(pause):
		}
	}
}

// Migrate brings the database of w up to the newest migration.
func Migrate(ctx context.Context, w *sql.DB) error {
	p, err := newProvider(w)
	if err != nil {
		return err
	}
	// Two processes opening a new or older database at once both see the
	// same pending migrations; the one that loses the write lock fails on
	// "already exists" after the winner committed. Every migration runs in
	// its own transaction, so the loser's attempt left nothing behind: look
	// again, and try again while migrations are still pending.

	for attempt := 1; attempt <= 5; attempt++ {
		if _, err = p.Up(ctx); err == nil {
			return nil
		}
		if pending, perr := p.HasPending(ctx); perr == nil && !pending {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("migrate: %w", ctx.Err())
		case <-time.After(time.Duration(attempt) * 50 * time.Millisecond):
		}
	}
	return fmt.Errorf("migrate: %w", err)
}

func newProvider(w *sql.DB) (*goose.Provider, error) {
	p, err := goose.NewProvider(goose.DialectSQLite3, w, Migrations(),
		// The web admin numbers its migrations from 00100: a later library
		// migration (00003...) must still apply to a database at 00100.
		goose.WithAllowOutofOrder(true))
	if err != nil {
		return nil, fmt.Errorf("migrations: %w", err)
	}
	return p, nil
}

// MigrateTo applies the migrations up to version only (tests build older
// databases with it).
func MigrateTo(ctx context.Context, w *sql.DB, version int64) error {
	p, err := newProvider(w)
	if err != nil {
		return err
	}
	_, err = p.UpTo(ctx, version)
	return err
}

// Version is the database's schema version.
func (d *DB) Version(ctx context.Context) (int64, error) {
	p, err := newProvider(d.W)
	if err != nil {
		return 0, err
	}
	return p.GetDBVersion(ctx)
}

// Close closes both pools.
func (d *DB) Close() error {
	return errors.Join(d.known.Close(), d.stmts.close(), d.R.Close(), d.W.Close())
}

// IntegrityCheck runs PRAGMA integrity_check and returns its verdict ("ok").
func (d *DB) IntegrityCheck(ctx context.Context) (string, error) {
	var s string
	err := d.W.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&s)
	return s, err
}
