package db

// Roles of the web admin's users (migration 00102). A user's role is read
// with its session on every request, so a change takes effect at the
// user's next click.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"pencilbox"
)

// Role, User and the users' errors are declared with the store's
// interfaces (pencilbox.UserStore, which UserStore implements).
type (
	Role = pencilbox.Role
	User = pencilbox.User
)

const (
	RoleViewer = pencilbox.RoleViewer
	RoleEditor = pencilbox.RoleEditor
	RoleAdmin  = pencilbox.RoleAdmin
)

// Roles lists the roles from the least to the most able.
var Roles = pencilbox.Roles

// ParseRole checks a role's name.
func ParseRole(s string) (Role, error) { return pencilbox.ParseRole(s) }

// ErrLastAdmin refuses to take away the last admin.
var ErrLastAdmin = pencilbox.ErrLastAdmin

// UserStore is web's user store.
var _ pencilbox.UserStore = UserStore{}

// AddWithRole creates a user with role, except that the first user is
// always an admin (someone must be able to manage the others). It
// returns the role given.
func (s UserStore) AddWithRole(ctx context.Context, name, password string, role Role) (Role, error) {
	if err := ValidUserName(name); err != nil {
		return "", err
	}
	if err := ValidPassword(password); err != nil {
		return "", err
	}
	if !role.Valid() {
		return "", fmt.Errorf("role %q: want admin, editor or viewer", role)
	}
	h, err := hashPassword(password)
	if err != nil {
		return "", err
	}
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return "", err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM users`).Scan(&n); err != nil {
		return "", err
	}
	// "Admin" beside "admin" reads as the same user in the audit log and
	// the user list
	var other string
	err = tx.QueryRowContext(ctx, `SELECT name FROM users WHERE name = ? COLLATE NOCASE`, name).Scan(&other)
	if err == nil {
		return "", fmt.Errorf("user %q already exists (as %q: names differing only in case are one name)", name, other)
	} else if !errors.Is(err, sql.ErrNoRows) {
		return "", err
	}
	if n == 0 {
		role = RoleAdmin
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO users(name, hash, created, role) VALUES(?, ?, ?, ?)`, name, h, time.Now().Unix(), string(role))
	if err != nil && strings.Contains(err.Error(), "UNIQUE") {
		return "", fmt.Errorf("user %q already exists", name)
	}
	if err != nil {
		return "", err
	}
	if err := record(ctx, tx, ActionUserAdd, 0, 0, nil, fmt.Sprintf("user %s added as %s", name, role)); err != nil {
		return "", err
	}
	return role, tx.Commit()
}

// SetRole changes a user's role. The last admin cannot be made an editor
// or a viewer (ErrLastAdmin).
func (s UserStore) SetRole(ctx context.Context, name string, role Role) error {
	if !role.Valid() {
		return fmt.Errorf("role %q: want admin, editor or viewer", role)
	}
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	id, old, _, err := userRow(ctx, tx, name)
	if err != nil {
		return err
	}
	if Role(old) == RoleAdmin && role != RoleAdmin {
		if err := keepAnAdmin(ctx, tx, id, name); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `UPDATE users SET role = ? WHERE id = ?`, string(role), id); err != nil {
		return err
	}
	if err := record(ctx, tx, ActionUserRole, 0, 0, nil, fmt.Sprintf("user %s: %s -> %s", name, old, role)); err != nil {
		return err
	}
	return tx.Commit()
}

// keepAnAdmin refuses (ErrLastAdmin) a change that would leave no enabled
// admin once the user id is no longer one: a library without an admin
// could not get one back from the web.
func keepAnAdmin(ctx context.Context, tx *sql.Tx, id int64, name string) error {
	var others int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM users WHERE role = 'admin' AND disabled = 0 AND id <> ?`, id).Scan(&others); err != nil {
		return err
	}
	if others == 0 {
		return fmt.Errorf("%s: %w", name, ErrLastAdmin)
	}
	return nil
}

// SetDisabled disables the user name (no login, every session ended) or
// enables it again. Disabling the last enabled admin is refused
// (ErrLastAdmin); a user already so changes nothing and writes no audit
// row.
func (s UserStore) SetDisabled(ctx context.Context, name string, disabled bool) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	id, role, was, err := userRow(ctx, tx, name)
	if err != nil {
		return err
	}
	if was == disabled {
		return nil
	}
	action, detail := ActionUserEnable, "user "+name+" enabled"
	if disabled {
		if Role(role) == RoleAdmin {
			if err := keepAnAdmin(ctx, tx, id, name); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = ?`, id); err != nil {
			return err
		}
		action, detail = ActionUserDisable, "user "+name+" disabled; sessions ended"
	}
	if _, err := tx.ExecContext(ctx, `UPDATE users SET disabled = ? WHERE id = ?`, disabled, id); err != nil {
		return err
	}
	if err := record(ctx, tx, action, 0, 0, nil, detail); err != nil {
		return err
	}
	return tx.Commit()
}

// Delete removes the user name and its sessions; the audit log keeps its
// name in the rows it wrote. Deleting the last enabled admin is refused
// (ErrLastAdmin).
func (s UserStore) Delete(ctx context.Context, name string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	id, role, disabled, err := userRow(ctx, tx, name)
	if err != nil {
		return err
	}
	if Role(role) == RoleAdmin && !disabled {
		if err := keepAnAdmin(ctx, tx, id, name); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = ?`, id); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM users WHERE id = ?`, id); err != nil {
		return err
	}
	if err := record(ctx, tx, ActionUserDelete, 0, 0, nil, fmt.Sprintf("user %s (%s) deleted", name, role)); err != nil {
		return err
	}
	return tx.Commit()
}

// List returns every user, by name.
func (s UserStore) List(ctx context.Context) ([]User, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT id, name, role, created, disabled FROM users ORDER BY name`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []User
	for rows.Next() {
		var u User
		var role string
		var created int64
		if err := rows.Scan(&u.ID, &u.Name, &role, &created, &u.Disabled); err != nil {
			return nil, err
		}
		u.Role, u.Created = Role(role), time.Unix(created, 0)
		out = append(out, u)
	}
	return out, rows.Err()
}

// userRow reads the user name's id, role and disabled flag in tx, the
// first step of every change to a user (ErrNoUser when there is none).
func userRow(ctx context.Context, tx *sql.Tx, name string) (id int64, role string, disabled bool, err error) {
	err = tx.QueryRowContext(ctx, `SELECT id, role, disabled FROM users WHERE name = ?`, name).Scan(&id, &role, &disabled)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", false, fmt.Errorf("%w: %s", ErrNoUser, name)
	}
	return id, role, disabled, err
}
