package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"pencilbox/db"
)

// runRestore is `pencilbox restore`: the library replaced by a backup. The
// backup is checked first and a damaged one refused; the library must not
// be open in another program (a running serve); the old file is kept
// aside, never deleted. A backup whose schema is not the release's (an
// extra trigger, view, table or index) is refused; the restore is
// recorded in the restored library's audit log. Exit status: 0 restored,
// 1 refused (a damaged backup, a foreign schema, the library in use), 2
// bad usage or an unreadable file.
func runRestore(e *env, args []string) int {
	fs := newFlags(e, "restore")
	dbPath := fs.String("db", db.DefaultPath(e.getenv), "library database to replace (default $PENCILBOX_DB or ./pencilbox.db)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	from := fs.Arg(0)
	// the restore is written in the restored library's audit log
	ctx := cliActor(context.Background(), e)
	aside, err := db.Restore(ctx, *dbPath, from, time.Now())
	switch {
	case errors.Is(err, db.ErrSchema):
		fmt.Fprintf(e.stderr, "pencilbox restore: the backup %s holds tables, views, indexes or triggers that pencilbox does not make (or lacks some it makes): it was not made by pencilbox as it is, or was changed since; %s was not changed\n  (%v)\n", from, *dbPath, err)
		return 1
	case errors.Is(err, db.ErrDamaged):
		fmt.Fprintf(e.stderr, "pencilbox restore: the backup %s is damaged or not a pencilbox library; %s was not changed: restore an older backup\n  (%v)\n", from, *dbPath, err)
		return 1
	case errors.Is(err, db.ErrInUse), errors.Is(err, db.ErrExists):
		fmt.Fprintf(e.stderr, "pencilbox restore: %v; %s was not changed\n", err, *dbPath)
		return 1
	case err != nil:
		fmt.Fprintln(e.stderr, "pencilbox restore:", err)
		return 2
	}
	// Open it as the server will (an older backup's schema upgrades here)
	// and count what came back.
	store, err := db.Open(*dbPath)
	if err != nil {
		fmt.Fprintln(e.stderr, "pencilbox restore: the restored library does not open:", describe(err, *dbPath))
		return 2
	}
	defer store.Close()
	st, err := store.Stats(ctx)
	if err != nil {
		fmt.Fprintln(e.stderr, "pencilbox restore:", describe(err, *dbPath))
		return 2
	}
	n := 0
	for _, k := range st.Kinds {
		n += k.Total
	}
	fmt.Fprintf(e.stdout, "restored %s from %s (%d puzzles)\n", *dbPath, from, n)
	if aside != "" {
		fmt.Fprintf(e.stdout, "the previous library is kept as %s (delete it when you no longer need it)\n", aside)
	}
	return 0
}
