package web

import (
	"context"
	"slices"
	"strconv"
	"testing"

	"pencilbox"
)

// The helpers below read the library the way the product does, through
// the root's store interfaces (pencilbox.SiteStore, SetStore, AuditLog,
// UserStore), so a test says what a user would check (a set's puzzles,
// the jobs listed, the audit rows) rather than how tables hold it. Raw SQL
// (ids, count in web_test.go) is kept for tests whose subject is the
// database itself or the store's query builder, where it is the oracle.

// pick returns the ids of f's matches in f's order (id when f names no
// sort), up to limit when limit > 0: a test's subject chosen with the
// library's own filter.
func (e *testEnv) pick(f pencilbox.Filter, limit int) []int64 {
	e.t.Helper()
	ids, err := e.lib.Store.IDs(context.Background(), f, limit)
	if err != nil {
		e.t.Fatalf("pick %+v: %v", f, err)
	}
	return ids
}

// first is the first of f's matches; the test fails when there is none.
func (e *testEnv) first(f pencilbox.Filter) int64 {
	e.t.Helper()
	ids := e.pick(f, 1)
	if len(ids) == 0 {
		e.t.Fatalf("no puzzle matches %+v", f)
	}
	return ids[0]
}

// matches counts f's matches.
func (e *testEnv) matches(f pencilbox.Filter) int {
	e.t.Helper()
	n, err := e.lib.Store.Count(context.Background(), f, 0)
	if err != nil {
		e.t.Fatalf("count %+v: %v", f, err)
	}
	return n
}

// puzzle is the stored puzzle id, as its page reads it.
func (e *testEnv) puzzle(id int64) pencilbox.Puzzle {
	e.t.Helper()
	p, err := e.lib.Store.Puzzle(context.Background(), id)
	if err != nil {
		e.t.Fatalf("puzzle %d: %v", id, err)
	}
	return p
}

// sets lists the sets, as the sets page does.
func (e *testEnv) sets() []pencilbox.Set {
	e.t.Helper()
	sets, err := e.db.Sets().List(context.Background())
	if err != nil {
		e.t.Fatalf("sets: %v", err)
	}
	return sets
}

// setNamed is the set of that name and its puzzles in order; ok is false
// when there is none.
func (e *testEnv) setNamed(name string) (pencilbox.Set, []int64, bool) {
	e.t.Helper()
	for _, s := range e.sets() {
		if s.Name == name {
			set, ids, err := e.db.Sets().Get(context.Background(), s.ID)
			if err != nil {
				e.t.Fatalf("set %q: %v", name, err)
			}
			return set, ids, true
		}
	}
	return pencilbox.Set{}, nil, false
}

// setItems is the puzzles of set id in order.
func (e *testEnv) setItems(id int64) []int64 {
	e.t.Helper()
	_, ids, err := e.db.Sets().Get(context.Background(), id)
	if err != nil {
		e.t.Fatalf("set %d: %v", id, err)
	}
	return ids
}

// allSetItems counts the puzzles of every set, a puzzle once per set.
func (e *testEnv) allSetItems() int {
	e.t.Helper()
	n := 0
	for _, s := range e.sets() {
		n += s.Count
	}
	return n
}

// maxListed bounds the rows the helpers below ask a list for: more than
// any test stores.
const maxListed = 100000

// jobs lists the jobs, newest first, as the jobs page does.
func (e *testEnv) jobs() []pencilbox.Job {
	e.t.Helper()
	jobs, err := e.lib.Store.Jobs(context.Background(), maxListed)
	if err != nil {
		e.t.Fatalf("jobs: %v", err)
	}
	return jobs
}

// audit lists the audit log's rows, newest first, as the audit page does.
func (e *testEnv) audit(f pencilbox.AuditFilter) []pencilbox.AuditEntry {
	e.t.Helper()
	if f.Limit == 0 {
		f.Limit = maxListed
	}
	rows, err := e.s.cfg.Audit.List(context.Background(), f)
	if err != nil {
		e.t.Fatalf("audit: %v", err)
	}
	return rows
}

