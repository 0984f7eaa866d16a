package web

import (
	"context"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pencilbox/db"
	"pencilbox/internal/fulldisk"
)

// TestFullDiskAnswered: on a disk with no byte left (a real one: a full
// tmpfs), every web write (tags, each set change, an import, a user
// change) answers 507 saying the disk holding the library is full, with
// none of SQLite's text, and changes nothing; once space is freed the same
// write goes through. A scheduled backup into a full folder is said on
// the admins' pages.
func TestFullDiskAnswered(t *testing.T) {
	dir := fulldisk.Mount(t, 64<<20)
	src, err := seedTemplate()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	d := mustOpenCopy(t, b, filepath.Join(dir, "lib.db"))
	backups := &BackupLog{Faults: d}
	e := newTestEnvDB(t, d, func(c *Config) { c.Backups = backups })
	c := e.client()
	tok := c.login()
	if r := c.post("/sets", url.Values{"csrf": {tok}, "name": {"sunday"}}); r.code != http.StatusSeeOther {
		t.Fatalf("create set: %d", r.code)
	}
	if r := c.post("/sets/add", url.Values{"csrf": {tok}, "set": {"1"}, "what": {"ticked"}, "id": {"1", "2"}}); r.code != http.StatusSeeOther {
		t.Fatalf("add: %d", r.code)
	}
	if _, err := d.W.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		t.Fatal(err)
	}
	// SQL: the rows of every table are the subject, a refused write on
	// a full disk leaves none behind, whatever a page would show
	state := func() string {
		var s string
		d.R.QueryRow(`SELECT (SELECT count(*) FROM audit) || ' ' || (SELECT count(*) FROM set_items) || ' ' || (SELECT count(*) FROM sets)
			|| ' ' || (SELECT count(*) FROM tags) || ' ' || (SELECT count(*) FROM users) || ' ' || (SELECT count(*) FROM jobs)`).Scan(&s)
		return s
	}
	before := state()
	free := fulldisk.Fill(t, dir)
	writes := []struct {
		path string
		form url.Values
	}{
		{"/puzzles/1/tags", url.Values{"tags": {"full"}}},
		{"/sets", url.Values{"name": {"monday"}}},
		{"/sets/add", url.Values{"set": {"1"}, "what": {"ticked"}, "id": {"3"}}},
		{"/sets/1/edit", url.Values{"name": {"saturday"}}},
		{"/sets/1/move", url.Values{"puzzle": {"2"}, "pos": {"1"}}},
		{"/sets/1/remove", url.Values{"puzzle": {"1"}}},
		{"/sets/1/delete", url.Values{"confirm": {"yes"}}},
		{"/users", url.Values{"name": {"dora"}, "password": {testPass}, "role": {"viewer"}}},
		{"/import", url.Values{"text": {"000000010400000000020000000000050407008000300001090000300400200050100000000806000\n"}}},
	}
	want := "The disk holding the library " + d.Path + " is full"
	for _, w := range writes {
		form := url.Values{"csrf": {tok}}
		for k, v := range w.form {
			form[k] = v
		}
		r := c.post(w.path, form)
		if r.code != http.StatusInsufficientStorage || !strings.Contains(r.body, want) || strings.Contains(r.body, "(13)") || strings.Contains(r.body, "SQL") {
			t.Errorf("POST %s on a full disk: %d %.400s; want 507 saying %q", w.path, r.code, r.body, want)
		}
	}
	free()
	if after := state(); after != before {
		t.Errorf("the refused writes changed the library: %s -> %s", before, after)
	}
	if r := c.post("/puzzles/1/tags", url.Values{"csrf": {tok}, "tags": {"full"}}); r.code != http.StatusSeeOther {
		t.Errorf("tags once space is freed: %d %.300s", r.code, r.body)
	}

	// a scheduled backup into a folder on a full disk
	bdir := fulldisk.Mount(t, 256<<10)
	_, _, err = d.BackupInto(context.Background(), bdir, time.Now(), 3)
	backups.Record(time.Now(), bdir, "", err)
	if err == nil {
		t.Fatal("a backup of a larger library fitted into 256 KiB")
	}
	says := "the disk holding the backup folder " + bdir + " is full"
	if r := c.get("/puzzles"); !strings.Contains(r.body, `id="fault"`) || !strings.Contains(r.body, says) {
		t.Errorf("an admin's page after a backup on a full disk: no %q", says)
	}
	if ents, _ := os.ReadDir(bdir); len(ents) != 0 {
		t.Errorf("the failed backup left %d files in its folder", len(ents))
	}
	ed := e.client()
	if _, err := (db.UserStore{DB: d.W}).AddWithRole(context.Background(), "ed", testPass, "editor"); err != nil {
		t.Fatal(err)
	}
	ed.loginAs("ed", testPass)
	if r := ed.get("/puzzles"); strings.Contains(r.body, `id="fault"`) {
		t.Errorf("an editor is shown the backup's fault")
	}
}

// TestDashboardNamesFutureBackups: backups named for a later time than
// now (the backup loop's BackupLog.Future) are named on an admin's
// dashboard, not an editor's, and the sentence goes when they do.
func TestDashboardNamesFutureBackups(t *testing.T) {
	backups := &BackupLog{}
	e := newTestEnv(t, func(c *Config) { c.Backups = backups })
	if err := (db.UserStore{DB: e.db.W}).Add(context.Background(), "editor1", testPass); err != nil {
		t.Fatal(err)
	}
	adm, ed := e.client(), e.client()
	adm.login()
	ed.loginAs("editor1", testPass)
	name := db.BackupName(time.Now().AddDate(1, 0, 0))
	backups.Future("/srv/backups", []string{name})
	if r := adm.get("/"); !strings.Contains(r.body, `id="backup-note"`) || !strings.Contains(r.body, name) || !strings.Contains(r.body, "/srv/backups") {
		t.Errorf("the admin's dashboard does not name %s:\n%s", name, r.body)
	}
	if r := ed.get("/"); strings.Contains(r.body, name) {
		t.Error("an editor's dashboard names the backup folder's files")
	}
	backups.Future("/srv/backups", nil)
	if r := adm.get("/"); strings.Contains(r.body, `id="backup-note"`) {
		t.Error("the note stays once the files are gone")
	}
}
