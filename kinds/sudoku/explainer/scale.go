package explainer

// ScaleRange is the span of ER the explainer can give: from 1.0 (serate's
// easiest hint) to its hardest chaining producer's base difficulty plus the
// length bonus of the longest chain a search can build within its work
// limit (a chain's complexity counts potentials, and every potential costs
// at least one unit of work). A target outside it is known impossible.
func ScaleRange() (lo, hi float64) {
	top := 0.0
	for k := ChainKind(0); k < numChainKinds; k++ {
		top = max(top, kindConfig(k).baseDifficulty())
	}
	return 1.0, top + lengthBonus(DefaultChainWork)
}
