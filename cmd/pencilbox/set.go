package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/library"
)

// runSet is `pencilbox set list|show|create|add|remove|build|publish|reopen|delete`:
// the admin's sets for scripts. Exit status: 0 done, 1 refused (no such
// set, used puzzles without --allow-reuse, a recipe that cannot be
// filled, a repeated publication, a change to a published set before
// `set reopen`), 2 bad flags or arguments, or no database. Flags may come
// before or after the arguments.
func runSet(e *env, args []string) int {
	subs := setCommands()
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		setUsage(e, subs)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	for _, c := range subs {
		if c.name == args[0] {
			return c.run(e, args[1:])
		}
	}
	fmt.Fprintf(e.stderr, "pencilbox set: unknown subcommand %q\n\n", args[0])
	setUsage(e, subs)
	return 2
}

func setUsage(e *env, subs []command) {
	fmt.Fprintln(e.stderr, usageFor("set"))
	fmt.Fprintln(e.stderr, "\nSubcommands:")
	for _, c := range subs {
		fmt.Fprintf(e.stderr, "  set %-8s %s\n           %s\n", c.name, c.args, c.summary)
	}
	fmt.Fprintln(e.stderr, "\n'pencilbox set SUBCOMMAND -h' lists its flags.")
}

func setCommands() []command {
	return []command{
		{"list", "", "every set: NAME, COUNT, UPDATED, PUBLISHED (outlet date; ...), tab-separated", setList},
		{"show", "NAME", "one line per puzzle: POSITION, ID, GIVENS, RANK, SCORE, ER, KIND, tab-separated", setShow},
		{"create", "[--notes T] NAME", "make an empty set", setCreate},
		{"add", "[--allow-reuse] [--limit N] NAME (ID... | filter flags)", "append puzzles (ids, or a filter's matches in its order); used ones (published, in another set) are refused unless --allow-reuse", setAdd},
		{"remove", "NAME ID...", "take puzzles out of a set", setRemove},
		{"build", "--recipe R [--seed S] [filter flags] NAME", "make or extend a set from a recipe (rank=1:1, rank=7:2 or er=6.5-7.5:1): unused puzzles of the filter, picked at random with the seed, easy to hard", setBuild},
		{"publish", "--outlet O [--date YYYY-MM-DD] NAME", "record the set as published (its puzzles keep the record) and lock it; several times for several outlets", setPublish},
		{"reopen", "NAME", "unlock a published set for changes (its publications stay, stamped as reopened; the audit log records it)", setReopen},
		{"delete", "NAME", "remove a set (its publications stay with its puzzles)", setDelete},
	}
}

// setCmd is one set subcommand's run: its flags, the database, and how it
// fails.
type setCmd struct {
	e      *env
	name   string
	fs     *flag.FlagSet
	dbPath *string
	args   []string // positional arguments, flags removed
	store  *db.DB
	sets   db.SetStore
	ctx    context.Context
	stop   func()
}

func newSetCmd(e *env, name string) *setCmd {
	c := &setCmd{e: e, name: name, fs: flag.NewFlagSet("set "+name, flag.ContinueOnError)}
	c.fs.SetOutput(e.stderr)
	c.fs.Usage = func() {
		for _, s := range setCommands() {
			if s.name == name {
				fmt.Fprintf(e.stderr, "Usage: pencilbox set %s %s\n\n%s.\n", s.name, s.args, strings.ToUpper(s.summary[:1])+s.summary[1:])
			}
		}
		fmt.Fprintln(e.stderr, "\nFlags:")
		c.fs.PrintDefaults()
	}
	c.dbPath = c.fs.String("db", db.DefaultPath(e.getenv), "library database (default $PENCILBOX_DB or ./pencilbox.db)")
	return c
}

// parse reads flags wherever they stand among the arguments and checks
// the argument count (max < 0: no upper bound); false means the usage
// was printed (exit 2).
func (c *setCmd) parse(args []string, lo, hi int) bool {
	var pos []string
	for {
		if err := c.fs.Parse(args); err != nil {
			return false
		}
		args = c.fs.Args()
		if len(args) == 0 {
			break
		}
		pos, args = append(pos, args[0]), args[1:]
	}
	if len(pos) < lo || hi >= 0 && len(pos) > hi {
		c.fs.Usage()
		return false
	}
	c.args = pos
	return true
}

