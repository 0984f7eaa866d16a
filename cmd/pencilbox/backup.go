package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"pencilbox/db"
)

// runBackup is `pencilbox backup`: a consistent copy of a live database.
// Exit status: 0 copied, 1 a bad request (DEST exists, no such folder), 2
// no database.
func runBackup(e *env, args []string) int {
	fs := newFlags(e, "backup")
	dbPath := fs.String("db", db.DefaultPath(e.getenv), "library database (default $PENCILBOX_DB or ./pencilbox.db)")
	force := fs.Bool("force", false, "replace DEST if it exists")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	dest := fs.Arg(0)
	if _, err := os.Stat(*dbPath); err != nil {
		fmt.Fprintln(e.stderr, "pencilbox backup: no library at", *dbPath)
		return 2
	}
	store, err := db.Open(*dbPath)
	if err != nil {
		fmt.Fprintln(e.stderr, "pencilbox backup:", err)
		return 2
	}
	defer store.Close()
	start := time.Now()
	if err := store.Backup(context.Background(), dest, *force); err != nil {
		fmt.Fprintln(e.stderr, "pencilbox backup:", err)
		return 1
	}
	st, _ := os.Stat(dest)
	fmt.Fprintf(e.stdout, "backed up %s to %s (%d MB) in %.1f s\n", *dbPath, dest, st.Size()>>20, time.Since(start).Seconds())
	return 0
}
