package db

import (
	"context"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"time"

	"pencilbox"
	"pencilbox/engine"
)

// sortColumn maps a Filter.Sort to its column.
func sortColumn(s string) (string, error) {
	switch s {
	case pencilbox.SortID:
		return "", nil
	case pencilbox.SortRank:
		return "p.rank", nil
	case pencilbox.SortScore:
		return "p.score", nil
	case pencilbox.SortClues:
		return "p.clues", nil
	case pencilbox.SortCreated, "date":
		return "p.created", nil
	case pencilbox.SortScale:
		return scaleKey, nil
	}
	return "", fmt.Errorf("unknown sort %q (known: rank, score, clues, created, "+pencilbox.SortScale+")", s)
}

// The list's queries are planned here rather than left to SQLite alone,
// so every filter answers in milliseconds on 10^6 puzzles (docs/LIBRARY.md):
//
//   - A filter on a related table (source, tag, technique, text search) is
//     first sized with a capped count. A small set (at most SmallSet
//     puzzles) is written p.id IN (...) so SQLite can start from it; a big
//     one is an EXISTS probe per row, so it is never materialised.
//   - The count (Page.Total, capped at CountCap) decides the page plan.
//     Over CountCap matches, at least 1% of a 10^6 library match, and the
//     page walks the sort's own index (INDEXED BY), stopping after Limit
//     matches. Up to CountCap, SQLite starts from the most selective
//     condition and sorts those few rows (the sort column is written
//     +col so no sort index tempts it into walking the whole table).
//   - A page query selects only ids; the outer query reads those rows.

// SmallSet is the largest related-table set written as p.id IN (...).
const SmallSet = 20000

// limits are the planner's and the bulk read's thresholds, kept per DB:
// tests lower them on the DB they open (export_test.go) to run every plan
// on few rows.
type limits struct {
	smallSet   int // the largest related-table set written p.id IN (...)
	denseAbove int // more matches: the page walks the sort index
	countCap   int // a plan counts matches up to countCap+1
	// searchStep is how many of a big text search's matches one step of
	// walkSearch looks up.
	searchStep int
	// bulkSpan is how many ids a span covers.
	bulkSpan int64
	// bulkMin: a filter matching fewer is read in lists.
	bulkMin int
	// bulkShare: a span scan reads every row of its range, so the filter
	// must match at least 1/bulkShare of the id range.
	bulkShare int64
	// listPart is how many ids a list part holds.
	listPart int
}

func defaultLimits() limits {
	return limits{smallSet: SmallSet, denseAbove: pencilbox.CountCap, countCap: pencilbox.CountCap, searchStep: 8192, bulkSpan: 4096, bulkMin: 20000, bulkShare: 4, listPart: 1024}
}

// plan is what the planner decided for one filter.
type plan struct {
	sizes sizing // which set conditions are small; the search's exact terms
	dense bool   // more than CountCap matches: walk the sort index
	// total is the matches counted: all of them when exact, else at
	// least this many (the count stopped at countCap+1 or at the page's
	// time budget).
	total int
	exact bool
	// countTried is the longest time an exact count was given and ran
	// out of: a page with less than twice that does not try again (a
	// page's own budget is spent once per plan, not on every page of a
	// busy list; the "count them" link's longer one tries).
	countTried time.Duration
	// topRank is the highest rank stored, asked only for a rank range
	// open above: its per-rank merge walks up to it (no kind's ladder
	// length is assumed).
	topRank int
	// scaleTop is the highest second rating stored, asked only for an ER
	// range open above: its per-ER merge walks up to it.
	scaleTop float64
}

// setConds are the filter's related-table conditions: the IN form's
// subquery and the EXISTS probe's condition on p.id, with their args.
type setCond struct {
	name  string
	sub   string // SELECT puzzle_id FROM ... WHERE ...
	probe string // EXISTS (...)
	args  []any
}

func setConds(f pencilbox.Filter, qExact string) []setCond {
	var out []setCond
	if f.Source != "" {
		out = append(out, setCond{"source",
			`SELECT puzzle_id FROM sources WHERE label = ?`,
			`EXISTS (SELECT 1 FROM sources s WHERE s.puzzle_id = p.id AND s.label = ?)`, []any{f.Source}})
	}
	if f.Tag != "" {
		out = append(out, setCond{"tag",
			`SELECT puzzle_id FROM tags WHERE tag = ?`,
			`EXISTS (SELECT 1 FROM tags t WHERE t.puzzle_id = p.id AND t.tag = ?)`, []any{f.Tag}})
	}
	out = append(out, pubSetConds(f)...)
	if f.Technique != "" {
		out = append(out, setCond{"technique",
			`SELECT puzzle_id FROM profile WHERE technique = ? AND count >= ?`,
			`EXISTS (SELECT 1 FROM profile pr WHERE pr.puzzle_id = p.id AND pr.technique = ? AND pr.count >= ?)`,
			[]any{f.Technique, max(1, f.TechniqueMin)}})
	}
	if q := ftsQuery(f.Q); q != "" {
		c := setCond{"q",
			`SELECT rowid FROM search WHERE search MATCH ?`,
			`EXISTS (SELECT 1 FROM search WHERE search MATCH ? AND rowid = p.id)`, []any{q}}
		if qExact != "" {
			c.args = []any{qExact}
		}
		out = append(out, c)
	}
	return out
}

