package db

// SetPlanLimits lowers the planner's limits for a test (small sets and the
// dense threshold) and returns the function that restores them.
func SetPlanLimits(small, dense int) (restore func()) {
	s, d := smallSet, denseAbove
	smallSet, denseAbove = small, dense
	return func() { smallSet, denseAbove = s, d }
}

// SetBulkLimits lowers the bulk read's limits for a test (ids a span,
// fewest matches, share of the id range) and returns the function that
// restores them.
func SetBulkLimits(span int64, min int, share int64) (restore func()) {
	s, m, sh := bulkSpan, bulkMin, bulkShare
	bulkSpan, bulkMin, bulkShare = span, min, share
	return func() { bulkSpan, bulkMin, bulkShare = s, m, sh }
}

// CachedStatements is how many reader statements the cache holds.
func (d *DB) CachedStatements() int {
	d.stmts.mu.Lock()
	defer d.stmts.mu.Unlock()
	return len(d.stmts.stmts)
}

// MaxStmts is the cache's bound.
const MaxStmts = maxStmts
