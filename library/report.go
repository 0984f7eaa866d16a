package library

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"pencilbox"
)

// FailedText is what a failed job records and shows of err, the error
// that stopped it: a sentence for the person who ran it (a full disk, a
// damaged database, a stopped import), never the program's own text, which
// Import returns for its caller to print or log. explain is the store's
// own sentence for its errors (pencilbox.LibraryStore's Explain; a caller
// holding no store passes db.Explain with the library's path): library
// works through the store's interface and names no storage package.
func FailedText(err error, explain func(error) (msg string, ok bool)) string {
	if msg, ok := explain(err); ok {
		return msg
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return "The import was stopped before it finished (cancelled, or the server shut down). What it stored is kept; running it again completes it."
	}
	return "The import stopped on an unexpected error; the details went to the server's log (or the import command's output)."
}

// unreadableError lists the inputs Import could not read; it is
// ErrUnreadable to errors.Is, and Summary counts its files.
type unreadableError struct {
	files []string // "FILE: reason"
}

func (e *unreadableError) Error() string {
	return ErrUnreadable.Error() + ": " + strings.Join(e.files, "; ")
}

func (e *unreadableError) Is(target error) bool { return target == ErrUnreadable }

// Summary is the one-line report of a finished job, given Import's error:
// the counts, how many inputs could not be read, and a pointer to the
// lines reported when there are any.
func Summary(j pencilbox.Job, err error, elapsed time.Duration) string {
	s := fmt.Sprintf("imported %d, duplicates %d, invalid %d", j.Imported, j.Duplicates, j.Invalid)
	if j.Invalid > 0 {
		// invalid puzzles are stored too (with their status): "imported
		// 0, invalid 2" alone reads as if nothing went in
		s += " " + pencilbox.InvalidNote
	}
	s += fmt.Sprintf(", rejected %d", j.Rejected)
	if ue := (*unreadableError)(nil); errors.As(err, &ue) {
		s += fmt.Sprintf(", %d %s could not be read", len(ue.files), plural(len(ue.files), "file", "files"))
	}
	if j.Rejected > 0 || len(j.Errors) > 0 {
		s += " (see errors above)"
	}
	return s + fmt.Sprintf(" in %.1f s", elapsed.Seconds())
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
