package web

// Faults the admin must act on, said on every page: a damaged library
// file (to anyone: nothing can be trusted until it is restored) and a
// failed scheduled backup (to admins: a full disk in words).

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"pencilbox"
)

// BackupLog keeps the result of the last scheduled backup for the pages
// (serve's backup loop records into it).
type BackupLog struct {
	// Faults tells a full disk from other failures (the store's
	// pencilbox.Faults; nil: every failure is said alike).
	Faults pencilbox.Faults

	mu   sync.Mutex
	at   time.Time
	path string
	err  string // "" when it succeeded
	// future says which files of the folder are named for a later time
	// than now ("" when none)
	future string
}

// Future keeps the names of the backup folder's files named for a later
// time than now, for the dashboard (none: the sentence goes).
func (b *BackupLog) Future(dir string, names []string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.future = ""
	if len(names) > 0 {
		b.future = fmt.Sprintf("%d file(s) in the backup folder %s are named for a later time than now (%s): the clock was ahead when they were written, or they were copied in. They are not taken for the newest backup and are never deleted by pruning: check them and move them out of the folder.",
			len(names), dir, strings.Join(names, ", "))
	}
}

// FutureNote returns the sentence about future-named backups ("" when none).
func (b *BackupLog) FutureNote() string {
	if b == nil {
		return ""
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.future
}

// Record keeps one backup's result: path written, or err (dir is the
// backup folder, named in the sentence).
func (b *BackupLog) Record(at time.Time, dir, path string, err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.at, b.path, b.err = at, path, ""
	switch {
	case err == nil:
	case b.Faults != nil && b.Faults.Fault(err) == pencilbox.FaultDiskFull:
		b.err = fmt.Sprintf("The scheduled backup of %s failed: the disk holding the backup folder %s is full. Nothing was kept of this copy and the older backups are untouched; free some space (it is tried again within 10 minutes).",
			at.UTC().Format("2006-01-02 15:04 UTC"), dir)
	default:
		b.err = fmt.Sprintf("The scheduled backup of %s into %s failed (the server's log says why); it is tried again within 10 minutes.",
			at.UTC().Format("2006-01-02 15:04 UTC"), dir)
	}
}

// Failed returns the sentence about the last backup when it failed.
func (b *BackupLog) Failed() (string, bool) {
	if b == nil {
		return "", false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.err, b.err != ""
}

// checkLibrary runs quick_check over the library and, when it finds the
// file damaged, makes every page say so.
func (s *Server) checkLibrary() {
	err := s.faults.QuickCheckAside(s.ctx)
	if s.faults.Fault(err) == pencilbox.FaultDamaged {
		m, _ := s.faults.Explain(err)
		s.damaged.Store(&m)
		s.cfg.Log.Printf("%v", err)
	} else if err != nil && s.ctx.Err() == nil {
		s.cfg.Log.Printf("checking the library at start: %v", err)
	}
}

// fault is the sentence every page shows at its top ("" when all is well).
func (s *Server) fault(c echo.Context) string {
	if m := s.damaged.Load(); m != nil {
		if role(c) == "" {
			// the file's path is for those who log in
			return "The library's database is damaged: an admin must restore it from a backup."
		}
		return *m
	}
	if role(c) == pencilbox.RoleAdmin {
		if m, ok := s.cfg.Backups.Failed(); ok {
			return m
		}
	}
	return ""
}
