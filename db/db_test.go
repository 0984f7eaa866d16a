package db_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/engine"
)

// MustOpen opens a new database in a test folder and closes it when the
// test ends.
func MustOpen(t testing.TB) *db.DB {
	t.Helper()
	return mustOpenAt(t, filepath.Join(t.TempDir(), "lib.db"))
}

func mustOpenAt(t testing.TB, path string) *db.DB {
	t.Helper()
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

func TestOpenPragmas(t *testing.T) {
	ctx := context.Background()
	d := MustOpen(t)
	for _, tc := range []struct {
		pool   string
		pragma string
		want   string
	}{
		{"writer", "journal_mode", "wal"},
		{"writer", "foreign_keys", "1"},
		{"writer", "busy_timeout", "10000"},
		{"writer", "synchronous", "1"}, // NORMAL
		{"writer", "query_only", "0"},
		{"reader", "journal_mode", "wal"},
		{"reader", "foreign_keys", "1"},
		{"reader", "busy_timeout", "10000"},
		{"reader", "query_only", "1"},
	} {
		pool := d.W
		if tc.pool == "reader" {
			pool = d.R
		}
		var got string
		if err := pool.QueryRowContext(ctx, "PRAGMA "+tc.pragma).Scan(&got); err != nil {
			t.Fatalf("%s PRAGMA %s: %v", tc.pool, tc.pragma, err)
		}
		if got != tc.want {
			t.Errorf("%s PRAGMA %s = %s, want %s", tc.pool, tc.pragma, got, tc.want)
		}
	}
	// Reads go through mmap only when asked (the server does); a command
	// reading the library once through asks for small reader caches.
	for _, tc := range []struct {
		name        string
		opts        []db.Option
		mmap, cache string
	}{
		{"default", nil, "0", "-32768"},
		{"MapReads", []db.Option{db.MapReads()}, "2147418112", "-32768"}, // SQLite caps 2 GiB at 0x7fff0000
		{"ScanReads", []db.Option{db.ScanReads()}, "0", "-4096"},
	} {
		d2, err := db.Open(d.Path, tc.opts...)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []struct{ pool, pragma, want string }{
			{"reader", "mmap_size", tc.mmap}, {"reader", "cache_size", tc.cache},
			{"writer", "mmap_size", "0"}, {"writer", "cache_size", "-32768"},
		} {
			pool := d2.W
			if p.pool == "reader" {
				pool = d2.R
			}
			var got string
			if err := pool.QueryRowContext(ctx, "PRAGMA "+p.pragma).Scan(&got); err != nil || got != p.want {
				t.Errorf("%s: %s %s = %s, %v; want %s", tc.name, p.pool, p.pragma, got, err, p.want)
			}
		}
		d2.Close()
	}
	// The readers cannot write.
	if _, err := d.R.ExecContext(ctx, `DELETE FROM puzzles`); err == nil {
		t.Error("a reader connection could write")
	}
	v, err := d.Version(ctx)
	if err != nil || v < 2 {
		t.Errorf("schema version %d (%v), want the newest migration", v, err)
	}
	if s, err := d.IntegrityCheck(ctx); err != nil || s != "ok" {
		t.Errorf("integrity_check = %q, %v", s, err)
	}
	// Opening it again is a no-op upgrade.
	d.Close()
	d2 := mustOpenAt(t, d.Path)
	if v2, _ := d2.Version(ctx); v2 != v {
		t.Errorf("reopened at version %d, was %d", v2, v)
	}
}

// Two programs started at once on a new database (two imports, an import
// and the server) both find every migration pending; both must open it.
func TestOpenConcurrentlyMigratesOnce(t *testing.T) {
	for round := range 5 {
		path := filepath.Join(t.TempDir(), fmt.Sprintf("lib%d.db", round))
		const n = 4
		errs := make(chan error, n)
		dbs := make(chan *db.DB, n)
		for range n {
			go func() {
				d, err := db.Open(path)
				errs <- err
				dbs <- d
			}()
		}
		for range n {
			if err := <-errs; err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
			d := <-dbs
			if v, err := d.Version(context.Background()); err != nil || v != latestVersion(t) {
				t.Errorf("round %d: version %d, %v; want %d", round, v, err, latestVersion(t))
			}
			d.Close()
		}
	}
}

func TestOpenMissingFolder(t *testing.T) {
	if _, err := db.Open(filepath.Join(t.TempDir(), "no", "such", "lib.db")); err == nil {
		t.Error("Open in a missing folder succeeded")
	}
}

func TestDefaultPath(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{nil, db.DefaultFile},
		{map[string]string{db.EnvVar: "/x/lib.db"}, "/x/lib.db"},
		{map[string]string{db.EnvVar: ""}, db.DefaultFile},
	} {
		if got := db.DefaultPath(func(k string) string { return tc.env[k] }); got != tc.want {
			t.Errorf("DefaultPath(%v) = %q, want %q", tc.env, got, tc.want)
		}
	}
	if got := db.DefaultPath(nil); got != db.DefaultFile {
		t.Errorf("DefaultPath(nil) = %q", got)
	}
}

// fixture is the model of one stored puzzle the filter tests check the
// database against.
type fixture struct {
	entry   pencilbox.Entry
	labels  []string // every source label, the first from entry
	files   []string
	tags    []string
	created int64
}

const nFixtures = 90

