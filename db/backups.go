package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

// Scheduled backups are named pencilbox-YYYYMMDDTHHMMSSZ.db (UTC), so
// that they sort by time and pruning can tell them from anything else in
// the folder: only names of exactly this form are ever deleted.
const (
	backupPrefix = "pencilbox-"
	backupLayout = "20060102T150405Z"
	backupSuffix = ".db"
)

// BackupName is the file name of a scheduled backup made at t.
func BackupName(t time.Time) string {
	return backupPrefix + t.UTC().Format(backupLayout) + backupSuffix
}

// backupTime parses a scheduled backup's file name; ok is false for any
// other name.
func backupTime(name string) (t time.Time, ok bool) {
	s, found := strings.CutPrefix(name, backupPrefix)
	if !found {
		return t, false
	}
	if s, found = strings.CutSuffix(s, backupSuffix); !found || len(s) != len(backupLayout) {
		return t, false
	}
	t, err := time.Parse(backupLayout, s)
	return t, err == nil
}

// ScheduledBackup is one scheduled backup file.
type ScheduledBackup struct {
	Path string
	Time time.Time
}

// Backups lists the scheduled backups in dir, oldest first.
func Backups(dir string) ([]ScheduledBackup, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("list backups: %w", err)
	}
	var out []ScheduledBackup
	for _, e := range ents {
		if t, ok := backupTime(e.Name()); ok && e.Type().IsRegular() {
			out = append(out, ScheduledBackup{Path: filepath.Join(dir, e.Name()), Time: t})
		}
	}
	slices.SortFunc(out, func(a, b ScheduledBackup) int { return a.Time.Compare(b.Time) })
	return out, nil
}

// BackupInto writes a scheduled backup of the live database into dir,
// named for now, checks the copy with integrity_check (a copy that fails
// is deleted and the error says so), then deletes the oldest scheduled
// backups beyond keep. Files of other names in dir are never touched.
func (d *DB) BackupInto(ctx context.Context, dir string, now time.Time, keep int) (path string, pruned []string, err error) {
	path = filepath.Join(dir, BackupName(now))
	if err := d.Backup(ctx, path, false); err != nil {
		return "", nil, err
	}
	if err := VerifyBackup(ctx, path); err != nil {
		os.Remove(path)
		return "", nil, fmt.Errorf("backup %s failed its check and was deleted: %w", path, err)
	}
	all, err := Backups(dir)
	if err != nil {
		return path, nil, err
	}
	for len(all) > max(keep, 1) {
		if err := os.Remove(all[0].Path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return path, pruned, fmt.Errorf("prune old backups: %w", err)
		}
		pruned = append(pruned, all[0].Path)
		all = all[1:]
	}
	return path, pruned, nil
}

// VerifyBackup opens the file at path read-only, without writing beside it
// (SQLite's immutable mode: no -wal or -shm is made), and runs
// integrity_check. It returns an error wrapping ErrDamaged when SQLite
// finds it damaged or it is not a pencilbox library.
func VerifyBackup(ctx context.Context, path string) error {
	st, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("backup %s: %w", path, err)
	}
	if !st.Mode().IsRegular() {
		return fmt.Errorf("backup %s: not a file", path)
	}
	u := url.URL{Path: path}
	c, err := sql.Open("sqlite", "file:"+u.EscapedPath()+"?mode=ro&immutable=1")
	if err != nil {
		return fmt.Errorf("backup %s: %w", path, err)
	}
	defer c.Close()
	var verdict string
	if err := c.QueryRowContext(ctx, `PRAGMA integrity_check(1)`).Scan(&verdict); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("%s: %w: %v", path, ErrDamaged, err)
	}
	if verdict != "ok" {
		return fmt.Errorf("%s: %w: %s", path, ErrDamaged, verdict)
	}
	var n int
	if err := c.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('puzzles', 'goose_db_version')`).Scan(&n); err != nil || n != 2 {
		return fmt.Errorf("%s: %w: not a pencilbox library (no puzzles table)", path, ErrDamaged)
	}
	return nil
}

// ErrInUse reports a database another connection or program has open.
var ErrInUse = errors.New("the library is open in another program (stop pencilbox serve and any import first)")

// Restore replaces the library at path with the backup at from: the backup
// is checked first (a damaged one is refused, nothing changed), the
// library must not be open elsewhere, and the old file is kept aside as
// path.before-restore-TIME (with its -wal, if any, beside it under the
// same name) rather than deleted. The copy is written beside path and
// renamed, so path is always a whole file. It returns the aside name ("" if
// there was no library at path).
func Restore(ctx context.Context, path, from string, now time.Time) (aside string, err error) {
	if err := VerifyBackup(ctx, from); err != nil {
		return "", err
	}
	if _, err := os.Stat(path); err == nil {
		if err := exclusive(ctx, path); err != nil {
			return "", err
		}
		aside = path + ".before-restore-" + now.UTC().Format(backupLayout)
		if _, err := os.Stat(aside); err == nil {
			return "", fmt.Errorf("restore: %s: %w", aside, ErrExists)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return "", fmt.Errorf("restore: %w", err)
	}
	tmp := filepath.Join(filepath.Dir(path), fmt.Sprintf(".%s.restore.%d.part", filepath.Base(path), os.Getpid()))
	if err := copyFile(from, tmp); err != nil {
		os.Remove(tmp)
		return "", fmt.Errorf("restore: %w", err)
	}
	if aside != "" {
		if err := os.Rename(path, aside); err != nil {
			os.Remove(tmp)
			return "", fmt.Errorf("restore: keep the old library aside: %w", err)
		}
		if err := os.Rename(path+"-wal", aside+"-wal"); err != nil && !errors.Is(err, os.ErrNotExist) {
			os.Rename(aside, path)
			os.Remove(tmp)
			return "", fmt.Errorf("restore: keep the old library's -wal aside: %w", err)
		}
		os.Remove(path + "-shm")
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return aside, fmt.Errorf("restore: %w (the old library is %s)", err, aside)
	}
	syncDir(filepath.Dir(path))
	return aside, nil
}

// exclusive fails with ErrInUse when another connection has the database
// at path open: with locking_mode EXCLUSIVE, SQLite must take the
// write lock to read a WAL database without shared memory, which it
// cannot while another program holds the file. The WAL is checkpointed
// into the file on the way, when the file allows it.
func exclusive(ctx context.Context, path string) error {
	u := url.URL{Path: path}
	c, err := sql.Open("sqlite", "file:"+u.EscapedPath()+"?_pragma=busy_timeout(0)&_pragma=locking_mode(EXCLUSIVE)")
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	defer c.Close()
	c.SetMaxOpenConns(1)
	conn, err := c.Conn(ctx)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	defer conn.Close()
	_, err = conn.ExecContext(ctx, `BEGIN EXCLUSIVE; COMMIT`)
	if code := sqliteCode(err); code == 5 || code == 6 { // SQLITE_BUSY, SQLITE_LOCKED
		return fmt.Errorf("restore over %s: %w", path, ErrInUse)
	}
	// any other error (a damaged file) does not stop a restore
	_, _ = conn.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`)
	return nil
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func syncDir(dir string) {
	if f, err := os.Open(dir); err == nil {
		f.Sync()
		f.Close()
	}
}

// DiskFull reports whether err is a write that found the disk full
// (SQLite's SQLITE_FULL, or the system's ENOSPC on a plain file).
func DiskFull(err error) bool {
	return err != nil && (sqliteCode(err) == 13 || errors.Is(err, syscall.ENOSPC)) // 13: SQLITE_FULL
}
