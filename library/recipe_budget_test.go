package library_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"pencilbox"
	"pencilbox/library"
)

// countingReader counts the id reads a recipe makes.
type countingReader struct {
	pencilbox.BulkReader
	reads int
}

func (c *countingReader) IDs(ctx context.Context, f pencilbox.Filter, limit int) ([]int64, error) {
	c.reads++
	return c.BulkReader.IDs(ctx, f, limit)
}

// TestRecipeBudget (issue 28): a recipe has a work budget. More than
// MaxRecipeQuotas quotas are refused naming the limit; quotas of one
// range read it once (10,000 quotas reread the filter each: minutes of
// CPU), picking as before; a recipe past its deadline stops with a
// *BudgetError saying how far it got, and nothing is picked.
func TestRecipeBudget(t *testing.T) {
	many := strings.Repeat("rank=1:1, ", library.MaxRecipeQuotas) + "rank=2:1"
	if _, err := library.ParseRecipe(many, vocab); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("a recipe takes at most %d", library.MaxRecipeQuotas)) {
		t.Errorf("%d quotas: %v, want refused naming the limit", library.MaxRecipeQuotas+1, err)
	}
	d := MustOpen(t)
	ctx := context.Background()
	if _, ok, err := library.Seed(ctx, d, registry()); err != nil || !ok {
		t.Fatalf("seed: %v %v", ok, err)
	}
	f := pencilbox.Filter{Kind: "sudoku"}
	r, err := library.ParseRecipe(strings.TrimSuffix(strings.Repeat("rank=1:1, ", 30), ", ")+", rank=2:2, rank=3:1", vocab)
	if err != nil {
		t.Fatal(err)
	}
	cr := &countingReader{BulkReader: d}
	ids, err := library.Pick(ctx, cr, f, r, 9)
	if err != nil {
		t.Fatal(err)
	}
	// used (published, in a set): 2 reads; then ranks 1, 2 and 3
	if cr.reads != 2+3 {
		t.Errorf("%d quotas of 3 ranges made %d id reads, want 5", len(r), cr.reads)
	}
	// the same picks as one quota of 30 would make with no cache: as
	// many, distinct
	seen := map[int64]bool{}
	for _, id := range ids {
		seen[id] = true
	}
	if len(ids) != 33 || len(seen) != 33 {
		t.Errorf("picked %d ids, %d distinct; want 33", len(ids), len(seen))
	}

	past, cancel := library.WithRecipeBudget(ctx, time.Nanosecond)
	defer cancel()
	ids, err = library.Pick(past, d, f, r, 9)
	var be *library.BudgetError
	if !errors.As(err, &be) || ids != nil || be.Of != len(r) || !strings.Contains(err.Error(), "stopped at its time budget") {
		t.Errorf("a recipe past its deadline: %v %v, want a BudgetError and nothing picked", ids, err)
	}
}
