package web

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"testing"

	"pencilbox"
)

// keys returns an object's keys, sorted.
func keys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestAPIStepKeys: a puzzle's steps and profile items have the lower-case
// keys README's JSON API table names, every list a list.
func TestAPIStepKeys(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	c.login()
	for _, q := range []pencilbox.Filter{
		{Kind: "sudoku", RankMin: 7, RankMax: 7},
		{Kind: "akari", RankMin: 4, RankMax: 4},
	} {
		ids := e.pick(q, 1)
		if len(ids) != 1 {
			t.Fatalf("%+v: no such puzzle in the sample", q)
		}
		r := c.get(fmt.Sprintf("/api/puzzles/%d", ids[0]))
		var ap struct {
			Profile []map[string]any `json:"profile"`
			Steps   []map[string]any `json:"steps"`
		}
		if err := json.Unmarshal([]byte(r.body), &ap); err != nil || len(ap.Steps) == 0 || len(ap.Profile) == 0 {
			t.Fatalf("puzzle %d: %v, %d steps, %d profile items: %.300s", ids[0], err, len(ap.Steps), len(ap.Profile), r.body)
		}
		for _, p := range ap.Profile {
			if got := keys(p); !slices.Equal(got, []string{"count", "technique"}) {
				t.Errorf("puzzle %d: profile item keys %v", ids[0], got)
			}
		}
		marks := 0
		for i, st := range ap.Steps {
			for _, k := range []string{"level", "technique", "sentence", "pattern", "placements", "eliminations"} {
				if _, ok := st[k]; !ok {
					t.Errorf("puzzle %d step %d: no %q (keys %v)", ids[0], i+1, k, keys(st))
				}
			}
			for _, k := range keys(st) {
				if !slices.Contains([]string{"level", "technique", "sentence", "pattern", "houses", "digits",
					"placements", "eliminations", "assumption", "contradiction"}, k) {
					t.Errorf("puzzle %d step %d: unexpected key %q", ids[0], i+1, k)
				}
			}
			for _, k := range []string{"pattern", "placements", "eliminations"} {
				list, ok := st[k].([]any)
				if !ok {
					t.Errorf("puzzle %d step %d: %s is %T, want a list", ids[0], i+1, k, st[k])
					continue
				}
				if k == "pattern" {
					continue
				}
				for _, m := range list {
					mm, _ := m.(map[string]any)
					if got := keys(mm); !slices.Equal(got, []string{"cell", "value"}) {
						t.Errorf("puzzle %d step %d: a mark of %s has keys %v", ids[0], i+1, k, got)
					}
					marks++
				}
			}
		}
		if marks == 0 {
			t.Errorf("puzzle %d: no step places or eliminates anything", ids[0])
		}
	}
}
