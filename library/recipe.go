package library

// Recipes (issue 17): build or extend a set from quotas, e.g. one puzzle
// of each rank from 1 to 5 and two of rank 7, taking only unused puzzles
// (never published, in no set) of a filter, picked at random with a seed
// and ordered easy to hard. The CLI's `set build` and the admin's form
// both call Pick (and BuildSet).

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"pencilbox"
)

// Quota is one item of a recipe: N puzzles whose rank (or the first
// figure of a kind's second rating, by its declared key: Sudoku's er)
// lies in a range.
type Quota struct {
	Field  string  // "rank" or a scale's key
	Lo, Hi float64 // inclusive; 0 = open end
	N      int
	Text   string // as written ("rank=7:2"), for messages
	// Kinds are the kinds declaring the scale, and Mixed says another
	// kind keeps a different scale in its slot (pencilbox.Vocabulary.KindsWith).
	Kinds []string
	Mixed bool
}

// Recipe is a list of quotas, filled in order.
type Recipe []Quota

// MaxRecipePuzzles bounds the puzzles one recipe asks for.
const MaxRecipePuzzles = 10000

// MaxRecipeQuotas bounds the quotas of one recipe: each quota of its own
// range reads its range's ids (34-50 ms on a library of 49k puzzles), and
// a request of 10,000 quotas was 6-8 minutes of CPU. A week's recipe has
// a handful; a quota counts many puzzles (rank=3:5).
const MaxRecipeQuotas = 100

// DefaultRecipeBudget is how long filling one recipe may take (Pick's
// reads, whatever the library's size) before it is stopped with a
// *BudgetError; the callers give it to Pick's context with
// WithRecipeBudget.
const DefaultRecipeBudget = 10 * time.Second

type budgetKey struct{}

// WithRecipeBudget is ctx ending after budget, for Pick, which then says
// the budget in its *BudgetError.
func WithRecipeBudget(ctx context.Context, budget time.Duration) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithTimeout(ctx, budget)
	return context.WithValue(ctx, budgetKey{}, budget), cancel
}

// BudgetError says a recipe was stopped at its time budget, after how
// many of its quotas. Nothing was picked.
type BudgetError struct {
	Budget   time.Duration
	Done, Of int
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("the recipe was stopped at its time budget of %s, after %d of its %d quotas (nothing was picked): use fewer quotas, or narrow the filter (a kind, a source, a tag)",
		e.Budget, e.Done, e.Of)
}

// ParseRecipe reads a recipe as people write it: quotas FIELD=RANGE:N
// separated by commas, semicolons or line breaks, FIELD rank (RANGE
// "3", "3-4", "5-", "-2") or the key of a scale the kinds declare with a
// filter (voc; Sudoku's er: "2-3", "6.5-7.5", "7-"). Errors name the
// quota and say what to write.
func ParseRecipe(s string, voc pencilbox.Vocabulary) (Recipe, error) {
	var r Recipe
	total := 0
	for item := range strings.FieldsFuncSeq(s, func(c rune) bool { return c == ',' || c == ';' || c == '\n' || c == '\r' }) {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		q, err := parseQuota(item, voc)
		if err != nil {
			return nil, err
		}
		if len(r) == MaxRecipeQuotas {
			return nil, fmt.Errorf("recipe: more than %d quotas; a recipe takes at most %d (count several puzzles in one quota: rank=3:5 rather than five rank=3:1)", MaxRecipeQuotas, MaxRecipeQuotas)
		}
		total += q.N
		if total > MaxRecipePuzzles {
			return nil, fmt.Errorf("recipe: more than %d puzzles asked for", MaxRecipePuzzles)
		}
		r = append(r, q)
	}
	if len(r) == 0 {
		return nil, errors.New("recipe: no quota; write them like rank=1:1, rank=2:1, rank=7:2" + scaleExample(voc, " or %[1]s=2-3:2, %[1]s=6.5-7.5:1"))
	}
	return r, nil
}

