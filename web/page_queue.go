package web

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v4"

	"pencilbox"
	"pencilbox/library"
	"pencilbox/templates"
	"pencilbox/web/model"
)

// RatingQueue is the background rating queue the pages show and control
// (*library.RateQueue): the slower scales an import left pending.
type RatingQueue interface {
	Status(ctx context.Context) (library.QueueStatus, error)
	Cancel(ctx context.Context) error
	Resume(ctx context.Context) error
	Kick()
}

// queueView is the queue's state for the pages; ok is false when the
// server runs no queue.
func (s *Server) queueView(ctx context.Context) (model.Queue, bool, error) {
	if s.cfg.Queue == nil {
		return model.Queue{}, false, nil
	}
	st, err := s.cfg.Queue.Status(ctx)
	if err != nil {
		return model.Queue{}, true, err
	}
	now := s.now()
	q := model.Queue{Running: st.Running, Paused: st.Paused, PausedBy: st.PausedBy, Failed: st.Failed, Left: templates.LeftText(st.Left(now))}
	if !st.PausedAt.IsZero() {
		q.PausedAt = st.PausedAt.UTC().Format("2006-01-02 15:04 UTC")
	}
	if st.Running {
		q.Started = st.Since.UTC().Format("2006-01-02 15:04 UTC")
	}
	if st.WorkedBy.Holder != "" {
		q.WorkedBy, q.WorkedSince = st.WorkedBy.String(), st.WorkedBy.Since.UTC().Format("2006-01-02 15:04 UTC")
	}
	if el := now.Sub(st.Started).Seconds(); st.Running && el > 0 {
		q.Rate = float64(st.Rated) / el
	}
	for _, k := range st.Kinds {
		q.Kinds = append(q.Kinds, model.QueueKind{Kind: k.Kind, Scale: k.Scale.Key, Short: k.Scale.Short,
			Done: k.Done, Total: k.Total, Pending: k.Pending})
	}
	return q, true, nil
}

// queuePage is the rating queue's job page (GET /queue), and its JSON
// (GET /api/queue).
func (s *Server) queuePage(c echo.Context) error {
	q, ok, err := s.queueView(c.Request().Context())
	if err != nil {
		return err
	}
	if !ok {
		return userErr(http.StatusNotFound, "This server runs no rating queue.")
	}
	if isAPI(c) {
		return c.JSON(http.StatusOK, q)
	}
	return render(c, http.StatusOK, templates.QueueView(s.chrome(c, "Rating queue", "dash"),
		templates.QueuePage{Queue: q, CanControl: role(c).AtLeast(pencilbox.RoleEditor)}))
}

// queueCancel pauses the queue (POST /queue/cancel): the pass under way
// stops at once, what it stored is kept, the rest stays pending.
func (s *Server) queueCancel(c echo.Context) error {
	if s.cfg.Queue == nil {
		return userErr(http.StatusNotFound, "This server runs no rating queue.")
	}
	if err := s.cfg.Queue.Cancel(c.Request().Context()); err != nil {
		return err
	}
	return s.redirectFlash(c, "/queue", "The rating queue is paused: what it rated is kept; it stays paused, even when the server restarts, until resumed.")
}

// queueResume ends a pause (POST /queue/resume).
func (s *Server) queueResume(c echo.Context) error {
	if s.cfg.Queue == nil {
		return userErr(http.StatusNotFound, "This server runs no rating queue.")
	}
	if err := s.cfg.Queue.Resume(c.Request().Context()); err != nil {
		return err
	}
	return s.redirectFlash(c, "/queue", "The rating queue goes on.")
}
