package web

// The admin's users page: who may log in, with which role; add a user,
// change a role. The same as `pencilbox user add|role`.

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/templates"
)

func (s *Server) usersPage(c echo.Context) error {
	users, err := s.users.List(c.Request().Context())
	if err != nil {
		return err
	}
	var page templates.UsersPage
	for _, r := range pencilbox.Roles {
		page.Roles = append(page.Roles, string(r))
	}
	now := s.now()
	for _, u := range users {
		row := templates.UserRow{Name: u.Name, Role: string(u.Role), Created: u.Created}
		if st := s.accounts.status(u.Name, now); st.Failed > 0 || st.Refused > 0 {
			row.Logins = loginsText(u.Name, st)
		}
		page.Users = append(page.Users, row)
	}
	return render(c, http.StatusOK, templates.Users(s.chrome(c, "Users", "users"), page))
}

func (s *Server) addUser(c echo.Context) error {
	r, err := pencilbox.ParseRole(c.FormValue("role"))
	if err != nil {
		return s.redirectFlash(c, "/users", err.Error())
	}
	name := c.FormValue("name")
	got, err := s.users.AddWithRole(c.Request().Context(), name, c.FormValue("password"), r)
	if err != nil {
		if isStorageFault(err) {
			return err
		}
		return s.redirectFlash(c, "/users", "User not added: "+err.Error())
	}
	return s.redirectFlash(c, "/users", "User "+name+" added as "+string(got)+".")
}

func (s *Server) setRole(c echo.Context) error {
	r, err := pencilbox.ParseRole(c.FormValue("role"))
	if err != nil {
		return s.redirectFlash(c, "/users", err.Error())
	}
	name := c.Param("name")
	if err := s.users.SetRole(c.Request().Context(), name, r); err != nil {
		switch {
		case errors.Is(err, pencilbox.ErrNoUser):
			return userErr(http.StatusNotFound, "No user is called %s.", name)
		case errors.Is(err, pencilbox.ErrLastAdmin):
			return s.redirectFlash(c, "/users", err.Error())
		}
		return err
	}
	return s.redirectFlash(c, "/users", name+" is now "+string(r)+".")
}

// isStorageFault reports an error of the database itself (a full disk, a
// damaged file), which the error page explains, rather than of the input.
func isStorageFault(err error) bool {
	_, ok := db.Explain(err, "")
	return ok
}

// loginsText says what the login limit keeps of name's failed logins:
// "5 failed logins for X in the last hour, 3 more refused unchecked,
// paused until 09:06:00 UTC".
func loginsText(name string, st AccountStatus) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d failed %s for %s in the last hour", st.Failed, plural(st.Failed, "login", "logins"), name)
	if st.Refused > 0 {
		fmt.Fprintf(&b, ", %d more refused unchecked", st.Refused)
	}
	if !st.Until.IsZero() {
		fmt.Fprintf(&b, ", locked until %s (a browser that logged in to it before is let in)", st.Until.UTC().Format("15:04:05 UTC"))
	}
	return b.String()
}
