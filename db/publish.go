package db

// Publications (migration 00104): a set published in an outlet on a date;
// each of its puzzles keeps the record (puzzle_publications), whatever
// later happens to the set. And what the reuse check asks: which sets
// hold a puzzle, and where it was published.

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"pencilbox"
)

// Publish records the set as published in outlet on date (YYYY-MM-DD),
// with each of its puzzles at its position, and an audit row, in one
// transaction. An empty set, or the same set in the same outlet on the
// same date twice, is refused. A nonzero image prints the puzzles as
// the random images it chooses (pencilbox.Publication.Image).
func (s SetStore) Publish(ctx context.Context, id int64, outlet, date string, image uint64) (pencilbox.Publication, error) {
	outlet = strings.TrimSpace(outlet)
	var pub pencilbox.Publication
	if err := pencilbox.CheckOutlet(outlet); err != nil {
		return pub, err
	}
	date, err := pencilbox.ParseDate(date, time.Now())
	if err != nil {
		return pub, err
	}
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return pub, err
	}
	defer tx.Rollback()
	var name string
	if err := tx.QueryRowContext(ctx, `SELECT name FROM sets WHERE id = ?`, id).Scan(&name); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return pub, ErrNoSet
		}
		return pub, err
	}
	ids, err := s.items(ctx, tx, id)
	if err != nil {
		return pub, err
	}
	if len(ids) == 0 {
		return pub, fmt.Errorf("set %q is empty: nothing to publish", name)
	}
	var dup int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM publications WHERE set_id = ? AND outlet = ? AND date = ?`, id, outlet, date).Scan(&dup); err != nil {
		return pub, err
	}
	if dup > 0 {
		return pub, fmt.Errorf("set %q is already published in %s on %s", name, outlet, date)
	}
	now := time.Now()
	pub = pencilbox.Publication{SetID: id, SetName: name, Outlet: outlet, Date: date, At: time.UnixMilli(now.UnixMilli()), Actor: Actor(ctx), Count: len(ids), Image: image}
	err = tx.QueryRowContext(ctx, `INSERT INTO publications(set_id, set_name, outlet, date, at, actor, image) VALUES(?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		id, name, outlet, date, now.UnixMilli(), pub.Actor, int64(image)).Scan(&pub.ID)
	if err != nil {
		return pub, fmt.Errorf("publish set %q: %w", name, err)
	}
	list, _ := json.Marshal(ids)
	if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO puzzle_publications(puzzle_id, publication_id, pos)
		SELECT value, ?, key + 1 FROM json_each(?)`, pub.ID, string(list)); err != nil {
		return pub, fmt.Errorf("publish set %q: %w", name, err)
	}
	if err := record(ctx, tx, ActionSetPublish, id, 0, ids, fmt.Sprintf("set %q published in %s on %s (%d puzzles%s)", name, outlet, date, len(ids), imageNote(image))); err != nil {
		return pub, err
	}
	if err := tx.Commit(); err != nil {
		return pub, err
	}
	s.changed()
	return pub, nil
}

const pubCols = `pb.id, coalesce(pb.set_id, 0), pb.set_name, pb.outlet, pb.date, pb.at, pb.actor, coalesce(pb.reopened, 0), pb.reopened_by, pb.image`

func scanPub(rows *sql.Rows, extra ...any) (pencilbox.Publication, error) {
	var p pencilbox.Publication
	var at, reopened, image int64
	err := rows.Scan(append([]any{&p.ID, &p.SetID, &p.SetName, &p.Outlet, &p.Date, &at, &p.Actor, &reopened, &p.ReopenedBy, &image}, extra...)...)
	p.At = time.UnixMilli(at)
	p.Image = uint64(image)
	if reopened != 0 {
		p.Reopened = time.UnixMilli(reopened)
	}
	return p, err
}

// locks returns the publications locking set id (not reopened since),
// by date: what a change of the set is refused with.
func locks(ctx context.Context, q Querier, id int64) ([]pencilbox.Publication, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+pubCols+` FROM publications pb
		WHERE pb.set_id = ? AND pb.reopened IS NULL ORDER BY pb.date, pb.id`, id)
	if err != nil {
		return nil, fmt.Errorf("locks of set %d: %w", id, err)
	}
	defer rows.Close()
	var out []pencilbox.Publication
	for rows.Next() {
		p, err := scanPub(rows)
		if err != nil {
			return nil, fmt.Errorf("locks of set %d: %w", id, err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// refuseLocked is a *pencilbox.LockedError when a publication locks set
// id (named name), else nil.
func refuseLocked(ctx context.Context, q Querier, id int64, name string) error {
	pubs, err := locks(ctx, q, id)
	if err != nil {
		return err
	}
	if len(pubs) > 0 {
		return &pencilbox.LockedError{Set: name, Publications: pubs}
	}
	return nil
}

// Reopen unlocks a published set: its locking publications are stamped
// with the time and the actor (their records and their puzzles' stay),
// with an audit row naming them, in one transaction. A set no
// publication locks is refused with ErrNotLocked.
func (s SetStore) Reopen(ctx context.Context, id int64) ([]pencilbox.Publication, error) {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	var name string
	if err := tx.QueryRowContext(ctx, `SELECT name FROM sets WHERE id = ?`, id).Scan(&name); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrNoSet
		}
		return nil, err
	}
	pubs, err := locks(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	if len(pubs) == 0 {
		return nil, fmt.Errorf("set %q: %w", name, pencilbox.ErrNotLocked)
	}
	now, who := time.Now(), Actor(ctx)
	if _, err := tx.ExecContext(ctx, `UPDATE publications SET reopened = ?, reopened_by = ? WHERE set_id = ? AND reopened IS NULL`,
		now.UnixMilli(), who, id); err != nil {
		return nil, fmt.Errorf("reopen set %q: %w", name, err)
	}
	var what []string
	for i := range pubs {
		pubs[i].Reopened, pubs[i].ReopenedBy = time.UnixMilli(now.UnixMilli()), who
		what = append(what, fmt.Sprintf("%s on %s", pubs[i].Outlet, pubs[i].Date))
	}
	if err := record(ctx, tx, ActionSetReopen, id, 0, nil, fmt.Sprintf("set %q reopened for changes (published in %s)", name, strings.Join(what, "; "))); err != nil {
		return nil, err
	}
	if err := tx.Commit(); err != nil {
		return nil, err
	}
	s.changed()
	return pubs, nil
}

// Publications returns a set's publications, by date then as recorded.
func (s SetStore) Publications(ctx context.Context, id int64) ([]pencilbox.Publication, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT `+pubCols+`,
		(SELECT count(*) FROM puzzle_publications pp WHERE pp.publication_id = pb.id)
		FROM publications pb WHERE pb.set_id = ? ORDER BY pb.date, pb.id`, id)
	if err != nil {
		return nil, fmt.Errorf("publications of set %d: %w", id, err)
	}
	defer rows.Close()
	var out []pencilbox.Publication
	for rows.Next() {
		var n int
		p, err := scanPub(rows, &n)
		if err != nil {
			return nil, fmt.Errorf("publications of set %d: %w", id, err)
		}
		p.Count = n
		out = append(out, p)
	}
	return out, rows.Err()
}