// users lists the accounts, as the users page does.
func (e *testEnv) users() []pencilbox.User {
	e.t.Helper()
	users, err := e.s.cfg.Users.List(context.Background())
	if err != nil {
		e.t.Fatalf("users: %v", err)
	}
	return users
}

// user is the account of that name; ok is false when there is none.
func (e *testEnv) user(name string) (pencilbox.User, bool) {
	e.t.Helper()
	for _, u := range e.users() {
		if u.Name == name {
			return u, true
		}
	}
	return pencilbox.User{}, false
}

// withRole counts the accounts of role.
func (e *testEnv) withRole(role pencilbox.Role) int {
	e.t.Helper()
	n := 0
	for _, u := range e.users() {
		if u.Role == role {
			n++
		}
	}
	return n
}

// tagCount counts the tags of every puzzle, a tag once per puzzle, as
// the puzzles' pages list them.
func (e *testEnv) tagCount() int {
	e.t.Helper()
	n := 0
	err := e.lib.Store.Bulk(context.Background(), pencilbox.Filter{}, 0, pencilbox.BulkOptions{}, func(ps []pencilbox.Puzzle) error {
		for _, p := range ps {
			n += len(p.Tags)
		}
		return nil
	})
	if err != nil {
		e.t.Fatalf("tags: %v", err)
	}
	return n
}

// auditTop is the newest audit row's id (0 when the log is empty): a
// mark for auditSince.
func (e *testEnv) auditTop() int64 {
	e.t.Helper()
	rows := e.audit(pencilbox.AuditFilter{Limit: 1})
	if len(rows) == 0 {
		return 0
	}
	return rows[0].ID
}

// auditSince lists the audit rows written after the row mark, oldest
// first, as the audit page shows them (newest first there).
func (e *testEnv) auditSince(mark int64) []pencilbox.AuditEntry {
	e.t.Helper()
	var out []pencilbox.AuditEntry
	for _, r := range e.audit(pencilbox.AuditFilter{}) {
		if r.ID > mark {
			out = append(out, r)
		}
	}
	slices.Reverse(out)
	return out
}

// hasUser tells whether an account of that name exists.
func (e *testEnv) hasUser(name string) bool {
	e.t.Helper()
	_, ok := e.user(name)
	return ok
}

// setsNamed counts the sets of that name.
func (e *testEnv) setsNamed(name string) int {
	e.t.Helper()
	n := 0
	for _, s := range e.sets() {
		if s.Name == name {
			n++
		}
	}
	return n
}

// audited lists the audit rows of action (by actor when actor is not
// ""), newest first.
func (e *testEnv) audited(action, actor string) []pencilbox.AuditEntry {
	e.t.Helper()
	var out []pencilbox.AuditEntry
	for _, r := range e.audit(pencilbox.AuditFilter{Actor: actor}) {
		if r.Action == action {
			out = append(out, r)
		}
	}
	return out
}

// mustID reads a puzzle id written in a form or a link.
func mustID(t *testing.T, s string) int64 {
	t.Helper()
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatalf("puzzle id %q: %v", s, err)
	}
	return id
}

// publications counts the publications of every set, as the sets page
// lists them.
func (e *testEnv) publications() int {
	e.t.Helper()
	n := 0
	for _, s := range e.sets() {
		n += s.Published
	}
	return n
}

// setPublications lists set id's publications, as its page shows them.
func (e *testEnv) setPublications(id int64) []pencilbox.Publication {
	e.t.Helper()
	pubs, err := e.db.Sets().Publications(context.Background(), id)
	if err != nil {
		e.t.Fatalf("publications of set %d: %v", id, err)
	}
	return pubs
}

// tags lists the tags the puzzles carry, each once, sorted.
func (e *testEnv) tags() []string {
	e.t.Helper()
	var out []string
	err := e.lib.Store.Bulk(context.Background(), pencilbox.Filter{}, 0, pencilbox.BulkOptions{}, func(ps []pencilbox.Puzzle) error {
		for _, p := range ps {
			out = append(out, p.Tags...)
		}
		return nil
	})
	if err != nil {
		e.t.Fatalf("tags: %v", err)
	}
	slices.Sort(out)
	return slices.Compact(out)
}