// sizing is what sizeSets found: which set conditions are small (written
// p.id IN), and the text search's words as exact terms.
type sizing struct {
	small map[string]bool
	// qExact is the text search with each prefix word replaced by the
	// terms it stands for: a probe per row with a prefix makes FTS5 merge
	// every matching term's doclist at each row, one with exact terms is
	// a seek.
	qExact string
	// qBig: the text search matches more than SmallSet puzzles (and has
	// exact terms), so it is probed per row and counted by countBigSearch.
	qBig bool
	// except: the excluding conditions (by name) whose set is big but
	// whose complement is read from at most SmallSet puzzles
	// (planner_except.go): written p.id IN (that read).
	except map[string]bool
}

// sizeSets sizes f's set conditions: which have at most SmallSet puzzles.
// A text search is sized with its words as exact terms when they expand:
// FTS5 reads the whole doclist of every term a prefix word stands for
// before it yields a row (costly for a word in most puzzles:
// docs/BENCHMARKS.md, Library list filters), but an exact term's only as
// far as asked.
func (d *DB) sizeSets(ctx context.Context, f pencilbox.Filter) (sizing, error) {
	sz := sizing{small: map[string]bool{}, except: map[string]bool{}}
	if err := pencilbox.CheckQuery(f.Q); err != nil {
		return sz, err
	}
	exact := ""
	if ftsQuery(f.Q) != "" {
		var err error
		if exact, err = d.exactTerms(ctx, f.Q); err != nil {
			return sz, err
		}
	}
	sz.qExact = exact
	for _, c := range notSets(f) {
		var n int
		err := d.queryRow(ctx, `SELECT count(*) FROM (`+c.sub+` LIMIT ?)`, append(c.args, d.lim.smallSet+1)...).Scan(&n)
		if err != nil {
			return sz, err
		}
		sz.small[c.name] = n <= d.lim.smallSet
		if n > d.lim.smallSet {
			m, err := d.exceptSize(ctx, c)
			if err != nil {
				return sz, err
			}
			sz.except[c.name] = m >= 0 && m <= d.lim.smallSet
		}
	}
	for _, c := range setConds(f, exact) {
		var n int
		err := d.queryRow(ctx, `SELECT count(*) FROM (`+c.sub+` LIMIT ?)`, append(c.args, d.lim.smallSet+1)...).Scan(&n)
		if err != nil {
			return sz, err
		}
		sz.small[c.name] = n <= d.lim.smallSet
		if c.name == "q" && n > d.lim.smallSet {
			// A big text search is probed per row, which is fast only
			// with exact terms; without them (a word standing for too
			// many terms), the IN form reads every match once.
			sz.qBig = exact != ""
			sz.small["q"] = exact == ""
		}
	}
	return sz, nil
}

// maxExpand bounds the terms one prefix word may stand for in a probe.
const maxExpand = 16

// exactTerms rewrites free text as ftsQuery does, but with each word's
// last token replaced by the indexed terms it is a prefix of (read from
// the search_vocab table), OR'ed. It returns "" when a word stands for
// more than maxExpand terms or is not plain ASCII (the index folds
// diacritics, which a byte range cannot follow).
func (d *DB) exactTerms(ctx context.Context, q string) (string, error) {
	var words []string
	for _, w := range queryWords(q) {
		for _, r := range w {
			if r > 127 {
				return "", nil
			}
		}
		toks := strings.FieldsFunc(strings.ToLower(w), func(r rune) bool {
			return !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z')
		})
		if len(toks) == 0 {
			continue
		}
		last := toks[len(toks)-1]
		phrase := func(t string) string {
			return `"` + strings.Join(append(toks[:len(toks)-1:len(toks)-1], t), " ") + `"`
		}
		// The word itself is always one of its terms (matching nothing
		// if absent); the vocabulary lists the longer ones. Its range
		// starts after the word: fts5vocab reads the doclist of every
		// term it passes, and the word's may hold every puzzle.
		alts := []string{phrase(last)}
		rows, err := d.query(ctx, `SELECT term FROM search_vocab WHERE term >= ? AND term < ? LIMIT ?`,
			last+"\x01", last+"\U0010FFFF", maxExpand)
		if err != nil {
			return "", err
		}
		for rows.Next() {
			var t string
			if err := rows.Scan(&t); err != nil {
				rows.Close()
				return "", err
			}
			alts = append(alts, phrase(t))
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return "", err
		}
		if len(alts) > maxExpand {
			return "", nil
		}
		words = append(words, "("+strings.Join(alts, " OR ")+")")
	}
	return strings.Join(words, " AND "), nil
}