// PuzzlePublications returns a puzzle's publications, by date then as
// recorded, each with the puzzle's position in the set then.
func (s SetStore) PuzzlePublications(ctx context.Context, puzzle int64) ([]pencilbox.Publication, error) {
	byPuzzle, err := publicationsOf(ctx, s.reader(), []int64{puzzle})
	if err != nil {
		return nil, fmt.Errorf("publications of puzzle %d: %w", puzzle, err)
	}
	return byPuzzle[puzzle], nil
}

// PuzzleSets returns the sets holding a puzzle, by name.
func (s SetStore) PuzzleSets(ctx context.Context, puzzle int64) ([]pencilbox.Membership, error) {
	bySet, err := membershipsOf(ctx, s.reader(), []int64{puzzle}, 0)
	if err != nil {
		return nil, fmt.Errorf("sets of puzzle %d: %w", puzzle, err)
	}
	return bySet[puzzle], nil
}

// Reused returns those of puzzles that are already used: published, or
// in a set other than id (id 0: in any set), in the order given, each
// once.
func (s SetStore) Reused(ctx context.Context, id int64, puzzles []int64) ([]pencilbox.Reuse, error) {
	return reused(ctx, s.reader(), id, puzzles)
}

func reused(ctx context.Context, q Querier, id int64, puzzles []int64) ([]pencilbox.Reuse, error) {
	if len(puzzles) == 0 {
		return nil, nil
	}
	sets, err := membershipsOf(ctx, q, puzzles, id)
	if err != nil {
		return nil, fmt.Errorf("reuse check: %w", err)
	}
	pubs, err := publicationsOf(ctx, q, puzzles)
	if err != nil {
		return nil, fmt.Errorf("reuse check: %w", err)
	}
	var out []pencilbox.Reuse
	seen := make(map[int64]bool, len(puzzles))
	for _, p := range puzzles {
		if seen[p] || len(sets[p]) == 0 && len(pubs[p]) == 0 {
			continue
		}
		seen[p] = true
		out = append(out, pencilbox.Reuse{Puzzle: p, Sets: sets[p], Publications: pubs[p]})
	}
	return out, nil
}

