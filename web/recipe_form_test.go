package web

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// TestRecipeFormKeepsInput (issue 33, item 4): a recipe that cannot be
// filled, or one with several bad values, brings back the list it was
// sent from with the recipe's panel open, the recipe, seed and name as
// typed, every reason listed and each field at fault marked; no set is
// made.
func TestRecipeFormKeepsInput(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	sets := len(e.sets())
	for _, tc := range []struct {
		what               string
		recipe, seed, name string
		says, fields       []string
	}{
		{"cannot be filled", "rank=1:5000", "42", "Week 50 Sudoku", []string{"The recipe cannot be filled: rank=1:5000 wants 5000"}, []string{"recipe"}},
		{"three bad values", "rank 1", "abc", "", []string{"write FIELD=RANGE:COUNT", `Seed "abc": write a whole number`, "Name the new set"}, []string{"recipe", "seed", "name"}},
	} {
		r := c.post("/sets/build", url.Values{"csrf": {tok}, "filter": {"kind=sudoku&rank=1"}, "back": {"/puzzles?kind=sudoku&rank=1"},
			"recipe": {tc.recipe}, "seed": {tc.seed}, "name": {tc.name}})
		body := html.UnescapeString(r.body)
		if r.code != http.StatusBadRequest {
			t.Fatalf("%s: %d, want the list again (400)", tc.what, r.code)
		}
		if !regexp.MustCompile(`<details class="recipe" id="recipe" open`).MatchString(r.body) {
			t.Errorf("%s: the recipe panel is closed", tc.what)
		}
		list := regexp.MustCompile(`(?s)<div class="error" id="recipe-errors" role="alert">.*?</div>`).FindString(body)
		for _, w := range tc.says {
			if !strings.Contains(list, w) {
				t.Errorf("%s: the recipe's reasons lack %q:\n%s", tc.what, w, list)
			}
		}
		if n := strings.Count(list, "<li>"); n != len(tc.says) {
			t.Errorf("%s: %d reasons listed, want %d", tc.what, n, len(tc.says))
		}
		for _, f := range []struct{ name, value string }{{"recipe", tc.recipe}, {"seed", tc.seed}, {"name", tc.name}} {
			tag := regexp.MustCompile(`<input[^>]*name="` + f.name + `"[^>]*>`).FindString(html.UnescapeString(strings.SplitN(r.body, `id="recipe"`, 2)[1]))
			if f.value != "" && !strings.Contains(tag, `value="`+f.value+`"`) {
				t.Errorf("%s: field %s lost %q: %s", tc.what, f.name, f.value, tag)
			}
			marked := strings.Contains(tag, `aria-invalid="true"`)
			if want := strings.Contains(strings.Join(tc.fields, " "), f.name); marked != want {
				t.Errorf("%s: field %s marked %v, want %v", tc.what, f.name, marked, want)
			}
		}
		// the list is the one the recipe was sent from
		if tag := regexp.MustCompile(`<input type="hidden" name="filter" value="[^"]*"`).FindString(body); !strings.Contains(tag, "rank=1") {
			t.Errorf("%s: the recipe form's filter is not the list's: %s", tc.what, tag)
		}
	}
	if n := len(e.sets()); n != sets {
		t.Errorf("%d sets made", n-sets)
	}
}
