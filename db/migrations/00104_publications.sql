-- Publications (issue 17): a set published in an outlet on a date, as
-- often as it is (the paper, then the web site). Each puzzle's record is
-- a row of puzzle_publications keyed by puzzle id, with the set's name
-- copied into publications: the record outlives the set's later edits and
-- its deletion (set_id is set NULL then), so a puzzle once printed stays
-- known as printed. puzzle_id names a puzzle id without a foreign key, as
-- set_items does.
--
-- set_items_puzzle serves "which sets hold this puzzle" (the puzzle page,
-- the reuse check) and the in_set filters' probes per row.

-- +goose Up
CREATE TABLE publications (
    id       INTEGER PRIMARY KEY,
    set_id   INTEGER,                   -- NULL once the set is deleted
    set_name TEXT    NOT NULL,          -- the set's name when published
    outlet   TEXT    NOT NULL,
    date     TEXT    NOT NULL,          -- YYYY-MM-DD
    at       INTEGER NOT NULL,          -- unix milliseconds of the record
    actor    TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX publications_set ON publications(set_id) WHERE set_id IS NOT NULL;
CREATE INDEX publications_outlet ON publications(outlet, id);

CREATE TABLE puzzle_publications (
    puzzle_id      INTEGER NOT NULL,
    publication_id INTEGER NOT NULL REFERENCES publications(id),
    pos            INTEGER NOT NULL,    -- the puzzle's position in the set then
    PRIMARY KEY (puzzle_id, publication_id)
) WITHOUT ROWID;
CREATE INDEX puzzle_publications_pub ON puzzle_publications(publication_id, puzzle_id);

CREATE INDEX set_items_puzzle ON set_items(puzzle_id, set_id);

-- +goose Down
DROP INDEX set_items_puzzle;
DROP TABLE puzzle_publications;
DROP TABLE publications;