// scaleExample is format with the first filterable scale's key, or ""
// when no kind has one.
func scaleExample(voc pencilbox.Vocabulary, format string) string {
	if sc := voc.ScaleKeys(); len(sc) > 0 {
		return fmt.Sprintf(format, sc[0].Key)
	}
	return ""
}

func parseQuota(item string, voc pencilbox.Vocabulary) (Quota, error) {
	bad := func(why string) (Quota, error) {
		return Quota{}, fmt.Errorf("recipe quota %q: %s", item, why)
	}
	field, rest, ok := strings.Cut(item, "=")
	rng, count, ok2 := strings.Cut(rest, ":")
	if !ok || !ok2 {
		return bad("write FIELD=RANGE:COUNT, like rank=3:2 (two puzzles of rank 3)" + scaleExample(voc, " or %s=6.5-7.5:1"))
	}
	q := Quota{Field: strings.ToLower(strings.TrimSpace(field)), Text: strings.Join(strings.Fields(item), "")}
	n, err := strconv.Atoi(strings.TrimSpace(count))
	if err != nil || n < 1 {
		return bad(fmt.Sprintf("the count %q is not a number of puzzles (1 or more)", strings.TrimSpace(count)))
	}
	q.N = n
	switch q.Field {
	case "rank", "stars":
		q.Field = "rank"
		lo, hi, err := pencilbox.ParseRange(rng, "rank")
		if err != nil {
			return bad(err.Error())
		}
		if lo == 0 && hi == 0 {
			return bad("give a rank or a range, like rank=3:1 or rank=5-6:2")
		}
		q.Lo, q.Hi = float64(lo), float64(hi)
	default:
		fields := []string{"rank"}
		for _, sc := range voc.ScaleKeys() {
			fields = append(fields, sc.Key)
		}
		if !slices.Contains(fields[1:], q.Field) {
			return bad("the field is " + strings.Join(fields, " or "))
		}
		if strings.TrimSpace(rng) == "" || strings.Trim(strings.TrimSpace(rng), "-–") == "" {
			return bad(fmt.Sprintf("give a rating or a range, like %[1]s=2-3:2 or %[1]s=7-:1", q.Field))
		}
		var f pencilbox.Filter
		if err := voc.ApplyScale(&f, q.Field, rng, q.Field); err != nil {
			return bad(err.Error())
		}
		q.Lo, q.Hi = f.ScaleMin, f.ScaleMax
		q.Kinds, q.Mixed = voc.KindsWith(q.Field)
	}
	return q, nil
}

// String writes the recipe back as ParseRecipe reads it.
func (r Recipe) String() string {
	parts := make([]string, len(r))
	for i, q := range r {
		parts[i] = q.Text
	}
	return strings.Join(parts, ", ")
}

// ShortError says which quotas could not be filled: each with how many
// unused puzzles of the filter it found and how many it wants. Nothing
// was picked.
type ShortError struct {
	Short []Shortfall
}

// Shortfall is one quota that could not be filled.
type Shortfall struct {
	Quota     Quota
	Available int // unused puzzles of the filter in its range (not taken by an earlier quota)
}

func (e *ShortError) Error() string {
	parts := make([]string, len(e.Short))
	for i, s := range e.Short {
		parts[i] = fmt.Sprintf("%s wants %d, %d unused %s available", s.Quota.Text, s.Quota.N, s.Available,
			map[bool]string{true: "puzzle", false: "puzzles"}[s.Available == 1])
	}
	return "the recipe cannot be filled: " + strings.Join(parts, "; ") + " (unused: never published, in no set; within the filter)"
}

// Pick fills the recipe from the unused puzzles of f (never published, in
// no set), picked at random with seed: the same seed on the same library
// picks the same puzzles. It returns their ids ordered easy to hard (by
// rank, then second rating, then score, then id; an ER recipe by second
// rating first). A quota that cannot be filled fails the whole recipe
// with a *ShortError naming every short quota. f's sort, cursor and
// limits are ignored. Quotas of the same range read it once. A ctx
// deadline (WithRecipeBudget: the callers give DefaultRecipeBudget, or
// their own) that ends the reads is a *BudgetError saying how far it got.
func Pick(ctx context.Context, store pencilbox.BulkReader, f pencilbox.Filter, r Recipe, seed uint64) ([]int64, error) {
	start := time.Now()
	done := 0
	ids, err := pick(ctx, store, f, r, seed, &done)
	var short *ShortError
	if err != nil && !errors.As(err, &short) && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		budget, ok := ctx.Value(budgetKey{}).(time.Duration)
		if !ok {
			budget = time.Since(start).Round(time.Millisecond)
		}
		return nil, &BudgetError{Budget: budget, Done: done, Of: len(r)}
	}
	return ids, err
}

