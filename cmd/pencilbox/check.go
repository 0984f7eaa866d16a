package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"time"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/library"
)

// runCheck is `pencilbox check`: the integrity check, then every stored
// analysis against the engine. Exit status: 0 all agree, 1 mismatches or
// a damaged database (after --fix: the mismatches were mended), 2 no
// database.
func runCheck(e *env, args []string) int {
	fs := newFlags(e, "check")
	dbPath := fs.String("db", db.DefaultPath(e.getenv), "library database (default $PENCILBOX_DB or ./pencilbox.db)")
	fix := fs.Bool("fix", false, "store the engine's analysis where it differs")
	jobs := fs.Int("jobs", runtime.GOMAXPROCS(0), "rating workers")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 {
		fs.Usage()
		return 2
	}
	if _, err := os.Stat(*dbPath); err != nil {
		fmt.Fprintln(e.stderr, "pencilbox check: no library at", *dbPath)
		return 2
	}
	store, err := db.Open(*dbPath, db.ScanReads())
	if err != nil {
		fmt.Fprintln(e.stderr, "pencilbox check:", err)
		return 2
	}
	defer store.Close()
	// --fix's changes are written in the audit log under cli:USER
	ctx, stop := signal.NotifyContext(cliActor(context.Background(), e), os.Interrupt)
	defer stop()
	start := time.Now()
	// --fix rates the queue's pending under its lease: never beside
	// serve or rate-queue rating them
	queue := &library.RateQueue{Store: store, State: store, Lease: store, Holder: "check", Kinds: e.kinds, Second: e.second,
		Jobs: *jobs, Progress: progressTo(e), Label: e.queuedScales()}
	rep, err := library.Check(ctx, store, e.kinds, library.CheckOptions{Jobs: *jobs, Fix: *fix, Report: e.stdout,
		Second: e.second, Progress: progressTo(e), Queue: queue})
	if err != nil {
		fmt.Fprintln(e.stderr, "pencilbox check:", err)
		return 2
	}
	// A table, view, index or trigger the migrations do not make (a
	// trigger deleting new audit rows) is found by no integrity check.
	diff, err := db.SchemaDiff(ctx, store.W)
	if err != nil {
		fmt.Fprintln(e.stderr, "pencilbox check:", err)
		return 2
	}
	for _, d := range diff {
		fmt.Fprintf(e.stdout, "schema: %s (not as pencilbox's migrations make it)\n", d)
	}
	// A user named as the audit log names its own rows (a library from
	// before the rule) makes the log's rows ambiguous.
	badUsers, err := userNameFindings(ctx, db.UserStore{DB: store.W})
	if err != nil {
		fmt.Fprintln(e.stderr, "pencilbox check:", err)
		return 2
	}
	for _, f := range badUsers {
		fmt.Fprintln(e.stdout, "users:", f)
	}
	if rep.QueueHeld.Holder != "" {
		fmt.Fprintf(e.stdout, "the rating queue is worked by %s since %s: --fix leaves its pending puzzles to it\n",
			rep.QueueHeld, rep.QueueHeld.Since.UTC().Format("2006-01-02 15:04 UTC"))
	}
	if rep.Filled > 0 {
		fmt.Fprintf(e.stdout, "rated %d puzzles on their kind's second scale (%s)\n", rep.Filled, e.queuedScales())
		if err := recordFill(ctx, store, e, rep.Filled); err != nil {
			fmt.Fprintln(e.stderr, "pencilbox check:", err)
			return 2
		}
	}
	empty, err := emptySets(ctx, store)
	if err != nil {
		fmt.Fprintln(e.stderr, "pencilbox check:", err)
		return 2
	}
	for _, s := range empty {
		fmt.Fprintf(e.stdout, "empty set %q (id %d, last changed %s): a recipe build or generate --set killed between making a set and filling it left such sets before both became one transaction; if it is not wanted: pencilbox set delete %q\n",
			s.Name, s.ID, s.Updated.Format("2006-01-02 15:04"), s.Name)
	}
	fmt.Fprintf(e.stdout, "integrity: %s; checked %d puzzles in %.1f s: %d mismatches", rep.Integrity, rep.Checked, time.Since(start).Seconds(), rep.Mismatches)
	if *fix {
		fmt.Fprintf(e.stdout, ", %d fixed", rep.Fixed)
	}
	if rep.Pending > 0 {
		fmt.Fprintf(e.stdout, "; %d pending for the rating queue (%s: pencilbox rate-queue, or check --fix, rates them)", rep.Pending, e.queuedScales())
	}
	if len(empty) > 0 {
		// a set may be empty on purpose (set create): said, not failed
		fmt.Fprintf(e.stdout, "; %d empty %s (listed above)", len(empty), map[bool]string{true: "set", false: "sets"}[len(empty) == 1])
	}
	fmt.Fprintln(e.stdout)
	if rep.Integrity != "ok" || rep.Mismatches > 0 || len(diff) > 0 || len(badUsers) > 0 {
		return 1
	}
	return 0
}

// emptySets are the library's sets without a puzzle: made empty on
// purpose (set create, the site's New set), emptied, or left by a crash
// between making a set and filling it, as the recipe builds and
// generate --set did when those were two transactions.
func emptySets(ctx context.Context, store *db.DB) ([]pencilbox.Set, error) {
	all, err := store.Sets().List(ctx)
	if err != nil {
		return nil, fmt.Errorf("sets: %w", err)
	}
	var out []pencilbox.Set
	for _, s := range all {
		if s.Count == 0 {
			out = append(out, s)
		}
	}
	return out, nil
}

// userNameFindings says which users have a name the current rule refuses
// (db.ValidUserName: the audit log's own actors, ".", ".."), or one that
// differs from another user's only in case: users a library made before
// the rule may still have. The rows they write cannot be told from the
// log's own, or from each other's.
func userNameFindings(ctx context.Context, users db.UserStore) ([]string, error) {
	list, err := users.List(ctx)
	if err != nil {
		return nil, fmt.Errorf("users: %w", err)
	}
	var out []string
	seen := map[string]string{}
	for _, u := range list {
		if err := db.ValidUserName(u.Name); err != nil {
			out = append(out, fmt.Sprintf("%v; delete this user (pencilbox user delete) and add the person under another name", err))
		}
		key := strings.ToLower(u.Name)
		if other, ok := seen[key]; ok {
			out = append(out, fmt.Sprintf("users %q and %q differ only in case: the audit log and the user list read them as one; delete one of them", other, u.Name))
		}
		seen[key] = u.Name
	}
	return out, nil
}
