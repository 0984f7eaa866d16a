package library_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"pencilbox/db"
	"pencilbox/internal/damage"
	"pencilbox/library"
)

// TestImportRefusesDamagedDatabase: an import into a database SQLite finds
// malformed (one that check and export fail on) writes nothing and says
// so, naming the file and how to restore it. (It wrote into it.)
func TestImportRefusesDamagedDatabase(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "lib.db")
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := library.Import(ctx, d, registry(), []library.Input{{Name: "a.sdm", R: strings.NewReader(hard + "\n")}}, library.Options{}); err != nil {
		t.Fatal(err)
	}
	d.Close()
	if err := damage.Table(path, "puzzles"); err != nil {
		t.Fatal(err)
	}
	d, err = db.Open(path)
	if err != nil {
		t.Fatalf("the damaged library does not open (the test wants it to): %v", err)
	}
	defer d.Close()
	var jobs int
	d.R.QueryRow(`SELECT count(*) FROM jobs`).Scan(&jobs)
	_, err = library.Import(ctx, d, registry(), []library.Input{{Name: "b.sdm", R: strings.NewReader(image(t) + "\n")}}, library.Options{})
	if !errors.Is(err, db.ErrDamaged) {
		t.Fatalf("import into a damaged library: %v, want ErrDamaged", err)
	}
	msg, ok := db.Explain(err, path)
	if !ok || !strings.Contains(msg, path+" is damaged") || !strings.Contains(msg, "pencilbox backup") || !strings.Contains(msg, "pencilbox check --db "+path) {
		t.Errorf("the user's sentence: %q", msg)
	}
	var after int
	d.R.QueryRow(`SELECT count(*) FROM jobs`).Scan(&after)
	if after != jobs {
		t.Errorf("%d jobs before, %d after: the refused import wrote", jobs, after)
	}
}

// TestFailedJobSaysWhatToDo: an import stopped by a full disk records a
// sentence saying so, naming the library, not SQLite's text ("add batch:
// commit: database or disk is full (13) context canceled" was shown).
func TestFailedJobSaysWhatToDo(t *testing.T) {
	ctx := context.Background()
	d := MustOpen(t)
	// SQLite answers SQLITE_FULL past max_page_count, as on a full disk
	// (the writer is one connection, so the pragma holds for the import).
	var pages int64
	if err := d.W.QueryRow(`PRAGMA page_count`).Scan(&pages); err != nil {
		t.Fatal(err)
	}
	if _, err := d.W.Exec(fmt.Sprint(`PRAGMA max_page_count = `, pages+2)); err != nil {
		t.Fatal(err)
	}
	job, err := library.Import(ctx, d, registry(), []library.Input{{Name: "big.sdm", R: strings.NewReader(strings.Repeat(hard+"\n", 3000))}},
		library.Options{Jobs: 2, BatchSize: 200})
	if err == nil {
		t.Fatal("the import went through a full disk")
	}
	if !strings.Contains(err.Error(), "(13)") {
		t.Errorf("not stopped by the full disk: %v", err)
	}
	want := "The disk holding the library " + d.Path + " is full"
	if !strings.HasPrefix(job.Failed, want) || strings.Contains(job.Failed, "add batch") || strings.Contains(job.Failed, "context canceled") {
		t.Errorf("job says %q, want a sentence starting %q", job.Failed, want)
	}
	if _, err := d.W.Exec(`PRAGMA max_page_count = 1073741823`); err != nil {
		t.Fatal(err)
	}
	stored, err := d.Job(ctx, job.ID)
	if err != nil || stored.Failed != job.Failed {
		t.Errorf("stored job says %q (%v)", stored.Failed, err)
	}
}