func pick(ctx context.Context, store pencilbox.BulkReader, f pencilbox.Filter, r Recipe, seed uint64, done *int) ([]int64, error) {
	// Unused is read as "not among the used", whose ids are few: a
	// quota's candidates come from its range's index alone, without a
	// seek per candidate into the sets and publications (a common rank
	// holds hundreds of thousands of puzzles: docs/BENCHMARKS.md).
	taken, err := usedIDs(ctx, store)
	if err != nil {
		return nil, fmt.Errorf("recipe: %w", err)
	}
	f.Published, f.InSet, f.Outlet = "", "", ""
	f.Sort, f.Desc, f.After, f.Offset, f.Limit = "", false, "", 0, 0
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	var picks []int64
	var short []Shortfall
	byScale := false
	read := map[[2]float64][]int64{} // a range's ids, by field (rank lo-hi or scale lo-hi as given)
	for i, q := range r {
		*done = i
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		g, ok := narrow(f, q)
		var ids []int64
		key := [2]float64{q.Lo, q.Hi}
		if q.Field != "rank" {
			key = [2]float64{-1 - q.Lo, -1 - q.Hi} // apart from the ranks
		}
		if cached, seen := read[key]; seen {
			ids = cached
		} else if ok {
			var err error
			if ids, err = store.IDs(ctx, g, 0); err != nil {
				return nil, fmt.Errorf("recipe quota %s: %w", q.Text, err)
			}
			read[key] = ids
		}
		avail := ids[:0:0]
		for _, id := range ids {
			if !taken[id] {
				avail = append(avail, id)
			}
		}
		if len(avail) < q.N {
			short = append(short, Shortfall{q, len(avail)})
			continue
		}
		// A partial Fisher-Yates shuffle: the first N of a seeded
		// permutation of the candidates in id order.
		for i := range q.N {
			j := i + rng.IntN(len(avail)-i)
			avail[i], avail[j] = avail[j], avail[i]
			taken[avail[i]] = true
			picks = append(picks, avail[i])
		}
		byScale = byScale || q.Field != "rank"
	}
	*done = len(r)
	if len(short) > 0 {
		return nil, &ShortError{short}
	}
	return easyToHard(ctx, store, picks, byScale)
}

// usedIDs are the puzzles published or in a set.
func usedIDs(ctx context.Context, store pencilbox.BulkReader) (map[int64]bool, error) {
	used := map[int64]bool{}
	for _, f := range []pencilbox.Filter{{Published: "yes"}, {InSet: "yes"}} {
		ids, err := store.IDs(ctx, f, 0)
		if err != nil {
			return nil, err
		}
		for _, id := range ids {
			used[id] = true
		}
	}
	return used, nil
}

// narrow is f within q's range; ok is false when the two do not meet.
func narrow(f pencilbox.Filter, q Quota) (pencilbox.Filter, bool) {
	switch q.Field {
	case "rank":
		lo, hi := max(f.RankMin, int(q.Lo)), f.RankMax
		if q.Hi > 0 && (hi == 0 || int(q.Hi) < hi) {
			hi = int(q.Hi)
		}
		f.RankMin, f.RankMax = lo, hi
		return f, hi == 0 || lo <= hi
	default:
		if f.Kind != "" && q.Kinds != nil && !slices.Contains(q.Kinds, f.Kind) {
			return f, false // the kind has no such scale
		}
		if f.Kind == "" && q.Mixed {
			f.ScaleKinds = q.Kinds
		}
		f.ScaleKey = q.Field
		lo, hi := max(f.ScaleMin, q.Lo), f.ScaleMax
		if q.Hi > 0 && (hi == 0 || q.Hi < hi) {
			hi = q.Hi
		}
		f.ScaleMin, f.ScaleMax = lo, hi
		return f, hi == 0 || lo <= hi
	}
}

