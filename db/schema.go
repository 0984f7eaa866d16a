package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// ErrSchema reports a library whose schema is not the one this release's
// migrations make: a table, view, index or trigger more, less or
// different. A restored file with an extra trigger could delete every new
// audit row, or change what any write stores, unseen by integrity_check.
var ErrSchema = errors.New("its schema is not the one pencilbox's migrations make")

// schemaObject is one row of sqlite_schema.
type schemaObject struct{ kind, name, table, sql string }

func (o schemaObject) String() string {
	if o.table != o.name {
		return fmt.Sprintf("%s %s (on %s)", o.kind, o.name, o.table)
	}
	return o.kind + " " + o.name
}

// readSchema lists q's sqlite_schema by type and name, without SQLite's
// own objects (sqlite_sequence, the sqlite_stat tables ANALYZE makes, the
// automatic indexes of UNIQUE and PRIMARY KEY constraints, which follow
// from their tables' text).
func readSchema(ctx context.Context, q Querier) ([]schemaObject, error) {
	rows, err := q.QueryContext(ctx, `SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_schema
		WHERE name NOT LIKE 'sqlite\_%' ESCAPE '\' ORDER BY type, name`)
	if err != nil {
		return nil, fmt.Errorf("read the schema: %w", err)
	}
	defer rows.Close()
	var out []schemaObject
	for rows.Next() {
		var o schemaObject
		if err := rows.Scan(&o.kind, &o.name, &o.table, &o.sql); err != nil {
			return nil, fmt.Errorf("read the schema: %w", err)
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

// releaseSchema is the schema this release's migrations make, read from a
// new database in memory.
func releaseSchema(ctx context.Context) ([]schemaObject, error) {
	m, err := sql.Open("sqlite", "file::memory:?_pragma=foreign_keys(1)")
	if err != nil {
		return nil, fmt.Errorf("the release's schema: %w", err)
	}
	defer m.Close()
	// one connection: each new one would be another empty database
	m.SetMaxOpenConns(1)
	m.SetMaxIdleConns(1)
	m.SetConnMaxLifetime(0)
	if err := Migrate(ctx, m); err != nil {
		return nil, fmt.Errorf("the release's schema: %w", err)
	}
	return readSchema(ctx, m)
}

// SchemaDiff compares the schema of the database q reads with the one
// this release's migrations make and says each difference in words
// ("an extra trigger wipe (on audit)"); none when they agree. q's database
// must be migrated (Open does it): a library of an older release that the
// migrations upgrade agrees once upgraded.
func SchemaDiff(ctx context.Context, q Querier) ([]string, error) {
	want, err := releaseSchema(ctx)
	if err != nil {
		return nil, err
	}
	got, err := readSchema(ctx, q)
	if err != nil {
		return nil, err
	}
	key := func(o schemaObject) string { return o.kind + "\x00" + o.name }
	wanted := map[string]schemaObject{}
	for _, o := range want {
		wanted[key(o)] = o
	}
	var diff []string
	for _, o := range got {
		w, ok := wanted[key(o)]
		switch {
		case !ok:
			diff = append(diff, "an extra "+o.String())
		case w.sql != o.sql || w.table != o.table:
			diff = append(diff, "a different "+o.String())
		}
		delete(wanted, key(o))
	}
	for _, o := range want {
		if _, missing := wanted[key(o)]; missing {
			diff = append(diff, "no "+o.String())
		}
	}
	slices.Sort(diff)
	return diff, nil
}

// CheckSchema is SchemaDiff as an error wrapping ErrSchema (nil when the
// schemas agree), naming at most 10 differences.
func CheckSchema(ctx context.Context, q Querier) error {
	diff, err := SchemaDiff(ctx, q)
	if err != nil || len(diff) == 0 {
		return err
	}
	more := ""
	if len(diff) > 10 {
		more = fmt.Sprintf("; and %d more", len(diff)-10)
		diff = diff[:10]
	}
	return fmt.Errorf("%w: %s%s", ErrSchema, strings.Join(diff, "; "), more)
}
