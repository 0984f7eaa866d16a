package explainer

import "testing"

// TestPathOrder: the path lists its producers in serate's order (the Order
// constants increasing, none shared), since the first hint offered wins and
// nothing sorts the list; and every producer has a hinter and names the
// techniques it gives.
func TestPathOrder(t *testing.T) {
	p := newPath()
	if len(p) != 32 {
		t.Errorf("the path has %d producers, want 32 (26 basic and chaining slots and 6 nested)", len(p))
	}
	for i, r := range p {
		if r.hinter == nil || len(r.techniques) == 0 || r.name == "" {
			t.Errorf("producer %d (%q, order %d) lacks a hinter, a name or its techniques", i, r.name, r.order)
		}
		if i > 0 && r.order <= p[i-1].order {
			t.Errorf("producer %q at order %d comes after %q at order %d", r.name, r.order, p[i-1].name, p[i-1].order)
		}
	}
	if p[0].order != OrderHiddenSingle || p[len(p)-1].order != OrderNested+5 {
		t.Errorf("the path runs from order %d to %d, want %d to %d", p[0].order, p[len(p)-1].order, OrderHiddenSingle, OrderNested+5)
	}
}
