package db

import (
	"context"
	"fmt"
	"strings"

	"pencilbox"
)

// Excluding a tag nearly every puzzle carries (tag=-synth on a library of
// one big import) leaves few puzzles, and a walk of any order with a
// NOT EXISTS seek per puzzle meets them only after passing the others:
// 10^6 seeks (1.4 s) for the 346 puzzles without the tag. Migration 00008
// keeps, per block of 64 ids, how many puzzles the block holds
// (puzzle_blocks) and how many of them carry each tag (tag_blocks). A
// block whose two counts differ holds a puzzle without the tag; every
// other block is the tag's alone. So the puzzles without the tag are read
// from those blocks only: their id ranges looked up, each puzzle's tag
// seeked. The blocks are found as the EXCEPT of the two counts in block
// order (both tables are keyed by block: one merge, no seek per block),
// 2 ms on 10^6 puzzles.
//
// The planner sizes this read (exceptSize) and, when it is at most
// SmallSet puzzles, writes the exclusion as p.id IN (that read): a small
// set SQLite starts from, as a small tag is written. A tag missing from
// many blocks (excluded from few puzzles, or its complement scattered
// over most blocks) keeps its NOT EXISTS probe: its complement is then
// big, and an order's walk meets it soon.

// blockGaps are the blocks holding a puzzle without the tag (arg: the
// tag), with their puzzle counts. The ORDER BY and LIMIT keep SQLite's
// merge of the two block-ordered tables inside a subquery, which else
// drops the order and collects the left side into a temporary B-tree
// (twice the time).
const blockGaps = `SELECT block, n FROM puzzle_blocks EXCEPT SELECT block, n FROM tag_blocks WHERE tag = ? ORDER BY block LIMIT -1`

// tagExcept is the ids of the puzzles without a tag (args: the tag,
// twice), read from the blocks holding them. Block b holds ids
// b<<6 .. (b+1)<<6 - 1, as migration 00008 computes it.
const tagExcept = `SELECT c.id FROM (` + blockGaps + `) g
	JOIN puzzles c ON c.id >= g.block << 6 AND c.id < (g.block + 1) << 6
	WHERE NOT EXISTS (SELECT 1 FROM tags x WHERE x.puzzle_id = c.id AND x.tag = ?)`

// excludedTag prefixes the name of an excluded tag's condition (notSets).
const excludedTag = "-tag:"

// blockTag is the tag whose block counts find the puzzles outside c's
// set: c's tag when c excludes one, else "" (no block counts).
func (c setCond) blockTag() string {
	t, ok := strings.CutPrefix(c.name, excludedTag)
	if !ok {
		return ""
	}
	return t
}

// exceptCond is the excluding condition c written as the read of the
// puzzles outside its set, with its args.
func exceptCond(c setCond) (string, []any) {
	return "p.id IN (" + tagExcept + ")", []any{c.blockTag(), c.blockTag()}
}

// exceptSize is how many puzzles the read of the puzzles outside c's set
// looks at (those of the blocks holding any), or -1 when c has no block
// counts.
func (d *DB) exceptSize(ctx context.Context, c setCond) (int, error) {
	tag := c.blockTag()
	if tag == "" {
		return -1, nil
	}
	var n int
	if err := d.queryRow(ctx, `SELECT coalesce(sum(n), 0) FROM (`+blockGaps+`)`, tag).Scan(&n); err != nil {
		return 0, fmt.Errorf("size the puzzles without tag %q: %w", tag, err)
	}
	return n, nil
}

// hasExcept reports whether sz reads the puzzles outside an excluded set
// from their blocks.
func hasExcept(sz sizing) bool {
	for _, e := range sz.except {
		if e {
			return true
		}
	}
	return false
}

// sparseFrom is the FROM of a query reading a filter's few matches: with
// a set read from its blocks, NOT INDEXED, so SQLite starts from that set
// (p.id IN: at most SmallSet puzzles, by rowid). Without statistics it
// takes an equality on an indexed column (kind = ?) for a handful of rows
// and walks that index instead, checking the set per row: 10^6 rows for
// kind=sudoku, 140 ms.
func sparseFrom(sz sizing) string {
	if hasExcept(sz) {
		return " FROM puzzles p NOT INDEXED"
	}
	return " FROM puzzles p"
}

// sizeExcept marks in sz the excluding conditions of f whose complement
// is read from at most SmallSet puzzles, without sizing the sets
// themselves (for a read of every match: IDs).
func (d *DB) sizeExcept(ctx context.Context, f pencilbox.Filter, sz sizing) error {
	for _, c := range notSets(f) {
		m, err := d.exceptSize(ctx, c)
		if err != nil {
			return err
		}
		sz.except[c.name] = m >= 0 && m <= d.lim.smallSet
	}
	return nil
}