// statusesOtherThan lists the status codes that are not st.
func statusesOtherThan(st engine.Status) string {
	var codes []string
	for s := engine.Status(0); !strings.HasPrefix(s.String(), "status("); s++ {
		if s != st {
			codes = append(codes, strconv.Itoa(int(s)))
		}
	}
	return strings.Join(codes, ",")
}

// where builds the filter's WHERE clause (without the cursor); small
// tells which set conditions to write as IN (nil = all as probes).
func where(f pencilbox.Filter, sz sizing) (string, []any, error) {
	// Every query of a filter is built here: a search over the limits
	// never reaches the index, whichever way it came.
	if err := pencilbox.CheckQuery(f.Q); err != nil {
		return "", nil, err
	}
	var conds []string
	var args []any
	add := func(c string, a ...any) { conds = append(conds, c); args = append(args, a...) }
	if f.Kind != "" {
		add("p.kind = ?", f.Kind)
	}
	if f.RankMin > 0 {
		add("p.rank >= ?", f.RankMin)
	}
	if f.RankMax > 0 {
		add("p.rank <= ?", f.RankMax)
	}
	switch f.Status {
	case "":
	case "invalid":
		// An IN list, not <>, so the status index serves it.
		add("p.status IN (" + statusesOtherThan(engine.Unique) + ")")
	default:
		st, err := engine.ParseStatus(f.Status)
		if err != nil {
			return "", nil, err
		}
		add("p.status = ?", int(st))
	}
	if f.CluesMin > 0 {
		add("p.clues >= ?", f.CluesMin)
	}
	if f.CluesMax > 0 {
		add("p.clues <= ?", f.CluesMax)
	}
	// A size's bounds, each dimension on its own: the (kind, width,
	// height) index (migration 00140) serves them.
	if f.SizeMin.W > 0 {
		add("p.width >= ?", f.SizeMin.W)
	}
	if f.SizeMax.W > 0 {
		add("p.width <= ?", f.SizeMax.W)
	}
	if f.SizeMin.H > 0 {
		add("p.height >= ?", f.SizeMin.H)
	}
	if f.SizeMax.H > 0 {
		add("p.height <= ?", f.SizeMax.H)
	}
	if f.ScaleMin > 0 || f.ScaleMax > 0 {
		// On scaleKey, as the ER indexes hold it; a bound excludes the
		// puzzles without a rating (stored NULL, 0 here).
		add(scaleKey+" >= ?", max(f.ScaleMin, scaleLeast))
	}
	if f.ScaleMax > 0 {
		add(scaleKey+" <= ?", f.ScaleMax)
	}
	if f.ScaleMin > 0 || f.ScaleMax > 0 {
		kindsIn(add, f.ScaleKinds)
	}
	if f.ScalePending {
		// the rows of puzzles_scale_todo, per kind (kindsIn: the kinds
		// that declare the scale; never the flag of a kind without one)
		add("p.scale_rated = 0")
		kindsIn(add, f.ScaleKinds)
	}
	if f.Verdict != engine.NA {
		// "<> 0" repeats the partial index's condition so SQLite may use it.
		add("p.verdict1 = ? AND p.verdict1 <> 0", int(f.Verdict))
		kindsIn(add, f.VerdictKinds)
	}
	for _, c := range setConds(f, sz.qExact) {
		if sz.small[c.name] {
			add("p.id IN ("+c.sub+")", c.args...)
		} else {
			add(c.probe, c.args...)
		}
	}
	nc, na := notConds(f, sz)
	conds, args = append(conds, nc...), append(args, na...)
	if f.IDs != nil {
		if len(f.IDs) == 0 {
			conds = append(conds, "0")
		} else {
			ph := strings.TrimSuffix(strings.Repeat("?,", len(f.IDs)), ",")
			conds = append(conds, "p.id IN ("+ph+")")
			for _, id := range f.IDs {
				args = append(args, id)
			}
		}
	}
	if len(conds) == 0 {
		return "", nil, nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args, nil
}

// ftsQuery turns free text into an FTS5 query: every word, as a prefix.
func ftsQuery(q string) string {
	var parts []string
	for _, w := range queryWords(q) {
		parts = append(parts, `"`+w+`"*`)
	}
	return strings.Join(parts, " ")
}

// queryWords splits free text into the words of a search.
func queryWords(q string) []string { return pencilbox.QueryWords(q) }

// cursor is the keyset position after which a page starts.
type cursor struct {
	Sort string
	Val  float64
	ID   int64
}

func (c cursor) String() string {
	s := c.Sort + "|" + strconv.FormatFloat(c.Val, 'g', -1, 64) + "|" + strconv.FormatInt(c.ID, 10)
	return base64.RawURLEncoding.EncodeToString([]byte(s))
}

func parseCursor(s, sort string) (cursor, error) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return cursor{}, fmt.Errorf("bad cursor")
	}
	f := strings.Split(string(b), "|")
	if len(f) != 3 || f[0] != sort {
		return cursor{}, fmt.Errorf("bad cursor (for another sort?)")
	}
	v, err1 := strconv.ParseFloat(f[1], 64)
	id, err2 := strconv.ParseInt(f[2], 10, 64)
	if err1 != nil || err2 != nil {
		return cursor{}, fmt.Errorf("bad cursor")
	}
	return cursor{sort, v, id}, nil
}