// makeFixtures builds nFixtures varied puzzles (deterministic).
func makeFixtures() []fixture {
	var fs []fixture
	for i := range nFixtures {
		kind := "sudoku"
		if i%5 == 4 {
			kind = "akari"
		}
		status := engine.Unique
		switch {
		case i%7 == 3:
			status = engine.Multiple
		case i%11 == 5:
			status = engine.None
		case i%13 == 6:
			status = engine.Unknown
		}
		p := pencilbox.Puzzle{
			Kind:      kind,
			Givens:    fmt.Sprintf("g%03d", i),
			Canonical: fmt.Sprintf("c%03d", i),
			Status:    status,
			Clues:     17 + i%10,
			Width:     9,
			Height:    9,
			Note:      fmt.Sprintf("note%d word%c", i%4, 'a'+rune(i%3)),
		}
		if kind == "akari" {
			// boards of several sizes, for the size filter
			p.Width, p.Height = 7+i%3*3, 7+i%4*3
		}
		if i%13 == 0 {
			p.Note += "\x1fafter a unit separator\nand a newline"
		}
		if i%6 == 0 {
			p.Meta = map[string]string{"author": fmt.Sprint("a", i)}
		}
		if status == engine.Unique {
			p.Solution = fmt.Sprintf("s%03d", i)
			if kind == "akari" {
				p.Rank = 1 + i%5
			} else {
				p.Rank = 1 + i%8
				p.Verdict = engine.Tri(i % 3) // NA, Yes, No
			}
			p.Score = float64((i*37)%50) / 4 // with ties
			if i%9 == 0 {
				p.Score += 1.0 / 3 // not exact in decimal
			}
			p.Profile = []engine.Count{{ID: "sbit", N: 1 + i%4}}
			if p.Rank >= 4 {
				p.Profile = append(p.Profile, engine.Count{ID: "e2", N: 1 + i%3})
			}
		}
		label := "alpha"
		if i%3 == 0 {
			label = "beta"
		}
		var tags []string
		if p.Rank == 1 || p.Rank == 2 {
			tags = append(tags, "easy")
		}
		if i%4 == 0 {
			tags = append(tags, "book")
		}
		file := fmt.Sprintf("set%d.sdm", i%2)
		fs = append(fs, fixture{
			entry: pencilbox.Entry{
				Puzzle: p,
				Source: pencilbox.Source{Label: label, File: file, Line: i + 1, Text: p.Givens},
				Tags:   tags,
			},
			labels:  []string{label},
			files:   []string{file},
			tags:    slices.Clone(tags),
			created: 1700000000 + int64((i*7)%20), // ties on purpose
		})
	}
	return fs
}

// library is a database holding the fixtures, some of them with a second
// source "gamma" (a duplicate in another file), in ids 1..nFixtures.
type library struct {
	d  *db.DB
	fx []fixture // index = id-1
}

