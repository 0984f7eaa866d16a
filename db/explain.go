package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"modernc.org/sqlite"

	sqlite3 "modernc.org/sqlite/lib"
	"pencilbox"
)

// ErrDamaged reports a library database that SQLite finds malformed:
// QuickCheck's answer, and what Explain makes of SQLite's own errors.
var ErrDamaged = errors.New("the database is damaged")

// QuickCheck runs SQLite's quick_check (integrity_check without the
// index-to-table comparisons): the test that tells, before anything is
// written, a database that check and export would find damaged. It reads
// the whole file (its cost is in docs/RELIABILITY.md). It runs on the
// writer, as check's integrity_check does: on a reader that had read the
// text-search index before this process's writer changed it, SQLite's
// FTS5 check reports a checksum mismatch the file does not have. It
// returns nil or an error wrapping ErrDamaged with SQLite's first finding.
//
// The writer connection remembers a sound verdict with the file's
// data_version (in a temporary table of its own, so a new connection
// starts with none), and the next QuickCheck on it does not read the file
// again while no other connection has committed: this connection's own
// writes go through SQLite, which leaves a sound file sound. So a server
// taking upload after upload reads its library once, not before each
// upload with its writer held (seconds on 10^6 puzzles); a write by
// another process (a CLI import) makes the next check read it all again.
func (d *DB) QuickCheck(ctx context.Context) error {
	conn, err := d.W.Conn(ctx)
	if err != nil {
		return fmt.Errorf("check %s: %w", d.Path, err)
	}
	defer conn.Close()
	var version, sound int64
	if err := conn.QueryRowContext(ctx, `PRAGMA data_version`).Scan(&version); err != nil {
		return d.checkErr(err)
	}
	if err := conn.QueryRowContext(ctx, `SELECT version FROM temp.sound_at`).Scan(&sound); err == nil && sound == version {
		return nil
	}
	if err := d.quickCheck(ctx, conn); err != nil {
		return err
	}
	for _, q := range []string{
		`CREATE TEMP TABLE IF NOT EXISTS sound_at(version INTEGER NOT NULL)`,
		`DELETE FROM temp.sound_at`,
	} {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("check %s: %w", d.Path, err)
		}
	}
	if _, err := conn.ExecContext(ctx, `INSERT INTO temp.sound_at VALUES (?)`, version); err != nil {
		return fmt.Errorf("check %s: %w", d.Path, err)
	}
	return nil
}

// QuickCheckAside is QuickCheck on a read-only connection opened for it
// and closed after: the writer stays free meanwhile (a server checking its
// library as it starts must not hold its logins' writes for the length of
// the check: seconds on 10^6 puzzles), and a new connection has read no
// text-search index this process changed since.
func (d *DB) QuickCheckAside(ctx context.Context) error {
	c, err := sql.Open("sqlite", dsn(d.Path, true, options{scan: true}))
	if err != nil {
		return fmt.Errorf("check %s: %w", d.Path, err)
	}
	defer c.Close()
	return d.quickCheck(ctx, c)
}

func (d *DB) quickCheck(ctx context.Context, q Querier) error {
	d.checks.Add(1)
	var verdict string
	err := q.QueryRowContext(ctx, `PRAGMA quick_check(1)`).Scan(&verdict)
	switch {
	case err != nil:
		return d.checkErr(err)
	case verdict != "ok":
		return fmt.Errorf("%s: %w: %s", d.Path, ErrDamaged, verdict)
	}
	return nil
}

// checkErr is a check's failure: ErrDamaged when SQLite found the file
// malformed.
func (d *DB) checkErr(err error) error {
	if c := sqliteCode(err); c == sqlite3.SQLITE_CORRUPT || c == sqlite3.SQLITE_NOTADB {
		return fmt.Errorf("%s: %w: %v", d.Path, ErrDamaged, err)
	}
	return fmt.Errorf("check %s: %w", d.Path, err)
}

// sqliteCode is the primary SQLite result code in err's chain, or 0.
func sqliteCode(err error) int {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return 0
	}
	return se.Code() & 0xff
}

// Damaged reports whether err says the library's file is damaged
// (ErrDamaged, or SQLite's own finding).
func Damaged(err error) bool {
	if errors.Is(err, ErrDamaged) {
		return true
	}
	c := sqliteCode(err)
	return c == sqlite3.SQLITE_CORRUPT || c == sqlite3.SQLITE_NOTADB
}

// Explain turns an error of the library database at path into a sentence
// for the person using it, for the conditions they can act on: a full
// disk, a damaged or unreadable file, a read-only one. ok is false for any
// other error (which is the program's to log, not the user's to read).
func Explain(err error, path string) (msg string, ok bool) {
	if err == nil {
		return "", false
	}
	if errors.Is(err, ErrDamaged) {
		return damaged(path), true
	}
	switch sqliteCode(err) {
	case sqlite3.SQLITE_FULL:
		return fmt.Sprintf("The disk holding the library %s is full: free some space and try again. What was being written when it filled up was not stored.", path), true
	case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
		return damaged(path), true
	case sqlite3.SQLITE_READONLY:
		return fmt.Sprintf("The library %s cannot be written: the file or its folder is read-only.", path), true
	case sqlite3.SQLITE_IOERR:
		return fmt.Sprintf("The disk could not read or write the library %s (an input/output error): check the disk, then the library with 'pencilbox check --db %s'.", path, path), true
	case sqlite3.SQLITE_CANTOPEN:
		return fmt.Sprintf("The library %s cannot be opened: check that the file and its folder exist and may be read and written.", path), true
	}
	return "", false
}

func damaged(path string) string {
	return fmt.Sprintf("The library's database %[1]s is damaged (SQLite finds it malformed), so nothing more is written to it. "+
		"Restore it from a backup: stop pencilbox, run 'pencilbox restore --db %[1]s BACKUP' with your latest backup "+
		"(made by 'pencilbox backup' or serve --backup-dir; the damaged file is kept aside), then 'pencilbox check --db %[1]s'.", path)
}

var (
	_ pencilbox.SiteStore = (*DB)(nil)
	_ pencilbox.Faults    = (*DB)(nil)
)

// Fault classifies err for the site (pencilbox.Faults): a full disk
// (DiskFull: SQLite's or the system's), a damaged file, another fault
// Explain says in words, or none.
func (d *DB) Fault(err error) pencilbox.FaultCode {
	switch _, ok := Explain(err, d.Path); {
	case DiskFull(err):
		return pencilbox.FaultDiskFull
	case Damaged(err):
		return pencilbox.FaultDamaged
	case ok:
		return pencilbox.FaultStorage
	}
	return pencilbox.FaultNone
}

// CheckFilter is the package's CheckFilter (pencilbox.ExportStore).
func (d *DB) CheckFilter(f pencilbox.Filter) error { return CheckFilter(f) }

// Explain is the package's Explain for this library's file.
func (d *DB) Explain(err error) (msg string, ok bool) {
	return Explain(err, d.Path)
}
