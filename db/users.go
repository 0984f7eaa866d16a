package db

// Users and sessions of the web admin (migration 00100). Passwords are
// stored as argon2id hashes in the PHC string form; session tokens are
// random and stored only as their SHA-256, so a copy of the database does
// not hold a usable session.

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"embed"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"golang.org/x/crypto/argon2"

	"pencilbox"
)

//go:embed migrations/00100_users_sessions_sets.sql migrations/00101_web_keys.sql migrations/00102_user_roles.sql migrations/00103_audit.sql migrations/00110_set_undo.sql migrations/00125_user_disabled.sql
var webMigrations embed.FS

// WebMigrations holds the web admin's migrations alone (users, sessions,
// sets), for tests and tools that keep those tables in a database of their
// own; Open applies them with the library's.
func WebMigrations() fs.FS {
	sub, err := fs.Sub(webMigrations, "migrations")
	if err != nil {
		panic(err)
	}
	return sub
}

// ErrBadLogin is UserStore.Check's answer for an unknown name or a wrong
// password (deliberately the same for both).
var ErrBadLogin = pencilbox.ErrBadLogin

// ErrNoUser reports a user name that does not exist.
var ErrNoUser = pencilbox.ErrNoUser

// ErrNoSession reports an unknown or expired session token.
var ErrNoSession = pencilbox.ErrNoSession

// UserStore keeps the web admin's users and sessions in the database.
// DB is the writer; R, when set, serves the lookups every request makes
// (session, login) so they never wait behind an import's write.
type UserStore struct {
	DB *sql.DB
	R  Querier
}

func (s UserStore) reader() Querier {
	if s.R != nil {
		return s.R
	}
	return s.DB
}

// argon2id parameters (OWASP's minimum: 19 MiB, 2 passes, 1 lane).
const (
	argonTime    = 2
	argonMemory  = 19 * 1024 // KiB
	argonThreads = 1
	argonKeyLen  = 32
)

// PasswordCheckMemory is what one password check (Check, Add,
// SetPassword) allocates: the argon2id memory cost, in bytes. The web
// server bounds how many checks run at once by it.
const PasswordCheckMemory = argonMemory << 10

// hashPassword returns the PHC string of password under a fresh salt.
func hashPassword(password string) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(password), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	enc := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads,
		enc.EncodeToString(salt), enc.EncodeToString(key)), nil
}

// checkPassword reports whether password matches the PHC string hash.
func checkPassword(hash, password string) bool {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false
	}
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil || m == 0 || t == 0 || p == 0 {
		return false
	}
	enc := base64.RawStdEncoding
	salt, err1 := enc.DecodeString(parts[4])
	want, err2 := enc.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(want) == 0 {
		return false
	}
	got := argon2.IDKey([]byte(password), salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1
}

// dummyHash is checked against when the user does not exist, so a login
// takes as long for an unknown name as for a wrong password: checkPassword
// runs argon2id with the parameters it names, which are hashPassword's. Its
// key is no password's hash (any password fails against it, as Check
// answers ErrBadLogin for an unknown name anyway), so nothing is hashed to
// make it: hashing one at package start cost every process importing db
// (the CLI's solve, each test binary) a 19 MiB argon2 pass (docs/BENCHMARKS.md,
// Process start). A constant needs no lock for concurrent logins.
var dummyHash = fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads,
	base64.RawStdEncoding.EncodeToString(make([]byte, 16)), base64.RawStdEncoding.EncodeToString(make([]byte, argonKeyLen)))

// MaxUserName is the longest user name (pencilbox.MaxUserName).
const MaxUserName = pencilbox.MaxUserName

// ValidUserName reports whether name is acceptable (pencilbox.ValidUserName).
func ValidUserName(name string) error { return pencilbox.ValidUserName(name) }

// MinPassword is the shortest password a user may have (pencilbox.MinPassword).
const MinPassword = pencilbox.MinPassword

// ValidPassword reports whether password is acceptable (pencilbox.ValidPassword).
func ValidPassword(password string) error { return pencilbox.ValidPassword(password) }

// Count returns the number of users.
func (s UserStore) Count(ctx context.Context) (int, error) {
	var n int
	err := s.reader().QueryRowContext(ctx, `SELECT count(*) FROM users`).Scan(&n)
	return n, err
}

// Add creates a user as an editor (an admin if it is the first user).
func (s UserStore) Add(ctx context.Context, name, password string) error {
	_, err := s.AddWithRole(ctx, name, password, RoleEditor)
	return err
}

// SetPassword changes a user's password and ends the user's sessions
// (the web starts a new one for a user who changed their own).
func (s UserStore) SetPassword(ctx context.Context, name, password string) error {
	if err := ValidPassword(password); err != nil {
		return err
	}
	h, err := hashPassword(password)
	if err != nil {
		return err
	}
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id int64
	if err := tx.QueryRowContext(ctx, `SELECT id FROM users WHERE name = ?`, name).Scan(&id); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: %s", ErrNoUser, name)
		}
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE users SET hash = ? WHERE id = ?`, h, id); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = ?`, id); err != nil {
		return err
	}
	if err := record(ctx, tx, ActionUserPasswd, 0, 0, nil, fmt.Sprintf("password of %s changed; sessions ended", name)); err != nil {
		return err
	}
	return tx.Commit()
}

