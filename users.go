package pencilbox

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Role is what a web admin user may do: RoleViewer reads and exports,
// RoleEditor also imports, tags, edits sets and publications and runs the
// generator, RoleAdmin also manages users.
type Role string

const (
	RoleViewer Role = "viewer"
	RoleEditor Role = "editor"
	RoleAdmin  Role = "admin"
)

// Roles lists the roles from the least to the most able.
var Roles = []Role{RoleViewer, RoleEditor, RoleAdmin}

func (r Role) level() int {
	switch r {
	case RoleViewer:
		return 1
	case RoleEditor:
		return 2
	case RoleAdmin:
		return 3
	}
	return 0
}

// Valid reports whether r is one of Roles.
func (r Role) Valid() bool { return r.level() > 0 }

// AtLeast reports whether r may do what min may (an unknown role may do
// nothing).
func (r Role) AtLeast(min Role) bool { return r.level() > 0 && r.level() >= min.level() }

// ParseRole checks a role's name.
func ParseRole(s string) (Role, error) {
	r := Role(strings.ToLower(strings.TrimSpace(s)))
	if r.level() == 0 {
		return "", fmt.Errorf("role %q: want admin, editor or viewer", s)
	}
	return r, nil
}

// User is one web admin user as the admin pages list them.
type User struct {
	ID      int64
	Name    string
	Role    Role
	Created time.Time
	// Disabled users cannot log in and have no session.
	Disabled bool
}

var (
	// ErrBadLogin is UserStore.Check's answer for an unknown name or a
	// wrong password (deliberately the same for both).
	ErrBadLogin = errors.New("wrong user name or password")
	// ErrNoUser reports a user name that does not exist.
	ErrNoUser = errors.New("no such user")
	// ErrNoSession reports an unknown or expired session token.
	ErrNoSession = errors.New("no such session")
	// ErrLastAdmin refuses to take away the last admin.
	ErrLastAdmin = errors.New("this is the only admin: make another user admin first")
)

// UserStore keeps the web admin's users, their sessions and the server's
// secrets: declared here, beside User, so that web takes an interface
// rather than the db package's store over raw SQL pools.
type UserStore interface {
	// List returns every user, by name.
	List(ctx context.Context) ([]User, error)
	// AddWithRole creates a user with role (the first user is always an
	// admin) and returns the role given; SetRole changes a user's role,
	// refusing to take away the last admin (ErrLastAdmin).
	AddWithRole(ctx context.Context, name, password string, role Role) (Role, error)
	SetRole(ctx context.Context, name string, role Role) error
	// Check returns the id of the user name when password is right, else
	// ErrBadLogin (a disabled user's too).
	Check(ctx context.Context, name, password string) (int64, error)
	// SetPassword changes a user's password (ValidPassword's rule) and
	// ends its sessions; SetDisabled disables a user (ending its
	// sessions) or enables it; Delete removes a user; EndSessions ends
	// every session of a user and says how many. Each writes its audit
	// row; taking away the last enabled admin is refused (ErrLastAdmin);
	// an unknown name is ErrNoUser.
	SetPassword(ctx context.Context, name, password string) error
	SetDisabled(ctx context.Context, name string, disabled bool) error
	Delete(ctx context.Context, name string) error
	EndSessions(ctx context.Context, name string) (int, error)
	// NewSession starts a session for user id lasting ttl and returns its
	// token; Session returns the user of a live token (else
	// ErrNoSession); DeleteSession ends one (logout).
	NewSession(ctx context.Context, userID int64, ttl time.Duration) (string, error)
	Session(ctx context.Context, token string) (User, error)
	DeleteSession(ctx context.Context, token string) error
	// Key returns the server secret called name, creating it on first use.
	Key(ctx context.Context, name string) ([]byte, error)
}

// MaxUserName is the longest user name, in characters (all ASCII): the
// audit log, the login limits (web's accountKey) and every page header
// show it.
const MaxUserName = 64

// ValidUserName reports whether name is acceptable: 1-64 letters, digits,
// '.', '_', '-', beginning with a letter, a digit or '_' (so neither "."
// nor "..", a hidden file's name, nor what reads as a command's flag), and
// none of the names the audit log gives its own rows (ReservedUserNames,
// in any case): a user called "system" would write rows that read as the
// server's own.
func ValidUserName(name string) error {
	if name == "" {
		return fmt.Errorf("user name must be 1-%d characters", MaxUserName)
	}
	if len(name) > MaxUserName {
		return fmt.Errorf("user name must be 1-%d characters: this one has %d", MaxUserName, len(name))
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-') {
			return fmt.Errorf("user name %q: only letters, digits, '.', '_' and '-'", name)
		}
	}
	if name[0] == '.' || name[0] == '-' {
		return fmt.Errorf("user name %q: it must begin with a letter, a digit or '_'", name)
	}
	for _, r := range ReservedUserNames {
		if strings.EqualFold(name, r) {
			return fmt.Errorf("user name %q is reserved: the audit log names its own rows so (reserved: %s)", name, strings.Join(ReservedUserNames, ", "))
		}
	}
	return nil
}

// MinPassword is the shortest password a user may have, however it is
// set (the user command, the first admin's environment variable).
const MinPassword = 10

// maxPassword bounds a password's length (argon2 hashes all of it).
const maxPassword = 1024

// ValidPassword reports whether password is acceptable: MinPassword to
// 1024 characters.
func ValidPassword(password string) error {
	n := len([]rune(password))
	if n < MinPassword {
		return fmt.Errorf("the password must have at least %d characters (it has %d)", MinPassword, n)
	}
	if len(password) > maxPassword {
		return fmt.Errorf("the password must have at most %d bytes", maxPassword)
	}
	return nil
}