func sortValue(p pencilbox.Puzzle, f pencilbox.Filter) float64 {
	switch f.Sort {
	case pencilbox.SortRank:
		return float64(p.Rank)
	case pencilbox.SortScore:
		return p.Score
	case pencilbox.SortClues:
		return float64(p.Clues)
	case pencilbox.SortCreated, "date":
		return float64(p.Created.Unix())
	case pencilbox.SortScale:
		return scaleSortValue(p, f)
	}
	return 0
}

// plan sizes f's sets and counts its matches up to CountCap+1. Paging
// through one filter asks for the same plan at every page: it is kept for
// a few seconds, and forgotten at any write through this DB.
func (d *DB) plan(ctx context.Context, f pencilbox.Filter) (plan, error) {
	key := planKey(f)
	if pl, ok := d.plans.get(key); ok {
		return pl, nil
	}
	gen := d.plans.generation()
	pl, err := d.newPlan(ctx, f)
	if err == nil {
		d.plans.put(key, pl, gen)
	}
	return pl, err
}

func (d *DB) newPlan(ctx context.Context, f pencilbox.Filter) (plan, error) {
	var pl plan
	if _, err := sortColumn(f.Sort); err != nil {
		return pl, err
	}
	sz, err := d.sizeSets(ctx, f)
	if err != nil {
		return pl, err
	}
	pl.sizes = sz
	var est int
	cctx, cancel := ctx, context.CancelFunc(func() {})
	if !f.CountBy.IsZero() && sortBounded(f) && !sz.qBig {
		// (A big search's count stops at CountBy by itself, keeping
		// what it counted: countBigSearch.)
		cctx, cancel = context.WithDeadline(ctx, f.CountBy)
	}
	pl.total, est, err = d.countUpTo(cctx, f, sz, d.lim.countCap, f.CountBy)
	cancel()
	if err != nil && ctx.Err() == nil && cctx.Err() != nil {
		// Out of the page's time: the sort index's walk needs no count
		// (sortBounded); the page's rows will say how many at least.
		pl.total, est, err = 0, d.lim.denseAbove+1, nil
	}
	if err != nil {
		return pl, err
	}
	pl.exact = pl.total <= d.lim.countCap && est == pl.total
	// est is the count itself unless it stopped at the page's time
	// budget; the plan only needs to know whether matches are many.
	pl.dense = est > d.lim.denseAbove
	if f.RankMin > 0 && f.RankMax == 0 {
		if pl.topRank, err = d.TopRank(ctx); err != nil {
			return pl, err
		}
	}
	if f.ScaleMin > 0 && f.ScaleMax == 0 {
		if pl.scaleTop, err = d.topScale(ctx); err != nil {
			return pl, err
		}
	}
	return pl, nil
}

// sortBounded reports whether f bounds its own sort key: an ER range
// sorted by ER, a rank range by rank. The sort index's walk then visits
// only the range's rows, in order, and stops at the page's end, so a page
// needs no count to choose it when counting is what takes long (a text
// search found in most puzzles is probed per row: 17 us a row,
// docs/BENCHMARKS.md); a quick count still decides as for any filter (a
// tag of five puzzles in a wide ER range is read from the tag).
func sortBounded(f pencilbox.Filter) bool {
	switch f.Sort {
	case pencilbox.SortScale:
		return f.ScaleMin > 0 || f.ScaleMax > 0
	case pencilbox.SortRank:
		return f.RankMin > 0 || f.RankMax > 0
	}
	return false
}