// fail prints the error and returns code.
func (c *setCmd) fail(code int, err error) int {
	fmt.Fprintf(c.e.stderr, "pencilbox set %s: %v\n", c.name, err)
	return code
}

// open opens the library (an existing file only); 0 on success, else
// the exit status. Writes are logged as the command line's user.
func (c *setCmd) open() int {
	if _, err := os.Stat(*c.dbPath); err != nil {
		return c.fail(2, fmt.Errorf("no library at %s: %w", *c.dbPath, err))
	}
	store, err := db.Open(*c.dbPath)
	if err != nil {
		return c.fail(2, errors.New(describe(err, *c.dbPath)))
	}
	c.store, c.sets = store, store.Sets()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	c.ctx, c.stop = cliActor(ctx, c.e), stop
	return 0
}

func (c *setCmd) close() {
	if c.stop != nil {
		c.stop()
	}
	if c.store != nil {
		c.store.Close()
	}
}

// storeErr is the exit status and message of a store error: 1 for a
// refusal, the library's own words for a full disk or a damaged file. A
// published set's refusal says how to reopen it.
func (c *setCmd) storeErr(err error) int {
	if le := (*pencilbox.LockedError)(nil); errors.As(err, &le) {
		return c.fail(1, fmt.Errorf("%w (unlock it with: pencilbox set reopen %s)", err, shellQuote(le.Set)))
	}
	return c.fail(1, errors.New(describe(err, *c.dbPath)))
}

// shellQuote is s as one shell word, for a command a message suggests.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// set finds the set named by the first argument.
func (c *setCmd) set() (pencilbox.Set, []int64, int) {
	si, ids, err := c.sets.ByName(c.ctx, c.args[0])
	if errors.Is(err, pencilbox.ErrNoSet) {
		return si, nil, c.fail(1, fmt.Errorf("no set named %q ('pencilbox set list' lists them)", c.args[0]))
	}
	if err != nil {
		return si, nil, c.storeErr(err)
	}
	return si, ids, 0
}

func setList(e *env, args []string) int {
	c := newSetCmd(e, "list")
	if !c.parse(args, 0, 0) {
		return 2
	}
	if code := c.open(); code != 0 {
		return code
	}
	defer c.close()
	all, err := c.sets.List(c.ctx)
	if err != nil {
		return c.storeErr(err)
	}
	for _, s := range all {
		pubs, err := c.sets.Publications(c.ctx, s.ID)
		if err != nil {
			return c.storeErr(err)
		}
		var ps []string
		for _, p := range pubs {
			ps = append(ps, p.Outlet+" "+p.Date)
		}
		published := "-"
		if len(ps) > 0 {
			published = strings.Join(ps, "; ")
		}
		fmt.Fprintf(e.stdout, "%s\t%d\t%s\t%s\n", tabless(s.Name), s.Count, s.Updated.Format(time.DateOnly), tabless(published))
	}
	return 0
}

// tabless keeps a field of tab-separated output on its line and column.
func tabless(s string) string { return strings.NewReplacer("\t", " ", "\n", " ", "\r", " ").Replace(s) }

