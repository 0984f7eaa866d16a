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
	case q.Running && k.Total > 0:
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
