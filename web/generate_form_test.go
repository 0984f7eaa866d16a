package web

import (
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestGenerateFormKeptWhenRefused: a generate form refused (a bad Stars
// value, a tag over the limit, a target the kind cannot reach) is the
// generate page again with every field as sent, the field at fault
// marked, and the reason; no run starts.
func TestGenerateFormKeptWhenRefused(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	before := len(e.jobs())
	long := strings.Repeat("z", 70)
	for _, tc := range []struct {
		form  url.Values
		field string // "" = no field marked
		says  string
	}{
		{url.Values{"kind": {"akari"}, "rank": {"4+"}, "count": {"3"}, "size": {"7x7"}, "tags": {"fresh, week 12"}, "set": {"daily"}},
			"rank", `Stars "4+": write a whole number like 5`},
		{url.Values{"kind": {"akari"}, "rank": {"2"}, "count": {"3"}, "tags": {"fresh, " + long}, "set": {"daily"}},
			"tags", "is 70 bytes long: a tag takes at most 64"},
		{url.Values{"kind": {"akari"}, "rank": {"2"}, "count": {"0"}, "tags": {"fresh"}},
			"count", `Count "0": want a number from 1 to`},
		{url.Values{"kind": {"akari"}, "rank": {"5"}, "count": {"3"}, "size": {"3x3"}, "tags": {"week 12"}},
			"", "rates above 4"},
	} {
		form := url.Values{"csrf": {tok}}
		for k, v := range tc.form {
			form[k] = v
		}
		r := c.post("/generate", form)
		body := html.UnescapeString(r.body)
		name := tc.form.Encode()
		if r.code != http.StatusBadRequest || !strings.Contains(body, "<h1>Generate</h1>") || !strings.Contains(body, tc.says) {
			t.Errorf("%s: %d %.300s; want the generate page saying %q", name, r.code, body, tc.says)
			continue
		}
		if !strings.Contains(body, `<option value="akari" selected>`) {
			t.Errorf("%s: the kind was lost", name)
		}
		for _, f := range []string{"rank", "count", "size", "tags", "set"} {
			if v := tc.form.Get(f); v != "" && !strings.Contains(body, `value="`+v+`"`) {
				t.Errorf("%s: the %s field lost %q", name, f, v)
			}
		}
		var marked []string
		for _, m := range markedField.FindAllStringSubmatch(body, -1) {
			marked = append(marked, m[1])
		}
		if strings.Join(marked, " ") != tc.field {
			t.Errorf("%s: marked %q, want %q", name, marked, tc.field)
		}
	}
	if n := len(e.jobs()); n != before {
		t.Errorf("%d runs started from refused forms", n-before)
	}
	// a new form holds its defaults only, nothing marked
	if body := c.get("/generate").body; strings.Contains(body, "aria-invalid") || !strings.Contains(body, `value="10"`) || strings.Contains(body, " selected>") {
		t.Errorf("a new generate form is not blank")
	}
}

// TestGenerateRefusesUnreachableER (issue 33): stars and an ER range no
// puzzle can have at once (a 1-star Sudoku, naked singles only, rates at
// most ER 2.3) are refused on the form, the ER field marked and the
// ranks' spans said; no run starts (it searched until restart).
func TestGenerateRefusesUnreachableER(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	before := len(e.jobs())
	for _, tc := range []struct{ rank, er, says string }{
		{"1", "9-", "Stars 1 with ER 9-: impossible target at the asked rank: a puzzle rates only rank 1 from 1.0 to 2.3"},
		{"4-6", "-1.5", "rank 4 from 1.7 to 3.4, rank 5 from 1.7 to 4.0, rank 6 from 1.7 to 5.4"},
	} {
		r := c.post("/generate", url.Values{"csrf": {tok}, "kind": {"sudoku"}, "rank": {tc.rank}, "er": {tc.er}, "count": {"3"}})
		body := html.UnescapeString(r.body)
		if r.code != http.StatusBadRequest || !strings.Contains(body, tc.says) {
			t.Errorf("rank %s er %s: %d %.300s; want 400 saying %q", tc.rank, tc.er, r.code, body, tc.says)
		}
		if m := markedField.FindAllStringSubmatch(body, -1); len(m) != 1 || m[0][1] != "er" {
			t.Errorf("rank %s er %s: marked %q, want the er field", tc.rank, tc.er, m)
		}
	}
	if n := len(e.jobs()); n != before {
		t.Errorf("%d runs started from refused forms", n-before)
	}
}

// TestGenerateFormFromDeclarations: the form's parameter fields are the
// kinds' generator declarations (a label names the kinds when not every
// kind takes it; a switch is a yes/no list, its default first), and a
// Sudoku form with a size filled in is refused, the size marked: Sudoku
// declares none. A parameter the kinds declare with different defaults
// (a killer's size is 9x9) shows no one kind's default as the field's.
func TestGenerateFormFromDeclarations(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	body := html.UnescapeString(c.get("/generate").body)
	for _, want := range []string{
		`Size (Nonogram, Akari (Light Up), Killer Sudoku, Slitherlink) <input name="size" placeholder="kind's default"`,
		`Black cells (Akari (Light Up)) <input name="black" placeholder="20%"`,
		`<select name="symmetry"><option value="none">none</option>`,
		`<select name="minimal"><option value="true">yes</option><option value="false">no</option></select>`,
		`Clues (Sudoku, Akari (Light Up)) <input name="clues"`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the generate form lacks %q", want)
		}
	}
	r := c.post("/generate", url.Values{"csrf": {tok}, "kind": {"sudoku"}, "count": {"1"}, "size": {"12x12"}, "minimal": {"true"}})
	if r.code != http.StatusBadRequest || !strings.Contains(html.UnescapeString(r.body), "Size: Sudoku takes no size.") {
		t.Errorf("a Sudoku with a size: %d %.300s", r.code, r.body)
	}
	if m := markedField.FindAllStringSubmatch(r.body, -1); len(m) != 1 || m[0][1] != "size" {
		t.Errorf("marked %q, want the size", m)
	}
	r = c.post("/generate", url.Values{"csrf": {tok}, "kind": {"akari"}, "count": {"1"}, "black": {"120%"}})
	if r.code != http.StatusBadRequest || !strings.Contains(html.UnescapeString(r.body), `Black cells: "120%": want a share between 0% and 100%`) {
		t.Errorf("an Akari with 120%% black: %d %.300s", r.code, r.body)
	}
}
