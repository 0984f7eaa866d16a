package db

import (
	"context"
	"database/sql"
	"slices"

	"pencilbox"
)

// SetPlanLimits lowers d's planner limits for a test (small sets and the
// dense threshold) and returns the function that restores them.
func (d *DB) SetPlanLimits(small, dense int) (restore func()) {
	old := d.lim
	d.lim.smallSet, d.lim.denseAbove = small, dense
	d.ForgetPlans() // plans made under other limits
	return func() { d.lim = old; d.ForgetPlans() }
}

// SetCountLimits lowers d's count cap (a plan counts up to cap+1) and the
// matches one step of a big search's count walks, for a test, and returns
// the function that restores them.
func (d *DB) SetCountLimits(cap, step int) (restore func()) {
	old := d.lim
	d.lim.countCap, d.lim.searchStep = cap, step
	d.ForgetPlans()
	return func() { d.lim = old; d.ForgetPlans() }
}

// SetBulkLimits lowers d's bulk read limits for a test (ids a span, fewest
// matches and share of the id range for spans, ids a list part) and
// returns the function that restores them.
func (d *DB) SetBulkLimits(span int64, min int, share int64, part int) (restore func()) {
	old := d.lim
	d.lim.bulkSpan, d.lim.bulkMin, d.lim.bulkShare, d.lim.listPart = span, min, share, part
	return func() { d.lim = old }
}

// ReadsInSpans reports whether Bulk reads f in spans (else in lists).
func (d *DB) ReadsInSpans(ctx context.Context, f pencilbox.Filter, limit int) (bool, error) {
	sp, err := d.spanPlan(ctx, f, limit, BulkOptions{})
	return sp != nil, err
}

// CachedStatements is how many reader statements the cache holds.
func (d *DB) CachedStatements() int {
	d.stmts.mu.Lock()
	defer d.stmts.mu.Unlock()
	return len(d.stmts.stmts)
}

// MaxStmts is the cache's bound.
const MaxStmts = maxStmts

// Query runs a read as the list and the search do (the reader pool,
// statements cached by text).
func (d *DB) Query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return d.query(ctx, q, args...)
}

// ExcludesByBlocks reports whether the planner reads the puzzles outside
// one of f's excluded sets from the blocks holding them
// (planner_except.go), under d's current limits.
func (d *DB) ExcludesByBlocks(ctx context.Context, f pencilbox.Filter) (bool, error) {
	sz, err := d.sizeSets(ctx, f)
	if err != nil {
		return false, err
	}
	return hasExcept(sz), nil
}

// ChecksRun is how many quick_checks have read d's file.
func (d *DB) ChecksRun() int64 { return d.checks.Load() }

// MigrateAllBut applies every embedded migration except skip (and the
// later ones that build on it), in order, as a library of a binary that
// did not have skip yet was left (the next Open applies them out of
// order).
func MigrateAllBut(ctx context.Context, w *sql.DB, skip int64, later ...int64) error {
	p, err := newProvider(w)
	if err != nil {
		return err
	}
	for _, s := range p.ListSources() {
		if s.Version == skip || slices.Contains(later, s.Version) {
			continue
		}
		if _, err := p.ApplyVersion(ctx, s.Version, true); err != nil {
			return err
		}
	}
	return nil
}
