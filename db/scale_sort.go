package db

import (
	"context"
	"fmt"
	"strings"

	"pencilbox"
)

// A sort on the first scale (pencilbox.SortScale) lists three groups one
// after the other, whichever the direction: the rated by their figure (on
// the scale indexes, as before), then the pending (the rating queue has
// not rated them: rows of the kinds f.SortKinds names with scale_rated
// 0), then those without a figure (nothing to rate, the rater gave up, or
// another kind), each of the two last in id order. Pending is its own
// group, never taken for "no figure": an editor sorting by ER sees the
// puzzles still to be rated apart. A page is read group by group, each
// group's query one walk of an index, so a page costs what it did.
//
// A cursor's value says its group: the figure for a rated row,
// scaleGroupPending or scaleGroupNone for the others.
const (
	scaleGroupRated = iota
	scaleGroupPending
	scaleGroupNone
)

// The cursor values of the pending and of the figureless groups: below
// every figure (figures are above 0), and apart from 0, which a cursor
// of the code before the groups holds for a row without a figure.
const (
	scaleCursorPending = -1
	scaleCursorNone    = -2
)

// pendingCond is the condition of f's pending group: rows of the
// declaring kinds the queue has not rated, with no figure (a figure puts
// a row in the rated group, whatever its flag); "" when f names no
// declaring kind.
func pendingCond(f pencilbox.Filter) (string, []any) {
	if len(f.SortKinds) == 0 {
		return "", nil
	}
	args := make([]any, len(f.SortKinds))
	for i, k := range f.SortKinds {
		args[i] = k
	}
	return "(p.scale_rated = 0 AND p.kind IN (" + strings.TrimSuffix(strings.Repeat("?,", len(f.SortKinds)), ",") + "))", args
}

// scaleGroupOf is p's group in a sort on the first scale of f, as the
// queries put it.
func scaleGroupOf(p pencilbox.Puzzle, f pencilbox.Filter) int {
	switch {
	case p.Scales[0] > 0:
		return scaleGroupRated
	case !p.ScaleRated && containsKind(f.SortKinds, p.Kind):
		return scaleGroupPending
	}
	return scaleGroupNone
}

func containsKind(kinds []string, k string) bool {
	for _, x := range kinds {
		if x == k {
			return true
		}
	}
	return false
}

// scaleSortValue is p's cursor value in a sort on the first scale.
func scaleSortValue(p pencilbox.Puzzle, f pencilbox.Filter) float64 {
	switch scaleGroupOf(p, f) {
	case scaleGroupRated:
		return p.Scales[0]
	case scaleGroupPending:
		return scaleCursorPending
	}
	return scaleCursorNone
}

// scaleCursorGroup is the group a cursor's value stands in.
func scaleCursorGroup(v float64) int {
	switch {
	case v > 0:
		return scaleGroupRated
	case v == scaleCursorPending:
		return scaleGroupPending
	}
	return scaleGroupNone
}

// scaleGroups are the groups f can match: a range on the scale keeps the
// rated alone, a filter of the pending the pending alone.
func scaleGroups(f pencilbox.Filter) []int {
	switch {
	case f.ScaleMin > 0 || f.ScaleMax > 0:
		return []int{scaleGroupRated}
	case f.ScalePending:
		return []int{scaleGroupPending}
	}
	return []int{scaleGroupRated, scaleGroupPending, scaleGroupNone}
}

// scaleKeyOrder is the sort key of a sort on the first scale as one
// expression, for a query that sorts every match at once (IDs of more
// than a page): the groups' values put after every figure in the
// direction asked.
func scaleKeyOrder(f pencilbox.Filter) (string, []any) {
	pending, none := float64(pencilbox.MaxScale+1), float64(pencilbox.MaxScale+2)
	if f.Desc {
		pending, none = -1, -2
	}
	pc, pa := pendingCond(f)
	if pc == "" {
		pc = "0"
	}
	return "(CASE WHEN " + scaleKey + " > 0 THEN " + scaleKey + " WHEN " + pc + " THEN ? ELSE ? END)", append(pa, pending, none)
}

// scalePage is d.page for a sort on the first scale: the groups from the
// cursor's on, each read until the page is full; run reads one group's
// query of cols (puzzleCols or p.id) and says how many rows it gave.
// f.Offset skips matches across the groups: a group that gives no row
// is counted (up to the offset) to know how many of the offset it took.
func (d *DB) scalePage(ctx context.Context, f pencilbox.Filter, pl plan, limit int, cols string,
	run func(q string, args []any) (int, error)) error {
	start := scaleGroupRated
	var cur *cursor
	if f.After != "" {
		c, err := parseCursor(f.After, f.Sort)
		if err != nil {
			return fmt.Errorf("puzzles: %w", err)
		}
		cur, start = &c, scaleCursorGroup(c.Val)
	}
	offset := max(0, f.Offset)
	got := 0
	for _, g := range scaleGroups(f) {
		if g < start || got >= limit {
			continue
		}
		gc := cur
		if g != start {
			gc = nil
		}
		q, args, err := scaleGroupQuery(f, pl, g, gc, limit-got, offset, cols)
		if err != nil {
			return fmt.Errorf("puzzles: %w", err)
		}
		n, err := run(q, args)
		if err != nil {
			return err
		}
		if n == 0 && offset > 0 {
			// the group had at most offset rows: how many did it skip?
			cq, cargs, err := scaleGroupQuery(f, pl, g, gc, offset, 0, "p.id")
			if err != nil {
				return fmt.Errorf("puzzles: %w", err)
			}
			ids, err := d.ids(ctx, cq, cargs)
			if err != nil {
				return err
			}
			offset -= len(ids)
			continue
		}
		offset = 0
		got += n
	}
	return nil
}

// scaleGroupQuery is one group's page: limit rows after cur (nil = from
// the group's start), offset skipped, selecting cols. The rated group is
// the page query of a range on the scale (its index walks, its per-rank
// merge); the others are read in id order.
func scaleGroupQuery(f pencilbox.Filter, pl plan, g int, cur *cursor, limit, offset int, cols string) (string, []any, error) {
	f.Offset, f.After = offset, ""
	if cur != nil {
		f.After = cur.String()
	}
	if g == scaleGroupRated {
		if f.ScaleMin == 0 {
			// a bound at the lowest figure keeps the rated rows alone
			f.ScaleMin = scaleLeast
		}
		return pageQueryCols(f, pl, limit, cols)
	}
	w, args, err := where(f, pl.sizes)
	if err != nil {
		return "", nil, err
	}
	conds := []string{scaleKey + " = 0"}
	pc, pa := pendingCond(f)
	switch {
	case g == scaleGroupPending && pc == "":
		conds = append(conds, "0")
	case g == scaleGroupPending:
		conds, args = append(conds, pc), append(args, pa...)
	case pc != "":
		conds, args = append(conds, "NOT "+pc), append(args, pa...)
	}
	op, dir := ">", "ASC"
	if f.Desc {
		op, dir = "<", "DESC"
	}
	if cur != nil {
		conds, args = append(conds, "p.id "+op+" ?"), append(args, cur.ID)
	}
	if w == "" {
		w = " WHERE "
	} else {
		w += " AND "
	}
	w += strings.Join(conds, " AND ")
	q := `SELECT ` + cols + ` FROM puzzles p WHERE p.id IN (SELECT p.id` + sparseFrom(pl.sizes) + w +
		` ORDER BY p.id ` + dir + ` LIMIT ? OFFSET ?) ORDER BY p.id ` + dir
	return q, append(args, limit, offset), nil
}
