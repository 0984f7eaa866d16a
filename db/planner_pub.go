package db

import (
	"context"
	"fmt"
	"strings"

	"pencilbox"
)

// The publishing filters (issue 17). What a puzzle must be in (published,
// an outlet's publications, some set, a named set) is a related-table
// condition like a tag, sized and written p.id IN (...) or probed per
// row by the planner. What it must not be in (never published, in no
// set, without a tag) is always a NOT EXISTS probe per row: a seek in the
// puzzle's own rows of puzzle_publications, set_items (set_items_puzzle)
// or tags, whatever their size.

// pubSetConds are f's publishing conditions a puzzle must meet by being
// in a related table.
func pubSetConds(f pencilbox.Filter) []setCond {
	var out []setCond
	if f.Published == "yes" {
		out = append(out, setCond{"published",
			`SELECT puzzle_id FROM puzzle_publications`,
			`EXISTS (SELECT 1 FROM puzzle_publications pp WHERE pp.puzzle_id = p.id)`, nil})
	}
	if f.Outlet != "" {
		out = append(out, setCond{"outlet",
			`SELECT pp.puzzle_id FROM publications pb JOIN puzzle_publications pp ON pp.publication_id = pb.id WHERE pb.outlet = ?`,
			`EXISTS (SELECT 1 FROM puzzle_publications pp JOIN publications pb ON pb.id = pp.publication_id WHERE pp.puzzle_id = p.id AND pb.outlet = ?)`,
			[]any{f.Outlet}})
	}
	switch f.InSet {
	case "", "no":
	case "yes":
		out = append(out, setCond{"in_set",
			`SELECT puzzle_id FROM set_items`,
			`EXISTS (SELECT 1 FROM set_items si WHERE si.puzzle_id = p.id)`, nil})
	default:
		out = append(out, setCond{"in_set",
			`SELECT si.puzzle_id FROM sets st JOIN set_items si ON si.set_id = st.id WHERE st.name = ?`,
			`EXISTS (SELECT 1 FROM set_items si JOIN sets st ON st.id = si.set_id WHERE si.puzzle_id = p.id AND st.name = ?)`,
			[]any{f.InSet}})
	}
	return out
}

// notSets are f's conditions a puzzle meets by not being in a related
// table: each with the puzzles it excludes (sub) and the probe a row
// must pass (a NOT EXISTS seek).
func notSets(f pencilbox.Filter) []setCond {
	var out []setCond
	if f.Published == "no" {
		out = append(out, setCond{"-published", `SELECT puzzle_id FROM puzzle_publications`,
			`NOT EXISTS (SELECT 1 FROM puzzle_publications pp WHERE pp.puzzle_id = p.id)`, nil})
	}
	if f.InSet == "no" {
		out = append(out, setCond{"-in_set", `SELECT puzzle_id FROM set_items`,
			`NOT EXISTS (SELECT 1 FROM set_items si WHERE si.puzzle_id = p.id)`, nil})
	}
	for _, t := range f.TagNot {
		out = append(out, setCond{excludedTag + t, `SELECT puzzle_id FROM tags WHERE tag = ?`,
			`NOT EXISTS (SELECT 1 FROM tags t WHERE t.puzzle_id = p.id AND t.tag = ?)`, []any{t}})
	}
	return out
}

// notConds are f's excluding conditions (notSets' probes, or the read of
// the puzzles outside the set where sz says: planner_except.go), with
// their args.
func notConds(f pencilbox.Filter, sz sizing) ([]string, []any) {
	var conds []string
	var args []any
	for _, c := range notSets(f) {
		if sz.except[c.name] {
			cond, a := exceptCond(c)
			conds = append(conds, cond)
			args = append(args, a...)
			continue
		}
		conds = append(conds, c.probe)
		args = append(args, c.args...)
	}
	return conds, args
}

// withoutExclusions is f without its excluding conditions: the rest R
// that countExcluding counts, of which it takes the excluded matches.
func withoutExclusions(f pencilbox.Filter) pencilbox.Filter {
	f.TagNot = nil
	if f.Published == "no" {
		f.Published = ""
	}
	if f.InSet == "no" {
		f.InSet = ""
	}
	return f
}

// countExcluding counts a filter whose excluded sets ns are all small
// (sized) as its rest's matches less those of them in the excluded sets:
// count(R and not E) = count(R) - count(R and E). A probe per row costs a
// seek in each excluded table, which for a filter of most of the library
// (published=no: never published) is 10^6 seeks; R's count is what any
// filter without exclusions costs, and R and E is read from E. A capped
// count (limit > 0) counts R up to limit plus E's share, then caps.
func (d *DB) countExcluding(ctx context.Context, f pencilbox.Filter, ns []setCond, sz sizing, limit int) (int, error) {
	r := withoutExclusions(f)
	w, args, err := where(r, sz)
	if err != nil {
		return 0, fmt.Errorf("count: %w", err)
	}
	subs := make([]string, len(ns))
	for i, c := range ns {
		subs[i] = c.sub
		args = append(args, c.args...)
	}
	cond := "p.id IN (" + strings.Join(subs, " UNION ") + ")"
	if w == "" {
		w = " WHERE " + cond
	} else {
		w += " AND " + cond
	}
	var e int
	if err := d.queryRow(ctx, `SELECT count(*) FROM puzzles p`+w, args...).Scan(&e); err != nil {
		return 0, fmt.Errorf("count: %w", err)
	}
	lim := limit
	if limit > 0 {
		lim = limit + e
	}
	n, err := d.count(ctx, r, sz, lim)
	if err != nil {
		return 0, err
	}
	n = max(0, n-e)
	if limit > 0 {
		n = min(n, limit+1)
	}
	return n, nil
}

// allSmall reports whether every set of ns was sized small.
func allSmall(ns []setCond, sz sizing) bool {
	for _, c := range ns {
		if !sz.small[c.name] {
			return false
		}
	}
	return true
}
