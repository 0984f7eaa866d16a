package db_test

import (
	"context"
	"database/sql"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/engine"
)

// latestVersion is the highest migration number embedded in the binary.
func latestVersion(t *testing.T) int64 {
	t.Helper()
	names, err := fs.Glob(db.Migrations(), "*.sql")
	if err != nil || len(names) == 0 {
		t.Fatal("no migrations", err)
	}
	var v int64
	for _, n := range names {
		num, _, _ := strings.Cut(n, "_")
		x, err := strconv.ParseInt(num, 10, 64)
		if err != nil {
			t.Fatalf("migration %s: %v", n, err)
		}
		v = max(v, x)
	}
	return v
}

// oldLibrary writes, with plain SQL as a binary of that time would, a
// library at an older schema version (1: before text search) and returns
// its path.
func oldLibrary(t *testing.T, version int64) string {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	w, err := sql.Open("sqlite", "file:"+path+"?_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if err := db.MigrateTo(ctx, w, version); err != nil {
		t.Fatal(err)
	}
	stmts := []string{
		`INSERT INTO jobs(id, source, format, files, started, updated, finished, read, imported, duplicates, invalid, rejected, pid)
			VALUES(1, 'old book', '', '["book.sdm"]', 1600000000, 1600000100, 1600000100, 4, 2, 1, 1, 0, 0)`,
		`INSERT INTO puzzles(id, kind, givens, canonical, status, solution, rank, score, hypothesis, clues, width, height, note, meta, profile, created)
			VALUES(1, 'sudoku', 'g1', 'c1', 1, 's1', 7, 11.5, 2, 17, 9, 9, 'from the Sunday paper', '{"author":"Ann"}', 'sbit=3,e2=1', 1600000000)`,
		`INSERT INTO puzzles(id, kind, givens, canonical, status, solution, rank, score, hypothesis, clues, width, height, note, meta, profile, created)
			VALUES(2, 'sudoku', 'g2', 'c2', 2, '', 0, 0, 0, 16, 9, 9, '', '{}', '', 1600000001)`,
		`INSERT INTO puzzles(id, kind, givens, canonical, status, solution, rank, score, hypothesis, clues, width, height, note, meta, profile, created)
			VALUES(3, 'akari', 'a3', 'ca3', 1, 'sa3', 2, 1.25, 0, 8, 7, 7, '', '{}', 'basic=4', 1600000002)`,
		`INSERT INTO profile VALUES(1, 'sbit', 3), (1, 'e2', 1), (3, 'basic', 4)`,
		`INSERT INTO sources(puzzle_id, label, file, line, text, job_id, created) VALUES
			(1, 'old book', 'book.sdm', 1, 'g1', 1, 1600000000),
			(1, 'magazine', 'mag.txt', 7, 'g1 again', NULL, 1600000050),
			(2, 'old book', 'book.sdm', 2, 'g2', 1, 1600000001),
			(3, 'janko', 'janko.tsv', 3, 'a3', NULL, 1600000002)`,
		`INSERT INTO tags VALUES(1, 'favourite'), (3, 'kids')`,
	}
	if version >= 2 {
		// A binary of version 2 kept the text-search rows itself.
		stmts = append(stmts, `INSERT INTO search(rowid, body) SELECT p.id, p.note
			|| ' ' || coalesce((SELECT group_concat(s.label || ' ' || s.file, ' ') FROM sources s WHERE s.puzzle_id = p.id), '')
			|| ' ' || coalesce((SELECT group_concat(t.tag, ' ') FROM tags t WHERE t.puzzle_id = p.id), '')
			FROM puzzles p`)
	}
	for _, s := range stmts {
		if _, err := w.ExecContext(ctx, s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	return path
}

func TestUpgradeFromOldVersions(t *testing.T) {
	ctx := context.Background()
	latest := latestVersion(t)
	for _, from := range []int64{1, 2} {
		t.Run("from version "+strconv.FormatInt(from, 10), func(t *testing.T) {
			path := oldLibrary(t, from)
			d := mustOpenAt(t, path)
			v, err := d.Version(ctx)
			if err != nil || v != latest {
				t.Fatalf("upgraded to version %d (%v), want %d", v, err, latest)
			}
			if s, err := d.IntegrityCheck(ctx); err != nil || s != "ok" {
				t.Fatalf("integrity_check = %q, %v", s, err)
			}
			p, err := d.Puzzle(ctx, 1)
			if err != nil {
				t.Fatal(err)
			}
			if p.Rank != 7 || p.Score != 11.5 || p.Verdict != engine.No || p.Meta["author"] != "Ann" ||
				engine.ProfileString(p.Profile) != "sbit=3,e2=1" || !slices.Equal(p.Tags, []string{"favourite"}) ||
				len(p.Sources) != 2 || p.Sources[1].Label != "magazine" || p.Sources[0].JobID != 1 {
				t.Errorf("old puzzle 1 after the upgrade: %+v", p)
			}
			// Every filter works on the old rows, text search included.
			for _, tc := range []struct {
				f    pencilbox.Filter
				want []int64
			}{
				{pencilbox.Filter{Q: "sunday"}, []int64{1}},
				{pencilbox.Filter{Q: "magaz"}, []int64{1}},
				{pencilbox.Filter{Q: "book"}, []int64{1, 2}},
				{pencilbox.Filter{Q: "kids"}, []int64{3}},
				{pencilbox.Filter{Q: "janko tsv"}, []int64{3}},
				{pencilbox.Filter{Source: "old book"}, []int64{1, 2}},
				{pencilbox.Filter{Tag: "favourite"}, []int64{1}},
				{pencilbox.Filter{Technique: "e2"}, []int64{1}},
				{pencilbox.Filter{Status: "invalid"}, []int64{2}},
				{pencilbox.Filter{Kind: "akari", RankMax: 2}, []int64{3}},
				{pencilbox.Filter{Sort: pencilbox.SortScore, Desc: true}, []int64{1, 3, 2}},
			} {
				pg, err := d.Puzzles(ctx, tc.f)
				if err != nil {
					t.Fatal(err)
				}
				var got []int64
				for _, p := range pg.Rows {
					got = append(got, p.ID)
				}
				if !slices.Equal(got, tc.want) {
					t.Errorf("%+v: %v, want %v", tc.f, got, tc.want)
				}
			}
			j, err := d.Job(ctx, 1)
			if err != nil || j.State != pencilbox.JobDone || j.Read != 4 || j.Files[0] != "book.sdm" {
				t.Errorf("old job %+v, %v", j, err)
			}
			// New rows go in beside the old ones and old ones merge.
			res, err := d.AddBatch(ctx, []pencilbox.Entry{
				{Puzzle: pencilbox.Puzzle{Kind: "sudoku", Canonical: "c1", Status: engine.Unique}, Source: pencilbox.Source{Label: "new", File: "n.sdm", Line: 1}},
				{Puzzle: pencilbox.Puzzle{Kind: "sudoku", Canonical: "c9", Status: engine.Unique, Note: "fresh"}, Source: pencilbox.Source{Label: "new", File: "n.sdm", Line: 2}},
			}, nil)
			if err != nil || res.Duplicates != 1 || res.Imported != 1 || res.IDs[1] != 4 {
				t.Fatalf("AddBatch after the upgrade: %+v, %v", res, err)
			}
			if pg, _ := d.Puzzles(ctx, pencilbox.Filter{Q: "new"}); len(pg.Rows) != 2 {
				t.Errorf("search for the new source: %d rows, want 2 (the old puzzle and the new one)", len(pg.Rows))
			}
			// The block counts (migration 00008) hold the old rows and the new.
			for _, q := range []string{
				`SELECT count(*) FROM (SELECT block, n FROM puzzle_blocks EXCEPT SELECT id >> 6, count(*) FROM puzzles GROUP BY 1)`,
				`SELECT count(*) FROM (SELECT id >> 6, count(*) FROM puzzles GROUP BY 1 EXCEPT SELECT block, n FROM puzzle_blocks)`,
				`SELECT count(*) FROM (SELECT tag, block, n FROM tag_blocks EXCEPT SELECT tag, puzzle_id >> 6, count(*) FROM tags GROUP BY 1, 2)`,
				`SELECT count(*) FROM (SELECT tag, puzzle_id >> 6, count(*) FROM tags GROUP BY 1, 2 EXCEPT SELECT tag, block, n FROM tag_blocks)`,
			} {
				var n int
				if err := d.R.QueryRowContext(ctx, q).Scan(&n); err != nil || n != 0 {
					t.Errorf("%s: %d differ, %v", q, n, err)
				}
			}
			if pg, _ := d.Puzzles(ctx, pencilbox.Filter{TagNot: []string{"favourite"}}); len(pg.Rows) != 3 {
				t.Errorf("without favourite: %d rows, want 3", len(pg.Rows))
			}
			// The web admin's tables exist.
			if _, err := (db.SetStore{DB: d.W}).List(ctx); err != nil {
				t.Errorf("sets after the upgrade: %v", err)
			}
			// Opening it again changes nothing.
			d.Close()
			d2 := mustOpenAt(t, path)
			if v, _ := d2.Version(ctx); v != latest {
				t.Errorf("reopened at version %d", v)
			}
			if n, _ := d2.Count(ctx, pencilbox.Filter{}, 0); n != 4 {
				t.Errorf("%d puzzles after reopening, want 4", n)
			}
		})
	}
}

// TestMigrationsOutOfOrder: a library migration numbered below the
// web admin's (00003...) still applies to a database already at 00100.
func TestMigrationsOutOfOrder(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "web.db")
	w, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	// An admin database that ran 00001 and 00100 but not 00002 (as a web
	// binary built before the search migration would leave it).
	if err := db.MigrateTo(ctx, w, 1); err != nil {
		t.Fatal(err)
	}
	if _, err := w.ExecContext(ctx, `INSERT INTO puzzles(kind, givens, canonical, status, clues, width, height, note, created)
		VALUES('sudoku', 'g', 'c', 1, 17, 9, 9, 'hello world', 1)`); err != nil {
		t.Fatal(err)
	}
	web, err := fs.ReadFile(db.WebMigrations(), "00100_users_sessions_sets.sql")
	if err != nil {
		t.Fatal(err)
	}
	up, _, _ := strings.Cut(strings.SplitN(string(web), "-- +goose Up", 2)[1], "-- +goose Down")
	if _, err := w.ExecContext(ctx, up); err != nil {
		t.Fatal(err)
	}
	if _, err := w.ExecContext(ctx, `INSERT INTO goose_db_version(version_id, is_applied) VALUES(100, 1)`); err != nil {
		t.Fatal(err)
	}
	w.Close()
	d := mustOpenAt(t, path)
	if pg, err := d.Puzzles(ctx, pencilbox.Filter{Q: "hello"}); err != nil || len(pg.Rows) != 1 {
		t.Fatalf("search after applying 00002 out of order: %v, %v", pg.Rows, err)
	}
}

// TestRolesUpgrade: users of a database from before roles (migration
// 00101) can still do everything after the upgrade: they are admins.
func TestRolesUpgrade(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	w, err := sql.Open("sqlite", "file:"+path+"?_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)")
	if err != nil {
		t.Fatal(err)
	}
	if err := db.MigrateTo(ctx, w, 101); err != nil {
		t.Fatal(err)
	}
	if _, err := w.ExecContext(ctx, `INSERT INTO users(name, hash, created) VALUES('ann', 'x', 1), ('bob', 'y', 2)`); err != nil {
		t.Fatal(err)
	}
	w.Close()
	d := mustOpenAt(t, path)
	users, err := db.UserStore{DB: d.W}.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(users) != 2 || users[0].Role != db.RoleAdmin || users[1].Role != db.RoleAdmin {
		t.Errorf("users after the upgrade: %+v, want ann and bob admins", users)
	}
}
