package db

import (
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

// notConds are f's conditions a puzzle meets by not being in a related
// table, with their args.
func notConds(f pencilbox.Filter) ([]string, []any) {
	var conds []string
	var args []any
	if f.Published == "no" {
		conds = append(conds, `NOT EXISTS (SELECT 1 FROM puzzle_publications pp WHERE pp.puzzle_id = p.id)`)
	}
	if f.InSet == "no" {
		conds = append(conds, `NOT EXISTS (SELECT 1 FROM set_items si WHERE si.puzzle_id = p.id)`)
	}
	for _, t := range f.TagNot {
		conds = append(conds, `NOT EXISTS (SELECT 1 FROM tags t WHERE t.puzzle_id = p.id AND t.tag = ?)`)
		args = append(args, t)
	}
	return conds, args
}