// sortIndex names the index that walks f's order: the kind's own when f
// names a kind.
func sortIndex(f pencilbox.Filter) string {
	name := map[string]string{pencilbox.SortRank: "rank", pencilbox.SortScore: "score",
		pencilbox.SortClues: "clues", pencilbox.SortCreated: "created", "date": "created", pencilbox.SortScale: "scale"}[f.Sort]
	if f.Kind != "" {
		return "puzzles_" + name
	}
	return "puzzles_" + name + "_all"
}

// maxRankWalks bounds the walks of one per-rank merge (one per rank of
// the range): a wider range is planned as any other filter. It bounds the
// query's cost, not the ranks a filter finds.
const maxRankWalks = 16

// rankSpan is the ranks a per-rank merge of f walks: f's range, up to the
// highest stored rank when it is open above.
func rankSpan(f pencilbox.Filter, pl plan) (lo, hi int) {
	lo, hi = f.RankMin, f.RankMax
	if hi == 0 {
		hi = pl.topRank
	}
	return lo, hi
}

// perRank reports whether f's page should merge one walk per rank: a dense
// filter with a rank range of at most maxRankWalks ranks, sorted by a
// column other than rank.
func perRank(f pencilbox.Filter, pl plan, col string) bool {
	lo, hi := rankSpan(f, pl)
	return pl.dense && col != "" && f.Sort != pencilbox.SortRank && (f.RankMin > 0 || f.RankMax > 0) &&
		hi >= lo && hi-lo+1 <= maxRankWalks
}

// pageQuery builds one keyset page's query.
func pageQuery(f pencilbox.Filter, pl plan, limit int) (string, []any, error) {
	return pageQueryCols(f, pl, limit, puzzleCols)
}

// pageQueryCols is pageQuery selecting cols of the page's rows.
func pageQueryCols(f pencilbox.Filter, pl plan, limit int, cols string) (string, []any, error) {
	col, err := sortColumn(f.Sort)
	if err != nil {
		return "", nil, err
	}
	// A rank range first: its walks are few (ladders have a handful of
	// ranks), an ER range's up to a hundred.
	if perRank(f, pl, col) {
		return rankMergeQuery(f, pl, col, limit, cols)
	}
	if perScale(f, pl, col) {
		return scaleMergeQuery(f, pl, col, limit, cols)
	}
	w, args, err := where(f, pl.sizes)
	if err != nil {
		return "", nil, err
	}
	op, dir := ">", "ASC"
	if f.Desc {
		op, dir = "<", "DESC"
	}
	// Dense: walk the sort index (rowid order for SortID). Sparse: keep
	// the order columns away from the planner (+col) and sort the matches.
	from, plus := " FROM puzzles p NOT INDEXED", ""
	if col != "" {
		from = " FROM puzzles p INDEXED BY " + sortIndex(f)
	}
	if !pl.dense {
		from, plus = sparseFrom(pl.sizes), "+"
	}
	if f.After != "" {
		c, err := parseCursor(f.After, f.Sort)
		if err != nil {
			return "", nil, err
		}
		kc := plus + "p.id " + op + " ?"
		ka := []any{c.ID}
		if col != "" {
			kc = "(" + plus + col + ", " + plus + "p.id) " + op + " (?, ?)"
			ka = []any{c.Val, c.ID}
			if !floatSort(f.Sort) {
				ka[0] = int64(c.Val)
			}
			if seek := exprSeek(f.Sort, plus+col, op); seek != "" {
				kc = seek + " AND " + kc
				ka = append([]any{c.Val}, ka...)
			}
		}
		if w == "" {
			w = " WHERE " + kc
		} else {
			w += " AND " + kc
		}
		args = append(args, ka...)
	}
	order := " ORDER BY p.id " + dir
	inner := " ORDER BY " + plus + "p.id " + dir
	if col != "" {
		order = " ORDER BY " + col + " " + dir + ", p.id " + dir
		inner = " ORDER BY " + plus + col + " " + dir + ", " + plus + "p.id " + dir
	}
	q := `SELECT ` + cols + ` FROM puzzles p WHERE p.id IN (SELECT p.id` + from + w + inner + ` LIMIT ? OFFSET ?)` + order
	return q, append(args, limit, max(0, f.Offset)), nil
}

// mergeStart reads what a per-value merge query (rankMergeQuery,
// scaleMergeQuery) takes from the filter: the comparison and direction of its
// order, the cursor to start after (nil on a first page) and the matches
// to skip.
func mergeStart(f pencilbox.Filter) (op, dir string, cur *cursor, offset int, err error) {
	op, dir = ">", "ASC"
	if f.Desc {
		op, dir = "<", "DESC"
	}
	if f.After != "" {
		c, err := parseCursor(f.After, f.Sort)
		if err != nil {
			return "", "", nil, 0, err
		}
		cur = &c
	}
	return op, dir, cur, max(0, f.Offset), nil
}

