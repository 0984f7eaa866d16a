-- A published set is locked (issue 33): its puzzles, their order and its
-- name cannot change until it is reopened. Reopening stamps the
-- publications that locked it with when and by whom; the publications
-- and their puzzles' records stay as they were (what was printed stays
-- printed). A set is locked while one of its publications has no stamp.

-- +goose Up
ALTER TABLE publications ADD COLUMN reopened INTEGER;  -- unix milliseconds; NULL: it locks its set
ALTER TABLE publications ADD COLUMN reopened_by TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE publications DROP COLUMN reopened_by;
ALTER TABLE publications DROP COLUMN reopened;