func newLibrary(t *testing.T) library {
	t.Helper()
	ctx := context.Background()
	d := MustOpen(t)
	fx := makeFixtures()
	var first []pencilbox.Entry
	for _, f := range fx {
		first = append(first, f.entry)
	}
	res, err := d.AddBatch(ctx, first, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, id := range res.IDs {
		if id != int64(i+1) || !res.New[i] {
			t.Fatalf("entry %d stored as id %d (new %v)", i, id, res.New[i])
		}
	}
	// Duplicates: every fifth puzzle again, from gamma, with a tag.
	var dups []pencilbox.Entry
	for i := 0; i < nFixtures; i += 5 {
		e := fx[i].entry
		e.Puzzle.Givens = "other image"
		e.Source = pencilbox.Source{Label: "gamma", File: "dups.txt", Line: i + 1, Text: "dup"}
		e.Tags = []string{"dup"}
		dups = append(dups, e)
		fx[i].labels = append(fx[i].labels, "gamma")
		fx[i].files = append(fx[i].files, "dups.txt")
		fx[i].tags = append(fx[i].tags, "dup")
	}
	res, err = d.AddBatch(ctx, dups, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Duplicates != len(dups) || res.Sources != len(dups) || res.Imported+res.Invalid != 0 {
		t.Fatalf("duplicate batch: %+v", res)
	}
	for i := range fx {
		sort.Strings(fx[i].tags)
		if _, err := d.W.ExecContext(ctx, `UPDATE puzzles SET created = ? WHERE id = ?`, fx[i].created, i+1); err != nil {
			t.Fatal(err)
		}
	}
	return library{d, fx}
}

func TestAddBatch(t *testing.T) {
	ctx := context.Background()
	d := MustOpen(t)
	fx := makeFixtures()
	e := func(i int) pencilbox.Entry { return fx[i].entry }
	withSource := func(en pencilbox.Entry, label, file string, line int) pencilbox.Entry {
		en.Source = pencilbox.Source{Label: label, File: file, Line: line, Text: "t"}
		return en
	}
	for _, tc := range []struct {
		name    string
		entries []pencilbox.Entry
		want    db.BatchResult // IDs and New compared too
	}{
		{"three new (one invalid)", []pencilbox.Entry{e(0), e(1), e(3)},
			db.BatchResult{IDs: []int64{1, 2, 3}, New: []bool{true, true, true}, Imported: 2, Invalid: 1, Sources: 3}},
		{"same sources again add nothing", []pencilbox.Entry{e(0), e(1), e(3)},
			db.BatchResult{IDs: []int64{1, 2, 3}, New: []bool{false, false, false}, Duplicates: 3}},
		{"duplicate from another source is recorded", []pencilbox.Entry{withSource(e(0), "other", "o.txt", 9)},
			db.BatchResult{IDs: []int64{1}, New: []bool{false}, Duplicates: 1, Sources: 1}},
		{"duplicate inside one batch", []pencilbox.Entry{e(2), withSource(e(2), "x", "x.txt", 1), e(2)},
			db.BatchResult{IDs: []int64{4, 4, 4}, New: []bool{true, false, false}, Imported: 1, Duplicates: 2, Sources: 2}},
		{"same canonical, other kind is another puzzle", func() []pencilbox.Entry {
			x := e(0)
			x.Puzzle.Kind = "akari"
			return []pencilbox.Entry{x}
		}(),
			db.BatchResult{IDs: []int64{5}, New: []bool{true}, Imported: 1, Sources: 1}},
		{"empty batch", nil, db.BatchResult{IDs: []int64{}, New: []bool{}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := d.AddBatch(ctx, tc.entries, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %+v\nwant %+v", got, tc.want)
			}
		})
	}
	p, err := d.Puzzle(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	var srcs []string
	for _, s := range p.Sources {
		srcs = append(srcs, fmt.Sprintf("%s %s:%d", s.Label, s.File, s.Line))
		if s.PuzzleID != 1 || s.Created.IsZero() {
			t.Errorf("source %+v", s)
		}
	}
	if want := []string{"beta set0.sdm:1", "other o.txt:9"}; !slices.Equal(srcs, want) {
		t.Errorf("puzzle 1 sources %q, want %q", srcs, want)
	}
	// The first record of a puzzle decides its givens; a duplicate never
	// overwrites the analysis.
	if p.Givens != "g000" || p.Kind != "sudoku" {
		t.Errorf("puzzle 1 is %s %s", p.Kind, p.Givens)
	}
	var n int
	d.R.QueryRowContext(ctx, `SELECT count(*) FROM sources`).Scan(&n)
	if n != 7 {
		t.Errorf("%d source rows, want 7", n)
	}
}

func TestPuzzleRoundTrip(t *testing.T) {
	ctx := context.Background()
	lib := newLibrary(t)
	for _, id := range []int64{1, 2, 4, 6, 7, 13} {
		f := lib.fx[id-1]
		p, err := lib.d.Puzzle(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		w := f.entry.Puzzle
		w.ID = id
		w.Tags = f.tags
		w.Created = p.Created
		got := p
		got.Sources = nil
		if len(w.Tags) == 0 {
			w.Tags = nil
		}
		if !reflect.DeepEqual(got, w) {
			t.Errorf("puzzle %d:\n got %+v\nwant %+v", id, got, w)
		}
		if p.Created.Unix() != f.created {
			t.Errorf("puzzle %d created %d, want %d", id, p.Created.Unix(), f.created)
		}
		var labels, files []string
		for _, s := range p.Sources {
			labels = append(labels, s.Label)
			files = append(files, s.File)
		}
		if !slices.Equal(labels, f.labels) || !slices.Equal(files, f.files) {
			t.Errorf("puzzle %d sources %v %v, want %v %v", id, labels, files, f.labels, f.files)
		}
		if p.Invalid() != (w.Status != engine.Unique) {
			t.Errorf("puzzle %d Invalid() = %v", id, p.Invalid())
		}
	}
	if _, err := lib.d.Puzzle(ctx, 9999); !errors.Is(err, db.ErrNotFound) {
		t.Errorf("missing puzzle: %v, want ErrNotFound", err)
	}
}

func TestSetTags(t *testing.T) {
	ctx := context.Background()
	lib := newLibrary(t)
	d := lib.d
	for _, tc := range []struct {
		tags []string
		want []string
	}{
		{[]string{"zeta", "alpha book", " padded ", "", "zeta"}, []string{"alpha book", "padded", "zeta"}},
		{[]string{"newspaper"}, []string{"newspaper"}},
		{nil, nil},
	} {
		if err := d.SetTags(ctx, 2, tc.tags); err != nil {
			t.Fatal(err)
		}
		p, err := d.Puzzle(ctx, 2)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(p.Tags, tc.want) {
			t.Errorf("SetTags(%q): tags %q, want %q", tc.tags, p.Tags, tc.want)
		}
	}
	// The search index follows the tags.
	if err := d.SetTags(ctx, 2, []string{"newspaper"}); err != nil {
		t.Fatal(err)
	}
	pg, err := d.Puzzles(ctx, pencilbox.Filter{Q: "newsp"})
	if err != nil {
		t.Fatal(err)
	}
	if len(pg.Rows) != 1 || pg.Rows[0].ID != 2 {
		t.Errorf("search for a new tag: %d rows", len(pg.Rows))
	}
	if err := d.SetTags(ctx, 2, nil); err != nil {
		t.Fatal(err)
	}
	if pg, _ := d.Puzzles(ctx, pencilbox.Filter{Q: "newspaper"}); len(pg.Rows) != 0 {
		t.Errorf("search finds a removed tag")
	}
	if err := d.SetTags(ctx, 9999, []string{"x"}); !errors.Is(err, db.ErrNotFound) {
		t.Errorf("SetTags on a missing puzzle: %v", err)
	}
	tags, err := d.Tags(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"book", "dup", "easy"}; !slices.Equal(tags, want) {
		t.Errorf("Tags() = %q, want %q", tags, want)
	}
}

// matches is the model of Filter (without IDs order or paging).
func (f fixture) matches(fl pencilbox.Filter) bool {
	p := f.entry.Puzzle
	switch {
	case fl.Kind != "" && p.Kind != fl.Kind,
		fl.RankMin > 0 && p.Rank < fl.RankMin,
		fl.RankMax > 0 && p.Rank > fl.RankMax,
		fl.Status == "invalid" && p.Status == engine.Unique,
		fl.Status != "" && fl.Status != "invalid" && p.Status.String() != fl.Status,
		fl.Source != "" && !slices.Contains(f.labels, fl.Source),
		fl.Tag != "" && !slices.Contains(f.tags, fl.Tag),
		fl.CluesMin > 0 && p.Clues < fl.CluesMin,
		fl.CluesMax > 0 && p.Clues > fl.CluesMax,
		fl.SizeMin.W > 0 && p.Width < fl.SizeMin.W, fl.SizeMin.H > 0 && p.Height < fl.SizeMin.H,
		fl.SizeMax.W > 0 && p.Width > fl.SizeMax.W, fl.SizeMax.H > 0 && p.Height > fl.SizeMax.H,
		fl.Verdict != engine.NA && p.Verdict != fl.Verdict:
		return false
	}
	if fl.Technique != "" {
		ok := false
		for _, c := range p.Profile {
			if c.ID == fl.Technique && c.N >= max(1, fl.TechniqueMin) {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	if fl.Q != "" {
		words := strings.Fields(strings.ToLower(strings.Join(append(append(append([]string{p.Note}, f.labels...), f.files...), f.tags...), " ")))
		var toks []string
		for _, w := range words {
			toks = append(toks, strings.FieldsFunc(w, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') })...)
		}
		for _, q := range strings.FieldsFunc(strings.ToLower(fl.Q), func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') }) {
			if !slices.ContainsFunc(toks, func(tok string) bool { return strings.HasPrefix(tok, q) }) {
				return false
			}
		}
	}
	if fl.IDs != nil && !slices.Contains(fl.IDs, f.id()) {
		return false
	}
	return true
}

func (f fixture) id() int64 {
	var n int
	fmt.Sscanf(f.entry.Puzzle.Canonical, "c%d", &n)
	return int64(n + 1)
}

// want returns the ids of the fixtures matching fl, in fl's order.
func (lib library) want(fl pencilbox.Filter) []int64 {
	var fx []fixture
	for _, f := range lib.fx {
		if f.matches(fl) {
			fx = append(fx, f)
		}
	}
	val := func(f fixture) float64 {
		p := f.entry.Puzzle
		switch fl.Sort {
		case pencilbox.SortRank:
			return float64(p.Rank)
		case pencilbox.SortScore:
			return p.Score
		case pencilbox.SortClues:
			return float64(p.Clues)
		case pencilbox.SortCreated:
			return float64(f.created)
		}
		return 0
	}
	sort.SliceStable(fx, func(i, j int) bool {
		a, b := fx[i], fx[j]
		less := val(a) < val(b) || val(a) == val(b) && a.id() < b.id()
		if fl.Desc {
			return !less && !(val(a) == val(b) && a.id() == b.id())
		}
		return less
	})
	ids := []int64{}
	for _, f := range fx {
		ids = append(ids, f.id())
	}
	return ids
}

// walk reads every page of fl (page size limit) and returns the ids in
// order, failing on a repeated id.
func walk(t *testing.T, d *db.DB, fl pencilbox.Filter, limit int) []int64 {
	t.Helper()
	ctx := context.Background()
	fl.Limit = limit
	ids := []int64{}
	seen := map[int64]bool{}
	for pages := 0; ; pages++ {
		if pages > nFixtures+1 {
			t.Fatal("pagination does not end")
		}
		pg, err := d.Puzzles(ctx, fl)
		if err != nil {
			t.Fatal(err)
		}
		if len(pg.Rows) > limit {
			t.Fatalf("page of %d rows, limit %d", len(pg.Rows), limit)
		}
		if pg.Next != "" && len(pg.Rows) != limit {
			t.Fatalf("short page (%d of %d) with a next cursor", len(pg.Rows), limit)
		}
		for _, p := range pg.Rows {
			if seen[p.ID] {
				t.Fatalf("puzzle %d on two pages", p.ID)
			}
			seen[p.ID] = true
			ids = append(ids, p.ID)
		}
		if pg.Next == "" {
			return ids
		}
		fl.After = pg.Next
	}
}

var filterCases = []struct {
	name string
	f    pencilbox.Filter
}{
	{"all", pencilbox.Filter{}},
	{"kind sudoku", pencilbox.Filter{Kind: "sudoku"}},
	{"kind akari", pencilbox.Filter{Kind: "akari"}},
	{"kind unknown", pencilbox.Filter{Kind: "kakuro"}},
	{"size 10x13", pencilbox.Filter{Kind: "akari", SizeMin: pencilbox.Size{W: 10, H: 13}, SizeMax: pencilbox.Size{W: 10, H: 13}}},
	{"size 9x9 any kind", pencilbox.Filter{SizeMin: pencilbox.Size{W: 9, H: 9}, SizeMax: pencilbox.Size{W: 9, H: 9}}},
	{"size range", pencilbox.Filter{Kind: "akari", SizeMin: pencilbox.Size{W: 7, H: 10}, SizeMax: pencilbox.Size{W: 10, H: 13}}},
	{"size at least", pencilbox.Filter{SizeMin: pencilbox.Size{W: 10, H: 10}, Sort: pencilbox.SortClues}},
	{"size at most, by rank", pencilbox.Filter{Kind: "akari", SizeMax: pencilbox.Size{W: 10, H: 10}, Sort: pencilbox.SortRank, Desc: true}},
	{"size+rank+tag", pencilbox.Filter{Kind: "akari", SizeMin: pencilbox.Size{W: 10, H: 7}, RankMin: 2, Tag: "book"}},
	{"rank min", pencilbox.Filter{RankMin: 6}},
	{"rank max", pencilbox.Filter{RankMax: 2}},
	{"rank range", pencilbox.Filter{RankMin: 3, RankMax: 5}},
	{"rank exact", pencilbox.Filter{RankMin: 8, RankMax: 8}},
	{"status unique", pencilbox.Filter{Status: "unique"}},
	{"status multiple", pencilbox.Filter{Status: "multiple"}},
	{"status none", pencilbox.Filter{Status: "none"}},
	{"status unknown", pencilbox.Filter{Status: "unknown"}},
	{"status invalid", pencilbox.Filter{Status: "invalid"}},
	{"source alpha", pencilbox.Filter{Source: "alpha"}},
	{"source gamma", pencilbox.Filter{Source: "gamma"}},
	{"source missing", pencilbox.Filter{Source: "nowhere"}},
	{"tag easy", pencilbox.Filter{Tag: "easy"}},
	{"tag dup", pencilbox.Filter{Tag: "dup"}},
	{"technique", pencilbox.Filter{Technique: "e2"}},
	{"technique min 0 = once", pencilbox.Filter{Technique: "sbit", TechniqueMin: 0}},
	{"technique min 3", pencilbox.Filter{Technique: "sbit", TechniqueMin: 3}},
	{"technique min 3 e2", pencilbox.Filter{Technique: "e2", TechniqueMin: 3}},
	{"clues min", pencilbox.Filter{CluesMin: 24}},
	{"clues max", pencilbox.Filter{CluesMax: 18}},
	{"clues range", pencilbox.Filter{CluesMin: 20, CluesMax: 22}},
	{"hypothesis yes", pencilbox.Filter{Verdict: engine.Yes}},
	{"hypothesis no", pencilbox.Filter{Verdict: engine.No}},
	{"q note word", pencilbox.Filter{Q: "note2"}},
	{"q prefix", pencilbox.Filter{Q: "wor"}},
	{"q label", pencilbox.Filter{Q: "gamma"}},
	{"q file", pencilbox.Filter{Q: "dups"}},
	{"q tag", pencilbox.Filter{Q: "book"}},
	{"q two words", pencilbox.Filter{Q: "note1 worda"}},
	{"q case and punctuation", pencilbox.Filter{Q: "  NOTE3, \"beta\"! "}},
	{"q no match", pencilbox.Filter{Q: "zzz"}},
	{"q only punctuation = any", pencilbox.Filter{Q: "--- !"}},
	{"ids", pencilbox.Filter{IDs: []int64{3, 1, 50, 9999}}},
	{"ids empty = none", pencilbox.Filter{IDs: []int64{}}},
	{"kind+rank+status", pencilbox.Filter{Kind: "sudoku", RankMin: 2, RankMax: 7, Status: "unique"}},
	{"kind+invalid+source", pencilbox.Filter{Kind: "sudoku", Status: "invalid", Source: "alpha"}},
	{"tag+technique+clues", pencilbox.Filter{Tag: "book", Technique: "e2", TechniqueMin: 2, CluesMin: 18, CluesMax: 25}},
	{"hypothesis+rank+q", pencilbox.Filter{Verdict: engine.Yes, RankMin: 2, Q: "note"}},
	{"source+tag+ids", pencilbox.Filter{Source: "gamma", Tag: "dup", IDs: []int64{1, 6, 11, 12, 16}}},
	{"everything", pencilbox.Filter{Kind: "sudoku", RankMin: 1, RankMax: 8, Status: "unique", Source: "beta",
		Tag: "book", Technique: "sbit", CluesMin: 17, CluesMax: 26, Q: "note0"}},
}

var sorts = []string{pencilbox.SortID, pencilbox.SortRank, pencilbox.SortScore, pencilbox.SortClues, pencilbox.SortCreated}

// planLimits runs a test under each plan the list's planner may choose:
// the real limits (every set small, every filter sparse on these few
// puzzles), every set a probe and every filter dense, and a mix.
type planLimit struct {
	name         string
	small, dense int
}

var planLimits = []planLimit{
	{"default", db.SmallSet, pencilbox.CountCap},
	{"probes+dense", 0, 0},
	{"mixed", 10, 20},
}

func TestFilters(t *testing.T) {
	for _, pl := range planLimits {
		t.Run(pl.name, func(t *testing.T) {
			testFilters(t, pl)
		})
	}
}

func testFilters(t *testing.T, pl planLimit) {
	ctx := context.Background()
	lib := newLibrary(t)
	defer lib.d.SetPlanLimits(pl.small, pl.dense)()
	nonEmpty := 0
	for _, tc := range filterCases {
		t.Run(tc.name, func(t *testing.T) {
			want := lib.want(tc.f)
			if len(want) > 0 {
				nonEmpty++
			} else {
				t.Logf("matches nothing")
			}
			f := tc.f
			f.Limit = 1000
			pg, err := lib.d.Puzzles(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			got := []int64{}
			for _, p := range pg.Rows {
				got = append(got, p.ID)
			}
			if !slices.Equal(got, want) {
				t.Errorf("ids %v\nwant %v", got, want)
			}
			if pg.Total != len(want) || pg.More || pg.Next != "" {
				t.Errorf("Total %d More %v Next %q, want %d false \"\"", pg.Total, pg.More, pg.Next, len(want))
			}
			n, err := lib.d.Count(ctx, tc.f, 0)
			if err != nil || n != len(want) {
				t.Errorf("Count = %d, %v; want %d", n, err, len(want))
			}
		})
	}
	// Guard the fixtures: most cases must select something.
	if nonEmpty != len(filterCases)-4 {
		t.Errorf("only %d of %d filter cases match anything: fixtures too thin", nonEmpty, len(filterCases))
	}
}

// TestSortPagination walks every sort, both directions, in small pages,
// alone and with filters: the pages must be the full ordered result, no
// gap, no repeat.
func TestSortPagination(t *testing.T) {
	for _, pl := range planLimits {
		t.Run(pl.name, func(t *testing.T) {
			testSortPagination(t, pl)
		})
	}
}

func testSortPagination(t *testing.T, pl planLimit) {
	lib := newLibrary(t)
	defer lib.d.SetPlanLimits(pl.small, pl.dense)()
	for _, s := range sorts {
		for _, desc := range []bool{false, true} {
			for _, fc := range []string{"all", "kind sudoku", "status invalid", "tag+technique+clues", "q prefix", "source gamma", "rank range", "rank max", "kind+rank+status"} {
				var fl pencilbox.Filter
				for _, c := range filterCases {
					if c.name == fc {
						fl = c.f
					}
				}
				fl.Sort, fl.Desc = s, desc
				for _, limit := range []int{1, 7, 50} {
					name := fmt.Sprintf("sort=%q desc=%v %s limit=%d", s, desc, fc, limit)
					got := walk(t, lib.d, fl, limit)
					if want := lib.want(fl); !slices.Equal(got, want) {
						t.Errorf("%s:\n got %v\nwant %v", name, got, want)
					}
				}
			}
		}
	}
}

func TestPuzzlesErrors(t *testing.T) {
	ctx := context.Background()
	lib := newLibrary(t)
	pg, err := lib.d.Puzzles(ctx, pencilbox.Filter{Sort: pencilbox.SortRank, Limit: 5})
	if err != nil || pg.Next == "" {
		t.Fatal(err, pg.Next)
	}
	for _, tc := range []struct {
		name string
		f    pencilbox.Filter
	}{
		{"unknown sort", pencilbox.Filter{Sort: "colour"}},
		{"unknown status", pencilbox.Filter{Status: "solved"}},
		{"garbage cursor", pencilbox.Filter{After: "!!!"}},
		{"cursor of another sort", pencilbox.Filter{Sort: pencilbox.SortScore, After: pg.Next}},
		{"cursor not base64 fields", pencilbox.Filter{After: "YWJj"}},
	} {
		if _, err := lib.d.Puzzles(ctx, tc.f); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
	// Limits: default 50, at most 1000.
	if pg, _ := lib.d.Puzzles(ctx, pencilbox.Filter{}); len(pg.Rows) != 50 || pg.Total != nFixtures {
		t.Errorf("default page: %d rows, total %d", len(pg.Rows), pg.Total)
	}
	if pg, _ := lib.d.Puzzles(ctx, pencilbox.Filter{Limit: 5000}); len(pg.Rows) != nFixtures {
		t.Errorf("big page: %d rows", len(pg.Rows))
	}
	// "date" is an alias of created.
	a := walk(t, lib.d, pencilbox.Filter{Sort: "date"}, 10)
	if b := lib.want(pencilbox.Filter{Sort: pencilbox.SortCreated}); !slices.Equal(a, b) {
		t.Errorf("sort date differs from sort created")
	}
}

func TestCount(t *testing.T) {
	ctx := context.Background()
	lib := newLibrary(t)
	for _, tc := range []struct {
		f     pencilbox.Filter
		limit int
		want  int
	}{
		{pencilbox.Filter{}, 0, nFixtures},
		{pencilbox.Filter{}, 10, 11}, // stops at limit+1
		{pencilbox.Filter{}, nFixtures, nFixtures},
		{pencilbox.Filter{}, nFixtures - 1, nFixtures},
		{pencilbox.Filter{Kind: "akari"}, 0, nFixtures / 5},
		{pencilbox.Filter{Kind: "akari"}, 3, 4},
		{pencilbox.Filter{Kind: "akari", After: "ignored"}, 0, nFixtures / 5},
		{pencilbox.Filter{Tag: "nothing"}, 5, 0},
	} {
		n, err := lib.d.Count(ctx, tc.f, tc.limit)
		if err != nil || n != tc.want {
			t.Errorf("Count(%+v, %d) = %d, %v; want %d", tc.f, tc.limit, n, err, tc.want)
		}
	}
	if _, err := lib.d.Count(ctx, pencilbox.Filter{Status: "bad"}, 0); err == nil {
		t.Error("Count with a bad status: no error")
	}
}

// TestCountCap: Page.Total stops at CountCap and More says there are more.
func TestCountCap(t *testing.T) {
	if testing.Short() {
		t.Skip("stores CountCap+1 puzzles")
	}
	ctx := context.Background()
	d := MustOpen(t)
	var es []pencilbox.Entry
	for i := range pencilbox.CountCap + 1 {
		es = append(es, pencilbox.Entry{
			Puzzle: pencilbox.Puzzle{Kind: "sudoku", Givens: "g", Canonical: fmt.Sprint(i), Status: engine.Unique, Rank: 1, Clues: 17},
			Source: pencilbox.Source{Label: "l", File: "f", Line: i + 1}})
	}
	if _, err := d.AddBatch(ctx, es, nil); err != nil {
		t.Fatal(err)
	}
	pg, err := d.Puzzles(ctx, pencilbox.Filter{Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if pg.Total != pencilbox.CountCap || !pg.More {
		t.Errorf("Total %d More %v, want %d true", pg.Total, pg.More, pencilbox.CountCap)
	}
	pg, _ = d.Puzzles(ctx, pencilbox.Filter{Limit: 10, IDs: []int64{1, 2, 3}})
	if pg.Total != 3 || pg.More {
		t.Errorf("Total %d More %v, want 3 false", pg.Total, pg.More)
	}
}

func TestEach(t *testing.T) {
	for _, pl := range planLimits {
		t.Run(pl.name, func(t *testing.T) {
			testEach(t, pl)
		})
	}
}

func testEach(t *testing.T, pl planLimit) {
	ctx := context.Background()
	lib := newLibrary(t)
	defer lib.d.SetPlanLimits(pl.small, pl.dense)()
	for _, tc := range []struct {
		name string
		f    pencilbox.Filter
	}{
		{"all by id", pencilbox.Filter{}},
		{"all by score desc", pencilbox.Filter{Sort: pencilbox.SortScore, Desc: true}},
		{"sudoku by rank, limit 13", pencilbox.Filter{Kind: "sudoku", Sort: pencilbox.SortRank, Limit: 13}},
		{"invalid by created", pencilbox.Filter{Status: "invalid", Sort: pencilbox.SortCreated}},
		{"limit bigger than the result", pencilbox.Filter{Kind: "akari", Limit: 500}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []int64
			err := lib.d.Each(ctx, tc.f, func(p pencilbox.Puzzle) error { got = append(got, p.ID); return nil })
			if err != nil {
				t.Fatal(err)
			}
			want := lib.want(tc.f)
			if tc.f.Limit > 0 && len(want) > tc.f.Limit {
				want = want[:tc.f.Limit]
			}
			if !slices.Equal(got, want) {
				t.Errorf("got %v\nwant %v", got, want)
			}
		})
	}
	// Each starts after a cursor.
	pg, _ := lib.d.Puzzles(ctx, pencilbox.Filter{Sort: pencilbox.SortClues, Limit: 20})
	var rest []int64
	lib.d.Each(ctx, pencilbox.Filter{Sort: pencilbox.SortClues, After: pg.Next}, func(p pencilbox.Puzzle) error {
		rest = append(rest, p.ID)
		return nil
	})
	if want := lib.want(pencilbox.Filter{Sort: pencilbox.SortClues})[20:]; !slices.Equal(rest, want) {
		t.Errorf("Each after a cursor: %v, want %v", rest, want)
	}
	// An error from fn stops it.
	stop := errors.New("stop")
	n := 0
	err := lib.d.Each(ctx, pencilbox.Filter{}, func(pencilbox.Puzzle) error {
		n++
		if n == 3 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || n != 3 {
		t.Errorf("Each returned %v after %d calls", err, n)
	}
}

// TestEachLarge crosses Each's internal chunk size.
func TestEachLarge(t *testing.T) {
	ctx := context.Background()
	d := MustOpen(t)
	var es []pencilbox.Entry
	for i := range 2500 {
		es = append(es, pencilbox.Entry{
			Puzzle: pencilbox.Puzzle{Kind: "sudoku", Canonical: fmt.Sprint(i), Status: engine.Unique, Rank: 1 + i%8, Clues: 17},
			Source: pencilbox.Source{Label: "l", File: "f", Line: i + 1}})
	}
	if _, err := d.AddBatch(ctx, es, nil); err != nil {
		t.Fatal(err)
	}
	seen := map[int64]bool{}
	last := -1
	err := d.Each(ctx, pencilbox.Filter{Sort: pencilbox.SortRank}, func(p pencilbox.Puzzle) error {
		if seen[p.ID] || p.Rank < last {
			return fmt.Errorf("puzzle %d rank %d out of order or repeated", p.ID, p.Rank)
		}
		seen[p.ID], last = true, p.Rank
		return nil
	})
	if err != nil || len(seen) != 2500 {
		t.Errorf("Each: %v, %d puzzles", err, len(seen))
	}
}

func TestStats(t *testing.T) {
	ctx := context.Background()
	lib := newLibrary(t)
	want := pencilbox.Stats{Sources: 3}
	kinds := map[string]*pencilbox.KindStats{}
	for _, f := range lib.fx {
		p := f.entry.Puzzle
		k := kinds[p.Kind]
		if k == nil {
			k = &pencilbox.KindStats{Kind: p.Kind, ByStatus: map[string]int{}, Ranks: map[int]int{}}
			kinds[p.Kind] = k
		}
		k.Total++
		k.ByStatus[p.Status.String()]++
		if p.Rank > 0 {
			k.Ranks[p.Rank]++
		}
	}
	want.Kinds = []pencilbox.KindStats{*kinds["akari"], *kinds["sudoku"]}
	got, err := lib.d.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Stats:\n got %+v\nwant %+v", got, want)
	}
	srcs, err := lib.d.Sources(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if srcs["gamma"] != nFixtures/5 || len(srcs) != 3 || srcs["alpha"]+srcs["beta"] != nFixtures {
		t.Errorf("Sources() = %v", srcs)
	}
	// An empty library.
	st, err := MustOpen(t).Stats(ctx)
	if err != nil || len(st.Kinds) != 0 || st.Jobs != 0 {
		t.Errorf("empty Stats = %+v, %v", st, err)
	}
}

func TestJobs(t *testing.T) {
	ctx := context.Background()
	d := MustOpen(t)
	fx := makeFixtures()
	id, err := d.StartJob(ctx, pencilbox.Job{Source: "alpha", Format: "line", Files: []string{"a.sdm", "b.sdm"}})
	if err != nil {
		t.Fatal(err)
	}
	j, err := d.Job(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if j.State != pencilbox.JobRunning || !slices.Equal(j.Files, []string{"a.sdm", "b.sdm"}) || j.Source != "alpha" || j.Format != "line" {
		t.Errorf("new job %+v", j)
	}
	// Three batches: counts add up; errors are kept up to MaxJobErrors.
	var errs []pencilbox.JobError
	for i := range db.MaxJobErrors + 20 {
		errs = append(errs, pencilbox.JobError{File: "a.sdm", Line: 1000 + i, Msg: "bad"})
	}
	batches := []struct {
		entries  []pencilbox.Entry
		rejected int
		errs     []pencilbox.JobError
	}{
		{[]pencilbox.Entry{fx[0].entry, fx[1].entry, fx[3].entry}, 2, errs[:2]},
		{[]pencilbox.Entry{fx[0].entry, fx[2].entry}, 0, nil},
		{nil, len(errs) - 2, errs[2:]},
	}
	for _, b := range batches {
		_, err := d.AddBatch(ctx, b.entries, &db.JobDelta{JobID: id, Read: len(b.entries) + b.rejected, Rejected: b.rejected, Errors: b.errs})
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := d.FinishJob(ctx, id, pencilbox.JobDone, ""); err != nil {
		t.Fatal(err)
	}
	j, err = d.Job(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if j.State != pencilbox.JobDone || j.Finished.IsZero() {
		t.Errorf("finished job state %q finished %v", j.State, j.Finished)
	}
	if j.Read != 5+len(errs) || j.Imported != 2+1 || j.Invalid != 1 || j.Duplicates != 1 || j.Rejected != len(errs) {
		t.Errorf("job counts read %d imported %d invalid %d duplicates %d rejected %d", j.Read, j.Imported, j.Invalid, j.Duplicates, j.Rejected)
	}
	if j.Read != j.Imported+j.Duplicates+j.Invalid+j.Rejected {
		t.Errorf("Read %d != Imported+Duplicates+Invalid+Rejected", j.Read)
	}
	if len(j.Errors) != db.MaxJobErrors || j.Errors[0] != errs[0] || j.Errors[db.MaxJobErrors-1] != errs[db.MaxJobErrors-1] {
		t.Errorf("kept %d errors, first %v", len(j.Errors), j.Errors[:1])
	}
	if s := j.Errors[0].String(); s != "a.sdm:1000: bad" {
		t.Errorf("JobError.String() = %q", s)
	}
	// Sources carry the job.
	p, _ := d.Puzzle(ctx, 1)
	if len(p.Sources) != 1 || p.Sources[0].JobID != id {
		t.Errorf("source job %+v", p.Sources)
	}

	failed, _ := d.StartJob(ctx, pencilbox.Job{Source: "b"})
	if err := d.FinishJob(ctx, failed, pencilbox.JobFailed, "disk full"); err != nil {
		t.Fatal(err)
	}
	// A job whose process is gone and that never finished was interrupted.
	res, err := d.W.ExecContext(ctx, `INSERT INTO jobs(source, started, updated, pid) VALUES('killed', 1, 1, 0)`)
	if err != nil {
		t.Fatal(err)
	}
	killed, _ := res.LastInsertId()
	running, _ := d.StartJob(ctx, pencilbox.Job{Source: "c"})

	jobs, err := d.Jobs(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, j := range jobs {
		got = append(got, fmt.Sprintf("%d %s", j.ID, j.State))
		if j.Errors != nil {
			t.Errorf("Jobs() returned errors of job %d", j.ID)
		}
	}
	want := []string{
		fmt.Sprint(running, " ", pencilbox.JobRunning),
		fmt.Sprint(killed, " ", pencilbox.JobInterrupted),
		fmt.Sprint(failed, " ", pencilbox.JobFailed),
		fmt.Sprint(id, " ", pencilbox.JobDone),
	}
	if !slices.Equal(got, want) {
		t.Errorf("Jobs() = %q, want %q", got, want)
	}
	if jobs[2].Failed != "disk full" {
		t.Errorf("failed job says %q", jobs[2].Failed)
	}
	if jobs, _ := d.Jobs(ctx, 2); len(jobs) != 2 || jobs[0].ID != running {
		t.Errorf("Jobs(2) = %d jobs", len(jobs))
	}
	if _, err := d.Job(ctx, 9999); !errors.Is(err, db.ErrNotFound) {
		t.Errorf("Job(9999): %v", err)
	}
	if st, _ := d.Stats(ctx); st.Jobs != 4 {
		t.Errorf("Stats.Jobs = %d", st.Jobs)
	}
}

func TestKnown(t *testing.T) {
	ctx := context.Background()
	lib := newLibrary(t)
	for _, tc := range []struct {
		kind, canon string
		status      engine.Status
		sol         string
		ok          bool
	}{
		{"sudoku", "c000", engine.Unique, "s000", true},
		{"sudoku", "c003", engine.Multiple, "", true},
		{"akari", "c004", engine.Unique, "s004", true},
		{"akari", "c000", engine.Unknown, "", false}, // other kind
		{"sudoku", "nope", engine.Unknown, "", false},
	} {
		st, sol, ok, err := lib.d.Known(ctx, tc.kind, tc.canon)
		if err != nil || st != tc.status || sol != tc.sol || ok != tc.ok {
			t.Errorf("Known(%s, %s) = %v %q %v %v; want %v %q %v", tc.kind, tc.canon, st, sol, ok, err, tc.status, tc.sol, tc.ok)
		}
	}
}

func TestForeignKeysCascade(t *testing.T) {
	ctx := context.Background()
	lib := newLibrary(t)
	if _, err := lib.d.W.ExecContext(ctx, `DELETE FROM puzzles WHERE id = 1`); err != nil {
		t.Fatal(err)
	}
	var n int
	lib.d.R.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM sources WHERE puzzle_id = 1) + (SELECT count(*) FROM tags WHERE puzzle_id = 1)
		+ (SELECT count(*) FROM profile WHERE puzzle_id = 1)`).Scan(&n)
	if n != 0 {
		t.Errorf("%d rows of a deleted puzzle remain: foreign keys off?", n)
	}
	if _, err := lib.d.W.ExecContext(ctx, `INSERT INTO sources(puzzle_id, label, file, line, text, created) VALUES(424242, 'x', 'x', 1, 'x', 1)`); err == nil {
		t.Error("a source of a missing puzzle was accepted")
	}
}