// rankMergeQuery is pageQuery for a dense filter on a rank range sorted by
// col: one walk per rank in the (kind, rank, col) index's order, merged
// (mergeWalks), the first offset skipped. Each walk starts at its rank's own best puzzles, so none passes puzzles
// of other ranks.
func rankMergeQuery(f pencilbox.Filter, pl plan, col string, limit int, cols string) (string, []any, error) {
	op, dir, cur, offset, err := mergeStart(f)
	if err != nil {
		return "", nil, err
	}
	index := strings.Replace(sortIndex(f), "puzzles_", "puzzles_rank_", 1)
	lo, hi := rankSpan(f, pl)
	var parts []string
	var args []any
	for r := lo; r <= hi; r++ {
		g := f
		g.RankMin, g.RankMax = 0, 0
		w, a, err := where(g, pl.sizes)
		if err != nil {
			return "", nil, err
		}
		if w == "" {
			w = " WHERE p.rank = ?"
		} else {
			w += " AND p.rank = ?"
		}
		a = append(a, r)
		if cur != nil {
			v := any(cur.Val)
			if !floatSort(f.Sort) {
				v = int64(cur.Val)
			}
			if seek := exprSeek(f.Sort, col, op); seek != "" {
				w += " AND " + seek
				a = append(a, v)
			}
			w += " AND (" + col + ", p.id) " + op + " (?, ?)"
			a = append(a, v, cur.ID)
		}
		parts = append(parts, `SELECT p.id AS id, `+col+` AS k FROM puzzles p INDEXED BY `+index+w)
		args = append(args, a...)
	}
	inner := mergeWalks(parts, dir)
	q := `SELECT ` + cols + ` FROM puzzles p WHERE p.id IN (` + inner + `) ORDER BY ` + col + ` ` + dir + `, p.id ` + dir
	return q, append(args, limit, offset), nil
}

// mergeWalks is the ids of a per-value merge's page: its walks (each
// "SELECT p.id AS id, col AS k FROM puzzles p INDEXED BY ... WHERE ...",
// in the index's order) as one compound ordered by (k, id), which SQLite
// merges (MERGE (UNION ALL)) pulling from each walk only the rows the page
// takes, so a walk's costly condition (a text search probed per row) runs
// on those alone: when each walk was cut at offset+limit matches and the
// cuts sorted, every walk probed that many rows.
func mergeWalks(walks []string, dir string) string {
	return `SELECT id FROM (` + strings.Join(walks, " UNION ALL ") + ` ORDER BY k ` + dir + `, id ` + dir + ` LIMIT ? OFFSET ?)`
}

// Puzzles returns one page of the puzzles matching f, in f's order, and
// the cursor of the next page. Total counts the matches up to
// pencilbox.CountCap (More is set beyond).
func (d *DB) Puzzles(ctx context.Context, f pencilbox.Filter) (pencilbox.Page, error) {
	var pg pencilbox.Page
	limit := f.Limit
	if limit <= 0 {
		limit = 50
	}
	limit = min(limit, 1000)
	gen := d.plans.generation()
	pl, err := d.plan(ctx, f)
	if err != nil {
		return pg, fmt.Errorf("puzzles: %w", err)
	}
	rows, err := d.page(ctx, f, pl, limit+1)
	if err != nil {
		return pg, err
	}
	first := f.After == "" && f.Offset <= 0
	if !pl.exact && first {
		if len(rows) <= limit {
			// A first page holding every match is the count.
			pl.total, pl.exact = len(rows), true
		} else {
			pl.total = max(pl.total, limit+1)
		}
	}
	if len(rows) > limit {
		rows = rows[:limit]
		last := rows[limit-1]
		pg.Next = cursor{f.Sort, sortValue(last, f), last.ID}.String()
	}
	if !pl.exact && !f.CountBy.IsZero() {
		if pl, err = d.countExact(ctx, f, pl, gen); err != nil {
			return pg, err
		}
	}
	pg.Rows = rows
	pg.Total, pg.More = pl.total, !pl.exact
	if pg.More {
		// At least total match: more than total-1.
		pg.Total = max(0, pl.total-1)
	}
	return pg, nil
}

