-- Distinct puzzles (issue 33): a generator run skips a candidate near a
-- stored puzzle, one whose solution is the same up to the kind's
-- symmetries (engine.Resembler's SolutionKey; docs/LIBRARY.md, "Distinct
-- puzzles"). An import with SolutionKeys (a generator run's) stores the
-- key of each new unique puzzle of a kind that has one; DB.KnownSolution
-- looks it up by (kind, key). Other puzzles have no key (not filled).

-- +goose Up
CREATE TABLE solution_keys (
	kind TEXT NOT NULL,
	key TEXT NOT NULL,
	puzzle_id INTEGER NOT NULL REFERENCES puzzles(id) ON DELETE CASCADE,
	PRIMARY KEY (kind, key, puzzle_id)
) WITHOUT ROWID;

-- +goose Down
DROP TABLE solution_keys;
