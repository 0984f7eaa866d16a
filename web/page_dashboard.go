package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"pencilbox"
	"pencilbox/templates"
)

func (s *Server) dashboard(c echo.Context) error {
	st, err := s.cfg.Library.Stats(c.Request().Context())
	if err != nil {
		return err
	}
	jobs, err := s.cfg.Library.Jobs(c.Request().Context(), 10)
	if err != nil {
		return err
	}
	d := templates.Dashboard{Stats: st, Jobs: jobs}
	if q, ok, err := s.queueView(c.Request().Context()); err != nil {
		return err
	} else if ok {
		d.Queue = &q
	}
	if role(c) == pencilbox.RoleAdmin {
		d.BackupNote = s.cfg.Backups.FutureNote()
		users, err := s.users.List(c.Request().Context())
		if err != nil {
			return err
		}
		now := s.now()
		for _, u := range users {
			if st := s.accounts.status(u.Name, now); !st.Until.IsZero() {
				d.Paused = append(d.Paused, loginsText(u.Name, st))
			}
		}
	}
	return render(c, http.StatusOK, templates.DashboardPage(s.chrome(c, "Dashboard", "dash"), d))
}
