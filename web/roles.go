package web

// Roles: every route behind the login names the least role it needs in
// routeRoles, and requireRole checks it after routing. A route that is not
// in the table is refused to everyone (and TestRolesWalkEveryRoute fails),
// so a new page is closed until someone decides who may use it.

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"pencilbox/db"
)

const (
	ctxRole   = "role"
	ctxUserID = "userid"
)

// routeRoles is the least role of each route ("METHOD path" as routed).
// Viewers read and export; editors import, tag, edit sets and run the
// generator; admins manage users and read the audit log.
var routeRoles = map[string]db.Role{
	"GET /":                  db.RoleViewer,
	"GET /puzzles":           db.RoleViewer,
	"GET /puzzles/:id":       db.RoleViewer,
	"POST /puzzles/:id/tags": db.RoleEditor,
	"GET /export":            db.RoleViewer,
	"GET /import":            db.RoleEditor,
	"POST /import":           db.RoleEditor,
	"GET /import/:id":        db.RoleViewer,
	"GET /generate":          db.RoleEditor,
	"POST /generate":         db.RoleEditor,
	"GET /sets":              db.RoleViewer,
	"POST /sets":             db.RoleEditor,
	"POST /sets/add":         db.RoleEditor,
	"GET /sets/:id":          db.RoleViewer,
	"POST /sets/:id/edit":    db.RoleEditor,
	"POST /sets/:id/move":    db.RoleEditor,
	"POST /sets/:id/remove":  db.RoleEditor,
	"POST /sets/:id/delete":  db.RoleEditor,
	"GET /sets/:id/export":   db.RoleViewer,
	"GET /audit":             db.RoleAdmin,
	"GET /users":             db.RoleAdmin,
	"POST /users":            db.RoleAdmin,
	"POST /users/:name/role": db.RoleAdmin,
	"GET /api/puzzles":       db.RoleViewer,
	"GET /api/puzzles/:id":   db.RoleViewer,
	"GET /api/sets":          db.RoleViewer,
	"GET /api/sets/:id":      db.RoleViewer,
	"GET /api/jobs/:id":      db.RoleViewer,
}

// roleName is how a page names the users of a role.
func roleName(r db.Role) string {
	switch r {
	case db.RoleAdmin:
		return "an admin"
	case db.RoleEditor:
		return "an editor or an admin"
	}
	return "a viewer, an editor or an admin"
}

// requireRole answers 403 when the session's role is below the route's.
// It runs after requireUser (the user is known).
func (s *Server) requireRole(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		route := c.Request().Method + " " + c.Path()
		need, ok := routeRoles[route]
		if !ok && notFoundRoute(c.Path()) {
			return echo.ErrNotFound
		}
		if !ok {
			s.cfg.Log.Printf("%s: no role is set for this route (web/roles.go): refused", route)
			return userErr(http.StatusForbidden, "This page has no role set yet, so no one may use it: the server's log says which.")
		}
		have := role(c)
		if !have.AtLeast(need) {
			return userErr(http.StatusForbidden, "%s", fmt.Sprintf("Your role (%s) may not do this: it is for %s. Ask an admin to change your role.", have, roleName(need)))
		}
		return next(c)
	}
}

// notFoundRoute reports echo's own catch-all routes of a group (its
// prefix, and the prefix then "/*"), which answer 404 to any path no route
// has.
func notFoundRoute(path string) bool {
	return path == "" || path == "/api" || strings.HasSuffix(path, "/*")
}

// role is the session's role ("" without a session).
func role(c echo.Context) db.Role {
	r, _ := c.Get(ctxRole).(db.Role)
	return r
}