// idList is ids as a JSON array, for json_each.
func idList(ids []int64) string {
	b, _ := json.Marshal(ids)
	return string(b)
}

// membershipsOf returns the sets holding each of puzzles, by name,
// leaving out the set except (0: none left out).
func membershipsOf(ctx context.Context, q Querier, puzzles []int64, except int64) (map[int64][]pencilbox.Membership, error) {
	rows, err := q.QueryContext(ctx, `SELECT i.puzzle_id, s.id, s.name, i.pos FROM set_items i JOIN sets s ON s.id = i.set_id
		WHERE i.puzzle_id IN (SELECT value FROM json_each(?)) AND i.set_id <> ? ORDER BY s.name`, idList(puzzles), except)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64][]pencilbox.Membership{}
	for rows.Next() {
		var p int64
		var m pencilbox.Membership
		if err := rows.Scan(&p, &m.SetID, &m.Name, &m.Pos); err != nil {
			return nil, err
		}
		out[p] = append(out[p], m)
	}
	return out, rows.Err()
}

// publicationsOf returns the publications of each of puzzles, by date.
func publicationsOf(ctx context.Context, q Querier, puzzles []int64) (map[int64][]pencilbox.Publication, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+pubCols+`, pp.puzzle_id, pp.pos
		FROM puzzle_publications pp JOIN publications pb ON pb.id = pp.publication_id
		WHERE pp.puzzle_id IN (SELECT value FROM json_each(?)) ORDER BY pb.date, pb.id`, idList(puzzles))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64][]pencilbox.Publication{}
	for rows.Next() {
		var puzzle int64
		var pos int
		p, err := scanPub(rows, &puzzle, &pos)
		if err != nil {
			return nil, err
		}
		p.Pos = pos
		out[puzzle] = append(out[puzzle], p)
	}
	return out, rows.Err()
}

// Outlets lists the outlets published in, by name: what the filter's
// outlet field offers.
func (s SetStore) Outlets(ctx context.Context) ([]string, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT DISTINCT outlet FROM publications ORDER BY outlet`)
	if err != nil {
		return nil, fmt.Errorf("outlets: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var o string
		if err := rows.Scan(&o); err != nil {
			return nil, fmt.Errorf("outlets: %w", err)
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

// imageNote is what the audit row adds for a publication printed as
// random images.
func imageNote(image uint64) string {
	if image == 0 {
		return ""
	}
	return fmt.Sprintf(", printed as random images, choice %d", image)
}
