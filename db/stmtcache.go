package db

import (
	"context"
	"database/sql"
	"errors"
	"sync"
)

// stmtCache keeps the readers' prepared statements by their text. The
// list's queries are built per filter shape (values are arguments), so a
// server sees the same few hundred texts again and again; SQLite parsing
// one anew was a sixth of a list page's time under load.
type stmtCache struct {
	mu    sync.Mutex
	stmts map[string]*sql.Stmt
}

// maxStmts bounds the cache; past it, new texts run unprepared, as
// without a cache (filter shapes are few, but id lists of every length
// are not). It never evicts: a statement taken from the cache must stay
// open for the caller that took it.
const maxStmts = 512

// get returns the cached statement for q, preparing it on r; nil when the
// cache is full.
func (c *stmtCache) get(ctx context.Context, r *sql.DB, q string) (*sql.Stmt, error) {
	c.mu.Lock()
	st, ok := c.stmts[q]
	full := len(c.stmts) >= maxStmts
	c.mu.Unlock()
	if ok || full {
		return st, nil
	}
	st, err := r.PrepareContext(ctx, q)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.stmts[q]; ok { // prepared meanwhile by another caller
		st.Close()
		return old, nil
	}
	if c.stmts == nil {
		c.stmts = map[string]*sql.Stmt{}
	}
	c.stmts[q] = st
	return st, nil
}

func (c *stmtCache) close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	var errs []error
	for _, s := range c.stmts {
		errs = append(errs, s.Close())
	}
	c.stmts = nil
	return errors.Join(errs...)
}

// query runs a read through a cached statement.
func (d *DB) query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	st, err := d.stmts.get(ctx, d.R, q)
	if err != nil {
		return nil, err
	}
	if st == nil {
		return d.R.QueryContext(ctx, q, args...)
	}
	return st.QueryContext(ctx, args...)
}

// queryRow is query for one row; its error comes with Scan.
func (d *DB) queryRow(ctx context.Context, q string, args ...any) *sql.Row {
	st, err := d.stmts.get(ctx, d.R, q)
	if err != nil || st == nil {
		// The pool reports a preparing error through Scan.
		return d.R.QueryRowContext(ctx, q, args...)
	}
	return st.QueryRowContext(ctx, args...)
}

// Querier is what a read needs: a *sql.DB, a *sql.Tx, or Reader's pool
// with cached statements.
type Querier interface {
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
}

// Reader is the reader pool with its statements cached by text: for the
// stores a server asks on every request (sessions, the set list).
func (d *DB) Reader() Querier { return cachedReader{d} }

type cachedReader struct{ d *DB }

func (r cachedReader) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return r.d.query(ctx, q, args...)
}

func (r cachedReader) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	return r.d.queryRow(ctx, q, args...)
}
