package explainer

import (
	"errors"
	"sync"

	"pencilbox/engine"
)

// The chaining family's places in the path. Each hinter takes a Chains from
// a pool (its buffers are reused between steps and never shared between
// goroutines) and offers the one hint serate takes from that producer.

func init() {
	register(OrderForcingChains, "forcing chains and cycles", chainHinter(ForcingChainsCycles),
		"Forcing X-Chain", "Turbot Fish", "Forcing Chain", "Forcing Y-Chain",
		"Bidirectional X-Cycle", "Bidirectional Y-Cycle", "Bidirectional Cycle", "Generalized X-Wing")
	register(OrderNishio, "nishio forcing chains", chainHinter(NishioChains), "Nishio Forcing Chains")
	register(OrderMultipleChains, "multiple forcing chains", chainHinter(MultipleChains),
		"Cell Forcing Chains", "Region Forcing Chains")
	register(OrderDynamicChains, "dynamic forcing chains", chainHinter(DynamicChains),
		dynamicNames("")...)
	register(OrderDynamicPlus, "dynamic forcing chains (+)", chainHinter(DynamicPlus),
		dynamicNames(" (+)")...)
	register(OrderNested, "nested forcing chains (+FC)", chainHinter(NestedChains2),
		dynamicNames(" (+ Forcing Chains)")...)
	register(OrderNested+1, "nested forcing chains (+MFC)", chainHinter(NestedChains3),
		dynamicNames(" (+ Multiple Forcing Chains)")...)
	for i := 0; i < 4; i++ {
		register(OrderNested+2+i, "nested forcing chains (+DFC)", chainHinter(NestedDynamic0+ChainKind(i)),
			dynamicNames(" (+ Dynamic Forcing Chains)")...)
	}
}

func dynamicNames(suffix string) []string {
	var names []string
	for _, n := range []string{"Contradiction", "Double", "Cell", "Region"} {
		names = append(names, "Dynamic "+n+" Forcing Chains"+suffix)
	}
	return names
}

var chainsPool = sync.Pool{New: func() any { return new(Chains) }}

// chainHinter adapts one chaining producer to the path: it charges its work
// to the rating's context and stops the rating at the limit.
func chainHinter(kind ChainKind) Hinter {
	return HinterFunc(func(g *Grid, c *Context, acc Accumulator) {
		if c.Stopped() {
			return
		}
		cs := chainsPool.Get().(*Chains)
		defer chainsPool.Put(cs)
		cs.Limit = c.Limit - c.Work
		if cs.Limit <= 0 {
			c.Spend(1)
			return
		}
		h, ok, err := cs.Find(kind, g)
		if errors.Is(err, engine.ErrWorkLimit) {
			c.Spend(cs.Limit + 1)
			return
		}
		c.Spend(cs.Work())
		if ok {
			acc.Add(h)
		}
	})
}