// countExact counts f's matches to the end if it can by f.CountBy, and
// keeps the count with the plan for the filter's next pages. Past the
// time, the plan is returned as it was (still a lower bound), and
// remembers how long the count was given.
func (d *DB) countExact(ctx context.Context, f pencilbox.Filter, pl plan, gen uint64) (plan, error) {
	budget := time.Until(f.CountBy)
	if budget <= 0 || budget <= 2*pl.countTried {
		return pl, nil
	}
	cctx, cancel := context.WithDeadline(ctx, f.CountBy)
	defer cancel()
	n, err := d.count(cctx, f, pl.sizes, 0)
	switch {
	case err == nil:
		pl.total, pl.exact = n, true
	case ctx.Err() != nil:
		return pl, err // the request's own end: not the count's budget
	case cctx.Err() != nil:
		pl.countTried = budget
	default:
		return pl, err
	}
	d.plans.put(planKey(f), pl, gen)
	return pl, nil
}

func (d *DB) page(ctx context.Context, f pencilbox.Filter, pl plan, limit int) ([]pencilbox.Puzzle, error) {
	if f.Sort == pencilbox.SortScale {
		var out []pencilbox.Puzzle
		err := d.scalePage(ctx, f, pl, limit, puzzleCols, func(q string, args []any) (int, error) {
			rows, err := d.scanPage(ctx, q, args)
			out = append(out, rows...)
			return len(rows), err
		})
		return out, err
	}
	q, args, err := pageQuery(f, pl, limit)
	if err != nil {
		return nil, fmt.Errorf("puzzles: %w", err)
	}
	return d.scanPage(ctx, q, args)
}

