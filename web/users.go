package web

// The admin's users page: who may log in, with which role; add a user,
// change a role. The same as `pencilbox user add|role`.

import (
	"errors"
	"net/http"

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
	for _, u := range users {
		page.Users = append(page.Users, templates.UserRow{Name: u.Name, Role: string(u.Role), Created: u.Created})
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