// Check returns the id of the user name when password is right, else
// ErrBadLogin. A disabled user's login is ErrBadLogin too, after the same
// check: the answer does not say that the password was right.
func (s UserStore) Check(ctx context.Context, name, password string) (int64, error) {
	var id int64
	var h string
	var disabled bool
	err := s.reader().QueryRowContext(ctx, `SELECT id, hash, disabled FROM users WHERE name = ?`, name).Scan(&id, &h, &disabled)
	if errors.Is(err, sql.ErrNoRows) {
		checkPassword(dummyHash, password)
		// the name is not kept: a password typed into the name's field
		// must not land in the log
		return 0, s.failed(ctx, "an unknown user name")
	}
	if err != nil {
		return 0, err
	}
	if !checkPassword(h, password) {
		return 0, s.failed(ctx, "wrong password for user "+name)
	}
	if disabled {
		return 0, s.failed(ctx, "user "+name+" is disabled")
	}
	return id, nil
}

// failed records a failed password check in the audit log (never the
// password tried; the name only when it is a user's) and returns
// ErrBadLogin. Unknown names and wrong passwords write alike, so the
// time taken tells them no more apart than before. The actor is the
// visitor's, unless ctx names a user. Each check is one row: logins are
// limited per address and per account, and by the password checks' own
// pace, so the rows come no faster than checks do.
func (s UserStore) failed(ctx context.Context, detail string) error {
	if !pencilbox.ActorNamed(ctx) {
		ctx = WithActor(ctx, ActorVisitor)
	}
	if err := record(ctx, s.DB, ActionLoginFailed, 0, 0, nil, detail); err != nil {
		return fmt.Errorf("login: %w", err)
	}
	return ErrBadLogin
}

func tokenHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// NewSession starts a session for user id lasting ttl and returns its
// token (32 random bytes, URL-safe base64).
func (s UserStore) NewSession(ctx context.Context, userID int64, ttl time.Duration) (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	token := base64.RawURLEncoding.EncodeToString(b)
	now := time.Now()
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return "", err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE expires < ?`, now.Unix()); err != nil {
		return "", err
	}
	var name string
	err = tx.QueryRowContext(ctx, `INSERT INTO sessions(token_hash, user_id, expires) VALUES(?, ?, ?)
		RETURNING (SELECT name FROM users WHERE id = user_id)`, tokenHash(token), userID, now.Add(ttl).Unix()).Scan(&name)
	if err != nil {
		return "", err
	}
	// the login is the user's own row, with the client's address
	if err := record(WithActor(ctx, name), tx, ActionLogin, 0, 0, nil, "logged in"); err != nil {
		return "", err
	}
	return token, tx.Commit()
}

// Session returns the user of a live session token.
func (s UserStore) Session(ctx context.Context, token string) (User, error) {
	if token == "" {
		return User{}, ErrNoSession
	}
	var u User
	var role string
	var created int64
	err := s.reader().QueryRowContext(ctx, `SELECT u.id, u.name, u.role, u.created FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = ? AND s.expires >= ? AND u.disabled = 0`, tokenHash(token), time.Now().Unix()).Scan(&u.ID, &u.Name, &role, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, ErrNoSession
	}
	u.Role, u.Created = Role(role), time.Unix(created, 0)
	return u, err
}

// Key returns the server secret called name (32 random bytes), creating
// it on first use. Two servers creating it at once agree: the first
// insert wins and both read it back.
func (s UserStore) Key(ctx context.Context, name string) ([]byte, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	if _, err := s.DB.ExecContext(ctx, `INSERT OR IGNORE INTO web_keys(name, value) VALUES(?, ?)`, name, b); err != nil {
		return nil, fmt.Errorf("key %s: %w", name, err)
	}
	var key []byte
	if err := s.DB.QueryRowContext(ctx, `SELECT value FROM web_keys WHERE name = ?`, name).Scan(&key); err != nil {
		return nil, fmt.Errorf("key %s: %w", name, err)
	}
	if len(key) < 32 {
		return nil, fmt.Errorf("key %s: %d bytes stored, want 32", name, len(key))
	}
	return key, nil
}

// DeleteSession ends a session (logout).
func (s UserStore) DeleteSession(ctx context.Context, token string) error {
	_, err := s.DB.ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = ?`, tokenHash(token))
	return err
}

// EndSessions ends every session of the user name ("log out
// everywhere") and returns how many there were.
func (s UserStore) EndSessions(ctx context.Context, name string) (int, error) {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	id, err := userID(ctx, tx, name)
	if err != nil {
		return 0, err
	}
	res, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = ?`, id)
	if err != nil {
		return 0, err
	}
	n, _ := res.RowsAffected()
	if err := record(ctx, tx, ActionUserLogout, 0, 0, nil, fmt.Sprintf("sessions of %s ended (%d)", name, n)); err != nil {
		return 0, err
	}
	return int(n), tx.Commit()
}

// userID is the id of the user name, or ErrNoUser.
func userID(ctx context.Context, tx *sql.Tx, name string) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM users WHERE name = ?`, name).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("%w: %s", ErrNoUser, name)
	}
	return id, err
}
