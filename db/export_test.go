package db

// SetPlanLimits lowers the planner's limits for a test (small sets and the
// dense threshold) and returns the function that restores them.
func SetPlanLimits(small, dense int) (restore func()) {
	s, d := smallSet, denseAbove
	smallSet, denseAbove = small, dense
	return func() { smallSet, denseAbove = s, d }
}

// CachedStatements is how many reader statements the cache holds.
func (d *DB) CachedStatements() int {
	d.stmts.mu.Lock()
	defer d.stmts.mu.Unlock()
	return len(d.stmts.stmts)
}

// MaxStmts is the cache's bound.
const MaxStmts = maxStmts