// scanPage reads the puzzles of a page's query.
func (d *DB) scanPage(ctx context.Context, q string, args []any) ([]pencilbox.Puzzle, error) {
	rows, err := d.query(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("puzzles: %w", err)
	}
	defer rows.Close()
	var out []pencilbox.Puzzle
	for rows.Next() {
		p, err := scanPuzzle(rows)
		if err != nil {
			return nil, fmt.Errorf("puzzles: %w", err)
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("puzzles: %w", err)
	}
	return out, nil
}

// Count counts the puzzles matching f (its cursor ignored), stopping at
// limit+1 when limit > 0.
func (d *DB) Count(ctx context.Context, f pencilbox.Filter, limit int) (int, error) {
	sz, err := d.sizeSets(ctx, f)
	if err != nil {
		return 0, fmt.Errorf("count: %w", err)
	}
	return d.count(ctx, f, sz, limit)
}

func (d *DB) count(ctx context.Context, f pencilbox.Filter, sz sizing, limit int) (int, error) {
	n, _, err := d.countUpTo(ctx, f, sz, limit, time.Time{})
	return n, err
}

// countUpTo counts f's matches up to limit+1 (all when limit <= 0). A
// count that walks a big text search (walkSearch) may stop at until (when
// set) before it is done: n is then what it counted, est what the whole
// count is likely to be; else est is n.
func (d *DB) countUpTo(ctx context.Context, f pencilbox.Filter, sz sizing, limit int, until time.Time) (n, est int, err error) {
	f.After = ""
	if ns := notSets(f); len(ns) > 0 && !sz.qBig && allSmall(ns, sz) {
		n, err = d.countExcluding(ctx, f, ns, sz, limit)
		return n, n, err
	}
	if sz.qBig {
		return d.countBigSearch(ctx, f, sz, limit, until)
	}
	w, args, err := where(f, sz)
	if err != nil {
		return 0, 0, fmt.Errorf("count: %w", err)
	}
	from := sparseFrom(sz)
	q := `SELECT count(*)` + from + w
	if limit > 0 {
		q = `SELECT count(*) FROM (SELECT 1` + from + w + ` LIMIT ?)`
		args = append(args, limit+1)
	}
	if err := d.queryRow(ctx, q, args...).Scan(&n); err != nil {
		return 0, 0, fmt.Errorf("count: %w", err)
	}
	return n, n, nil
}

// countBigSearch counts, up to limit+1 (all when limit <= 0), a filter
// whose text search matches more than SmallSet puzzles. Alone, the search
// counts its own matches. With a small rest (at most CountCap puzzles),
// SQLite starts from the rest and probes the search per row. With a big
// rest, the count walks the search's matches and looks each puzzle up (a
// probe costs ten times as much as a lookup), in steps that may stop at
// until (walkSearch).
func (d *DB) countBigSearch(ctx context.Context, f pencilbox.Filter, sz sizing, limit int, until time.Time) (n, est int, err error) {
	lim := limit + 1
	if limit <= 0 {
		lim = -1 // no limit
	}
	rest := f
	rest.Q = ""
	restSz := sizing{small: sz.small}
	w, args, err := where(rest, restSz)
	if err != nil {
		return 0, 0, fmt.Errorf("count: %w", err)
	}
	var q string
	switch {
	case w == "":
		q, args = `SELECT count(*) FROM (SELECT rowid FROM search WHERE search MATCH ? LIMIT ?)`, []any{sz.qExact, lim}
	default:
		r, err := d.count(ctx, rest, restSz, d.lim.countCap)
		if err != nil {
			return 0, 0, err
		}
		if r == 0 {
			return 0, 0, nil
		}
		if r > d.lim.countCap {
			return d.walkSearch(ctx, sz.qExact, strings.TrimPrefix(w, " WHERE "), args, lim, until)
		}
		w, args, err = where(f, sz)
		if err != nil {
			return 0, 0, fmt.Errorf("count: %w", err)
		}
		q, args = `SELECT count(*) FROM (SELECT 1`+sparseFrom(sz)+w+` LIMIT ?)`, append(args, lim)
		if !until.IsZero() && sortBounded(f) {
			// A probe per row of the rest: out of time, the page walks
			// its sort index (newPlan) and its rows say how many.
			cctx, cancel := context.WithDeadline(ctx, until)
			defer cancel()
			err := d.queryRow(cctx, q, args...).Scan(&n)
			if err != nil && ctx.Err() == nil && cctx.Err() != nil {
				return 0, d.lim.denseAbove + 1, nil
			}
			if err != nil {
				return 0, 0, fmt.Errorf("count: %w", err)
			}
			return n, n, nil
		}
	}
	if err := d.queryRow(ctx, q, args...).Scan(&n); err != nil {
		return 0, 0, fmt.Errorf("count: %w", err)
	}
	return n, n, nil
}

// walkSearch counts, up to lim (all when lim < 0), the puzzles among the
// text search q's matches that match rest (a condition on p), walking the
// search in rowid order lim.searchStep matches at a time. Past until (when
// set) it stops after a step: est is then n scaled by the share of the
// id range walked, which is all a plan needs to choose its walk.
func (d *DB) walkSearch(ctx context.Context, q, rest string, args []any, lim int, until time.Time) (n, est int, err error) {
	step := `SELECT count(p.id), count(*), coalesce(max(s.rowid), 0) FROM
		(SELECT rowid FROM search WHERE search MATCH ? AND rowid > ? ORDER BY rowid LIMIT ?) s
		LEFT JOIN puzzles p ON p.id = s.rowid AND ` + rest
	var after int64
	for {
		var m, walked int
		var last int64
		a := append([]any{q, after, d.lim.searchStep}, args...)
		if err := d.queryRow(ctx, step, a...).Scan(&m, &walked, &last); err != nil {
			return 0, 0, fmt.Errorf("count: %w", err)
		}
		n += m
		if walked < d.lim.searchStep || lim > 0 && n >= lim {
			if lim > 0 {
				n = min(n, lim)
			}
			return n, n, nil
		}
		after = last
		if !until.IsZero() && !time.Now().Before(until) {
			var top int64
			if err := d.queryRow(ctx, `SELECT coalesce(max(id), 0) FROM puzzles`).Scan(&top); err != nil {
				return 0, 0, fmt.Errorf("count: %w", err)
			}
			return n, max(n, int(float64(n)*float64(top)/float64(last))), nil
		}
	}
}

// Each calls fn for every puzzle matching f, in f's order (f.After and
// f.Offset are honoured as a start, f.Limit as an overall limit). It reads
// in keyset pages, so no read transaction stays open for long. An error
// from fn stops it and is returned.
func (d *DB) Each(ctx context.Context, f pencilbox.Filter, fn func(pencilbox.Puzzle) error) error {
	pl, err := d.plan(ctx, f)
	if err != nil {
		return fmt.Errorf("puzzles: %w", err)
	}
	left := f.Limit
	const chunk = 1000
	for {
		n := chunk
		if left > 0 {
			n = min(n, left)
		}
		rows, err := d.page(ctx, f, pl, n)
		if err != nil {
			return err
		}
		for _, p := range rows {
			if err := fn(p); err != nil {
				return err
			}
		}
		if left > 0 {
			left -= len(rows)
			if left <= 0 {
				return nil
			}
		}
		if len(rows) < n {
			return nil
		}
		last := rows[len(rows)-1]
		f.After = cursor{f.Sort, sortValue(last, f), last.ID}.String()
		f.Offset = 0 // skipped once: the cursor now starts past them
	}
}

// kindsIn restricts a slot's condition to the kinds whose declaration
// gives the slot the meaning filtered on (pencilbox.Filter.ScaleKinds):
// nil adds nothing, an empty list matches nothing.
func kindsIn(add func(string, ...any), kinds []string) {
	switch {
	case kinds == nil:
	case len(kinds) == 0:
		add("0")
	default:
		args := make([]any, len(kinds))
		for i, k := range kinds {
			args[i] = k
		}
		add("p.kind IN ("+strings.TrimSuffix(strings.Repeat("?,", len(kinds)), ",")+")", args...)
	}
}
