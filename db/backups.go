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

	"pencilbox/internal/stale"
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

// BackupsAt lists the scheduled backups in dir, oldest first, split at
// now: past are those named for now or before; future those named for a
// later time, which a clock once ahead (or a file copied in) leaves. The
// schedule and pruning go by past alone: a future name counted as the
// newest backup put the next one off until then, and pruning, keeping
// the newest names, deleted each new backup as soon as it was written.
func BackupsAt(dir string, now time.Time) (past, future []ScheduledBackup, err error) {
	all, err := Backups(dir)
	if err != nil {
		return nil, nil, err
	}
	i, _ := slices.BinarySearchFunc(all, now, func(b ScheduledBackup, t time.Time) int {
		if b.Time.After(t) {
			return 1
		}
		return -1
	})
	return all[:i], all[i:], nil
}

// partialSuffix ends the name of a backup being written: the copy is made
// as ".NAME.PID-RANDOM.part" beside NAME (internal/stale) and renamed to
// NAME once complete (and, for a scheduled one, checked).
const partialSuffix = ".part"

// CleanPartials removes from dir the partial files of scheduled backups
// whose process is gone or that are an hour old (internal/stale): a backup
// killed with -9 leaves its copy under its partial name, and nothing else
// would ever remove it. Files of other names are never touched. It returns
// the paths removed.
func CleanPartials(dir string, now time.Time) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("clean partial backups: %w", err)
	}
	seen := map[string]bool{}
	var removed []string
	for _, e := range ents {
		name := e.Name()
		if !strings.HasPrefix(name, ".") || !strings.HasSuffix(name, partialSuffix) {
			continue
		}
		// ".pencilbox-20261123T030000Z.db.PID-RANDOM.part"
		i := strings.Index(name, backupSuffix+".")
		if i < 0 {
			continue
		}
		final := name[1 : i+len(backupSuffix)]
		if _, ok := backupTime(final); !ok || seen[final] {
			continue
		}
		seen[final] = true
		gone, err := stale.Clean(dir, "."+final+".", partialSuffix, now)
		if err != nil {
			return removed, fmt.Errorf("clean partial backups: %w", err)
		}
		removed = append(removed, gone...)
	}
	return removed, nil
}

// BackupInto writes a scheduled backup of the live database into dir,
// named for now: the copy is written under a partial name, checked with
// integrity_check (a copy that fails is deleted and the error says so) and
// only then given its name. It then deletes the oldest scheduled backups
// named for now or before beyond keep; one named for a later time is never
// counted nor deleted (BackupsAt). Partial files that killed backups left
// are removed first (CleanPartials). Files of other names in dir are never
// touched.
func (d *DB) BackupInto(ctx context.Context, dir string, now time.Time, keep int) (path string, pruned []string, err error) {
	path = filepath.Join(dir, BackupName(now))
	_, _ = CleanPartials(dir, now)
	if err := d.backup(ctx, path, false, true); err != nil {
		return "", nil, err
	}
	all, _, err := BackupsAt(dir, now)
	if err != nil {
		return path, nil, err
	}
	for len(all) > max(keep, 1) {
		if all[0].Path == path { // never the one just written
			break
		}
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
// is checked first (a damaged one is refused, nothing changed), its copy
// upgraded and its schema compared with the release's (a table, view,
// index or trigger more or different refuses it: ErrSchema), the restore
// recorded in the copy's audit log (ActionRestore, its actor from ctx),
// the library must not be open elsewhere, and the old file is kept aside as
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
	tmp, err := copyBeside(from, path)
	if err != nil {
		return "", fmt.Errorf("restore: %w", err)
	}
	if err := prepareRestored(ctx, tmp, path, from, aside); err != nil {
		removeDB(tmp)
		return "", err
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

// prepareRestored readies the copy tmp of the backup from before it takes
// path's name: opened as Open does (an older release's backup upgrades
// here), its schema must be the release's (CheckSchema: an extra trigger,
// view, table or index refuses the backup), and the restore is written in
// its audit log, so the library comes back with its row, or not at all.
func prepareRestored(ctx context.Context, tmp, path, from, aside string) error {
	d, err := OpenContext(ctx, tmp)
	if err != nil {
		return fmt.Errorf("restore: the backup %s does not open: %w", from, err)
	}
	defer d.Close()
	if err := CheckSchema(ctx, d.W); err != nil {
		return fmt.Errorf("restore: the backup %s: %w", from, err)
	}
	detail := fmt.Sprintf("library %s restored from %s; the previous library is kept as %s", path, from, aside)
	if aside == "" {
		detail = fmt.Sprintf("library %s restored from %s (there was no library there)", path, from)
	}
	if err := record(ctx, d.W, ActionRestore, 0, 0, nil, detail); err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	// closing the last connection checkpoints the -wal into the file and
	// removes it: the file renamed in is whole
	if err := d.Close(); err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	return nil
}

// removeDB removes a database file that was opened, with its -wal and -shm.
func removeDB(path string) {
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		os.Remove(p)
	}
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

// copyBeside copies the file from into a new file beside path and returns
// its name, ".BASE.restore.PID-RANDOM.part": made with O_EXCL under a
// random name, so a link or file planted at a name known in advance is
// never opened, truncated or written through. A restore killed with -9
// leaves it behind; the next restore to path removes it once its process
// is gone (internal/stale).
func copyBeside(from, path string) (tmp string, err error) {
	in, err := os.Open(from)
	if err != nil {
		return "", err
	}
	defer in.Close()
	dir, prefix := filepath.Dir(path), "."+filepath.Base(path)+".restore."
	// the copy is opened as a database before its rename: a kill then
	// leaves its -wal and -shm too
	for _, suffix := range []string{partialSuffix, partialSuffix + "-wal", partialSuffix + "-shm"} {
		_, _ = stale.Clean(dir, prefix, suffix, time.Now())
	}
	out, err := os.CreateTemp(dir, stale.Pattern(prefix, partialSuffix))
	if err != nil {
		return "", err
	}
	_, err = io.Copy(out, in)
	if err == nil {
		err = out.Chmod(0o644)
	}
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(out.Name())
		return "", err
	}
	return out.Name(), nil
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
