package web

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"pencilbox"
)

// TestStoredTextLimits: every text the site stores is capped, refused
// with a sentence naming the limit, with the form as sent: a set's name
// and notes (create and edit; notes had no limit, and every list page
// read every set's notes whole), an import's source label, the set a
// generator or a recipe fills.
func TestStoredTextLimits(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	longNotes := strings.Repeat("n", pencilbox.MaxSetNotes+1)
	longName := strings.Repeat("é", pencilbox.MaxSetName+1)
	for _, tc := range []struct {
		name, notes, msg string
	}{
		{"Week", longNotes, fmt.Sprintf("The set's notes have %d characters: notes take at most %d (shorten them by 1).", pencilbox.MaxSetNotes+1, pencilbox.MaxSetNotes)},
		{longName, "", fmt.Sprintf("The set's name has %d characters: a name takes at most %d.", pencilbox.MaxSetName+1, pencilbox.MaxSetName)},
	} {
		r := c.post("/sets", url.Values{"csrf": {tok}, "name": {tc.name}, "notes": {tc.notes}})
		body := html.UnescapeString(r.body)
		if r.code != http.StatusBadRequest || !strings.Contains(body, tc.msg) {
			t.Errorf("create %d/%d characters: %d, want 400 saying %q", len(tc.name), len(tc.notes), r.code, tc.msg)
		}
		if !strings.Contains(body, `name="name" value="`+tc.name+`"`) || !strings.Contains(body, `name="notes" value="`+tc.notes+`"`) {
			t.Errorf("create %d/%d characters: the form lost what was sent", len(tc.name), len(tc.notes))
		}
		if strings.Count(r.hdr.Get("Set-Cookie"), "n") > 1000 {
			t.Errorf("create: the refused notes came back in a cookie")
		}
	}
	// the limits themselves pass
	r := c.post("/sets", url.Values{"csrf": {tok}, "name": {strings.Repeat("é", pencilbox.MaxSetName)}, "notes": {strings.Repeat("n", pencilbox.MaxSetNotes)}})
	if r.code != http.StatusSeeOther {
		t.Fatalf("create at the limits: %d %.300s", r.code, r.body)
	}
	loc := r.hdr.Get("Location")
	// edit: refused the same, the form as sent
	r = c.post(loc+"/edit", url.Values{"csrf": {tok}, "name": {"Renamed"}, "notes": {longNotes}})
	body := html.UnescapeString(r.body)
	if r.code != http.StatusBadRequest || !strings.Contains(body, "notes take at most") || !strings.Contains(body, `name="name" value="Renamed"`) || !strings.Contains(body, longNotes+"</textarea>") {
		t.Errorf("edit with long notes: %d, want 400 with the form as sent", r.code)
	}
	// a list of sets carries the start of the notes only
	for _, path := range []string{"/sets", "/puzzles", "/api/sets"} {
		if b := c.get(path).body; strings.Contains(b, strings.Repeat("n", pencilbox.SetNotesPreview+1)) {
			t.Errorf("%s carries more of a set's notes than %d characters", path, pencilbox.SetNotesPreview)
		}
	}
	if b := c.get("/api/sets").body; !strings.Contains(b, `"notes_cut":true`) {
		t.Errorf("/api/sets does not say the notes were cut: %.300s", b)
	}
	if b := c.get(loc).body; !strings.Contains(b, strings.Repeat("n", pencilbox.MaxSetNotes)) {
		t.Errorf("the set's page lost its notes")
	}
	// an import's typed source label
	long := strings.Repeat("s", pencilbox.MaxSourceLabel+1)
	r = c.post("/import", url.Values{"csrf": {tok}, "text": {"1 2 3"}, "source": {long}})
	body = html.UnescapeString(r.body)
	if r.code != http.StatusBadRequest || !strings.Contains(body, fmt.Sprintf("The source label has %d characters: a label takes at most %d.", pencilbox.MaxSourceLabel+1, pencilbox.MaxSourceLabel)) || !strings.Contains(body, long) {
		t.Errorf("import with a long source label: %d, want 400 with the form as sent: %.300s", r.code, body)
	}
	// a recipe's new set
	r = c.post("/sets/build", url.Values{"csrf": {tok}, "recipe": {"rank=1-:1"}, "name": {longName}})
	if body := html.UnescapeString(r.body); r.code != http.StatusBadRequest || !strings.Contains(body, "a name takes at most") {
		t.Errorf("recipe into a long-named set: %d, want 400 saying so", r.code)
	}
}
