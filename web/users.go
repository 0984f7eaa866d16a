package web

// The admin's users page: who may log in, with which role; add a user,
// change a role, reset a password, disable, enable or delete a user (the
// same as `pencilbox user add|role|passwd`). And every user's own account
// page: change one's password, log out everywhere. A refused form comes
// back with what was typed and every reason; each change writes its
// audit row in the store's transaction.

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"pencilbox"
	"pencilbox/templates"
)

// usersPageData is the users page with the login limit's news of each
// user.
func (s *Server) usersPageData(c echo.Context) (templates.UsersPage, error) {
	users, err := s.users.List(c.Request().Context())
	if err != nil {
		return templates.UsersPage{}, err
	}
	page := templates.UsersPage{Self: currentUser(c)}
	for _, r := range pencilbox.Roles {
		page.Roles = append(page.Roles, string(r))
	}
	now := s.now()
	for _, u := range users {
		row := templates.UserRow{Name: u.Name, Role: string(u.Role), Created: u.Created, Disabled: u.Disabled}
		if st := s.accounts.status(u.Name, now); st.Failed > 0 || st.Refused > 0 {
			row.Logins = loginsText(u.Name, st)
		}
		page.Users = append(page.Users, row)
	}
	return page, nil
}

func (s *Server) usersPage(c echo.Context) error {
	page, err := s.usersPageData(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, templates.Users(s.chrome(c, "Users", "users"), page))
}

// usersRefused answers a refused users form: the page again, 400 (404
// for an unknown user), the form refilled by fill, every reason listed.
func (s *Server) usersRefused(c echo.Context, code int, form string, errs []string, fill func(*templates.UsersPage)) error {
	page, err := s.usersPageData(c)
	if err != nil {
		return err
	}
	page.Form, page.Errors = form, errs
	if fill != nil {
		fill(&page)
	}
	return render(c, code, templates.Users(s.chrome(c, "Users", "users"), page))
}

// currentUser is the session's user name.
func currentUser(c echo.Context) string {
	u, _ := c.Get(ctxUser).(string)
	return u
}

// errSentence is an error's text as a sentence: capitalised, with a full
// stop.
func errSentence(err error) string {
	m := sentence(err)
	if m != "" && !strings.HasSuffix(m, ".") {
		m += "."
	}
	return m
}

func (s *Server) addUser(c echo.Context) error {
	f := templates.UserForm{Name: c.FormValue("name"), Password: c.FormValue("password"), Role: c.FormValue("role")}
	var errs []string
	if err := pencilbox.ValidUserName(f.Name); err != nil {
		errs = append(errs, errSentence(err))
	}
	if err := pencilbox.ValidPassword(f.Password); err != nil {
		errs = append(errs, errSentence(err))
	}
	r, err := pencilbox.ParseRole(f.Role)
	if err != nil {
		errs = append(errs, roleRefusal(f.Role))
	}
	fill := func(p *templates.UsersPage) { p.New = f }
	if len(errs) > 0 {
		return s.usersRefused(c, http.StatusBadRequest, "new", errs, fill)
	}
	got, err := s.users.AddWithRole(c.Request().Context(), f.Name, f.Password, r)
	if err != nil {
		if s.isStorageFault(err) {
			return err
		}
		return s.usersRefused(c, http.StatusBadRequest, "new", []string{errSentence(err)}, fill)
	}
	return s.redirectFlash(c, "/users", "User "+f.Name+" added as "+string(got)+".")
}

func (s *Server) setRole(c echo.Context) error {
	name := c.Param("name")
	r, err := pencilbox.ParseRole(c.FormValue("role"))
	if err != nil {
		return s.usersRefused(c, http.StatusBadRequest, "user:"+name, []string{roleRefusal(c.FormValue("role"))}, nil)
	}
	if err := s.users.SetRole(c.Request().Context(), name, r); err != nil {
		return s.userRefused(c, name, err, nil)
	}
	return s.redirectFlash(c, "/users", name+" is now "+string(r)+".")
}

// roleRefusal says why role is none, quoting at most its first 40 bytes
// (a refused value is not echoed whole).
func roleRefusal(role string) string {
	return fmt.Sprintf("Role %q: want admin, editor or viewer.", clip(role, 40))
}

// userRefused answers a store's refusal of a change to the user name: an
// unknown user 404, the last admin 400 with the reason; other errors are
// the server's.
func (s *Server) userRefused(c echo.Context, name string, err error, fill func(*templates.UsersPage)) error {
	switch {
	case errors.Is(err, pencilbox.ErrNoUser):
		return userErr(http.StatusNotFound, "No user is called %s.", name)
	case errors.Is(err, pencilbox.ErrLastAdmin):
		return s.usersRefused(c, http.StatusBadRequest, "user:"+name, []string{errSentence(err)}, fill)
	}
	return err
}

// resetPassword sets another user's password (an admin's): the user's
// sessions end.
func (s *Server) resetPassword(c echo.Context) error {
	name, pw := c.Param("name"), c.FormValue("password")
	fill := func(p *templates.UsersPage) { p.Reset = pw }
	if err := pencilbox.ValidPassword(pw); err != nil {
		return s.usersRefused(c, http.StatusBadRequest, "user:"+name, []string{errSentence(err)}, fill)
	}
	if err := s.users.SetPassword(c.Request().Context(), name, pw); err != nil {
		return s.userRefused(c, name, err, fill)
	}
	if name == currentUser(c) {
		// one's own sessions ended with it: this one goes on
		if err := s.renewSession(c); err != nil {
			return err
		}
	}
	return s.redirectFlash(c, "/users", "The password of "+name+" is changed; their sessions are ended.")
}

func (s *Server) disableUser(c echo.Context) error { return s.setDisabled(c, true) }
func (s *Server) enableUser(c echo.Context) error  { return s.setDisabled(c, false) }

