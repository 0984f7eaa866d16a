package templates

import (
	"fmt"
	"time"

	"pencilbox/web/model"
)

// queuePending is what the queue has left over every kind.
func queuePending(q model.Queue) int {
	n := 0
	for _, k := range q.Kinds {
		n += k.Pending
	}
	return n
}

// queueLine is one kind's progress in words, its scale named by its
// declared label: "ER: 12,400 of 48,765, about 40 min left"; "ER: 310
// pending" when no pass runs.
func queueLine(q model.Queue, k model.QueueKind) string {
	switch {
	case (q.Running || q.WorkedBy != "") && k.Total > 0:
		s := fmt.Sprintf("%s: %s of %s", k.Short, Thousands(k.Done), Thousands(k.Total))
		if q.Left != "" {
			s += ", " + q.Left
		}
		return s
	case q.Paused && k.Pending > 0:
		return fmt.Sprintf("%s: %s pending (paused)", k.Short, Thousands(k.Pending))
	case k.Pending > 0:
		return fmt.Sprintf("%s: %s pending", k.Short, Thousands(k.Pending))
	}
	return fmt.Sprintf("%s: none pending", k.Short)
}

// Thousands prints n with commas between its thousands: 48,765.
func Thousands(n int) string {
	if n < 0 {
		return "-" + Thousands(-n)
	}
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// LeftText says a time left as the queue's page does: "about 40 min
// left", "about 3.5 h left", "under a minute left"; "" for 0 (unknown).
func LeftText(d time.Duration) string {
	switch {
	case d <= 0:
		return ""
	case d < time.Minute:
		return "under a minute left"
	case d < 90*time.Minute:
		return fmt.Sprintf("about %d min left", int(d.Minutes()+0.5))
	}
	return fmt.Sprintf("about %.1f h left", d.Hours())
}

// queueListed reports whether the jobs' list shows the queue: while it
// rates, has work left, is paused or stopped on an error.
func queueListed(q *model.Queue) bool {
	return q != nil && (q.Running || q.Paused || q.WorkedBy != "" || q.Failed != "" || queuePending(*q) > 0)
}

// queueState is the queue's state in words, as the jobs' list and its
// page say it: "rating since 2026-11-26 14:05 UTC", "paused by ann on
// 2026-11-26 14:05 UTC: it stays paused, even when the server restarts,
// until resumed", "worked by pencilbox rate-queue (pid 1234 on host)
// since 2026-11-26 17:02 UTC: ...", "waiting to start", "nothing
// pending".
func queueState(q model.Queue) string {
	switch {
	case q.WorkedBy != "":
		s := "worked by " + q.WorkedBy
		if q.WorkedSince != "" {
			s += " since " + q.WorkedSince
		}
		if q.Paused {
			return s + ": this server rates nothing meanwhile, and its own queue is paused until resumed"
		}
		return s + ": this server rates nothing meanwhile and takes the queue back when that process ends"
	case q.Paused:
		s := "paused"
		if q.PausedBy != "" {
			s += " by " + q.PausedBy
		}
		if q.PausedAt != "" {
			s += " on " + q.PausedAt
		}
		return s + ": it stays paused, even when the server restarts, until resumed"
	case q.Running && q.Started != "":
		return "rating since " + q.Started
	case q.Running:
		return "rating"
	case q.Failed != "":
		return "stopped: it tries again within a minute"
	case queuePending(q) > 0:
		return "waiting to start"
	}
	return "nothing pending"
}

// sentenceCase starts s with a capital letter (ASCII: the queue's words).
func sentenceCase(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
