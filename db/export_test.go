package db

// SetPlanLimits lowers the planner's limits for a test (small sets and the
// dense threshold) and returns the function that restores them.
func SetPlanLimits(small, dense int) (restore func()) {
	s, d := smallSet, denseAbove
	smallSet, denseAbove = small, dense
	return func() { smallSet, denseAbove = s, d }
}
