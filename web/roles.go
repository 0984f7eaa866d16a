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

	"pencilbox"
)

const (
	ctxRole   = "role"
	ctxUserID = "userid"
)

// routeRoles is the least role of each route ("METHOD path" as routed).
// Viewers read and export; editors import, tag, edit sets and run the
// generator; admins manage users and read the audit log.
var routeRoles = map[string]pencilbox.Role{
	"GET /":                      pencilbox.RoleViewer,
	"GET /puzzles":               pencilbox.RoleViewer,
	"GET /puzzles/:id":           pencilbox.RoleViewer,
	"POST /puzzles/:id/tags":     pencilbox.RoleEditor,
	"GET /export":                pencilbox.RoleViewer,
	"GET /booklet":               pencilbox.RoleViewer,
	"GET /import":                pencilbox.RoleEditor,
	"POST /import":               pencilbox.RoleEditor,
	"GET /import/:id":            pencilbox.RoleViewer,
	"POST /import/:id/cancel":    pencilbox.RoleEditor,
	"GET /queue":                 pencilbox.RoleViewer,
	"POST /queue/cancel":         pencilbox.RoleEditor,
	"POST /queue/resume":         pencilbox.RoleEditor,
	"GET /api/queue":             pencilbox.RoleViewer,
	"GET /generate":              pencilbox.RoleEditor,
	"POST /generate":             pencilbox.RoleEditor,
	"GET /sets":                  pencilbox.RoleViewer,
	"POST /sets":                 pencilbox.RoleEditor,
	"POST /sets/add":             pencilbox.RoleEditor,
	"POST /sets/build":           pencilbox.RoleEditor,
	"GET /sets/:id":              pencilbox.RoleViewer,
	"POST /sets/:id/edit":        pencilbox.RoleEditor,
	"POST /sets/:id/move":        pencilbox.RoleEditor,
	"POST /sets/:id/remove":      pencilbox.RoleEditor,
	"POST /sets/:id/sort":        pencilbox.RoleEditor,
	"POST /sets/:id/undo":        pencilbox.RoleEditor,
	"POST /sets/:id/publish":     pencilbox.RoleEditor,
	"POST /sets/:id/reopen":      pencilbox.RoleEditor,
	"POST /sets/:id/delete":      pencilbox.RoleEditor,
	"GET /sets/:id/export":       pencilbox.RoleViewer,
	"GET /sets/:id/booklet":      pencilbox.RoleViewer,
	"GET /audit":                 pencilbox.RoleAdmin,
	"GET /users":                 pencilbox.RoleAdmin,
	"POST /users":                pencilbox.RoleAdmin,
	"POST /users/:name/role":     pencilbox.RoleAdmin,
	"GET /api/puzzles":           pencilbox.RoleViewer,
	"GET /api/puzzles/:id":       pencilbox.RoleViewer,
	"GET /api/sets":              pencilbox.RoleViewer,
	"GET /api/sets/:id":          pencilbox.RoleViewer,
	"GET /api/jobs/:id":          pencilbox.RoleViewer,
	"POST /api/jobs/:id/cancel":  pencilbox.RoleEditor,
	"POST /users/:name/password": pencilbox.RoleAdmin,
	"POST /users/:name/disable":  pencilbox.RoleAdmin,
	"POST /users/:name/enable":   pencilbox.RoleAdmin,
	"POST /users/:name/delete":   pencilbox.RoleAdmin,
	"GET /account":               pencilbox.RoleViewer,
	"POST /account/password":     pencilbox.RoleViewer,
	"POST /account/logout-all":   pencilbox.RoleViewer,
}

// roleName is how a page names the users of a role.
func roleName(r pencilbox.Role) string {
	switch r {
	case pencilbox.RoleAdmin:
		return "an admin"
	case pencilbox.RoleEditor:
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
func role(c echo.Context) pencilbox.Role {
	r, _ := c.Get(ctxRole).(pencilbox.Role)
	return r
}