func setShow(e *env, args []string) int {
	c := newSetCmd(e, "show")
	if !c.parse(args, 1, 1) {
		return 2
	}
	if code := c.open(); code != 0 {
		return code
	}
	defer c.close()
	_, ids, code := c.set()
	if code != 0 {
		return code
	}
	pos := make(map[int64]int, len(ids))
	for i, id := range ids {
		pos[id] = i + 1
	}
	err := c.store.BulkIDs(c.ctx, ids, pencilbox.BulkOptions{}, func(ps []pencilbox.Puzzle) error {
		for _, p := range ps {
			er := ""
			if p.Scales[0] > 0 {
				er = e.scaleText(p.Kind, 0, p.Scales[0])
			}
			if _, err := fmt.Fprintf(e.stdout, "%d\t%d\t%s\t%d\t%s\t%s\t%s\n", pos[p.ID], p.ID, p.Givens, p.Rank,
				strconv.FormatFloat(p.Score, 'f', -1, 64), er, p.Kind); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return c.storeErr(err)
	}
	return 0
}

func setCreate(e *env, args []string) int {
	c := newSetCmd(e, "create")
	notes := c.fs.String("notes", "", "the set's notes")
	if !c.parse(args, 1, 1) {
		return 2
	}
	if code := c.open(); code != 0 {
		return code
	}
	defer c.close()
	if _, err := c.sets.Create(c.ctx, c.args[0], *notes); err != nil {
		return c.storeErr(err)
	}
	fmt.Fprintf(e.stdout, "created set %q\n", strings.TrimSpace(c.args[0]))
	return 0
}

// maxSetAdd bounds the puzzles one `set add` takes from a filter without
// --limit (the web's default, DefaultMaxSetAdd).
const maxSetAdd = 10000

func setAdd(e *env, args []string) int {
	c := newSetCmd(e, "add")
	reuse := c.fs.Bool("allow-reuse", false, "add puzzles already published or in another set")
	limit := c.fs.Int("limit", 0, fmt.Sprintf("take at most N of the filter's matches (default: refuse a filter of more than %d)", maxSetAdd))
	ff := addFilterFlags(e, c.fs, true)
	if !c.parse(args, 1, -1) {
		return 2
	}
	f, err := ff.filter()
	if err != nil {
		return c.fail(2, err)
	}
	var ids []int64
	for _, a := range c.args[1:] {
		id, err := strconv.ParseInt(a, 10, 64)
		if err != nil || id < 1 {
			return c.fail(2, fmt.Errorf("%q is not a puzzle id", a))
		}
		ids = append(ids, id)
	}
	switch {
	case len(ids) > 0 && ff.set():
		return c.fail(2, errors.New("give puzzle ids or filter flags, not both"))
	case len(ids) == 0 && !ff.set():
		return c.fail(2, errors.New("give puzzle ids or filter flags (--kind, --rank, --tag, --published no, ...)"))
	case *limit < 0:
		return c.fail(2, fmt.Errorf("--limit %d: want a count of puzzles", *limit))
	}
	if code := c.open(); code != 0 {
		return code
	}
	defer c.close()
	si, _, code := c.set()
	if code != 0 {
		return code
	}
	if len(ids) > 0 {
		missing, err := c.store.Missing(c.ctx, ids)
		if err != nil {
			return c.storeErr(err)
		}
		if len(missing) > 0 {
			return c.fail(1, fmt.Errorf("no puzzle has the id %s: nothing was added", joinIDs(missing)))
		}
	} else {
		take := *limit
		if take == 0 {
			take = maxSetAdd + 1
		}
		if ids, err = c.store.IDs(c.ctx, f, take); err != nil {
			return c.storeErr(err)
		}
		if *limit == 0 && len(ids) > maxSetAdd {
			return c.fail(1, fmt.Errorf("the filter matches more than %d puzzles: narrow it, or take its first N with --limit N", maxSetAdd))
		}
		if len(ids) == 0 {
			return c.fail(1, errors.New("no puzzles match the filter: nothing was added"))
		}
	}
	n, err := c.sets.Add(c.ctx, si.ID, ids, *reuse)
	var re *pencilbox.ReuseError
	if errors.As(err, &re) {
		return c.fail(1, fmt.Errorf("%v. Add them anyway with --allow-reuse, or leave them out", re))
	}
	if err != nil {
		return c.storeErr(err)
	}
	fmt.Fprintf(e.stdout, "added %d puzzles to set %q (%d already in it)\n", n, si.Name, len(ids)-n)
	return 0
}

func joinIDs(ids []int64) string {
	parts := make([]string, 0, min(len(ids), 21))
	for i, id := range ids {
		if i == 20 {
			parts = append(parts, fmt.Sprintf("and %d more", len(ids)-i))
			break
		}
		parts = append(parts, strconv.FormatInt(id, 10))
	}
	return strings.Join(parts, ", ")
}

func setRemove(e *env, args []string) int {
	c := newSetCmd(e, "remove")
	if !c.parse(args, 2, -1) {
		return 2
	}
	var ids []int64
	for _, a := range c.args[1:] {
		id, err := strconv.ParseInt(a, 10, 64)
		if err != nil || id < 1 {
			return c.fail(2, fmt.Errorf("%q is not a puzzle id", a))
		}
		ids = append(ids, id)
	}
	if code := c.open(); code != 0 {
		return code
	}
	defer c.close()
	si, in, code := c.set()
	if code != 0 {
		return code
	}
	held := make(map[int64]bool, len(in))
	for _, id := range in {
		held[id] = true
	}
	var absent []int64
	for _, id := range ids {
		if !held[id] {
			absent = append(absent, id)
		}
	}
	if len(absent) > 0 {
		return c.fail(1, fmt.Errorf("set %q does not hold puzzle %s: nothing was removed", si.Name, joinIDs(absent)))
	}
	for _, id := range ids {
		if err := c.sets.Remove(c.ctx, si.ID, id); err != nil {
			return c.storeErr(err)
		}
	}
	fmt.Fprintf(e.stdout, "removed %d puzzles from set %q\n", len(ids), si.Name)
	return 0
}

func setBuild(e *env, args []string) int {
	c := newSetCmd(e, "build")
	recipeFlag := c.fs.String("recipe", "", "quotas: rank=1:1, rank=2:1, rank=7:2 or er=2-3:2, er=6.5-7.5:1 (required)")
	seedFlag := c.fs.String("seed", "", "pick with this seed (a number): the same seed on the same library picks the same puzzles (default: a random seed, printed)")
	budget := c.fs.Duration("budget", library.DefaultRecipeBudget, "longest time filling the recipe may take; past it nothing is built")
	ff := addFilterFlags(e, c.fs, false)
	if !c.parse(args, 1, 1) {
		return 2
	}
	if *recipeFlag == "" {
		return c.fail(2, errors.New("--recipe is required, e.g. --recipe 'rank=1:1, rank=2:1, rank=7:2'"))
	}
	if *budget <= 0 {
		return c.fail(2, fmt.Errorf("--budget %s: want a duration above 0, e.g. 30s", *budget))
	}
	recipe, err := library.ParseRecipe(*recipeFlag, e.vocabulary())
	if err != nil {
		return c.fail(2, err)
	}
	f, err := ff.filter()
	if err != nil {
		return c.fail(2, err)
	}
	if f.Published == "yes" || f.InSet != "" && f.InSet != "no" || f.Outlet != "" {
		return c.fail(2, errors.New("a recipe takes only unused puzzles (never published, in no set): drop --published yes, --outlet and --in-set"))
	}
	seed := rand.Uint64() >> 1
	if *seedFlag != "" {
		if seed, err = strconv.ParseUint(*seedFlag, 10, 64); err != nil {
			return c.fail(2, fmt.Errorf("--seed %q: want a whole number", *seedFlag))
		}
	}
	if code := c.open(); code != 0 {
		return code
	}
	defer c.close()
	si, _, err := c.sets.ByName(c.ctx, c.args[0])
	made := errors.Is(err, pencilbox.ErrNoSet)
	if err != nil && !made {
		return c.storeErr(err)
	}
	if !made {
		// A published set is refused before the recipe is filled (Add
		// would refuse it after).
		if code := c.refuseLocked(si); code != 0 {
			return code
		}
	}
	// Picked before the set is made: a recipe that cannot be filled
	// makes no set.
	pctx, cancel := library.WithRecipeBudget(c.ctx, *budget)
	ids, err := library.Pick(pctx, c.store, f, recipe, seed)
	cancel()
	var short *library.ShortError
	if errors.As(err, &short) {
		// the rating queue may hold what it lacks
		if n, key, perr := library.RecipePending(c.ctx, c.store, f, recipe); perr == nil && n > 0 {
			fmt.Fprintln(e.stderr, "pencilbox set build: "+strings.TrimPrefix(library.PendingNote(n, key), "; "))
		}
	}
	if err != nil {
		return c.buildErr(err)
	}
	if made {
		// made with its puzzles in one transaction: a kill leaves no
		// empty set
		if si.ID, _, err = c.sets.CreateFilled(c.ctx, c.args[0], "", ids, false); err != nil {
			return c.buildErr(err)
		}
		si.Name = strings.TrimSpace(c.args[0])
	} else if _, err := c.sets.Add(c.ctx, si.ID, ids, false); err != nil {
		return c.buildErr(err)
	}
	verb := "extended"
	if made {
		verb = "built"
	}
	pending, key, err := library.RecipePending(c.ctx, c.store, f, recipe)
	if err != nil {
		return c.storeErr(err)
	}
	fmt.Fprintf(e.stdout, "%s set %q: %d puzzles added from recipe %q, seed %d%s\n", verb, si.Name, len(ids), recipe.String(), seed, library.PendingNote(pending, key))
	return 0
}

func (c *setCmd) buildErr(err error) int {
	var short *library.ShortError
	var over *library.BudgetError
	var re *pencilbox.ReuseError
	if errors.As(err, &short) || errors.As(err, &over) || errors.As(err, &re) {
		return c.fail(1, err)
	}
	return c.storeErr(err)
}

// refuseLocked fails (1) when a publication locks set si, naming it, and
// returns 0 otherwise.
func (c *setCmd) refuseLocked(si pencilbox.Set) int {
	pubs, err := c.sets.Publications(c.ctx, si.ID)
	if err != nil {
		return c.storeErr(err)
	}
	var locking []pencilbox.Publication
	for _, p := range pubs {
		if p.Locks() {
			locking = append(locking, p)
		}
	}
	if len(locking) > 0 {
		return c.storeErr(&pencilbox.LockedError{Set: si.Name, Publications: locking})
	}
	return 0
}

func setReopen(e *env, args []string) int {
	c := newSetCmd(e, "reopen")
	if !c.parse(args, 1, 1) {
		return 2
	}
	if code := c.open(); code != 0 {
		return code
	}
	defer c.close()
	si, _, code := c.set()
	if code != 0 {
		return code
	}
	pubs, err := c.sets.Reopen(c.ctx, si.ID)
	if errors.Is(err, pencilbox.ErrNotLocked) {
		return c.fail(1, err)
	}
	if err != nil {
		return c.storeErr(err)
	}
	var what []string
	for _, p := range pubs {
		what = append(what, p.Outlet+" "+p.Date)
	}
	fmt.Fprintf(e.stdout, "reopened set %q for changes (published in %s: those records stay; publishing it again locks it again)\n",
		si.Name, strings.Join(what, "; "))
	return 0
}

func setPublish(e *env, args []string) int {
	c := newSetCmd(e, "publish")
	outlet := c.fs.String("outlet", "", "where it appears: the paper or site (required)")
	date := c.fs.String("date", "", "the day it appears, YYYY-MM-DD (default today)")
	images := c.fs.Bool("images", false, "print each puzzle as a random image of itself (turned, mirrored, relabelled), kept with the publication: export --set NAME --format pdf --images printed prints them")
	if !c.parse(args, 1, 1) {
		return 2
	}
	if err := pencilbox.CheckOutlet(*outlet); err != nil {
		return c.fail(2, fmt.Errorf("--outlet: %w", err))
	}
	d, err := pencilbox.ParseDate(*date, time.Now())
	if err != nil {
		return c.fail(2, fmt.Errorf("--%w", err))
	}
	if code := c.open(); code != 0 {
		return code
	}
	defer c.close()
	si, _, code := c.set()
	if code != 0 {
		return code
	}
	var image uint64
	if *images {
		image = pencilbox.NewImageSeed()
	}
	pub, err := c.sets.Publish(c.ctx, si.ID, *outlet, d, image)
	if err != nil {
		return c.storeErr(err)
	}
	fmt.Fprintf(e.stdout, "set %q published in %s on %s (%d puzzles)\n", si.Name, pub.Outlet, pub.Date, pub.Count)
	if image != 0 {
		fmt.Fprintf(e.stdout, "printed as random images: export --set %q --format pdf --images printed prints them\n", si.Name)
	}
	return 0
}

func setDelete(e *env, args []string) int {
	c := newSetCmd(e, "delete")
	if !c.parse(args, 1, 1) {
		return 2
	}
	if code := c.open(); code != 0 {
		return code
	}
	defer c.close()
	si, ids, code := c.set()
	if code != 0 {
		return code
	}
	if err := c.sets.Delete(c.ctx, si.ID); err != nil {
		return c.storeErr(err)
	}
	fmt.Fprintf(e.stdout, "deleted set %q (%d puzzles; their publications are kept)\n", si.Name, len(ids))
	return 0
}
