package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"pencilbox/db"
	"pencilbox/web"
)

// backupPlan is serve's --backup-dir, --backup-every and --backup-keep.
type backupPlan struct {
	dir   string
	every time.Duration
	keep  int
}

// minBackupEvery bounds --backup-every from below: backups are named to
// the second, and one a minute is already far more than a library needs.
const minBackupEvery = time.Minute

// retryBackup is how soon a failed scheduled backup is tried again (at
// most --backup-every): a full disk freed in the morning should not wait a
// day for the next copy.
const retryBackup = 10 * time.Minute

// clock is the time the backup loop reads and waits on (tests step it).
type clock interface {
	Now() time.Time
	After(d time.Duration) <-chan time.Time
}

type realClock struct{}

func (realClock) Now() time.Time                         { return time.Now() }
func (realClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// check validates the plan and makes its folder.
func (p backupPlan) check() error {
	if p.dir == "" {
		return nil
	}
	if p.every < minBackupEvery {
		return fmt.Errorf("--backup-every %s: at least %s", p.every, minBackupEvery)
	}
	if p.keep < 1 {
		return fmt.Errorf("--backup-keep %d: at least 1", p.keep)
	}
	if err := os.MkdirAll(p.dir, 0o755); err != nil {
		return fmt.Errorf("--backup-dir: %w", err)
	}
	return nil
}

// runBackups writes a scheduled backup every p.every until ctx ends. The
// first is due p.every after the newest one already in the folder (at once
// if there is none or it is older), so a restarted server neither skips
// nor repeats one. The schedule goes by the clock: a file named for a
// later time than now (a clock once ahead, a file copied in) is not the
// newest backup; it is reported in the log and on the dashboard
// (rec.Future) and never pruned. Partial files a killed backup left are
// removed at start. Each result is logged: the file and its size, the
// pruned ones, or why it failed (a full disk in words).
func runBackups(ctx context.Context, store *db.DB, p backupPlan, clk clock, logf func(format string, args ...any), rec *web.BackupLog) {
	start := clk.Now()
	if gone, err := db.CleanPartials(p.dir, start); err != nil {
		logf("backups: %v", err)
	} else if len(gone) > 0 {
		logf("backups: removed %d partial file(s) that killed backups left: %s", len(gone), strings.Join(gone, ", "))
	}
	due := start
	var reported []string // the future names last logged
	future := func(now time.Time) ([]db.ScheduledBackup, error) {
		past, fut, err := db.BackupsAt(p.dir, now)
		if err != nil {
			logf("backups: %v", err)
			return past, err
		}
		var names []string
		for _, b := range fut {
			names = append(names, filepath.Base(b.Path))
		}
		if !slices.Equal(names, reported) && len(names) > 0 {
			logf("backups: %d file(s) in %s are named for a later time than now (%s): a clock that was ahead, or files copied in; they are not taken for the newest backup and are never pruned: check them and move them away",
				len(names), p.dir, strings.Join(names, ", "))
		}
		reported = names
		if rec != nil {
			rec.Future(p.dir, names)
		}
		return past, nil
	}
	if past, err := future(start); err == nil && len(past) > 0 {
		due = past[len(past)-1].Time.Add(p.every)
	}
	for {
		if wait := due.Sub(clk.Now()); wait > 0 {
			select {
			case <-ctx.Done():
				return
			case <-clk.After(wait):
			}
		}
		if ctx.Err() != nil {
			return
		}
		now := clk.Now()
		path, pruned, err := store.BackupInto(ctx, p.dir, now, p.keep)
		if rec != nil && !errors.Is(err, context.Canceled) {
			rec.Record(now, p.dir, path, err)
		}
		switch {
		case err == nil:
			size := int64(0)
			if st, err := os.Stat(path); err == nil {
				size = st.Size()
			}
			logf("backup %s written and checked (%d MB); %d older removed", path, size>>20, len(pruned))
			due = now.Add(p.every)
		case errors.Is(err, context.Canceled):
			return
		case db.DiskFull(err):
			logf("backup into %s failed: the disk is full (nothing was kept of this copy; the older backups are untouched); trying again in %s", p.dir, min(p.every, retryBackup))
			due = now.Add(min(p.every, retryBackup))
		default:
			logf("backup into %s failed: %v; trying again in %s", p.dir, err, min(p.every, retryBackup))
			due = now.Add(min(p.every, retryBackup))
		}
		future(now)
	}
}