func (s *Server) setDisabled(c echo.Context, disabled bool) error {
	name := c.Param("name")
	if disabled && name == currentUser(c) {
		return s.usersRefused(c, http.StatusBadRequest, "user:"+name, []string{"You cannot disable yourself: another admin can."}, nil)
	}
	if err := s.users.SetDisabled(c.Request().Context(), name, disabled); err != nil {
		return s.userRefused(c, name, err, nil)
	}
	if disabled {
		return s.redirectFlash(c, "/users", name+" is disabled: no login, their sessions are ended.")
	}
	return s.redirectFlash(c, "/users", name+" is enabled again.")
}

func (s *Server) deleteUser(c echo.Context) error {
	name := c.Param("name")
	var errs []string
	if name == currentUser(c) {
		errs = append(errs, "You cannot delete yourself: another admin can.")
	}
	if c.FormValue("confirm") != "yes" {
		errs = append(errs, "Tick \"sure\" to delete "+name+".")
	}
	if len(errs) > 0 {
		return s.usersRefused(c, http.StatusBadRequest, "user:"+name, errs, nil)
	}
	if err := s.users.Delete(c.Request().Context(), name); err != nil {
		return s.userRefused(c, name, err, nil)
	}
	return s.redirectFlash(c, "/users", "User "+name+" is deleted; the audit log keeps their name.")
}

// renewSession starts a new session for the current user, after their
// sessions were ended with a new password, and hands it to this browser.
func (s *Server) renewSession(c echo.Context) error {
	id, _ := c.Get(ctxUserID).(int64)
	token, err := s.users.NewSession(c.Request().Context(), id, s.cfg.SessionTTL)
	if err != nil {
		return err
	}
	s.cookie(c, cookieSession, token, int(s.cfg.SessionTTL/time.Second), http.SameSiteLaxMode)
	// the next page's CSRF token follows the new session
	return nil
}

func (s *Server) accountPage(c echo.Context) error {
	return render(c, http.StatusOK, templates.Account(s.chrome(c, "Your account", "account"),
		templates.AccountPage{Name: currentUser(c), Role: string(role(c))}))
}

// changePassword changes the user's own password: the current one is
// checked as a login is (a password check slot; a wrong one counts as a
// failed login of the account, and the session is its known browser), the
// new one twice. The user's other sessions end; this one goes on.
func (s *Server) changePassword(c echo.Context) error {
	name := currentUser(c)
	d := templates.AccountPage{Name: name, Role: string(role(c)),
		Old: c.FormValue("old"), New: c.FormValue("new"), Confirm: c.FormValue("confirm")}
	refuse := func(code int) error {
		return render(c, code, templates.Account(s.chrome(c, "Your account", "account"), d))
	}
	if err := pencilbox.ValidPassword(d.New); err != nil {
		d.Errors = append(d.Errors, "New password: "+errSentence(err))
	}
	if d.New != d.Confirm {
		d.Errors = append(d.Errors, "The new password and its repetition differ.")
	}
	if d.Old == "" {
		d.Errors = append(d.Errors, "Type your current password.")
	} else {
		ctx := c.Request().Context()
		now := s.now()
		sess, _ := c.Get(ctxSession).(string)
		// the session stands for a known browser (see limit.go), named
		// by a digest of its token
		sum := sha256.Sum256([]byte(sess))
		device := "session:" + hex.EncodeToString(sum[:8])
		ok, until := s.accounts.begin(name, device, now)
		if !ok {
			d.Errors = append(d.Errors, "Too many wrong passwords: try again after "+until.UTC().Format("15:04:05 UTC")+".")
			d.Old = ""
			return refuse(http.StatusTooManyRequests)
		}
		err := s.checks.run(ctx, func() error {
			_, err := s.users.Check(ctx, name, d.Old)
			return err
		})
		switch {
		case errors.Is(err, pencilbox.ErrBadLogin):
			s.accounts.end(name, device, false, s.now())
			d.Errors = append(d.Errors, "The current password is wrong.")
			d.Old = ""
		case err == nil:
			s.accounts.end(name, device, true, s.now())
		default:
			s.accounts.abandon(name, s.now())
			if errors.Is(err, errBusy) {
				c.Response().Header().Set("Retry-After", fmt.Sprint(loginRetry))
				d.Errors = append(d.Errors, fmt.Sprintf("The server is busy checking logins: try again in %d seconds.", loginRetry))
				return refuse(http.StatusServiceUnavailable)
			}
			return err
		}
	}
	if len(d.Errors) > 0 {
		return refuse(http.StatusBadRequest)
	}
	if err := s.users.SetPassword(c.Request().Context(), name, d.New); err != nil {
		if errors.Is(err, pencilbox.ErrNoUser) {
			return userErr(http.StatusNotFound, "No user is called %s.", name)
		}
		return err
	}
	if err := s.renewSession(c); err != nil {
		return err
	}
	return s.redirectFlash(c, "/account", "Your password is changed; your sessions in other browsers are ended.")
}

// logoutEverywhere ends every session of the user, this one included.
func (s *Server) logoutEverywhere(c echo.Context) error {
	n, err := s.users.EndSessions(c.Request().Context(), currentUser(c))
	if err != nil {
		return err
	}
	s.cookie(c, cookieSession, "", -1, http.SameSiteLaxMode)
	return s.redirectFlash(c, "/login", fmt.Sprintf("Logged out everywhere: %d %s ended.", n, plural(n, "session", "sessions")))
}

// isStorageFault reports an error of the database itself (a full disk, a
// damaged file), which the error page explains, rather than of the input.
func (s *Server) isStorageFault(err error) bool {
	_, ok := s.faults.Explain(err)
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