// easyToHard orders ids by rank, second rating, score and id (second
// rating first when byScale).
func easyToHard(ctx context.Context, store pencilbox.BulkReader, ids []int64, byScale bool) ([]int64, error) {
	var ps []pencilbox.Puzzle
	err := store.BulkIDs(ctx, ids, pencilbox.BulkOptions{}, func(part []pencilbox.Puzzle) error {
		ps = append(ps, part...)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("recipe: %w", err)
	}
	key := func(p pencilbox.Puzzle) []float64 {
		if byScale {
			return []float64{p.Scales[0], float64(p.Rank), p.Score, float64(p.ID)}
		}
		return []float64{float64(p.Rank), p.Scales[0], p.Score, float64(p.ID)}
	}
	slices.SortFunc(ps, func(a, b pencilbox.Puzzle) int { return slices.Compare(key(a), key(b)) })
	out := make([]int64, len(ps))
	for i, p := range ps {
		out[i] = p.ID
	}
	return out, nil
}

// BuildSet fills the recipe from f (Pick) and appends the picks to the
// set id, in order, and returns them. The picks are unused, so the set
// store's reuse check passes unless another writer used one meanwhile
// (then its *pencilbox.ReuseError is returned and nothing is added).
func BuildSet(ctx context.Context, sets pencilbox.SetStore, store pencilbox.BulkReader, id int64, f pencilbox.Filter, r Recipe, seed uint64) ([]int64, error) {
	ids, err := Pick(ctx, store, f, r, seed)
	if err != nil {
		return nil, err
	}
	if _, err := sets.Add(ctx, id, ids, false); err != nil {
		return nil, err
	}
	return ids, nil
}

// RecipePending counts the candidates a recipe on a scale could not
// consider: the unused puzzles of f whose scale the rating queue has not
// rated yet (KEY=pending), for the first quota on a scale; key is that
// scale's key ("" and 0 when the recipe has none). The callers say it
// beside what they built, so a set made while the queue works says what
// it left out.
func RecipePending(ctx context.Context, store pencilbox.BulkReader, f pencilbox.Filter, r Recipe) (n int, key string, err error) {
	for _, q := range r {
		if q.Field == "rank" {
			continue
		}
		if f.Kind != "" && q.Kinds != nil && !slices.Contains(q.Kinds, f.Kind) {
			return 0, q.Field, nil
		}
		taken, err := usedIDs(ctx, store)
		if err != nil {
			return 0, q.Field, fmt.Errorf("recipe: %w", err)
		}
		g := f
		g.Published, g.InSet, g.Outlet = "", "", ""
		g.Sort, g.Desc, g.After, g.Offset, g.Limit = "", false, "", 0, 0
		g.ScaleMin, g.ScaleMax, g.ScaleKey, g.ScalePending = 0, 0, q.Field, true
		g.ScaleKinds = append([]string{}, q.Kinds...)
		if f.Kind != "" {
			g.ScaleKinds = []string{f.Kind}
		}
		ids, err := store.IDs(ctx, g, 0)
		if err != nil {
			return 0, q.Field, fmt.Errorf("recipe: pending candidates: %w", err)
		}
		for _, id := range ids {
			if !taken[id] {
				n++
			}
		}
		return n, q.Field, nil
	}
	return 0, "", nil
}

// PendingNote says what RecipePending found, for a message: "; 12
// candidates still pending (er=pending) were left out: the rating queue
// has not rated them"; "" when none.
func PendingNote(n int, key string) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("; %d %s still pending (%s=%s) %s left out: the rating queue has not rated them yet",
		n, map[bool]string{true: "candidate", false: "candidates"}[n == 1], key, pencilbox.PendingWord, map[bool]string{true: "was", false: "were"}[n == 1])
}
