// Package stale names pencilbox's temporary files after the process that
// made them and removes the ones a killed process left behind: a file is
// stale when the process named in it is gone, or, whatever its name, when
// it is older than MaxAge.
package stale

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// MaxAge is the age past which a file of ours is stale even when its
// process seems alive (process ids are reused) or is not named.
const MaxAge = time.Hour

// Pattern is an os.CreateTemp pattern for a file of this process:
// prefix + "<pid>-" + the random part + suffix.
func Pattern(prefix, suffix string) string {
	return prefix + strconv.Itoa(os.Getpid()) + "-*" + suffix
}

// Clean removes the stale files of dir whose names are prefix + anything +
// suffix, and returns their paths. Only regular files are removed; a
// file that cannot be looked at or removed is left as it is. The part
// between prefix and suffix names its process when it reads "<pid>-...".
func Clean(dir, prefix, suffix string, now time.Time) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var removed []string
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, prefix) || !strings.HasSuffix(name, suffix) || len(name) <= len(prefix)+len(suffix) || !e.Type().IsRegular() {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		mid := name[len(prefix) : len(name)-len(suffix)]
		if now.Sub(info.ModTime()) < MaxAge && !ownerGone(mid) {
			continue
		}
		p := filepath.Join(dir, name)
		if os.Remove(p) == nil {
			removed = append(removed, p)
		}
	}
	return removed, nil
}

// ownerGone reports whether mid ("<pid>-random") names a process that no
// longer runs. A name without a process id is never taken for gone.
func ownerGone(mid string) bool {
	head, _, ok := strings.Cut(mid, "-")
	if !ok {
		return false
	}
	pid, err := strconv.Atoi(head)
	if err != nil || pid <= 0 || pid == os.Getpid() {
		return false
	}
	return processGone(pid)
}
