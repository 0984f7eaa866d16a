package explainer

// The chaining family in the path: each producer of serate's 1.2.1 set at
// its slot of serate's order (OrderForcingChains ... OrderNested+5). A
// producer gives the path its best hint (least difficulty, then least
// complexity, then kind, then first found), which is the hint serate's
// single-hint accumulator keeps from it.

// chainHinter asks one chaining producer through the rating's Chains (its
// buffers live as long as the rating).
type chainHinter struct{ kind ChainKind }

// Hints offers the producer's best hint. The search may spend what is left
// of the rating's work limit (one potential derived is one unit); a search
// the limit stops marks the whole rating stopped.
func (h chainHinter) Hints(g *Grid, c *Context, acc Accumulator) {
	left := c.Limit - c.Work
	if left <= 0 {
		c.Work = c.Limit + 1
		return
	}
	if c.chains == nil {
		c.chains = chainsPool.Get().(*Chains)
	}
	cs := c.chains
	cs.Limit = left
	s, cf, err := cs.find(h.kind, g)
	c.Spend(cs.Work())
	if err != nil {
		c.Work = c.Limit + 1
		return
	}
	if s == nil {
		return
	}
	hint := s.hint(cf, c.Steps && c.frame == nil)
	if c.Steps && c.frame != nil {
		// the step names the given grid's cells and digits
		hint.Step = c.frame.snapshot(s).hint(cf, true).Step
		hint.framed = true
	}
	acc.Add(hint)
}

// chainNames lists the names of a multiple dynamic producer's hints.
func chainNames(prefix, suffix string) []string {
	var out []string
	for _, mid := range []string{"Contradiction Forcing", "Double Forcing", "Cell Forcing", "Region Forcing"} {
		out = append(out, prefix+mid+" Chains"+suffix)
	}
	return out
}
