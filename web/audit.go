package web

// The audit log's pages: /audit for admins (filter by user and by puzzle,
// older rows by a keyset link) and the history on each puzzle's page.

import (
	"net/http"
	"net/url"
	"strconv"

	"github.com/labstack/echo/v4"

	"pencilbox"
	"pencilbox/templates"
)

// historyRows is how many rows of its history a puzzle's page shows (the
// admin's log has them all).
const historyRows = 50

// auditRows is the size of one page of /audit.
const auditRows = 100

func (s *Server) history(c echo.Context, f pencilbox.AuditFilter) ([]templates.AuditRow, error) {
	if s.audit == nil { // a server wired without a log shows no history
		return nil, nil
	}
	rows, err := s.audit.List(c.Request().Context(), f)
	if err != nil {
		return nil, err
	}
	out := make([]templates.AuditRow, len(rows))
	admin := role(c) == pencilbox.RoleAdmin
	for i, r := range rows {
		out[i] = templates.AuditRow{ID: r.ID, At: r.At, Actor: r.Actor, Client: r.Client, Action: r.Action, SetID: r.SetID, JobID: r.JobID, Detail: r.Detail}
		if !admin { // a puzzle's History is every role's; where a user works from is the admin's to see
			out[i].Client = ""
		}
	}
	return out, nil
}

func (s *Server) auditPage(c echo.Context) error {
	q := c.QueryParams()
	f := pencilbox.AuditFilter{Actor: q.Get("user"), Limit: auditRows + 1}
	if len(f.Actor) > 200 {
		return userErr(http.StatusBadRequest, "user: at most 200 characters")
	}
	for name, to := range map[string]*int64{"puzzle": &f.Puzzle, "before": &f.Before} {
		if v := q.Get(name); v != "" {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 1 {
				return userErr(http.StatusBadRequest, "%s must be a positive whole number, not %q", name, v)
			}
			*to = n
		}
	}
	rows, err := s.history(c, f)
	if err != nil {
		return err
	}
	users, err := s.users.List(c.Request().Context())
	if err != nil {
		return err
	}
	page := templates.AuditPage{User: f.Actor, Puzzle: q.Get("puzzle"), Rows: rows}
	for _, u := range users {
		page.Users = append(page.Users, u.Name)
	}
	if len(rows) > auditRows {
		page.Rows = rows[:auditRows]
		next := url.Values{}
		if f.Actor != "" {
			next.Set("user", f.Actor)
		}
		if f.Puzzle != 0 {
			next.Set("puzzle", q.Get("puzzle"))
		}
		next.Set("before", strconv.FormatInt(page.Rows[auditRows-1].ID, 10))
		page.OlderURL = "/audit?" + next.Encode()
	}
	return render(c, http.StatusOK, templates.Audit(s.chrome(c, "Audit log", "audit"), page))
}
